#include "verifier/view/terminal.h"

#include <cstdlib>
#include <cstring>

#include <unistd.h>

namespace wonderlog {

bool colour_wanted(std::string_view when, int fd) {
  if (when == "always") return true;
  if (when == "never") return false;
  // https://no-color.org: any non-empty NO_COLOR turns colour off.
  if (const char* no = std::getenv("NO_COLOR"); no && *no) return false;
  if (const char* term = std::getenv("TERM"); term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fd) == 1;
}

}  // namespace wonderlog
