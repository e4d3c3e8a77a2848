// Fox Duet determinisation: what `player` cannot know is the partner's hand (beyond the cards
// known to be in it) and the order of the deck.
#pragma once

#include "game.hpp"

namespace tb::fox_duet {

// The partner's unknown cards: a uniform subset of the unseen cards outside the partner's
// void suits, of the same size; the rest stay in the deck. Future deals are reseeded.
inline void FoxDuet::resample(State& s, const Params&, int player, uint64_t seed) {
  Rng rng{seed};
  const int q = 1 - player;
  uint32_t eligible = unseen(s, player);
  for (int suit = 0; suit < 3; ++suit)
    if ((s.voids[q] >> suit) & 1) eligible &= ~suit_cards(suit);
  const int k = popcount(s.hand[q] & ~s.known[q]);
  uint8_t pool[kCards];
  int count = 0;
  for_each_bit(eligible, [&](int card) { pool[count++] = static_cast<uint8_t>(card); });
  uint32_t chosen = 0;
  // Partial Fisher-Yates: the first k entries form a uniform k-subset.
  for (int i = 0; i < k && i < count; ++i) {
    const int j = i + static_cast<int>(rng.uniform(static_cast<uint32_t>(count - i)));
    const uint8_t tmp = pool[i];
    pool[i] = pool[j];
    pool[j] = tmp;
    chosen |= bit(pool[i]);
  }
  s.hand[q] = s.known[q] | chosen;
  s.rng.state = rng.next();
}

}  // namespace tb::fox_duet
