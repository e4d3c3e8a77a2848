// Fixed single-thread workloads for the instruction-count regression gate (benchmarks/gate.py
// runs this under callgrind) and for quick wall-clock numbers.
//   bench rollouts GAME N   N random full games
//   bench batch GAME N      N env-steps of a 1024-env BatchEnv with random actions
//   bench ismcts GAME N     N ISMCTS iterations, in searches of 5,000 from states along random
//                           games (long enough that a tree lookup gone linear shows)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tablebits/core/batch.hpp"
#include "tablebits/core/ismcts.hpp"
#include "tablebits/core/simulate.hpp"
#include "tablebits/games/registry.hpp"

namespace {

template <tb::Game G>
double rollouts(size_t n) {
  const int players = G::num_players(typename G::Params{});
  std::vector<float> returns(n * players), scores(n * players);
  std::vector<uint32_t> lengths(n);
  std::vector<uint8_t> truncated(n);
  tb::simulate_random<G>(typename G::Params{}, 42, 0, n, {returns.data(), scores.data(), lengths.data(), truncated.data()}, 1);
  double checksum = 0;
  for (size_t i = 0; i < n; ++i) checksum += lengths[i] + returns[i * players];
  return checksum;
}

template <tb::Game G>
double batch(size_t steps) {
  const typename G::Params p{};
  const size_t envs = 1024;
  const int players = G::num_players(p);
  std::vector<int32_t> current(envs), episode(envs), actions(envs * players);
  std::vector<uint64_t> legal(envs * players);
  std::vector<float> rewards(envs * players);
  std::vector<uint8_t> terminated(envs);
  std::vector<uint8_t> truncated(envs);
  std::vector<float> final_returns(envs * players);
  tb::BatchEnv<G> env(p, envs, {current.data(), legal.data(), rewards.data(), terminated.data(), truncated.data(),
                                episode.data(), nullptr, final_returns.data(), nullptr});
  env.reset(7, 1);
  double checksum = 0;
  for (size_t done = 0; done < steps; done += envs) {
    env.sample_actions(actions.data(), 1);
    if (env.step(actions.data(), 1) >= 0) std::abort();
    for (size_t i = 0; i < envs; ++i) checksum += terminated[i];
  }
  return checksum;
}

template <tb::Game G>
double ismcts(size_t iterations) {
  const typename G::Params p{};
  constexpr uint32_t kPerSearch = 5000;
  tb::Ismcts<G> search;
  tb::Rng rng{11};
  typename G::State s;
  G::init(s, p, rng.next());
  double checksum = 0;
  for (size_t done = 0; done < iterations; done += kPerSearch) {
    // A few random moves between searches; a new game when this one ends.
    for (int k = 0; k < 3; ++k) {
      if (G::current_player(s, p) == tb::kTerminal) G::init(s, p, rng.next());
      tb::random_step<G>(s, p, rng);
    }
    if (G::current_player(s, p) == tb::kTerminal) G::init(s, p, rng.next());
    int player = G::current_player(s, p);
    for (int pl = 0; player < 0; ++pl)
      if (G::legal_mask(s, p, pl)) player = pl;  // simultaneous: the first acting player
    tb::IsmctsConfig cfg;
    cfg.iterations = kPerSearch;
    cfg.seed = rng.next();
    checksum += search.search(s, p, player, cfg).action;
  }
  return checksum;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: bench rollouts|batch|ismcts GAME N\n");
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
    checksum = mode == "batch" ? batch<G>(n) : mode == "ismcts" ? ismcts<G>(n) : rollouts<G>(n);
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
