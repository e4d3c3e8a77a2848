// Color Mafia parameters and the chip-multiset table (docs/games/color_mafia.md).
#pragma once

#include <array>
#include <cstdint>

#include "../../core/game.hpp"
#include "../../core/param_spec.hpp"

namespace tb::color_mafia {

inline constexpr int kChipColors = 4;   // R B Y G
inline constexpr int kCoinColors = 5;   // R B Y G W
inline constexpr int kWhite = 4;
inline constexpr int kMaxSeats = 4;
inline constexpr int kChipBase = 5;     // ids 5..38: multisets of 1-3 chips
inline constexpr int kMultisets = 34;
inline constexpr int kActions = kChipBase + kMultisets;  // 39

inline constexpr char kColorLetters[kCoinColors + 1] = "RBYGW";

struct Params {
  uint8_t players = 4;
  uint8_t chips_per_color = 10;
  uint16_t max_rounds = 100;
};

inline constexpr auto kParamSpecs = std::tuple{
    IntParam<&Params::players>{"players", 3, 4, "number of players"},
    IntParam<&Params::chips_per_color>{"chips_per_color", 2, 30, "fashion chips of each of the 4 colours in the box at the start"},
    IntParam<&Params::max_rounds>{"max_rounds", 1, 10000, "safety cap: the game is truncated after this many rounds"},
};

// The example parameter sets (ParamExample): the defaults, 3 players, a short box, and a tiny
// game that truncates.
inline constexpr std::array kExampleParams = {
    ParamExample<Params>{{}, true},
    ParamExample<Params>{{.players = 3}, true},
    ParamExample<Params>{{.players = 4, .chips_per_color = 3}},
    ParamExample<Params>{{.players = 3, .chips_per_color = 2, .max_rounds = 5}},
};
static_assert(std::get<0>(kParamSpecs).hi <= kMaxSeats, "the state has kMaxSeats seats");

// Multisets by size, then lexicographically in colour order R < B < Y < G.
struct Multiset {
  uint8_t count[kChipColors];
  uint8_t size;
};

inline constexpr std::array<Multiset, kMultisets> kMultisetTable = [] {
  std::array<Multiset, kMultisets> t{};
  int i = 0;
  for (int size = 1; size <= 3; ++size) {
    for (int a = 0; a < kChipColors; ++a) {
      for (int b = size >= 2 ? a : 0; b < (size >= 2 ? kChipColors : 1); ++b) {
        for (int c = size >= 3 ? b : 0; c < (size >= 3 ? kChipColors : 1); ++c) {
          Multiset m{};
          m.size = static_cast<uint8_t>(size);
          ++m.count[a];
          if (size >= 2) ++m.count[b];
          if (size >= 3) ++m.count[c];
          t[i++] = m;
        }
      }
    }
  }
  return t;
}();

// Action-id masks over ids 5..38.
inline constexpr std::array<ActionMask, 4> kSizeMask = [] {
  std::array<ActionMask, 4> t{};
  for (int i = 0; i < kMultisets; ++i) t[kMultisetTable[i].size] |= ActionMask{1} << (kChipBase + i);
  return t;
}();

// Multisets made of colour x only.
inline constexpr std::array<ActionMask, kChipColors> kMonoMask = [] {
  std::array<ActionMask, kChipColors> t{};
  for (int i = 0; i < kMultisets; ++i) {
    for (int x = 0; x < kChipColors; ++x) {
      if (kMultisetTable[i].count[x] == kMultisetTable[i].size) t[x] |= ActionMask{1} << (kChipBase + i);
    }
  }
  return t;
}();

// Multisets contained in a pool; index = sum over colours of min(count, 3) << (2 * colour).
inline constexpr std::array<ActionMask, 256> kContainedMask = [] {
  std::array<ActionMask, 256> t{};
  for (int idx = 0; idx < 256; ++idx) {
    for (int i = 0; i < kMultisets; ++i) {
      bool ok = true;
      for (int x = 0; x < kChipColors; ++x) ok = ok && kMultisetTable[i].count[x] <= ((idx >> (2 * x)) & 3);
      if (ok) t[idx] |= ActionMask{1} << (kChipBase + i);
    }
  }
  return t;
}();

static_assert(kMultisetTable[0].count[0] == 1 && kMultisetTable[4].count[0] == 2);
static_assert(kMultisetTable[33].count[3] == 3 && kMultisetTable[14].count[0] == 3);
static_assert(kMultisetTable[19].count[0] == 1 && kMultisetTable[19].count[1] == 1 &&
              kMultisetTable[19].count[2] == 1);  // id 24 = RBY

}  // namespace tb::color_mafia
