// Observation tensor (exactly what one player knows). Seats are relative to the observer: seat
// block i is seat observer + i. Merchant slots are indexed c - 1 (merchant 1 in slot 0); card
// slots that include ships are indexed c (a ship in slot 0).
#pragma once

#include "../../core/obs_layout.hpp"
#include "game.hpp"

namespace tb::hoi_pho {

using Slice = ObsSlice<Params>;
using enum Encoding;

inline constexpr ObsLayout<Params, 25> kObsLayout{"rel", kPlayersBound<Params>, {
    Slice{"phase", 9, kOneHot, "the phase"},
    Slice{"outcome", 3, kOneHot, "none (game running), ended, truncated"},
    Slice{"round", 1, kCount, "the round number"},
    Slice{"turn", 4, kOneHot, "turn 1-4"},
    Slice{"contracts_taken", 8, kOneHot, "contracts taken so far, 0-7"},
    Slice{"forced", 16, kOneHot, "the pending Rabbit order (slot 0: none)"},
    Slice{"previous", 15, kBits, "merchants left on the table at the end of the previous turn"},
    Slice{"removed", 15, kBits, "3 players: merchants removed face up at the deal"},
    Slice{"removed_ships", 1, kCount, "3 players: ships among the removed cards"},
    Slice{"stack_depth", 1, kCount, "skills on the stack"},
    Slice{"stack_top", 16, kOneHot, "the skill on top of the stack (slot 0: empty)"},
    Slice{"skill_player", kPlayersBound<Params>, kOneHot, "relative seat of the player resolving the stack"},
    Slice{"rps_target", kPlayersBound<Params>, kOneHot, "relative seat of the Mouse's opponent"},
    Slice{"rps_draws", 1, kCount, "consecutive rock-paper-scissors draws"},
    Slice{"own_merchants", 15, kBits, "merchants in the observer's hand"},
    Slice{"own_ships", 1, kCount, "ships in the observer's hand"},
    Slice{"played_earlier", 15, kBits, "merchants played in an earlier turn of this round and gone"},
    Slice{"coins", 1, kCount, "coins", true},
    Slice{"coins_turn_start", 1, kCount, "coins when the turn's play node opened", true},
    Slice{"contracts", kContracts, kBits, "slot i: owns the i-th contract of the contracts parameter", true},
    Slice{"hand_size", 1, kCount, "cards in hand, ships included", true},
    Slice{"known", 15, kBits, "merchants publicly known to be in this hand", true},
    Slice{"table", 16, kBits, "cards on the table this turn (slot 0: a ship)", true},
    Slice{"discard", 16, kOneHot, "3 players after the discard: the card this seat discarded", true},
    Slice{"ships_played", 1, kCount, "ships played or discarded this round", true},
}};

consteval int len(std::string_view name) { return kObsLayout.length(name); }
consteval int in_seat(std::string_view name) { return kObsLayout.in_block(name); }

inline int HoiPho::observation_size(const Params& P) { return kObsLayout.size(P); }
constexpr const auto& HoiPho::observation_layout() { return kObsLayout; }

inline void HoiPho::observe(const State& s, const Params& P, int player, float* out) {
  constexpr int kPerSeat = kObsLayout.block_size();
  const int n = P.players;
  const int size = observation_size(P);
  for (int i = 0; i < size; ++i) out[i] = 0.0f;
  float* o = out;
  auto merchants = [](float* dst, uint16_t mask) { mark_bits(dst, (mask & kAllMerchants) >> 1); };
  auto rel = [&](int seat) { return (seat - player + n) % n; };
  o[s.phase] = 1.0f; o += len("phase");
  o[s.outcome] = 1.0f; o += len("outcome");
  o[0] = static_cast<float>(s.round); o += len("round");
  o[s.turn - 1] = 1.0f; o += len("turn");
  o[taken(s)] = 1.0f; o += len("contracts_taken");
  o[s.forced] = 1.0f; o += len("forced");
  merchants(o, s.previous); o += len("previous");
  merchants(o, s.removed); o += len("removed");
  o[0] = static_cast<float>(s.removed_ships); o += len("removed_ships");
  o[0] = static_cast<float>(s.depth); o += len("stack_depth");
  o[s.top] = 1.0f; o += len("stack_top");
  if (s.skill_player != kNone) o[rel(s.skill_player)] = 1.0f;
  o += n;  // skill_player
  if (s.target != kNone) o[rel(s.target)] = 1.0f;
  o += n;  // rps_target
  o[0] = static_cast<float>(s.rps_draws); o += len("rps_draws");
  merchants(o, s.hand[player]); o += len("own_merchants");
  o[0] = static_cast<float>(s.ships[player]); o += len("own_ships");
  merchants(o, played_earlier(s, n)); o += len("played_earlier");
  for (int i = 0; i < n; ++i) {
    const int q = (player + i) % n;
    o[in_seat("coins")] = static_cast<float>(s.coins[q]);
    o[in_seat("coins_turn_start")] = static_cast<float>(s.turn_start[q]);
    for (int c = 0; c < kContracts; ++c) o[in_seat("contracts") + c] = static_cast<float>(s.contracts[q] >> c & 1);
    o[in_seat("hand_size")] = static_cast<float>(std::popcount(s.hand[q]) + s.ships[q]);
    merchants(o + in_seat("known"), s.known[q]);
    mark_bits(o + in_seat("table"), s.table[q]);
    if (discards_present(s, n)) o[in_seat("discard") + s.discards[q]] = 1.0f;
    o[in_seat("ships_played")] = static_cast<float>(s.ships_played[q]);
    o += kPerSeat;
  }
}

}  // namespace tb::hoi_pho
