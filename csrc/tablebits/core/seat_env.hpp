// One learning seat per env over BatchEnv (the Gymnasium vector env): each call takes one
// decision of the learner in every env, and the seats the learner does not play are played in
// C++ on the env's threads until the learner must act again.
//
// The other seats are played by an opponent pool: bot configs (core/bots.hpp) with sampling
// weights, one drawn for each game when it starts and kept to its end. A random opponent draws
// from the env's policy stream (as BatchEnv::sample_actions does); any other bot decides with the
// seed derive_seed(game seed, decision node, player), which is what State.bot_action(config,
// player, seed) decides with, so its moves can be checked one by one against the object API. The
// game's seed (G::init's), the decision node (counted from 0 in each game) and the pool's draw
// (from the game's seed) depend only on the env's own streams: the same seed gives the same games
// for any thread count, as long as the bots are reproducible (no time limit).
//
// The learner's seat is fixed, or rotates: env i's k-th game since the reset seats the learner
// at (seat + i + k) mod P, so every batch mixes the seats and every env cycles through them.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "batch.hpp"
#include "bots.hpp"

namespace tb {

// Per env, what the learner's game is; written at each game's start (seat, opponent, game_seed)
// and end (final_seat, final_opponent: those of the game that ended), and after every call
// (reward). Outputs only, as BatchBuffers: the env keeps its own copies.
struct SeatBuffers {
  int32_t* seat = nullptr;            // (N,) the learner's seat in the current game
  int32_t* opponent = nullptr;        // (N,) the pool entry playing the other seats
  uint64_t* game_seed = nullptr;      // (N,) the current game's seed (G::init's)
  int32_t* final_seat = nullptr;      // (N,) the learner's seat in the last finished game
  int32_t* final_opponent = nullptr;  // (N,) its pool entry
  float* reward = nullptr;            // (N,) the learner's return in a game that ended in the call, else 0
  float* final_obs = nullptr;         // (N, obs) the learner's observation of the last finished game's end
};

// The pool: bots[k] is drawn with probability weights[k] / sum(weights).
struct OpponentPool {
  std::vector<BotConfig> bots{RandomBot{}};
  std::vector<double> weights{1.0};
};

template <Game G>
class SeatEnv : public BatchEnv<G> {
  using Base = BatchEnv<G>;
  using Base::buffers_;
  using Base::legal_;
  using Base::players_;
  using Base::obs_size_;
  using Base::params_;
  using Base::states_;
  using Base::game_seed_;
  using Base::policy_rng_;

 public:
  SeatEnv(const typename G::Params& params, size_t num_envs, BatchBuffers buffers)
      : Base(params, num_envs, buffers),
        seat_(num_envs),
        opponent_(num_envs),
        bot_(num_envs),
        games_(num_envs),
        node_(num_envs) {}

  // Why `pool` cannot play this game (""): a bad weight, or a time-limited bot unless
  // `allow_time_limits`. Its bots must have passed bot_refusal<G> (read_bots checks them).
  std::string refusal(const OpponentPool& pool, bool allow_time_limits) const {
    if (pool.bots.empty() || pool.bots.size() != pool.weights.size()) return "the pool needs one weight per bot";
    double total = 0.0;
    for (const double w : pool.weights) {
      if (!(w >= 0.0) || w > 1e300) return "the pool's weights must be finite numbers >= 0";
      total += w;
    }
    if (!(total > 0.0)) return "the pool's weights must not all be 0";
    for (const BotConfig& bot : pool.bots) {
      if (!allow_time_limits && !bot_reproducible(bot))
        return "time-limited opponents make the games depend on the machine's speed: pass reproducible=False";
    }
    return {};
  }

  // The learner's seat and whether it rotates, the pool and the buffers; effective for each
  // env's next game (the reset starts one everywhere). The pool must have passed refusal().
  void configure(int seat, bool rotate, OpponentPool pool, SeatBuffers out) {
    seat0_ = seat;
    rotate_ = rotate;
    pool_ = std::move(pool);
    cumulative_.clear();
    double total = 0.0;
    for (const double w : pool_.weights) cumulative_.push_back(total += w);
    for (double& c : cumulative_) c /= total;
    pool_random_ = true;
    for (const BotConfig& bot : pool_.bots) pool_random_ &= std::holds_alternative<RandomBot>(bot);
    all_random_ = all_random_ && pool_random_;  // the games under way keep their bots
    out_ = out;
  }

  // Starts a fresh game in every env and plays the other seats until the learner must act.
  // Observations and masks as in step.
  void learner_reset(uint64_t seed, int threads, float* obs, uint8_t* masks) {
    Base::reset(seed, threads);
    all_random_ = pool_random_;  // every game starts again, with the pool's bots
    for_each(threads, [&](size_t i) {
      games_[i] = 0;
      start_game(i);
      play_others(i, obs, masks);
    });
  }

  // One decision of the learner in every env (each waits on it, as learner_reset and learner_step leave it):
  // env i applies actions[i] for the learner (the opponents choose for the other acting seats
  // of a simultaneous node), then the other seats move until the learner must act again; a game
  // that ends is reset and its successor played up to the learner's first decision. The
  // end-of-game buffers (rewards, terminated, truncated) report the game that ended during the
  // call, the seat buffers its seat and opponent. The learner's observation goes into `obs`
  // (N, obs) and its legal actions into `masks` (N, A) as bytes 0/1.
  // Returns -1, or the first env whose action is not legal for the learner (then nothing moves).
  int64_t learner_step(const int32_t* actions, int threads, float* obs, uint8_t* masks) {
    std::atomic<int64_t> first{-1};
    ThreadPool::instance().parallel_for(this->size(), threads, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        const ActionMask m = legal_[i * players_ + seat_[i]];
        const int32_t a = actions[i];
        if (!m || a < 0 || a >= G::kNumActions || !((m >> a) & 1)) {
          Base::record_min(first, static_cast<int64_t>(i));
          return;
        }
      }
    });
    if (first.load() >= 0) return first.load();
    for_each(threads, [&](size_t i) {
      std::array<int32_t, kMaxPlayers> row;
      const int seat = seat_[i];
      others_row(i, row.data());
      row[seat] = actions[i];
      EndReport last;
      advance(i, row.data(), last);
      play_others(i, obs, masks, last);
    });
    return -1;
  }

 private:
  // What step_one wrote about a game that ended, kept across the moves that follow it.
  // (The final buffers need no such care: only an end writes them.)
  struct EndReport {
    bool ended = false;
    uint8_t terminated = 0;
    uint8_t truncated = 0;
    int seat = 0;  // the learner's in the game that ended
    std::array<float, kMaxPlayers> rewards{};
  };

  // Calls body(i) for every env on `threads` threads. With search bots in the pool an env's
  // work varies by orders of magnitude, so threads take envs one at a time instead of a fixed
  // share; each env's result depends on nothing but the env, so the order does not matter.
  template <class Body>
  void for_each(int threads, const Body& body) {
    if (all_random_) {
      ThreadPool::instance().parallel_for(this->size(), threads, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) body(i);
      });
      return;
    }
    std::atomic<size_t> next{0};
    const size_t n = this->size();
    ThreadPool::instance().parallel_for(n, threads, [&](size_t, size_t) {
      for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) body(i);
    });
  }

  // Env i's new game: the learner's seat, the opponent drawn, the decision count.
  void start_game(size_t i) {
    const int n = players_;
    seat_[i] = rotate_ ? static_cast<int>((static_cast<uint64_t>(seat0_) + i + games_[i]) % static_cast<uint64_t>(n))
                       : seat0_;
    ++games_[i];
    Rng draw{derive_seed(game_seed_[i], 0, 3)};
    const double u = draw.unit();
    size_t k = 0;
    while (k + 1 < cumulative_.size() && !(u < cumulative_[k])) ++k;
    opponent_[i] = static_cast<int32_t>(k);
    bot_[i] = pool_.bots[k];
    node_[i] = 0;
    if (out_.seat) out_.seat[i] = seat_[i];
    if (out_.opponent) out_.opponent[i] = opponent_[i];
    if (out_.game_seed) out_.game_seed[i] = game_seed_[i];
  }

  // Applies `row` in env i; at the end of a game reports it into `last` (seat and opponent
  // too) and starts the next one.
  void advance(size_t i, const int32_t* row, EndReport& last) {
    const int seat = seat_[i];
    const int32_t opponent = opponent_[i];
    apply_row(i, row);
    if (!(buffers_.terminated[i] | buffers_.truncated[i])) {
      ++node_[i];
      return;
    }
    ended(i, last, seat, opponent);
  }

  // BatchEnv's step of env i, in a function of its own as in BatchEnv::step: inlined into the
  // walk, it left the game's rules out of line, and the walk ran 10-15% slower.
  [[gnu::noinline]] void apply_row(size_t i, const int32_t* row) { Base::template step_one<false>(i, row); }

  // Once a game: out of line, as BatchEnv::finish.
  [[gnu::noinline]] void ended(size_t i, EndReport& r, int seat, int32_t opponent) {
    r.terminated = buffers_.terminated[i];
    r.truncated = buffers_.truncated[i];
    r.ended = true;
    r.seat = seat;
    std::memcpy(r.rewards.data(), buffers_.rewards + i * players_, sizeof(float) * players_);
    if (out_.final_seat) out_.final_seat[i] = seat;
    if (out_.final_opponent) out_.final_opponent[i] = opponent;
    if (out_.final_obs && buffers_.final_observations) {
      std::memcpy(out_.final_obs + i * obs_size_, buffers_.final_observations + (i * players_ + seat) * obs_size_,
                  sizeof(float) * obs_size_);
    }
    start_game(i);
  }

  // The opponents' choices for every acting seat but the learner's (kNoAction elsewhere). A
  // random opponent also draws an entry for the learner and drops it, so that its stream is
  // the one it has always been (random games did not change with the opponent pool).
  void others_row(size_t i, int32_t* row) {
    if (all_random_ || std::holds_alternative<RandomBot>(bot_[i])) {
      Base::random_row(i, row);
      return;
    }
    const ActionMask* legal = legal_.data() + i * players_;
    const int seat = seat_[i];
    for (int p = 0; p < players_; ++p) row[p] = legal[p] && p != seat ? bot_move(i, p, legal[p]) : kNoAction;
  }

  // A bot's decision: out of line, so that the searches' code stays out of the random walk's
  // (inlined, it made the compiler stop inlining the game's rules there).
  [[gnu::noinline]] int32_t bot_move(size_t i, int player, ActionMask legal) {
    const uint64_t seed = derive_seed(game_seed_[i], node_[i], static_cast<uint64_t>(player));
    Rng policy{seed};
    Decision decision{policy, seed};
    return runners().act(bot_[i], states_[i], params_, player, legal, decision);
  }

  // The bots' working memory (ISMCTS's node pools) of this thread, kept across steps.
  static BotRunners<G>& runners() {
    thread_local BotRunners<G> mine;
    return mine;
  }

  // The opponents move in env i until the learner must act, then the learner's observation and
  // mask. The last end of a game (`last`, or one met on the way) stays in the buffers, which
  // each move rewrites. A game in which the learner never acts would loop forever, so the walk
  // stops after two games' worth of steps (then the learner is not acting and the next step
  // reports env i).
  void play_others(size_t i, float* obs, uint8_t* masks, EndReport last = {}) {
    std::array<int32_t, kMaxPlayers> row;
    bool moved = false;
    const ActionMask* legal = legal_.data() + i * players_;
    for (int budget = 2 * G::max_game_length(params_) + 1; legal[seat_[i]] == 0 && budget > 0; --budget) {
      others_row(i, row.data());
      advance(i, row.data(), last);
      moved = true;
    }
    if (moved && last.ended) restore(i, last);
    if (out_.reward) out_.reward[i] = last.ended ? last.rewards[last.seat] : 0.0f;
    const int seat = seat_[i];
    G::observe(states_[i], params_, seat, obs + i * obs_size_);
    const ActionMask m = legal_[i * players_ + seat];
    unpack_mask(m, G::kNumActions, masks + i * G::kNumActions);
  }

  void restore(size_t i, const EndReport& r) {
    buffers_.terminated[i] = r.terminated;
    buffers_.truncated[i] = r.truncated;
    std::memcpy(buffers_.rewards + i * players_, r.rewards.data(), sizeof(float) * players_);
  }

  int seat0_ = 0;
  bool rotate_ = false;
  bool pool_random_ = true;  // the pool plays random moves only
  bool all_random_ = true;   // ... and so does every game under way
  OpponentPool pool_;
  std::vector<double> cumulative_{1.0};
  SeatBuffers out_;
  std::vector<int> seat_;           // the learner's seat in env i's current game
  std::vector<int32_t> opponent_;   // the pool entry drawn for it
  std::vector<BotConfig> bot_;      // that entry's bot (kept if the pool changes mid-game)
  std::vector<uint64_t> games_;     // games env i started since the reset
  std::vector<uint32_t> node_;      // decision nodes played in env i's current game
};

}  // namespace tb
