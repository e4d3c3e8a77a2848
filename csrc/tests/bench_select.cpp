// The bit-select paths of core/bits.hpp on their own, for instruction counts (callgrind):
//   bench_select fast N        N calls of nth_set_bit (PDEP with BMI2, NEON's CNT on arm64)
//   bench_select broadword N   N calls of the portable broadword select
//   bench_select none N        the draws alone (a mask and a rank), to subtract
// on masks and ranks drawn as a random playout draws them (a legal-action mask, a uniform rank).
// The count of one select: (count of N selects - count of N draws) / N.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tablebits/core/bits.hpp"
#include "tablebits/core/rng.hpp"

namespace {

template <class Select>
uint64_t run(size_t n, Select select) {
  tb::Rng rng{5};
  uint64_t checksum = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t mask = rng.next() | 1;
    checksum += static_cast<uint64_t>(select(mask, static_cast<int>(rng.uniform(tb::popcount(mask)))));
  }
  return checksum;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc == 3 ? argv[1] : "";
  if (path != "fast" && path != "broadword" && path != "none") {
    std::fprintf(stderr, "usage: bench_select fast|broadword|none N\n");
    return 2;
  }
  const size_t n = std::strtoull(argv[2], nullptr, 10);
  const uint64_t checksum =
      path == "fast"        ? run(n, [](uint64_t x, int k) { return tb::nth_set_bit(x, k); })
      : path == "broadword" ? run(n, [](uint64_t x, int k) { return tb::nth_set_bit_broadword(x, k); })
                            : run(n, [](uint64_t x, int k) { return static_cast<int>(x >> k) & 1; });
  std::printf("%s select: %zu (checksum %llu)\n", path.c_str(), n, static_cast<unsigned long long>(checksum));
  return 0;
}
