// The network evaluator's workloads for the instruction-count gate (benchmarks/gate.py) and
// quick wall-clock numbers, apart from bench.cpp: in one translation unit with the search's
// templates they changed how GCC inlines ISMCTS, and so bench.cpp's own counts.
//   bench_network network GAME N    N rows through a network of the shipped networks' shape, in
//                                   batches of 8 (PUCT's), of observations along random games
//   bench_network baseline GAME N   N PUCT iterations with that network, in searches of 1,000
//   bench_network clock             the core's clock in GHz, timed over dependent additions
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "tablebits/core/drivers.hpp"
#include "tablebits/core/mlp.hpp"
#include "tablebits/core/puct.hpp"
#include "tablebits/games/registry.hpp"

namespace {

// A network of the shape `tablebits train` gives and the package ships (two hidden layers of
// 128) for G, with hashed weights: about half of each hidden layer is zero after ReLU, as in the
// trained ones, so it does about the same work per row.
template <tb::Game G>
std::unique_ptr<tb::MlpEvaluator> network(const typename G::Params& p) {
  uint64_t h = 5;
  auto layer = [&](int in, int out) {
    tb::MlpEvaluator::Layer l{in, out, {}, {}};
    for (int i = 0; i < in * out + out; ++i) {
      h = tb::mix64(h + 1);
      (i < in * out ? l.w : l.b).push_back(static_cast<float>(h % 2001) / 8000.0f - 0.125f);
    }
    return l;
  };
  constexpr int kHidden = 128;
  const std::vector<tb::MlpEvaluator::Layer> hidden{layer(G::observation_size(p), kHidden), layer(kHidden, kHidden)};
  return std::make_unique<tb::MlpEvaluator>(hidden, layer(kHidden, G::kNumActions), layer(kHidden, G::num_players(p)));
}

template <tb::Game G>
double forward_passes(size_t rows) {
  const typename G::Params p{};
  const int players = G::num_players(p), size = G::observation_size(p);
  const auto net = network<G>(p);
  // 1,024 rows: every acting player's view at every step of random games.
  constexpr size_t kPool = 1024, kBatch = 8;
  std::vector<float> obs(kPool * static_cast<size_t>(size));
  std::vector<uint8_t> masks(kPool * G::kNumActions);
  tb::Rng rng{3};
  typename G::State s;
  G::init(s, p, rng.next());
  for (size_t r = 0; r < kPool;) {
    for (int pl = 0; pl < players && r < kPool; ++pl) {
      const tb::ActionMask m = G::legal_mask(s, p, pl);
      if (!m) continue;
      G::observe(s, p, pl, obs.data() + r * static_cast<size_t>(size));
      tb::unpack_mask(m, G::kNumActions, masks.data() + r * G::kNumActions);
      ++r;
    }
    if (!tb::random_step<G>(s, p, rng)) G::init(s, p, rng.next());
  }
  std::vector<float> priors(kBatch * G::kNumActions), values(kBatch * static_cast<size_t>(players));
  double checksum = 0;
  for (size_t done = 0; done < rows; done += kBatch) {
    const size_t first = done % kPool;
    if (!net->evaluate(obs.data() + first * static_cast<size_t>(size), masks.data() + first * G::kNumActions,
                       static_cast<int>(kBatch), size, G::kNumActions, players, priors.data(), values.data())) {
      std::abort();
    }
    checksum += values[0];
  }
  return checksum;
}

// Moves `s` a few random steps on (a new game whenever one ends) and returns the player to
// search for: the one to move, or at a simultaneous node the first one acting. bench.cpp's
// ismcts workload walks the same way inline: calling out of its search loop changed how GCC
// inlines the search there, and so the gate's count for it.
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

// PUCT as Baseline configures it (batches of 8, values by seat), without playouts (the rollouts
// workload measures those).
template <tb::Game G>
double baseline(size_t iterations) {
  const typename G::Params p{};
  constexpr uint32_t kPerSearch = 1000;
  const auto net = network<G>(p);
  tb::Puct<G> search;
  tb::Rng rng{13};
  typename G::State s;
  G::init(s, p, rng.next());
  double checksum = 0;
  for (size_t done = 0; done < iterations; done += kPerSearch) {
    const int player = next_root<G>(s, p, rng);
    tb::PuctConfig cfg;
    cfg.iterations = kPerSearch;
    cfg.relative_values = true;
    cfg.seed = rng.next();
    bool failed = false;
    checksum += search.search(s, p, player, cfg, *net, failed).action;
    if (failed) std::abort();
  }
  return checksum;
}

// A chain of dependent integer additions retires one per cycle on every x86-64 (and arm64)
// core, so their rate is the clock. The best of many short runs: the machine's other work only
// ever slows one down.
double clock_ghz() {
  double best = 0;
  for (uint64_t run = 1; run <= 300; ++run) {
    constexpr uint64_t kSteps = 250'000;
    uint64_t x = 0;
    const auto start = std::chrono::steady_clock::now();
    for (uint64_t i = 0; i < kSteps; ++i) {
      for (int k = 0; k < 8; ++k) {
        x += run;
        asm volatile("" : "+r"(x));  // keeps each addition, in order
      }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (x != run * kSteps * 8) std::abort();
    best = std::max(best, 8.0 * kSteps / seconds / 1e9);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "clock") == 0) {
    std::printf("%.3f\n", clock_ghz());
    return 0;
  }
  if (argc != 4 || (std::strcmp(argv[1], "network") != 0 && std::strcmp(argv[1], "baseline") != 0)) {
    std::fprintf(stderr, "usage: bench_network network|baseline GAME N, or bench_network clock\n");
    return 2;
  }
  const std::string mode = argv[1], game = argv[2];
  const size_t n = std::strtoull(argv[3], nullptr, 10);
  bool found = false;
  const auto start = std::chrono::steady_clock::now();
  double checksum = 0;
  tb::Games::for_each([&]<class G>() {
    if (game != G::kId) return;
    found = true;
    checksum = mode == "network" ? forward_passes<G>(n) : baseline<G>(n);
  });
  if (!found) {
    std::fprintf(stderr, "unknown game %s\n", game.c_str());
    return 2;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s %s: %zu in %.3f s = %.0f per second (checksum %.0f)\n", mode.c_str(), game.c_str(), n,
              seconds, n / seconds, checksum);
  return 0;
}
