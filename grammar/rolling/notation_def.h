// Rolling in Wonderland's notation rules. Included by notation.cc only.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <array>
#include <bit>
#include <cstdint>

#include "grammar/rolling/notation.h"
#include "grammar/words.h"

namespace wonderlog::grammar::rolling::parser {

namespace x3 = boost::spirit::x3;

struct words_tag;
struct Out {
  std::vector<Word>& words;
  const char* base;
};
template <class Ctx>
Out& out(Ctx& ctx) {
  return x3::get<words_tag>(ctx).get();
}

// A word's characters, by table: it is asked of every character of every entry.
inline constexpr auto kWordChars = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[c] = words::is_letter(static_cast<char>(c)) || words::is_digit(static_cast<char>(c)) || c == '-' || c == '\'';
  return t;
}();
inline bool is_word_char(char c) { return kWordChars[static_cast<unsigned char>(c)]; }

// The high bit of each of eight bytes (the first in the lowest) that is a word's character, as
// is_word_char says, at once. A zero byte is none.
inline std::uint64_t word_chars_8(std::uint64_t x) {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x80 * ones, lows = 0x7f * ones;
  const std::uint64_t v = x & lows;  // seven bits a byte: the sums below carry into no other byte
  auto in_range = [](std::uint64_t b, std::uint64_t lo, std::uint64_t hi) {
    return (b + (0x80 - lo) * ones) & ~(b + (0x7f - hi) * ones) & highs;
  };
  auto equal = [&](std::uint64_t c) { return ~((v ^ c * ones) + lows) & highs; };
  const std::uint64_t word = in_range(v | 0x20 * ones, 'a', 'z') | in_range(v, '0', '9') | equal('-') | equal('\'');
  return word & ~x;  // a byte of 0x80 or more is none
}

// The end of the word that starts at p: the first byte from p on, before `last`, that is not a
// word's character. Eight bytes at a time: a byte loop mispredicted its exit at every word.
inline const char* word_end(const char* p, const char* last) {
  constexpr std::uint64_t highs = 0x8080808080808080ULL;
  for (;; p += 8) {
    const std::size_t left = static_cast<std::size_t>(last - p);
    // Bytes past `last` load as zero, which ends a word.
    const std::uint64_t others = ~word_chars_8(wonderlog::detail::load_up_to_8(p, left < 8 ? left : 8)) & highs;
    if (others) return p + std::countr_zero(others) / 8;
  }
}
inline bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The words: a word is a run of letters, digits, '-' and '\''; words are set apart by blanks,
// or by a comma with blanks around it. Blanks around the whole are passed. Read in one loop:
// as X3 rules (a word rule and a separator alternative, an action per word) each word cost a
// hundred instructions. It stops, the separator unread, where no word follows a separator: the
// caller says what is wrong there.
struct word_list_parser : x3::parser<word_list_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const {
    Out& o = out(ctx);
    const char* p = first;
    while (p != last && is_blank(*p)) ++p;
    if (p == last || !is_word_char(*p)) return false;
    bool comma = false;
    const char* end;
    for (;;) {
      end = word_end(p, last);
      o.words.push_back(Word{std::string_view(p, static_cast<std::size_t>(end - p)),
                             Span{static_cast<std::uint32_t>(p - o.base), static_cast<std::uint32_t>(end - o.base)},
                             comma});
      const char* q = end;
      while (q != last && is_blank(*q)) ++q;
      comma = q != last && *q == ',';
      if (comma)
        for (++q; q != last && is_blank(*q);) ++q;
      else if (q == end)
        break;  // neither blanks nor a comma: the words end here
      if (q == last || !is_word_char(*q)) break;
      p = q;
    }
    while (end != last && is_blank(*end)) ++end;
    first = end;
    return true;
  }
};
auto const words = word_list_parser{};

}  // namespace wonderlog::grammar::rolling::parser
