// Observation tensor (perfect information: both players see everything), from the observer's
// seat: "my" = the observer, "their" = the other player.
#pragma once

#include "../../core/obs_layout.hpp"
#include "game.hpp"

namespace tb::good_fortune {

using Slice = ObsSlice<Params>;
using enum Encoding;

// The first ten slices are one plane of kTiles slots per place a tile can be (slot t - 1: tile t).
inline constexpr ObsLayout<Params, 16> kObsLayout{"", 0, {
    Slice{"my_rack", kTiles, kBits, "tiles in my rack"},
    Slice{"their_rack", kTiles, kBits, "tiles in their rack"},
    Slice{"my_selected", kTiles, kOneHot, "the tile I selected and have not placed"},
    Slice{"their_selected", kTiles, kOneHot, "the tile they selected and have not placed"},
    Slice{"my_collection", kTiles, kBits, "tiles in my collection"},
    Slice{"their_collection", kTiles, kBits, "tiles in their collection"},
    Slice{"line_left", kTiles, kOneHot, "the leftmost line tile"},
    Slice{"line_middle", kTiles, kOneHot, "the middle line tile"},
    Slice{"line_right", kTiles, kOneHot, "the rightmost line tile"},
    Slice{"discarded", kTiles, kBits, "discarded tiles"},
    Slice{"line_flipped", kLineSize, kBits, "per line position: the tile's left charm is its charm_b"},
    Slice{"round", kRounds, kOneHot, "slot r - 1 for round r"},
    Slice{"phase", 3, kOneHot, "select, place, over"},
    Slice{"small_face", 1, kBits, "the token shows small"},
    Slice{"holds_token", 1, kBits, "I hold the token"},
    Slice{"to_act", 1, kBits, "I have a legal action now"},
}};

consteval int at(std::string_view name) { return kObsLayout.offset(name); }

inline int GoodFortune::observation_size(const Params&) { return kObsLayout.fixed_size(); }
constexpr const auto& GoodFortune::observation_layout() { return kObsLayout; }

inline void GoodFortune::observe(const State& s, const Params& p, int player, float* out) {
  constexpr int kSize = kObsLayout.fixed_size();
  for (int i = 0; i < kSize; ++i) out[i] = 0.0f;
  const int other = 1 - player;
  mark_bits(out + at("my_rack"), s.rack[player]);
  mark_bits(out + at("their_rack"), s.rack[other]);
  if (s.selected[player] != kNoTile) out[at("my_selected") + s.selected[player]] = 1.0f;
  if (s.selected[other] != kNoTile) out[at("their_selected") + s.selected[other]] = 1.0f;
  mark_bits(out + at("my_collection"), s.collection[player]);
  mark_bits(out + at("their_collection"), s.collection[other]);
  for (int i = 0; i < kLineSize; ++i) {
    out[at("line_left") + i * kTiles + tile_of(s.line[i])] = 1.0f;
    out[at("line_flipped") + i] = (s.line[i] & kFlipped) ? 1.0f : 0.0f;
  }
  mark_bits(out + at("discarded"), discarded(s));
  out[at("round") + s.round - 1] = 1.0f;
  out[at("phase") + s.phase] = 1.0f;
  out[at("small_face")] = small_face(s) ? 1.0f : 0.0f;
  out[at("holds_token")] = s.holder == player ? 1.0f : 0.0f;
  out[at("to_act")] = legal_mask(s, p, player) ? 1.0f : 0.0f;
}

}  // namespace tb::good_fortune
