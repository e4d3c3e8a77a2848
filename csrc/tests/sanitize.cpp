// Random playouts, clones, byte round trips and byte fuzzing for every registered game, built
// with AddressSanitizer and UBSan by .ci/run. Any memory error or UB aborts the run; any broken
// invariant prints a message and fails.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebits/core/arena.hpp"
#include "tablebits/core/drivers.hpp"
#include "tablebits/core/edge_table.hpp"
#include "tablebits/core/mlp.hpp"
#include "tablebits/core/serialize.hpp"
#include "tablebits/games/registry.hpp"

namespace {

int failures = 0;

void fail(std::string_view game, const std::string& what) {
  std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(game.size()), game.data(), what.c_str());
  ++failures;
}

template <tb::Game G>
void check_node(const typename G::State& s, const typename G::Params& p, tb::Rng& rng) {
  const int n = G::num_players(p);
  if (const char* why = G::validate(s, p)) fail(G::kId, std::string("reachable state fails validate: ") + why);
  const std::string bytes = tb::state_to_bytes<G>(s, p);
  typename G::State back;
  if (const char* why = tb::state_from_bytes<G>(bytes, p, back)) fail(G::kId, std::string("bytes round trip: ") + why);
  if (std::memcmp(&back, &s, sizeof(s)) != 0) fail(G::kId, "bytes round trip changed the state");
  std::vector<float> obs(static_cast<size_t>(G::observation_size(p)));
  for (int pl = 0; pl < n; ++pl) {
    G::observe(s, p, pl, obs.data());
    (void)G::observation_string(s, p, pl);
    typename G::State r = s;
    G::resample(r, p, pl, rng.next());
    if (const char* why = G::validate(r, p)) fail(G::kId, std::string("resampled state fails validate: ") + why);
  }
  for (int a = 0; a < G::kNumActions; ++a) {
    try {
      (void)G::action_to_string(s, p, -1, a);
    } catch (const std::invalid_argument&) {
      // ids that do not exist under these parameters
    }
  }
  (void)G::to_string(s, p);
  if (G::current_player(s, p) != tb::kTerminal && G::is_truncated(s, p)) fail(G::kId, "a live state is truncated");
}

template <tb::Game G>
void play(typename G::State s, const typename G::Params& p, tb::Rng& rng, bool check) {
  for (int guard = 0; guard < 100000; ++guard) {
    if (check) check_node<G>(s, p, rng);
    if (!tb::random_step<G>(s, p, rng)) {
      if (guard > G::max_game_length(p)) fail(G::kId, "a random game exceeded max_game_length");
      float out[tb::kMaxPlayers];
      G::returns(s, p, out);
      G::scores(s, p, out);
      return;
    }
  }
  fail(G::kId, "a random game did not end");
}

template <tb::Game G>
void run(int games, int fuzz) {
  const typename G::Params p{};
  tb::Rng rng{12345};
  std::vector<std::string> samples;
  for (int g = 0; g < games; ++g) {
    typename G::State s;
    G::init(s, p, rng.next());
    samples.push_back(tb::state_to_bytes<G>(s, p));
    play<G>(s, p, rng, true);
  }
  // Fuzz: random payloads behind a valid header, and real states with bytes overwritten.
  int accepted = 0;
  for (int i = 0; i < fuzz; ++i) {
    std::string bytes = samples[rng.uniform(static_cast<uint32_t>(samples.size()))];
    if (i % 2 == 0) {
      for (size_t k = tb::kByteHeaderSize; k < bytes.size(); ++k) bytes[k] = static_cast<char>(rng.next());
    } else {
      for (int flips = 1 + static_cast<int>(rng.uniform(4)); flips > 0; --flips)
        bytes[tb::kByteHeaderSize + rng.uniform(static_cast<uint32_t>(bytes.size() - tb::kByteHeaderSize))] =
            static_cast<char>(rng.next());
    }
    typename G::State s;
    if (tb::state_from_bytes<G>(bytes, p, s) == nullptr) {
      ++accepted;
      play<G>(s, p, rng, false);
    }
  }
  std::printf("%-14.*s %d games checked at every node, %d fuzzed byte strings (%d accepted and played)\n",
              static_cast<int>(G::kId.size()), G::kId.data(), games, fuzz, accepted);
}

// A PUCT evaluator that reads every input it is given: priors and values from a hash of the
// observation and the mask (so out-of-bounds or uninitialised rows show up under the sanitizers).
class HashEvaluator final : public tb::Evaluator {
 public:
  bool evaluate(const float* obs, const uint8_t* masks, int rows, int obs_size, int num_actions, int players,
                float* priors, float* values) override {
    for (int r = 0; r < rows; ++r) {
      uint64_t h = 0;
      for (int i = 0; i < obs_size; ++i) h = tb::mix64(h + static_cast<uint64_t>(obs[r * obs_size + i] * 1000.0f));
      for (int a = 0; a < num_actions; ++a) {
        h = tb::mix64(h + masks[r * num_actions + a]);
        priors[r * num_actions + a] = static_cast<float>(h % 1000) / 1000.0f;
      }
      for (int pl = 0; pl < players; ++pl) values[r * players + pl] = static_cast<float>((h >> (8 * pl)) % 101) / 100.0f;
    }
    return true;
  }
};

uint32_t evaluator_id() {
  static const uint32_t id = static_cast<uint32_t>(tb::EvaluatorRegistry::instance().add(std::make_shared<HashEvaluator>()));
  return id;
}

// The C++ network evaluator (core/mlp.hpp) for G's observation, action and player counts: two
// hidden layers whose widths are no multiple of its output tile, hashed weights.
template <tb::Game G>
uint32_t mlp_evaluator_id(const typename G::Params& p) {
  static const uint32_t id = [&] {
    uint64_t h = 7;
    auto layer = [&](int in, int out) {
      tb::MlpEvaluator::Layer l;
      l.in = in;
      l.out = out;
      for (int i = 0; i < in * out + out; ++i) {
        h = tb::mix64(h + 1);
        (i < in * out ? l.w : l.b).push_back(static_cast<float>(h % 2001) / 1000.0f - 1.0f);
      }
      return l;
    };
    const std::vector<tb::MlpEvaluator::Layer> hidden{layer(G::observation_size(p), 37), layer(37, 5)};
    const tb::MlpEvaluator::Layer policy = layer(5, G::kNumActions), value = layer(5, G::num_players(p));
    if (!tb::MlpEvaluator::check(hidden, policy, value).empty()) std::abort();
    return static_cast<uint32_t>(
        tb::EvaluatorRegistry::instance().add(std::make_shared<tb::MlpEvaluator>(hidden, policy, value)));
  }();
  return id;
}

// Parameters from raw bytes (as the batch module receives them): the defaults pass
// validate_params, and any corrupted parameter set it accepts plays random games within bounds.
template <tb::Game G>
void run_params(int fuzz) {
  using Params = typename G::Params;
  if (const char* why = G::validate_params(Params{})) fail(G::kId, std::string("default parameters rejected: ") + why);
  tb::Rng rng{4242};
  int accepted = 0;
  for (int i = 0; i < fuzz; ++i) {
    unsigned char raw[sizeof(Params)];
    const Params defaults{};
    std::memcpy(raw, &defaults, sizeof(Params));
    for (int flips = 1 + static_cast<int>(rng.uniform(3)); flips > 0; --flips) {
      raw[rng.uniform(static_cast<uint32_t>(sizeof(Params)))] = static_cast<unsigned char>(rng.next() % (i % 2 ? 8 : 256));
    }
    Params p;
    std::memcpy(&p, raw, sizeof(Params));
    if (G::validate_params(p)) continue;
    ++accepted;
    typename G::State s;
    G::init(s, p, rng.next());
    play<G>(s, p, rng, accepted % 16 == 0);
  }
  std::printf("%-14.*s %d corrupted parameter sets (%d accepted and played)\n", static_cast<int>(G::kId.size()),
              G::kId.data(), fuzz, accepted);
}

// ISMCTS and the arena: a few games of ISMCTS against random from every seat; every decision
// must be legal and the tree must stay in bounds.
template <tb::Game G>
void run_search(int games) {
  const typename G::Params p{};
  const int n = G::num_players(p);
  tb::Ismcts<G> search;
  tb::Rng rng{777};
  for (int g = 0; g < games; ++g) {
    typename G::State s;
    G::init(s, p, rng.next());
    for (int guard = 0; G::current_player(s, p) != tb::kTerminal; ++guard) {
      if (guard > 100000) return fail(G::kId, "an ISMCTS game did not end");
      const int cur = G::current_player(s, p);
      int joint[tb::kMaxPlayers] = {-1, -1, -1, -1, -1};
      for (int pl = 0; pl < n; ++pl) {
        const tb::ActionMask m = G::legal_mask(s, p, pl);
        if (!m || (cur >= 0 && pl != cur)) continue;
        tb::IsmctsConfig cfg;
        cfg.iterations = 60;
        cfg.seed = rng.next();
        joint[pl] = (pl + g) % 2 ? tb::random_action(m, rng) : search.search(s, p, pl, cfg).action;
        if (joint[pl] < 0 || !((m >> joint[pl]) & 1)) return fail(G::kId, "ISMCTS chose an illegal action");
      }
      if (cur >= 0) {
        G::apply(s, p, joint[cur]);
      } else {
        G::apply_joint(s, p, joint);
      }
    }
  }
  // ISMCTS on 2 root-parallel trees predicting the others at simultaneous nodes, PUCT with a C++
  // evaluator and playouts mixed into its leaf values, PUCT with the C++ network on 2 trees (a new
  // node valued by a playout until its second visit, predictions too), and random players fill
  // the rest.
  tb::PuctBot puct;
  puct.iterations = 40;
  puct.batch_size = 5;
  puct.evaluator = evaluator_id();
  tb::PuctBot mlp = puct;
  mlp.evaluator = mlp_evaluator_id<G>(p);
  mlp.threads = 2;
  mlp.relative_values = 1;
  mlp.playout_visits = 1;
  mlp.predict = 0.3;
  puct.rollout_mix = 0.5;
  const tb::BotConfig bots[tb::kMaxPlayers] = {tb::IsmctsBot{30, 0.7, 0.0, 2, 0.4}, puct, mlp, {}, {}};
  std::vector<int32_t> seats(4 * static_cast<size_t>(n));
  std::vector<float> returns(seats.size()), scores(seats.size());
  std::vector<uint32_t> lengths(4);
  std::vector<uint8_t> truncated(4);
  std::vector<std::vector<int32_t>> actions(4);  // the records' decisions, N per step
  tb::arena<G>(p, bots, 9, 0, 4,
               tb::ArenaOutput{seats.data(), returns.data(), scores.data(), lengths.data(), truncated.data(),
                               actions.data()},
               2);
  for (uint32_t length : lengths)
    if (length > static_cast<uint32_t>(G::max_game_length(p))) return fail(G::kId, "an arena game exceeded max_game_length");
  for (size_t k = 0; k < 4; ++k) {
    if (actions[k].size() != lengths[k] * static_cast<size_t>(n)) {
      return fail(G::kId, "an arena record does not hold N entries per step");
    }
  }
  std::printf("%-14.*s %d ISMCTS games and an arena run\n", static_cast<int>(G::kId.size()), G::kId.data(), games);
}

// The team solver and PIMC, for the games with team solver hooks: a few PIMC games on 2 threads
// (every decision legal, every game within max_game_length), and the solver's best joint
// decision legal at every node of a random game.
template <tb::Game G>
void run_pimc(int games) {
  if constexpr (tb::TeamSolvableGame<G>) {
    const typename G::Params p{};
    tb::PimcBot pimc;
    pimc.samples = 3;
    pimc.threads = 2;
    const tb::BotConfig bots[tb::kMaxPlayers] = {pimc, pimc, {}, {}, {}};
    const size_t count = static_cast<size_t>(games);
    const int n = G::num_players(p);
    std::vector<int32_t> seats(count * static_cast<size_t>(n));
    std::vector<float> returns(seats.size()), scores(seats.size());
    std::vector<uint32_t> lengths(count);
    std::vector<uint8_t> truncated(count);
    tb::arena<G>(p, bots, 21, 0, count,
                 tb::ArenaOutput{seats.data(), returns.data(), scores.data(), lengths.data(), truncated.data(), nullptr},
                 1);
    for (uint32_t length : lengths)
      if (length > static_cast<uint32_t>(G::max_game_length(p))) return fail(G::kId, "a PIMC game exceeded max_game_length");
    tb::TeamSolver<G> solver(12);
    tb::Rng rng{31};
    typename G::State s;
    G::init(s, p, rng.next());
    while (G::current_player(s, p) != tb::kTerminal) {
      std::array<int, tb::kMaxPlayers> joint;
      solver.begin(p, tb::pimc_horizon<G>(s, p, 2));
      solver.best(s, joint);
      const int cur = G::current_player(s, p);
      for (int pl = 0; pl < n; ++pl) {
        const tb::ActionMask m = G::legal_mask(s, p, pl);
        if ((cur >= 0 ? pl == cur : m != 0) && (joint[pl] < 0 || !((m >> joint[pl]) & 1)))
          return fail(G::kId, "the team solver chose an illegal action");
      }
      tb::random_step<G>(s, p, rng);
    }
    std::printf("%-14.*s %d PIMC games and a team-solved game\n", static_cast<int>(G::kId.size()), G::kId.data(), games);
  }
}

// nth_set_bit (PDEP when built for BMI2) and the portable broadword select, against a loop.
void check_select() {
  tb::Rng rng{99};
  for (int i = 0; i < 20000; ++i) {
    uint64_t x = rng.next();
    for (int thin = static_cast<int>(rng.uniform(4)); thin > 0; --thin) x &= rng.next();
    if (i == 0) x = ~uint64_t{0};
    int n = 0;
    for (int b = 0; b < 64; ++b) {
      if (!((x >> b) & 1)) continue;
      if (tb::nth_set_bit(x, n) != b || tb::nth_set_bit_broadword(x, n) != b)
        fail("bits", "nth_set_bit(" + std::to_string(x) + ", " + std::to_string(n) + ") is not " + std::to_string(b));
      ++n;
    }
  }
  std::printf("%-14s nth_set_bit checked on 20000 masks\n", "bits");
}

// Rng::uniform's widening multiply against the two-word one of compilers without 128-bit
// integers: the same draws everywhere.
void check_scale() {
  tb::Rng rng{7};
  const uint64_t edges[] = {0, 1, 0xFFFFFFFFu, uint64_t{1} << 32, ~uint64_t{0}};
  for (int i = 0; i < 200000; ++i) {
    const uint64_t x = i < 5 ? edges[i] : rng.next();
    const uint32_t n = i < 5 ? 0xFFFFFFFFu : static_cast<uint32_t>(rng.next() >> (rng.next() & 31));
    if (tb::scale(x, n) != tb::scale_in_two_words(x, n))
      fail("rng", "scale(" + std::to_string(x) + ", " + std::to_string(n) + ") differs between paths");
  }
  std::printf("%-14s uniform's multiply checked on 200000 draws\n", "rng");
}

// EdgeTable against a std::map, across growth and O(1) clears.
void check_edge_table() {
  tb::EdgeTable table;
  tb::Rng rng{7};
  for (int search = 0; search < 50; ++search) {
    table.clear(search % 2 ? 4 : 300);  // small reservations force growth
    std::map<std::pair<uint32_t, uint32_t>, int32_t> truth;
    for (int i = 0; i < 2000; ++i) {
      const uint32_t parent = static_cast<uint32_t>(rng.uniform(64)), key = static_cast<uint32_t>(rng.uniform(40));
      const auto it = truth.find({parent, key});
      const int32_t got = table.find_or_insert(parent, key, i);
      if (got != (it == truth.end() ? -1 : it->second)) return fail("edge_table", "find_or_insert disagrees with std::map");
      if (it == truth.end()) truth[{parent, key}] = i;
    }
  }
  std::printf("%-14s EdgeTable checked over 50 searches\n", "edge_table");
}

}  // namespace

int main(int argc, char** argv) {
  check_select();
  check_scale();
  check_edge_table();
  const int games = argc > 1 ? std::atoi(argv[1]) : 300;
  const int fuzz = argc > 2 ? std::atoi(argv[2]) : 200000;
  tb::Games::for_each([&]<class G>() { run<G>(games, fuzz); });
  tb::Games::for_each([&]<class G>() { run_params<G>(fuzz / 50 + 1); });
  tb::Games::for_each([&]<class G>() { run_search<G>(games / 30 + 1); });
  tb::Games::for_each([&]<class G>() { run_pimc<G>(games / 100 + 1); });
  if (failures) {
    std::printf("%d failed\n", failures);
    return 1;
  }
  std::printf("sanitizer driver: all checks passed\n");
  return 0;
}
