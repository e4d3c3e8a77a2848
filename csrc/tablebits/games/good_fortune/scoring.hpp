// Optimal grouping: each collected tile joins the group of one of its two charms, a group scores
// (sum of dice) x (tiles in it), and a player's score is the best total over all assignments.
//
// Tiles are edges of a multigraph on the 7 charms. A tile whose charm u appears on no other
// collected tile can go to its other charm w without loss: moving it from the singleton group u
// to w changes the total by S_w + n_w * d >= 0. Peeling such tiles repeatedly leaves the 2-core,
// usually a handful of tiles, which is searched exhaustively in Gray-code order so each step
// updates just two groups.
#pragma once

#include <bit>
#include <cstdint>

#include "../../core/bits.hpp"
#include "params.hpp"

namespace tb::good_fortune {

inline int best_score(uint32_t collection, const Params& p) {
  int count[kCharms] = {}, pips[kCharms] = {}, degree[kCharms] = {};
  uint8_t end_a[kTiles], end_b[kTiles], die[kTiles];
  int edges = 0;
  for_each_bit(collection, [&](int t) {
    const Tile& tile = p.tiles[t];
    end_a[edges] = tile.charm_a;
    end_b[edges] = tile.charm_b;
    die[edges] = tile.die;
    ++degree[tile.charm_a];
    ++degree[tile.charm_b];
    ++edges;
  });

  auto assign = [&](int e, int charm) {
    ++count[charm];
    pips[charm] += die[e];
    --degree[end_a[e]];
    --degree[end_b[e]];
  };
  auto is_leaf = [&](int charm) { return degree[charm] == 1 && count[charm] == 0; };

  // Peel: pending edges are compacted to the front; forced ones are assigned and dropped.
  int core = edges;
  for (bool changed = true; changed;) {
    changed = false;
    for (int e = 0; e < core;) {
      const int keep = is_leaf(end_a[e]) ? end_b[e] : is_leaf(end_b[e]) ? end_a[e] : -1;
      if (keep < 0) {
        ++e;
        continue;
      }
      assign(e, keep);
      --core;
      end_a[e] = end_a[core];
      end_b[e] = end_b[core];
      die[e] = die[core];
      changed = true;
    }
  }

  bool on_b[kTiles] = {};
  for (int e = 0; e < core; ++e) assign(e, end_a[e]);
  int total = 0;
  for (int c = 0; c < kCharms; ++c) total += count[c] * pips[c];
  int best = total;
  for (uint32_t i = 1; i < (1u << core); ++i) {
    const int e = std::countr_zero(i);
    const int from = on_b[e] ? end_b[e] : end_a[e];
    const int to = on_b[e] ? end_a[e] : end_b[e];
    on_b[e] = !on_b[e];
    total -= count[from] * pips[from] + count[to] * pips[to];
    --count[from];
    pips[from] -= die[e];
    ++count[to];
    pips[to] += die[e];
    total += count[from] * pips[from] + count[to] * pips[to];
    if (total > best) best = total;
  }
  return best;
}

}  // namespace tb::good_fortune
