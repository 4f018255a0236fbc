#include "verifier/diagnostic.h"

#include <algorithm>

#include <fmt/format.h>
#include <utf8proc.h>

namespace wonderlog {

const char* to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::syntax:
      return "syntax";
    case ErrorKind::setup:
      return "setup";
    case ErrorKind::illegal_move:
      return "illegal-move";
    case ErrorKind::incomplete:
      return "incomplete";
    case ErrorKind::result_mismatch:
      return "result-mismatch";
  }
  return "?";
}

namespace {

struct Excerpt {
  std::string text;
  std::uint32_t caret = 0;  // display column of the caret within text (0-based)
  std::uint32_t width = 1;  // display columns to underline
};

// The terminal columns the UTF-8 character starting at line[i] takes: 2 for a wide one (渡),
// 0 for a combining mark, 1 otherwise.
std::uint32_t char_columns(const std::string& line, std::size_t i) {
  utf8proc_int32_t cp = 0;
  const utf8proc_ssize_t n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(line.data() + i),
                                              static_cast<utf8proc_ssize_t>(line.size() - i), &cp);
  if (n <= 0) return 1;
  return static_cast<std::uint32_t>(std::max(0, utf8proc_charwidth(cp)));
}

// The source line cut to about 100 columns around the caret, so a 50 MB line prints a
// readable excerpt. The caret's column (d.pos) counts characters; under the line it is placed
// by display width, so it sits under the culprit after wide names (渡辺) too. UTF-8 prints as
// written, but for C1 control characters and characters that cannot be seen (<U+200B>, see
// visible()); control bytes and the bytes of a line that is not UTF-8 as \xNN.
Excerpt excerpt(const std::string& line, std::uint32_t column, std::uint32_t width_bytes) {
  constexpr std::size_t kWindow = 100;
  const bool utf8 = malformed_utf8(line) == std::string_view::npos;
  auto starts_char = [&](std::size_t i) { return !utf8 || (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80; };
  // The caret's byte offset: the (column-1)th character.
  std::size_t caret = 0;
  for (std::uint32_t seen = 1; caret < line.size() && seen < column; ++caret)
    if (caret + 1 >= line.size() || starts_char(caret + 1)) ++seen;
  std::size_t start = 0;
  Excerpt e;
  if (line.size() > kWindow && caret > kWindow / 2) {
    start = caret - kWindow / 2;
    while (start < line.size() && !starts_char(start)) ++start;
    e.text = "...";
  }
  std::size_t end = std::min(line.size(), start + kWindow);
  while (end < line.size() && !starts_char(end)) ++end;
  std::uint32_t col = static_cast<std::uint32_t>(e.text.size());
  std::uint32_t under_from = 0, under_to = 0;
  for (std::size_t i = start; i < end; ++i) {
    if (i == caret) under_from = col;
    if (i == caret + std::max<std::uint32_t>(1, width_bytes)) under_to = col;
    unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == '\t') {
      e.text += ' ';
      ++col;
    } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && !utf8)) {
      e.text += printable(line.substr(i, 1), 1);
      col += 4;
    } else if (const std::size_t bytes = utf8 ? escaped_at(line, i) : 0) {
      // A C1 control character (a terminal may act on it) or one that cannot be seen: named.
      const std::string name = visible(line.substr(i, bytes));
      e.text += name;
      col += static_cast<std::uint32_t>(name.size());
      i += bytes - 1;
    } else {
      e.text += static_cast<char>(c);
      col += c < 0x80 ? 1 : starts_char(i) ? char_columns(line, i) : 0;
    }
  }
  if (caret >= end) under_from = col;
  if (under_to <= under_from) under_to = caret + std::max<std::uint32_t>(1, width_bytes) >= end ? col : under_from + 1;
  if (end < line.size()) e.text += "...";
  e.caret = under_from;
  e.width = std::max<std::uint32_t>(1, under_to - under_from);
  return e;
}

}  // namespace

std::string render(const std::string& file, const Diagnostic& d, Severity severity, const Paint& paint) {
  std::string place = file;
  if (d.pos.line) place += fmt::format(":{}:{}", d.pos.line, d.pos.column);
  std::string out = paint(place + ":", "1");
  out += ' ';
  out += severity == Severity::warning ? paint("warning:", "1;35")
         : severity == Severity::note  ? paint("note:", "1;36")
                                       : paint("error:", "1;31");
  out += ' ';
  std::string message;
  if (d.move)
    message += fmt::format("move {}{}: ", *d.move, d.player.empty() ? "" : ", " + d.player);
  else if (!d.player.empty())
    message += d.player + ": ";
  message += d.message;
  out += paint(message, "1");
  if (!d.rule.empty()) out += " [" + d.rule + "]";
  out += "\n";
  std::string gutter;
  if (d.pos.line && !d.source_line.empty()) {
    std::string number = std::to_string(d.pos.line);
    gutter = std::string(number.size() + 1, ' ');
    Excerpt e = excerpt(d.source_line, d.pos.column, d.width);
    out += fmt::format(" {} | {}\n", number, e.text);
    std::uint32_t width = std::min<std::uint32_t>(e.width, 60);
    std::string mark = "^";  // appended apart: GCC 12's -Wrestrict misfires on `"..." + std::string`
    mark.append(width - 1, '~');
    out += fmt::format("{} | {}{}\n", gutter, std::string(e.caret, ' '), paint(mark, "1;32"));
  } else {
    gutter = "  ";
  }
  for (const Fact& f : d.facts) out += fmt::format("{} = {}: {}\n", gutter, f.name, f.value);
  for (const std::string& n : d.notes) out += fmt::format("{} = {}\n", gutter, n);
  return out;
}

}  // namespace wonderlog
