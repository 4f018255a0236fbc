// Tea Time's notation rules. Included by notation.cc only.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "grammar/tea_time/ast.h"
#include "grammar/tea_time/config.h"

namespace wonderlog::grammar::tea_time::parser {

using x3::char_;
using x3::lit;
using x3::raw;

auto const blank = lit(' ') | lit('\t');
auto const ws = *blank;
auto const letter = char_('a', 'z') | char_('A', 'Z');
auto const digit = char_('0', '9');

struct cell_class;
struct take_class;
struct card_class;
struct row_class;
struct deal_class;

x3::rule<cell_class, ast::Range> const cell = "a cell like b2";
x3::rule<take_class, std::vector<ast::Range>> const take = "cells like 'a1 b2'";
x3::rule<card_class, ast::Range> const card = "a card like H (normal side) or H~ (mirror side)";
x3::rule<row_class, ast::Row> const row = "a row of cards";
x3::rule<deal_class, ast::Deal> const deal = "a deal like 'H~ C W~ P / Q~ M H~ C'";

auto const cell_def = raw[letter >> +digit >> !(letter | digit)];
auto const take_def = ws >> cell % (ws >> -(lit(',') | lit('-')) >> ws);
auto const card_def = raw[+letter >> -lit('~') >> !(letter | digit)];
auto const row_def = card % +blank;
auto const deal_def = ws >> row % (ws >> lit('/') >> ws);

BOOST_SPIRIT_DEFINE(cell, take, card, row, deal)

}  // namespace wonderlog::grammar::tea_time::parser
