// Work on many inputs at once, results printed in input order: what verify and test share.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace wonderlog::cli {

// Calls `work(i)` for i in [0, n) on `jobs` threads (0: one per core), and `done(i, result)`
// on the calling thread for each i in order, as soon as it and all before it are ready: the
// output is the same whatever the number of jobs.
template <class Work, class Done>
void in_order(std::size_t n, unsigned jobs, Work work, Done done) {
  using Result = decltype(work(std::size_t{0}));
  std::vector<std::optional<Result>> results(n);
  std::mutex mutex;
  std::condition_variable ready;
  std::atomic<std::size_t> next{0};
  if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
  jobs = static_cast<unsigned>(std::min<std::size_t>(jobs, std::max<std::size_t>(1, n)));
  auto worker = [&] {
    for (std::size_t i; (i = next++) < n;) {
      Result r = work(i);
      std::lock_guard<std::mutex> lock(mutex);
      results[i] = std::move(r);
      ready.notify_all();
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs; ++t) threads.emplace_back(worker);
  for (std::size_t i = 0; i < n; ++i) {
    std::unique_lock<std::mutex> lock(mutex);
    ready.wait(lock, [&] { return results[i].has_value(); });
    Result r = std::move(*results[i]);
    results[i].reset();
    lock.unlock();
    done(i, r);
  }
  for (std::thread& t : threads) t.join();
}

}  // namespace wonderlog::cli
