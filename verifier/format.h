// The canonical form of a log (docs/log-format.md, "Canonical form"): what `wonderlog fmt`
// prints. Formatting needs no catalog and no replay; it refuses a log that does not parse.
#pragma once

#include <string>
#include <string_view>

#include "verifier/diagnostic.h"

namespace wonderlog {

// Formats a whole log. False, with `problem` (file:line:col diagnostic), when any game does
// not parse; `out` is then unspecified.
bool format_log(std::string_view text, std::string& out, Diagnostic& problem);

}  // namespace wonderlog
