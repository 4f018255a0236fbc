#include "verifier/diagnostic.h"

#include <fmt/format.h>

namespace wonderlog {

const char* to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::syntax: return "syntax";
    case ErrorKind::setup: return "setup";
    case ErrorKind::illegal_move: return "illegal-move";
    case ErrorKind::incomplete: return "incomplete";
    case ErrorKind::result_mismatch: return "result-mismatch";
  }
  return "?";
}

namespace {

// The source line cut to about 100 columns around the caret, so a 50 MB line prints a
// readable excerpt; returns the excerpt and the caret's column within it.
std::pair<std::string, std::uint32_t> excerpt(const std::string& line, std::uint32_t column) {
  constexpr std::uint32_t kWidth = 100;
  std::uint32_t caret = column == 0 ? 0 : column - 1;
  std::uint32_t start = 0;
  std::string prefix;
  if (caret > kWidth / 2 && line.size() > kWidth) {
    start = caret - kWidth / 2;
    prefix = "...";
  }
  std::string cut = line.substr(std::min<std::size_t>(start, line.size()), kWidth);
  std::string shown = prefix;
  std::uint32_t caret_col = static_cast<std::uint32_t>(prefix.size());
  for (std::size_t i = 0; i < cut.size(); ++i) {
    std::string p = printable(cut.substr(i, 1), 1);
    if (start + i < caret) caret_col += static_cast<std::uint32_t>(p.size());
    shown += cut[i] == '\t' ? std::string(" ") : p;
  }
  if (start + cut.size() < line.size()) shown += "...";
  return {shown, caret_col};
}

}  // namespace

std::string render(const std::string& file, const Diagnostic& d, bool warning) {
  std::string out = file;
  if (d.pos.line) out += fmt::format(":{}:{}", d.pos.line, d.pos.column);
  out += warning ? ": warning: " : ": error: ";
  if (d.move) out += fmt::format("move {}{}: ", *d.move, d.player.empty() ? "" : ", " + d.player);
  else if (!d.player.empty()) out += d.player + ": ";
  out += d.message;
  if (!d.rule.empty()) out += " [" + d.rule + "]";
  out += "\n";
  std::string gutter;
  if (d.pos.line && !d.source_line.empty()) {
    std::string number = std::to_string(d.pos.line);
    gutter = std::string(number.size() + 1, ' ');
    auto [shown, caret] = excerpt(d.source_line, d.pos.column);
    out += fmt::format(" {} | {}\n", number, shown);
    std::uint32_t width = std::max<std::uint32_t>(1, std::min<std::uint32_t>(d.width, 60));
    out += fmt::format("{} | {}^{}\n", gutter, std::string(caret, ' '), std::string(width - 1, '~'));
  } else {
    gutter = "  ";
  }
  for (const Fact& f : d.facts) out += fmt::format("{} = {}: {}\n", gutter, f.name, f.value);
  for (const std::string& n : d.notes) out += fmt::format("{} = {}\n", gutter, n);
  return out;
}

}  // namespace wonderlog
