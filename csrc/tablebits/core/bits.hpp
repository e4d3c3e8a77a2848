// Bit helpers over uint64_t sets (hands, racks, legal-action masks).
#pragma once

#include <bit>
#include <cstdint>

namespace tb {

constexpr int popcount(uint64_t x) noexcept { return std::popcount(x); }

constexpr int lowest_bit(uint64_t x) noexcept { return std::countr_zero(x); }

// Index of the n-th (0-based) set bit of x; x must have more than n set bits.
constexpr int nth_set_bit(uint64_t x, int n) noexcept {
  for (; n > 0; --n) x &= x - 1;
  return std::countr_zero(x);
}

// Calls f(index) for every set bit, lowest first.
template <class F>
constexpr void for_each_bit(uint64_t x, F&& f) {
  while (x) {
    f(std::countr_zero(x));
    x &= x - 1;
  }
}

}  // namespace tb
