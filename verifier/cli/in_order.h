// Work on many inputs at once, results printed in input order: what verify and test share.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>
#include <utility>
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

// As in_order, for work found as it goes (a large file cut into stretches while it is being
// verified): `next()` gives the next item, or std::nullopt when there is no more; it is called on
// the working threads, one call at a time. `done(result)` is called on the calling thread in the
// items' order. At most a few items per thread are ahead of the one `done` waits for, so memory
// stays bounded however many items there are. With one job, all of it is done on the calling
// thread, one item after the other.
template <class Next, class Work, class Done>
void in_order_stream(unsigned jobs, Next next, Work work, Done done) {
  using Item = typename decltype(next())::value_type;
  using Result = decltype(work(std::declval<Item&>()));
  if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
  if (jobs == 1) {  // one at a time on the calling thread: the same order, no thread to start
    for (std::optional<Item> item; (item = next());) {
      Result r = work(*item);
      done(r);
    }
    return;
  }
  const std::size_t ahead = 4 * std::size_t{jobs};
  std::mutex next_mutex;  // one next() at a time
  std::mutex mutex;       // the rest
  std::condition_variable changed;
  std::map<std::size_t, Result> results;
  std::size_t found = 0, taken = 0;
  bool exhausted = false;
  auto worker = [&] {
    for (;;) {
      std::optional<Item> item;
      std::size_t i = 0;
      {
        std::unique_lock<std::mutex> wait(mutex);
        changed.wait(wait, [&] { return exhausted || found < taken + ahead; });
        if (exhausted) return;
      }
      {
        std::lock_guard<std::mutex> one(next_mutex);
        item = next();
        std::lock_guard<std::mutex> lock(mutex);
        if (!item) {
          exhausted = true;
          changed.notify_all();
          return;
        }
        i = found++;
      }
      Result r = work(*item);
      std::lock_guard<std::mutex> lock(mutex);
      results.emplace(i, std::move(r));
      changed.notify_all();
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs; ++t) threads.emplace_back(worker);
  for (;;) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return results.count(taken) || (exhausted && taken == found); });
    auto it = results.find(taken);
    if (it == results.end()) break;
    Result r = std::move(it->second);
    results.erase(it);
    ++taken;
    changed.notify_all();
    lock.unlock();
    done(r);
  }
  for (std::thread& t : threads) t.join();
}

}  // namespace wonderlog::cli
