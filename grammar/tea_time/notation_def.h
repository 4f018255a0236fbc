// Tea Time's notation rules. Included by notation.cc only.
#pragma once

#include <algorithm>

#include <boost/spirit/home/x3.hpp>

#include "grammar/tea_time/notation.h"
#include "grammar/words.h"

namespace wonderlog::grammar::tea_time::parser {

namespace x3 = boost::spirit::x3;
using x3::lit;

// Where the parsers write: the cells of a take or the cards of a deal, straight into the
// caller's tokens (no list of ranges built and converted after).
struct take_tag;
struct TakeOut {
  std::vector<CellToken>& cells;
  const char* base;
};
struct deal_tag;
struct DealOut {
  DealTokens& deal;
  const char* base;
  bool row_open = false;
  const char* empty_row = nullptr;  // the first '/' that closes a row without cards
};

// The blanks, in ASCII only (is_letter and is_digit: notation.h).
inline bool is_blank(char c) {
  return c == ' ' || c == '\t';
}
inline const char* skip_blanks(const char* p, const char* last) {
  while (p != last && is_blank(*p)) ++p;
  return p;
}

// A take's cells, `a1 b2, c3`: each a letter, a row number and no letter or digit after it,
// with blanks and perhaps one ',' or '-' between two. A cell list is most of a log's entries,
// so it is read by one loop written into the caller's tokens: X3's `cell % separator` with a
// semantic action per cell cost about four times as much. Like that list, it stops before a
// separator that no cell follows, and fails (consuming nothing) when no cell starts the text.
struct cell_list_parser : x3::parser<cell_list_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const {
    TakeOut& o = x3::get<take_tag>(ctx).get();
    const char* p = skip_blanks(first, last);
    for (bool any = false;; any = true) {
      // One cell at p, or (after the first) the end of the list at `end`.
      const char* const end = p;
      if (any) {
        p = skip_blanks(p, last);
        if (p != last && (*p == ',' || *p == '-')) ++p;
        p = skip_blanks(p, last);
      }
      const char* q = p;
      if (q == last || !is_letter(*q)) return stop(first, end, any);
      ++q;
      unsigned row = 0;
      const char* const digits = q;
      for (; q != last && is_digit(*q); ++q) row = std::min(row * 10 + static_cast<unsigned>(*q - '0'), 99u);  // absurd rows clamp: out of range all the same
      if (q == digits || (q != last && is_letter(*q))) return stop(first, end, any);
      // Written in place: a token built apart by narrow stores and copied in as one 16-byte load
      // stalled on store forwarding, for a third of the parse's time.
      CellToken& c = o.cells.emplace_back();
      c.column = static_cast<char>(*p | 0x20);  // ASCII letter to lower case
      c.row = row;
      c.span = Span{static_cast<std::uint32_t>(p - o.base), static_cast<std::uint32_t>(q - o.base)};
      p = q;
    }
  }
  // After the last cell, the list ends where it ended; no cell at all, it fails.
  template <class It>
  static bool stop(It& first, const char* end, bool any) {
    if (!any) return false;
    first = end;
    return true;
  }
} const cell_list;

// A deal's cards and row separators as one flat list, `H~ C W~ P / Q~ M H~ C`: a card is
// letters, perhaps a '~', and no letter or digit after it; blanks (or nothing) between two
// items. Read by one loop into the caller's tokens, like the cell list; a '/' that closes no
// row is noted for parse_deal to report, and it stops before blanks no item follows.
struct card_list_parser : x3::parser<card_list_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const {
    DealOut& o = x3::get<deal_tag>(ctx).get();
    const char* p = skip_blanks(first, last);
    for (bool any = false;; any = true) {
      const char* const end = p;  // after the last item
      if (any) p = skip_blanks(p, last);
      if (p != last && *p == '/') {
        if (!o.row_open) {  // '/' first, or twice in a row: a row without cards
          if (!o.empty_row) o.empty_row = p;
        } else {
          o.deal.row_ends.push_back(static_cast<std::uint32_t>(o.deal.cards.size()));
          o.row_open = false;
        }
        ++p;
        continue;
      }
      const char* q = p;
      while (q != last && is_letter(*q)) ++q;
      const char* const code_end = q;
      if (q != p && q != last && *q == '~') ++q;
      if (q == p || (q != last && (is_letter(*q) || is_digit(*q)))) {
        if (!any) return false;
        first = end;
        return true;
      }
      CardToken& c = o.deal.cards.emplace_back();  // in place, as a cell is
      c.mirror = q != code_end;
      c.code = std::string_view(p, static_cast<std::size_t>(code_end - p));
      c.span = Span{static_cast<std::uint32_t>(p - o.base), static_cast<std::uint32_t>(q - o.base)};
      o.row_open = true;
      p = q;
    }
  }
} const card_list;

auto const ws = words::blanks;

struct take_class;
struct deal_class;

x3::rule<take_class> const take = "cells like 'a1 b2'";
x3::rule<deal_class> const deal = "a deal like 'H~ C W~ P / Q~ M H~ C'";

auto const take_def = cell_list;
auto const deal_def = card_list;

BOOST_SPIRIT_DEFINE(take, deal)

}  // namespace wonderlog::grammar::tea_time::parser
