#include "verifier/input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include <fmt/format.h>

#include "grammar/source.h"
#include "verifier/registry.h"

namespace wonderlog {

namespace fs = std::filesystem;

namespace {

// Whether the folder `dir` (a link to one followed) is met for the first time, by its device and
// inode: its real path may not be found where a folder above it cannot be read. A folder that
// cannot be asked is taken as new (reading it will say why).
bool first_visit(const fs::path& dir, std::set<std::pair<dev_t, ino_t>>& visited) {
  struct stat st {};
  return ::stat(dir.c_str(), &st) != 0 || visited.insert({st.st_dev, st.st_ino}).second;
}

// The .wlog files under `dir`, its subfolders' included, through links to folders too (an
// archive's `current -> 2024` was skipped in silence: found in review), each folder once: one
// reached again, by a link or a loop of links, is in `visited` and passed over.
// A folder that cannot be read is a problem, said, and the walk goes on: skipped in silence, an
// archive with one locked folder passed (found in review). A link named *.wlog that leads
// nowhere is found too: reading it says why, as for a file given by name. Files named like a
// log but not *.wlog (`b.WLOG`, `c.wlog.txt`, as some editors save them) go into `look_alike`,
// to be said rather than skipped in silence.
void find_logs(const fs::path& dir, std::vector<std::string>& found, std::vector<std::string>& problems,
               std::vector<std::string>& look_alike, std::set<std::pair<dev_t, ino_t>>& visited) {
  std::error_code ec;
  // In order of names: which path reaches a folder first (and keeps it) is then the same on
  // every file system.
  std::vector<fs::directory_entry> entries;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
  std::sort(entries.begin(), entries.end());
  for (const fs::directory_entry* it = entries.data(); it != entries.data() + entries.size(); ++it) {
    std::error_code kind;
    const fs::path& path = it->path();
    if (it->is_directory(kind)) {
      if (first_visit(path, visited)) find_logs(path, found, problems, look_alike, visited);
    } else if (path.extension() == ".wlog" &&
               (it->is_regular_file(kind) || (it->is_symlink(kind) && !fs::exists(path, kind)))) {
      found.push_back(path.string());
    } else if (it->is_regular_file(kind)) {
      const std::string name = ascii_lower(path.filename().string());
      if (name.ends_with(".wlog") || name.ends_with(".wlog.txt")) look_alike.push_back(path.string());
    }
  }
  if (ec) problems.push_back("cannot read folder '" + dir.string() + "': " + ec.message());
}

}  // namespace

std::vector<Input> expand_inputs(const std::vector<std::string>& args, std::vector<std::string>& problems,
                                 std::vector<std::string>* notes) {
  std::vector<Input> out;
  for (const std::string& a : args) {
    if (a == "-") {
      out.push_back({"-", "<stdin>", "-"});
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(a, ec)) {
      // Slashes doubled inside the folder's name (`corpus//`, typed or pasted) are one: the logs
      // found there are named `corpus/x.wlog`, as the same folder written once would name them.
      std::string dir = a.substr(0, 1);
      for (std::size_t i = 1; i < a.size(); ++i)
        if (!(a[i] == '/' && dir.back() == '/' && i > 1)) dir += a[i];
      std::vector<std::string> found, look_alike;
      const std::size_t before = problems.size();
      std::set<std::pair<dev_t, ino_t>> visited;
      first_visit(dir, visited);
      find_logs(dir, found, problems, look_alike, visited);
      std::sort(found.begin(), found.end());
      std::sort(look_alike.begin(), look_alike.end());
      std::string skipped;
      for (const std::string& f : look_alike) skipped += (skipped.empty() ? "" : ", ") + f;
      if (found.empty() && problems.size() == before)
        problems.push_back("no .wlog files in folder '" + dir + "'" +
                           (skipped.empty() ? "" : " (only files named like logs: " + skipped + "; rename them *.wlog)"));
      else if (!skipped.empty() && notes)
        notes->push_back(fmt::format("skipped {} file{} in folder '{}' named like a log but not *.wlog: {}",
                                     look_alike.size(), look_alike.size() == 1 ? "" : "s", dir, skipped));
      for (std::string& f : found)
        out.push_back({f, shown_name(f), fs::path(f).lexically_relative(dir).generic_string()});
    } else {
      // A file, or nothing: reading it says why, in its place.
      out.push_back({a, shown_name(a), fs::path(a).generic_string()});
    }
  }
  return out;
}

std::string read_head(const std::string& path, std::size_t bytes) {
  std::ifstream in(path, std::ios::binary);
  std::string head(bytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head;
}

std::uint64_t path_hash(std::string_view key) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bits
  for (char c : key) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

Context context_for(const Input& input, const std::vector<std::string>& catalog_dirs) {
  Context c;
  c.file = input.shown;
  c.directory = input.path == "-" ? "." : fs::path(input.path).parent_path().string();
  if (c.directory.empty()) c.directory.push_back('.');  // (= ".": GCC 12 misreads that as an overlapping copy)
  c.catalog_dirs = catalog_dirs;
  return c;
}

namespace {

// What is said of an input whose reader stopped (past a limit, or a read error).
std::string unreadable(const Input& input, const grammar::LogReader& reader) {
  return "cannot read '" + input.shown + "': " + reader.failure();
}

}  // namespace

bool for_each_game(const Input& input, std::string& problem,
                   const std::function<void(const grammar::ParsedGame&, int)>& each) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (input.path != "-") {
    std::error_code ec;
    if (!fs::exists(input.path, ec)) {
      // A link says where it fails: nowhere, or round in a loop of links.
      std::error_code link_ec, real_ec;
      const bool link = fs::is_symlink(input.path, link_ec);
      if (link) (void)fs::canonical(input.path, real_ec);
      problem = "cannot read '" + input.shown + "': " +
                (!link                                                         ? "no such file or folder"
                 : real_ec == std::errc::too_many_symbolic_link_levels ? "it is a link in a loop of links"
                                                                               : "it is a link to nothing");
      return false;
    }
    if (fs::is_directory(input.path, ec)) {
      problem = "cannot read '" + input.shown + "': it is a folder";
      return false;
    }
    file.open(input.path, std::ios::binary);
    if (!file) {
      problem = "cannot read '" + input.shown + "': " + std::strerror(errno);
      return false;
    }
    in = &file;
  }
  grammar::LogReader reader(*in);
  grammar::ParsedGame game;
  int index = 0;
  while (reader.next(game)) each(game, ++index);
  // An input that holds no game is still given to `each`, once, so that its one report says
  // what it holds instead (nothing, or only comments).
  if (index == 0 && !reader.read_failed()) each(game, ++index);
  if (reader.read_failed()) {
    problem = unreadable(input, reader);
    return false;
  }
  return true;
}

bool for_each_game_in(const Input& input, const grammar::Stretch& stretch, std::string& problem,
                      const std::function<bool(const grammar::ParsedGame&, int, bool)>& each,
                      const std::function<grammar::StretchCounts()>& count_before, grammar::StretchCounts* held) {
  std::ifstream file(input.path, std::ios::binary);
  if (file) file.seekg(static_cast<std::streamoff>(stretch.begin));
  if (!file) {
    problem = "cannot read '" + input.shown + "': " + std::strerror(errno);
    return false;
  }
  bool numbered = stretch.counted;
  grammar::StretchCounts before{stretch.lines_before, stretch.games_before};
  // The reader stops at the stretch's end; the last stretch reads on to the end of the file.
  grammar::LogReader reader(file, before.lines,
                            stretch.end == grammar::Stretch::kToTheEnd ? grammar::LogReader::kNoLimit
                                                                      : stretch.end - stretch.begin);
  auto number = [&] {
    before = count_before();
    reader.count_lines_before(before.lines);
    numbered = true;
  };
  grammar::ParsedGame game;
  int games = 0;
  while (reader.next(game)) {
    ++games;
    if (each(game, before.games + games, numbered) || numbered) continue;
    number();
    if (reader.read_again(game)) each(game, before.games + games, true);
  }
  if (reader.read_failed()) {
    if (!numbered) number();
    problem = unreadable(input, reader);
    return false;
  }
  if (held) *held = {reader.lines_read() - before.lines, games};
  return true;
}

bool verify_input(const Input& input, const Context& context, std::string& problem,
                  const std::function<void(const GameReport&)>& each) {
  return for_each_game(input, problem,
                       [&](const grammar::ParsedGame& game, int index) { each(verify_game(game, index, context)); });
}

bool load_game(const Input& input, int index, grammar::ParsedGame& out, std::string& problem) {
  int count = 0;
  bool found = false;
  bool ok = for_each_game(input, problem, [&](const grammar::ParsedGame& game, int i) {
    count = i;
    if (i == index) {
      out = game;
      found = true;
    }
  });
  if (!ok) return false;
  if (!found) {
    problem = input.shown + " has " + std::to_string(count) + " game" + (count == 1 ? "" : "s") + ", not a game " +
              std::to_string(index);
    return false;
  }
  return true;
}

std::optional<std::string> write_beside(const std::string& given, const std::string& text, std::string& problem) {
  // A symbolic link stays a link: the file it leads to is the one rewritten.
  std::error_code ec;
  std::string path = given;
  if (fs::is_symlink(given, ec)) {
    const fs::path target = fs::canonical(given, ec);
    if (ec) {
      problem = "cannot write '" + given + "': it is a symbolic link to nothing (" + ec.message() + ")";
      return std::nullopt;
    }
    path = target.string();
  }
  std::string tmp = path + ".wonderlog-XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) {
    problem = "cannot write beside '" + path + "': " + std::strerror(errno);
    return std::nullopt;
  }
  bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ok = (::fsync(fd) == 0) && ok;
  ok = (::close(fd) == 0) && ok;
  // A file rewritten keeps its permissions; a new one gets rw-r--r--, not mkstemp's rw-------.
  const fs::file_status old = fs::status(path, ec);
  if (ok)
    fs::permissions(tmp,
                    fs::exists(old) ? old.permissions()
                                    : fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                                          fs::perms::others_read,
                    ec);
  if (!ok) {
    problem = "cannot write '" + path + "': " + std::strerror(errno);
    std::remove(tmp.c_str());
    return std::nullopt;
  }
  return tmp;
}

bool put_in_place(const std::string& written, const std::string& given, std::string& problem) {
  // A symbolic link stays a link, as in write_beside (a file not there yet is no link).
  std::error_code ec;
  std::string path = given;
  if (std::error_code link_ec; fs::is_symlink(given, link_ec)) path = fs::canonical(given, ec).string();
  if (ec || std::rename(written.c_str(), path.c_str()) != 0) {
    problem = "cannot write '" + path + "': " + (ec ? ec.message() : std::string(std::strerror(errno)));
    std::remove(written.c_str());
    return false;
  }
  return true;
}

bool write_file_atomically(const std::string& path, const std::string& text, std::string& problem) {
  const std::optional<std::string> written = write_beside(path, text, problem);
  return written && put_in_place(*written, path, problem);
}

}  // namespace wonderlog
