// Whole words in any letter case, for the grammars' keywords. Included by the _def headers only
// (it needs X3).
//
// X3's no_case asks the C locale about every character of every alternative it tries; these
// read a word once, fold it to lower case in ASCII and compare, which is what a log's keywords
// need (they are ASCII) and costs a few instructions a character.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <functional>
#include <memory>
#include <string_view>

#include "grammar/source.h"

namespace wonderlog::grammar::words {

namespace x3 = boost::spirit::x3;

// Each byte's classes, a bit each, looked up once: a word's end is looked for a byte at a time,
// and one load and test per byte beat the comparisons with each range (AlicematiC's words cost
// 4% of its verification so).
namespace detail {
enum : std::uint8_t { kLetter = 1, kDigit = 2, kNameChar = 4 };
inline constexpr auto char_classes = [] {
  std::array<std::uint8_t, 256> classes{};
  for (int c = 0; c < 256; ++c) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    // A name also holds the bytes of a letter outside ASCII: 'Chinése' is read whole, and then
    // refused as no card of the catalog's, with the nearest named (found in review: it was cut at
    // the accent, and 'ése' refused as a slot). No catalog's name holds one (the catalog says so).
    const bool name = letter || c == '-' || c == '\'' || c >= 0x80;
    classes[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>((letter ? kLetter : 0) |
                                                                     (c >= '0' && c <= '9' ? kDigit : 0) |
                                                                     (name ? kNameChar : 0));
  }
  return classes;
}();
constexpr bool has_class(char c, std::uint8_t cls) {
  return (char_classes[static_cast<unsigned char>(c)] & cls) != 0;
}
}  // namespace detail

constexpr bool is_letter(char c) {
  return detail::has_class(c, detail::kLetter);
}
constexpr bool is_digit(char c) {
  return detail::has_class(c, detail::kDigit);
}
constexpr bool is_name_char(char c) {  // AlicematiC's card names: "Bunny Girl", "Jack-o'-lantern"
  return detail::has_class(c, detail::kNameChar);
}

// Runs `p` over [first, last), the semantic actions reaching `value` as x3::get<Tag>(ctx).get();
// the same as x3::parse(first, last, x3::with<Tag>(std::ref(value))[p]), without its copy of `p`:
// the with directive holds its subject by value, so it copied the whole grammar at every call,
// which for a grammar written as one expression (AlicematiC's moves) cost more than some
// entries' whole reading.
template <class Tag, class Parser, class T>
bool parse_with(const char*& first, const char* last, const Parser& p, T& value) {
  auto ref = std::ref(value);
  return x3::as_parser(p).parse(first, last, x3::make_context<Tag>(ref), x3::unused, x3::unused);
}

// A space or a tab, as one character test (X3's `lit(' ') | lit('\t')` tries two parsers).
struct blank_parser : x3::char_parser<blank_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class Char, class Ctx>
  bool test(Char c, Ctx const&) const {
    return c == ' ' || c == '\t';
  }
};
inline constexpr blank_parser blank{};

// Any number of spaces and tabs, none included, in one loop: the grammars ask for it between
// every two parts of a line (X3's `*blank` goes through the kleene machinery at each call).
struct blanks_parser : x3::parser<blanks_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const {
    while (first != last && (*first == ' ' || *first == '\t')) ++first;
    return true;
  }
};
inline constexpr blanks_parser blanks{};

// A whole number that fits an `unsigned` (leading zeros allowed), as X3's uint_ reads it but in
// one plain loop: every move line starts with its number.
struct whole_number_parser : x3::parser<whole_number_parser> {
  using attribute_type = unsigned;
  static bool const has_attribute = true;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr& attr) const {
    std::uint64_t value = 0;
    It p = first;
    for (; p != last && is_digit(*p); ++p) {
      value = value * 10 + static_cast<unsigned>(*p - '0');
      if (value > 0xFFFFFFFFu) return false;  // too large: refused, as uint_ refuses it
    }
    if (p == first) return false;
    x3::traits::move_to(static_cast<unsigned>(value), attr);
    first = p;
    return true;
  }
};
inline constexpr whole_number_parser whole_number{};

// A whole word of `WordChar` characters, not followed by a digit, that `Match` accepts.
template <bool (*WordChar)(char), class Match>
struct whole_word : x3::parser<whole_word<WordChar, Match>> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  Match match;
  explicit constexpr whole_word(Match m) : match(m) {}
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const {
    // A keyword among many alternatives is mostly refused by its first letter, before the scan.
    if constexpr (requires { match.may_start(*first); })
      if (first == last || !match.may_start(*first)) return false;
    It end = first;
    while (end != last && WordChar(*end)) ++end;
    if (end == first || (end != last && is_digit(*end))) return false;
    if (!match(std::string_view(&*first, static_cast<std::size_t>(end - first)))) return false;
    first = end;
    return true;
  }
};

// A keyword, folded once: a word is compared with it as two integers, not byte by byte.
struct literal_word {
  FoldedWord folded;
  char first;  // lower case
  explicit constexpr literal_word(std::string_view lower_case) : folded(fold_word(lower_case)), first(lower_case[0]) {}
  bool may_start(char c) const { return static_cast<char>(c | 0x20) == first; }
  bool operator()(std::string_view w) const { return w.size() == folded.size && fold_word(w) == folded; }
};

// `keyword("red")`: the word red in any case, as a whole word of letters.
inline whole_word<is_letter, literal_word> keyword(const char* w) {
  return whole_word<is_letter, literal_word>(literal_word{w});
}

// A whole word of letters looked up, in any case, in an x3::symbols table of lower-case words;
// its attribute is the value the table gives it. `table` must outlive the parser.
template <class T>
struct any_case_symbol : x3::parser<any_case_symbol<T>> {
  using attribute_type = T;
  static bool const has_attribute = true;
  const x3::symbols<T>* table;
  std::uint32_t first_letters = 0;  // a bit per letter a-z that starts a word of the table
  // `t` must be filled: the words' first letters are read here, to refuse most words unread.
  explicit any_case_symbol(const x3::symbols<T>& t) : table(std::addressof(t)) {  // X3 overloads unary &
    t.for_each([this](const std::string& word, const T&) {
      if (!word.empty() && is_letter(word[0])) first_letters |= std::uint32_t{1} << ((word[0] | 0x20) - 'a');
    });
  }
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr& attr) const {
    if (first == last || !is_letter(*first) || !(first_letters >> ((*first | 0x20) - 'a') & 1)) return false;
    char folded[32];  // longer than any keyword: a longer word is none of them
    std::size_t n = 0;
    It end = first;
    for (; end != last && is_letter(*end); ++end) {
      if (n == sizeof folded) return false;
      folded[n++] = static_cast<char>(*end | 0x20);
    }
    if (n == 0) return false;
    const char* f = folded;
    const char* const l = folded + n;
    if (!table->parse(f, l, ctx, rctx, attr) || f != l) return false;
    first = end;
    return true;
  }
};

}  // namespace wonderlog::grammar::words
