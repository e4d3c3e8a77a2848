// Good Fortune rules over the bitpacked State (rules: docs/games/good_fortune.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "../../core/bits.hpp"
#include "../../core/game.hpp"
#include "../../core/rng.hpp"
#include "params.hpp"
#include "scoring.hpp"
#include "state.hpp"

namespace tb::good_fortune {

inline constexpr int kPlaceBase = 21;   // 21 + 2 * end + k
inline constexpr uint32_t kAllTiles = (1u << kTiles) - 1;

struct GoodFortune {
  using State = good_fortune::State;
  using Params = good_fortune::Params;
  static constexpr const auto& kParamSpecs = good_fortune::kParamSpecs;
  static constexpr const auto& kExampleParams = good_fortune::kExampleParams;

  static constexpr std::string_view kId = "good_fortune";
  static constexpr uint8_t kTag = 3;
  static constexpr uint8_t kStateVersion = 1;
  static constexpr int kNumActions = 25;

  static constexpr int num_players(const Params&) { return 2; }

  // The deal is drawn at init. Win shares sum to 1. The standard variant is sequential with
  // perfect information; the guess variant selects simultaneously, then places in turn.
  static constexpr GameInfo kInfo{Dynamics::kSequential, Chance::kDeterministic, Information::kPerfect,
                                  Utility::kConstantSum, 1.0f, 0.0f, 1.0f, /*can_truncate=*/false};
  static constexpr GameInfo info(const Params& p) {
    GameInfo i = kInfo;
    if (p.variant == Variant::kGuess) {
      i.dynamics = Dynamics::kMixed;
      i.information = Information::kImperfect;
    }
    return i;
  }
  // Every round selects two tiles (two steps, or one joint step in the guess variant) and places
  // them (two steps); the game has kRounds rounds, always.
  static int max_game_length(const Params& p) { return kRounds * (p.variant == Variant::kGuess ? 3 : 4); }
  static bool is_truncated(const State&, const Params&) { return false; }

  static void init(State& s, const Params& p, uint64_t seed) {
    Rng rng{seed};
    const int first = static_cast<int>(rng.uniform(2));
    uint8_t deal[kTiles - 2];
    for (int i = 0; i < kTiles - 2; ++i) deal[i] = static_cast<uint8_t>(i + 1);  // tiles 2..20
    rng.shuffle(deal, kTiles - 2);
    s = State{};
    s.rack[first] = 1u << 0;
    s.rack[1 - first] = 1u << (kTiles - 1);
    for (int i = 0; i < 8; ++i) {
      s.rack[first] |= 1u << deal[i];
      s.rack[1 - first] |= 1u << deal[8 + i];
    }
    for (int i = 0; i < kLineSize; ++i) {
      const bool flip = p.connection == Connection::kDomino && rng.uniform(2) == 1;
      s.line[i] = static_cast<uint8_t>(deal[16 + i] | (flip ? kFlipped : 0));
    }
    s.selected[0] = s.selected[1] = kNoTile;
    s.round = 1;
    s.phase = kSelect;
    s.holder = static_cast<uint8_t>(first);
  }

  // The token shows `small` on odd rounds; the token step after round 9 flips it once more.
  static bool small_face(const State& s) { return (s.round & 1) != (s.phase == kOver); }

  // The player who places next: with both tiles selected the token face decides, else the one
  // still holding a selected tile.
  static int placer(const State& s) {
    if (s.selected[0] == kNoTile) return 1;
    if (s.selected[1] == kNoTile) return 0;
    const bool zero_lower = s.selected[0] < s.selected[1];
    return (zero_lower == small_face(s)) ? 0 : 1;
  }

  // Turn order (core/drivers.hpp starting_seat): the player who got tile 1 and the token selects
  // first in round 1 (standard) and holds the token (guess, where selection is simultaneous).
  static int first_seat(const State& s, const Params&) { return s.holder; }

  static int current_player(const State& s, const Params& p) {
    switch (s.phase) {
      case kSelect:
        if (p.variant == Variant::kGuess) return kSimultaneous;
        return s.selected[s.holder] == kNoTile ? s.holder : 1 - s.holder;
      case kPlace:
        return placer(s);
      default:
        return kTerminal;
    }
  }

  static int tile_of(uint8_t entry) { return entry & kTileBits; }
  static int left_charm(uint8_t entry, const Params& p) {
    const Tile& t = p.tiles[tile_of(entry)];
    return (entry & kFlipped) ? t.charm_b : t.charm_a;
  }
  static int right_charm(uint8_t entry, const Params& p) {
    const Tile& t = p.tiles[tile_of(entry)];
    return (entry & kFlipped) ? t.charm_a : t.charm_b;
  }

  // The tiles in no other place: discarded from the line.
  static uint32_t discarded(const State& s) {
    uint32_t placed = s.rack[0] | s.rack[1] | s.collection[0] | s.collection[1];
    for (uint8_t e : s.line) placed |= 1u << tile_of(e);
    for (uint8_t t : s.selected) placed |= t == kNoTile ? 0u : 1u << t;
    return kAllTiles & ~placed;
  }

  static constexpr ActionMask place_bit(int end, int k) { return ActionMask{1} << (kPlaceBase + 2 * end + k); }

  // The place actions of `tile` that connect. Domino: the facing charm (k = 0: charm_a) equals
  // the exposed charm at that end. Shared: the tile shares a charm with the end tile.
  static ActionMask connecting(const State& s, const Params& p, int tile) {
    const Tile& t = p.tiles[tile];
    if (p.connection == Connection::kDomino) {
      const int left = left_charm(s.line[0], p), right = right_charm(s.line[2], p);
      return (t.charm_a == left ? place_bit(0, 0) : 0) | (t.charm_b == left ? place_bit(0, 1) : 0) |
             (t.charm_a == right ? place_bit(1, 0) : 0) | (t.charm_b == right ? place_bit(1, 1) : 0);
    }
    auto charms = [&](int x) { return (1u << p.tiles[x].charm_a) | (1u << p.tiles[x].charm_b); };
    const uint32_t mine = charms(tile);
    return ((mine & charms(tile_of(s.line[0]))) ? place_bit(0, 0) : 0) |
           ((mine & charms(tile_of(s.line[2]))) ? place_bit(1, 0) : 0);
  }

  static ActionMask place_mask(const State& s, const Params& p, int tile) {
    const ActionMask any = p.connection == Connection::kDomino
                               ? place_bit(0, 0) | place_bit(0, 1) | place_bit(1, 0) | place_bit(1, 1)
                               : place_bit(0, 0) | place_bit(1, 0);
    if (!p.must_connect) return any;
    const ActionMask connects = connecting(s, p, tile);
    return connects ? connects : any;
  }

  static ActionMask legal_mask(const State& s, const Params& p, int player) {
    if (player < 0 || player > 1) return 0;
    switch (s.phase) {
      case kSelect: {
        const int cur = current_player(s, p);
        return (cur == kSimultaneous || cur == player) ? ActionMask{s.rack[player]} : 0;
      }
      case kPlace:
        return placer(s) == player ? place_mask(s, p, s.selected[player]) : 0;
      default:
        return 0;
    }
  }

  static void select(State& s, int player, int tile) {
    s.selected[player] = static_cast<uint8_t>(tile);
    s.rack[player] &= ~(1u << tile);
  }

  static void place(State& s, const Params& p, int action) {
    const int player = placer(s);
    const int tile = s.selected[player];
    const int end = (action - kPlaceBase) >> 1;
    const int k = (action - kPlaceBase) & 1;
    const bool connected = (connecting(s, p, tile) >> action) & 1;
    // Domino: the facing charm is the new tile's right charm at L and its left charm at R.
    const bool flipped = p.connection == Connection::kDomino && ((end == 0) == (k == 0));
    const uint8_t entry = static_cast<uint8_t>(tile | (flipped ? kFlipped : 0));
    uint8_t removed;
    if (end == 0) {
      removed = s.line[2];
      s.line[2] = s.line[1];
      s.line[1] = s.line[0];
      s.line[0] = entry;
    } else {
      removed = s.line[0];
      s.line[0] = s.line[1];
      s.line[1] = s.line[2];
      s.line[2] = entry;
    }
    if (connected) s.collection[player] |= 1u << tile_of(removed);
    s.selected[player] = kNoTile;
    if (s.selected[1 - player] != kNoTile) return;
    if (p.variant == Variant::kStandard) s.holder ^= 1;  // the guess variant only flips it
    if (s.round == kRounds) {
      s.phase = kOver;
    } else {
      ++s.round;
      s.phase = kSelect;
    }
  }

  static void apply(State& s, const Params& p, int action) {
    if (s.phase == kPlace) {
      place(s, p, action);
      return;
    }
    select(s, current_player(s, p), action);
    if (s.selected[0] != kNoTile && s.selected[1] != kNoTile) s.phase = kPlace;
  }

  static void apply_joint(State& s, const Params&, const int* joint) {
    select(s, 0, joint[0]);
    select(s, 1, joint[1]);
    s.phase = kPlace;
  }

  static void scores(const State& s, const Params& p, float* out) {
    out[0] = static_cast<float>(best_score(s.collection[0], p));
    out[1] = static_cast<float>(best_score(s.collection[1], p));
  }

  static void outcome(const State& s, const Params& p, float* returns, float* score) {
    scores(s, p, score);
    returns[0] = returns[1] = 0.0f;
    if (s.phase != kOver) return;
    returns[0] = score[0] > score[1] ? 1.0f : score[0] < score[1] ? 0.0f : 0.5f;
    returns[1] = 1.0f - returns[0];
  }

  static void returns(const State& s, const Params& p, float* out) {
    float sc[2];
    outcome(s, p, out, sc);
  }

  // The exact solver (core/solver.hpp) applies to the standard variant: sequential, perfect
  // information, no chance after setup.
  static bool solvable(const Params& p) { return p.variant == Variant::kStandard; }
  static int margin(const State& s, const Params& p) {
    return best_score(s.collection[0], p) - best_score(s.collection[1], p);
  }
  // Connecting placements collect a tile: usually the strongest moves, so searched first.
  static ActionMask promising(const State& s, const Params& p) {
    return s.phase == kPlace ? connecting(s, p, s.selected[placer(s)]) : 0;
  }

  // The concept's members this folder's other files define (core/game.hpp).
  TABLEBITS_GAME_FILE_MEMBERS();
};

}  // namespace tb::good_fortune

#include "observation.hpp"
#include "strings.hpp"
#include "resample.hpp"
#include "schema.hpp"
#include "validate.hpp"
