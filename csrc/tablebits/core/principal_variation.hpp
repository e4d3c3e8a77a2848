// The principal variation of a search tree keyed by actions from the root (Ismcts, Puct): the
// most-visited line of play, as action texts.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "edge_table.hpp"
#include "game.hpp"

namespace tb {

// From the determinisation resample(root, player, seed), each step takes every acting player's
// most-visited arm (ties: the lower action) among the actions legal there; the line ends where
// the tree or the determinisation does, or after max_length steps. A simultaneous step reads
// "p0=<text> p1=<text>" (acting players only). Node needs first_arm_of(player), the head of a
// linked list that holds that player's arms (and may hold other players'); Arm needs player,
// action, visits and next.
template <Game G, class Node, class Arm>
std::vector<std::string> principal_variation(const std::vector<Node>& nodes, const std::vector<Arm>& arms,
                                             const EdgeTable& edges, const typename G::State& root,
                                             const typename G::Params& p, int player, uint64_t seed,
                                             size_t max_length = 64) {
  std::vector<std::string> line;
  if (nodes.empty()) return line;
  typename G::State s = root;
  G::resample(s, p, player, seed);
  const int n = G::num_players(p);
  int32_t node = 0;
  while (node >= 0 && line.size() < max_length) {
    const int cur = G::current_player(s, p);
    if (cur == kTerminal) break;
    std::array<int, kMaxPlayers> joint{};
    joint.fill(kNoAction);
    uint32_t key = 0;  // the joint action as the trees key it: 6 bits per player, action + 1
    std::string text;
    for (int pl = 0; pl < n; ++pl) {
      const ActionMask legal = (cur >= 0 && pl != cur) ? ActionMask{0} : G::legal_mask(s, p, pl);
      if (!legal) continue;
      int32_t best = -1;
      for (int32_t a = nodes[static_cast<size_t>(node)].first_arm_of(pl); a >= 0; a = arms[static_cast<size_t>(a)].next) {
        const Arm& arm = arms[static_cast<size_t>(a)];
        if (arm.player != pl || arm.visits == 0 || !((legal >> arm.action) & 1)) continue;
        const Arm* top = best < 0 ? nullptr : &arms[static_cast<size_t>(best)];
        if (!top || arm.visits > top->visits || (arm.visits == top->visits && arm.action < top->action)) best = a;
      }
      if (best < 0) return line;
      joint[pl] = arms[static_cast<size_t>(best)].action;
      key |= joint_key(pl, joint[pl]);
      const std::string name = G::action_to_string(s, p, pl, joint[pl]);
      text += cur >= 0 ? name : (text.empty() ? "" : " ") + ("p" + std::to_string(pl) + "=" + name);
    }
    line.push_back(std::move(text));
    apply_decision<G>(s, p, cur, joint.data());
    node = edges.find(static_cast<uint32_t>(node), key);
  }
  return line;
}

}  // namespace tb
