// The envelope grammar: declarations only. Its rules are defined in grammar_def.h, which
// only grammar.cc includes, so editing a rule rebuilds one translation unit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/source.h"

namespace wonderlog::grammar::envelope {

enum class LineKind : std::uint8_t {
  blank,    // nothing but spaces and perhaps a comment
  version,  // `wonderlog 1`
  round,    // `round 3`
  entry,    // `[12.] label: text [(accepted)]`
};

// One parsed line. Spans are byte offsets into the line's own text.
struct LineSyntax {
  LineKind kind = LineKind::blank;
  bool accepted = false;  // `(accepted)` after the text
  bool has_comment = false;
  unsigned number = 0;                  // version or round number
  std::optional<unsigned> move_number;  // entry only: the `12.` prefix
  Span label;                           // trimmed
  Span text;                            // trimmed; empty when nothing follows the ':'
  Span value;                           // text and any `(accepted)` after it: a header's value
  Span comment;                         // after '#', empty if none
};

// What a line that names someone but has no ':' after the name expected: the log reader
// recognises it to name the player or header it found.
inline constexpr const char* kColonAfterName = "':' after the player or header name";

// Parses one line (without its line break). Returns false and fills `error` when the line is
// not a valid envelope line.
bool parse_line(std::string_view line, LineSyntax& out, SyntaxError& error);
// The same, every line read by the grammar's rules: parse_line reads a log's common lines (a
// move, `deal: ...`, `round 3`) by a shorter path first, which must agree with this one.
bool parse_line_by_grammar(std::string_view line, LineSyntax& out, SyntaxError& error);

// `Arthur, Nina, Anne Marie` -> the names (trimmed, in seat order), as spans of `text`.
bool parse_players(std::string_view text, std::vector<Span>& names, SyntaxError& error);

// `Arthur 31, Nina 27` -> (name, points) pairs.
struct RecordedScore {
  Span name;
  int points = 0;
};
bool parse_result(std::string_view text, std::vector<RecordedScore>& scores, SyntaxError& error);

// `TT-7=shared-win, AH-23=all-tokens` -> (ruling, reading) pairs as written, in order.
struct ReadingChoice {
  Span ruling;
  Span reading;
};
bool parse_readings(std::string_view text, std::vector<ReadingChoice>& choices, SyntaxError& error);

// `12345` -> a 64-bit seed.
bool parse_seed(std::string_view text, std::uint64_t& seed, SyntaxError& error);

}  // namespace wonderlog::grammar::envelope
