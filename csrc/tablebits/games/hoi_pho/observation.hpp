// Observation tensor (exactly what one player knows).
#pragma once

#include "game.hpp"

namespace tb::hoi_pho {

// Layout (seats are relative to the observer: block 0 is the observer, block i is seat
// observer + i). Global part:
//   phase one-hot 9 | outcome one-hot 3 | round 1 | turn one-hot 4 | contracts taken one-hot 8 |
//   forced one-hot 16 (0 = none) | previous 15 | removed merchants 15 + removed ships 1 |
//   stack depth 1 | stack top one-hot 16 (0 = empty) | skill player one-hot n | RPS target
//   one-hot n | rps draws 1 | own hand: merchants 15 + ships 1 | merchants played in earlier
//   turns of this round 15 (in no field, remembered)
// then per seat: coins 1 | coins at turn start 1 | contracts owned 7 | hand size 1 |
//   known merchants 15 | table cards 16 (ship, merchants) | discard one-hot 16 (3 players) |
//   ships played this round 1.
inline constexpr int kGlobalFixed = 9 + 3 + 1 + 4 + 8 + 16 + 15 + 16 + 1 + 16 + 1 + 16 + 15;
inline constexpr int kPerSeat = 1 + 1 + 7 + 1 + 15 + 16 + 16 + 1;

inline int HoiPho::observation_size(const Params& P) { return kGlobalFixed + 2 * P.players + P.players * kPerSeat; }

inline void HoiPho::observe(const State& s, const Params& P, int player, float* out) {
  const int n = P.players;
  const int size = observation_size(P);
  for (int i = 0; i < size; ++i) out[i] = 0.0f;
  float* o = out;
  auto merchants = [](float* dst, uint16_t mask) { mark_bits(dst, (mask & kAllMerchants) >> 1); };
  auto rel = [&](int seat) { return (seat - player + n) % n; };
  o[s.phase] = 1.0f; o += 9;
  o[s.outcome] = 1.0f; o += 3;
  o[0] = static_cast<float>(s.round); o += 1;
  o[s.turn - 1] = 1.0f; o += 4;
  o[taken(s)] = 1.0f; o += 8;
  o[s.forced] = 1.0f; o += 16;
  merchants(o, s.previous); o += 15;
  merchants(o, s.removed); o += 15;
  o[0] = static_cast<float>(s.removed_ships); o += 1;
  o[0] = static_cast<float>(s.depth); o += 1;
  o[s.top] = 1.0f; o += 16;
  if (s.skill_player != kNone) o[rel(s.skill_player)] = 1.0f;
  o += n;
  if (s.target != kNone) o[rel(s.target)] = 1.0f;
  o += n;
  o[0] = static_cast<float>(s.rps_draws); o += 1;
  merchants(o, s.hand[player]); o += 15;
  o[0] = static_cast<float>(s.ships[player]); o += 1;
  merchants(o, played_earlier(s, n)); o += 15;
  for (int i = 0; i < n; ++i) {
    const int q = (player + i) % n;
    o[0] = static_cast<float>(s.coins[q]);
    o[1] = static_cast<float>(s.turn_start[q]);
    for (int c = 0; c < kContracts; ++c) o[2 + c] = static_cast<float>(s.contracts[q] >> c & 1);
    o[9] = static_cast<float>(std::popcount(s.hand[q]) + s.ships[q]);
    merchants(o + 10, s.known[q]);
    mark_bits(o + 25, s.table[q]);
    if (discards_present(s, n)) o[41 + s.discards[q]] = 1.0f;
    o[57] = static_cast<float>(s.ships_played[q]);
    o += kPerSeat;
  }
}

}  // namespace tb::hoi_pho
