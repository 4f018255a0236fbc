// What several subcommands share: naming a game, and turning the command line's paths into inputs.
#include <algorithm>
#include <charconv>
#include <iostream>

#include <fmt/format.h>

#include "grammar/source.h"
#include "verifier/cli/commands.h"
#include "verifier/registry.h"

namespace wonderlog::cli {

const GameModule* game_named(const std::string& id) {
  // In any letter case, as a log's `game:` header is read.
  const GameModule* module = find_game(ascii_lower(id));
  if (!module) {
    std::vector<std::string> ids;
    for (const GameModule* m : all_games()) ids.emplace_back(m->id());
    const std::string near = nearest_name(id, ids);
    std::cerr << "wonderlog: unknown game '" << id << "'" << (near.empty() ? "" : " (did you mean '" + near + "'?)")
              << "; wonderlog knows: " << game_ids() << "\n";
  }
  return module;
}

bool read_paths(const std::vector<std::string>& paths, std::vector<Input>& inputs, bool* folder_problem) {
  std::vector<std::string> problems, notes;
  inputs = expand_inputs(paths, problems, &notes);
  for (const std::string& n : notes) std::cerr << "wonderlog: note: " << n << "\n";
  for (const std::string& p : problems) std::cerr << "wonderlog: " << p << "\n";
  if (folder_problem) *folder_problem = !problems.empty();
  if (std::count_if(inputs.begin(), inputs.end(), [](const Input& i) { return i.path == "-"; }) > 1) {
    std::cerr << "wonderlog: '-' (standard input) can be given once\n";
    return false;
  }
  return true;
}

CLI::Validator whole_number(std::uint64_t least, std::uint64_t most, std::string what, std::string why) {
  auto check = [least, most, what, why](std::string& text) -> std::string {
    std::uint64_t n = 0;
    const char* end = text.data() + text.size();
    const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    const std::from_chars_result read = std::from_chars(text.data(), end, n);
    if (digits && read.ec == std::errc::result_out_of_range)
      return fmt::format("{} is not {}: the most is {}", text, what, most);
    if (!digits || read.ptr != end)
      return fmt::format("'{}' is not {}: write a whole number{}", text, what,
                         most == UINT64_MAX ? fmt::format(" from {}", least) : fmt::format(" from {} to {}", least, most));
    if (n < least || n > most)
      return fmt::format("{} is not {}: {}", text, what,
                         !why.empty()            ? why
                         : most == UINT64_MAX    ? fmt::format("the least is {}", least)
                                                 : fmt::format("it is from {} to {}", least, most));
    return {};
  };
  return CLI::Validator(check, most == UINT64_MAX ? fmt::format("{}+", least) : fmt::format("{}..{}", least, most));
}

std::string& colour_option() {
  static std::string when = "auto";
  return when;
}

Paint paint_for(int fd) {
  return Paint{colour_wanted(colour_option(), fd)};
}

}  // namespace wonderlog::cli
