// Reading logs: expanding the command line's paths, and streaming the games of one input.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/log_reader.h"
#include "verifier/module.h"

namespace wonderlog {

struct Input {
  std::string path;   // "-" for standard input
  std::string shown;  // the name diagnostics use
  // The path below the folder argument it was found in ("2024/club.wlog" for "archive/" ->
  // "archive/2024/club.wlog"); a file argument's own path. Where the archive is mounted does
  // not change it: what --shard hashes.
  std::string key;
};

// `verify --shard K/N`: worker K (1 to N) of N takes the files whose key hashes to K - 1 modulo
// N, so N workers given the same paths take every file exactly once, on any machine. The hash
// is 64-bit FNV-1a over the key's bytes: stable across machines, builds and runs.
struct Shard {
  unsigned k = 1;
  unsigned n = 1;
};
std::uint64_t path_hash(std::string_view key);
inline bool in_shard(const Input& input, Shard shard) { return path_hash(input.key) % shard.n == shard.k - 1; }

// Files as given; directories searched recursively for *.wlog (sorted by path, so the output
// order never depends on the file system); "-" is standard input. A path that does not exist
// stays an input, so that reading it reports it in its place (and verify counts it); a folder
// with no log or that cannot be read is added to `problems` with a message; files in a folder
// named like a log but not *.wlog (`b.WLOG`, `c.wlog.txt`) are said in `notes`, not read.
std::vector<Input> expand_inputs(const std::vector<std::string>& args, std::vector<std::string>& problems,
                                 std::vector<std::string>* notes = nullptr);

// The context (file name, folder, catalog dirs) of an input.
Context context_for(const Input& input, const std::vector<std::string>& catalog_dirs);

// Calls `each(game, index)` for every game of the input, streaming. Returns false with
// `problem` set when the input cannot be read at all. A file with no game at all yields one
// report-worthy empty ParsedGame (no version line).
bool for_each_game(const Input& input, std::string& problem,
                   const std::function<void(const grammar::ParsedGame&, int)>& each);

// The same for one stretch of a file (grammar::Stretch): its games, numbered and with their line
// numbers as in the whole file. `each(game, index, numbered)` is called for each: in a stretch
// not `counted`, the game and index are numbered from the stretch's own start (`numbered`
// false) until `each` returns false, asking for the numbers of the file (a game it shows).
// Then `count_before()` is asked, once, for what lies before the stretch, and that game is read
// again and given to `each` numbered, as are the games after it. A stretch whose reading fails
// is counted too, for its problem's line. `held`, when the stretch is read to its end: its
// lines and games.
bool for_each_game_in(const Input& input, const grammar::Stretch& stretch, std::string& problem,
                      const std::function<bool(const grammar::ParsedGame&, int, bool)>& each,
                      const std::function<grammar::StretchCounts()>& count_before = {},
                      grammar::StretchCounts* held = nullptr);

// Verifies every game of an input.
bool verify_input(const Input& input, const Context& context, std::string& problem,
                  const std::function<void(const GameReport&)>& each);

// Finds game `index` (1-based) of an input; false with `problem` if it cannot.
bool load_game(const Input& input, int index, grammar::ParsedGame& game, std::string& problem);

// The first `bytes` bytes of a file ("" when it cannot be read): enough to tell what wrote it.
std::string read_head(const std::string& path, std::size_t bytes = 4096);

// Writes `text` to a temporary file beside `path` and renames it over `path`, so the file is
// either the old one or the new one, never half of each; a symbolic link is followed, and stays.
// False with `problem` when it cannot.
bool write_file_atomically(const std::string& path, const std::string& text, std::string& problem);
// Its two halves, for a file written now and put in place later: write_beside writes `text`
// to a temporary file beside `path` and returns its name (nullopt with `problem`); put_in_place
// renames that file over `path` (false with `problem`, the temporary file removed).
std::optional<std::string> write_beside(const std::string& path, const std::string& text, std::string& problem);
bool put_in_place(const std::string& written, const std::string& path, std::string& problem);

}  // namespace wonderlog
