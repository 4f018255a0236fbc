// wonderlog test PATH...: golden-file tests. Each game is verified and its verdict compared
// with what its `expect:` header states (or, for a log without one, its line of the snapshot
// NAME.expected); --bless writes the verdicts found (docs/cli.md, "wonderlog test").
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "verifier/cli/commands.h"
#include "verifier/cli/in_order.h"
#include "verifier/expectation.h"
#include "verifier/xml.h"
#include "verifier/input.h"
#include "verifier/readings.h"
#include "verifier/registry.h"

namespace wonderlog::cli {

namespace {

namespace fs = std::filesystem;

struct Options {
  std::vector<std::string> paths;
  unsigned jobs = 0;
  bool bless = false;
  std::string junit;
  std::string format = "text";
  std::vector<std::string> catalog_dirs;
  std::string readings_mode;  // "all": every game's dependences are compared (and blessed)
};

enum class Status { passed, failed, skipped, blessed };
const char* status_word(Status s) {
  switch (s) {
    case Status::passed:
      return "passed";
    case Status::failed:
      return "failed";
    case Status::skipped:
      return "skipped";
    case Status::blessed:
      return "blessed";
  }
  return "";
}

// One game's test.
struct Case {
  std::string file;  // as shown
  int game_index = 0;
  std::string game;        // game id
  std::uint32_t line = 0;  // the expectation's line (of the log, or of the snapshot), else the game's first
  std::string where;       // "" (the log) or the snapshot's path
  Status status = Status::passed;
  std::string expected, actual;                           // canonical texts on one line ("" when none)
  std::vector<std::string> expected_lines, actual_lines;  // the same as a log's `expect:` lines
  std::vector<std::string> diffs;                         // what differs, or the problem
  std::string problem;                                    // a malformed expectation: the rendered diagnostic
};

// An edit --bless makes to a log: line `line` (1-based) gets `text` in place of bytes
// [begin, end), or is removed, or (`insert`) gets the lines `text` after it.
struct Edit {
  std::uint32_t line = 0;
  enum class Kind { replace, remove, insert } kind = Kind::replace;
  std::uint32_t begin = 0, end = 0;
  std::string text;
};

// One `expect:` line of a log as read: its line number, its value's bytes, what it states.
struct ExpectLine {
  std::uint32_t number = 0;
  std::uint32_t begin = 0, end = 0;
  Expectation expectation;
  std::optional<std::uint32_t> comment;  // where its `# ...` starts: a line --bless no longer needs keeps it
};

// What --bless may write for one game of a log: its `expect:` lines (or where they go) and the
// expectation to write there.
struct Blessing {
  std::vector<ExpectLine> lines;
  std::uint32_t after = 0;  // the line the first `expect:` goes after, when there is none
  Expectation expectation;
  bool write = false;    // blessed; a passing expectation is rewritten only if other edits move its lines
  std::size_t game = 0;  // its index in FileOutcome::cases
};

// Lines added (or, negative, removed) just below a line of the log as read.
struct LineShift {
  std::uint32_t below = 0;
  int by = 0;
};

// The expectation with its line numbers moved by the lines added and removed above them;
// true if one moved.
bool shift_lines(Expectation& e, const std::vector<LineShift>& shifts) {
  bool moved = false;
  auto shift = [&](Verdict& v) {
    if (!v.line) return;
    int by = 0;
    for (const LineShift& s : shifts) by += *v.line > static_cast<int>(s.below) ? s.by : 0;
    moved = moved || by != 0;
    *v.line += by;
  };
  shift(e.verdict);
  for (ReadingVerdict& r : e.under) shift(r.verdict);
  return moved;
}

struct FileOutcome {
  std::vector<Case> cases;
  bool unreadable = false;
  std::string problem;  // unreadable, or --bless could not write
};

std::string snapshot_path(const std::string& log) {
  const fs::path p(log);
  return (p.parent_path() / p.stem()).string() + ".expected";
}

// The snapshot's `expect:` lines, one per game in order: (value, line number) or a problem.
struct Snapshot {
  bool exists = false;
  std::vector<std::pair<std::string, std::uint32_t>> lines;
  std::vector<std::string> raw;  // every line as written, comments included, for --bless to keep
  std::string problem;
};

Snapshot read_snapshot(const std::string& path) {
  Snapshot s;
  std::ifstream in(path, std::ios::binary);
  if (!in) return s;
  s.exists = true;
  std::string line;
  for (std::uint32_t n = 1; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    s.raw.push_back(line);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    if (line.compare(first, 7, "expect:") != 0) {
      s.problem = fmt::format("{}:{}:{}: error: expected 'expect: VERDICT' (one line per game of the log), found '{}'",
                              path, n, first + 1, line.substr(first, 40));
      return s;
    }
    s.lines.emplace_back(line.substr(first + 7), n);
  }
  return s;
}

// Checks the rulings and readings an expectation names against the game; "" or the problem,
// with the clause's offset in `at`.
std::string check_readings(const GameModule& module, std::string_view value, Expectation& e, std::size_t& at) {
  // A verdict's ruling is one of the game's (a slip, `[TT-33]`, was told as a difference of
  // verdicts: found in review), written as the game writes it.
  auto known = [&](std::string& rule) -> std::string {
    if (rule.empty()) return {};
    for (const Ruling& r : module.rulings())
      if (iequals(r.id, rule)) {
        rule = std::string(r.id);
        return {};
      }
    const std::size_t found = ascii_lower(value).find("[" + ascii_lower(rule) + "]");
    at = found == std::string::npos ? 0 : found + 1;
    std::vector<std::string> ids;
    for (const Ruling& r : module.rulings()) ids.emplace_back(r.id);
    const std::string guess = nearest_name(rule, ids);
    return fmt::format("{} has no ruling '{}' ('wonderlog rulings {}' lists them){}", module.title(), rule,
                       module.id(), guess.empty() ? "" : "; did you mean '" + guess + "'?");
  };
  if (std::string problem = known(e.verdict.rule); !problem.empty()) return problem;
  for (ReadingVerdict& r : e.under)
    if (std::string problem = known(r.verdict.rule); !problem.empty()) return problem;
  for (ReadingVerdict& r : e.under) {
    ChosenReading choice;
    std::string problem = resolve_reading(module, r.ruling, r.reading, choice);
    if (!problem.empty()) {
      const std::size_t found = ascii_lower(value).find(ascii_lower(r.ruling) + "=" + r.reading);
      at = found == std::string::npos ? 0 : found;
      return problem;
    }
    const std::string text = reading_text(module, choice);
    const std::size_t eq = text.find('=');
    r.ruling = text.substr(0, eq);
    r.reading = text.substr(eq + 1);
  }
  return {};
}

FileOutcome test_one(const Input& input, const Options& o) {
  FileOutcome out;
  const Context base = context_for(input, o.catalog_dirs);
  const bool is_stdin = input.path == "-";
  const std::string snap_path = is_stdin ? std::string() : snapshot_path(input.path);
  const Snapshot snapshot = is_stdin ? Snapshot{} : read_snapshot(snap_path);
  std::vector<Blessing> blessings;
  std::vector<std::string> snapshot_out;  // --bless: each game's verdict, for a snapshot
  bool parses = true;                     // every game's envelope reads: the log may be rewritten
  const bool ok = for_each_game(input, out.problem, [&](const grammar::ParsedGame& g, int index) {
    Case c;
    c.file = input.shown;
    c.game_index = index;
    if (g.syntax_error || !g.version_line) parses = false;
    if (g.version_line) c.line = g.lines[*g.version_line].number;
    // Where the expectation is stated: the log's `expect:` lines, else the snapshot's line.
    struct Source {
      std::string value;
      std::optional<std::uint32_t> header;  // the log's line index; nullopt: the snapshot
      std::uint32_t number = 0;             // its 1-based line number
    };
    std::vector<Source> sources;
    if (!g.syntax_error) {
      for (const grammar::Header& h : g.headers)
        if (h.key == "expect")
          sources.push_back(Source{std::string(g.header_value(h)), h.line, g.lines[h.line].number});
    } else {
      // A line that does not read stops the filing of headers, not the log's own expectation: its
      // `expect:` lines that read are found where they are, and the game fails against them (it was
      // skipped, exit 0, and a golden test that broke so passed: found in review).
      for (std::uint32_t i = 0; i < g.lines.size(); ++i) {
        const auto& syntax = g.lines[i].syntax;
        if (i != g.syntax_error->line && syntax.kind == grammar::envelope::LineKind::entry && !syntax.move_number &&
            iequals(g.span_text(i, syntax.label), "expect"))
          sources.push_back(Source{std::string(g.span_text(i, syntax.value)), i, g.lines[i].number});
      }
    }
    if (sources.empty() && snapshot.exists && snapshot.problem.empty() &&
        static_cast<std::size_t>(index) <= snapshot.lines.size()) {
      sources.push_back(Source{snapshot.lines[index - 1].first, std::nullopt, snapshot.lines[index - 1].second});
      c.where = snap_path;
    }
    if (!sources.empty()) c.line = sources.front().number;
    GameReport probe;
    const GameModule* module = module_for(g, index, base, probe);
    std::optional<Expectation> expected;
    // Each line read on its own, so that a fault is shown where it is.
    std::vector<Expectation> per_line;
    for (const Source& source : sources) {
      std::string error;
      std::size_t offset = 0, width = 1;
      std::optional<Expectation> e = parse_expectation(source.value, error, offset, width);
      if (e && module) {
        std::size_t at = 0;
        error = check_readings(*module, source.value, *e, at);
        if (!error.empty()) e.reset(), offset = at, width = 1;
      }
      if (e && !per_line.empty() && !add_expect_line(*expected, *e, error))
        e.reset(), offset = 0, width = std::max<std::size_t>(1, source.value.size());
      if (!e) {
        Diagnostic d;
        d.kind = ErrorKind::syntax;
        if (source.header) {
          const Span value = g.lines[*source.header].syntax.value;
          d = diagnostic_at(g, *source.header,
                            Span{static_cast<std::uint32_t>(value.begin + offset),
                                 static_cast<std::uint32_t>(value.begin + offset + width)},
                            ErrorKind::syntax, error);
        } else {
          d.pos = SourcePos{source.number, static_cast<std::uint32_t>(offset + 8)};
          d.message = error;
        }
        c.status = Status::failed;
        c.problem = render(c.where.empty() ? input.shown : c.where, d, Severity::error);
        c.diffs.push_back("the expectation does not read: " + d.message);
        expected.reset();
        break;
      }
      if (per_line.empty()) expected = *e;
      per_line.push_back(std::move(*e));
    }
    if (sources.empty() && snapshot.exists && !snapshot.problem.empty()) {
      c.status = Status::failed;
      c.problem = snapshot.problem + "\n";
      c.diffs.push_back("the snapshot does not read");
    }
    // An expectation with `under` clauses is compared (and blessed) with the game's dependences,
    // even where one of its lines does not read: a plain --bless then keeps them, where it wrote
    // the game's own verdict alone and lost the clauses that were right (found in review).
    bool asks_readings = expected && !expected->under.empty();
    for (const Source& source : sources) {  // each line on its own: one after a fault counts too
      std::string error;
      std::size_t offset = 0, width = 1;
      const std::optional<Expectation> e = parse_expectation(source.value, error, offset, width);
      asks_readings = asks_readings || (e && !e->under.empty());
    }
    Context context = base;
    context.all_readings = o.readings_mode == "all" || asks_readings;
    const GameReport report = verify_game(g, index, context);
    c.game = report.game;
    const Expectation actual = expectation_of(report, context.all_readings);
    c.actual = expectation_text(actual);
    c.actual_lines = expectation_lines(actual);
    if (expected) {
      c.expected = expectation_text(*expected);
      c.expected_lines = expectation_lines(*expected);
      c.diffs = differences(*expected, actual, o.readings_mode == "all");
      c.status = c.diffs.empty() ? Status::passed : Status::failed;
    } else if (c.problem.empty()) {
      c.status = Status::skipped;
    }
    if (o.bless && g.syntax_error && !sources.empty() && c.where.empty() && c.status != Status::passed) {
      // The log's bytes are kept (a line does not read), and a snapshot would not be read over its
      // own `expect:` lines: nothing is written, and the game stays failed, saying why.
      c.diffs.push_back(fmt::format("not blessed: the log states its own expectation, and line {} does not read: "
                                    "correct it, then bless again",
                                    g.lines[g.syntax_error->line].number));
    } else if (o.bless && c.where.empty()) {
      // The log's own `expect:` lines are rewritten in place; a log without one gets them after
      // its common headers (where fmt puts them).
      Blessing b;
      b.write = c.status != Status::passed;
      b.expectation = b.write ? actual : *expected;
      if (b.write) c.status = Status::blessed;
      b.game = out.cases.size();
      for (std::size_t i = 0; i < sources.size(); ++i) {
        const auto& syntax = g.lines[*sources[i].header].syntax;
        b.lines.push_back(ExpectLine{sources[i].number, syntax.value.begin, syntax.value.end,
                                     i < per_line.size() ? per_line[i] : Expectation{},
                                     syntax.has_comment ? std::optional<std::uint32_t>(syntax.comment.begin - 1)
                                                        : std::nullopt});
      }
      if (g.version_line) {
        std::uint32_t after = *g.version_line;
        for (const grammar::Header& other : g.headers)
          if (grammar::is_common_header(other.key) && other.line > after) after = other.line;
        b.after = g.lines[after].number;
      }
      if (!b.lines.empty() || g.version_line) blessings.push_back(std::move(b));
    } else if (o.bless && c.status != Status::passed) {
      c.status = Status::blessed;
    }
    snapshot_out.push_back(c.actual);
    out.cases.push_back(std::move(c));
  });
  out.unreadable = !ok;
  // A snapshot with more lines than the log has games is stale (a game taken out of the log):
  // its last game fails on the first line too many, and --bless writes the snapshot again.
  const bool by_snapshot = !out.cases.empty() && out.cases.back().where == snap_path;
  if (ok && by_snapshot && snapshot.lines.size() > out.cases.size()) {
    Case& last = out.cases.back();
    const std::uint32_t number = snapshot.lines[out.cases.size()].second;  // the first line too many
    if (o.bless) {
      last.status = Status::blessed;
    } else {
      last.status = Status::failed;
      last.problem += fmt::format(
          "{}:{}:1: error: this snapshot has {} 'expect:' lines, and the log has {} game{}: one line per game\n",
          snap_path, number, snapshot.lines.size(), out.cases.size(), out.cases.size() == 1 ? "" : "s");
      last.diffs.push_back("the snapshot has more lines than the log has games");
    }
  }
  if (!ok || !o.bless) return out;
  bool any = false;
  for (const Case& c : out.cases) any = any || c.status == Status::blessed;
  if (!any) return out;
  // A log that does not read, or one already tested by a snapshot, keeps its bytes: the
  // snapshot is written instead.
  const bool to_snapshot = !parses || snapshot.exists;
  if (is_stdin) {
    out.problem = "--bless cannot write the expectations of standard input";
    out.unreadable = true;
    return out;
  }
  std::string text;
  if (to_snapshot) {
    if (snapshot.exists && snapshot.problem.empty()) {
      // Its comments and blank lines stay where they are, each `expect:` line takes its game's
      // verdict, and a game more gets a line at the end (a user's comments were replaced by the
      // header below: found in review).
      std::size_t k = 0;
      for (const std::string& line : snapshot.raw) {
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#')
          text += line + "\n";
        else if (k < snapshot_out.size())
          text += "expect: " + snapshot_out[k++] + "\n";
      }
      for (; k < snapshot_out.size(); ++k) text += "expect: " + snapshot_out[k] + "\n";
    } else {
      text = fmt::format("# The verdicts of {} for 'wonderlog test', one line per game (wonderlog test --bless).\n",
                         fs::path(input.path).filename().string());
      for (const std::string& s : snapshot_out) text += "expect: " + s + "\n";
    }
  } else {
    // A verdict's line numbers are those of the log as read; the `expect:` lines added above
    // them move them down (and those removed, up), in this game and in the games after it.
    // A blessed game's lines: its verdict's, then one per `under` clause.
    std::vector<LineShift> shifts;
    for (const Blessing& b : blessings) {
      if (!b.write) continue;
      const int now = static_cast<int>(b.lines.size());
      const int wanted = static_cast<int>(expectation_lines(b.expectation).size());
      for (int i = wanted; i < now; ++i)
        if (!b.lines[i].comment) shifts.push_back(LineShift{b.lines[i].number, -1});
      if (wanted > now) shifts.push_back(LineShift{now ? b.lines.back().number : b.after, wanted - now});
    }
    std::vector<Edit> edits;
    for (Blessing& b : blessings) {
      Case& c = out.cases[b.game];
      if (!b.write) {
        // A passing expectation keeps its words; only the line numbers the edits moved change.
        for (ExpectLine& l : b.lines)
          if (shift_lines(l.expectation, shifts)) {
            edits.push_back(Edit{l.number, Edit::Kind::replace, l.begin, l.end, expectation_text(l.expectation)});
            c.status = Status::blessed;
          }
        if (c.status == Status::blessed) {
          shift_lines(b.expectation, shifts);
          c.actual = expectation_text(b.expectation);
          c.actual_lines = expectation_lines(b.expectation);
        }
        continue;
      }
      shift_lines(b.expectation, shifts);
      c.actual = expectation_text(b.expectation);
      c.actual_lines = expectation_lines(b.expectation);
      const std::vector<std::string>& wanted = c.actual_lines;
      // An `expect:` line no longer needed goes, but not its comment: the line keeps that alone.
      for (std::size_t i = 0; i < b.lines.size(); ++i)
        edits.push_back(i < wanted.size() ? Edit{b.lines[i].number, Edit::Kind::replace, b.lines[i].begin,
                                                 b.lines[i].end, wanted[i]}
                        : b.lines[i].comment
                            ? Edit{b.lines[i].number, Edit::Kind::replace, 0, *b.lines[i].comment, {}}
                            : Edit{b.lines[i].number, Edit::Kind::remove, 0, 0, {}});
      if (wanted.size() > b.lines.size()) {
        Edit add{b.lines.empty() ? b.after : b.lines.back().number, Edit::Kind::insert, 0, 0, {}};
        for (std::size_t i = b.lines.size(); i < wanted.size(); ++i) {
          if (!add.text.empty()) add.text += '\n';
          add.text += "expect: ";
          add.text += wanted[i];
        }
        edits.push_back(std::move(add));
      }
    }
    // Per line, a replacement before the lines inserted after it.
    std::stable_sort(edits.begin(), edits.end(),
                     [](const Edit& a, const Edit& b) { return a.line != b.line ? a.line < b.line : a.kind < b.kind; });
    std::ifstream in(input.path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string old = buffer.str();
    // Line by line, each with its own line break, so the bytes not edited stay as they were.
    std::size_t edit = 0;
    std::uint32_t n = 0;
    for (std::size_t pos = 0; pos < old.size();) {
      ++n;
      const std::size_t nl = old.find('\n', pos);
      const std::size_t end = nl == std::string::npos ? old.size() : nl + 1;
      std::string line = old.substr(pos, end - pos), ending;
      while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
        ending.insert(0, 1, line.back()), line.pop_back();
      pos = end;
      std::string after;
      bool removed = false;
      for (; edit < edits.size() && edits[edit].line == n; ++edit) {
        const Edit& e = edits[edit];
        if (e.kind == Edit::Kind::remove) {
          removed = true;
        } else if (e.kind == Edit::Kind::insert) {
          // Each inserted line ends as the line it follows does.
          const std::string_view eol = ending.empty() ? std::string_view("\n") : std::string_view(ending);
          for (std::size_t from = 0; from <= e.text.size();) {
            const std::size_t to = std::min(e.text.find('\n', from), e.text.size());
            after.append(e.text, from, to - from);
            after += eol;
            from = to + 1;
          }
        } else {
          line = line.substr(0, e.begin) + e.text + line.substr(std::min<std::size_t>(e.end, line.size()));
        }
      }
      if (removed) continue;
      if (!after.empty() && ending.empty()) ending = "\n";
      text += line + ending + after;
    }
  }
  const std::string target = to_snapshot ? snap_path : input.path;
  // Written beside the target and renamed over it: an interrupted --bless loses nothing.
  if (!write_file_atomically(target, text, out.problem)) {
    out.unreadable = true;
    return out;
  }
  for (Case& c : out.cases)
    if (c.status == Status::blessed && to_snapshot) c.where = snap_path;
  return out;
}

std::string case_text(const Case& c) {
  // A file with no `wonderlog` line has no line to name (it read "bad.wlog:0").
  const std::string& file = c.where.empty() ? c.file : c.where;
  const std::string at = c.line ? fmt::format("{}:{}", file, c.line) : file;
  const std::string game = fmt::format("game {}{}", c.game_index, c.game.empty() ? "" : " (" + c.game + ")");
  switch (c.status) {
    case Status::passed:
      return {};
    case Status::skipped:
      return fmt::format("SKIP {}: {}: no expectation ('wonderlog test --bless' writes one)\n", at, game);
    case Status::blessed: {
      // As written: a log's `expect:` lines, or a snapshot's one line (it showed the lines of a
      // log for a snapshot: found in review).
      std::string out = fmt::format("BLESS {}: {}:", at, game);
      if (!c.where.empty()) return out + fmt::format(" expect: {}\n", c.actual);
      for (const std::string& l : c.actual_lines)
        out += fmt::format("{}expect: {}\n", out.back() == ':' ? " " : "  ", l);
      return out;
    }
    case Status::failed:
      break;
  }
  std::string out = c.problem;
  out += fmt::format("FAIL {}: {}\n", at, game);
  for (const std::string& l : c.expected_lines) out += fmt::format("  - expect: {}\n", l);
  for (const std::string& l : c.actual_lines) out += fmt::format("  + actual: {}\n", l);
  for (const std::string& d : c.diffs) out += fmt::format("    {}\n", d);
  return out;
}

// The version of a test record's shape: 2 added this field and the records of unreadable files.
constexpr int kTestJsonSchema = 2;

std::string case_json(const Case& c) {
  nlohmann::ordered_json j;
  j["schema"] = kTestJsonSchema;
  j["file"] = c.file;
  j["game_index"] = c.game_index;
  j["game"] = c.game.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.game);
  j["status"] = status_word(c.status);
  j["line"] = c.line;
  j["snapshot"] = c.where.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.where);
  j["expected"] = c.expected.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.expected);
  j["actual"] = c.actual;
  j["differences"] = c.diffs;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

// An input that could not be read, in its place among the records: a batch's JSON never leaves a
// file out in silence (it did, and JUnit counted no error: found in review).
struct Unread {
  std::string file, problem;
};
std::string unread_json(const Unread& u) {
  nlohmann::ordered_json j;
  j["schema"] = kTestJsonSchema;
  j["file"] = u.file;
  j["game_index"] = nullptr;
  j["game"] = nullptr;
  j["status"] = "unreadable";
  j["line"] = nullptr;
  j["snapshot"] = nullptr;
  j["expected"] = nullptr;
  j["actual"] = nullptr;
  j["differences"] = std::vector<std::string>{u.problem};
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

// How every report junit_xml() writes begins: a file that begins otherwise is not replaced.
constexpr std::string_view kJunitHead =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"wonderlog test\" ";

// JUnit XML as CI systems read it: one testsuite per file, one testcase per game.
// An input that could not be read is a suite of its own with one errored case.
std::string junit_xml(const std::vector<Case>& cases, const std::vector<Unread>& unread) {
  std::vector<std::string> files;
  for (const Case& c : cases)
    if (files.empty() || files.back() != c.file) files.push_back(c.file);
  int failures = 0, skipped = 0;
  for (const Case& c : cases) failures += c.status == Status::failed, skipped += c.status == Status::skipped;
  std::string out(kJunitHead);
  out += fmt::format("tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">\n", cases.size() + unread.size(),
                     failures, unread.size(), skipped);
  for (const Unread& u : unread)
    out += fmt::format("  <testsuite name=\"{}\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
                       "    <testcase classname=\"{}\" name=\"the file\" time=\"0\">\n"
                       "      <error message=\"{}\" type=\"unreadable\"/>\n    </testcase>\n  </testsuite>\n",
                       xml_escaped(u.file), xml_escaped(u.file), xml_escaped(u.problem));
  std::size_t i = 0;
  for (const std::string& file : files) {
    std::size_t end = i;
    int f = 0, s = 0;
    while (end < cases.size() && cases[end].file == file)
      f += cases[end].status == Status::failed, s += cases[end].status == Status::skipped, ++end;
    out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n",
                       xml_escaped(file), end - i, f, s);
    for (; i < end; ++i) {
      const Case& c = cases[i];
      out +=
          fmt::format("    <testcase classname=\"{}\" name=\"game {}\" time=\"0\"", xml_escaped(c.file), c.game_index);
      if (c.status == Status::failed) {
        std::string body = case_text(c);
        out += fmt::format(">\n      <failure message=\"{}\" type=\"verdict\">{}</failure>\n    </testcase>\n",
                           xml_escaped(c.diffs.empty() ? "the verdict differs" : c.diffs.front()), xml_escaped(body));
      } else if (c.status == Status::skipped) {
        out += ">\n      <skipped message=\"no expectation\"/>\n    </testcase>\n";
      } else {
        out += "/>\n";
      }
    }
    out += "  </testsuite>\n";
  }
  return out + "</testsuites>\n";
}

int run(const Options& o) {
  // The report replaces only a report it wrote before, never a log or another file (a slip such as
  // `--junit replays/x.wlog replays` overwrote the log): asked before any game is run.
  if (!o.junit.empty()) {
    std::error_code ec;
    if (std::filesystem::is_directory(o.junit, ec)) {
      std::cerr << "wonderlog test: --junit: '" << o.junit << "' is a folder: name a file for the report\n";
      return kUsage;
    }
    // A report that could not be written is said before the tests run, not after (found in review).
    if (const std::filesystem::path folder = std::filesystem::path(o.junit).parent_path();
        !folder.empty() && !std::filesystem::is_directory(folder, ec)) {
      std::cerr << "wonderlog test: --junit: there is no folder '" << folder.string() << "' for the report\n";
      return kUsage;
    }
    // An empty file (made by mktemp for the report, say) holds nothing to lose.
    if (std::filesystem::exists(o.junit, ec) && std::filesystem::file_size(o.junit, ec) > 0 &&
        !read_head(o.junit).starts_with(kJunitHead)) {
      std::cerr << "wonderlog test: --junit: '" << o.junit
                << "' exists and is not a report wonderlog wrote: not overwritten (remove it, or name another "
                   "file)\n";
      return kUsage;
    }
  }
  std::vector<Input> inputs;
  bool unreadable = false;
  if (!read_paths(o.paths, inputs, &unreadable)) return kUsage;
  std::vector<Case> all;
  std::vector<Unread> unread;
  in_order(
      inputs.size(), o.jobs, [&](std::size_t i) { return test_one(inputs[i], o); },
      [&](std::size_t i, FileOutcome& outcome) {
        for (const Case& c : outcome.cases) std::cout << (o.format == "json" ? case_json(c) : case_text(c));
        if (outcome.unreadable) {
          unread.push_back(Unread{inputs[i].shown, outcome.problem});
          if (o.format == "json") std::cout << unread_json(unread.back());
          std::cout.flush();
          std::cerr << "wonderlog: " << outcome.problem << "\n";
          unreadable = true;
        }
        all.insert(all.end(), std::make_move_iterator(outcome.cases.begin()),
                   std::make_move_iterator(outcome.cases.end()));
      });
  int count[4] = {};
  for (const Case& c : all) ++count[static_cast<int>(c.status)];
  if (o.format == "text") {
    std::string line = fmt::format("{} passed, {} failed", count[0], count[1]);
    if (count[2]) line += fmt::format(", {} skipped", count[2]);
    if (count[3]) line += fmt::format(", {} blessed", count[3]);
    std::cout << line
              << fmt::format(" ({} game{} in {} file{})\n", all.size(), all.size() == 1 ? "" : "s", inputs.size(),
                             inputs.size() == 1 ? "" : "s");
  }
  std::cout.flush();
  if (!o.junit.empty()) {
    std::ofstream j(o.junit, std::ios::binary);
    j << junit_xml(all, unread);
    if (!j) {
      std::cerr << "wonderlog: cannot write '" << o.junit << "': " << std::strerror(errno) << "\n";
      return kUsage;
    }
  }
  if (unreadable || inputs.empty()) return kUsage;
  return count[1] ? kInvalid : kOk;
}

}  // namespace

void setup_test(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "test", "Golden tests: verify every game and compare its verdict with its 'expect:' header (or NAME.expected)");
  sub->add_option("paths", o->paths, "Log files, folders (searched for *.wlog) or - for standard input")->required();
  sub->add_option("-j,--jobs", o->jobs, "Files tested at once (default: one per core)")->check(whole_number(1, 256, "a number of jobs"));
  sub->add_flag("--bless", o->bless,
                "Write the verdicts found as the expectations of the games that lack one or fail (in the log's "
                "'expect:' header; in NAME.expected for a log that has one or does not read)");
  sub->add_option("--junit", o->junit, "Also write the results as JUnit XML to this file");
  sub->add_option("--format", o->format, "Output: text (for people) or json (one object per game per line)")
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_option("--catalog-dir", o->catalog_dirs, "A folder searched first for the catalogs logs name")
      ->allow_extra_args(false)  // one folder a --catalog-dir: the paths after it are logs
      ->check(CLI::ExistingDirectory);
  sub->add_option("--readings", o->readings_mode,
                  "all: compare (and bless) what every game's verdict depends on, as 'under RULING=READING' clauses, "
                  "even where its expectation names none")
      ->check(CLI::IsMember({"all"}));
  sub->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace wonderlog::cli
