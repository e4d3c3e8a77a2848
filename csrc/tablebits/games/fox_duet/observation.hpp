// Observation tensor (exactly what one player knows).
// Hidden from a player: the partner's dealt cards not known to have entered their hand, the
// undealt deck and the generator state.
#pragma once

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
  auto mark = [&](int plane, uint32_t mask) { mark_bits(out + plane * kCards, mask); };
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

}  // namespace tb::fox_duet
