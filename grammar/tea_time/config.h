#pragma once

#include <boost/spirit/home/x3.hpp>

namespace wonderlog::grammar::tea_time::parser {
namespace x3 = boost::spirit::x3;
using iterator_type = const char*;
using context_type = x3::unused_type;
}  // namespace wonderlog::grammar::tea_time::parser
