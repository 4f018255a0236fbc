// Tea Time's notation rules. Included by notation.cc only.
#pragma once

#include <algorithm>

#include <boost/range/iterator_range.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/tea_time/notation.h"

namespace wonderlog::grammar::tea_time::parser {

namespace x3 = boost::spirit::x3;
using Range = boost::iterator_range<const char*>;
using x3::char_;
using x3::lit;
using x3::raw;

// Where the semantic actions write: the cells of a take or the cards of a deal, straight into
// the caller's tokens (no list of ranges built and converted after).
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

inline Span span_of(const char* base, const Range& r) {
  return Span{static_cast<std::uint32_t>(r.begin() - base), static_cast<std::uint32_t>(r.end() - base)};
}

auto const add_card = [](auto& ctx) {
  DealOut& o = x3::get<deal_tag>(ctx).get();
  const Range& r = x3::_attr(ctx);
  CardToken c;
  c.mirror = *(r.end() - 1) == '~';
  c.code = std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()) - (c.mirror ? 1 : 0));
  c.span = span_of(o.base, r);
  o.deal.cards.push_back(c);
  o.row_open = true;
};
auto const end_row = [](auto& ctx) {
  DealOut& o = x3::get<deal_tag>(ctx).get();
  if (!o.row_open) {  // '/' first, or twice in a row: a row without cards
    if (!o.empty_row) o.empty_row = x3::_attr(ctx).begin();
    return;
  }
  o.deal.row_ends.push_back(static_cast<std::uint32_t>(o.deal.cards.size()));
  o.row_open = false;
};

// A take's cells, `a1 b2, c3`: each a letter, a row number and no letter or digit after it,
// with blanks and perhaps one ',' or '-' between two. A cell list is most of a log's entries,
// so it is read by one loop written into the caller's tokens: X3's `cell % separator` with a
// semantic action per cell cost about four times as much. Like that list, it stops before a
// separator that no cell follows, and fails (consuming nothing) when no cell starts the text.
struct cell_list_parser : x3::parser<cell_list_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  static bool is_blank(char c) { return c == ' ' || c == '\t'; }
  static bool is_letter(char c) { return static_cast<unsigned>((c | 0x20) - 'a') < 26; }
  static bool is_digit(char c) { return static_cast<unsigned>(c - '0') < 10; }
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const {
    TakeOut& o = x3::get<take_tag>(ctx).get();
    const char* p = first;
    while (p != last && is_blank(*p)) ++p;
    for (bool any = false;; any = true) {
      // One cell at p, or (after the first) the end of the list at `end`.
      const char* const end = p;
      if (any) {
        while (p != last && is_blank(*p)) ++p;
        if (p != last && (*p == ',' || *p == '-')) ++p;
        while (p != last && is_blank(*p)) ++p;
      }
      const char* q = p;
      if (q == last || !is_letter(*q)) return stop(first, end, any);
      ++q;
      unsigned row = 0;
      const char* const digits = q;
      for (; q != last && is_digit(*q); ++q) row = std::min(row * 10 + static_cast<unsigned>(*q - '0'), 99u);  // absurd rows clamp: out of range all the same
      if (q == digits || (q != last && is_letter(*q))) return stop(first, end, any);
      CellToken c;
      c.column = static_cast<char>(*p | 0x20);  // ASCII letter to lower case
      c.row = row;
      c.span = Span{static_cast<std::uint32_t>(p - o.base), static_cast<std::uint32_t>(q - o.base)};
      o.cells.push_back(c);
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

auto const blank = lit(' ') | lit('\t');
auto const ws = *blank;
auto const letter = char_('a', 'z') | char_('A', 'Z');
auto const digit = char_('0', '9');

struct take_class;
struct card_class;
struct deal_class;

x3::rule<take_class> const take = "cells like 'a1 b2'";
x3::rule<card_class, Range> const card = "a card like H (normal side) or H~ (mirror side)";
x3::rule<deal_class> const deal = "a deal like 'H~ C W~ P / Q~ M H~ C'";

auto const take_def = cell_list;
auto const card_def = raw[+letter >> -lit('~') >> !(letter | digit)];
// Cards and row separators as one flat list; a '/' that closes no row is caught by end_row.
auto const deal_def = ws >> (card[add_card] | raw[lit('/')][end_row]) % ws;

BOOST_SPIRIT_DEFINE(take, card, deal)

}  // namespace wonderlog::grammar::tea_time::parser
