// The invariants of a reachable Good Fortune state; every state from bytes or a dict passes here.
#pragma once

#include "game.hpp"

namespace tb::good_fortune {

inline const char* GoodFortune::validate(const State& s, const Params& p) {
  if (const char* error = check_state_ranges(kStateSchema, s, p)) return error;
  CardClaims tiles(kAllTiles);
  for (int pl = 0; pl < 2; ++pl) {
    if (!tiles.claim(s.rack[pl]) || !tiles.claim(s.collection[pl])) return "a tile is in two places or out of range";
  }
  for (uint8_t e : s.line) {
    if ((e & ~(kTileBits | kFlipped)) || tile_of(e) >= kTiles) return "bad line entry";
    if ((e & kFlipped) && p.connection == Connection::kShared) return "line tiles have no orientation with shared connection";
    if (!tiles.claim(1u << tile_of(e))) return "a tile is in two places";
  }
  int n_selected = 0;
  for (uint8_t t : s.selected) {
    if (t == kNoTile) continue;
    if (t >= kTiles || !tiles.claim(1u << t)) return "bad selected tile";
    ++n_selected;
  }
  const bool has[2] = {s.selected[0] != kNoTile, s.selected[1] != kNoTile};
  const int rack0 = popcount(s.rack[0]), rack1 = popcount(s.rack[1]);
  int placements;  // tiles removed from the line so far (collected or discarded)
  switch (s.phase) {
    case kOver:
      if (s.round != kRounds || rack0 || rack1 || n_selected) return "a finished game has round 9, empty racks and no selection";
      placements = 2 * kRounds;
      break;
    case kSelect:
      if (p.variant == Variant::kGuess && n_selected) return "guess-variant selections are simultaneous";
      // The second selection moves the game to phase place at once: no select node has both.
      if (n_selected == 2) return "phase select with both tiles selected (the phase is then place)";
      if (p.variant == Variant::kStandard && !has[s.holder] && n_selected) return "the token holder selects first";
      if (rack0 + has[0] != kRackSize + 1 - s.round || rack1 + has[1] != kRackSize + 1 - s.round) return "rack sizes disagree with the round";
      placements = 2 * (s.round - 1);
      break;
    default:
      if (!n_selected) return "place phase without a selected tile";
      if (rack0 != kRackSize - s.round || rack1 != kRackSize - s.round) return "rack sizes disagree with the round";
      placements = 2 * (s.round - 1) + 2 - n_selected;
      if (n_selected == 1) {
        // The first placer's tile went to an end of the line, and the token rule chose them:
        // with the small face up the lower tile places first.
        const int left = s.selected[has[1]];
        auto went_first = [&](uint8_t end) { return (tile_of(end) < left) == small_face(s); };
        if (!went_first(s.line[0]) && !went_first(s.line[2])) {
          return "with one tile left to place, the tile placed first this round must be at an end of the line "
                 "and be the one the token face sends first (lower on small, higher on big)";
        }
      }
  }
  // The player who got tile 1 holds the token in round 1; the standard game hands it over
  // every round, the guess variant never. Racks only lose tiles, so tile 1 still in a rack or
  // selection names that player, and tile 21 the other one.
  const int handovers = p.variant == Variant::kGuess ? 0 : (s.phase == kOver ? kRounds : s.round - 1);
  const int first = s.holder ^ (handovers & 1);
  auto holds = [&](int pl, int tile) { return ((s.rack[pl] >> tile) & 1) || s.selected[pl] == tile; };
  if (holds(1 - first, 0) || holds(first, kTiles - 1)) {
    return "the token holder disagrees with who got tile 1 (it starts with that player and, in the standard game, "
           "changes hands every round)";
  }
  for (int pl = 0; pl < 2; ++pl) {
    const int own = s.phase == kOver ? kRounds : s.round - 1 + (s.phase == kPlace && !has[pl]);
    if (popcount(s.collection[pl]) > own) return "a collection holds more tiles than its owner has placed";
  }
  const int discarded = kTiles - tiles.count();
  if (popcount(s.collection[0]) + popcount(s.collection[1]) + discarded != placements) return "collections and discards disagree with the placements made";
  return nullptr;
}

inline const char* GoodFortune::validate_params(const Params& p) {
  if (const char* error = check_param_ranges(kParamSpecs, p)) return error;
  for (const Tile& t : p.tiles) {
    if (t.charm_a >= kCharms || t.charm_b >= kCharms) return "parameter 'tiles': a charm must be in 0..6";
    if (t.charm_a == t.charm_b) return "parameter 'tiles': a tile has the same charm twice";
    if (t.die < 1 || t.die > 6) return "parameter 'tiles': a die must be in 1..6";
  }
  return nullptr;
}

}  // namespace tb::good_fortune
