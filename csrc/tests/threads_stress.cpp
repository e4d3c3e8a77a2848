// Concurrency under ThreadSanitizer (.ci/run): what the Python bindings do when several Python
// threads call into the engine at once (bot_action and simulate release the GIL). Several
// threads run ISMCTS searches (one-tree and root-parallel), random games and simulate jobs on
// the shared thread pools at the same time; every result must equal the one computed alone. Then a stop request from
// another thread (what the SIGINT handler does) must end a long simulate early.
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "tablebits/core/interrupt.hpp"
#include "tablebits/core/ismcts.hpp"
#include "tablebits/core/root_parallel.hpp"
#include "tablebits/core/serialize.hpp"
#include "tablebits/core/simulate.hpp"
#include "tablebits/games/registry.hpp"

namespace {

int failures = 0;

// Everything one Python thread might do in a row: a few searches along a random game, then a
// simulate job on the shared pool. Returns a digest of the results.
template <tb::Game G>
std::string work(const typename G::Params& p, uint64_t seed) {
  std::string digest;
  tb::Ismcts<G> search;
  tb::ParallelIsmcts<G> parallel;
  typename G::State s;
  G::init(s, p, seed);
  tb::Rng rng{seed ^ 0x5eed};
  for (int move = 0; move < 6 && G::current_player(s, p) != tb::kTerminal; ++move) {
    const int cur = G::current_player(s, p);
    int player = cur;
    if (cur < 0) {
      for (player = 0; !G::legal_mask(s, p, player); ++player) {
      }
    }
    tb::IsmctsConfig cfg;
    cfg.iterations = 40;
    cfg.seed = seed + static_cast<uint64_t>(move);
    digest += std::to_string(search.search(s, p, player, cfg).action) + ",";
    // A root-parallel search: its trees run on the search pool, which the other threads' searches
    // share; it must give the same decision as alone.
    digest += std::to_string(parallel.search(s, p, player, cfg, 3).action) + ",";
    tb::random_step<G>(s, p, rng);
  }
  digest += tb::state_to_bytes<G>(s, p);
  const size_t games = 64;
  const int n = G::num_players(p);
  std::vector<float> returns(games * n), scores(games * n);
  std::vector<uint32_t> lengths(games);
  std::vector<uint8_t> truncated(games);
  tb::simulate_random<G>(p, seed, 0, games,
                         tb::SimulationOutput{returns.data(), scores.data(), lengths.data(), truncated.data()}, 2);
  digest.append(reinterpret_cast<const char*>(returns.data()), returns.size() * sizeof(float));
  digest.append(reinterpret_cast<const char*>(lengths.data()), lengths.size() * sizeof(uint32_t));
  return digest;
}

template <tb::Game G>
void run(int threads) {
  const typename G::Params p{};
  std::vector<std::string> alone(static_cast<size_t>(threads)), together(alone.size());
  for (int t = 0; t < threads; ++t) alone[t] = work<G>(p, 1000 + static_cast<uint64_t>(t));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] { together[t] = work<G>(p, 1000 + static_cast<uint64_t>(t)); });
  }
  for (auto& th : pool) th.join();
  for (int t = 0; t < threads; ++t) {
    if (alone[t] != together[t]) {
      std::printf("%.*s: thread %d got other results when run concurrently\n", static_cast<int>(G::kId.size()),
                  G::kId.data(), t);
      ++failures;
    }
  }
  std::printf("%-14.*s %d threads of searches, games and simulate jobs: same results as alone\n",
              static_cast<int>(G::kId.size()), G::kId.data(), threads);
}

// A stop requested from another thread ends a simulate job that would otherwise run for long.
void check_stop() {
  using G = tb::good_fortune::GoodFortune;
  const G::Params p{};
  const size_t games = 2'000'000;
  std::vector<float> returns(games * 2), scores(games * 2);
  std::vector<uint32_t> lengths(games, 0);
  std::vector<uint8_t> truncated(games, 0);
  std::thread stopper([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    tb::request_stop();
  });
  tb::simulate_random<G>(p, 1, 0, games,
                         tb::SimulationOutput{returns.data(), scores.data(), lengths.data(), truncated.data()}, 2);
  stopper.join();
  const bool stopped = tb::stop_requested();
  tb::clear_stop();
  size_t played = 0;
  for (uint32_t len : lengths) played += len != 0;
  if (!stopped || played == games) {
    std::printf("stop request did not end the job (%zu of %zu games played)\n", played, games);
    ++failures;
  } else {
    std::printf("%-14s a stop request from another thread ended a job after %zu of %zu games\n", "interrupt",
                played, games);
  }
}

}  // namespace

int main() {
  tb::Games::for_each([&]<class G>() { run<G>(4); });
  check_stop();
  if (failures) return 1;
  std::printf("threads driver: all checks passed\n");
  return 0;
}
