// The Good Fortune state dict, key by key (docs/games/good_fortune.md, "State dict"): what
// to_dict writes, what a hand-written dict may leave out, and the ranges G::validate checks.
#pragma once

#include <tuple>

#include "../../core/state_schema.hpp"
#include "game.hpp"

namespace tb::good_fortune {

using Field = StateFields<State, Params>;

// The hook keys (bindings/codecs/good_fortune.hpp): the token {holder, face}, the line's
// [tile, left charm, right charm] entries, and the discarded tiles (every tile in no other place).
enum StateHook { kTokenKey, kLineKey, kDiscardedKey };

inline constexpr auto kStateSchema = std::tuple{
    Field::Int<&State::round>{"round", 1, kRounds},
    Field::Choice<&State::phase, 3>{"phase", {"select", "place", "over"}},
    Field::Hook{"token", kTokenKey},
    Field::Bits<&State::rack>{.key = "racks", .valid = kAllTiles, .offset = 1, .count = 2},
    Field::Int<&State::selected>{.key = "selected", .lo = 1, .hi = kTiles, .count = 2, .none = kNoTile, .offset = 1,
                                 .need = Need::kOptional},
    Field::Hook{"line", kLineKey},
    Field::Bits<&State::collection>{.key = "collections", .valid = kAllTiles, .offset = 1, .count = 2},
    Field::Hook{"discarded", kDiscardedKey, Need::kOptional},
};

constexpr const auto& GoodFortune::state_schema() { return kStateSchema; }

}  // namespace tb::good_fortune
