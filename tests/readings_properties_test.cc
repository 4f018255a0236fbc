// Properties of readings over random games: generated games verify under the readings they were
// played by, fmt writes any readings header canonically, and `verify --readings all` reports
// only what the replay consulted. CI pins RapidCheck's seed (RC_PARAMS in .ci/run).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <sstream>

#include "engine/core/readings.h"
#include "tests/testing.h"
#include "verifier/format.h"
#include "verifier/readings.h"
#include "verifier/registry.h"
#include "verifier/report.h"

namespace wonderlog {
namespace {

int players_for(const GameModule& game) {
  if (game.id() == "hide-and-seek") return 2;
  if (game.id() == "alicematic-heroes") return *rc::gen::inRange(3, 6);
  return *rc::gen::inRange(2, 5);
}

// Some disputes of `game` with a reading each (defaults included: a table may name them).
std::vector<ChosenReading> some_readings(const GameModule& game) {
  std::vector<ChosenReading> chosen;
  const std::vector<const Ruling*> all = disputes(game.rulings());
  for (std::size_t d = 0; d < all.size(); ++d)
    if (*rc::gen::arbitrary<bool>())
      chosen.push_back({static_cast<int>(d), *rc::gen::inRange(0, static_cast<int>(all[d]->readings.size()))});
  return chosen;
}

std::string generate(const GameModule& game, const std::vector<ChosenReading>& readings, int players,
                     std::uint64_t seed) {
  GenOptions options;
  options.readings = readings;
  options.players = players;
  options.seed = seed;
  std::string error;
  std::string log = game.generate(options, error);
  RC_ASSERT(error.empty());
  return log;
}

RC_GTEST_PROP(ReadingsProperties, GeneratedGamesVerifyUnderTheReadingsTheyWerePlayedBy, ()) {
  const GameModule& game = **rc::gen::elementOf(all_games());
  const std::vector<ChosenReading> readings = some_readings(game);
  const std::string log = generate(game, readings, players_for(game), *rc::gen::inRange<std::uint64_t>(1, 1u << 30));
  const auto reports = testing::verify_text(log);
  RC_ASSERT(reports.size() == 1u);
  if (!reports[0].valid) RC_FAIL(reports[0].error->message + "\n" + log);
  std::vector<std::string> expected;
  std::vector<ChosenReading> sorted = readings;
  std::sort(sorted.begin(), sorted.end(), [](auto a, auto b) { return a.dispute < b.dispute; });
  for (const ChosenReading& c : sorted) expected.push_back(reading_text(game, c));
  RC_ASSERT(reports[0].readings == expected);
}

RC_GTEST_PROP(ReadingsProperties, FmtWritesAnyReadingsHeaderCanonically, ()) {
  const GameModule& game = **rc::gen::elementOf(all_games());
  std::vector<ChosenReading> readings = some_readings(game);
  RC_PRE(!readings.empty());
  // As a person might write it: any order, any case, spaces around '=' and ','.
  std::vector<ChosenReading> written = readings;
  for (std::size_t i = written.size(); i > 1; --i)  // any order
    std::swap(written[i - 1], written[*rc::gen::inRange<std::size_t>(0, i)]);
  std::string header = "readings:";
  for (std::size_t i = 0; i < written.size(); ++i) {
    std::string item = reading_text(game, written[i]);
    if (*rc::gen::arbitrary<bool>()) item = ascii_lower(item);
    if (*rc::gen::arbitrary<bool>()) item = ascii_upper(item);
    const std::size_t eq = item.find('=');
    if (*rc::gen::arbitrary<bool>()) item = item.substr(0, eq) + " = " + item.substr(eq + 1);
    header += (i ? (*rc::gen::arbitrary<bool>() ? " ," : ",") : "") + std::string(" ") + item;
  }
  std::string log = generate(game, {}, players_for(game), *rc::gen::inRange<std::uint64_t>(1, 1000));
  log.insert(log.find("event:"), header + "\n");
  std::string out, again;
  Diagnostic problem;
  RC_ASSERT(format_log(log, out, problem));
  std::sort(readings.begin(), readings.end(), [](auto a, auto b) { return a.dispute < b.dispute; });
  RC_ASSERT(out.find("\nreadings: " + readings_text(game, readings) + "\n") != std::string::npos);
  RC_ASSERT(format_log(out, again, problem));
  RC_ASSERT(again == out);
}

// A generated game, sometimes with one body line dropped (so that it may be invalid).
std::string some_game(const GameModule& game) {
  std::string log = generate(game, some_readings(game), players_for(game), *rc::gen::inRange<std::uint64_t>(1, 1u << 30));
  if (*rc::gen::arbitrary<bool>()) {
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    const std::size_t drop = *rc::gen::inRange<std::size_t>(lines.size() / 2, lines.size());
    log.clear();
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (i != drop) log += lines[i] + "\n";
  }
  return log;
}

RC_GTEST_PROP(ReadingsProperties, AVerdictDependsOnlyOnRulingsItConsulted, ()) {
  const GameModule& game = **rc::gen::elementOf(all_games());
  const std::string log = some_game(game);
  const GameReport plain = testing::verify_text(log)[0];
  const GameReport all = testing::verify_text(log, "test.wlog", true)[0];
  RC_ASSERT(all.depends_on.has_value());
  RC_ASSERT(!plain.depends_on.has_value());
  RC_ASSERT(all.consulted == plain.consulted);
  auto consulted = [&](const std::string& ruling) {
    return std::find(all.consulted.begin(), all.consulted.end(), ruling) != all.consulted.end();
  };
  for (const Dependence& d : *all.depends_on) {
    // On a ruling the game consulted, or on one that another reading of such a ruling brought into
    // play (`with`), which the game did not consult: never two rulings the game consulted.
    RC_ASSERT(consulted(d.consulted_ruling()));
    if (!d.with.empty()) {
      RC_ASSERT(d.with.size() == 1u);
      RC_ASSERT(!consulted(d.ruling));
    }
  }
  if (all.consulted.empty()) RC_ASSERT(all.depends_on->empty());
  // Checking the other readings never changes the verdict under the readings in force.
  RC_ASSERT(all.valid == plain.valid);
  RC_ASSERT(all.scores == plain.scores);
  RC_ASSERT(all.winners == plain.winners);
  RC_ASSERT(all.error.has_value() == plain.error.has_value());
  if (plain.error) RC_ASSERT(all.error->message == plain.error->message);
  // With nothing depending, `--readings all` prints what `verify` prints.
  if (all.depends_on->empty()) RC_ASSERT(text_report(all) == text_report(plain));
}

}  // namespace
}  // namespace wonderlog
