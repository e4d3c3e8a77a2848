// Good Fortune parameters and the tile table.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "../../core/param_spec.hpp"

namespace tb::good_fortune {

inline constexpr int kTiles = 21;
inline constexpr int kCharms = 7;
inline constexpr int kRounds = 9;
inline constexpr int kLineSize = 3;
inline constexpr int kRackSize = 9;

inline constexpr std::array<std::string_view, kCharms> kCharmNames = {
    "cat", "clover", "ganesha", "mati", "hamsa", "horseshoe", "scarab"};

enum class Variant : uint8_t { kStandard, kGuess };
enum class Connection : uint8_t { kDomino, kShared };

struct Tile {
  uint8_t charm_a;
  uint8_t charm_b;
  uint8_t die;
};

// The default table is a balanced placeholder (the real composition is unpublished): every pair
// of distinct charms once, dice 1x4 2x5 3x6 4x6, every charm's tiles summing to 16 pips.
inline constexpr std::array<Tile, kTiles> kDefaultTiles = {{
    {5, 6, 2}, {1, 2, 2}, {6, 0, 4}, {1, 3, 3}, {4, 3, 3}, {2, 5, 4}, {0, 2, 2},
    {4, 1, 4}, {4, 6, 3}, {0, 5, 2}, {3, 6, 2}, {0, 3, 1}, {2, 4, 1}, {5, 4, 1},
    {3, 5, 4}, {0, 1, 3}, {5, 1, 3}, {4, 0, 4}, {3, 2, 3}, {1, 6, 1}, {6, 2, 4},
}};

struct Params {
  Variant variant = Variant::kStandard;
  Connection connection = Connection::kDomino;
  uint8_t must_connect = 0;  // a bool
  std::array<Tile, kTiles> tiles = kDefaultTiles;  // index i = tile number i + 1
};

inline constexpr auto kParamSpecs = std::tuple{
    ChoiceParam<&Params::variant, 2>{"variant", {"standard", "guess"},
                                     "guess: tiles are selected simultaneously"},
    ChoiceParam<&Params::connection, 2>{"connection", {"domino", "shared"},
                                        "what \"charms connect\" means: facing ends match, or any charm is shared"},
    BoolParam<&Params::must_connect>{"must_connect", "a connecting placement must be chosen when one exists"},
    ListParam<Params, 3>{"tiles", "21 [charm_a, charm_b, die] rows: two different charms (name or id 0–6), die 1–6",
                         "tile composition, index i = tile number i + 1", RowForm::kList,
                         {column<&Params::tiles, &Tile::charm_a>("charm_a", 0, kCharms - 1, kCharmNames),
                          column<&Params::tiles, &Tile::charm_b>("charm_b", 0, kCharms - 1, kCharmNames),
                          column<&Params::tiles, &Tile::die>("die", 1, 6)},
                         kTiles},
};

// The example parameter sets (ParamExample): each variant and connection rule.
inline constexpr std::array kExampleParams = {
    ParamExample<Params>{{}, true},
    ParamExample<Params>{{.variant = Variant::kGuess}, true},
    ParamExample<Params>{{.connection = Connection::kShared, .must_connect = 1}},
    ParamExample<Params>{{.variant = Variant::kGuess, .must_connect = 1}},
};

}  // namespace tb::good_fortune
