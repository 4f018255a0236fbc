#include "grammar/rolling/notation.h"

#include <bit>
#include <cstdint>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "grammar/rolling/notation_def.h"

namespace wonderlog::grammar::rolling {

namespace {

#if defined(__SSE2__)
constexpr std::size_t kBlocks = kMostAtOnce / 64 + 1;  // one more: a word's end looked for past the text

// The classes of 16 bytes, a bit each: a word's character (as notation_def.h's is_word_char),
// a comma, and any byte of the three classes the notation allows (a blank being the third).
struct Classes16 {
  std::uint32_t word, comma, allowed;
};
inline Classes16 classify_16(__m128i c) {
  // Compared as signed bytes: those of 0x80 and above are below every bound, so in no range.
  auto in_range = [](__m128i x, char lo, char hi) {
    return _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(static_cast<char>(lo - 1))),
                         _mm_cmplt_epi8(x, _mm_set1_epi8(static_cast<char>(hi + 1))));
  };
  const __m128i letter = in_range(_mm_or_si128(c, _mm_set1_epi8(0x20)), 'a', 'z');
  const __m128i mark = _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('-')), _mm_cmpeq_epi8(c, _mm_set1_epi8('\'')));
  const __m128i word = _mm_or_si128(_mm_or_si128(letter, in_range(c, '0', '9')), mark);
  const __m128i blank = _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(c, _mm_set1_epi8('\t')));
  const __m128i comma = _mm_cmpeq_epi8(c, _mm_set1_epi8(','));
  return {static_cast<std::uint32_t>(_mm_movemask_epi8(word)), static_cast<std::uint32_t>(_mm_movemask_epi8(comma)),
          static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(word, blank), comma)))};
}

#endif

}  // namespace

// The text's bytes are classified 16 at a time into bit masks, and the words read from the
// masks: a word's start is a word character after none, its end the next byte that is none. An
// entry's words cost a hundred instructions each by the rule (a loop per word that mispredicts
// its exit, the rule's machinery), a few dozen so.
bool parse_words_at_once(std::string_view text, std::vector<Word>& words) {
  words.clear();
#if defined(__SSE2__)
  const std::size_t n = text.size();
  if (n > kMostAtOnce) return false;
  const char* const p = text.data();
  std::uint64_t word[kBlocks] = {}, comma[kBlocks] = {}, allowed[kBlocks] = {};
  auto put = [&](std::size_t at, Classes16 c,
                 unsigned drop) {                    // the 16 bytes' classes from `at`, less `drop` at the start
    const std::size_t b = at / 64, shift = at % 64;  // a multiple of 16: the bytes lie in one block
    word[b] |= std::uint64_t{c.word >> drop} << shift;
    comma[b] |= std::uint64_t{c.comma >> drop} << shift;
    allowed[b] |= std::uint64_t{c.allowed >> drop} << shift;
  };
  std::size_t at = 0;
  for (; n - at >= 16; at += 16) put(at, classify_16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at))), 0);
  if (at < n) {
    if (n >= 16) {
      // The last 16 bytes of the text, overlapping those classified: never past its end.
      const unsigned seen = static_cast<unsigned>(at - (n - 16));
      put(at, classify_16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16))), seen);
    } else {
      const std::size_t low = n < 8 ? n : 8;
      const auto lo = static_cast<long long>(wonderlog::detail::load_up_to_8(p, low));
      const auto hi = static_cast<long long>(wonderlog::detail::load_up_to_8(p + low, n - low));
      Classes16 c = classify_16(_mm_set_epi64x(hi, lo));
      c.allowed &= (1u << n) - 1;  // the zeros past the text are not the text's
      put(0, c, 0);
    }
  }
  // Every byte of the text allowed.
  for (std::size_t b = 0; b * 64 < n; ++b) {
    const std::size_t in = n - b * 64;
    if (~allowed[b] & (in >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << in) - 1)) return false;
  }
  // Words and commas in order: no comma before the first word, after the last, or two together.
  bool after_comma = false, any = false;
  std::uint64_t carry = 0;  // the last byte of the block before is a word's
  for (std::size_t b = 0; b * 64 < n; ++b) {
    const std::uint64_t starts = word[b] & ~(word[b] << 1 | carry);
    carry = word[b] >> 63;
    for (std::uint64_t marks = starts | comma[b]; marks; marks &= marks - 1) {
      const unsigned bit = static_cast<unsigned>(std::countr_zero(marks));
      const std::uint32_t begin = static_cast<std::uint32_t>(b * 64 + bit);
      if (comma[b] >> bit & 1) {
        if (!any || after_comma) return words.clear(), false;
        after_comma = true;
        continue;
      }
      std::size_t e = b;
      std::uint64_t x = ~word[e] & (~std::uint64_t{0} << bit);
      while (x == 0) x = ~word[++e];  // word[] is zero past the text
      const std::uint32_t end = static_cast<std::uint32_t>(e * 64 + static_cast<std::size_t>(std::countr_zero(x)));
      words.push_back(Word{std::string_view(p + begin, end - begin), Span{begin, end}, after_comma});
      after_comma = false;
      any = true;
    }
  }
  if (!any || after_comma) return words.clear(), false;
  return true;
#else
  return false;
#endif
}

bool parse_words(std::string_view text, std::vector<Word>& words, SyntaxError& error) {
  return parse_words_at_once(text, words) || parse_words_by_grammar(text, words, error);
}

bool parse_words_by_grammar(std::string_view text, std::vector<Word>& words, SyntaxError& error) {
  words.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  parser::Out out{words, text.data()};
  const bool ok = words::parse_with<parser::words_tag>(first, last, parser::words, out);
  if (ok && first == last) return true;
  // Where the words stopped: a character no word has, a comma with nothing after it, or nothing.
  const char* at = text.data();
  if (!words.empty()) at = text.data() + words.back().span.end;
  while (at != last && (*at == ' ' || *at == '\t')) ++at;
  if (at != last && *at == ',') {
    ++at;
    while (at != last && (*at == ' ' || *at == '\t')) ++at;
  }
  error.offset = static_cast<std::uint32_t>(at - text.data());
  error.expected = words.empty() ? "a word, such as 'take'" : "a word (letters, digits, '-'), a comma or the end of the entry";
  error.found = describe_found(text.substr(error.offset));
  return false;
}

}  // namespace wonderlog::grammar::rolling
