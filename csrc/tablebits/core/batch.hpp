// A vectorised environment over N independent games of one type, stepping all of them per call
// from flat arrays (the numpy buffers of the Python layer), splitting work over the thread pool
// and auto-resetting finished games. Every per-env quantity depends only on the env's own seed
// stream, so results are identical for any thread count.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <vector>

#include "drivers.hpp"
#include "game.hpp"
#include "rng.hpp"
#include "thread_pool.hpp"

namespace tb {

// Caller-owned output buffers, written after every reset and step. They are only written, never
// read back: Python may scribble on them (they are plain numpy arrays), so the env steps from its
// own copies of the current players and legal masks.
struct BatchBuffers {
  int32_t* current_player = nullptr;  // (N,)    player, kSimultaneous or kTerminal
  uint64_t* legal = nullptr;          // (N, P)  legal-action bitmask per player (0: not acting)
  float* rewards = nullptr;           // (N, P)  returns of a game that ended on this step, else 0
  uint8_t* terminated = nullptr;      // (N,)    1 if the game ended by its rules on this step
  uint8_t* truncated = nullptr;       // (N,)    1 if a safety cap ended it on this step
  int32_t* episode_steps = nullptr;   // (N,)    decision nodes played in the current game
  float* observations = nullptr;      // (N, P, obs) or null to skip observations
  // Env i's last finished game, written when it ends (then the env resets): its returns and,
  // if observations are on, every player's observation of its terminal state.
  float* final_returns = nullptr;       // (N, P)
  float* final_observations = nullptr;  // (N, P, obs) or null (exactly when observations is)
};

template <Game G>
class BatchEnv {
 public:
  using State = typename G::State;
  using Params = typename G::Params;

  BatchEnv(const Params& params, size_t num_envs, BatchBuffers buffers)
      : params_(params),
        players_(G::num_players(params)),
        obs_size_(G::observation_size(params)),
        buffers_(buffers),
        states_(num_envs),
        current_(num_envs),
        legal_(num_envs * static_cast<size_t>(players_)),
        episode_rng_(num_envs),
        policy_rng_(num_envs),
        game_seed_(num_envs) {}

  size_t size() const { return states_.size(); }
  int players() const { return players_; }
  const State& state(size_t i) const { return states_[i]; }
  const Params& params() const { return params_; }

  void reset(uint64_t seed, int threads) {
    ThreadPool::instance().parallel_for(size(), threads, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        episode_rng_[i] = Rng{derive_seed(seed, i, 0)};
        policy_rng_[i] = Rng{derive_seed(seed, i, 1)};
        new_game(i);
        std::memset(buffers_.rewards + i * players_, 0, sizeof(float) * players_);
        std::memset(buffers_.final_returns + i * players_, 0, sizeof(float) * players_);
        buffers_.terminated[i] = 0;
        buffers_.truncated[i] = 0;
        if (buffers_.final_observations) {
          std::memset(buffers_.final_observations + i * players_ * obs_size_, 0, sizeof(float) * players_ * obs_size_);
        }
        publish(i, G::current_player(states_[i], params_));
      }
    });
  }

  // Returns -1 if every acting player's action is legal (then all envs are stepped), else
  // env * P + player of the first illegal entry (then nothing changes). Entries of players who
  // are not acting are ignored.
  int64_t step(const int32_t* actions, int threads) {
    const int64_t bad = first_illegal(actions, threads);
    if (bad >= 0) return bad;
    ThreadPool::instance().parallel_for(size(), threads, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) step_one(i, actions + i * players_);
    });
    return -1;
  }

  // A uniformly random legal action for every acting player, kNoAction elsewhere.
  void sample_actions(int32_t* out, int threads) {
    ThreadPool::instance().parallel_for(size(), threads, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) random_row(i, out + i * players_);
    });
  }

 protected:
  // A uniformly random legal action of env i for every acting player into row[p], kNoAction
  // elsewhere, from the env's policy stream.
  void random_row(size_t i, int32_t* row) {
    const ActionMask* legal = legal_.data() + i * players_;
    Rng& rng = policy_rng_[i];
    for (int p = 0, n = players_; p < n; ++p) row[p] = legal[p] ? random_action(legal[p], rng) : kNoAction;
  }

  void new_game(size_t i) {
    game_seed_[i] = episode_rng_[i].next();
    G::init(states_[i], params_, game_seed_[i]);
    buffers_.episode_steps[i] = 0;
  }

  int64_t first_illegal(const int32_t* actions, int threads) const {
    std::atomic<int64_t> first{-1};
    ThreadPool::instance().parallel_for(size(), threads, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        for (int p = 0; p < players_; ++p) {
          const ActionMask m = legal_[i * players_ + p];
          const int32_t a = actions[i * players_ + p];
          if (m && (a < 0 || a >= G::kNumActions || !((m >> a) & 1))) {
            record_min(first, static_cast<int64_t>(i) * players_ + p);
            return;
          }
        }
      }
    });
    return first.load();
  }

  static void record_min(std::atomic<int64_t>& slot, int64_t value) {
    int64_t seen = slot.load();
    while ((seen < 0 || value < seen) && !slot.compare_exchange_weak(seen, value)) {
    }
  }

  // `Observe`: write the observations of the new node (the one-seat walk skips them until it
  // stops, then writes only the seat's). A template argument, so `step` compiles as before.
  template <bool Observe = true>
  void step_one(size_t i, const int32_t* row) {
    State& s = states_[i];
    const int cur = current_[i];
    if (cur >= 0) {
      G::apply(s, params_, row[cur]);
    } else {
      std::array<int, kMaxPlayers> joint;
      for (int p = 0; p < players_; ++p)
        joint[p] = legal_[i * players_ + p] ? row[p] : kNoAction;
      G::apply_joint(s, params_, joint.data());
    }
    // Counted in the output buffer (it is never read for anything else), in unsigned
    // arithmetic: a value Python wrote there must not overflow.
    buffers_.episode_steps[i] = static_cast<int32_t>(static_cast<uint32_t>(buffers_.episode_steps[i]) + 1u);
    float* rewards = buffers_.rewards + i * players_;
    int next = G::current_player(s, params_);
    if (next == kTerminal) {
      finish(i, rewards);
      new_game(i);
      next = G::current_player(s, params_);
    } else {
      std::memset(rewards, 0, sizeof(float) * players_);
      buffers_.terminated[i] = 0;
      buffers_.truncated[i] = 0;
    }
    publish<Observe>(i, next);
  }

  // Env i's game is over: its returns into `rewards` and, with its terminal observations, into
  // the final buffers that keep them past the reset. Once a game: out of line, so it does not
  // weigh on the compiler's inlining of the per-step code.
  [[gnu::noinline]] void finish(size_t i, float* rewards) {
    const State& s = states_[i];
    G::returns(s, params_, rewards);
    std::memcpy(buffers_.final_returns + i * players_, rewards, sizeof(float) * players_);
    const bool cut = G::is_truncated(s, params_);
    buffers_.terminated[i] = !cut;
    buffers_.truncated[i] = cut;
    if (buffers_.final_observations) observe_all(s, buffers_.final_observations + i * players_ * obs_size_);
  }

  // Every player's observation of `s`, (P, obs) at `out`.
  void observe_all(const State& s, float* out) const {
    for (int p = 0; p < players_; ++p) G::observe(s, params_, p, out + p * obs_size_);
  }

  // Writes env i's node (`cur` is its current player) into the buffers.
  template <bool Observe = true>
  void publish(size_t i, int cur) {
    const State& s = states_[i];
    current_[i] = cur;
    buffers_.current_player[i] = cur;
    for (int p = 0; p < players_; ++p) {
      const ActionMask m = G::legal_mask(s, params_, p);
      legal_[i * players_ + p] = m;
      buffers_.legal[i * players_ + p] = m;
    }
    if constexpr (Observe) {
      if (buffers_.observations) observe_all(s, buffers_.observations + i * players_ * obs_size_);
    }
  }

  Params params_;
  int players_;
  int obs_size_;
  BatchBuffers buffers_;
  std::vector<State> states_;
  std::vector<int32_t> current_;   // the env's own copy of buffers_.current_player
  std::vector<ActionMask> legal_;  // the env's own copy of buffers_.legal
  std::vector<Rng> episode_rng_;
  std::vector<Rng> policy_rng_;
  std::vector<uint64_t> game_seed_;  // the seed of each env's current game (G::init)
};

}  // namespace tb
