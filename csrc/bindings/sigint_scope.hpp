// Ctrl-C during a long C++ call that released the GIL. Python's own SIGINT handler only sets a
// flag that the interpreter reads when it runs bytecode again, which a call of minutes never
// lets it do. While a SigintScope is alive, SIGINT goes to a handler that asks the C++ loops to
// stop (core/interrupt.hpp) and then calls Python's handler as before, so after the call returns
// early, raise_if_stopped() lets Python raise its KeyboardInterrupt (or whatever the user's
// handler does). Used by both extension modules (pybind11 and Cython): plain Python C API.
//
// Scopes nest and may be open on several threads at once: the first installs the handler and
// the last restores the previous one. SIGINT that is ignored (SIG_IGN) or left at its default
// (the process dies) is left alone. A no-op where POSIX signals are missing.
#pragma once

#include <Python.h>

#include <mutex>

#include "../tablebits/core/interrupt.hpp"

#if defined(__unix__) || defined(__APPLE__)
#include <csignal>
#define TABLEBITS_HAVE_SIGACTION 1
#endif

namespace tb {

class SigintScope {
 public:
  // Call with the GIL held, before releasing it.
  SigintScope() {
#ifdef TABLEBITS_HAVE_SIGACTION
    std::lock_guard<std::mutex> lock(mutex());
    if (open()++ > 0) return;
    clear_stop();
    struct sigaction current {};
    if (sigaction(SIGINT, nullptr, &current) != 0 || !chains(current)) return;
    previous() = current;
    struct sigaction mine = current;
    mine.sa_flags = current.sa_flags | SA_SIGINFO;
    mine.sa_sigaction = &on_sigint;
    installed() = sigaction(SIGINT, &mine, nullptr) == 0;
#endif
  }

  ~SigintScope() {
#ifdef TABLEBITS_HAVE_SIGACTION
    std::lock_guard<std::mutex> lock(mutex());
    if (--open() > 0) return;
    if (installed()) {
      // Put the previous handler back unless someone replaced ours meanwhile (then ours stays
      // under theirs and keeps chaining to Python's).
      struct sigaction current {};
      if (sigaction(SIGINT, nullptr, &current) == 0 && (current.sa_flags & SA_SIGINFO) &&
          current.sa_sigaction == &on_sigint) {
        sigaction(SIGINT, &previous(), nullptr);
      }
      installed() = false;
    }
    clear_stop();
#endif
  }

  SigintScope(const SigintScope&) = delete;
  SigintScope& operator=(const SigintScope&) = delete;

  // Call with the GIL held, after the C++ call returned. If Ctrl-C stopped it, sets the Python
  // exception Python's handler raises (KeyboardInterrupt by default; KeyboardInterrupt too if
  // that handler returns normally, as the work was cut short) and returns -1; else 0.
  int raise_if_stopped() const {
    if (!stop_requested()) return 0;
    if (PyErr_CheckSignals() == 0) PyErr_SetNone(PyExc_KeyboardInterrupt);
    return -1;
  }

 private:
#ifdef TABLEBITS_HAVE_SIGACTION
  static bool chains(const struct sigaction& a) {
    return (a.sa_flags & SA_SIGINFO) || (a.sa_handler != SIG_IGN && a.sa_handler != SIG_DFL);
  }

  static void on_sigint(int sig, siginfo_t* info, void* context) {
    request_stop();
    const struct sigaction& prev = previous();
    if (prev.sa_flags & SA_SIGINFO) {
      prev.sa_sigaction(sig, info, context);
    } else {
      prev.sa_handler(sig);
    }
  }

  static std::mutex& mutex() {
    static std::mutex m;
    return m;
  }
  static int& open() {
    static int n = 0;
    return n;
  }
  static bool& installed() {
    static bool b = false;
    return b;
  }
  static struct sigaction& previous() {
    static struct sigaction prev {};
    return prev;
  }
#endif
};

}  // namespace tb
