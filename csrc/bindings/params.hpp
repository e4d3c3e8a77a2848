// Game parameters between Python keywords and the C++ Params struct, written once over each
// game's declared specs (G::kParamSpecs), list parameters included (list_param.hpp).
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <string_view>

#include "../tablebits/core/game.hpp"
#include "../tablebits/core/param_spec.hpp"
#include "list_param.hpp"
#include "pyconvert.hpp"

namespace tb {

// Keywords -> Params: every value type- and range-checked with a message naming the parameter,
// unknown names rejected, then G::validate_params for the invariants across fields.
template <Game G>
typename G::Params parse_params(py_convert::ParamReader& r) {
  namespace py = pybind11;
  typename G::Params p{};
  for_each_param(G::kParamSpecs, [&]<class Spec>(const Spec& spec) {
    const std::string name(spec.name);
    const py::object v = r.take(name.c_str());
    if (!v) return;
    const std::string what = r.what(name.c_str());
    if constexpr (Spec::kType == "int") {
      Spec::field::set(p, static_cast<int>(py_convert::to_int(v, what, spec.lo, spec.hi)));
    } else if constexpr (Spec::kType == "bool") {
      Spec::field::set(p, py_convert::to_bool(v, what) ? 1 : 0);
    } else if constexpr (Spec::kType == "str") {
      Spec::field::set(p, py_convert::to_choice(v, what, spec.choices));
    } else {
      parse_list_param(spec, v, what, p);
    }
  });
  r.finish();
  for_each_param(G::kParamSpecs, [&]<class Spec>(const Spec& spec) {
    if constexpr (!ScalarParam<Spec>) {
      if (!spec.needed || r.given(std::string(spec.name).c_str())) return;
      if (const char* why = spec.needed(p)) py_convert::value_error(std::string(G::kId) + ": " + why);
    }
  });
  if (const char* why = G::validate_params(p)) py_convert::value_error(std::string(G::kId) + ": " + why);
  return p;
}

// Params -> the `game.params` dict, in declaration order.
template <Game G>
pybind11::dict params_to_dict(const typename G::Params& p) {
  namespace py = pybind11;
  py::dict d;
  for_each_param(G::kParamSpecs, [&]<class Spec>(const Spec& spec) {
    const py::str key(std::string(spec.name));
    if constexpr (Spec::kType == "int") {
      d[key] = Spec::field::get(p);
    } else if constexpr (Spec::kType == "bool") {
      d[key] = py::bool_(Spec::field::get(p) != 0);
    } else if constexpr (Spec::kType == "str") {
      d[key] = std::string(spec.choices[static_cast<size_t>(Spec::field::get(p))]);
    } else {
      d[key] = list_param_to_py(spec, p);
    }
  });
  return d;
}

// `_core._example_params[game_id]`: (params dict, main) for each of G::kExampleParams, which
// tests/game_params.py and tests/adapter_cases.py read.
template <Game G>
pybind11::list example_params() {
  pybind11::list out;
  for (const auto& example : G::kExampleParams) out.append(pybind11::make_tuple(params_to_dict<G>(example.params), example.main));
  return out;
}

// `game.param_specs`: one dict per parameter (name, type, range, meaning), for tools and docs.
template <Game G>
pybind11::list param_specs() {
  namespace py = pybind11;
  py::list out;
  for_each_param(G::kParamSpecs, [&]<class Spec>(const Spec& spec) {
    std::string range;
    if constexpr (Spec::kType == "int") {
      range = std::to_string(spec.lo) + "–" + std::to_string(spec.hi);
    } else if constexpr (Spec::kType == "bool") {
      range = "True or False";
    } else if constexpr (Spec::kType == "str") {
      for (size_t i = 0; i < spec.choices.size(); ++i) {
        range += (i == 0 ? "" : i + 1 == spec.choices.size() ? " or " : ", ") + ("\"" + std::string(spec.choices[i]) + "\"");
      }
    } else {
      range = spec.range;
    }
    py::dict d;
    d["name"] = std::string(spec.name);
    d["type"] = std::string(Spec::kType);
    d["range"] = range;
    d["meaning"] = std::string(spec.meaning);
    out.append(d);
  });
  return out;
}

}  // namespace tb
