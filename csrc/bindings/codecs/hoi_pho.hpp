// Hội Phố parameters and state dict for the Python bindings (schema, extra keys included:
// docs/games/hoi_pho.md).
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

  // The one list parameter, "contracts" (its order is checked by HoiPho::validate_params).
  static void parse_list(std::string_view, pybind11::handle v, const std::string& what, Params& p) {
    pybind11::list list = py_convert::to_list(v, what, hoi_pho::kContracts);
    for (int i = 0; i < hoi_pho::kContracts; ++i) {
      p.contracts[i] = static_cast<uint16_t>(
          py_convert::to_int(list[i], what + " entry " + std::to_string(i), 0, hoi_pho::kMaxContract));
    }
  }

  static pybind11::list list_to_py(std::string_view, const Params& p) {
    pybind11::list contracts;
    for (uint16_t c : p.contracts) contracts.append(c);
    return contracts;
  }

  static pybind11::list cards(uint16_t merchants, int ships) {
    pybind11::list out;
    for (int i = 0; i < ships; ++i) out.append(int{hoi_pho::kShip});
    return py_convert::bits_to_list(merchants & hoi_pho::kAllMerchants, [](int c) { return c; }, out);
  }

  static pybind11::object opt(int v) {
    if (v == hoi_pho::kNone) return pybind11::none();
    return pybind11::int_(v);
  }

  static pybind11::dict to_dict(const State& s, const Params& p) {
    namespace py = pybind11;
    using namespace hoi_pho;
    const int n = p.players;
    py::list coins, start, contracts, hands, known, table, discards, deck, stack;
    for (int q = 0; q < n; ++q) {
      coins.append(s.coins[q]);
      start.append(s.turn_start[q]);
      py::list mine;
      for (int i = 0; i < kContracts; ++i)
        if (s.contracts[q] >> i & 1) mine.append(p.contracts[i]);
      contracts.append(mine);
      hands.append(cards(s.hand[q], s.ships[q]));
      known.append(cards(s.known[q], 0));
    }
    for (int c = 0; c < 16; ++c) {
      for (int q = 0; q < n; ++q) {
        if (!(s.table[q] >> c & 1)) continue;
        py::dict e;
        e["card"] = c;
        e["owner"] = q;
        table.append(e);
      }
    }
    if (G::discards_present(s, n))
      for (int q = 0; q < n; ++q) discards.append(s.discards[q]);
    for (int i = G::taken(s); i < kContracts; ++i) deck.append(p.contracts[i]);
    for (int i = 0; i < s.depth; ++i) stack.append(i + 1 == s.depth ? s.top : 6);
    py::dict d;
    d["game"] = "hoi_pho";
    d["players"] = n;
    d["round"] = s.round;
    d["turn"] = s.turn;
    d["phase"] = kPhaseNames[s.phase];
    d["coins"] = coins;
    d["coins_turn_start"] = start;
    d["contracts"] = contracts;
    d["deck"] = deck;
    d["hands"] = hands;
    d["removed"] = cards(s.removed, s.removed_ships);
    d["discards"] = discards;
    d["table"] = table;
    d["previous"] = cards(s.previous, 0);
    d["forced"] = s.forced ? py::object(py::int_(s.forced)) : py::object(py::none());
    d["known"] = known;
    d["outcome"] = s.outcome ? py::object(py::str(kOutcomeNames[s.outcome])) : py::object(py::none());
    d["rng"] = py::int_(s.rng.state);
    d["stack"] = stack;
    d["skill_player"] = opt(s.skill_player);
    d["target"] = opt(s.target);
    d["rps_draws"] = s.rps_draws;
    py::list ships_played;
    for (int q = 0; q < n; ++q) ships_played.append(s.ships_played[q]);
    d["ships_played"] = ships_played;
    return d;
  }

  // A list of cards 0..15 in ascending order (`strict`: no repeats) as (merchant mask, ships).
  static uint16_t card_set(pybind11::handle obj, const std::string& what, int lo, bool strict, int* ships) {
    uint16_t mask = 0;
    int last = -1;
    for (pybind11::handle item : py_convert::to_list(obj, what)) {
      const int c = static_cast<int>(py_convert::to_int(item, what + " entry", lo, 15));
      if (c < last || (strict && c == last)) py_convert::value_error(what + " must be ascending");
      last = c;
      if (c == 0) {
        if (ships) ++*ships;
        continue;
      }
      if (mask & hoi_pho::bit(c)) py_convert::value_error("a card is in two places (" + what + ")");
      mask |= hoi_pho::bit(c);
    }
    return mask;
  }

  static int opt_int(pybind11::handle obj, const std::string& what, int lo, int hi, int none) {
    if (obj.is_none()) return none;
    return static_cast<int>(py_convert::to_int(obj, what, lo, hi));
  }

  static State from_dict(pybind11::handle obj, const Params& p) {
    namespace py = pybind11;
    using namespace hoi_pho;
    const int n = p.players;
    py::dict d = py_convert::to_dict(obj, "state dict");
    // Optional keys, for positions written by hand (docs/games/hoi_pho.md, "Optional keys"):
    // game and players (checks against the game), rng (0), deck (derived from contracts), table
    // (empty), known (nothing known), forced (null), outcome (null; in phase over derived:
    // "ended" iff someone owns 3 contracts or the deck is empty, else "truncated"), stack ([]),
    // skill_player, target (null), rps_draws (0); where they exist only in some phases:
    // coins_turn_start (= coins in discard and play, before anything moved coins this turn),
    // removed ([] with 4-5 players), discards ([] with 4-5 players and in phase discard),
    // previous ([] on turn 1; on turn 2 every merchant listed nowhere else), ships_played
    // (derived on turn 1). Missing where it cannot be derived: a ValueError naming the key.
    py_convert::expect_keys(d, "state dict", {"round", "turn", "phase", "coins", "contracts", "hands"},
                            {"game", "players", "rng", "coins_turn_start", "deck", "removed", "discards", "table",
                             "previous", "forced", "known", "outcome", "stack", "skill_player", "target", "rps_draws",
                             "ships_played"});
    const py::none null;
    const py::list empty;
    auto required_here = [&](const char* key, const char* where) -> py::object {
      if (!d.contains(key)) py_convert::value_error(std::string("state dict is missing key '") + key + "' (required " + where + ")");
      return d[key];
    };
    if (d.contains("game") && py_convert::to_str(d["game"], "'game'") != "hoi_pho") py_convert::value_error("'game' must be 'hoi_pho'");
    if (d.contains("players") && py_convert::to_int(d["players"], "'players'", 3, 5) != n) {
      py_convert::value_error("'players' must be " + std::to_string(n));
    }
    State s{};
    if (d.contains("rng")) s.rng.state = py_convert::to_u64(d["rng"], "'rng'");
    s.round = static_cast<uint16_t>(py_convert::to_int(d["round"], "'round'", 1, p.max_rounds));
    s.turn = static_cast<uint8_t>(py_convert::to_int(d["turn"], "'turn'", 1, turns_per_round(n)));
    s.phase = static_cast<uint8_t>(py_convert::to_choice(d["phase"], "'phase'", kPhaseNames));
    py::list coins = py_convert::to_list(d["coins"], "'coins'", n);
    const bool before_skills = s.phase == kDiscard || s.phase == kPlay;
    py::list start = py_convert::to_list(
        before_skills ? py_convert::get_or(d, "coins_turn_start", coins) : required_here("coins_turn_start", "once a turn's skills resolve"),
        "'coins_turn_start'", n);
    py::list contracts = py_convert::to_list(d["contracts"], "'contracts'", n);
    py::list hands = py_convert::to_list(d["hands"], "'hands'", n);
    py::list nothing_known;
    for (int q = 0; q < n; ++q) nothing_known.append(py::list());
    py::list known = py_convert::to_list(py_convert::get_or(d, "known", nothing_known), "'known'", n);
    for (int q = 0; q < n; ++q) {
      const std::string who = "[" + std::to_string(q) + "]";
      s.coins[q] = static_cast<uint16_t>(py_convert::to_int(coins[q], "'coins'" + who, 0, 65535));
      s.turn_start[q] = static_cast<uint16_t>(py_convert::to_int(start[q], "'coins_turn_start'" + who, 0, 65535));
      int last = -1;
      for (py::handle item : py_convert::to_list(contracts[q], "'contracts'" + who)) {
        const int64_t v = py_convert::to_int(item, "'contracts'" + who + " entry", 0, INT32_MAX);
        int index = -1;
        for (int i = 0; i < kContracts; ++i)
          if (p.contracts[i] == v) index = i;
        if (index < 0) py_convert::value_error("contracts owned must be the top contracts taken from the deck");
        if (index <= last) py_convert::value_error("'contracts'" + who + " must be ascending");
        if (s.contracts[q] & (1u << index)) py_convert::value_error("a contract is owned twice");
        last = index;
        s.contracts[q] = static_cast<uint8_t>(s.contracts[q] | (1u << index));
      }
      int ships = 0;
      s.hand[q] = card_set(hands[q], "'hands'" + who, 0, false, &ships);
      if (ships > 5) py_convert::value_error("more than 5 ships");
      s.ships[q] = static_cast<uint8_t>(ships);
      s.known[q] = card_set(known[q], "'known'" + who, 1, true, nullptr);
    }
    {
      int taken = 0;
      bool three = false;
      for (int q = 0; q < n; ++q) {
        taken += std::popcount(s.contracts[q]);
        three = three || std::popcount(s.contracts[q]) >= 3;
      }
      if (d.contains("deck")) {
        py::list deck = py_convert::to_list(d["deck"], "'deck'");
        bool ok = taken <= kContracts && deck.size() == static_cast<size_t>(kContracts - taken);
        for (size_t i = 0; ok && i < deck.size(); ++i) {
          ok = py_convert::to_int(deck[i], "'deck' entry", 0, INT32_MAX) == p.contracts[taken + i];
        }
        if (!ok) py_convert::value_error("'deck' must be the remaining contracts, in order");
      }
      const py::object outcome = py_convert::get_or(
          d, "outcome", s.phase == kOver ? py::str(three || taken == kContracts ? "ended" : "truncated") : py::object(null));
      s.outcome = outcome.is_none()
          ? static_cast<uint8_t>(kNoOutcome)
          : static_cast<uint8_t>(1 + py_convert::to_choice(outcome, "'outcome'", std::array{"ended", "truncated"}));
    }
    int removed_ships = 0;
    s.removed = card_set(n == 3 ? required_here("removed", "with 3 players") : py_convert::get_or(d, "removed", empty),
                         "'removed'", 0, false, &removed_ships);
    if (removed_ships > 2) py_convert::value_error("removed must hold 2 cards with 3 players, none otherwise");
    s.removed_ships = static_cast<uint8_t>(removed_ships);
    {
      const size_t want = (n == 3 && s.phase != kDiscard) ? 3 : 0;
      py::list discards = py_convert::to_list(
          want ? required_here("discards", "with 3 players after the discard") : py_convert::get_or(d, "discards", empty),
          "'discards'", want);
      for (size_t i = 0; i < want; ++i) {
        s.discards[i] = static_cast<uint8_t>(py_convert::to_int(discards[i], "'discards' entry", 0, 15));
      }
    }
    {
      int last_card = -1, last_owner = -1;
      for (py::handle item : py_convert::to_list(py_convert::get_or(d, "table", empty), "'table'")) {
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
    }
    if (d.contains("previous")) {
      s.previous = card_set(d["previous"], "'previous'", 1, true, nullptr);
    } else if (s.turn == 2) {  // everything played on turn 1: the merchants listed nowhere else
      s.previous = G::played_earlier(s, n);
    } else if (s.turn > 2) {
      required_here("previous", "from turn 3 on");
    }
    s.forced = static_cast<uint8_t>(opt_int(py_convert::get_or(d, "forced", null), "'forced'", 1, 15, 0));
    {
      py::list stack = py_convert::to_list(py_convert::get_or(d, "stack", empty), "'stack'");
      if (stack.size() > 16) py_convert::value_error("'stack' too deep");
      s.depth = static_cast<uint8_t>(stack.size());
      for (size_t i = 0; i < stack.size(); ++i) {
        const int v = static_cast<int>(py_convert::to_int(stack[i], "'stack' entry", 1, 15));
        if (i + 1 < stack.size() && v != 6) py_convert::value_error("stack does not match the phase (entries below the top must be 6)");
        if (i + 1 == stack.size()) s.top = static_cast<uint8_t>(v);
      }
    }
    s.skill_player = static_cast<uint8_t>(opt_int(py_convert::get_or(d, "skill_player", null), "'skill_player'", 0, n - 1, kNone));
    s.target = static_cast<uint8_t>(opt_int(py_convert::get_or(d, "target", null), "'target'", 0, n - 1, kNone));
    s.rps_draws = static_cast<uint8_t>(py_convert::to_int(py_convert::get_or(d, "rps_draws", py::int_(0)), "'rps_draws'", 0, 9));
    if (d.contains("ships_played")) {
      py::list played = py_convert::to_list(d["ships_played"], "'ships_played'", n);
      for (int q = 0; q < n; ++q) {
        s.ships_played[q] = static_cast<uint8_t>(
            py_convert::to_int(played[q], "'ships_played'[" + std::to_string(q) + "]", 0, 6 - n));
      }
    } else if (s.turn == 1) {  // everything removed this round is still on the table or discarded
      for (int q = 0; q < n; ++q) s.ships_played[q] = static_cast<uint8_t>(G::ships_visible(s, n, q));
    } else {
      py_convert::value_error("'ships_played' is required after a round's first turn");
    }
    return s;
  }
};

}  // namespace tb
