// Observation tensor (perfect information: both players see everything), from the observer's
// seat: "my" = the observer, "their" = the other player.
#pragma once

#include "../../core/obs_layout.hpp"
#include "game.hpp"
#include "scoring.hpp"

namespace tb::good_fortune {

using Slice = ObsSlice<Params>;
using enum Encoding;

// The first ten slices are one plane of kTiles slots per place a tile can be (slot t - 1: tile t).
// The last slices are derived from the others and the tile table, for a learner's sake: which
// held tiles connect where, and what the scores are and would become, are functions of the
// table that a small network would otherwise have to learn (the best score is a search over
// groupings). Scores are divided by 486, the most 9 collected tiles can score (one group of 9
// tiles showing 6 pips).
inline constexpr int kScoreScale = 486;

inline constexpr ObsLayout<Params, 26> kObsLayout{"", 0, {
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
    Slice{"connect_left", kCharms, kBits, "the charms a tile connects by at the left end"},
    Slice{"connect_right", kCharms, kBits, "the charms a tile connects by at the right end"},
    Slice{"my_left_connectors", kTiles, kBits, "tiles I hold (rack or selected) that can connect at the left end"},
    Slice{"my_right_connectors", kTiles, kBits, "tiles I hold that can connect at the right end"},
    Slice{"their_left_connectors", kTiles, kBits, "tiles they hold that can connect at the left end"},
    Slice{"their_right_connectors", kTiles, kBits, "tiles they hold that can connect at the right end"},
    Slice{"my_score", 1, kScaled, "my best score / 486"},
    Slice{"their_score", 1, kScaled, "their best score / 486"},
    Slice{"my_gains", 2, kScaled, "what my score would gain / 486 by collecting the leftmost, the rightmost line tile"},
    Slice{"their_gains", 2, kScaled, "what their score would gain / 486 by collecting the leftmost, the rightmost line tile"},
}};

consteval int at(std::string_view name) { return kObsLayout.offset(name); }

// The derived slices (see kScoreScale).
inline void observe_derived(const State& s, const Params& p, int player, float* out) {
  using G = GoodFortune;
  uint32_t with_charm[kCharms] = {};  // per charm: the tiles showing it
  for (int t = 0; t < kTiles; ++t) {
    with_charm[p.tiles[t].charm_a] |= 1u << t;
    with_charm[p.tiles[t].charm_b] |= 1u << t;
  }
  const uint8_t ends[2] = {s.line[0], s.line[kLineSize - 1]};
  uint32_t connects[2] = {};  // per end: the tiles that connect there in some orientation
  uint32_t sharing[2] = {};   // per end: the tiles sharing a charm with its tile
  for (int e = 0; e < 2; ++e) {
    const Tile& end = p.tiles[G::tile_of(ends[e])];
    sharing[e] = with_charm[end.charm_a] | with_charm[end.charm_b];
    const uint32_t charms = p.connection == Connection::kDomino
                                ? 1u << (e == 0 ? G::left_charm(ends[e], p) : G::right_charm(ends[e], p))
                                : (1u << end.charm_a) | (1u << end.charm_b);
    mark_bits(out + (e == 0 ? at("connect_left") : at("connect_right")), charms);
    for_each_bit(charms, [&](int c) { connects[e] |= with_charm[c]; });
  }
  const int connectors[2][2] = {{at("my_left_connectors"), at("my_right_connectors")},
                                {at("their_left_connectors"), at("their_right_connectors")}};
  const int scores[2] = {at("my_score"), at("their_score")};
  const int gains[2] = {at("my_gains"), at("their_gains")};
  const int owners[2] = {player, 1 - player};
  for (int k = 0; k < 2; ++k) {
    const int who = owners[k];
    const uint32_t held = s.rack[who] | (s.selected[who] != kNoTile ? 1u << s.selected[who] : 0u);
    const int score = best_score(s.collection[who], p);
    out[scores[k]] = static_cast<float>(score) / kScoreScale;
    for (int e = 0; e < 2; ++e) {
      mark_bits(out + connectors[k][e], held & connects[e]);
      const int end = G::tile_of(ends[e]);
      // A tile sharing no charm with the collection makes a group of its own: it adds its die.
      const int more = s.collection[who] & sharing[e] ? best_score(s.collection[who] | 1u << end, p)
                                                      : score + p.tiles[end].die;
      out[gains[k] + e] = static_cast<float>(more - score) / kScoreScale;
    }
  }
}

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
  observe_derived(s, p, player, out);
}

}  // namespace tb::good_fortune
