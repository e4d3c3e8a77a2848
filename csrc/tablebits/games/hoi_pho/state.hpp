// The bitpacked Hội Phố state (96 bytes, no padding). Card sets are 16-bit masks: bit n is
// merchant n (1..15); in hands bit 0 is unused and ships are counted separately; on the table
// bit 0 of a player's mask is the ship that player played this turn (a player plays at most one
// ship per turn and Naga never moves ships). Cards played in earlier turns (other than the
// previous turn's merchants) are in no field, exactly as in the state dict.
#pragma once

#include <cstdint>

#include "../../core/rng.hpp"

namespace tb::hoi_pho {

enum Phase : uint8_t {
  kDiscard = 0, kPlay, kTarget, kName, kNagaPlay, kNagaTake, kCopy, kRps, kOver, kNumPhases
};
enum Outcome : uint8_t { kNoOutcome = 0, kEnded, kTruncated };

inline constexpr uint8_t kNone = 0xFF;  // null player (skill_player, target)

struct State {
  Rng rng;                   // chance: the deal, Mouse coin flips
  uint16_t coins[5];
  uint16_t turn_start[5];    // coins_turn_start
  uint16_t hand[5];          // merchants in hand
  uint16_t known[5];         // merchants publicly known in that hand (subset of hand)
  uint16_t table[5];         // this turn's cards by owner; bit 0 = a ship
  uint16_t previous;         // merchants left on the table when the previous turn ended
  uint16_t removed;          // 3 players: merchants removed face up at the deal
  uint16_t round;            // 1..max_rounds
  uint8_t ships[5];          // ships in hand
  uint8_t contracts[5];      // bit i: owns contract i (the i-th of the contracts parameter)
  uint8_t discards[3];       // 3 players after the discard node: the card each seat discarded
  uint8_t removed_ships;     // 3 players: ships among the removed cards
  uint8_t turn;              // 1..T
  uint8_t phase;             // Phase
  uint8_t outcome;           // Outcome
  uint8_t forced;            // pending Rabbit order: a merchant, or 0 for none
  uint8_t depth;             // skill stack size; entries below the top are all kNaga
  uint8_t top;               // top of the skill stack (0 when empty)
  uint8_t skill_player;      // player resolving the stack, or kNone
  uint8_t target;            // phase rps: the Mouse's opponent, else kNone
  uint8_t rps_draws;         // consecutive RPS draws (phase rps), else 0
  uint8_t ships_played[5];   // ships each seat played or discarded this round (public)
  uint8_t reserved[4];       // always 0
};

static_assert(sizeof(State) == 96);

}  // namespace tb::hoi_pho
