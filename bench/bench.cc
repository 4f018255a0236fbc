// wonderlog's benchmark (not a test): generates a corpus of Tea Time games and measures
// parse-only throughput, full verification on one core and on all cores, peak memory as the
// corpus grows, and the time to verify one small log; then a corpus of AlicematiC Heroes
// games (3, 4 and 5 players, open and table logs), verified on one core. Each corpus is also
// verified with `--readings all` (every other reading of each disputed ruling a game consulted
// replays the game once more), beside plain verification.
//
//   wonderlog-bench [--games N] [--alicematic-games N] [--rolling-games N] [--dir DIR] [--wonderlog PATH]
//
// docs/performance.md quotes its figures with the machine they were taken on.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "grammar/log_reader.h"
#include "verifier/input.h"
#include "verifier/registry.h"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

struct Child {
  double seconds = 0;
  long peak_kib = 0;
  int status = 0;
};

// Runs a command (no shell), its output thrown away; returns wall time and its peak memory.
Child run(const std::vector<std::string>& args) {
  // What this process has printed must not be printed again by the child's freopen.
  std::cout.flush();
  std::fflush(stdout);
  auto t0 = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    std::freopen("/dev/null", "w", stdout);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  Child c;
  rusage u{};
  wait4(pid, &c.status, 0, &u);
  c.seconds = seconds_since(t0);
  c.peak_kib = u.ru_maxrss;
  return c;
}

void generate(const std::string& path, int games, int first_seed, const char* game = "tea-time") {
  const wonderlog::GameModule* module = wonderlog::find_game(game);
  const bool alicematic = std::string(game) == "alicematic-heroes";
  std::ofstream out(path, std::ios::binary);
  for (int g = 0; g < games; ++g) {
    wonderlog::GenOptions o;
    o.players = alicematic ? 3 + g % 3 : 2 + g % 3;
    o.table = alicematic && (g / 3) % 2 == 1;
    o.seed = static_cast<std::uint64_t>(first_seed + g);
    std::string error;
    out << module->generate(o, error) << "\n";
  }
}

struct Verified {
  long moves = 0, valid = 0, total = 0;
  long replays = 0;  // with --readings all: replays of the games, the first included
  long depending = 0;  // games whose verdict depends on a reading
  double seconds = 0;
};

// Full verification on one core, in this process: parse, bind, validate, apply, score; with
// `all_readings`, as `verify --readings all`.
Verified verify_file(const std::string& path, bool all_readings = false) {
  Verified v;
  auto t0 = Clock::now();
  wonderlog::Input input{path, path};
  wonderlog::Context context = wonderlog::context_for(input, {});
  context.all_readings = all_readings;
  std::string problem;
  wonderlog::verify_input(input, context, problem, [&](const wonderlog::GameReport& r) {
    v.moves += r.moves;
    v.valid += r.valid;
    ++v.total;
    ++v.replays;
    const std::vector<wonderlog::Ruling>& rulings = wonderlog::find_game(r.game)->rulings();
    if (all_readings)
      for (const std::string& id : r.consulted) v.replays += wonderlog::find_ruling(rulings, id)->readings.size() - 1;
    v.depending += r.depends_on && !r.depends_on->empty();
  });
  v.seconds = seconds_since(t0);
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 40000, alicematic_games = 3000, rolling_games = 3000;
  std::string dir = (fs::temp_directory_path() / "wonderlog-bench").string();
  std::string wonderlog = (fs::path(argv[0]).parent_path() / "wonderlog").string();
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--games")
      games = std::max(4, std::atoi(argv[i + 1]));
    else if (a == "--alicematic-games")
      alicematic_games = std::max(3, std::atoi(argv[i + 1]));
    else if (a == "--rolling-games")
      rolling_games = std::max(3, std::atoi(argv[i + 1]));
    else if (a == "--dir")
      dir = argv[i + 1];
    else if (a == "--wonderlog")
      wonderlog = argv[i + 1];
  }
  fs::remove_all(dir);
  fs::create_directories(dir + "/split");
  const std::string corpus = dir + "/corpus.wlog", quarter = dir + "/quarter.wlog";
  generate(corpus, games, 1000);
  generate(quarter, games / 4, 1000);
  // The same games as 64 files, for the all-cores run.
  {
    std::ifstream in(corpus, std::ios::binary);
    std::string line;
    std::vector<std::ofstream> parts;
    for (int i = 0; i < 64; ++i) parts.emplace_back(fmt::format("{}/split/part{:02}.wlog", dir, i));
    int game = -1;
    while (std::getline(in, line)) {
      if (line.rfind("wonderlog ", 0) == 0) ++game;
      parts[std::max(game, 0) % 64] << line << "\n";
    }
  }
  const auto bytes = fs::file_size(corpus);

  // Parse only: every line through the envelope grammar, streamed.
  long lines = 0;
  auto t0 = Clock::now();
  {
    std::ifstream in(corpus, std::ios::binary);
    wonderlog::grammar::LogReader reader(in);
    wonderlog::grammar::ParsedGame g;
    while (reader.next(g)) lines += static_cast<long>(g.lines.size());
  }
  const double parse_s = seconds_since(t0);

  // Full verification on one core, in this process: parse, bind, validate, apply, score.
  const Verified tea = verify_file(corpus);
  const long moves = tea.moves, valid = tea.valid, total = tea.total;
  const double verify_s = tea.seconds;

  const Verified tea_all = verify_file(corpus, true);

  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  Child one = run({wonderlog, "verify", "-q", "-j", "1", corpus});
  Child all = run({wonderlog, "verify", "-q", "-j", std::to_string(cores), dir + "/split"});
  Child small = run({wonderlog, "verify", "-q", "-j", "1", quarter});
  std::vector<double> single;
  const std::string one_game = dir + "/split/part00.wlog";
  {
    std::ifstream in(corpus, std::ios::binary);
    std::ofstream out(dir + "/one.wlog", std::ios::binary);
    std::string line;
    int seen = 0;
    while (std::getline(in, line)) {
      if (line.rfind("wonderlog ", 0) == 0 && ++seen == 2) break;
      out << line << "\n";
    }
  }
  for (int i = 0; i < 21; ++i) single.push_back(run({wonderlog, "verify", dir + "/one.wlog"}).seconds);
  std::sort(single.begin(), single.end());

  std::cout << fmt::format("corpus: {} games (2, 3 and 4 players in turn), {} moves, {:.1f} MB\n", total, moves,
                           bytes / 1e6);
  std::cout << fmt::format("parse only, 1 core (envelope grammar, every line): {:.0f} MB/s, {:.2f} M lines/s\n",
                           bytes / 1e6 / parse_s, lines / parse_s / 1e6);
  std::cout << fmt::format(
      "full verification, 1 core, in process: {:.2f} M moves/s ({:.0f} games/s, {:.0f} MB/s); "
      "{} of {} valid\n",
      moves / verify_s / 1e6, total / verify_s, bytes / 1e6 / verify_s, valid, total);
  std::cout << fmt::format(
      "verify --readings all, 1 core, in process: {:.2f} M moves/s ({:.2f} replays per game; {} games depend on a "
      "reading)\n",
      moves / tea_all.seconds / 1e6, static_cast<double>(tea_all.replays) / total, tea_all.depending);
  std::cout << fmt::format("`wonderlog verify -j 1` on the corpus: {:.2f} s, {:.2f} M moves/s\n", one.seconds,
                           moves / one.seconds / 1e6);
  std::cout << fmt::format("`wonderlog verify -j {}` on the corpus as 64 files: {:.2f} s, {:.2f} M moves/s\n", cores,
                           all.seconds, moves / all.seconds / 1e6);
  std::cout << fmt::format("peak memory of `verify -j 1`: {} KiB for {} games, {} KiB for {} games\n", small.peak_kib,
                           games / 4, one.peak_kib, games);
  std::cout << fmt::format("`wonderlog verify` of one small log: median {:.1f} ms, worst {:.1f} ms of 21 runs\n",
                           single[10] * 1000, single.back() * 1000);

  const std::string alice = dir + "/alicematic.wlog";
  t0 = Clock::now();
  generate(alice, alicematic_games, 5000, "alicematic-heroes");
  const double gen_s = seconds_since(t0);
  const Verified ah = verify_file(alice);
  const Verified ah_all = verify_file(alice, true);
  Child ah_one = run({wonderlog, "verify", "-q", "-j", "1", alice});
  std::cout << fmt::format("AlicematiC Heroes corpus: {} games (3, 4 and 5 players; open and table logs), {} moves, "
                           "{:.1f} MB, generated in {:.1f} s\n",
                           ah.total, ah.moves, fs::file_size(alice) / 1e6, gen_s);
  std::cout << fmt::format("AlicematiC full verification, 1 core, in process: {:.2f} M moves/s ({:.0f} games/s); {} of "
                           "{} valid\n",
                           ah.moves / ah.seconds / 1e6, ah.total / ah.seconds, ah.valid, ah.total);
  std::cout << fmt::format(
      "AlicematiC verify --readings all, 1 core, in process: {:.2f} M moves/s ({:.2f} replays per game; {} games "
      "depend on a reading)\n",
      ah.moves / ah_all.seconds / 1e6, static_cast<double>(ah_all.replays) / ah.total, ah_all.depending);
  std::cout << fmt::format("`wonderlog verify -j 1` on the AlicematiC corpus: {:.2f} s, {:.2f} M moves/s, peak {} KiB\n",
                           ah_one.seconds, ah.moves / ah_one.seconds / 1e6, ah_one.peak_kib);

  const std::string rolling = dir + "/rolling.wlog";
  t0 = Clock::now();
  generate(rolling, rolling_games, 7000, "rolling-in-wonderland");
  const double rw_gen_s = seconds_since(t0);
  const Verified rw = verify_file(rolling);
  Child rw_one = run({wonderlog, "verify", "-q", "-j", "1", rolling});
  std::cout << fmt::format("Rolling in Wonderland corpus: {} games (2, 3 and 4 players; open logs, seeded), {} moves, "
                           "{:.1f} MB, generated in {:.1f} s\n",
                           rw.total, rw.moves, fs::file_size(rolling) / 1e6, rw_gen_s);
  std::cout << fmt::format("Rolling in Wonderland full verification, 1 core, in process: {:.2f} M moves/s ({:.0f} "
                           "games/s; target 1 M moves/s); {} of {} valid\n",
                           rw.moves / rw.seconds / 1e6, rw.total / rw.seconds, rw.valid, rw.total);
  std::cout << fmt::format("`wonderlog verify -j 1` on the Rolling in Wonderland corpus: {:.2f} s, {:.2f} M moves/s, "
                           "peak {} KiB\n",
                           rw_one.seconds, rw.moves / rw_one.seconds / 1e6, rw_one.peak_kib);
  return valid == total && ah.valid == ah.total && rw.valid == rw.total && WIFEXITED(one.status) && WEXITSTATUS(one.status) == 0 ? 0 : 1;
}
