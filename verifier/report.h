// Reports of verified games: the human text form and the JSON-lines form (docs/cli.md).
#pragma once

#include <string>

#include "verifier/module.h"

namespace wonderlog {

// The diagnostics (warnings, then the error) and the one-line verdict of a game.
// With `paint` on, the diagnostics are in colour (render()).
std::string text_report(const GameReport& report, const Paint& paint = {});
// The version of verify's JSON records (docs/cli.md, "JSON output"): each record's "schema".
// 2 added it and the records of unreadable files; the records before it had none. 3 added
// `with` to the dependences: one that has it holds only with both readings.
inline constexpr int kJsonSchema = 4;
// One JSON object on one line, with a trailing newline.
std::string json_report(const GameReport& report);
// `score --format json`: the game's record as json_report writes it, with "breakdown", each
// player's lines of how the final score was made (null where the game has no final score).
std::string json_score(const GameReport& report, const std::vector<std::vector<std::string>>& breakdown);
// The record of a file that could not be read: no game, "error" of kind "unreadable".
std::string json_unreadable(const std::string& file, const std::string& problem);

// "club.wlog: game 1 (tea-time): valid, 41 moves; Arthur 31, Nina 27; winner: Arthur\n"
std::string verdict_line(const GameReport& report);
// The verdict without the file and game: "valid, 41 moves; Arthur 31, Nina 27; winner: Arthur".
std::string verdict_words(const GameReport& report);

}  // namespace wonderlog
