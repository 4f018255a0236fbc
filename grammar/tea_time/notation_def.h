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
struct deal_token_class;
struct deal_class;

x3::rule<cell_class, ast::Range> const cell = "a cell like b2";
x3::rule<take_class, std::vector<ast::Range>> const take = "cells like 'a1 b2'";
x3::rule<card_class, ast::Range> const card = "a card like H (normal side) or H~ (mirror side)";
x3::rule<deal_token_class, ast::Range> const deal_token = "a card or '/'";
x3::rule<deal_class, std::vector<ast::Range>> const deal = "a deal like 'H~ C W~ P / Q~ M H~ C'";

auto const cell_def = raw[letter >> +digit >> !(letter | digit)];
auto const take_def = ws >> cell % (ws >> -(lit(',') | lit('-')) >> ws);
auto const card_def = raw[+letter >> -lit('~') >> !(letter | digit)];
// Cards and row separators as one flat list; notation.cc checks where the '/'s stand.
auto const deal_token_def = card | raw[lit('/')];
auto const deal_def = ws >> deal_token % ws;

BOOST_SPIRIT_DEFINE(cell, take, card, deal_token, deal)

}  // namespace wonderlog::grammar::tea_time::parser
