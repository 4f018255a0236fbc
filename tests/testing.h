// Helpers shared by the test suites.
#pragma once

#include <string>
#include <vector>

#include "engine/tea_time/catalog.h"
#include "verifier/module.h"

namespace wonderlog::testing {

// Verifies every game of a log held in memory, as `wonderlog verify` would a file of that name
// in the source tree's fixtures/ (so `catalog: tea-time` is found).
// With `all_readings`, as `verify --readings all`.
std::vector<GameReport> verify_text(const std::string& text, const std::string& file = "test.wlog",
                                    bool all_readings = false);

// Runs the wonderlog binary with `args` and `input` on its standard input.
struct CliRun {
  int code = -1;
  std::string out, err;
};
CliRun run_cli(const std::vector<std::string>& args, const std::string& input = "");

std::string source_path(const std::string& relative);
std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& text);
// A fresh folder for this test process, made empty (mkdtemp) and removed when the process ends.
std::string temp_dir();

const tea_time::Catalog& standard_catalog();

// A generated game: `wonderlog gen tea-time` in-process.
std::string generated(int players, std::uint64_t seed);

}  // namespace wonderlog::testing
