// Determinisation: redraw every opponent's unknown cards from the deal distribution conditioned
// on what `player` can see in the state, and reseed the generator.
//
// Hidden from `player`: the cards in no public place (own hand, table, previous, removed,
// discards, known lists). They fill the opponents' unknown slots (hand size minus known cards);
// on turns after the first the rest are cards played in earlier turns, which the state (like its
// dict) does not record.
//
// Turn 1 (everything each player removed this round is still visible with its owner): the exact
// posterior of the deal. Seat q was dealt its own ship plus k cards of a uniformly shuffled pile.
// With r_q ships visibly removed by q (played on the table or discarded) and m_q ships now among
// q's unknown cards, q got x_q = m_q + r_q - 1 ships from the pile, and a configuration's weight
// is proportional to prod_q 1 / x_q! (interchangeable spare ships), i.e. relative to a uniform
// assignment of the hidden cards (hidden ships labelled) prod_q m_q! / (m_q + r_q - 1)!:
//   r_q = 0: weight m_q -> exactly "q keeps its own ship, the rest is uniform";
//   r_q = 1: weight 1   -> uniform;
//   r_q = 2 (3 players: a ship discarded and a ship played): weight 1 / (m_q + 1) -> rejection.
// In phase naga_play the Naga's player visibly holds a merchant: draws without one are rejected.
// Later turns: the state no longer says who played the earlier cards (ships in particular), so
// no ship constraint can be derived; the unknown slots are filled uniformly from the hidden
// cards.
#pragma once

#include "game.hpp"

namespace tb::hoi_pho {

inline void HoiPho::resample(State& s, const Params& P, int player, uint64_t seed) {
  const int n = P.players;
  Rng rng{seed};
  uint16_t visible = s.hand[player] | s.previous | s.removed | table_all(s, n);
  int visible_ships = s.ships[player] + s.removed_ships;
  int removed_ships[kMaxPlayers] = {};
  for (int q = 0; q < n; ++q) {
    visible |= s.known[q];
    if (s.table[q] & 1) {
      ++visible_ships;
      ++removed_ships[q];
    }
  }
  if (discards_present(s, n)) {
    for (int q = 0; q < n; ++q) {
      if (s.discards[q]) {
        visible |= bit(s.discards[q]);
      } else {
        ++visible_ships;
        ++removed_ships[q];
      }
    }
  }
  const uint16_t hidden = kAllMerchants & static_cast<uint16_t>(~visible);
  const int hidden_ships = visible_ships <= 5 ? 5 - visible_ships : 0;
  int slots[kMaxPlayers] = {};
  int total_slots = 0;
  for (int q = 0; q < n; ++q) {
    if (q == player) continue;
    slots[q] = std::popcount(s.hand[q]) + s.ships[q] - std::popcount(s.known[q]);
    total_slots += slots[q];
  }
  uint8_t pool[20];
  int pool_size = 0;
  for (int i = 0; i < hidden_ships; ++i) pool[pool_size++] = 0;
  for_each_bit(hidden, [&](int c) { pool[pool_size++] = static_cast<uint8_t>(c); });
  // Validated states always have enough hidden cards; stay safe on anything else.
  if (total_slots > pool_size) {
    s.rng.state = rng.next();
    return;
  }
  // Turn 1: the seats that still certainly hold their own ship keep one.
  bool keeps_ship[kMaxPlayers] = {};
  bool weighted = false;
  if (s.turn == 1) {
    int keepers = 0;
    bool feasible = true;
    for (int q = 0; q < n; ++q) {
      if (q == player) continue;
      if (removed_ships[q] == 0) {
        keeps_ship[q] = true;
        ++keepers;
        feasible = feasible && slots[q] >= 1;
      }
      weighted = weighted || removed_ships[q] >= 2;
    }
    if (!feasible || keepers > hidden_ships) {  // unreachable states: fall back to uniform
      for (bool& k : keeps_ship) k = false;
      weighted = false;
    }
  }
  uint16_t new_hand[kMaxPlayers];
  uint8_t new_ships[kMaxPlayers];
  for (int attempt = 0;; ++attempt) {
    uint8_t deck[20];
    int size = 0, reserved_ships = 0;
    for (int q = 0; q < n; ++q) reserved_ships += keeps_ship[q];
    for (int i = 0; i < pool_size; ++i) {
      if (pool[i] == 0 && reserved_ships > 0) {
        --reserved_ships;  // set aside as some seat's own ship
        continue;
      }
      deck[size++] = pool[i];
    }
    rng.shuffle(deck, size);
    int next = 0;
    bool accept = true;
    for (int q = 0; q < n; ++q) {
      if (q == player) continue;
      uint16_t h = s.known[q];
      uint8_t sh = keeps_ship[q] ? 1 : 0;
      for (int i = sh; i < slots[q]; ++i) {
        const uint8_t c = deck[next++];
        if (c) h |= bit(c); else ++sh;
      }
      new_hand[q] = h;
      new_ships[q] = sh;
      if (weighted && removed_ships[q] >= 2 && rng.uniform(static_cast<uint32_t>(sh) + 1) != 0) accept = false;
    }
    // An open Naga decision shows that its player holds a merchant.
    if (s.phase == kNagaPlay && s.skill_player != player && !new_hand[s.skill_player]) accept = false;
    if (accept) break;
    if (attempt >= 10000) {  // only for states no play reaches: keep the hands as they are
      s.rng.state = rng.next();
      return;
    }
  }
  for (int q = 0; q < n; ++q) {
    if (q == player) continue;
    s.hand[q] = new_hand[q];
    s.ships[q] = new_ships[q];
  }
  s.rng.state = rng.next();
}

}  // namespace tb::hoi_pho
