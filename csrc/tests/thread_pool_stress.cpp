// The thread pool under ThreadSanitizer (.ci/run): many back-to-back jobs of varying size and
// thread count, each index visited exactly once.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "tablebits/core/thread_pool.hpp"

int main() {
  std::vector<int> hits(1000);
  for (int job = 0; job < 20000; ++job) {
    const int threads = 1 + job % 4;
    const size_t n = 1 + static_cast<size_t>(job) % hits.size();
    std::fill(hits.begin(), hits.end(), 0);
    tb::ThreadPool::instance().parallel_for(n, threads, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) ++hits[i];
    });
    for (size_t i = 0; i < n; ++i) {
      if (hits[i] != 1) {
        std::printf("job %d: index %zu visited %d times\n", job, i, hits[i]);
        return 1;
      }
    }
  }
  std::printf("thread pool: 20000 jobs, every index visited once\n");
  return 0;
}
