// A multilayer perceptron as PUCT's leaf evaluator, run in C++ beside the search: the network of
// tablebits.weights (obs -> ReLU(hidden) x layers -> policy logits over the action ids and each
// player's value through a sigmoid), so a Baseline bot never calls into Python per batch and its
// searches run on several threads at once.
//
// It computes what weights.Network.evaluate computes, up to float rounding (the sums run in
// another order than numpy's BLAS): priors are exp(logit - max over the legal logits) on the
// legal actions and 0 elsewhere (all 0 if none is legal), values 1 / (1 + exp(-z)) (or z itself
// for a network with linear values).
//
// The weights are copied once, at construction, into one float array per layer; the two heads
// are joined into one (in, A + P) layer so the last hidden activations are read once. Rows go
// through the network kGroup at a time (the remainder of a batch as a smaller group), and a layer
// computes a tile of a few vectors of outputs for all the group's rows at once, in registers:
// each vector of weights loaded is multiplied into every row's sums, so the kernel is bound by
// the multiply-add units, where one row at a time is bound by loading weights. The inputs a tile
// sums over are those non-zero in some row of the group, listed once per layer: the observations
// are mostly zeros (85-91% in three of the games, 80-85% in all four rows of a group), and ReLU
// leaves about half of a hidden layer at zero, a tenth to a half of it in all four rows. The
// activations live in scratch owned by the calling thread (the search pool's and the arena's
// threads persist, so it is allocated once per thread and width); evaluate allocates nothing else.
//
// The kernel is written once over a few vector operations (mlp::Lanes): AVX2 with FMA in the
// x86-64-v3 build, SSE2 in the x86-64-v2 one (and wherever x86-64 compiles without -march), and
// elsewhere a generic version over GCC and Clang's vector types (NEON on arm64, with its fused
// multiply-add; one float at a time under other compilers); defining TABLEBITS_MLP_GENERIC
// forces the generic one, so that tests check it too.
//
// evaluate is called once per batch of leaves, so its virtual call costs nothing next to a
// forward pass (tens of thousands of multiply-adds per row).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "evaluator.hpp"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#elif defined(__aarch64__) && defined(__GNUC__)
#include <arm_neon.h>
#endif

namespace tb {

namespace mlp {

// The vector operations the kernel is written over. kTile is the number of vectors of outputs
// a tile keeps in registers for each of kGroup rows, as many as fit beside the tile's weights
// and the input being multiplied in. nonzero(rows, i) has bit j set when input i + j is not zero
// in at least one of the R rows (a NaN counts as non-zero, so it propagates).
#if !defined(TABLEBITS_MLP_GENERIC) && defined(__AVX2__) && defined(__FMA__)
struct Lanes {
  static constexpr const char* kName = "avx2-fma";
  using V = __m256;
  static constexpr int kWidth = 8;
  static constexpr int kTile = 3;  // 4 rows x 3 sums + 3 weights + 1 input: the 16 ymm registers
  static V load(const float* p) { return _mm256_loadu_ps(p); }
  static V splat(const float* p) { return _mm256_broadcast_ss(p); }
  static V madd(V sum, V a, V b) { return _mm256_fmadd_ps(a, b, sum); }
  static V relu(V a) { return _mm256_max_ps(a, _mm256_setzero_ps()); }
  static void store(float* p, V v) { _mm256_storeu_ps(p, v); }
  template <int R>
  static unsigned nonzero(const float* const* rows, size_t i) {
    V any = load(rows[0] + i);
    for (int r = 1; r < R; ++r) any = _mm256_or_ps(any, load(rows[r] + i));  // zero only if all are +-0
    return static_cast<unsigned>(_mm256_movemask_ps(_mm256_cmp_ps(any, _mm256_setzero_ps(), _CMP_NEQ_UQ)));
  }
};
#elif !defined(TABLEBITS_MLP_GENERIC) && (defined(__SSE2__) || defined(_M_X64))
struct Lanes {
  static constexpr const char* kName = "sse2";
  using V = __m128;
  static constexpr int kWidth = 4;
  static constexpr int kTile = 2;  // 4 rows x 2 sums + 2 weights + input + product: 12 of 16 xmm
  static V load(const float* p) { return _mm_loadu_ps(p); }
  static V splat(const float* p) { return _mm_load1_ps(p); }
  static V madd(V sum, V a, V b) { return _mm_add_ps(sum, _mm_mul_ps(a, b)); }
  static V relu(V a) { return _mm_max_ps(a, _mm_setzero_ps()); }
  static void store(float* p, V v) { _mm_storeu_ps(p, v); }
  template <int R>
  static unsigned nonzero(const float* const* rows, size_t i) {
    V any = load(rows[0] + i);
    for (int r = 1; r < R; ++r) any = _mm_or_ps(any, load(rows[r] + i));
    return static_cast<unsigned>(_mm_movemask_ps(_mm_cmpneq_ps(any, _mm_setzero_ps())));
  }
};
#else
struct Lanes {
  static constexpr const char* kName = "generic";
#if defined(__GNUC__)
  using V = float __attribute__((vector_size(16)));  // NEON on arm64, SSE on x86-64
#else
  using V = float;
#endif
  static constexpr int kWidth = static_cast<int>(sizeof(V) / sizeof(float));
  static constexpr int kTile = 2;
  static V load(const float* p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static V splat(const float* p) {
    float f[kWidth];
    std::fill_n(f, kWidth, *p);
    return load(f);
  }
  static V madd(V sum, V a, V b) {
#if defined(__aarch64__) && defined(__GNUC__)
    // Fused, as in the AVX2 kernel: -ffp-contract=off (CMakeLists.txt) fuses nothing by itself.
    return vfmaq_f32(sum, a, b);
#else
    return sum + a * b;
#endif
  }
  static V relu(V a) {
    float f[kWidth];
    std::memcpy(f, &a, sizeof f);
    for (float& x : f) x = std::max(x, 0.0f);
    std::memcpy(&a, f, sizeof f);
    return a;
  }
  static void store(float* p, V v) { std::memcpy(p, &v, sizeof v); }
  template <int R>
  static unsigned nonzero(const float* const* rows, size_t i) {
    unsigned bits = 0;
    for (int j = 0; j < kWidth; ++j) {
      bool any = false;
      for (int r = 0; r < R; ++r) any |= !(rows[r][i + static_cast<size_t>(j)] == 0.0f);
      bits |= static_cast<unsigned>(any) << j;
    }
    return bits;
  }
};
#endif

// f(std::integral_constant<int, i>{}) for i = 0 .. N-1, written out. The sums of a tile must be
// indexed by constants from the start, or GCC keeps them in memory and stores every one of them
// on every multiply-add (loops it unrolls itself come too late for that); and every call must be
// inlined, or Clang keeps them in memory for the call that stores them.
template <class F, int... I>
[[gnu::always_inline]] inline void unrolled(F& f, std::integer_sequence<int, I...>) {
  (f(std::integral_constant<int, I>{}), ...);
}
template <int N, class F>
[[gnu::always_inline]] inline void unrolled(F&& f) {
  unrolled(f, std::make_integer_sequence<int, N>{});
}

// Allocates on 64-byte boundaries. A tile's row of weights is a multiple of 32 bytes, so from
// there no vector of weights straddles two cache lines, as half of them did from the default
// 16-byte alignment (5% of the time of the games with the widest observations).
template <class T>
struct CacheAligned {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  CacheAligned() = default;
  template <class U>
  CacheAligned(const CacheAligned<U>&) {}  // NOLINT: converts implicitly, as allocators do
  T* allocate(size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlign)); }
  void deallocate(T* p, size_t) { ::operator delete(p, kAlign); }
  bool operator==(const CacheAligned&) const = default;
};

}  // namespace mlp

class MlpEvaluator final : public Evaluator {
 public:
  // One affine layer: `w` is (in, out) row-major, `b` has `out` entries.
  struct Layer {
    int in = 0, out = 0;
    std::vector<float> w, b;
  };

  // Rows evaluated together: each weight loaded serves this many rows.
  static constexpr int kGroup = 4;
  // Which kernel this build runs ("avx2-fma", "sse2" or "generic").
  static constexpr const char* kKernel = mlp::Lanes::kName;

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

  // The layers must pass check(). `linear_values`: the value head's outputs are the values as
  // they are, without the sigmoid (a critic trained by regression on the returns).
  MlpEvaluator(const std::vector<Layer>& hidden, const Layer& policy, const Layer& value, bool linear_values = false)
      : num_actions_(policy.out), players_(value.out), linear_values_(linear_values) {
    for (const Layer& l : hidden) hidden_.push_back(packed({&l}));
    head_ = packed({&policy, &value});
    observation_size_ = hidden.empty() ? policy.in : hidden.front().in;
    width_ = std::max(head_.stride, observation_size_);
    for (const Packed& l : hidden_) width_ = std::max(width_, l.stride);
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
    for (int first = 0; first < rows; first += kGroup) {
      const int group = std::min(kGroup, rows - first);
      const float* z = forward(group, observations + static_cast<size_t>(first) * static_cast<size_t>(obs_size), scratch);
      for (int g = 0; g < group; ++g, z += head_.stride) {
        if (!std::all_of(z, z + num_actions_ + players_, [](float x) { return std::isfinite(x); })) {
          return fail("the network's output is not finite (its weights overflow float32 on this observation)");
        }
        const size_t r = static_cast<size_t>(first + g);
        write_priors(z, masks + r * static_cast<size_t>(num_actions), priors + r * static_cast<size_t>(num_actions));
        float* v = values + r * static_cast<size_t>(players);
        for (int k = 0; k < players_; ++k) {
          const float x = z[num_actions_ + k];
          v[k] = linear_values_ ? x : 1.0f / (1.0f + std::exp(-x));
        }
      }
    }
    return true;
  }

  std::string take_error() override {
    std::lock_guard<std::mutex> lock(mutex_);
    failed_.store(false, std::memory_order_relaxed);
    return std::exchange(error_, std::string());
  }

 private:
  using Lanes = mlp::Lanes;
  using V = Lanes::V;
  static constexpr int kWidth = Lanes::kWidth;
  static constexpr size_t kTileFloats = static_cast<size_t>(Lanes::kTile) * kWidth;

  // A layer as the kernel reads it: its outputs padded with zero weights to `stride`, a whole
  // number of vectors, and its weights stored tile by tile (each tile's (in, tile width) block
  // row-major, the blocks one after the other), so that a tile's pass over the inputs reads one
  // block from start to end. Every tile but the last is kTile vectors wide, so the tile of
  // output `column` starts at weight column * in.
  struct Packed {
    int in = 0, stride = 0;
    std::vector<float, mlp::CacheAligned<float>> w;
    std::vector<float> b;
  };

  // A thread's activations (kGroup rows each) and the list of a layer's non-zero inputs; grows,
  // never shrinks.
  struct Scratch {
    std::vector<float> act[2];
    std::vector<uint32_t> index;
    void reserve(size_t width) {
      if (index.size() >= width) return;
      for (auto* v : {&act[0], &act[1]}) v->resize(kGroup * width);
      index.resize(width);
    }
  };

  // The layers `parts` side by side (the same inputs, their outputs one after the other).
  static Packed packed(std::initializer_list<const Layer*> parts) {
    Packed l;
    l.in = (*parts.begin())->in;
    int out = 0;
    for (const Layer* p : parts) out += p->out;
    l.stride = (out + kWidth - 1) / kWidth * kWidth;
    const size_t in = static_cast<size_t>(l.in), stride = static_cast<size_t>(l.stride);
    std::vector<float> dense(in * stride, 0.0f);  // (in, stride) row-major, then cut into tiles
    l.b.assign(stride, 0.0f);
    size_t column = 0;
    for (const Layer* p : parts) {
      const size_t n = static_cast<size_t>(p->out);
      for (size_t i = 0; i < in; ++i) std::copy_n(p->w.data() + i * n, n, dense.data() + i * stride + column);
      std::copy_n(p->b.data(), n, l.b.data() + column);
      column += n;
    }
    l.w.resize(dense.size());
    for (size_t first = 0; first < stride; first += kTileFloats) {
      const size_t width = std::min(kTileFloats, stride - first);
      for (size_t i = 0; i < in; ++i) {
        std::copy_n(dense.data() + i * stride + first, width, l.w.data() + first * in + i * width);
      }
    }
    return l;
  }

  // The joined heads' outputs (policy logits, then the values' pre-sigmoid, head_.stride apart)
  // of `group` observations, in `scratch`.
  const float* forward(int group, const float* obs, Scratch& scratch) const {
    switch (group) {
      case 1: return forward<1>(obs, scratch);
      case 2: return forward<2>(obs, scratch);
      case 3: return forward<3>(obs, scratch);
      default: return forward<kGroup>(obs, scratch);
    }
  }

  template <int R>
  const float* forward(const float* obs, Scratch& scratch) const {
    const float* x = obs;
    size_t x_stride = static_cast<size_t>(observation_size_);
    int which = 0;
    for (const Packed& l : hidden_) {
      affine<R>(l, x, x_stride, scratch.act[which].data(), true, scratch);
      x = scratch.act[which].data();
      x_stride = static_cast<size_t>(l.stride);
      which ^= 1;
    }
    affine<R>(head_, x, x_stride, scratch.act[which].data(), false, scratch);
    return scratch.act[which].data();
  }

  // A group's rows of a layer's inputs, and which inputs are non-zero in at least one of them.
  struct Inputs {
    const float* const* rows;
    const uint32_t* index;
    size_t count;
  };

  // out = x W + b for R rows (x_stride and l.stride apart), then ReLU if `relu`.
  template <int R>
  static void affine(const Packed& l, const float* x, size_t x_stride, float* out, bool relu, Scratch& s) {
    const float* rows[R];
    for (int r = 0; r < R; ++r) rows[r] = x + static_cast<size_t>(r) * x_stride;
    const Inputs in{rows, s.index.data(), list_inputs<R>(rows, l.in, s.index.data())};
    int column = 0;
    for (; column + static_cast<int>(kTileFloats) <= l.stride; column += static_cast<int>(kTileFloats)) {
      tile<R, Lanes::kTile>(l, column, in, out, relu);
    }
    last_tile<R>((l.stride - column) / kWidth, l, column, in, out, relu);
  }

  // Lists in `index` the inputs that are non-zero in at least one of the R rows, and returns how
  // many there are. A vector of inputs at a time, without a branch per input (the zeros' pattern
  // is unpredictable): each non-zero input costs a trip through the inner loop, each zero nothing.
  template <int R>
  static size_t list_inputs(const float* const* rows, int in, uint32_t* index) {
    size_t n = 0;
    uint32_t i = 0;
    for (; i + kWidth <= static_cast<uint32_t>(in); i += kWidth) {
      for (unsigned bits = Lanes::nonzero<R>(rows, i); bits; bits &= bits - 1) {
        index[n++] = i + static_cast<uint32_t>(std::countr_zero(bits));
      }
    }
    for (; i < static_cast<uint32_t>(in); ++i) {
      bool any = false;
      for (int r = 0; r < R; ++r) any |= !(rows[r][i] == 0.0f);
      index[n] = i;
      n += any;
    }
    return n;
  }

  // The tile of T vectors of outputs from `column`, for R rows, over the listed inputs.
  template <int R, int T>
  static void tile(const Packed& l, int column, const Inputs& in, float* out, bool relu) {
    constexpr size_t kRow = static_cast<size_t>(T) * kWidth;  // the tile's weights per input
    const float* block = l.w.data() + static_cast<size_t>(column) * static_cast<size_t>(l.in);
    V sum[R][T];
    mlp::unrolled<T>([&](auto t) {
      const V b = Lanes::load(l.b.data() + column + t * kWidth);
      mlp::unrolled<R>([&](auto r) { sum[r][t] = b; });
    });
    const float* x[R];  // in locals, or GCC reloads them from memory on every input
    mlp::unrolled<R>([&](auto r) { x[r] = in.rows[r]; });
    for (const uint32_t* k = in.index; k != in.index + in.count; ++k) {
      const size_t i = *k;
      const float* row = block + i * kRow;
      V w[T];
      mlp::unrolled<T>([&](auto t) { w[t] = Lanes::load(row + t * kWidth); });
      mlp::unrolled<R>([&](auto r) {
        const V v = Lanes::splat(x[r] + i);
        mlp::unrolled<T>([&](auto t) { sum[r][t] = Lanes::madd(sum[r][t], v, w[t]); });
      });
    }
    const size_t stride = static_cast<size_t>(l.stride);
    mlp::unrolled<R>([&](auto r) {
      mlp::unrolled<T>([&](auto t) {
        Lanes::store(out + r * stride + static_cast<size_t>(column + t * kWidth), relu ? Lanes::relu(sum[r][t]) : sum[r][t]);
      });
    });
  }

  // The last tile, `vectors` (< kTile) vectors wide: one instance of tile per width.
  template <int R, int T = Lanes::kTile - 1>
  static void last_tile(int vectors, const Packed& l, int column, const Inputs& in, float* out, bool relu) {
    if constexpr (T >= 1) {
      if (vectors == T) return tile<R, T>(l, column, in, out, relu);
      last_tile<R, T - 1>(vectors, l, column, in, out, relu);
    }
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

  std::vector<Packed> hidden_;
  Packed head_;  // the policy head's columns, then the value head's, then padding
  int observation_size_ = 0, num_actions_ = 0, players_ = 0;
  bool linear_values_ = false;
  int width_ = 0;  // the widest layer's inputs or padded outputs
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::string error_;
};

}  // namespace tb
