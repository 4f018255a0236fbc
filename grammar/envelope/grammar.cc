// The only translation unit that sees the envelope's rule definitions. It exposes plain
// functions rather than BOOST_SPIRIT_INSTANTIATE'd rules: callers then need no X3 headers at
// all, and an expectation failure never leaves this file.
#include "grammar/envelope/grammar.h"

#include "grammar/envelope/grammar_def.h"

namespace wonderlog::grammar::envelope {
namespace {

namespace x3 = boost::spirit::x3;
using Iterator = parser::iterator_type;

Span span_of(const char* base, const ast::Range& r) {
  return Span{static_cast<std::uint32_t>(r.begin() - base), static_cast<std::uint32_t>(r.end() - base)};
}

// Shrinks a span to exclude spaces and tabs at both ends.
Span trimmed(std::string_view line, Span s) {
  while (s.begin < s.end && (line[s.begin] == ' ' || line[s.begin] == '\t')) ++s.begin;
  while (s.end > s.begin && (line[s.end - 1] == ' ' || line[s.end - 1] == '\t')) --s.end;
  return s;
}

void fail_at(std::string_view text, const char* where, std::string expected, SyntaxError& error) {
  error.offset = static_cast<std::uint32_t>(where - text.data());
  error.expected = std::move(expected);
  error.found = describe_found(text.substr(error.offset));
}

}  // namespace

namespace detail {

DirectiveLine read_directive(const char* p, const char* const last, LineSyntax& out) {
  // A directive is its keyword, `round` or `wonderlog`, as a whole word: any other first word
  // (`result`) makes the line no directive, as for the grammar's rule.
  const char* word_end = p;
  while (word_end != last && is_ascii_letter(*word_end)) ++word_end;
  const std::string_view word(p, static_cast<std::size_t>(word_end - p));
  if (word != "round" && word != "wonderlog")
    return iequals(word, "round") || iequals(word, "wonderlog") ? DirectiveLine::other : DirectiveLine::not_one;
  if (word_end == last || *word_end != ' ') return DirectiveLine::other;
  unsigned n = 0;
  p = word_end + 1;
  if (!read_number(p, last, n) || p != last) return DirectiveLine::other;  // nothing after the number
  out = LineSyntax{};
  out.kind = word[0] == 'r' ? LineKind::round : LineKind::version;
  out.number = n;
  return DirectiveLine::read;
}

}  // namespace detail

bool parse_line_by_grammar(std::string_view text, LineSyntax& out, SyntaxError& error) {
  out = LineSyntax{};
  Iterator first = text.data();
  Iterator const last = text.data() + text.size();
  parser::Out o{out, text.data()};
  try {
    words::parse_with<parser::line_tag>(first, last, parser::line, o);
  } catch (const x3::expectation_failure<Iterator>& failure) {
    fail_at(text, failure.where(), failure.which(), error);
    return false;
  }
  if (first != last) {
    fail_at(text, first,
            out.kind != LineKind::blank ? "end of line or a '#' comment"
                         : "a log line: 'wonderlog 1', a header like 'players: Arthur, Nina', "
                           "'round 1', or a move like '3. Nina: a1 b1'",
            error);
    return false;
  }
  return true;
}

bool parse_players(std::string_view text, std::vector<Span>& names, SyntaxError& error) {
  names.clear();
  Iterator first = text.data();
  Iterator const last = first + text.size();
  thread_local std::vector<ast::Range> ranges;  // keeps its capacity: asked once a game
  ranges.clear();
  bool ok = x3::parse(first, last, parser::players >> parser::ws, ranges);
  if (!ok || first != last) {
    if (!ranges.empty() && first != last && *first == ',') {
      fail_at(text, first + 1, "a player name after ','", error);
    } else {
      fail_at(text, first, ranges.empty() ? "a player name" : "',' and another player name", error);
    }
    return false;
  }
  for (const auto& r : ranges) names.push_back(trimmed(text, span_of(text.data(), r)));
  return true;
}

bool parse_result(std::string_view text, RecordedScores& scores, SyntaxError& error) {
  scores.clear();
  Iterator first = text.data();
  Iterator const last = first + text.size();
  thread_local std::vector<ast::Score> parsed;  // keeps its capacity: asked once a game
  parsed.clear();
  bool ok = x3::parse(first, last, parser::result >> parser::ws, parsed);
  if (!ok || first != last) {
    if (!parsed.empty() && first != last && *first == ',')
      fail_at(text, first + 1, "a score like 'Nina 27' after ','", error);
    else
      fail_at(text, first, parsed.empty() ? "a score like 'Nina 27'" : "',' and another score like 'Nina 27'", error);
    return false;
  }
  for (const auto& s : parsed) {
    Span item = trimmed(text, span_of(text.data(), s.name));
    // The last word is the points; everything before it (trimmed) is the name.
    std::uint32_t word = item.end;
    while (word > item.begin && text[word - 1] != ' ' && text[word - 1] != '\t') --word;
    Span name = trimmed(text, Span{item.begin, word});
    std::string_view points = text.substr(word, item.end - word);
    int value = 0;
    const char* p = points.data();
    const char* const end = points.data() + points.size();
    bool ok = name.size() > 0 && x3::parse(p, end, x3::int_, value) && p == end;
    if (!ok && name.size() > 0) {
      // `Marieke 30 pts`: the points are written, and a word follows them (found in review).
      std::uint32_t before = name.end;
      while (before > name.begin && text[before - 1] != ' ' && text[before - 1] != '\t') --before;
      const std::string_view number = text.substr(before, name.end - before);
      const Span who = trimmed(text, Span{name.begin, before});
      if (who.size() > 0 && number.find_first_not_of("0123456789") == std::string_view::npos) {
        error = SyntaxError{};
        error.offset = word;
        error.width = static_cast<std::uint32_t>(points.size());
        const std::string player(text.substr(who.begin, who.size()));
        error.message = "'" + std::string(points) + "' follows " + player + "'s " + std::string(number) +
                        " points: write the points as a bare number ('" + player + " " + std::string(number) + "')";
        scores.clear();
        return false;
      }
    }
    if (!ok) {
      error.offset = name.size() > 0 ? word : item.begin;
      error.expected = name.size() > 0 ? "the points after the name, a whole number" : "a score like 'Nina 27'";
      error.found = describe_found(text.substr(error.offset));
      // Digits past what int holds: a number, too large to be a score (found in review: it was
      // told to be a whole number, the comma after it quoted with it).
      if (name.size() > 0 && !points.empty() && points.find_first_not_of("0123456789") == std::string_view::npos) {
        error.expected = "the points after the name";
        error.found = "'" + std::string(points) + "', too large to be a score";
        error.width = static_cast<std::uint32_t>(points.size());
      }
      scores.clear();
      return false;
    }
    scores.push_back(RecordedScore{name, value});
  }
  return true;
}

bool parse_readings(std::string_view text, std::vector<ReadingChoice>& choices, SyntaxError& error) {
  choices.clear();
  Iterator first = text.data();
  Iterator const last = first + text.size();
  std::vector<ast::ReadingChoice> parsed;
  try {
    bool ok = x3::parse(first, last, parser::ws >> parser::reading_choice % (parser::ws >> ',' >> parser::ws) >> parser::ws,
                        parsed);
    if (!ok || first != last) {
      fail_at(text, first,
              parsed.empty() ? "a reading like 'TT-7=shared-win'" : "',' and another reading like 'TT-7=shared-win'",
              error);
      return false;
    }
  } catch (const x3::expectation_failure<Iterator>& failure) {
    fail_at(text, failure.where(), failure.which(), error);
    return false;
  }
  for (const auto& c : parsed) choices.push_back(ReadingChoice{span_of(text.data(), c.ruling), span_of(text.data(), c.reading)});
  return true;
}

bool parse_seed(std::string_view text, std::uint64_t& seed, SyntaxError& error) {
  Iterator first = text.data();
  Iterator const last = first + text.size();
  bool ok = x3::parse(first, last, parser::ws >> x3::ulong_long >> parser::ws, seed);
  if (!ok || first != last) {
    fail_at(text, first, "a whole number from 0 to 18446744073709551615", error);
    return false;
  }
  return true;
}

}  // namespace wonderlog::grammar::envelope
