// The Hội Phố state dict, key by key (docs/games/hoi_pho.md, "State dict"): what to_dict writes,
// what a hand-written dict may leave out (and how it is derived), and the ranges G::validate
// checks.
#pragma once

#include <array>
#include <bit>
#include <tuple>

#include "../../core/state_schema.hpp"
#include "game.hpp"

namespace tb::hoi_pho {

using Field = StateFields<State, Params>;

// The hook keys (bindings/codecs/hoi_pho.hpp): the 3-player discards, the table's {card, owner}
// entries and the skill stack.
enum StateHook { kDiscardsKey, kTableKey, kStackKey };

inline constexpr auto kSeats = kPlayersBound<Params>;
inline constexpr auto kLastSeat = kLastSeatBound<Params>;

inline constexpr auto kStateSchema = std::tuple{
    Field::Echo{"players", std::get<0>(kParamSpecs).lo, std::get<0>(kParamSpecs).hi,
                [](const Params& p) { return int{p.players}; }},
    Field::Int<&State::round>{"round", 1, {[](const Params& p) { return int{p.max_rounds}; }, "max_rounds"}},
    Field::Int<&State::turn>{"turn", 1, {[](const Params& p) { return turns_per_round(p.players); }, "turns_per_round"}},
    Field::Choice<&State::phase, kNumPhases>{"phase", std::to_array(kPhaseNames)},
    Field::Int<&State::coins>{"coins", 0, 65535, kSeats},
    // Left out before anything moved coins this turn: the coins.
    Field::Int<&State::turn_start>{.key = "coins_turn_start", .lo = 0, .hi = 65535, .count = kSeats, .need = Need::kOptional,
                                   .fill = [](State& s, const Params& p) -> const char* {
                                     if (s.phase != kDiscard && s.phase != kPlay) return "once a turn's skills resolve";
                                     for (int q = 0; q < p.players; ++q) s.turn_start[q] = s.coins[q];
                                     return nullptr;
                                   }},
    Field::Bits<&State::contracts>{.key = "contracts", .valid = (1u << kContracts) - 1,
                                   .number = [](const Params& p, int i) { return int{p.contracts[i]}; }, .count = kSeats},
    Field::Derived{.key = "deck",
                   .get = [](const State& s, const Params& p, int* out) {
                     const int taken = HoiPho::taken(s);
                     for (int i = taken; i < kContracts; ++i) out[i - taken] = p.contracts[i];
                     return kContracts - taken;
                   },
                   .error = "'deck' must be the remaining contracts, in order",
                   .list = true},
    Field::Bits<&State::hand, &State::ships>{.key = "hands", .valid = kAllMerchants, .repeat = kShip, .repeat_max = 5,
                                             .count = kSeats},
    Field::Bits<&State::removed, &State::removed_ships>{
        .key = "removed", .valid = kAllMerchants, .repeat = kShip, .repeat_max = 2, .need = Need::kOptional,
        .fill = [](State&, const Params& p) -> const char* { return p.players == 3 ? "with 3 players" : nullptr; }},
    Field::Hook{"discards", kDiscardsKey, Need::kOptional},
    Field::Hook{"table", kTableKey, Need::kOptional},
    // Left out on turn 2: everything played on turn 1, the merchants listed nowhere else.
    Field::Bits<&State::previous>{.key = "previous", .valid = kAllMerchants, .need = Need::kOptional,
                                  .fill = [](State& s, const Params& p) -> const char* {
                                    if (s.turn > 2) return "from turn 3 on";
                                    if (s.turn == 2) s.previous = HoiPho::played_earlier(s, p.players);
                                    return nullptr;
                                  }},
    Field::Int<&State::forced>{.key = "forced", .lo = 1, .hi = 15, .none = 0, .need = Need::kOptional},
    Field::Bits<&State::known>{.key = "known", .valid = kAllMerchants, .count = kSeats, .need = Need::kOptional},
    // Left out in phase over: "ended" iff someone owns 3 contracts or the deck is empty.
    Field::Choice<&State::outcome, 2>{"outcome", {"ended", "truncated"}, 1, 0, kNoOutcome, Need::kOptional,
                                      [](State& s, const Params& p) -> const char* {
                                        if (s.phase != kOver) return nullptr;
                                        bool three = false;
                                        for (int q = 0; q < p.players; ++q) three = three || std::popcount(s.contracts[q]) >= 3;
                                        s.outcome = three || HoiPho::taken(s) == kContracts ? kEnded : kTruncated;
                                        return nullptr;
                                      }},
    Field::Rng<&State::rng>{},
    Field::Hook{"stack", kStackKey, Need::kOptional},
    Field::Int<&State::skill_player>{.key = "skill_player", .lo = 0, .hi = kLastSeat, .none = kNone, .need = Need::kOptional},
    Field::Int<&State::target>{.key = "target", .lo = 0, .hi = kLastSeat, .none = kNone, .need = Need::kOptional},
    Field::Int<&State::rps_draws>{.key = "rps_draws", .lo = 0, .hi = 9, .need = Need::kOptional},
    // Left out on turn 1: everything removed this round is still on the table or discarded.
    Field::Int<&State::ships_played>{.key = "ships_played", .lo = 0,
                                     .hi = {[](const Params& p) { return 6 - p.players; }, "6 - players"},
                                     .count = kSeats, .need = Need::kOptional,
                                     .fill = [](State& s, const Params& p) -> const char* {
                                       if (s.turn != 1) return "after a round's first turn";
                                       for (int q = 0; q < p.players; ++q) {
                                         s.ships_played[q] = static_cast<uint8_t>(HoiPho::ships_visible(s, p.players, q));
                                       }
                                       return nullptr;
                                     }},
    Field::Zero<&State::reserved>{},
};

constexpr const auto& HoiPho::state_schema() { return kStateSchema; }

}  // namespace tb::hoi_pho
