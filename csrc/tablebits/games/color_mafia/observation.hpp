// Observation tensor. Everything on the table is public (perfect recall of open chip
// movements), so an observation is the whole public state, seen from the observer's seat: seat
// k of the tensor is player (observer + k) mod N.
#pragma once

#include "../../core/obs_layout.hpp"
#include "game.hpp"

namespace tb::color_mafia {

using Slice = ObsSlice<Params>;
using enum Encoding;

inline constexpr ObsLayout<Params, 9> kObsLayout{"seat", kPlayersBound<Params>, {
    Slice{"box", kChipColors, kScaled, "chips of each colour in the box, R B Y G, / chips_per_color"},
    Slice{"chips", kChipColors, kScaled, "chips held, R B Y G, / chips_per_color", true},
    Slice{"coins", kCoinColors, kScaled, "coins held, R B Y G W, / players", true},
    Slice{"revealed", kCoinColors, kOneHot, "coin revealed this round, R B Y G W", true},
    Slice{"parent", 1, kBits, "the parent", true},
    Slice{"acting", 1, kBits, "resolving now", true},
    Slice{"phase", 3, kOneHot, "choose, resolve, over"},
    Slice{"outcome", 2, kOneHot, "ended, truncated"},
    Slice{"round", 1, kScaled, "round / max_rounds"},
}};

consteval int at(std::string_view name) { return kObsLayout.offset(name); }
consteval int in_seat(std::string_view name) { return kObsLayout.in_block(name); }
consteval int in_tail(std::string_view name) { return kObsLayout.after_blocks(name); }

inline int ColorMafia::observation_size(const Params& p) { return kObsLayout.size(p); }
constexpr const auto& ColorMafia::observation_layout() { return kObsLayout; }

inline void ColorMafia::observe(const State& s, const Params& p, int player, float* out) {
  constexpr int kSeats = at("box") + kObsLayout.length("box");
  constexpr int kPerSeat = kObsLayout.block_size();
  const int n = p.players;
  const int size = kSeats + kPerSeat * n + in_tail("round") + kObsLayout.length("round");
  for (int i = 0; i < size; ++i) out[i] = 0.0f;
  const float per_color = static_cast<float>(p.chips_per_color);
  for (int c = 0; c < kChipColors; ++c) out[at("box") + c] = s.box[c] / per_color;
  for (int k = 0; k < n; ++k) {
    const int pl = (player + k) % n;
    float* seat = out + kSeats + kPerSeat * k;
    for (int c = 0; c < kChipColors; ++c) seat[in_seat("chips") + c] = s.chips[pl][c] / per_color;
    for (int c = 0; c < kCoinColors; ++c) {
      seat[in_seat("coins") + c] = static_cast<float>(coin_count(s.coins[pl], c)) / static_cast<float>(n);
    }
    if (s.revealed[pl] < kCoinColors) seat[in_seat("revealed") + s.revealed[pl]] = 1.0f;
    seat[in_seat("parent")] = s.parent == pl ? 1.0f : 0.0f;
    seat[in_seat("acting")] = s.acting == pl ? 1.0f : 0.0f;
  }
  float* tail = out + kSeats + kPerSeat * n;
  tail[in_tail("phase") + s.phase] = 1.0f;
  if (s.outcome != kNoOutcome) tail[in_tail("outcome") + s.outcome - 1] = 1.0f;
  tail[in_tail("round")] = static_cast<float>(s.round) / static_cast<float>(p.max_rounds);
}

}  // namespace tb::color_mafia
