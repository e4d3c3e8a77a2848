// The bitpacked Fox in the Forest Duet state (72 bytes, no padding). Cards are ids 0..29
// (suit x 10 + rank - 1); card sets are 30-bit masks. The 7 undealt cards (the deck) are the ones
// in no other place, so they are not stored.
#pragma once

#include <cstdint>
#include <type_traits>

#include "../../core/rng.hpp"
#include "params.hpp"

namespace tb::fox_duet {

enum Phase : uint8_t {
  kLead = 0, kFoxTarget, kFoxSwap, kGift, kFollow, kGazelle, kMusician, kForestEnd, kOver,
  kNumPhases
};
enum Outcome : uint8_t { kNone = 0, kWon, kLostTime, kLostForest };

inline constexpr uint8_t kNoCard = 0xFF;
inline constexpr uint8_t kUnset = 0xFF;  // fox_target / ignore not set
// The Gazelle's choice (State::ignore): whose footprints the Musician's move leaves out.
enum GazelleChoice : uint8_t { kGazelleNone = 0, kGazelleLead, kGazelleFollow, kGazelleBoth };

struct State {
  Rng rng;                    // generator state (future deals)
  uint32_t hand[2];
  uint32_t played;            // cards of the completed tricks of this round
  uint32_t known[2];          // known[p] subset of hand[p]: entered after the deal
  uint8_t gems[kMaxSpaces];   // index x + c for position x; tail past n is 0
  uint8_t decree;
  uint8_t lead;               // card or kNoCard
  uint8_t follow;             // card or kNoCard
  uint8_t round;              // 1..3
  uint8_t trick;              // 1..11
  uint8_t dealer;
  uint8_t leader;
  uint8_t phase;              // Phase
  int8_t tracker;             // position -c..c
  uint8_t covered[2];         // forest tokens at the - and + ends
  uint8_t gem_supply;
  uint8_t board_gems;         // sum of gems: the victory test after each trick is one compare
  uint8_t outcome;            // Outcome
  uint8_t voids[2];           // 3-bit suit masks
  uint8_t fox_target;         // 0, 1 or kUnset
  uint8_t ignore;             // a GazelleChoice or kUnset
  uint8_t reserved[5];        // always 0
};

static_assert(sizeof(State) == 72);
static_assert(std::has_unique_object_representations_v<State>);

}  // namespace tb::fox_duet
