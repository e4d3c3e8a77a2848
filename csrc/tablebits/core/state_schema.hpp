// A game's state dict declared once, as data, beside its State (the way kParamSpecs declares the
// parameters). Each game lists the dict's keys in to_dict order as a tuple of the fields below:
// the key, the State member behind it, its range, and whether a hand-written dict may leave it
// out. From that one list come the range checks of G::validate (check_state_ranges, which guards
// bytes and dicts alike), the Python codec (bindings/state_codec.hpp) and `game.state_schema`
// (the docs' state-dict tables). A key derived from the others is `Derived`, a nested dict a
// `Group`; a key of a shape none of these has is a `Hook`, which the game's bindings codec reads
// and writes.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "param_spec.hpp"

namespace tb {

// One end of a range (or a list length): a constant, or a function of the parameters with the
// name the docs and messages give it ("max_rounds", "players - 1").
template <class P>
struct Bound {
  int value = 0;
  int (*of)(const P&) = nullptr;
  std::string_view text{};

  constexpr Bound(int v) : value(v) {}  // NOLINT: a constant bound reads as the number itself
  constexpr Bound(int (*f)(const P&), std::string_view t) : of(f), text(t) {}
  constexpr int operator()(const P& p) const { return of ? of(p) : value; }
  // As a list length: not a list. (The text, not the function pointer, says which kind of bound
  // this is: GCC's sanitizers make a function pointer's comparison non-constant.)
  constexpr bool scalar() const { return text.empty() && value == 0; }
};

// The bounds of a game whose Params has a `players` member: one entry per seat, and the last seat.
template <class P>
inline constexpr Bound<P> kPlayersBound{[](const P& p) { return int{p.players}; }, "players"};
template <class P>
inline constexpr Bound<P> kLastSeatBound{[](const P& p) { return p.players - 1; }, "players - 1"};

// Whether a hand-written dict may leave a key out. An optional key that is left out takes its
// neutral value (null, 0, empty), or the value its field's `fill` derives from the other keys.
enum class Need : uint8_t { kRequired, kOptional };

// The `none` of a field that cannot be null.
inline constexpr int kNotNull = INT32_MIN;

// "<key> must be in <lo>..<hi>" (or another fixed phrase), built once per field.
template <class P>
constexpr FixedText range_text(std::string_view key, const Bound<P>& lo, const Bound<P>& hi) {
  FixedText t;
  t.put(key);
  t.put(" must be in ");
  lo.text.empty() ? t.put_int(lo.value) : t.put(lo.text);
  t.put("..");
  hi.text.empty() ? t.put_int(hi.value) : t.put(hi.text);
  return t;
}

// "<key> must be empty past its length (<count>)": a list field's storage beyond its length.
template <class P>
constexpr FixedText unused_text(std::string_view key, const Bound<P>& count) {
  FixedText t(key, " must be empty past its length (");
  count.text.empty() ? t.put_int(count.value) : t.put(count.text);
  t.put(")");
  return t;
}

template <class State, class P>
struct StateFields {
  using B = Bound<P>;
  // Derives an absent optional key from the rest of the state (run once every given key is
  // read); returns nullptr, or where the key is required ("from turn 3 on") when it cannot.
  using Fill = const char* (*)(State&, const P&);

  // An int, or a list of `count` ints (count 0: a single value). `none` is the stored value of
  // null (kNotNull: null is not allowed); the dict shows stored + offset. With `name`, the dict shows
  // name(stored) instead (a card), for stored values lo..hi.
  template <auto Member>
  struct Int {
    static constexpr std::string_view kKind = "int";
    static constexpr auto kMember = Member;
    std::string_view key;
    B lo, hi;
    B count = 0;
    int none = kNotNull;
    int offset = 0;
    std::string (*name)(int) = nullptr;
    Need need = Need::kRequired;
    Fill fill = nullptr;
    std::string_view meaning{};
    FixedText error = range_text<P>(key, lo, hi);
    FixedText unused = unused_text<P>(key, count);

    static constexpr auto& at(auto& s, int i) {
      if constexpr (std::is_array_v<std::remove_cvref_t<decltype(s.*Member)>>) return (s.*Member)[i];
      else return (void)i, s.*Member;
    }
    constexpr bool contains(int stored, const P& p) const {
      return stored == none || (lo(p) <= stored + offset && stored + offset <= hi(p));
    }
  };

  // One of N names (or a list of them), stored as first + its index; `none` as for Int.
  template <auto Member, size_t N>
  struct Choice {
    static constexpr std::string_view kKind = "choice";
    static constexpr auto kMember = Member;
    std::string_view key;
    std::array<const char*, N> names;
    int first = 0;
    B count = 0;
    int none = kNotNull;
    Need need = Need::kRequired;
    Fill fill = nullptr;
    std::string_view meaning{};
    FixedText error = FixedText("unknown ", key);
    FixedText unused = unused_text<P>(key, count);

    static constexpr auto& at(auto& s, int i) { return Int<Member>::at(s, i); }
    constexpr bool contains(int stored, const P&) const {
      return stored == none || (first <= stored && stored < first + static_cast<int>(N));
    }
  };

  // A set of bits (cards, tiles, suits) of a mask in `valid` (or a list of `count` sets), shown
  // as the list of name(bit), number(params, bit) or bit + offset, lowest first. `ascending`: a
  // dict must list them in that order. With Repeat, the list also holds the number `repeat` (a
  // ship, outside the mask) as many times as the State member Repeat says, at most repeat_max.
  template <auto Member, auto Repeat = nullptr>
  struct Bits {
    static constexpr std::string_view kKind = "set";
    static constexpr auto kMember = Member;
    static constexpr bool kRepeats = Repeat != nullptr;
    std::string_view key;
    uint32_t valid;
    int offset = 0;
    std::string (*name)(int) = nullptr;
    int (*number)(const P&, int) = nullptr;
    bool ascending = true;
    int repeat = 0, repeat_max = 0;
    B count = 0;
    Need need = Need::kRequired;
    Fill fill = nullptr;
    std::string_view meaning{};
    FixedText error = FixedText(key, " holds an unknown entry");
    FixedText unused = unused_text<P>(key, count);

    static constexpr auto& at(auto& s, int i) { return Int<Member>::at(s, i); }
    static constexpr auto& repeats(auto& s, int i) { return Int<Repeat>::at(s, i); }
    constexpr bool contains(uint32_t stored, const P&) const { return !(stored & ~valid); }
  };

  // A dict {name: count} over the letters of `names`, counts in 0..hi (or a list of `count`
  // such dicts); get/set reach count k of entry i (the storage may be packed).
  struct Counts {
    static constexpr std::string_view kKind = "counts";
    std::string_view key;
    std::string_view names;
    B hi;
    int (*get)(const State&, int i, int k);
    void (*set)(State&, int i, int k, int v);
    B count = 0;
    Need need = Need::kRequired;
    Fill fill = nullptr;
    std::string_view meaning{};
  };

  // The generator state: an int in [0, 2**64), 0 when left out.
  template <auto Member>
  struct Rng {
    static constexpr std::string_view kKind = "rng";
    std::string_view key = "rng";
    Need need = Need::kOptional;
    std::string_view meaning = "generator state (future chance draws)";

    static constexpr auto& at(auto& s, int = 0) { return s.*Member; }
  };

  // A parameter repeated in the dict (players, level): checked against the game if given.
  struct Echo {
    static constexpr std::string_view kKind = "echo";
    std::string_view key;
    int lo, hi;
    int (*get)(const P&);
    Need need = Need::kOptional;
    std::string_view meaning{};
  };

  // A key derived from the other keys, shown for the reader (the tiles in no other place, the
  // forest tokens left): to_dict writes what `get` writes to out[0..n) (n its return value; a
  // key that is not a list writes out[0] and returns 1), each value shown as an int, a bool or
  // name(value). A dict may leave it out; one that gives it must give exactly that value, and
  // is refused with `error` otherwise (compared once the state is valid).
  struct Derived {
    static constexpr std::string_view kKind = "derived";
    static constexpr int kMaxValues = 32;
    std::string_view key;
    int (*get)(const State&, const P&, int* out);
    std::string_view error;
    bool list = false;
    std::string (*name)(int) = nullptr;
    bool boolean = false;
    Need need = Need::kOptional;
    std::string_view meaning{};
  };

  // A nested dict of the fields of the tuple `fields` (a token's holder and face, a trick's two
  // cards), each read and checked as at the top level.
  template <class Fields>
  struct Group {
    static constexpr std::string_view kKind = "group";
    std::string_view key;
    Fields fields;
    Need need = Need::kRequired;
    std::string_view meaning{};
  };
  template <class Fields>
  Group(std::string_view, Fields, Need = Need::kRequired, std::string_view = {}) -> Group<Fields>;

  // No key: a State member the dict does not show, cached from the keys read (a sum kept for
  // speed). `set` runs once every key is read; it returns nullptr, or why the keys cannot be
  // stored.
  struct Cache {
    static constexpr std::string_view kKind = "cache";
    const char* (*set)(State&, const P&);
  };

  // No key: reserved bytes of the State (its padding, named), always 0.
  template <auto Member>
  struct Zero {
    static constexpr std::string_view kKind = "zero";
    static constexpr auto kMember = Member;
  };

  // A key the game's bindings codec reads and writes itself (PyCodec<G>::hook_to_py and
  // hook_read with this id): a key of a shape no field above has.
  struct Hook {
    static constexpr std::string_view kKind = "hook";
    std::string_view key;
    int id;
    Need need = Need::kRequired;
    std::string_view meaning{};
  };
};

// A derived key's list of the bits of `mask`, lowest first, each + offset (Derived::get).
constexpr int bits_to_values(uint32_t mask, int* out, int offset = 0) {
  int n = 0;
  for (; mask; mask &= mask - 1) out[n++] = std::countr_zero(mask) + offset;
  return n;
}

template <class F>
concept RangedField = F::kKind == "int" || F::kKind == "choice" || F::kKind == "set";

// Calls f(field) for every field of the schema, in declaration (to_dict) order.
template <class Fields, class F>
constexpr void for_each_field(const Fields& fields, F&& f) {
  std::apply([&](const auto&... field) { (f(field), ...); }, fields);
}

// The same, with the fields of every group in place of the group.
template <class Fields, class F>
constexpr void for_each_leaf(const Fields& fields, F&& f) {
  for_each_field(fields, [&]<class Field>(const Field& field) {
    if constexpr (Field::kKind == "group") for_each_leaf(field.fields, f);
    else f(field);
  });
}

// The first field of `s` outside its declared range, or with a list's storage past its length not
// empty, as a message; nullptr if none. Each game's validate starts here and adds the invariants
// across fields.
template <class Fields, class State, class P>
constexpr const char* check_state_ranges(const Fields& fields, const State& s, const P& p) {
  const char* error = nullptr;
  for_each_leaf(fields, [&]<class F>(const F& f) {
    if constexpr (RangedField<F>) {
      const int n = f.count.scalar() ? 1 : f.count(p);
      for (int i = 0; i < n && !error; ++i)
        if (!f.contains(F::at(s, i), p)) error = f.error.text.data();
      // The storage past a list's length (the seats a game of fewer players leaves unused) holds
      // the neutral value: null, or 0.
      constexpr int kStored = std::extent_v<std::remove_cvref_t<decltype(s.*F::kMember)>>;
      for (int i = n; i < kStored && !error; ++i) {
        bool empty;
        if constexpr (F::kKind != "set") {
          empty = F::at(s, i) == (f.none == kNotNull ? 0 : f.none);
        } else if constexpr (F::kRepeats) {
          empty = F::at(s, i) == 0 && F::repeats(s, i) == 0;
        } else {
          empty = F::at(s, i) == 0;
        }
        if (!empty) error = f.unused.text.data();
      }
    } else if constexpr (F::kKind == "zero") {
      for (auto byte : s.*F::kMember)
        if (byte && !error) error = "reserved bytes must be 0";
    }
  });
  return error;
}

}  // namespace tb
