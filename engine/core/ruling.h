// A numbered ruling as the engine cites it: its id, its decision in a sentence or two, and,
// where a careful reader of the rulebook could decide otherwise, its named readings. The full
// text (question, decision, reason, readings with their passages, rulebook, pinning test) is in
// the game's rules reference under docs/games/; tests/docs_test.cc keeps the two in step.
#pragma once

#include <string_view>
#include <vector>

namespace wonderlog {

// One way to decide a disputed ruling: a short name ("all-tokens") and its decision in a line.
struct Reading {
  std::string_view name;
  std::string_view decision;
};

struct Ruling {
  std::string_view id;
  std::string_view decision;  // what wonderlog decides under the default reading
  // Empty for a ruling with one reading; otherwise every reading, the default (the one the
  // text supports best) first.
  std::vector<Reading> readings = {};
};

inline const Ruling* find_ruling(const std::vector<Ruling>& rulings, std::string_view id) {
  for (const Ruling& r : rulings)
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace wonderlog
