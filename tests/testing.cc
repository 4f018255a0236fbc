#include "tests/testing.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "grammar/log_reader.h"
#include "verifier/registry.h"

namespace wonderlog::testing {

namespace fs = std::filesystem;

std::string source_path(const std::string& relative) {
  return std::string(WONDERLOG_SOURCE_DIR) + "/" + relative;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::string temp_dir() {
  // A new folder for each process, removed when it ends. Named by the pid alone, it outlived its
  // process, and a later process given the same pid (pid_max is 32768 here) found the files of
  // the earlier one: a test that expected a snapshot not to exist yet failed now and then.
  static const struct Dir {
    std::string path;
    Dir() {
      std::string name = (fs::temp_directory_path() / "wonderlog-test-XXXXXX").string();
      if (!::mkdtemp(name.data())) throw std::runtime_error("cannot make a folder for the tests: " + name);
      path = name;
    }
    ~Dir() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } dir;
  return dir.path;
}

std::vector<GameReport> verify_text(const std::string& text, const std::string& file, bool all_readings) {
  std::istringstream in(text);
  grammar::LogReader reader(in);
  grammar::ParsedGame game;
  Context context;
  context.file = file;
  context.directory = source_path("fixtures");
  context.all_readings = all_readings;
  std::vector<GameReport> out;
  int index = 0;
  while (reader.next(game)) out.push_back(verify_game(game, ++index, context));
  return out;
}

namespace {
std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
}  // namespace

CliRun run_cli(const std::vector<std::string>& args, const std::string& input) {
  static int counter = 0;
  std::string base = temp_dir() + "/cli-" + std::to_string(++counter);
  write_file(base + ".in", input);
  std::string command = quote(WONDERLOG_BINARY);
  for (const std::string& a : args) {  // appended: GCC 12's -Wrestrict misfires on `" " + std::string`
    command += ' ';
    command += quote(a);
  }
  command += " < " + quote(base + ".in") + " > " + quote(base + ".out") + " 2> " + quote(base + ".err");
  int status = std::system(command.c_str());
  CliRun run;
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = read_file(base + ".out");
  run.err = read_file(base + ".err");
  return run;
}

const tea_time::Catalog& standard_catalog() {
  static const tea_time::Catalog catalog = tea_time::load_catalog(source_path("fixtures/catalogs/tea-time.yaml"));
  return catalog;
}

std::string generated(int players, std::uint64_t seed) {
  GenOptions options;
  options.players = players;
  options.seed = seed;
  std::string error;
  std::string log = find_game("tea-time")->generate(options, error);
  if (!error.empty()) throw std::runtime_error(error);
  return log;
}

}  // namespace wonderlog::testing
