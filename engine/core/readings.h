// The readings a game is played under, and which disputed rulings a replay consulted.
//
// A game's disputes are its rulings that have readings, in the order of its rules reference:
// dispute 0 is the first such ruling. A game's engine names its disputes in an enum in that
// order (tests/readings_test.cc checks the order against the rulings) and asks for the reading
// in force where, and only where, the readings would decide differently, so that `consulted()`
// says which disputes a verdict may depend on.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/core/ruling.h"

namespace wonderlog {

inline constexpr int kMostDisputes = 32;  // consulted() is a 32-bit set

class Readings {
 public:
  // The reading in force for `dispute` (0: the default), noting that it was consulted.
  int consult(int dispute) const {
    consulted_ |= 1u << dispute;
    return chosen_[dispute];
  }
  int chosen(int dispute) const { return chosen_[dispute]; }
  void choose(int dispute, int reading) { chosen_[dispute] = static_cast<std::uint8_t>(reading); }
  // The disputes consulted since the readings were made (or since forget()), as a bitset.
  std::uint32_t consulted() const { return consulted_; }
  void forget() const { consulted_ = 0; }
  // Back to `disputes`, what consulted() said before a look that turned out to decide nothing.
  void consulted_only(std::uint32_t disputes) const { consulted_ = disputes; }
  void also_consulted(std::uint32_t disputes) const { consulted_ |= disputes; }

 private:
  std::array<std::uint8_t, kMostDisputes> chosen_{};
  mutable std::uint32_t consulted_ = 0;  // a replay's record, not part of the choice
};

// A game's disputed rulings, in order: dispute d is disputes(rulings)[d].
inline std::vector<const Ruling*> disputes(const std::vector<Ruling>& rulings) {
  std::vector<const Ruling*> out;
  for (const Ruling& r : rulings)
    if (!r.readings.empty()) out.push_back(&r);
  return out;
}

// Dispute index of ruling `id`, or -1 when it has a single reading or does not exist.
inline int dispute_of(const std::vector<Ruling>& rulings, std::string_view id) {
  int d = 0;
  for (const Ruling& r : rulings) {
    if (r.readings.empty()) continue;
    if (r.id == id) return d;
    ++d;
  }
  return -1;
}

// Index of reading `name` of a ruling, or -1.
inline int reading_of(const Ruling& ruling, std::string_view name) {
  for (std::size_t i = 0; i < ruling.readings.size(); ++i)
    if (ruling.readings[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace wonderlog
