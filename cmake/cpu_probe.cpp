// Build-time probe (CMakeLists.txt, TABLEBITS_ARCH=auto): prints the highest x86-64 level the
// build machine runs, and whether its PDEP is slow.
#include <cstdio>

#include "../csrc/cpu/cpu_level.hpp"

int main() {
  std::printf("%s;%d", tb::cpu::level(), tb::cpu::slow_pdep() ? 1 : 0);
  return 0;
}
