// _core.team_solve_state(state, depth, table_bits): the perfect-information team solver
// (core/team_solver.hpp) on the true state, for the games that provide its hooks; see
// tablebits.solve.team_solve.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "../tablebits/core/pimc.hpp"
#include "../tablebits/core/team_solver.hpp"
#include "py_game.hpp"
#include "sigint_scope.hpp"

namespace tb {

template <Game G>
py::tuple team_solve_state(const PyState<G>& st, const py::handle& depth_obj, const py::handle& table_bits_obj) {
  if constexpr (!TeamSolvableGame<G>) {
    py_convert::value_error("the team solver does not apply to " + std::string(G::kId) +
                            ": it needs a cooperative game with a perfect-information team solver (fox_duet)");
  } else {
    const auto depth = static_cast<uint32_t>(py_convert::to_int(depth_obj, "depth", 0, 1000));
    const int table_bits = static_cast<int>(py_convert::to_int(table_bits_obj, "table_bits", 10, 28));
    const typename G::Params& p = st.game->params;
    if (G::current_player(st.s, p) == kTerminal) py_convert::value_error("the state is terminal");
    std::array<int, kMaxPlayers> joint;
    int value = 0;
    uint64_t nodes = 0;
    SigintScope sigint;
    {
      py::gil_scoped_release release;
      TeamSolver<G> solver(table_bits);
      solver.begin(p, pimc_horizon<G>(st.s, p, depth));
      value = solver.best(st.s, joint);
      nodes = solver.nodes();
    }
    if (sigint.raise_if_stopped()) throw py::error_already_set();
    std::vector<int> out(joint.begin(), joint.begin() + G::num_players(p));
    return py::make_tuple(value, out, nodes);
  }
}

template <Game G>
void bind_team_solver(py::module_& m) {
  m.def("team_solve_state", &team_solve_state<G>, py::arg("state"), py::arg("depth") = 0,
        py::arg("table_bits") = 20, "(value, joint_action, nodes) of the team's best play; see tablebits.solve.");
}

}  // namespace tb
