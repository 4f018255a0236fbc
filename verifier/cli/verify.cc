// wonderlog verify PATH...: replays every game and reports the first illegal move of each.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "verifier/cli/commands.h"
#include "verifier/cli/in_order.h"
#include "verifier/input.h"
#include "verifier/readings.h"
#include "verifier/report.h"

namespace wonderlog::cli {

namespace {

struct Options {
  std::vector<std::string> paths;
  std::string format = "text";
  unsigned jobs = 0;
  std::vector<std::string> catalog_dirs;
  bool quiet = false;
  std::vector<std::string> readings;  // --reading
  std::string readings_mode;          // --readings: "all" or ""
  std::vector<FlagReading> flags;     // `readings`, resolved
};

struct FileOutcome {
  std::string text;
  int games = 0, valid = 0, warnings = 0;
  bool unreadable = false;
  std::string problem;
};

FileOutcome verify_one(const Input& input, const Options& o) {
  FileOutcome out;
  Context context = context_for(input, o.catalog_dirs);
  context.readings = o.flags;
  context.all_readings = o.readings_mode == "all";
  bool ok = verify_input(input, context, out.problem, [&](const GameReport& r) {
    ++out.games;
    if (r.valid) ++out.valid;
    out.warnings += static_cast<int>(r.warnings.size());
    if (o.format == "json")
      out.text += json_report(r);
    else if (!(o.quiet && r.valid && r.warnings.empty() && (!r.depends_on || r.depends_on->empty())))
      out.text += text_report(r);
  });
  out.unreadable = !ok;
  return out;
}

int run(const Options& o) {
  std::vector<std::string> problems;
  std::vector<Input> inputs = expand_inputs(o.paths, problems);
  for (const std::string& p : problems) std::cerr << "wonderlog: " << p << "\n";
  if (std::count_if(inputs.begin(), inputs.end(), [](const Input& i) { return i.path == "-"; }) > 1) {
    std::cerr << "wonderlog: '-' (standard input) can be given once\n";
    return kUsage;
  }

  int games = 0, valid = 0, warnings = 0;
  bool unreadable = !problems.empty();
  in_order(
      inputs.size(), o.jobs, [&](std::size_t i) { return verify_one(inputs[i], o); },
      [&](std::size_t, FileOutcome& outcome) {
        std::cout << outcome.text;
        if (outcome.unreadable) {
          std::cout.flush();
          std::cerr << "wonderlog: " << outcome.problem << "\n";
          unreadable = true;
        }
        games += outcome.games;
        valid += outcome.valid;
        warnings += outcome.warnings;
      });
  if (o.format == "text") {
    std::cout << fmt::format("{} game{} in {} file{}: {} valid, {} invalid", games, games == 1 ? "" : "s",
                             inputs.size(), inputs.size() == 1 ? "" : "s", valid, games - valid);
    if (warnings) std::cout << fmt::format(", {} warning{}", warnings, warnings == 1 ? "" : "s");
    std::cout << "\n";
  }
  std::cout.flush();
  if (unreadable || inputs.empty()) return kUsage;
  return valid == games ? kOk : kInvalid;
}

}  // namespace

void setup_verify(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<Options>();
  CLI::App* sub =
      app.add_subcommand("verify", "Replay every game of the logs and check each move and the recorded result");
  sub->add_option("paths", o->paths, "Log files, folders (searched for *.wlog) or - for standard input")->required();
  sub->add_option("--format", o->format, "Output: text (for people) or json (one object per game per line)")
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_option("-j,--jobs", o->jobs, "Files verified at once (default: one per core)")->check(CLI::Range(1u, 256u));
  sub->add_option("--catalog-dir", o->catalog_dirs, "A folder searched first for the catalogs logs name")
      ->check(CLI::ExistingDirectory);
  sub->add_flag("-q,--quiet", o->quiet,
                "Text output: leave out games that are valid without warnings (and, with --readings all, depend on "
                "no reading)");
  add_reading_option(sub, o->readings);
  sub->add_option("--readings", o->readings_mode,
                  "all: replay each game under every other reading of each disputed ruling it consulted, and "
                  "report what the verdict depends on")
      ->check(CLI::IsMember({"all"}));
  sub->callback([o, &exit_code] {
    std::string problem;
    if (!read_reading_flags(o->readings, o->flags, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      exit_code = kUsage;
      return;
    }
    exit_code = run(*o);
  });
}

}  // namespace wonderlog::cli
