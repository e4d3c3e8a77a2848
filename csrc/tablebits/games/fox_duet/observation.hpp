// Observation tensor and text (exactly what one player knows), rendering and action strings.
// Hidden from a player: the partner's dealt cards not known to have entered their hand, the
// undealt deck and the generator state.
#pragma once

#include <string>

#include "game.hpp"

namespace tb::fox_duet {

// Per-card planes (30 entries each).
enum CardPlane : int {
  kMyHand, kDecreeCard, kLeadCard, kFollowCard, kPlayedCards, kMyKnown, kPartnerKnown, kCardPlanes
};
inline constexpr int kObsVoids = kCardPlanes * kCards;         // mine (3), partner's (3)
inline constexpr int kObsGems = kObsVoids + 6;                 // gem count per space
inline constexpr int kObsCovered = kObsGems + kMaxSpaces;      // space covered by forest
inline constexpr int kObsTracker = kObsCovered + kMaxSpaces;   // one-hot tracker space
inline constexpr int kObsPlus = kObsTracker + kMaxSpaces;      // + space
inline constexpr int kObsSpace = kObsPlus + kMaxSpaces;        // space exists on this board
inline constexpr int kObsRound = kObsSpace + kMaxSpaces;       // one-hot 3
inline constexpr int kObsTrick = kObsRound + kRounds;          // one-hot 11
inline constexpr int kObsPhase = kObsTrick + kTricks;          // one-hot 9
inline constexpr int kObsSeat = kObsPhase + kNumPhases;        // my seat one-hot 2
inline constexpr int kObsLeader = kObsSeat + 2;                // leader seat one-hot 2
inline constexpr int kObsDealer = kObsLeader + 2;              // dealer seat one-hot 2
inline constexpr int kObsFoxTarget = kObsDealer + 2;           // fox target seat one-hot 2
inline constexpr int kObsIgnore = kObsFoxTarget + 2;           // Gazelle choice one-hot 4
inline constexpr int kObsOutcome = kObsIgnore + 4;             // won / lost_time / lost_forest
inline constexpr int kObsForest = kObsOutcome + 3;             // forest supply one-hot 0..4
inline constexpr int kObsLevel = kObsForest + kTotalForest + 1;  // one-hot 3
inline constexpr int kObsScalars = kObsLevel + 3;  // gem supply, hand sizes (mine, partner's), I act
inline constexpr int kObsSize = kObsScalars + 4;

inline int FoxDuet::observation_size(const Params&) { return kObsSize; }

inline void FoxDuet::observe(const State& s, const Params& p, int player, float* out) {
  for (int i = 0; i < kObsSize; ++i) out[i] = 0.0f;
  const int q = 1 - player;
  auto mark = [&](int plane, uint32_t mask) {
    for_each_bit(mask, [&](int card) { out[plane * kCards + card] = 1.0f; });
  };
  mark(kMyHand, s.hand[player]);
  mark(kDecreeCard, bit(s.decree));
  if (s.lead != kNoCard) mark(kLeadCard, bit(s.lead));
  if (s.follow != kNoCard) mark(kFollowCard, bit(s.follow));
  mark(kPlayedCards, s.played);
  mark(kMyKnown, s.known[player]);
  mark(kPartnerKnown, s.known[q]);
  for (int suit = 0; suit < 3; ++suit) {
    out[kObsVoids + suit] = (s.voids[player] >> suit) & 1 ? 1.0f : 0.0f;
    out[kObsVoids + 3 + suit] = (s.voids[q] >> suit) & 1 ? 1.0f : 0.0f;
  }
  const int c = p.c();
  for (int i = 0; i < p.n; ++i) {
    out[kObsGems + i] = static_cast<float>(s.gems[i]);
    out[kObsCovered + i] = (i < s.covered[0] || i > p.n - 1 - s.covered[1]) ? 1.0f : 0.0f;
    out[kObsPlus + i] = p.plus[i] ? 1.0f : 0.0f;
    out[kObsSpace + i] = 1.0f;
  }
  out[kObsTracker + s.tracker + c] = 1.0f;
  out[kObsRound + s.round - 1] = 1.0f;
  out[kObsTrick + s.trick - 1] = 1.0f;
  out[kObsPhase + s.phase] = 1.0f;
  out[kObsSeat + player] = 1.0f;
  out[kObsLeader + s.leader] = 1.0f;
  out[kObsDealer + s.dealer] = 1.0f;
  if (s.fox_target != kUnset) out[kObsFoxTarget + s.fox_target] = 1.0f;
  if (s.ignore != kUnset) out[kObsIgnore + s.ignore] = 1.0f;
  if (s.outcome != kNone) out[kObsOutcome + s.outcome - 1] = 1.0f;
  out[kObsForest + forest_supply(s)] = 1.0f;
  out[kObsLevel + p.level - 1] = 1.0f;
  out[kObsScalars] = static_cast<float>(s.gem_supply);
  out[kObsScalars + 1] = static_cast<float>(popcount(s.hand[player]));
  out[kObsScalars + 2] = static_cast<float>(popcount(s.hand[q]));
  out[kObsScalars + 3] = legal_mask(s, p, player) ? 1.0f : 0.0f;
}

inline constexpr const char* kPhaseNames[kNumPhases] = {
    "lead", "fox_target", "fox_swap", "gift", "follow", "gazelle", "musician", "forest_end", "over"};
inline constexpr const char* kOutcomeNames[4] = {"", "won", "lost_time", "lost_forest"};
inline constexpr const char* kIgnoreNames[4] = {"none", "lead", "follow", "both"};
inline constexpr char kSuitLetters[3] = {'R', 'S', 'D'};

inline std::string card_string(int card) {
  return std::string(1, kSuitLetters[suit_of(card)]) + std::to_string(rank_of(card));
}

inline std::string card_list(uint32_t mask) {
  std::string out = "[";
  for_each_bit(mask, [&](int card) {
    if (out.size() > 1) out += ' ';
    out += card_string(card);
  });
  return out + "]";
}

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
         std::to_string(popcount(s.hand[q])) + " cards, known " + card_list(s.known[q]) +
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
