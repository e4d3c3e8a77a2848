// Root-parallel search: `threads` independent trees searched at once, each from its own seed,
// their root statistics summed; the decision is the action with the most summed visits.
//
// Why root-parallel rather than one tree shared by all threads (tree-parallel with virtual
// loss; docs/search.md has the measurements): the trees share nothing, so there is no lock and
// no contended cache line in the iteration loop and the speed-up in iterations per second is
// close to the thread count; and the result depends only on (seed, threads), never on how the
// threads interleave, which a shared tree cannot promise. Tree t of T runs iterations
// (t * I / T, (t + 1) * I / T] of the budget I and is seeded with
// derive_seed(seed, t, kTreeStream) -- except tree 0, which keeps `seed`, so threads=1 is
// exactly the one-tree search.
//
// The trees run on their own thread pool (ThreadPool::search()), not on the pool that runs
// arena games: an arena game's bot may search in parallel from inside an arena job.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "game.hpp"
#include "ismcts.hpp"
#include "rng.hpp"
#include "thread_pool.hpp"

namespace tb {

inline constexpr uint64_t kTreeStream = 4;

// The seed and iteration share of tree t of `threads` in a search of `iterations` from `seed`.
inline uint64_t tree_seed(uint64_t seed, int t) { return t == 0 ? seed : derive_seed(seed, static_cast<uint64_t>(t), kTreeStream); }

inline uint32_t tree_iterations(uint32_t iterations, int t, int threads) {
  const uint64_t i = iterations, n = static_cast<uint64_t>(threads), k = static_cast<uint64_t>(t);
  return static_cast<uint32_t>((k + 1) * i / n - k * i / n);
}

// Threads actually used: at most one per iteration of the budget (a tree gets at least one).
inline int tree_count(uint32_t iterations, int threads) {
  return static_cast<int>(std::clamp<uint64_t>(static_cast<uint64_t>(std::max(threads, 1)), 1, std::max<uint32_t>(iterations, 1)));
}

// Runs body(t) for t in [0, trees) on the search pool, one tree per thread.
template <class Body>
void for_each_tree(int trees, const Body& body) {
  ThreadPool::search().parallel_for(static_cast<size_t>(trees), trees, [&](size_t begin, size_t end) {
    for (size_t t = begin; t < end; ++t) body(static_cast<int>(t));
  });
}

// Keeps one searcher per tree (with its memory) across searches; grows on demand.
template <class Searcher>
class Trees {
 public:
  Searcher& operator[](int t) {
    while (static_cast<int>(trees_.size()) <= t) trees_.emplace_back();
    return trees_[static_cast<size_t>(t)].searcher;
  }
  void reserve(int count) { (*this)[count - 1]; }

 private:
  // A searcher writes its own members every iteration (the path's end, the edge count); side
  // by side in one vector, two trees' members shared cache lines and the threads stalled on
  // each other. 128 bytes: the line and the one the adjacent-line prefetcher pairs it with.
  struct alignas(128) Padded {
    Searcher searcher;
  };
  std::vector<Padded> trees_;
};

// A root-parallel search over trees of type Tree (Ismcts<G>, Puct<G>), which keeps each tree's
// memory across searches. run(tree, config) runs one tree's search with its share of the
// config (seed, iterations) and returns its IsmctsResult; the tree must then offer
// for_each_root_arm(player, f(action, visits, value_sum, available)).
template <Game G, class Tree>
class RootParallel {
 public:
  // `player`'s decision at `root` from `threads` trees; `stats` (if given) receives the summed
  // root statistics. threads=1 is exactly the one-tree search.
  template <class Config, class Run>
  IsmctsResult search(int player, const Config& cfg, int threads, RootStats* stats, const Run& run) {
    const int count = tree_count(cfg.iterations, threads);
    trees_.reserve(count);
    count_ = count;
    IsmctsResult result;
    if (count == 1) {
      result = run(trees_[0], cfg);
    } else {
      results_.resize(static_cast<size_t>(count));
      for_each_tree(count, [&](int t) {
        Config mine = cfg;
        mine.seed = tree_seed(cfg.seed, t);
        mine.iterations = tree_iterations(cfg.iterations, t, count);
        results_[static_cast<size_t>(t)] = run(trees_[t], mine);
      });
      result = results_[0];  // a trivial root (one legal action, none) ends every tree alike
      for (int t = 1; t < count; ++t) {
        result.iterations += results_[static_cast<size_t>(t)].iterations;
        result.nodes += results_[static_cast<size_t>(t)].nodes;
      }
    }
    if (stats || (count > 1 && result.iterations > 0)) {
      RootStats sum;
      for (int t = 0; t < count; ++t) sum.add(trees_[t], player);
      if (count > 1 && result.iterations > 0) result.action = sum.best_action(G::kNumActions);
      if (stats) *stats = sum;
    }
    return result;
  }

  // Tree 0 of the last search (the one-tree search of its seed).
  Tree& first_tree() { return trees_[0]; }
  int last_tree_count() const { return count_; }

 private:
  Trees<Tree> trees_;
  std::vector<IsmctsResult> results_;
  int count_ = 1;
};

// ISMCTS, root-parallel.
template <Game G>
class ParallelIsmcts : public RootParallel<G, Ismcts<G>> {
 public:
  IsmctsResult search(const typename G::State& root, const typename G::Params& p, int player,
                      const IsmctsConfig& cfg, int threads, RootStats* stats = nullptr) {
    return RootParallel<G, Ismcts<G>>::search(player, cfg, threads, stats, [&](Ismcts<G>& tree, const IsmctsConfig& c) {
      return tree.search(root, p, player, c);
    });
  }
};

}  // namespace tb
