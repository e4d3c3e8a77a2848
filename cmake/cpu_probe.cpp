// Build-time probe (CMakeLists.txt, TABLEBITS_ARCH=auto): prints the highest x86-64 level the
// build machine runs, and whether its PDEP is slow (microcoded on AMD before Zen 3, where the
// broadword select in core/bits.hpp is faster).
#include <cstdio>

int main() {
  __builtin_cpu_init();
  const char* level = __builtin_cpu_supports("x86-64-v3")   ? "x86-64-v3"
                      : __builtin_cpu_supports("x86-64-v2") ? "x86-64-v2"
                                                            : "x86-64";
  const bool slow_pdep = __builtin_cpu_is("amdfam15h") || __builtin_cpu_is("znver1") || __builtin_cpu_is("znver2");
  std::printf("%s;%d", level, slow_pdep ? 1 : 0);
  return 0;
}
