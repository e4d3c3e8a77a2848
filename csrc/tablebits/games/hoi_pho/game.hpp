// Hội Phố rules over the bitpacked State (spec: shared/rules/hoi_pho.md; turn procedure, chance
// procedure and extra dict fields: docs/games/hoi_pho.md; executable reference:
// tests/reference/hoi_pho.py, which this file follows step by step).
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "../../core/bits.hpp"
#include "../../core/game.hpp"
#include "../../core/rng.hpp"
#include "params.hpp"
#include "state.hpp"

namespace tb::hoi_pho {

inline constexpr uint16_t kAllMerchants = 0xFFFE;  // bits 1..15
inline constexpr int kTargetBase = 16;             // 16..20: seat 0..4
inline constexpr int kRock = 21, kPaper = 22, kScissors = 23;

constexpr uint16_t bit(int card) { return static_cast<uint16_t>(1u << card); }
constexpr int highest(uint16_t mask) { return 15 - std::countl_zero(static_cast<uint16_t>(mask)); }

struct HoiPho {
  using State = hoi_pho::State;
  using Params = hoi_pho::Params;

  static constexpr std::string_view kId = "hoi_pho";
  static constexpr uint8_t kTag = 1;
  static constexpr uint8_t kStateVersion = 2;
  static constexpr int kNumActions = 24;

  static int num_players(const Params& p) { return p.players; }

  // ------------------------------------------------------------------ small queries
  static int taken(const State& s) {
    int t = 0;
    for (int q = 0; q < kMaxPlayers; ++q) t += std::popcount(s.contracts[q]);
    return t;
  }
  static bool has_cards(const State& s, int q) { return s.hand[q] != 0 || s.ships[q] != 0; }
  static uint16_t table_all(const State& s, int n) {
    uint16_t m = 0;
    for (int q = 0; q < n; ++q) m |= s.table[q];
    return m;
  }
  // Merchants an opponent of p played this turn, still on the table.
  static uint16_t takeable(const State& s, int n, int p) {
    uint16_t m = 0;
    for (int q = 0; q < n; ++q)
      if (q != p) m |= s.table[q];
    return m & kAllMerchants;
  }
  static uint16_t goat_pool(const State& s, int n) {
    return static_cast<uint16_t>((table_all(s, n) | s.previous) & kAllMerchants & ~(bit(11) | bit(13)));
  }
  static int owner_of(const State& s, int n, int card) {
    for (int q = 0; q < n; ++q)
      if (s.table[q] & bit(card)) return q;
    return 0;
  }
  static bool discards_present(const State& s, int n) { return n == 3 && s.phase != kDiscard; }
  // Merchants played in an earlier turn of this round (before the previous one): in no hand and
  // no other field. Public under perfect recall, though no dict field lists them.
  static uint16_t played_earlier(const State& s, int n) {
    uint16_t m = s.previous | s.removed | table_all(s, n);
    for (int q = 0; q < n; ++q) m |= s.hand[q];
    if (discards_present(s, n))
      for (int q = 0; q < n; ++q) m |= bit(s.discards[q]);
    return kAllMerchants & static_cast<uint16_t>(~m);
  }
  // This turn's ship of q on the table plus q's discarded ship (3 players): the part of
  // ships_played[q] that the other fields still show.
  static int ships_visible(const State& s, int n, int q) {
    return (s.table[q] & 1) + (discards_present(s, n) && q < 3 && s.discards[q] == 0 ? 1 : 0);
  }

  // ------------------------------------------------------------------ node kinds
  static int current_player(const State& s, const Params&) {
    switch (s.phase) {
      case kOver: return kTerminal;
      case kDiscard: case kPlay: case kRps: return kSimultaneous;
      default: return s.skill_player;
    }
  }

  static ActionMask legal_mask(const State& s, const Params& P, int player) {
    const int n = P.players;
    if (player < 0 || player >= n) return 0;
    switch (s.phase) {
      case kDiscard:
      case kPlay: {
        const ActionMask m = ActionMask{s.hand[player]} | (s.ships[player] ? 1u : 0u);
        if (s.phase == kPlay && s.forced && (s.hand[player] & bit(s.forced))) return ActionMask{1} << s.forced;
        return m;
      }
      case kRps:
        if (player != s.skill_player && player != s.target) return 0;
        return ActionMask{7} << kRock;
      case kOver:
        return 0;
      default:
        break;
    }
    if (player != s.skill_player) return 0;
    switch (s.phase) {
      case kTarget: {
        const ActionMask seats = ((ActionMask{1} << n) - 1) & ~(ActionMask{1} << player);
        return seats << kTargetBase;
      }
      case kName: return ActionMask{kAllMerchants} & ~(ActionMask{1} << s.top);
      case kNagaPlay: return s.hand[player];
      case kNagaTake: return takeable(s, n, player);
      case kCopy: return goat_pool(s, n);
      default: return 0;
    }
  }

  // ------------------------------------------------------------------ round flow
  static void init(State& s, const Params& P, uint64_t seed) {
    s = State{};
    s.rng.state = seed;
    for (int q = 0; q < P.players; ++q) s.coins[q] = 5;
    s.round = 1;
    s.skill_player = s.target = kNone;
    start_round(s, P);
  }

  static void start_round(State& s, const Params& P) {
    const int n = P.players;
    const uint16_t top = P.contracts[taken(s)];
    for (int q = 0; q < n; ++q)
      if (s.coins[q] > top) s.coins[q] = top;
    s.turn = 1;
    uint8_t cards[20];
    const int spare = 5 - n, count = 20 - n;
    for (int i = 0; i < spare; ++i) cards[i] = 0;
    for (int c = 1; c <= 15; ++c) cards[spare + c - 1] = static_cast<uint8_t>(c);
    s.rng.shuffle(cards, count);
    int offset = 0;
    s.removed = 0;
    s.removed_ships = 0;
    if (n == 3) {
      for (int i = 0; i < 2; ++i) {
        if (cards[i]) s.removed |= bit(cards[i]); else ++s.removed_ships;
      }
      offset = 2;
    }
    const int k = dealt_per_player(n);
    for (int q = 0; q < n; ++q) {
      uint16_t h = 0;
      uint8_t sh = 1;  // the player's own ship
      for (int i = 0; i < k; ++i) {
        const uint8_t c = cards[offset + q * k + i];
        if (c) h |= bit(c); else ++sh;
      }
      s.hand[q] = h;
      s.ships[q] = sh;
      s.known[q] = 0;
      s.table[q] = 0;
      s.ships_played[q] = 0;
    }
    s.previous = 0;
    s.discards[0] = s.discards[1] = s.discards[2] = 0;
    s.forced = 0;
    for (int q = 0; q < n; ++q) s.turn_start[q] = s.coins[q];
    if (n == 3) {
      s.phase = kDiscard;
    } else {
      open_play(s, P);
    }
  }

  static void open_play(State& s, const Params& P) {
    const int n = P.players;
    bool any = false;
    for (int q = 0; q < n; ++q) {
      s.turn_start[q] = s.coins[q];
      any = any || has_cards(s, q);
    }
    s.phase = kPlay;
    if (!any) end_turn(s, P);  // only after freak Naga chains
  }

  static void take_contract(State& s, int p) {
    const int t = taken(s);
    if (t < kContracts) s.contracts[p] = static_cast<uint8_t>(s.contracts[p] | (1u << t));
  }

  static bool end_check(State& s, const Params& P) {
    bool over = taken(s) >= kContracts;
    for (int q = 0; q < P.players; ++q) over = over || std::popcount(s.contracts[q]) >= 3;
    if (!over) return false;
    s.phase = kOver;
    s.outcome = kEnded;
    s.depth = s.top = 0;
    s.skill_player = s.target = kNone;
    s.rps_draws = 0;
    return true;
  }

  static int max_card(const State& s, int q) { return s.hand[q] ? highest(s.hand[q]) : 0; }

  static void end_turn(State& s, const Params& P) {
    const int n = P.players;
    s.previous = table_all(s, n) & kAllMerchants;
    for (int q = 0; q < n; ++q) s.table[q] = 0;
    if (s.turn < turns_per_round(n)) {
      ++s.turn;
      open_play(s, P);
      return;
    }
    int most = -1, rich = 0, winner = -1;
    for (int q = 0; q < n; ++q) {
      if (s.coins[q] > most) { most = s.coins[q]; rich = 0; }
      if (s.coins[q] == most) rich |= 1 << q;
    }
    if (std::popcount(static_cast<unsigned>(rich)) == 1) {
      winner = std::countr_zero(static_cast<unsigned>(rich));
    } else {
      int best = 0;
      for (int q = 0; q < n; ++q)
        if ((rich >> q & 1) && max_card(s, q) > best) { best = max_card(s, q); winner = q; }
    }
    if (winner >= 0) take_contract(s, winner);
    if (end_check(s, P)) return;
    if (s.round >= P.max_rounds) {
      s.phase = kOver;
      s.outcome = kTruncated;
      return;
    }
    ++s.round;
    start_round(s, P);
  }

  // ------------------------------------------------------------------ skills
  static bool push(State& s, int skill, int p, Phase phase) {
    ++s.depth;
    s.top = static_cast<uint8_t>(skill);
    s.skill_player = static_cast<uint8_t>(p);
    s.phase = phase;
    return true;
  }
  static void pop(State& s) {
    --s.depth;
    s.top = s.depth ? 6 : 0;
  }
  static void gain(State& s, int q, int amount) { s.coins[q] = static_cast<uint16_t>(s.coins[q] + amount); }
  static void transfer(State& s, int from, int to, int amount) {
    s.coins[from] = static_cast<uint16_t>(s.coins[from] - amount);
    s.coins[to] = static_cast<uint16_t>(s.coins[to] + amount);
  }

  // Starts skill `sk` for player p; true if a decision node is now open.
  static bool resolve(State& s, const Params& P, int sk, int p) {
    const int n = P.players;
    switch (sk) {
      case 1: return push(s, 1, p, kTarget);
      case 2: gain(s, p, 4); break;
      case 3:
        for (int q = 0; q < n; ++q) {
          if (q == p) continue;
          const int want = s.contracts[q] ? 2 : 1;
          transfer(s, q, p, s.coins[q] < want ? s.coins[q] : want);
        }
        break;
      case 4: gain(s, p, 1); return push(s, 4, p, kName);
      case 5: return push(s, 5, p, kName);
      case 6:
        if (s.hand[p] && takeable(s, n, p)) return push(s, 6, p, kNagaPlay);
        break;
      case 7:
        for (int q = 0; q < n; ++q)
          if (s.coins[q] > s.turn_start[q]) s.coins[q] = s.turn_start[q];
        break;
      case 8: case 9: return push(s, sk, p, kTarget);
      case 10: {
        bool poorest = true;
        for (int q = 0; q < n; ++q) {
          if (q == p) continue;
          poorest = poorest && (s.coins[p] < s.coins[q] || (P.sheep_tie && s.coins[p] == s.coins[q]));
        }
        if (poorest) take_contract(s, p);
        end_check(s, P);
        break;
      }
      case 11:
        if (goat_pool(s, n)) return push(s, 11, p, kCopy);
        break;
      case 12:
        take_contract(s, p);
        for (int q = 0; q < n; ++q)
          if (q != p) gain(s, q, 1);
        end_check(s, P);
        break;
      case 14: s.coins[p] = static_cast<uint16_t>(s.coins[p] > 3 ? s.coins[p] - 3 : 0); break;
      case 15:
        gain(s, (p + n - 1) % n, 2);
        gain(s, (p + 1) % n, 2);
        s.coins[p] = static_cast<uint16_t>(s.coins[p] > 4 ? s.coins[p] - 4 : 0);
        break;
      default: break;  // 13: no skill
    }
    return false;
  }

  // After a decision: pending Naga takes, then the end of the turn.
  static void resume(State& s, const Params& P) {
    if (s.phase == kOver) return;
    const int n = P.players;
    while (s.depth) {
      if (takeable(s, n, s.skill_player)) {
        s.phase = kNagaTake;
        return;
      }
      pop(s);
    }
    s.skill_player = kNone;
    end_turn(s, P);
  }

  static void mouse_settle(State& s, const Params& P, int p, int t, int winner) {
    const int loser = winner == p ? t : p;
    transfer(s, loser, winner, s.coins[loser] / 2);
    s.target = kNone;
    s.rps_draws = 0;
    pop(s);
    resume(s, P);
  }

  static void play(State& s, const Params& P, const int* joint) {
    const int n = P.players;
    int ships = 0;
    for (int q = 0; q < n; ++q) {
      const int a = joint[q];
      if (a < 0) continue;
      if (a == 0) {
        --s.ships[q];
        ++s.ships_played[q];
        s.table[q] = 1;
        ++ships;
      } else {
        s.hand[q] &= static_cast<uint16_t>(~bit(a));
        s.known[q] &= static_cast<uint16_t>(~bit(a));
        s.table[q] = bit(a);
      }
    }
    s.forced = 0;
    if (ships == 1 || ships == 2) {
      for (int q = 0; q < n; ++q)
        if (s.table[q] & 1) gain(s, q, ships == 1 ? 5 : 1);
    }
    const uint16_t played = table_all(s, n) & kAllMerchants;
    if (!played) {
      end_turn(s, P);
      return;
    }
    uint16_t zeroed = 0;
    if (played & bit(1)) zeroed |= bit(15);
    if (played & bit(2)) zeroed |= bit(12);
    if (played & bit(5)) zeroed |= bit(14);
    if (played & (bit(14) | bit(15))) zeroed |= bit(13);
    zeroed &= played;
    const uint16_t live = played & static_cast<uint16_t>(~zeroed);
    const int high = highest(live);
    uint16_t low;
    if (std::popcount(played) == 1) {
      low = played;
    } else if (zeroed) {
      low = zeroed;
    } else {
      low = static_cast<uint16_t>(live & (0u - live));
    }
    gain(s, owner_of(s, n, high), kFirst[high]);
    const uint16_t rest = played & static_cast<uint16_t>(~(bit(high) | low));
    if (rest) {
      const int second = highest(rest);
      gain(s, owner_of(s, n, second), kSecond[second]);
    }
    // Only a one-card L can open a decision (note), so the loop never resumes mid-way.
    while (low) {
      const int c = std::countr_zero(low);
      low &= static_cast<uint16_t>(low - 1);
      if (resolve(s, P, c, owner_of(s, n, c))) return;
      if (s.phase == kOver) return;
    }
    end_turn(s, P);
  }

  // ------------------------------------------------------------------ apply
  static void apply(State& s, const Params& P, int a) {
    const int n = P.players;
    const int p = s.skill_player;
    switch (s.phase) {
      case kTarget: {
        const int t = a - kTargetBase;
        if (s.top == 8) {
          transfer(s, t, p, s.coins[t] / 2);
        } else if (s.top == 9) {
          const uint16_t tmp = s.coins[p];
          s.coins[p] = s.coins[t];
          s.coins[t] = tmp;
        } else if (P.rps_chance) {
          const uint32_t w = s.rng.uniform(2);
          mouse_settle(s, P, p, t, w == 0 ? p : t);
          return;
        } else {
          s.target = static_cast<uint8_t>(t);
          s.rps_draws = 0;
          s.phase = kRps;
          return;
        }
        pop(s);
        resume(s, P);
        return;
      }
      case kName: {
        const int sk = s.top;
        pop(s);
        if (sk == 4) {
          if (s.turn < turns_per_round(n)) s.forced = static_cast<uint8_t>(a);
        } else {
          for (int q = 0; q < n; ++q) {
            if (q != p && (s.hand[q] & bit(a))) {
              transfer(s, q, p, s.coins[q] < 3 ? s.coins[q] : 3);
              s.known[q] |= bit(a);
            }
          }
        }
        resume(s, P);
        return;
      }
      case kNagaPlay:
        s.hand[p] &= static_cast<uint16_t>(~bit(a));
        s.known[p] &= static_cast<uint16_t>(~bit(a));
        s.table[p] |= bit(a);
        if (!resolve(s, P, a, p)) resume(s, P);
        return;
      case kNagaTake: {
        pop(s);
        const int o = owner_of(s, n, a);
        s.table[o] &= static_cast<uint16_t>(~bit(a));
        s.hand[p] |= bit(a);
        s.known[p] |= bit(a);
        resume(s, P);
        return;
      }
      case kCopy:
        pop(s);
        if (!resolve(s, P, a, p)) resume(s, P);
        return;
      default:
        return;
    }
  }

  static void apply_joint(State& s, const Params& P, const int* joint) {
    const int n = P.players;
    if (s.phase == kDiscard) {  // 3 players only
      for (int q = 0; q < 3 && q < n; ++q) {
        const int a = joint[q];
        s.discards[q] = static_cast<uint8_t>(a);
        if (a == 0) {
          --s.ships[q];
          ++s.ships_played[q];
        } else {
          s.hand[q] &= static_cast<uint16_t>(~bit(a));
        }
      }
      open_play(s, P);
    } else if (s.phase == kPlay) {
      play(s, P, joint);
    } else if (s.phase == kRps) {
      const int p = s.skill_player, t = s.target;
      const int mine = joint[p], theirs = joint[t];
      int winner;
      if (mine == theirs) {
        if (++s.rps_draws < 10) return;
        winner = s.rng.uniform(2) == 0 ? p : t;
      } else {
        winner = ((mine - theirs + 3) % 3 == 1) ? p : t;
      }
      mouse_settle(s, P, p, t, winner);
    }
  }

  // ------------------------------------------------------------------ results
  static void scores(const State& s, const Params& P, float* out) {
    for (int q = 0; q < P.players; ++q) out[q] = static_cast<float>(std::popcount(s.contracts[q]));
  }

  static int64_t contract_sum(const State& s, const Params& P, int q) {
    int64_t sum = 0;
    for (int i = 0; i < kContracts; ++i)
      if (s.contracts[q] >> i & 1) sum += P.contracts[i];
    return sum;
  }

  static void returns(const State& s, const Params& P, float* out) {
    const int n = P.players;
    for (int q = 0; q < n; ++q) out[q] = 0.0f;
    if (s.outcome == kNoOutcome) return;
    if (s.outcome == kTruncated) {
      for (int q = 0; q < n; ++q) out[q] = 1.0f / static_cast<float>(n);
      return;
    }
    int64_t key[kMaxPlayers];
    int64_t best = -1;
    for (int q = 0; q < n; ++q) {
      key[q] = (static_cast<int64_t>(std::popcount(s.contracts[q])) << 40) |
               (contract_sum(s, P, q) << 8) | max_card(s, q);
      if (key[q] > best) best = key[q];
    }
    int winners = 0;
    for (int q = 0; q < n; ++q) winners += key[q] == best;
    for (int q = 0; q < n; ++q) out[q] = key[q] == best ? 1.0f / static_cast<float>(winners) : 0.0f;
  }

  static void resample(State& s, const Params& P, int player, uint64_t seed);

  static int observation_size(const Params&);
  static void observe(const State& s, const Params& p, int player, float* out);
  static std::string observation_string(const State& s, const Params& p, int player);
  static std::string to_string(const State& s, const Params& p);
  static std::string action_to_string(const State& s, const Params& p, int player, int action);
  static const char* validate(const State& s, const Params& p);
};

}  // namespace tb::hoi_pho

#include "observation.hpp"
#include "resample.hpp"
#include "validate.hpp"
#ifdef TABLEBITS_PYBIND11
#include "pydict.hpp"
#endif
