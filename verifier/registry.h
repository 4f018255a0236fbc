// The one list of games wonderlog knows, and the entry points that pick a game's module.
#pragma once

#include <string_view>
#include <vector>

#include "verifier/module.h"

namespace wonderlog {

const std::vector<const GameModule*>& all_games();
const GameModule* find_game(std::string_view id);
std::string game_ids();  // "tea-time"

// Verifies one parsed game: syntax errors and a missing or unknown `game:` header are
// reported here; everything else by the game's module.
GameReport verify_game(const grammar::ParsedGame& game, int index, const Context& context);

// The report for a game that cannot reach its module (syntax error, no game header...).
// Returns nullptr and fills `report` afresh if so; otherwise the module, and `report` as it was
// given but for its game_index (the module's commands fill the rest).
const GameModule* module_for(const grammar::ParsedGame& game, int index, const Context& context, GameReport& report);

}  // namespace wonderlog
