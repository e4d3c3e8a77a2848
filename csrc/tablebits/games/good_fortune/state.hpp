// The bitpacked Good Fortune state (24 bytes, no padding). Tiles are indices 0..20 (tile number
// minus one); sets of tiles are 21-bit masks. Discarded tiles are the ones in no other place.
#pragma once

#include <cstdint>

namespace tb::good_fortune {

enum Phase : uint8_t { kSelect = 0, kPlace = 1, kOver = 2 };

inline constexpr uint8_t kNoTile = 0xFF;
inline constexpr uint8_t kFlipped = 0x80;    // line-entry bit: charm_b is the tile's left charm
inline constexpr uint8_t kTileBits = 0x1F;

struct State {
  uint32_t rack[2];
  uint32_t collection[2];
  uint8_t line[3];      // left to right: tile index | kFlipped
  uint8_t selected[2];  // tile index or kNoTile
  uint8_t round;        // 1..9
  uint8_t phase;        // Phase
  uint8_t holder;       // token holder; the face is derived (small on odd rounds, flipped at end)
};

static_assert(sizeof(State) == 24);

}  // namespace tb::good_fortune
