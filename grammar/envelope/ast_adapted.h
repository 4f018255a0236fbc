#pragma once

#include <boost/fusion/include/adapt_struct.hpp>

#include "grammar/envelope/ast.h"

BOOST_FUSION_ADAPT_STRUCT(wonderlog::grammar::envelope::ast::Directive, kind, number)
BOOST_FUSION_ADAPT_STRUCT(wonderlog::grammar::envelope::ast::Score, name, points)
BOOST_FUSION_ADAPT_STRUCT(wonderlog::grammar::envelope::ast::ReadingChoice, ruling, reading)
