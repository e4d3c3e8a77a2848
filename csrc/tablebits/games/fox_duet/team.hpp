// Fox Duet's hooks for the team solver (core/team_solver.hpp): progress is counted in tricks,
// and a position where the search stops is valued by what the team still has to do.
#pragma once

#include <algorithm>
#include <cstdlib>

#include "game.hpp"

namespace tb::fox_duet {

// Values: a win is worth more than any unfinished position, and a loss is 0. An unfinished
// position is worth kBase, minus kGem per gem left on the path, plus kSpare per spare forest
// token (one not needed for the round-end placements still to come) and minus kDistance per
// space from the tracker to the nearest gem. A position with fewer tokens than round ends to
// come is lost unless the team wins first: it drops by kShort.
inline constexpr int kTeamWin = 1 << 24;
inline constexpr int kTeamBase = 1 << 22;
inline constexpr int kTeamGem = 1000;
inline constexpr int kTeamSpare = 1500;
inline constexpr int kTeamDistance = 60;
inline constexpr int kTeamShort = 1 << 21;

// Tricks completed in the game. The forest_end phase comes after the round's last trick.
inline int FoxDuet::team_progress(const State& s, const Params&) {
  if (s.phase == kForestEnd) return s.round * kTricks;
  return (s.round - 1) * kTricks + s.trick - 1;
}

inline int FoxDuet::team_round_end(const State& s, const Params&) { return s.round * kTricks; }

// The value without the tracker term, with `gems` left on the path.
inline int team_base_value(const State& s, int gems) {
  // Each later round end takes a token; at forest_end this round's is not placed yet, which
  // the same count covers (the round has not gone up).
  const int spare = FoxDuet::forest_supply(s) - (kRounds - s.round);
  const int v = kTeamBase - kTeamGem * gems + kTeamSpare * spare;
  return spare < 0 ? v - kTeamShort : v;
}

inline int FoxDuet::team_value(const State& s, const Params& p) {
  if (s.phase == kOver) return s.outcome == kWon ? kTeamWin : 0;
  const int c = p.c();
  int nearest = p.n;
  for (int i = 0; i < p.n; ++i) {
    if (s.gems[i]) nearest = std::min(nearest, std::abs(i - c - s.tracker));
  }
  return team_base_value(s, s.board_gems) - kTeamDistance * nearest;
}

// At most one gem per trick, tokens only get used, and the tracker term is never positive.
inline int FoxDuet::team_upper(const State& s, const Params& p, int horizon) {
  const int gems = s.board_gems - (horizon - team_progress(s, p));
  return gems <= 0 ? kTeamWin : team_base_value(s, gems);
}

}  // namespace tb::fox_duet
