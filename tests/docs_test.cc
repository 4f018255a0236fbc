// Every ruling the engine cites has its section in the rules reference, a fixture and a test;
// the docs' example logs parse. "Never change a ruling silently": a ruling added to the code
// without its documentation, fixture or test fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <regex>

#include "engine/alicematic/rulings.h"
#include "engine/hide_and_seek/rulings.h"
#include "engine/tea_time/rulings.h"
#include "tests/testing.h"
#include "verifier/format.h"

namespace wonderlog {
namespace {

namespace fs = std::filesystem;

struct GameRulings {
  const char* doc;           // the rules reference
  const char* fixtures;      // one log per ruling at least: <id>-*.wlog
  const char* tests;         // the test file
  const char* test_prefix;   // "TEST(TeaTimeRulings, TT": the ruling's number follows
  std::vector<std::pair<std::string, bool>> ids;  // id, and whether the engine knows it
};

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
  check_rulings(g, [](const std::string& id) { return tea_time::find_ruling(id) != nullptr; });
}

TEST(Docs, EveryHideAndSeekRulingIsDocumentedPinnedAndTested) {
  GameRulings g{"docs/games/hide-and-seek.md", "fixtures/rulings/hide-and-seek", "tests/hide_and_seek_test.cc",
                "TEST(HideAndSeekRulings, HS", {}};
  for (const auto& r : hide_and_seek::rulings()) g.ids.emplace_back(std::string(r.id), true);
  check_rulings(g, [](const std::string& id) { return hide_and_seek::find_ruling(id) != nullptr; });
}

TEST(Docs, EveryAlicematicRulingIsDocumentedPinnedAndTested) {
  GameRulings g{"docs/games/alicematic-heroes.md", "fixtures/rulings/alicematic-heroes", "tests/alicematic_test.cc",
                "TEST(AlicematicRulings, AH", {}};
  for (const auto& r : alicematic::rulings()) g.ids.emplace_back(std::string(r.id), true);
  check_rulings(g, [](const std::string& id) { return alicematic::find_ruling(id) != nullptr; });
}

TEST(Docs, ExampleLogsInTheDocsParse) {
  int checked = 0;
  for (const char* file : {"docs/log-format.md", "docs/cli.md", "README.md", "docs/games/alicematic-heroes.md"}) {
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

}  // namespace
}  // namespace wonderlog
