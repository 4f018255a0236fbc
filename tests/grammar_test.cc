// The envelope and Tea Time notation grammars: what they accept, what they produce, and the
// exact error texts. Golden pairs live in tests/golden/grammar (NAME.wlog beside NAME.expect).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "grammar/envelope/grammar.h"
#include "grammar/log_reader.h"
#include "grammar/rolling/notation.h"
#include "grammar/tea_time/notation.h"
#include "tests/testing.h"

namespace wonderlog {
namespace {

using grammar::envelope::LineKind;
using grammar::envelope::LineSyntax;

std::string_view cut(std::string_view text, Span s) {
  return text.substr(s.begin, s.size());
}

TEST(EnvelopeLine, VersionAndRoundAreDirectivesInAnyCase) {
  LineSyntax l;
  SyntaxError e;
  ASSERT_TRUE(grammar::envelope::parse_line("  WonderLog   1  ", l, e));
  EXPECT_EQ(l.kind, LineKind::version);
  EXPECT_EQ(l.number, 1u);
  ASSERT_TRUE(grammar::envelope::parse_line("ROUND 3 # the last", l, e));
  EXPECT_EQ(l.kind, LineKind::round);
  EXPECT_EQ(l.number, 3u);
  EXPECT_TRUE(l.has_comment);
}

TEST(EnvelopeLine, EntryWithNumberLabelTextAndAcceptedMark) {
  std::string_view line = " 12 .  Anne Marie :  a1  b1 ( Accepted )  # nobody saw it";
  LineSyntax l;
  SyntaxError e;
  ASSERT_TRUE(grammar::envelope::parse_line(line, l, e)) << e.expected;
  EXPECT_EQ(l.kind, LineKind::entry);
  ASSERT_TRUE(l.move_number);
  EXPECT_EQ(*l.move_number, 12u);
  EXPECT_EQ(cut(line, l.label), "Anne Marie");
  EXPECT_EQ(cut(line, l.text), "a1  b1");
  EXPECT_TRUE(l.accepted);
  EXPECT_EQ(cut(line, l.comment), " nobody saw it");
}

// Move and round numbers are whole numbers that fit an unsigned, leading zeros allowed, as X3's
// uint_ read them: one more than the largest is no number (the line is then no entry).
TEST(EnvelopeLine, NumbersFitAnUnsignedLeadingZerosAllowed) {
  LineSyntax l;
  SyntaxError e;
  ASSERT_TRUE(grammar::envelope::parse_line("007. Nina: a1", l, e)) << e.expected;
  ASSERT_TRUE(l.move_number);
  EXPECT_EQ(*l.move_number, 7u);
  ASSERT_TRUE(grammar::envelope::parse_line("4294967295. Nina: a1", l, e)) << e.expected;
  ASSERT_TRUE(l.move_number);
  EXPECT_EQ(*l.move_number, 4294967295u);
  EXPECT_FALSE(grammar::envelope::parse_line("4294967296. Nina: a1", l, e));
  EXPECT_FALSE(grammar::envelope::parse_line("99999999999999999999. Nina: a1", l, e));
  ASSERT_TRUE(grammar::envelope::parse_line("round 0004294967295", l, e)) << e.expected;
  EXPECT_EQ(l.kind, LineKind::round);
  EXPECT_EQ(l.number, 4294967295u);
  EXPECT_FALSE(grammar::envelope::parse_line("round 4294967296", l, e));
}

TEST(EnvelopeLine, BlankAndCommentLines) {
  LineSyntax l;
  SyntaxError e;
  ASSERT_TRUE(grammar::envelope::parse_line("", l, e));
  EXPECT_EQ(l.kind, LineKind::blank);
  ASSERT_TRUE(grammar::envelope::parse_line("   # just a note: a1", l, e));
  EXPECT_EQ(l.kind, LineKind::blank);
  EXPECT_TRUE(l.has_comment);
}

TEST(EnvelopeLine, PlayerNamedLikeAKeywordIsAnEntry) {
  LineSyntax l;
  SyntaxError e;
  ASSERT_TRUE(grammar::envelope::parse_line("Round Robin: a1", l, e));
  EXPECT_EQ(l.kind, LineKind::entry);
}

TEST(EnvelopeLine, ErrorsSayWhatWasExpectedAndFound) {
  LineSyntax l;
  SyntaxError e;
  EXPECT_FALSE(grammar::envelope::parse_line("3. Nina a1 b1", l, e));
  EXPECT_EQ(e.expected, "':' after the player or header name");
  EXPECT_EQ(e.found, "end of line");

  EXPECT_FALSE(grammar::envelope::parse_line("3. : a1", l, e));
  EXPECT_EQ(e.expected, "a player name after the move number");
  EXPECT_EQ(e.found, "':'");
  EXPECT_EQ(e.offset, 3u);

  EXPECT_FALSE(grammar::envelope::parse_line("round 2 extra", l, e));
  EXPECT_EQ(e.expected, "end of line or a '#' comment");
  EXPECT_EQ(e.found, "'extra'");

  // "(accepted)" marks a move only at its end; elsewhere it is text (the notation refuses it).
  ASSERT_TRUE(grammar::envelope::parse_line("Nina: a1 (accepted) b2", l, e));
  EXPECT_FALSE(l.accepted);
  ASSERT_TRUE(grammar::envelope::parse_line("notes: we (accepted) it (accepted)  # really", l, e));
  EXPECT_TRUE(l.accepted);
  EXPECT_EQ(l.value.size(), std::string_view("we (accepted) it (accepted)").size());

  EXPECT_FALSE(grammar::envelope::parse_line("%%%", l, e));
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(e.found, "'%%%'");
}

TEST(EnvelopeHeaders, PlayersInSeatOrder) {
  std::vector<Span> names;
  SyntaxError e;
  std::string_view text = "Arthur,Nina ,  Anne Marie";
  ASSERT_TRUE(grammar::envelope::parse_players(text, names, e));
  ASSERT_EQ(names.size(), 3u);
  EXPECT_EQ(cut(text, names[0]), "Arthur");
  EXPECT_EQ(cut(text, names[1]), "Nina");
  EXPECT_EQ(cut(text, names[2]), "Anne Marie");
  EXPECT_FALSE(grammar::envelope::parse_players("Arthur, , Nina", names, e));
  EXPECT_FALSE(grammar::envelope::parse_players("", names, e));
  EXPECT_EQ(e.expected, "a player name");
}

TEST(EnvelopeHeaders, ResultNamesWithSpacesAndNegativePoints) {
  grammar::envelope::RecordedScores scores;
  SyntaxError e;
  std::string_view text = "Anne Marie 31, Nina 27,Bob -2";
  ASSERT_TRUE(grammar::envelope::parse_result(text, scores, e));
  ASSERT_EQ(scores.size(), 3u);
  EXPECT_EQ(cut(text, scores[0].name), "Anne Marie");
  EXPECT_EQ(scores[0].points, 31);
  EXPECT_EQ(scores[2].points, -2);
  EXPECT_FALSE(grammar::envelope::parse_result("Arthur thirty", scores, e));
  // A missing comma makes one long name, which the verifier then reports as no player.
  ASSERT_TRUE(grammar::envelope::parse_result("Arthur 31 Nina 27", scores, e));
  EXPECT_EQ(scores.size(), 1u);
  // Points past what a score holds are a number too large, not "not a whole number" (found in
  // review), quoted without the comma after them.
  e = SyntaxError{};
  EXPECT_FALSE(grammar::envelope::parse_result("Arthur 99999999999999999999999, Nina 28", scores, e));
  EXPECT_EQ(e.text(), "expected the points after the name, found '99999999999999999999999', too large to be a score");
  EXPECT_EQ(e.offset, 7u);
  EXPECT_EQ(e.width, 23u);
}

TEST(EnvelopeHeaders, SeedIsA64BitNumber) {
  std::uint64_t seed = 0;
  SyntaxError e;
  ASSERT_TRUE(grammar::envelope::parse_seed(" 18446744073709551615 ", seed, e));
  EXPECT_EQ(seed, 18446744073709551615ULL);
  EXPECT_FALSE(grammar::envelope::parse_seed("18446744073709551616", seed, e));
  EXPECT_FALSE(grammar::envelope::parse_seed("-1", seed, e));
  EXPECT_FALSE(grammar::envelope::parse_seed("12abc", seed, e));
}

TEST(TeaTimeNotation, TakeCellsWithAnySeparator) {
  std::vector<grammar::tea_time::CellToken> cells;
  SyntaxError e;
  ASSERT_TRUE(grammar::tea_time::parse_take("A1, b2-c3  d10", cells, e));
  ASSERT_EQ(cells.size(), 4u);
  EXPECT_EQ(cells[0].column, 'a');
  EXPECT_EQ(cells[0].row, 1u);
  EXPECT_EQ(cells[3].column, 'd');
  EXPECT_EQ(cells[3].row, 10u);
  EXPECT_EQ(cells[2].span.begin, 7u);
}

TEST(TeaTimeNotation, TakeErrors) {
  std::vector<grammar::tea_time::CellToken> cells;
  SyntaxError e;
  EXPECT_FALSE(grammar::tea_time::parse_take("", cells, e));
  EXPECT_EQ(e.found, "end of line");
  EXPECT_FALSE(grammar::tea_time::parse_take("a1 bb", cells, e));
  EXPECT_EQ(e.offset, 3u);
  EXPECT_EQ(e.found, "'bb'");
  EXPECT_EQ(e.expected, "a spot like b2 (a column letter, then a row number)");
  EXPECT_FALSE(grammar::tea_time::parse_take("a1b2", cells, e));
  EXPECT_FALSE(grammar::tea_time::parse_take("1a", cells, e));
}

// iequals folds 'A'-'Z' only (branch-free): checked against the rule written plainly on random
// pairs of 0 to 40 bytes (equal but for case, or not), with the bytes around the letters and
// non-ASCII bytes that differ from each other by 0x20 ('\xC0' is not '\xE0').
TEST(Iequals, FoldsAsciiLettersOnly) {
  auto reference = [](std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto low = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
      if (low(a[i]) != low(b[i])) return false;
    }
    return true;
  };
  std::mt19937 random(2411);
  const std::string alphabet = "aAzZmM@[`{\x40\x5b\x60\x7b\x7f\x80\xC0\xE0\xDA\xFA 1-";
  int equal = 0;
  for (int n = 0; n < 40000; ++n) {
    std::string a;
    const int size = static_cast<int>(random() % 41);
    for (int i = 0; i < size; ++i) a += alphabet[random() % alphabet.size()];
    std::string b = a;
    for (char& c : b) {
      const int roll = static_cast<int>(random() % 16);
      if (roll < 6) c = static_cast<char>(c ^ 0x20);  // case flipped, or a different byte
      else if (roll == 6) c = alphabet[random() % alphabet.size()];
    }
    if (n % 4 == 0) b = a;
    const bool expected = reference(a, b);
    ASSERT_EQ(iequals(a, b), expected) << '"' << a << "\" vs \"" << b << '"';
    equal += expected;
  }
  EXPECT_GT(equal, 10000);
  EXPECT_TRUE(iequals("Shrine Maiden, Jack-o'-lantern", "SHRINE MAIDEN, jack-O'-LANTERN"));
  EXPECT_FALSE(iequals("Shrine Maiden, Jack-o'-lantern", "Shrine Maiden, Jack-o'-lanterm"));
  EXPECT_FALSE(iequals("abc", "abcd"));
}

// fold_words and find_folded find a word among known ones exactly as iequals does: random words
// of 0 to 20 bytes, with the bytes just around the letters ('@', '[', '`', '{') and non-ASCII ones.
TEST(FoldedWord, FindsAWordAsIequalsDoes) {
  // "red" and "rot" share a shape (first letter and length): they are searched, the rest compared once.
  static constexpr std::string_view kKnown[] = {"red", "caterpillar", "to", "x@[", "rot", "mulligan",
                                                "a-very-long-word-indeed", ""};
  static constexpr auto kFolded = fold_words(kKnown);
  std::mt19937 random(1124);
  const std::string alphabet = "reDRdtoOTcaterpillarCATERPILLARmulMUL@[`{-\x80\xC3";
  int found = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string word;
    if (n % 5 == 0) {  // a known word, its letters' case flipped at random, '@' and '[' too
      word = std::string(kKnown[random() % 6]);
      for (char& c : word)
        if (random() % 2 && ((c >= 'a' && c <= 'z') || c == '@' || c == '[')) c = static_cast<char>(c ^ 0x20);
    } else {
      const int size = static_cast<int>(random() % 21);
      for (int i = 0; i < size; ++i) word += alphabet[random() % alphabet.size()];
    }
    int expected = -1;
    for (int k = 0; k < 8 && expected < 0; ++k)
      if (kKnown[k].size() <= 16 && iequals(kKnown[k], word)) expected = k;
    EXPECT_EQ(find_folded(kFolded, word), expected) << word;
    found += expected >= 0;
  }
  EXPECT_GT(found, 2000);
  // A word of more than 16 bytes is none of them, even one that starts like one.
  EXPECT_EQ(find_folded(kFolded, "caterpillarcaterpillar"), -1);
}

// fold_word reads a word eight bytes at a time; it folds exactly as the byte-by-byte rule
// (ASCII 'A' to 'Z' to lower case, every other byte as it is) does at compile time, for every
// length up to 16 and past it, every byte value included.
TEST(FoldedWord, FoldsEightBytesAtATimeAsByteByByte) {
  auto by_bytes = [](std::string_view w) {
    FoldedWord f;
    f.size = w.size();
    for (std::size_t i = 0; i < w.size() && i < 16; ++i) {
      unsigned u = static_cast<unsigned char>(w[i]);
      if (u >= 'A' && u <= 'Z') u += 'a' - 'A';
      (i < 8 ? f.lo : f.hi) |= std::uint64_t{u} << (8 * (i % 8));
    }
    return f;
  };
  std::mt19937 random(1127);
  for (int n = 0; n < 40000; ++n) {
    std::string word(static_cast<std::size_t>(n % 20), ' ');
    for (char& c : word) c = static_cast<char>(n < 20000 ? random() % 256 : "@AZ[`az{\x80\xC1\xDA"[random() % 11]);
    const FoldedWord f = fold_word(word), expected = by_bytes(word);
    EXPECT_EQ(f.lo, expected.lo) << n;
    EXPECT_EQ(f.hi, expected.hi) << n;
    EXPECT_EQ(f.size, expected.size) << n;
  }
  static_assert(fold_word("ReD") == FoldedWord{0x646572, 0, 3});  // at compile time, byte by byte
}

TEST(RollingNotation, WordsSetApartByBlanksOrCommas) {
  std::vector<grammar::rolling::Word> words;
  SyntaxError e;
  ASSERT_TRUE(grammar::rolling::parse_words("  Nina blue queen ,black\tcaterpillar,  jack-o'-x 3  ", words, e));
  const std::vector<std::string_view> texts = {"Nina", "blue", "queen", "black", "caterpillar", "jack-o'-x", "3"};
  const std::vector<bool> after_comma = {false, false, false, true, false, true, false};
  ASSERT_EQ(words.size(), texts.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    EXPECT_EQ(words[i].text, texts[i]) << i;
    EXPECT_EQ(words[i].after_comma, after_comma[i]) << i;
  }
  EXPECT_EQ(words[0].span.begin, 2u);
  EXPECT_EQ(words[0].span.end, 6u);
  EXPECT_EQ(words[3].span.begin, 19u);  // after " ,"
  EXPECT_EQ(words[6].span.begin, 49u);
  ASSERT_TRUE(grammar::rolling::parse_words("take", words, e));
  ASSERT_EQ(words.size(), 1u);
  EXPECT_FALSE(words[0].after_comma);
}

// A word ends at the first byte that is not a letter, a digit, '-' or '\'', whatever that byte
// is and wherever it stands (the words are read eight bytes at a time).
TEST(RollingNotation, AWordEndsAtItsFirstOtherByte) {
  std::vector<grammar::rolling::Word> words;
  SyntaxError e;
  for (int b = 1; b < 256; ++b)
    for (std::size_t k = 1; k <= 20; ++k) {
      const char c = static_cast<char>(b);
      const bool word_char =
          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '\'';
      std::string text(k, 'w');
      text += c;
      text += " x";
      SCOPED_TRACE(::testing::Message() << "byte " << b << " after " << k << " letters");
      const bool ok = grammar::rolling::parse_words(text, words, e);
      if (word_char || c == ' ' || c == '\t' || c == ',') {
        ASSERT_TRUE(ok);
        ASSERT_EQ(words.size(), 2u);
        EXPECT_EQ(words[0].text.size(), word_char ? k + 1 : k);
        EXPECT_EQ(words[1].text, "x");
        EXPECT_EQ(words[1].after_comma, c == ',');
      } else {
        EXPECT_FALSE(ok);
        EXPECT_EQ(e.offset, k);
      }
    }
}

// The words of any text, long ones included (a word's end is looked for eight bytes at a time),
// as a byte-by-byte reading of the notation finds them: the same words, spans and commas, and
// the same error's place.
TEST(RollingNotation, WordsOfAnyTextAsReadByteByByte) {
  auto word_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '\'';
  };
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  struct Read {
    bool ok = false;
    std::vector<grammar::rolling::Word> words;
    std::uint32_t error_at = 0;
  };
  // The notation's words, a byte at a time; where they stop, the error's place as parse_words
  // gives it (past blanks and one comma after the last word).
  auto by_bytes = [&](std::string_view t) {
    const std::size_t n = t.size();
    auto blanks_end = [&](std::size_t at) {
      while (at < n && blank(t[at])) ++at;
      return at;
    };
    Read r;
    bool comma = false;
    for (std::size_t p = blanks_end(0); p < n && word_char(t[p]);) {
      std::size_t end = p;
      while (end < n && word_char(t[end])) ++end;
      r.words.push_back(
          {t.substr(p, end - p), Span{static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(end)}, comma});
      std::size_t q = blanks_end(end);
      comma = q < n && t[q] == ',';
      if (comma)
        q = blanks_end(q + 1);
      else if (q == end)
        break;
      p = q;
    }
    const std::size_t after = blanks_end(r.words.empty() ? 0 : r.words.back().span.end);
    r.ok = !r.words.empty() && after == n;
    r.error_at = static_cast<std::uint32_t>(after < n && t[after] == ',' ? blanks_end(after + 1) : after);
    return r;
  };
  std::mt19937 random(39);
  const std::string_view alphabet = "aZ3-'  \t,;\x80";
  std::vector<grammar::rolling::Word> words;
  SyntaxError e;
  for (int n = 0; n < 20000; ++n) {
    std::string text(random() % 200, ' ');
    // Mostly words and blanks, a few other bytes: long runs of words, as a roll line has.
    for (char& c : text) c = random() % 8 != 0 ? "ab c,"[random() % 5] : alphabet[random() % alphabet.size()];
    SCOPED_TRACE(::testing::Message() << "text '" << text << "'");
    const Read expected = by_bytes(text);
    const bool ok = grammar::rolling::parse_words(text, words, e);
    ASSERT_EQ(ok, expected.ok);
    if (!ok) {
      EXPECT_EQ(e.offset, expected.error_at);
      continue;
    }
    ASSERT_EQ(words.size(), expected.words.size());
    for (std::size_t i = 0; i < words.size(); ++i) {
      EXPECT_EQ(words[i].text, expected.words[i].text) << i;
      EXPECT_EQ(words[i].span.begin, expected.words[i].span.begin) << i;
      EXPECT_EQ(words[i].span.end, expected.words[i].span.end) << i;
      EXPECT_EQ(words[i].after_comma, expected.words[i].after_comma) << i;
    }
  }
}

// parse_words reads most texts by their bytes' classes, 16 at a time, and the rest by the
// grammar's rule: on texts of words and separators of every length (words longer than a block
// of 64 bytes, texts around the 256 bytes read at once), with now and then a byte the notation
// refuses, both read the same words, spans and commas, or refuse with the same error.
TEST(RollingNotation, WordsReadAtOnceAsTheGrammarReadsThem) {
  std::mt19937 random(48);
  const std::string_view word_chars = "abcXYZ09-'";
  const std::vector<std::string_view> separators = {" ", " ", "\t", ",", ", ", " , ", "  ,\t", "", " ,"};
  const std::vector<std::string_view> two_commas = {",,", ", ,"};
  const std::vector<std::string_view> odd = {";", "\x80", "\xC3\xA9", "#", "\r", std::string_view("\0", 1), "."};
  std::vector<grammar::rolling::Word> fast, slow;
  SyntaxError fast_error, slow_error;
  int accepted = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string text = random() % 4 == 0 ? " " : "";
    const std::size_t words = random() % 40;
    for (std::size_t w = 0; w < words; ++w) {
      if (w > 0 || random() % 16 == 0)
        text += random() % 64 == 0 ? two_commas[random() % 2] : separators[random() % separators.size()];
      const std::size_t length = random() % 8 == 0 ? 1 + random() % 80 : 1 + random() % 12;
      for (std::size_t i = 0; i < length; ++i) text += word_chars[random() % word_chars.size()];
      if (random() % 64 == 0) text.insert(random() % (text.size() + 1), odd[random() % odd.size()]);
    }
    if (random() % 4 == 0) text += random() % 2 ? " \t" : ",";
    SCOPED_TRACE(::testing::Message() << "text '" << text << "' (" << text.size() << " bytes)");
    const bool fast_ok = grammar::rolling::parse_words(text, fast, fast_error);
    const bool slow_ok = grammar::rolling::parse_words_by_grammar(text, slow, slow_error);
    ASSERT_EQ(fast_ok, slow_ok);
    if (!fast_ok) {
      EXPECT_EQ(fast_error.offset, slow_error.offset);
      EXPECT_EQ(fast_error.expected, slow_error.expected);
      EXPECT_EQ(fast_error.found, slow_error.found);
      continue;
    }
    ++accepted;
#if defined(__SSE2__)
    // Read at once, not by the grammar after the masks refused it.
    if (text.size() <= grammar::rolling::kMostAtOnce) {
      EXPECT_TRUE(grammar::rolling::parse_words_at_once(text, fast));
    }
#endif
    ASSERT_EQ(fast.size(), slow.size());
    for (std::size_t i = 0; i < fast.size(); ++i) {
      EXPECT_EQ(fast[i].text, slow[i].text) << i;
      EXPECT_EQ(fast[i].text.data(), slow[i].text.data()) << i;  // a view into the text, not a copy
      EXPECT_EQ(fast[i].span.begin, slow[i].span.begin) << i;
      EXPECT_EQ(fast[i].span.end, slow[i].span.end) << i;
      EXPECT_EQ(fast[i].after_comma, slow[i].after_comma) << i;
    }
  }
  EXPECT_GT(accepted, 5000);  // most texts are words, as most entries are
}

TEST(RollingNotation, WordsErrorsStandWhereNoWordFollows) {
  std::vector<grammar::rolling::Word> words;
  SyntaxError e;
  EXPECT_FALSE(grammar::rolling::parse_words("", words, e));
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(e.expected, "a word, such as 'take'");
  EXPECT_FALSE(grammar::rolling::parse_words("take cat,", words, e));
  EXPECT_EQ(e.offset, 9u);  // after the comma: a word was due there
  EXPECT_FALSE(grammar::rolling::parse_words("take cat , ;", words, e));
  EXPECT_EQ(e.offset, 11u);
  EXPECT_EQ(e.found, "';'");
  EXPECT_FALSE(grammar::rolling::parse_words("take ca;t", words, e));
  EXPECT_EQ(e.offset, 7u);
  EXPECT_FALSE(grammar::rolling::parse_words("take,,cat", words, e));
  EXPECT_EQ(e.offset, 5u);
  EXPECT_EQ(e.expected, "a word (letters, digits, '-'), a comma or the end of the entry");
}

TEST(TeaTimeNotation, DealRowsAndSides) {
  grammar::tea_time::DealTokens deal;
  SyntaxError e;
  ASSERT_TRUE(grammar::tea_time::parse_deal("h~ C W~ P/Q~ m H~ C", deal, e));
  ASSERT_EQ(deal.rows(), 2u);
  EXPECT_EQ(deal.row_ends, (std::vector<std::uint32_t>{4, 8}));
  EXPECT_EQ(deal.cards[0].code, "h");
  EXPECT_TRUE(deal.cards[0].mirror);
  EXPECT_FALSE(deal.cards[1].mirror);
  EXPECT_EQ(deal.cards[5].code, "m");
  EXPECT_FALSE(grammar::tea_time::parse_deal("H~ C / / W", deal, e));
  EXPECT_EQ(e.offset, 7u);
  EXPECT_FALSE(grammar::tea_time::parse_deal("/ H~ C", deal, e));
  EXPECT_EQ(e.offset, 0u);
  EXPECT_FALSE(grammar::tea_time::parse_deal("H~ C /", deal, e));
  EXPECT_EQ(e.found, "end of line");
  EXPECT_FALSE(grammar::tea_time::parse_deal("H~ 3", deal, e));
  EXPECT_EQ(e.found, "'3'");
  EXPECT_FALSE(grammar::tea_time::parse_deal("H~C", deal, e));
}

// parse_take and parse_deal read a text as gen writes it (`b2 c3`, `H~ Q / M M~`) by a short
// path, and any other by the grammar's rule: on texts made of pieces near those shapes (other
// separators, blanks doubled or missing, rows of one card, `/` where it cannot stand, codes of two
// letters, `~` twice, digits after a card, a byte the notation refuses), both read the same
// tokens, or refuse with the same error.
TEST(TeaTimeNotation, TakesAndDealsReadByTheShortPathAsTheGrammarReadsThem) {
  std::mt19937 random(51);
  auto pick = [&](const std::vector<std::string_view>& v) { return v[random() % v.size()]; };
  const std::vector<std::string_view> odd = {
      "#", "\x80", "\xC3\xA9", ";", "\t", "~", "/", "1", std::string_view("\0", 1)};
  auto same_error = [](const SyntaxError& fast, const SyntaxError& slow) {
    EXPECT_EQ(fast.offset, slow.offset);
    EXPECT_EQ(fast.expected, slow.expected);
    EXPECT_EQ(fast.found, slow.found);
  };
  int takes = 0, deals = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string take = random() % 16 == 0 ? " " : "";
    const std::size_t cells = random() % 5;
    for (std::size_t i = 0; i < cells; ++i) {
      if (i > 0) take += random() % 4 ? " " : pick({"", "  ", ",", ", ", "-", " - ", "\t"});
      take += pick({"a", "b", "C", "d", "e", "z", "1"});
      take += pick({"1", "2", "3", "4", "0", "12", "007", "100", "", "x"});
    }
    if (random() % 32 == 0) take.insert(random() % (take.size() + 1), pick(odd));
    if (random() % 16 == 0) take += pick({" ", ",", "-"});
    std::vector<grammar::tea_time::CellToken> fast_cells, slow_cells;
    SyntaxError fast_error, slow_error;
    {
      SCOPED_TRACE(::testing::Message() << "take '" << take << "'");
      const bool fast_ok = grammar::tea_time::parse_take(take, fast_cells, fast_error);
      ASSERT_EQ(fast_ok, grammar::tea_time::parse_take_by_grammar(take, slow_cells, slow_error));
      if (!fast_ok) {
        same_error(fast_error, slow_error);
      } else {
        ++takes;
        ASSERT_EQ(fast_cells.size(), slow_cells.size());
        for (std::size_t i = 0; i < fast_cells.size(); ++i) {
          EXPECT_EQ(fast_cells[i].column, slow_cells[i].column) << i;
          EXPECT_EQ(fast_cells[i].row, slow_cells[i].row) << i;
          EXPECT_EQ(fast_cells[i].span, slow_cells[i].span) << i;
        }
      }
    }
    std::string deal = random() % 16 == 0 ? " " : "";
    const std::size_t rows = random() % 4, columns = 1 + random() % 5;
    for (std::size_t r = 0; r < rows; ++r) {
      if (r > 0) deal += random() % 4 ? " / " : pick({"/", " /", "/ ", "  /  ", " // ", " / / ", " "});
      for (std::size_t c = 0; c < columns; ++c) {
        if (c > 0) deal += random() % 4 ? " " : pick({"", "  ", "\t", ","});
        deal += pick({"H", "Q", "m", "W", "Ch", "X"});
        if (random() % 2) deal += random() % 16 ? "~" : "~~";
        if (random() % 32 == 0) deal += "3";
      }
    }
    if (random() % 32 == 0) deal.insert(random() % (deal.size() + 1), pick(odd));
    if (random() % 16 == 0) deal += pick({" ", "/", " /"});
    grammar::tea_time::DealTokens fast_deal, slow_deal;
    SCOPED_TRACE(::testing::Message() << "deal '" << deal << "'");
    const bool fast_ok = grammar::tea_time::parse_deal(deal, fast_deal, fast_error);
    ASSERT_EQ(fast_ok, grammar::tea_time::parse_deal_by_grammar(deal, slow_deal, slow_error));
    if (!fast_ok) {
      same_error(fast_error, slow_error);
      continue;
    }
    ++deals;
    EXPECT_EQ(fast_deal.row_ends, slow_deal.row_ends);
    ASSERT_EQ(fast_deal.cards.size(), slow_deal.cards.size());
    for (std::size_t i = 0; i < fast_deal.cards.size(); ++i) {
      EXPECT_EQ(fast_deal.cards[i].code, slow_deal.cards[i].code) << i;
      EXPECT_EQ(fast_deal.cards[i].code.data(), slow_deal.cards[i].code.data()) << i;  // a view into the text
      EXPECT_EQ(fast_deal.cards[i].mirror, slow_deal.cards[i].mirror) << i;
      EXPECT_EQ(fast_deal.cards[i].span, slow_deal.cards[i].span) << i;
    }
  }
  EXPECT_GT(takes, 5000);  // most texts are plain, as most entries are
  EXPECT_GT(deals, 5000);
}

// written_plainly compares a seeded game's deal, known before its line is read, with the line:
// wherever it says the line is that deal, parse_deal reads from the line the same cards (their
// codes as written, their sides) in rows of the grid's width. Texts near the deal's plain form
// (a code's letter case changed, a blank doubled or dropped, a '~' added or dropped, cards
// swapped or missing, a byte the notation refuses, a row break moved) are compared too; the
// plain form itself must be recognised.
TEST(TeaTimeNotation, ASeededDealWrittenPlainlyReadsAsTheGrammarReadsIt) {
  std::mt19937 random(60);
  const std::vector<std::string> codes = {"H", "Q", "M", "W", "Ch", "Xyz"};
  int plain = 0, compared = 0;
  for (int n = 0; n < 20000; ++n) {
    const int columns = 1 + static_cast<int>(random() % 5), rows = 1 + static_cast<int>(random() % 4);
    const int count = rows * columns;
    std::vector<std::string> code(static_cast<std::size_t>(count));
    std::vector<bool> mirror(static_cast<std::size_t>(count));
    std::string text;
    for (int i = 0; i < count; ++i) {
      code[static_cast<std::size_t>(i)] = codes[random() % codes.size()];
      mirror[static_cast<std::size_t>(i)] = random() % 2;
      if (i > 0) text += i % columns == 0 ? " / " : " ";
      text += code[static_cast<std::size_t>(i)] + (mirror[static_cast<std::size_t>(i)] ? "~" : "");
    }
    const bool untouched = random() % 3 == 0;
    if (!untouched) {
      const std::size_t at = random() % (text.size() + 1);
      const std::string before = text.substr(0, at), after = text.substr(at);
      switch (random() % 8) {
        case 0:  // a letter's case (a blank, '/' or '~' turned into another byte)
          if (at < text.size()) text[at] = static_cast<char>(text[at] ^ 0x20);
          break;
        case 1: text = before + ' ' + after; break;
        case 2: text = before + after.substr(after.empty() ? 0 : 1); break;
        case 3: text = before + '~' + after; break;
        case 4: text = before + (random() % 2 ? '\x80' : '#') + after; break;
        case 5: text = before + std::string(" / ") + after; break;
        case 6: std::swap(code.front(), code.back()); break;  // the text no longer matches the cards
        case 7: mirror.back() = !mirror.back(); break;
      }
    }
    const bool said = grammar::tea_time::written_plainly(
        text, count, columns, [&](int i) { return std::string_view(code[static_cast<std::size_t>(i)]); },
        [&](int i) { return static_cast<bool>(mirror[static_cast<std::size_t>(i)]); });
    SCOPED_TRACE(::testing::Message() << "deal '" << text << "', " << columns << " columns");
    if (untouched) {
      ASSERT_TRUE(said);
    }
    if (!said) continue;
    ++compared;
    plain += untouched;
    grammar::tea_time::DealTokens deal;
    SyntaxError error;
    ASSERT_TRUE(grammar::tea_time::parse_deal(text, deal, error));
    ASSERT_EQ(deal.cards.size(), static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      EXPECT_EQ(deal.cards[static_cast<std::size_t>(i)].code, code[static_cast<std::size_t>(i)]) << i;
      EXPECT_EQ(deal.cards[static_cast<std::size_t>(i)].mirror, mirror[static_cast<std::size_t>(i)]) << i;
    }
    ASSERT_EQ(deal.rows(), static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r)
      EXPECT_EQ(deal.row_ends[static_cast<std::size_t>(r)], static_cast<std::uint32_t>((r + 1) * columns));
  }
  EXPECT_GT(plain, 5000);
  EXPECT_LT(compared - plain, 2000);  // a text changed is seldom still the deal (a code's case, say, never)
}

// --- The reader: games, resynchronisation, golden files ----------------------------------

// A game as text, numbered `n`.
std::string dump_game(const grammar::ParsedGame& g, int n) {
  std::string out;
  {
    out += "game " + std::to_string(n) + ": lines " + std::to_string(g.lines.front().number) + "-" +
           std::to_string(g.lines.back().number);
    if (g.version_line) out += ", starts at line " + std::to_string(g.lines[*g.version_line].number);
    out += "\n";
    for (const auto& h : g.headers)
      out += "  header " + std::string(h.key) + " = '" + std::string(g.header_value(h)) + "'\n";
    for (auto i : g.body) {
      const auto& s = g.lines[i].syntax;
      if (s.kind == LineKind::round) {
        out += "  round " + std::to_string(s.number) + "\n";
      } else {
        out += "  entry";
        if (s.move_number) out += " #" + std::to_string(*s.move_number);
        out += " [" + std::string(g.span_text(i, s.label)) + "] '" + std::string(g.span_text(i, s.text)) + "'";
        if (s.accepted) out += " accepted";
        out += "\n";
      }
    }
    if (g.syntax_error) {
      const auto& e = *g.syntax_error;
      out += "  error at " + std::to_string(g.lines[e.line].number) + ":" + std::to_string(e.error.offset + 1) + ": " +
             e.error.text() + "\n";
    }
  }
  return out;
}

// The games a reader reads, numbered from `games_before + 1`, as text.
std::string dump_games(grammar::LogReader& reader, int games_before) {
  grammar::ParsedGame g;
  std::string out;
  for (int n = games_before; reader.next(g);) out += dump_game(g, ++n);
  return out;
}

std::string dump(const std::string& text) {
  std::istringstream in(text);
  grammar::LogReader reader(in);
  return dump_games(reader, 0);
}

// The same text read stretch by stretch, as `verify -j 2` reads a large file: cut by a scanner
// that reads the text as a stream, its size unknown (a pipe's) or, with `known_size`, known (a
// file's, whose last stretches are cut smaller).
std::string dump_by_stretches(const std::string& text, std::uint64_t size, int* stretches = nullptr,
                              bool known_size = false,
                              grammar::StretchScanner::Pass pass = grammar::StretchScanner::Pass::widest) {
  std::istringstream in(text);
  grammar::StretchScanner scanner(in, size, pass, known_size ? text.size() : grammar::StretchScanner::kUnknownSize);
  grammar::Stretch s;
  std::string out;
  int n = 0;
  while (scanner.next(s)) {
    ++n;
    // As verify reads a stretch: from its start in the file, no further than its end.
    std::istringstream file(text);
    file.seekg(static_cast<std::streamoff>(s.begin));
    grammar::LogReader reader(file, s.lines_before,
                              s.end == grammar::Stretch::kToTheEnd ? grammar::LogReader::kNoLimit : s.end - s.begin);
    out += dump_games(reader, s.games_before);
  }
  if (stretches) *stretches = n;
  return out;
}

TEST(LogReader, GoldenFiles) {
  namespace fs = std::filesystem;
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(testing::source_path("tests/golden/grammar"))) {
    if (entry.path().extension() != ".wlog") continue;
    fs::path expect = entry.path();
    expect.replace_extension(".expect");
    SCOPED_TRACE(entry.path().string());
    std::string actual = dump(testing::read_file(entry.path().string()));
    // WONDERLOG_UPDATE_GOLDEN=1 rewrites the .expect files: review the diff before committing.
    if (std::getenv("WONDERLOG_UPDATE_GOLDEN")) testing::write_file(expect.string(), actual);
    EXPECT_EQ(actual, testing::read_file(expect.string()));
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

// A stretch starts where a game starts, so that every stretch read on its own gives the games,
// game numbers, line numbers and errors that the whole file gives: over every golden file and
// a text with each kind of line between games, cut as finely as it can be.
// Texts with each kind of line between games and within them, for the tests of cutting.
std::vector<std::string> texts_to_cut() {
  namespace fs = std::filesystem;
  std::vector<std::string> texts = {
      "\xEF\xBB\xBF# before\n\nwonderlog 1\ngame: tea-time\n# between\n\n  # more\nWONDERLOG 1\nplayers: A, B\n"
      "1. A: a1\n\x01 bad\nwonderlog 1\n  wonderlog 1 # again\nWendy: x\nwonderlog 1:\n# end\n",
      "stray text first\nwonderlog 1\nround 1\nwonderlog 1\n",
      "\n\n# only comments, then\nwonderlog 1\r\nround 1\r\n\r\nwonderlog 1\r\nround 2",
      // A comment saved as Latin-1 (a byte that is not UTF-8) above the first game, and between games.
      "# caf\xE9 club\nwonderlog 1\ngame: tea-time\n# caf\xE9 again\n\nwonderlog 1\nround 1\n# \xE9\n",
      // A `wonderlog 1` line whose comment is Latin-1, or holds a C1 control character (U+0085),
      // starts no game: the reader refuses the line, in the game before it (found in review,
      // session 57: the scanner and the cutter cut there, and counted a game). A comment holding
      // a C1 control character is refused too, so it is not one of the comments before a game.
      "wonderlog 1\ngame: tea-time\n1. A: a1\nwonderlog 1 # caf\xE9\nround 1\n# a C1 \xC2\x85 comment\n"
      "wonderlog 1\nround 2\n\nwonderlog 1 # \xC2\x85\nround 3\n  # caf\xE9\nwonderlog 1\n",
  };
  std::vector<fs::path> golden;
  for (const auto& entry : fs::directory_iterator(testing::source_path("tests/golden/grammar")))
    if (entry.path().extension() == ".wlog") golden.push_back(entry.path());
  std::sort(golden.begin(), golden.end());  // the directory's order is the file system's
  for (const fs::path& path : golden) texts.push_back(testing::read_file(path.string()));
  return texts;
}

TEST(StretchScanner, StretchesReadAsTheWholeFile) {
  const std::vector<std::string> texts = texts_to_cut();
  for (const std::string& text : texts) {
    SCOPED_TRACE(text.substr(0, 60));
    const std::string whole = dump(text);
    for (std::uint64_t size : {1, 7, 40, 1000}) {
      SCOPED_TRACE(size);
      EXPECT_EQ(dump_by_stretches(text, size), whole);
      EXPECT_EQ(dump_by_stretches(text, size, nullptr, true), whole);
    }
  }
  int stretches = 0;
  dump_by_stretches(texts[0], 1, &stretches);
  EXPECT_EQ(stretches, 4);  // one per game: `wonderlog 1:` is an entry, not a game
  dump_by_stretches(texts[0], 1000, &stretches);
  EXPECT_EQ(stretches, 1);
}

// The scanner passes runs of move lines 16 bytes at a time: lines of every length, so that each
// kind of line start falls at every place in a 16-byte block, cut as `verify -j 2` cuts them.
// Games of lines of every length, each kind of line between and within them, some with CRLF.
std::string text_of_every_alignment(int* game_count = nullptr) {
  std::mt19937 random(20261124);
  const std::vector<std::string> between = {"", "# a comment", "  # indented comment", "\t", "   "};
  const std::vector<std::string> inside = {"Wendy: a1", "wonderlog 1: x", "  3. Nina: a1", "# note", "",
                                           "\tround 2", "W", "w", "#"};
  std::string text;
  int games = 0;
  for (int g = 0; g < 300; ++g) {
    const bool crlf = g % 7 == 3;
    const std::string end = crlf ? "\r\n" : "\n";
    for (int k = static_cast<int>(random() % 3); k > 0; --k) text += between[random() % between.size()] + end;
    text += (g % 5 == 0 ? "WONDERLOG 1" : "wonderlog 1") + end + "game: tea-time" + end;
    ++games;
    for (int m = static_cast<int>(random() % 40); m > 0; --m) {
      if (random() % 6 == 0) {
        text += inside[random() % inside.size()] + end;
        continue;
      }
      text += std::to_string(m) + ". Nina:" + std::string(random() % 23, ' ') + "a1" + end;
    }
  }
  if (game_count) *game_count = games;
  return text;
}

TEST(StretchScanner, BulkScanAgreesWithTheReaderAtEveryAlignment) {
  int games = 0;
  const std::string text = text_of_every_alignment(&games);
  const std::string whole = dump(text);
  for (std::uint64_t size : {1, 100, 5000}) {
    SCOPED_TRACE(size);
    int stretches = 0;
    EXPECT_EQ(dump_by_stretches(text, size, &stretches), whole);
    // Its size known too, and with each way of passing move lines (the widest is AVX2 where the
    // CPU has it): they cut alike.
    using Pass = grammar::StretchScanner::Pass;
    for (Pass pass : {Pass::widest, Pass::sixteen, Pass::bytes}) {
      int other = 0;
      EXPECT_EQ(dump_by_stretches(text, size, &other, true, pass), whole) << static_cast<int>(pass);
      EXPECT_EQ(other, stretches);
    }
    if (size == 1) {
      EXPECT_EQ(stretches, games);
    }
  }
}

// A file whose size is known has its last stretches cut smaller (an eighth of what is left, not
// below 64 KiB), so that the threads finish together; read stretch by stretch it still reads as
// the whole file. A stream whose size is not known (a pipe) is cut at the one size throughout.
TEST(StretchScanner, TheLastStretchesOfAFileOfKnownSizeAreSmaller) {
  std::string text;
  for (int g = 0; g < 12000; ++g) {
    text += "wonderlog 1\ngame: tea-time\n";
    for (int m = 1; m <= 12; ++m) text += std::to_string(m) + ". Nina: a1 b2\n";
    text += "\n";
  }
  constexpr std::uint64_t kSize = 256 << 10, kSmallest = 64 << 10;
  ASSERT_GT(text.size(), 8 * kSize);
  auto cuts = [&](bool known_size) {
    std::istringstream in(text);
    grammar::StretchScanner scanner(in, kSize, grammar::StretchScanner::Pass::widest,
                                    known_size ? text.size() : grammar::StretchScanner::kUnknownSize);
    std::vector<std::uint64_t> sizes;
    grammar::Stretch s;
    while (scanner.next(s)) sizes.push_back((s.end == grammar::Stretch::kToTheEnd ? text.size() : s.end) - s.begin);
    return sizes;
  };
  const std::vector<std::uint64_t> streamed = cuts(false), known = cuts(true);
  for (std::size_t i = 0; i + 1 < streamed.size(); ++i) EXPECT_LT(streamed[i] - kSize, 200u) << i;
  ASSERT_GT(known.size(), streamed.size() + 4);
  std::uint64_t left = text.size();
  for (std::size_t i = 0; i + 1 < known.size(); ++i) {
    const std::uint64_t wanted = std::max(kSmallest, std::min(kSize, left / 8));
    EXPECT_GE(known[i], wanted) << i;
    EXPECT_LT(known[i] - wanted, 200u) << i;  // cut at the first game's start past it
    left -= known[i];
  }
  EXPECT_LE(known.back(), kSmallest + 200);
  EXPECT_EQ(dump_by_stretches(text, kSize, nullptr, true), dump(text));
}

// A file that another program shortens while `verify -j 2` cuts and reads it: the scanner and
// each stretch's reader read it through read(), which sees the file as it now is (a mapped file
// read past its new end raised SIGBUS and ended the process: docs/reliability.md, finding 17).
// Cut partly before and partly after the shortening, its stretches read as the shortened file
// reads whole, its last game cut off mid-line.
TEST(StretchScanner, AFileShortenedWhileItIsCutReadsAsItNowIs) {
  std::string text;
  for (int g = 0; g < 20000; ++g) {
    text += "wonderlog 1\ngame: tea-time\n";
    for (int m = 1; m <= 12; ++m) text += std::to_string(m) + ". Nina: a1 b2\n";
  }
  const std::string path = testing::temp_dir() + "/shortened.wlog";
  testing::write_file(path, text);
  std::ifstream in(path, std::ios::binary);
  grammar::StretchScanner scanner(in, 64 << 10, grammar::StretchScanner::Pass::widest, text.size());
  std::vector<grammar::Stretch> stretches(1);
  ASSERT_TRUE(scanner.next(stretches[0]));
  const std::size_t left = text.size() / 3 + 5;  // within a line, past what the scanner has read
  ASSERT_GT(left, std::size_t{1} << 20);
  std::filesystem::resize_file(path, left);
  for (grammar::Stretch s; scanner.next(s);) stretches.push_back(s);
  EXPECT_GT(stretches.size(), 4u);
  std::string out;
  for (const grammar::Stretch& s : stretches) {
    std::ifstream file(path, std::ios::binary);
    file.seekg(static_cast<std::streamoff>(s.begin));
    grammar::LogReader reader(file, s.lines_before,
                              s.end == grammar::Stretch::kToTheEnd ? grammar::LogReader::kNoLimit : s.end - s.begin);
    out += dump_games(reader, s.games_before);
    EXPECT_FALSE(reader.read_failed());
  }
  EXPECT_EQ(out, dump(text.substr(0, left)));
}

// The same with the cutter, which reads through an istream too: the stretches cut before the
// shortening and those after it, counted where they are read (as `verify -j 2` counts them,
// the sums of count_stretch() over the stretches before), read as the shortened file reads.
TEST(StretchCutter, AFileShortenedWhileItIsCutReadsAsItNowIs) {
  std::string text;
  for (int g = 0; g < 20000; ++g) {
    text += "wonderlog 1\ngame: tea-time\n";
    for (int m = 1; m <= 12; ++m) text += std::to_string(m) + ". Nina: a1 b2\n";
  }
  const std::string path = testing::temp_dir() + "/shortened-cut.wlog";
  testing::write_file(path, text);
  std::ifstream in(path, std::ios::binary);
  grammar::StretchCutter cutter(in, 64 << 10, text.size());
  std::vector<grammar::Stretch> stretches(3);
  for (grammar::Stretch& s : stretches) ASSERT_TRUE(cutter.next(s));
  const std::size_t left = text.size() / 3 + 5;  // within a line, past the stretches cut so far
  ASSERT_GT(left, stretches.back().end);
  std::filesystem::resize_file(path, left);
  for (grammar::Stretch s; cutter.next(s);) stretches.push_back(s);
  EXPECT_GT(stretches.size(), 4u);
  std::string out;
  grammar::StretchCounts before;
  for (const grammar::Stretch& s : stretches) {
    std::ifstream file(path, std::ios::binary);
    file.seekg(static_cast<std::streamoff>(s.begin));
    grammar::LogReader reader(file, before.lines,
                              s.end == grammar::Stretch::kToTheEnd ? grammar::LogReader::kNoLimit : s.end - s.begin);
    out += dump_games(reader, before.games);
    EXPECT_FALSE(reader.read_failed());
    if (s.end == grammar::Stretch::kToTheEnd) break;
    std::ifstream again(path, std::ios::binary);
    again.seekg(static_cast<std::streamoff>(s.begin));
    const grammar::StretchCounts here = grammar::count_stretch(again, s.end - s.begin);
    before.lines += here.lines;
    before.games += here.games;
  }
  EXPECT_EQ(out, dump(text.substr(0, left)));
}

// The stretches that a StretchCutter, or a StretchScanner given the size, cuts `text` into.
std::vector<grammar::Stretch> cut(const std::string& text, std::uint64_t size, bool jumping) {
  std::istringstream in(text);
  std::vector<grammar::Stretch> out;
  grammar::Stretch s;
  if (jumping) {
    grammar::StretchCutter cutter(in, size, text.size());
    while (cutter.next(s)) out.push_back(s);
  } else {
    grammar::StretchScanner scanner(in, size, grammar::StretchScanner::Pass::widest, text.size());
    while (scanner.next(s)) out.push_back(s);
  }
  return out;
}

grammar::StretchCounts count(const std::string& text, const grammar::Stretch& s) {
  std::istringstream in(text);
  in.seekg(static_cast<std::streamoff>(s.begin));
  return grammar::count_stretch(in, s.end == grammar::Stretch::kToTheEnd ? text.size() - s.begin : s.end - s.begin);
}

std::vector<std::string> texts_to_jump() {
  std::vector<std::string> texts = texts_to_cut();
  texts.push_back(text_of_every_alignment());
  // Runs of comments longer than a stretch, and a game longer than one.
  std::string long_runs;
  for (int g = 0; g < 40; ++g) {
    for (int k = 0; k < (g % 4 == 1 ? 300 : g % 3); ++k) long_runs += k % 2 ? "# a comment\n" : "\n";
    long_runs += "wonderlog 1\ngame: tea-time\n";
    for (int m = 1; m <= (g == 7 ? 900 : 10); ++m) long_runs += std::to_string(m) + ". Nina: a1\n";
  }
  texts.push_back(long_runs);
  return texts;
}

// The cutter jumps where the scanner reads through, and cuts the very stretches; what it does
// not count (the lines and games before a stretch) are the sums of count_stretch() over the
// stretches before, as the scanner counts them.
TEST(StretchCutter, CutsWhereTheScannerCutsAndCountStretchCountsAsItCounts) {
  for (const std::string& text : texts_to_jump()) {
    SCOPED_TRACE(text.substr(0, 60));
    for (std::uint64_t size : {1, 7, 40, 1000, 5000}) {
      SCOPED_TRACE(size);
      const std::vector<grammar::Stretch> jumped = cut(text, size, true), scanned = cut(text, size, false);
      ASSERT_EQ(jumped.size(), scanned.size());
      grammar::StretchCounts before;
      for (std::size_t i = 0; i < jumped.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(jumped[i].begin, scanned[i].begin);
        EXPECT_EQ(jumped[i].end, scanned[i].end);
        EXPECT_EQ(jumped[i].counted, i == 0);
        EXPECT_EQ(scanned[i].lines_before, before.lines);
        EXPECT_EQ(scanned[i].games_before, before.games);
        const grammar::StretchCounts here = count(text, jumped[i]);
        before.lines += here.lines;
        before.games += here.games;
      }
      EXPECT_EQ(before.games, count(text, grammar::Stretch{0, grammar::Stretch::kToTheEnd}).games);
      EXPECT_EQ(before.lines, count(text, grammar::Stretch{0, grammar::Stretch::kToTheEnd}).lines);
    }
  }
}

// A stretch read before the lines and games before it are counted, as `verify -q -j 2` reads
// one: numbered from its own start, counted when a game must be shown (here the stretch's
// first, second or third game, or before any), that game read again, and the rest read
// numbered as the whole file numbers them. What the reader counted of the stretch is what
// count_stretch() counts.
TEST(LogReader, AStretchCountedLateReadsAsTheWholeFile) {
  for (const std::string& text : texts_to_jump()) {
    SCOPED_TRACE(text.substr(0, 60));
    std::vector<std::string> whole;
    {
      std::istringstream in(text);
      grammar::LogReader reader(in);
      grammar::ParsedGame g;
      while (reader.next(g)) whole.push_back(dump_game(g, static_cast<int>(whole.size()) + 1));
    }
    for (std::uint64_t size : {1, 40, 1000}) {
      SCOPED_TRACE(size);
      grammar::StretchCounts before;
      std::string out, expected;
      const std::vector<grammar::Stretch> stretches = cut(text, size, true);
      for (std::size_t i = 0; i < stretches.size(); ++i) {
        const grammar::Stretch& s = stretches[i];
        std::istringstream file(text);
        file.seekg(static_cast<std::streamoff>(s.begin));
        grammar::LogReader reader(file, 0, s.end == grammar::Stretch::kToTheEnd ? grammar::LogReader::kNoLimit : s.end - s.begin);
        const int counted_at = static_cast<int>(i % 4);  // the game at which the numbers are counted
        bool counted = false;
        if (counted_at == 0) reader.count_lines_before(before.lines), counted = true;
        grammar::ParsedGame g;
        int games = 0;
        while (reader.next(g)) {
          ++games;
          if (!counted && games == counted_at) {
            reader.count_lines_before(before.lines);
            counted = true;
            ASSERT_TRUE(reader.read_again(g));
          }
          if (!counted) continue;  // not shown: as a valid game under -q
          out += dump_game(g, before.games + games);
          expected += whole.at(static_cast<std::size_t>(before.games + games - 1));
        }
        const grammar::StretchCounts here = count(text, s);
        EXPECT_EQ(games, here.games) << i;
        EXPECT_EQ(reader.lines_read() - (counted ? before.lines : 0), here.lines) << i;
        before.lines += here.lines;
        before.games += here.games;
      }
      EXPECT_EQ(out, expected);
      EXPECT_EQ(before.games, static_cast<int>(whole.size()));
    }
  }
}

// Lines are checked for control bytes 8 bytes at a time: a control byte (or DEL) at any place
// of a line of any length is found there, and a tab or a UTF-8 letter is not one.
TEST(LogReader, ControlByteFoundAtEveryPlace) {
  for (std::size_t length = 1; length <= 24; ++length)
    for (std::size_t at = 0; at < length; ++at)
      for (char c : {'\x01', '\x1f', '\x7f', '\t', '\xC3'}) {
        std::string note(at, 'x');
        note += c;
        if (c == '\xC3') note += '\xA9';  // é
        note.append(length - at - 1, 'x');
        std::string text = "wonderlog 1\nnotes: ";  // appended: GCC 12's -Wrestrict misfires on `"..." + std::string`
        text += note;
        text += '\n';
        std::string error = "error at 2:";
        error += std::to_string(at + 8);
        error += ": expected text (this line holds a control byte";
        const std::string d = dump(text);
        const bool control = c != '\t' && c != '\xC3';
        SCOPED_TRACE(length * 100 + at);
        EXPECT_EQ(d.find(error) != std::string::npos, control) << d;
      }
}

// The reader finds line breaks and odd bytes a window of 64 bytes at a time: a control byte is
// found, and a line without one is read as it is, wherever the line starts in a window and
// however many windows it spans; a carriage return ends a line only before its line break.
TEST(LogReader, ControlByteFoundWhereverTheLineLiesInTheWindows) {
  for (std::size_t pad = 0; pad < 64; pad += 7)
    for (std::size_t length : {1u, 30u, 63u, 64u, 65u, 130u})
      for (std::size_t at : {std::size_t{0}, length / 2, length - 1})
        for (char c : {'\x01', '\r', '\x7f', 'y', '\xC3'}) {
          if (c == '\r' && at == length - 1) continue;  // a line's last '\r' is its CRLF's
          std::string note(at, 'x');
          note += c;
          if (c == '\xC3') note += '\xA9';  // é
          note.append(length - at - 1, 'x');
          std::string text = "wonderlog 1\n# ";
          text.append(pad, '-');
          text += "\nnotes: ";
          text += note;
          text += c == 'y' ? "\r\n" : "\n";
          for (int i = 0; i < 8; ++i) text += "# a comment after it, to fill more windows\n";
          SCOPED_TRACE(::testing::Message() << "pad " << pad << ", length " << length << ", at " << at << ", byte "
                                            << static_cast<int>(static_cast<unsigned char>(c)));
          const std::string d = dump(text);
          const bool control = c != 'y' && c != '\xC3';
          if (control) {
            // A carriage return alone is told as the line ending it is (old Mac files).
            const std::string said = c == '\r' ? ": a carriage return alone ends a line here (old Mac line endings?)"
                                                : ": expected text (this line holds a control byte";
            EXPECT_NE(d.find("error at 3:" + std::to_string(at + 8) + said), std::string::npos) << d;
          } else {
            EXPECT_NE(d.find("header notes = '" + note + "'"), std::string::npos) << d;
            EXPECT_EQ(d.find("error"), std::string::npos) << d;
          }
        }
}

// The window's masks tell the reader which lines hold a '#' (a comment), and the envelope does not
// look for one in the others: a '#' is found wherever it lies in the line and the line in the
// windows, and what comes before it is the header's value.
TEST(LogReader, ACommentFoundWhereverTheLineLiesInTheWindows) {
  for (std::size_t pad = 0; pad < 64; pad += 5)
    for (std::size_t length : {1u, 9u, 30u, 63u, 64u, 65u, 130u})
      for (std::size_t at : {std::size_t{0}, std::size_t{1}, length / 2, length - 1}) {
        std::string note(length, 'x');
        note[at] = '#';
        std::string text = "wonderlog 1\n# ";
        text.append(pad, '-');
        text += "\nnotes: " + note + "\nevent: x" + std::string(pad, 'y') + "\n";
        for (int i = 0; i < 4; ++i) text += "Nina: a1\n";
        SCOPED_TRACE(::testing::Message() << "pad " << pad << ", length " << length << ", at " << at);
        const std::string d = dump(text);
        EXPECT_NE(d.find("header notes = '" + note.substr(0, at) + "'"), std::string::npos) << d;
        EXPECT_NE(d.find("header event = 'x" + std::string(pad, 'y') + "'"), std::string::npos) << d;
        EXPECT_EQ(d.find("error"), std::string::npos) << d;
      }
}

TEST(LogReader, ResumesAtTheNextGameAfterAnError) {
  std::string text =
      "wonderlog 1\ngame: tea-time\n3. Nina a1\n4. Nina: a1\n"
      "wonderlog 1\ngame: tea-time\n";
  std::string d = dump(text);
  EXPECT_NE(d.find("game 1: lines 1-4"), std::string::npos) << d;
  EXPECT_NE(d.find("error at 3:"), std::string::npos) << d;
  EXPECT_NE(d.find("game 2: lines 5-6"), std::string::npos) << d;
  // Nothing after the error is kept as a move: no move is invented.
  EXPECT_EQ(d.find("#4"), std::string::npos) << d;
}

TEST(LogReader, DuplicateHeaderIsAnError) {
  std::string d = dump("wonderlog 1\nplayers: A, B\nPlayers: C, D\n");
  EXPECT_NE(d.find("error at 3:1: a second 'players' header; the first is on line 2, and a header is given once"),
            std::string::npos)
      << d;
  // A header with a move number is refused; a second one with a move number is told as a second.
  d = dump("wonderlog 1\n3. players: A, B\n");
  EXPECT_NE(d.find("error at 2:1: expected a header without a move number"), std::string::npos) << d;
  d = dump("wonderlog 1\nplayers: A, B\n3. players: C, D\n");
  EXPECT_NE(d.find("error at 3:4: a second 'players' header; the first is on line 2"), std::string::npos) << d;
  // `expect` may be given more than once; with a move number it is refused all the same.
  d = dump("wonderlog 1\nexpect: valid\nexpect: valid under TT-7=x\n");
  EXPECT_EQ(d.find("error"), std::string::npos) << d;
  d = dump("wonderlog 1\nexpect: valid\n2. expect: valid\n");
  EXPECT_NE(d.find("error at 3:1: expected a header without a move number"), std::string::npos) << d;
}

TEST(LogReader, CarriageReturnsAndMissingFinalNewline) {
  std::string d = dump("wonderlog 1\r\ngame: tea-time\r\nround 1");
  EXPECT_EQ(d, "game 1: lines 1-3, starts at line 1\n  header game = 'tea-time'\n  round 1\n");
}

TEST(LogReader, LongLineIsReadWhole) {
  std::string text = "wonderlog 1\nnotes: " + std::string(5'000'000, 'x') + "\n";
  std::istringstream in(text);
  grammar::LogReader reader(in);
  grammar::ParsedGame g;
  ASSERT_TRUE(reader.next(g));
  ASSERT_EQ(g.headers.size(), 1u);
  EXPECT_EQ(g.header_value(g.headers[0]).size(), 5'000'000u);
}


// The reader keeps a game's lines where it read them and copies the game once; a line that NFC
// changes turns the game to copying line by line. Either way every line reads back as written,
// with its number, across the reader's blocks (4 KiB first, doubled up to 64 KiB), and the
// comments before a `wonderlog` line go with the game it starts.
TEST(LogReader, EveryLineReadsBackAsWrittenAcrossBlocks) {
  std::string text;
  std::vector<std::string> expected;  // each line as the reader must give it back
  auto add = [&](const std::string& line, const std::string& as_read, bool crlf = false) {
    text += line + (crlf ? "\r\n" : "\n");
    expected.push_back(as_read);
  };
  for (int g = 0; g < 2500; ++g) {
    add("# game " + std::to_string(g + 1) + " follows", "# game " + std::to_string(g + 1) + " follows");
    add("wonderlog 1", "wonderlog 1", g % 7 == 0);
    add("game: tea-time", "game: tea-time");
    if (g % 250 == 3)  // "Le\u0301a" is "L\u00e9a" once composed
      add("players: Le\xCC\x81" "a, Nina", "players: L\xC3\xA9" "a, Nina");
    else
      add("players: Arthur, Nina", "players: Arthur, Nina");
    add("", "");
    add("1. Nina: a1 b2  # (accepted) is text in a comment", "1. Nina: a1 b2  # (accepted) is text in a comment");
  }
  std::istringstream in(text);
  grammar::LogReader reader(in);
  grammar::ParsedGame g;
  std::size_t line = 0;
  int games = 0;
  while (reader.next(g)) {
    ++games;
    ASSERT_TRUE(g.version_line.has_value());
    EXPECT_EQ(*g.version_line, 1u) << "game " << games << ": its comment comes first";
    for (std::uint32_t i = 0; i < g.lines.size(); ++i, ++line) {
      ASSERT_LT(line, expected.size());
      EXPECT_EQ(g.lines[i].number, line + 1);
      EXPECT_EQ(g.line_text(i), expected[line]) << "line " << line + 1;
    }
    ASSERT_EQ(g.headers.size(), 2u);
  }
  EXPECT_EQ(games, 2500);
  EXPECT_EQ(line, expected.size());
  EXPECT_FALSE(reader.read_failed());
}

TEST(CommonHeader, EveryNameInAnyCaseAndNothingElse) {
  for (std::string_view h : grammar::common_header_order) {
    EXPECT_EQ(grammar::common_header(h), h);
    std::string upper(h), mixed(h);
    for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
    mixed[0] = upper[0];
    EXPECT_EQ(grammar::common_header(upper), h);
    EXPECT_EQ(grammar::common_header(mixed), h);
    EXPECT_EQ(grammar::common_header(std::string(h) + "s"), "") << h;
    EXPECT_EQ(grammar::common_header(h.substr(0, h.size() - 1)), "") << h;
  }
  for (std::string_view other : {"Nina", "Arthur", "deal", "sits", "rest", "evens", "date2", "", "g"})
    EXPECT_EQ(grammar::common_header(other), "") << other;
}

// A file's name as reports show it: control bytes and bytes that are not UTF-8 as \xNN (an ESC
// in a name sent a live escape sequence to the terminal), invisible characters as <U+XXXX>,
// letters as written (found in review).
TEST(Source, AFilesNameIsShownWithoutControlBytes) {
  EXPECT_EQ(shown_name("logs/L\xC3\xA9" "a.wlog"), "logs/L\xC3\xA9" "a.wlog");
  EXPECT_EQ(shown_name("ctl\x01\x1B[31m.wlog"), "ctl\\x01\\x1B[31m.wlog");
  EXPECT_EQ(shown_name("r\xE9.wlog"), "r\\xE9.wlog");
  EXPECT_EQ(shown_name("a\xC2\xA0" "b.wlog"), "a<U+00A0>b.wlog");
  EXPECT_NE(shown_name("r\xE8.wlog"), shown_name("r\xE9.wlog"));
}

// A catalog's name said with its article: "a Adjacent Garden tile" was printed (found in review).
TEST(Source, ANameTakesTheArticleItsFirstLetterWants) {
  EXPECT_EQ(with_article("Adjacent"), "an Adjacent");
  EXPECT_EQ(with_article("Diagonal"), "a Diagonal");
  EXPECT_EQ(with_article("joker"), "a joker");
  EXPECT_EQ(with_article("Horizontal or vertical"), "a Horizontal or vertical");
  EXPECT_EQ(with_article("ostrich"), "an ostrich");
}

TEST(Source, MalformedUtf8FindsTheFirstIllFormedSequence) {
  constexpr auto npos = std::string_view::npos;
  EXPECT_EQ(malformed_utf8(""), npos);
  EXPECT_EQ(malformed_utf8("plain ASCII"), npos);
  EXPECT_EQ(malformed_utf8("\xc3\x89mile \xe2\x82\xac \xf0\x9f\x8e\xa9"), npos);  // É, the euro sign, a top hat
  EXPECT_EQ(malformed_utf8("\xf4\x8f\xbf\xbf"), npos);                            // U+10FFFF, the last
  EXPECT_EQ(malformed_utf8("ab\xc0\x8d"), 2u);                                    // an overlong carriage return
  EXPECT_EQ(malformed_utf8("ab\xe0\x80\xaf"), 2u);                                // an overlong '/'
  EXPECT_EQ(malformed_utf8("\xed\xa0\x80"), 0u);                                  // a surrogate
  EXPECT_EQ(malformed_utf8("\xf4\x90\x80\x80"), 0u);                              // past U+10FFFF
  EXPECT_EQ(malformed_utf8("caf\xe9"), 3u);                                       // Latin-1
  EXPECT_EQ(malformed_utf8("x\x80"), 1u);                                         // a continuation byte alone
  EXPECT_EQ(malformed_utf8("\xe2\x82"), 0u);                                      // cut short
  EXPECT_EQ(malformed_utf8("\xe2\x82 "), 0u);
  EXPECT_EQ(malformed_utf8("\xf8\x88\x80\x80\x80"), 0u);  // five bytes: never UTF-8
}

TEST(Source, HiddenCharactersAreFoundAndNamed) {
  struct Case {
    std::string text;
    std::size_t offset, bytes;
    std::uint32_t code;
    std::string words;
  };
  const Case cases[] = {
      {"Arthur,\xc2\xa0Nina", 7, 2, 0xA0, "U+00A0, a no-break space"},
      {"Ar\xe2\x80\x8bthur", 2, 3, 0x200B, "U+200B, a zero-width space"},
      {"\xe6\xb8\xa1\xe8\xbe\xba\xe3\x80\x80\xe5\xa4\xaa\xe9\x83\x8e", 6, 3, 0x3000,
       "U+3000, an ideographic (full-width) space"},  // 渡辺　太郎
      {"Nina\xe2\x80\x8f", 4, 3, 0x200F, "U+200F, a right-to-left mark"},
      {"Ann\xc2\xad"
       "e",
       3, 2, 0xAD, "U+00AD, a soft hyphen"},
      {"x\xe2\x80\x83y", 1, 3, 0x2003, "U+2003, a space other than the plain one"},   // an em space
      {"x\xe2\x80\xaey", 1, 3, 0x202E, "U+202E, an invisible formatting character"},  // a bidi override
      {"\xef\xbb\xbfNina", 0, 3, 0xFEFF, "U+FEFF, a zero-width no-break space (a byte order mark)"},
  };
  for (const Case& c : cases) {
    const std::optional<Hidden> h = hidden_character(c.text);
    ASSERT_TRUE(h) << c.words;
    EXPECT_EQ(h->offset, c.offset) << c.words;
    EXPECT_EQ(h->bytes, c.bytes) << c.words;
    EXPECT_EQ(h->code, c.code) << c.words;
    EXPECT_EQ(h->words(), c.words);
    EXPECT_EQ(escaped_at(c.text, c.offset), c.bytes) << c.words;
  }
  // Names as people write them: accents, other scripts, emoji, and the joiners some scripts need
  // (a Persian name with a zero-width non-joiner; an emoji family joined by U+200D).
  for (const char* name : {"Arthur", "Anne Marie", "\xc3\x89mile", "\xe6\xb8\xa1\xe8\xbe\xba",
                           "\xd9\x85\xd8\xad\xd9\x85\xd8\xaf\xe2\x80\x8c\xd8\xb1\xd8\xb6\xd8\xa7",
                           "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa7",
                           "O\xe2\x80\x99"
                           "Brien",
                           "Jean-Luc"}) {
    EXPECT_FALSE(hidden_character(name)) << name;
    EXPECT_EQ(visible(name), name);
  }
  EXPECT_EQ(visible("Ar\xe2\x80\x8bthur,\xc2\xa0Nina\xc2\x85"), "Ar<U+200B>thur,<U+00A0>Nina<U+0085>");
  EXPECT_EQ(visible("caf\xe9"), "caf\xe9");   // not UTF-8: as it is
  EXPECT_EQ(escaped_at("a\xc2\x9b", 1), 2u);  // a C1 control character is named too
  EXPECT_EQ(escaped_at("\xc3\x89", 0), 0u);
  // Text that is not UTF-8 (a Latin-1 name, bytes cut short at the end) is read without reading
  // past it (found by fuzz_log: a name ending in 0xF1 bytes), its stray bytes passed.
  EXPECT_FALSE(hidden_character("Andr\xe9"));
  EXPECT_FALSE(hidden_character("Jeroen\xf1\xf1\xf1"));
  EXPECT_FALSE(hidden_character(std::string_view("x\xe2\x80", 3)));
  const std::optional<Hidden> after = hidden_character("\xe9 \xc2\xa0x");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->offset, 2u);
  EXPECT_EQ(escaped_at("\xf1", 0), 0u);
  EXPECT_EQ(escaped_at(std::string_view("\xe2\x80", 2), 0), 0u);
}

}  // namespace

}  // namespace wonderlog
