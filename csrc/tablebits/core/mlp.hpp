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
// (row-major (in, out), as numpy stores them, each row padded with zeros to a whole number of
// kTile outputs); the two heads are joined into one (in, A + P) layer so the last hidden
// activations are read once. A layer first lists its non-zero inputs (the observations are
// mostly zeros, and ReLU leaves about half of a hidden layer at zero), then computes kTile
// outputs at a time, held in vector registers while it sums the listed inputs times their
// weight rows. The activations live in
// scratch owned by the calling thread (the search pool's and the arena's threads persist, so it
// is allocated once per thread and width); evaluate allocates nothing else.
//
// evaluate is called once per batch of leaves, so its virtual call costs nothing next to a
// forward pass (tens of thousands of multiply-adds per row).
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
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

  // Outputs computed together, in registers: 4 AVX registers (8 SSE ones) of accumulators,
  // enough independent sums to keep the multiply-add units busy. GCC and Clang's vector types
  // keep them in registers (a plain float[kTile] stayed on the stack, at twice the time per
  // row); another compiler sums one float per lane.
  static constexpr int kTile = 32;
#if defined(__GNUC__) && defined(__AVX__)
  static constexpr int kLanes = 8;
  using Lanes = float __attribute__((vector_size(kLanes * sizeof(float))));
#elif defined(__GNUC__)
  static constexpr int kLanes = 4;
  using Lanes = float __attribute__((vector_size(kLanes * sizeof(float))));
#else
  static constexpr int kLanes = 1;
  using Lanes = float;
#endif

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
  MlpEvaluator(const std::vector<Layer>& hidden, const Layer& policy, const Layer& value)
      : num_actions_(policy.out), players_(value.out) {
    for (const Layer& l : hidden) hidden_.push_back(padded({&l}));
    head_ = padded({&policy, &value});
    observation_size_ = hidden.empty() ? policy.in : hidden.front().in;
    width_ = std::max(head_.out, observation_size_);
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
    thread_local Scratch scratch;
    scratch.reserve(static_cast<size_t>(width_));
    for (int r = 0; r < rows; ++r) {
      const float* z = forward(observations + static_cast<size_t>(r) * static_cast<size_t>(obs_size), scratch);
      if (!std::all_of(z, z + num_actions_ + players_, [](float x) { return std::isfinite(x); })) {
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
  // A thread's activations and the list of a layer's non-zero inputs; grows, never shrinks.
  struct Scratch {
    std::vector<float> act[2], value;
    std::vector<int> index;
    void reserve(size_t width) {
      if (value.size() >= width) return;
      for (auto* v : {&act[0], &act[1], &value}) v->resize(width);
      index.resize(width);
    }
  };

  // The layers `parts` side by side (the same inputs, their outputs one after the other), each
  // row padded with zero weights to a multiple of kTile outputs.
  static Layer padded(std::initializer_list<const Layer*> parts) {
    Layer l;
    l.in = (*parts.begin())->in;
    for (const Layer* p : parts) l.out += p->out;
    const size_t stride = (static_cast<size_t>(l.out) + kTile - 1) / kTile * kTile;
    l.w.assign(static_cast<size_t>(l.in) * stride, 0.0f);
    l.b.assign(stride, 0.0f);
    size_t column = 0;
    for (const Layer* p : parts) {
      const size_t n = static_cast<size_t>(p->out);
      for (size_t i = 0; i < static_cast<size_t>(l.in); ++i) {
        std::copy_n(p->w.data() + i * n, n, l.w.data() + i * stride + column);
      }
      std::copy_n(p->b.data(), n, l.b.data() + column);
      column += n;
    }
    l.out = static_cast<int>(stride);
    return l;
  }

  // out = x W + b over the padded layer `l`, then ReLU if `relu`.
  static void affine(const Layer& l, const float* __restrict x, float* __restrict out, bool relu, Scratch& s) {
    int nonzero = 0;
    for (int i = 0; i < l.in; ++i) {  // branch-free: the zeros' pattern is unpredictable
      s.index[static_cast<size_t>(nonzero)] = i;
      s.value[static_cast<size_t>(nonzero)] = x[i];
      nonzero += x[i] != 0.0f;
    }
    const size_t stride = static_cast<size_t>(l.out);
    for (size_t t = 0; t < stride; t += kTile) {
      Lanes acc[kTile / kLanes];
      std::memcpy(acc, l.b.data() + t, sizeof acc);
      for (int k = 0; k < nonzero; ++k) {
        const float v = s.value[static_cast<size_t>(k)];
        const float* w = l.w.data() + static_cast<size_t>(s.index[static_cast<size_t>(k)]) * stride + t;
        for (int a = 0; a < kTile / kLanes; ++a) {
          Lanes wa;
          std::memcpy(&wa, w + a * kLanes, sizeof wa);
          acc[a] += v * wa;
        }
      }
      float o[kTile];
      std::memcpy(o, acc, sizeof o);
      if (relu) {
        for (int j = 0; j < kTile; ++j) o[j] = std::max(o[j], 0.0f);
      }
      std::copy_n(o, kTile, out + t);
    }
  }

  // The joined heads' outputs (policy logits, then the values' pre-sigmoid) of one observation,
  // in `scratch`.
  const float* forward(const float* obs, Scratch& scratch) const {
    const float* x = obs;
    int which = 0;
    for (const Layer& l : hidden_) {
      affine(l, x, scratch.act[which].data(), true, scratch);
      x = scratch.act[which].data();
      which ^= 1;
    }
    affine(head_, x, scratch.act[which].data(), false, scratch);
    return scratch.act[which].data();
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
  Layer head_;  // the policy head's columns, then the value head's, then padding
  int observation_size_ = 0, num_actions_ = 0, players_ = 0;
  int width_ = 0;  // the widest layer's outputs
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::string error_;
};

}  // namespace tb
