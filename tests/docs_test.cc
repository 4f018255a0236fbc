// Every ruling the engine cites has its section in the rules reference, a fixture and a test;
// the docs' example logs parse. "Never change a ruling silently": a ruling added to the code
// without its documentation, fixture or test fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <regex>
#include <sstream>

#include "engine/alicematic/rulings.h"
#include "engine/hide_and_seek/rulings.h"
#include "engine/rolling/rulings.h"
#include "engine/tea_time/rulings.h"
#include "tests/testing.h"
#include "verifier/format.h"
#include "verifier/report.h"

namespace wonderlog {
namespace {

namespace fs = std::filesystem;

struct GameRulings {
  const char* doc;           // the rules reference
  const char* fixtures;      // one log per ruling at least: <id>-*.wlog
  const char* tests;         // the test file
  const char* test_prefix;   // "TEST(TeaTimeRulings, TT": the ruling's number follows
  std::vector<std::pair<std::string, bool>> ids;  // id, and whether the engine knows it
  const std::vector<Ruling>* rulings = nullptr;     // the engine's, with their readings
  const char* reading_fixtures = "";                // one log per reading but the default: <id>-<name>.wlog
};

// The `**Readings**:` table of a ruling's section, as (name cell, decision cell) rows.
std::vector<std::pair<std::string, std::string>> readings_table(const std::string& section) {
  std::vector<std::pair<std::string, std::string>> rows;
  const std::size_t at = section.find("**Readings**:");
  if (at == std::string::npos) return rows;
  std::istringstream lines(section.substr(at));
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("| `", 0) != 0) {
      if (!rows.empty()) break;  // the table has ended
      continue;
    }
    // "| `name` (default) | decision | the text for it |"
    const std::size_t a = line.find(" | ", 2);
    const std::size_t b = a == std::string::npos ? a : line.find(" | ", a + 3);
    if (b == std::string::npos) continue;
    rows.emplace_back(line.substr(2, a - 2), line.substr(a + 3, b - a - 3));
  }
  return rows;
}

// The section of ruling `id` agrees with the engine on its readings: the same names in the same
// order, the first marked as the default, each decision word for word; and each reading but the
// default has its fixture.
void check_readings(const GameRulings& g, const Ruling& r, const std::string& section) {
  const auto rows = readings_table(section);
  if (r.readings.empty()) {
    EXPECT_EQ(section.find("**Readings**"), std::string::npos) << r.id << " has one reading but a Readings table";
    return;
  }
  ASSERT_EQ(rows.size(), r.readings.size()) << r.id << ": the docs' Readings table and the code differ";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string name = "`";  // appended: GCC 12's -Wrestrict misfires on `"..." + std::string`
    name += r.readings[i].name;
    name += i == 0 ? "` (default)" : "`";
    EXPECT_EQ(rows[i].first, name) << r.id;
    EXPECT_EQ(rows[i].second, r.readings[i].decision) << r.id << " reading " << r.readings[i].name;
    if (i > 0) {
      const std::string fixture = std::string(g.reading_fixtures) + "/" + std::string(r.id) + "-" +
                                  std::string(r.readings[i].name) + ".wlog";
      EXPECT_TRUE(fs::exists(testing::source_path(fixture))) << "no " << fixture;
    }
  }
}

void check_rulings(const GameRulings& g, const std::function<bool(const std::string&)>& known) {
  const std::string doc = testing::read_file(testing::source_path(g.doc));
  const std::string tests = testing::read_file(testing::source_path(g.tests));
  std::vector<std::string> fixtures;
  for (const auto& e : fs::directory_iterator(testing::source_path(g.fixtures)))
    fixtures.push_back(e.path().filename().string());
  for (const auto& [id, unused] : g.ids) {
    const std::string heading = "### " + id + ":";
    std::size_t at = doc.find(heading);
    ASSERT_NE(at, std::string::npos) << id << " has no section in " << g.doc;
    std::size_t end = doc.find("\n### ", at + 1);
    const std::string section = doc.substr(at, end == std::string::npos ? std::string::npos : end - at);
    for (const char* part : {"**Question**", "**Decision**", "**Reason**", "**Rulebook**", "**Pinned by**"})
      EXPECT_NE(section.find(part), std::string::npos) << id << " lacks " << part;
    bool has_fixture = std::any_of(fixtures.begin(), fixtures.end(), [&](const std::string& f) {
      return f.rfind(id + "-", 0) == 0 && f.size() > 5 && f.substr(f.size() - 5) == ".wlog";
    });
    EXPECT_TRUE(has_fixture) << id << " has no " << g.fixtures << "/" << id << "-*.wlog";
    const std::string number = id.substr(id.find('-') + 1);
    const std::string test_name = std::string(g.test_prefix) + number;
    // The number must end there: TT1 is not pinned by TT14's test.
    bool tested = false;
    for (std::size_t t = tests.find(test_name); t != std::string::npos; t = tests.find(test_name, t + 1))
      tested = tested || !std::isdigit(static_cast<unsigned char>(tests[t + test_name.size()]));
    EXPECT_TRUE(tested) << id << " has no " << g.test_prefix << number << "... test";
    if (g.rulings)
      if (const Ruling* r = find_ruling(*g.rulings, id)) check_readings(g, *r, section);
  }
  // And no section documents a ruling the engine does not know.
  std::regex heading(R"(### ([A-Z]+-\d+):)");
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), heading); it != std::sregex_iterator(); ++it)
    EXPECT_TRUE(known((*it)[1].str())) << (*it)[1].str() << " is documented but unknown";
}

TEST(Docs, EveryTeaTimeRulingIsDocumentedPinnedAndTested) {
  GameRulings g{"docs/games/tea-time.md", "fixtures/rulings/tea-time", "tests/tea_time_test.cc",
                "TEST(TeaTimeRulings, TT", {}};
  for (const auto& r : tea_time::rulings()) g.ids.emplace_back(std::string(r.id), true);
  g.rulings = &tea_time::rulings();
  g.reading_fixtures = "fixtures/readings/tea-time";
  check_rulings(g, [](const std::string& id) { return tea_time::find_ruling(id) != nullptr; });
}

TEST(Docs, EveryHideAndSeekRulingIsDocumentedPinnedAndTested) {
  GameRulings g{"docs/games/hide-and-seek.md", "fixtures/rulings/hide-and-seek", "tests/hide_and_seek_test.cc",
                "TEST(HideAndSeekRulings, HS", {}};
  for (const auto& r : hide_and_seek::rulings()) g.ids.emplace_back(std::string(r.id), true);
  g.rulings = &hide_and_seek::rulings();
  g.reading_fixtures = "fixtures/readings/hide-and-seek";
  check_rulings(g, [](const std::string& id) { return hide_and_seek::find_ruling(id) != nullptr; });
}

TEST(Docs, EveryAlicematicRulingIsDocumentedPinnedAndTested) {
  GameRulings g{"docs/games/alicematic-heroes.md", "fixtures/rulings/alicematic-heroes", "tests/alicematic_test.cc",
                "TEST(AlicematicRulings, AH", {}};
  for (const auto& r : alicematic::rulings()) g.ids.emplace_back(std::string(r.id), true);
  g.rulings = &alicematic::rulings();
  g.reading_fixtures = "fixtures/readings/alicematic-heroes";
  check_rulings(g, [](const std::string& id) { return alicematic::find_ruling(id) != nullptr; });
}

TEST(Docs, EveryRollingInWonderlandRulingIsDocumentedPinnedAndTested) {
  GameRulings g{"docs/games/rolling-in-wonderland.md", "fixtures/rulings/rolling-in-wonderland",
                "tests/rolling_test.cc", "TEST(RollingRulings, RW", {}};
  for (const auto& r : rolling::rulings()) g.ids.emplace_back(std::string(r.id), true);
  g.rulings = &rolling::rulings();
  g.reading_fixtures = "fixtures/readings/rolling-in-wonderland";
  check_rulings(g, [](const std::string& id) { return rolling::find_ruling(id) != nullptr; });
  EXPECT_EQ(rolling::rulings().size(), 38u);
}

TEST(Docs, ExampleLogsInTheDocsParse) {
  int checked = 0;
  for (const char* file : {"docs/log-format.md", "docs/cli.md", "README.md", "docs/games/alicematic-heroes.md",
                           "docs/games/rolling-in-wonderland.md"}) {
    const std::string doc = testing::read_file(testing::source_path(file));
    std::size_t at = 0;
    while ((at = doc.find("```wlog\n", at)) != std::string::npos) {
      at += 8;
      std::size_t end = doc.find("```", at);
      std::string out;
      Diagnostic d;
      EXPECT_TRUE(format_log(doc.substr(at, end - at), out, d)) << file << ": " << d.message;
      ++checked;
      at = end;
    }
  }
  EXPECT_GE(checked, 2);
}

// cli.md's `gen` examples print what gen prints (found in review: three had gone stale, and the
// examples built on them no longer said what the command does).
TEST(Docs, TheGenExamplesPrintWhatGenPrints) {
  const std::string cli = testing::read_file(testing::source_path("docs/cli.md"));
  const std::regex example(R"(\$ wonderlog (gen [^|\n]+) \| head -([0-9]+)\n)");
  int checked = 0;
  for (auto it = std::sregex_iterator(cli.begin(), cli.end(), example); it != std::sregex_iterator(); ++it) {
    std::vector<std::string> args;
    std::istringstream words((*it)[1].str());
    for (std::string w; words >> w;) args.push_back(w);
    const std::size_t begin = static_cast<std::size_t>(it->position() + it->length());
    const std::string shown = cli.substr(begin, cli.find("```", begin) - begin);
    const std::string printed = testing::run_cli(args).out;
    std::string head;
    std::istringstream lines(printed);
    for (int n = 0, most = std::stoi((*it)[2].str()); n < most && lines; ++n) {
      std::string line;
      if (std::getline(lines, line)) head += line + "\n";
    }
    EXPECT_EQ(head, shown) << (*it)[1].str();
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

// The README's short log gets the verdict the README shows under it, and is what fmt writes.
TEST(Docs, TheReadmesShortLogIsValidAsShown) {
  const std::string readme = testing::read_file(testing::source_path("README.md"));
  const std::size_t at = readme.find("```wlog\n") + 8;
  const std::string log = readme.substr(at, readme.find("```", at) - at);
  const std::vector<GameReport> reports = testing::verify_text(log, "short.wlog");
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_TRUE(reports[0].valid) << (reports[0].error ? reports[0].error->message : "");
  const std::string shown = verdict_line(reports[0]);
  EXPECT_NE(readme.find("$ wonderlog verify short.wlog\n" + shown + "1 game in 1 file: 1 valid, 0 invalid\n"),
            std::string::npos)
      << shown;
  std::string formatted;
  Diagnostic d;
  ASSERT_TRUE(format_log(log, formatted, d));
  EXPECT_EQ(formatted, log);
}

}  // namespace
}  // namespace wonderlog

namespace wonderlog {
namespace {

// Readings are described where a user looks for them: the header in the log format, the flags
// and the JSON field in the command-line reference.
TEST(Docs, ReadingsAreDocumentedInTheLogFormatAndTheCli) {
  const std::string format = testing::read_file(testing::source_path("docs/log-format.md"));
  EXPECT_NE(format.find("readings: "), std::string::npos);
  const std::string cli = testing::read_file(testing::source_path("docs/cli.md"));
  for (const char* part : {"--reading ", "--readings all", "\"depends_on\"", "\"readings\"", "wonderlog rulings"})
    EXPECT_NE(cli.find(part), std::string::npos) << "docs/cli.md does not mention " << part;
}


// Whitespace runs as one space, none at the ends: a quote in a comment is wrapped across lines.
std::string squeezed(std::string_view text) {
  std::string out;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (!blank)
      out += c;
    else if (!out.empty() && out.back() != ' ')
      out += ' ';
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A fixture's opening comment is read as documentation: every message it quotes after
// "Expected:" (a double-quoted text of 12 characters or more, "..." marking what it leaves
// out) is printed by `verify --readings all` on the fixture, so that a message reworded since
// is reworded there too.
TEST(Docs, AFixturesQuotedMessagesAreWhatVerifyPrints) {
  int checked = 0;
  for (const auto& e : fs::recursive_directory_iterator(testing::source_path("fixtures"))) {
    if (e.path().extension() != ".wlog") continue;
    std::istringstream in(testing::read_file(e.path().string()));
    std::string comment;
    for (std::string line; std::getline(in, line) && line.starts_with('#');) comment += line.substr(1) + "\n";
    const std::size_t expected = comment.find("Expected:");
    if (expected == std::string::npos) continue;
    std::vector<std::string> quotes;
    for (std::size_t open = comment.find('"', expected); open != std::string::npos;) {
      const std::size_t close = comment.find('"', open + 1);
      if (close == std::string::npos) break;
      quotes.push_back(squeezed(std::string_view(comment).substr(open + 1, close - open - 1)));
      open = comment.find('"', close + 1);
    }
    std::string out;
    for (const std::string& quote : quotes) {
      if (quote.size() < 12) continue;
      if (out.empty()) out = squeezed(testing::run_cli({"verify", "--readings", "all", e.path().string()}).out);
      for (std::size_t from = 0; from < quote.size();) {
        std::size_t to = quote.find("...", from);
        if (to == std::string::npos) to = quote.size();
        const std::string part = squeezed(std::string_view(quote).substr(from, to - from));
        if (!part.empty()) {
          EXPECT_NE(out.find(part), std::string::npos) << e.path().string() << " quotes \"" << part << '"';
        }
        from = to + 3;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 150);  // the fixtures quote about 200 messages
}

}  // namespace
}  // namespace wonderlog
