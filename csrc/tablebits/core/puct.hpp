// PUCT search with a learned evaluator (AlphaZero-style), over the same information-set tree as
// Ismcts: every iteration determinises the root with G::resample (the only way the search reads
// it), walks one tree keyed by actions (joint actions at simultaneous nodes) and backs a values
// vector up the walked path, crediting each arm with its own player's value.
//
// Selection, per acting player at a node: Q(a) + c_puct * P(a) * sqrt(N + 1) / (1 + n(a)), over
// the actions legal in this determinisation only (an illegal action never gets an arm, whatever
// its prior). Q is the arm's mean value (0 before its first visit), n(a) its visits, N the
// visits of the player's legal arms there, P the player's prior at the node renormalised over
// the legal actions (uniform if they all have prior 0).
//
// Batching: a walk ends at the first node where an acting player has no evaluation yet; that
// node gets one evaluator row per such player (the observation from that player's view, its
// legal mask), and the walk's value is the mean of those rows' values. Walks continue until the
// batch holds batch_size rows (or the iterations run out), then the evaluator runs once for the
// whole batch. Virtual loss keeps the walks of one batch apart: an arm's visit is counted when
// the walk selects it and its value only when the batch comes back, so a pending walk lowers
// Q. A walk that meets a node whose evaluation is still pending in this batch walks through it
// with uniform priors. Every batch but the first and the last has exactly batch_size rows, except
// that the rows of one simultaneous node are never split across batches (the batch is sent early;
// with more acting players than batch_size, their rows make one larger batch). The first batch is
// the root's rows alone: the root is evaluated first, so every later walk selects there by the
// evaluator's priors (with iterations <= batch_size the whole search would otherwise choose among
// the root's actions by uniform priors). The batch buffers hold no more rows than the search can
// queue (iterations walks of at most one row per player), whatever batch_size.
// Terminal nodes are scored by G::returns, without the evaluator.
//
// Mixed leaf values (AlphaGo's lambda): with rollout_mix > 0 a walk that ends at a new node also
// plays that determinisation out with ISMCTS's rollout policy (DefaultRollout: the game's
// playout, else random moves), and its value is (1 - mix) * the evaluator's + mix * the
// playout's returns. A network's values are biased where a playout's are only noisy; the mix
// keeps the network's priors and lets the playouts correct its values as visits grow.
//
// Playout visits: with playout_visits = k > 0 a walk that ends at a node (other than the root)
// visited fewer than k times before values it by a playout alone and backs that up at once,
// without an evaluator row; the node is queued for the evaluator on its next visit. Most
// nodes are visited once, so most iterations cost a playout instead of a network row.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "bits.hpp"
#include "edge_table.hpp"
#include "evaluator.hpp"
#include "game.hpp"
#include "interrupt.hpp"
#include "ismcts.hpp"
#include "principal_variation.hpp"
#include "rng.hpp"

namespace tb {

struct PuctConfig {
  uint32_t iterations = 800;  // walks to run (>= 1)
  double c_puct = 1.5;        // weight of the prior term
  uint32_t batch_size = 8;    // evaluator rows per call (>= 1)
  double time_limit = 0.0;    // seconds; > 0 stops earlier when exceeded (not reproducible)
  uint64_t seed = 0;          // determinisations derive from it
  // false: a row's values are by player id; true: by seat counted from the row's player (entry k
  // is player (p + k) mod N), as the games write their observations -- what a network that
  // sees only the observation can learn.
  bool relative_values = false;
  double rollout_mix = 0.0;  // in [0, 1]: the playouts' weight in a leaf's value (0: none played)
  // A new node's first playout_visits visits are valued by a playout alone; the evaluator sees
  // the node from the next visit on (the root at once).
  uint32_t playout_visits = 0;
  RootActions root_actions = kAnyRootAction;  // other players' choices taken as known at the root
};

template <Game G>
class Puct {
 public:
  using State = typename G::State;
  using Params = typename G::Params;

  // The decision of `player` at the root (most visits; ties: more value, then the lower action).
  // A failed evaluation stops the search: `failed` is set and the action is kNoAction.
  IsmctsResult search(const State& root, const Params& p, int player, const PuctConfig& cfg, Evaluator& eval,
                      bool& failed) {
    IsmctsResult result;
    failed = false;
    const auto start = std::chrono::steady_clock::now();
    n_ = G::num_players(p);
    obs_size_ = G::observation_size(p);
    nodes_.clear();
    arms_.clear();
    priors_.clear();
    ready_.clear();
    if (nothing_to_search<G>(root, p, player, cfg.seed, result)) return result;
    const size_t batch = cfg.batch_size ? cfg.batch_size : 1;
    const size_t most_rows = static_cast<size_t>(cfg.iterations) * static_cast<size_t>(n_);
    const size_t capacity = std::max(std::min(batch, most_rows), static_cast<size_t>(n_));  // a node's rows go together
    observations_.resize(capacity * static_cast<size_t>(obs_size_));
    masks_.resize(capacity * G::kNumActions);
    out_priors_.resize(capacity * G::kNumActions);
    out_values_.resize(capacity * static_cast<size_t>(n_));
    row_prior_.resize(capacity);
    row_player_.resize(capacity);
    relative_ = cfg.relative_values;
    mix_ = cfg.rollout_mix;
    playout_visits_ = cfg.playout_visits;
    root_actions_ = cfg.root_actions;
    rollout_rng_ = Rng{derive_seed(cfg.seed, 0, 2)};
    rows_ = 0;
    leaves_.clear();
    leaf_paths_.clear();
    edges_.clear(std::min<size_t>(cfg.iterations, size_t{1} << 16));
    nodes_.push_back(Node{});
    const bool timed = cfg.time_limit > 0.0;
    uint32_t it = 0;
    for (; it < cfg.iterations && !failed; ++it) {
      if ((it & 15) == 0 && it > 0 && must_stop<G>(timed, start, cfg.time_limit)) break;
      State s = root;
      G::resample(s, p, player, derive_seed(cfg.seed, it, 1));
      failed = !walk(s, p, batch, cfg.c_puct, eval);
    }
    if (!failed) failed = !flush(eval);
    result.iterations = it;
    result.nodes = static_cast<uint32_t>(nodes_.size());
    if (failed) return result;
    RootStats stats;
    stats.add(*this, player);
    result.action = stats.best_action(G::kNumActions);
    return result;
  }

  // Calls f(action, visits, value_sum, 0) for each root arm of `player` after a search (the
  // signature of Ismcts::for_each_root_arm).
  template <class F>
  void for_each_root_arm(int player, F&& f) const {
    if (nodes_.empty()) return;
    for (int32_t a = nodes_[0].first_arm[player]; a >= 0; a = arms_[a].next) {
      const Arm& arm = arms_[a];
      f(int{arm.action}, arm.visits, arm.value, uint32_t{0});
    }
  }

  std::vector<std::string> principal_variation(const State& root, const Params& p, int player, uint64_t seed) const {
    return tb::principal_variation<G>(nodes_, arms_, edges_, root, p, player, seed);
  }

 private:
  static constexpr int32_t kNone = -1;

  struct Node {
    // Each player's arms form a linked list of their own: at a simultaneous node a player's
    // selection then walks its own arms only, not every acting player's.
    std::array<int32_t, kMaxPlayers> first_arm;
    std::array<int32_t, kMaxPlayers> prior;  // row of priors_ per player, kNone: not evaluated
    uint32_t playouts = 0;                   // visits valued by a playout alone
    Node() {
      first_arm.fill(-1);
      prior.fill(kNone);
    }
    int32_t first_arm_of(int player) const { return first_arm[player]; }
  };

  struct Arm {
    double value = 0.0;  // sum of the arm player's values
    uint32_t visits = 0;
    int32_t next = -1;
    uint8_t player = 0;
    uint8_t action = 0;
  };

  // A walk waiting for its batch: its path in leaf_paths_ and its rows in the batch.
  struct Leaf {
    uint32_t path_begin, path_end;
    uint32_t row_begin, row_end;
    std::array<float, kMaxPlayers> playout;  // the playout's returns by player (rollout_mix > 0)
  };

  // One iteration from the determinised root `s`. False if the evaluator failed.
  bool walk(State& s, const Params& p, size_t batch, double c_puct, Evaluator& eval) {
    uint32_t path_begin = static_cast<uint32_t>(leaf_paths_.size());
    int32_t node = 0;
    std::array<ActionMask, kMaxPlayers> masks{};
    std::array<int, kMaxPlayers> joint{};
    for (;;) {
      const int cur = G::current_player(s, p);
      if (cur == kTerminal) {
        std::array<float, kMaxPlayers> r{};
        G::returns(s, p, r.data());
        back_up(path_begin, r);
        return true;
      }
      masks.fill(0);
      int unevaluated = 0;
      for (int pl = 0; pl < n_; ++pl) {
        if (cur >= 0 && pl != cur) continue;
        masks[pl] = G::legal_mask(s, p, pl);
      }
      if (node == 0 && cur == kSimultaneous) narrow_root(root_actions_, masks);
      for (int pl = 0; pl < n_; ++pl) {
        if (masks[pl] && nodes_[node].prior[pl] == kNone) ++unevaluated;
      }
      if (unevaluated && node != 0 && nodes_[node].playouts < playout_visits_) {
        ++nodes_[node].playouts;
        std::array<float, kMaxPlayers> r{};
        DefaultRollout<G>{}(s, p, rollout_rng_, r.data());
        back_up(path_begin, r);
        return true;
      }
      if (unevaluated) {
        if (rows_ + static_cast<size_t>(unevaluated) > batch) {
          // This node's rows do not fit: send the batch first, keeping this walk's path.
          carried_.assign(leaf_paths_.begin() + path_begin, leaf_paths_.end());
          leaf_paths_.resize(path_begin);
          if (!flush(eval)) return false;
          leaf_paths_.assign(carried_.begin(), carried_.end());
          path_begin = 0;
        }
        const uint32_t row_begin = static_cast<uint32_t>(rows_);
        for (int pl = 0; pl < n_; ++pl) {
          if (!masks[pl] || nodes_[node].prior[pl] != kNone) continue;
          queue_row(s, p, node, pl, masks[pl]);
        }
        Leaf& leaf = leaves_.emplace_back(Leaf{path_begin, static_cast<uint32_t>(leaf_paths_.size()), row_begin,
                                               static_cast<uint32_t>(rows_), {}});
        if (mix_ > 0.0) DefaultRollout<G>{}(s, p, rollout_rng_, leaf.playout.data());
        return (rows_ < batch && node != 0) || flush(eval);  // the root's rows go alone
      }
      uint32_t key = 0;
      joint.fill(kNoAction);
      for (int pl = 0; pl < n_; ++pl) {
        if (!masks[pl]) continue;
        const int32_t a = select(node, pl, masks[pl], c_puct);
        ++arms_[a].visits;  // virtual loss until the walk's value comes back
        leaf_paths_.push_back(a);
        joint[pl] = arms_[a].action;
        key |= joint_key(pl, joint[pl]);
      }
      apply_decision<G>(s, p, cur, joint.data());
      const int32_t child = edges_.find_or_insert(static_cast<uint32_t>(node), key, static_cast<int32_t>(nodes_.size()));
      if (child < 0) {
        nodes_.push_back(Node{});
        node = static_cast<int32_t>(nodes_.size()) - 1;
      } else {
        node = child;
      }
    }
  }

  // Credits the walk's path from path_begin with the returns `r` at once (no evaluator row).
  void back_up(uint32_t path_begin, const std::array<float, kMaxPlayers>& r) {
    for (size_t i = path_begin; i < leaf_paths_.size(); ++i) {
      Arm& arm = arms_[leaf_paths_[i]];
      arm.value += r[arm.player];
    }
    leaf_paths_.resize(path_begin);
  }

  void queue_row(const State& s, const Params& p, int32_t node, int pl, ActionMask legal) {
    const size_t r = rows_++;
    G::observe(s, p, pl, observations_.data() + r * static_cast<size_t>(obs_size_));
    uint8_t* mask = masks_.data() + r * G::kNumActions;
    unpack_mask(legal, G::kNumActions, mask);
    const int32_t row = static_cast<int32_t>(priors_.size() / G::kNumActions);
    priors_.resize(priors_.size() + G::kNumActions, 0.0f);
    ready_.resize(static_cast<size_t>(row) + 1);
    ready_[static_cast<size_t>(row)] = 0;
    nodes_[node].prior[pl] = row;
    row_prior_[r] = row;
    row_player_[r] = pl;
  }

  // Evaluates the queued rows and backs up their walks. False if the evaluator failed.
  bool flush(Evaluator& eval) {
    if (rows_ == 0) return true;
    const int rows = static_cast<int>(rows_);
    if (!eval.evaluate(observations_.data(), masks_.data(), rows, obs_size_, G::kNumActions, n_,
                       out_priors_.data(), out_values_.data())) {
      return false;
    }
    for (size_t r = 0; r < rows_; ++r) {
      const size_t row = static_cast<size_t>(row_prior_[r]);
      std::copy_n(out_priors_.data() + r * G::kNumActions, G::kNumActions, priors_.data() + row * G::kNumActions);
      ready_[row] = 1;
    }
    for (const Leaf& leaf : leaves_) {
      std::array<double, kMaxPlayers> v{};
      for (uint32_t r = leaf.row_begin; r < leaf.row_end; ++r) {
        const int shift = relative_ ? row_player_[r] : 0;  // entry k is player (shift + k) mod n
        for (int k = 0; k < n_; ++k) {
          v[(shift + k) % n_] += out_values_[r * static_cast<size_t>(n_) + static_cast<size_t>(k)];
        }
      }
      const double rows_here = leaf.row_end - leaf.row_begin;
      for (int pl = 0; pl < n_; ++pl) v[pl] = (1.0 - mix_) * v[pl] / rows_here + mix_ * leaf.playout[pl];
      for (uint32_t i = leaf.path_begin; i < leaf.path_end; ++i) {
        Arm& arm = arms_[leaf_paths_[i]];
        arm.value += v[arm.player];
      }
    }
    leaves_.clear();
    leaf_paths_.clear();
    rows_ = 0;
    return true;
  }

  // `pl`'s arm at `node` by PUCT among the actions in `legal` (creating arms as needed).
  int32_t select(int32_t node, int pl, ActionMask legal, double c_puct) {
    ActionMask seen = 0;
    double visits = 0.0;
    for (int32_t a = nodes_[node].first_arm[pl]; a >= 0; a = arms_[a].next) {
      const Arm& arm = arms_[a];
      if (!((legal >> arm.action) & 1)) continue;
      seen |= ActionMask{1} << arm.action;
      visits += arm.visits;
    }
    for_each_bit(legal & ~seen, [&](int action) {
      Arm arm;
      arm.next = nodes_[node].first_arm[pl];
      arm.player = static_cast<uint8_t>(pl);
      arm.action = static_cast<uint8_t>(action);
      nodes_[node].first_arm[pl] = static_cast<int32_t>(arms_.size());
      arms_.push_back(arm);
    });
    const int32_t row = nodes_[node].prior[pl];
    const bool known = row != kNone && ready_[static_cast<size_t>(row)];
    const float* prior = known ? priors_.data() + static_cast<size_t>(row) * G::kNumActions : nullptr;
    double total = 0.0;
    if (prior) for_each_bit(legal, [&](int action) { total += prior[action]; });
    const double uniform = 1.0 / popcount(legal);
    const double scale = c_puct * std::sqrt(visits + 1.0);
    int32_t best = -1;
    double best_score = 0.0;
    for (int32_t a = nodes_[node].first_arm[pl]; a >= 0; a = arms_[a].next) {
      const Arm& arm = arms_[a];
      if (!((legal >> arm.action) & 1)) continue;
      const double pa = total > 0.0 ? prior[arm.action] / total : uniform;
      const double q = arm.visits ? arm.value / arm.visits : 0.0;
      const double score = q + scale * pa / (1.0 + arm.visits);
      if (best < 0 || score > best_score || (score == best_score && arm.action < arms_[best].action)) {
        best = a;
        best_score = score;
      }
    }
    return best;
  }

  int n_ = 0;
  int obs_size_ = 0;
  std::vector<Node> nodes_;
  std::vector<Arm> arms_;
  EdgeTable edges_;
  std::vector<float> priors_;   // kNumActions per evaluated (node, player)
  std::vector<uint8_t> ready_;  // per row of priors_: the evaluation came back
  // The batch being filled.
  std::vector<float> observations_;
  std::vector<uint8_t> masks_;
  std::vector<float> out_priors_;
  std::vector<float> out_values_;
  std::vector<int32_t> row_prior_;  // per batch row: its row of priors_
  std::vector<int> row_player_;     // per batch row: the player it was observed for
  bool relative_ = false;           // PuctConfig::relative_values of the running search
  double mix_ = 0.0;                // PuctConfig::rollout_mix of the running search
  uint32_t playout_visits_ = 0;     // PuctConfig::playout_visits of the running search
  RootActions root_actions_ = kAnyRootAction;  // PuctConfig::root_actions of the running search
  Rng rollout_rng_;                 // the playouts' moves
  size_t rows_ = 0;
  std::vector<Leaf> leaves_;
  std::vector<int32_t> leaf_paths_;
  std::vector<int32_t> carried_;  // a walk's path across an early send
};

}  // namespace tb
