// Tea Time's notation grammar: declarations only (rules in notation_def.h, seen by
// notation.cc alone).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "grammar/source.h"

namespace wonderlog::grammar::tea_time {

// A cell as written: column letter (lower-cased) and row number. `a1` is the top-left cell.
struct CellToken {
  char column = 'a';
  unsigned row = 1;
  Span span;  // within the parsed text
};

// A card of a deal as written: its character code (upper-cased) and side.
struct CardToken {
  std::string_view code;  // points into the parsed text
  bool mirror = false;    // written with a trailing '~'
  Span span;
};

// `a1 b2 c3` (spaces, commas or hyphens between cells) -> the cells, in written order.
bool parse_take(std::string_view text, std::vector<CellToken>& cells, SyntaxError& error);
// The same, every text read by the grammar's rule: parse_take reads a take as gen writes it
// (`b2 c3`: cells one space apart) by a shorter path first, which must agree with this one.
bool parse_take_by_grammar(std::string_view text, std::vector<CellToken>& cells, SyntaxError& error);

// The notation's character classes, in ASCII only (binary junk must never reach <cctype>): the
// rules (notation_def.h) and the short paths below read a letter and a digit alike.
inline bool is_letter(char c) {
  return static_cast<unsigned>((c | 0x20) - 'a') < 26;
}
inline bool is_digit(char c) {
  return static_cast<unsigned>(c - '0') < 10;
}

// Reads a take as gen writes it and most logs do, `b2 c3`: cells one space apart, nothing before,
// between or after them but that. Calls `cell(column, row, span)` for each cell the grammar's rule
// reads there (the column lower-cased, the row clamped to 99 as the rule clamps it, the span within
// `text`), in order, and returns true; returns false, the cells so far given, for any other text
// (which the rule reads) or as soon as `cell` returns false. parse_take's short path; TeaTime::bind
// reads a take's cells into its move by it directly (tests/grammar_test.cc,
// TakesAndDealsReadByTheShortPathAsTheGrammarReadsThem). Why: a take is most of a log's entries,
// and its cells gathered as tokens and then read again cost about 80 instructions a take.
template <class Cell>
bool read_plain_take(std::string_view text, const Cell& cell) {
  const char* const base = text.data();
  const char* const last = base + text.size();
  for (const char* p = base;;) {
    if (p == last || !is_letter(*p) || p + 1 == last || !is_digit(p[1])) return false;
    const char* q = p + 1;
    unsigned row = 0;
    for (; q != last && is_digit(*q); ++q) row = std::min(row * 10 + static_cast<unsigned>(*q - '0'), 99u);
    if (!cell(static_cast<char>(*p | 0x20), row,
              Span{static_cast<std::uint32_t>(p - base), static_cast<std::uint32_t>(q - base)}))
      return false;
    if (q == last) return true;
    if (*q != ' ') return false;
    p = q + 1;
  }
}

// A deal as written: every card, row after row, and where each row ends.
struct DealTokens {
  std::vector<CardToken> cards;
  std::vector<std::uint32_t> row_ends;  // cards.size() at the end of each row
  std::size_t rows() const { return row_ends.size(); }
  std::uint32_t row_begin(std::size_t r) const { return r == 0 ? 0 : row_ends[r - 1]; }
};

// `H~ C W~ P / Q~ M H~ C` -> the cards and rows (flat: no allocation once warmed up).
bool parse_deal(std::string_view text, DealTokens& deal, SyntaxError& error);
// The same, every text read by the grammar's rule: parse_deal reads a deal as gen writes it
// (cards one space apart, ` / ` between rows) by a shorter path first, which must agree.
bool parse_deal_by_grammar(std::string_view text, DealTokens& deal, SyntaxError& error);

// Whether `text` is a deal of `count` cards written exactly as gen writes it: the i-th card's
// code `code(i)` (ASCII letters, as a catalog's are), a '~' after it where `mirror(i)`, the cards
// one space apart and ` / ` after every `columns` of them but the last. Where it is, parse_deal
// reads from it the tokens of those cards, in rows of `columns` (tests/grammar_test.cc,
// ASeededDealWrittenPlainlyReadsAsTheGrammarReadsIt). Why: a seeded game's deal is known before
// its line is read, and comparing the line with it costs a fraction of reading the line.
template <class Code, class Mirror>
bool written_plainly(std::string_view text, int count, int columns, const Code& code, const Mirror& mirror) {
  const char* p = text.data();
  const char* const last = p + text.size();
  if (count < 1 || columns < 1) return false;
  for (int i = 0, column = 0; i < count; ++i, ++column) {
    if (column == columns) {  // ` / ` between two rows
      if (last - p < 4 || p[0] != ' ' || p[1] != '/' || p[2] != ' ') return false;
      p += 3;
      column = 0;
    } else if (i > 0) {
      if (p == last || *p != ' ') return false;
      ++p;
    }
    const std::string_view c = code(i);
    if (c.empty() || static_cast<std::size_t>(last - p) < c.size()) return false;
    for (std::size_t k = 0; k < c.size(); ++k)
      if (p[k] != c[k] || static_cast<unsigned>((c[k] | 0x20) - 'a') >= 26u) return false;
    p += c.size();
    if (mirror(i)) {
      if (p == last || *p != '~') return false;
      ++p;
    }
  }
  return p == last;
}

}  // namespace wonderlog::grammar::tea_time
