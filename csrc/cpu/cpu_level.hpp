// What the running CPU can execute, asked of the CPU itself (cpuid through the compiler's
// __builtin_cpu_supports), never of /proc/cpuinfo: under an emulator or in a container that file
// describes the host, not the CPU the code runs on. Used at build time (cmake/cpu_probe.cpp,
// TABLEBITS_ARCH=auto) and at import (cpuid_module.cpp, which picks the engine build to load).
// This file must compile without any -march flag: it runs before we know what the CPU has.
#pragma once

namespace tb::cpu {

// The highest x86-64 microarchitecture level this CPU runs: "x86-64-v3" (AVX2, BMI2, ...),
// "x86-64-v2" (POPCNT, SSE4.2, ...), "x86-64", or "" on a CPU that is not x86-64.
inline const char* level() {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
  __builtin_cpu_init();
  return __builtin_cpu_supports("x86-64-v3")   ? "x86-64-v3"
         : __builtin_cpu_supports("x86-64-v2") ? "x86-64-v2"
                                               : "x86-64";
#elif defined(__x86_64__) && defined(__clang__)
  // Clang names features, not levels: the ones the engine's x86-64-v2/v3 code paths use.
  __builtin_cpu_init();
  const bool v2 = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("sse4.2");
  const bool v3 = v2 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                  __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma");
  return v3 ? "x86-64-v3" : v2 ? "x86-64-v2" : "x86-64";
#elif defined(__x86_64__) || defined(_M_X64)
  return "x86-64";  // a compiler we cannot ask: claim only the base level
#else
  return "";
#endif
}

// Whether PDEP is microcoded (AMD before Zen 3): there the broadword select in core/bits.hpp is
// faster than BMI2's PDEP.
inline bool slow_pdep() {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  return __builtin_cpu_is("amdfam15h") || __builtin_cpu_is("znver1") || __builtin_cpu_is("znver2");
#else
  return false;
#endif
}

}  // namespace tb::cpu
