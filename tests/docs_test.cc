// Every ruling the engine cites has its section in the rules reference, a fixture and a test;
// the docs' example logs parse. "Never change a ruling silently": a ruling added to the code
// without its documentation, fixture or test fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "engine/tea_time/rulings.h"
#include "tests/testing.h"
#include "verifier/format.h"

namespace wonderlog {
namespace {

namespace fs = std::filesystem;

TEST(Docs, EveryTeaTimeRulingIsDocumentedPinnedAndTested) {
  const std::string doc = testing::read_file(testing::source_path("docs/games/tea-time.md"));
  const std::string tests = testing::read_file(testing::source_path("tests/tea_time_test.cc"));
  std::vector<std::string> fixtures;
  for (const auto& e : fs::directory_iterator(testing::source_path("fixtures/rulings/tea-time")))
    fixtures.push_back(e.path().filename().string());
  for (const tea_time::Ruling& r : tea_time::rulings()) {
    const std::string id(r.id);
    const std::string heading = "### " + id + ":";
    std::size_t at = doc.find(heading);
    ASSERT_NE(at, std::string::npos) << id << " has no section in docs/games/tea-time.md";
    std::size_t end = doc.find("\n### ", at + 1);
    const std::string section = doc.substr(at, end == std::string::npos ? std::string::npos : end - at);
    for (const char* part : {"**Question**", "**Decision**", "**Reason**", "**Rulebook**", "**Pinned by**"})
      EXPECT_NE(section.find(part), std::string::npos) << id << " lacks " << part;
    bool has_fixture = std::any_of(fixtures.begin(), fixtures.end(), [&](const std::string& f) {
      return f.rfind(id + "-", 0) == 0 && f.size() > 5 && f.substr(f.size() - 5) == ".wlog";
    });
    EXPECT_TRUE(has_fixture) << id << " has no fixtures/rulings/tea-time/" << id << "-*.wlog";
    std::string test_name = "TEST(TeaTimeRulings, TT" + id.substr(3);
    EXPECT_NE(tests.find(test_name), std::string::npos) << id << " has no TeaTimeRulings test";
  }
  // And no section documents a ruling the engine does not know.
  std::regex heading(R"(### (TT-\d+):)");
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), heading); it != std::sregex_iterator(); ++it)
    EXPECT_NE(tea_time::find_ruling((*it)[1].str()), nullptr) << (*it)[1].str() << " is documented but unknown";
}

TEST(Docs, ExampleLogsInTheDocsParse) {
  int checked = 0;
  for (const char* file : {"docs/log-format.md", "docs/cli.md", "README.md"}) {
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
