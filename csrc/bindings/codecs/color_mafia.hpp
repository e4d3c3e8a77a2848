// Color Mafia parameters and state dict for the Python bindings (schema:
// docs/games/color_mafia.md, "State dict").
#pragma once

#include <array>
#include <string>

#include "../../tablebits/games/color_mafia/game.hpp"
#include "../pyconvert.hpp"

namespace tb {

template <>
struct PyCodec<color_mafia::ColorMafia> {
  using G = color_mafia::ColorMafia;
  using State = G::State;
  using Params = G::Params;

  static constexpr std::array<const char*, 3> kPhases = {"choose", "resolve", "over"};
  static constexpr std::array<const char*, 2> kOutcomes = {"ended", "truncated"};

  static pybind11::str letter(int color) { return pybind11::str(std::string(1, color_mafia::kColorLetters[color])); }

  static pybind11::dict chip_dict(const uint8_t* h) {
    pybind11::dict d;
    for (int c = 0; c < color_mafia::kChipColors; ++c) d[letter(c)] = static_cast<int>(h[c]);
    return d;
  }

  static pybind11::dict coin_dict(uint16_t coins) {
    pybind11::dict d;
    for (int c = 0; c < color_mafia::kCoinColors; ++c) d[letter(c)] = color_mafia::coin_count(coins, c);
    return d;
  }

  static pybind11::dict to_dict(const State& s, const Params& p) {
    namespace py = pybind11;
    using namespace color_mafia;
    py::list chips, coins, revealed;
    for (int pl = 0; pl < p.players; ++pl) {
      chips.append(chip_dict(s.chips[pl]));
      coins.append(coin_dict(s.coins[pl]));
      if (s.revealed[pl] == kNone) {
        revealed.append(py::none());
      } else {
        revealed.append(letter(s.revealed[pl]));
      }
    }
    py::dict d;
    d["game"] = "color_mafia";
    d["players"] = static_cast<int>(p.players);
    d["round"] = static_cast<int>(s.round);
    d["parent"] = static_cast<int>(s.parent);
    d["phase"] = kPhases[s.phase];
    d["box"] = chip_dict(s.box);
    d["chips"] = chips;
    d["coins"] = coins;
    d["revealed"] = revealed;
    d["acting"] = s.acting == kNone ? py::object(py::none()) : py::object(py::int_(static_cast<int>(s.acting)));
    d["outcome"] = s.outcome == kNoOutcome ? py::object(py::none()) : py::object(py::str(kOutcomes[s.outcome - 1]));
    d["rng"] = py::int_(s.rng.state);
    return d;
  }

  // A dict with exactly the given colour keys, ints in 0..hi.
  static void read_counts(pybind11::handle obj, const std::string& what, int colors, int hi, int* out) {
    namespace py = pybind11;
    py::dict d = py_convert::to_dict(obj, what);
    if (colors == color_mafia::kChipColors) {
      py_convert::expect_keys(d, what, {"R", "B", "Y", "G"});
    } else {
      py_convert::expect_keys(d, what, {"R", "B", "Y", "G", "W"});
    }
    for (int c = 0; c < colors; ++c) {
      out[c] = static_cast<int>(py_convert::to_int(d[letter(c)], what + "['" + color_mafia::kColorLetters[c] + "']", 0, hi));
    }
  }

  static State from_dict(pybind11::handle obj, const Params& p) {
    namespace py = pybind11;
    using namespace color_mafia;
    const int n = p.players;
    py::dict d = py_convert::to_dict(obj, "state dict");
    // Optional keys, for positions written by hand (docs/games/color_mafia.md, "Optional
    // keys"): game and players (checked if given), box (the chips nobody holds), revealed
    // (nothing revealed), acting and outcome (null), rng (0).
    py_convert::expect_keys(d, "state dict", {"round", "parent", "phase", "chips", "coins"},
                            {"game", "players", "box", "revealed", "acting", "outcome", "rng"});
    if (d.contains("game") && py_convert::to_str(d["game"], "'game'") != "color_mafia") {
      py_convert::value_error("'game' must be 'color_mafia'");
    }
    if (d.contains("players")) py_convert::to_int(d["players"], "'players'", n, n);
    State s{};
    s.round = static_cast<uint16_t>(py_convert::to_int(d["round"], "'round'", 1, p.max_rounds));
    s.parent = static_cast<uint8_t>(py_convert::to_int(d["parent"], "'parent'", 0, n - 1));
    s.phase = static_cast<uint8_t>(py_convert::to_choice(d["phase"], "'phase'", kPhases));
    if (d.contains("rng")) s.rng.state = py_convert::to_u64(d["rng"], "'rng'");
    int counts[kCoinColors];
    py::list chips = py_convert::to_list(d["chips"], "'chips'", static_cast<size_t>(n));
    py::list coins = py_convert::to_list(d["coins"], "'coins'", static_cast<size_t>(n));
    const py::list revealed = d.contains("revealed") ? py_convert::to_list(d["revealed"], "'revealed'", static_cast<size_t>(n)) : py::list();
    int nobody[kChipColors];  // chips held by nobody: the box, unless the dict gives it
    for (int c = 0; c < kChipColors; ++c) nobody[c] = p.chips_per_color;
    for (int pl = 0; pl < kMaxSeats; ++pl) s.revealed[pl] = kNone;
    for (int pl = 0; pl < n; ++pl) {
      const std::string who = "[" + std::to_string(pl) + "]";
      read_counts(chips[pl], "'chips'" + who, kChipColors, p.chips_per_color, counts);
      for (int c = 0; c < kChipColors; ++c) {
        s.chips[pl][c] = static_cast<uint8_t>(counts[c]);
        nobody[c] -= counts[c];
      }
      read_counts(coins[pl], "'coins'" + who, kCoinColors, 5, counts);
      uint16_t packed = 0;
      for (int c = 0; c < kCoinColors; ++c) packed = static_cast<uint16_t>(packed | counts[c] << (kCoinBits * c));
      s.coins[pl] = packed;
      if (revealed.empty() || revealed[pl].is_none()) continue;
      s.revealed[pl] = static_cast<uint8_t>(py_convert::to_choice(revealed[pl], "'revealed'" + who, std::array{"R", "B", "Y", "G", "W"}));
    }
    if (d.contains("box")) {
      read_counts(d["box"], "'box'", kChipColors, p.chips_per_color, counts);
      for (int c = 0; c < kChipColors; ++c) s.box[c] = static_cast<uint8_t>(counts[c]);
    } else {
      for (int c = 0; c < kChipColors; ++c) {
        if (nobody[c] < 0) py_convert::value_error("the players hold more chips of a colour than chips_per_color");
        s.box[c] = static_cast<uint8_t>(nobody[c]);
      }
    }
    const bool acting = d.contains("acting") && !d["acting"].is_none();
    s.acting = acting ? static_cast<uint8_t>(py_convert::to_int(d["acting"], "'acting'", 0, n - 1)) : kNone;
    const bool outcome = d.contains("outcome") && !d["outcome"].is_none();
    s.outcome = outcome ? static_cast<uint8_t>(py_convert::to_choice(d["outcome"], "'outcome'", kOutcomes) + 1) : uint8_t{kNoOutcome};
    return s;
  }
};

}  // namespace tb
