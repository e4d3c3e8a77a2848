// Good Fortune: the hook keys of its state dict (schema: games/good_fortune/schema.hpp,
// docs/games/good_fortune.md).
#pragma once

#include <string>

#include "../../tablebits/games/good_fortune/game.hpp"
#include "../pyconvert.hpp"
#include "../state_codec.hpp"

namespace tb {

template <>
struct PyCodec<good_fortune::GoodFortune> {
  using G = good_fortune::GoodFortune;
  using State = G::State;
  using Params = G::Params;

  // The tiles in no other place.
  static uint32_t discarded(const State& s) {
    uint32_t placed = s.rack[0] | s.rack[1] | s.collection[0] | s.collection[1];
    for (uint8_t e : s.line) placed |= 1u << G::tile_of(e);
    for (uint8_t t : s.selected) placed |= t == good_fortune::kNoTile ? 0u : 1u << t;
    return good_fortune::kAllTiles & ~placed;
  }

  static pybind11::object hook_to_py(int id, const State& s, const Params& p) {
    namespace py = pybind11;
    using namespace good_fortune;
    if (id == kTokenKey) {
      py::dict token;
      token["holder"] = s.holder;
      token["face"] = G::small_face(s) ? "small" : "big";
      return token;
    }
    if (id == kDiscardedKey) return py_convert::bits_to_list(discarded(s), [](int t) { return t + 1; });
    py::list line;
    for (uint8_t e : s.line) {
      line.append(py_convert::list_of(G::tile_of(e) + 1, kCharmNames[G::left_charm(e, p)], kCharmNames[G::right_charm(e, p)]));
    }
    return line;
  }

  static void hook_read(int id, const pybind11::dict& d, State& s, const Params& p) {
    namespace py = pybind11;
    using namespace good_fortune;
    if (id == kTokenKey) {
      py::dict token = py_convert::to_dict(d["token"], "'token'");
      py_convert::expect_keys(token, "'token'", {"holder"}, {"face"});
      s.holder = static_cast<uint8_t>(py_convert::to_int(token["holder"], "token 'holder'", 0, 1));
      if (token.contains("face") &&
          (py_convert::to_choice(token["face"], "token 'face'", std::array{"small", "big"}) == 0) != G::small_face(s)) {
        py_convert::value_error("token face must be small on odd rounds and big on even rounds (flipped once more when the game is over)");
      }
    } else if (id == kLineKey) {
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
    } else if (d.contains("discarded")) {
      // Validated here already (the caller validates again): the comparison is only meaningful
      // once no tile is in two places.
      if (const char* why = G::validate(s, p)) py_convert::value_error(std::string("invalid state: ") + why);
      static constexpr Field::Bits<&State::rack> kTileList{.key = "discarded", .valid = kAllTiles, .offset = 1};
      if (state_codec::read_bits(kTileList, p, d["discarded"], "'discarded'").first != discarded(s)) {
        py_convert::value_error("'discarded' must list exactly the tiles in no other place");
      }
    }
  }
};

}  // namespace tb
