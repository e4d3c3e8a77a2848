// Determinisation: redraw every opponent's unknown cards from the deal distribution conditioned
// on what `player` knows, and reseed the generator (docs/games/hoi_pho.md, "Resample").
//
// What `player` knows (perfect recall): its own hand, every public field, each seat's hand size,
// `known` cards and `ships_played`, and the merchants played in earlier turns of the round (in no
// field, but seen when played). So the multiset of the opponents' unknown cards (the "pool") is
// public: every merchant not in p's hand, not visible and not played earlier, plus
// 5 - (p's ships + removed ships + sum of ships_played) ships. Only its split among the seats is
// hidden. It is built here from the opponents' hands in canonical order (ships, then merchants
// ascending), so the result depends on p's information and the seed only.
//
// Posterior: seat q was dealt its own ship plus a slice of k cards of a uniformly shuffled pile
// with identical spare ships. q's slice is its current hand plus the cards it removed this round
// minus the cards it took with Naga (none of which are ships), so it holds
// x_q = m_q + ships_played[q] - 1 spare ships, m_q = ships now in q's hand. The number of pile
// orderings giving a split is proportional to prod_q 1 / x_q! (k! / x_q! per slice; merchants
// are distinct and who played which merchant earlier does not change the count). Hence the
// posterior over splits of the pool into the unknown slots is proportional to prod_q 1 / x_q!,
// restricted to x_q >= 0 (a seat that played no ship still holds one).
//
// Sampler: a uniform permutation of the pool with labelled ships gives a split with probability
// proportional to 1 / prod_q r_q!, r_q = ships dealt to q by the permutation. Seats with
// ships_played = 0 first get one ship each (their own: r_q = m_q - 1 = x_q, exact); seats with
// ships_played = s >= 1 get r_q = m_q and need the extra factor r_q! / (r_q + s - 1)!, which is
// applied by accepting with probability 1 / C(r_q + s - 1, r_q) (its maximum, 1, at r_q = 0).
// s >= 2 is possible only with 3 or 4 players, and the ship total (5) bounds r_q: each factor is
// at least 1/2 and in practice at most one seat has s >= 2 with r_q > 0. An open naga_play
// decision shows that its player holds a merchant: draws without one are rejected as well.
#pragma once

#include "game.hpp"

namespace tb::hoi_pho {

// Draws the opponents' hands into `s` with `rng`. A state with no consistent split (validated
// states always have one) keeps its hands.
inline void resample_hands(State& s, const Params& P, int player, Rng& rng) {
  const int n = P.players;
  int slots[kMaxPlayers] = {}, keep[kMaxPlayers] = {};
  int pool_ships = 0, keepers = 0, total_slots = 0;
  uint16_t pool_merchants = 0;
  for (int q = 0; q < n; ++q) {
    if (q == player) continue;
    const uint16_t unknown = s.hand[q] & static_cast<uint16_t>(~s.known[q]);
    pool_merchants |= unknown;
    pool_ships += s.ships[q];
    slots[q] = std::popcount(unknown) + s.ships[q];
    total_slots += slots[q];
    keep[q] = s.ships_played[q] == 0 ? 1 : 0;
    keepers += keep[q];
    if (slots[q] < keep[q]) return;
  }
  if (keepers > pool_ships) return;
  uint8_t deck[20];
  int size = 0;
  for (int i = keepers; i < pool_ships; ++i) deck[size++] = 0;
  for_each_bit(pool_merchants & kAllMerchants, [&](int c) { deck[size++] = static_cast<uint8_t>(c); });
  if (size != total_slots - keepers) return;
  const int naga = s.phase == kNagaPlay && s.skill_player != player ? s.skill_player : -1;
  uint16_t new_hand[kMaxPlayers] = {};
  uint8_t new_ships[kMaxPlayers] = {};
  for (int attempt = 1; attempt <= (1 << 16); ++attempt) {
    rng.shuffle(deck, size);
    int next = 0;
    uint32_t odds = 1;  // accept with probability 1 / odds
    for (int q = 0; q < n; ++q) {
      if (q == player) continue;
      uint16_t h = s.known[q];
      int r = 0;
      for (int i = keep[q]; i < slots[q]; ++i) {
        const uint8_t c = deck[next++];
        if (c) h |= bit(c); else ++r;
      }
      new_hand[q] = h;
      new_ships[q] = static_cast<uint8_t>(r + keep[q]);
      const int sp = s.ships_played[q];
      if (sp == 2) odds *= static_cast<uint32_t>(r + 1);
      if (sp == 3) odds *= static_cast<uint32_t>((r + 1) * (r + 2) / 2);
    }
    if (naga >= 0 && !new_hand[naga]) continue;
    if (odds > 1 && rng.uniform(odds) != 0) continue;
    for (int q = 0; q < n; ++q) {
      if (q == player) continue;
      s.hand[q] = new_hand[q];
      s.ships[q] = new_ships[q];
    }
    return;
  }
}

inline void HoiPho::resample(State& s, const Params& P, int player, uint64_t seed) {
  Rng rng{seed};
  resample_hands(s, P, player, rng);
  s.rng.state = rng.next();
}

}  // namespace tb::hoi_pho
