// Bit helpers over uint64_t sets (hands, racks, legal-action masks).
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

// nth_set_bit takes the CPU's fastest path: BMI2's PDEP on x86-64-v3, NEON's per-byte popcount
// (CNT) on arm64, the portable broadword select elsewhere. TABLEBITS_BROADWORD_SELECT forces the
// portable one (to measure it against the others); TABLEBITS_SLOW_PDEP (CMakeLists.txt: a CPU
// whose PDEP is microcoded) implies it.
#if defined(TABLEBITS_SLOW_PDEP) && !defined(TABLEBITS_BROADWORD_SELECT)
#define TABLEBITS_BROADWORD_SELECT 1
#endif
#if defined(__BMI2__) && !defined(TABLEBITS_BROADWORD_SELECT)
#include <immintrin.h>
#define TABLEBITS_PDEP_SELECT 1
#elif (defined(__aarch64__) || defined(_M_ARM64)) && !defined(TABLEBITS_BROADWORD_SELECT)
#include <arm_neon.h>
#define TABLEBITS_NEON_SELECT 1
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

// Byte i of the result: the number of set bits in byte i of x (the SWAR popcount's first steps).
constexpr uint64_t byte_popcounts(uint64_t x) noexcept {
  uint64_t s = x - ((x >> 1) & 0x5555555555555555ULL);
  s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
  return (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
}

// Index of the n-th (0-based) set bit of x, given byte_popcounts(x) as `counts`.
constexpr int select_in_bytes(uint64_t x, int n, uint64_t counts) noexcept {
  constexpr uint64_t kOnes8 = 0x0101010101010101ULL;
  constexpr uint64_t kHigh8 = 0x8080808080808080ULL;
  const uint64_t cumulative = counts * kOnes8;  // byte i: set bits in bytes 0..i
  // High bit of byte i set iff bytes 0..i hold at least n + 1 set bits (no borrow crosses bytes:
  // each count is at most 64), so the lowest one marks the byte holding the bit. Bit 63 added
  // changes nothing (reached has a bit there or below) but shows the compiler a non-zero
  // argument: x86's BSF then needs no fix-up for zero.
  const uint64_t reached = ((cumulative | kHigh8) - static_cast<uint64_t>(n + 1) * kOnes8) & kHigh8;
  const int shift = std::countr_zero(reached | uint64_t{1} << 63) & ~7;  // 8 * the byte's index
  const int before = static_cast<int>(((cumulative << 8) >> shift) & 0xFF);  // bytes 0..byte-1
  return shift + kSelectInByte.at[n - before][(x >> shift) & 0xFF];
}

}  // namespace detail

// Index of the n-th (0-based) set bit of x; x must have more than n set bits. Broadword select
// (Vigna, "Broadword implementation of rank/select queries", 2008): branch-free, because the
// obvious loop's trip count is random in playouts and so mispredicts on every random action.
constexpr int nth_set_bit_broadword(uint64_t x, int n) noexcept {
  return detail::select_in_bytes(x, n, detail::byte_popcounts(x));
}

// Index of the n-th (0-based) set bit of x; x must have more than n set bits. With BMI2 (built
// for x86-64-v3, see CMakeLists.txt) PDEP deposits 1 << n onto the n-th set bit of x: two
// instructions instead of about twenty, on every random action of a playout. On arm64, NEON's
// CNT counts the bits of every byte in one instruction, where the broadword select spends ten.
constexpr int nth_set_bit(uint64_t x, int n) noexcept {
#ifdef TABLEBITS_PDEP_SELECT
  if (!std::is_constant_evaluated()) return std::countr_zero(_pdep_u64(uint64_t{1} << n, x));
#elif defined(TABLEBITS_NEON_SELECT)
  if (!std::is_constant_evaluated()) {
    const uint64_t counts = vget_lane_u64(vreinterpret_u64_u8(vcnt_u8(vcreate_u8(x))), 0);
    return detail::select_in_bytes(x, n, counts);
  }
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
