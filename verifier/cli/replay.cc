// wonderlog replay FILE --to N: the position after move N, drawn as text.
#include "verifier/cli/one_game.h"

namespace wonderlog::cli {

void setup_replay(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<OneGame>();
  auto to = std::make_shared<int>(0);
  CLI::App* sub = app.add_subcommand("replay", "Draw the position after a given move");
  o->bind(sub);
  sub->add_option("--to", *to, "The move after which to draw the position (0: before the first move)")
      ->required()
      ->check(CLI::NonNegativeNumber);
  sub->callback([o, to, &exit_code] {
    exit_code = o->run([&](const GameModule& m, const grammar::ParsedGame& g, const Context& c, GameReport& r, int&) {
      return m.replay(g, c, *to, r);
    });
  });
}

}  // namespace wonderlog::cli
