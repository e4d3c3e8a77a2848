// SplitMix64: the one PRNG of tablebits. Its algorithm is part of the public contract (same seed,
// same game, on every platform and compiler), so it is spelled out here instead of relying on
// <random>, whose distributions differ between standard libraries. tests/reference/rng.py
// restates it in Python.
#pragma once

#include <cstdint>

namespace tb {

// The high word of x * n: an integer in [0, n), without a 128-bit type (MSVC has none). Exact:
// x * n = hi * n * 2^32 + lo * n, and the fraction of lo * n / 2^32 dropped before the second
// shift cannot carry into the result.
constexpr uint32_t scale_in_two_words(uint64_t x, uint32_t n) noexcept {
  return static_cast<uint32_t>(((x >> 32) * n + (((x & 0xFFFFFFFFu) * n) >> 32)) >> 32);
}

// The same in one widening multiply (one instruction) with GCC's and Clang's 128-bit integers.
constexpr uint32_t scale(uint64_t x, uint32_t n) noexcept {
#ifdef __SIZEOF_INT128__
  __extension__ using uint128_t = unsigned __int128;
  return static_cast<uint32_t>((static_cast<uint128_t>(x) * n) >> 64);
#else
  return scale_in_two_words(x, n);
#endif
}

struct Rng {
  uint64_t state = 0;

  constexpr uint64_t next() noexcept {
    state += 0x9E3779B97F4A7C15ULL;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  // An integer in [0, n): the high word of next() * n. Its bias is below n / 2^64.
  constexpr uint32_t uniform(uint32_t n) noexcept { return scale(next(), n); }
  // A double in [0, 1): the top 53 bits of next(), each value equally likely.
  constexpr double unit() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Fisher-Yates from the last index down.
  template <class T>
  constexpr void shuffle(T* items, int count) noexcept {
    for (int i = count - 1; i > 0; --i) {
      const int j = static_cast<int>(uniform(static_cast<uint32_t>(i + 1)));
      T tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
  }

  // shuffle's draws and outcome, for deals: position i is final once step i has swapped into it
  // (later steps only touch positions < i), so its item goes straight to deal(i, item) and is
  // never stored back; `items` is left scrambled. Unrolled for the fixed sizes of card games, so
  // a deal's test of i folds away.
  template <class T, class Deal>
  constexpr void shuffle_deal(T* items, int count, Deal&& deal) noexcept {
#pragma GCC unroll 32
    for (int i = count - 1; i > 0; --i) {
      const uint32_t j = uniform(static_cast<uint32_t>(i + 1));
      const T item = items[j];
      items[j] = items[i];
      deal(i, item);
    }
    if (count > 0) deal(0, items[0]);
  }
};

// A well-mixed 64-bit hash; derives independent seeds (per game index, per policy) from one seed.
constexpr uint64_t mix64(uint64_t x) noexcept {
  Rng r{x};
  return r.next();
}

constexpr uint64_t derive_seed(uint64_t seed, uint64_t index, uint64_t stream = 0) noexcept {
  return mix64(mix64(seed ^ (stream * 0xD1B54A32D192ED03ULL)) + index);
}

}  // namespace tb
