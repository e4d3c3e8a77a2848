// The alternative to root-parallel search that the engine does not ship: tree-parallel ISMCTS
// with virtual loss, kept here to measure it against root-parallel (docs/search.md). Built and
// run by `python -m benchmarks.parallel_search tree`.
//
//   tree_parallel speed GAME ITERATIONS THREADS   iterations/s of tree-parallel, and of
//                                                 root-parallel on the same states
//   tree_parallel duel SECONDS GAMES              Good Fortune games, tree-parallel against
//                                                 root-parallel, both on 2 threads with the
//                                                 same time per move; the tree-parallel
//                                                 seat's win share
//
// Tree-parallel: the threads share one tree behind one mutex. A thread determinises its copy
// of the root outside the lock, walks and expands the tree under it (counting a visit on every
// arm it picks -- the virtual loss that steers the other threads elsewhere), plays the rollout
// outside it and adds the rewards under it again. The same UCB1 with availability counts as
// core/ismcts.hpp (the selection below follows Ismcts::select).
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "tablebits/core/edge_table.hpp"
#include "tablebits/core/ismcts.hpp"
#include "tablebits/core/root_parallel.hpp"
#include "tablebits/games/registry.hpp"

namespace {

using Clock = std::chrono::steady_clock;

template <tb::Game G>
class TreeParallelIsmcts {
 public:
  // The decision of `player`; `iterations` shared by `threads` threads, or until `seconds`.
  tb::IsmctsResult search(const typename G::State& root, const typename G::Params& p, int player, uint32_t iterations,
                          double seconds, uint64_t seed, int threads) {
    tb::IsmctsResult result;
    const auto start = Clock::now();
    nodes_.clear();
    arms_.clear();
    edges_.clear(std::min<size_t>(iterations, size_t{1} << 16));
    nodes_.push_back(Node{});
    std::atomic<uint32_t> next{0};
    const int n = G::num_players(p);
    tb::for_each_tree(threads, [&](int t) {
      tb::Rng rng{tb::derive_seed(seed, static_cast<uint64_t>(t), 2)};
      std::vector<int32_t> path;
      for (;;) {
        const uint32_t it = next.fetch_add(1);
        if (it >= iterations) break;
        if (seconds > 0.0 && (it & 15) == 0 && std::chrono::duration<double>(Clock::now() - start).count() >= seconds) break;
        typename G::State s = root;
        G::resample(s, p, player, tb::derive_seed(seed, it, 1));
        iterate(s, p, n, 0.7, rng, path);
      }
    });
    result.iterations = std::min(next.load(), iterations);
    int32_t best = -1;
    for (int32_t a = nodes_[0].first_arm; a >= 0; a = arms_[a].next) {
      if (arms_[a].player != player) continue;
      if (best < 0 || arms_[a].visits > arms_[best].visits) best = a;
    }
    result.action = best >= 0 ? arms_[best].action : tb::kNoAction;
    return result;
  }

 private:
  struct Node {
    int32_t first_arm = -1;
  };
  struct Arm {
    double reward = 0.0;
    uint32_t visits = 0;
    uint32_t available = 0;
    int32_t next = -1;
    uint8_t player = 0;
    uint8_t action = 0;
  };

  void select(int32_t node, const std::array<tb::ActionMask, tb::kMaxPlayers>& masks, int n, double c, tb::Rng& rng,
              std::array<int32_t, tb::kMaxPlayers>& chosen) {
    std::array<tb::ActionMask, tb::kMaxPlayers> seen{};
    std::array<uint32_t, tb::kMaxPlayers> untried{};
    std::array<double, tb::kMaxPlayers> best{};
    chosen.fill(-1);
    for (int32_t a = nodes_[node].first_arm; a >= 0; a = arms_[a].next) {
      Arm& arm = arms_[a];
      const int pl = arm.player;
      if (!((masks[pl] >> arm.action) & 1)) continue;
      seen[pl] |= tb::ActionMask{1} << arm.action;
      ++arm.available;
      if (arm.visits == 0) {
        if (rng.uniform(++untried[pl]) == 0) chosen[pl] = a;
      } else if (untried[pl] == 0) {
        const double visits = arm.visits;
        const double value = arm.reward / visits + c * std::sqrt(std::log(static_cast<double>(arm.available)) / visits);
        if (chosen[pl] < 0 || value > best[pl]) {
          best[pl] = value;
          chosen[pl] = a;
        }
      }
    }
    for (int pl = 0; pl < n; ++pl) {
      tb::for_each_bit(masks[pl] & ~seen[pl], [&](int action) {
        const int32_t a = static_cast<int32_t>(arms_.size());
        Arm arm;
        arm.available = 1;
        arm.next = nodes_[node].first_arm;
        arm.player = static_cast<uint8_t>(pl);
        arm.action = static_cast<uint8_t>(action);
        arms_.push_back(arm);
        nodes_[node].first_arm = a;
        if (rng.uniform(++untried[pl]) == 0) chosen[pl] = a;
      });
    }
  }

  void iterate(typename G::State& s, const typename G::Params& p, int n, double c, tb::Rng& rng,
               std::vector<int32_t>& path) {
    path.clear();
    std::array<float, tb::kMaxPlayers> r{};
    bool expanded = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      int32_t node = 0;
      std::array<tb::ActionMask, tb::kMaxPlayers> masks{};
      std::array<int32_t, tb::kMaxPlayers> chosen{};
      std::array<int, tb::kMaxPlayers> joint{};
      for (;;) {
        const int cur = G::current_player(s, p);
        if (cur == tb::kTerminal) break;
        masks.fill(0);
        if (cur >= 0) {
          masks[cur] = G::legal_mask(s, p, cur);
        } else {
          for (int pl = 0; pl < n; ++pl) masks[pl] = G::legal_mask(s, p, pl);
        }
        select(node, masks, n, c, rng, chosen);
        uint32_t key = 0;
        joint.fill(tb::kNoAction);
        for (int pl = 0; pl < n; ++pl) {
          if (chosen[pl] < 0) continue;
          ++arms_[chosen[pl]].visits;  // virtual loss: counted now, rewarded after the rollout
          joint[pl] = arms_[chosen[pl]].action;
          key |= tb::joint_key(pl, joint[pl]);
          path.push_back(chosen[pl]);
        }
        tb::apply_decision<G>(s, p, cur, joint.data());
        const int32_t child = edges_.find_or_insert(static_cast<uint32_t>(node), key, static_cast<int32_t>(nodes_.size()));
        if (child < 0) {
          nodes_.push_back(Node{});
          expanded = true;
          break;
        }
        node = child;
      }
    }
    if (expanded) {
      tb::DefaultRollout<G>{}(s, p, rng, r.data());
    } else {
      G::returns(s, p, r.data());
    }
    std::lock_guard<std::mutex> lock(mutex_);
    for (const int32_t a : path) arms_[a].reward += r[arms_[a].player];
  }

  std::mutex mutex_;
  std::vector<Node> nodes_;
  std::vector<Arm> arms_;
  tb::EdgeTable edges_;
};

// Non-simultaneous states with a choice, along random games.
template <tb::Game G>
std::vector<typename G::State> states(const typename G::Params& p, size_t count) {
  std::vector<typename G::State> out;
  tb::Rng rng{7};
  typename G::State s;
  G::init(s, p, 1);
  uint64_t game = 1;
  while (out.size() < count) {
    const int cur = G::current_player(s, p);
    if (cur == tb::kTerminal) {
      G::init(s, p, ++game);
      continue;
    }
    if (cur >= 0 && tb::popcount(G::legal_mask(s, p, cur)) > 1 && rng.uniform(4) == 0) out.push_back(s);
    tb::random_step<G>(s, p, rng);
  }
  return out;
}

template <tb::Game G>
void speed(uint32_t iterations, int threads) {
  const typename G::Params p{};
  TreeParallelIsmcts<G> tree;
  tb::ParallelIsmcts<G> root;
  double tree_seconds = 0, root_seconds = 0;
  uint64_t tree_its = 0, root_its = 0;
  for (const auto& s : states<G>(p, 5)) {
    const int player = G::current_player(s, p);
    auto t0 = Clock::now();
    tree_its += tree.search(s, p, player, iterations, 0.0, 3, threads).iterations;
    auto t1 = Clock::now();
    tb::IsmctsConfig cfg;
    cfg.iterations = iterations;
    cfg.seed = 3;
    root_its += root.search(s, p, player, cfg, threads).iterations;
    auto t2 = Clock::now();
    tree_seconds += std::chrono::duration<double>(t1 - t0).count();
    root_seconds += std::chrono::duration<double>(t2 - t1).count();
  }
  std::printf("%-14.*s threads=%d  tree-parallel %12.0f it/s   root-parallel %12.0f it/s\n",
              static_cast<int>(G::kId.size()), G::kId.data(), threads, tree_its / tree_seconds, root_its / root_seconds);
}

void duel(double seconds, int games) {
  using G = tb::good_fortune::GoodFortune;
  const G::Params p{};
  TreeParallelIsmcts<G> tree;
  tb::ParallelIsmcts<G> root;
  double share = 0.0;
  for (int g = 0; g < games; ++g) {
    const int tree_seat = g % 2;
    G::State s;
    G::init(s, p, static_cast<uint64_t>(g));
    for (int move = 0;; ++move) {
      const int cur = G::current_player(s, p);
      if (cur == tb::kTerminal) break;
      const uint64_t seed = tb::derive_seed(static_cast<uint64_t>(g), static_cast<uint64_t>(move), 9);
      int action;
      if (cur == tree_seat) {
        action = tree.search(s, p, cur, 100'000'000, seconds, seed, 2).action;
      } else {
        tb::IsmctsConfig cfg;
        cfg.iterations = 100'000'000;
        cfg.time_limit = seconds;
        cfg.seed = seed;
        action = root.search(s, p, cur, cfg, 2).action;
      }
      G::apply(s, p, action);
    }
    std::array<float, tb::kMaxPlayers> r{};
    G::returns(s, p, r.data());
    share += r[tree_seat];
  }
  const double mean = share / games;
  const double half = 1.96 * std::sqrt(mean * (1 - mean) / games);
  std::printf("Good Fortune, %d games, %.0f ms per move, 2 threads each: tree-parallel win share %.3f "
              "[%.3f, %.3f] against root-parallel\n",
              games, seconds * 1000, mean, mean - half, mean + half);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "speed") {
    const std::string game = argv[2];
    const auto iterations = static_cast<uint32_t>(std::atol(argv[3]));
    const int threads = std::atoi(argv[4]);
    tb::Games::for_each([&]<class G>() {
      if (game == G::kId) speed<G>(iterations, threads);
    });
    return 0;
  }
  if (argc == 4 && std::string(argv[1]) == "duel") {
    duel(std::atof(argv[2]), std::atoi(argv[3]));
    return 0;
  }
  std::fprintf(stderr, "usage: tree_parallel speed GAME ITERATIONS THREADS | duel SECONDS GAMES\n");
  return 2;
}
