// The Good Fortune state dict, key by key (docs/games/good_fortune.md, "State dict"): what
// to_dict writes, what a hand-written dict may leave out, and the ranges G::validate checks.
#pragma once

#include <string>
#include <tuple>

#include "../../core/state_schema.hpp"
#include "game.hpp"

namespace tb::good_fortune {

using Field = StateFields<State, Params>;

// The hook key (bindings/codecs/good_fortune.hpp): the line's [tile, left charm, right charm]
// entries.
enum StateHook { kLineKey };

inline constexpr auto kStateSchema = std::tuple{
    Field::Int<&State::round>{"round", 1, kRounds},
    Field::Choice<&State::phase, 3>{"phase", {"select", "place", "over"}},
    Field::Group{
        "token",
        std::tuple{Field::Int<&State::holder>{"holder", 0, 1},
         Field::Derived{.key = "face",
                        .get = [](const State& s, const Params&, int* out) { return *out = !GoodFortune::small_face(s), 1; },
                        .error = "token face must be small on odd rounds and big on even rounds (flipped once more "
                                 "when the game is over)",
                        .name = [](int big) { return std::string(big ? "big" : "small"); }}}},
    Field::Bits<&State::rack>{.key = "racks", .valid = kAllTiles, .offset = 1, .count = 2},
    Field::Int<&State::selected>{.key = "selected", .lo = 1, .hi = kTiles, .count = 2, .none = kNoTile, .offset = 1,
                                 .need = Need::kOptional},
    Field::Hook{"line", kLineKey},
    Field::Bits<&State::collection>{.key = "collections", .valid = kAllTiles, .offset = 1, .count = 2},
    Field::Derived{.key = "discarded",
                   .get = [](const State& s, const Params&, int* out) { return bits_to_values(GoodFortune::discarded(s), out, 1); },
                   .error = "'discarded' must list exactly the tiles in no other place",
                   .list = true},
};

constexpr const auto& GoodFortune::state_schema() { return kStateSchema; }

}  // namespace tb::good_fortune
