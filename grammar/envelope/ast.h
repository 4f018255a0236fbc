// The envelope grammar's attributes: a directive, and the items of the structured headers
// (result, readings). A line itself is parsed straight into its LineSyntax (grammar.h).
#pragma once

#include <boost/optional.hpp>
#include <boost/range/iterator_range.hpp>

#include <vector>

namespace wonderlog::grammar::envelope::ast {

using Range = boost::iterator_range<const char*>;

enum class DirectiveKind { version, round };

// `wonderlog 1` (starts a game, names the format version) or `round 3`.
struct Directive {
  DirectiveKind kind;
  unsigned number;
};

// One `name points` item of a `result:` header.
struct Score {
  Range name;
  int points;
};

// One `TT-7=shared-win` item of a `readings:` header.
struct ReadingChoice {
  Range ruling;
  Range reading;
};

}  // namespace wonderlog::grammar::envelope::ast
