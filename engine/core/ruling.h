// A numbered ruling as the engine cites it: its id and its decision in a sentence or two. The
// full text (question, decision, reason, rulebook passage, pinning test) is in the game's
// rules reference under docs/games/; tests/docs_test.cc keeps the two in step.
#pragma once

#include <string_view>
#include <vector>

namespace wonderlog {

struct Ruling {
  std::string_view id;
  std::string_view decision;
};

inline const Ruling* find_ruling(const std::vector<Ruling>& rulings, std::string_view id) {
  for (const Ruling& r : rulings)
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace wonderlog
