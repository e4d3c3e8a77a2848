// tablebits._core: the object API (pybind11), one generic binding instantiated per game.
#include <pybind11/pybind11.h>

#include "../tablebits/games/registry.hpp"
#include "codecs/all.hpp"
#include "guarded.hpp"
#include "py_mlp_evaluator.hpp"
#include "py_game.hpp"
#include "py_solve.hpp"
#include "py_team_solve.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() = "tablebits object API: Game and State classes for every registered game.";
  m.attr("SIMULTANEOUS") = tb::kSimultaneous;
  m.attr("TERMINAL") = tb::kTerminal;
  tb::bind_errors(m);
  tb::bind_game_info(m);
  tb::bind_bots(m);
  tb::bind_evaluator(m);
  tb::bind_mlp_evaluator(m);
  py::class_<tb::GameBase>(m, "Game", "Base class of every game's Game class.");
  py::class_<tb::StateBase>(m, "State", "Base class of every game's State class.");
  py::dict factories, examples;
  tb::Games::for_each([&]<class G>() {
    tb::bind_game<G>(m, factories);
    examples[py::str(std::string(G::kId))] = tb::example_params<G>();
    tb::bind_solver<G>(m);
    tb::bind_team_solver<G>(m);
  });
  m.attr("_factories") = factories;
  m.attr("_example_params") = examples;
  tb::pickle_protocol_floor(m);
}
