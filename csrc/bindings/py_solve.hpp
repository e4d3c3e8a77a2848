// State._solve for games the exact solver applies to (core/solver.hpp); see tablebits.solve.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../tablebits/core/solver.hpp"
#include "py_game.hpp"

namespace tb {

template <Game G>
void bind_solver(py::class_<PyState<G>, StateBase> cls) {
  if constexpr (SolvableGame<G>) {
    cls.def("_solve", [](const PyState<G>& st, uint64_t max_nodes, double seconds, int table_bits) {
      if (!G::solvable(st.game->params)) {
        py_convert::value_error(std::string(G::kId) + " with these parameters is not a sequential perfect-information game; the solver does not apply");
      }
      if (table_bits < 10 || table_bits > 28) py_convert::value_error("table_bits must be in 10..28");
      std::vector<int> best;
      int value = 0;
      uint64_t nodes = 0;
      bool aborted = false;
      SigintScope sigint;
      {
        py::gil_scoped_release release;
        Solver<G> solver(st.game->params, table_bits, SolveLimits{max_nodes, seconds});
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
    }, py::arg("max_nodes"), py::arg("seconds"), py::arg("table_bits"));
  }
}

}  // namespace tb
