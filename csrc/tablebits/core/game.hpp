// The game concept: what every game folder provides, and what every generic driver, binding and
// test is written against. A game is a struct of static functions over a trivially copyable
// State and a trivially copyable Params (so both can be memcpy'd into numpy buffers and across
// the two extension modules). No virtual dispatch: drivers are templates over this concept.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "bits.hpp"
#include "rng.hpp"

namespace tb {

using ActionMask = uint64_t;  // bit a set <=> action a is legal

// `legal` as one 0/1 entry per action, out[0..num_actions): the layout of network masks and of
// the mask arrays handed to Python.
template <typename T>
inline void unpack_mask(ActionMask legal, int num_actions, T* out) noexcept {
  for (int a = 0; a < num_actions; ++a) out[a] = static_cast<T>((legal >> a) & 1);
}

inline constexpr int kSimultaneous = -2;
inline constexpr int kTerminal = -4;
inline constexpr int kNoAction = -1;  // a joint-action entry for a player who is not acting
inline constexpr int kMaxPlayers = 5;
// ISMCTS keys a joint action by packing action + 1 into this many bits per player, so a game
// has at most 2^6 - 1 = 63 actions (games/registry.hpp checks every game against it).
inline constexpr int kJointKeyBits = 6;
inline constexpr int kMaxActions = (1 << kJointKeyBits) - 1;
static_assert(kJointKeyBits * kMaxPlayers <= 32, "a joint-action key is 32 bits");
static_assert(kMaxActions <= 64, "a legal-action mask is 64 bits");

// What kind of game it is: the facts adapters (PettingZoo, Gymnasium, OpenSpiel) and generic
// tests need. Every game declares `static constexpr GameInfo kInfo`; a game whose kind depends
// on its parameters also provides `static constexpr GameInfo info(const Params&)` (game_info).
enum class Dynamics : uint8_t {
  kSequential,    // one player decides at every node
  kSimultaneous,  // every decision node is simultaneous
  kMixed,         // both kinds of node occur
};
enum class Chance : uint8_t {
  kDeterministic,  // all chance is drawn by init; apply is a pure function of state and actions
  kSampled,        // chance events are drawn inside apply from the state's seeded RNG
};
enum class Information : uint8_t {
  kPerfect,    // every player sees the whole state and no choices are simultaneous
  kImperfect,  // hidden state or simultaneous choices
};
enum class Utility : uint8_t {
  kZeroSum,      // returns sum to 0
  kConstantSum,  // returns sum to utility_sum at every terminal state
  kIdentical,    // every player gets the same return (cooperative)
  kGeneralSum,
};

struct GameInfo {
  Dynamics dynamics;
  Chance chance;
  Information information;
  Utility utility;
  float utility_sum;   // kConstantSum only (0 otherwise)
  float min_utility;   // bounds of every player's return at a terminal state
  float max_utility;
  bool can_truncate;   // a safety cap (not a game rule) can end the game: see G::is_truncated
};

// States have no padding (unique object representations), so equality and hashing can compare
// their bytes and the byte format is canonical.
template <class G>
concept Game =
    std::is_trivially_copyable_v<typename G::State> &&
    std::has_unique_object_representations_v<typename G::State> &&
    std::is_trivially_copyable_v<typename G::Params> &&
    requires(typename G::State& s, const typename G::State& cs, const typename G::Params& p,
             int player, int action, const int* joint, float* out, uint64_t seed) {
      { G::kId } -> std::convertible_to<std::string_view>;
      { G::kTag } -> std::convertible_to<uint8_t>;           // byte-format game tag
      { G::kStateVersion } -> std::convertible_to<uint8_t>;  // bumped when State changes
      { G::kNumActions } -> std::convertible_to<int>;
      G::kParamSpecs;  // the parameters, declared once (core/param_spec.hpp)
      // nullptr if `p` is a parameter set the rules support, else a message; every entry point
      // taking parameters from outside (Python keywords, raw parameter bytes) calls it.
      { G::validate_params(p) } -> std::same_as<const char*>;
      { G::num_players(p) } -> std::same_as<int>;  // constexpr (the registry checks the bound)
      { G::kInfo } -> std::convertible_to<GameInfo>;
      // An upper bound on the steps (apply or apply_joint calls) from init to a terminal state.
      { G::max_game_length(p) } -> std::same_as<int>;
      // Terminal because a safety cap (kInfo.can_truncate) was reached, not by the rules' end.
      { G::is_truncated(cs, p) } -> std::same_as<bool>;
      { G::init(s, p, seed) } -> std::same_as<void>;
      // >= 0: that player decides; kSimultaneous: every player with a non-empty legal mask
      // decides at once; kTerminal: over.
      { G::current_player(cs, p) } -> std::same_as<int>;
      // 0 for a player who is not acting.
      { G::legal_mask(cs, p, player) } -> std::same_as<ActionMask>;
      // Preconditions (checked by callers, never by the hot path): the action is legal.
      { G::apply(s, p, action) } -> std::same_as<void>;
      { G::apply_joint(s, p, joint) } -> std::same_as<void>;
      { G::returns(cs, p, out) } -> std::same_as<void>;
      { G::scores(cs, p, out) } -> std::same_as<void>;
      { G::observation_size(p) } -> std::same_as<int>;
      { G::observe(cs, p, player, out) } -> std::same_as<void>;
      G::observation_layout();  // the tensor's named slices, declared once (core/obs_layout.hpp)
      { G::observation_string(cs, p, player) } -> std::same_as<std::string>;
      { G::to_string(cs, p) } -> std::same_as<std::string>;
      // Meaningful for every id in [0, kNumActions) at any node; may depend on phase/player.
      // An id that does not exist under these parameters throws std::invalid_argument.
      { G::action_to_string(cs, p, player, action) } -> std::same_as<std::string>;
      // Redraws everything `player` cannot know, and all future chance, from `seed`.
      { G::resample(s, p, player, seed) } -> std::same_as<void>;
      // nullptr if `cs` is a state the rules can reach, else a message; guards every state
      // entering from outside (bytes, dicts) so no input can drive the rules out of bounds.
      { G::validate(cs, p) } -> std::same_as<const char*>;
    };

// Declares, inside a game's struct, the members of the concept that the game folder's other
// files define after it: resample (resample.hpp); observation_size, observe and
// observation_layout, the tensor slice by slice (observation.hpp); observation_string, to_string
// and action_to_string (strings.hpp); validate and validate_params (validate.hpp); and
// state_schema, the state dict key by key (schema.hpp). Every game has them with the same
// signatures, over its own State and Params.
//
// A macro because no template can do it: a member must be declared in its own class, and a base
// class template declaring them would need each game's definitions written as explicit
// specialisations in namespace tb, outside the game's namespace, where the names the bodies use
// unqualified (the game's constants and helpers) are not found.
#define TABLEBITS_GAME_FILE_MEMBERS()                                                            \
  static void resample(State& s, const Params& p, int player, uint64_t seed);                   \
  static int observation_size(const Params& p);                                                 \
  static void observe(const State& s, const Params& p, int player, float* out);                 \
  static std::string observation_string(const State& s, const Params& p, int player);           \
  static std::string to_string(const State& s, const Params& p);                                \
  static std::string action_to_string(const State& s, const Params& p, int player, int action); \
  static const char* validate(const State& s, const Params& p);                                 \
  static constexpr const auto& state_schema();                                                  \
  static constexpr const auto& observation_layout();                                            \
  static const char* validate_params(const Params& p)

// G's kind under parameters `p`: G::info(p) where the kind depends on them, else G::kInfo.
template <Game G>
constexpr GameInfo game_info(const typename G::Params& p) {
  if constexpr (requires { G::info(p); }) {
    return G::info(p);
  } else {
    return G::kInfo;
  }
}

// The part of a tree's joint-action key for `player` choosing `action`: kJointKeyBits per
// player, action + 1 (0: not acting). A node's edges are keyed by the OR over its players.
constexpr uint32_t joint_key(int player, int action) {
  return static_cast<uint32_t>(action + 1) << (kJointKeyBits * player);
}

// Plays the decision made at a node: player `cur`'s entry of `joint`, or, at a simultaneous node
// (cur < 0), the whole joint action.
template <Game G>
inline void apply_decision(typename G::State& s, const typename G::Params& p, int cur, const int* joint) {
  if (cur >= 0) {
    G::apply(s, p, joint[cur]);
  } else {
    G::apply_joint(s, p, joint);
  }
}

// Calls f(joint) for every joint action at a simultaneous node `s` that keeps the entries the
// caller set in `joint`: every acting player whose entry is kNoAction takes each of their legal
// actions in turn, as an odometer (the lowest seat's entry turns fastest, each from its lowest
// action); a player not acting keeps kNoAction. Stops as soon as f returns true.
template <Game G, class F>
inline void for_each_joint_action(const typename G::State& s, const typename G::Params& p,
                                  std::array<int, kMaxPlayers> joint, F&& f) {
  const int n = G::num_players(p);
  std::array<ActionMask, kMaxPlayers> masks{};
  for (int pl = 0; pl < n; ++pl) {
    if (joint[pl] != kNoAction) continue;
    masks[pl] = G::legal_mask(s, p, pl);
    if (masks[pl]) joint[pl] = lowest_bit(masks[pl]);
  }
  for (;;) {
    if (f(std::as_const(joint))) return;
    int pl = 0;
    for (; pl < n; ++pl) {
      if (!masks[pl]) continue;
      const ActionMask rest = masks[pl] & ~((ActionMask{2} << joint[pl]) - 1);
      if (rest) {
        joint[pl] = lowest_bit(rest);
        break;
      }
      joint[pl] = lowest_bit(masks[pl]);
    }
    if (pl == n) return;
  }
}

// A hash of a state's bytes (States have unique object representations: equal states, equal
// bytes), for the transposition tables of the exact searches (solver.hpp, team_solver.hpp).
template <Game G>
inline uint64_t state_hash(const typename G::State& s) {
  uint64_t words[(sizeof(s) + 7) / 8] = {};
  std::memcpy(words, &s, sizeof(s));
  uint64_t h = 0;
  for (uint64_t w : words) h = mix64(h ^ w);
  return h;
}

// Returns and scores together. A game whose returns are computed from its scores (an expensive
// optimisation, say) may provide G::outcome to do the work once.
template <Game G>
inline void final_outcome(const typename G::State& s, const typename G::Params& p, float* returns,
                          float* scores) {
  if constexpr (requires { G::outcome(s, p, returns, scores); }) {
    G::outcome(s, p, returns, scores);
  } else {
    G::returns(s, p, returns);
    G::scores(s, p, scores);
  }
}

}  // namespace tb
