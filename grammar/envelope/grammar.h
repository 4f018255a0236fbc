// The envelope grammar: declarations only. Its rules are defined in grammar_def.h, which
// only grammar.cc includes, so editing a rule rebuilds one translation unit.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/container/small_vector.hpp>

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

// Every line read by the grammar's rules. Returns false and fills `error` when the line is not a
// valid envelope line. parse_line (below) reads a log's common lines by a shorter path first,
// which must agree with this one.
bool parse_line_by_grammar(std::string_view line, LineSyntax& out, SyntaxError& error);

namespace detail {

constexpr bool is_blank(char c) {
  return c == ' ' || c == '\t';
}
// An ASCII letter, either case (words::is_letter's class, without X3's headers).
constexpr bool is_ascii_letter(char c) {
  return static_cast<unsigned>((c | 0x20) - 'a') < 26u;
}
// A byte's value as a digit: 10 or more when it is no digit.
constexpr unsigned digit_value(char c) {
  return static_cast<unsigned>(static_cast<unsigned char>(c)) - '0';
}
// Reads a whole number of up to 9 digits from `p` (never past the grammar's 32 bits), moving `p`
// past it: false where none is there, or a tenth digit follows (the grammar's rule reads it).
inline bool read_number(const char*& p, const char* last, unsigned& value) {
  const char* const first = p;
  value = 0;
  for (unsigned d; p != last && (d = digit_value(*p)) < 10; ++p) {
    if (p - first == 9) return false;
    value = value * 10 + d;
  }
  return p != first;
}
// Eight bytes at a time: a 0x80 in each byte of `x` that equals `c`, exactly (no carry from one
// byte into the next, so that bytes left out by a mask cannot mark their neighbours).
inline std::uint64_t bytes_equal(std::uint64_t x, char c) {
  constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
  x ^= 0x0101010101010101ULL * static_cast<unsigned char>(c);
  return ~(((x & low7) + low7) | x | low7);
}
inline std::uint64_t load8(const char* p) {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return x;  // little-endian assumed below: the first byte in the lowest bits (x86-64, AArch64)
}
// The first ':' or '#' in [p, last), or last; with kHashFree (no '#' is there), the first ':'.
template <bool kHashFree = false>
inline const char* colon_or_hash(const char* p, const char* last) {
  for (; last - p >= 8; p += 8)
    if (const std::uint64_t m = bytes_equal(load8(p), ':') | (kHashFree ? 0 : bytes_equal(load8(p), '#')))
      return p + std::countr_zero(m) / 8;
  while (p != last && *p != ':' && (kHashFree || *p != '#')) ++p;
  return p;
}
// Whether [p, last) holds a '#'. `line` is where the line starts: the bytes from there to p may be
// read too, so that a short text is read in one load (the last eight bytes of the line).
inline bool holds_hash(const char* line, const char* p, const char* last) {
  for (; last - p >= 8; p += 8)
    if (bytes_equal(load8(p), '#')) return true;
  if (p == last) return false;
  if (last - line < 8) return std::memchr(p, '#', static_cast<std::size_t>(last - p)) != nullptr;
  const auto before = static_cast<unsigned>(8 - (last - p));  // bytes of the load before p: 1 to 7
  return (bytes_equal(load8(last - 8), '#') >> (8 * before)) != 0;
}
inline const char* trim_back(const char* begin, const char* end) {
  while (end != begin && is_blank(end[-1])) --end;
  return end;
}

// A line from `p`, its first non-blank byte, to `last`, that starts with r or w: `round N` or
// `wonderlog N` as gen writes them (read into `out`), a line whose first word is no directive's
// keyword (not_one: `result: ...`), or another (other, left to the grammar). Out of line: in
// parse_common_line, inlined into the log reader's loop, it cost every line (session 58).
enum class DirectiveLine { read, not_one, other };
DirectiveLine read_directive(const char* p, const char* last, LineSyntax& out);

// The lines most of a log is made of, read without the grammar: a move (`12. Nina: b2 c3`), an
// entry without a move number (`deal: ...`, `players: ...`, `result: ...`), a blank line,
// `round N` and `wonderlog N`. Returns false for every other line, and for these where the text
// holds a '#' or ends in ')': the grammar reads them. Where it returns true, `out` is what the
// grammar writes for the line (tests/properties_test.cc, TheCommonLinesReadAsTheGrammarReadsThem,
// checks it on lines made to differ by little from these shapes). Why: read by the grammar, a
// line cost about 70 instructions more, and these shapes are 95% of a log's lines (a version
// line and `result:` read by the grammar cost Tea Time 1.3% of its instructions, session 58).
// Inline, as parse_line is: the log reader asks it of every line, and as a call parse_line cost
// the reader about 11 instructions a line (session 58).
// With kHashFree, the caller knows that the line holds no '#' (the log reader, from its window's
// masks), and it is not looked for: about 20 instructions a line.
template <bool kHashFree = false>
[[gnu::always_inline]] inline bool parse_common_line(std::string_view text, LineSyntax& out) {
  const char* p = text.data();
  const char* const last = p + text.size();
  while (p != last && is_blank(*p)) ++p;
  if (p == last) {
    out = LineSyntax{};
    return true;
  }
  unsigned move_number = 0;
  const bool numbered = digit_value(*p) < 10;
  if (numbered) {
    if (!read_number(p, last, move_number) || p == last || *p != '.') return false;
    ++p;
    while (p != last && is_blank(*p)) ++p;
  } else if ((*p | 0x20) == 'r' || (*p | 0x20) == 'w') [[unlikely]] {
    switch (read_directive(p, last, out)) {
      case DirectiveLine::read: return true;
      case DirectiveLine::not_one: break;  // an entry such as `result: ...`, read below
      case DirectiveLine::other: return false;
    }
  }
  // A label starts at an ASCII letter or '_'.
  if (p == last || !(is_ascii_letter(*p) || *p == '_')) return false;
  const char* const label = p;
  p = colon_or_hash<kHashFree>(p, last);
  if (p == last || *p != ':') return false;
  const char* const label_end = trim_back(label, p);
  ++p;
  while (p != last && is_blank(*p)) ++p;
  const char* const text_end = trim_back(p, last);
  if ((!kHashFree && holds_hash(text.data(), p, last)) || (text_end != p && text_end[-1] == ')')) return false;
  const auto at = [&](const char* q) { return static_cast<std::uint32_t>(q - text.data()); };
  // Each field written from registers: a field built in memory and read back whole (the move
  // number's optional, the text's span copied to the value) waits for its parts' stores to land.
  out = LineSyntax{};
  out.kind = LineKind::entry;
  if (numbered) out.move_number = move_number;
  out.label = Span{at(label), at(label_end)};
  out.text = Span{at(p), at(text_end)};
  out.value = Span{at(p), at(text_end)};
  return true;
}

}  // namespace detail

// Parses one line (without its line break). Returns false and fills `error` when the line is
// not a valid envelope line. With kHashFree, the caller knows that the line holds no '#'.
template <bool kHashFree = false>
[[gnu::always_inline]] inline bool parse_line(std::string_view line, LineSyntax& out, SyntaxError& error) {
  return detail::parse_common_line<kHashFree>(line, out) || parse_line_by_grammar(line, out, error);
}

// `Arthur, Nina, Anne Marie` -> the names (trimmed, in seat order), as spans of `text`.
bool parse_players(std::string_view text, std::vector<Span>& names, SyntaxError& error);

// `Arthur 31, Nina 27` -> (name, points) pairs.
struct RecordedScore {
  Span name;
  int points = 0;
};
// The most players of the four games (AlicematiC's five): lists of a game's players are held in
// place up to it, and allocated past it (a players line may list more, which its game refuses).
inline constexpr std::size_t kUsualPlayers = 5;
// Held in place for a table's few players: a result is read for every game (session 59).
using RecordedScores = boost::container::small_vector<RecordedScore, kUsualPlayers>;
bool parse_result(std::string_view text, RecordedScores& scores, SyntaxError& error);

// `TT-7=shared-win, AH-23=all-tokens` -> (ruling, reading) pairs as written, in order.
struct ReadingChoice {
  Span ruling;
  Span reading;
};
bool parse_readings(std::string_view text, std::vector<ReadingChoice>& choices, SyntaxError& error);

// `12345` -> a 64-bit seed.
bool parse_seed(std::string_view text, std::uint64_t& seed, SyntaxError& error);

}  // namespace wonderlog::grammar::envelope
