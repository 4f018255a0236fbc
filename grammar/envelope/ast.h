// The envelope's abstract syntax: one record per line of a log, plus the values of the
// structured headers (players, result). Every game shares this envelope; the move text of an
// entry is left as a range for the game's own notation grammar.
#pragma once

#include <boost/optional.hpp>
#include <boost/range/iterator_range.hpp>
#include <boost/variant.hpp>

#include <vector>

namespace wonderlog::grammar::envelope::ast {

using Range = boost::iterator_range<const char*>;

enum class DirectiveKind { version, round };

// `wonderlog 1` (starts a game, names the format version) or `round 3`.
struct Directive {
  DirectiveKind kind;
  unsigned number;
};

// `[12.] label: text [(accepted)]` — a move by a player, a chance event such as `deal`, or a
// header such as `players`. Which one is decided later, by the label.
struct Entry {
  boost::optional<unsigned> number;
  Range label;
  Range text;
  bool accepted;
};

using Content = boost::variant<Directive, Entry>;

struct Line {
  boost::optional<Content> content;
  boost::optional<Range> comment;  // after '#', up to the end of the line
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
