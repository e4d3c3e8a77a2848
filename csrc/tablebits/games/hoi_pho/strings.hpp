// Hội Phố as text: the state rendering, observation strings (exactly what the observer
// knows) and action strings.
#pragma once

#include <stdexcept>
#include <string>

#include "../../core/text.hpp"
#include "game.hpp"

namespace tb::hoi_pho {

inline constexpr const char* kPhaseNames[kNumPhases] = {
    "discard", "play", "target", "name", "naga_play", "naga_take", "copy", "rps", "over"};
inline constexpr const char* kOutcomeNames[3] = {"null", "ended", "truncated"};

inline std::string card_name(int c) { return c == 0 ? "ship" : std::to_string(c); }

inline std::string card_list(uint16_t merchants, int ships) {
  ListString out;
  for (int i = 0; i < ships; ++i) out.add("ship");
  return out.add_bits(merchants & kAllMerchants, [](int c) { return std::to_string(c); }).str();
}

inline std::string contract_list(const State& s, const Params& P, int q) {
  return set_string(s.contracts[q], [&](int i) { return std::to_string(P.contracts[i]); });
}

// Everything public, then each seat's hand as `hand(q)` renders it.
template <class HandFn>
std::string render(const State& s, const Params& P, HandFn&& hand) {
  const int n = P.players;
  // No "/max_rounds": the cap only guards against endless play, it is not the game's length.
  std::string out = "round " + std::to_string(s.round) + ", turn " + std::to_string(s.turn) +
                    "/" + std::to_string(turns_per_round(n)) + ", phase " + kPhaseNames[s.phase];
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
      out += std::to_string(i + 1 == s.depth ? int{s.top} : int{kNaga});
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
    return count_string(size, "card") + (s.known[q] ? ", known " + card_list(s.known[q], 0) : "");
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
