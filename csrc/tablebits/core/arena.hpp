// Whole games between bots, in C++: the engine of tb.arena. One bot entry per seat; game i of a
// job seats them in rotation i mod N (seat s is played by entry (s + i) mod N) and is fully
// determined by (seed, i), so a job split over threads or chunks gives the same arrays.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bots.hpp"
#include "drivers.hpp"
#include "game.hpp"
#include "interrupt.hpp"
#include "rng.hpp"
#include "thread_pool.hpp"

namespace tb {

struct ArenaOutput {
  int32_t* seats = nullptr;     // (count, P): the bot entry playing each seat
  float* returns = nullptr;     // (count, P) by seat
  float* scores = nullptr;      // (count, P) by seat
  uint32_t* lengths = nullptr;  // (count,) decision nodes per game
  uint8_t* truncated = nullptr;  // (count,) 1 if a safety cap ended the game
  // (count,) or null: when set, each game's decisions for its record, P entries per step (the
  // joint action; at a sequential node only the mover's entry is an action, the rest kNoAction)
  std::vector<int32_t>* actions = nullptr;
  uint8_t* starts = nullptr;  // (count,) or null: the starting seat (starting_seat<G>)
};

// The seed of game `game_index`'s initial state (G::init) in arena job `seed`.
constexpr uint64_t arena_game_seed(uint64_t seed, uint64_t game_index) noexcept {
  return derive_seed(seed, game_index, 0);
}

template <Game G>
class ArenaPlayer {
 public:
  // Plays game `game_index` of job `seed` with bots[entry] (one entry per seat, N = players).
  void play(const typename G::Params& p, const BotConfig* bots, uint64_t seed, uint64_t game_index,
            int32_t* seats, float* returns, float* scores, uint32_t* length, uint8_t* truncated,
            std::vector<int32_t>* actions, uint8_t* start) {
    const int n = G::num_players(p);
    const int rotation = static_cast<int>(game_index % static_cast<uint64_t>(n));
    for (int s = 0; s < n; ++s) seats[s] = (s + rotation) % n;
    typename G::State s;
    G::init(s, p, arena_game_seed(seed, game_index));
    if (start) *start = static_cast<uint8_t>(starting_seat<G>(s, p));
    Rng random_policy{derive_seed(seed, game_index, 1)};
    const uint64_t search_seed = derive_seed(seed, game_index, 2);
    uint32_t steps = 0;
    std::array<int, kMaxPlayers> joint;
    for (;;) {
      const int cur = G::current_player(s, p);
      if (cur == kTerminal) break;
      joint.fill(kNoAction);
      for (int pl = 0; pl < n; ++pl) {
        if (cur >= 0 && pl != cur) continue;
        const ActionMask m = G::legal_mask(s, p, pl);
        if (!m) continue;
        Decision decision{random_policy, derive_seed(search_seed, steps, static_cast<uint64_t>(pl))};
        joint[pl] = runners_.act(bots[seats[pl]], s, p, pl, m, decision);
      }
      if (actions) actions->insert(actions->end(), joint.begin(), joint.begin() + n);
      apply_decision<G>(s, p, cur, joint.data());
      ++steps;
    }
    *length = steps;
    *truncated = G::is_truncated(s, p);
    final_outcome<G>(s, p, returns, scores);
  }

 private:
  BotRunners<G> runners_;  // reused across the moves and games of one thread's chunk
};

// Plays games first .. first+count-1 of the job `seed`; `bots` has one entry per seat. Returns
// early, leaving rows unwritten, once stop_requested().
template <Game G>
inline void arena(const typename G::Params& p, const BotConfig* bots, uint64_t seed, uint64_t first,
                  size_t count, ArenaOutput out, int threads) {
  const size_t n = static_cast<size_t>(G::num_players(p));
  ThreadPool::instance().parallel_for(count, threads, [&](size_t begin, size_t end) {
    ArenaPlayer<G> player;
    for (size_t k = begin; k < end; ++k) {
      if (stop_requested()) return;  // Ctrl-C: the caller discards the job
      player.play(p, bots, seed, first + k, out.seats + k * n, out.returns + k * n, out.scores + k * n,
                  out.lengths + k, out.truncated + k, out.actions ? out.actions + k : nullptr,
                  out.starts ? out.starts + k : nullptr);
    }
  });
}

}  // namespace tb
