#include "grammar/tea_time/notation.h"

#include "grammar/tea_time/notation_def.h"

namespace wonderlog::grammar::tea_time {
namespace {

namespace x3 = boost::spirit::x3;

Span span_of(std::string_view text, const ast::Range& r) {
  return Span{static_cast<std::uint32_t>(r.begin() - text.data()), static_cast<std::uint32_t>(r.end() - text.data())};
}

void fail_at(std::string_view text, const char* where, const char* expected, SyntaxError& error) {
  error.offset = static_cast<std::uint32_t>(where - text.data());
  error.expected = expected;
  error.found = describe_found(text.substr(error.offset));
}

}  // namespace

bool parse_take(std::string_view text, std::vector<CellToken>& cells, SyntaxError& error) {
  cells.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  thread_local std::vector<ast::Range> ranges;  // keeps its capacity from move to move
  ranges.clear();
  bool ok = x3::parse(first, last, parser::take >> parser::ws, ranges);
  if (!ok || first != last) {
    fail_at(text, first, "a cell like b2 (a column letter, then a row number)", error);
    return false;
  }
  for (const auto& r : ranges) {
    CellToken c;
    c.column = static_cast<char>(*r.begin() | 0x20);  // ASCII letter to lower case
    unsigned row = 0;
    for (const char* p = r.begin() + 1; p != r.end(); ++p) {
      row = row * 10 + static_cast<unsigned>(*p - '0');
      if (row > 99) row = 99;  // clamps absurd rows; they are out of range all the same
    }
    c.row = row;
    c.span = span_of(text, r);
    cells.push_back(c);
  }
  return true;
}

bool parse_deal(std::string_view text, DealTokens& deal, SyntaxError& error) {
  deal.cards.clear();
  deal.row_ends.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  thread_local std::vector<ast::Range> tokens;  // keeps its capacity from deal to deal
  tokens.clear();
  bool ok = x3::parse(first, last, parser::deal >> parser::ws, tokens);
  if (!ok || first != last) {
    fail_at(
        text, first,
        tokens.empty() ? "a card like H (normal side) or H~ (mirror side)" : "another card, or '/' between two rows",
        error);
    return false;
  }
  bool row_open = false;
  for (const auto& r : tokens) {
    if (*r.begin() == '/') {
      if (!row_open) {  // '/' first, or twice in a row: a row without cards
        fail_at(text, r.begin(), "a card like H (normal side) or H~ (mirror side)", error);
        return false;
      }
      deal.row_ends.push_back(static_cast<std::uint32_t>(deal.cards.size()));
      row_open = false;
      continue;
    }
    CardToken c;
    c.mirror = *(r.end() - 1) == '~';
    c.code = std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()) - (c.mirror ? 1 : 0));
    c.span = span_of(text, r);
    deal.cards.push_back(c);
    row_open = true;
  }
  if (!row_open) {  // a trailing '/'
    fail_at(text, last, "a card like H (normal side) or H~ (mirror side)", error);
    return false;
  }
  deal.row_ends.push_back(static_cast<std::uint32_t>(deal.cards.size()));
  return true;
}

}  // namespace wonderlog::grammar::tea_time
