// The edges of a search tree: (parent node, joint action key) -> child node, in one
// open-addressing hash table (linear probing, power-of-two size).
//
// Why not a child list per node: a simultaneous node gets one child per joint action seen, and
// with several players and determinised opponents that is hundreds of children, so scanning a
// list on every visit made long searches quadratic (Hội Phố, 4 players: 80% of a 200,000-iteration
// search was that scan).
//
// clear() is O(1): slots carry the stamp of the search that wrote them, so a table sized by an
// earlier long search costs a short one nothing. clear(edges) sizes the table for a search of
// known length; it grows (doubling, rehashing) only past three quarters full, a load at which
// linear probing stays short while the table stays small enough for the cache.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tb {

class EdgeTable {
 public:
  // Forgets every edge; makes room for `edges` of them without growing.
  void clear(size_t edges) {
    live_ = 0;
    size_t size = 16;
    while (3 * size < 4 * edges) size <<= 1;
    if (slots_.size() < size) {
      resize(size);
    } else if (++stamp_ == 0) {  // after 2^32 searches: old stamps could look current
      for (Slot& slot : slots_) slot.stamp = 0;
      stamp_ = 1;
    }
  }

  // The child of `parent` by `key`, or -1 if the edge does not exist.
  int32_t find(uint32_t parent, uint32_t key) const {
    if (slots_.empty()) return -1;
    const Slot* slot = probe(uint64_t{parent} << 32 | key);
    return slot->stamp == stamp_ ? slot->child : -1;
  }

  // The child of `parent` by `key` if the edge exists; otherwise records it as `fresh` and
  // returns -1.
  int32_t find_or_insert(uint32_t parent, uint32_t key, int32_t fresh) {
    if (4 * (live_ + 1) > 3 * slots_.size()) grow();
    const uint64_t edge = uint64_t{parent} << 32 | key;
    Slot* slot = probe(edge);
    if (slot->stamp == stamp_) return slot->child;
    *slot = Slot{edge, fresh, stamp_};
    ++live_;
    return -1;
  }

 private:
  struct Slot {
    uint64_t edge = 0;
    int32_t child = -1;
    uint32_t stamp = 0;  // live in the current search iff equal to stamp_
  };

  // The slot holding `edge`, or the empty slot where it belongs (the table is never full).
  // Fibonacci hashing: the top bits of one multiplication spread the (parent, key) pairs.
  const Slot* probe(uint64_t edge) const {
    const size_t mask = slots_.size() - 1;
    for (size_t i = (edge * 0x9E3779B97F4A7C15ULL) >> shift_;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.stamp != stamp_ || slot.edge == edge) return &slot;
    }
  }
  Slot* probe(uint64_t edge) { return const_cast<Slot*>(std::as_const(*this).probe(edge)); }

  // An empty table of `size` (a power of two) slots.
  void resize(size_t size) {
    slots_.assign(size, Slot{});
    stamp_ = 1;
    shift_ = 64 - std::countr_zero(size);
  }

  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    const uint32_t live_stamp = stamp_;
    resize(old.size() < 16 ? 16 : 2 * old.size());
    for (const Slot& slot : old) {
      if (slot.stamp == live_stamp) *probe(slot.edge) = Slot{slot.edge, slot.child, stamp_};
    }
  }

  std::vector<Slot> slots_;
  uint32_t stamp_ = 1;
  int shift_ = 64;  // 64 - log2(size)
  size_t live_ = 0;
};

}  // namespace tb
