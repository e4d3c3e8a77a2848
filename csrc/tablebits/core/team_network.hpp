// A learned valuation for the team solver (core/team_solver.hpp): the positions where a search
// stops at its horizon, short of the game's end, are valued by a network (an Evaluator, as PUCT
// uses) instead of -- or blended with -- the game's hand-written team evaluation. Terminal
// positions keep the game's exact value.
//
// The network reads one player's observation. A determinised position is a state with every
// card fixed, so each player's observation of it is what that player would know there; the
// leaf is observed from every player's seat and the network's values are averaged. In a
// cooperative game every player's value estimates the same thing (the team's chance to win),
// so all entries of every row count, whatever order the network writes them in, and the two
// views bring in both hands of the determinisation rather than one.
//
// value = (1 - mix) * team_value + mix * kTeamNetworkScale * v, rounded down, for the mean
// network value v (clamped to [0, 1]). A game's team_value of a won game must exceed
// kTeamNetworkScale, so a sure win still beats every unfinished position.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "evaluator.hpp"
#include "game.hpp"
#include "team_solver.hpp"

namespace tb {

inline constexpr double kTeamNetworkScale = 1 << 22;

template <TeamSolvableGame G>
class TeamNetworkValue {
 public:
  using State = typename G::State;
  using Params = typename G::Params;

  // Values the next searches with `eval` at weight `mix` in [0, 1]; a null `eval` (or mix 0)
  // leaves the game's own evaluation. Allocates only when the sizes grow.
  void use(Evaluator* eval, double mix, const Params& p) {
    eval_ = mix > 0.0 ? eval : nullptr;
    mix_ = mix;
    failed_ = false;
    if (!eval_) return;
    players_ = G::num_players(p);
    obs_size_ = G::observation_size(p);
    const auto rows = static_cast<size_t>(players_);
    observations_.resize(rows * static_cast<size_t>(obs_size_));
    masks_.resize(rows * G::kNumActions);
    priors_.resize(rows * G::kNumActions);
    values_.resize(rows * rows);
  }

  // Whether an evaluation failed since `use` (the evaluator keeps why); later positions then get
  // the game's own value, so the search ends normally.
  bool failed() const { return failed_; }

  int value(const State& s, const Params& p) {
    const int hand = G::team_value(s, p);
    if (!eval_ || failed_ || G::current_player(s, p) == kTerminal) return hand;
    for (int pl = 0; pl < players_; ++pl) {
      G::observe(s, p, pl, observations_.data() + static_cast<size_t>(pl) * static_cast<size_t>(obs_size_));
      const ActionMask legal = G::legal_mask(s, p, pl);
      uint8_t* mask = masks_.data() + static_cast<size_t>(pl) * G::kNumActions;
      unpack_mask(legal, G::kNumActions, mask);
    }
    if (!eval_->evaluate(observations_.data(), masks_.data(), players_, obs_size_, G::kNumActions, players_,
                         priors_.data(), values_.data())) {
      failed_ = true;
      return hand;
    }
    double sum = 0.0;
    for (const float v : values_) sum += v;
    double v = sum / static_cast<double>(values_.size());
    v = v > 1.0 ? 1.0 : (v >= 0.0 ? v : 0.0);  // a NaN becomes 0 too
    return blend(hand, v);
  }

  // A bound on value() over the positions reachable before `horizon`: terminal ones keep the
  // game's values (at most its bound), the others blend at most that bound with v = 1.
  int upper(const State& s, const Params& p, int horizon) const {
    const int hand = G::team_upper(s, p, horizon);
    return eval_ ? std::max(hand, blend(hand, 1.0)) : hand;
  }

 private:
  // Monotone in both arguments (so is every rounding step), which upper() relies on.
  int blend(int hand, double v) const {
    return static_cast<int>(std::floor((1.0 - mix_) * hand + mix_ * kTeamNetworkScale * v));
  }

  Evaluator* eval_ = nullptr;
  double mix_ = 0.0;
  bool failed_ = false;
  int players_ = 0;
  int obs_size_ = 0;
  std::vector<float> observations_;
  std::vector<uint8_t> masks_;
  std::vector<float> priors_;
  std::vector<float> values_;
};

}  // namespace tb
