// The Fox in the Forest Duet state dict, key by key (docs/games/fox_duet.md, "State dict"):
// what to_dict writes, what a hand-written dict may leave out, and the ranges G::validate checks.
#pragma once

#include <array>
#include <string>
#include <tuple>

#include "../../core/state_schema.hpp"
#include "game.hpp"

namespace tb::fox_duet {

using Field = StateFields<State, Params>;

// The hook keys (bindings/codecs/fox_duet.hpp): the cards in no other place (deck) and the
// completed tricks' pile, which a dict may leave out when it gives the deck.
enum StateHook { kDeckKey, kPlayedKey };

inline constexpr Bound<Params> kSpaces{[](const Params& p) { return int{p.n}; }, "the board's length"};
inline constexpr Bound<Params> kHalf{[](const Params& p) { return p.c(); }, "c"};
inline constexpr auto kSuitName = [](int suit) { return std::string(1, kSuitLetters[suit]); };

inline constexpr auto kStateSchema = std::tuple{
    Field::Echo{"level", 1, 3, [](const Params& p) { return int{p.level}; }},
    Field::Int<&State::round>{"round", 1, kRounds},
    Field::Int<&State::trick>{"trick", 1, kTricks},
    Field::Int<&State::dealer>{"dealer", 0, 1},
    Field::Int<&State::leader>{"leader", 0, 1},
    Field::Choice<&State::phase, kNumPhases>{"phase", std::to_array(kPhaseNames)},
    Field::Bits<&State::hand>{.key = "hands", .valid = kAllCards, .name = card_string, .ascending = false, .count = 2},
    Field::Int<&State::decree>{.key = "decree", .lo = 0, .hi = kCards - 1, .name = card_string},
    Field::Hook{"deck", kDeckKey},
    Field::Group{
        "trick_cards",
        std::tuple{Field::Int<&State::lead>{.key = "lead", .lo = 0, .hi = kCards - 1, .none = kNoCard, .name = card_string},
         Field::Int<&State::follow>{.key = "follow", .lo = 0, .hi = kCards - 1, .none = kNoCard, .name = card_string}},
        Need::kOptional},
    Field::Int<&State::tracker>{"tracker", {[](const Params& p) { return -p.c(); }, "-c"}, kHalf},
    Field::Int<&State::gems>{"gems", 0, kTotalGems, kSpaces},
    Field::Derived{.key = "plus",
                   .get = [](const State&, const Params& p, int* out) {
                     for (int i = 0; i < p.n; ++i) out[i] = p.plus[i];
                     return int{p.n};
                   },
                   .error = "'plus' does not match the game's board",
                   .list = true,
                   .boolean = true},
    Field::Int<&State::covered>{"covered", 0, kHalf, 2},
    Field::Derived{.key = "forest_supply",
                   .get = [](const State& s, const Params&, int* out) { return *out = FoxDuet::forest_supply(s), 1; },
                   .error = "forest tokens are not conserved"},
    Field::Int<&State::gem_supply>{"gem_supply", 0, kTotalGems},
    Field::Choice<&State::outcome, 3>{"outcome", {"won", "lost_time", "lost_forest"}, 1, 0, kNone, Need::kOptional},
    Field::Rng<&State::rng>{},
    Field::Hook{"played", kPlayedKey, Need::kOptional},
    Field::Bits<&State::known>{.key = "known", .valid = kAllCards, .name = card_string, .ascending = false, .count = 2,
                               .need = Need::kOptional},
    Field::Bits<&State::voids>{.key = "voids", .valid = 7, .name = kSuitName, .ascending = false, .count = 2,
                               .need = Need::kOptional},
    Field::Int<&State::fox_target>{.key = "fox_target", .lo = 0, .hi = 1, .none = kUnset, .need = Need::kOptional},
    Field::Choice<&State::ignore, 4>{"ignore", std::to_array(kIgnoreNames), 0, 0, kUnset, Need::kOptional},
    // The sum of the gems, kept for speed (more than a byte holds is not a board).
    Field::Cache{[](State& s, const Params& p) -> const char* {
      int board_gems = 0;
      for (int i = 0; i < p.n; ++i) board_gems += s.gems[i];
      s.board_gems = static_cast<uint8_t>(board_gems);
      return board_gems > kTotalGems ? "more than 22 gems on the board" : nullptr;
    }},
    Field::Zero<&State::reserved>{},
};

constexpr const auto& FoxDuet::state_schema() { return kStateSchema; }

}  // namespace tb::fox_duet
