// Strict conversions from Python objects, shared by every game's parameter and dict codecs.
// Each names what it was reading, so a bad dict or parameter gives a message that says where.
#pragma once

#include <pybind11/pybind11.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tb::py_convert {

namespace py = pybind11;

[[noreturn]] inline void type_error(const std::string& what, const char* expected, py::handle got) {
  throw py::type_error(what + " must be " + expected + ", not " +
                       std::string(py::str(py::type::handle_of(got).attr("__name__"))));
}

[[noreturn]] inline void value_error(const std::string& message) { throw py::value_error(message); }

// Whether `obj` is an integer: a Python int, or another type's integer (numpy's np.int64 and its
// kin, which have __index__). Bools are not, Python's or numpy's: True is not a tile number.
inline bool is_integer(py::handle obj) {
  if (PyBool_Check(obj.ptr())) return false;
  if (PyLong_Check(obj.ptr())) return true;
  const std::string_view type = Py_TYPE(obj.ptr())->tp_name;
  return PyIndex_Check(obj.ptr()) && !PyFloat_Check(obj.ptr()) && type != "numpy.bool" && type != "numpy.bool_";
}

// `obj` (an integer, is_integer) as a Python int.
inline py::int_ as_python_int(py::handle obj) {
  if (PyLong_Check(obj.ptr())) return py::reinterpret_borrow<py::int_>(obj);
  PyObject* index = PyNumber_Index(obj.ptr());
  if (index == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::int_>(index);
}

// An integer (is_integer: numpy's too, bools rejected) within [lo, hi].
inline int64_t to_int(py::handle obj, std::string_view what, int64_t lo, int64_t hi) {
  if (!is_integer(obj)) type_error(std::string(what), "an int", obj);
  const py::int_ value = as_python_int(obj);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow || v < lo || v > hi) {
    value_error(std::string(what) + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                std::string(py::repr(obj)));
  }
  return v;
}

// An int in [0, 2**64): seeds and generator states.
inline uint64_t to_u64(py::handle obj, const std::string& what) {
  if (!is_integer(obj)) type_error(what, "an int", obj);
  const unsigned long long v = PyLong_AsUnsignedLongLong(as_python_int(obj).ptr());
  if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {  // negative or too large
    PyErr_Clear();
    value_error(what + " must be in [0, 2**64), got " + std::string(py::repr(obj)));
  }
  return v;
}

// A finite int or float (bools are rejected).
inline double to_real(py::handle obj, const std::string& what) {
  if (PyBool_Check(obj.ptr()) || !(PyLong_Check(obj.ptr()) || PyFloat_Check(obj.ptr()))) {
    type_error(what, "a number", obj);
  }
  const double v = obj.cast<double>();
  if (!std::isfinite(v)) value_error(what + " must be finite");
  return v;
}

inline bool to_bool(py::handle obj, const std::string& what) {
  if (!py::isinstance<py::bool_>(obj)) type_error(what, "a bool", obj);
  return obj.cast<bool>();
}

// A str as UTF-8; a str that UTF-8 cannot encode (a lone surrogate such as "\udcff", which
// surrogateescape makes of undecodable input bytes) is a ValueError, not pybind11's RuntimeError.
inline std::string to_str(py::handle obj, const std::string& what) {
  if (!py::isinstance<py::str>(obj)) type_error(what, "a str", obj);
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (data == nullptr) {
    PyErr_Clear();
    value_error(what + " must be valid Unicode text, got " + std::string(py::reinterpret_steal<py::str>(PyObject_ASCII(obj.ptr()))).substr(0, 80));
  }
  return std::string(data, static_cast<size_t>(size));
}

// A dict key as text for matching and messages; a key UTF-8 cannot encode (a lone surrogate)
// becomes its ASCII repr, which matches no valid name.
inline std::string key_text(py::handle key) {
  py::str text(key);
  Py_ssize_t size = 0;
  if (const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size)) return std::string(data, static_cast<size_t>(size));
  PyErr_Clear();
  return std::string(py::reinterpret_steal<py::str>(PyObject_ASCII(key.ptr())));
}

// The index of `obj` (a str) in `names`, or ValueError listing the valid names.
template <class Names>
int to_choice(py::handle obj, const std::string& what, const Names& names) {
  const std::string s = to_str(obj, what);
  int i = 0;
  std::string valid;
  for (std::string_view name : names) {
    if (s == name) return i;
    valid += (i ? ", " : "") + std::string(name);
    ++i;
  }
  value_error(what + " must be one of " + valid + ", got '" + s + "'");
}

inline py::list to_list(py::handle obj, const std::string& what) {
  if (!py::isinstance<py::list>(obj) && !py::isinstance<py::tuple>(obj)) type_error(what, "a list", obj);
  return py::list(py::reinterpret_borrow<py::object>(obj));
}

inline py::list to_list(py::handle obj, const std::string& what, size_t size) {
  py::list list = to_list(obj, what);
  if (list.size() != size) {
    value_error(what + " must have " + std::to_string(size) + " entries, got " + std::to_string(list.size()));
  }
  return list;
}

template <class... Items>
py::list list_of(Items&&... items) {
  py::list out;
  (out.append(std::forward<Items>(items)), ...);
  return out;
}

// item(i) for every set bit i of `set`, lowest first, appended to `out`.
template <class Item>
py::list bits_to_list(uint64_t set, Item&& item, py::list out = py::list()) {
  while (set) {
    out.append(item(std::countr_zero(set)));
    set &= set - 1;
  }
  return out;
}

inline py::dict to_dict(py::handle obj, const std::string& what) {
  if (!py::isinstance<py::dict>(obj)) type_error(what, "a dict", obj);
  return py::reinterpret_borrow<py::dict>(obj);
}

// The keys of `d` must be exactly `keys`.
template <class Keys>
void expect_keys(const py::dict& d, const std::string& what, const Keys& keys) {
  std::string missing, valid;
  size_t count = 0;
  for (std::string_view k : keys) {
    valid += (valid.empty() ? "" : ", ") + std::string(k);
    if (!d.contains(std::string(k))) missing += (missing.empty() ? "" : ", ") + std::string(k);
    ++count;
  }
  if (!missing.empty()) value_error(what + " is missing key(s): " + missing);
  if (d.size() != count) {
    std::string extra;
    for (auto item : d) {
      const std::string k = key_text(item.first);
      bool known = false;
      for (std::string_view key : keys) known = known || k == key;
      if (!known) extra += (extra.empty() ? "" : ", ") + k;
    }
    value_error(what + " has unknown key(s): " + extra + " (expected: " + valid + ")");
  }
}

inline void expect_keys(const py::dict& d, const std::string& what, std::initializer_list<const char*> keys) {
  expect_keys<std::initializer_list<const char*>>(d, what, keys);
}

// Every key of `required` must be in `d`; every key of `d` must be in `required` or `optional`.
// Hand-written state dicts leave out the optional ones (each game's schema names their defaults).
template <class Keys>
void expect_keys(const py::dict& d, const std::string& what, const Keys& required, const Keys& optional) {
  std::string missing, unknown, valid;
  for (std::string_view k : required) {
    valid += (valid.empty() ? "" : ", ") + std::string(k);
    if (!d.contains(std::string(k))) missing += (missing.empty() ? "" : ", ") + std::string(k);
  }
  for (std::string_view k : optional) valid += ", " + std::string(k) + " (optional)";
  if (!missing.empty()) value_error(what + " is missing key(s): " + missing);
  for (auto item : d) {
    const std::string k = key_text(item.first);
    bool known = false;
    for (std::string_view key : required) known = known || k == key;
    for (std::string_view key : optional) known = known || k == key;
    if (!known) unknown += (unknown.empty() ? "" : ", ") + k;
  }
  if (!unknown.empty()) value_error(what + " has unknown key(s): " + unknown + " (expected: " + valid + ")");
}

inline void expect_keys(const py::dict& d, const std::string& what, std::initializer_list<const char*> required,
                        std::initializer_list<const char*> optional) {
  expect_keys<std::initializer_list<const char*>>(d, what, required, optional);
}

// d[key], or `fallback` where the optional key is absent.
inline py::object get_or(const py::dict& d, const char* key, py::object fallback) {
  return d.contains(key) ? py::reinterpret_borrow<py::object>(d[key]) : std::move(fallback);
}

// Reads game parameters by name and complains about anything left unread.
class ParamReader {
 public:
  ParamReader(std::string game, py::dict kwargs) : game_(std::move(game)), kwargs_(std::move(kwargs)) {}

  // The value of parameter `name`, or an empty handle if it was not given.
  py::object take(const char* name) {
    known_.push_back(name);
    if (!kwargs_.contains(name)) return py::object();
    return kwargs_[name];
  }

  std::string what(const char* name) const { return game_ + " parameter '" + name + "'"; }

  // True if `name` was passed with a value other than None.
  bool given(const char* name) const { return kwargs_.contains(name) && !kwargs_[name].is_none(); }

  void finish() const {
    std::string unknown, valid;
    for (auto item : kwargs_) {
      const std::string k = key_text(item.first);
      bool known = false;
      for (const auto& n : known_) known = known || k == n;
      if (!known) unknown += (unknown.empty() ? "" : ", ") + k;
    }
    if (unknown.empty()) return;
    for (const auto& n : known_) valid += (valid.empty() ? "" : ", ") + n;
    value_error("unknown parameter(s) for " + game_ + ": " + unknown + " (valid: " + valid + ")");
  }

 private:
  std::string game_;
  py::dict kwargs_;
  std::vector<std::string> known_;
};

}  // namespace tb::py_convert

namespace tb {

// A game with hook keys in its state schema specialises this in bindings/codecs/<game>.hpp:
// hook_to_py / hook_read for the hook keys (bindings/state_codec.hpp does the rest of the state
// dict).
template <class G>
struct PyCodec {};

}  // namespace tb
