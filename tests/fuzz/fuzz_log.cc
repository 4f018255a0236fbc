// libFuzzer target: an input is a log. Every game is verified, and every read-only command runs
// on it (score, replay and replay --as each side, explain, redact, fmt; the verdict as text and
// JSON). Beyond crashes, hangs
// and sanitizer reports, it checks (docs/reliability.md, "Oracles"):
//   - fmt's canonical form is a fixed point of fmt;
//   - a valid game's canonical form verifies the same (valid, same moves and scores);
//   - a valid game redacted for a side verifies as the original;
//   - each line is read by parse_line as the envelope grammar's rules read it (and, where it
//     holds no '#', by parse_line told so);
//   - each line's text is read as a Tea Time take and deal, and as an AlicematiC Heroes move, by
//     the short paths as by the rules;
//   - the text cut for `verify -j N` by jumps (StretchCutter) is cut where the scanner cuts it,
//     and its stretches, each counted late as under `verify -q`, read as the whole text reads.
// Catalogs are found as the CLI finds them: the standard ones from the source tree.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "grammar/alicematic/notation.h"
#include "grammar/envelope/grammar.h"
#include "grammar/log_reader.h"
#include "grammar/rolling/notation.h"
#include "grammar/tea_time/notation.h"
#include "verifier/format.h"
#include "verifier/registry.h"
#include "verifier/report.h"

namespace {

using namespace wonderlog;

[[noreturn]] void broken(const std::string& what, const std::string& text) {
  std::cerr << "fuzz_log oracle: " << what << "\n--- text ---\n" << text << "\n------------\n";
  std::abort();
}

std::vector<grammar::ParsedGame> games_of(const std::string& text) {
  std::istringstream in(text);
  grammar::LogReader reader(in);
  std::vector<grammar::ParsedGame> out;
  grammar::ParsedGame game;
  while (out.size() < 8 && reader.next(game)) out.push_back(game);
  return out;
}

std::vector<GameReport> verify_all(const std::string& text, const Context& context) {
  std::vector<GameReport> out;
  int index = 0;
  for (const grammar::ParsedGame& g : games_of(text)) out.push_back(verify_game(g, ++index, context));
  return out;
}

// What a game read is, for comparing two readings of it: its numbers, lines and first error.
std::string summary(const grammar::ParsedGame& g, int n) {
  std::string out = std::to_string(n) + ":" + std::to_string(g.lines.size());
  for (const grammar::LogLine& line : g.lines) out += " " + std::to_string(line.number);
  if (g.syntax_error)
    out += " error " + std::to_string(g.syntax_error->line) + ":" + std::to_string(g.syntax_error->error.offset) + " " +
           g.syntax_error->error.text();
  return out + "|" + g.text + "\n";
}

void check_stretches(const std::string& text) {
  std::vector<std::string> whole;
  {
    std::istringstream in(text);
    grammar::LogReader reader(in);
    grammar::ParsedGame g;
    while (reader.next(g)) whole.push_back(summary(g, static_cast<int>(whole.size()) + 1));
  }
  for (std::uint64_t size : {1, 40}) {
    std::vector<grammar::Stretch> scanned, jumped;
    {
      std::istringstream in(text);
      grammar::StretchScanner scanner(in, size, grammar::StretchScanner::Pass::widest, text.size());
      for (grammar::Stretch s; scanner.next(s);) scanned.push_back(s);
    }
    {
      std::istringstream in(text);
      grammar::StretchCutter cutter(in, size, text.size());
      for (grammar::Stretch s; cutter.next(s);) jumped.push_back(s);
    }
    if (scanned.size() != jumped.size()) broken("the cutter cuts otherwise than the scanner", text);
    grammar::StretchCounts before;
    for (std::size_t i = 0; i < jumped.size(); ++i) {
      const grammar::Stretch& s = jumped[i];
      if (s.begin != scanned[i].begin || s.end != scanned[i].end || scanned[i].lines_before != before.lines ||
          scanned[i].games_before != before.games)
        broken("the cutter cuts otherwise than the scanner", text);
      const std::uint64_t limit = s.end == grammar::Stretch::kToTheEnd ? text.size() - s.begin : s.end - s.begin;
      std::istringstream file(text);
      file.seekg(static_cast<std::streamoff>(s.begin));
      grammar::LogReader reader(file, 0, limit);
      const int counted_at = static_cast<int>(i % 3);  // counted before its first game, or at its first or second
      bool counted = counted_at == 0;
      if (counted) reader.count_lines_before(before.lines);
      grammar::ParsedGame g;
      int games = 0;
      while (reader.next(g)) {
        ++games;
        if (!counted && games == counted_at) {
          reader.count_lines_before(before.lines);
          counted = true;
          if (!reader.read_again(g)) broken("a game read again is not there", text);
        }
        const std::size_t n = static_cast<std::size_t>(before.games + games);
        if (counted && (n > whole.size() || summary(g, static_cast<int>(n)) != whole[n - 1]))
          broken("a stretch counted late reads otherwise than the whole text", text);
      }
      if (s.end == grammar::Stretch::kToTheEnd) {
        // Nothing comes after the last stretch: its counts are never asked for (and comments at
        // the end of the text that are not UTF-8 are a "game" to the reader, not to the scanner).
        before.games += games;
        break;
      }
      std::istringstream again(text);
      again.seekg(static_cast<std::streamoff>(s.begin));
      const grammar::StretchCounts here = grammar::count_stretch(again, limit);
      if (games != here.games || reader.lines_read() - (counted ? before.lines : 0) != here.lines)
        broken("a stretch reads otherwise than count_stretch counts it", text);
      before.lines += here.lines;
      before.games += here.games;
    }
    if (before.games != static_cast<int>(whole.size())) broken("the stretches hold otherwise than the whole text", text);
  }
}

bool same_verdict(const GameReport& a, const GameReport& b) {
  return a.valid == b.valid && a.moves == b.moves && a.scores == b.scores && a.winners == b.winners;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // parse_line's short path for the common lines agrees with the grammar on every line.
  for (std::size_t begin = 0; begin <= text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string_view line(text.data() + begin, end - begin);
    grammar::envelope::LineSyntax fast, slow;
    SyntaxError fast_error, slow_error;
    const bool fast_ok = grammar::envelope::parse_line(line, fast, fast_error);
    if (fast_ok != grammar::envelope::parse_line_by_grammar(line, slow, slow_error) ||
        (fast_ok &&
         (fast.kind != slow.kind || fast.number != slow.number || fast.move_number != slow.move_number ||
          fast.label != slow.label || fast.text != slow.text || fast.value != slow.value ||
          fast.accepted != slow.accepted || fast.comment != slow.comment || fast.has_comment != slow.has_comment)))
      broken("parse_line reads a line otherwise than the grammar", std::string(line));
    // Told that the line holds no '#' (as the log reader tells it), the short path reads it alike.
    if (line.find('#') == std::string_view::npos) {
      grammar::envelope::LineSyntax told;
      SyntaxError told_error;
      const bool told_ok = grammar::envelope::parse_line<true>(line, told, told_error);
      if (told_ok != fast_ok ||
          (told_ok && (told.kind != fast.kind || told.number != fast.number || told.move_number != fast.move_number ||
                       told.label != fast.label || told.text != fast.text || told.value != fast.value ||
                       told.accepted != fast.accepted || told.comment != fast.comment ||
                       told.has_comment != fast.has_comment)))
        broken("parse_line told of no '#' reads a line otherwise", std::string(line));
    }
    // Rolling in Wonderland's words of the line's text (of the whole line where it has none),
    // read at once, as the grammar's rule reads them.
    const std::string_view text = fast_ok && fast.kind == grammar::envelope::LineKind::entry
                                      ? line.substr(fast.text.begin, fast.text.size())
                                      : line;
    std::vector<grammar::rolling::Word> at_once, by_rule;
    SyntaxError words_error;
    if (grammar::rolling::parse_words_at_once(text, at_once)) {
      if (!grammar::rolling::parse_words_by_grammar(text, by_rule, words_error) || at_once.size() != by_rule.size())
        broken("Rolling's words read at once otherwise than by the grammar", std::string(text));
      for (std::size_t i = 0; i < at_once.size(); ++i)
        if (at_once[i].text.data() != by_rule[i].text.data() || at_once[i].text.size() != by_rule[i].text.size() ||
            !(at_once[i].span == by_rule[i].span) || at_once[i].after_comma != by_rule[i].after_comma)
          broken("Rolling's words read at once otherwise than by the grammar", std::string(text));
    }
    // AlicematiC Heroes' moves read by the short path, as the grammar reads them.
    grammar::alicematic::MoveTokens move, move_by_rule;
    SyntaxError move_error;
    if (grammar::alicematic::read_plain_move(text, move) &&
        !(grammar::alicematic::parse_move_by_grammar(text, move_by_rule, move_error) && move == move_by_rule))
      broken("AlicematiC Heroes' move read otherwise than by the grammar", std::string(text));
    // Tea Time's takes and deals read by the short path, as the grammar's rules read them.
    std::vector<grammar::tea_time::CellToken> cells, cells_by_rule;
    SyntaxError take_error, take_error_by_rule;
    const bool take_ok = grammar::tea_time::parse_take(text, cells, take_error);
    if (take_ok != grammar::tea_time::parse_take_by_grammar(text, cells_by_rule, take_error_by_rule) ||
        (take_ok && !std::equal(cells.begin(), cells.end(), cells_by_rule.begin(), cells_by_rule.end(),
                                [](const auto& a, const auto& b) {
                                  return a.column == b.column && a.row == b.row && a.span == b.span;
                                })) ||
        (!take_ok && take_error.offset != take_error_by_rule.offset))
      broken("Tea Time's take read otherwise than by the grammar", std::string(text));
    grammar::tea_time::DealTokens deal, deal_by_rule;
    SyntaxError deal_error, deal_error_by_rule;
    const bool deal_ok = grammar::tea_time::parse_deal(text, deal, deal_error);
    if (deal_ok != grammar::tea_time::parse_deal_by_grammar(text, deal_by_rule, deal_error_by_rule) ||
        (deal_ok &&
         (deal.row_ends != deal_by_rule.row_ends ||
          !std::equal(deal.cards.begin(), deal.cards.end(), deal_by_rule.cards.begin(), deal_by_rule.cards.end(),
                      [](const auto& a, const auto& b) {
                        return a.code.data() == b.code.data() && a.code.size() == b.code.size() &&
                               a.mirror == b.mirror && a.span == b.span;
                      }))) ||
        (!deal_ok && deal_error.offset != deal_error_by_rule.offset))
      broken("Tea Time's deal read otherwise than by the grammar", std::string(text));
    begin = end + 1;
  }
  check_stretches(text);
  Context context;
  context.file = "fuzz.wlog";
  const std::vector<grammar::ParsedGame> games = games_of(text);
  std::vector<GameReport> reports;
  int index = 0;
  for (const grammar::ParsedGame& game : games) {
    ++index;
    reports.push_back(verify_game(game, index, context));
    text_report(reports.back());  // both forms of the verdict: JSON must take any bytes
    json_report(reports.back());
    // Every other reading of each consulted disputed ruling: the verdict under the readings in
    // force is the same, and only consulted rulings are reported.
    Context all = context;
    all.all_readings = true;
    const GameReport checked = verify_game(game, index, all);
    text_report(checked);
    json_report(checked);
    if (!same_verdict(checked, reports.back())) broken("verify --readings all changes the verdict", text);
    // A dependence is on a ruling the replay consulted, or on one brought into play by another
    // reading (`with`) of a ruling it consulted.
    auto consulted = [&](const std::string& ruling) {
      return std::find(checked.consulted.begin(), checked.consulted.end(), ruling) != checked.consulted.end();
    };
    if (checked.depends_on)
      for (const Dependence& d : *checked.depends_on) {
        const std::string& first = d.consulted_ruling();
        if (!consulted(first)) broken("a verdict depends on " + first + ", which the replay did not consult", text);
        if (!d.with.empty() && consulted(d.ruling))
          broken("a dependence on " + d.ruling + " with another reading, though the replay consulted it", text);
      }
    GameReport report;
    const GameModule* module = module_for(game, index, context, report);
    if (!module) continue;
    const GameReport& verdict = reports.back();
    const int moves = verdict.moves;
    std::vector<std::vector<std::string>> breakdown;
    module->score(game, context, report, breakdown);
    if (!breakdown.empty() && breakdown.size() != report.players.size())
      broken("score's breakdown has " + std::to_string(breakdown.size()) + " players' lines for " +
                 std::to_string(report.players.size()) + " players",
             text);
    for (int to : {0, moves / 2, moves, moves + 1}) {
      module->replay(game, context, to, report);
      for (std::string_view side : module->viewers()) module->replay_as(game, context, to, side, report);
    }
    for (int at : {1, moves / 2 + 1, moves}) module->explain(game, context, at, report);
    for (std::string_view side : module->viewers()) {
      std::string redacted;
      if (!module->redact(game, context, side, false, redacted, report)) continue;
      if (!verdict.valid) broken("an invalid game was redacted", text);
      const std::vector<GameReport> again = verify_all(redacted, context);
      if (again.size() != 1 || !same_verdict(again[0], verdict))
        broken("the log redacted for " + std::string(side) + " does not verify as the original", redacted);
    }
  }
  std::string canonical;
  Diagnostic problem;
  if (!format_log(text, canonical, problem)) return 0;
  std::string twice;
  if (!format_log(canonical, twice, problem)) broken("fmt refuses its own output: " + problem.message, canonical);
  if (twice != canonical) broken("fmt is not a fixed point", canonical);
  const std::vector<GameReport> after = verify_all(canonical, context);
  for (std::size_t i = 0; i < reports.size() && i < after.size(); ++i)
    if (reports[i].valid && !same_verdict(reports[i], after[i]))
      broken("a valid game's canonical form verifies otherwise", canonical);
  return 0;
}
