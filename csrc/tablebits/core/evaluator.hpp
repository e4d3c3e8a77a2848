// A learned leaf evaluator for PUCT search (puct.hpp), and the process-wide registry through
// which a bot config (plain data, core/bots.hpp) names one.
//
// The engine knows an evaluator only through this interface; the Python bindings implement it
// with a Python callable (bindings/py_evaluator.hpp); the Baseline network runs in C++ (mlp.hpp).
// It is called once per batch of leaves, so its virtual call costs nothing next to the
// evaluation.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace tb {

class Evaluator {
 public:
  virtual ~Evaluator() = default;

  // Evaluates `rows` leaves: observations (rows, obs_size) float32, each from the view of the
  // player to act there, and legal masks (rows, num_actions) as bytes 0/1. Writes priors
  // (rows, num_actions) -- finite and >= 0 -- and values (rows, players) -- finite. Returns false
  // when the evaluation failed; the search then stops and the evaluator keeps the error (it
  // keeps returning false until reset by its owner).
  virtual bool evaluate(const float* observations, const uint8_t* masks, int rows, int obs_size, int num_actions,
                        int players, float* priors, float* values) = 0;

  // Why the last evaluation failed ("" if it did not, or if the reason is kept elsewhere, as a
  // Python evaluator keeps its exception); taking it clears the failure.
  virtual std::string take_error() { return {}; }

  // The one game an evaluator serves, if it is bound to one: a network is trained on one game and
  // one parameter set, and under other rules its priors and values mean nothing (the observation
  // may even keep its size). `params` holds the raw bytes of the game's Params struct. Bound
  // before the evaluator is registered and never changed after, so searches read it unlocked.
  void bind_game(std::string game, std::string params) {
    game_ = std::move(game);
    params_ = std::move(params);
  }

  // "" if the evaluator may evaluate game `game` with parameter bytes `params`, else why not.
  std::string refusal(std::string_view game, std::string_view params) const {
    if (game_.empty()) return {};
    if (game != game_) return "its evaluator serves " + game_ + ", not " + std::string(game);
    if (params != params_) {
      return "its evaluator serves " + game_ + " with other parameters than this game's (a network plays only "
             "the parameters it was trained on)";
    }
    return {};
  }

 private:
  std::string game_;    // empty: any game
  std::string params_;  // the bound game's Params bytes
};

// Evaluators by id. A bot config holds the id, never a pointer, so bytes handed in from outside
// can name at worst an unknown evaluator. Thread-safe.
//
// A program made of several shared objects that each compile this header (the two Python
// extension modules, which the interpreter loads with their symbols private) gets one registry
// per object: all but one must adopt() the other's at load time, before any search.
class EvaluatorRegistry {
 public:
  static EvaluatorRegistry& instance() { return *current(); }
  static void adopt(EvaluatorRegistry* shared) { current() = shared; }

  uint64_t add(std::shared_ptr<Evaluator> evaluator) {
    std::lock_guard<std::mutex> lock(mutex_);
    const uint64_t id = next_++;
    evaluators_[id] = std::move(evaluator);
    return id;
  }

  void remove(uint64_t id) {
    std::lock_guard<std::mutex> lock(mutex_);
    evaluators_.erase(id);
  }

  // The evaluator `id`, or null if there is none (never registered, or removed).
  std::shared_ptr<Evaluator> find(uint64_t id) const {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = evaluators_.find(id);
    return it == evaluators_.end() ? nullptr : it->second;
  }

 private:
  static EvaluatorRegistry*& current() {
    static EvaluatorRegistry own;
    static EvaluatorRegistry* in_use = &own;
    return in_use;
  }

  mutable std::mutex mutex_;
  std::map<uint64_t, std::shared_ptr<Evaluator>> evaluators_;
  uint64_t next_ = 1;  // 0 means "no evaluator"
};

}  // namespace tb
