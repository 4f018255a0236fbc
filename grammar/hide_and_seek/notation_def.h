// The hide-and-seek notation's rules. Included by notation.cc only.
#pragma once

#include <boost/range/iterator_range.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/hide_and_seek/notation.h"
#include "grammar/words.h"

namespace wonderlog::grammar::hide_and_seek::parser {

namespace x3 = boost::spirit::x3;
using Range = boost::iterator_range<const char*>;
using x3::char_;
using x3::lit;
using x3::raw;

// Where the semantic actions write: the move being read, and the start of its text.
struct move_tag;
struct Out {
  MoveTokens& move;
  const char* base;
};

auto const blank = words::blank;
auto const ws = words::blanks;
// Every parser an expectation ('>') can fail on is a named rule: X3 names an unnamed one by
// its C++ type, which no person at a table should read.
struct gap_class;
x3::rule<gap_class> const gap = "a space";
auto const gap_def = +blank;
BOOST_SPIRIT_DEFINE(gap)
auto const letter = char_('a', 'z') | char_('A', 'Z');
auto const digit = char_('0', '9');
auto const word_end = !(letter | digit);
using words::keyword;

inline Span span_of(const Out& o, const Range& r) {
  return Span{static_cast<std::uint32_t>(r.begin() - o.base), static_cast<std::uint32_t>(r.end() - o.base)};
}
template <class Ctx>
Out& out(Ctx& ctx) {
  return x3::get<move_tag>(ctx).get();
}

auto kind(MoveTokens::Kind k) {
  return [k](auto& ctx) { out(ctx).move.kind = k; };
}
auto told(MoveTokens::Told t) {
  return [t](auto& ctx) { out(ctx).move.told = t; };
}
auto const add_spot = [](auto& ctx) {
  const Range& r = x3::_attr(ctx);
  unsigned row = 0;
  for (const char* p = r.begin() + 1; p != r.end(); ++p)
    row = std::min(99u, row * 10 + static_cast<unsigned>(*p - '0'));
  out(ctx).move.spots.push_back(SpotToken{static_cast<char>(*r.begin() | 0x20), row, span_of(out(ctx), r)});
};
auto const add_code = [](auto& ctx) {
  const Range& r = x3::_attr(ctx);
  out(ctx).move.codes.push_back(CodeToken{std::string_view(r.begin(), r.size()), span_of(out(ctx), r)});
};
auto const add_order = [](auto& ctx) {
  const Range& r = x3::_attr(ctx);
  out(ctx).move.order.push_back(CodeToken{std::string_view(r.begin(), r.size()), span_of(out(ctx), r)});
};
auto const set_line = [](auto& ctx) {
  const Range& r = x3::_attr(ctx);
  out(ctx).move.line = CodeToken{std::string_view(r.begin(), r.size()), span_of(out(ctx), r)};
};
auto const set_none = [](auto& ctx) { out(ctx).move.none = true; };
auto const set_column = [](auto& ctx) { out(ctx).move.column = true; };

struct spot_class;
struct code_class;
struct position_class;
x3::rule<spot_class, Range> const spot = "a spot like b3";
x3::rule<code_class, Range> const code = "a tile code (a Garden tile's letter, C for a Companion, G for a Guard, S for the start tile)";
x3::rule<position_class, Range> const position = "a position (a row number or a column letter)";
auto const spot_def = raw[letter >> +digit >> word_end];
auto const code_def = raw[letter >> word_end];
auto const position_def = raw[(letter | +digit) >> word_end];
BOOST_SPIRIT_DEFINE(spot, code, position)

struct spot_added_class;
x3::rule<spot_added_class> const spot_added = "a spot like b3";  // a spot, filed
auto const spot_added_def = spot[add_spot];
struct second_added_class;
x3::rule<second_added_class> const second_added = "the look's second spot, like d4";
auto const second_added_def = spot[add_spot];
BOOST_SPIRIT_DEFINE(spot_added, second_added)

struct spot_after_class;
struct revealed_class;
struct second_spot_class;
struct saw_tiles_class;
struct move_target_class;
struct line_class;
struct order_class;
x3::rule<spot_after_class> const spot_after = "a space and a spot like b3";
x3::rule<revealed_class> const revealed =
    "a space and the tile revealed: a Garden tile's letter, C for a Companion, G for a Guard or S for the start tile";
x3::rule<second_spot_class> const second_spot = "a second spot: the look is at two tiles, like 'look a1 d4'";
x3::rule<saw_tiles_class> const saw_tiles = "the two tiles she saw, like 'saw D G'";
x3::rule<move_target_class> const move_target = "a space and a spot like b4, or 'none'";
x3::rule<line_class> const line = "a space and 'row' with a row number, or 'column' with a column letter";
x3::rule<order_class> const order = "the new order, like '3 2 1 5 4'";
// Past the space, the spot is expected where it stands: `guard c 1 H` is told at its `c`, with
// the spot's own words (it was told at the space, "expected a space", found in review).
auto const spot_after_def = gap > spot_added;
auto const revealed_def = gap >> code[add_code];
auto const second_spot_def = gap > second_added;
auto const saw_tiles_def = gap >> code[add_code] >> gap >> code[add_code];
auto const move_target_def = gap >> (keyword("none")[set_none] | (spot[add_spot] >> -revealed));
auto const line_def = gap >> ((keyword("column")[set_column] >> gap >> position[set_line]) |
                              (keyword("row") >> gap >> position[set_line]));
auto const order_def = -(ws >> ':') >> +(ws >> position[add_order]);
BOOST_SPIRIT_DEFINE(spot_after, revealed, second_spot, saw_tiles, move_target, line, order)

auto const step = spot[add_spot] > revealed;
auto const guard = keyword("guard")[kind(MoveTokens::Kind::guard)] > spot_after > revealed;
auto const look = (keyword("look")[kind(MoveTokens::Kind::look)] > spot_after > second_spot) >>
                  -(gap >> (keyword("swap")[told(MoveTokens::Told::swapped)] |
                            keyword("keep")[told(MoveTokens::Told::kept)])) >>
                  -(gap >> keyword("saw") > saw_tiles);
auto const move_alice = keyword("move")[kind(MoveTokens::Kind::move)] > move_target;
auto const reorder = keyword("reorder")[kind(MoveTokens::Kind::reorder)] > line > order;
auto const move = ws >> (guard | look | move_alice | reorder | step) >> ws;

auto const start = ws >> spot >> gap >> code >> ws;
struct layout_token_class;
x3::rule<layout_token_class, Range> const layout_token = "a tile code or '/'";
auto const layout_token_def = code | raw[lit('/')];
BOOST_SPIRIT_DEFINE(layout_token)
auto const layout = ws >> layout_token % ws >> ws;

}  // namespace wonderlog::grammar::hide_and_seek::parser
