// Fox in the Forest Duet: the board a level needs, and the hook keys of its state dict (schema:
// games/fox_duet/schema.hpp, docs/games/fox_duet.md): the dict-only facts (the deck list, plus
// flags, forest_supply) and the trick's cards. Semantic checks live in FoxDuet::validate.
#pragma once

#include <array>
#include <string>

#include "../../tablebits/games/fox_duet/game.hpp"
#include "../pyconvert.hpp"
#include "../state_codec.hpp"

namespace tb {

template <>
struct PyCodec<fox_duet::FoxDuet> {
  using G = fox_duet::FoxDuet;
  using State = G::State;
  using Params = G::Params;
  using Field = fox_duet::Field;

  // Levels 2 and 3 are played on Side B, which is not published: they need an explicit board.
  static void check_given(const Params& p, const py_convert::ParamReader& r) {
    if (p.level != 1 && !r.given("board")) {
      py_convert::value_error(
          "fox_duet level " + std::to_string(p.level) +
          " is played on Side B, whose layout is not published/available; pass a layout with "
          "board=[{\"gems\": .., \"plus\": ..}, ...]");
    }
  }

  // The card lists and single cards of the hook keys, read and written like the schema's fields.
  static constexpr Field::Bits<&State::played> kCardList{
      .key = "played", .valid = fox_duet::kAllCards, .name = fox_duet::card_string, .ascending = false};
  static constexpr Field::Int<&State::lead> kLead{
      .key = "lead", .lo = 0, .hi = fox_duet::kCards - 1, .none = fox_duet::kNoCard, .name = fox_duet::card_string};
  static constexpr Field::Int<&State::follow> kFollow{
      .key = "follow", .lo = 0, .hi = fox_duet::kCards - 1, .none = fox_duet::kNoCard, .name = fox_duet::card_string};

  static pybind11::object hook_to_py(int id, const State& s, const Params& p) {
    namespace py = pybind11;
    using namespace fox_duet;
    switch (id) {
      case kDeckKey: return py_convert::bits_to_list(G::unseen(s, 0) & ~s.hand[1], card_string);
      case kTrickCardsKey: {
        py::dict trick_cards;
        trick_cards["lead"] = state_codec::int_to_py(kLead, s.lead);
        trick_cards["follow"] = state_codec::int_to_py(kFollow, s.follow);
        return trick_cards;
      }
      case kPlusKey: {
        py::list plus;
        for (int i = 0; i < p.n; ++i) plus.append(p.plus[i] != 0);
        return plus;
      }
      case kForestSupplyKey: return py::int_(G::forest_supply(s));
      default: return py_convert::bits_to_list(s.played, card_string);
    }
  }

  static void hook_read(int id, const pybind11::dict& d, State& s, const Params& p) {
    namespace py = pybind11;
    using namespace fox_duet;
    if (id == kTrickCardsKey) {
      s.lead = s.follow = kNoCard;
      if (!d.contains("trick_cards")) return;
      py::dict tc = py_convert::to_dict(d["trick_cards"], "'trick_cards'");
      py_convert::expect_keys(tc, "'trick_cards'", {"lead", "follow"});
      s.lead = static_cast<uint8_t>(state_codec::read_int(kLead, p, tc["lead"], "'trick_cards' lead"));
      s.follow = static_cast<uint8_t>(state_codec::read_int(kFollow, p, tc["follow"], "'trick_cards' follow"));
    } else if (id == kPlusKey) {
      if (d.contains("plus")) {
        py::list plus = py_convert::to_list(d["plus"], "'plus'", static_cast<size_t>(p.n));
        for (int i = 0; i < p.n; ++i) {
          if (py_convert::to_bool(plus[i], "'plus' entry") != (p.plus[i] != 0)) {
            py_convert::value_error("'plus' does not match the game's board");
          }
        }
      }
      int board_gems = 0;  // the cached sum of gems (more than a byte holds is not a board)
      for (int i = 0; i < p.n; ++i) board_gems += s.gems[i];
      if (board_gems > kTotalGems) py_convert::value_error("more than 22 gems on the board");
      s.board_gems = static_cast<uint8_t>(board_gems);
    } else if (id == kForestSupplyKey && d.contains("forest_supply")) {
      const int forest = static_cast<int>(py_convert::to_int(d["forest_supply"], "'forest_supply'", 0, kTotalForest));
      if (forest != G::forest_supply(s)) py_convert::value_error("forest tokens are not conserved");
    } else if (id == kPlayedKey) {
      // The deck is stored nowhere: it must be 7 cards, in no other place, with which every card
      // is listed (validate checks that the stored places hold the other 23 once each). Left
      // out, played is every card not listed elsewhere.
      const uint32_t deck = state_codec::read_bits(kCardList, p, d["deck"], "'deck'").first;
      uint32_t listed = s.hand[0] | s.hand[1] | bit(s.decree);
      for (uint8_t card : {s.lead, s.follow}) listed |= card == kNoCard ? 0u : bit(card);
      s.played = d.contains("played") ? state_codec::read_bits(kCardList, p, d["played"], "'played'").first : kAllCards & ~listed & ~deck;
      if ((deck & (listed | s.played)) || (deck | listed | s.played) != kAllCards) {
        py_convert::value_error("the 30 cards must each be in exactly one place");
      }
      if (popcount(deck) != 7) py_convert::value_error("'deck' must hold 7 cards");
    }
  }
};

}  // namespace tb
