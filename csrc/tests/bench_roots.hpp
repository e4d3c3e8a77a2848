// Search roots for the benchmark drivers (bench.cpp, bench_network.cpp): states along random
// games, the same sequence for a given seed.
#pragma once

#include "tablebits/core/drivers.hpp"

namespace tb_bench {

// Moves `s` a few random steps on (a new game whenever one ends) and returns the player to
// search for: the one to move, or at a simultaneous node the first one acting.
template <tb::Game G>
int next_root(typename G::State& s, const typename G::Params& p, tb::Rng& rng) {
  for (int k = 0; k < 3; ++k) {
    if (G::current_player(s, p) == tb::kTerminal) G::init(s, p, rng.next());
    tb::random_step<G>(s, p, rng);
  }
  if (G::current_player(s, p) == tb::kTerminal) G::init(s, p, rng.next());
  int player = G::current_player(s, p);
  for (int pl = 0; player < 0; ++pl)
    if (G::legal_mask(s, p, pl)) player = pl;
  return player;
}

}  // namespace tb_bench
