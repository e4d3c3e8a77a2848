// The Fox in the Forest Duet rules over the bitpacked State (rules, project
// decisions and chance procedure: docs/games/fox_duet.md).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
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

// The cards of one rank in all three suits: `bit(card) & rank_cards(r)` tests a card's rank (or
// a trick's, on the union of its two cards) without a division by 10.
constexpr uint32_t rank_cards(int rank) { return (1u | 1u << 10 | 1u << 20) << (rank - 1); }
inline constexpr uint32_t kMusicians = rank_cards(kRankMusician);
inline constexpr uint32_t kGazelles = rank_cards(kRankGazelle);
inline constexpr uint32_t kHeirs = rank_cards(kRankHeir);
inline constexpr uint32_t kFoxesAndGifts = rank_cards(kRankFox) | rank_cards(kRankGift);

// Per-card tables for the rollout hot path (cards must be valid ids, never kNoCard): suit_of,
// footprints and the follow rule there would each cost a division or modulo by 10 per use.
// follow_mask[lead] is the set the follower must play from if they hold any of it: the led suit,
// or every card after a 9 (Heir), so the Heir exception needs no branch of its own.
struct CardTables {
  uint8_t suit[kCards];
  uint8_t foot[kCards];
  uint32_t follow_mask[kCards];
};
inline constexpr CardTables kCardTables = [] {
  CardTables t{};
  for (int card = 0; card < kCards; ++card) {
    t.suit[card] = static_cast<uint8_t>(suit_of(card));
    t.foot[card] = static_cast<uint8_t>(footprints(card));
    t.follow_mask[card] = (bit(card) & kHeirs) ? kAllCards : suit_cards(suit_of(card));
  }
  return t;
}();

struct FoxDuet {
  using State = fox_duet::State;
  using Params = fox_duet::Params;
  static constexpr const auto& kParamSpecs = fox_duet::kParamSpecs;
  static constexpr const auto& kExampleParams = fox_duet::kExampleParams;

  static constexpr std::string_view kId = "fox_duet";
  static constexpr uint8_t kTag = 2;
  static constexpr uint8_t kStateVersion = 2;  // 2: board_gems
  static constexpr int kNumActions = 41;

  static constexpr int num_players(const Params&) { return 2; }

  // Each round's deal is drawn in apply. Cooperative: both players get 1 on a win, 0 on a loss.
  static constexpr GameInfo kInfo{Dynamics::kMixed, Chance::kSampled, Information::kImperfect,
                                  Utility::kIdentical, 0.0f, 0.0f, 1.0f, /*can_truncate=*/false};
  // A trick is two card plays and at most two extra decisions per card: a Fox's target and swap
  // (a Gift's one swap; a 5 brings the Gazelle choice, a 1 the Musician's). kTricks tricks a
  // round, kRounds rounds, and a forest-token choice between rounds.
  static constexpr int kMaxStepsPerTrick = 2 * (1 + 2);
  static int max_game_length(const Params&) { return kRounds * kTricks * kMaxStepsPerTrick + (kRounds - 1); }
  static bool is_truncated(const State&, const Params&) { return false; }

  static int forest_supply(const State& s) { return kTotalForest - s.covered[0] - s.covered[1]; }

  // The documented deal is Rng::shuffle of 0..29, then hand 0 = cards[0:11], hand 1 =
  // cards[11:22], decree = cards[22]; Rng::shuffle_deal hands each card to its place as it is
  // drawn, and the 7 deck positions are never recorded.
  static void deal(State& s) {
    static constexpr auto kIdentity = [] {
      std::array<uint8_t, kCards> a{};
      for (int i = 0; i < kCards; ++i) a[i] = static_cast<uint8_t>(i);
      return a;
    }();
    std::array<uint8_t, kCards> cards = kIdentity;
    Rng rng = s.rng;  // a local copy stays in a register across the 29 draws
    uint32_t hands[2] = {0, 0};
    uint8_t decree = 0;
    rng.shuffle_deal(cards.data(), kCards, [&](int i, uint8_t card) {
      if (i < 2 * kHandSize) hands[i >= kHandSize] |= bit(card);
      else if (i == 2 * kHandSize) decree = card;
    });
    s.hand[0] = hands[0];
    s.hand[1] = hands[1];
    s.decree = decree;
    s.rng = rng;
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
    // Params keeps its gems tail past n at 0 (the default and the dict reader both do), so the
    // whole array can be copied.
    std::memcpy(s.gems, p.gems.data(), kMaxSpaces);
    s.gem_supply = static_cast<uint8_t>(kTotalGems - p.start_gems);
    s.board_gems = p.start_gems;
    s.round = 1;
    s.tracker = 0;
    s.outcome = kNone;
    deal(s);
  }

  // Player of the card behind a fox_*/gift phase: the lead until the follow is played.
  static int ability_player(const State& s) { return s.follow == kNoCard ? s.leader : 1 - s.leader; }

  // Spec step 5, with the decree suit as it is now.
  // Two cards of one suit (both trump, or both of the led suit): the higher rank wins, and within
  // a suit card ids rise with rank. Two suits: the follow wins exactly when it is trump (an
  // off-suit card never wins, and a trump lead beats any other suit).
  static int winner(const State& s) {
    const int lead_suit = kCardTables.suit[s.lead], follow_suit = kCardTables.suit[s.follow];
    const bool follow_wins =
        follow_suit == lead_suit ? s.follow > s.lead : follow_suit == kCardTables.suit[s.decree];
    return s.leader ^ static_cast<int>(follow_wins);
  }

  static uint32_t trick_cards(const State& s) { return bit(s.lead) | bit(s.follow); }

  static bool trick_has(const State& s, int rank) { return trick_cards(s) & rank_cards(rank); }

  static int movement(const State& s, int ignore) {
    const int lead_fp = (ignore == kGazelleLead || ignore == kGazelleBoth) ? 0 : kCardTables.foot[s.lead];
    const int follow_fp = (ignore == kGazelleFollow || ignore == kGazelleBoth) ? 0 : kCardTables.foot[s.follow];
    return lead_fp + follow_fp;
  }

  static int current_player(const State& s, const Params&) {
    // Lead and follow are two thirds of all nodes: tested before the jump table.
    if (s.phase == kLead) return s.leader;
    if (s.phase == kFollow) return s.leader ^ 1;
    switch (s.phase) {
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
    if (kCardTables.foot[s.lead] > 0) opts |= 2;
    if (kCardTables.foot[s.follow] > 0) opts |= 4;
    if ((bit(s.lead) & kGazelles) && (bit(s.follow) & kGazelles)) opts |= 8;
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

  // Lead and follow (almost every call in a rollout) test the player inline; the rarer phases
  // ask current_player.
  static ActionMask legal_mask(const State& s, const Params& p, int player) {
    if (static_cast<unsigned>(player) > 1) return 0;
    const uint32_t hand = s.hand[player];
    switch (s.phase) {
      case kLead: return player == s.leader ? hand : 0;
      case kFollow: {
        if (player == s.leader) return 0;
        const uint32_t same = hand & kCardTables.follow_mask[s.lead];
        return same ? same : hand;
      }
      case kGift: return hand;
      case kOver: return 0;
      default: return current_player(s, p) == player ? rare_mask(s, p, player) : 0;
    }
  }

  // legal_mask of the ability and decision phases, for the player to act.
  static ActionMask rare_mask(const State& s, const Params& p, int player) {
    switch (s.phase) {
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

  // Starts the on-play ability of `card` if it has one that can act; false otherwise.
  static bool start_ability(State& s, int card) {
    if (!(bit(card) & kFoxesAndGifts)) return false;
    if (rank_of(card) == kRankFox) {
      if (!(s.hand[0] | s.hand[1])) return false;
      s.phase = kFoxTarget;
    } else {
      if (!(s.hand[0] && s.hand[1])) return false;
      s.phase = kGift;
    }
    return true;
  }

  static void after_ability(State& s, const Params& p) {
    if (s.follow == kNoCard) {
      s.phase = kFollow;
    } else {
      resolve(s, p);
    }
  }

  static void resolve(State& s, const Params& p) {
    const uint32_t cards = trick_cards(s);
    if (cards & kGazelles) {
      s.phase = kGazelle;
      return;
    }
    const int m = movement(s, 0);
    if (m > 0 && (cards & kMusicians)) {
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

  static void move(State& s, const Params& p, int m, bool reverse) {
    const int w = winner(s);
    const int end = w ^ static_cast<int>(reverse);  // the end moved toward: player w's, or reversed
    const int c = p.c();
    const int dest = s.tracker + (end ? m : -m);
    const int lo = s.covered[0] - c, hi = c - s.covered[1];
    bool lost = false;
    // lo <= dest <= hi as one unsigned comparison (hi >= lo always: at most c tokens per end).
    if (static_cast<unsigned>(dest - lo) <= static_cast<unsigned>(hi - lo)) {
      s.tracker = static_cast<int8_t>(dest);
      uint8_t& g = s.gems[dest + c];
      const uint8_t collected = g != 0;  // one gem if there is any
      g = static_cast<uint8_t>(g - collected);
      s.board_gems = static_cast<uint8_t>(s.board_gems - collected);
    } else if (forest_supply(s) == 0 || s.covered[end] == c) {
      lost = true;
    } else {
      cover(s, p, end);
      s.tracker = 0;
    }
    s.played |= trick_cards(s);
    s.lead = s.follow = kNoCard;
    s.ignore = kUnset;
    s.leader = static_cast<uint8_t>(w);
    if (lost) {
      s.outcome = kLostForest;
      s.phase = kOver;
    } else if (s.board_gems == 0) {
      s.outcome = kWon;
      s.phase = kOver;
    } else if (s.trick < kTricks) {
      ++s.trick;
      s.phase = kLead;
    } else {
      round_end(s, p);
    }
  }

  // Out of line: once a round, and inlined into move it makes move save more registers on every
  // trick.
  [[gnu::noinline]] static void round_end(State& s, const Params& p) {
    if (s.round == kRounds) {
      s.outcome = kLostTime;
      s.phase = kOver;
      return;
    }
    // A gem on every + space. As a bytewise sum in 64-bit words: a space holds at most 22 gems
    // and a plus flag is 0 or 1, so no byte carries into the next; both tails past n are 0.
    uint64_t gems[3] = {}, plus[3] = {};
    std::memcpy(gems, s.gems, kMaxSpaces);
    std::memcpy(plus, p.plus.data(), kMaxSpaces);
    for (int k = 0; k < 3; ++k) gems[k] += plus[k];
    std::memcpy(s.gems, gems, kMaxSpaces);
    s.gem_supply = static_cast<uint8_t>(s.gem_supply - p.num_plus);
    s.board_gems = static_cast<uint8_t>(s.board_gems + p.num_plus);
    // A covered space held no gems, so what it holds now is its own + gem: pass it inward.
    const int first_open = s.covered[0], last_open = p.n - 1 - s.covered[1];
    for (int i = 0; i < first_open; ++i) {
      s.gems[first_open] = static_cast<uint8_t>(s.gems[first_open] + s.gems[i]);
      s.gems[i] = 0;
    }
    for (int i = last_open + 1; i < p.n; ++i) {
      s.gems[last_open] = static_cast<uint8_t>(s.gems[last_open] + s.gems[i]);
      s.gems[i] = 0;
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
    // Lead and follow first, as plain tests like current_player's (measured: fewer instructions
    // than one switch); the other phases go out of line. In phase lead no card is in the trick yet and in phase follow the lead is, so the
    // after_ability test of follow == kNoCard is decided here.
    if (s.phase == kLead) {
      remove_from_hand(s, s.leader, a);
      s.lead = static_cast<uint8_t>(a);
      if (!start_ability(s, a)) s.phase = kFollow;
      return;
    }
    if (s.phase == kFollow) {
      const int f = s.leader ^ 1;
      // Outside follow_mask[lead] means: not of the led suit, and the lead is not a 9.
      if (!(bit(a) & kCardTables.follow_mask[s.lead])) {
        s.voids[f] |= static_cast<uint8_t>(1u << kCardTables.suit[s.lead]);
      }
      remove_from_hand(s, f, a);
      s.follow = static_cast<uint8_t>(a);
      if (!start_ability(s, a)) resolve(s, p);
      return;
    }
    apply_rare(s, p, a);
  }

  // apply for the ability and decision phases: kept out of line so that apply stays small
  // enough for the compiler to inline it into the rollout loop (about 5% of all instructions).
  [[gnu::noinline]] static void apply_rare(State& s, const Params& p, int a) {
    switch (s.phase) {
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
        move(s, p, movement(s, s.ignore == kUnset ? int{kGazelleNone} : s.ignore), a == kReverse);
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

  // The team solver's hooks (core/team_solver.hpp; team.hpp).
  static int team_progress(const State& s, const Params& p);
  static int team_round_end(const State& s, const Params& p);
  static int team_value(const State& s, const Params& p);
  static int team_upper(const State& s, const Params& p, int horizon);

  // The concept's members this folder's other files define (core/game.hpp).
  TABLEBITS_GAME_FILE_MEMBERS();
};

}  // namespace tb::fox_duet

#include "observation.hpp"
#include "strings.hpp"
#include "resample.hpp"
#include "team.hpp"
#include "schema.hpp"
#include "validate.hpp"
