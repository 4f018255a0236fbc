// Tea Time's notation grammar: declarations only (rules in notation_def.h, seen by
// notation.cc alone).
#pragma once

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

}  // namespace wonderlog::grammar::tea_time
