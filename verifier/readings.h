// Choosing readings of disputed rulings: the `readings:` header of a log and the --reading
// flag (docs/log-format.md, "The `readings` header"; docs/cli.md, "Readings"). Names are
// matched in any case; the canonical form is the ruling's id as the game writes it and the
// reading in lower case.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/readings.h"
#include "grammar/source.h"
#include "verifier/module.h"

namespace wonderlog {

// Resolves ruling `id` and reading `name` against `game`'s rulings. Returns "" and sets `out`,
// or the problem for a person: an unknown ruling, a ruling of another game, a ruling with a
// single reading, an unknown reading. Each message names what is known, with "did you mean".
std::string resolve_reading(const GameModule& game, std::string_view id, std::string_view name, ChosenReading& out);

// A `readings:` header's value, resolved: the choices in the order of the game's rulings. False
// with `problem` (a span of `text` and the message) when the value does not parse, names what
// `resolve_reading` refuses, or gives a ruling twice.
struct ReadingsProblem {
  Span span;
  std::string message;
};
bool read_readings(const GameModule& game, std::string_view text, std::vector<ChosenReading>& out,
                   ReadingsProblem& problem);

// "TT-7=shared-win": how a log and the reports write a choice.
std::string reading_text(const GameModule& game, ChosenReading choice);
// The choices as a header value ("TT-2=chessboard, TT-7=shared-win").
std::string readings_text(const GameModule& game, const std::vector<ChosenReading>& choices);

// --reading values (each "AH-23=all-tokens", or several joined by commas), checked against every
// game: the choices of each game, or false with a message for the command line (exit 2).
bool read_reading_flags(const std::vector<std::string>& values, std::vector<FlagReading>& out, std::string& problem);

// Choices in the order of the game's rulings.
void sort_by_dispute(std::vector<ChosenReading>& choices);

// "TT-2, TT-3 and TT-7": a list in words.
std::string and_list(const std::vector<std::string>& items);

// The choices of the flags that are `game`'s.
std::vector<ChosenReading> flag_readings_for(const std::vector<FlagReading>& flags, const GameModule& game);

}  // namespace wonderlog
