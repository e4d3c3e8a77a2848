// The invariants of a reachable Fox in the Forest Duet state (the checks of the docs' "What
// state_from_dict checks"); every state from bytes or a dict passes here, so the rules code can
// index gems, masks and tables without further checks.
#pragma once

#include "game.hpp"

namespace tb::fox_duet {

inline const char* FoxDuet::validate(const State& s, const Params& p) {
  if (const char* error = check_state_ranges(kStateSchema, s, p)) return error;
  if ((s.outcome == kNone) != (s.phase != kOver)) return "outcome must be set exactly when phase is 'over'";
  // The non-dealer leads the first trick of every round; only once that trick is over (the
  // game or round ending on it) can the leader be its winner, the dealer.
  if (s.trick == 1 && s.phase != kOver && s.phase != kForestEnd && s.leader != 1 - s.dealer) {
    return "the non-dealer leads the first trick of a round: on trick 1 'leader' must be 1 - 'dealer'";
  }

  // --- cards ---
  if (s.played & ~kAllCards) return "card mask out of range";
  if (s.lead == kNoCard && s.follow != kNoCard) return "trick_cards: a follow card without a lead card";
  {
    CardClaims cards;
    cards.claim(s.hand[0]);
    cards.claim(s.hand[1]);
    cards.claim(s.played);
    cards.claim(bit(s.decree));
    if (s.lead != kNoCard) cards.claim(bit(s.lead));
    if (s.follow != kNoCard) cards.claim(bit(s.follow));
    if (cards.clash()) return "the 30 cards must each be in exactly one place";
    if (cards.count() != kCards - 7) return "deck must hold 7 cards";
  }
  const int t = s.trick;
  const int ph = s.phase;
  const int in_trick = (s.lead != kNoCard) + (s.follow != kNoCard);
  int sizes[2], want_in_trick, done;
  const bool ability = ph == kFoxTarget || ph == kFoxSwap || ph == kGift;
  if (ph == kLead) {
    sizes[0] = sizes[1] = 12 - t;
    want_in_trick = 0;
    done = t - 1;
  } else if ((ability || ph == kFollow) && s.follow == kNoCard) {
    sizes[s.leader] = 11 - t;
    sizes[1 - s.leader] = 12 - t;
    want_in_trick = 1;
    done = t - 1;
  } else if (ability || ph == kGazelle || ph == kMusician) {
    sizes[0] = sizes[1] = 11 - t;
    want_in_trick = 2;
    done = t - 1;
  } else {
    if (ph == kFollow) return "phase follow with a follow card already played";
    sizes[0] = sizes[1] = 11 - t;
    want_in_trick = 0;
    done = t;
  }
  if (in_trick != want_in_trick) return "trick_cards do not fit the phase";
  if (popcount(s.hand[0]) != sizes[0] || popcount(s.hand[1]) != sizes[1]) return "hand sizes do not fit the trick and phase";
  if (popcount(s.played) != 2 * done) return "played does not hold 2 cards per completed trick";

  // --- board ---
  const int n = p.n, c = p.c();
  int board_gems = 0;
  for (int i = 0; i < n; ++i) board_gems += s.gems[i];
  if (s.covered[0] + s.covered[1] > kTotalForest) return "forest tokens are not conserved";
  for (int i = 0; i < s.covered[0]; ++i)
    if (s.gems[i]) return "a covered space holds gems";
  for (int i = n - s.covered[1]; i < n; ++i)
    if (s.gems[i]) return "a covered space holds gems";
  if (s.tracker < -c + s.covered[0] || s.tracker > c - s.covered[1]) return "the tracker must be on an open space";
  {
    int adds_lo = s.round - 1, adds_hi = s.round - 1;
    if (ph == kForestEnd) adds_lo = adds_hi = s.round;
    else if (ph == kOver && s.round < kRounds) adds_hi = s.round;
    bool ok = false;
    for (int a = adds_lo; a <= adds_hi; ++a) ok = ok || s.gem_supply == kTotalGems - p.start_gems - p.num_plus * a;
    if (!ok) return "gem_supply does not match the round-end additions made";
  }
  if (s.board_gems != board_gems) return "board_gems is not the sum of gems";
  if (board_gems + s.gem_supply > kTotalGems) return "more than 22 gems";
  if (ph != kOver && board_gems == 0 && (s.round > 1 || s.played)) return "the board is empty but the game is not over";
  if (s.outcome == kWon && board_gems != 0) return "outcome won needs an empty board";
  if (s.outcome == kLostTime && (s.round != kRounds || t != kTricks)) return "outcome lost_time needs round 3, trick 11";

  // --- knowledge ---
  for (int pl = 0; pl < 2; ++pl) {
    if (s.known[pl] & ~s.hand[pl]) return "known[p] must be a subset of hands[p]";
    for (int suit = 0; suit < 3; ++suit) {
      if (((s.voids[pl] >> suit) & 1) && (s.hand[pl] & ~s.known[pl] & suit_cards(suit))) {
        return "voids contradict an unknown card in the hand";
      }
    }
  }

  // --- ability fields and phase-specific checks ---
  if ((s.fox_target != kUnset) != (ph == kFoxSwap)) return "fox_target must be set exactly in phase fox_swap";
  if (ability) {
    const int card = s.follow == kNoCard ? s.lead : s.follow;
    if (rank_of(card) != (ph == kGift ? kRankGift : kRankFox)) return "a Fox/Gift phase needs a 3/7 as the latest card";
    if (ph == kFoxTarget && !(s.hand[0] | s.hand[1])) return "fox_target with no cards in hand";
    if (ph == kFoxSwap && !s.hand[s.fox_target]) return "the Fox target holds no card";
    if (ph == kGift && !(s.hand[0] && s.hand[1])) return "gift needs a card in both hands";
  }
  const bool gazelle = (ph == kGazelle || ph == kMusician) && trick_has(s, kRankGazelle);
  if (ph == kGazelle && !gazelle) return "phase gazelle needs a 5 in the trick";
  if ((s.ignore != kUnset) != (ph == kMusician && gazelle)) return "ignore must be set exactly in phase musician with a 5 in the trick";
  if (ph == kMusician) {
    if (s.ignore != kUnset && !((gazelle_options(s) >> s.ignore) & 1)) return "ignore is not an allowed Gazelle choice";
    if (!trick_has(s, kRankMusician) || movement(s, s.ignore == kUnset ? int{kGazelleNone} : s.ignore) == 0) return "phase musician needs a 1 in the trick and m > 0";
  }
  if (ph == kForestEnd) {
    if (t != kTricks || s.round == kRounds || forest_supply(s) == 0) return "forest_end needs trick 11 of round 1 or 2 and a forest token";
    if (s.covered[0] != s.covered[1] || s.covered[0] == c) return "forest_end needs equal ends with open spaces";
  }
  return nullptr;
}

// The board arrives as spaces; n, start_gems and num_plus are derived from them and must agree.
inline const char* FoxDuet::validate_params(const Params& p) {
  if (const char* error = check_param_ranges(kParamSpecs, p)) return error;
  if (p.n < kMinSpaces || p.n > kMaxSpaces || p.n % 2 == 0) {
    return "parameter 'board' must have an odd number of spaces, 5..21";
  }
  int gems = 0, plus = 0;
  for (int i = 0; i < kMaxSpaces; ++i) {
    if (p.gems[i] > kMaxGemsPerSpace) return "parameter 'board': a space holds 0..3 gems";
    if (p.plus[i] > 1) return "parameter 'board': 'plus' must be a bool";
    if (i >= p.n && (p.gems[i] || p.plus[i])) return "parameter 'board': spaces past the path must be empty";
    gems += p.gems[i];
    plus += p.plus[i];
  }
  if (p.gems[p.c()]) return "parameter 'board': the centre space must hold no gems";
  if (gems + 2 * plus > kTotalGems) return "parameter 'board': starting gems + 2 x plus spaces must not exceed 22";
  if (p.start_gems != gems || p.num_plus != plus) return "parameter 'board': gem and plus totals disagree with the spaces";
  return nullptr;
}

}  // namespace tb::fox_duet
