// Hội Phố parameters and card tables (spec: shared/rules/hoi_pho.md; project notes:
// docs/games/hoi_pho.md).
#pragma once

#include <array>
#include <cstdint>

namespace tb::hoi_pho {

inline constexpr int kContracts = 7;
// Coins are 16-bit. At every round start each player's coins are capped at the top contract, and
// a round adds at most a few hundred coins in all, so contract numbers up to kMaxContract keep
// every reachable coin count (even all coins of 5 players in one hand) below kMaxCoinSum.
inline constexpr int kMaxContract = 10000;
inline constexpr int kMaxCoinSum = 60000;

struct Params {
  uint8_t players = 4;        // 3..5
  uint8_t sheep_tie = 1;      // bool
  uint8_t rps_chance = 0;     // 0: rps = "play", 1: rps = "chance"
  uint8_t reserved = 0;
  uint16_t max_rounds = 100;  // 1..1000
  std::array<uint16_t, kContracts> contracts = {5, 7, 9, 11, 13, 15, 17};
};

// Merchant n -> coins for the highest (1st) and second-highest (2nd) reputation.
inline constexpr uint8_t kFirst[16] = {0, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5};
inline constexpr uint8_t kSecond[16] = {0, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2};

inline constexpr int turns_per_round(int n) { return n == 5 ? 3 : 4; }
inline constexpr int dealt_per_player(int n) { return n == 3 ? 5 : n == 4 ? 4 : 3; }
inline constexpr int base_hand(int n) { return n == 5 ? 4 : 5; }  // hand size when turn 1 starts

}  // namespace tb::hoi_pho
