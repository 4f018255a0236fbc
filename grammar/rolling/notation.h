// Rolling in Wonderland's notation (docs/games/rolling-in-wonderland.md, "Notation"):
// declarations only; the rules are in notation_def.h, which notation.cc alone includes.
//
// An entry is a verb and its words, items of a list set apart by commas:
//   Nina: take cat peach peach orange      roll: Nina blue hatter, black rabbit, ...
//   Nina: mushroom green hatter to queen   draw: teapot, pocket-watch
// The grammar reads the words and where each stands; what they mean (an area, a colour, a
// card of the catalog) is the module's to check, with the word's span for its diagnostic.
#pragma once

#include <string_view>
#include <vector>

#include "grammar/source.h"

namespace wonderlog::grammar::rolling {

struct Word {
  std::string_view text;
  Span span;
  bool after_comma = false;  // the first word of a list item after the first
};

// The words of an entry or a header value: letters, digits, '-' and '\'', set apart by spaces
// or tabs, with commas between list items. False, with `error`, on anything else.
bool parse_words(std::string_view text, std::vector<Word>& words, SyntaxError& error);

}  // namespace wonderlog::grammar::rolling
