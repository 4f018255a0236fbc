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
// Most texts are read by parse_words_at_once; the rest (a text the notation refuses, or longer
// than any entry) by the grammar's rule, which says what is wrong.
bool parse_words(std::string_view text, std::vector<Word>& words, SyntaxError& error);
// The longest text parse_words_at_once reads.
inline constexpr std::size_t kMostAtOnce = 256;
// The words of a text of at most kMostAtOnce bytes, read by its bytes' classes, 16 at a time.
// True, with the words, when the text is words set apart as the grammar reads them (blanks, or
// one comma with blanks around it, between two words; blanks around the whole); false, with
// `words` cleared, on any other text, a longer one, or a build for a machine without SSE2.
bool parse_words_at_once(std::string_view text, std::vector<Word>& words);
// The same by the grammar's rule alone, for every text: what parse_words must agree with (a
// property test compares them).
bool parse_words_by_grammar(std::string_view text, std::vector<Word>& words, SyntaxError& error);

}  // namespace wonderlog::grammar::rolling
