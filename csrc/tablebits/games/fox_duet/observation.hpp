// Observation tensor (exactly what one player knows: "own" = the observer, "partner" = the
// other). Hidden from a player: the partner's dealt cards not known to have entered their hand,
// the undealt deck and the generator state. Card slices are indexed by card id; path slices by
// position + c (slot 0 is the left end), slots past n stay 0.
#pragma once

#include "../../core/obs_layout.hpp"
#include "game.hpp"

namespace tb::fox_duet {

using Slice = ObsSlice<Params>;
using enum Encoding;

inline constexpr ObsLayout<Params, 29> kObsLayout{"", 0, {
    Slice{"own_hand", kCards, kBits, "cards in the observer's hand"},
    Slice{"decree", kCards, kOneHot, "the decree card"},
    Slice{"lead_card", kCards, kOneHot, "the lead card of the trick in progress"},
    Slice{"follow_card", kCards, kOneHot, "the follow card of the trick in progress"},
    Slice{"played", kCards, kBits, "cards of the completed tricks of this round"},
    Slice{"own_known", kCards, kBits, "cards that entered the observer's hand after the deal"},
    Slice{"partner_known", kCards, kBits, "cards known to both in the partner's hand"},
    Slice{"own_voids", 3, kBits, "R, S, D: the observer is known to hold none of the suit"},
    Slice{"partner_voids", 3, kBits, "R, S, D: the partner is known to hold none of the suit"},
    Slice{"gems", kMaxSpaces, kCount, "gems on each space"},
    Slice{"covered", kMaxSpaces, kBits, "spaces a forest token covers"},
    Slice{"tracker", kMaxSpaces, kOneHot, "the tracker's space"},
    Slice{"plus", kMaxSpaces, kBits, "+ spaces"},
    Slice{"spaces", kMaxSpaces, kBits, "spaces on this path"},
    Slice{"round", kRounds, kOneHot, "round 1-3"},
    Slice{"trick", kTricks, kOneHot, "trick 1-11"},
    Slice{"phase", kNumPhases, kOneHot, "the phase"},
    Slice{"seat", 2, kOneHot, "the observer's seat"},
    Slice{"leader", 2, kOneHot, "the leader's seat"},
    Slice{"dealer", 2, kOneHot, "the dealer's seat"},
    Slice{"fox_target", 2, kOneHot, "the Fox's chosen player"},
    Slice{"ignore", 4, kOneHot, "the Gazelle choice none / lead / follow / both"},
    Slice{"outcome", 3, kOneHot, "won / lost_time / lost_forest"},
    Slice{"forest_supply", kTotalForest + 1, kOneHot, "forest tokens in the supply, 0-4"},
    Slice{"level", 3, kOneHot, "level 1-3"},
    Slice{"gem_supply", 1, kCount, "gems in the supply"},
    Slice{"own_hand_size", 1, kCount, "cards in the observer's hand"},
    Slice{"partner_hand_size", 1, kCount, "cards in the partner's hand"},
    Slice{"can_act", 1, kBits, "the observer has a legal action now"},
}};

consteval int at(std::string_view name) { return kObsLayout.offset(name); }

inline int FoxDuet::observation_size(const Params&) { return kObsLayout.fixed_size(); }
constexpr const auto& FoxDuet::observation_layout() { return kObsLayout; }

inline void FoxDuet::observe(const State& s, const Params& p, int player, float* out) {
  constexpr int kSize = kObsLayout.fixed_size();
  for (int i = 0; i < kSize; ++i) out[i] = 0.0f;
  const int q = 1 - player;
  auto mark = [&](int offset, uint32_t mask) { mark_bits(out + offset, mask); };
  mark(at("own_hand"), s.hand[player]);
  mark(at("decree"), bit(s.decree));
  if (s.lead != kNoCard) mark(at("lead_card"), bit(s.lead));
  if (s.follow != kNoCard) mark(at("follow_card"), bit(s.follow));
  mark(at("played"), s.played);
  mark(at("own_known"), s.known[player]);
  mark(at("partner_known"), s.known[q]);
  for (int suit = 0; suit < 3; ++suit) {
    out[at("own_voids") + suit] = (s.voids[player] >> suit) & 1 ? 1.0f : 0.0f;
    out[at("partner_voids") + suit] = (s.voids[q] >> suit) & 1 ? 1.0f : 0.0f;
  }
  const int c = p.c();
  for (int i = 0; i < p.n; ++i) {
    out[at("gems") + i] = static_cast<float>(s.gems[i]);
    out[at("covered") + i] = (i < s.covered[0] || i > p.n - 1 - s.covered[1]) ? 1.0f : 0.0f;
    out[at("plus") + i] = p.plus[i] ? 1.0f : 0.0f;
    out[at("spaces") + i] = 1.0f;
  }
  out[at("tracker") + s.tracker + c] = 1.0f;
  out[at("round") + s.round - 1] = 1.0f;
  out[at("trick") + s.trick - 1] = 1.0f;
  out[at("phase") + s.phase] = 1.0f;
  out[at("seat") + player] = 1.0f;
  out[at("leader") + s.leader] = 1.0f;
  out[at("dealer") + s.dealer] = 1.0f;
  if (s.fox_target != kUnset) out[at("fox_target") + s.fox_target] = 1.0f;
  if (s.ignore != kUnset) out[at("ignore") + s.ignore] = 1.0f;
  if (s.outcome != kNone) out[at("outcome") + s.outcome - 1] = 1.0f;
  out[at("forest_supply") + forest_supply(s)] = 1.0f;
  out[at("level") + p.level - 1] = 1.0f;
  out[at("gem_supply")] = static_cast<float>(s.gem_supply);
  out[at("own_hand_size")] = static_cast<float>(popcount(s.hand[player]));
  out[at("partner_hand_size")] = static_cast<float>(popcount(s.hand[q]));
  out[at("can_act")] = legal_mask(s, p, player) ? 1.0f : 0.0f;
}

}  // namespace tb::fox_duet
