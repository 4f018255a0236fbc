// Colour in a terminal (diagnostics, and positions drawn by `replay` and `explain`; --color):
// ANSI SGR codes around a piece of text, or the text alone when colour is off.
#pragma once

#include <string>
#include <string_view>

namespace wonderlog {

struct Paint {
  bool on = false;
  // `text` in the SGR style `sgr` ("1;31": bold red), or `text` as it is.
  std::string operator()(std::string_view text, std::string_view sgr) const {
    if (!on || sgr.empty()) return std::string(text);
    std::string out = "\x1b[";
    out += sgr;
    out += 'm';
    out += text;
    out += "\x1b[0m";
    return out;
  }
};

// Whether the output stream `fd` (standard output by default) should get colour: `when` is
// "always", "never" or "auto" (a terminal, unless NO_COLOR is set or TERM is "dumb").
bool colour_wanted(std::string_view when, int fd = 1);

}  // namespace wonderlog
