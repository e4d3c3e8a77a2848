// Perfect-information Monte Carlo (the method of GIB in bridge) for cooperative games: sample
// `samples` determinisations of what the acting player cannot see (G::resample), solve each
// with every card visible (TeamSolver: the whole team maximises one value, memoised), and play
// the action with the best total over the samples. With an evaluator, the positions where the
// search stops at its horizon are valued by the network (core/team_network.hpp).
//
// Each sample i is drawn from derive_seed(seed, i, kPimcStream) and solved exactly, so its
// values do not depend on which thread solved it (an evaluator sees the same rows, one leaf at a
// time, on any thread), and the totals are integer sums: the decision depends only on the seed
// (and on nothing else, unless a time limit cuts the sampling short).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "bits.hpp"
#include "evaluator.hpp"
#include "game.hpp"
#include "interrupt.hpp"
#include "rng.hpp"
#include "team_network.hpp"
#include "team_solver.hpp"
#include "thread_pool.hpp"

namespace tb {

inline constexpr uint64_t kPimcStream = 5;

struct PimcConfig {
  uint32_t samples = 10;
  uint32_t depth = 1;        // progress units searched ahead (tricks); 0: to the end of the round
  double time_limit = 0.0;   // seconds; > 0 may stop the sampling early
  int threads = 1;
  uint64_t seed = 0;
  Evaluator* evaluator = nullptr;  // values the horizon's positions; null: the game's evaluation
  double leaf_mix = 1.0;           // the network's weight in those values (team_network.hpp)
};

// The horizon of a search from `s`: the end of the round, or `depth` units ahead if sooner. A
// position at the round's end (a decision between rounds) looks into the next round.
template <TeamSolvableGame G>
int pimc_horizon(const typename G::State& s, const typename G::Params& p, uint32_t depth) {
  const int progress = G::team_progress(s, p);
  int horizon = G::team_round_end(s, p);
  if (horizon <= progress) horizon = progress + static_cast<int>(std::max<uint32_t>(depth, 1));
  if (depth > 0) horizon = std::min(horizon, progress + static_cast<int>(depth));
  return horizon;
}

// The value of each of `player`'s legal actions at `s` (every card visible), added to `totals`.
// At a simultaneous node an action's value is the best over the partners' choices. Only the
// best actions of the sample get their exact value: an action proven worse than the best one
// found so far gets the upper bound that proved it (still below the best), which saves most of
// the search -- with a search that prunes against the best, proving "worse" is far cheaper
// than finding "how much worse".
template <TeamSolvableGame G, class Solver>
void add_action_values(Solver& solver, const typename G::State& s, const typename G::Params& p,
                       int player, ActionMask legal, int64_t* totals) {
  const int cur = G::current_player(s, p);
  int sample_best = Solver::kLowest;
  for_each_bit(legal, [&](int a) {
    const int alpha = sample_best == Solver::kLowest ? sample_best : sample_best - 1;
    int best = Solver::kLowest;
    if (cur >= 0) {
      typename G::State child = s;
      G::apply(child, p, a);
      best = solver.value(child, alpha);
    } else {
      // The others' joint choices with `player`'s fixed at `a`.
      std::array<int, kMaxPlayers> joint;
      joint.fill(kNoAction);
      joint[player] = a;
      for_each_joint_action<G>(s, p, joint, [&](const std::array<int, kMaxPlayers>& j) {
        typename G::State child = s;
        G::apply_joint(child, p, j.data());
        best = std::max(best, solver.value(child, std::max(alpha, best)));
        return false;
      });
    }
    totals[a] += best;
    sample_best = std::max(sample_best, best);
  });
}

template <TeamSolvableGame G>
class Pimc {
 public:
  // The chosen action of `player` (legal mask `legal`, not empty) at `s`; kNoAction if the
  // evaluator failed (it keeps why).
  int search(const typename G::State& s, const typename G::Params& p, int player, ActionMask legal,
             const PimcConfig& cfg) {
    if (popcount(legal) == 1) return lowest_bit(legal);
    const int threads = static_cast<int>(std::clamp<uint32_t>(static_cast<uint32_t>(cfg.threads), 1, cfg.samples));
    while (static_cast<int>(workers_.size()) < threads) workers_.push_back(std::make_unique<Worker>());
    const auto start = std::chrono::steady_clock::now();
    const int horizon = pimc_horizon<G>(s, p, cfg.depth);
    auto body = [&](int t) {
      Worker& w = *workers_[static_cast<size_t>(t)];
      w.totals.fill(0);
      w.solver.leaf().use(cfg.evaluator, cfg.leaf_mix, p);
      for (uint32_t i = static_cast<uint32_t>(t); i < cfg.samples; i += static_cast<uint32_t>(threads)) {
        if (i >= static_cast<uint32_t>(threads) && out_of_time(cfg, start)) break;  // each thread solves one
        typename G::State d = s;
        G::resample(d, p, player, derive_seed(cfg.seed, i, kPimcStream));
        w.solver.begin(p, horizon);
        add_action_values<G>(w.solver, d, p, player, legal, w.totals.data());
      }
    };
    if (threads == 1) {
      body(0);
    } else {
      ThreadPool::search().parallel_for(static_cast<size_t>(threads), threads, [&](size_t begin, size_t end) {
        for (size_t t = begin; t < end; ++t) body(static_cast<int>(t));
      });
    }
    std::array<int64_t, 64> totals{};
    for (int t = 0; t < threads; ++t) {
      if (workers_[static_cast<size_t>(t)]->solver.leaf().failed()) return kNoAction;
      for (int a = 0; a < 64; ++a) totals[static_cast<size_t>(a)] += workers_[static_cast<size_t>(t)]->totals[static_cast<size_t>(a)];
    }
    int best = lowest_bit(legal);
    for_each_bit(legal, [&](int a) {
      if (totals[static_cast<size_t>(a)] > totals[static_cast<size_t>(best)]) best = a;
    });
    return best;
  }

 private:
  struct Worker {
    TeamSolver<G, TeamNetworkValue<G>> solver{17};
    std::array<int64_t, 64> totals{};
  };

  static bool out_of_time(const PimcConfig& cfg, std::chrono::steady_clock::time_point start) {
    if (stop_requested()) return true;
    return cfg.time_limit > 0.0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > cfg.time_limit;
  }

  std::vector<std::unique_ptr<Worker>> workers_;
};

// Pimc<G> for a game with the team solver hooks, an empty placeholder for any other game.
template <class G>
struct PimcFor {
  struct type {};
};
template <TeamSolvableGame G>
struct PimcFor<G> {
  using type = Pimc<G>;
};

}  // namespace tb
