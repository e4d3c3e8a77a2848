// Bit helpers over uint64_t sets (hands, racks, legal-action masks).
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>
#if defined(__BMI2__) && !defined(TABLEBITS_SLOW_PDEP)
#include <immintrin.h>
#define TABLEBITS_PDEP_SELECT 1
#endif

namespace tb {

constexpr int popcount(uint64_t x) noexcept { return std::popcount(x); }

constexpr int lowest_bit(uint64_t x) noexcept { return std::countr_zero(x); }

namespace detail {

// kSelectInByte[r][b]: the index of the r-th set bit of byte b (8 if there is none).
struct SelectInByte {
  uint8_t at[8][256];
  constexpr SelectInByte() : at{} {
    for (int b = 0; b < 256; ++b) {
      int r = 0;
      for (int i = 0; i < 8; ++i) at[i][b] = 8;
      for (int i = 0; i < 8; ++i)
        if ((b >> i) & 1) at[r++][b] = static_cast<uint8_t>(i);
    }
  }
};
inline constexpr SelectInByte kSelectInByte{};

}  // namespace detail

// Index of the n-th (0-based) set bit of x; x must have more than n set bits. Broadword select
// (Vigna, "Broadword implementation of rank/select queries", 2008): branch-free, because the
// obvious loop's trip count is random in playouts and so mispredicts on every random action.
constexpr int nth_set_bit_broadword(uint64_t x, int n) noexcept {
  constexpr uint64_t kOnes8 = 0x0101010101010101ULL;
  constexpr uint64_t kHigh8 = 0x8080808080808080ULL;
  uint64_t s = x - ((x >> 1) & 0x5555555555555555ULL);
  s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
  s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  const uint64_t cumulative = s * kOnes8;  // byte i: set bits in bytes 0..i
  // High bit of byte i set iff bytes 0..i hold at least n + 1 set bits (no borrow crosses bytes:
  // each count is at most 64). The bytes without it come before the one holding the bit.
  const uint64_t reached = ((cumulative | kHigh8) - static_cast<uint64_t>(n + 1) * kOnes8) & kHigh8;
  const int byte = 8 - std::popcount(reached);
  const int shift = 8 * byte;
  const int before = static_cast<int>(((cumulative << 8) >> shift) & 0xFF);  // bytes 0..byte-1
  return shift + detail::kSelectInByte.at[n - before][(x >> shift) & 0xFF];
}

// Index of the n-th (0-based) set bit of x; x must have more than n set bits. With BMI2 (built
// for x86-64-v3, see CMakeLists.txt) PDEP deposits 1 << n onto the n-th set bit of x: two
// instructions instead of about twenty, on every random action of a playout.
constexpr int nth_set_bit(uint64_t x, int n) noexcept {
#ifdef TABLEBITS_PDEP_SELECT
  if (!std::is_constant_evaluated()) return std::countr_zero(_pdep_u64(uint64_t{1} << n, x));
#endif
  return nth_set_bit_broadword(x, n);
}

// Calls f(index) for every set bit, lowest first.
template <class F>
constexpr void for_each_bit(uint64_t x, F&& f) {
  while (x) {
    f(std::countr_zero(x));
    x &= x - 1;
  }
}

// Writes a set into an observation plane: plane[i] = 1 for every set bit i.
inline void mark_bits(float* plane, uint64_t set) {
  for_each_bit(set, [&](int i) { plane[i] = 1.0f; });
}

// Validation of card sets: every place a card can be (a hand, the table, the deck...) claims
// its set; a card claimed twice, or outside `allowed`, is a clash.
class CardClaims {
 public:
  explicit constexpr CardClaims(uint64_t allowed = ~uint64_t{0}) : allowed_(allowed) {}

  // False (and clash() from now on) if `cards` overlaps an earlier claim or leaves `allowed`.
  constexpr bool claim(uint64_t cards) {
    const bool ok = !(cards & (seen_ | ~allowed_));
    clash_ = clash_ || !ok;
    seen_ |= cards;
    count_ += popcount(cards);
    return ok;
  }
  constexpr bool clash() const { return clash_; }
  constexpr int count() const { return count_; }  // cards claimed, with repeats
  constexpr uint64_t seen() const { return seen_; }

 private:
  uint64_t allowed_;
  uint64_t seen_ = 0;
  int count_ = 0;
  bool clash_ = false;
};

}  // namespace tb
