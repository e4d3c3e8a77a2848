// Fox in the Forest Duet parameters and state dict for the Python bindings (schema:
// docs/games/fox_duet.md). Semantic checks live in FoxDuet::validate, which the generic
// layer runs on every decoded dict; here are the type/shape checks and the dict-only facts
// (the deck list, plus flags, forest_supply).
#pragma once

#include <array>
#include <string>

#include "../../tablebits/games/fox_duet/game.hpp"
#include "../pyconvert.hpp"

namespace tb {

template <>
struct PyCodec<fox_duet::FoxDuet> {
  using G = fox_duet::FoxDuet;
  using State = G::State;
  using Params = G::Params;

  // The one list parameter, "board"; None keeps Side A. The path's shape (odd length, empty
  // centre, gem total) is checked by FoxDuet::validate_params.
  static void parse_list(std::string_view, pybind11::handle v, const std::string& what, Params& p) {
    namespace py = pybind11;
    using namespace fox_duet;
    if (v.is_none()) return;
    py::list rows = py_convert::to_list(v, what);
    if (rows.size() > static_cast<size_t>(kMaxSpaces)) {
      py_convert::value_error(what + " must have an odd length 5-21, got " + std::to_string(rows.size()));
    }
    p.n = static_cast<uint8_t>(rows.size());
    p.gems.fill(0);
    p.plus.fill(0);
    int start = 0, plus = 0;
    for (size_t i = 0; i < rows.size(); ++i) {
      const std::string w = what + "[" + std::to_string(i) + "]";
      py::dict space = py_convert::to_dict(rows[i], w);
      py_convert::expect_keys(space, w, {"gems", "plus"});
      p.gems[i] = static_cast<uint8_t>(py_convert::to_int(space["gems"], w + "['gems']", 0, kMaxGemsPerSpace));
      p.plus[i] = py_convert::to_bool(space["plus"], w + "['plus']") ? 1 : 0;
      start += p.gems[i];
      plus += p.plus[i];
    }
    p.start_gems = static_cast<uint8_t>(start);
    p.num_plus = static_cast<uint8_t>(plus);
  }

  // Levels 2 and 3 are played on Side B, which is not published: they need an explicit board.
  static void check_given(const Params& p, const py_convert::ParamReader& r) {
    if (p.level != 1 && !r.given("board")) {
      py_convert::value_error(
          "fox_duet level " + std::to_string(p.level) +
          " is played on Side B, whose layout is not published/available; pass a layout with "
          "board=[{\"gems\": .., \"plus\": ..}, ...]");
    }
  }

  static pybind11::list list_to_py(std::string_view, const Params& p) {
    pybind11::list board;
    for (int i = 0; i < p.n; ++i) {
      pybind11::dict space;
      space["gems"] = p.gems[i];
      space["plus"] = p.plus[i] != 0;
      board.append(space);
    }
    return board;
  }

  static pybind11::list cards_of(uint32_t mask) { return py_convert::bits_to_list(mask, fox_duet::card_string); }

  static pybind11::object card_or_none(uint8_t card) {
    if (card == fox_duet::kNoCard) return pybind11::none();
    return pybind11::str(fox_duet::card_string(card));
  }

  static pybind11::dict to_dict(const State& s, const Params& p) {
    namespace py = pybind11;
    using namespace fox_duet;
    py::dict trick_cards;
    trick_cards["lead"] = card_or_none(s.lead);
    trick_cards["follow"] = card_or_none(s.follow);
    py::list gems, plus, voids;
    for (int i = 0; i < p.n; ++i) {
      gems.append(s.gems[i]);
      plus.append(p.plus[i] != 0);
    }
    for (int pl = 0; pl < 2; ++pl) {
      py::list v;
      for (int suit = 0; suit < 3; ++suit)
        if ((s.voids[pl] >> suit) & 1) v.append(std::string(1, kSuitLetters[suit]));
      voids.append(v);
    }
    py::dict d;
    d["game"] = "fox_duet";
    d["level"] = p.level;
    d["round"] = s.round;
    d["trick"] = s.trick;
    d["dealer"] = s.dealer;
    d["leader"] = s.leader;
    d["phase"] = kPhaseNames[s.phase];
    d["hands"] = py_convert::list_of(cards_of(s.hand[0]), cards_of(s.hand[1]));
    d["decree"] = card_string(s.decree);
    d["deck"] = cards_of(G::unseen(s, 0) & ~s.hand[1]);
    d["trick_cards"] = trick_cards;
    d["tracker"] = static_cast<int>(s.tracker);
    d["gems"] = gems;
    d["plus"] = plus;
    d["covered"] = py_convert::list_of(s.covered[0], s.covered[1]);
    d["forest_supply"] = G::forest_supply(s);
    d["gem_supply"] = s.gem_supply;
    d["outcome"] = s.outcome == kNone ? py::object(py::none()) : py::object(py::str(kOutcomeNames[s.outcome]));
    d["rng"] = py::int_(s.rng.state);
    d["played"] = cards_of(s.played);
    d["known"] = py_convert::list_of(cards_of(s.known[0]), cards_of(s.known[1]));
    d["voids"] = voids;
    d["fox_target"] = s.fox_target == kUnset ? py::object(py::none()) : py::object(py::int_(s.fox_target));
    d["ignore"] = s.ignore == kUnset ? py::object(py::none()) : py::object(py::str(kIgnoreNames[s.ignore]));
    return d;
  }

  static int parse_card(pybind11::handle obj, const std::string& what) {
    const std::string s = py_convert::to_str(obj, what);
    int suit = -1;
    for (int i = 0; i < 3; ++i)
      if (!s.empty() && s[0] == fox_duet::kSuitLetters[i]) suit = i;
    const std::string digits = s.size() >= 2 ? s.substr(1) : "";
    bool ok = suit >= 0 && (digits == "10" || (digits.size() == 1 && digits[0] >= '1' && digits[0] <= '9'));
    if (!ok) py_convert::value_error(what + ": bad card string '" + s + "' (like R7, S10, D1)");
    return suit * 10 + std::stoi(digits) - 1;
  }

  // A list of distinct card strings (any order) as a mask.
  static uint32_t card_set(pybind11::handle obj, const std::string& what) {
    uint32_t mask = 0;
    for (pybind11::handle item : py_convert::to_list(obj, what)) {
      const int card = parse_card(item, what + " entry");
      if (mask & fox_duet::bit(card)) py_convert::value_error("the 30 cards must each be in exactly one place (" + what + " repeats one)");
      mask |= fox_duet::bit(card);
    }
    return mask;
  }

  static uint8_t optional_card(pybind11::handle obj, const std::string& what) {
    if (obj.is_none()) return fox_duet::kNoCard;
    return static_cast<uint8_t>(parse_card(obj, what));
  }

  static State from_dict(pybind11::handle obj, const Params& p) {
    namespace py = pybind11;
    using namespace fox_duet;
    py::dict d = py_convert::to_dict(obj, "state dict");
    // Optional keys, for positions written by hand (docs/games/fox_duet.md, "Optional keys"):
    // game, level and plus (checks against the game: default the game's own), rng (0), outcome
    // (null), trick_cards (no card on the table), forest_supply (the tokens not covering a
    // space), played (every card listed nowhere else), known and voids (nothing known),
    // fox_target and ignore (null: no ability is asking).
    py_convert::expect_keys(
        d, "state dict",
        {"round", "trick", "dealer", "leader", "phase", "hands", "decree", "deck", "tracker", "gems", "covered",
         "gem_supply"},
        {"game", "level", "plus", "rng", "outcome", "trick_cards", "forest_supply", "played", "known", "voids",
         "fox_target", "ignore"});
    const py::none null;
    if (d.contains("game") && py_convert::to_str(d["game"], "'game'") != "fox_duet") {
      py_convert::value_error("'game' must be 'fox_duet'");
    }
    if (d.contains("level") && py_convert::to_int(d["level"], "'level'", 1, 3) != p.level) {
      py_convert::value_error("'level' must be " + std::to_string(p.level) + " for this game");
    }
    State s{};
    s.round = static_cast<uint8_t>(py_convert::to_int(d["round"], "'round'", 1, kRounds));
    s.trick = static_cast<uint8_t>(py_convert::to_int(d["trick"], "'trick'", 1, kTricks));
    s.dealer = static_cast<uint8_t>(py_convert::to_int(d["dealer"], "'dealer'", 0, 1));
    s.leader = static_cast<uint8_t>(py_convert::to_int(d["leader"], "'leader'", 0, 1));
    if (d.contains("rng")) s.rng.state = py_convert::to_u64(d["rng"], "'rng'");
    s.phase = static_cast<uint8_t>(py_convert::to_choice(d["phase"], "'phase'", kPhaseNames));
    if (const py::object outcome = py_convert::get_or(d, "outcome", null); !outcome.is_none()) {
      static constexpr std::array<const char*, 3> kOutcomes = {"won", "lost_time", "lost_forest"};
      s.outcome = static_cast<uint8_t>(1 + py_convert::to_choice(outcome, "'outcome'", kOutcomes));
    }

    // --- cards ---
    py::list hands = py_convert::to_list(d["hands"], "'hands'", 2);
    s.hand[0] = card_set(hands[0], "'hands'[0]");
    s.hand[1] = card_set(hands[1], "'hands'[1]");
    const uint32_t deck = card_set(d["deck"], "'deck'");
    s.decree = static_cast<uint8_t>(parse_card(d["decree"], "'decree'"));
    if (d.contains("trick_cards")) {
      py::dict tc = py_convert::to_dict(d["trick_cards"], "'trick_cards'");
      py_convert::expect_keys(tc, "'trick_cards'", {"lead", "follow"});
      s.lead = optional_card(tc["lead"], "'trick_cards' lead");
      s.follow = optional_card(tc["follow"], "'trick_cards' follow");
    } else {
      s.lead = s.follow = kNoCard;
    }
    if (d.contains("played")) {
      s.played = card_set(d["played"], "'played'");
    } else {  // the completed tricks' pile: every card not listed elsewhere
      uint32_t listed = s.hand[0] | s.hand[1] | deck;
      for (uint8_t card : {s.decree, s.lead, s.follow})
        if (card != kNoCard) listed |= bit(card);
      s.played = kAllCards & ~listed;
    }
    {
      uint32_t all = 0;
      int count = 0;
      for (uint32_t m : {s.hand[0], s.hand[1], deck, s.played}) {
        all |= m;
        count += popcount(m);
      }
      for (uint8_t card : {s.decree, s.lead, s.follow}) {
        if (card == kNoCard) continue;
        all |= bit(card);
        ++count;
      }
      if (all != kAllCards || count != kCards) py_convert::value_error("the 30 cards must each be in exactly one place");
      if (popcount(deck) != 7) py_convert::value_error("'deck' must hold 7 cards");
    }

    // --- board ---
    const int n = p.n, c = p.c();
    if (d.contains("plus")) {
      py::list plus = py_convert::to_list(d["plus"], "'plus'", static_cast<size_t>(n));
      for (int i = 0; i < n; ++i) {
        if (py_convert::to_bool(plus[i], "'plus' entry") != (p.plus[i] != 0)) {
          py_convert::value_error("'plus' does not match the game's board");
        }
      }
    }
    py::list gems = py_convert::to_list(d["gems"], "'gems'", static_cast<size_t>(n));
    int board_gems = 0;
    for (int i = 0; i < n; ++i) {
      s.gems[i] = static_cast<uint8_t>(py_convert::to_int(gems[i], "'gems' entry", 0, kTotalGems));
      board_gems += s.gems[i];
    }
    if (board_gems > kTotalGems) py_convert::value_error("more than 22 gems on the board");
    s.board_gems = static_cast<uint8_t>(board_gems);
    py::list covered = py_convert::to_list(d["covered"], "'covered'", 2);
    for (int e = 0; e < 2; ++e) s.covered[e] = static_cast<uint8_t>(py_convert::to_int(covered[e], "'covered' entry", 0, c));
    if (s.covered[0] + s.covered[1] > kTotalForest) py_convert::value_error("forest tokens are not conserved");
    if (d.contains("forest_supply")) {
      const int forest = static_cast<int>(py_convert::to_int(d["forest_supply"], "'forest_supply'", 0, kTotalForest));
      if (forest + s.covered[0] + s.covered[1] != kTotalForest) py_convert::value_error("forest tokens are not conserved");
    }
    s.tracker = static_cast<int8_t>(py_convert::to_int(d["tracker"], "'tracker'", -c, c));
    s.gem_supply = static_cast<uint8_t>(py_convert::to_int(d["gem_supply"], "'gem_supply'", 0, kTotalGems));

    // --- knowledge ---
    py::list nothing_known;  // [[], []]
    nothing_known.append(py::list());
    nothing_known.append(py::list());
    py::list known = py_convert::to_list(py_convert::get_or(d, "known", nothing_known), "'known'", 2);
    py::list voids = py_convert::to_list(py_convert::get_or(d, "voids", nothing_known), "'voids'", 2);
    static constexpr std::array<const char*, 3> kSuits = {"R", "S", "D"};
    for (int pl = 0; pl < 2; ++pl) {
      s.known[pl] = card_set(known[pl], "'known'[" + std::to_string(pl) + "]");
      for (py::handle v : py_convert::to_list(voids[pl], "'voids'[" + std::to_string(pl) + "]")) {
        const int suit = py_convert::to_choice(v, "'voids' entry", kSuits);
        if ((s.voids[pl] >> suit) & 1) py_convert::value_error("'voids' repeats a suit");
        s.voids[pl] = static_cast<uint8_t>(s.voids[pl] | (1u << suit));
      }
    }

    // --- ability fields ---
    const py::object fox_target = py_convert::get_or(d, "fox_target", null);
    s.fox_target = fox_target.is_none() ? kUnset : static_cast<uint8_t>(py_convert::to_int(fox_target, "'fox_target'", 0, 1));
    const py::object ignore = py_convert::get_or(d, "ignore", null);
    s.ignore = ignore.is_none() ? kUnset : static_cast<uint8_t>(py_convert::to_choice(ignore, "'ignore'", kIgnoreNames));
    return s;
  }
};

}  // namespace tb
