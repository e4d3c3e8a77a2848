// The Color Mafia state (48 bytes, no padding). Everything is public except a simultaneous
// choice not yet made, which is never stored (the joint choice is applied at once).
#pragma once

#include <cstdint>

#include "../../core/rng.hpp"
#include "params.hpp"

namespace tb::color_mafia {

enum Phase : uint8_t { kChoose = 0, kResolve = 1, kOver = 2 };
enum Outcome : uint8_t { kNoOutcome = 0, kEnded = 1, kTruncated = 2 };

inline constexpr uint8_t kNone = 0xFF;  // no revealed coin / no acting player
inline constexpr int kCoinBits = 3;     // coins[p]: 5 fields of 3 bits, colour c at bit 3c
inline constexpr uint16_t kCoinField = 7;

struct State {
  Rng rng;                                  // untouched after the setup draw
  uint16_t round;                           // 1..max_rounds
  uint8_t parent;                           // 0..N-1
  uint8_t phase;                            // Phase
  uint8_t acting;                           // resolving player in kResolve, else kNone
  uint8_t outcome;                          // Outcome; non-zero exactly in kOver
  uint8_t box[kChipColors];                 // chips in the box
  uint8_t chips[kMaxSeats][kChipColors];    // each player's chips (unused seats zero)
  uint16_t coins[kMaxSeats];                // each player's coin counts, 3 bits per colour
  uint8_t revealed[kMaxSeats];              // coin colour 0..4 in kResolve, else kNone
  uint8_t reserved[2];                      // always zero
};

static_assert(sizeof(State) == 48);

inline constexpr int coin_count(uint16_t coins, int color) {
  return (coins >> (kCoinBits * color)) & kCoinField;
}

}  // namespace tb::color_mafia
