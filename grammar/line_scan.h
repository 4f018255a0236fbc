// The StretchScanner's bulk pass over a game's content lines, written once over the vector
// width: log_reader.cc builds it with SSE2 (every x86-64 has it), line_scan_avx2.cc with AVX2,
// and the machine's CPU picks one at run time. Included by those two files only; everything
// here has internal linkage, so that no code built for AVX2 can stand in for the baseline's.
#pragma once

#include <bit>
#include <cstdint>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace wonderlog::grammar {
namespace {

// Lines that start with a byte other than these are content to the StretchScanner, whatever
// follows: a blank (the line may be blank, a comment or indented), '#', 'w' or 'W' (perhaps
// `wonderlog`), or a line break (a blank line).
inline bool may_start_a_run(char c) {
  return c == ' ' || c == '\t' || c == '#' || (c | 0x20) == 'w' || c == '\r' || c == '\n';
}

// The byte-at-a-time pass: the rest of a vector pass, or all of it on a machine without vectors.
// `line` is the start of the last line begun so far.
inline const char* skip_content_bytes(const char* p, const char* last, std::uint32_t& lines, const char* line) {
  for (; last - p > 1; ++p)
    if (*p == '\n') {
      ++lines;
      line = p + 1;
      if (may_start_a_run(p[1])) return line;
    }
  return line;
}

// From a line start p, over lines that are content: the start of the first later line whose
// first byte may_start_a_run, found V::kWidth bytes at a time. A blank line followed by content
// is passed too (the run it starts ends at once): between a game's rounds. When there is none
// before `last` (or the bytes that settle it are not read yet), the start of the last line
// begun before it, or p if none. `lines` counts the line breaks passed. `V` gives the vector
// type, an unaligned load, a byte splat, the byte compare, or, and-not and the byte mask.
template <class V>
[[gnu::always_inline]] inline const char* skip_content_lines_by(const char* p, const char* last,
                                                                 std::uint32_t& lines) {
  using Vec = typename V::Vec;
  constexpr int kWidth = V::kWidth;
  const char* line = p;
  const Vec nl = V::splat('\n'), blank = V::splat(' '), tab = V::splat('\t');
  const Vec hash = V::splat('#'), w = V::splat('w'), cr = V::splat('\r'), case_bit = V::splat(0x20);
  auto starts_run = [&](Vec c) {  // may_start_a_run, for each byte
    return V::or_(V::or_(V::or_(V::eq(c, blank), V::eq(c, tab)), V::or_(V::eq(c, hash), V::eq(c, cr))),
                  V::or_(V::eq(V::or_(c, case_bit), w), V::eq(c, nl)));
  };
  for (; last - p > kWidth + 1; p += kWidth) {
    const Vec here = V::load(p);
    const std::uint32_t breaks = V::mask(V::eq(here, nl));
    if (!breaks) continue;
    // Each byte's successor, and the one after it.
    const Vec next = V::load(p + 1), after = V::load(p + 2);
    const Vec blank_then_content = V::andnot(starts_run(after), V::eq(next, nl));
    const std::uint32_t hits = breaks & V::mask(V::andnot(blank_then_content, starts_run(next)));
    if (hits) {
      const int at = std::countr_zero(hits);
      lines += static_cast<std::uint32_t>(std::popcount(at == 31 ? breaks : breaks & ((2u << at) - 1)));
      return p + at + 1;
    }
    lines += static_cast<std::uint32_t>(std::popcount(breaks));
    line = p + (31 - std::countl_zero(breaks)) + 1;
  }
  return skip_content_bytes(p, last, lines, line);
}

#if defined(__SSE2__)
struct Sse2 {
  using Vec = __m128i;
  static constexpr int kWidth = 16;
  static Vec splat(char c) { return _mm_set1_epi8(c); }
  static Vec load(const char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static Vec eq(Vec a, Vec b) { return _mm_cmpeq_epi8(a, b); }
  static Vec or_(Vec a, Vec b) { return _mm_or_si128(a, b); }
  static Vec andnot(Vec a, Vec b) { return _mm_andnot_si128(a, b); }  // b and not a
  static std::uint32_t mask(Vec a) { return static_cast<std::uint32_t>(_mm_movemask_epi8(a)); }
};
#endif

#if defined(__AVX2__)
struct Avx2 {
  using Vec = __m256i;
  static constexpr int kWidth = 32;
  static Vec splat(char c) { return _mm256_set1_epi8(c); }
  static Vec load(const char* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static Vec eq(Vec a, Vec b) { return _mm256_cmpeq_epi8(a, b); }
  static Vec or_(Vec a, Vec b) { return _mm256_or_si256(a, b); }
  static Vec andnot(Vec a, Vec b) { return _mm256_andnot_si256(a, b); }  // b and not a
  static std::uint32_t mask(Vec a) { return static_cast<std::uint32_t>(_mm256_movemask_epi8(a)); }
};
#endif

}  // namespace

// Built with AVX2 in line_scan_avx2.cc (x86-64 only); called only where the CPU has it.
const char* skip_content_lines_avx2(const char* p, const char* last, std::uint32_t& lines);

}  // namespace wonderlog::grammar
