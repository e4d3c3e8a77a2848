// A type-erased face of the batch drivers for the Cython module: one virtual call per batch
// (never per step) picks the game; the loops inside are the templates of core/.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../tablebits/core/arena.hpp"
#include "../tablebits/core/batch.hpp"
#include "../tablebits/core/seat_env.hpp"
#include "../tablebits/core/serialize.hpp"
#include "../tablebits/core/simulate.hpp"
#include "../tablebits/games/registry.hpp"
#include "sigint_scope.hpp"

namespace tb {

class AnyBatchEnv {
 public:
  virtual ~AnyBatchEnv() = default;
  virtual void reset(uint64_t seed, int threads) = 0;
  virtual int64_t step(const int32_t* actions, int threads) = 0;
  virtual void sample_actions(int32_t* out, int threads) = 0;
  virtual std::string state_bytes(size_t i) const = 0;
  // One learning seat, the other seats played by an opponent pool (see SeatEnv): `bots` holds
  // `count` bots in the byte form of core/bots.hpp, `weights` their sampling weights.
  // Throws std::invalid_argument (and changes nothing) if the pool cannot play the game.
  virtual void set_learner(int seat, bool rotate, const std::string& bots, const double* weights, size_t count,
                           bool allow_time_limits, SeatBuffers out) = 0;
  virtual void learner_reset(uint64_t seed, int threads, float* obs, uint8_t* masks) = 0;
  virtual int64_t learner_step(const int32_t* actions, int threads, float* obs, uint8_t* masks) = 0;
};

// `count` bots read from `blob` (the byte form of core/bots.hpp), each checked: its fields and
// that it plays G with `p`. Throws std::invalid_argument: "<what>: <why>", or "<what> needs
// exactly <unit>" when the blob holds more.
template <Game G>
std::vector<BotConfig> read_bots(const std::string& blob, size_t count, const typename G::Params& p,
                                 const std::string& what, const std::string& unit) {
  std::vector<BotConfig> bots(count);
  const char* pos = blob.data();
  const char* end = pos + blob.size();
  for (BotConfig& bot : bots) {
    if (const char* why = bot_from_bytes(&pos, end, bot)) throw std::invalid_argument(what + ": " + why);
    if (const std::string why = bot_refusal<G>(bot, p); !why.empty()) throw std::invalid_argument(why);
  }
  if (pos != end) throw std::invalid_argument(what + " needs exactly " + unit);
  return bots;
}

template <Game G>
class TypedBatchEnv final : public AnyBatchEnv {
 public:
  TypedBatchEnv(const typename G::Params& p, size_t n, BatchBuffers b) : env_(p, n, b) {}
  void reset(uint64_t seed, int threads) override { env_.reset(seed, threads); }
  int64_t step(const int32_t* actions, int threads) override { return env_.step(actions, threads); }
  void sample_actions(int32_t* out, int threads) override { env_.sample_actions(out, threads); }
  std::string state_bytes(size_t i) const override { return state_to_bytes<G>(env_.state(i), env_.params()); }
  void set_learner(int seat, bool rotate, const std::string& bots, const double* weights, size_t count,
                   bool allow_time_limits, SeatBuffers out) override {
    if (seat < 0 || seat >= env_.players()) throw std::invalid_argument("seat out of range");
    OpponentPool pool{read_bots<G>(bots, count, env_.params(), "opponents", "one weight per bot"),
                      std::vector<double>(weights, weights + count)};
    if (const std::string why = env_.refusal(pool, allow_time_limits); !why.empty()) throw std::invalid_argument(why);
    env_.configure(seat, rotate, std::move(pool), out);
  }
  void learner_reset(uint64_t seed, int threads, float* obs, uint8_t* masks) override {
    env_.learner_reset(seed, threads, obs, masks);
  }
  int64_t learner_step(const int32_t* actions, int threads, float* obs, uint8_t* masks) override {
    return env_.learner_step(actions, threads, obs, masks);
  }

 private:
  SeatEnv<G> env_;
};

// Calls f.template operator()<G>(params) for the game `id`, with params decoded from `blob`
// (Game._params_blob()) and checked by G::validate_params: the blob is raw bytes from Python, so
// it may have been edited. Throws std::invalid_argument (ValueError in Python) otherwise.
template <class F>
void with_game(const std::string& id, const std::string& blob, F&& f) {
  bool found = false;
  Games::for_each([&]<class G>() {
    if (found || id != G::kId) return;
    found = true;
    typename G::Params p;
    if (blob.size() != sizeof(p)) throw std::invalid_argument("parameter blob does not match " + id);
    std::memcpy(&p, blob.data(), sizeof(p));
    if (const char* why = G::validate_params(p)) throw std::invalid_argument("invalid " + id + " parameters: " + why);
    f.template operator()<G>(p);
  });
  if (!found) throw std::invalid_argument("unknown game '" + id + "'");
}

// What the batch module checks every caller buffer against.
struct GameShape {
  int players = 0;
  int observation_size = 0;
  int num_actions = 0;
};

inline GameShape game_shape(const std::string& id, const std::string& blob) {
  GameShape shape;
  with_game(id, blob, [&]<class G>(const typename G::Params& p) {
    shape = GameShape{G::num_players(p), G::observation_size(p), G::kNumActions};
  });
  return shape;
}

inline AnyBatchEnv* new_batch_env(const std::string& id, const std::string& blob, size_t n,
                                  BatchBuffers buffers) {
  AnyBatchEnv* env = nullptr;
  with_game(id, blob, [&]<class G>(const typename G::Params& p) { env = new TypedBatchEnv<G>(p, n, buffers); });
  return env;
}

inline void simulate_any(const std::string& id, const std::string& blob, uint64_t seed, uint64_t first,
                         size_t count, float* returns, float* scores, uint32_t* lengths, uint8_t* truncated,
                         uint8_t* starts, int threads) {
  with_game(id, blob, [&]<class G>(const typename G::Params& p) {
    simulate_random<G>(p, seed, first, count, SimulationOutput{returns, scores, lengths, truncated, starts}, threads);
  });
}

// Bot games (tb.arena): `bots` holds one bot per seat in the byte form of core/bots.hpp
// (BotConfig._bytes), `count` games; `actions` (count vectors, or null) receives each game's
// decisions for its record. Time-limited bots make the games depend on the machine's speed, so
// they play only when the caller opted in with `allow_time_limits`.
inline void arena_any(const std::string& id, const std::string& blob, const std::string& bots_blob,
                      uint64_t seed, uint64_t first, size_t count, int32_t* seats, float* returns, float* scores,
                      uint32_t* lengths, uint8_t* truncated, std::vector<int32_t>* actions, uint8_t* starts,
                      int threads, bool allow_time_limits) {
  with_game(id, blob, [&]<class G>(const typename G::Params& p) {
    const std::vector<BotConfig> bots =
        read_bots<G>(bots_blob, static_cast<size_t>(G::num_players(p)), p, "arena bots", "one bot per seat");
    for (const BotConfig& bot : bots) {
      if (!allow_time_limits && !bot_reproducible(bot))
        throw std::invalid_argument("arena bots must be reproducible (no time limit) unless time limits are allowed");
    }
    arena<G>(p, bots.data(), seed, first, count, ArenaOutput{seats, returns, scores, lengths, truncated, actions, starts}, threads);
  });
}

}  // namespace tb
