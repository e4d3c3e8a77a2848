// A game's observation tensor declared once, as data, beside its observe (the way kStateSchema
// declares the state dict): the named slices in tensor order, each with its length, encoding and
// meaning. The slices marked per_seat form one block that the tensor repeats once per seat (seat
// k of the block is named "<seat><k>_<name>"). observe writes at the offsets the layout gives
// (consteval lookups by name, so the hot path pays nothing), and Python reads the same list as
// `game.observation_layout` (the docs' observation tables and the generic tests check it).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "state_schema.hpp"

namespace tb {

// How a slice's values read. kOneHot: at most one 1, the rest 0. kBits: each slot 0 or 1 (a set).
// kCount: a non-negative whole number per slot. kScaled: a count divided by a constant, in [0, 1].
enum class Encoding : uint8_t { kOneHot, kBits, kCount, kScaled };

inline constexpr std::array<std::string_view, 4> kEncodingNames{"one_hot", "bits", "count", "scaled"};

template <class P>
struct ObsSlice {
  std::string_view name;
  Bound<P> length;
  Encoding encoding;
  std::string_view meaning;
  bool per_seat = false;
};

template <class P, size_t N>
struct ObsLayout {
  std::string_view seat;  // per-seat slices are named "<seat><k>_<name>"
  Bound<P> seats;         // how many times the per-seat block repeats (0: no block)
  std::array<ObsSlice<P>, N> slices;

  // The tensor's length.
  constexpr int size(const P& p) const {
    int total = 0;
    for (const auto& s : slices) total += s.length(p) * (s.per_seat ? seats(p) : 1);
    return total;
  }

  // Calls f(slice, seat, offset) for every slice of the tensor in order (seat: -1 outside the
  // per-seat block).
  template <class F>
  constexpr void for_each(const P& p, F&& f) const {
    int offset = 0;
    for (size_t i = 0; i < N; ++i) {
      if (!slices[i].per_seat) {
        f(slices[i], -1, offset);
        offset += slices[i].length(p);
        continue;
      }
      size_t end = i;
      while (end < N && slices[end].per_seat) ++end;
      for (int k = 0; k < seats(p); ++k)
        for (size_t j = i; j < end; ++j) {
          f(slices[j], k, offset);
          offset += slices[j].length(p);
        }
      i = end - 1;
    }
  }

  // The following run at compile time (observe calls them through consteval helpers): each
  // sums constant lengths only, and a name that is not declared, or a parameter-dependent length
  // in the sum, stops the build.

  // The tensor's length, for a layout of constant lengths without a per-seat block.
  constexpr int fixed_size() const { return sum_before(0, {}, false); }
  // The offset of `name` in the tensor (a slice before the per-seat block, or any slice of a
  // layout without one).
  constexpr int offset(std::string_view name) const { return sum_before(0, name, false); }
  // The offset of per-seat `name` within a seat's block.
  constexpr int in_block(std::string_view name) const { return sum_before(first_per_seat(), name, true); }
  // The length of one seat's block.
  constexpr int block_size() const { return sum_before(first_per_seat(), {}, true); }
  // The offset of `name` after the per-seat blocks, counted from their end.
  constexpr int after_blocks(std::string_view name) const {
    size_t i = first_per_seat();
    while (i < N && slices[i].per_seat) ++i;
    return sum_before(i, name, false);
  }
  // The length of `name`.
  constexpr int length(std::string_view name) const {
    for (const auto& s : slices)
      if (s.name == name) return fixed(s.length);
    throw "no slice of that name";
  }

 private:
  static constexpr int fixed(const Bound<P>& b) {
    if (!b.text.empty()) throw "a parameter-dependent length";
    return b.value;
  }
  constexpr size_t first_per_seat() const {
    for (size_t i = 0; i < N; ++i)
      if (slices[i].per_seat) return i;
    throw "no per-seat slices";
  }
  // Sums the lengths from slice `from` on up to `name` (empty: to the end of that run of
  // per_seat == block slices).
  constexpr int sum_before(size_t from, std::string_view name, bool block) const {
    int total = 0;
    for (size_t i = from; i < N; ++i) {
      if (!name.empty() && slices[i].name == name) return total;
      if (slices[i].per_seat != block) {
        if (name.empty()) return total;
        throw "the slice is not where it was looked for";
      }
      total += fixed(slices[i].length);
    }
    if (name.empty()) return total;
    throw "no slice of that name";
  }
};

}  // namespace tb
