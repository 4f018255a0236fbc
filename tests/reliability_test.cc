// Regressions for what fuzzing and an independent model found (docs/reliability.md): each test
// is built from the input that broke a command, and fails on the code before its fix.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "engine/alicematic/catalog.h"
#include "engine/core/catalog.h"
#include "engine/core/readings.h"
#include "engine/hide_and_seek/catalog.h"
#include "engine/rolling/catalog.h"
#include "engine/tea_time/catalog.h"
#include "tests/testing.h"
#include "verifier/diagnostic.h"
#include "verifier/format.h"
#include "verifier/input.h"
#include "verifier/registry.h"

namespace wonderlog {
namespace {

using testing::run_cli;

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = testing::temp_dir() + "/" + name;
  testing::write_file(path, text);
  return path;
}

std::string standard_text(const std::string& game) {
  return testing::read_file(testing::source_path("fixtures/catalogs/" + game + ".yaml"));
}

// The catalog error `load` throws for `text`, or "" when it loads.
template <class Load>
std::string catalog_error(Load load, const std::string& text) {
  try {
    load(text, "c.yaml");
  } catch (const CatalogError& e) {
    return e.what();
  }
  return "";
}

// A generated AlicematiC Heroes game on the catalog at `catalog` ("" for the standard one).
// The readings these findings were found under, before AH-17, AH-21, AH-23 and AH-27 changed
// their defaults (issue 11): held spaces invaded directly only, own Cities refused, only invaded
// tokens counted, no effect declined. Their seeds replay the same games.
std::vector<ChosenReading> findings_readings() {
  const std::vector<Ruling>& rulings = find_game("alicematic-heroes")->rulings();
  std::vector<ChosenReading> out;
  for (const auto& [id, name] : std::vector<std::pair<const char*, const char*>>{{"AH-17", "held-direct-only"},
                                                                               {"AH-21", "own-city-refused"},
                                                                               {"AH-23", "invaded-only"},
                                                                               {"AH-27", "automatic"}}) {
    const int d = dispute_of(rulings, id);
    out.push_back({d, reading_of(*disputes(rulings)[d], name)});
  }
  return out;
}

std::string generated_alicematic(int players, std::uint64_t seed, const std::string& catalog = "") {
  GenOptions options;
  options.readings = findings_readings();
  options.players = players;
  options.seed = seed;
  options.catalog = catalog;
  std::string error;
  const std::string log = find_game("alicematic-heroes")->generate(options, error);
  EXPECT_TRUE(error.empty()) << "seed " << seed << ": " << error;
  return log;
}

bool located(const std::string& error) {  // "c.yaml:12:3: error: ..."
  return std::regex_search(error, std::regex("^c\\.yaml:[0-9]+:[0-9]+: error: "));
}

// 1. `replay --as` on a game that cannot be set up replayed an empty redaction (SIGSEGV).
TEST(Reliability, ReplayAsOneSideOfAGameThatCannotBeSetUpSaysWhy) {
  const std::string log = write_temp("no-catalog.wlog", "wonderlog 1\ngame: hide-and-seek\n");
  for (const char* side : {"alice", "queen", "all"}) {
    auto r = run_cli({"replay", log, "--to", "0", "--as", side});
    EXPECT_EQ(r.code, 1) << side << r.out << r.err;
    EXPECT_NE(r.out.find("no-catalog.wlog:1:1: error: the game names no catalog"), std::string::npos) << r.out;
  }
  for (std::vector<std::string> args : {std::vector<std::string>{"redact", log, "--for", "alice"},
                                        {"explain", log, "--at", "1"},
                                        {"score", log}}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.code, 1) << args[0] << r.out << r.err;
    EXPECT_NE((r.out + r.err).find("names no catalog"), std::string::npos) << args[0];
  }
}

// 63. `replay --as alice` and `view --as alice` replayed Alice's redacted log whole: it drops the
// look's 'keep' that the Queen's refusal at move 5 rests on, so the view stepped past the error and
// called the game valid (exit 0). One side's view now stops before the first error, which is
// the verdict once the view reaches it, as for `--as all`.
TEST(Reliability, OneSidesViewStopsAtTheLogsFirstError) {
  const std::string log = write_temp("kept.wlog",
                                     "wonderlog 1\ngame: hide-and-seek\ncatalog: hide-and-seek\nplayers: Mia, Tom\n"
                                     "result: Mia 0, Tom 1\nstart: b3 H\n1. Mia: a3 D\n2. Tom: guard b1 A\n"
                                     "3. Mia: b4 J\n4. Tom: look a3 b1 keep\n5. Mia: a3 G\n6. Tom: guard c1 H\n"
                                     "7. Mia: c1 G\n");
  for (const char* side : {"alice", "queen", "all"}) {
    auto late = run_cli({"replay", log, "--to", "9", "--as", side});
    EXPECT_EQ(late.code, 1) << side << late.out << late.err;
    EXPECT_NE((late.out + late.err).find("error: move 5, Mia: Alice cannot have revealed a Guard at a3"),
              std::string::npos)
        << side << late.out << late.err;
    auto early = run_cli({"replay", log, "--to", "4", "--as", side});
    EXPECT_EQ(early.code, 0) << side << early.out << early.err;
    auto page = run_cli({"view", log, "--as", side, "-o", "-"});
    EXPECT_EQ(page.code, 1) << side << page.err;
    EXPECT_NE(page.err.find("INVALID (illegal-move, move 5, HS-16)"), std::string::npos) << side << page.err;
  }
}

// 73. A folder's files named like a log but not *.wlog (`b.WLOG`, `c.wlog.txt`) were skipped in
// silence, and a link named *.wlog that leads nowhere too; a folder holding only such files was
// said to hold "no .wlog files". They are now named in a note, the link read and reported.
TEST(Reliability, AFoldersLookAlikeFilesAreNamedNotSkippedInSilence) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::temp_dir()) / "mixed";
  fs::create_directories(dir);
  const std::string log = testing::read_file(testing::source_path("replays/tea-time/two-players-club-night.wlog"));
  for (const char* name : {"a.wlog", "b.WLOG", "c.wlog.txt"}) testing::write_file((dir / name).string(), log);
  std::error_code ec;
  fs::create_symlink(dir / "nowhere.wlog", dir / "x.wlog", ec);
  ASSERT_FALSE(ec) << ec.message();
  auto run = run_cli({"verify", "-q", dir.string()});
  EXPECT_EQ(run.code, 2) << run.out << run.err;  // the link cannot be read
  EXPECT_NE(run.err.find("note: skipped 2 files in folder '" + dir.string() + "' named like a log but not *.wlog: " +
                         (dir / "b.WLOG").string() + ", " + (dir / "c.wlog.txt").string()),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("cannot read '" + (dir / "x.wlog").string() + "'"), std::string::npos) << run.err;
  EXPECT_NE(run.out.find("1 game in 2 files: 1 valid, 0 invalid, 1 file unreadable"), std::string::npos) << run.out;
  // Only look-alikes: the folder holds no log, and says which files it does hold.
  const fs::path only = fs::path(testing::temp_dir()) / "only-look-alikes";
  fs::create_directories(only);
  testing::write_file((only / "b.WLOG").string(), log);
  auto none = run_cli({"verify", only.string()});
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("no .wlog files in folder '" + only.string() + "' (only files named like logs: " +
                          (only / "b.WLOG").string() + "; rename them *.wlog)"),
            std::string::npos)
      << none.err;
}

// 64. A folder that cannot be read, inside a folder given, was skipped in silence (exit 0): an
// archive with one locked folder passed. It is now a problem said, and the walk goes on. Root
// reads every folder, so the walk runs as nobody in a child process.
TEST(Reliability, AFolderThatCannotBeReadIsSaidNotSkipped) {
  namespace fs = std::filesystem;
  const std::string dir = testing::temp_dir() + "/locked-archive";
  fs::remove_all(dir);
  fs::create_directories(dir + "/sub");
  testing::write_file(dir + "/ok.wlog", "wonderlog 1\n");
  testing::write_file(dir + "/sub/a.wlog", "wonderlog 1\n");
  fs::permissions(dir + "/sub", fs::perms::none);
  const pid_t child = fork();
  if (child == 0) {
    // From inside the folder: the tests' own folder is closed to other users.
    if (chdir(dir.c_str()) != 0) _exit(4);
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(3);
    std::vector<std::string> problems;
    const std::vector<Input> inputs = expand_inputs({"."}, problems);
    const bool said =
        inputs.size() == 1 && problems.size() == 1 && problems[0].starts_with("cannot read folder './sub': ");
    // And every command that reads folders exits with 2 (fmt --check exited 0: found in review).
    bool two = true;
    for (const char* command : {" verify . ", " test . ", " fmt --check . "}) {
      const int status = std::system((std::string(WONDERLOG_BINARY) + command + "> /dev/null 2>&1").c_str());
      two = two && WIFEXITED(status) && WEXITSTATUS(status) == 2;
    }
    _exit(said ? (two ? 0 : 2) : 1);
  }
  int status = 0;
  waitpid(child, &status, 0);
  fs::permissions(dir + "/sub", fs::perms::owner_all);
  ASSERT_TRUE(WIFEXITED(status));
  if (WEXITSTATUS(status) == 3) GTEST_SKIP() << "cannot run as nobody here";
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

// 2. A scalar, a list or a non-scalar key where a mapping belongs threw yaml-cpp exceptions
// out of verify. Each shape, in each game's catalog, is now a located error.
TEST(Reliability, ACatalogOfTheWrongShapeIsALocatedError) {
  struct Case {
    std::string game, key, value, says;
  };
  // Each replaces the block under `key` (a line of the standard catalog) with `value`.
  const std::vector<Case> cases = {
      {"tea-time", "alice-card:", "alice-card: 3", "found '3'"},
      {"tea-time", "alice-card:", "alice-card: [source]", "found a list"},
      {"tea-time", "  - code: H", "  - [code]: H", "a key is a word"},
      {"hide-and-seek", "companions:", "companions: [1, 2]", "found a list"},
      {"hide-and-seek", "start-tile:", "start-tile: yes", "found 'yes'"},
      {"alicematic-heroes", "kingdoms:", "kingdoms: [a, b]", "found a list"},
      {"alicematic-heroes", "bank:", "bank: 20", "found '20'"},
      {"alicematic-heroes", "      - when: each-round", "      - [when]: flip", "a key is a word"},
  };
  for (const Case& c : cases) {
    std::string text = standard_text(c.game);
    const auto at = text.find("\n" + c.key + "\n");
    ASSERT_NE(at, std::string::npos) << c.key;
    // The block: the key's line and the lines indented deeper than it.
    const auto indent = c.key.find_first_not_of(" -");
    auto end = at + 1 + c.key.size() + 1;
    while (end < text.size() && text.find_first_not_of(' ', end) - end > indent && text[end] != '\n')
      end = text.find('\n', end) + 1;
    text.replace(at + 1, end - at - 1, c.value + "\n");
    std::string error;
    if (c.game == "tea-time") error = catalog_error(tea_time::parse_catalog, text);
    if (c.game == "hide-and-seek") error = catalog_error(hide_and_seek::parse_catalog, text);
    if (c.game == "alicematic-heroes") error = catalog_error(alicematic::parse_catalog, text);
    EXPECT_TRUE(located(error)) << c.game << ": " << c.value << " -> " << error;
    EXPECT_NE(error.find(c.says), std::string::npos) << c.game << ": " << error;
  }
  // Through the command line: the log's catalog line is blamed, nothing aborts.
  const std::string dir = testing::temp_dir() + "/shapes";
  std::filesystem::create_directories(dir);
  std::string text = standard_text("tea-time");
  text.replace(text.find("alice-card:\n"), 12, "alice-card: [1]\nx:\n");  // refused at its first flaw
  testing::write_file(dir + "/tea-time.yaml", text);
  const std::string log = testing::generated(2, 1);
  testing::write_file(dir + "/game.wlog", log);
  auto r = run_cli({"verify", dir + "/game.wlog"});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.out.find("catalog 'tea-time' cannot be used: " + dir + "/tea-time.yaml:"), std::string::npos) << r.out;
}

// 3. Cyber drawing 20 cards overflowed a fixed list of 8 in gen and in the replay; a log could
// not name more than 8 cards either. Such draws are now generated, written and replayed.
TEST(Reliability, ACatalogDrawingTwentyCardsAtOnceIsPlayedAndReplayed) {
  std::string text = standard_text("alicematic-heroes");
  const std::string from = "do: [{discard: {count: 1}}, {draw: {count: 1}}]";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "do: [{discard: {count: 1}}, {draw: {count: 20}}]");
  const std::string path = write_temp("cyber-20.yaml", text);
  int long_draws = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const std::string log = generated_alicematic(3, seed, path);
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);)
      if (line.find("use Cyber") != std::string::npos &&
          std::count(line.begin(), line.end(), ',') >= 8)  // 9 or more cards drawn
        ++long_draws;
    for (const GameReport& r : testing::verify_text(log))
      EXPECT_TRUE(r.valid) << "seed " << seed << ": " << (r.error ? r.error->message : "");
  }
  EXPECT_GT(long_draws, 0) << "no generated game drew more than 8 cards at once";
}

// AlicematiC's State holds its lists in place up to the standard box's sizes (91 spaces, 48 card
// kinds: performance.md, "Session 59"); a catalog past them (a 15-tile map for 5 players, 51 kinds
// of card) is played and replayed as well, its lists allocated. Run under ASan in CI too.
TEST(Reliability, ACatalogLargerThanTheBoxIsPlayedAndReplayed) {
  std::string text = standard_text("alicematic-heroes");
  const std::string last_position = "      - {name: m, city: [-1, -4]}\n";
  ASSERT_NE(text.find(last_position), std::string::npos);
  // Two more tiles beside d and g, on the tiling's lattice: the box's 15 tiles all laid.
  text.insert(text.find(last_position) + last_position.size(),
              "      - {name: n, city: [4, 2]}\n      - {name: o, city: [-4, -2]}\n");
  const std::string first_card = "  - name: Ninja\n";
  ASSERT_NE(text.find(first_card), std::string::npos);
  const std::vector<std::string> names = {"Archer", "Bard",   "Cook",   "Diver",  "Envoy",  "Falconer", "Glazier",
                                          "Herald", "Inker",  "Jester", "Keeper", "Lancer", "Miller",   "Notary"};
  std::string extra;  // before the first card: the box's cards are indexed past 48 then
  for (const std::string& name : names)
    extra += "  - name: " + name +
             "\n    colour: white\n    cost: 0\n    count: 2\n    text: \"test filler\"\n    source: \"stand-in: a test's\"\n";
  text.insert(text.find(first_card), extra);
  const std::string path = write_temp("larger-than-the-box.yaml", text);
  const alicematic::Catalog catalog = alicematic::parse_catalog(text, path);
  ASSERT_EQ(catalog.cards.size(), 51u);
  int extra_cards_seen = 0;  // dealt, drawn or played
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const std::string log = generated_alicematic(5, seed, path);
    const std::size_t tiles = log.find("\ntiles: ");
    ASSERT_NE(tiles, std::string::npos);
    const std::string tiles_line = log.substr(tiles + 1, log.find('\n', tiles + 1) - tiles - 1);
    EXPECT_EQ(std::count(tiles_line.begin(), tiles_line.end(), '/'), 15) << tiles_line;
    for (const std::string& name : names) extra_cards_seen += log.find(" " + name) != std::string::npos;
    for (const GameReport& r : testing::verify_text(log)) {
      EXPECT_TRUE(r.valid) << "seed " << seed << ": " << (r.error ? r.error->message : "");
      EXPECT_EQ(r.players.size(), 5u);
    }
  }
  EXPECT_GT(extra_cards_seen, 0) << "no generated game dealt, drew or played one of the extra cards";
}

// 4. 100,000 Kingdoms took 14 s to load (quadratic checks, the limit checked after the loop).
// Every list has a maximum, checked before its entries are read: the error points at the first
// entry too many.
TEST(Reliability, ATooLongListIsRefusedAtItsFirstEntryTooMany) {
  std::string text = standard_text("alicematic-heroes");
  const std::string from = "  names: [Queen of Hearts, Humpty Dumpty, Mad Hatter, Cheshire Cat, March Hare]\n";
  ASSERT_NE(text.find(from), std::string::npos);
  const auto line = std::count(text.begin(), text.begin() + static_cast<long>(text.find(from)), '\n') + 1;
  std::string names = "  names:\n";
  for (int i = 0; i < 100000; ++i) names += "    - Kingdom " + std::to_string(i) + "\n";
  text.replace(text.find(from), from.size(), names);
  const std::string error = catalog_error(alicematic::parse_catalog, text);
  // The ninth name (entry 9 of at most 8) is on the 9th line after 'names:'.
  EXPECT_EQ(error.rfind("c.yaml:" + std::to_string(line + 9) + ":7: error: ", 0), 0u) << error.substr(0, 200);
  EXPECT_NE(error.find("at most 8 entries"), std::string::npos) << error.substr(0, 200);
}

// 5. A step without its arguments was reported with no line or column.
TEST(Reliability, AStepWithoutItsArgumentsIsLocatedAtItsName) {
  std::string text = standard_text("alicematic-heroes");
  const std::string from = "do: [{discard: {count: 1}}, {draw: {count: 1}}]";
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  const auto line = std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1;
  const auto column = at - text.rfind('\n', at);
  for (const char* bare : {"do: [gain-tokens]", "do: [{gain-tokens: }]", "do: [{gain-tokens: {count: 1}}]"}) {
    std::string broken = text;
    broken.replace(at, from.size(), bare);
    const std::string error = catalog_error(alicematic::parse_catalog, broken);
    const std::string where = "c.yaml:" + std::to_string(line) + ":" + std::to_string(column + 5 + (bare[5] == '{'));
    EXPECT_EQ(error.rfind(where + ": error: 'gain-tokens' needs '", 0), 0u) << bare << " -> " << error;
  }
}

// 6. fmt dropped the move number of a numbered game header, turning an invalid log valid.
TEST(Reliability, FmtRefusesANumberedGameHeaderAsVerifyDoes) {
  std::string log = testing::read_file(
      testing::source_path("replays/hide-and-seek/alice-guard-finds-last-companion-open.wlog"));
  const auto at = log.find("\nstart: ");
  ASSERT_NE(at, std::string::npos);
  log.insert(at + 1, "3. ");
  const auto line = std::count(log.begin(), log.begin() + static_cast<long>(at), '\n') + 2;
  std::string out;
  Diagnostic problem;
  EXPECT_FALSE(format_log(log, out, problem));
  EXPECT_EQ(problem.pos.line, static_cast<std::uint32_t>(line));
  EXPECT_EQ(problem.pos.column, 4u);
  EXPECT_EQ(problem.message, "a header has no move number");
  const auto reports = testing::verify_text(log);
  ASSERT_EQ(reports.size(), 1u);
  ASSERT_TRUE(reports[0].error.has_value());
  EXPECT_EQ(reports[0].error->pos.line, problem.pos.line);
  EXPECT_EQ(reports[0].error->message, problem.message);
}

// 7. legal_moves() never offered an invasion paid with Diva's yellow tokens (AH-32), so gen
// never played one. Generated games now do, and they verify (Diva is 1 card in 90: these are
// the seeds of 1..200 whose 3-player games pay so; item 7 of docs/reliability.md).
TEST(Reliability, GeneratedGamesPayInvasionsWithDivasYellowTokens) {
  int yellow = 0;
  for (std::uint64_t seed : {85, 96, 126, 144}) {
    const std::string log = generated_alicematic(3, seed);
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);)
      if (std::regex_search(line, std::regex(": invade [a-z][0-9]+ pay .*yellow"))) ++yellow;
    for (const GameReport& r : testing::verify_text(log)) EXPECT_TRUE(r.valid) << "seed " << seed;
  }
  EXPECT_GE(yellow, 4);
}

// 8. A shared victory gave a tie_break text in JSON, where docs/cli.md says null.
TEST(Reliability, ASharedVictoryHasNoTieBreak) {
  const std::string log = write_temp("shared.wlog", [] {
    GenOptions options;
    options.readings = findings_readings();
    options.players = 5;
    options.seed = 3;
    options.table = true;
    std::string error;
    return find_game("alicematic-heroes")->generate(options, error);
  }());
  auto r = run_cli({"verify", "--format", "json", log});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\"winners\":[\"Bill\",\"Mabel\"],\"tie_break\":null"), std::string::npos) << r.out;
  auto s = run_cli({"score", log});
  EXPECT_NE(s.out.find("Shared victory: Bill and Mabel (tied on points and on Alices, AH-25)."), std::string::npos)
      << s.out;
}

// Found by fuzz_catalog_alicematic: with a 15-card catalog the deck is empty after the deal, and
// a mulligan's discards were shuffled straight back into its own draw: unknown cards in an open
// hand, then no legal move. The discards now land after the draw (AH-4, as AH-34).
TEST(Reliability, AMulliganNeverRedrawsItsOwnDiscards) {
  const std::string path =
      testing::source_path("tests/fuzz/regressions/fuzz_catalog_alicematic/mulligan-redraws-own-discards.yaml");
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const std::string log = generated_alicematic(3, seed, path);
    for (const GameReport& r : testing::verify_text(log)) EXPECT_TRUE(r.valid) << "seed " << seed;
  }
}

// The write-back oracle of the catalog fuzz targets needs write_catalog() for every game: the
// standard catalogs come back the same, every field kept (sources, names, King tiles).
TEST(Reliability, EveryCatalogWrittenBackLoadsTheSame) {
  const auto tt = tea_time::parse_catalog(standard_text("tea-time"), "c.yaml");
  const std::string tt_text = tea_time::write_catalog(tt);
  EXPECT_EQ(tea_time::write_catalog(tea_time::parse_catalog(tt_text, "w.yaml")), tt_text);
  EXPECT_NE(tt_text.find("Hoedenmaker / Chapelier"), std::string::npos);
  EXPECT_NE(tt_text.find("1 Alice-kaart"), std::string::npos);
  const auto hs = hide_and_seek::parse_catalog(standard_text("hide-and-seek"), "c.yaml");
  const std::string hs_text = hide_and_seek::write_catalog(hs);
  const auto again = hide_and_seek::parse_catalog(hs_text, "w.yaml");
  EXPECT_EQ(hide_and_seek::write_catalog(again), hs_text);
  EXPECT_EQ(again.kings.size(), 3u);
  EXPECT_EQ(again.companions_source, hs.companions_source);
  EXPECT_EQ(again.counts(), hs.counts());
  EXPECT_EQ(again.recto, hs.recto);
  EXPECT_EQ(again.verso, hs.verso);
  const auto rw = rolling::parse_catalog(standard_text("rolling-in-wonderland"), "c.yaml");
  const std::string rw_text = rolling::write_catalog(rw);
  const auto rw_again = rolling::parse_catalog(rw_text, "w.yaml");
  EXPECT_EQ(rolling::write_catalog(rw_again), rw_text);
  EXPECT_EQ(rw_again.caterpillar.icons, rw.caterpillar.icons);
  EXPECT_EQ(rw_again.rabbit.stars, rw.rabbit.stars);
  EXPECT_EQ(rw_again.hatter.size(), rw.hatter.size());
  EXPECT_EQ(rw_again.objectives[0].ja, rw.objectives[0].ja);
  EXPECT_EQ(rw_again.jabberwock, rw.jabberwock);
  EXPECT_NE(rw_text.find("stand-in"), std::string::npos);
}

// Found by fuzz_catalog_tea_time: a name followed by carriage returns loaded, write_catalog()
// wrote them as they were, and the catalog came back changed. A control character (not a tab or a
// line break) in any key or text of any game's catalog is refused, at the text that holds it.
TEST(Reliability, ACatalogTextWithAControlCharacterIsRefusedWhereItStands) {
  const std::string found = testing::read_file(
      testing::source_path("tests/fuzz/regressions/fuzz_catalog_tea_time/carriage-returns-in-a-name.yaml"));
  std::string error = catalog_error(tea_time::parse_catalog, found);
  EXPECT_EQ(error.rfind("c.yaml:25:11: error: ", 0), 0u) << error;
  EXPECT_NE(error.find("byte 0x0d after 'Caterpillar'"), std::string::npos) << error;
  // Any game, a key as well as a value; a tab inside a text is still text.
  std::string rw = standard_text("rolling-in-wonderland");
  const std::size_t title = rw.find("\ntitle: Rolling in ") + 18;
  rw[title] = '\t';
  EXPECT_EQ(rolling::parse_catalog(rw, "tab.yaml").title.substr(0, 11), "Rolling in\t");
  const std::size_t key = rw.find("\ngame:") + 1;
  rw.insert(key + 2, 1, '\x7f');
  error = catalog_error(rolling::parse_catalog, rw);
  EXPECT_NE(error.find("byte 0x7f after 'ga'"), std::string::npos) << error;
  std::string ah = standard_text("alicematic-heroes");
  ah.insert(ah.find("\ntitle: ") + 12, std::string(1, '\0'));
  EXPECT_NE(catalog_error(alicematic::parse_catalog, ah), "");
  // In a long text, what comes before the byte is shown by its last 40 bytes.
  std::string tt = standard_text("tea-time");
  tt.insert(tt.find("P for the caterpillar's pipe") + 28, 1, '\x1b');
  error = catalog_error(tea_time::parse_catalog, tt);
  EXPECT_NE(error.find("byte 0x1b after '... Chenille); P for the caterpillar's pipe'"), std::string::npos) << error;
}

// 94. Found by fuzz_catalog_hide_and_seek (session 57): an alias inside the very node it names
// (`&a [1, *a]`) makes the loaded tree a cycle. An alias was refused, and the tree not walked,
// only where the alias was the catalog's first fault: after an earlier one (here a control byte),
// the walk for unreadable text went round the cycle until the stack overflowed. Any alias now
// keeps the tree from being walked; the first fault is told.
TEST(Reliability, AnAliasInsideItselfAfterAnotherFaultIsRefusedNotWalked) {
  const std::string found = testing::read_file(testing::source_path(
      "tests/fuzz/regressions/fuzz_catalog_hide_and_seek/alias-inside-itself-after-a-fault.yaml"));
  EXPECT_NE(catalog_error(hide_and_seek::parse_catalog, found), "");
  std::string tt = standard_text("tea-time");
  const std::size_t title = tt.find("\ntitle: ");
  tt.insert(title + 1, "x0: \"\x01\"\nx1: &a [1, *a]\n");
  const std::string error = catalog_error(tea_time::parse_catalog, tt);
  EXPECT_NE(error.find("holds byte 0x01"), std::string::npos) << error;  // the first fault, on its line
  EXPECT_EQ(error.rfind("c.yaml:" + std::to_string(std::count(tt.begin(), tt.begin() + title + 1, '\n') + 1) + ":", 0),
            0u)
      << error;
}

// 19. An overlong UTF-8 form of a carriage return (0xC0 0x8D) in a hide-and-seek catalog's source
// loaded, and write_catalog wrote it out as the carriage return it encodes, which the catalog
// read back refused. Text that is not well-formed UTF-8 is now refused where it stands.
TEST(Reliability, ACatalogTextThatIsNotUtf8IsRefusedWhereItStands) {
  const std::string found = testing::read_file(
      testing::source_path("tests/fuzz/regressions/fuzz_catalog_hide_and_seek/overlong-carriage-return.yaml"));
  const std::string error = catalog_error(hide_and_seek::parse_catalog, found);
  EXPECT_EQ(error.rfind("c.yaml:20:13: error: ", 0), 0u) << error;
  EXPECT_NE(error.find("byte 0xc0 after 'rulebook: '19 tuiles Jardin', y', which starts no UTF-8 character"),
            std::string::npos)
      << error;
  // Latin-1 where UTF-8 belongs, in a Tea Time name; well-formed accents still load.
  std::string tt = standard_text("tea-time");
  const std::size_t name = tt.find("name: ") + 6;
  std::string latin1 = tt;
  latin1.insert(name, "Caf\xe9 ");
  EXPECT_NE(catalog_error(tea_time::parse_catalog, latin1).find("byte 0xe9 after 'Caf'"), std::string::npos);
  std::string accented = tt;
  accented.insert(name, "Caf\xc3\xa9 ");
  EXPECT_EQ(catalog_error(tea_time::parse_catalog, accented), "");
}

// 23. A log's line that is not UTF-8 was accepted as it stood (a Latin-1 'Andr\xe9' played as a
// name, and messages printed its raw bytes); it is refused at the first byte that starts no UTF-8
// character, before and after the game's first line alike, and the excerpt escapes it.
TEST(Reliability, ALineThatIsNotUtf8IsRefusedWhereItStands) {
  const std::string head = "wonderlog 1\ngame: tea-time\ncatalog: tea-time\n";
  const std::vector<GameReport> latin1 = testing::verify_text(head + "players: Andr\xe9, Nina\n");
  ASSERT_EQ(latin1.size(), 1u);
  ASSERT_TRUE(latin1[0].error);
  EXPECT_EQ(latin1[0].error->kind, ErrorKind::syntax);
  EXPECT_EQ(latin1[0].error->pos, (SourcePos{4, 14}));
  EXPECT_EQ(latin1[0].error->message,
            "expected UTF-8 text, found byte 0xE9, which starts no UTF-8 character (a file saved as Latin-1 or "
            "Windows-1252? save it again as UTF-8)");
  const std::string rendered = render("x.wlog", *latin1[0].error, Severity::error);
  EXPECT_EQ(rendered.substr(rendered.find('\n') + 1), " 4 | players: Andr\\xE9, Nina\n   |              ^~~~\n");
  // A character cut short at the line's end, and an overlong form, are not UTF-8 either; a
  // comment before the game is read as strictly.
  for (const std::string bad : {"players: Ann, Bo\xe2\x82\n", "players: Ann, Bo\xc0\xafx\n"}) {
    const std::vector<GameReport> r = testing::verify_text(head + bad);
    ASSERT_TRUE(r[0].error) << bad;
    EXPECT_EQ(r[0].error->message.rfind("expected UTF-8 text, found byte 0x", 0), 0u) << r[0].error->message;
    EXPECT_EQ(r[0].error->pos, (SourcePos{4, 17})) << bad;
  }
  const std::vector<GameReport> before = testing::verify_text("# caf\xe9\n" + head + "players: Ann, Bo\n");
  ASSERT_TRUE(before[0].error);
  EXPECT_EQ(before[0].error->pos, (SourcePos{1, 6}));
  EXPECT_EQ(before[0].error->message.rfind("expected UTF-8 text, found byte 0xE9", 0), 0u) << before[0].error->message;
}

// Found by hand while fuzzing the command line: `fmt /dev/zero` and `verify /dev/zero` read for
// ever, and so would an endless pipe of short lines (`yes | wonderlog verify -`). A line and a
// game have limits (docs/log-format.md), and past them the input is refused with exit 2.
TEST(Reliability, AnEndlessInputIsRefusedNotReadForever) {
  for (const char* command : {"verify", "fmt", "score"}) {
    auto r = run_cli({command, "/dev/zero"});
    EXPECT_EQ(r.code, 2) << command << r.out << r.err;
    EXPECT_NE(r.err.find("cannot read '/dev/zero': line 1 is longer than 64 MiB"), std::string::npos)
        << command << r.err;
  }
  std::string endless = "wonderlog 1\n";
  for (int i = 0; i < 1'000'001; ++i) endless += "y\n";
  const std::string path = write_temp("endless.wlog", endless);
  auto v = run_cli({"verify", path});
  EXPECT_EQ(v.code, 2) << v.err;
  EXPECT_NE(v.err.find("the game that starts on line 1 has more than 1000000 lines"), std::string::npos) << v.err;
  // A file of many games streams: each game is within the limits.
  std::string many;
  for (int i = 0; i < 300; ++i) many += testing::generated(2, static_cast<std::uint64_t>(i % 7 + 1)) + "\n";
  auto m = run_cli({"verify", write_temp("many.wlog", many)});
  EXPECT_EQ(m.code, 0) << m.err;
}

// Every input a fuzz target has found is kept in tests/fuzz/regressions/<target>/ and is run here
// through the target's oracles, so that the Release and sanitizer suites hold them too.
TEST(Reliability, TheFuzzTargetsFindingsHoldTheirOracles) {
  namespace fs = std::filesystem;
  int logs = 0;
  for (const auto& e : fs::directory_iterator(testing::source_path("tests/fuzz/regressions/fuzz_log"))) {
    ++logs;
    const std::string text = testing::read_file(e.path().string());
    std::string once, twice;
    Diagnostic problem;
    // verify --readings all gives the same verdict, and depends only on rulings it consulted.
    const std::vector<GameReport> plain = testing::verify_text(text, "fuzz.wlog");
    const std::vector<GameReport> all = testing::verify_text(text, "fuzz.wlog", true);
    ASSERT_EQ(all.size(), plain.size()) << e.path();
    for (std::size_t g = 0; g < all.size(); ++g) {
      EXPECT_EQ(all[g].valid, plain[g].valid) << e.path();
      EXPECT_EQ(all[g].moves, plain[g].moves) << e.path();
      if (!all[g].depends_on) continue;
      for (const Dependence& d : *all[g].depends_on) {
        // Or on a ruling another reading of a consulted one brought into play (`with`).
        const std::string& first = d.consulted_ruling();
        EXPECT_NE(std::find(all[g].consulted.begin(), all[g].consulted.end(), first), all[g].consulted.end())
            << e.path() << ": depends on " << first << ", which it did not consult";
      }
    }
    if (!format_log(text, once, problem)) continue;
    ASSERT_TRUE(format_log(once, twice, problem)) << e.path() << ": " << problem.message;
    EXPECT_EQ(twice, once) << e.path();
  }
  EXPECT_GE(logs, 2);
}

// 20. Found by fuzz_log: a Rolling set-up refused by RW-3 (a persistent card 'kept' under the
// default reading) was said by `verify --readings all` to depend on RW-3, while the game's record
// of consulted rulings was empty: a set-up that fails records nothing. The ruling that refused
// the set-up is now recorded as consulted, as the dependence already counted it.
TEST(Reliability, ASetUpRefusedByADisputedRulingConsultedIt) {
  const std::string found =
      testing::read_file(testing::source_path("tests/fuzz/regressions/fuzz_log/setup-refused-under-a-reading.wlog"));
  const std::vector<GameReport> r = testing::verify_text(found, "fuzz.wlog", true);
  ASSERT_EQ(r.size(), 1u);
  ASSERT_TRUE(r[0].error);
  EXPECT_EQ(r[0].error->rule, "RW-3");
  EXPECT_EQ(r[0].consulted, std::vector<std::string>{"RW-3"});
  ASSERT_TRUE(r[0].depends_on);
  ASSERT_EQ(r[0].depends_on->size(), 1u);
  EXPECT_EQ((*r[0].depends_on)[0].ruling, "RW-3");
}

// 21. Found by hand: a C1 control character (U+0080 to U+009F), well-formed UTF-8, passed the
// reader's control-byte check: a player named "Ar<U+0085>thur" was accepted, and a diagnostic
// printed the character as it was, where U+009B starts a terminal's escape sequence. Such a
// character is refused where it stands, in a log and in a catalog, and an excerpt escapes it.
TEST(Reliability, AnInvisibleC1ControlCharacterIsRefusedWhereItStands) {
  const std::string head = "wonderlog 1\ngame: tea-time\ncatalog: tea-time\n";
  const std::vector<GameReport> named = testing::verify_text(head + "players: Ar\xC2\x85thur, Nina\n");
  ASSERT_EQ(named.size(), 1u);
  ASSERT_TRUE(named[0].error);
  EXPECT_EQ(named[0].error->kind, ErrorKind::syntax);
  EXPECT_EQ(named[0].error->pos, (SourcePos{4, 12}));
  EXPECT_EQ(
      named[0].error->message,
      "expected text (this line holds an invisible control character), found U+0085 (a Windows-1252 '\xE2\x80\xA6' "
      "converted as Latin-1?)");
  // Shown escaped, the underline as wide as the escape.
  const std::string rendered = render("x.wlog", *named[0].error, Severity::error);
  EXPECT_EQ(rendered.substr(rendered.find('\n') + 1),
            " 4 | players: Ar<U+0085>thur, Nina\n"
            "   |            ^~~~~~~~\n");
  // The first of a C1 character and a control byte is the one reported; other text outside ASCII
  // is text (a Japanese name, an accent, the euro sign itself).
  const std::vector<GameReport> both = testing::verify_text(head + "players: A\xC2\x9B\x1B, Nina\n");
  ASSERT_TRUE(both[0].error);
  EXPECT_EQ(both[0].error->pos, (SourcePos{4, 11}));
  EXPECT_EQ(both[0].error->message.substr(both[0].error->message.find("found ")),
            "found U+009B (a Windows-1252 '\xE2\x80\xBA' converted as Latin-1?)");
  const std::vector<GameReport> c0_first = testing::verify_text(head + "players: A\x1B\xC2\x9B, Nina\n");
  ASSERT_TRUE(c0_first[0].error);
  EXPECT_EQ(c0_first[0].error->message.substr(c0_first[0].error->message.find("found ")), "found '\\x1B'");
  const std::vector<GameReport> names =
      testing::verify_text(head + "players: \xE6\xB8\xA1\xE8\xBE\xBA, \xC3\x89mile \xE2\x82\xAC\n");
  ASSERT_TRUE(names[0].error);
  EXPECT_NE(names[0].error->kind, ErrorKind::syntax) << names[0].error->message;
  // U+0081 stands for no Windows-1252 character.
  EXPECT_EQ(describe_c1_control("\xC2\x81", 0), "U+0081");
  // In a catalog's text.
  std::string tt = standard_text("tea-time");
  tt.insert(tt.find("name: ") + 6, "Nina\xC2\x92s ");
  const std::string error = catalog_error(tea_time::parse_catalog, tt);
  EXPECT_NE(error.find("holds the invisible control character U+0092 (a Windows-1252 '\xE2\x80\x99' converted as "
                       "Latin-1?) after 'Nina'"),
            std::string::npos)
      << error;
}

// Found in a review by a box owner editing catalogs: a key given twice kept its first value (a
// corrected cost silently dropped, and the verdict with it); a few lines of nested aliases ran
// for minutes; a NUL byte was read as an escape; a file of tens of megabytes was parsed whole
// (gigabytes) before a list's limit refused it; and a folder named `*.yaml` beside a log whose
// catalog was not found ended the run. Each is now a located refusal, or passed over.
TEST(Reliability, ACatalogsKeysAliasesNulAndSizeAreRefusedWhereTheyStand) {
  std::string ah = standard_text("alicematic-heroes");
  const std::size_t cost = ah.find("\n    cost: ");
  ASSERT_NE(cost, std::string::npos);
  const std::size_t cost_end = ah.find('\n', cost + 1);
  const std::string line = ah.substr(cost, cost_end - cost);
  ah.insert(cost_end, line);
  const std::string twice = catalog_error(alicematic::parse_catalog, ah);
  EXPECT_NE(twice.find(": 'cost:' is given twice in this mapping (first on line "), std::string::npos) << twice;
  EXPECT_EQ(twice.find("c.yaml:" + std::to_string(std::count(ah.begin(), ah.begin() + cost_end + 1, '\n') + 1) + ":"),
            0u)
      << twice;
  std::string tt = standard_text("tea-time");
  const std::size_t title = tt.find("\ntitle: ");
  std::string bomb = tt;
  bomb.insert(title + 1, "x0: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nx1: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n");
  const std::string alias = catalog_error(tea_time::parse_catalog, bomb);
  EXPECT_NE(alias.find("an alias ('*' and a name) is not read here"), std::string::npos) << alias;
  std::string nul = tt;
  nul.insert(title + 9, std::string(1, '\0'));
  const std::string zero = catalog_error(tea_time::parse_catalog, nul);
  EXPECT_NE(zero.find("holds byte 0x00"), std::string::npos) << zero;
  std::string large = tt + "# " + std::string(kMostCatalogBytes, 'x') + "\n";
  EXPECT_NE(catalog_error(tea_time::parse_catalog, large).find("a catalog is at most 4 MiB"), std::string::npos);
  // Two characters of one name, two King of Hearts tiles of one code (accepted: found in review).
  std::string names = tt;
  const std::size_t first_name = names.find("name: ");
  const std::size_t second_name = names.find("name: ", names.find("- code:", first_name));
  ASSERT_NE(second_name, std::string::npos);
  names.replace(second_name + 6, names.find('\n', second_name) - second_name - 6,
                names.substr(first_name + 6, names.find('\n', first_name) - first_name - 6));
  EXPECT_NE(catalog_error(tea_time::parse_catalog, names).find("' is used twice"), std::string::npos);
  std::string kings = standard_text("hide-and-seek");
  const std::size_t move = kings.find("code: move");
  ASSERT_NE(move, std::string::npos);
  kings.replace(move, 10, "code: look");
  EXPECT_NE(catalog_error(hide_and_seek::parse_catalog, kings).find("code 'look' is used twice"), std::string::npos);
  // Found by the catalog fuzz targets at the end of the session: on some ill-formed text yaml-cpp's
  // event parser hands out empty documents for ever, and the pass above ran until the timeout. It
  // reads the first document only, as YAML::Load does; each is refused.
  const std::string regressions = testing::source_path("tests/fuzz/regressions/");
  EXPECT_NE(catalog_error(tea_time::parse_catalog,
                          testing::read_file(regressions + "fuzz_catalog_tea_time/endless-documents.yaml")),
            "");
  EXPECT_NE(catalog_error(hide_and_seek::parse_catalog,
                          testing::read_file(regressions + "fuzz_catalog_hide_and_seek/endless-documents.yaml")),
            "");
  EXPECT_NE(catalog_error(alicematic::parse_catalog,
                          testing::read_file(regressions + "fuzz_catalog_alicematic/endless-documents.yaml")),
            "");
  // A folder named like a catalog beside a log whose catalog is not found: listed past, not read.
  const std::string dir = testing::temp_dir() + "/folder-yaml";
  std::filesystem::create_directories(dir + "/old.yaml");
  testing::write_file(dir + "/lost.wlog", "wonderlog 1\ngame: tea-time\ncatalog: our-box\nplayers: A, B\n");
  const auto run = testing::run_cli({"verify", "--catalog-dir", dir, dir + "/lost.wlog"});
  EXPECT_EQ(run.code, 1) << run.err;
  EXPECT_NE(run.out.find("catalog 'our-box' not found"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace wonderlog
