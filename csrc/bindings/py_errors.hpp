// The engine's own ValueError subclasses, so users can tell an illegal move from a malformed
// state: tablebits.IllegalActionError and tablebits.InvalidStateError (re-exported by
// tablebits/errors.py).
#pragma once

#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>

namespace tb {

namespace py = pybind11;

struct IllegalActionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct InvalidStateError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

[[noreturn]] inline void illegal_action(const std::string& message) { throw IllegalActionError(message); }
[[noreturn]] inline void invalid_state(const std::string& message) { throw InvalidStateError(message); }

// Runs `read` (a state decoder); any ValueError it raises becomes an InvalidStateError with the
// same message (TypeErrors stay TypeErrors).
template <class F>
auto reading_state(F&& read) {
  try {
    return read();
  } catch (const py::value_error& e) {
    invalid_state(e.what());
  }
}

inline void bind_errors(py::module_& m) {
  auto& illegal = py::register_exception<IllegalActionError>(m, "IllegalActionError", PyExc_ValueError);
  illegal.attr("__doc__") =
      "An illegal action or joint action: not legal for that player at this node, or no action is "
      "possible (the game is over, the wrong kind of node). The state is left unchanged.";
  illegal.attr("__module__") = "tablebits";
  auto& invalid = py::register_exception<InvalidStateError>(m, "InvalidStateError", PyExc_ValueError);
  invalid.attr("__doc__") =
      "Malformed or unreachable state bytes or state dict (wrong types of values raise TypeError).";
  invalid.attr("__module__") = "tablebits";
}

}  // namespace tb
