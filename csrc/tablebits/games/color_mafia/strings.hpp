// Color Mafia as text: the state rendering, observation strings (exactly what the observer
// knows) and action strings.
#pragma once

#include <string>

#include "game.hpp"

namespace tb::color_mafia {

inline std::string chip_counts(const uint8_t* h) {
  std::string out;
  for (int c = 0; c < kChipColors; ++c) {
    if (c) out += ' ';
    out += kColorLetters[c];
    out += std::to_string(h[c]);
  }
  return out;
}

inline std::string coin_counts(uint16_t coins) {
  std::string out;
  for (int c = 0; c < kCoinColors; ++c) {
    if (c) out += ' ';
    out += kColorLetters[c];
    out += std::to_string(coin_count(coins, c));
  }
  return out;
}

inline std::string header_string(const State& s) {
  static constexpr const char* kPhases[] = {"choose", "resolve", "over"};
  // No "/max_rounds": the cap only guards against endless play, it is not the game's length.
  std::string out = "round " + std::to_string(s.round) + ", " + kPhases[s.phase] +
                    ", parent: player " + std::to_string(s.parent);
  if (s.acting != kNone) out += ", acting: player " + std::to_string(s.acting);
  if (s.outcome == kEnded) out += " (ended)";
  if (s.outcome == kTruncated) out += " (truncated)";
  return out + "\nbox " + chip_counts(s.box) + "\n";
}

inline std::string seat_line(const State& s, int pl) {
  std::string out = "player " + std::to_string(pl) + ": chips " + chip_counts(s.chips[pl]) +
                    "  coins " + coin_counts(s.coins[pl]);
  if (s.revealed[pl] != kNone) {
    out += "  revealed ";
    out += kColorLetters[s.revealed[pl]];
  }
  return out + "\n";
}

inline std::string ColorMafia::to_string(const State& s, const Params& p) {
  std::string out = header_string(s);
  for (int pl = 0; pl < p.players; ++pl) out += seat_line(s, pl);
  return out;
}

// The same public information, seats listed from the observer's.
inline std::string ColorMafia::observation_string(const State& s, const Params& p, int player) {
  std::string out = "you are player " + std::to_string(player) + "\n" + header_string(s);
  for (int k = 0; k < p.players; ++k) out += seat_line(s, (player + k) % p.players);
  return out;
}

// Ids mean the same at every node: 0-4 coins, 5-38 chip multisets (taken or returned by phase).
inline std::string ColorMafia::action_to_string(const State&, const Params&, int, int action) {
  if (action < kChipBase) return std::string("coin ") + kColorLetters[action];
  const Multiset& m = kMultisetTable[action - kChipBase];
  std::string out = "chips ";
  for (int c = 0; c < kChipColors; ++c) out.append(m.count[c], kColorLetters[c]);
  return out;
}

}  // namespace tb::color_mafia
