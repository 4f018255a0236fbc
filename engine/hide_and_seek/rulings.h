// Hide-and-seek's numbered rulings as the engine cites them; docs/games/hide-and-seek.md has
// each in full (question, decision, reason, rulebook passage, pinning test).
#pragma once

#include <string_view>
#include <vector>

namespace wonderlog::hide_and_seek {

struct Ruling {
  std::string_view id;
  std::string_view decision;
};

const std::vector<Ruling>& rulings();
const Ruling* find_ruling(std::string_view id);

}  // namespace wonderlog::hide_and_seek
