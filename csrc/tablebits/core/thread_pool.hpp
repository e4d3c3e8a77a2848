// A small persistent thread pool for data-parallel loops. Work is split into contiguous chunks
// whose results depend only on the index range, never on which thread ran them, so every driver
// built on it gives the same numbers for any thread count.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tb {

class ThreadPool {
 public:
  static ThreadPool& instance() {
    static ThreadPool pool;
    return pool;
  }

  static int hardware_threads() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }

  // Calls body(begin, end) over [0, n) in `threads` contiguous chunks (the caller runs one).
  // Blocks until all chunks are done. Not reentrant from inside a body.
  void parallel_for(size_t n, int threads, const std::function<void(size_t, size_t)>& body) {
    threads = static_cast<int>(std::clamp<size_t>(static_cast<size_t>(std::max(threads, 1)), 1,
                                                  std::max<size_t>(n, 1)));
    if (threads == 1) {
      body(0, n);
      return;
    }
    std::lock_guard<std::mutex> one_job_at_a_time(submit_mutex_);
    grow(threads - 1);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      body_ = &body;
      n_ = n;
      chunks_ = threads;
      next_chunk_ = 1;  // chunk 0 is the caller's
      pending_ = threads - 1;
      ++generation_;
    }
    wake_.notify_all();
    run_chunk(0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    body_ = nullptr;
  }

  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }

 private:
  ThreadPool() = default;

  void grow(int count) {
    while (static_cast<int>(workers_.size()) < count) workers_.emplace_back([this] { work(); });
  }

  void run_chunk(int chunk) {
    const size_t begin = n_ * static_cast<size_t>(chunk) / static_cast<size_t>(chunks_);
    const size_t end = n_ * static_cast<size_t>(chunk + 1) / static_cast<size_t>(chunks_);
    if (begin < end) (*body_)(begin, end);
  }

  void work() {
    size_t seen = 0;
    for (;;) {
      int chunk;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || (generation_ != seen && next_chunk_ < chunks_); });
        if (stop_) return;
        chunk = next_chunk_++;
        if (next_chunk_ >= chunks_) seen = generation_;
      }
      run_chunk(chunk);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (--pending_ == 0) done_.notify_one();
      }
    }
  }

  std::mutex submit_mutex_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::vector<std::thread> workers_;
  const std::function<void(size_t, size_t)>* body_ = nullptr;
  size_t n_ = 0;
  int chunks_ = 0;
  int next_chunk_ = 0;
  int pending_ = 0;
  size_t generation_ = 0;
  bool stop_ = false;
};

}  // namespace tb
