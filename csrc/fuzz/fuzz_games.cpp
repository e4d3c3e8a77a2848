// libFuzzer harness over the C++ entry points that take outside data, for every game: the byte
// decoder (header, length, G::validate), then, on an accepted state, everything the bindings
// call on it (observations, strings, returns, resample, a short ISMCTS search) and an action
// script applied through apply / apply_joint. The invariant: no crash, no sanitizer report, and
// every state reached by legal moves from an accepted state is itself accepted (validate and
// the byte round trip), so the decoder never admits a state the rules then break on.
//
// One binary for all games: TB_FUZZ_GAME (environment) names the game a run fuzzes, by its id in
// games/registry.hpp; TB_FUZZ_LIST=1 instead prints the registered ids, one a line, and exits
// (run_fuzz.py fuzzes each of them, so a new game is fuzzed once it is registered).
// TB_FUZZ_SEEDS=<dir> makes the run first write a seed corpus there from real random games.
// Input layout: [mode][params bytes, if mode & 0x40][state bytes (header + State)][action
// script: one byte per decision, choosing among the legal actions]. The mode's low bits pick
// one of a few parameter sets; with 0x40 the parameters are the raw Params bytes instead, which
// G::validate_params must either reject or accept as rules that play every game to a valid
// end (the raw-bytes path of the batch module). 0x80 adds a short ISMCTS search at each player.
// Driven by csrc/fuzz/run_fuzz.py.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tablebits/core/drivers.hpp"
#include "tablebits/core/ismcts.hpp"
#include "tablebits/core/serialize.hpp"
#include "tablebits/games/registry.hpp"

namespace {

// The game's example parameter sets (G::kExampleParams; the input's first byte picks one):
// defaults and the variants whose rules take other paths.
template <class G>
std::vector<typename G::Params> param_variants() {
  std::vector<typename G::Params> out;
  for (const auto& example : G::kExampleParams) out.push_back(example.params);
  return out;
}

[[noreturn]] void broken(std::string_view game, const std::string& what) {
  std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(game.size()), game.data(), what.c_str());
  std::abort();
}

template <tb::Game G>
void must_accept(const typename G::State& s, const typename G::Params& p, const char* where) {
  if (const char* why = G::validate(s, p)) broken(G::kId, std::string(where) + " fails validate: " + why);
  typename G::State back;
  if (const char* why = tb::state_from_bytes<G>(tb::state_to_bytes<G>(s, p), p, back)) {
    broken(G::kId, std::string(where) + " does not read back from its bytes: " + why);
  }
  if (std::memcmp(&back, &s, sizeof(s)) != 0) broken(G::kId, std::string(where) + " changed in a byte round trip");
}

// What the bindings call on any state they hold.
template <tb::Game G>
void inspect(const typename G::State& s, const typename G::Params& p, uint64_t seed, bool search) {
  const int n = G::num_players(p);
  std::vector<float> obs(static_cast<size_t>(G::observation_size(p)));
  float out[tb::kMaxPlayers];
  G::returns(s, p, out);
  G::scores(s, p, out);
  (void)G::to_string(s, p);
  const int cur = G::current_player(s, p);
  for (int pl = -1; pl < n; ++pl) {
    for (int a = 0; a < G::kNumActions; ++a) {
      try {
        (void)G::action_to_string(s, p, pl, a);
      } catch (const std::invalid_argument&) {
        // an id that does not exist under these parameters
      }
    }
    if (pl < 0) continue;
    G::observe(s, p, pl, obs.data());
    (void)G::observation_string(s, p, pl);
    typename G::State r = s;
    G::resample(r, p, pl, seed);
    must_accept<G>(r, p, "a resampled state");
    const tb::ActionMask mine = G::legal_mask(s, p, pl);
    if (search && cur != tb::kTerminal && mine) {
      static tb::Ismcts<G> ismcts;
      tb::IsmctsConfig cfg;
      cfg.iterations = 8;
      cfg.seed = seed;
      const int a = ismcts.search(s, p, pl, cfg).action;
      if (a < 0 || !((mine >> a) & 1)) broken(G::kId, "ISMCTS chose an illegal action");
    }
  }
}

// Parameters that validate_params accepts must give games whose every node is valid.
template <tb::Game G>
void play_fresh_game(const typename G::Params& p, uint64_t seed) {
  typename G::State s;
  G::init(s, p, seed);
  tb::Rng rng{seed};
  for (int guard = 0; guard < 100000; ++guard) {
    must_accept<G>(s, p, "a state of a game under accepted parameters");
    if (!tb::random_step<G>(s, p, rng)) return;
  }
  broken(G::kId, "a random game under accepted parameters did not end");
}

template <tb::Game G>
void fuzz_one(const uint8_t* data, size_t size) {
  static const std::vector<typename G::Params> variants = param_variants<G>();
  if (size < 1) return;
  const uint8_t mode = data[0];
  const bool search = mode & 0x80;
  typename G::Params p = variants[(mode & 0x3f) % variants.size()];
  ++data;
  --size;
  if (mode & 0x40) {
    if (size < sizeof(p)) return;
    std::memcpy(&p, data, sizeof(p));
    data += sizeof(p);
    size -= sizeof(p);
    if (G::validate_params(p)) return;
    play_fresh_game<G>(p, size);
  }
  const size_t state_size = tb::kByteHeaderSize + sizeof(typename G::State);
  const size_t taken = size < state_size ? size : state_size;
  // The parameter digest is written over with p's, so mutated parameters still reach validate
  // (the digest check itself is tested from Python, tests/test_hardening_bytes.py).
  std::string bytes(reinterpret_cast<const char*>(data), taken);
  if (bytes.size() == state_size) {
    const uint64_t digest = tb::params_digest<G>(p);
    std::memcpy(bytes.data() + 5, &digest, sizeof(digest));
  }
  typename G::State s;
  if (tb::state_from_bytes<G>(bytes, p, s)) return;
  must_accept<G>(s, p, "an accepted state");
  inspect<G>(s, p, size, search);
  const int n = G::num_players(p);
  for (size_t k = taken; k < size;) {
    const int cur = G::current_player(s, p);
    if (cur == tb::kTerminal) break;
    if (cur >= 0) {
      const tb::ActionMask m = G::legal_mask(s, p, cur);
      if (!m) broken(G::kId, "the player to move has no legal action");
      G::apply(s, p, tb::nth_set_bit(m, data[k++] % tb::popcount(m)));
    } else {
      int joint[tb::kMaxPlayers] = {-1, -1, -1, -1, -1};
      bool anyone = false;
      for (int pl = 0; pl < n; ++pl) {
        const tb::ActionMask m = G::legal_mask(s, p, pl);
        if (!m) continue;
        anyone = true;
        joint[pl] = tb::nth_set_bit(m, (k < size ? data[k++] : 0) % tb::popcount(m));
      }
      if (!anyone) broken(G::kId, "a simultaneous node where nobody acts");
      G::apply_joint(s, p, joint);
    }
    must_accept<G>(s, p, "a state reached by legal moves");
  }
  inspect<G>(s, p, size + 1, false);
}

// Seeds: each variant's real states at random depths of random games, with a random script.
template <tb::Game G>
void write_seeds(const std::string& dir) {
  const auto variants = param_variants<G>();
  tb::Rng rng{2024};
  int written = 0;
  for (size_t v = 0; v < variants.size(); ++v) {
    const auto& p = variants[v];
    for (int game = 0; game < 40; ++game) {
      typename G::State s;
      G::init(s, p, rng.next());
      const uint32_t depth = rng.uniform(120);
      for (uint32_t d = 0; d < depth && tb::random_step<G>(s, p, rng); ++d) {
      }
      const bool raw_params = game % 5 == 1;
      std::string input(1, static_cast<char>(v | (game % 4 == 0 ? 0x80 : 0) | (raw_params ? 0x40 : 0)));
      if (raw_params) input.append(reinterpret_cast<const char*>(&p), sizeof(p));
      input += tb::state_to_bytes<G>(s, p);
      for (uint32_t k = rng.uniform(64); k > 0; --k) input += static_cast<char>(rng.next());
      std::ofstream(dir + "/seed-" + std::to_string(written++), std::ios::binary) << input;
    }
  }
}

// The registered game ids, one a line.
std::string game_ids() {
  std::string out;
  tb::Games::for_each([&]<class G>() { out += std::string(G::kId) + "\n"; });
  return out;
}

using Fuzz = void (*)(const uint8_t*, size_t);
Fuzz g_fuzz = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* list = std::getenv("TB_FUZZ_LIST"); list && *list) {
    std::fputs(game_ids().c_str(), stdout);
    std::exit(0);
  }
  const char* game = std::getenv("TB_FUZZ_GAME");
  const char* seeds = std::getenv("TB_FUZZ_SEEDS");
  tb::Games::for_each([&]<class G>() {
    if (!game || G::kId != game) return;
    g_fuzz = &fuzz_one<G>;
    if (seeds) write_seeds<G>(seeds);
  });
  if (!g_fuzz) {
    std::fprintf(stderr, "set TB_FUZZ_GAME to one of the game ids:\n%s", game_ids().c_str());
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  g_fuzz(data, size);
  return 0;
}
