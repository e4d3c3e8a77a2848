// A process-wide stop request that the long C++ loops (random games, arena games, ISMCTS
// iterations, the solver) poll between units of work: one relaxed atomic load per game or per 16
// search iterations, nothing in the rules' hot paths. The Python bindings set it from a SIGINT
// handler (bindings/sigint_scope.hpp) so Ctrl-C gets control back at once; the loops then stop
// early and the binding raises KeyboardInterrupt. Pure C++ callers may set it themselves.
#pragma once

#include <atomic>

namespace tb {

inline std::atomic<bool> g_stop_requested{false};

inline bool stop_requested() noexcept { return g_stop_requested.load(std::memory_order_relaxed); }

// Async-signal-safe (a lock-free atomic store).
inline void request_stop() noexcept { g_stop_requested.store(true, std::memory_order_relaxed); }

inline void clear_stop() noexcept { g_stop_requested.store(false, std::memory_order_relaxed); }

static_assert(std::atomic<bool>::is_always_lock_free, "request_stop runs in a signal handler");

}  // namespace tb
