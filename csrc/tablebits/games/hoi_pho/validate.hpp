// The invariants of a reachable Hội Phố state (the checks of state_from_dict in
// docs/games/hoi_pho.md, plus the canonical form of the bytes). Every state from bytes or a dict
// passes here, so anything accepted is safe for the rules code.
#pragma once

#include "game.hpp"

namespace tb::hoi_pho {

inline const char* HoiPho::validate(const State& s, const Params& P) {
  const int n = P.players;
  const int T = turns_per_round(n), B = base_hand(n);
  if (const char* error = check_state_ranges(kStateSchema, s, P)) return error;
  for (int q = n; q < kMaxPlayers; ++q)
    if (s.table[q]) return "seats beyond the number of players must be empty";
  if ((s.phase == kOver) != (s.outcome != kNoOutcome)) return "phase 'over' goes with a non-null outcome";
  int coin_sum = 0, start_sum = 0;
  for (int q = 0; q < n; ++q) {
    coin_sum += s.coins[q];
    start_sum += s.turn_start[q];
  }
  if (coin_sum > kMaxCoinSum || start_sum > kMaxCoinSum) {
    return "coins too large: the engine keeps coins in 16 bits and needs all players' coins to total at most 60000";
  }
  // contracts: disjoint, together the top of the deck
  uint8_t owned = 0;
  bool three = false;
  for (int q = 0; q < n; ++q) {
    if (s.contracts[q] & owned) return "a contract is owned twice";
    owned |= s.contracts[q];
    three = three || std::popcount(s.contracts[q]) >= 3;
  }
  const int taken_count = std::popcount(owned);
  if (owned != (1u << taken_count) - 1) return "contracts owned must be the top contracts taken from the deck";
  if ((s.outcome == kEnded) != (taken_count == kContracts || three)) {
    return "outcome 'ended' iff someone owns 3 contracts or the deck is empty";
  }
  if (s.outcome == kTruncated && s.round != P.max_rounds) return "a truncated game is at round max_rounds";
  // cards
  CardClaims cards(kAllMerchants);
  int ships = s.removed_ships;
  const bool disc = discards_present(s, n);
  for (int q = 0; q < n; ++q) {
    cards.claim(s.hand[q]);
    cards.claim(s.table[q] & kAllMerchants);
    ships += s.ships[q] + (s.table[q] & 1);
    if ((s.known[q] & ~s.hand[q]) || (s.known[q] & 1)) return "known cards must be merchants in that hand";
    // The deal forgets everything; only skills resolving (from turn 1's plays on) reveal cards
    // in a hand, so the 3-player discard, which comes before them, leaves the known cards alone.
    // A card known at the discard would stay known once it left the hand.
    if (s.known[q] && s.turn == 1 && (s.phase == kDiscard || s.phase == kPlay)) {
      return "no card in a hand can be known before the round's first plays resolve";
    }
  }
  cards.claim(s.previous);
  cards.claim(s.removed);
  for (int i = 0; i < 3; ++i) {
    if (!disc) {
      if (s.discards[i]) return "discards must be empty here";
      continue;
    }
    if (s.discards[i] > 15) return "discard out of range";
    if (s.discards[i]) cards.claim(bit(s.discards[i])); else ++ships;
  }
  if (cards.clash()) return "a card is in two places";
  if (ships > 5) return "more than 5 ships";
  if (s.turn == 1 && (cards.count() != 15 || ships != 5)) return "on a round's first turn every card must be listed";
  if (s.turn == 1 && s.previous) return "previous must be empty on turn 1";
  if (n == 3 ? std::popcount(s.removed) + s.removed_ships != 2 : (s.removed || s.removed_ships)) {
    return "removed must hold 2 cards with 3 players, none otherwise";
  }
  // ships_played (docs/games/hoi_pho.md): ships are never created or destroyed, every seat was
  // dealt its own ship, at most one card leaves a hand per earlier turn.
  {
    int ship_total = s.removed_ships;
    for (int q = 0; q < n; ++q) {
      const int played = s.ships_played[q], shown = ships_visible(s, n, q);
      if (played < shown) return "ships_played must count the ships on the table and discarded";
      if (played - shown > s.turn - (s.phase == kOver ? 0 : 1)) return "ships_played too large for the turn";
      if (played + s.ships[q] < 1) return "a seat that played no ship this round must hold one";
      ship_total += played + s.ships[q];
    }
    if (ship_total != 5) return "ships in hands, removed and ships_played must total 5";
  }
  if (s.forced == kRabbit || s.forced > kPig) return "forced must be null or a merchant other than 4";
  // A Rabbit order names the next turn's card, so none is pending on the round's first play or
  // past its last one; except that a turn nobody can play (every hand emptied early, after Naga
  // chains) ends the round at once, and when that ends the game the order is left standing at
  // turn T.
  bool hands_empty = true;
  for (int q = 0; q < n; ++q) hands_empty = hands_empty && !s.hand[q] && !s.ships[q];
  if (s.forced && ((s.turn == 1 && (s.phase == kDiscard || s.phase == kPlay)) ||
                   (s.turn == T && s.phase != kPlay && !(s.phase == kOver && hands_empty)))) {
    return "no Rabbit order can be pending here";
  }
  // hand sizes
  bool anyone = false;
  for (int q = 0; q < n; ++q) {
    const int size = std::popcount(s.hand[q]) + s.ships[q];
    anyone = anyone || size > 0;
    if (s.phase == kDiscard) {
      if (n != 3 || s.turn != 1 || size != B + 1) return "discard phase: 3 players, turn 1, full hands";
    } else if (s.phase == kPlay) {
      const int cap = B - s.turn + 1;
      if (size > cap || (s.turn == 1 && size != cap)) return "hand sizes do not match the turn";
    } else if (size > B - s.turn) {
      return "hand sizes do not match the turn";
    }
  }
  if (s.phase == kPlay && !anyone) return "nobody can play";
  const uint16_t on_table = table_all(s, n);
  if ((s.phase == kDiscard || s.phase == kPlay) && on_table) return "table must be empty before the play";
  // the skill being resolved
  const bool skill_phase = s.phase >= kTarget && s.phase <= kRps;
  if (!skill_phase) {
    if (s.depth || s.top || s.skill_player != kNone || s.target != kNone || s.rps_draws) {
      return "no skill can be resolving in this phase";
    }
    return nullptr;
  }
  if (!s.depth || s.skill_player >= n) return "a skill phase needs a stack and a skill_player";
  if (s.depth > 16) return "skill stack too deep";
  bool top_ok;
  switch (s.phase) {
    case kTarget: top_ok = s.top == kMouse || s.top == kSnake || s.top == kHorse; break;
    case kRps: top_ok = s.top == kMouse; break;
    case kName: top_ok = s.top == kRabbit || s.top == kCat; break;
    case kCopy: top_ok = s.top == kGoat; break;
    default: top_ok = s.top == kNaga; break;
  }
  if (!top_ok) return "stack does not match the phase";
  const int p = s.skill_player;
  // Every Naga below the top played a merchant from p's hand this turn and takes one back when
  // the stack unwinds (the top one too, in naga_take): p's hand with those takes still fits the
  // turn. Without this, a stack deeper than p's hand could ever have fed would hand p more cards
  // than the turn allows when it unwinds.
  const int pending_takes = s.depth - 1 + (s.phase == kNagaTake ? 1 : 0);
  if (std::popcount(s.hand[p]) + s.ships[p] + pending_takes > B - s.turn) {
    return "skill stack deeper than the merchants Naga could have played from the skill player's hand";
  }
  if (s.phase == kRps) {
    if (P.rps_chance) return "phase rps needs rps='play'";
    if (s.target >= n || s.target == p) return "phase rps needs a target other than the skill player";
  } else if (s.target != kNone || s.rps_draws) {
    return "target and rps_draws are only used in phase rps";
  }
  if (!on_table) return "a skill resolves only with cards on the table";
  if (s.phase == kNagaPlay && !(s.hand[p] && takeable(s, n, p))) return "Naga cannot play here";
  if (s.phase == kNagaTake && !takeable(s, n, p)) return "Naga has nothing to take";
  if (s.phase == kCopy && !goat_pool(s, n)) return "Goat has an empty pool";
  return nullptr;
}

inline const char* HoiPho::validate_params(const Params& p) {
  if (const char* error = check_param_ranges(kParamSpecs, p)) return error;
  for (int i = 0; i < kContracts; ++i) {
    if (p.contracts[i] > kMaxContract) return "parameter 'contracts' entries must be in 0..10000";
    if (i && p.contracts[i] <= p.contracts[i - 1]) return "parameter 'contracts' must be strictly increasing";
  }
  return nullptr;
}

}  // namespace tb::hoi_pho
