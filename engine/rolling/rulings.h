// Rolling in Wonderland's numbered rulings as the engine cites them;
// docs/games/rolling-in-wonderland.md has each in full (question, decision, reason, rulebook
// passage, pinning test).
#pragma once

#include <string_view>
#include <vector>

#include "engine/core/ruling.h"

namespace wonderlog::rolling {

const std::vector<Ruling>& rulings();
const Ruling* find_ruling(std::string_view id);

}  // namespace wonderlog::rolling
