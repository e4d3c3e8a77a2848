// Fox in the Forest Duet: the hook keys of its state dict (schema: games/fox_duet/schema.hpp,
// docs/games/fox_duet.md): the deck, stored nowhere, and the completed tricks' pile derived from
// it. Semantic checks live in FoxDuet::validate.
#pragma once

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

  // The card lists of the hook keys, read and written like the schema's fields.
  static constexpr Field::Bits<&State::played> kCardList{
      .key = "played", .valid = fox_duet::kAllCards, .name = fox_duet::card_string, .ascending = false};

  static pybind11::object hook_to_py(int id, const State& s, const Params&) {
    using namespace fox_duet;
    return py_convert::bits_to_list(id == kDeckKey ? G::unseen(s, 0) & ~s.hand[1] : s.played, card_string);
  }

  static void hook_read(int id, const pybind11::dict& d, State& s, const Params& p) {
    using namespace fox_duet;
    if (id == kPlayedKey) {
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
