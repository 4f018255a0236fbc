// wonderlog's command line as a whole: the commands and global options bound into one CLI11
// app, how usage errors are said, and the shell completions generated from that app.
#pragma once

#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace wonderlog::cli {

// Binds every command, the global options (--color, --version) and the help footers
// (examples, exit codes, where the documentation is) into `app`. The command that runs sets
// `exit_code`.
void setup_app(CLI::App& app, int& exit_code);

// wonderlog itself: parses the arguments, runs the command and returns its exit code. With no
// arguments it prints a short usage. A usage error is said as "wonderlog COMMAND: ..." on
// standard error, with "did you mean ...?" for a misspelt command or option, and returns kUsage.
int run_wonderlog(int argc, char** argv);

// A completion script for `shell` ("bash", "zsh" or "fish"), generated from the commands and
// options of `app`, so that it never falls behind them. "" for another shell.
std::string completion_script(const CLI::App& app, std::string_view shell);

}  // namespace wonderlog::cli
