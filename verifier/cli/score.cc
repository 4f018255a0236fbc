// wonderlog score FILE: the final scores and how each was made.
#include "verifier/cli/one_game.h"

namespace wonderlog::cli {

void setup_score(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<OneGame>();
  CLI::App* sub = app.add_subcommand("score", "Show the final scores and how each was made");
  o->bind(sub);
  sub->callback([o, &exit_code] {
    exit_code = o->run([&](const GameModule& m, const grammar::ParsedGame& g, const Context& c, GameReport& r, int&) {
      return m.score(g, c, r);
    });
  });
}

}  // namespace wonderlog::cli
