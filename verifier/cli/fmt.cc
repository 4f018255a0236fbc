// wonderlog fmt FILE...: the canonical form of logs; --check and --in-place.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "grammar/log_reader.h"
#include <fmt/format.h>

#include "verifier/cli/commands.h"
#include "verifier/diff.h"
#include "verifier/format.h"
#include "verifier/input.h"

namespace wonderlog::cli {

namespace {

struct Options {
  std::vector<std::string> files;
  bool check = false;
  bool in_place = false;
};

bool read_all(const std::string& path, std::string& text, std::string& problem) {
  // At most kMostLogBytes, read in blocks: a device or an endless pipe must not hang fmt.
  auto read_capped = [&](std::istream& in, const std::string& shown) {
    text.clear();
    char block[1 << 16];
    std::uint32_t lines = 1;
    std::size_t line_start = 0;  // of the line being read: the reader's line limit, said early
    while (in.read(block, sizeof block) || in.gcount() > 0) {
      const std::size_t from = text.size();
      text.append(block, static_cast<std::size_t>(in.gcount()));
      for (std::size_t nl = text.find('\n', from); nl != std::string::npos; nl = text.find('\n', nl + 1)) {
        if (nl - line_start > grammar::kMostLineBytes) break;
        ++lines, line_start = nl + 1;
      }
      if (text.size() - line_start > grammar::kMostLineBytes) {
        problem = "cannot read '" + shown + "': " + grammar::long_line_problem(lines);
        return false;
      }
      if (text.size() > grammar::kMostLogBytes) {
        problem = "cannot read '" + shown + "': " + grammar::large_log_problem();
        return false;
      }
    }
    return true;
  };
  if (path == "-") return read_capped(std::cin, "<stdin>");
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    problem = "cannot read '" + path + "': no such file or folder";
    return false;
  }
  if (std::filesystem::is_directory(path, ec)) {
    problem = "cannot read '" + path + "': it is a folder";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problem = "cannot read '" + path + "': " + std::strerror(errno);
    return false;
  }
  return read_capped(in, path);
}

int run(const Options& o) {
  if (o.check && o.in_place) {
    std::cerr << "wonderlog fmt: --check or --in-place, not both (wonderlog help fmt)\n";
    return kUsage;
  }
  std::vector<Input> inputs;
  bool folder_problem = false;  // a folder, or one inside it, that cannot be read: said, exit 2
  if (!read_paths(o.files, inputs, &folder_problem)) return kUsage;
  int code = inputs.empty() || folder_problem ? kUsage : kOk;
  int differ = 0;
  for (const Input& input : inputs) {
    const std::string& file = input.path;
    if (file == "-" && o.in_place) {
      std::cerr << "wonderlog fmt: --in-place cannot rewrite standard input (wonderlog help fmt)\n";
      code = kUsage;
      continue;
    }
    std::string text, problem;
    if (!read_all(file, text, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      code = kUsage;
      continue;
    }
    std::string formatted;
    Diagnostic d;
    const std::string& shown = input.shown;
    if (!format_log(text, formatted, d)) {
      std::cout.flush();
      std::cerr << render(shown, d, Severity::error, paint_for(2)) << shown << ": not formatted (left unchanged)\n";
      if (code == kOk) code = kInvalid;
      continue;
    }
    if (o.check) {
      if (formatted != text) {
        // What fmt -i would change, as black --diff and rustfmt --check show it.
        std::cout << unified_diff(text, formatted, shown + "\t(as written)", shown + "\t(canonical form)");
        ++differ;
        if (code == kOk) code = kInvalid;
      }
    } else if (o.in_place) {
      if (formatted != text && !write_file_atomically(file, formatted, problem)) {
        std::cerr << "wonderlog: " << problem << "\n";
        code = kUsage;
      }
    } else {
      std::cout << formatted;
    }
  }
  std::cout.flush();
  if (differ)
    std::cerr << fmt::format("wonderlog: {} of {} file{} {} not in canonical form; 'wonderlog fmt -i' rewrites {}\n",
                             differ, inputs.size(), inputs.size() == 1 ? "" : "s", differ == 1 ? "is" : "are",
                             differ == 1 ? "it" : "them");
  return code;
}

}  // namespace

void setup_fmt(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("fmt", "Print logs in canonical form, check it, or rewrite files into it");
  sub->add_option("paths", o->files, "Log files, folders (searched for *.wlog) or - for standard input")->required();
  sub->add_flag("--check", o->check,
                "Write nothing; show what would change as a unified diff, and exit 1 if any file is not canonical");
  sub->add_flag("-i,--in-place", o->in_place,
                "Rewrite each file into canonical form (never one that does not parse; a symbolic link's target)");
  sub->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace wonderlog::cli
