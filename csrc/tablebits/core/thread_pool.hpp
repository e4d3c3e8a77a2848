// A small persistent thread pool for data-parallel loops. Work is split into contiguous chunks
// whose results depend only on the index range, never on which thread ran them, so every driver
// built on it gives the same numbers for any thread count.
//
// Batch stepping calls it thousands of times a second with jobs of a few hundred microseconds,
// so waking a sleeping thread (tens of microseconds in a VM) would cost as much as the work:
// idle workers and the waiting caller spin briefly before they block.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace tb {

class ThreadPool {
 public:
  // More threads than this are never started, whatever a caller asks (a thread per env of a
  // million-env batch would exhaust the process, and no machine this runs on has more cores).
  static constexpr int kMaxThreads = 256;

  static ThreadPool& instance() {
    static ThreadPool pool;
    return pool;
  }

  // Calls body(begin, end) over [0, n) in `threads` contiguous chunks (the caller runs one).
  // Blocks until all chunks are done. Not reentrant from inside a body.
  template <class Body>
  void parallel_for(size_t n, int threads, const Body& body) {
    threads = static_cast<int>(std::clamp<size_t>(static_cast<size_t>(std::clamp(threads, 1, kMaxThreads)), 1,
                                                  std::max<size_t>(n, 1)));
    const ChunkBody chunk_body{&body, &call_body<Body>};
    if (threads == 1) {
      call_body<Body>(&body, 0, n);
      return;
    }
    std::lock_guard<std::mutex> one_job_at_a_time(submit_mutex_);
    grow(threads - 1);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      body_.store(&chunk_body, std::memory_order_relaxed);
      n_.store(n, std::memory_order_relaxed);
      pending_.store(threads, std::memory_order_relaxed);
      // Release: a thread whose fetch_add reads this ticket sees the job's fields above.
      ticket_.store(uint64_t(threads) << 32, std::memory_order_release);
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    run_chunks();
    if (!spin_until([&] { return pending_.load(std::memory_order_acquire) == 0; })) {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [&] { return pending_.load(std::memory_order_acquire) == 0; });
    }
    ticket_.store(0, std::memory_order_relaxed);  // closed: a late fetch_add gets no chunk
  }

  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_.store(true);
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }

 private:
  ThreadPool() = default;

  // A non-owning reference to a job's body. std::function would heap-allocate for bodies that
  // capture more than two pointers (BatchEnv::step's does), on every one of thousands of jobs
  // a second.
  struct ChunkBody {
    const void* body;
    void (*call)(const void* body, size_t begin, size_t end);
  };

  // The body runs in a function of its own, never inlined into its caller: inlined there (a
  // rollout loop into the driver calling parallel_for), it changed the compiler's inlining of
  // the game's rules and made Good Fortune's random games 18% slower.
  template <class Body>
  [[gnu::noinline]] static void call_body(const void* body, size_t begin, size_t end) {
    (*static_cast<const Body*>(body))(begin, end);
  }

  // Polls `ready` for up to ~50 microseconds; true if it became true.
  template <class Ready>
  static bool spin_until(Ready&& ready) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
    for (int i = 0;; ++i) {
      if (ready()) return true;
      if ((i & 63) == 63 && std::chrono::steady_clock::now() > until) return false;
    }
  }

  void grow(int count) {
    while (static_cast<int>(workers_.size()) < count) workers_.emplace_back([this] { work(); });
  }

  // Takes chunks of the current job until none is left. A ticket holds the job's chunk count
  // (high half) and the next chunk (low half) in one word, so a thread arriving late from an
  // earlier job can never pair one job's counter with another job's size.
  void run_chunks() {
    for (;;) {
      const uint64_t ticket = ticket_.fetch_add(1, std::memory_order_acq_rel);
      const uint32_t chunks = static_cast<uint32_t>(ticket >> 32);
      const uint32_t chunk = static_cast<uint32_t>(ticket);
      if (chunk >= chunks) return;
      const size_t n = n_.load(std::memory_order_relaxed);
      const size_t begin = n * static_cast<size_t>(chunk) / static_cast<size_t>(chunks);
      const size_t end = n * static_cast<size_t>(chunk + 1) / static_cast<size_t>(chunks);
      if (begin < end) {
        const ChunkBody* job = body_.load(std::memory_order_relaxed);
        job->call(job->body, begin, end);
      }
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mutex_);  // pairs with the caller's blocking wait
        done_.notify_one();
      }
    }
  }

  void work() {
    size_t seen = 0;
    for (;;) {
      auto new_job = [&] { return stop_.load() || generation_.load(std::memory_order_acquire) != seen; };
      if (!spin_until(new_job)) {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, new_job);
      }
      if (stop_.load()) return;
      seen = generation_.load(std::memory_order_acquire);
      run_chunks();
    }
  }

  std::mutex submit_mutex_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::vector<std::thread> workers_;
  std::atomic<const ChunkBody*> body_{nullptr};
  std::atomic<size_t> n_{0};
  std::atomic<uint64_t> ticket_{0};
  std::atomic<int> pending_{0};
  std::atomic<size_t> generation_{0};
  std::atomic<bool> stop_{false};
};

}  // namespace tb
