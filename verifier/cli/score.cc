// wonderlog score FILE: the final scores and how each was made.
#include "verifier/cli/one_game.h"

namespace wonderlog::cli {

void setup_score(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<OneGame>();
  auto format = std::make_shared<std::string>("text");
  CLI::App* sub = app.add_subcommand("score", "Show the final scores and how each was made");
  o->bind(sub);
  sub->add_option("--format", *format,
                  "Output: text (for people) or json (one object: verify's record of the game, with each player's "
                  "breakdown)")
      ->check(CLI::IsMember({"text", "json"}));
  sub->callback([o, format, &exit_code] {
    std::vector<std::vector<std::string>> breakdown;
    if (*format == "text") {
      exit_code = o->run([&](const GameModule& m, const grammar::ParsedGame& g, const Context& c, GameReport& r, int&) {
        return m.score(g, c, r, breakdown);
      });
      return;
    }
    // JSON: the record alone on standard output, its diagnostics inside it.
    grammar::ParsedGame parsed;
    Context context;
    GameReport report;
    const GameModule* module = nullptr;
    if (const int code = o->load(parsed, context, report, module); code != kOk) {
      exit_code = code;
      return;
    }
    if (module) module->score(parsed, context, report, breakdown);
    report.game_index = o->game;
    std::cout << json_score(report, breakdown);
    exit_code = report.error || !module ? kInvalid : kOk;
  });
}

}  // namespace wonderlog::cli
