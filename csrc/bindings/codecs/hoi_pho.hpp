// Hội Phố: the hook keys of its state dict, the discards, the table and the stack (schema:
// games/hoi_pho/schema.hpp, docs/games/hoi_pho.md).
#pragma once

#include <array>
#include <string>

#include "../../tablebits/games/hoi_pho/game.hpp"
#include "../pyconvert.hpp"

namespace tb {

template <>
struct PyCodec<hoi_pho::HoiPho> {
  using G = hoi_pho::HoiPho;
  using State = G::State;
  using Params = G::Params;

  static pybind11::object hook_to_py(int id, const State& s, const Params& p) {
    namespace py = pybind11;
    using namespace hoi_pho;
    const int n = p.players;
    py::list out;
    switch (id) {
      case kDiscardsKey:
        if (G::discards_present(s, n))
          for (int q = 0; q < n; ++q) out.append(s.discards[q]);
        break;
      case kTableKey:
        for (int c = 0; c < 16; ++c) {
          for (int q = 0; q < n; ++q) {
            if (!(s.table[q] >> c & 1)) continue;
            py::dict e;
            e["card"] = c;
            e["owner"] = q;
            out.append(e);
          }
        }
        break;
      default:
        for (int i = 0; i < s.depth; ++i) out.append(i + 1 == s.depth ? s.top : 6);
    }
    return out;
  }

  // d[key]; a missing key is an error when `required` (`where` says when it is).
  static pybind11::object get(const pybind11::dict& d, const char* key, bool required, const char* where,
                              pybind11::object fallback = pybind11::list()) {
    if (!d.contains(key) && required) {
      py_convert::value_error(std::string("state dict is missing key '") + key + "' (required " + where + ")");
    }
    return py_convert::get_or(d, key, std::move(fallback));
  }

  static void hook_read(int id, const pybind11::dict& d, State& s, const Params& p) {
    namespace py = pybind11;
    using namespace hoi_pho;
    const int n = p.players;
    if (id == kDiscardsKey) {
      const size_t want = (n == 3 && s.phase != kDiscard) ? 3 : 0;
      py::list discards = py_convert::to_list(get(d, "discards", want, "with 3 players after the discard"), "'discards'", want);
      for (size_t i = 0; i < want; ++i) {
        s.discards[i] = static_cast<uint8_t>(py_convert::to_int(discards[i], "'discards' entry", 0, 15));
      }
    } else if (id == kTableKey) {
      int last_card = -1, last_owner = -1;
      for (py::handle item : py_convert::to_list(get(d, "table", false, ""), "'table'")) {
        py::dict e = py_convert::to_dict(item, "'table' entry");
        py_convert::expect_keys(e, "'table' entry", {"card", "owner"});
        const int c = static_cast<int>(py_convert::to_int(e["card"], "table card", 0, 15));
        const int o = static_cast<int>(py_convert::to_int(e["owner"], "table owner", 0, n - 1));
        if (c < last_card || (c == last_card && o <= last_owner)) py_convert::value_error("'table' must be sorted by card then owner, without repeats");
        if (c != last_card) last_owner = -1;
        last_card = c;
        last_owner = o;
        for (int q = 0; q < n; ++q)
          if (c && (s.table[q] & bit(c))) py_convert::value_error("a card is in two places (table)");
        s.table[o] |= bit(c);
      }
    } else if (id == kStackKey) {
      py::list stack = py_convert::to_list(get(d, "stack", false, ""), "'stack'");
      if (stack.size() > 16) py_convert::value_error("'stack' too deep");
      s.depth = static_cast<uint8_t>(stack.size());
      for (size_t i = 0; i < stack.size(); ++i) {
        const int v = static_cast<int>(py_convert::to_int(stack[i], "'stack' entry", 1, 15));
        if (i + 1 < stack.size() && v != 6) py_convert::value_error("stack does not match the phase (entries below the top must be 6)");
        if (i + 1 == stack.size()) s.top = static_cast<uint8_t>(v);
      }
    }
  }
};

}  // namespace tb
