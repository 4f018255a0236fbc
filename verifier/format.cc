#include "verifier/format.h"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "grammar/log_reader.h"
#include "verifier/expectation.h"
#include "verifier/readings.h"
#include "verifier/registry.h"

namespace wonderlog {

namespace {

using grammar::ParsedGame;
using grammar::envelope::LineKind;

std::string comment_of(const ParsedGame& g, std::uint32_t i) {
  const auto& s = g.lines[i].syntax;
  if (!s.has_comment) return {};
  std::string c(g.span_text(i, s.comment));
  while (!c.empty() && (c.back() == ' ' || c.back() == '\t')) c.pop_back();
  return "#" + c;
}

std::string with_comment(std::string line, const std::string& comment) {
  if (comment.empty()) return line + "\n";
  return line + (line.empty() ? "" : "  ") + comment + "\n";
}

bool fail(Diagnostic& problem, const ParsedGame& g, std::uint32_t line, std::uint32_t offset, std::string message) {
  problem = diagnostic_at(g, line, Span{offset, offset + 1}, ErrorKind::syntax, std::move(message));
  return false;
}

std::string header_value(const ParsedGame& g, const grammar::Header& h, const GameModule& module, Diagnostic& problem,
                         bool& ok) {
  std::string_view v = g.header_value(h);
  const Span vs = g.lines[h.line].syntax.value;
  SyntaxError e;
  ok = true;
  if (h.key == "game") return ascii_lower(v);
  if (h.key == "players") {
    std::vector<Span> names;
    if (!grammar::envelope::parse_players(v, names, e)) {
      ok = fail(problem, g, h.line, vs.begin + e.offset, e.text());
      return {};
    }
    std::string out;
    for (const Span& n : names) out += (out.empty() ? "" : ", ") + std::string(v.substr(n.begin, n.size()));
    return out;
  }
  if (h.key == "result") {
    if (trim(v) == "*") return "*";  // a game still being played
    grammar::envelope::RecordedScores scores;
    if (!grammar::envelope::parse_result(v, scores, e)) {
      ok = fail(problem, g, h.line, vs.begin + e.offset, e.text());
      return {};
    }
    std::string out;
    for (const auto& s : scores)
      out += fmt::format("{}{} {}", out.empty() ? "" : ", ", v.substr(s.name.begin, s.name.size()), s.points);
    return out;
  }
  if (h.key == "readings") {  // the game's ids and order; verify says the same of a bad one
    std::vector<ChosenReading> choices;
    ReadingsProblem bad;
    if (!read_readings(module, v, choices, bad)) {
      ok = false;
      problem = diagnostic_at(g, h.line, Span{vs.begin + bad.span.begin, vs.begin + bad.span.end}, ErrorKind::setup,
                              bad.message);
      return {};
    }
    return readings_text(module, choices);
  }
  if (h.key == "expect") {  // wonderlog test's expectation: its canonical words
    std::string error;
    std::size_t offset = 0, width = 1;
    const auto expected = parse_expectation(v, error, offset, width);
    if (!expected) {
      ok = false;
      problem = diagnostic_at(
          g, h.line,
          Span{vs.begin + static_cast<std::uint32_t>(offset), vs.begin + static_cast<std::uint32_t>(offset + width)},
          ErrorKind::syntax, error);
      return {};
    }
    return expectation_text(*expected);
  }
  if (h.key == "seed") {
    std::uint64_t seed = 0;
    if (!grammar::envelope::parse_seed(v, seed, e)) {
      ok = fail(problem, g, h.line, vs.begin + e.offset, e.text());
      return {};
    }
    return std::to_string(seed);
  }
  return std::string(v);
}

bool format_game(const ParsedGame& g, std::string& out, Diagnostic& problem) {
  if (g.syntax_error) {
    const auto& e = *g.syntax_error;
    return fail(problem, g, e.line, e.error.offset, e.error.text());
  }
  if (!g.version_line) {  // only blank lines and comments: keep the comments
    for (std::uint32_t i = 0; i < g.lines.size(); ++i)
      if (g.lines[i].syntax.has_comment) out += comment_of(g, i) + "\n";
    return true;
  }
  GameReport report;
  Context context;
  const GameModule* module = module_for(g, 1, context, report);
  if (!module) {
    problem = *report.error;
    return false;
  }
  const std::uint32_t top = *g.version_line;
  // The introduction: its comments, with a blank line kept where the author left one between
  // them or before `wonderlog 1` (not before the first: games are parted by one blank line).
  bool intro_blank = false, intro = false;
  for (std::uint32_t i = 0; i < top; ++i) {
    if (!g.lines[i].syntax.has_comment) {
      intro_blank = intro;
      continue;
    }
    if (intro_blank) out += '\n';
    out += comment_of(g, i) + "\n";
    intro = true;
    intro_blank = false;
  }
  if (intro_blank) out += '\n';
  out += with_comment("wonderlog 1", comment_of(g, top));
  // Comment lines among the headers follow the headers (rule 4); in a game with no round and
  // no move they follow `wonderlog 1` instead: last in the game, a reader would take them for
  // the next game's introduction, and fmt would not be a fixed point (found by fuzz_log).
  const std::vector<std::string_view> own = module->game_headers();
  auto is_header_line = [&](std::uint32_t i) {
    const auto& s = g.lines[i].syntax;
    if (s.kind != LineKind::entry) return false;
    std::string_view label = g.span_text(i, s.label);
    if (grammar::is_common_header(label)) return true;
    for (std::string_view h : own)
      if (iequals(h, label)) return true;
    return false;
  };
  bool has_body = false;
  for (std::uint32_t i = top + 1; i < g.lines.size() && !has_body; ++i)
    has_body = g.lines[i].syntax.kind != LineKind::blank && !is_header_line(i);
  if (!has_body)
    for (std::uint32_t i = top + 1; i < g.lines.size(); ++i)
      if (g.lines[i].syntax.kind == LineKind::blank && g.lines[i].syntax.has_comment) out += comment_of(g, i) + "\n";

  // Headers in the canonical order: the common ones, then the game's own in log order.
  std::vector<std::string> player_names;
  std::optional<Expectation> expected;  // the `expect:` lines so far, which must join
  for (std::string_view key : grammar::common_header_order)
    for (const grammar::Header& header : g.headers) {
      if (header.key != key) continue;  // each header once but `expect`, whose lines keep their order
      const grammar::Header* h = &header;
      bool ok = true;
      std::string value = header_value(g, *h, *module, problem, ok);
      if (!ok) return false;
      if (key == "expect") {
        std::string error;
        std::size_t offset = 0, width = 1;
        Expectation e = *parse_expectation(value, error, offset, width);
        if (!expected) {
          expected = std::move(e);
        } else if (!add_expect_line(*expected, e, error)) {
          const Span vs = g.lines[h->line].syntax.value;
          problem = diagnostic_at(g, h->line, vs, ErrorKind::syntax, error);
          return false;
        }
      }
      if (key == "players") {
        std::vector<Span> names;
        SyntaxError e;
        std::string_view v = g.header_value(*h);
        grammar::envelope::parse_players(v, names, e);
        for (const Span& n : names) player_names.emplace_back(v.substr(n.begin, n.size()));
      }
      out += with_comment(std::string(key) + ": " + value, comment_of(g, h->line));
    }

  // The game's own headers, in the game's order.
  for (std::string_view key : own)
    for (std::uint32_t i = top + 1; i < g.lines.size(); ++i) {
      const auto& s = g.lines[i].syntax;
      if (s.kind == LineKind::entry && iequals(g.span_text(i, s.label), key)) {
        // verify refuses a numbered header; dropping the number would make the log valid.
        if (s.move_number) return fail(problem, g, i, s.label.begin, "a header has no move number");
        std::string value;
        SyntaxError e;
        if (!module->canonical_header(key, g.span_text(i, s.value), value, e))
          return fail(problem, g, i, s.value.begin + e.offset, e.text());
        out += with_comment(std::string(key) + ": " + value, comment_of(g, i));
      }
    }

  int number = 0;
  // The author's blank lines in the body stay, a run of them as one (as black and rustfmt keep
  // paragraphs); `round N` always has one before it. Among the headers, which are reordered,
  // and at the end of the game, they go.
  bool blank = false;
  auto paragraph = [&] {
    if (blank && !out.ends_with("\n\n")) out += '\n';
    blank = false;
  };
  for (std::uint32_t i = top + 1; i < g.lines.size(); ++i) {
    const auto& s = g.lines[i].syntax;
    if (s.kind == LineKind::blank) {
      if (!s.has_comment) {
        blank = true;
      } else if (has_body) {
        paragraph();
        out += comment_of(g, i) + "\n";
      }
      continue;
    }
    if (is_header_line(i)) {
      blank = false;
      continue;
    }
    if (s.kind == LineKind::round) {
      blank = true;
      paragraph();
      out += with_comment(fmt::format("round {}", s.number), comment_of(g, i));
      continue;
    }
    paragraph();
    std::string_view label = g.span_text(i, s.label);
    std::string lower = ascii_lower(label);
    // `round 2:` is a round line misspelt, not an entry: say so, as verify does.
    if (!module->is_event(label) &&
        std::none_of(player_names.begin(), player_names.end(), [&](const std::string& p) { return iequals(p, label); }))
      if (std::optional<Diagnostic> d = round_line_as_entry(g, i, label, module->has_rounds(), module->title())) {
        problem = std::move(*d);
        return false;
      }
    std::string text;
    SyntaxError e;
    if (!module->canonical_entry(lower, g.span_text(i, s.text), text, e))
      return fail(problem, g, i, s.text.begin + e.offset, e.text());
    std::string line;
    bool is_player = true;
    std::string shown(label);
    if (module->is_event(label)) {  // chance events are not numbered
      is_player = false;
      shown = lower;
    }
    for (const std::string& p : player_names)
      if (ascii_lower(p) == lower) shown = p;
    if (is_player && s.move_number && static_cast<int>(*s.move_number) != number + 1) {
      // Renumbering would hide what `verify` reports: leave the evidence as written, and say it
      // as verify does.
      problem = misnumbered_move(g, i, number + 1);
      problem.move = number + 1;
      problem.player = shown;
      problem.notes.push_back("fmt does not renumber moves: fix the numbering, then format");
      return false;
    }
    if (is_player)
      line = fmt::format("{}. {}: {}", ++number, shown, text);
    else
      line = fmt::format("{}: {}", shown, text);
    if (s.accepted) line += " (accepted)";
    out += with_comment(line, comment_of(g, i));
  }
  return true;
}

}  // namespace

bool format_log(std::string_view text, std::string& out, Diagnostic& problem) {
  out.clear();
  std::istringstream in{std::string(text)};
  grammar::LogReader reader(in);
  ParsedGame game;
  bool first = true;
  bool any = false;
  bool any_line = false;
  while (true) {
    bool more = reader.next(game);
    any_line = any_line || !game.lines.empty();
    if (!more && game.lines.empty()) break;
    if (!first && game.version_line) out += "\n";
    if (!format_game(game, out, problem)) return false;
    first = false;
    any = any || game.version_line.has_value();
    if (!more) break;
  }
  if (reader.read_failed()) {  // a limit passed: formatting the rest would drop it
    problem = Diagnostic{};
    problem.message = reader.failure();
    return false;
  }
  if (!any) {  // nothing but blank lines and comments: no game, which verify refuses too (found in review)
    problem = Diagnostic{};
    problem.message = grammar::no_game_problem(any_line);
    return false;
  }
  return true;
}

}  // namespace wonderlog
