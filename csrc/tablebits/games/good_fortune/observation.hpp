// Observation tensor (perfect information: both players see everything).
#pragma once

#include "game.hpp"

namespace tb::good_fortune {

// Per-tile location planes, from the observer's seat: where each of the 21 tiles is.
enum Plane : int {
  kMyRack, kTheirRack, kMySelected, kTheirSelected, kMyCollection, kTheirCollection,
  kLineLeft, kLineMiddle, kLineRight, kDiscarded, kPlanes
};
inline constexpr int kObsFlips = kPlanes * kTiles;  // 3 line-orientation flags
inline constexpr int kObsRound = kObsFlips + kLineSize;
inline constexpr int kObsPhase = kObsRound + kRounds;
inline constexpr int kObsFlags = kObsPhase + 3;  // small face, I hold the token, I act
inline constexpr int kObsSize = kObsFlags + 3;

inline int GoodFortune::observation_size(const Params&) { return kObsSize; }

inline void GoodFortune::observe(const State& s, const Params& p, int player, float* out) {
  for (int i = 0; i < kObsSize; ++i) out[i] = 0.0f;
  const int other = 1 - player;
  uint32_t placed = 0;
  auto mark = [&](int plane, uint32_t mask) {
    placed |= mask;
    mark_bits(out + plane * kTiles, mask);
  };
  mark(kMyRack, s.rack[player]);
  mark(kTheirRack, s.rack[other]);
  if (s.selected[player] != kNoTile) mark(kMySelected, 1u << s.selected[player]);
  if (s.selected[other] != kNoTile) mark(kTheirSelected, 1u << s.selected[other]);
  mark(kMyCollection, s.collection[player]);
  mark(kTheirCollection, s.collection[other]);
  for (int i = 0; i < kLineSize; ++i) {
    mark(kLineLeft + i, 1u << tile_of(s.line[i]));
    out[kObsFlips + i] = (s.line[i] & kFlipped) ? 1.0f : 0.0f;
  }
  mark(kDiscarded, kAllTiles & ~placed);
  out[kObsRound + s.round - 1] = 1.0f;
  out[kObsPhase + s.phase] = 1.0f;
  out[kObsFlags] = small_face(s) ? 1.0f : 0.0f;
  out[kObsFlags + 1] = s.holder == player ? 1.0f : 0.0f;
  out[kObsFlags + 2] = legal_mask(s, p, player) ? 1.0f : 0.0f;
}

}  // namespace tb::good_fortune
