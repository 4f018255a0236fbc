// Source positions and syntax errors shared by every grammar.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace wonderlog {

// A position in a log file. Both fields are 1-based; 0 means "unknown".
struct SourcePos {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  friend bool operator==(const SourcePos&, const SourcePos&) = default;
};

// A half-open byte range [begin, end) inside one line of a log (0-based offsets).
struct Span {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool empty() const { return begin == end; }
  std::uint32_t size() const { return end - begin; }
  bool operator==(const Span&) const = default;
};

// What a grammar reports when its input does not match: where, what it expected (in words a
// person understands, e.g. "a cell like b2"), and what it found there.
struct SyntaxError {
  std::uint32_t offset = 0;  // byte offset within the parsed text
  std::string expected;
  std::string found;
  std::string message;  // when set, said instead of "expected ..., found ..."
  // The bytes found, for the caret's underline, where `found` does not quote them as written (a
  // control byte shown as '\x1B'); 0: as many as `found` holds inside its quotes.
  std::uint32_t width = 0;

  std::string text() const { return message.empty() ? "expected " + expected + ", found " + found : message; }
};

// This thread's SyntaxError for parsing a move's notation, emptied: made and destroyed for each
// move, its three strings cost a tenth of binding a Tea Time move. Valid until the next call on
// the thread.
inline SyntaxError& notation_error() {
  thread_local SyntaxError error;
  error.offset = 0;
  error.width = 0;
  error.expected.clear();
  error.found.clear();
  error.message.clear();
  return error;
}

// The characters (code points) of UTF-8 text, not its bytes: "Émile" is 5. Columns in
// diagnostics count these, as an editor's "go to column" does; the caret under a line is
// placed by display width instead (verifier/diagnostic.cc), where 渡辺 takes 4 columns.
inline std::uint32_t code_points(std::string_view text) {
  std::uint32_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

// Describes the text that starts at `rest` for a "found ..." message: the next word quoted
// (shortened, control bytes escaped), or "end of line" when nothing is left.
std::string describe_found(std::string_view rest);

// Escapes control and non-ASCII bytes as \xNN and shortens to `max` characters with "...".
std::string printable(std::string_view text, std::size_t max = 40);

// The name in `names` nearest to a misspelt `word` (any case): at most 2 edits (two neighbouring
// letters swapped are one: "Nian" is Nina), and at most a
// third of the longer name ("Joos" is Joost, "Dinah" is not Nina); "" when none is that close.
// Of names as near, the one sharing the longest start with the word, then the first listed
// ("Dina" is Dinah, not Nina). For "did you mean ...?" in messages.
std::string nearest_name(std::string_view word, const std::vector<std::string>& names);
// The one name in `names` that `word` begins (any case, accents aside) and is shorter than:
// "Art" and "A" are Arthur where no other name begins so. "" when none or several do.
std::string abbreviated_name(std::string_view word, const std::vector<std::string>& names);

// For a word that is none of `words`: the word at error.offset (up to a blank) is underlined
// whole (error.width), and "; did you mean 'attack'?" ends error.found when it is a near miss
// of one of them. A word that is one of them, refused for what follows it, is not "meant".
void suggest_instead(std::string_view text, const std::vector<std::string>& words, SyntaxError& error);

// Lower-cases / upper-cases ASCII letters.
std::string ascii_lower(std::string_view text);
std::string ascii_upper(std::string_view text);

// A control byte (a tab is not one): it never belongs in a log line, nor in a catalog's text.
inline bool is_control(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return (u < 0x20 && c != '\t') || u == 0x7f;
}

// A C1 control character (U+0080 to U+009F, written 0xC2 0x80 to 0xC2 0x9F in UTF-8) starts at
// byte `i`. It is invisible, a terminal may act on one (U+009B starts an escape sequence), and in
// text typed by hand it is what a Windows-1252 curly quote or dash becomes when the text was
// converted to UTF-8 as if it were Latin-1. It never belongs in a log, nor in a catalog's text.
inline bool is_c1_control_at(std::string_view text, std::size_t i) {
  return static_cast<unsigned char>(text[i]) == 0xC2 && i + 1 < text.size() &&
         (static_cast<unsigned char>(text[i + 1]) & 0xE0) == 0x80;
}
// The offset of the first C1 control character of `text`, or npos.
std::size_t c1_control(std::string_view text);
// "U+0092" for the C1 control character at byte `i` (is_c1_control_at(text, i)), and, where it
// stands for a Windows-1252 character (U+0080 to U+009F are that code page's 0x80 to 0x9F), which
// one: "U+0092 (a Windows-1252 '’' converted as Latin-1?)".
std::string describe_c1_control(std::string_view text, std::size_t i);

// A character that cannot be seen, or looks like a plain space and is not one: a space other
// than U+0020 (U+00A0 no-break space, U+3000 ideographic space...), a line or paragraph
// separator, or an invisible formatting character (U+200B zero-width space, U+00AD soft hyphen,
// U+FEFF, the bidirectional marks and overrides). The zero-width joiner and non-joiner (U+200D,
// U+200C) are not among them: Persian, Indic scripts and emoji join letters with them. Two names
// that look the same and differ by one of these are two names, which no one at a table can tell
// apart. `Hidden` gives where it stands in the text, its bytes, and words for it.
struct Hidden {
  std::size_t offset = 0, bytes = 0;
  std::uint32_t code = 0;
  std::string words() const;  // "U+00A0, a no-break space"
};
// The first such character of `text`, if any; bytes that are not well-formed UTF-8 are passed.
std::optional<Hidden> hidden_character(std::string_view text);
// `text` with each such character (and each C1 control character) written as <U+XXXX>, so that a
// message that quotes it shows what is there: 'Ar<U+200B>thur'. Text that is not well-formed
// UTF-8 is returned as it is.
std::string visible(std::string_view text);
// A file's name as messages and reports show it: a control byte, or a byte that is not UTF-8, as
// \xNN; an invisible character as visible() writes it. A name with ESC in it sent a live
// escape sequence to the terminal, and two names that differ only in bytes that are not UTF-8
// were the same name in JSON (found in review).
std::string shown_name(std::string_view name);
// The bytes of the character that starts at text[i] when visible() writes it as <U+XXXX>; 0 when
// it is shown as it is (and where no well-formed character starts).
std::size_t escaped_at(std::string_view text, std::size_t i);

// The NFC form of `text` (well-formed UTF-8), in `out`: a name typed in decomposed form (macOS
// input: "Le\u0301a") is then the same bytes as the composed one. False, `out` untouched, when
// utf8proc cannot map it.
bool to_nfc(std::string_view text, std::string& out);

// Where `text` stops being well-formed UTF-8 (Unicode's table 3-7: no overlong form such as
// 0xC0 0x8D for a carriage return, no surrogate, nothing past U+10FFFF, no character cut short):
// the offset of the first byte of the first ill-formed sequence, or npos when there is none.
std::size_t malformed_utf8(std::string_view text);

// "a Diagonal", "an Adjacent": a catalog's name (the user's to edit) with its indefinite article,
// told by its first letter.
inline std::string with_article(std::string_view noun) {
  const char c = noun.empty() ? 'x' : static_cast<char>(noun[0] | 0x20);
  const bool vowel = c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
  return (vowel ? "an " : "a ") + std::string(noun);
}

// ASCII case-insensitive equality, without allocating (hot path: every entry's label). Always
// inline: mostly asked against a short literal (a tile's code, a header's name), which inlined
// folds to a compare or two; left to itself g++ called it as soon as its callers grew.
[[gnu::always_inline]] inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  // ASCII upper case folded without a branch: it is asked of every entry's label.
  auto lower = [](char c) {
    const unsigned u = static_cast<unsigned char>(c);
    return u | static_cast<unsigned>(u - 'A' < 26u) << 5;
  };
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

// A word folded to lower case (ASCII) and packed, with its length, into two integers: a word is
// found in any case among a few known ones by whole-integer compares, not a string compare
// each. Only words of at most 16 bytes pack whole: compare a longer word (its `size` says so)
// only with short ones, which it never equals.
struct FoldedWord {
  std::uint64_t lo = 0, hi = 0;
  std::size_t size = 0;
  constexpr bool operator==(const FoldedWord&) const = default;
};
namespace detail {
// Up to 8 bytes of `p`, the first in the lowest byte, zeros above: `n` bytes read in at most
// three loads, overlapping, never past p + n.
inline std::uint64_t load_up_to_8(const char* p, std::size_t n) {
  auto load = [](const char* at, auto width) {
    decltype(width) v;
    std::memcpy(&v, at, sizeof v);
    return static_cast<std::uint64_t>(v);
  };
  if (n >= 8) return load(p, std::uint64_t{});
  if (n >= 4) return load(p, std::uint32_t{}) | load(p + n - 4, std::uint32_t{}) << (8 * (n - 4));
  if (n == 0) return 0;
  return std::uint64_t{static_cast<unsigned char>(p[0])} |
         std::uint64_t{static_cast<unsigned char>(p[n / 2])} << (8 * (n / 2)) |
         std::uint64_t{static_cast<unsigned char>(p[n - 1])} << (8 * (n - 1));
}
// Eight bytes' ASCII upper-case letters to lower case at once, every other byte as it is.
inline std::uint64_t fold_8(std::uint64_t x) {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const std::uint64_t seven = x & ~highs;                             // each byte's low seven bits
  const std::uint64_t from_a = seven + (0x80 - 'A') * ones;          // high bit: at least 'A'
  const std::uint64_t past_z = seven + (0x80 - 'Z' - 1) * ones;      // high bit: past 'Z'
  const std::uint64_t upper = (from_a ^ past_z) & ~x & highs;        // 'A' to 'Z', ASCII
  return x | upper >> 2;
}
}  // namespace detail

// A word's bytes as they are, packed as FoldedWord packs them folded: two words of at most 16
// bytes are the same, byte for byte, exactly when their packings are equal.
struct PackedWord {
  std::uint64_t lo = 0, hi = 0;
  std::size_t size = 0;
  bool operator==(const PackedWord&) const = default;
};
inline PackedWord packed_word(std::string_view w) {
  PackedWord p;
  p.size = w.size();
  const std::size_t n = w.size() < 16 ? w.size() : 16;
  p.lo = detail::load_up_to_8(w.data(), n < 8 ? n : 8);
  if (n > 8) p.hi = detail::load_up_to_8(w.data() + 8, n - 8);
  return p;
}

constexpr FoldedWord fold_word(std::string_view w) {
  FoldedWord f;
  f.size = w.size();
  if (!std::is_constant_evaluated() && w.size() >= 4) {
    // Eight bytes at a time: a word is folded for every look-up (a die's colour, an area). A
    // shorter word (Tea Time's one-letter codes) is folded faster byte by byte, below.
    const PackedWord packed = packed_word(w);
    f.lo = detail::fold_8(packed.lo);
    f.hi = detail::fold_8(packed.hi);
    return f;
  }
  for (std::size_t i = 0; i < w.size() && i < 16; ++i) {
    unsigned u = static_cast<unsigned char>(w[i]);
    u |= static_cast<unsigned>(u - 'A' < 26u) << 5;
    (i < 8 ? f.lo : f.hi) |= std::uint64_t{u} << (8 * (i % 8));
  }
  return f;
}
// Known words folded once (at compile time, for a constexpr list), for find_folded(). `by_shape`
// holds, for each first byte's low five bits (a letter's in either case) and each length, the
// known word of that shape: most words asked about are none of them, and are told so by one
// load; most known words are the only one of their shape, and are then compared once, not
// searched for (a search mispredicted its exit on every word of a move).
template <std::size_t N>
struct KnownWords {
  static_assert(N < 127, "a shape holds a word's index in a byte");
  std::array<FoldedWord, N> words{};
  // 0: no known word of this shape; k > 0: word k - 1 only; -1: several (then searched).
  std::array<std::array<std::int8_t, 17>, 32> by_shape{};
  static constexpr std::size_t shape(std::string_view w) {
    return w.empty() ? 0 : static_cast<unsigned char>(w[0]) & 31u;
  }
};
template <std::size_t N>
constexpr KnownWords<N> fold_words(const std::string_view (&words)[N]) {
  KnownWords<N> known;
  for (std::size_t i = 0; i < N; ++i) {
    known.words[i] = fold_word(words[i]);
    if (words[i].size() > 16) continue;  // never found: see FoldedWord
    std::int8_t& slot = known.by_shape[KnownWords<N>::shape(words[i])][words[i].size()];
    slot = slot == 0 ? static_cast<std::int8_t>(i + 1) : std::int8_t{-1};
  }
  return known;
}
// The index of `word` among `known` (folded by fold_words) in any case, or -1.
template <std::size_t N>
constexpr int find_folded(const KnownWords<N>& known, std::string_view word) {
  if (word.size() > 16) return -1;
  const int only = known.by_shape[KnownWords<N>::shape(word)][word.size()];
  if (only == 0) return -1;
  const FoldedWord f = fold_word(word);
  if (only > 0) return known.words[static_cast<std::size_t>(only - 1)] == f ? only - 1 : -1;
  for (std::size_t i = 0; i < N; ++i)
    if (known.words[i] == f) return static_cast<int>(i);
  return -1;
}

// Trims spaces and tabs at both ends.
std::string_view trim(std::string_view text);

}  // namespace wonderlog
