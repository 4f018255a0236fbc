#include "grammar/tea_time/notation.h"

#include <algorithm>

#include "grammar/tea_time/notation_def.h"

namespace wonderlog::grammar::tea_time {
namespace {

namespace x3 = boost::spirit::x3;

void fail_at(std::string_view text, const char* where, const char* expected, SyntaxError& error) {
  error.offset = static_cast<std::uint32_t>(where - text.data());
  error.expected = expected;
  error.found = describe_found(text.substr(error.offset));
}

// A deal as gen writes it, `H~ Q M~ H / M M~ H P~`: cards (letters, perhaps a '~') one space
// apart, ` / ` between rows. True with the tokens the grammar's rule reads there; false (the
// tokens half written) for any other text. Why: the rule's loop cost about 80 instructions a card.
bool read_plain_deal(std::string_view text, DealTokens& deal) {
  const char* const base = text.data();
  const char* const last = base + text.size();
  for (const char* p = base;;) {
    const char* q = p;
    while (q != last && is_letter(*q)) ++q;
    if (q == p) return false;
    const char* const code_end = q;
    const bool mirror = q != last && *q == '~';
    q += mirror;
    CardToken& c = deal.cards.emplace_back();
    c.mirror = mirror;
    c.code = std::string_view(p, static_cast<std::size_t>(code_end - p));
    c.span = Span{static_cast<std::uint32_t>(p - base), static_cast<std::uint32_t>(q - base)};
    if (q == last) {
      deal.row_ends.push_back(static_cast<std::uint32_t>(deal.cards.size()));
      return true;
    }
    if (*q != ' ') return false;
    ++q;
    if (q != last && *q == '/') {
      if (last - q < 2 || q[1] != ' ') return false;
      deal.row_ends.push_back(static_cast<std::uint32_t>(deal.cards.size()));
      q += 2;
    }
    p = q;
  }
}

}  // namespace

bool parse_take(std::string_view text, std::vector<CellToken>& cells, SyntaxError& error) {
  cells.clear();
  if (read_plain_take(text, [&cells](char column, unsigned row, Span span) {
        cells.push_back(CellToken{column, row, span});
        return true;
      }))
    return true;
  return parse_take_by_grammar(text, cells, error);
}

bool parse_take_by_grammar(std::string_view text, std::vector<CellToken>& cells, SyntaxError& error) {
  cells.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  parser::TakeOut o{cells, text.data()};
  bool ok = words::parse_with<parser::take_tag>(first, last, parser::take >> parser::ws, o);
  if (!ok || first != last) {
    fail_at(text, first, "a spot like b2 (a column letter, then a row number)", error);
    return false;
  }
  return true;
}

bool parse_deal(std::string_view text, DealTokens& deal, SyntaxError& error) {
  deal.cards.clear();
  deal.row_ends.clear();
  if (read_plain_deal(text, deal)) return true;
  return parse_deal_by_grammar(text, deal, error);
}

bool parse_deal_by_grammar(std::string_view text, DealTokens& deal, SyntaxError& error) {
  deal.cards.clear();
  deal.row_ends.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  parser::DealOut o{deal, text.data()};
  bool ok = words::parse_with<parser::deal_tag>(first, last, parser::deal >> parser::ws, o);
  if (!ok || first != last) {
    fail_at(
        text, first,
        deal.cards.empty() && !o.empty_row ? "a card like H (normal side) or H~ (mirror side)"
                                           : "another card, or '/' between two rows",
        error);
    return false;
  }
  if (o.empty_row) {
    fail_at(text, o.empty_row, "a card like H (normal side) or H~ (mirror side)", error);
    return false;
  }
  if (!o.row_open) {  // a trailing '/'
    fail_at(text, last, "a card like H (normal side) or H~ (mirror side)", error);
    return false;
  }
  deal.row_ends.push_back(static_cast<std::uint32_t>(deal.cards.size()));
  return true;
}

}  // namespace wonderlog::grammar::tea_time
