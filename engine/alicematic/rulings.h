// AlicematiC Heroes' numbered rulings (AH-n), as the engine cites them. The full text of each
// is in docs/games/alicematic-heroes.md.
#pragma once

#include <string_view>
#include <vector>

#include "engine/core/ruling.h"

namespace wonderlog::alicematic {

const std::vector<Ruling>& rulings();
inline const Ruling* find_ruling(std::string_view id) { return wonderlog::find_ruling(rulings(), id); }

}  // namespace wonderlog::alicematic
