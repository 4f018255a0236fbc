// wonderlog replay FILE --to N: the position after move N, drawn as text.
#include <limits>
#include <algorithm>

#include "verifier/cli/one_game.h"

namespace wonderlog::cli {

void setup_replay(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<OneGame>();
  auto to = std::make_shared<int>(0);
  auto as = std::make_shared<std::string>("all");
  CLI::App* sub = app.add_subcommand("replay", "Draw the position after a given move");
  o->bind(sub);
  sub->add_option("--to", *to, "The move after which to draw the position (0: before the first move)")
      ->required()
      ->check(whole_number(0, std::numeric_limits<int>::max(), "a move number", "0 is the start, 1 the first move"));
  sub->add_option("--as", *as, "Draw what one side knows: alice, queen (hidden-information games) or all")
      ->check(CLI::IsMember({"all", "alice", "queen"}));
  sub->callback([o, to, as, &exit_code] {
    exit_code =
        o->run([&](const GameModule& m, const grammar::ParsedGame& g, const Context& c, GameReport& r, int& code) {
          const auto sides = m.viewers();
          if (*as != "all" && std::find(sides.begin(), sides.end(), *as) == sides.end()) {
            std::cerr << "wonderlog: " << m.id() << " has no side called '" << *as
                      << "': only hide-and-seek's Alice and Queen see different things (use --as all)\n";
            code = kUsage;
            return std::string();
          }
          return m.replay_as(g, c, *to, *as, r);
        });
  });
}

}  // namespace wonderlog::cli
