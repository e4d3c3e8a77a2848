// Generic drivers written once over the Game concept: random legal actions and full rollouts.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>

#include "bits.hpp"
#include "game.hpp"
#include "rng.hpp"

namespace tb {

// A uniformly random set bit of a non-empty mask.
inline int random_action(ActionMask mask, Rng& rng) noexcept {
  return nth_set_bit(mask, static_cast<int>(rng.uniform(static_cast<uint32_t>(popcount(mask)))));
}

// Plays one random legal move (sequential or joint). Returns false if the state is terminal.
template <Game G>
inline bool random_step(typename G::State& s, const typename G::Params& p, Rng& policy) {
  const int cur = G::current_player(s, p);
  if (cur == kTerminal) return false;
  if (cur >= 0) {
    G::apply(s, p, random_action(G::legal_mask(s, p, cur), policy));
    return true;
  }
  std::array<int, kMaxPlayers> joint;
  joint.fill(kNoAction);
  const int n = G::num_players(p);
  for (int pl = 0; pl < n; ++pl) {
    const ActionMask m = G::legal_mask(s, p, pl);
    if (m) joint[pl] = random_action(m, policy);
  }
  G::apply_joint(s, p, joint.data());
  return true;
}

// The seat at position 0 of the turn order of a fresh state: the seat whose position in the first
// round is 0, the others following in seat order (position of seat q = (q - start) mod N). A
// game names it with `static int first_seat(const State&, const Params&)` when its first node
// does not (a simultaneous node, e.g. Color Mafia's parent); otherwise it is the first mover, and
// a game whose first node is simultaneous without a hook has no turn order (seat 0).
template <Game G>
inline int starting_seat(const typename G::State& s, const typename G::Params& p) {
  if constexpr (requires { { G::first_seat(s, p) } -> std::convertible_to<int>; }) {
    return G::first_seat(s, p);
  } else {
    const int cur = G::current_player(s, p);
    return cur >= 0 ? cur : 0;
  }
}

// Plays random moves to the end; returns the number of decision nodes visited.
template <Game G>
inline uint32_t random_rollout(typename G::State& s, const typename G::Params& p, Rng& policy) {
  uint32_t steps = 0;
  while (random_step<G>(s, p, policy)) ++steps;
  return steps;
}

}  // namespace tb
