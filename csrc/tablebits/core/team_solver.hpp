// Perfect-information search for cooperative games (every player gets the same return): all
// players maximise one value, so the search is a single-agent maximisation -- no minimax -- and
// a simultaneous node is one choice of the whole joint action. It searches a given position
// (every card visible, future chance fixed by the state's generator) to a horizon counted in
// the game's own units of progress (tricks in a trick-taking game) and memoises positions by
// their packed bytes.
//
// Used two ways: on the true state it is the perfect-information bound of a cooperative game
// (what a team that saw every card could do), and on determinisations it is the inner solver of
// perfect-information Monte Carlo (core/pimc.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <vector>

#include "bits.hpp"
#include "game.hpp"

namespace tb {

// A game the team solver applies to. All hooks take the true (or determinised) state:
// - G::team_progress(s, p): units of progress completed so far (never decreases along a game);
// - G::team_round_end(s, p): the progress at which the current round ends (the default horizon:
//   later positions depend on chance that a determinisation only guesses);
// - G::team_value(s, p): the value for the team of a position where the search stops: a
//   terminal one, or one whose progress reached the horizon. Higher is better;
// - G::team_upper(s, p, horizon): an upper bound on team_value over every position reachable
//   from `s` before the horizon (the search prunes a branch that cannot beat what it has).
template <class G>
concept TeamSolvableGame = Game<G> && requires(const typename G::State& s, const typename G::Params& p, int h) {
  { G::team_progress(s, p) } -> std::same_as<int>;
  { G::team_round_end(s, p) } -> std::same_as<int>;
  { G::team_value(s, p) } -> std::same_as<int>;
  { G::team_upper(s, p, h) } -> std::same_as<int>;
};

// How a search values the positions where it stops, and bounds what lies below a position: the
// game's own team evaluation. A learned valuation (core/team_network.hpp) takes its place.
template <TeamSolvableGame G>
struct TeamHandValue {
  int value(const typename G::State& s, const typename G::Params& p) { return G::team_value(s, p); }
  int upper(const typename G::State& s, const typename G::Params& p, int horizon) const {
    return G::team_upper(s, p, horizon);
  }
};

template <TeamSolvableGame G, class Leaf = TeamHandValue<G>>
class TeamSolver {
 public:
  using State = typename G::State;
  using Params = typename G::Params;
  static constexpr int kLowest = INT_MIN;

  explicit TeamSolver(int table_bits = 16) : table_(size_t{1} << table_bits), mask_(table_.size() - 1) {}

  // Starts a search of positions to `horizon`: forgets the memo of earlier searches (their
  // horizon may differ) without touching the table.
  void begin(const Params& p, int horizon) {
    params_ = p;
    horizon_ = horizon;
    if (++generation_ == 0) {  // wrapped: every old entry must read as empty
      for (Entry& e : table_) e.generation = 0;
      generation_ = 1;
    }
  }

  // The exact value of `s` (with every player choosing for the team) to the current horizon if
  // it is above `alpha`; otherwise an upper bound <= alpha of it.
  int value(const State& s, int alpha = kLowest) { return search(s, alpha); }

  // The best joint decision at `s` and its value: for a player to move, joint[cur] is their
  // action; at a simultaneous node, every acting player's entry is set (the rest kNoAction).
  int best(const State& s, std::array<int, kMaxPlayers>& joint) {
    joint.fill(kNoAction);
    int best = kLowest;
    for_each_child(s, [&](const State& child, const std::array<int, kMaxPlayers>& j) {
      const int v = search(child, best);
      if (v > best) {
        best = v;
        joint = j;
      }
      return false;
    });
    return best;
  }

  uint64_t nodes() const { return nodes_; }

  // The valuation of the positions where the search stops (set it up between searches).
  Leaf& leaf() { return leaf_; }

 private:
  enum Bound : uint8_t { kExact, kUpper };
  struct Entry {
    State key;
    int32_t value;
    uint32_t generation;  // 0: empty
    uint8_t bound;
    uint8_t best;         // the best action of a sequential node, or 0xFF
  };

  bool stops(const State& s, int cur) const {
    return cur == kTerminal || G::team_progress(s, params_) >= horizon_;
  }

  // Calls f(child, joint) for every child of a live node `s`, the memo's best action first
  // (`first`, or -1), until f returns true.
  template <class F>
  void for_each_child(const State& s, F&& f, int first = -1) {
    const int cur = G::current_player(s, params_);
    std::array<int, kMaxPlayers> joint;
    joint.fill(kNoAction);
    if (cur >= 0) {
      ActionMask legal = G::legal_mask(s, params_, cur);
      auto visit = [&](int a) {
        State child = s;
        G::apply(child, params_, a);
        joint[cur] = a;
        return f(child, joint);
      };
      if (first >= 0 && ((legal >> first) & 1)) {
        if (visit(first)) return;
        legal &= ~(ActionMask{1} << first);
      }
      for (; legal; legal &= legal - 1) {
        if (visit(lowest_bit(legal))) return;
      }
      return;
    }
    // A simultaneous node: every joint action of the acting players.
    for_each_joint_action<G>(s, params_, joint, [&](const std::array<int, kMaxPlayers>& j) {
      State child = s;
      G::apply_joint(child, params_, j.data());
      return f(child, j);
    });
  }

  // The value of `s` if it is above `alpha`; otherwise some upper bound <= alpha of it.
  int search(const State& s, int alpha) {
    ++nodes_;
    const int cur = G::current_player(s, params_);
    if (stops(s, cur)) return leaf_.value(s, params_);
    const int upper = leaf_.upper(s, params_, horizon_);
    if (upper <= alpha) return upper;
    Entry& e = table_[state_hash<G>(s) & mask_];  // the table never resizes: `e` stays valid below
    int first = -1;
    if (e.generation == generation_ && std::memcmp(&e.key, &s, sizeof(State)) == 0) {
      if (e.bound == kExact || e.value <= alpha) return e.value;
      first = e.best == 0xFF ? -1 : e.best;
    }
    const int alpha0 = alpha;
    int best = kLowest;
    int best_action = -1;
    for_each_child(s, [&](const State& child, const std::array<int, kMaxPlayers>& joint) {
      const int v = search(child, alpha);
      if (v > best) {
        best = v;
        best_action = cur >= 0 ? joint[cur] : -1;
      }
      alpha = std::max(alpha, v);
      return alpha >= upper;  // nothing better can follow
    }, first);
    // The recursion may have stored another position in `e`: this one replaces it.
    e.key = s;
    e.value = best;
    e.generation = generation_;
    e.bound = best > alpha0 ? kExact : kUpper;
    e.best = static_cast<uint8_t>(best_action < 0 ? 0xFF : best_action);
    return best;
  }

  Params params_{};
  Leaf leaf_{};
  int horizon_ = 0;
  std::vector<Entry> table_;
  size_t mask_;
  uint32_t generation_ = 0;
  uint64_t nodes_ = 0;
};

}  // namespace tb
