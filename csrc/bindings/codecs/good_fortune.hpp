// Good Fortune: the hook key of its state dict, the line (schema: games/good_fortune/schema.hpp,
// docs/games/good_fortune.md).
#pragma once

#include <string>

#include "../../tablebits/games/good_fortune/game.hpp"
#include "../pyconvert.hpp"

namespace tb {

template <>
struct PyCodec<good_fortune::GoodFortune> {
  using G = good_fortune::GoodFortune;
  using State = G::State;
  using Params = G::Params;

  static pybind11::object hook_to_py(int, const State& s, const Params& p) {
    namespace py = pybind11;
    using namespace good_fortune;
    py::list line;
    for (uint8_t e : s.line) {
      line.append(py_convert::list_of(G::tile_of(e) + 1, kCharmNames[G::left_charm(e, p)], kCharmNames[G::right_charm(e, p)]));
    }
    return line;
  }

  static void hook_read(int, const pybind11::dict& d, State& s, const Params& p) {
    namespace py = pybind11;
    using namespace good_fortune;
    py::list line = py_convert::to_list(d["line"], "'line'", kLineSize);
    for (int i = 0; i < kLineSize; ++i) {
      const std::string what = "'line'[" + std::to_string(i) + "]";
      py::list entry = py_convert::to_list(line[i], what, 3);
      const int tile = static_cast<int>(py_convert::to_int(entry[0], what + " tile", 1, kTiles)) - 1;
      const int left = py_convert::to_choice(entry[1], what + " left charm", kCharmNames);
      const int right = py_convert::to_choice(entry[2], what + " right charm", kCharmNames);
      const Tile& t = p.tiles[tile];
      const bool flipped = left == t.charm_b && right == t.charm_a;
      const bool shared = p.connection == Connection::kShared;
      if (!(left == t.charm_a && right == t.charm_b) && (shared || !flipped)) {
        py_convert::value_error(what + " charms do not match tile " + std::to_string(tile + 1) +
                                (shared ? " (with shared connection they are [charm_a, charm_b])" : ""));
      }
      s.line[i] = static_cast<uint8_t>(tile | (flipped ? kFlipped : 0));
    }
  }
};

}  // namespace tb
