// tablebits.GameInfo: a game's kind (core/game.hpp GameInfo) under its parameters, as a frozen
// Python object with string-valued kinds.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "../tablebits/core/game.hpp"
#include "guarded.hpp"

namespace tb {

namespace py = pybind11;

struct PyGameInfo : Constructed {
  GameInfo info;
  int max_game_length;

  const char* dynamics() const {
    switch (info.dynamics) {
      case Dynamics::kSequential: return "sequential";
      case Dynamics::kSimultaneous: return "simultaneous";
      default: return "mixed";
    }
  }
  const char* chance() const { return info.chance == Chance::kDeterministic ? "deterministic" : "sampled"; }
  const char* information() const { return info.information == Information::kPerfect ? "perfect" : "imperfect"; }
  const char* utility() const {
    switch (info.utility) {
      case Utility::kZeroSum: return "zero_sum";
      case Utility::kConstantSum: return "constant_sum";
      case Utility::kIdentical: return "identical";
      default: return "general_sum";
    }
  }
  py::object utility_sum() const {
    if (info.utility == Utility::kConstantSum) return py::float_(info.utility_sum);
    if (info.utility == Utility::kZeroSum) return py::float_(0.0);
    return py::none();
  }
  bool cooperative() const { return info.utility == Utility::kIdentical; }

  py::tuple key() const {
    return py::make_tuple(dynamics(), chance(), information(), utility(), utility_sum(),
                          info.min_utility, info.max_utility, max_game_length, info.can_truncate);
  }
};

template <Game G>
PyGameInfo py_game_info(const typename G::Params& p) {
  return PyGameInfo{{}, game_info<G>(p), G::max_game_length(p)};
}

inline void bind_game_info(py::module_& m) {
  using I = PyGameInfo;
  py::class_<I> cls(m, "GameInfo",
                    "What kind of game a Game is, under its parameters (read-only; see Game.info).");
  Guarded<py::class_<I>>(cls)
      .def_property_readonly("dynamics", &I::dynamics,
                             "'sequential', 'simultaneous' or 'mixed' (both kinds of node occur).")
      .def_property_readonly("chance", &I::chance,
                             "'deterministic' (all chance is drawn by new_initial_state) or 'sampled' "
                             "(chance events are drawn inside apply from the state's seeded RNG; there "
                             "are no explicit chance nodes).")
      .def_property_readonly("information", &I::information,
                             "'perfect', or 'imperfect' (hidden state or simultaneous choices).")
      .def_property_readonly("utility", &I::utility,
                             "'zero_sum', 'constant_sum', 'identical' (every player gets the same "
                             "return) or 'general_sum'.")
      .def_property_readonly("utility_sum", &I::utility_sum,
                             "The sum of the returns at every terminal state (constant- and zero-sum "
                             "games), else None.")
      .def_property_readonly("min_utility", [](const I& i) { return static_cast<double>(i.info.min_utility); },
                             "The least return a player can get.")
      .def_property_readonly("max_utility", [](const I& i) { return static_cast<double>(i.info.max_utility); },
                             "The largest return a player can get.")
      .def_property_readonly("max_game_length", [](const I& i) { return i.max_game_length; },
                             "An upper bound on the steps (apply_action or apply_actions calls) of "
                             "one game under these parameters.")
      .def_property_readonly("can_truncate", [](const I& i) { return i.info.can_truncate; },
                             "True if a safety cap (not a game rule, e.g. max_rounds) can end the "
                             "game: see State.is_truncated.")
      .def_property_readonly("cooperative", &I::cooperative, "True when utility == 'identical'.")
      .def("__eq__", [](const I& a, const py::object& b) {
        return py::isinstance<I>(b) && b.cast<const I&>().set_up() && a.key().equal(b.cast<const I&>().key());
      })
      .def("__hash__", [](const I& i) { return py::hash(i.key()); })
      .def("__repr__", [](const I& i) {
        return "GameInfo(dynamics='" + std::string(i.dynamics()) + "', chance='" + i.chance() +
               "', information='" + i.information() + "', utility='" + i.utility() +
               "', utility_sum=" + std::string(py::repr(i.utility_sum())) +
               ", min_utility=" + std::string(py::repr(py::float_(i.info.min_utility))) +
               ", max_utility=" + std::string(py::repr(py::float_(i.info.max_utility))) +
               ", max_game_length=" + std::to_string(i.max_game_length) +
               ", can_truncate=" + (i.info.can_truncate ? "True" : "False") + ")";
      });
}

}  // namespace tb
