// The state dict of every game, written once over its declared schema (G::state_schema(), see
// tablebits/core/state_schema.hpp). Each field kind knows its Python shape; a game's own codec
// (PyCodec<G>, bindings/codecs/<game>.hpp) only reads and writes its hook keys. The semantic
// checks are G::validate's, which state_from_dict runs on the result before it compares the
// given derived keys.
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <bit>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../tablebits/core/state_schema.hpp"
#include "pyconvert.hpp"

namespace tb {

namespace state_codec {

namespace py = pybind11;

inline std::string quoted(std::string_view key) { return "'" + std::string(key) + "'"; }

// f's value (a list of count values, or count 0: the one value) from value(i).
template <class F, class P, class Value>
py::object values(const F& f, const P& p, Value&& value) {
  if (f.count.scalar()) return value(0);
  py::list out;
  for (int i = 0; i < f.count(p); ++i) out.append(value(i));
  return out;
}

// Calls read(i, item, what) for each value of f in `obj` (labelled `key`: a list of f.count, or
// the one value).
template <class F, class P, class Read>
void read_values(const F& f, const P& p, py::handle obj, const std::string& key, Read&& read) {
  if (f.count.scalar()) return read(0, obj, key);
  py::list list = py_convert::to_list(obj, key, static_cast<size_t>(f.count(p)));
  for (int i = 0; i < f.count(p); ++i) read(i, list[i], key + "[" + std::to_string(i) + "]");
}

// The Python value of one int of f: null, name(stored) or stored + offset.
template <class F>
py::object int_to_py(const F& f, int stored) {
  if (stored == f.none) return py::none();
  if (f.name) return py::str(f.name(stored));
  return py::int_(stored + f.offset);
}

// `names`, shortened to its ends when long (30 card names), for a message.
inline std::string name_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names.size() > 8 && i == 3) {
      out += ", ...";
      i = names.size() - 2;
      continue;
    }
    out += (i ? ", " : "") + names[i];
  }
  return out;
}

// The stored value whose name(v) is `obj`, for v in [lo, hi] (or the bits of `valid`).
template <class Accept>
int by_name(std::string (*name)(int), py::handle obj, const std::string& what, int lo, int hi, Accept&& accept) {
  const std::string s = py_convert::to_str(obj, what);
  std::vector<std::string> names;
  for (int v = lo; v <= hi; ++v) {
    if (!accept(v)) continue;
    if (name(v) == s) return v;
    names.push_back(name(v));
  }
  py_convert::value_error(what + " must be one of " + name_list(names) + ", got '" + s + "'");
}

template <class F, class P>
int read_int(const F& f, const P& p, py::handle obj, const std::string& what) {
  if (obj.is_none() && f.none != kNotNull) return f.none;
  if (f.name) return by_name(f.name, obj, what, f.lo(p), f.hi(p), [](int) { return true; });
  return static_cast<int>(py_convert::to_int(obj, what, f.lo(p), f.hi(p))) - f.offset;
}

// The entries of a set field's list, as (mask, repeats): each entry a name, a number of the
// parameters or bit + offset; f.repeat entries (ships) counted apart.
template <class F, class P>
std::pair<uint32_t, int> read_bits(const F& f, const P& p, py::handle obj, const std::string& what) {
  const int lo = std::countr_zero(f.valid), hi = 31 - std::countl_zero(f.valid);
  const auto in_mask = [&](int b) { return ((f.valid >> b) & 1) != 0; };
  uint32_t mask = 0;
  int last = INT32_MIN, repeats = 0;
  for (py::handle item : py_convert::to_list(obj, what)) {
    const std::string entry = what + " entry";
    int bit = -1, order;
    if (f.name) {
      order = bit = by_name(f.name, item, entry, lo, hi, in_mask);
    } else if (f.number) {
      int low = INT32_MAX, high = INT32_MIN;
      std::vector<std::string> numbers;
      for (int b = lo; b <= hi; ++b) {
        if (!in_mask(b)) continue;
        low = std::min(low, f.number(p, b));
        high = std::max(high, f.number(p, b));
        numbers.push_back(std::to_string(f.number(p, b)));
      }
      order = static_cast<int>(py_convert::to_int(item, entry, low, high));
      for (int b = lo; b <= hi; ++b)
        if (in_mask(b) && f.number(p, b) == order) bit = b;
      if (bit < 0) py_convert::value_error(entry + " must be one of " + name_list(numbers) + ", got " + std::to_string(order));
    } else {
      const int low = F::kRepeats ? std::min(f.repeat, lo + f.offset) : lo + f.offset;
      order = static_cast<int>(py_convert::to_int(item, entry, low, hi + f.offset));
      if (!F::kRepeats || order != f.repeat) bit = order - f.offset;
      if (bit >= 0 && !in_mask(bit)) py_convert::value_error(entry + " must not be " + std::to_string(order));
    }
    if (f.ascending && (order < last || (order == last && bit >= 0))) py_convert::value_error(what + " must be ascending without repeats");
    last = order;
    if (bit < 0) {
      if (++repeats > f.repeat_max) {
        py_convert::value_error(what + " lists " + std::to_string(f.repeat) + " more than " + std::to_string(f.repeat_max) + " times");
      }
      continue;
    }
    if (mask >> bit & 1) py_convert::value_error(what + " repeats " + std::string(py::str(item)));
    mask |= 1u << bit;
  }
  return {mask, repeats};
}

template <class F, class State>
py::object counts_to_py(const F& f, const State& s, int i) {
  py::dict d;
  for (size_t k = 0; k < f.names.size(); ++k) d[py::str(f.names.substr(k, 1))] = f.get(s, i, static_cast<int>(k));
  return d;
}

template <class F, class State, class P>
void read_counts(const F& f, const P& p, py::handle obj, const std::string& what, State& s, int i) {
  py::dict d = py_convert::to_dict(obj, what);
  std::vector<std::string_view> keys;
  for (size_t k = 0; k < f.names.size(); ++k) keys.push_back(f.names.substr(k, 1));
  py_convert::expect_keys(d, what, keys);
  for (size_t k = 0; k < keys.size(); ++k) {
    const std::string name(keys[k]);
    f.set(s, i, static_cast<int>(k), static_cast<int>(py_convert::to_int(d[py::str(name)], what + "['" + name + "']", 0, f.hi(p))));
  }
}

// The value of derived field f for `s`: its list, or its one value.
template <class F, class State, class P>
py::object derived_to_py(const F& f, const State& s, const P& p) {
  int out[F::kMaxValues];
  const int n = f.get(s, p, out);
  auto value = [&](int v) -> py::object {
    if (f.boolean) return py::bool_(v != 0);
    if (f.name) return py::str(f.name(v));
    return py::int_(v);
  };
  if (!f.list) return value(out[0]);
  py::list values;
  for (int i = 0; i < n; ++i) values.append(value(out[i]));
  return values;
}

// Whether `given` is exactly derived field f's value for `s`. Every entry is read as its type
// requires first (a wrong type is a TypeError naming `what`), so Python's == then compares like
// with like.
template <class F, class State, class P>
bool derived_matches(const F& f, py::handle given, const std::string& what, const State& s, const P& p) {
  const std::string entry = f.list ? what + " entry" : what;
  auto read = [&](py::handle v) {
    if (f.boolean) py_convert::to_bool(v, entry);
    else if (f.name) py_convert::to_str(v, entry);
    else py_convert::to_int(v, entry, INT64_MIN, INT64_MAX);
  };
  if (!f.list) read(given);
  else
    for (py::handle v : py_convert::to_list(given, what)) read(v);
  return derived_to_py(f, s, p).equal(given);
}

template <class F>
constexpr bool kHasKey = F::kKind != "cache" && F::kKind != "zero";

template <class G, class F>
py::object to_py(const F& f, const typename G::State& s, const typename G::Params& p);

// The dict of `fields` (a state's, or a group's).
template <class G, class Fields>
py::dict fields_to_py(const Fields& fields, const typename G::State& s, const typename G::Params& p, py::dict d = {}) {
  for_each_field(fields, [&]<class F>(const F& f) {
    if constexpr (kHasKey<F>) d[py::str(std::string(f.key))] = to_py<G>(f, s, p);
  });
  return d;
}

// Field f of `s`, as the dict shows it.
template <class G, class F>
py::object to_py(const F& f, const typename G::State& s, const typename G::Params& p) {
  if constexpr (F::kKind == "int") {
    return values(f, p, [&](int i) { return int_to_py(f, F::at(s, i)); });
  } else if constexpr (F::kKind == "choice") {
    return values(f, p, [&](int i) -> py::object {
      const int stored = F::at(s, i);
      return stored == f.none ? py::object(py::none()) : py::object(py::str(f.names[stored - f.first]));
    });
  } else if constexpr (F::kKind == "set") {
    return values(f, p, [&](int i) {
      py::list out;
      if constexpr (F::kRepeats)
        for (int k = 0; k < F::repeats(s, i); ++k) out.append(f.repeat);
      return py_convert::bits_to_list(F::at(s, i), [&](int b) {
        if (f.name) return py::object(py::str(f.name(b)));
        return py::object(py::int_(f.number ? f.number(p, b) : b + f.offset));
      }, out);
    });
  } else if constexpr (F::kKind == "counts") {
    return values(f, p, [&](int i) { return counts_to_py(f, s, i); });
  } else if constexpr (F::kKind == "rng") {
    return py::int_(F::at(s).state);
  } else if constexpr (F::kKind == "echo") {
    return py::int_(f.get(p));
  } else if constexpr (F::kKind == "derived") {
    return derived_to_py(f, s, p);
  } else if constexpr (F::kKind == "group") {
    return fields_to_py<G>(f.fields, s, p);
  } else {
    return PyCodec<G>::hook_to_py(f.id, s, p);
  }
}

// Before reading: null in every slot of a nullable field, unused seats included (they hold null
// in the stored state); a left-out optional field keeps it, or 0 / empty where it cannot be null.
template <class F, class State>
void set_neutral(const F& f, State& s) {
  if constexpr (F::kKind == "int" || F::kKind == "choice") {
    if (f.none == kNotNull) return;
    using Slot = std::remove_cvref_t<decltype(F::at(s, 0))>;
    if constexpr (std::is_array_v<std::remove_cvref_t<decltype(s.*F::kMember)>>) {
      for (Slot& slot : s.*F::kMember) slot = static_cast<Slot>(f.none);
    } else {
      F::at(s, 0) = static_cast<Slot>(f.none);
    }
  } else if constexpr (F::kKind == "group") {
    for_each_field(f.fields, [&](const auto& field) { set_neutral(field, s); });
  }
}

// The label of `key` in messages: 'key' at the top level, 'group'['key'] inside a group.
inline std::string label(const std::string& where, std::string_view key) {
  return where.empty() ? quoted(key) : where + "[" + quoted(key) + "]";
}

template <class G, class Fields>
void read_fields(const Fields& fields, const py::dict& d, const std::string& where, typename G::State& s,
                 const typename G::Params& p);

// Reads field f from `obj` (its key's value, labelled `what` in messages) into `s`.
template <class G, class F>
void read(const F& f, py::handle obj, const std::string& what, typename G::State& s, const typename G::Params& p) {
  if constexpr (F::kKind == "int") {
    read_values(f, p, obj, what, [&](int i, py::handle v, const std::string& item) {
      F::at(s, i) = static_cast<std::remove_cvref_t<decltype(F::at(s, i))>>(read_int(f, p, v, item));
    });
  } else if constexpr (F::kKind == "choice") {
    read_values(f, p, obj, what, [&](int i, py::handle v, const std::string& item) {
      const int stored = v.is_none() && f.none != kNotNull ? f.none : f.first + py_convert::to_choice(v, item, f.names);
      F::at(s, i) = static_cast<std::remove_cvref_t<decltype(F::at(s, i))>>(stored);
    });
  } else if constexpr (F::kKind == "set") {
    read_values(f, p, obj, what, [&](int i, py::handle v, const std::string& item) {
      const auto [mask, repeats] = read_bits(f, p, v, item);
      F::at(s, i) = static_cast<std::remove_cvref_t<decltype(F::at(s, i))>>(mask);
      if constexpr (F::kRepeats) F::repeats(s, i) = static_cast<uint8_t>(repeats);
    });
  } else if constexpr (F::kKind == "counts") {
    read_values(f, p, obj, what, [&](int i, py::handle v, const std::string& item) { read_counts(f, p, v, item, s, i); });
  } else if constexpr (F::kKind == "rng") {
    F::at(s).state = py_convert::to_u64(obj, what);
  } else if constexpr (F::kKind == "echo") {
    if (py_convert::to_int(obj, what, f.lo, f.hi) != f.get(p)) {
      py_convert::value_error(what + " must be " + std::to_string(f.get(p)) + " for this game");
    }
  } else if constexpr (F::kKind == "group") {
    read_fields<G>(f.fields, py_convert::to_dict(obj, what), what, s, p);
  }
  // A derived key is compared once the state is whole (check_derived); a hook key is read by
  // the game's codec after the others.
}

// Reads the keys of `fields` from `d` (the state dict, or a group's dict labelled `where`):
// required keys present, no unknown key, each given key read in schema order.
template <class G, class Fields>
void read_fields(const Fields& fields, const py::dict& d, const std::string& where, typename G::State& s,
                 const typename G::Params& p) {
  std::vector<std::string_view> required, optional;
  if (where.empty()) optional.push_back("game");
  for_each_field(fields, [&]<class F>(const F& f) {
    if constexpr (kHasKey<F>) (f.need == Need::kRequired ? required : optional).push_back(f.key);
  });
  py_convert::expect_keys(d, where.empty() ? "state dict" : where, required, optional);
  for_each_field(fields, [&]<class F>(const F& f) {
    if constexpr (kHasKey<F>) {
      const std::string key(f.key);
      set_neutral(f, s);
      if (d.contains(key)) read<G>(f, d[py::str(key)], label(where, f.key), s, p);
    }
  });
}

// Every given derived key of `fields` (in `d`, labelled `where`) against the value `s` implies.
template <class Fields, class State, class P>
void check_derived(const Fields& fields, const py::dict& d, const std::string& where, const State& s, const P& p) {
  for_each_field(fields, [&]<class F>(const F& f) {
    if constexpr (F::kKind == "derived" || F::kKind == "group") {
      const std::string key(f.key);
      if (!d.contains(key)) return;
      const std::string what = label(where, f.key);
      if constexpr (F::kKind == "group") {
        check_derived(f.fields, py::reinterpret_borrow<py::dict>(d[py::str(key)]), what, s, p);
      } else if (!derived_matches(f, d[py::str(key)], what, s, p)) {
        py_convert::value_error(std::string(f.error));
      }
    }
  });
}

// The keys of hook field f, read by the game's codec. A template on F, so that the name
// PyCodec<G>::hook_read is looked up only for a game with hooks: Clang looks up a name that does
// not depend on the lambda's F when state_from_dict is instantiated, even in a discarded branch.
template <class G, class F>
void hook_read(const F& f, const py::dict& d, typename G::State& s, const typename G::Params& p) {
  PyCodec<G>::hook_read(f.id, d, s, p);
}

}  // namespace state_codec

// State -> the dict of docs/games/<game>.md, keys in schema order after "game".
template <class G>
pybind11::dict state_to_dict(const typename G::State& s, const typename G::Params& p) {
  pybind11::dict d;
  d["game"] = G::kId;
  return state_codec::fields_to_py<G>(G::state_schema(), s, p, d);
}

// The dict -> a valid State, checking types, shapes and the declared ranges with messages naming
// the key. Given keys are read in schema order, then the hook keys; then the left-out keys are
// derived (their fills see every given key) and the cached members set; G::validate checks the
// result, and the given derived keys are compared with what it implies.
template <class G>
typename G::State state_from_dict(pybind11::handle obj, const typename G::Params& p) {
  namespace py = pybind11;
  using State = typename G::State;
  py::dict d = py_convert::to_dict(obj, "state dict");
  if (d.contains("game") && py_convert::to_str(d["game"], "'game'") != G::kId) {
    py_convert::value_error("'game' must be '" + std::string(G::kId) + "'");
  }
  State s{};
  state_codec::read_fields<G>(G::state_schema(), d, "", s, p);
  for_each_field(G::state_schema(), [&]<class F>(const F& f) {
    if constexpr (F::kKind == "hook") state_codec::hook_read<G>(f, d, s, p);
  });
  for_each_field(G::state_schema(), [&]<class F>(const F& f) {
    if constexpr (requires { f.fill; }) {
      if (!f.fill || d.contains(std::string(f.key))) return;
      if (const char* where = f.fill(s, p)) {
        py_convert::value_error("state dict is missing key '" + std::string(f.key) + "' (required " + where + ")");
      }
    }
  });
  for_each_field(G::state_schema(), [&]<class F>(const F& f) {
    if constexpr (F::kKind == "cache") {
      if (const char* why = f.set(s, p)) py_convert::value_error(why);
    }
  });
  if (const char* why = G::validate(s, p)) py_convert::value_error(std::string("invalid state: ") + why);
  state_codec::check_derived(G::state_schema(), d, "", s, p);
  return s;
}

// `game.state_schema`: one dict per key of the state dict after "game" (key, kind, required and,
// for ranged keys, range), for tools and the docs' tables.
template <class G>
pybind11::list state_schema_py(const typename G::Params& p) {
  namespace py = pybind11;
  py::list out;
  for_each_field(G::state_schema(), [&]<class F>(const F& f) {
    if constexpr (state_codec::kHasKey<F>) {
      py::dict d;
      d["key"] = std::string(f.key);
      d["kind"] = std::string(F::kKind);
      d["required"] = f.need == Need::kRequired;
      if constexpr (F::kKind == "int") d["range"] = py::make_tuple(f.lo(p), f.hi(p));
      if constexpr (F::kKind == "choice") d["range"] = py::tuple(py::cast(f.names));
      if constexpr (F::kKind == "int" || F::kKind == "choice") d["nullable"] = f.none != kNotNull;
      if constexpr (requires { f.count; }) d["list"] = !f.count.scalar();
      out.append(d);
    }
  });
  return out;
}

}  // namespace tb
