// Fox in the Forest Duet parameters: difficulty level and the forest path (rules
// and notes: docs/games/fox_duet.md). The board lives in fixed arrays so
// Params stays trivially copyable.
#pragma once

#include <array>
#include <cstdint>

#include "../../core/param_spec.hpp"

namespace tb::fox_duet {

inline constexpr int kCards = 30;
inline constexpr int kHandSize = 11;
inline constexpr int kTricks = 11;
inline constexpr int kRounds = 3;
inline constexpr int kMaxSpaces = 21;
inline constexpr int kMinSpaces = 5;
inline constexpr int kTotalGems = 22;
inline constexpr int kTotalForest = 4;
inline constexpr int kMaxGemsPerSpace = 3;

struct Params {
  uint8_t level = 1;       // victory base 10 x level
  uint8_t n = 11;          // spaces on the path, odd, 5..21
  uint8_t start_gems = 12; // sum of gems
  uint8_t num_plus = 5;    // count of plus spaces
  // Side A by default; the unused tail past n stays 0.
  std::array<uint8_t, kMaxSpaces> gems = {1, 1, 2, 1, 1, 0, 1, 1, 2, 1, 1};
  std::array<uint8_t, kMaxSpaces> plus = {0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0};  // 0/1

  constexpr int c() const { return n / 2; }
};

inline constexpr auto kParamSpecs = std::tuple{
    IntParam<&Params::level>{"level", 1, 3, "difficulty; sets the victory score base 10 / 20 / 30"},
    // None keeps Side A; the path's shape (odd length, empty centre, gem total) is checked by
    // FoxDuet::validate_params.
    ListParam<Params, 2>{"board", "an odd number (5–21) of {\"gems\": 0–3, \"plus\": bool} spaces",
                         "the forest path, left to right; default Side A (levels 2 and 3 need a board)", RowForm::kDict,
                         {column<&Params::gems>("gems", 0, kMaxGemsPerSpace), column<&Params::plus>("plus", 0, 1, {}, true)},
                         kMaxSpaces, [](const Params& p) { return int{p.n}; },
                         [](Params& p, int rows) {
                           p.n = static_cast<uint8_t>(rows);
                           p.start_gems = p.num_plus = 0;
                           for (int i = 0; i < kMaxSpaces; ++i) {
                             if (i >= rows) p.gems[i] = p.plus[i] = 0;
                             p.start_gems = static_cast<uint8_t>(p.start_gems + p.gems[i]);
                             p.num_plus = static_cast<uint8_t>(p.num_plus + p.plus[i]);
                           }
                         },
                         true,
                         [](const Params& p) -> const char* {
                           return p.level == 1 ? nullptr
                                               : "levels 2 and 3 are played on Side B, whose layout is not "
                                                 "published/available; pass a layout with board=[{\"gems\": .., "
                                                 "\"plus\": ..}, ...]";
                         }},
};

// The example parameter sets (ParamExample): Side A, and a 7-space path (3 starting gems, 2 `+`
// spaces) on which random play often wins, at levels 1 and 3.
inline constexpr Params kSmallBoard{.n = 7, .start_gems = 3, .num_plus = 2, .gems = {1, 0, 1, 0, 0, 1, 0},
                                    .plus = {0, 1, 0, 0, 0, 1, 0}};
inline constexpr std::array kExampleParams = {
    ParamExample<Params>{{}, true},
    ParamExample<Params>{kSmallBoard},
    ParamExample<Params>{{.level = 3, .n = 7, .start_gems = 3, .num_plus = 2, .gems = kSmallBoard.gems,
                          .plus = kSmallBoard.plus}},
};

}  // namespace tb::fox_duet
