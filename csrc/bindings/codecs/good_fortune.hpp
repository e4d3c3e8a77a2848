// Good Fortune parameters and state dict for the Python bindings (schema: docs/games/good_fortune.md).
#pragma once

#include <algorithm>
#include <array>
#include <string>

#include "../../tablebits/games/good_fortune/game.hpp"
#include "../pyconvert.hpp"

namespace tb {

template <>
struct PyCodec<good_fortune::GoodFortune> {
  using G = good_fortune::GoodFortune;
  using State = G::State;
  using Params = G::Params;

  static int charm(pybind11::handle obj, const std::string& what) {
    namespace py = pybind11;
    if (py::isinstance<py::int_>(obj) && !py::isinstance<py::bool_>(obj)) {
      return static_cast<int>(py_convert::to_int(obj, what, 0, good_fortune::kCharms - 1));
    }
    return py_convert::to_choice(obj, what, good_fortune::kCharmNames);
  }

  // The one list parameter, "tiles" (distinct charms are checked by GoodFortune::validate_params).
  static void parse_list(std::string_view, pybind11::handle v, const std::string& what, Params& p) {
    using namespace good_fortune;
    pybind11::list rows = py_convert::to_list(v, what, kTiles);
    for (int i = 0; i < kTiles; ++i) {
      const std::string row_what = what + " entry " + std::to_string(i) + " (tile " + std::to_string(i + 1) + ")";
      pybind11::list row = py_convert::to_list(rows[i], row_what, 3);
      Tile& t = p.tiles[i];
      t.charm_a = static_cast<uint8_t>(charm(row[0], row_what + " charm_a"));
      t.charm_b = static_cast<uint8_t>(charm(row[1], row_what + " charm_b"));
      t.die = static_cast<uint8_t>(py_convert::to_int(row[2], row_what + " die", 1, 6));
    }
  }

  static pybind11::list list_to_py(std::string_view, const Params& p) {
    pybind11::list tiles;
    for (const good_fortune::Tile& t : p.tiles) {
      tiles.append(py_convert::list_of(good_fortune::kCharmNames[t.charm_a], good_fortune::kCharmNames[t.charm_b], t.die));
    }
    return tiles;
  }

  static pybind11::list tiles_of(uint32_t mask) {
    return py_convert::bits_to_list(mask, [](int t) { return t + 1; });
  }

  static pybind11::dict to_dict(const State& s, const Params& p) {
    namespace py = pybind11;
    using namespace good_fortune;
    static constexpr const char* kPhases[] = {"select", "place", "over"};
    py::list line, selected;
    uint32_t placed = s.rack[0] | s.rack[1] | s.collection[0] | s.collection[1];
    for (uint8_t e : s.line) {
      line.append(py_convert::list_of(G::tile_of(e) + 1, kCharmNames[G::left_charm(e, p)],
                                kCharmNames[G::right_charm(e, p)]));
      placed |= 1u << G::tile_of(e);
    }
    for (uint8_t t : s.selected) {
      if (t == kNoTile) {
        selected.append(py::none());
      } else {
        selected.append(t + 1);
        placed |= 1u << t;
      }
    }
    py::dict token;
    token["holder"] = s.holder;
    token["face"] = G::small_face(s) ? "small" : "big";
    py::dict d;
    d["game"] = "good_fortune";
    d["round"] = s.round;
    d["phase"] = kPhases[s.phase];
    d["token"] = token;
    d["racks"] = py_convert::list_of(tiles_of(s.rack[0]), tiles_of(s.rack[1]));
    d["selected"] = selected;
    d["line"] = line;
    d["collections"] = py_convert::list_of(tiles_of(s.collection[0]), tiles_of(s.collection[1]));
    d["discarded"] = tiles_of(kAllTiles & ~placed);
    return d;
  }

  // An ascending list of distinct tile numbers as a mask.
  static uint32_t tile_set(pybind11::handle obj, const std::string& what) {
    uint32_t mask = 0;
    int last = 0;
    for (pybind11::handle item : py_convert::to_list(obj, what)) {
      const int t = static_cast<int>(py_convert::to_int(item, what + " entry", 1, good_fortune::kTiles));
      if (t <= last) py_convert::value_error(what + " must be ascending without repeats");
      last = t;
      mask |= 1u << (t - 1);
    }
    return mask;
  }

  static State from_dict(pybind11::handle obj, const Params& p) {
    namespace py = pybind11;
    using namespace good_fortune;
    py::dict d = py_convert::to_dict(obj, "state dict");
    // Optional keys, for positions written by hand (docs/games/good_fortune.md, "Optional
    // keys"): game (checked if given), selected (nothing selected), discarded (the tiles in no
    // other place) and the token's face (the round's face).
    py_convert::expect_keys(d, "state dict", {"round", "phase", "token", "racks", "line", "collections"},
                            {"game", "selected", "discarded"});
    if (d.contains("game") && py_convert::to_str(d["game"], "'game'") != "good_fortune") {
      py_convert::value_error("'game' must be 'good_fortune'");
    }
    State s{};
    s.round = static_cast<uint8_t>(py_convert::to_int(d["round"], "'round'", 1, kRounds));
    s.phase = static_cast<uint8_t>(py_convert::to_choice(d["phase"], "'phase'", std::array{"select", "place", "over"}));
    py::dict token = py_convert::to_dict(d["token"], "'token'");
    py_convert::expect_keys(token, "'token'", {"holder"}, {"face"});
    s.holder = static_cast<uint8_t>(py_convert::to_int(token["holder"], "token 'holder'", 0, 1));
    if (token.contains("face") &&
        (py_convert::to_choice(token["face"], "token 'face'", std::array{"small", "big"}) == 0) != G::small_face(s)) {
      py_convert::value_error("token face must be small on odd rounds and big on even rounds (flipped once more when the game is over)");
    }
    py::list racks = py_convert::to_list(d["racks"], "'racks'", 2);
    py::list collections = py_convert::to_list(d["collections"], "'collections'", 2);
    s.selected[0] = s.selected[1] = kNoTile;
    const py::list selected = d.contains("selected") ? py_convert::to_list(d["selected"], "'selected'", 2) : py::list();
    for (int pl = 0; pl < 2; ++pl) {
      const std::string who = "[" + std::to_string(pl) + "]";
      s.rack[pl] = tile_set(racks[pl], "'racks'" + who);
      s.collection[pl] = tile_set(collections[pl], "'collections'" + who);
      if (selected.empty() || selected[pl].is_none()) continue;
      s.selected[pl] = static_cast<uint8_t>(py_convert::to_int(selected[pl], "'selected'" + who, 1, kTiles) - 1);
    }
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
    // Validated here already (the caller validates again): the discarded check below is only
    // meaningful once no tile is in two places.
    const char* why = G::validate(s, p);
    if (why) py_convert::value_error(std::string("invalid state: ") + why);
    uint32_t placed = s.rack[0] | s.rack[1] | s.collection[0] | s.collection[1];
    for (uint8_t e : s.line) placed |= 1u << G::tile_of(e);
    for (uint8_t t : s.selected) placed |= t == kNoTile ? 0u : 1u << t;
    if (d.contains("discarded") && tile_set(d["discarded"], "'discarded'") != (kAllTiles & ~placed)) {
      py_convert::value_error("'discarded' must list exactly the tiles in no other place");
    }
    return s;
  }
};

}  // namespace tb
