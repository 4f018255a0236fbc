// wonderlog redact FILE --for alice|queen: the log with what that side could not know removed.
#include <algorithm>

#include "verifier/cli/one_game.h"

namespace wonderlog::cli {

void setup_redact(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<OneGame>();
  auto side = std::make_shared<std::string>();
  auto keep_comments = std::make_shared<bool>(false);
  CLI::App* sub = app.add_subcommand("redact", "Print a log with what one side could not know removed");
  o->bind(sub);
  sub->add_option("--for", *side, "The side: alice or queen")->required()->check(CLI::IsMember({"alice", "queen"}));
  sub->add_flag("--keep-comments", *keep_comments,
                "Keep the log's comments (left out by default: they may tell what was hidden); read them first");
  sub->callback([o, side, keep_comments, &exit_code] {
    exit_code =
        o->run([&](const GameModule& m, const grammar::ParsedGame& g, const Context& c, GameReport& r, int& code) {
          const auto sides = m.viewers();
          if (std::find(sides.begin(), sides.end(), *side) == sides.end()) {
            // Secret hands (AlicematiC, Rolling) are not sides: a table log holds what the table saw.
            std::cerr << "wonderlog: " << m.id()
                      << " has no sides that see different things (only hide-and-seek's Alice and Queen do), so "
                         "there is nothing to redact; where hands are secret, a table log holds only what the "
                         "whole table saw ('wonderlog gen GAME --table' writes one)\n";
            code = kUsage;
            return std::string();
          }
          std::string out;
          if (!m.redact(g, c, *side, *keep_comments, out, r)) return std::string();
          return out;
        });
  });
}

}  // namespace wonderlog::cli
