// Game parameters declared once, as data. Each game lists its parameters in its params.hpp as a
// tuple of the specs below (name, type, range, meaning; the default is the Params field's
// initialiser). From that one list come the range checks of G::validate_params (which guards
// every entry point, including raw parameter bytes), the Python parsing and `game.params`
// (bindings/params.hpp) and the docs tables (`game.param_specs`).
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace tb {

// A message of at most 95 characters built at compile time (specs are constexpr objects with
// static storage, so the text outlives every caller).
struct FixedText {
  std::array<char, 96> text{};
  size_t size = 0;

  constexpr FixedText() = default;
  constexpr FixedText(std::string_view a, std::string_view b) {
    put(a);
    put(b);
  }
  constexpr void put(std::string_view s) {
    for (char c : s)
      if (size + 1 < text.size()) text[size++] = c;
  }
  constexpr void put_int(int v) {
    char digits[12];
    int k = 0;
    if (v < 0) put("-");
    unsigned u = v < 0 ? 0u - static_cast<unsigned>(v) : static_cast<unsigned>(v);
    do digits[k++] = static_cast<char>('0' + u % 10); while (u /= 10);
    while (k) put(std::string_view(&digits[--k], 1));
  }
};

// "parameter '<name>' must be <what>", built once when the spec is constructed.
struct ParamMessage : FixedText {
  constexpr ParamMessage(std::string_view name, std::string_view what, int lo = 0, int hi = -1) {
    put("parameter '");
    put(name);
    put("' must be ");
    put(what);
    if (lo <= hi) {
      put_int(lo);
      put("..");
      put_int(hi);
    }
  }
};

// Reads and writes the Params member `Field` (any integral or enum type) as an int.
template <auto Field>
struct ParamField {
  template <class P>
  static constexpr int get(const P& p) { return static_cast<int>(p.*Field); }
  template <class P>
  static constexpr void set(P& p, int v) { p.*Field = static_cast<std::remove_cvref_t<decltype(p.*Field)>>(v); }
};

// An int field within [lo, hi].
template <auto Field>
struct IntParam {
  static constexpr std::string_view kType = "int";  // the Python type, as the docs name it
  std::string_view name;
  int lo, hi;
  std::string_view meaning;
  ParamMessage error{name, "in ", lo, hi};

  using field = ParamField<Field>;
  constexpr bool contains(int v) const { return lo <= v && v <= hi; }
};

// A yes/no field stored as 0 or 1 (a uint8_t, so raw parameter bytes cannot hold an invalid bool).
template <auto Field>
struct BoolParam {
  static constexpr std::string_view kType = "bool";
  std::string_view name;
  std::string_view meaning;
  ParamMessage error{name, "0 or 1 (a bool)"};

  using field = ParamField<Field>;
  constexpr bool contains(int v) const { return v == 0 || v == 1; }
};

// One of N names, stored as its index.
template <auto Field, size_t N>
struct ChoiceParam {
  static constexpr std::string_view kType = "str";
  std::string_view name;
  std::array<std::string_view, N> choices;
  std::string_view meaning;
  ParamMessage error{name, "one of its named choices"};

  using field = ParamField<Field>;
  constexpr bool contains(int v) const { return 0 <= v && v < static_cast<int>(N); }
};

// One column of a list parameter's rows: entry `row` of an array member of Params (or a field of
// the structs in it), read as an int in lo..hi, a bool, or one of `names` (by name, or its index).
template <class P>
struct ListColumn {
  std::string_view key;  // a dict row's key; the column's name in messages
  int lo = 0, hi = 1;
  int (*get)(const P&, int row);
  void (*set)(P&, int row, int v);
  std::span<const std::string_view> names{};
  bool boolean = false;
};

template <class M>
struct MemberOf;
template <class C, class T>
struct MemberOf<T C::*> {
  using type = C;
};

// Entry `row` of array member Array of P (with Field: the field Field of its structs), as an int.
template <auto Array, auto Field>
struct ColumnAccess {
  using P = typename MemberOf<decltype(Array)>::type;
  static constexpr auto& at(auto& p, int row) {
    if constexpr (std::is_same_v<decltype(Field), std::nullptr_t>) return (p.*Array)[static_cast<size_t>(row)];
    else return (p.*Array)[static_cast<size_t>(row)].*Field;
  }
  static constexpr int get(const P& p, int row) { return static_cast<int>(at(p, row)); }
  static constexpr void set(P& p, int row, int v) { at(p, row) = static_cast<std::remove_cvref_t<decltype(at(p, row))>>(v); }
};

// The column of array member Array (with Field: the field Field of its structs).
template <auto Array, auto Field = nullptr>
constexpr auto column(std::string_view key, int lo, int hi, std::span<const std::string_view> names = {},
                      bool boolean = false) {
  using A = ColumnAccess<Array, Field>;
  return ListColumn<typename A::P>{key, lo, hi, A::get, A::set, names, boolean};
}

// How a list parameter writes each row: the bare value (one column), a list in column order, or
// a dict by column key.
enum class RowForm : uint8_t { kBare, kList, kDict };

// A structured parameter: a list of rows (bindings/params.hpp converts it, generically). Each
// value is range-checked as it is read; the invariants across entries are the game's
// (G::validate_params). A variable-length list stores its length and what derives from the rows
// with `finish`, and reports it with `rows`.
template <class P, size_t C>
struct ListParam {
  static constexpr std::string_view kType = "list";
  std::string_view name;
  std::string_view range;  // for humans, e.g. "7 strictly increasing ints in 0–10000"
  std::string_view meaning;
  RowForm form;
  std::array<ListColumn<P>, C> columns;
  int max_rows;
  int (*rows)(const P&) = nullptr;         // null: always max_rows
  void (*finish)(P&, int rows) = nullptr;  // variable length: after the rows are read
  bool none_keeps_default = false;         // None leaves the default in place
  // Left out, why the other parameters need it (nullptr: the default will do).
  const char* (*needed)(const P&) = nullptr;
};

template <class Spec>
concept ScalarParam = Spec::kType != "list";

// An example parameter set. Each game declares its examples once, in its params.hpp
// (kExampleParams, the defaults first): the fuzz harness and the generic Python tests
// (tests/game_params.py) run all of them, and every adapter's tests (tests/adapter_cases.py) the
// `main` ones.
template <class P>
struct ParamExample {
  P params;
  bool main = false;
};

// Calls f(spec) for every spec of the tuple, in declaration order.
template <class Specs, class F>
constexpr void for_each_param(const Specs& specs, F&& f) {
  std::apply([&](const auto&... spec) { (f(spec), ...); }, specs);
}

// The first scalar parameter of `p` outside its declared range, as a message; nullptr if none.
// Each game's validate_params starts here and adds the invariants of its structured parameters.
template <class Specs, class P>
constexpr const char* check_param_ranges(const Specs& specs, const P& p) {
  const char* error = nullptr;
  for_each_param(specs, [&]<class Spec>(const Spec& spec) {
    if constexpr (ScalarParam<Spec>) {
      if (!error && !spec.contains(Spec::field::get(p))) error = spec.error.text.data();
    }
  });
  return error;
}

}  // namespace tb
