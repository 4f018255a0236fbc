// wonderlog test PATH...: golden-file tests. Each game is verified and its verdict compared
// with what its `expect:` header states (or, for a log without one, its line of the snapshot
// NAME.expected); --bless writes the verdicts found (docs/cli.md, "wonderlog test").
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "verifier/cli/commands.h"
#include "verifier/cli/in_order.h"
#include "verifier/expectation.h"
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
    case Status::passed: return "passed";
    case Status::failed: return "failed";
    case Status::skipped: return "skipped";
    case Status::blessed: return "blessed";
  }
  return "";
}

// One game's test.
struct Case {
  std::string file;  // as shown
  int game_index = 0;
  std::string game;  // game id
  std::uint32_t line = 0;  // the expectation's line (of the log, or of the snapshot), else the game's first
  std::string where;       // "" (the log) or the snapshot's path
  Status status = Status::passed;
  std::string expected, actual;    // canonical texts ("" when none)
  std::vector<std::string> diffs;  // what differs, or the problem
  std::string problem;             // a malformed expectation: the rendered diagnostic
};

// An edit --bless makes to a log: line `line` (1-based) gets `text` in place of bytes
// [begin, end) of the line, or (`insert`) a new line `text` after it.
struct Edit {
  std::uint32_t line = 0;
  bool insert = false;
  std::uint32_t begin = 0, end = 0;
  std::string text;
};

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
  std::vector<Edit> edits;
  std::vector<std::string> snapshot_out;  // --bless: each game's verdict, for a snapshot
  bool parses = true;                     // every game's envelope reads: the log may be rewritten
  const bool ok = for_each_game(input, out.problem, [&](const grammar::ParsedGame& g, int index) {
    Case c;
    c.file = input.shown;
    c.game_index = index;
    if (g.syntax_error || !g.version_line) parses = false;
    if (g.version_line) c.line = g.lines[*g.version_line].number;
    const grammar::Header* h = g.syntax_error ? nullptr : g.header("expect");
    std::optional<Expectation> expected;
    std::string value;
    Span value_span;
    GameReport probe;
    const GameModule* module = module_for(g, index, base, probe);
    auto malformed = [&](Diagnostic d) {
      c.status = Status::failed;
      c.problem = render(c.where.empty() ? input.shown : c.where, d, Severity::error);
      c.diffs.push_back("the expectation does not read: " + d.message);
    };
    if (h) {
      value = std::string(g.header_value(*h));
      value_span = g.lines[h->line].syntax.value;
      c.line = g.lines[h->line].number;
    } else if (snapshot.exists && snapshot.problem.empty() &&
               static_cast<std::size_t>(index) <= snapshot.lines.size()) {
      value = snapshot.lines[index - 1].first;
      c.line = snapshot.lines[index - 1].second;
      c.where = snap_path;
    }
    const bool stated = h || !c.where.empty();
    if (stated) {
      std::string error;
      std::size_t offset = 0, width = 1;
      expected = parse_expectation(value, error, offset, width);
      if (expected && module) {
        std::size_t at = 0;
        error = check_readings(*module, value, *expected, at);
        if (!error.empty()) {
          expected.reset();
          offset = at;
          width = 1;
        }
      }
      if (!expected) {
        Diagnostic d;
        d.kind = ErrorKind::syntax;
        if (h) {
          d = diagnostic_at(g, h->line, Span{static_cast<std::uint32_t>(value_span.begin + offset),
                                             static_cast<std::uint32_t>(value_span.begin + offset + width)},
                            ErrorKind::syntax, error);
        } else {
          d.pos = SourcePos{c.line, static_cast<std::uint32_t>(offset + 8)};
          d.message = error;
        }
        malformed(std::move(d));
      }
    } else if (snapshot.exists && !snapshot.problem.empty()) {
      c.status = Status::failed;
      c.problem = snapshot.problem + "\n";
      c.diffs.push_back("the snapshot does not read");
    }
    Context context = base;
    context.all_readings = o.readings_mode == "all" || (expected && !expected->under.empty());
    const GameReport report = verify_game(g, index, context);
    c.game = report.game;
    const Expectation actual = expectation_of(report, context.all_readings);
    c.actual = expectation_text(actual);
    if (expected) {
      c.expected = expectation_text(*expected);
      c.diffs = differences(*expected, actual);
      c.status = c.diffs.empty() ? Status::passed : Status::failed;
    } else if (c.problem.empty()) {
      c.status = Status::skipped;
    }
    if (o.bless && c.status != Status::passed) {
      c.status = Status::blessed;
      // The log's own `expect:` is rewritten in place; a log without one gets one after its
      // common headers (where fmt puts it).
      if (h) {
        edits.push_back(Edit{g.lines[h->line].number, false, value_span.begin, value_span.end, c.actual});
      } else if (g.version_line) {
        std::uint32_t after = *g.version_line;
        for (const grammar::Header& other : g.headers)
          if (grammar::is_common_header(other.key) && other.line > after) after = other.line;
        edits.push_back(Edit{g.lines[after].number, true, 0, 0, "expect: " + c.actual});
      }
    }
    snapshot_out.push_back(c.actual);
    out.cases.push_back(std::move(c));
  });
  out.unreadable = !ok;
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
    text = fmt::format("# The verdicts of {} for 'wonderlog test', one line per game (wonderlog test --bless).\n",
                       fs::path(input.path).filename().string());
    for (const std::string& s : snapshot_out) text += "expect: " + s + "\n";
  } else {
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
      while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) ending.insert(0, 1, line.back()), line.pop_back();
      pos = end;
      std::string after;
      for (; edit < edits.size() && edits[edit].line == n; ++edit) {
        const Edit& e = edits[edit];
        if (e.insert)
          after += e.text + (ending.empty() ? "\n" : ending);
        else
          line = line.substr(0, e.begin) + e.text + line.substr(std::min<std::size_t>(e.end, line.size()));
      }
      if (!after.empty() && ending.empty()) ending = "\n";
      text += line + ending + after;
    }
  }
  const std::string target = to_snapshot ? snap_path : input.path;
  // Written beside the target and renamed over it: an interrupted --bless loses nothing.
  const std::string temp = target + ".bless-tmp";
  {
    std::ofstream w(temp, std::ios::binary);
    w << text;
    if (!w) {
      out.problem = fmt::format("cannot write '{}'", temp);
      out.unreadable = true;
      return out;
    }
  }
  std::error_code ec;
  fs::rename(temp, target, ec);
  if (ec) {
    fs::remove(temp, ec);
    out.problem = fmt::format("cannot write '{}': {}", target, ec.message());
    out.unreadable = true;
  }
  for (Case& c : out.cases)
    if (c.status == Status::blessed && to_snapshot) c.where = snap_path;
  return out;
}

std::string case_text(const Case& c) {
  const std::string at = fmt::format("{}:{}", c.where.empty() ? c.file : c.where, c.line);
  const std::string game = fmt::format("game {}{}", c.game_index, c.game.empty() ? "" : " (" + c.game + ")");
  switch (c.status) {
    case Status::passed:
      return {};
    case Status::skipped:
      return fmt::format("SKIP {}: {}: no expectation ('wonderlog test --bless' writes one)\n", at, game);
    case Status::blessed:
      return fmt::format("BLESS {}: {}: expect: {}\n", at, game, c.actual);
    case Status::failed:
      break;
  }
  std::string out = c.problem;
  out += fmt::format("FAIL {}: {}\n", at, game);
  if (!c.expected.empty()) out += fmt::format("  - expect: {}\n", c.expected);
  out += fmt::format("  + actual: {}\n", c.actual);
  for (const std::string& d : c.diffs) out += fmt::format("    {}\n", d);
  return out;
}

std::string case_json(const Case& c) {
  nlohmann::ordered_json j;
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

std::string xml_escaped(std::string_view s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // XML 1.0 allows no control characters but tab and line breaks.
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') out += "?";
        else out += ch;
    }
  }
  return out;
}

// JUnit XML as CI systems read it: one testsuite per file, one testcase per game.
std::string junit_xml(const std::vector<Case>& cases) {
  std::vector<std::string> files;
  for (const Case& c : cases)
    if (files.empty() || files.back() != c.file) files.push_back(c.file);
  int failures = 0, skipped = 0;
  for (const Case& c : cases) failures += c.status == Status::failed, skipped += c.status == Status::skipped;
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"wonderlog test\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n",
                     cases.size(), failures, skipped);
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
      out += fmt::format("    <testcase classname=\"{}\" name=\"game {}\" time=\"0\"", xml_escaped(c.file), c.game_index);
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
  std::vector<std::string> problems;
  std::vector<Input> inputs = expand_inputs(o.paths, problems);
  for (const std::string& p : problems) std::cerr << "wonderlog: " << p << "\n";
  if (std::count_if(inputs.begin(), inputs.end(), [](const Input& i) { return i.path == "-"; }) > 1) {
    std::cerr << "wonderlog: '-' (standard input) can be given once\n";
    return kUsage;
  }
  std::vector<Case> all;
  bool unreadable = !problems.empty();
  in_order(
      inputs.size(), o.jobs, [&](std::size_t i) { return test_one(inputs[i], o); },
      [&](std::size_t, FileOutcome& outcome) {
        for (const Case& c : outcome.cases) std::cout << (o.format == "json" ? case_json(c) : case_text(c));
        if (outcome.unreadable) {
          std::cout.flush();
          std::cerr << "wonderlog: " << outcome.problem << "\n";
          unreadable = true;
        }
        all.insert(all.end(), std::make_move_iterator(outcome.cases.begin()), std::make_move_iterator(outcome.cases.end()));
      });
  int count[4] = {};
  for (const Case& c : all) ++count[static_cast<int>(c.status)];
  if (o.format == "text") {
    std::string line = fmt::format("{} passed, {} failed", count[0], count[1]);
    if (count[2]) line += fmt::format(", {} skipped", count[2]);
    if (count[3]) line += fmt::format(", {} blessed", count[3]);
    std::cout << line << fmt::format(" ({} game{} in {} file{})\n", all.size(), all.size() == 1 ? "" : "s",
                                     inputs.size(), inputs.size() == 1 ? "" : "s");
  }
  std::cout.flush();
  if (!o.junit.empty()) {
    std::ofstream j(o.junit, std::ios::binary);
    j << junit_xml(all);
    if (!j) {
      std::cerr << "wonderlog: cannot write '" << o.junit << "'\n";
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
  sub->add_option("-j,--jobs", o->jobs, "Files tested at once (default: one per core)")->check(CLI::Range(1u, 256u));
  sub->add_flag("--bless", o->bless,
                "Write the verdicts found as the expectations of the games that lack one or fail (in the log's "
                "'expect:' header; in NAME.expected for a log that has one or does not read)");
  sub->add_option("--junit", o->junit, "Also write the results as JUnit XML to this file");
  sub->add_option("--format", o->format, "Output: text (for people) or json (one object per game per line)")
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_option("--catalog-dir", o->catalog_dirs, "A folder searched first for the catalogs logs name")
      ->check(CLI::ExistingDirectory);
  sub->add_option("--readings", o->readings_mode,
                  "all: compare (and bless) what every game's verdict depends on, as 'under RULING=READING' clauses, "
                  "even where its expectation names none")
      ->check(CLI::IsMember({"all"}));
  sub->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace wonderlog::cli
