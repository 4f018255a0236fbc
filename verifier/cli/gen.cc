// wonderlog gen GAME --players N --seed S: a complete random legal game as a log.
#include <iostream>

#include "verifier/cli/commands.h"
#include "verifier/readings.h"
#include "verifier/registry.h"

namespace wonderlog::cli {

void setup_gen(CLI::App& app, int& exit_code) {
  auto game = std::make_shared<std::string>();
  auto options = std::make_shared<GenOptions>();
  CLI::App* sub = app.add_subcommand("gen", "Write a complete random legal game (same seed, same bytes)");
  sub->add_option("game", *game, "The game: " + game_ids())->required();
  sub->add_option("--players", options->players, "Number of players")->check(whole_number(1, 8, "a number of players"));
  sub->add_option("--seed", options->seed, "The seed of the deck and of every choice")
      ->required()
      ->check(whole_number(0, UINT64_MAX, "a seed"));
  sub->add_option("--catalog", options->catalog, "The catalog to name (default: the game's standard one)")
      ->type_name("ID");
  auto readings = std::make_shared<std::vector<std::string>>();
  add_reading_option(sub, *readings);
  sub->add_flag("--table", options->table,
                "Hidden-information games: write a table log (only what the table saw), not an open log");
  sub->callback([game, options, readings, &exit_code] {
    const GameModule* module = game_named(*game);
    if (!module) {
      exit_code = kUsage;
      return;
    }
    std::vector<FlagReading> flags;
    std::string problem;
    if (!read_reading_flags(*readings, flags, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      exit_code = kUsage;
      return;
    }
    for (const FlagReading& f : flags) {
      if (f.game != module) {
        std::cerr << "wonderlog: --reading " << reading_text(*f.game, f.choice) << " is a ruling of "
                  << f.game->title() << ", not of " << module->title() << "\n";
        exit_code = kUsage;
        return;
      }
      options->readings.push_back(f.choice);
    }
    std::string error;
    std::string log = module->generate(*options, error);
    if (!error.empty()) {
      std::cerr << "wonderlog: " << error << "\n";
      exit_code = kUsage;
      return;
    }
    std::cout << log;
    exit_code = kOk;
  });
}

}  // namespace wonderlog::cli
