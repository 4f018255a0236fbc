#include "grammar/tea_time/notation.h"

#include "grammar/tea_time/notation_def.h"

namespace wonderlog::grammar::tea_time {
namespace {

namespace x3 = boost::spirit::x3;

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
