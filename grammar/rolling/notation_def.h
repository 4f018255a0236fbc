// Rolling in Wonderland's notation rules. Included by notation.cc only.
#pragma once

#include <boost/range/iterator_range.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/rolling/notation.h"
#include "grammar/words.h"

namespace wonderlog::grammar::rolling::parser {

namespace x3 = boost::spirit::x3;
using Range = boost::iterator_range<const char*>;
using x3::char_;
using x3::lit;
using x3::raw;

struct words_tag;
struct Out {
  std::vector<Word>& words;
  const char* base;
  bool comma = false;
};
template <class Ctx>
Out& out(Ctx& ctx) {
  return x3::get<words_tag>(ctx).get();
}

auto const blank = lit(' ') | lit('\t');
auto const ws = *blank;

auto const add_word = [](auto& ctx) {
  Out& o = out(ctx);
  const Range& r = x3::_attr(ctx);
  o.words.push_back(Word{std::string_view(r.begin(), r.size()),
                         Span{static_cast<std::uint32_t>(r.begin() - o.base), static_cast<std::uint32_t>(r.end() - o.base)},
                         o.comma});
  o.comma = false;
};
auto const mark_comma = [](auto& ctx) { out(ctx).comma = true; };

// Every parser an expectation can fail on is a named rule (X3 would name it by its C++ type).
struct word_class;
x3::rule<word_class, Range> const word = "a word (letters, digits, '-')";
inline bool is_word_char(char c) {
  return words::is_letter(c) || words::is_digit(c) || c == '-' || c == '\'';
}
auto const word_def = raw[words::run_of<is_word_char>{}];
BOOST_SPIRIT_DEFINE(word)

// Words set apart by blanks, or by a comma with blanks around it.
auto const separator = (ws >> lit(',')[mark_comma] >> ws) | +blank;
auto const words = ws >> word[add_word] >> *(separator >> word[add_word]) >> ws;

}  // namespace wonderlog::grammar::rolling::parser
