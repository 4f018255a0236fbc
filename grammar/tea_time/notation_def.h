// Tea Time's notation rules. Included by notation.cc only.
#pragma once

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

auto const add_cell = [](auto& ctx) {
  TakeOut& o = x3::get<take_tag>(ctx).get();
  const Range& r = x3::_attr(ctx);
  CellToken c;
  c.column = static_cast<char>(*r.begin() | 0x20);  // ASCII letter to lower case
  unsigned row = 0;
  for (const char* p = r.begin() + 1; p != r.end(); ++p) {
    row = row * 10 + static_cast<unsigned>(*p - '0');
    if (row > 99) row = 99;  // clamps absurd rows; they are out of range all the same
  }
  c.row = row;
  c.span = span_of(o.base, r);
  o.cells.push_back(c);
};
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

auto const blank = lit(' ') | lit('\t');
auto const ws = *blank;
auto const letter = char_('a', 'z') | char_('A', 'Z');
auto const digit = char_('0', '9');

struct cell_class;
struct take_class;
struct card_class;
struct deal_class;

x3::rule<cell_class, Range> const cell = "a cell like b2";
x3::rule<take_class> const take = "cells like 'a1 b2'";
x3::rule<card_class, Range> const card = "a card like H (normal side) or H~ (mirror side)";
x3::rule<deal_class> const deal = "a deal like 'H~ C W~ P / Q~ M H~ C'";

auto const cell_def = raw[letter >> +digit >> !(letter | digit)];
auto const take_def = ws >> cell[add_cell] % (ws >> -(lit(',') | lit('-')) >> ws);
auto const card_def = raw[+letter >> -lit('~') >> !(letter | digit)];
// Cards and row separators as one flat list; a '/' that closes no row is caught by end_row.
auto const deal_def = ws >> (card[add_card] | raw[lit('/')][end_row]) % ws;

BOOST_SPIRIT_DEFINE(cell, take, card, deal)

}  // namespace wonderlog::grammar::tea_time::parser
