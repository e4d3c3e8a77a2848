// A multilayer perceptron as PUCT's leaf evaluator, run in C++ beside the search: the network of
// tablebits.weights (obs -> ReLU(hidden) x layers -> policy logits over the action ids and each
// player's value through a sigmoid), so a Baseline bot never calls into Python per batch and its
// searches run on several threads at once.
//
// It computes what weights.Network.evaluate computes, up to float rounding (the sums run in
// another order than numpy's BLAS): priors are exp(logit - max over the legal logits) on the
// legal actions and 0 elsewhere (all 0 if none is legal), values 1 / (1 + exp(-z)).
//
// The weights are copied once, at construction, into one contiguous float array per layer
// (row-major (in, out), as numpy stores them); the two heads are joined into one (in, A + P)
// layer so the last hidden activations are read once. A row's forward pass walks the inputs and
// adds each non-zero input times its weight row to the outputs: the inner loop runs over the
// contiguous outputs (the compiler vectorises it), and the zeros the observations are mostly
// made of (and those ReLU leaves) cost a test each. The activations live in scratch owned by the
// calling thread (the search pool's and the arena's threads persist, so it is allocated once
// per thread and width); evaluate allocates nothing else.
//
// evaluate is called once per batch of leaves, so its virtual call costs nothing next to a
// forward pass (tens of thousands of multiply-adds per row).
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "evaluator.hpp"

namespace tb {

class MlpEvaluator final : public Evaluator {
 public:
  // One affine layer: `w` is (in, out) row-major, `b` has `out` entries.
  struct Layer {
    int in = 0, out = 0;
    std::vector<float> w, b;
  };

  // What is wrong with these layers ("" if nothing): the hidden layers' sizes must chain, both
  // heads read the last hidden width (the observation size without hidden layers), every size
  // is >= 1 and every weight is finite.
  static std::string check(const std::vector<Layer>& hidden, const Layer& policy, const Layer& value) {
    int width = hidden.empty() ? policy.in : hidden.front().in;
    auto bad = [&](const Layer& l, const std::string& name) -> std::string {
      if (l.in < 1 || l.out < 1) return name + " has an empty shape";
      if (l.in != width) {
        return name + " takes " + std::to_string(l.in) + " inputs, but the layer before gives " + std::to_string(width);
      }
      if (l.w.size() != static_cast<size_t>(l.in) * static_cast<size_t>(l.out) || l.b.size() != static_cast<size_t>(l.out)) {
        return name + " has weights of the wrong size";
      }
      const auto finite = [](float x) { return std::isfinite(x); };
      if (!std::all_of(l.w.begin(), l.w.end(), finite) || !std::all_of(l.b.begin(), l.b.end(), finite)) {
        return name + " holds NaN or infinity";
      }
      return {};
    };
    for (size_t i = 0; i < hidden.size(); ++i) {
      if (std::string why = bad(hidden[i], "hidden layer " + std::to_string(i)); !why.empty()) return why;
      width = hidden[i].out;
    }
    if (std::string why = bad(policy, "the policy head"); !why.empty()) return why;
    return bad(value, "the value head");
  }

  // The layers must pass check().
  MlpEvaluator(std::vector<Layer> hidden, const Layer& policy, const Layer& value)
      : hidden_(std::move(hidden)), num_actions_(policy.out), players_(value.out) {
    head_.in = policy.in;
    head_.out = policy.out + value.out;
    head_.w.resize(static_cast<size_t>(head_.in) * static_cast<size_t>(head_.out));
    for (int i = 0; i < head_.in; ++i) {
      float* row = head_.w.data() + static_cast<size_t>(i) * static_cast<size_t>(head_.out);
      std::copy_n(policy.w.data() + static_cast<size_t>(i) * static_cast<size_t>(policy.out), policy.out, row);
      std::copy_n(value.w.data() + static_cast<size_t>(i) * static_cast<size_t>(value.out), value.out, row + policy.out);
    }
    head_.b = policy.b;
    head_.b.insert(head_.b.end(), value.b.begin(), value.b.end());
    observation_size_ = hidden_.empty() ? head_.in : hidden_.front().in;
    width_ = head_.out;
    for (const Layer& l : hidden_) width_ = std::max(width_, l.out);
  }

  int observation_size() const { return observation_size_; }
  int num_actions() const { return num_actions_; }
  int num_players() const { return players_; }

  bool evaluate(const float* observations, const uint8_t* masks, int rows, int obs_size, int num_actions, int players,
                float* priors, float* values) override {
    if (failed_.load(std::memory_order_relaxed)) return false;
    if (obs_size != observation_size_ || num_actions != num_actions_ || players != players_) {
      return fail("the network takes observations of size " + std::to_string(observation_size_) + " and gives " +
                  std::to_string(num_actions_) + " action priors and " + std::to_string(players_) +
                  " values, but this game has observations of size " + std::to_string(obs_size) + ", " +
                  std::to_string(num_actions) + " actions and " + std::to_string(players) + " players");
    }
    thread_local std::vector<float> scratch;
    if (scratch.size() < 2 * static_cast<size_t>(width_)) scratch.resize(2 * static_cast<size_t>(width_));
    for (int r = 0; r < rows; ++r) {
      const float* z = forward(observations + static_cast<size_t>(r) * static_cast<size_t>(obs_size), scratch.data());
      if (!std::all_of(z, z + head_.out, [](float x) { return std::isfinite(x); })) {
        return fail("the network's output is not finite (its weights overflow float32 on this observation)");
      }
      write_priors(z, masks + static_cast<size_t>(r) * static_cast<size_t>(num_actions),
                   priors + static_cast<size_t>(r) * static_cast<size_t>(num_actions));
      float* v = values + static_cast<size_t>(r) * static_cast<size_t>(players);
      for (int k = 0; k < players_; ++k) v[k] = 1.0f / (1.0f + std::exp(-z[num_actions_ + k]));
    }
    return true;
  }

  std::string take_error() override {
    std::lock_guard<std::mutex> lock(mutex_);
    failed_.store(false, std::memory_order_relaxed);
    return std::exchange(error_, std::string());
  }

 private:
  // out = x W + b over `l`, then ReLU if `relu`; skips the zero inputs.
  static void affine(const Layer& l, const float* __restrict x, float* __restrict out, bool relu) {
    const size_t n = static_cast<size_t>(l.out);
    std::copy_n(l.b.data(), n, out);
    for (int i = 0; i < l.in; ++i) {
      const float xi = x[i];
      if (xi == 0.0f) continue;
      const float* __restrict wi = l.w.data() + static_cast<size_t>(i) * n;
      for (size_t j = 0; j < n; ++j) out[j] += xi * wi[j];
    }
    if (relu) {
      for (size_t j = 0; j < n; ++j) out[j] = std::max(out[j], 0.0f);
    }
  }

  // The joined heads' outputs (policy logits, then the values' pre-sigmoid) of one observation,
  // in `scratch` (2 * width_ floats).
  const float* forward(const float* obs, float* scratch) const {
    const float* x = obs;
    float* buf[2] = {scratch, scratch + width_};
    int which = 0;
    for (const Layer& l : hidden_) {
      affine(l, x, buf[which], true);
      x = buf[which];
      which ^= 1;
    }
    affine(head_, x, buf[which], false);
    return buf[which];
  }

  void write_priors(const float* logits, const uint8_t* mask, float* out) const {
    float top = -INFINITY;
    for (int a = 0; a < num_actions_; ++a) {
      if (mask[a]) top = std::max(top, logits[a]);
    }
    for (int a = 0; a < num_actions_; ++a) out[a] = mask[a] ? std::exp(logits[a] - top) : 0.0f;
  }

  // Keeps the first error; the search stops, and evaluate refuses until take_error.
  bool fail(std::string why) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!failed_.load(std::memory_order_relaxed)) error_ = std::move(why);
    failed_.store(true, std::memory_order_relaxed);
    return false;
  }

  std::vector<Layer> hidden_;
  Layer head_;  // the policy head's columns, then the value head's
  int observation_size_ = 0, num_actions_ = 0, players_ = 0;
  int width_ = 0;  // the widest layer's outputs
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::string error_;
};

}  // namespace tb
