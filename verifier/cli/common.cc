// What several subcommands share: naming a game, and turning the command line's paths into inputs.
#include <algorithm>
#include <iostream>

#include "verifier/cli/commands.h"
#include "verifier/registry.h"

namespace wonderlog::cli {

const GameModule* game_named(const std::string& id) {
  const GameModule* module = find_game(id);
  if (!module) std::cerr << "wonderlog: unknown game '" << id << "'; wonderlog knows: " << game_ids() << "\n";
  return module;
}

bool read_paths(const std::vector<std::string>& paths, std::vector<Input>& inputs, bool* folder_problem) {
  std::vector<std::string> problems;
  inputs = expand_inputs(paths, problems);
  for (const std::string& p : problems) std::cerr << "wonderlog: " << p << "\n";
  if (folder_problem) *folder_problem = !problems.empty();
  if (std::count_if(inputs.begin(), inputs.end(), [](const Input& i) { return i.path == "-"; }) > 1) {
    std::cerr << "wonderlog: '-' (standard input) can be given once\n";
    return false;
  }
  return true;
}

}  // namespace wonderlog::cli
