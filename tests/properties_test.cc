// Properties of Tea Time and of the verifier, over random games. CI pins RapidCheck's seed
// (RC_PARAMS in .ci/run); a failure prints the seed and the shrunk case to reproduce it.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>

#include "engine/core/rng.h"
#include "engine/tea_time/state.h"
#include "grammar/envelope/grammar.h"
#include "grammar/log_reader.h"
#include "tests/testing.h"
#include "verifier/format.h"
#include "verifier/registry.h"
#include "verifier/report.h"

namespace wonderlog {
namespace {

namespace tt = tea_time;

std::vector<std::string> seats(int n) {
  std::vector<std::string> all = {"Arthur", "Nina", "Dinah", "Bill"};
  return {all.begin(), all.begin() + n};
}

std::string cells_text(const tt::Take& t) {
  std::string out;
  for (int i = 0; i < t.count; ++i) {  // appended: GCC 12's -Wrestrict misfires on `"..." + std::string`
    if (i) out += ' ';
    out += t.cells[i].name();
  }
  return out;
}

std::string deal_text(const tt::State& s, const tt::Deal& d) {
  std::string out;
  for (int i = 0; i < d.count; ++i) {
    if (i) out += i % s.columns() == 0 ? " / " : " ";
    out += s.catalog().characters[d.cards[i].character].code + (d.cards[i].side == tt::Side::mirror ? "~" : "");
  }
  return out;
}

// A random legal game played on the engine, with its log and the position before each move.
struct Played {
  std::string log;
  std::vector<std::string> move_lines;  // the text of each move's line, by move number - 1
  std::vector<tt::State> before;        // the position before each move
};

Played play(int players, std::uint64_t seed) {
  const tt::Catalog& cat = testing::standard_catalog();
  tt::State s(tt::Setup{&cat, seats(players), seed});
  Rng rng(seed * 31 + 7);
  Played p;
  std::string body;
  int number = 0;
  while (!s.is_over()) {
    if (s.deal_due()) {
      tt::Deal d = *s.seeded_deal();
      body += "\nround " + std::to_string(s.round()) + "\ndeal: " + deal_text(s, d) + "\n";
      s.apply(tt::Move::of(d));
      continue;
    }
    auto legal = s.legal_moves();
    const tt::Move m = legal[rng.below(legal.size())];
    p.before.push_back(s);
    std::string line = std::to_string(++number) + ". " + s.name(m.take.seat) + ": " + cells_text(m.take);
    p.move_lines.push_back(line);
    body += line + "\n";
    s.apply(m);
  }
  std::ostringstream head;
  head << "wonderlog 1\ngame: tea-time\ncatalog: tea-time\nplayers: ";
  for (int i = 0; i < players; ++i) head << (i ? ", " : "") << s.name(i);
  head << "\nseed: " << seed << "\nresult: ";
  auto scores = s.scores();
  for (int i = 0; i < players; ++i) head << (i ? ", " : "") << s.name(i) << " " << scores[i];
  head << "\n";
  p.log = head.str() + body;
  return p;
}

GameReport verify_one(const std::string& text) {
  auto reports = testing::verify_text(text);
  RC_ASSERT(reports.size() == 1u);
  return reports.front();
}

// Reads `line` by parse_line and by the grammar's rules alone: both accept it, with the same
// fields, or both refuse it, with the same error.
// parse_line reads `line` as the grammar's rules do; so does parse_line<true> (told that the line
// holds no '#', as the log reader tells it) where the line holds none.
void reads_as_the_grammar_reads(const std::string& line) {
  using grammar::envelope::LineSyntax;
  LineSyntax slow;
  SyntaxError slow_error;
  const bool slow_ok = grammar::envelope::parse_line_by_grammar(line, slow, slow_error);
  auto same = [&](bool fast_ok, const LineSyntax& fast, const SyntaxError& fast_error) {
    RC_ASSERT(fast_ok == slow_ok);
    if (!fast_ok) {
      RC_ASSERT(fast_error.offset == slow_error.offset);
      RC_ASSERT(fast_error.expected == slow_error.expected);
      return;
    }
    RC_ASSERT(fast.kind == slow.kind);
    RC_ASSERT(fast.number == slow.number);
    RC_ASSERT(fast.move_number == slow.move_number);
    RC_ASSERT(fast.label == slow.label);
    RC_ASSERT(fast.text == slow.text);
    RC_ASSERT(fast.value == slow.value);
    RC_ASSERT(fast.accepted == slow.accepted);
    RC_ASSERT(fast.comment == slow.comment);
    RC_ASSERT(fast.has_comment == slow.has_comment);
  };
  LineSyntax fast;
  SyntaxError fast_error;
  same(grammar::envelope::parse_line(line, fast, fast_error), fast, fast_error);
  if (line.find('#') == std::string::npos) {
    LineSyntax told;
    SyntaxError told_error;
    same(grammar::envelope::parse_line<true>(line, told, told_error), told, told_error);
  }
}

// parse_line reads a log's common lines by a shorter path than the grammar's rules: on lines
// made of pieces near those shapes (numbers too long, a '#' or ')' in the text, a missing ':',
// `round` spelt otherwise, names that start with a digit, blanks anywhere), it reads each line as
// the grammar does.
RC_GTEST_PROP(EnvelopeProperties, TheCommonLinesReadAsTheGrammarReadsThem, ()) {
  static const std::vector<std::vector<std::string>> pieces = {
      {"", "", " ", "\t", "  "},
      {"", "", "12", "007", "9", "123456789", "1234567890", "4294967295", "4294967296", "0", "round", "wonderlog",
       "Round", "ROUND", "w", "r", "deal", "result", "Result", "rounds", "wonderlogs", "WonderLog", "roun", "wonder",
       "round_", "wonderlog-"},
      {"", ".", ". ", ".  ", " .", ".\t", "1", " 3", "  3", "3x", " 0004294967295", " 4294967296", " 12345678901"},
      {"", "", "Nina", "Anne Marie", "_x", "deal", "round", "wonderlog", "W", "3",
       "\xC3\xA9"
       "a",
       "Nina ", "Ni#na", " ", "ounder", "Anne Marie Elisabeth", "Anne Marie Eli#abeth", "Anne Marie Elisabeth "},
      {"", ":", ":", ":", " :", "::", "#"},
      {"", " ", "\t ", "  "},
      {"", "b2 c3", "a1", "H~ Q / M", "x # note", "a1 (accepted)", "a1 )", "(", ")", "a1#", "a1 : b2", "  ", "3",
       "(Accepted)", "H~ Q P~ W / M C~ H Q", "H~ Q P~ W / M C~ # H Q", "a1 b2 c3 d4 e5#"},
      {"", "", " ", "\t", " # c", "#", ")", " )"}};
  std::string line;
  for (const auto& choices : pieces) line += *rc::gen::elementOf(choices);
  reads_as_the_grammar_reads(line);
}

// The same for lines near the directives, `round N` and `wonderlog N` (which parse_line reads by
// the shorter path as gen writes them), and entries whose label starts as a directive's keyword
// does (`result:`, `rounds:`): rare among the pieces above.
RC_GTEST_PROP(EnvelopeProperties, TheDirectiveLinesReadAsTheGrammarReadsThem, ()) {
  static const std::vector<std::vector<std::string>> pieces = {
      {"", "", " ", "\t"},
      {"round", "wonderlog", "Round", "WONDERLOG", "result", "rounds", "wonderlogs", "r", "w", "roundabout", "round_",
       "wonder", "rOund"},
      {" ", " ", "", "  ", "\t", ":", ": ", " : "},
      {"1", "3", "0", "007", "123456789", "1234567890", "4294967295", "4294967296", "", "x", "3x", "Nina 27"},
      {"", "", "", " ", "\t", " # c", "#", ":", " :", ": a1", ")", " 2", ".", "\xC3\xA9"}};
  std::string line;
  for (const auto& choices : pieces) line += *rc::gen::elementOf(choices);
  reads_as_the_grammar_reads(line);
}

RC_GTEST_PROP(TeaTimeProperties, RandomLegalGamesVerifyClean, ()) {
  const int players = *rc::gen::inRange(2, 5);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  GameReport r = verify_one(testing::generated(players, seed));
  RC_ASSERT(r.valid);
  RC_ASSERT(!r.error.has_value());
  RC_ASSERT(r.scores.has_value());
  // valid means the recorded result equals the recomputed scores; check the numbers too.
  Played p = play(players, seed);
  GameReport mine = verify_one(p.log);
  RC_ASSERT(mine.valid);
}

// Applies random, meaning-preserving changes of spelling and spacing to a canonical log.
std::string perturb(const std::string& log, std::uint64_t seed) {
  Rng rng(seed);
  std::istringstream in(log);
  std::string line, out;
  while (std::getline(in, line)) {
    std::string l = line;
    int pick = static_cast<int>(rng.below(6));
    if (pick == 0 && !l.empty()) l = "  " + l + "   ";
    if (pick == 1) {  // upper-case the keyword or label before ':'
      std::size_t colon = l.find(':');
      for (std::size_t i = 0; i < (colon == std::string::npos ? l.size() : colon); ++i)
        l[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(l[i])));
      if (l.rfind("ROUND", 0) == 0 || l.rfind("WONDERLOG", 0) == 0) {
      }
    }
    if (pick == 2) {  // drop a move number
      std::size_t dot = l.find(". ");
      if (dot != std::string::npos && dot < 4 && std::isdigit(static_cast<unsigned char>(l[0]))) l = l.substr(dot + 2);
    }
    if (pick == 3) {  // commas between cells, no space after ':'
      std::size_t colon = l.find(": ");
      if (colon != std::string::npos && std::isdigit(static_cast<unsigned char>(l[0]))) {
        std::string rest = l.substr(colon + 2);
        std::replace(rest.begin(), rest.end(), ' ', ',');
        l = l.substr(0, colon) + ":" + rest;
      }
    }
    if (pick == 4 && l.rfind("deal: ", 0) == 0) {
      for (char& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (pick == 5) out += "# a comment line\n";
    out += l + "\n";
    if (rng.below(8) == 0) out += "\n";
  }
  return out;
}

// The text without comment lines and blank lines: what fmt must keep of the game itself.
std::string strip_comment_and_blank_lines(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line))
    if (line != "# a comment line" && !line.empty()) out += line + "\n";
  return out;
}

// fmt's paragraphs: never two blank lines in a row, and one before each `round`.
bool blank_lines_canonical(const std::string& text) {
  std::istringstream in(text);
  std::string line, before = "x";
  while (std::getline(in, line)) {
    if (line.empty() && before.empty()) return false;
    if (line.rfind("round ", 0) == 0 && !before.empty()) return false;
    before = line;
  }
  return true;
}

RC_GTEST_PROP(TeaTimeProperties, FmtIsIdempotentAndKeepsTheGame, ()) {
  const int players = *rc::gen::inRange(2, 5);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const std::string canonical = testing::generated(players, seed);
  const std::string messy = perturb(canonical, seed ^ 0xABCDEF);
  std::string once, twice;
  Diagnostic d;
  RC_ASSERT(format_log(messy, once, d));
  RC_ASSERT(format_log(once, twice, d));
  RC_ASSERT(once == twice);
  RC_ASSERT(strip_comment_and_blank_lines(once) == strip_comment_and_blank_lines(canonical));
  RC_ASSERT(blank_lines_canonical(once));
  GameReport a = verify_one(canonical), b = verify_one(messy), c = verify_one(once);
  RC_ASSERT(a.valid && b.valid && c.valid);
  RC_ASSERT(a.scores == b.scores && a.scores == c.scores);
  RC_ASSERT(a.moves == b.moves && a.moves == c.moves);
}

RC_GTEST_PROP(TeaTimeProperties, CollectionIsTheDifferenceOfSidesTaken, ()) {
  const int players = *rc::gen::inRange(2, 5);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const tt::Catalog& cat = testing::standard_catalog();
  tt::State s(tt::Setup{&cat, seats(players), seed});
  Rng rng(seed + 1);
  int normal[4][6] = {}, mirror[4][6] = {};
  const int total = s.per_character() * tt::kCharacters;
  while (!s.is_over()) {
    if (s.deal_due()) {
      s.apply(tt::Move::of(*s.seeded_deal()));
    } else {
      auto legal = s.legal_moves();
      tt::Move m = legal[rng.below(legal.size())];
      for (int i = 0; i < m.take.count; ++i) {
        const auto& card = *s.at(m.take.cells[i]);
        if (card.is_alice()) continue;
        (card.side == tt::Side::normal ? normal : mirror)[m.take.seat][card.character]++;
      }
      s.apply(m);
    }
    // No card is created or lost: grid + collections + cancelled pairs + undealt = the deck.
    int on_grid = 0, alice = 0;
    for (int r = 0; r < s.rows(); ++r)
      for (int c = 0; c < s.columns(); ++c)
        if (const auto& card = s.at(tt::Cell{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)}))
          card->is_alice() ? ++alice : ++on_grid;
    int kept = 0, cancelled = 0, dealt = 0;
    for (int p = 0; p < players; ++p) {
      cancelled += s.cancelled(p);
      for (int c = 0; c < tt::kCharacters; ++c) {
        kept += std::abs(s.collection(p, c));
        RC_ASSERT(s.collection(p, c) == normal[p][c] - mirror[p][c]);
      }
    }
    for (int c = 0; c < tt::kCharacters; ++c) dealt += s.dealt(c);
    RC_ASSERT(on_grid + kept + cancelled + (total - dealt) == total);
    RC_ASSERT(alice + (s.alice_holder() >= 0 ? 1 : 0) == 1);  // exactly one Alice card
  }
}

RC_GTEST_PROP(TeaTimeProperties, ChangingOneMoveChangesNothingBeforeIt, ()) {
  const int players = *rc::gen::inRange(2, 5);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  Played p = play(players, seed);
  const int k = *rc::gen::inRange<int>(0, static_cast<int>(p.move_lines.size()));
  const int n = *rc::gen::inRange(1, 4);
  std::vector<std::pair<int, int>> cells = *rc::gen::container<std::vector<std::pair<int, int>>>(
      static_cast<std::size_t>(n), rc::gen::pair(rc::gen::inRange(0, 6), rc::gen::inRange(0, 5)));
  const tt::State& before = p.before[k];
  const int seat = before.to_move().seat;
  std::string text;
  tt::Take changed;
  changed.seat = static_cast<std::uint8_t>(seat);
  for (auto [c, r] : cells) {
    text += std::string(text.empty() ? "" : " ") + static_cast<char>('a' + c) + std::to_string(r + 1);
    changed.cells[changed.count++] = tt::Cell{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)};
  }
  std::string line = std::to_string(k + 1) + ". " + before.name(seat) + ": " + text;
  std::string log = p.log;
  log.replace(log.find(p.move_lines[k] + "\n"), p.move_lines[k].size(), line);
  GameReport r = verify_one(log);

  std::multiset<std::pair<int, int>> wanted;
  for (int i = 0; i < changed.count; ++i) wanted.insert({changed.cells[i].row, changed.cells[i].column});
  bool listed = false;
  for (const tt::Move& m : before.legal_moves()) {
    std::multiset<std::pair<int, int>> have;
    for (int i = 0; i < m.take.count; ++i) have.insert({m.take.cells[i].row, m.take.cells[i].column});
    listed = listed || have == wanted;
  }
  RC_ASSERT(listed == !before.validate(tt::Move::of(changed)).has_value());
  if (listed) {
    // Accepted: any later complaint is about a later move or the result. (RC_ASSERT would
    // evaluate both sides of '||', so the condition is computed first.)
    const bool later = !r.error || !r.error->move || *r.error->move > k + 1;
    RC_ASSERT(later);
  } else {
    RC_ASSERT(r.error.has_value());
    RC_ASSERT(r.error->kind == ErrorKind::illegal_move);
    RC_ASSERT(r.error->move == std::optional<int>(k + 1));
  }
}

}  // namespace
}  // namespace wonderlog

// --- hide-and-seek -------------------------------------------------------------------------

namespace wonderlog {
namespace {

std::string drop_lines_starting(const std::string& log, const std::string& prefix) {
  std::istringstream in(log);
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) != 0) out += line + "\n";
  return out;
}

RC_GTEST_PROP(HideAndSeekProperties, RandomGamesVerifyInBothFormsAndRedactionKeepsThemValid, ()) {
  GenOptions options;
  options.seed = *rc::gen::arbitrary<std::uint64_t>();
  std::string error;
  const GameModule* game = find_game("hide-and-seek");
  const std::string open = game->generate(options, error);
  options.table = true;
  const std::string table = game->generate(options, error);
  RC_ASSERT(error.empty());
  GameReport a = testing::verify_text(open).front(), b = testing::verify_text(table).front();
  RC_ASSERT(a.valid);
  RC_ASSERT(b.valid);
  RC_ASSERT(a.winners == b.winners);
  // Forgetting the layout (a table log made from an open one) always verifies.
  RC_ASSERT(testing::verify_text(drop_lines_starting(open, "layout:")).front().valid);
  // Redaction for either side never makes a valid log invalid.
  for (const char* side : {"alice", "queen"}) {
    std::istringstream in(open);
    grammar::LogReader reader(in);
    grammar::ParsedGame parsed;
    reader.next(parsed);
    Context context;
    context.directory = testing::source_path("fixtures");
    std::string redacted;
    GameReport report;
    RC_ASSERT(game->redact(parsed, context, side, false, redacted, report));
    RC_ASSERT(redacted.find("layout:") == std::string::npos);
    RC_ASSERT(testing::verify_text(redacted).front().valid);
    // In an open log the position knows every tile: the Queen's copy says what she saw at each
    // look, the start tile included.
    if (std::string_view(side) == "queen")
      for (std::size_t at = redacted.find(": look "); at != std::string::npos; at = redacted.find(": look ", at + 1))
        RC_ASSERT(redacted.substr(at, redacted.find('\n', at) - at).find(" saw ") != std::string::npos);
  }
}

RC_GTEST_PROP(HideAndSeekProperties, AnImpossibleRevealIsCaughtAtThatMove, ()) {
  GenOptions options;
  options.seed = *rc::gen::arbitrary<std::uint64_t>();
  std::string error;
  const std::string open = find_game("hide-and-seek")->generate(options, error);
  std::vector<std::string> lines;
  std::istringstream in(open);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::vector<std::size_t> reveals;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (!l.empty() && std::isdigit(static_cast<unsigned char>(l[0])) && l.find(" look ") == std::string::npos &&
        l.find(" move ") == std::string::npos && l.find(" reorder ") == std::string::npos)
      reveals.push_back(i);
  }
  RC_PRE(!reveals.empty());
  const std::size_t pick = reveals[*rc::gen::inRange<std::size_t>(0, reveals.size())];
  const char now = std::string("DAJHCG")[*rc::gen::inRange(0, 6)];
  RC_PRE(now != lines[pick].back());
  lines[pick].back() = now;
  std::string changed;
  for (const std::string& l : lines) changed += l + "\n";
  const int number = std::stoi(lines[pick]);
  GameReport r = testing::verify_text(changed).front();
  const bool caught = r.error && r.error->move == std::optional<int>(number) && r.error->rule == "HS-16";
  if (!caught) RC_FAIL(text_report(r) + "changed: " + lines[pick]);
}

// Exhaustive over a few games: every recorded reveal changed to every other tile is caught at
// that very move, since an open log's layout decides every reveal (HS-16).
TEST(HideAndSeekProperties, EveryImpossibleRevealIsCaughtAtThatMove) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    GenOptions options;
    options.seed = seed;
    std::string error;
    const std::string open = find_game("hide-and-seek")->generate(options, error);
    std::vector<std::string> lines;
    std::istringstream in(open);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& l = lines[i];
      if (l.empty() || !std::isdigit(static_cast<unsigned char>(l[0])) || l.find(" look ") != std::string::npos ||
          l.find(" move ") != std::string::npos || l.find(" reorder ") != std::string::npos)
        continue;
      const int number = std::stoi(l);
      for (char now : std::string("DAJHCG")) {
        if (now == l.back()) continue;
        std::vector<std::string> changed_lines = lines;
        changed_lines[i].back() = now;
        std::string changed;
        for (const std::string& c : changed_lines) changed += c + "\n";
        GameReport r = testing::verify_text(changed).front();
        const bool caught = r.error && r.error->move == std::optional<int>(number) && r.error->rule == "HS-16";
        ASSERT_TRUE(caught) << "seed " << seed << ", " << changed_lines[i] << "\n" << text_report(r);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 300);
}

}  // namespace
}  // namespace wonderlog
