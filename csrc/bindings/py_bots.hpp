// tablebits._core.BotConfig: every bot config of core/bots.hpp behind one generic binding. The
// fields are read and written from each config's kFields, and checked by its check(), so a new
// bot type needs nothing here.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <variant>

#include "../tablebits/core/bots.hpp"
#include "guarded.hpp"
#include "py_evaluator.hpp"
#include "pyconvert.hpp"

namespace tb {

namespace py = pybind11;

template <class B, class T>
void read_bot_field(py_convert::ParamReader& reader, B& bot, const BotField<B, T>& field) {
  const py::object value = reader.take(field.name);
  if (!value) return;  // the default
  const std::string what = std::string(B::kName) + " bot's " + field.name;
  if (field.optional && value.is_none()) {
    bot.*field.member = T{};
    return;
  }
  T v;
  if constexpr (std::is_integral_v<T>) {
    v = static_cast<T>(py_convert::to_int(value, what, field.lo, std::numeric_limits<T>::max()));
  } else {
    v = static_cast<T>(py_convert::to_real(value, what));
  }
  if (field.optional && !(v > T{})) py_convert::value_error(what + " must be > 0 or None");
  bot.*field.member = v;
}

template <class B, class T>
py::object bot_field_value(const B& bot, const BotField<B, T>& field) {
  const T v = bot.*field.member;
  if (field.optional && v == T{}) return py::none();
  return py::cast(v);
}

// The Python face of a BotConfig: a struct, since pybind11/stl.h would convert a bare
// std::variant to and from its alternatives instead of binding it as a class.
struct PyBot : Constructed {
  BotConfig config;
};

// The config named `name` with fields from `kwargs` (defaults for the rest); ValueError or
// TypeError naming what is wrong.
inline BotConfig make_bot(const std::string& name, const py::dict& kwargs) {
  BotConfig out;
  bool found = false;
  std::string names;
  for_each_bot_type([&]<class B>(size_t) {
    names += (names.empty() ? "" : ", ") + std::string(B::kName);
    if (found || name != B::kName) return;
    found = true;
    py_convert::ParamReader reader(std::string(B::kName) + " bot", kwargs);
    B bot{};
    std::apply([&](const auto&... field) { (read_bot_field(reader, bot, field), ...); }, B::kFields);
    reader.finish();
    if (const char* why = bot.check()) py_convert::value_error(why);
    out = bot;
  });
  if (!found) py_convert::value_error("unknown bot '" + name + "'; available: " + names);
  return out;
}

inline py::dict bot_fields(const BotConfig& bot) {
  py::dict out;
  std::visit([&]<class B>(const B& b) {
    std::apply([&](const auto&... field) { ((out[field.name] = bot_field_value(b, field)), ...); }, B::kFields);
  }, bot);
  return out;
}

inline std::string bot_repr(const BotConfig& bot) {
  std::string out = "BotConfig('" + std::string(bot_name(bot)) + "'";
  for (auto item : bot_fields(bot)) {
    out += ", " + std::string(py::str(item.first)) + "=" + std::string(py::repr(item.second));
  }
  return out + ")";
}

inline void bind_bots(py::module_& m) {
  py::class_<PyBot> cls(m, "BotConfig",
                        "A built-in bot's configuration, run in C++ by State.bot_action and tb.arena "
                        "(tablebits.bots wraps it).");
  cls.def(py::init([](const py::handle& name, const py::kwargs& kw) {
            return PyBot{{}, make_bot(py_convert::to_str(name, "bot name"), kw)};
          }),
          py::arg("name"), "The bot `name` with the given fields (defaults for the rest).");
  Guarded<py::class_<PyBot>>(cls)
      .def_property_readonly("name", [](const PyBot& b) { return std::string(bot_name(b.config)); })
      .def_property_readonly("fields", [](const PyBot& b) { return bot_fields(b.config); },
                             "The config's fields (a new dict).")
      .def_property_readonly("reproducible", [](const PyBot& b) { return bot_reproducible(b.config); },
                             "True if its decisions depend only on the state and the seed.")
      .def("_bytes", [](const PyBot& b) {
             std::string out;
             bot_to_bytes(b.config, out);
             return py::bytes(out);
           }, "The byte form the batch module reads.")
      .def("_raise_evaluator_error", [](const PyBot& b) {
             if (const uint32_t id = bot_evaluator(b.config)) raise_evaluator_error(id);
           }, "Raises the kept error of a 'puct' bot's evaluator if an evaluation failed.")
      .def("__eq__", [](const PyBot& a, const py::object& b) {
             return py::isinstance<PyBot>(b) && b.cast<const PyBot&>().set_up() && bot_repr(a.config) == bot_repr(b.cast<const PyBot&>().config);
           })
      .def("__hash__", [](const PyBot& b) { return py::hash(py::str(bot_repr(b.config))); })
      .def("__repr__", [](const PyBot& b) { return bot_repr(b.config); });
  cls.def(py::pickle(
          [](const PyBot& b) {
            require_set_up(b);
            return py::make_tuple(std::string(bot_name(b.config)), bot_fields(b.config));
          },
          [](const py::tuple& t) {
            if (t.size() != 2) py_convert::value_error("bad pickled bot");
            return PyBot{{}, make_bot(py_convert::to_str(t[0], "bot name"), py_convert::to_dict(t[1], "bot fields"))};
          }));
}

}  // namespace tb
