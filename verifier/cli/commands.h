// The subcommands of `wonderlog`, one file each. Each setup_* binds its options to `app` and
// sets `exit_code` when it runs. Exit codes (docs/cli.md): 0 all good, 1 some game invalid
// (or, for fmt --check, not canonical), 2 usage error or unreadable input.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "verifier/input.h"
#include "verifier/module.h"
#include "verifier/view/terminal.h"

namespace wonderlog::cli {

inline constexpr int kOk = 0;
inline constexpr int kInvalid = 1;
inline constexpr int kUsage = 2;

// A whole number between `least` and `most` written in decimal digits only (no sign, no
// fraction, no spaces), said in the option's own words when it is not: "0 is not a move
// number: moves are numbered from 1". CLI11's Range would print "Value 0 not in range 1 to
// 2147483647", and an unsigned option would take "-5" as 18446744073709551611.
CLI::Validator whole_number(std::uint64_t least, std::uint64_t most, std::string what, std::string why = "");

// --color auto|always|never, a global option (before or after the command): whether
// diagnostics and drawings written to the stream `fd` (STDOUT_FILENO or STDERR_FILENO) get
// colour. auto: only on a terminal, and not with NO_COLOR set or TERM=dumb.
std::string& colour_option();
Paint paint_for(int fd);

// The module of the game named on the command line, or nullptr after saying which games there
// are (the caller exits with kUsage).
const GameModule* game_named(const std::string& id);

// The inputs `paths` name (verify, test, fmt): files as given (one that does not exist is
// reported when it is read, in its place), folders searched for *.wlog, '-' for standard input.
// Says on stderr each folder that holds no log (and sets *folder_problem); false, after saying
// so, when '-' is given twice.
bool read_paths(const std::vector<std::string>& paths, std::vector<Input>& inputs, bool* folder_problem = nullptr);

// --reading RULING=NAME (repeatable; commas join several): the readings of the run.
inline void add_reading_option(CLI::App* sub, std::vector<std::string>& readings) {
  sub->add_option("--reading", readings,
                  "A reading of a disputed ruling, like AH-23=all-tokens (wonderlog rulings GAME lists them); "
                  "a log's 'readings:' header wins over it")
      // One reading a --reading: the file after it is the command's, not a second reading.
      ->allow_extra_args(false)
      ->type_name("RULING=NAME");
}

void setup_verify(CLI::App& app, int& exit_code);
void setup_score(CLI::App& app, int& exit_code);
void setup_fmt(CLI::App& app, int& exit_code);
void setup_replay(CLI::App& app, int& exit_code);
void setup_explain(CLI::App& app, int& exit_code);
void setup_gen(CLI::App& app, int& exit_code);
void setup_redact(CLI::App& app, int& exit_code);
void setup_rulings(CLI::App& app, int& exit_code);
void setup_test(CLI::App& app, int& exit_code);
void setup_view(CLI::App& app, int& exit_code);

}  // namespace wonderlog::cli
