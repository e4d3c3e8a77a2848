// `game.observation_layout`: the tensor's slices under the game's parameters, from the layout
// the game declares beside its observe (G::observation_layout(), core/obs_layout.hpp).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "../tablebits/core/obs_layout.hpp"

namespace tb {

template <class G>
pybind11::list observation_layout_py(const typename G::Params& p) {
  namespace py = pybind11;
  const auto& layout = G::observation_layout();
  py::list out;
  layout.for_each(p, [&](const auto& slice, int seat, int offset) {
    py::dict d;
    std::string name(slice.name);
    if (seat >= 0) name = std::string(layout.seat) + std::to_string(seat) + "_" + name;
    d["name"] = name;
    d["offset"] = offset;
    d["length"] = slice.length(p);
    d["encoding"] = std::string(kEncodingNames[static_cast<size_t>(slice.encoding)]);
    d["meaning"] = std::string(slice.meaning);
    d["seat"] = seat >= 0 ? py::object(py::int_(seat)) : py::object(py::none());
    out.append(d);
  });
  return out;
}

}  // namespace tb
