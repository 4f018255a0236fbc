// wonderlog's command line as a whole: the commands and global options bound into one CLI11
// app, how usage errors are said, and the shell completions generated from that app.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace wonderlog::cli {

// Binds the global options (--color, --version), the commands and the help footers (examples,
// exit codes, where the documentation is) into `app`. The command that runs sets `exit_code`.
// When `args` (the command line without the program's name) names a command other than help
// and completions, only that one is bound: it is all that the run can reach, each command is
// bound alike either way, and binding all ten was a quarter of the instructions of verifying
// one small log. Otherwise (no command, a misspelt one, help, completions) all of them are.
void setup_app(CLI::App& app, int& exit_code, const std::vector<std::string>& args = {});

// wonderlog itself: parses the arguments, runs the command and returns its exit code. With no
// arguments it prints a short usage. A usage error is said as "wonderlog COMMAND: ..." on
// standard error, with "did you mean ...?" for a misspelt command or option, and returns kUsage.
int run_wonderlog(int argc, char** argv);

// A completion script for `shell` ("bash", "zsh" or "fish"), generated from the commands and
// options of `app`, so that it never falls behind them. "" for another shell.
std::string completion_script(const CLI::App& app, std::string_view shell);

}  // namespace wonderlog::cli
