// The object API, written once: bind_game<G> exposes any game's Game and State classes with the
// public contract of docs/api.md. Every check that protects the engine from bad input lives here.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "../tablebits/core/game.hpp"
#include "../tablebits/core/bots.hpp"
#include "../tablebits/core/ismcts.hpp"
#include "../tablebits/core/serialize.hpp"
#include "guarded.hpp"
#include "params.hpp"
#include "py_bots.hpp"
#include "py_errors.hpp"
#include "py_evaluator.hpp"
#include "py_info.hpp"
#include "py_obs_layout.hpp"
#include "pyconvert.hpp"
#include "sigint_scope.hpp"
#include "state_codec.hpp"

namespace tb {

namespace py = pybind11;

// Common Python base classes, so `isinstance(x, tablebits.State)` works for every game.
struct GameBase {};
struct StateBase {};

template <Game G>
struct GameHandle {
  typename G::Params params;
  py::dict params_dict;
  int players;
  int obs_size;
};

template <Game G>
using GamePtr = std::shared_ptr<const GameHandle<G>>;

template <Game G>
struct PyGame : GameBase, Constructed {
  GamePtr<G> handle;
};

template <Game G>
struct PyState : StateBase, Constructed {
  GamePtr<G> game;
  typename G::State s;
};

inline uint64_t to_seed(const py::object& seed) {
  if (seed.is_none()) return (uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  return py_convert::to_u64(seed, "seed");
}

template <Game G>
GamePtr<G> make_handle(const py::dict& kwargs) {
  py_convert::ParamReader reader(std::string(G::kId), kwargs);
  auto h = std::make_shared<GameHandle<G>>();
  try {
    h->params = parse_params<G>(reader);
  } catch (const py::type_error& e) {
    throw py::value_error(e.what());  // the contract: any invalid parameter is a ValueError
  }
  h->params_dict = params_to_dict<G>(h->params);
  h->players = G::num_players(h->params);
  h->obs_size = G::observation_size(h->params);
  return h;
}

template <Game G>
class StateMethods {
 public:
  using S = PyState<G>;

  static int check_player(const S& st, const py::object& player) {
    const int n = st.game->players;
    return static_cast<int>(py_convert::to_int(player, "player", 0, n - 1));
  }

  static int current(const S& st) { return G::current_player(st.s, st.game->params); }

  static ActionMask mask(const S& st, int player) { return G::legal_mask(st.s, st.game->params, player); }

  static py::list legal_actions(const S& st, const py::object& player) {
    int p;
    if (player.is_none()) {
      p = current(st);
      if (p == kTerminal) return py::list();
      if (p == kSimultaneous) py_convert::value_error("simultaneous node: pass the player whose legal actions you want");
    } else {
      p = check_player(st, player);
    }
    ActionMask m = mask(st, p);
    py::list out(popcount(m));
    size_t i = 0;
    for_each_bit(m, [&](int a) { PyList_SET_ITEM(out.ptr(), i++, PyLong_FromLong(a)); });
    return out;
  }

  static py::array_t<bool> legal_actions_mask(const S& st, const py::object& player) {
    const ActionMask m = mask(st, check_player(st, player));
    py::array_t<bool> out(G::kNumActions);
    unpack_mask(m, G::kNumActions, out.mutable_data());
    return out;
  }

  static std::string describe(const S& st, int player, int action) {
    return G::action_to_string(st.s, st.game->params, player, action);
  }

  static std::string legal_list(const S& st, int player) {
    std::string out;
    for_each_bit(mask(st, player), [&](int a) { out += (out.empty() ? "" : ", ") + std::to_string(a); });
    return "[" + out + "]";
  }

  [[noreturn]] static void illegal(const S& st, int player, int action) {
    const std::string name = action >= 0 && action < G::kNumActions ? " ('" + describe(st, player, action) + "')" : "";
    illegal_action("illegal action " + std::to_string(action) + name + " for player " + std::to_string(player) +
                   "; legal: " + legal_list(st, player));
  }

  static int check_action(const S& st, int player, const py::handle& action) {
    if (PyBool_Check(action.ptr())) illegal_action("illegal action: a bool is not an action id");
    const int64_t a = py_convert::to_int(action, "action", INT32_MIN, INT32_MAX);
    if (a < 0 || a >= G::kNumActions || !((mask(st, player) >> a) & 1)) illegal(st, player, static_cast<int>(a));
    return static_cast<int>(a);
  }

  static void apply_action(S& st, const py::handle& action) {
    const int p = current(st);
    if (p == kTerminal) illegal_action("the game is over");
    if (p == kSimultaneous) illegal_action("simultaneous node: use apply_actions with one entry per player");
    const int a = check_action(st, p, action);
    G::apply(st.s, st.game->params, a);
  }

  static void apply_actions(S& st, const py::handle& joint_obj) {
    const int p = current(st);
    if (p == kTerminal) illegal_action("the game is over");
    if (p >= 0) illegal_action("sequential node: use apply_action");
    const int n = st.game->players;
    py::list joint = py_convert::to_list(joint_obj, "joint action", static_cast<size_t>(n));
    std::array<int, kMaxPlayers> actions;
    for (int i = 0; i < n; ++i) {
      const bool acting = mask(st, i) != 0;
      if (acting) {
        actions[i] = check_action(st, i, joint[i]);
      } else if (py_convert::to_int(joint[i], "joint action entry", INT32_MIN, INT32_MAX) != kNoAction) {
        illegal_action("player " + std::to_string(i) + " is not acting: its entry must be -1");
      } else {
        actions[i] = kNoAction;
      }
    }
    G::apply_joint(st.s, st.game->params, actions.data());
  }

  // None resolves to the current player at a sequential node, else to "no particular player".
  static int string_player(const S& st, const py::object& player) {
    if (!player.is_none()) return check_player(st, player);
    const int p = current(st);
    return p >= 0 ? p : -1;
  }

  static std::string action_to_string(const S& st, const py::handle& action, const py::object& player) {
    const int a = static_cast<int>(py_convert::to_int(action, "action", 0, G::kNumActions - 1));
    return describe(st, string_player(st, player), a);
  }

  static int string_to_action(const S& st, const py::handle& text, const py::object& player) {
    const std::string s = py_convert::to_str(text, "action string");
    const int p = string_player(st, player);
    for (int a = 0; a < G::kNumActions; ++a) {
      try {
        if (describe(st, p, a) == s) return a;
      } catch (const std::invalid_argument&) {
        // an id that does not exist with these parameters names nothing
      }
    }
    py_convert::value_error("no action is written '" + s + "' here");
  }

  static double widen(float v) { return static_cast<double>(v); }

  // One Python float per player from fn, through `convert`.
  static py::list floats(const S& st, void (*fn)(const typename G::State&, const typename G::Params&, float*),
                         double (*convert)(float) = &widen) {
    std::array<float, kMaxPlayers> v{};
    fn(st.s, st.game->params, v.data());
    py::list out;
    for (int i = 0; i < st.game->players; ++i) out.append(convert(v[i]));
    return out;
  }

  // A win share is 0 or 1/k (k players share the win); the engine computes it in float32, where
  // 1/3 is 0.3333333432674408. The object API returns the exact Python float 1/k instead, so a
  // k-way tie sums to 1.0. Any other value (none today) is widened unchanged.
  static double exact_share(float v) {
    if (v <= 0.0f) return static_cast<double>(v);
    const long k = std::lround(1.0 / static_cast<double>(v));
    if (k >= 1 && k <= kMaxPlayers && static_cast<float>(1.0 / static_cast<double>(k)) == v) {
      return 1.0 / static_cast<double>(k);
    }
    return static_cast<double>(v);
  }

  static py::array_t<float> observation_tensor(const S& st, const py::object& player) {
    const int p = check_player(st, player);
    py::array_t<float> out(st.game->obs_size);
    G::observe(st.s, st.game->params, p, out.mutable_data());
    return out;
  }

  static S resample(const S& st, const py::object& player, const py::object& seed) {
    const int p = check_player(st, player);
    S copy = st;
    G::resample(copy.s, st.game->params, p, to_seed(seed));
    return copy;
  }

  // The player a bot decides for: `player` (who must be acting), default the player to move.
  static int deciding_player(const S& st, const py::object& player) {
    const int cur = current(st);
    if (cur == kTerminal) py_convert::value_error("the game is over");
    if (player.is_none()) {
      if (cur == kSimultaneous) py_convert::value_error("simultaneous node: pass the player who decides");
      return cur;
    }
    const int p = check_player(st, player);
    if (!mask(st, p)) py_convert::value_error("player " + std::to_string(p) + " is not acting here");
    return p;
  }

  // The bots' runners of this thread, kept between calls with their memory (ISMCTS's node
  // pools), shared by bot_action and search.
  static BotRunners<G>& thread_runners() {
    thread_local BotRunners<G> runners;
    return runners;
  }

  // Once a bot has run: Ctrl-C during it becomes KeyboardInterrupt, and a learned evaluator's
  // error is raised as the evaluator raised it.
  static void raise_after_bot(SigintScope& sigint, const BotConfig& bot) {
    if (sigint.raise_if_stopped()) throw py::error_already_set();
    if (const uint32_t id = bot_evaluator(bot)) raise_evaluator_error(id);
  }

  // `bot`'s decision for `player` (the generic path of every built-in bot); GIL released.
  static int bot_action(const S& st, const PyBot& bot, const py::object& player, const py::object& seed) {
    require_set_up(bot);
    if (const std::string why = bot_refusal<G>(bot.config, st.game->params); !why.empty()) py_convert::value_error(why);
    const int decider = deciding_player(st, player);
    const uint64_t s = to_seed(seed);
    const typename G::State root = st.s;
    const typename G::Params params = st.game->params;
    const ActionMask legal = mask(st, decider);
    int action;
    SigintScope sigint;
    {
      py::gil_scoped_release release;
      Rng policy{s};
      Decision decision{policy, s};
      action = thread_runners().act(bot.config, root, params, decider, legal, decision);
    }
    raise_after_bot(sigint, bot.config);
    return action;
  }

  // Two entries reach the bots: bot_action (a built-in bot's move, through the same BotRunners::act
  // that tb.arena's C++ games use) and search (a search bot's move with its statistics; tb.search).
  // A search bot's full result: (visits, mean values, best action, principal variation,
  // iterations, seconds). See tablebits.search.
  static py::tuple search(const S& st, const PyBot& bot, const py::object& player, const py::object& seed) {
    require_set_up(bot);
    if (!std::holds_alternative<IsmctsBot>(bot.config) && !std::holds_alternative<PuctBot>(bot.config)) {
      py_convert::value_error("search takes an 'ismcts' or 'puct' bot, not '" + std::string(bot_name(bot.config)) + "'");
    }
    if (const std::string why = bot_refusal<G>(bot.config, st.game->params); !why.empty()) py_convert::value_error(why);
    const int decider = deciding_player(st, player);
    const uint64_t s = to_seed(seed);
    const typename G::State root = st.s;
    const typename G::Params params = st.game->params;
    BotRunners<G>& runners = thread_runners();
    RootStats stats;
    IsmctsResult result;
    std::vector<std::string> line;
    bool failed = false;
    const auto start = std::chrono::steady_clock::now();
    SigintScope sigint;
    {
      py::gil_scoped_release release;
      if (const auto* ismcts = std::get_if<IsmctsBot>(&bot.config)) {
        auto& runner = runners.template runner<IsmctsBot>();
        result = runner.run(*ismcts, root, params, decider, s, &stats);
        line = runner.search.first_tree().principal_variation(root, params, decider, s);
      } else {
        const PuctBot& puct = std::get<PuctBot>(bot.config);
        auto& runner = runners.template runner<PuctBot>();
        result = runner.run(puct, root, params, decider, s, &stats, failed);
        if (!failed) line = runner.search.first_tree().principal_variation(root, params, decider, s);
      }
    }
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    raise_after_bot(sigint, bot.config);
    if (failed) py_convert::value_error("the evaluator is no longer registered");
    py::array_t<uint64_t> visits(G::kNumActions);
    py::array_t<double> values(G::kNumActions);
    for (size_t a = 0; a < size_t{G::kNumActions}; ++a) {
      visits.mutable_data()[a] = stats.visits[a];
      values.mutable_data()[a] = stats.visits[a] ? stats.reward[a] / static_cast<double>(stats.visits[a]) : std::nan("");
    }
    py::list pv;
    for (const std::string& step : line) pv.append(step);
    return py::make_tuple(visits, values, result.action, pv, result.iterations, seconds.count());
  }

  static py::bytes to_bytes(const S& st) { return py::bytes(state_to_bytes<G>(st.s, st.game->params)); }

  static S from_bytes(const GamePtr<G>& game, const py::handle& data) {
    if (!py::isinstance<py::bytes>(data) && !py::isinstance<py::bytearray>(data)) {
      py_convert::type_error("state bytes", "bytes", data);
    }
    const std::string raw = py::reinterpret_steal<py::bytes>(PyBytes_FromObject(data.ptr())).cast<std::string>();
    S st{{}, {}, game, {}};
    if (const char* why = state_from_bytes<G>(raw, game->params, st.s)) {
      invalid_state(std::string("invalid state bytes: ") + why);
    }
    return st;
  }

  static bool equal(const S& a, const py::object& other) {
    if (!py::isinstance<S>(other)) return false;
    const S& b = other.cast<const S&>();
    return b.set_up() && std::memcmp(&a.s, &b.s, sizeof(a.s)) == 0 && a.game->params_dict.equal(b.game->params_dict);
  }
};

template <Game G>
std::string class_prefix() {
  std::string out;
  bool upper = true;
  for (char c : G::kId) {
    if (c == '_') {
      upper = true;
    } else {
      out += upper ? static_cast<char>(c - 'a' + 'A') : c;
      upper = false;
    }
  }
  return out;
}

template <Game G>
PyGame<G> make_game(const py::dict& kwargs) {
  return PyGame<G>{{}, {}, make_handle<G>(kwargs)};
}

// The module-level function that unpickles G's states or games.
template <Game G>
std::string restore_name(const char* what) {
  return "_restore_" + std::string(G::kId) + "_" + what;
}

template <Game G>
py::tuple reduce_state(const PyState<G>& st) {
  const py::object restore = py::module_::import("tablebits._core").attr(restore_name<G>("state").c_str());
  return py::make_tuple(restore, py::make_tuple(st.game->params_dict, StateMethods<G>::to_bytes(st)));
}

template <Game G>
py::tuple reduce_game(const PyGame<G>& g) {
  const py::object restore = py::module_::import("tablebits._core").attr(restore_name<G>("game").c_str());
  return py::make_tuple(restore, py::make_tuple(g.handle->params_dict));
}

// Binds G's Game and State classes; returns the State class for optional extras.
template <Game G>
py::class_<PyState<G>, StateBase> bind_game(py::module_& m, py::dict& factories) {
  using S = PyState<G>;
  using M = StateMethods<G>;
  using PG = PyGame<G>;
  const std::string prefix = class_prefix<G>();

  py::class_<S, StateBase> state(m, (prefix + "State").c_str(),
                                 ("A position of " + std::string(G::kId) + "; see tablebits.State.").c_str());
  Guarded<py::class_<S, StateBase>>(state)
      .def("current_player", &M::current, "The player to move, SIMULTANEOUS (-2) or TERMINAL (-4).")
      .def("is_terminal", [](const S& st) { return M::current(st) == kTerminal; }, "True once the game is over.")
      .def("is_truncated", [](const S& st) { return G::is_truncated(st.s, st.game->params); },
           "True if the game is over because a safety cap (game.info.can_truncate, e.g. max_rounds) "
           "was reached rather than by the rules' own end.")
      .def("is_simultaneous_node", [](const S& st) { return M::current(st) == kSimultaneous; },
           "True where several players choose at once (use apply_actions).")
      .def("acting_players", [](const S& st) {
             py::list out;
             for (int p = 0; p < st.game->players; ++p)
               if (M::mask(st, p)) out.append(p);
             return out;
           }, "Sorted players who choose at this node.")
      .def("legal_actions", &M::legal_actions, py::arg("player") = py::none(),
           "Sorted legal action ids of `player` (default: the player to move); [] for a player not acting.")
      .def("legal_actions_mask", &M::legal_actions_mask, py::arg("player"),
           "numpy bool array of length num_actions, True where the action is legal for `player`.")
      .def("apply_action", &M::apply_action, py::arg("action"),
           "Plays `action` at a sequential node. Illegal -> IllegalActionError (a ValueError), state unchanged.")
      .def("apply_actions", &M::apply_actions, py::arg("joint"),
           "Plays one action per player at a simultaneous node (-1 for players not acting). Illegal -> "
           "IllegalActionError (a ValueError), state unchanged.")
      .def("action_to_string", &M::action_to_string, py::arg("action"), py::arg("player") = py::none(),
           "The action's text for `action` (as `player` would name it; default: the player to move).")
      .def("string_to_action", &M::string_to_action, py::arg("text"), py::arg("player") = py::none(),
           "Inverse of action_to_string. Unknown text -> ValueError.")
      .def("returns", [](const S& st) { return M::floats(st, &G::returns, &M::exact_share); },
           "Win shares per player as exact Python floats: 1/k each for a k-way tie, summing to 1.0 "
           "(cooperative games: 1 each on a win); zeros before the end.")
      .def("scores", [](const S& st) { return M::floats(st, &G::scores); }, "Raw game points per player.")
      .def("observation_tensor", &M::observation_tensor, py::arg("player"),
           "float32 numpy array of game.observation_shape: exactly what `player` knows.")
      .def("observation_string", [](const S& st, const py::object& player) {
             return G::observation_string(st.s, st.game->params, M::check_player(st, player));
           }, py::arg("player"), "Readable text of exactly what `player` knows.")
      .def("resample", &M::resample, py::arg("player"), py::arg("seed") = py::none(),
           "A new state consistent with everything `player` knows, hidden information and future chance redrawn.")
      .def("bot_action", &M::bot_action, py::arg("bot"), py::arg("player") = py::none(), py::arg("seed") = 0,
           "The action a built-in bot (a BotConfig) chooses for `player` (default: the player to move), "
           "run in C++ with the GIL released; the same seed gives the same action unless the bot has a "
           "time limit.")
      .def("_search", &M::search, py::arg("bot"), py::arg("player") = py::none(), py::arg("seed") = 0,
           "(visits, values, best_action, principal_variation, iterations, seconds) of an 'ismcts' or 'puct' "
           "bot's search; see tablebits.search.")
      .def("clone", [](const S& st) { return st; }, "An independent copy.")
      .def("__copy__", [](const S& st) { return st; })
      .def("__deepcopy__", [](const S& st, const py::object&) { return st; }, py::arg("memo"))
      .def("to_bytes", &M::to_bytes, "Compact, versioned bytes; game.state_from_bytes reads them back.")
      .def("to_dict", [](const S& st) { return state_to_dict<G>(st.s, st.game->params); },
           "JSON-able dict in the game's schema (docs/games/<game>.md); game.state_from_dict reads it back.")
      .def_property_readonly("game", [](const S& st) { return PG{{}, {}, st.game}; }, "The game this state belongs to.")
      .def("__str__", [](const S& st) { return G::to_string(st.s, st.game->params); })
      .def("__repr__", [](const S& st) {
             return "<" + std::string(G::kId) + " state " + py::bytes(M::to_bytes(st)).attr("hex")().cast<std::string>() + ">";
           })
      .def("__eq__", &M::equal)
      .def("__hash__", [](const S& st) { return py::hash(M::to_bytes(st)); })
      // Pickles name a module-level restore function: protocols 0 and 1 would otherwise go
      // through copyreg, which pybind11 classes do not support, and no pickle goes through
      // __new__, so a cut-short one fails in loads. __setstate__ stays for older pickles.
      .def("__reduce_ex__", [](const S& st, const py::object&) { return reduce_state(st); }, py::arg("protocol"))
      .def("__reduce__", [](const S& st) { return reduce_state(st); });
  state.def(py::pickle(
          [](const S& st) { return py::make_tuple(st.game->params_dict, M::to_bytes(st)); },
          [](const py::tuple& t) {
            if (t.size() != 2) py_convert::value_error("bad pickled state");
            return M::from_bytes(make_handle<G>(py_convert::to_dict(t[0], "pickled params")), t[1]);
          }));

  py::class_<PG, GameBase> game(m, (prefix + "Game").c_str(),
                                ("The game " + std::string(G::kId) + " with fixed parameters; see tablebits.Game.").c_str());
  Guarded<py::class_<PG, GameBase>>(game)
      .def_property_readonly("id", [](const PG&) { return std::string(G::kId); }, "The game's id.")
      .def_property_readonly("num_players", [](const PG& g) { return g.handle->players; })
      .def_property_readonly("num_actions", [](const PG&) { return G::kNumActions; }, "Size of the action id space.")
      .def_property_readonly("params", [](const PG& g) { return g.handle->params_dict.attr("copy")(); },
                             "The resolved parameters (defaults filled in).")
      .def_property_readonly("param_specs", [](const PG&) { return param_specs<G>(); },
                             "One dict per parameter: name, type (int, bool, str or list), range, meaning.")
      .def_property_readonly("state_schema", [](const PG& g) { return state_schema_py<G>(g.handle->params); },
                             "One dict per key of the state dict after 'game' (key, kind, required; range, "
                             "nullable and list where they apply), in to_dict order.")
      .def_property_readonly("info", [](const PG& g) { return py_game_info<G>(g.handle->params); },
                             "A tablebits.GameInfo: dynamics, chance, information, utility, bounds "
                             "and maximum length of this game under its parameters.")
      .def_property_readonly("observation_layout", [](const PG& g) { return observation_layout_py<G>(g.handle->params); },
                             "One dict per slice of the observation tensor, in order: name, offset, length, "
                             "encoding (one_hot, bits, count or scaled), meaning, and seat (relative to the "
                             "observer) for the per-seat slices, else None.")
      .def_property_readonly("observation_shape", [](const PG& g) { return py::make_tuple(g.handle->obs_size); })
      .def("new_initial_state", [](const PG& g, const py::object& seed) {
             S st{{}, {}, g.handle, {}};
             G::init(st.s, g.handle->params, to_seed(seed));
             return st;
           }, py::arg("seed") = py::none(), "A new game; the same seed gives the same game on every platform.")
      .def("state_from_bytes", [](const PG& g, const py::handle& b) { return M::from_bytes(g.handle, b); },
           py::arg("data"), "Reads State.to_bytes output. Malformed or unreachable -> InvalidStateError (a "
           "ValueError); not bytes -> TypeError.")
      .def("state_from_dict", [](const PG& g, const py::handle& d) {
             return S{{}, {}, g.handle, reading_state([&] { return state_from_dict<G>(d, g.handle->params); })};
           }, py::arg("d"), "Reads State.to_dict output (schema in docs/games/<game>.md). Malformed or unreachable -> "
           "InvalidStateError (a ValueError); a value of the wrong type -> TypeError.")
      .def("_check_bot", [](const PG& g, const PyBot& bot) {
             require_set_up(bot);
             if (const std::string why = bot_refusal<G>(bot.config, g.handle->params); !why.empty()) {
               py_convert::value_error(why);
             }
           }, py::arg("bot"), "ValueError saying why, if the built-in `bot` cannot play this game; before "
           "any search starts.")
      .def("_params_blob", [](const PG& g) {
             return py::bytes(reinterpret_cast<const char*>(&g.handle->params), sizeof(g.handle->params));
           }, "The C++ parameter struct, for the batch module.")
      .def("__eq__", [](const PG& g, const py::object& other) {
             return py::isinstance<PG>(other) && other.cast<const PG&>().set_up() &&
                    g.handle->params_dict.equal(other.cast<const PG&>().handle->params_dict);
           })
      .def("__hash__", [](const PG& g) { return py::hash(py::str(g.handle->params_dict)); })
      .def("__repr__", [](const PG& g) {
             return "tablebits.make('" + std::string(G::kId) + "', **" + std::string(py::repr(g.handle->params_dict)) + ")";
           })
      .def("__reduce_ex__", [](const PG& g, const py::object&) { return reduce_game(g); }, py::arg("protocol"))
      .def("__reduce__", [](const PG& g) { return reduce_game(g); });
  game.def(py::pickle([](const PG& g) { return py::make_tuple(g.handle->params_dict); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) py_convert::value_error("bad pickled game");
                        return make_game<G>(py_convert::to_dict(t[0], "pickled params"));
                      }));

  m.def(restore_name<G>("state").c_str(), [](const py::handle& params, const py::handle& data) {
    return M::from_bytes(make_handle<G>(py_convert::to_dict(params, "pickled params")), data);
  }, "Unpickles a state (State.__reduce__).");
  m.def(restore_name<G>("game").c_str(), [](const py::handle& params) {
    return make_game<G>(py_convert::to_dict(params, "pickled params"));
  }, "Unpickles a game (Game.__reduce__).");
  factories[py::str(std::string(G::kId))] = py::cpp_function([](const py::kwargs& kw) { return make_game<G>(kw); });
  return state;
}

}  // namespace tb
