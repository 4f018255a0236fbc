// wonderlog verify PATH...: replays every game and reports the first illegal move of each.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "verifier/cli/commands.h"
#include "verifier/cli/in_order.h"
#include "verifier/input.h"
#include "verifier/readings.h"
#include "verifier/registry.h"
#include "verifier/report.h"
#include "verifier/view/page.h"

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
  std::string html;                   // --html DIR: a page per game and an index there
  Paint paint;                        // the global --color, for standard output
  std::string shard_text;             // --shard K/N
  std::optional<Shard> shard;
};

// "2/8" -> worker 2 of 8; "" when it reads, else what is wrong with it.
std::string read_shard(const std::string& text, Shard& shard) {
  const std::size_t slash = text.find('/');
  auto number = [](std::string_view digits, unsigned& n) {
    if (digits.empty() || digits.size() > 7 || digits.find_first_not_of("0123456789") != std::string_view::npos)
      return false;
    n = static_cast<unsigned>(std::stoul(std::string(digits)));
    return true;
  };
  if (slash == std::string::npos || !number(std::string_view(text).substr(0, slash), shard.k) ||
      !number(std::string_view(text).substr(slash + 1), shard.n)) {
    // Digits past seven: a number the split does not take, said as such (not "write K/N").
    const auto too_long = [](std::string_view d) {
      return d.size() > 7 && d.find_first_not_of("0123456789") == std::string_view::npos;
    };
    if (slash != std::string::npos &&
        (too_long(std::string_view(text).substr(0, slash)) || too_long(std::string_view(text).substr(slash + 1))))
      return fmt::format("'{}' is not a shard: N, the number of workers, is at most 9999999", text);
    return fmt::format("'{}' is not a shard: write K/N, worker K of N (1/4, 2/4, 3/4, 4/4)", text);
  }
  if (shard.n == 0) return fmt::format("'{}' is not a shard: N, the number of workers, is at least 1", text);
  if (shard.k < 1 || shard.k > shard.n)
    return fmt::format("'{}' is not a shard: K is from 1 to N ({} to {})", text, 1, shard.n);
  return {};
}

namespace fs = std::filesystem;

// A page under the --html folder, written beside its place by a thread and put there by the
// run, in the order of the games: two games whose pages would have one name (`x.wlog`'s game 2
// and `x-game-2.wlog`) then give it to the first, the same on every run, where the later write
// replaced the earlier in silence (found in review).
struct PendingPage {
  IndexEntry entry;
  std::string written;  // the temporary file beside it
  std::string shown;    // the log and game, for a message: "col/x.wlog, game 2"
};

struct FileOutcome {
  std::string text;
  int games = 0, valid = 0, warnings = 0, in_progress = 0;
  bool unreadable = false;
  std::string problem;
  std::vector<PendingPage> pages;       // --html: the pages written beside their place, in the file's order
  std::vector<std::string> unwritten;  // --html: why a page could not be written
};

// Where a log's page goes under the --html folder: the log's own path with .html for .wlog
// (game N > 1 of a file adds -game-N), so a batch of folders keeps its shape; '..' and a
// leading '/' cannot lead out of the folder.
std::string page_path(const Input& input, int game) {
  if (input.path == "-") return game > 1 ? fmt::format("stdin-game-{}.html", game) : "stdin.html";
  fs::path out;
  for (const fs::path& part : fs::path(input.path).relative_path()) {
    if (part == ".") continue;
    out /= part == ".." ? fs::path("up") : part;
  }
  std::string name = out.string();
  if (name.size() > 5 && name.compare(name.size() - 5, 5, ".wlog") == 0) name.resize(name.size() - 5);
  return game > 1 ? fmt::format("{}-game-{}.html", name, game) : name + ".html";
}

// Whether the page `relative` under the --html folder may be written: never over a file
// wonderlog did not write, nor over the log itself. The target, or nullopt with `problem`.
std::optional<fs::path> page_target(const std::string& dir, const std::string& relative, const Input& log,
                                    std::string& problem) {
  const fs::path target = fs::path(dir) / relative;
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) {
    problem = fmt::format("cannot make the folder '{}': {}", target.parent_path().string(), ec.message());
    return std::nullopt;
  }
  if (log.path != "-" && fs::equivalent(target, log.path, ec)) {
    problem = fmt::format("'{}' is the log itself: not overwritten", target.string());
    return std::nullopt;
  }
  if (fs::exists(target, ec) && !is_wonderlog_page(read_head(target.string()))) {
    problem = fmt::format("'{}' exists and is not a page wonderlog wrote: not overwritten", target.string());
    return std::nullopt;
  }
  return target;
}

// Writes a page (the index) under the --html folder at once, with page_target()'s care.
bool write_page(const std::string& dir, const std::string& relative, const std::string& text, const Input& log,
                std::string& problem) {
  const std::optional<fs::path> target = page_target(dir, relative, log, problem);
  return target && write_file_atomically(target->string(), text, problem);
}

// The page of one game, drawn from a fresh replay; its verdict is `report` (verify's).
std::string game_page(const grammar::ParsedGame& game, int index, const Context& context, const GameReport& report,
                      std::string& title) {
  GameReport scratch;
  Pictures pictures;
  if (const GameModule* module = module_for(game, index, context, scratch)) {
    pictures = module->pictures(game, context, "all", scratch);
    title = std::string(module->title());
  }
  return view_page(pictures, report, page_info(game, title.empty() ? "wonderlog" : title));
}

// The stretches of one large file as they are cut, and what each holds once it is known: the
// lines and games before a stretch, which its reports' numbers count, are the sums over the
// stretches before it. A stretch's thread tells what it held when it has read it; one not told
// yet when the numbers are wanted is counted by reading it (grammar::count_stretch).
class CutFile {
 public:
  explicit CutFile(std::string path) : path_(std::move(path)) {}
  // Adds the next stretch; its index.
  std::size_t add(const grammar::Stretch& stretch) {
    std::lock_guard<std::mutex> lock(mutex_);
    parts_.push_back({stretch.begin, stretch.end, std::nullopt});
    return parts_.size() - 1;
  }
  // What stretch `i` held, read to its end.
  void held(std::size_t i, grammar::StretchCounts counts) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!parts_[i].counts) parts_[i].counts = counts;
  }
  // The lines and games before stretch `i`.
  grammar::StretchCounts before(std::size_t i) {
    std::lock_guard<std::mutex> lock(mutex_);
    // The sums before each stretch, as far as asked; the stretches are counted in order.
    while (sums_.size() <= i) {
      const std::size_t k = sums_.size() - 1;
      Part& part = parts_[k];
      if (!part.counts) {
        std::ifstream in(path_, std::ios::binary);
        in.seekg(static_cast<std::streamoff>(part.begin));
        part.counts = grammar::count_stretch(in, part.end - part.begin);
      }
      sums_.push_back({sums_.back().lines + part.counts->lines, sums_.back().games + part.counts->games});
    }
    return sums_[i];
  }

 private:
  struct Part {
    std::uint64_t begin, end;
    std::optional<grammar::StretchCounts> counts;
  };
  std::mutex mutex_;
  std::string path_;
  std::vector<Part> parts_;
  std::vector<grammar::StretchCounts> sums_{grammar::StretchCounts{}};  // sums_[i]: before stretch i
};

// What the threads share out: a whole input, or one stretch of a large file.
struct Piece {
  std::size_t input = 0;
  std::optional<grammar::Stretch> stretch;  // none: the whole input
  std::shared_ptr<CutFile> file;            // the stretch's file, cut
  std::size_t index = 0;                    // the stretch's index in it
  bool last() const { return !stretch || stretch->end == grammar::Stretch::kToTheEnd; }
};

// A file is cut into stretches of this size when it is more than twice as large and several
// threads verify: large enough that a stretch's set-up (opening the file, a context) is lost in
// its games, small enough that two threads share a 10 MB file evenly.
constexpr std::uint64_t kStretchBytes = std::uint64_t{1} << 20;

// The pieces of the inputs in order, each large file's stretches found as they are asked for.
class Pieces {
 public:
  Pieces(const std::vector<Input>& inputs, bool cut) : inputs_(inputs), cut_(cut) {}
  // Whether a file is large enough to be cut into stretches (when several threads verify).
  static bool large(const Input& input) {
    std::error_code ec;
    return input.path != "-" && fs::is_regular_file(input.path, ec) &&
           fs::file_size(input.path, ec) > 2 * kStretchBytes && !ec;
  }
  std::optional<Piece> next() {
    if (cutter_) {
      grammar::Stretch s;
      if (cutter_->next(s)) {
        if (s.end == grammar::Stretch::kToTheEnd) cutter_.reset();
        const std::size_t index = cut_file_->add(s);
        return Piece{cutting_, s, cut_file_, index};
      }
      cutter_.reset();
    }
    if (next_ == inputs_.size()) return std::nullopt;
    const std::size_t i = next_++;
    if (cut_ && large(inputs_[i])) {
      // Cut by jumps, a few hundred bytes read at each cut: what lies before a stretch is
      // counted only where a report shows its numbers (docs/performance.md, session 57).
      file_.close();
      file_.clear();
      file_.open(inputs_[i].path, std::ios::binary);
      std::error_code ec;
      const std::uint64_t size = fs::file_size(inputs_[i].path, ec);
      if (file_ && !ec) {
        cutter_.emplace(file_, kStretchBytes, size);
        cut_file_ = std::make_shared<CutFile>(inputs_[i].path);
        cutting_ = i;
        return next();
      }
    }
    return Piece{i, std::nullopt};
  }

 private:
  const std::vector<Input>& inputs_;
  bool cut_;
  std::size_t next_ = 0;
  std::ifstream file_;
  std::optional<grammar::StretchCutter> cutter_;
  std::shared_ptr<CutFile> cut_file_;
  std::size_t cutting_ = 0;
};

FileOutcome verify_one(const Input& input, const Piece& piece, const Options& o) {
  FileOutcome out;
  Context context = context_for(input, o.catalog_dirs);
  context.readings = o.flags;
  context.all_readings = o.readings_mode == "all";
  // Under -q a valid game is not shown: a stretch's games are numbered only from the first
  // shown (most often none is), and the lines and games before the stretch counted then.
  // Otherwise every game is shown with its number, counted from the start.
  const bool json = o.format == "json";  // asked once, not for each game
  const bool shows_every_game = !o.quiet || json || !o.html.empty();
  auto each = [&](const grammar::ParsedGame& game, int index, bool numbered) {
    const GameReport r = verify_game(game, index, context);
    const bool shown =
        json || !(o.quiet && r.valid && !r.in_progress && r.warnings.empty() && (!r.depends_on || r.depends_on->empty()));
    if (shown && !numbered) return false;
    ++out.games;
    if (r.valid) ++out.valid;
    if (r.in_progress) ++out.in_progress;
    out.warnings += static_cast<int>(r.warnings.size());
    if (json)
      out.text += json_report(r);
    else if (shown)
      out.text += text_report(r, o.paint);
    if (!o.html.empty()) {
      PendingPage p{IndexEntry{page_path(input, index), "", r}, "", fmt::format("{}, game {}", input.shown, index)};
      const std::string page = game_page(game, index, context, r, p.entry.title);
      std::string problem;
      const std::optional<fs::path> target = page_target(o.html, p.entry.href, input, problem);
      std::optional<std::string> written;
      if (target) written = write_beside(target->string(), page, problem);
      if (written) {
        p.written = std::move(*written);
        out.pages.push_back(std::move(p));
      } else {
        out.unwritten.push_back(std::move(problem));
      }
    }
    return true;
  };
  bool ok = true;
  if (!piece.stretch) {
    ok = for_each_game(input, out.problem, [&](const grammar::ParsedGame& game, int index) { each(game, index, true); });
  } else {
    grammar::Stretch stretch = *piece.stretch;
    auto count_before = [&] { return piece.file->before(piece.index); };
    if (!stretch.counted && shows_every_game) {
      const grammar::StretchCounts before = count_before();
      stretch.lines_before = before.lines;
      stretch.games_before = before.games;
      stretch.counted = true;
    }
    grammar::StretchCounts held;
    ok = for_each_game_in(input, stretch, out.problem, each, count_before, &held);
    if (ok) piece.file->held(piece.index, held);
  }
  out.unreadable = !ok;
  return out;
}

int run(const Options& o) {
  std::vector<Input> inputs;
  bool unreadable = false;
  if (!read_paths(o.paths, inputs, &unreadable)) return kUsage;
  const std::size_t all_inputs = inputs.size();
  if (o.shard) {
    if (std::any_of(inputs.begin(), inputs.end(), [](const Input& in) { return in.path == "-"; })) {
      std::cerr << "wonderlog verify: --shard shares out files, and standard input is not a file (wonderlog help verify)\n";
      return kUsage;
    }
    std::erase_if(inputs, [&](const Input& in) { return !in_shard(in, *o.shard); });
  }

  int games = 0, valid = 0, warnings = 0, unread = 0, in_progress = 0;
  std::vector<IndexEntry> pages;
  std::map<std::string, std::string> page_owners;  // --html: each page written, and whose it is
  bool unwritten = false;
  // A large file is verified by stretches on several threads; its stretches are printed in order,
  // and after one that cannot be read the rest of that file is not (as when read in one piece).
  unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  // One input that is not cut is one piece of work: it is done on this thread, without starting
  // any (a small log's run is mostly the process's start, and a thread adds to it).
  if (inputs.size() == 1 && !Pieces::large(inputs[0])) jobs = 1;
  Pieces pieces(inputs, jobs > 1);
  std::optional<std::size_t> failed;  // the input whose reading failed
  in_order_stream(
      jobs, [&] { return pieces.next(); },
      [&](Piece& piece) { return std::make_pair(piece, verify_one(inputs[piece.input], piece, o)); },
      [&](std::pair<Piece, FileOutcome>& done) {
        const auto& [piece, outcome] = done;
        const std::size_t i = piece.input;
        if (failed == i) {  // the rest of a file that could not be read is not shown: nor are its pages
          for (const PendingPage& p : outcome.pages) std::remove(p.written.c_str());
          return;
        }
        std::cout << outcome.text;
        if (outcome.unreadable) {
          // In its place: text readers see it between the files around it, JSON readers get a
          // record for it (a file that was never checked must not pass unnoticed).
          if (o.format == "json") std::cout << json_unreadable(inputs[i].shown, outcome.problem);
          std::cout.flush();
          std::cerr << "wonderlog: " << outcome.problem << "\n";
          unreadable = true;
          ++unread;
          failed = i;
        }
        for (const std::string& p : outcome.unwritten) std::cerr << "wonderlog: " << p << "\n";
        unwritten = unwritten || !outcome.unwritten.empty();
        for (const PendingPage& p : outcome.pages) {
          const fs::path target = fs::path(o.html) / p.entry.href;
          std::string problem;
          if (const auto [first, fresh] = page_owners.emplace(p.entry.href, p.shown); !fresh) {
            std::remove(p.written.c_str());
            problem = fmt::format("'{}' is the page of {}: the page of {} would have the same name, and is not written",
                                  target.string(), first->second, p.shown);
          } else if (std::error_code ec; fs::exists(target, ec) && !is_wonderlog_page(read_head(target.string()))) {
            std::remove(p.written.c_str());  // appeared since the thread looked
            problem = fmt::format("'{}' exists and is not a page wonderlog wrote: not overwritten", target.string());
          } else if (put_in_place(p.written, target.string(), problem)) {
            pages.push_back(p.entry);
            continue;
          }
          std::cerr << "wonderlog: " << problem << "\n";
          unwritten = true;
        }
        games += outcome.games;
        valid += outcome.valid;
        warnings += outcome.warnings;
        in_progress += outcome.in_progress;
      });
  if (o.format == "text") {
    // A game still being played is valid so far: said, since its result is not known yet.
    std::cout << fmt::format("{} game{} in {} file{}: {} valid{}, {} invalid", games, games == 1 ? "" : "s",
                             inputs.size(), inputs.size() == 1 ? "" : "s", valid,
                             in_progress ? fmt::format(" ({} in progress)", in_progress) : "", games - valid);
    if (warnings) std::cout << fmt::format(", {} warning{}", warnings, warnings == 1 ? "" : "s");
    if (unread) std::cout << fmt::format(", {} file{} unreadable", unread, unread == 1 ? "" : "s");
    if (o.shard)
      std::cout << fmt::format(" (shard {}/{}: {} of {} file{})", o.shard->k, o.shard->n, inputs.size(), all_inputs,
                               all_inputs == 1 ? "" : "s");
    std::cout << "\n";
  }
  std::cout.flush();
  if (!o.html.empty()) {
    std::string problem;
    if (!write_page(o.html, "index.html", index_page(pages), Input{"-", ""}, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      unwritten = true;
    } else {
      std::cerr << fmt::format("wonderlog: wrote {} page{} and {}\n", pages.size(), pages.size() == 1 ? "" : "s",
                               (fs::path(o.html) / "index.html").string());
    }
  }
  if (unreadable || unwritten || all_inputs == 0) return kUsage;  // a shard may be empty; the paths may not
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
  sub->add_option("-j,--jobs", o->jobs, "Threads verifying at once, each a file or a stretch of a large one (default: one per core)")
      ->check(whole_number(1, 256, "a number of jobs"));
  sub->add_option("--catalog-dir", o->catalog_dirs, "A folder searched first for the catalogs logs name")
      ->allow_extra_args(false)  // one folder a --catalog-dir: the paths after it are logs
      ->check(CLI::ExistingDirectory);
  sub->add_flag("-q,--quiet", o->quiet,
                "Text output: leave out games that are valid without warnings and finished (and, with --readings "
                "all, depend on no reading)");
  sub->add_option("--html", o->html,
                  "Also write a page per game (as 'wonderlog view' does) and an index.html linking them into DIR")
      ->type_name("DIR");
  add_reading_option(sub, o->readings);
  sub->add_option("--readings", o->readings_mode,
                  "all: replay each game under every other reading of each disputed ruling it consulted, and "
                  "report what the verdict depends on")
      ->check(CLI::IsMember({"all"}));
  sub->add_option("--shard", o->shard_text,
                  "Verify only share K of N of the files, split by a hash of each file's path: N workers given "
                  "the same paths, each its own K, cover every file once (docs/cli.md, 'Many machines')")
      ->type_name("K/N")
      ->check(CLI::Validator(
          [](std::string& text) {
            Shard shard;
            return read_shard(text, shard);
          },
          "K/N"));
  sub->callback([o, &exit_code] {
    if (!o->shard_text.empty()) read_shard(o->shard_text, o->shard.emplace());
    std::string problem;
    if (!read_reading_flags(o->readings, o->flags, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      exit_code = kUsage;
      return;
    }
    o->paint = paint_for(1);
    exit_code = run(*o);
  });
}

}  // namespace wonderlog::cli
