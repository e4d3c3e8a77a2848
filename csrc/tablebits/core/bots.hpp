// Bots as data. A bot config is a small trivially copyable type that names itself, checks its
// own fields and decides with its own act<G>; BotConfig is the variant of all of them, which the
// arena, the object API (State.bot_action) and the Python bots (tablebits.bots) take.
//
// Adding a bot: write its config type here (kName, check(), a Runner<G> with act) and append it
// to BotConfig; then its Python class in tablebits/bots.py. Nothing else names a bot.
//
// A Runner<G> is the bot's per-thread working memory for game G (ISMCTS's node pool), kept
// across the decisions and games of one thread. act receives the randomness the driver hands
// out for one decision (Decision): a policy stream for cheap random choices and a seed for a
// search, so that a game's result depends only on the driver's seed, whatever the bots.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "drivers.hpp"
#include "game.hpp"
#include "evaluator.hpp"
#include "ismcts.hpp"
#include "pimc.hpp"
#include "predict.hpp"
#include "puct.hpp"
#include "root_parallel.hpp"
#include "rng.hpp"

namespace tb {

// One field of a bot config, for the generic bindings: its name and member. An `optional` field
// reads None as 0 ("not set") and otherwise takes only values > 0. An integer field takes values
// from `lo` up (its range in the bindings' error messages).
template <class B, class T>
struct BotField {
  const char* name;
  T B::*member;
  bool optional = false;
  T lo = T{};
};

struct Decision {
  Rng& policy;           // cheap random choices draw from this stream
  uint64_t search_seed;  // a search seeds itself with this
};

struct RandomBot {
  static constexpr std::string_view kName = "random";
  static constexpr std::tuple<> kFields{};
  const char* check() const { return nullptr; }
  bool reproducible() const { return true; }

  template <Game G>
  struct Runner {
    int act(const RandomBot&, const typename G::State&, const typename G::Params&, int, ActionMask legal,
            Decision& d) {
      return random_action(legal, d.policy);
    }
  };
};

// Threads a search may use (a bound on memory: every thread keeps a tree).
inline constexpr uint32_t kMaxSearchThreads = 256;

// The predict share's check (predict.hpp): nullptr, or what is wrong.
inline const char* check_predict(double predict) {
  return predict >= 0.0 && predict < 1.0 ? nullptr : "predict must be a number in [0, 1)";
}

// The budget checks every searching bot shares: nullptr, or what is wrong.
inline const char* check_search_budget(uint32_t iterations, double time_limit, uint32_t threads) {
  if (iterations < 1) return "iterations must be >= 1";
  if (!(time_limit >= 0.0) || time_limit > 1e300) return "time_limit must be a finite number > 0 or None";
  if (threads < 1 || threads > kMaxSearchThreads) return "threads must be in 1..256";
  return nullptr;
}

struct IsmctsBot {
  static constexpr std::string_view kName = "ismcts";
  uint32_t iterations = 1000;  // >= 1
  double exploration = 0.7;    // UCB1 constant, finite and >= 0
  double time_limit = 0.0;     // seconds; > 0 stops the search earlier (then not reproducible)
  uint32_t threads = 1;        // root-parallel trees (root_parallel.hpp), 1..kMaxSearchThreads
  double predict = 0.0;        // in [0, 1): the budget's share for predictions (predict.hpp)
  static constexpr std::tuple kFields{BotField<IsmctsBot, uint32_t>{"iterations", &IsmctsBot::iterations, false, 1},
                                      BotField<IsmctsBot, double>{"exploration", &IsmctsBot::exploration},
                                      BotField<IsmctsBot, double>{"time_limit", &IsmctsBot::time_limit, true},
                                      BotField<IsmctsBot, uint32_t>{"threads", &IsmctsBot::threads, false, 1},
                                      BotField<IsmctsBot, double>{"predict", &IsmctsBot::predict}};

  const char* check() const {
    if (!(exploration >= 0.0) || exploration > 1e300) return "exploration must be a finite number >= 0";
    if (const char* why = check_predict(predict)) return why;
    return check_search_budget(iterations, time_limit, threads);
  }
  bool reproducible() const { return time_limit == 0.0; }

  IsmctsConfig search_config(uint64_t seed) const {
    IsmctsConfig cfg;
    cfg.iterations = iterations;
    cfg.exploration = exploration;
    cfg.time_limit = time_limit;
    cfg.seed = seed;
    return cfg;
  }

  template <Game G>
  struct Runner {
    ParallelIsmcts<G> search;  // its node pools are reused by every later search of this thread

    // The search of act, with the summed root statistics of `player`'s own search in `stats`
    // (if given).
    IsmctsResult run(const IsmctsBot& bot, const typename G::State& s, const typename G::Params& p, int player,
                     uint64_t seed, RootStats* stats) {
      return predicted_search<G>(s, p, player, bot.search_config(seed), bot.predict,
                                 [&](const typename G::State& root, int decider, const IsmctsConfig& cfg) {
                                   return search.search(root, p, decider, cfg, static_cast<int>(bot.threads),
                                                        decider == player ? stats : nullptr);
                                 });
    }

    int act(const IsmctsBot& bot, const typename G::State& s, const typename G::Params& p, int player,
            ActionMask, Decision& d) {
      return run(bot, s, p, player, d.search_seed, nullptr).action;
    }
  };
};

// "" if the evaluator `id` of a `bot` may evaluate game G with parameters `p`, else why not.
template <Game G>
std::string evaluator_refusal(std::string_view bot, uint32_t id, const typename G::Params& p) {
  const std::shared_ptr<Evaluator> eval = EvaluatorRegistry::instance().find(id);
  const std::string name = "the " + std::string(bot) + " bot";
  if (!eval) return name + "'s evaluator is not a registered evaluator (its bot is gone: keep the bot, not only its config)";
  const std::string why = eval->refusal(G::kId, std::string_view(reinterpret_cast<const char*>(&p), sizeof(p)));
  return why.empty() ? why : name + " cannot play this game: " + why;
}

// PUCT over the ISMCTS tree with a learned evaluator (puct.hpp), root-parallel over `threads`
// trees. The evaluator is named by its id in EvaluatorRegistry. If it fails, the search stops,
// the bot plays its lowest legal action and the evaluator keeps the error for its owner to
// raise (the Python layer does, after the call that ran the bot). An evaluator that is not
// registered (any more), or is bound to another game or parameter set, refuses the game
// (refusal<G>), which every entry checks before the bot plays.
struct PuctBot {
  static constexpr std::string_view kName = "puct";
  uint32_t iterations = 800;  // >= 1
  double c_puct = 1.5;        // finite, >= 0
  uint32_t batch_size = 8;    // evaluator rows per call, >= 1
  uint32_t threads = 1;       // root-parallel trees, 1..kMaxSearchThreads
  uint32_t evaluator = 0;     // id in EvaluatorRegistry
  double time_limit = 0.0;    // seconds; > 0 stops the search earlier (then not reproducible)
  uint32_t relative_values = 0;  // 1: the evaluator's values are by seat from the row's player
  double rollout_mix = 0.0;      // in [0, 1]: the playouts' weight in a leaf's value (puct.hpp)
  uint32_t playout_visits = 0;   // a new node's visits valued by a playout alone (puct.hpp)
  double predict = 0.0;          // in [0, 1): the budget's share for predictions (predict.hpp)
  static constexpr std::tuple kFields{BotField<PuctBot, uint32_t>{"iterations", &PuctBot::iterations, false, 1},
                                      BotField<PuctBot, double>{"c_puct", &PuctBot::c_puct},
                                      BotField<PuctBot, uint32_t>{"batch_size", &PuctBot::batch_size, false, 1},
                                      BotField<PuctBot, uint32_t>{"threads", &PuctBot::threads, false, 1},
                                      BotField<PuctBot, uint32_t>{"evaluator", &PuctBot::evaluator},
                                      BotField<PuctBot, double>{"time_limit", &PuctBot::time_limit, true},
                                      BotField<PuctBot, uint32_t>{"relative_values", &PuctBot::relative_values},
                                      BotField<PuctBot, double>{"rollout_mix", &PuctBot::rollout_mix},
                                      BotField<PuctBot, uint32_t>{"playout_visits", &PuctBot::playout_visits},
                                      BotField<PuctBot, double>{"predict", &PuctBot::predict}};

  const char* check() const {
    if (!(c_puct >= 0.0) || c_puct > 1e300) return "c_puct must be a finite number >= 0";
    if (relative_values > 1) return "relative_values must be 0 or 1";
    if (!(rollout_mix >= 0.0 && rollout_mix <= 1.0)) return "rollout_mix must be a number in [0, 1]";
    if (batch_size < 1) return "batch_size must be >= 1";
    if (const char* why = check_predict(predict)) return why;
    if (!EvaluatorRegistry::instance().find(evaluator)) return "evaluator is not a registered evaluator";
    return check_search_budget(iterations, time_limit, threads);
  }
  bool reproducible() const { return time_limit == 0.0; }

  template <Game G>
  std::string refusal(const typename G::Params& p) const {
    return evaluator_refusal<G>(kName, evaluator, p);
  }

  PuctConfig search_config(uint64_t seed) const {
    PuctConfig cfg;
    cfg.iterations = iterations;
    cfg.c_puct = c_puct;
    cfg.batch_size = batch_size;
    cfg.time_limit = time_limit;
    cfg.seed = seed;
    cfg.relative_values = relative_values != 0;
    cfg.rollout_mix = rollout_mix;
    cfg.playout_visits = playout_visits;
    return cfg;
  }

  template <Game G>
  struct Runner {
    RootParallel<G, Puct<G>> search;

    // The search of act, with the summed root statistics of `player`'s own search in `stats`
    // (if given); `failed` tells whether the evaluator failed.
    IsmctsResult run(const PuctBot& bot, const typename G::State& s, const typename G::Params& p, int player,
                     uint64_t seed, RootStats* stats, bool& failed) {
      std::atomic<bool> any_failed{false};
      const std::shared_ptr<Evaluator> eval = EvaluatorRegistry::instance().find(bot.evaluator);
      if (!eval) {
        failed = true;
        return IsmctsResult{};
      }
      const auto one = [&](const typename G::State& root, int decider, const PuctConfig& cfg) {
        return search.search(decider, cfg, static_cast<int>(bot.threads), decider == player ? stats : nullptr,
                             [&](Puct<G>& tree, const PuctConfig& c) {
                               bool f = false;
                               const IsmctsResult mine = tree.search(root, p, decider, c, *eval, f);
                               if (f) any_failed.store(true);
                               return mine;
                             });
      };
      const IsmctsResult r = predicted_search<G>(s, p, player, bot.search_config(seed), bot.predict, one);
      failed = any_failed.load();
      return r;
    }

    int act(const PuctBot& bot, const typename G::State& s, const typename G::Params& p, int player,
            ActionMask legal, Decision& d) {
      bool failed = false;
      const IsmctsResult r = run(bot, s, p, player, d.search_seed, nullptr, failed);
      return failed || r.action == kNoAction ? lowest_bit(legal) : r.action;
    }
  };
};

// A policy network played directly, without search: the player's observation goes through the
// evaluator once and the move is drawn from the softmax of its logits over the legal actions
// (the evaluator's priors), or with `greedy` the most probable legal move (the lowest on a tie).
// The draw comes from the decision's policy stream. A trained actor (tablebits.bots.Policy: an
// RL agent's past snapshot) plays this way. If the evaluator fails, the bot plays its lowest
// legal action and the evaluator keeps the error, as for PuctBot.
struct PolicyBot {
  static constexpr std::string_view kName = "policy";
  uint32_t evaluator = 0;  // id in EvaluatorRegistry
  uint32_t greedy = 0;     // 1: the most probable legal move; 0: a draw from the policy
  static constexpr std::tuple kFields{BotField<PolicyBot, uint32_t>{"evaluator", &PolicyBot::evaluator},
                                      BotField<PolicyBot, uint32_t>{"greedy", &PolicyBot::greedy}};

  const char* check() const {
    if (greedy > 1) return "greedy must be 0 or 1";
    if (!EvaluatorRegistry::instance().find(evaluator)) return "evaluator is not a registered evaluator";
    return nullptr;
  }
  bool reproducible() const { return true; }

  template <Game G>
  std::string refusal(const typename G::Params& p) const {
    return evaluator_refusal<G>(kName, evaluator, p);
  }

  template <Game G>
  struct Runner {
    // One row's buffers, grown once per thread and game shape.
    std::vector<float> observation, priors, values;
    std::vector<uint8_t> mask;

    int act(const PolicyBot& bot, const typename G::State& s, const typename G::Params& p, int player,
            ActionMask legal, Decision& d) {
      const std::shared_ptr<Evaluator> eval = EvaluatorRegistry::instance().find(bot.evaluator);
      const int obs_size = G::observation_size(p), players = G::num_players(p);
      observation.resize(static_cast<size_t>(obs_size));
      priors.resize(G::kNumActions);
      values.resize(static_cast<size_t>(players));
      mask.resize(G::kNumActions);
      G::observe(s, p, player, observation.data());
      unpack_mask(legal, G::kNumActions, mask.data());
      if (!eval || !eval->evaluate(observation.data(), mask.data(), 1, obs_size, G::kNumActions, players,
                                   priors.data(), values.data())) {
        return lowest_bit(legal);
      }
      return bot.greedy ? most_probable(legal) : drawn(legal, d.policy);
    }

   private:
    int most_probable(ActionMask legal) const {
      int best = lowest_bit(legal);
      for_each_bit(legal, [&](int a) {
        if (priors[a] > priors[best]) best = a;
      });
      return best;
    }

    // A legal action with probability priors[a] / (their sum over the legal actions).
    int drawn(ActionMask legal, Rng& rng) const {
      double total = 0.0;
      for_each_bit(legal, [&](int a) { total += priors[a]; });
      if (!(total > 0.0)) return random_action(legal, rng);
      const double u = rng.unit() * total;
      double sum = 0.0;
      int last = lowest_bit(legal);
      for (ActionMask m = legal; m; m &= m - 1) {
        last = lowest_bit(m);
        sum += priors[last];
        if (u < sum) return last;
      }
      return last;  // rounding left u at the very top
    }
  };
};

// Perfect-information Monte Carlo (pimc.hpp) for cooperative games with a team solver hook
// (TeamSolvableGame); other games refuse it (refusal<G>). With an evaluator (its id in
// EvaluatorRegistry; 0: none) the positions at the search's horizon are valued by the network,
// with weight `leaf_mix` against the game's team evaluation (team_network.hpp); the evaluator
// is checked and its failures kept as for PuctBot.
struct PimcBot {
  static constexpr std::string_view kName = "pimc";
  uint32_t samples = 10;     // determinisations solved per decision, >= 1
  uint32_t depth = 1;        // tricks searched ahead, 0: to the end of the round
  double time_limit = 0.0;   // seconds; > 0 may stop the sampling earlier (then not reproducible)
  uint32_t threads = 1;      // samples are shared among threads, 1..kMaxSearchThreads
  uint32_t evaluator = 0;    // id in EvaluatorRegistry, 0: the game's team evaluation alone
  double leaf_mix = 1.0;     // in [0, 1]: the network's weight in a leaf's value
  static constexpr std::tuple kFields{BotField<PimcBot, uint32_t>{"samples", &PimcBot::samples, false, 1},
                                      BotField<PimcBot, uint32_t>{"depth", &PimcBot::depth},
                                      BotField<PimcBot, double>{"time_limit", &PimcBot::time_limit, true},
                                      BotField<PimcBot, uint32_t>{"threads", &PimcBot::threads, false, 1},
                                      BotField<PimcBot, uint32_t>{"evaluator", &PimcBot::evaluator},
                                      BotField<PimcBot, double>{"leaf_mix", &PimcBot::leaf_mix}};

  const char* check() const {
    if (depth > 1000) return "depth must be in 0..1000 (0: to the end of the round)";
    if (samples < 1) return "samples must be >= 1";
    if (!(leaf_mix >= 0.0 && leaf_mix <= 1.0)) return "leaf_mix must be a number in [0, 1]";
    if (evaluator != 0 && !EvaluatorRegistry::instance().find(evaluator)) {
      return "evaluator is not a registered evaluator (0: none)";
    }
    return check_search_budget(1, time_limit, threads);
  }
  bool reproducible() const { return time_limit == 0.0; }

  template <Game G>
  std::string refusal(const typename G::Params& p) const {
    if constexpr (!TeamSolvableGame<G>) {
      return "the pimc bot needs a cooperative game with a perfect-information team solver (fox_duet)";
    }
    return evaluator == 0 ? std::string() : evaluator_refusal<G>(kName, evaluator, p);
  }

  template <Game G>
  struct Runner {
    int act(const PimcBot& bot, const typename G::State& s, const typename G::Params& p, int player,
            ActionMask legal, Decision& d) {
      if constexpr (TeamSolvableGame<G>) {
        // Held for the search: the bot's owner may drop the evaluator meanwhile.
        const std::shared_ptr<Evaluator> eval =
            bot.evaluator == 0 ? nullptr : EvaluatorRegistry::instance().find(bot.evaluator);
        if (bot.evaluator != 0 && !eval) return lowest_bit(legal);
        const int a = search.search(s, p, player, legal,
                                    PimcConfig{bot.samples, bot.depth, bot.time_limit, static_cast<int>(bot.threads),
                                               d.search_seed, eval.get(), bot.leaf_mix});
        return a == kNoAction ? lowest_bit(legal) : a;
      } else {
        return lowest_bit(legal);  // never reached: callers check refusal<G> first
      }
    }
    [[no_unique_address]] typename PimcFor<G>::type search;
  };
};

using BotConfig = std::variant<RandomBot, IsmctsBot, PuctBot, PimcBot, PolicyBot>;

// Calls f.template operator()<B>(i) for every bot type B, i its index in BotConfig.
template <class F>
void for_each_bot_type(F&& f) {
  [&]<size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<std::variant_alternative_t<I, BotConfig>>(I), ...);
  }(std::make_index_sequence<std::variant_size_v<BotConfig>>{});
}

template <class Bot, Game G>
using BotRunner = typename Bot::template Runner<G>;

// One runner per bot type for game G; act dispatches a config to its type's runner.
template <Game G, class Configs = BotConfig>
class BotRunners;

template <Game G, class... Bots>
class BotRunners<G, std::variant<Bots...>> {
 public:
  int act(const std::variant<Bots...>& bot, const typename G::State& s, const typename G::Params& p,
          int player, ActionMask legal, Decision& d) {
    return std::visit(
        [&]<class B>(const B& config) { return runner<B>().act(config, s, p, player, legal, d); }, bot);
  }

  template <class B>
  BotRunner<B, G>& runner() {
    return std::get<BotRunner<B, G>>(runners_);
  }

 private:
  std::tuple<BotRunner<Bots, G>...> runners_;
};

// The message of the first invalid field of `bot`, or nullptr.
inline const char* check_bot(const BotConfig& bot) {
  return std::visit([](const auto& b) { return b.check(); }, bot);
}

// "" if `bot` plays game G with parameters `p`, else why not (a bot may need a hook that G lacks,
// or a learned evaluator that serves G with `p`).
template <Game G>
std::string bot_refusal(const BotConfig& bot, const typename G::Params& p) {
  return std::visit([&]<class B>(const B& b) -> std::string {
    if constexpr (requires { b.template refusal<G>(p); }) return b.template refusal<G>(p);
    return {};
  }, bot);
}

// The id of `bot`'s learned evaluator in EvaluatorRegistry, 0 if it has none.
inline uint32_t bot_evaluator(const BotConfig& bot) {
  return std::visit([]<class B>(const B& b) -> uint32_t {
    if constexpr (requires { b.evaluator; }) return b.evaluator;
    return 0;
  }, bot);
}

inline bool bot_reproducible(const BotConfig& bot) {
  return std::visit([](const auto& b) { return b.reproducible(); }, bot);
}

inline std::string_view bot_name(const BotConfig& bot) {
  return std::visit([]<class B>(const B&) { return B::kName; }, bot);
}

static_assert(std::is_trivially_copyable_v<BotConfig>);

// The byte form of bot configs (how the Python layer hands them to the batch module): per bot,
// its index in BotConfig, then its config's bytes.
inline void bot_to_bytes(const BotConfig& bot, std::string& out) {
  out.push_back(static_cast<char>(bot.index()));
  std::visit([&](const auto& b) { out.append(reinterpret_cast<const char*>(&b), sizeof(b)); }, bot);
}

// Reads one bot from [*pos, end) and advances *pos; nullptr, or what is wrong.
inline const char* bot_from_bytes(const char** pos, const char* end, BotConfig& out) {
  if (*pos >= end) return "bot bytes end early";
  const size_t index = static_cast<unsigned char>(*(*pos)++);
  const char* why = "unknown bot kind";
  for_each_bot_type([&]<class B>(size_t i) {
    if (i != index) return;
    B b;
    if (static_cast<size_t>(end - *pos) < sizeof(b)) {
      why = "bot bytes end early";
      return;
    }
    std::memcpy(&b, *pos, sizeof(b));
    *pos += sizeof(b);
    why = b.check();
    out = b;
  });
  return why;
}

}  // namespace tb
