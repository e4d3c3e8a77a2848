// tablebits._core.NetworkEvaluator: the C++ multilayer perceptron (core/mlp.hpp) built from the
// numpy arrays of a tablebits.weights.Network, registered as a leaf evaluator under an id that
// PUCT bot configs name. Searches with it never take the GIL.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../tablebits/core/mlp.hpp"
#include "guarded.hpp"
#include "py_evaluator.hpp"

namespace tb {

namespace py = pybind11;

using FloatArray = py::array_t<float, py::array::c_style | py::array::forcecast>;

// The layer of a (weight, bias) pair: weight (in, out), bias (out,). Shape errors name `name`.
inline MlpEvaluator::Layer mlp_layer(const py::handle& pair, const std::string& name) {
  if (!py::isinstance<py::sequence>(pair) || py::len(pair) != 2) {
    throw py::type_error(name + " must be a (weight, bias) pair of arrays");
  }
  const FloatArray w = FloatArray::ensure(pair[py::int_(0)]), b = FloatArray::ensure(pair[py::int_(1)]);
  if (!w || !b) throw py::type_error(name + " must be a (weight, bias) pair of numeric arrays");
  if (w.ndim() != 2 || b.ndim() != 1 || b.shape(0) != w.shape(1)) {
    throw py::value_error(name + " must be a weight of shape (in, out) and a bias of shape (out,)");
  }
  if (w.shape(0) > (1 << 20) || w.shape(1) > (1 << 20)) throw py::value_error(name + " is too large");
  MlpEvaluator::Layer l;
  l.in = static_cast<int>(w.shape(0));
  l.out = static_cast<int>(w.shape(1));
  l.w.assign(w.data(), w.data() + w.size());
  l.b.assign(b.data(), b.data() + b.size());
  return l;
}

// The Python handle (registered as long as it lives, as every evaluator's).
struct MlpEvaluatorHandle : RegisteredEvaluator<MlpEvaluator> {
  using RegisteredEvaluator::RegisteredEvaluator;

  // The network's (priors, values) of a batch, as the search gets them (ValueError on shapes
  // that do not fit, or a non-finite output).
  static py::tuple evaluate(MlpEvaluatorHandle& h, const py::handle& observations, const py::handle& masks) {
    MlpEvaluator& e = *h.evaluator;
    const FloatArray obs = FloatArray::ensure(observations);
    const auto legal = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(masks);
    if (!obs || !legal) throw py::type_error("observations and masks must be numeric arrays");
    if (obs.ndim() != 2 || obs.shape(1) != e.observation_size()) {
      throw py::value_error("observations must have shape (rows, " + std::to_string(e.observation_size()) + ")");
    }
    const py::ssize_t rows = obs.shape(0);
    if (legal.ndim() != 2 || legal.shape(0) != rows || legal.shape(1) != e.num_actions()) {
      throw py::value_error("masks must have shape (" + std::to_string(rows) + ", " + std::to_string(e.num_actions()) + ")");
    }
    if (rows > (1 << 24)) throw py::value_error("at most 2**24 rows at once");
    py::array_t<float> priors({rows, py::ssize_t{e.num_actions()}});
    py::array_t<float> values({rows, py::ssize_t{e.num_players()}});
    const auto* mask_bytes = reinterpret_cast<const uint8_t*>(legal.data());  // numpy bools: bytes 0/1
    bool ok;
    {
      py::gil_scoped_release release;
      ok = e.evaluate(obs.data(), mask_bytes, static_cast<int>(rows), e.observation_size(), e.num_actions(),
                      e.num_players(), priors.mutable_data(), values.mutable_data());
    }
    if (!ok) throw py::value_error(e.take_error());
    return py::make_tuple(priors, values);
  }
};

inline void bind_mlp_evaluator(py::module_& m) {
  py::class_<MlpEvaluatorHandle> cls(
      m, "NetworkEvaluator",
      "A multilayer perceptron (tablebits.weights.Network's arrays: hidden (weight, bias) pairs with ReLU, a policy "
      "head, a sigmoid value head) run in C++ as a leaf evaluator for PUCT search, without the GIL.");
  cls.def(py::init([](const py::sequence& hidden, const py::handle& policy, const py::handle& value,
                       const py::object& game, bool linear_values) {
            std::vector<MlpEvaluator::Layer> layers;
            for (size_t i = 0; i < hidden.size(); ++i) layers.push_back(mlp_layer(hidden[i], "hidden layer " + std::to_string(i)));
            const MlpEvaluator::Layer p = mlp_layer(policy, "the policy head");
            const MlpEvaluator::Layer v = mlp_layer(value, "the value head");
            if (const std::string why = MlpEvaluator::check(layers, p, v); !why.empty()) throw py::value_error(why);
            auto evaluator = std::make_shared<MlpEvaluator>(layers, p, v, linear_values);
            bind_evaluator_game(*evaluator, game);
            return std::make_unique<MlpEvaluatorHandle>(std::move(evaluator));
          }),
          py::arg("hidden"), py::arg("policy"), py::arg("value"), py::kw_only(), py::arg("game") = py::none(),
          py::arg("linear_values") = false,
          "`game`: the one tablebits Game (parameters included) the network was trained on, which a search "
          "of any other game or parameter set refuses; None: any game with the network's sizes. "
          "`linear_values`: the value head's outputs are the values, without the sigmoid.");
  Guarded<py::class_<MlpEvaluatorHandle>>(cls)
      .def_property_readonly("id", [](const MlpEvaluatorHandle& h) { return h.id; },
                             "The id a 'puct' BotConfig names it by.")
      .def_property_readonly("observation_size", [](const MlpEvaluatorHandle& h) { return h.evaluator->observation_size(); },
                             "The observation size the network reads.")
      .def_property_readonly("num_actions", [](const MlpEvaluatorHandle& h) { return h.evaluator->num_actions(); },
                             "The number of action ids it gives priors for.")
      .def_property_readonly("num_players", [](const MlpEvaluatorHandle& h) { return h.evaluator->num_players(); },
                             "The number of values it gives per row.")
      .def("evaluate", &MlpEvaluatorHandle::evaluate,
           "(priors, values) of observations (rows, observation_size) and legal masks (rows, num_actions), "
           "as the search gets them.",
           py::arg("observations"), py::arg("masks"));
}

}  // namespace tb
