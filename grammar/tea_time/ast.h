// Tea Time's move notation, as written in a log: a take names 1 to 3 cells (`a1 b2`), a deal
// lists the grid row by row (`H~ C W~ P / Q~ M H~ C / ...`). Codes are not looked up here.
#pragma once

#include <boost/range/iterator_range.hpp>

#include <vector>

namespace wonderlog::grammar::tea_time::ast {

using Range = boost::iterator_range<const char*>;

}  // namespace wonderlog::grammar::tea_time::ast
