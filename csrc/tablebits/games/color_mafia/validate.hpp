// The invariants of a reachable Color Mafia state; every state from bytes or a dict passes here
// (docs/games/color_mafia.md, "state_from_dict validation").
#pragma once

#include <algorithm>

#include "game.hpp"

namespace tb::color_mafia {

inline const char* ColorMafia::validate(const State& s, const Params& p) {
  const int n = p.players;
  if (const char* error = check_state_ranges(kStateSchema, s, p)) return error;
  for (int pl = n; pl < kMaxSeats; ++pl) {
    for (int c = 0; c < kChipColors; ++c) {
      if (s.chips[pl][c]) return "an unused seat holds chips";
    }
    if (s.coins[pl]) return "an unused seat holds coins";
  }
  for (int c = 0; c < kChipColors; ++c) {
    int total = s.box[c];
    for (int pl = 0; pl < n; ++pl) total += s.chips[pl][c];
    if (total != p.chips_per_color) return "chip conservation broken (box + holdings must equal chips_per_color per colour)";
  }
  if (box_total(s) < 1) return "the box is never emptied";
  int table[kCoinColors] = {};
  for (int pl = 0; pl < n; ++pl) {
    if (s.coins[pl] >> (kCoinBits * kCoinColors)) return "bad coin field";
    int held = 0;
    for (int c = 0; c < kCoinColors; ++c) {
      held += coin_count(s.coins[pl], c);
      table[c] += coin_count(s.coins[pl], c);
    }
    if (held != 5) return "every player holds exactly 5 coins";
  }
  for (int c = 0; c < kCoinColors; ++c) {
    if (table[c] != n) return "the table must hold exactly N coins of each colour";
  }
  // Everybody starts with one coin of each colour, and a pass (the end of a full round) swaps
  // one of a player's coins: each pass adds at most one surplus coin (a second, third, ... of
  // a colour).
  const int passes = s.phase == kOver && s.outcome == kTruncated ? s.round : s.round - 1;
  for (int pl = 0; pl < n; ++pl) {
    int surplus = 0;
    for (int c = 0; c < kCoinColors; ++c) surplus += std::max(coin_count(s.coins[pl], c) - 1, 0);
    if (surplus > passes) return "a player's coins are further from one of each colour than the rounds played allow";
  }
  // Chips are only gained by taking from the box, at most 3 at a time, once per round; in the
  // resolve phase only the players resolved before the acting one have had this round's turn.
  for (int pl = 0; pl < n; ++pl) {
    int turns = s.round - 1;
    if (s.phase == kOver) {
      turns = s.round;
    } else if (s.phase == kResolve && s.acting < n) {
      turns += position(s, p, pl) < position(s, p, s.acting);
    }
    if (held_total(s, pl) > 3 * turns) return "a player holds more chips than the rounds played allow (at most 3 per round)";
  }
  if (s.phase != kResolve) {
    for (int pl = 0; pl < n; ++pl) {
      if (s.revealed[pl] != kNone) return "revealed coins exist only in the resolve phase";
    }
    if (s.acting != kNone) return "an acting player exists only in the resolve phase";
  }
  switch (s.phase) {
    case kChoose:
      if (s.outcome != kNoOutcome) return "outcome must be null before the end";
      break;
    case kResolve:
      if (s.outcome != kNoOutcome) return "outcome must be null before the end";
      for (int pl = 0; pl < n; ++pl) {
        if (s.revealed[pl] >= kCoinColors) return "every player reveals a coin colour in the resolve phase";
        if (!coin_count(s.coins[pl], s.revealed[pl])) return "a player revealed a coin they do not hold";
      }
      if (s.acting >= n) return "acting must be a player in the resolve phase";
      if (resolution(s, p, s.acting) != kAct) return "the acting player has no decision to make now";
      break;
    default:
      if (s.outcome == kEnded) {
        if (box_total(s) > 2) return "an ended game leaves 1 or 2 chips in the box";
      } else if (s.outcome == kTruncated) {
        if (s.round != p.max_rounds) return "a truncated game has round == max_rounds";
      } else {
        return "a finished game has outcome 'ended' or 'truncated'";
      }
  }
  return nullptr;
}

inline const char* ColorMafia::validate_params(const Params& p) { return check_param_ranges(kParamSpecs, p); }

}  // namespace tb::color_mafia
