// The subcommands of `wonderlog`, one file each. Each setup_* binds its options to `app` and
// sets `exit_code` when it runs. Exit codes (docs/cli.md): 0 all good, 1 some game invalid
// (or, for fmt --check, not canonical), 2 usage error or unreadable input.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "verifier/module.h"

namespace wonderlog::cli {

inline constexpr int kOk = 0;
inline constexpr int kInvalid = 1;
inline constexpr int kUsage = 2;

// The module of the game named on the command line, or nullptr after saying which games there
// are (the caller exits with kUsage).
const GameModule* game_named(const std::string& id);

void setup_verify(CLI::App& app, int& exit_code);
void setup_score(CLI::App& app, int& exit_code);
void setup_fmt(CLI::App& app, int& exit_code);
void setup_replay(CLI::App& app, int& exit_code);
void setup_explain(CLI::App& app, int& exit_code);
void setup_gen(CLI::App& app, int& exit_code);
void setup_redact(CLI::App& app, int& exit_code);
void setup_rulings(CLI::App& app, int& exit_code);

}  // namespace wonderlog::cli
