// The deterministic random numbers behind seeded set-ups and generated games. The algorithm
// is part of the log format (docs/log-format.md, "Seeds"): changing it changes what a seed
// means, so it never changes within a format version.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace wonderlog {

// SplitMix64 (Steele, Lea, Flood 2014).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // A number in [0, bound), bound > 0: the high 64 bits of next() * bound.
  std::uint64_t below(std::uint64_t bound) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(next()) * bound) >> 64);
  }

 private:
  std::uint64_t state_;
};

// Fisher-Yates from the last element down: for i = n-1 .. 1, swap items[i] with
// items[rng.below(i + 1)].
template <class Items>  // a vector, or a container like one
void shuffle(Items& items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    std::size_t j = static_cast<std::size_t>(rng.below(i));
    std::swap(items[i - 1], items[j]);
  }
}

}  // namespace wonderlog
