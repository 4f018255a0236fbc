// Unified diffs, as `diff -u` prints them: what `fmt --check` shows of a file that is not in
// canonical form, so a person sees what would change before letting fmt change it.
#pragma once

#include <string>
#include <string_view>

namespace wonderlog {

// The unified diff (3 lines of context) that turns `before` into `after`, headed
// "--- before_name" and "+++ after_name"; "" when the texts are equal. Lines are compared
// whole; a last line without its line break is marked "\ No newline at end of file".
// The shortest edit script (Myers), so a one-line change shows as one line in any file.
std::string unified_diff(std::string_view before, std::string_view after, std::string_view before_name,
                         std::string_view after_name);

}  // namespace wonderlog
