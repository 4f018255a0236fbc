// wonderlog explain FILE --at N: the position before move N, the move, the verdict with its
// ruling, and the legal alternatives.
#include "verifier/cli/one_game.h"

namespace wonderlog::cli {

void setup_explain(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<OneGame>();
  auto at = std::make_shared<int>(1);
  CLI::App* sub = app.add_subcommand("explain", "Explain the verdict on one move and list what else was allowed");
  o->bind(sub);
  sub->add_option("--at", *at, "The move to explain (1-based, as numbered in the log)")
      ->required()
      ->check(whole_number(1, std::numeric_limits<int>::max(), "a move number", "moves are numbered from 1"));
  sub->callback([o, at, &exit_code] {
    exit_code =
        o->run([&](const GameModule& m, const grammar::ParsedGame& g, const Context& c, GameReport& r, int& code) {
          std::string text = m.explain(g, c, *at, r);
          if (text.rfind("wonderlog: the log has no move", 0) == 0) {
            std::cerr << text;
            code = kUsage;
            return std::string();
          }
          // The explained move's own verdict is the point of the command, not an error of it.
          return text;
        });
  });
}

}  // namespace wonderlog::cli
