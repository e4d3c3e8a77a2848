// Fox Duet as text: the state rendering, observation strings (exactly what the observer
// knows) and action strings.
#pragma once

#include <string>

#include "../../core/text.hpp"
#include "game.hpp"

namespace tb::fox_duet {

inline constexpr const char* kPhaseNames[kNumPhases] = {
    "lead", "fox_target", "fox_swap", "gift", "follow", "gazelle", "musician", "forest_end", "over"};
inline constexpr const char* kOutcomeNames[4] = {"", "won", "lost_time", "lost_forest"};
inline constexpr const char* kIgnoreNames[4] = {"none", "lead", "follow", "both"};
inline constexpr char kSuitLetters[3] = {'R', 'S', 'D'};

inline std::string card_string(int card) {
  return std::string(1, kSuitLetters[suit_of(card)]) + std::to_string(rank_of(card));
}

inline std::string card_list(uint32_t mask) { return set_string(mask, card_string); }

inline std::string suit_list(uint8_t voids) {
  std::string out;
  for (int suit = 0; suit < 3; ++suit)
    if ((voids >> suit) & 1) out += kSuitLetters[suit];
  return out.empty() ? "-" : out;
}

// "-5:1 -4:1+ ... [0]T ..." with covered spaces as ##.
inline std::string board_string(const State& s, const Params& p) {
  const int c = p.c();
  std::string out;
  for (int i = 0; i < p.n; ++i) {
    if (i) out += ' ';
    const int x = i - c;
    if (i < s.covered[0] || i > p.n - 1 - s.covered[1]) {
      out += "##";
      continue;
    }
    out += (x > 0 ? "+" : "") + std::to_string(x) + ":" + std::to_string(s.gems[i]);
    if (p.plus[i]) out += "+";
    if (x == s.tracker) out += "T";
  }
  return out;
}

inline std::string header_string(const State& s, const Params& p) {
  std::string out = "level " + std::to_string(p.level) + ", round " + std::to_string(s.round) +
                    "/3, trick " + std::to_string(s.trick) + "/11, " + kPhaseNames[s.phase];
  if (s.outcome != kNone) out += std::string(" (") + kOutcomeNames[s.outcome] + ")";
  out += ", dealer " + std::to_string(s.dealer) + ", leader " + std::to_string(s.leader);
  if (s.fox_target != kUnset) out += ", fox target " + std::to_string(s.fox_target);
  if (s.ignore != kUnset) out += std::string(", ignore ") + kIgnoreNames[s.ignore];
  out += "\nboard " + board_string(s, p) + "\nforest supply " + std::to_string(FoxDuet::forest_supply(s)) +
         ", gem supply " + std::to_string(s.gem_supply) + "\ndecree " + card_string(s.decree) +
         "  trick " + (s.lead == kNoCard ? "-" : card_string(s.lead)) + " " +
         (s.follow == kNoCard ? "-" : card_string(s.follow)) + "\nplayed " + card_list(s.played) + "\n";
  return out;
}

inline std::string FoxDuet::to_string(const State& s, const Params& p) {
  uint32_t deck = unseen(s, 0) & ~s.hand[1];
  std::string out = header_string(s, p);
  for (int pl = 0; pl < 2; ++pl) {
    out += "player " + std::to_string(pl) + ": hand " + card_list(s.hand[pl]) + "  known " +
           card_list(s.known[pl]) + "  voids " + suit_list(s.voids[pl]) + "\n";
  }
  return out + "deck " + card_list(deck) + "\n";
}

inline std::string FoxDuet::observation_string(const State& s, const Params& p, int player) {
  const int q = 1 - player;
  return "you are player " + std::to_string(player) + "\n" + header_string(s, p) + "your hand " +
         card_list(s.hand[player]) + "  voids " + suit_list(s.voids[player]) + "\npartner: " +
         count_string(popcount(s.hand[q]), "card") + ", known " + card_list(s.known[q]) +
         "  voids " + suit_list(s.voids[q]) + "\n";
}

inline std::string FoxDuet::action_to_string(const State& s, const Params&, int, int action) {
  static constexpr const char* kOther[] = {"keep", "target 0", "target 1", "ignore none", "ignore lead",
                                           "ignore follow", "ignore both", "forward", "reverse",
                                           "forest minus", "forest plus"};
  if (action >= kCards) return kOther[action - kCards];
  const char* prefix = s.phase == kGift ? "give " : s.phase == kFoxSwap ? "swap " : "";
  return prefix + card_string(action);
}

}  // namespace tb::fox_duet
