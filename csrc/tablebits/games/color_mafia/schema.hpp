// The Color Mafia state dict, key by key (docs/games/color_mafia.md, "State dict"): what
// to_dict writes, what a hand-written dict may leave out, and the ranges G::validate checks.
#pragma once

#include <tuple>

#include "../../core/state_schema.hpp"
#include "game.hpp"

namespace tb::color_mafia {

using Field = StateFields<State, Params>;

inline constexpr auto kLastSeat = kLastSeatBound<Params>;
inline constexpr auto kSeats = kPlayersBound<Params>;
inline constexpr Bound<Params> kChipsPerColor{[](const Params& p) { return int{p.chips_per_color}; }, "chips_per_color"};

inline constexpr auto kStateSchema = std::tuple{
    Field::Echo{"players", std::get<0>(kParamSpecs).lo, std::get<0>(kParamSpecs).hi,
                [](const Params& p) { return int{p.players}; }},
    Field::Int<&State::round>{"round", 1, {[](const Params& p) { return int{p.max_rounds}; }, "max_rounds"}},
    Field::Int<&State::parent>{"parent", 0, kLastSeat},
    Field::Choice<&State::phase, 3>{"phase", {"choose", "resolve", "over"}},
    // Left out: the chips nobody holds (a colour overdrawn wraps, and validate rejects it).
    Field::Counts{"box", "RBYG", kChipsPerColor, [](const State& s, int, int c) { return int{s.box[c]}; },
                  [](State& s, int, int c, int v) { s.box[c] = static_cast<uint8_t>(v); }, 0, Need::kOptional,
                  [](State& s, const Params& p) -> const char* {
                    for (int c = 0; c < kChipColors; ++c) {
                      int nobody = p.chips_per_color;
                      for (int pl = 0; pl < p.players; ++pl) nobody -= s.chips[pl][c];
                      s.box[c] = static_cast<uint8_t>(nobody);
                    }
                    return nullptr;
                  }},
    Field::Counts{"chips", "RBYG", kChipsPerColor, [](const State& s, int pl, int c) { return int{s.chips[pl][c]}; },
                  [](State& s, int pl, int c, int v) { s.chips[pl][c] = static_cast<uint8_t>(v); }, kSeats},
    Field::Counts{"coins", "RBYGW", 5, [](const State& s, int pl, int c) { return coin_count(s.coins[pl], c); },
                  [](State& s, int pl, int c, int v) {
                    s.coins[pl] = static_cast<uint16_t>((s.coins[pl] & ~(kCoinField << (kCoinBits * c))) | v << (kCoinBits * c));
                  },
                  kSeats},
    Field::Choice<&State::revealed, 5>{"revealed", {"R", "B", "Y", "G", "W"}, 0, kSeats, kNone, Need::kOptional},
    Field::Int<&State::acting>{.key = "acting", .lo = 0, .hi = kLastSeat, .none = kNone, .need = Need::kOptional},
    Field::Choice<&State::outcome, 2>{"outcome", {"ended", "truncated"}, 1, 0, kNoOutcome, Need::kOptional},
    Field::Rng<&State::rng>{},
    Field::Zero<&State::reserved>{},
};

constexpr const auto& ColorMafia::state_schema() { return kStateSchema; }

}  // namespace tb::color_mafia
