// Color Mafia rules over the State (rules and project decisions: docs/games/color_mafia.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "../../core/bits.hpp"
#include "../../core/game.hpp"
#include "../../core/rng.hpp"
#include "params.hpp"
#include "state.hpp"

namespace tb::color_mafia {

enum Resolution { kSkip, kEnd, kAct };

struct ColorMafia {
  using State = color_mafia::State;
  using Params = color_mafia::Params;
  static constexpr const auto& kParamSpecs = color_mafia::kParamSpecs;
  static constexpr const auto& kExampleParams = color_mafia::kExampleParams;

  static constexpr std::string_view kId = "color_mafia";
  static constexpr uint8_t kTag = 4;
  static constexpr uint8_t kStateVersion = 1;
  static constexpr int kNumActions = kActions;

  static constexpr int num_players(const Params& p) { return p.players; }

  // The parent is drawn at init; apply draws nothing. Win shares sum to 1 (1/N each when
  // truncated). Only the simultaneous coin choice is hidden.
  static constexpr GameInfo kInfo{Dynamics::kMixed, Chance::kDeterministic, Information::kImperfect,
                                  Utility::kConstantSum, 1.0f, 0.0f, 1.0f, /*can_truncate=*/true};
  // A round is one coin choice and at most one chip move per player; max_rounds caps the rounds.
  static int max_game_length(const Params& p) { return p.max_rounds * (1 + p.players); }
  static bool is_truncated(const State& s, const Params&) { return s.outcome == kTruncated; }

  static constexpr uint16_t kStartCoins = 01111 | (1u << 12);  // one coin of each colour

  static void init(State& s, const Params& p, uint64_t seed) {
    s = State{};
    s.rng.state = seed;
    s.parent = static_cast<uint8_t>(s.rng.uniform(p.players));  // the only chance event
    s.round = 1;
    s.phase = kChoose;
    s.acting = kNone;
    s.outcome = kNoOutcome;
    for (int c = 0; c < kChipColors; ++c) s.box[c] = p.chips_per_color;
    for (int pl = 0; pl < kMaxSeats; ++pl) {
      s.coins[pl] = pl < p.players ? kStartCoins : 0;
      s.revealed[pl] = kNone;
    }
  }

  // Turn order (core/drivers.hpp starting_seat): the first parent resolves first, then clockwise.
  static int first_seat(const State& s, const Params&) { return s.parent; }

  static int current_player(const State& s, const Params&) {
    switch (s.phase) {
      case kChoose: return kSimultaneous;
      case kResolve: return s.acting;
      default: return kTerminal;
    }
  }

  static int box_total(const State& s) { return s.box[0] + s.box[1] + s.box[2] + s.box[3]; }
  static int held_total(const State& s, int pl) {
    return s.chips[pl][0] + s.chips[pl][1] + s.chips[pl][2] + s.chips[pl][3];
  }

  // Spec 3.2: collides if at least one other player chose the same colour.
  static bool collided(const State& s, const Params& p, int pl) {
    const uint8_t coin = s.revealed[pl];
    for (int q = 0; q < p.players; ++q) {
      if (q != pl && s.revealed[q] == coin) return true;
    }
    return false;
  }

  static Resolution resolution(const State& s, const Params& p, int pl) {
    if (collided(s, p, pl)) {
      return (pl == s.parent || held_total(s, pl) == 0) ? kSkip : kAct;
    }
    const int limit = s.revealed[pl] == kWhite ? 2 : 1;  // end check first
    return box_total(s) <= limit ? kEnd : kAct;
  }

  static int pool_index(const uint8_t* pool) {
    int idx = 0;
    for (int c = 0; c < kChipColors; ++c) idx |= (pool[c] < 3 ? pool[c] : 3) << (2 * c);
    return idx;
  }

  // The legal chip multisets of the acting player (spec 3.3; docs "Chip actions").
  static ActionMask chip_mask(const State& s, const Params& p, int pl) {
    const int coin = s.revealed[pl];
    const bool white = coin == kWhite;
    const uint8_t* pool;
    ActionMask sizes;
    if (collided(s, p, pl)) {  // return from the holding
      pool = s.chips[pl];
      sizes = white ? (held_total(s, pl) >= 2 ? kSizeMask[2] | kSizeMask[3] : kSizeMask[1])
                    : kSizeMask[1] | kSizeMask[2];
    } else {  // take from the box, never emptying it (|M| <= T - 1)
      pool = s.box;
      const int cap = box_total(s) - 1;
      sizes = white ? kSizeMask[2] | (cap >= 3 ? kSizeMask[3] : 0)
                    : kSizeMask[1] | (cap >= 2 ? kSizeMask[2] : 0);
    }
    ActionMask m = kContainedMask[pool_index(pool)] & sizes;
    if (!white && pool[coin] >= 1) m &= kMonoMask[coin];  // colours are strict
    return m;
  }

  static ActionMask legal_mask(const State& s, const Params& p, int player) {
    if (player < 0 || player >= p.players) return 0;
    switch (s.phase) {
      case kChoose: {
        ActionMask m = 0;
        for (int c = 0; c < kCoinColors; ++c) {
          if (coin_count(s.coins[player], c)) m |= ActionMask{1} << c;
        }
        return m;
      }
      case kResolve:
        return player == s.acting ? chip_mask(s, p, player) : 0;
      default:
        return 0;
    }
  }

  static void finish_round(State& s, const Params& p) {
    const int n = p.players;
    uint16_t given[kMaxSeats];
    for (int pl = 0; pl < n; ++pl) given[pl] = static_cast<uint16_t>(1u << (kCoinBits * s.revealed[pl]));
    for (int pl = 0; pl < n; ++pl) {
      s.coins[pl] = static_cast<uint16_t>(s.coins[pl] - given[pl] + given[pl == 0 ? n - 1 : pl - 1]);
      s.revealed[pl] = kNone;
    }
    s.parent = static_cast<uint8_t>(s.parent + 1 == n ? 0 : s.parent + 1);
    s.acting = kNone;
    if (s.round == p.max_rounds) {
      s.phase = kOver;
      s.outcome = kTruncated;
    } else {
      ++s.round;
      s.phase = kChoose;
    }
  }

  // Walks the resolution order from position `start` (0 = parent) to the next decision.
  static void advance(State& s, const Params& p, int start) {
    const int n = p.players;
    for (int pos = start; pos < n; ++pos) {
      int pl = s.parent + pos;
      if (pl >= n) pl -= n;
      switch (resolution(s, p, pl)) {
        case kEnd:  // the game ends now; nobody passes coins
          s.phase = kOver;
          s.outcome = kEnded;
          s.acting = kNone;
          for (uint8_t& r : s.revealed) r = kNone;
          return;
        case kAct:
          s.acting = static_cast<uint8_t>(pl);
          return;
        default:
          break;
      }
    }
    finish_round(s, p);
  }

  static void apply(State& s, const Params& p, int action) {
    const int pl = s.acting;
    const Multiset& m = kMultisetTable[action - kChipBase];
    uint8_t* src = s.box;
    uint8_t* dst = s.chips[pl];
    if (collided(s, p, pl)) {  // a collided player returns chips to the box
      src = s.chips[pl];
      dst = s.box;
    }
    for (int c = 0; c < kChipColors; ++c) {
      src[c] = static_cast<uint8_t>(src[c] - m.count[c]);
      dst[c] = static_cast<uint8_t>(dst[c] + m.count[c]);
    }
    advance(s, p, position(s, p, pl) + 1);
  }

  // `pl`'s place in the round's resolution order, which starts at the parent (0).
  static int position(const State& s, const Params& p, int pl) {
    const int pos = pl - s.parent;
    return pos < 0 ? pos + p.players : pos;
  }

  static void apply_joint(State& s, const Params& p, const int* joint) {
    for (int pl = 0; pl < p.players; ++pl) s.revealed[pl] = static_cast<uint8_t>(joint[pl]);
    s.phase = kResolve;
    advance(s, p, 0);
  }

  // Per player: eliminated flag (ended games only) and points.
  static uint32_t unfashionable(const State& s) {
    if (s.outcome != kEnded) return 0;
    return (s.box[0] ? 1u : 0u) | (s.box[1] ? 2u : 0u) | (s.box[2] ? 4u : 0u) | (s.box[3] ? 8u : 0u);
  }

  static uint32_t eliminated(const State& s, const Params& p, uint32_t u) {
    int count[kMaxSeats] = {}, top = 0;
    for (int pl = 0; pl < p.players; ++pl) {
      for (int c = 0; c < kChipColors; ++c) count[pl] += (u >> c & 1) ? s.chips[pl][c] : 0;
      if (count[pl] > top) top = count[pl];
    }
    uint32_t out = 0;
    if (top == 0) return out;
    for (int pl = 0; pl < p.players; ++pl) out |= (count[pl] == top ? 1u : 0u) << pl;
    return out;
  }

  static int points(const State& s, int pl, uint32_t u) {
    const uint8_t* h = s.chips[pl];
    int pts = 0, sets = h[0];
    for (int c = 0; c < kChipColors; ++c) {
      pts += ((u >> c & 1) ? 1 : 2) * h[c];
      if (h[c] < sets) sets = h[c];
    }
    return pts + 5 * sets;
  }

  // Returns and scores in one pass (tb::final_outcome uses this).
  static void outcome(const State& s, const Params& p, float* ret, float* score) {
    const int n = p.players;
    for (int pl = 0; pl < n; ++pl) ret[pl] = score[pl] = 0.0f;
    if (s.phase != kOver) return;
    const uint32_t u = unfashionable(s);
    const uint32_t out_of_game = eliminated(s, p, u);
    int best = -1;
    uint32_t winners = 0;
    for (int pl = 0; pl < n; ++pl) {
      if (out_of_game >> pl & 1) continue;
      const int pts = points(s, pl, u);
      score[pl] = static_cast<float>(pts);
      if (pts > best) {
        best = pts;
        winners = 0;
      }
      if (pts == best) winners |= 1u << pl;
    }
    // Truncated: everybody shares; ended with everybody eliminated: everybody shares.
    if (s.outcome == kTruncated || !winners) winners = (1u << n) - 1;
    const float share = 1.0f / static_cast<float>(popcount(winners));
    for_each_bit(winners, [&](int pl) { ret[pl] = share; });
  }

  static void scores(const State& s, const Params& p, float* out) {
    float ret[kMaxSeats];
    outcome(s, p, ret, out);
  }

  static void returns(const State& s, const Params& p, float* out) {
    float score[kMaxSeats];
    outcome(s, p, out, score);
  }

  // The concept's members this folder's other files define (core/game.hpp).
  TABLEBITS_GAME_FILE_MEMBERS();
};

}  // namespace tb::color_mafia

#include "observation.hpp"
#include "strings.hpp"
#include "resample.hpp"
#include "schema.hpp"
#include "validate.hpp"
