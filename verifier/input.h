// Reading logs: expanding the command line's paths, and streaming the games of one input.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "grammar/log_reader.h"
#include "verifier/module.h"

namespace wonderlog {

struct Input {
  std::string path;   // "-" for standard input
  std::string shown;  // the name diagnostics use
};

// Files as given; directories searched recursively for *.wlog (sorted by path, so the output
// order never depends on the file system); "-" is standard input. A path that does not exist
// stays an input, so that reading it reports it in its place (and verify counts it); a folder
// with no log or that cannot be read is added to `problems` with a message.
std::vector<Input> expand_inputs(const std::vector<std::string>& args, std::vector<std::string>& problems);

// The context (file name, folder, catalog dirs) of an input.
Context context_for(const Input& input, const std::vector<std::string>& catalog_dirs);

// Calls `each(game, index)` for every game of the input, streaming. Returns false with
// `problem` set when the input cannot be read at all. A file with no game at all yields one
// report-worthy empty ParsedGame (no version line).
bool for_each_game(const Input& input, std::string& problem,
                   const std::function<void(const grammar::ParsedGame&, int)>& each);

// Verifies every game of an input.
bool verify_input(const Input& input, const Context& context, std::string& problem,
                  const std::function<void(const GameReport&)>& each);

// Finds game `index` (1-based) of an input; false with `problem` if it cannot.
bool load_game(const Input& input, int index, grammar::ParsedGame& game, std::string& problem);

// Writes `text` to a temporary file beside `path` and renames it over `path`, so the file is
// either the old one or the new one, never half of each; a symbolic link is followed, and stays.
// False with `problem` when it cannot.
bool write_file_atomically(const std::string& path, const std::string& text, std::string& problem);

}  // namespace wonderlog
