// tablebits._core.Evaluator: a Python callable as the engine's leaf evaluator (core/evaluator.hpp),
// registered under an id that PUCT bot configs name.
//
// The search calls it with the GIL released; each call takes the GIL, hands numpy arrays to the
// callable, checks what comes back and copies it out, and gives the GIL back. An exception from
// the callable, or a malformed answer (a ValueError naming the array and its shape), is kept
// and the search stops; the binding that ran the search raises it unchanged once it holds the
// GIL again (raise_pending).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "../tablebits/core/evaluator.hpp"
#include "guarded.hpp"

namespace tb {

namespace py = pybind11;

class PyEvaluator final : public Evaluator {
 public:
  explicit PyEvaluator(py::object fn) : fn_(std::move(fn)) {}

  ~PyEvaluator() override {
    py::gil_scoped_acquire gil;  // the callable and a kept error are Python objects
    error_.reset();
    fn_ = py::object();
  }

  bool evaluate(const float* observations, const uint8_t* masks, int rows, int obs_size, int num_actions,
                int players, float* priors, float* values) override {
    py::gil_scoped_acquire gil;
    if (error_) return false;
    try {
      py::array_t<float> obs({rows, obs_size});
      std::memcpy(obs.mutable_data(), observations, sizeof(float) * static_cast<size_t>(rows) * obs_size);
      py::array_t<bool> legal({rows, num_actions});
      std::memcpy(legal.mutable_data(), masks, static_cast<size_t>(rows) * num_actions);
      const py::object out = fn_(obs, legal);
      if (!py::isinstance<py::tuple>(out) && !py::isinstance<py::list>(out)) {
        fail(PyExc_TypeError, "the evaluator must return (priors, values), got " + type_name(out));
      }
      const py::sequence pair = py::reinterpret_borrow<py::sequence>(out);
      if (pair.size() != 2) fail(PyExc_ValueError, "the evaluator must return 2 arrays (priors, values), got " + std::to_string(pair.size()));
      copy(pair[0], "priors", rows, num_actions, true, priors);
      copy(pair[1], "values", rows, players, false, values);
      return true;
    } catch (py::error_already_set& e) {
      error_.emplace(std::move(e));
      return false;
    } catch (py::builtin_exception& e) {  // a pybind11 conversion failed
      e.set_error();
      error_.emplace();
      return false;
    }
  }

  // With the GIL held: raises the kept error (once) if the evaluator failed.
  void raise_pending() {
    if (!error_) return;
    py::error_already_set e = std::move(*error_);
    error_.reset();
    throw std::move(e);
  }

 private:
  static std::string type_name(const py::handle& obj) {
    return std::string(py::str(py::type::handle_of(obj).attr("__name__")));
  }

  [[noreturn]] static void fail(PyObject* type, const std::string& message) {
    PyErr_SetString(type, message.c_str());
    throw py::error_already_set();
  }

  // Checks that `obj` is a (rows, cols) array of finite numbers (>= 0 if `non_negative`) and
  // copies it as float32 into `out`.
  static void copy(const py::handle& obj, const char* name, int rows, int cols, bool non_negative, float* out) {
    const auto arr = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(obj);
    if (!arr) fail(PyExc_TypeError, std::string("evaluator ") + name + " must be a numeric array, got " + type_name(obj));
    std::string shape = "(";
    for (py::ssize_t d = 0; d < arr.ndim(); ++d) shape += (d ? ", " : "") + std::to_string(arr.shape(d));
    shape += arr.ndim() == 1 ? ",)" : ")";
    const std::string expected = "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
    if (arr.ndim() != 2 || arr.shape(0) != rows || arr.shape(1) != cols) {
      fail(PyExc_ValueError, std::string("evaluator ") + name + " has shape " + shape + ", expected " + expected);
    }
    const float* data = arr.data();
    const size_t n = static_cast<size_t>(rows) * static_cast<size_t>(cols);
    for (size_t i = 0; i < n; ++i) {
      if (!std::isfinite(data[i])) {
        fail(PyExc_ValueError, std::string("evaluator ") + name + " of shape " + shape + " has a non-finite value (" +
                                   std::to_string(data[i]) + ") at row " + std::to_string(i / cols));
      }
      if (non_negative && data[i] < 0.0f) {
        fail(PyExc_ValueError, std::string("evaluator ") + name + " of shape " + shape + " has a negative value (" +
                                   std::to_string(data[i]) + ") at row " + std::to_string(i / cols));
      }
    }
    std::memcpy(out, data, n * sizeof(float));
  }

  py::object fn_;
  std::optional<py::error_already_set> error_;
};

// The Python handle of a registered evaluator (a Python callable's, or the C++ network's):
// registers on construction, unregisters when collected (a bot config naming it then no longer
// checks).
template <class E>
struct RegisteredEvaluator : Constructed {
  std::shared_ptr<E> evaluator;
  uint32_t id = 0;

  explicit RegisteredEvaluator(std::shared_ptr<E> e) : evaluator(std::move(e)) {
    id = static_cast<uint32_t>(EvaluatorRegistry::instance().add(evaluator));
  }
  ~RegisteredEvaluator() { EvaluatorRegistry::instance().remove(id); }
  RegisteredEvaluator(const RegisteredEvaluator&) = delete;
  RegisteredEvaluator& operator=(const RegisteredEvaluator&) = delete;
};

using PyEvaluatorHandle = RegisteredEvaluator<PyEvaluator>;

// Binds `e` to the tablebits Game `game` (its id and parameters; None: any game), before `e` is
// registered: a search of another game or parameter set then refuses the evaluator.
inline void bind_evaluator_game(Evaluator& e, const py::object& game) {
  if (game.is_none()) return;
  if (!py::hasattr(game, "_params_blob") || !py::hasattr(game, "id") || !py::isinstance<py::str>(game.attr("id"))) {
    throw py::type_error("game must be a tablebits Game or None, not " +
                         std::string(py::str(py::type::handle_of(game).attr("__name__"))));
  }
  e.bind_game(game.attr("id").cast<std::string>(), game.attr("_params_blob")().cast<std::string>());
}

// Raises the kept error of evaluator `id` if it failed: a Python evaluator's exception as the
// callable raised it, a C++ evaluator's reason as a ValueError.
inline void raise_evaluator_error(uint32_t id) {
  const std::shared_ptr<Evaluator> e = EvaluatorRegistry::instance().find(id);
  if (auto* py_eval = dynamic_cast<PyEvaluator*>(e.get())) {
    py_eval->raise_pending();
  } else if (e) {
    if (std::string why = e->take_error(); !why.empty()) throw py::value_error(why);
  }
}

inline void bind_evaluator(py::module_& m) {
  // The array module (_batch) adopts this registry when it loads (EvaluatorRegistry::adopt).
  m.attr("_evaluator_registry") = py::capsule(&EvaluatorRegistry::instance(), "tablebits.EvaluatorRegistry");
  py::class_<PyEvaluatorHandle> cls(m, "Evaluator",
                                    "A Python callable fn(observations, masks) -> (priors, values) registered "
                                    "as a leaf evaluator for PUCT search (see tablebits.search).");
  cls.def(py::init([](const py::object& fn, const py::object& game) {
             if (!PyCallable_Check(fn.ptr())) {
               throw py::type_error("evaluator must be callable, not " +
                                    std::string(py::str(py::type::handle_of(fn).attr("__name__"))));
             }
             auto evaluator = std::make_shared<PyEvaluator>(fn);
             bind_evaluator_game(*evaluator, game);
             return std::make_unique<PyEvaluatorHandle>(std::move(evaluator));
           }),
           py::arg("fn"), py::kw_only(), py::arg("game") = py::none(),
           "`game`: the one tablebits Game (parameters included) it may evaluate; None: any.");
  Guarded<py::class_<PyEvaluatorHandle>>(cls)
      .def_property_readonly("id", [](const PyEvaluatorHandle& h) { return h.id; },
                             "The id a 'puct' BotConfig names it by.")
      .def("raise_pending", [](PyEvaluatorHandle& h) { h.evaluator->raise_pending(); },
           "Raises the error of a failed evaluation (once), if any.");
}

}  // namespace tb
