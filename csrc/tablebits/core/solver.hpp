// Exact solver for two-player zero-sum games of perfect information with sequential moves:
// alpha-beta minimax over the bitpacked state with a transposition table. The value of a
// position is the final score margin (player 0's points minus player 1's) under optimal play
// by both sides, player 0 maximising it.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "bits.hpp"
#include "game.hpp"
#include "interrupt.hpp"

namespace tb {

// A game the solver applies to: it says when (solvable: two players, no simultaneous node, no
// hidden information, no chance after the current position) and what a final position is worth.
// It may also offer G::promising(s, p): actions worth searching first (better pruning).
template <class G>
concept SolvableGame = Game<G> && requires(const typename G::State& s, const typename G::Params& p) {
  { G::solvable(p) } -> std::same_as<bool>;
  { G::margin(s, p) } -> std::same_as<int>;  // player 0's points minus player 1's, at the end
};

struct SolveLimits {
  uint64_t max_nodes = UINT64_MAX;
  double seconds = 1e300;
};

class SolveAborted : public std::runtime_error {
 public:
  SolveAborted() : std::runtime_error("solver stopped by its node or time limit") {}
};

template <SolvableGame G>
class Solver {
 public:
  using State = typename G::State;
  using Params = typename G::Params;

  Solver(const Params& params, int table_bits, SolveLimits limits)
      : params_(params), table_(size_t{1} << table_bits), mask_(table_.size() - 1), limits_(limits),
        start_(std::chrono::steady_clock::now()) {}

  // The value of `s` and, for the player to move, every action that attains it (ascending).
  int solve(const State& s, std::vector<int>& best_actions) {
    best_actions.clear();
    const int value = search(s, kLowest, kHighest);
    const int cur = G::current_player(s, params_);
    if (cur == kTerminal) return value;
    // A child is optimal iff its value is `value`: a null window around it decides that cheaply.
    for_each_bit(G::legal_mask(s, params_, cur), [&](int a) {
      State child = s;
      G::apply(child, params_, a);
      if (search(child, value - 1, value + 1) == value) best_actions.push_back(a);
    });
    return value;
  }

  uint64_t nodes() const { return nodes_; }

 private:
  static constexpr int kLowest = -1'000'000, kHighest = 1'000'000;
  enum Bound : uint8_t { kEmpty, kExact, kLower, kUpper };

  struct Entry {
    State key;
    int32_t value;
    uint8_t bound;
    uint8_t best;
  };

  void count_node() {
    if (++nodes_ > limits_.max_nodes) throw SolveAborted();
    if ((nodes_ & 0xFFFF) == 0 &&
        (stop_requested() ||
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() > limits_.seconds)) {
      throw SolveAborted();
    }
  }

  int search(const State& s, int alpha, int beta) {
    count_node();
    const int cur = G::current_player(s, params_);
    if (cur == kTerminal) return G::margin(s, params_);
    Entry& e = table_[state_hash<G>(s) & mask_];  // the table never resizes: `e` stays valid below
    const bool hit = e.bound != kEmpty && std::memcmp(&e.key, &s, sizeof(State)) == 0;
    int first = -1;
    if (hit) {
      if (e.bound == kExact) return e.value;
      if (e.bound == kLower) alpha = std::max(alpha, e.value);
      if (e.bound == kUpper) beta = std::min(beta, e.value);
      if (alpha >= beta) return e.value;
      first = e.best;
    }
    const int alpha0 = alpha, beta0 = beta;
    const bool maximise = cur == 0;
    int best = maximise ? kLowest : kHighest;
    int best_action = -1;
    ActionMask legal = G::legal_mask(s, params_, cur);
    auto visit = [&](int a) {
      State child = s;
      G::apply(child, params_, a);
      const int v = search(child, alpha, beta);
      if (maximise ? v > best : v < best) {
        best = v;
        best_action = a;
      }
      if (maximise) alpha = std::max(alpha, v);
      else beta = std::min(beta, v);
    };
    if (first >= 0 && ((legal >> first) & 1)) {  // the previous best move first
      visit(first);
      legal &= ~(ActionMask{1} << first);
    }
    if constexpr (requires { G::promising(s, params_); }) {
      for (ActionMask good = legal & G::promising(s, params_); good && alpha < beta; good &= good - 1) {
        visit(lowest_bit(good));
        legal &= ~(good & -good);
      }
    }
    while (legal && alpha < beta) {
      visit(lowest_bit(legal));
      legal &= legal - 1;
    }
    // The recursion may have stored another position in `e`: this one replaces it.
    e.key = s;
    e.value = best;
    e.best = static_cast<uint8_t>(best_action);
    e.bound = best <= alpha0 ? kUpper : best >= beta0 ? kLower : kExact;
    return best;
  }

  Params params_;
  std::vector<Entry> table_;
  size_t mask_;
  SolveLimits limits_;
  std::chrono::steady_clock::time_point start_;
  uint64_t nodes_ = 0;
};

}  // namespace tb
