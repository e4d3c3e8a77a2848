// Observation tensor and text (exactly what one player knows), rendering and action strings.
#pragma once

#include <stdexcept>
#include <string>

#include "game.hpp"

namespace tb::hoi_pho {

inline constexpr const char* kPhaseNames[kNumPhases] = {
    "discard", "play", "target", "name", "naga_play", "naga_take", "copy", "rps", "over"};
inline constexpr const char* kOutcomeNames[3] = {"null", "ended", "truncated"};

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
  auto merchants = [](float* dst, uint16_t mask) {
    for_each_bit(mask & kAllMerchants, [&](int c) { dst[c - 1] = 1.0f; });
  };
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
    for_each_bit(s.table[q], [&](int c) { o[25 + c] = 1.0f; });
    if (discards_present(s, n)) o[41 + s.discards[q]] = 1.0f;
    o[57] = static_cast<float>(s.ships_played[q]);
    o += kPerSeat;
  }
}

inline std::string card_name(int c) { return c == 0 ? "ship" : std::to_string(c); }

inline std::string card_list(uint16_t merchants, int ships) {
  std::string out = "[";
  auto add = [&](const std::string& x) {
    if (out.size() > 1) out += ' ';
    out += x;
  };
  for (int i = 0; i < ships; ++i) add("ship");
  for_each_bit(merchants & kAllMerchants, [&](int c) { add(std::to_string(c)); });
  return out + "]";
}

inline std::string contract_list(const State& s, const Params& P, int q) {
  std::string out = "[";
  for (int i = 0; i < kContracts; ++i) {
    if (!(s.contracts[q] >> i & 1)) continue;
    if (out.size() > 1) out += ' ';
    out += std::to_string(P.contracts[i]);
  }
  return out + "]";
}

// Everything public, then each seat's hand as `hand(q)` renders it.
template <class HandFn>
std::string render(const State& s, const Params& P, HandFn&& hand) {
  const int n = P.players;
  std::string out = "round " + std::to_string(s.round) + "/" + std::to_string(P.max_rounds) + ", turn " +
                    std::to_string(s.turn) + "/" + std::to_string(turns_per_round(n)) + ", phase " +
                    kPhaseNames[s.phase];
  if (s.outcome) out += std::string(" (") + kOutcomeNames[s.outcome] + ")";
  out += "\ndeck [";
  for (int i = HoiPho::taken(s); i < kContracts; ++i) {
    if (i > HoiPho::taken(s)) out += ' ';
    out += std::to_string(P.contracts[i]);
  }
  out += "]  previous " + card_list(s.previous, 0);
  if (const uint16_t gone = HoiPho::played_earlier(s, n)) out += "  played earlier " + card_list(gone, 0);
  if (n == 3) out += "  removed " + card_list(s.removed, s.removed_ships);
  if (s.forced) out += "  forced " + std::to_string(s.forced);
  if (s.depth) {
    out += "\nresolving: player " + std::to_string(s.skill_player) + ", stack [";
    for (int i = 0; i < s.depth; ++i) {
      if (i) out += ' ';
      out += std::to_string(i + 1 == s.depth ? s.top : 6);
    }
    out += "]";
    if (s.target != kNone) out += ", RPS against player " + std::to_string(s.target) + ", draws " + std::to_string(s.rps_draws);
  }
  out += "\n";
  for (int q = 0; q < n; ++q) {
    out += "player " + std::to_string(q) + ": coins " + std::to_string(s.coins[q]) + " (turn start " +
           std::to_string(s.turn_start[q]) + ")  contracts " + contract_list(s, P, q) + "  hand " + hand(q);
    if (s.table[q]) out += "  table " + card_list(s.table[q] & kAllMerchants, s.table[q] & 1);
    if (HoiPho::discards_present(s, n)) out += "  discarded " + card_name(s.discards[q]);
    if (s.ships_played[q]) out += "  ships played " + std::to_string(s.ships_played[q]);
    out += "\n";
  }
  return out;
}

inline std::string HoiPho::to_string(const State& s, const Params& P) {
  return render(s, P, [&](int q) {
    return card_list(s.hand[q], s.ships[q]) + (s.known[q] ? " known " + card_list(s.known[q], 0) : "");
  });
}

inline std::string HoiPho::observation_string(const State& s, const Params& P, int player) {
  return "you are player " + std::to_string(player) + "\n" + render(s, P, [&](int q) {
    if (q == player) return card_list(s.hand[q], s.ships[q]);
    const int size = std::popcount(s.hand[q]) + s.ships[q];
    return std::to_string(size) + " cards" + (s.known[q] ? ", known " + card_list(s.known[q], 0) : "");
  });
}

// A seat that does not exist throws std::invalid_argument (ValueError in Python).
inline std::string HoiPho::action_to_string(const State& s, const Params& P, int, int action) {
  if (action >= kRock) return action == kRock ? "rock" : action == kPaper ? "paper" : "scissors";
  if (action >= kTargetBase) {
    const int seat = action - kTargetBase;
    if (seat >= P.players) {
      throw std::invalid_argument("hoi_pho: no seat " + std::to_string(seat) + " with " +
                                  std::to_string(P.players) + " players");
    }
    return "target " + std::to_string(seat);
  }
  const char* verb;
  switch (s.phase) {
    case kDiscard: verb = "discard "; break;
    case kName: verb = "name "; break;
    case kNagaPlay: verb = "naga-play "; break;
    case kNagaTake: verb = "naga-take "; break;
    case kCopy: verb = "copy "; break;
    default: verb = "play "; break;
  }
  return verb + card_name(action);
}

}  // namespace tb::hoi_pho
