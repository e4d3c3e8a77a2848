// Good Fortune as text: the state rendering, observation strings (exactly what the observer
// knows) and action strings.
#pragma once

#include <string>

#include "../../core/text.hpp"
#include "game.hpp"

namespace tb::good_fortune {

inline std::string charm_name(int charm) { return std::string(kCharmNames[charm]); }

inline std::string tile_list(uint32_t mask) {
  return set_string(mask, [](int t) { return std::to_string(t + 1); });
}

inline std::string line_string(const State& s, const Params& p) {
  std::string out;
  for (int i = 0; i < kLineSize; ++i) {
    if (i) out += ' ';
    out += "[" + std::to_string(GoodFortune::tile_of(s.line[i]) + 1) + " " +
           charm_name(GoodFortune::left_charm(s.line[i], p)) + "|" +
           charm_name(GoodFortune::right_charm(s.line[i], p)) + "]";
  }
  return out;
}

inline std::string seat_string(const State& s, const Params& p, int player) {
  const std::string sel =
      s.selected[player] == kNoTile ? "-" : std::to_string(s.selected[player] + 1);
  return "rack " + tile_list(s.rack[player]) + "  selected " + sel + "  collection " +
         tile_list(s.collection[player]) + " (" +
         std::to_string(best_score(s.collection[player], p)) + " pts)";
}

inline std::string header_string(const State& s) {
  const char* phase = s.phase == kSelect ? "select" : s.phase == kPlace ? "place" : "over";
  return "round " + std::to_string(s.round) + "/9, " + phase + ", token: player " +
         std::to_string(s.holder) + " (" + (GoodFortune::small_face(s) ? "small" : "big") + ")\n";
}

inline std::string discarded_string(const State& s) {
  return "discarded " + tile_list(GoodFortune::discarded(s)) + "\n";
}

inline std::string GoodFortune::to_string(const State& s, const Params& p) {
  return header_string(s) + "line " + line_string(s, p) + "\nplayer 0: " + seat_string(s, p, 0) +
         "\nplayer 1: " + seat_string(s, p, 1) + "\n" + discarded_string(s);
}

inline std::string GoodFortune::observation_string(const State& s, const Params& p, int player) {
  return "you are player " + std::to_string(player) + "\n" + to_string(s, p);
}

inline std::string GoodFortune::action_to_string(const State& s, const Params& p, int player,
                                                  int action) {
  if (action < kPlaceBase) return "select " + std::to_string(action + 1);
  const int end = (action - kPlaceBase) >> 1;
  const int k = (action - kPlaceBase) & 1;
  const std::string head = std::string("place ") + (end == 0 ? "L" : "R");
  if (p.connection == Connection::kShared) return k == 0 ? head : "unused " + std::to_string(action);
  if (player < 0 && s.phase == kPlace) player = placer(s);
  if (player < 0 || player > 1 || s.selected[player] == kNoTile) return head + (k ? " b" : " a");
  const Tile& t = p.tiles[s.selected[player]];
  return head + " " + charm_name(k ? t.charm_b : t.charm_a);
}

}  // namespace tb::good_fortune
