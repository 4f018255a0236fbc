// Shared by the subcommands that look at one game of one file (replay, explain, score).
#pragma once

#include <limits>
#include <iostream>
#include <string>
#include <vector>

#include "verifier/cli/commands.h"
#include "verifier/input.h"
#include "verifier/readings.h"
#include "verifier/registry.h"
#include "verifier/report.h"
#include "verifier/view/terminal.h"

namespace wonderlog::cli {

struct OneGame {
  std::string file;
  int game = 1;
  std::vector<std::string> catalog_dirs;
  std::vector<std::string> readings;  // --reading

  void bind(CLI::App* sub) {
    sub->add_option("file", file, "A log file, or - for standard input")->required();
    sub->add_option("--game", game, "Which game of the file (1-based)")
        ->check(whole_number(1, std::numeric_limits<int>::max(), "a game number", "games are numbered from 1"));
    sub->add_option("--catalog-dir", catalog_dirs, "A folder searched first for the catalog the log names")
        ->allow_extra_args(false)  // one folder a --catalog-dir: the file after it is the log
        ->check(CLI::ExistingDirectory);
    add_reading_option(sub, readings);
  }

  // Reads game `game` of the file, the readings of the run and the game's module (nullptr, with
  // the report saying why, for a game wonderlog does not know). kOk, or kUsage after saying why.
  int load(grammar::ParsedGame& parsed, Context& context, GameReport& report, const GameModule*& module) const {
    Input input{file, file == "-" ? "<stdin>" : shown_name(file)};
    std::string problem;
    if (!load_game(input, game, parsed, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      return kUsage;
    }
    context = context_for(input, catalog_dirs);
    context.colour = paint_for(1).on;  // the drawing goes to standard output
    if (!read_reading_flags(readings, context.readings, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      return kUsage;
    }
    module = module_for(parsed, game, context, report);
    return kOk;
  }

  // Loads the game and calls `show(module, game, context, report)`, which returns the text to
  // print. Prints the report's diagnostics too. Returns the exit code.
  template <class Show>
  int run(Show show) const {
    grammar::ParsedGame parsed;
    Context context;
    GameReport report;
    const GameModule* module = nullptr;
    if (const int code = load(parsed, context, report, module); code != kOk) return code;
    int code = kOk;
    if (module) {
      std::cout << show(*module, parsed, context, report, code);
      report.game_index = game;
    }
    // Only the diagnostics, whether or not the game could be set up: verify's verdict line is not
    // these commands' (it followed a log that did not read, found in review).
    std::string diagnostics;
    const Paint paint = paint_for(1);
    for (const Diagnostic& n : report.notes) diagnostics += render(report.file, n, Severity::note, paint);
    for (const Diagnostic& w : report.warnings) diagnostics += render(report.file, w, Severity::warning, paint);
    if (report.error) diagnostics += render(report.file, *report.error, Severity::error, paint);
    std::cout << diagnostics;
    if (code != kOk) return code;
    return report.error || !module ? kInvalid : kOk;
  }
};

}  // namespace wonderlog::cli
