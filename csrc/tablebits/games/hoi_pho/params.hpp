// Hội Phố parameters and card tables (rules and project
// notes: docs/games/hoi_pho.md).
#pragma once

#include <array>
#include <cstdint>

#include "../../core/param_spec.hpp"

namespace tb::hoi_pho {

inline constexpr int kContracts = 7;
// Coins are 16-bit. At every round start each player's coins are capped at the top contract, and
// a round adds at most a few hundred coins in all, so contract numbers up to kMaxContract keep
// every reachable coin count (even all coins of 5 players in one hand) below kMaxCoinSum.
inline constexpr int kMaxContract = 10000;
inline constexpr int kMaxCoinSum = 60000;

struct Params {
  uint8_t players = 4;
  uint8_t sheep_tie = 1;
  uint8_t rps_chance = 0;  // index into the "rps" choices
  uint8_t reserved = 0;
  uint16_t max_rounds = 100;
  std::array<uint16_t, kContracts> contracts = {5, 7, 9, 11, 13, 15, 17};
};

inline constexpr auto kParamSpecs = std::tuple{
    IntParam<&Params::players>{"players", 3, 5, "number of players"},
    ListParam<Params, 1>{"contracts", "7 strictly increasing ints in 0–10000", "contract numbers, smallest on top of the deck",
                         RowForm::kBare, {column<&Params::contracts>("contract", 0, kMaxContract)}, kContracts},
    BoolParam<&Params::sheep_tie>{"sheep_tie", "the Sheep (10) also succeeds when tied for the least money"},
    ChoiceParam<&Params::rps_chance, 2>{"rps", {"play", "chance"},
                                        "the Mouse (1): real simultaneous rock-paper-scissors, or a fair coin flip"},
    IntParam<&Params::max_rounds>{"max_rounds", 1, 1000, "safety cap: the game is truncated after this many rounds"},
};

// The example parameter sets (ParamExample): each player count (5 with the Mouse's duel by
// chance), and a 3-player game cut short after 2 rounds.
inline constexpr std::array kExampleParams = {
    ParamExample<Params>{{}, true},
    ParamExample<Params>{{.players = 3}, true},
    ParamExample<Params>{{.players = 5, .rps_chance = 1}, true},
    ParamExample<Params>{{.players = 3, .max_rounds = 2}},
};

// Card numbers: 0 is a ship, 1..15 the merchants (a merchant's number is also its skill).
enum Card : int {
  kShip = 0, kMouse, kBuffalo, kTiger, kRabbit, kCat, kNaga, kDragon, kSnake, kHorse, kSheep, kGoat,
  kMonkey, kChicken, kDog, kPig
};

// Merchant n -> coins for the highest (1st) and second-highest (2nd) reputation.
inline constexpr uint8_t kFirst[16] = {0, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5};
inline constexpr uint8_t kSecond[16] = {0, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2};

inline constexpr int turns_per_round(int n) { return n == 5 ? 3 : 4; }
inline constexpr int dealt_per_player(int n) { return n == 3 ? 5 : n == 4 ? 4 : 3; }
inline constexpr int base_hand(int n) { return n == 5 ? 4 : 5; }  // hand size when turn 1 starts

}  // namespace tb::hoi_pho
