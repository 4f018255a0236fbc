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
  std::string color = "never";        // --color, on the commands that draw a position as text

  void bind(CLI::App* sub) {
    sub->add_option("file", file, "A log file, or - for standard input")->required();
    sub->add_option("--game", game, "Which game of the file (1-based)")->check(CLI::Range(1, std::numeric_limits<int>::max()));
    sub->add_option("--catalog-dir", catalog_dirs, "A folder searched first for the catalog the log names")
        ->check(CLI::ExistingDirectory);
    add_reading_option(sub, readings);
  }

  // --color for a command that prints a position as text (AlicematiC Heroes' map is drawn in
  // colour on a terminal).
  void bind_color(CLI::App* sub) {
    color = "auto";
    sub->add_option("--color", color, "Colour the drawing: auto (on a terminal, unless NO_COLOR is set), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
  }

  // Reads game `game` of the file, the readings of the run and the game's module (nullptr, with
  // the report saying why, for a game wonderlog does not know). kOk, or kUsage after saying why.
  int load(grammar::ParsedGame& parsed, Context& context, GameReport& report, const GameModule*& module) const {
    Input input{file, file == "-" ? "<stdin>" : file};
    std::string problem;
    if (!load_game(input, game, parsed, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      return kUsage;
    }
    context = context_for(input, catalog_dirs);
    context.colour = colour_wanted(color);
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
    std::string text;
    if (module) {
      int code = kOk;
      text = show(*module, parsed, context, report, code);
      report.game_index = game;
      std::cout << text;
      std::string diagnostics;
      for (const Diagnostic& n : report.notes) diagnostics += render(report.file, n, Severity::note);
      for (const Diagnostic& w : report.warnings) diagnostics += render(report.file, w, Severity::warning);
      if (report.error) diagnostics += render(report.file, *report.error, Severity::error);
      std::cout << diagnostics;
      if (code != kOk) return code;
      return report.error ? kInvalid : kOk;
    }
    std::cout << text_report(report);
    return kInvalid;
  }
};

}  // namespace wonderlog::cli
