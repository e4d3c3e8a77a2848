// Whole random games in C++: the engine of tb.simulate. Game i of a job is fully determined by
// (seed, i), so a job split over threads, chunks or machines gives the same arrays.
#pragma once

#include <cstddef>
#include <cstdint>

#include "drivers.hpp"
#include "game.hpp"
#include "interrupt.hpp"
#include "rng.hpp"
#include "thread_pool.hpp"

namespace tb {

struct SimulationOutput {
  float* returns = nullptr;   // (count, P)
  float* scores = nullptr;    // (count, P)
  uint32_t* lengths = nullptr;  // (count,) decision nodes per game
  uint8_t* truncated = nullptr;  // (count,) 1 if a safety cap ended the game (G::is_truncated)
  uint8_t* starts = nullptr;     // (count,) or null: the starting seat (starting_seat<G>)
};

template <Game G>
inline void simulate_one(const typename G::Params& p, uint64_t seed, uint64_t game_index,
                         float* returns, float* scores, uint32_t* length, uint8_t* truncated,
                         uint8_t* start) {
  typename G::State s;
  G::init(s, p, derive_seed(seed, game_index, 0));
  if (start) *start = static_cast<uint8_t>(starting_seat<G>(s, p));
  Rng policy{derive_seed(seed, game_index, 1)};
  *length = random_rollout<G>(s, p, policy);
  *truncated = G::is_truncated(s, p);
  final_outcome<G>(s, p, returns, scores);
}

// Plays games first .. first+count-1 of the job `seed` with uniformly random legal moves.
// Returns early, leaving rows unwritten, once stop_requested().
template <Game G>
inline void simulate_random(const typename G::Params& p, uint64_t seed, uint64_t first,
                            size_t count, SimulationOutput out, int threads) {
  const int players = G::num_players(p);
  ThreadPool::instance().parallel_for(count, threads, [&](size_t begin, size_t end) {
    for (size_t k = begin; k < end; ++k) {
      if (stop_requested()) return;  // Ctrl-C: the caller discards the job
      simulate_one<G>(p, seed, first + k, out.returns + k * players, out.scores + k * players,
                      out.lengths + k, out.truncated + k, out.starts ? out.starts + k : nullptr);
    }
  });
}

}  // namespace tb
