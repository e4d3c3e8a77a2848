// Single-observer information-set MCTS (SO-ISMCTS), written once over the Game concept.
//
// The search runs from one player's point of view. Every iteration determinises the root with
// G::resample(copy, p, player, iteration_seed) -- the only way the search ever reads the root --
// so two roots that give the player identical information give, with the same seed, the same
// decision (provided each game's resample depends only on the player's information and the
// seed, which is its contract). Then it walks one tree shared by all determinisations, keyed by
// actions (joint actions at simultaneous nodes), expands one node, evaluates it with a rollout
// policy and backs the resulting returns vector up the walked path.
//
// The default rollout policy plays uniformly random moves to the end and scores the final state
// with G::returns, unless the game provides G::playout, its own evaluation of a determinised
// state (it sees only the determinisation, so it cannot leak hidden information). Hội Phố does:
// random play to the end of the current round, then each player's chance to win from the
// contract counts (games/hoi_pho/playout.hpp) -- random play through all later rounds made
// the evaluation too noisy (win share of ISMCTS(1000) among three random players 0.49 -> 0.55).
//
// Selection is UCB1 with availability counts: an arm's exploration term uses the number of
// iterations in which its action was legal at that node, not the node's visit count (opponent
// actions differ between determinisations). Every node keeps one set of arms per acting player
// (decoupled UCB): at a simultaneous node each acting player picks from its own statistics and
// the backup credits each player's chosen arm with that player's return. A sequential node is
// the one-player case of the same code.
//
// Allocation: nodes and arms live in two vectors reserved up front and reused by later searches
// of the same Ismcts object (indices, never pointers), and edges in one hash table
// (edge_table.hpp: a simultaneous node can have hundreds of children), so a search does no
// per-node allocation.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "bits.hpp"
#include "drivers.hpp"
#include "edge_table.hpp"
#include "game.hpp"
#include "interrupt.hpp"
#include "principal_variation.hpp"
#include "rng.hpp"

namespace tb {

// A rollout policy evaluates the freshly expanded node: it may play on from the determinised
// state `s` and writes an estimate of every player's return into `out` (returns lie in [0, 1]).
// A custom policy is any copyable type with the same call operator.
//
// RandomRollout: uniformly random legal moves to the end, scored by G::returns.
template <Game G>
struct RandomRollout {
  void operator()(typename G::State& s, const typename G::Params& p, Rng& rng, float* out) const {
    random_rollout<G>(s, p, rng);
    G::returns(s, p, out);
  }
};

// A game may provide G::playout(s, p, rng, out) with RandomRollout's contract: its own, better
// evaluation of a determinised state (a biased policy, or a cut-off with a heuristic estimate
// where random play to the end is too noisy). It only ever sees a determinised state, so it
// cannot leak hidden information into the search.
template <class G>
concept HasPlayout = Game<G> && requires(typename G::State& s, const typename G::Params& p, Rng& rng, float* out) {
  { G::playout(s, p, rng, out) } -> std::same_as<void>;
};

// The default policy: the game's playout if it has one, else RandomRollout.
template <Game G>
struct DefaultRollout {
  void operator()(typename G::State& s, const typename G::Params& p, Rng& rng, float* out) const {
    if constexpr (HasPlayout<G>) {
      G::playout(s, p, rng, out);
    } else {
      RandomRollout<G>{}(s, p, rng, out);
    }
  }
};

// The choices of other players taken as known at a simultaneous root (predict.hpp): entry pl is
// the only action player pl's arms may take at the root where it is legal, kNoAction: any.
using RootActions = std::array<int8_t, kMaxPlayers>;
inline constexpr RootActions kAnyRootAction = {kNoAction, kNoAction, kNoAction, kNoAction, kNoAction};
static_assert(kMaxPlayers == 5, "kAnyRootAction lists one entry per player");

// Narrows the root's legal masks to the known choices (an action not legal in this
// determinisation leaves that player's mask as it is).
// Out of line: inlined into Ismcts's iteration loop it cost Hội Phố 2.4% more instructions
// per iteration, whether or not any choice was known.
[[gnu::noinline]] inline void narrow_root(const RootActions& known, std::array<ActionMask, kMaxPlayers>& masks) {
  for (int pl = 0; pl < kMaxPlayers; ++pl) {
    if (known[pl] == kNoAction) continue;
    const ActionMask only = ActionMask{1} << known[pl];
    if (masks[pl] & only) masks[pl] = only;
  }
}

struct IsmctsConfig {
  uint32_t iterations = 1000;  // iterations to run (>= 1)
  double exploration = 0.7;    // UCB1 constant; rewards (win shares) lie in [0, 1]
  double time_limit = 0.0;     // seconds; > 0 stops earlier when exceeded (not reproducible)
  uint64_t seed = 0;           // determinisations, tie-breaks and rollouts derive from it
  RootActions root_actions = kAnyRootAction;  // other players' choices taken as known at the root
};

struct IsmctsResult {
  int action = kNoAction;   // most-visited root action of the searching player
  uint32_t iterations = 0;  // iterations actually run
  uint32_t nodes = 0;       // tree nodes allocated
};

// A player's root statistics after a search, summed over one or more trees (root_parallel.hpp);
// an action id is below 64: actions are bits of an ActionMask.
struct RootStats {
  std::array<uint64_t, 64> visits{};
  std::array<double, 64> reward{};  // sum of the player's values over those visits

  // Adds `tree`'s root arms of `player` (Ismcts, Puct: for_each_root_arm).
  template <class Tree>
  void add(const Tree& tree, int player) {
    tree.for_each_root_arm(player, [&](int a, uint32_t v, double value, uint32_t) {
      visits[static_cast<size_t>(a)] += v;
      reward[static_cast<size_t>(a)] += value;
    });
  }

  // The decision: most visits; ties: more reward, then the lower action id. kNoAction if
  // nothing was visited.
  int best_action(int num_actions) const {
    int best = kNoAction;
    for (int a = 0; a < num_actions; ++a) {
      if (visits[a] == 0) continue;
      if (best == kNoAction || visits[a] > visits[best] ||
          (visits[a] == visits[best] && reward[a] > reward[best])) {
        best = a;
      }
    }
    return best;
  }
};

// Before a search (Ismcts, Puct): true, with `result` final, when there is nothing to search --
// the game is over, `player` is not acting, or has a single legal action (then taken). It
// reads the root only through resample, like the search: the player's legal actions are the
// same in every determinisation.
template <Game G>
bool nothing_to_search(const typename G::State& root, const typename G::Params& p, int player, uint64_t seed,
                       IsmctsResult& result) {
  typename G::State probe = root;
  G::resample(probe, p, player, derive_seed(seed, 0, 3));
  if (player < 0 || player >= G::num_players(p) || G::current_player(probe, p) == kTerminal) return true;
  const ActionMask mine = G::legal_mask(probe, p, player);
  if (!mine) return true;
  if (popcount(mine) == 1) {
    result.action = lowest_bit(mine);
    return true;
  }
  return false;
}

// Polled between search iterations: a stop request (Ctrl-C; the caller discards the result),
// or the time limit (if `timed`) spent since `start`. Out of line: inlined into Ismcts's
// iteration loop it changed the compiler's inlining there (+20% instructions per iteration on
// Fox Duet and Good Fortune). One instance per game: a single function shared by every game's
// search made GCC stop partially inlining Fox Duet's legal_mask into the loop (+3.5%).
template <Game G>
[[gnu::noinline]] bool must_stop(bool timed, std::chrono::steady_clock::time_point start, double time_limit) {
  if (stop_requested()) return true;
  if (!timed) return false;
  const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
  return spent.count() >= time_limit;
}

template <Game G, class Rollout = DefaultRollout<G>>
class Ismcts {
 public:
  using State = typename G::State;
  using Params = typename G::Params;

  explicit Ismcts(Rollout rollout = Rollout{}) : rollout_(rollout) {}

  // The decision of `player` at the root. Precondition: `player` has a legal action there (and
  // may read nothing but resample(root, player, .) to find out). Returns kNoAction otherwise.
  IsmctsResult search(const State& root, const Params& p, int player, const IsmctsConfig& cfg) {
    IsmctsResult result;
    const int n = G::num_players(p);
    nodes_.clear();
    arms_.clear();
    if (nothing_to_search<G>(root, p, player, cfg.seed, result)) return result;
    const uint32_t iterations = cfg.iterations ? cfg.iterations : 1;
    const bool timed = cfg.time_limit > 0.0;
    // A timed search may stop long before `iterations`: sizing for all of them up front (up to
    // tens of milliseconds of allocation) would eat a short time limit, so it grows as it goes.
    const size_t planned = std::min<size_t>(iterations, timed ? kTimedReserve : kReserveCap);
    if (nodes_.capacity() < planned + 1) nodes_.reserve(planned + 1);
    if (arms_.capacity() < 4 * planned) arms_.reserve(4 * planned);
    edges_.clear(planned);  // an edge per expanded node
    nodes_.push_back(Node{});
    Rng rng{derive_seed(cfg.seed, 0, 2)};
    const auto start = std::chrono::steady_clock::now();
    const double c = cfg.exploration;
    root_actions_ = cfg.root_actions;
    narrowing_ = root_actions_ != kAnyRootAction;
    uint32_t it = 0;
    for (; it < iterations; ++it) {
      if ((it & 15) == 0 && it > 0 && must_stop<G>(timed, start, cfg.time_limit)) break;
      State s = root;
      G::resample(s, p, player, derive_seed(cfg.seed, it, 1));
      iterate(s, p, n, c, rng);
    }
    result.iterations = it;
    result.nodes = static_cast<uint32_t>(nodes_.size());
    RootStats stats;
    stats.add(*this, player);
    result.action = stats.best_action(G::kNumActions);
    return result;
  }

  // The most-visited line of play after a search (principal_variation.hpp).
  std::vector<std::string> principal_variation(const State& root, const Params& p, int player, uint64_t seed) const {
    return tb::principal_variation<G>(nodes_, arms_, edges_, root, p, player, seed);
  }

  // Calls f(action, visits, reward_sum, available) for each root arm of `player` after a search.
  template <class F>
  void for_each_root_arm(int player, F&& f) const {
    if (nodes_.empty()) return;
    for (int32_t a = nodes_[0].first_arm; a >= 0; a = arms_[a].next) {
      const Arm& arm = arms_[a];
      if (arm.player == player) f(int{arm.action}, arm.visits, arm.reward, arm.available);
    }
  }

 private:
  static constexpr size_t kReserveCap = size_t{1} << 20;

  static constexpr size_t kTimedReserve = size_t{1} << 14;

  struct Node {
    int32_t first_arm = -1;  // arms (per acting player and action) form a linked list
    int32_t first_arm_of(int /*player*/) const { return first_arm; }  // one list for all players
  };

  struct Arm {
    double reward = 0.0;     // sum of the arm player's returns
    uint32_t visits = 0;
    uint32_t available = 0;  // iterations in which the action was legal here
    int32_t next = -1;
    uint8_t player = 0;
    uint8_t action = 0;
  };

  // Picks every acting player's arm at `node` (UCB1 with availability; untried arms first,
  // uniformly at random among them). Writes the chosen arm per player into `chosen`.
  void select(int32_t node, const std::array<ActionMask, kMaxPlayers>& masks, int n, double c, Rng& rng,
              std::array<int32_t, kMaxPlayers>& chosen) {
    std::array<ActionMask, kMaxPlayers> seen{};
    std::array<uint32_t, kMaxPlayers> untried{};
    std::array<double, kMaxPlayers> best{};
    chosen.fill(-1);
    for (int32_t a = nodes_[node].first_arm; a >= 0; a = arms_[a].next) {
      Arm& arm = arms_[a];
      const int pl = arm.player;
      if (!((masks[pl] >> arm.action) & 1)) continue;
      seen[pl] |= ActionMask{1} << arm.action;
      ++arm.available;
      if (arm.visits == 0) {
        if (rng.uniform(++untried[pl]) == 0) chosen[pl] = a;
      } else if (untried[pl] == 0) {
        const double visits = arm.visits;
        const double value = arm.reward / visits + c * std::sqrt(std::log(static_cast<double>(arm.available)) / visits);
        if (chosen[pl] < 0 || value > best[pl]) {
          best[pl] = value;
          chosen[pl] = a;
        }
      }
    }
    for (int pl = 0; pl < n; ++pl) {
      const ActionMask fresh = masks[pl] & ~seen[pl];
      for_each_bit(fresh, [&](int action) {
        const int32_t a = static_cast<int32_t>(arms_.size());
        Arm arm;
        arm.available = 1;
        arm.next = nodes_[node].first_arm;
        arm.player = static_cast<uint8_t>(pl);
        arm.action = static_cast<uint8_t>(action);
        arms_.push_back(arm);
        nodes_[node].first_arm = a;
        if (rng.uniform(++untried[pl]) == 0) chosen[pl] = a;
      });
    }
  }

  void iterate(State& s, const Params& p, int n, double c, Rng& rng) {
    path_.clear();
    int32_t node = 0;
    std::array<ActionMask, kMaxPlayers> masks{};
    std::array<int32_t, kMaxPlayers> chosen{};
    std::array<int, kMaxPlayers> joint{};
    std::array<float, kMaxPlayers> r{};
    bool expanded = false;
    for (;;) {
      const int cur = G::current_player(s, p);
      if (cur == kTerminal) break;
      masks.fill(0);
      if (cur >= 0) {
        masks[cur] = G::legal_mask(s, p, cur);
      } else {
        for (int pl = 0; pl < n; ++pl) masks[pl] = G::legal_mask(s, p, pl);
        if (node == 0 && narrowing_) [[unlikely]] narrow_root(root_actions_, masks);
      }
      select(node, masks, n, c, rng, chosen);
      uint32_t key = 0;
      joint.fill(kNoAction);
      for (int pl = 0; pl < n; ++pl) {
        if (chosen[pl] < 0) continue;
        const int action = arms_[chosen[pl]].action;
        joint[pl] = action;
        key |= joint_key(pl, action);
        path_.push_back(chosen[pl]);
      }
      apply_decision<G>(s, p, cur, joint.data());
      const int32_t child = edges_.find_or_insert(static_cast<uint32_t>(node), key, static_cast<int32_t>(nodes_.size()));
      if (child < 0) {
        nodes_.push_back(Node{});  // expand one node, then evaluate it by rollout
        rollout_(s, p, rng, r.data());
        expanded = true;
        break;
      }
      node = child;
    }
    if (!expanded) G::returns(s, p, r.data());  // the walk reached a terminal node in the tree
    for (const int32_t a : path_) {
      Arm& arm = arms_[a];
      ++arm.visits;
      arm.reward += r[arm.player];
    }
  }

  Rollout rollout_;
  RootActions root_actions_ = kAnyRootAction;  // IsmctsConfig::root_actions of the running search
  bool narrowing_ = false;                     // root_actions_ fixes some player's choice
  std::vector<Node> nodes_;
  EdgeTable edges_;
  std::vector<Arm> arms_;
  std::vector<int32_t> path_;
};

}  // namespace tb
