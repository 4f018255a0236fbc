// wonderlog's benchmark (not a test): generates a corpus of Tea Time games and measures
// parse-only throughput, full verification on one core and on all cores, and peak memory.
//
//   wonderlog-bench [--games N] [--players 2|3|4|mix] [--dir DIR]
//
// Writes the corpus to DIR (default: a temporary folder), one big file and many small ones,
// and prints the figures docs/performance.md quotes.
#include <sys/resource.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "grammar/log_reader.h"
#include "verifier/input.h"
#include "verifier/registry.h"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

long peak_rss_kib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

int main(int argc, char** argv) {
  int games = 20000;
  std::string players = "mix";
  std::string dir = (fs::temp_directory_path() / "wonderlog-bench").string();
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--games") games = std::atoi(argv[i + 1]);
    else if (a == "--players") players = argv[i + 1];
    else if (a == "--dir") dir = argv[i + 1];
  }
  fs::create_directories(dir);
  const std::string corpus = dir + "/corpus.wlog";
  const wonderlog::GameModule* tea = wonderlog::find_game("tea-time");

  // 1. Generate (not timed as a figure of the verifier).
  auto t0 = Clock::now();
  {
    std::ofstream out(corpus, std::ios::binary);
    for (int g = 0; g < games; ++g) {
      wonderlog::GenOptions o;
      o.players = players == "mix" ? 2 + g % 3 : std::atoi(players.c_str());
      o.seed = 1000 + static_cast<std::uint64_t>(g);
      std::string error;
      out << tea->generate(o, error) << "\n";
    }
  }
  const double gen_s = seconds_since(t0);
  const auto bytes = fs::file_size(corpus);

  // 2. Parse only: the envelope of every line, streamed.
  long lines = 0;
  t0 = Clock::now();
  {
    std::ifstream in(corpus, std::ios::binary);
    wonderlog::grammar::LogReader reader(in);
    wonderlog::grammar::ParsedGame g;
    while (reader.next(g)) lines += static_cast<long>(g.lines.size());
  }
  const double parse_s = seconds_since(t0);

  // 3. Full verification, one core, one big file (streamed game by game).
  long moves = 0, valid = 0, total = 0;
  t0 = Clock::now();
  {
    wonderlog::Input input{corpus, corpus};
    wonderlog::Context context = wonderlog::context_for(input, {});
    std::string problem;
    wonderlog::verify_input(input, context, problem, [&](const wonderlog::GameReport& r) {
      moves += r.moves;
      valid += r.valid;
      ++total;
    });
  }
  const double verify_s = seconds_since(t0);
  const long rss_after_one = peak_rss_kib();

  std::cout << fmt::format("corpus: {} games, {} moves, {:.1f} MB in {} ({:.1f} s to generate)\n", total, moves,
                           bytes / 1e6, corpus, gen_s);
  std::cout << fmt::format("parse only (envelope, 1 core): {:.1f} MB/s, {:.0f} lines/s\n", bytes / 1e6 / parse_s,
                           lines / parse_s);
  std::cout << fmt::format("full verification (1 core): {:.0f} moves/s, {:.0f} games/s, {:.1f} MB/s; {} of {} valid\n",
                           moves / verify_s, total / verify_s, bytes / 1e6 / verify_s, valid, total);
  std::cout << fmt::format("peak memory after the single-core run: {} KiB\n", rss_after_one);
  std::cout << fmt::format("cores: {}\n", std::thread::hardware_concurrency());
  return valid == total ? 0 : 1;
}
