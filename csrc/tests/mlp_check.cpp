// The network evaluator (core/mlp.hpp) against a plain double-precision forward pass written
// here, on batches of every size from 1 to 9 and a long one (so every remainder of its groups of
// rows), widths that are no multiple of any tile, no hidden layer at all, sparse and dense rows,
// signed zeros and a row with nothing legal. .ci/run builds it under ASan and UBSan once per
// kernel: the build's own (-march), x86-64-v2's SSE2, and the generic one (TABLEBITS_MLP_GENERIC).
// Inputs sit in buffers of exactly their size, so a vector read past the last row faults.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "tablebits/core/mlp.hpp"
#include "tablebits/core/rng.hpp"

namespace {

using Layer = tb::MlpEvaluator::Layer;

int failures = 0;

float uniform(tb::Rng& rng, float lo, float hi) {
  return lo + (hi - lo) * static_cast<float>(rng.next() >> 40) / static_cast<float>(1 << 24);
}

Layer random_layer(int in, int out, tb::Rng& rng) {
  Layer l;
  l.in = in;
  l.out = out;
  for (int i = 0; i < in * out; ++i) l.w.push_back(uniform(rng, -0.5f, 0.5f));
  for (int j = 0; j < out; ++j) l.b.push_back(uniform(rng, -0.3f, 0.3f));
  return l;
}

// z = x W + b of one row, in double.
std::vector<double> affine(const Layer& l, const std::vector<double>& x) {
  std::vector<double> z(l.b.begin(), l.b.end());
  for (int i = 0; i < l.in; ++i) {
    for (int j = 0; j < l.out; ++j) z[static_cast<size_t>(j)] += x[static_cast<size_t>(i)] * l.w[static_cast<size_t>(i * l.out + j)];
  }
  return z;
}

// One row's priors and values as weights.Network.evaluate defines them.
void reference(const std::vector<Layer>& hidden, const Layer& policy, const Layer& value, const float* obs,
               const uint8_t* mask, double* priors, double* values) {
  std::vector<double> x(obs, obs + (hidden.empty() ? policy.in : hidden.front().in));
  for (const Layer& l : hidden) {
    x = affine(l, x);
    for (double& v : x) v = std::max(v, 0.0);
  }
  const std::vector<double> logits = affine(policy, x), z = affine(value, x);
  double top = -INFINITY;
  for (int a = 0; a < policy.out; ++a) {
    if (mask[a]) top = std::max(top, logits[static_cast<size_t>(a)]);
  }
  for (int a = 0; a < policy.out; ++a) priors[a] = mask[a] ? std::exp(logits[static_cast<size_t>(a)] - top) : 0.0;
  for (int k = 0; k < value.out; ++k) values[k] = 1.0 / (1.0 + std::exp(-z[static_cast<size_t>(k)]));
}

bool close(float got, double want) { return std::fabs(got - want) <= 1e-5 + 1e-5 * std::fabs(want); }

// Observations of `rows` rows: sparse 0/1 planes (most), dense signed values, all zeros, and
// negative zeros, which the kernel may skip as it skips zeros.
std::vector<float> observations(int rows, int size, tb::Rng& rng) {
  std::vector<float> obs(static_cast<size_t>(rows) * static_cast<size_t>(size));
  for (int r = 0; r < rows; ++r) {
    const uint32_t kind = rng.uniform(4);
    for (int i = 0; i < size; ++i) {
      float& x = obs[static_cast<size_t>(r * size + i)];
      x = kind == 0 ? (rng.uniform(8) == 0 ? 1.0f : 0.0f) : kind == 1 ? uniform(rng, -1.0f, 1.0f) : kind == 2 ? 0.0f : -0.0f;
    }
  }
  return obs;
}

void check(const std::string& name, const std::vector<Layer>& hidden, const Layer& policy, const Layer& value,
           tb::Rng& rng) {
  if (const std::string why = tb::MlpEvaluator::check(hidden, policy, value); !why.empty()) {
    std::printf("%s: bad layers: %s\n", name.c_str(), why.c_str());
    ++failures;
    return;
  }
  tb::MlpEvaluator net(hidden, policy, value);
  const int obs_size = net.observation_size(), actions = policy.out, players = value.out;
  for (int rows : {1, 2, 3, 4, 5, 6, 7, 8, 9, 37}) {
    const std::vector<float> obs = observations(rows, obs_size, rng);
    std::vector<uint8_t> masks(static_cast<size_t>(rows) * static_cast<size_t>(actions));
    for (uint8_t& m : masks) m = rng.uniform(2) != 0;
    std::fill_n(masks.begin(), actions, uint8_t{0});  // the first row: nothing legal
    std::vector<float> priors(masks.size()), values(static_cast<size_t>(rows) * static_cast<size_t>(players));
    if (!net.evaluate(obs.data(), masks.data(), rows, obs_size, actions, players, priors.data(), values.data())) {
      std::printf("%s, %d rows: evaluate failed: %s\n", name.c_str(), rows, net.take_error().c_str());
      ++failures;
      continue;
    }
    std::vector<double> want_priors(static_cast<size_t>(actions)), want_values(static_cast<size_t>(players));
    // Whether row r's `count` outputs of one head (`kind`) agree with the reference's.
    auto agree = [&](const char* kind, int r, const auto& got, const auto& want, int count) {
      for (int i = 0; i < count; ++i) {
        const auto g = got[static_cast<size_t>(r * count + i)];
        const auto w = want[static_cast<size_t>(i)];
        if (!close(g, w)) {
          std::printf("%s, %d rows: row %d %s %d is %g, not %g\n", name.c_str(), rows, r, kind, i,
                      static_cast<double>(g), static_cast<double>(w));
          ++failures;
          return false;
        }
      }
      return true;
    };
    for (int r = 0; r < rows; ++r) {
      reference(hidden, policy, value, obs.data() + r * obs_size, masks.data() + r * actions, want_priors.data(),
                want_values.data());
      if (!agree("prior", r, priors, want_priors, actions) || !agree("value", r, values, want_values, players))
        return;
    }
  }
}

}  // namespace

int main() {
  tb::Rng rng{2024};
  // (observation size, hidden widths, actions, players)
  struct Shape {
    int obs;
    std::vector<int> widths;
    int actions, players;
  };
  const Shape shapes[] = {
      {53, {37, 5}, 7, 3}, {53, {}, 7, 3},       {1, {1}, 1, 1},           {228, {128, 128}, 25, 2},
      {371, {129}, 41, 2}, {9, {8, 16, 24}, 4, 5}, {100, {31, 33}, 63, 4}, {7, {300}, 11, 1},
  };
  for (const Shape& s : shapes) {
    std::vector<Layer> hidden;
    int width = s.obs;
    std::string name = std::to_string(s.obs);
    for (int w : s.widths) {
      hidden.push_back(random_layer(width, w, rng));
      width = w;
      name += "-" + std::to_string(w);
    }
    name += "-(" + std::to_string(s.actions) + "+" + std::to_string(s.players) + ")";
    check(name, hidden, random_layer(width, s.actions, rng), random_layer(width, s.players, rng), rng);
  }
  if (failures) {
    std::printf("mlp check (%s kernel): %d failed\n", tb::MlpEvaluator::kKernel, failures);
    return 1;
  }
  std::printf("mlp check (%s kernel): %zu networks agree with the reference on batches of 1-9 and 37 rows\n",
              tb::MlpEvaluator::kKernel, std::size(shapes));
  return 0;
}
