// The ISMCTS evaluation of a determinised Hội Phố state (HoiPho::playout, picked up by the
// search's DefaultRollout; docs/games/hoi_pho.md, "Search").
//
// A game runs several rounds, and the contract of the current round is what the moves searched
// now decide. Random play to the end of the game buries that signal under the noise of every
// later round, so the playout plays randomly only to the end of the current round and then
// scores the position by each player's chance to win if every later contract went to a player
// drawn uniformly at random (the random-play expectation, without its variance). A game that
// ends within the playout is scored by its true returns.
//
// Measured (ISMCTS(1000) against three random players, 4 players, 1200 games, seed 2024): win
// share 0.488 with random play to the end, 0.546 with this cut. Variants that did not help:
// cutting after two rounds (0.534), weighting the next contract by the coins carried over
// (0.542), sending Snake, Horse and Mouse at the richest opponent in the playout (0.528),
// cutting at the end of the turn with a coin softmax for the round's contract (0.50-0.51).
#pragma once

#include <array>
#include <cstddef>

#include "../../core/drivers.hpp"
#include "game.hpp"

namespace tb::hoi_pho {

inline constexpr int pow3(int n) { return n == 0 ? 1 : 3 * pow3(n - 1); }

// kWinChance<N>[i][q]: q's chance to win from the contract counts c (i = sum_q c_q 3^q, each
// c_q <= 2: a third contract ends the game) when each later contract goes to a uniformly drawn
// player. The game ends when a player takes a third contract (that player wins) or the seventh
// contract is taken (the players with most contracts share the win: the contract-sum tie-break
// is not modelled). Rounds in which nobody takes a contract only delay this, so they are ignored.
template <int N>
inline constexpr auto kWinChance = [] {
  constexpr int size = pow3(N);
  std::array<std::array<float, N>, size> table{};
  std::array<std::array<double, N>, size> v{};
  auto counts = [](int i, int* c) {
    int sum = 0;
    for (int q = 0; q < N; ++q, i /= 3) sum += c[q] = i % 3;
    return sum;
  };
  // Every successor has one more contract: fill the table by decreasing contract total.
  for (int total = 2 * N; total >= 0; --total) {
    for (int i = 0; i < size; ++i) {
      int c[N] = {};
      if (counts(i, c) != total || total >= kContracts) continue;
      std::array<double, N> value{};
      int stride = 1;
      for (int q = 0; q < N; ++q, stride *= 3) {
        if (c[q] == 2) {  // q's third contract: q wins
          value[q] += 1.0 / N;
        } else if (total + 1 == kContracts) {  // the last contract: most contracts share
          int best = 0, ties = 0;
          for (int r = 0; r < N; ++r) {
            const int cr = c[r] + (r == q);
            if (cr > best) { best = cr; ties = 0; }
            ties += cr == best;
          }
          for (int r = 0; r < N; ++r)
            if (c[r] + (r == q) == best) value[r] += 1.0 / N / ties;
        } else {
          for (int r = 0; r < N; ++r) value[r] += v[i + stride][r] / N;
        }
      }
      v[i] = value;
      for (int r = 0; r < N; ++r) table[i][r] = static_cast<float>(value[r]);
    }
  }
  return table;
}();

// Every reachable row is a probability distribution over the winner.
template <int N>
constexpr bool win_chances_sum_to_one() {
  for (int i = 0; i < pow3(N); ++i) {
    int total = 0;
    double sum = 0.0;
    for (int q = 0, j = i; q < N; ++q, j /= 3) total += j % 3;
    for (int q = 0; q < N; ++q) sum += kWinChance<N>[static_cast<size_t>(i)][q];
    if (total < kContracts && (sum < 1.0 - 1e-5 || sum > 1.0 + 1e-5)) return false;
  }
  return true;
}
static_assert(win_chances_sum_to_one<3>() && win_chances_sum_to_one<4>() && win_chances_sum_to_one<5>());
static_assert(kWinChance<4>[0][0] == 0.25f && kWinChance<4>[2][0] > kWinChance<4>[1][0]);

template <int N>
inline void win_chances(const State& s, float* out) {
  int i = 0;
  for (int q = 0, stride = 1; q < N; ++q, stride *= 3) i += std::popcount(s.contracts[q]) * stride;
  for (int q = 0; q < N; ++q) out[q] = kWinChance<N>[static_cast<size_t>(i)][q];
}

inline void HoiPho::playout(State& s, const Params& P, Rng& rng, float* out) {
  const uint16_t round = s.round;
  while (s.phase != kOver && s.round == round) random_step<HoiPho>(s, P, rng);
  if (s.phase == kOver) {
    returns(s, P, out);
  } else if (P.players == 4) {
    win_chances<4>(s, out);
  } else if (P.players == 3) {
    win_chances<3>(s, out);
  } else {
    win_chances<5>(s, out);
  }
}

}  // namespace tb::hoi_pho
