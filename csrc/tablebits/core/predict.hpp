// Prediction at simultaneous nodes: a search bot with a predict share f > 0 that decides at a
// node where other players choose at the same time first predicts each other acting player's
// choice with its own search from that player's seat, then searches its own reply with those
// choices taken as known at the root (RootActions), and plays that reply.
//
// Why: at a simultaneous node the plain search treats the others' choices as unknown and plays
// the action that does best on average over its own model of them. Where the others are
// searches much like this one, their choices are largely predictable, and in a game decided by
// guessing (Good Fortune's guess variant: who places first) the reply to the predicted choice
// is worth far more than the average; docs/search.md has the measurements. The risk: a bot that
// best-responds to a prediction could itself be predicted and exploited (docs/search.md measures
// it too), so the share is off unless asked for or stored with a network.
//
// Honesty about information: the predictions search a determinisation of the root drawn from
// the deciding player's view (G::resample), never the root itself, so no hidden information of
// another player reaches the decision.
//
// Budget: a share f of the iterations (and of the time limit, if any) goes to the predictions,
// split evenly among the other acting players (at least one iteration each); the reply gets the
// rest of the iterations and of the time. Elsewhere -- a sequential node, a single legal action,
// f = 0 -- the bot searches as usual with its whole budget.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "bits.hpp"
#include "game.hpp"
#include "ismcts.hpp"
#include "rng.hpp"

namespace tb {

inline constexpr uint64_t kPredictStream = 6;

// `player`'s decision at `root` with predictions (above). `search(state, decider, config)`
// runs one search of the bot's kind and returns its IsmctsResult; Config is IsmctsConfig or
// PuctConfig. The result's iterations count the reply's search only.
template <Game G, class Config, class Search>
IsmctsResult predicted_search(const typename G::State& root, const typename G::Params& p, int player, const Config& cfg,
                              double share, Search&& search) {
  if (share <= 0.0) return search(root, player, cfg);
  typename G::State view = root;
  G::resample(view, p, player, derive_seed(cfg.seed, kMaxPlayers, kPredictStream));
  if (G::current_player(view, p) != kSimultaneous || popcount(G::legal_mask(view, p, player)) < 2) {
    return search(root, player, cfg);
  }
  uint32_t others = 0;  // bit pl: player pl acts here too
  for (int pl = 0; pl < G::num_players(p); ++pl) {
    if (pl != player && G::legal_mask(view, p, pl)) others |= 1u << pl;
  }
  if (!others) return search(root, player, cfg);
  const auto start = std::chrono::steady_clock::now();
  Config guess = cfg;
  guess.root_actions = kAnyRootAction;
  guess.iterations = std::max<uint32_t>(1, static_cast<uint32_t>(cfg.iterations * share / popcount(others)));
  guess.time_limit = cfg.time_limit * share / popcount(others);
  Config reply = cfg;
  reply.root_actions = kAnyRootAction;
  uint64_t spent = 0;
  for_each_bit(others, [&](int pl) {
    guess.seed = derive_seed(cfg.seed, static_cast<uint64_t>(pl), kPredictStream);
    const IsmctsResult predicted = search(view, pl, guess);
    spent += predicted.iterations;
    reply.root_actions[pl] = static_cast<int8_t>(predicted.action);
  });
  reply.iterations = cfg.iterations > spent ? static_cast<uint32_t>(cfg.iterations - spent) : 1;
  if (cfg.time_limit > 0.0) {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    // A reply always gets some time: the predictions may overrun their share by a batch.
    reply.time_limit = std::max(cfg.time_limit - elapsed.count(), cfg.time_limit * 0.1);
  }
  return search(root, player, reply);
}

}  // namespace tb
