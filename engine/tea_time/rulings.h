// Tea Time's numbered rulings, as the engine cites them. The full text (question, decision,
// reason, rulebook passage, pinning test) is in docs/games/tea-time.md; a test checks that
// every id here has its section there.
#pragma once

#include <string_view>
#include <vector>

#include "engine/core/ruling.h"

namespace wonderlog::tea_time {

const std::vector<Ruling>& rulings();
const Ruling* find_ruling(std::string_view id);

}  // namespace wonderlog::tea_time
