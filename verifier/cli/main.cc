// wonderlog: verify, score, format, replay and explain recorded tabletop games.
#include <iostream>

#include "verifier/cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"wonderlog: checks recorded tabletop games move by move against their rules", "wonderlog"};
  app.set_version_flag("--version", "wonderlog " WONDERLOG_VERSION " (log format 1)");
  app.require_subcommand(1);
  int exit_code = wonderlog::cli::kOk;
  wonderlog::cli::setup_verify(app, exit_code);
  wonderlog::cli::setup_score(app, exit_code);
  wonderlog::cli::setup_fmt(app, exit_code);
  wonderlog::cli::setup_replay(app, exit_code);
  wonderlog::cli::setup_explain(app, exit_code);
  wonderlog::cli::setup_gen(app, exit_code);
  wonderlog::cli::setup_redact(app, exit_code);
  wonderlog::cli::setup_rulings(app, exit_code);
  wonderlog::cli::setup_test(app, exit_code);
  wonderlog::cli::setup_view(app, exit_code);
  bool known = false;
  for (const CLI::App* sub : app.get_subcommands({})) known = known || (argc > 1 && sub->get_name() == argv[1]);
  if (argc > 1 && argv[1][0] != '-' && !known) {
    std::cerr << "wonderlog: unknown command '" << argv[1]
              << "'; the commands are verify, test, score, fmt, replay, explain, gen, redact and rulings (wonderlog --help)\n";
    return wonderlog::cli::kUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    // CLI11 returns 0 for --help and --version; every other parse error is a usage error.
    return code == 0 ? 0 : wonderlog::cli::kUsage;
  }
  return exit_code;
}
