// The Fox in the Forest Duet rules over the bitpacked State (spec: shared/rules/fox_duet.md;
// project decisions and chance procedure: docs/games/fox_duet.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "../../core/bits.hpp"
#include "../../core/game.hpp"
#include "../../core/rng.hpp"
#include "params.hpp"
#include "state.hpp"

namespace tb::fox_duet {

// Action ids.
inline constexpr int kKeep = 30;
inline constexpr int kTarget0 = 31;
inline constexpr int kIgnoreNone = 33;
inline constexpr int kIgnoreBoth = 36;
inline constexpr int kForward = 37;
inline constexpr int kReverse = 38;
inline constexpr int kForestMinus = 39;
inline constexpr int kForestPlus = 40;

// Ranks with abilities.
inline constexpr int kRankMusician = 1;
inline constexpr int kRankFox = 3;
inline constexpr int kRankGazelle = 5;
inline constexpr int kRankGift = 7;
inline constexpr int kRankHeir = 9;

inline constexpr uint32_t kAllCards = (1u << kCards) - 1;
inline constexpr uint32_t kSuitMask = (1u << 10) - 1;  // shifted by 10 x suit
// Footprints by rank (index rank - 1).
inline constexpr uint8_t kFootprints[10] = {0, 3, 2, 1, 1, 2, 0, 2, 0, 3};

constexpr int suit_of(int card) { return card / 10; }
constexpr int rank_of(int card) { return card % 10 + 1; }
constexpr int footprints(int card) { return kFootprints[card % 10]; }
constexpr uint32_t suit_cards(int suit) { return kSuitMask << (10 * suit); }
constexpr uint32_t bit(int card) { return 1u << card; }

struct FoxDuet {
  using State = fox_duet::State;
  using Params = fox_duet::Params;

  static constexpr std::string_view kId = "fox_duet";
  static constexpr uint8_t kTag = 2;
  static constexpr uint8_t kStateVersion = 1;
  static constexpr int kNumActions = 41;

  static int num_players(const Params&) { return 2; }

  static int forest_supply(const State& s) { return kTotalForest - s.covered[0] - s.covered[1]; }

  static void deal(State& s) {
    uint8_t cards[kCards];
    for (int i = 0; i < kCards; ++i) cards[i] = static_cast<uint8_t>(i);
    s.rng.shuffle(cards, kCards);
    s.hand[0] = s.hand[1] = 0;
    for (int i = 0; i < kHandSize; ++i) {
      s.hand[0] |= bit(cards[i]);
      s.hand[1] |= bit(cards[kHandSize + i]);
    }
    s.decree = cards[2 * kHandSize];
    s.leader = static_cast<uint8_t>(1 - s.dealer);
    s.trick = 1;
    s.phase = kLead;
    s.lead = s.follow = kNoCard;
    s.played = 0;
    s.known[0] = s.known[1] = 0;
    s.voids[0] = s.voids[1] = 0;
    s.fox_target = kUnset;
    s.ignore = kUnset;
  }

  static void init(State& s, const Params& p, uint64_t seed) {
    s = State{};
    s.rng.state = seed;
    s.dealer = static_cast<uint8_t>(s.rng.uniform(2));
    for (int i = 0; i < kMaxSpaces; ++i) s.gems[i] = i < p.n ? p.gems[i] : 0;
    s.gem_supply = static_cast<uint8_t>(kTotalGems - p.start_gems);
    s.round = 1;
    s.tracker = 0;
    s.outcome = kNone;
    deal(s);
  }

  // Player of the card behind a fox_*/gift phase: the lead until the follow is played.
  static int ability_player(const State& s) { return s.follow == kNoCard ? s.leader : 1 - s.leader; }

  // Spec step 5, with the decree suit as it is now.
  static int winner(const State& s) {
    const int trump = suit_of(s.decree);
    const bool lt = suit_of(s.lead) == trump, ft = suit_of(s.follow) == trump;
    bool follow_wins;
    if ((lt && ft) || (!lt && !ft && suit_of(s.follow) == suit_of(s.lead))) {
      follow_wins = rank_of(s.follow) > rank_of(s.lead);
    } else {
      follow_wins = ft;
    }
    return follow_wins ? 1 - s.leader : s.leader;
  }

  static bool trick_has(const State& s, int rank) {
    return rank_of(s.lead) == rank || rank_of(s.follow) == rank;
  }

  static int movement(const State& s, int ignore) {
    const int lead_fp = (ignore == 1 || ignore == 3) ? 0 : footprints(s.lead);
    const int follow_fp = (ignore == 2 || ignore == 3) ? 0 : footprints(s.follow);
    return lead_fp + follow_fp;
  }

  static int current_player(const State& s, const Params&) {
    switch (s.phase) {
      case kLead: return s.leader;
      case kFollow: return 1 - s.leader;
      case kFoxTarget: return ability_player(s);
      case kFoxSwap: return s.fox_target;
      case kGift: return kSimultaneous;
      case kGazelle:
      case kMusician: return winner(s);
      case kForestEnd: return s.dealer;
      default: return kTerminal;
    }
  }

  // Gazelle options as a mask over 0..3 (none, lead, follow, both).
  static unsigned gazelle_options(const State& s) {
    unsigned opts = 1;
    if (footprints(s.lead) > 0) opts |= 2;
    if (footprints(s.follow) > 0) opts |= 4;
    if (rank_of(s.lead) == kRankGazelle && rank_of(s.follow) == kRankGazelle) opts |= 8;
    return opts;
  }

  // Ends (bit 0 = -, bit 1 = +) that can take a round-end forest token.
  static unsigned eligible_ends(const State& s, const Params& p) {
    const int c = p.c();
    const int lo = -c + s.covered[0], hi = c - s.covered[1];
    unsigned ends = 0;
    if (s.covered[0] < c && s.tracker != lo) ends |= 1;
    if (s.covered[1] < c && s.tracker != hi) ends |= 2;
    return ends;
  }

  static ActionMask legal_mask(const State& s, const Params& p, int player) {
    if (player < 0 || player > 1) return 0;
    if (s.phase == kGift) return s.hand[player];
    if (s.phase == kOver || current_player(s, p) != player) return 0;
    switch (s.phase) {
      case kLead: return s.hand[player];
      case kFollow: {
        const uint32_t same = s.hand[player] & suit_cards(suit_of(s.lead));
        return (rank_of(s.lead) == kRankHeir || !same) ? s.hand[player] : same;
      }
      case kFoxTarget: {
        ActionMask m = 0;
        if (s.hand[0]) m |= ActionMask{1} << kTarget0;
        if (s.hand[1]) m |= ActionMask{1} << (kTarget0 + 1);
        return m;
      }
      case kFoxSwap: return ActionMask{s.hand[player]} | (ActionMask{1} << kKeep);
      case kGazelle: return ActionMask{gazelle_options(s)} << kIgnoreNone;
      case kMusician: return (ActionMask{1} << kForward) | (ActionMask{1} << kReverse);
      case kForestEnd: return ActionMask{eligible_ends(s, p)} << kForestMinus;
      default: return 0;
    }
  }

  static void remove_from_hand(State& s, int player, int card) {
    s.hand[player] &= ~bit(card);
    s.known[player] &= ~bit(card);
  }

  static void on_play(State& s, const Params& p, int card) {
    const int r = rank_of(card);
    if (r == kRankFox && (s.hand[0] | s.hand[1])) {
      s.phase = kFoxTarget;
    } else if (r == kRankGift && s.hand[0] && s.hand[1]) {
      s.phase = kGift;
    } else {
      after_ability(s, p);
    }
  }

  static void after_ability(State& s, const Params& p) {
    if (s.follow == kNoCard) {
      s.phase = kFollow;
    } else {
      resolve(s, p);
    }
  }

  static void resolve(State& s, const Params& p) {
    if (trick_has(s, kRankGazelle)) {
      s.phase = kGazelle;
      return;
    }
    const int m = movement(s, 0);
    if (m > 0 && trick_has(s, kRankMusician)) {
      s.phase = kMusician;
      return;
    }
    move(s, p, m, false);
  }

  // Covers the outermost open space of `end`; its gems move to the next open space inward.
  static void cover(State& s, const Params& p, int end) {
    int idx, inward;
    if (end == 0) {
      idx = s.covered[0];
      inward = idx + 1;
    } else {
      idx = p.n - 1 - s.covered[1];
      inward = idx - 1;
    }
    s.gems[inward] = static_cast<uint8_t>(s.gems[inward] + s.gems[idx]);
    s.gems[idx] = 0;
    ++s.covered[end];
  }

  static bool board_empty(const State& s, const Params& p) {
    for (int i = 0; i < p.n; ++i)
      if (s.gems[i]) return false;
    return true;
  }

  static void move(State& s, const Params& p, int m, bool reverse) {
    const int w = winner(s);
    int direction = w == 0 ? -1 : 1;
    if (reverse) direction = -direction;
    const int c = p.c();
    const int dest = s.tracker + direction * m;
    const int lo = -c + s.covered[0], hi = c - s.covered[1];
    if (dest >= lo && dest <= hi) {
      s.tracker = static_cast<int8_t>(dest);
      uint8_t& g = s.gems[dest + c];
      if (g > 0) --g;
    } else {
      const int end = direction < 0 ? 0 : 1;
      if (forest_supply(s) == 0 || s.covered[end] == c) {
        s.outcome = kLostForest;
      } else {
        cover(s, p, end);
        s.tracker = 0;
      }
    }
    s.played |= bit(s.lead) | bit(s.follow);
    s.lead = s.follow = kNoCard;
    s.ignore = kUnset;
    s.leader = static_cast<uint8_t>(w);
    if (s.outcome != kNone) {
      s.phase = kOver;
    } else if (board_empty(s, p)) {
      s.outcome = kWon;
      s.phase = kOver;
    } else if (s.trick < kTricks) {
      ++s.trick;
      s.phase = kLead;
    } else {
      round_end(s, p);
    }
  }

  static void round_end(State& s, const Params& p) {
    if (s.round == kRounds) {
      s.outcome = kLostTime;
      s.phase = kOver;
      return;
    }
    const int first_open = s.covered[0], last_open = p.n - 1 - s.covered[1];
    for (int i = 0; i < p.n; ++i) {
      if (!p.plus[i]) continue;
      const int j = i < first_open ? first_open : i > last_open ? last_open : i;
      ++s.gems[j];
      --s.gem_supply;
    }
    const unsigned eligible = eligible_ends(s, p);
    if (forest_supply(s) == 0 || !eligible) {
      s.outcome = kLostForest;
      s.phase = kOver;
      return;
    }
    if (s.covered[0] == s.covered[1]) {
      s.phase = kForestEnd;  // the next round's leader (the dealer) chooses
      return;
    }
    const int longer = s.covered[0] < s.covered[1] ? 0 : 1;
    cover(s, p, (eligible >> longer) & 1 ? longer : 1 - longer);
    next_round(s);
  }

  static void next_round(State& s) {
    ++s.round;
    s.dealer ^= 1;
    deal(s);
  }

  static void apply(State& s, const Params& p, int a) {
    switch (s.phase) {
      case kLead:
        remove_from_hand(s, s.leader, a);
        s.lead = static_cast<uint8_t>(a);
        on_play(s, p, a);
        return;
      case kFollow: {
        const int f = 1 - s.leader;
        const int led = suit_of(s.lead);
        if (rank_of(s.lead) != kRankHeir && suit_of(a) != led) s.voids[f] |= static_cast<uint8_t>(1u << led);
        remove_from_hand(s, f, a);
        s.follow = static_cast<uint8_t>(a);
        on_play(s, p, a);
        return;
      }
      case kFoxTarget:
        s.fox_target = static_cast<uint8_t>(a - kTarget0);
        s.phase = kFoxSwap;
        return;
      case kFoxSwap: {
        const int t = s.fox_target;
        if (a != kKeep) {
          const int old = s.decree;
          remove_from_hand(s, t, a);
          s.decree = static_cast<uint8_t>(a);
          s.hand[t] |= bit(old);
          s.known[t] |= bit(old);
        }
        s.fox_target = kUnset;
        after_ability(s, p);
        return;
      }
      case kGazelle: {
        const int ignore = a - kIgnoreNone;
        const int m = movement(s, ignore);
        if (m > 0 && trick_has(s, kRankMusician)) {
          s.ignore = static_cast<uint8_t>(ignore);
          s.phase = kMusician;
        } else {
          move(s, p, m, false);
        }
        return;
      }
      case kMusician:
        move(s, p, movement(s, s.ignore == kUnset ? 0 : s.ignore), a == kReverse);
        return;
      case kForestEnd:
        cover(s, p, a - kForestMinus);
        next_round(s);
        return;
      default:
        return;
    }
  }

  // The Gift: both chosen cards change hands and become known.
  static void apply_joint(State& s, const Params& p, const int* joint) {
    const int a0 = joint[0], a1 = joint[1];
    s.hand[0] = (s.hand[0] & ~bit(a0)) | bit(a1);
    s.hand[1] = (s.hand[1] & ~bit(a1)) | bit(a0);
    s.known[0] = (s.known[0] & ~bit(a0)) | bit(a1);
    s.known[1] = (s.known[1] & ~bit(a1)) | bit(a0);
    after_ability(s, p);
  }

  static void scores(const State& s, const Params& p, float* out) {
    int score = 0;
    if (s.outcome == kWon) {
      score = 10 * p.level + (s.round <= 2 ? 10 : 0) + 3 * forest_supply(s) +
              popcount(s.hand[0]) + popcount(s.hand[1]);
    }
    out[0] = out[1] = static_cast<float>(score);
  }

  static void returns(const State& s, const Params&, float* out) {
    out[0] = out[1] = s.outcome == kWon ? 1.0f : 0.0f;
  }

  // Cards `player` has not seen: neither in their hand, played, the decree, the trick, nor
  // known in the partner's hand. They are the partner's unknown cards and the deck.
  static uint32_t unseen(const State& s, int player) {
    uint32_t seen = s.hand[player] | s.known[1 - player] | s.played | bit(s.decree);
    if (s.lead != kNoCard) seen |= bit(s.lead);
    if (s.follow != kNoCard) seen |= bit(s.follow);
    return kAllCards & ~seen;
  }

  // The partner's unknown cards: a uniform subset of the unseen cards outside the partner's
  // void suits, of the same size; the rest stay in the deck. Future deals are reseeded.
  static void resample(State& s, const Params&, int player, uint64_t seed) {
    Rng rng{seed};
    const int q = 1 - player;
    uint32_t eligible = unseen(s, player);
    for (int suit = 0; suit < 3; ++suit)
      if ((s.voids[q] >> suit) & 1) eligible &= ~suit_cards(suit);
    const int k = popcount(s.hand[q] & ~s.known[q]);
    uint8_t pool[kCards];
    int count = 0;
    for_each_bit(eligible, [&](int card) { pool[count++] = static_cast<uint8_t>(card); });
    uint32_t chosen = 0;
    // Partial Fisher-Yates: the first k entries form a uniform k-subset.
    for (int i = 0; i < k && i < count; ++i) {
      const int j = i + static_cast<int>(rng.uniform(static_cast<uint32_t>(count - i)));
      const uint8_t tmp = pool[i];
      pool[i] = pool[j];
      pool[j] = tmp;
      chosen |= bit(pool[i]);
    }
    s.hand[q] = s.known[q] | chosen;
    s.rng.state = rng.next();
  }

  static int observation_size(const Params&);
  static void observe(const State& s, const Params& p, int player, float* out);
  static std::string observation_string(const State& s, const Params& p, int player);
  static std::string to_string(const State& s, const Params& p);
  static std::string action_to_string(const State& s, const Params& p, int player, int action);
  static const char* validate(const State& s, const Params& p);
};

}  // namespace tb::fox_duet

#include "observation.hpp"
#include "validate.hpp"
#ifdef TABLEBITS_PYBIND11
#include "pydict.hpp"
#endif
