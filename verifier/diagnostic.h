// Diagnostics as a person at the table reads them: file:line:col, what is wrong, which
// ruling, the numbers, and the line of the log with a caret under the culprit.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/violation.h"
#include "grammar/source.h"
#include "verifier/view/terminal.h"

namespace wonderlog {

// The kinds of error a game can end on (docs/cli.md, "JSON output").
enum class ErrorKind { syntax, setup, illegal_move, incomplete, result_mismatch };
const char* to_string(ErrorKind kind);

struct Diagnostic {
  ErrorKind kind = ErrorKind::syntax;  // for errors; warnings are always about a move
  SourcePos pos;
  std::uint32_t width = 1;  // how many bytes of source_line the caret underlines
  std::string source_line;  // the log line, for the excerpt ("" for none)
  std::optional<int> move;  // the move number, for moves
  std::string player;       // who made the move, if anyone
  std::string rule;         // ruling id, or "" when no ruling applies (syntax)
  std::string message;
  std::vector<Fact> facts;         // the numbers behind the verdict
  std::vector<std::string> notes;  // further lines ("recorded: ...")
};

// Renders a diagnostic:
//   file:14:10: error: move 7, Nina: a1, b2 and c1 are not ... [TT-4]
//      14 | 7. Nina: a1 b2 c1
//         |          ^~~~~~~~
//         = cards taken: 3
// With `paint` on, in a compiler's colours: the place and the message bold, `error:` red,
// `warning:` magenta, `note:` cyan, the caret green.
enum class Severity { error, warning, note };
std::string render(const std::string& file, const Diagnostic& d, Severity severity, const Paint& paint = {});

}  // namespace wonderlog
