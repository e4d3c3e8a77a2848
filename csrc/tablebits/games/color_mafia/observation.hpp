// Observation tensor. Everything on the table is public (perfect recall of open chip
// movements), so an observation is the whole public state, seen from the observer's seat: seat
// k of the tensor is player (observer + k) mod N.
#pragma once

#include "game.hpp"

namespace tb::color_mafia {

// Layout: box (4) | per seat: chips (4), coins (5), revealed one-hot (5), parent, acting (16)
// | phase one-hot (3) | outcome one-hot ended/truncated (2) | round / max_rounds (1).
inline constexpr int kObsBox = 0;
inline constexpr int kObsSeats = kObsBox + kChipColors;
inline constexpr int kObsPerSeat = kChipColors + kCoinColors + kCoinColors + 2;

inline int ColorMafia::observation_size(const Params& p) { return kObsSeats + kObsPerSeat * p.players + 6; }

inline void ColorMafia::observe(const State& s, const Params& p, int player, float* out) {
  const int n = p.players;
  const int size = observation_size(p);
  for (int i = 0; i < size; ++i) out[i] = 0.0f;
  const float per_color = static_cast<float>(p.chips_per_color);
  for (int c = 0; c < kChipColors; ++c) out[kObsBox + c] = s.box[c] / per_color;
  for (int k = 0; k < n; ++k) {
    const int pl = (player + k) % n;
    float* seat = out + kObsSeats + kObsPerSeat * k;
    for (int c = 0; c < kChipColors; ++c) seat[c] = s.chips[pl][c] / per_color;
    for (int c = 0; c < kCoinColors; ++c) {
      seat[kChipColors + c] = static_cast<float>(coin_count(s.coins[pl], c)) / static_cast<float>(n);
    }
    if (s.revealed[pl] < kCoinColors) seat[kChipColors + kCoinColors + s.revealed[pl]] = 1.0f;
    seat[kObsPerSeat - 2] = s.parent == pl ? 1.0f : 0.0f;
    seat[kObsPerSeat - 1] = s.acting == pl ? 1.0f : 0.0f;
  }
  float* tail = out + kObsSeats + kObsPerSeat * n;
  tail[s.phase] = 1.0f;
  if (s.outcome != kNoOutcome) tail[3 + s.outcome - 1] = 1.0f;
  tail[5] = static_cast<float>(s.round) / static_cast<float>(p.max_rounds);
}

}  // namespace tb::color_mafia
