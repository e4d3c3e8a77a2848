// _core.solve_state(state, max_nodes, time_limit, table_bits): the exact solver (core/solver.hpp)
// for any game's State, one overload per game; see tablebits.solve.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../tablebits/core/solver.hpp"
#include "py_game.hpp"
#include "sigint_scope.hpp"

namespace tb {

template <Game G>
py::tuple solve_state(const PyState<G>& st, const py::object& max_nodes, const py::object& time_limit,
                      const py::handle& table_bits_obj) {
  require_set_up(st);
  const std::string refused = std::string("the exact solver does not apply to ") + std::string(G::kId) +
                              " with these parameters: it needs a two-player sequential perfect-information "
                              "game without chance";
  if constexpr (!SolvableGame<G>) {
    py_convert::value_error(refused);
  } else {
    if (!G::solvable(st.game->params)) py_convert::value_error(refused);
    SolveLimits limits;
    if (!max_nodes.is_none()) limits.max_nodes = static_cast<uint64_t>(py_convert::to_int(max_nodes, "max_nodes", 1, INT64_MAX));
    if (!time_limit.is_none()) {
      limits.seconds = py_convert::to_real(time_limit, "time_limit");
      if (!(limits.seconds > 0.0)) py_convert::value_error("time_limit must be > 0 seconds or None");
    }
    const int table_bits = static_cast<int>(py_convert::to_int(table_bits_obj, "table_bits", 10, 28));
    std::vector<int> best;
    int value = 0;
    uint64_t nodes = 0;
    bool aborted = false;
    SigintScope sigint;
    {
      py::gil_scoped_release release;
      Solver<G> solver(st.game->params, table_bits, limits);
      try {
        value = solver.solve(st.s, best);
      } catch (const SolveAborted&) {
        aborted = true;
      }
      nodes = solver.nodes();
    }
    if (sigint.raise_if_stopped()) throw py::error_already_set();
    if (aborted) {
      PyErr_SetString(PyExc_TimeoutError, ("solver stopped after " + std::to_string(nodes) + " nodes by its limit").c_str());
      throw py::error_already_set();
    }
    return py::make_tuple(value, best, nodes);
  }
}

template <Game G>
void bind_solver(py::module_& m) {
  m.def("solve_state", &solve_state<G>, py::arg("state"), py::arg("max_nodes") = py::none(),
        py::arg("time_limit") = py::none(), py::arg("table_bits") = 20,
        "(value, best_actions, nodes) of `state` under optimal play; see tablebits.solve.");
}

}  // namespace tb
