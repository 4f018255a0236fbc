// The wonderlog binary as a user meets it: exit codes, output forms, and bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tests/testing.h"
#include "verifier/cli/app.h"
#include "verifier/cli/in_order.h"
#include "verifier/input.h"

namespace wonderlog {
namespace {

using testing::run_cli;
namespace fs = std::filesystem;

std::string write_log(const std::string& name, const std::string& text) {
  std::string path = testing::temp_dir() + "/" + name;
  testing::write_file(path, text);
  return path;
}

const std::string kHead = "wonderlog 1\ngame: tea-time\ncatalog: tea-time\nplayers: Arthur, Nina\n";

// With one job the work is done on the calling thread, none started; with several, elsewhere.
// Either way every item is done once and handed back in order.
TEST(InOrderStream, OneJobIsDoneOnTheCallingThreadAndAnyNumberInOrder) {
  for (unsigned jobs : {1u, 2u, 3u}) {
    int given = 0;
    std::vector<int> order;
    std::vector<std::thread::id> workers;
    std::mutex mutex;
    cli::in_order_stream(
        jobs, [&]() -> std::optional<int> { return given < 50 ? std::optional<int>(given++) : std::nullopt; },
        [&](int& i) {
          std::lock_guard<std::mutex> lock(mutex);
          workers.push_back(std::this_thread::get_id());
          return i * i;
        },
        [&](int& square) { order.push_back(square); });
    ASSERT_EQ(order.size(), 50u) << jobs;
    for (int i = 0; i < 50; ++i) EXPECT_EQ(order[static_cast<std::size_t>(i)], i * i) << jobs;
    const auto self = std::this_thread::get_id();
    const bool here = std::all_of(workers.begin(), workers.end(), [&](auto id) { return id == self; });
    EXPECT_EQ(here, jobs == 1) << jobs;
  }
}

TEST(Cli, VersionAndHelpOnEverySubcommand) {
  auto v = run_cli({"--version"});
  EXPECT_EQ(v.code, 0);
  EXPECT_NE(v.out.find("wonderlog 0.1.0"), std::string::npos);
  for (const char* sub : {"verify", "test", "score", "fmt", "replay", "explain", "gen", "redact", "rulings", "view"}) {
    auto h = run_cli({sub, "--help"});
    EXPECT_EQ(h.code, 0) << sub;
    EXPECT_NE(h.out.find("Usage"), std::string::npos) << sub;
  }
  EXPECT_EQ(run_cli({}).code, 2);
  EXPECT_EQ(run_cli({"verify"}).code, 2);
  EXPECT_EQ(run_cli({"frobnicate"}).code, 2);
}

TEST(CliManners, NoArgumentsPrintsTheUsage) {
  auto none = run_cli({});
  EXPECT_EQ(none.code, 2);
  EXPECT_EQ(none.err.rfind("usage: wonderlog COMMAND [OPTIONS] [--] PATH...\n", 0), 0u) << none.err;
  for (const char* command : {"verify", "test", "fmt", "view", "help", "completions"})
    EXPECT_NE(none.err.find(std::string("\n  ") + command + " "), std::string::npos) << command;
  EXPECT_NE(none.err.find("man wonderlog"), std::string::npos);
}

TEST(CliManners, MisspeltCommandsAndOptionsGetASuggestion) {
  auto command = run_cli({"verfy", "x.wlog"});
  EXPECT_EQ(command.code, 2);
  EXPECT_EQ(command.err.rfind("wonderlog: unknown command 'verfy'; did you mean 'verify'?\n", 0), 0u) << command.err;
  // The misspelt flag is named, not the file after it.
  auto option = run_cli({"verify", "--fromat", "x.wlog"});
  EXPECT_EQ(option.code, 2);
  EXPECT_EQ(option.err, "wonderlog verify: unknown option '--fromat'; did you mean '--format'? (wonderlog help verify)\n");
  auto value = run_cli({"verify", "--fomrat=json", "x.wlog"});
  EXPECT_NE(value.err.find("unknown option '--fomrat'; did you mean '--format'?"), std::string::npos) << value.err;
  auto far = run_cli({"verify", "--too", "x.wlog"});
  EXPECT_EQ(far.err, "wonderlog verify: unknown option '--too' (wonderlog help verify)\n");
  auto global = run_cli({"--colour", "never", "verify", "x.wlog"});
  EXPECT_NE(global.err.find("did you mean '--color'?"), std::string::npos) << global.err;
  auto empty = run_cli({"--color"});
  EXPECT_EQ(empty.err, "wonderlog: --color needs a value (auto, always, never) (wonderlog help)\n");
  // The move's option of another command is no slip: `--at` is not `--as` (found in review).
  auto at = run_cli({"replay", "--at", "5", "x.wlog"});
  EXPECT_EQ(at.code, 2);
  EXPECT_EQ(at.err,
            "wonderlog replay: unknown option '--at'; did you mean '--to'? (replay takes the move as '--to N') "
            "(wonderlog help replay)\n");
  EXPECT_NE(run_cli({"view", "--to=5", "x.wlog"}).err.find("did you mean '--at'? (view takes the move as '--at N')"),
            std::string::npos);
  EXPECT_NE(run_cli({"explain", "--to", "5", "x.wlog"}).err.find("did you mean '--at'?"), std::string::npos);
}

// Output that cannot be written is an error with exit code 2, not a success: a batch's JSON
// Lines written to a full disk came out cut short with exit 0 (found in review).
TEST(CliManners, OutputThatCannotBeWrittenIsAnError) {
  ASSERT_TRUE(std::filesystem::exists("/dev/full"));
  const std::string err = testing::temp_dir() + "/full.err";
  const std::string command = std::string("'") + WONDERLOG_BINARY + "' verify --format json '" +
                              testing::source_path("replays") + "' > /dev/full 2> '" + err + "'";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_EQ(testing::read_file(err).rfind("wonderlog: cannot write to standard output", 0), 0u)
      << testing::read_file(err);
}

TEST(CliManners, CliElevenMessagesAreSaidInWonderlogsWords) {
  auto missing = run_cli({"verify"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_EQ(missing.err,
            "wonderlog verify: missing paths: log files, folders (searched for *.wlog) or - for standard input "
            "(wonderlog help verify)\n");
  auto at = run_cli({"explain", "a.wlog"});
  EXPECT_EQ(at.err.rfind("wonderlog explain: missing --at: the move to explain", 0), 0u) << at.err;
  EXPECT_EQ(at.err.find("did you mean"), std::string::npos) << at.err;
  // A bare word that fits the missing option is taken for its value, and said so.
  EXPECT_EQ(run_cli({"explain", "a.wlog", "21"}).err,
            "wonderlog explain: missing --at: the move to explain (1-based, as numbered in the log); did you mean "
            "'--at 21'? (wonderlog help explain)\n");
  EXPECT_NE(run_cli({"replay", "--game", "2", "a.wlog", "7"}).err.find("did you mean '--to 7'?"), std::string::npos);
  EXPECT_NE(run_cli({"redact", "a.wlog", "queen"}).err.find("did you mean '--for queen'?"), std::string::npos);
  EXPECT_EQ(run_cli({"redact", "a.wlog", "king"}).err.find("did you mean"), std::string::npos);
  // An option given twice that may be given once (CLI11's "At Most 1 required but received 2").
  EXPECT_EQ(run_cli({"verify", "--shard", "1/2", "--shard", "2/2", "a.wlog"}).err,
            "wonderlog verify: --shard is given 2 times: give it once (wonderlog help verify)\n");
  // A short option's value may be attached, as CLI11 reads it (`-j2` was refused: found in review).
  EXPECT_EQ(run_cli({"verify", "-j2", testing::source_path("replays/tea-time/two-players-club-night.wlog")}).code, 0);
  auto extra = run_cli({"score", "a.wlog", "b.wlog"});
  EXPECT_EQ(extra.err, "wonderlog score: too many arguments: b.wlog (wonderlog help score)\n");
  // A value not among those allowed, a folder that is not there, a description that starts with
  // "A" (found in review: "xml not in {text,json}", "Directory does not exist", "missing file: A").
  EXPECT_EQ(run_cli({"verify", "--format", "xml", "a.wlog"}).err,
            "wonderlog verify: --format: 'xml' is not one of text, json (wonderlog help verify)\n");
  EXPECT_EQ(run_cli({"verify", "--catalog-dir", "/nonexistent-wonderlog", "a.wlog"}).err,
            "wonderlog verify: --catalog-dir: no folder '/nonexistent-wonderlog' (wonderlog help verify)\n");
  EXPECT_EQ(run_cli({"score"}).err.rfind("wonderlog score: missing file: a log file", 0), 0u);
}

TEST(CliManners, NumbersAreCheckedInTheOptionsOwnWords) {
  const std::string path = write_log("numbers.wlog", testing::generated(2, 4));
  auto at = run_cli({"explain", path, "--at", "0"});
  EXPECT_EQ(at.code, 2);
  EXPECT_EQ(at.err, "wonderlog explain: --at: 0 is not a move number: moves are numbered from 1 (wonderlog help explain)\n");
  auto negative = run_cli({"gen", "tea-time", "--seed", "-5"});
  EXPECT_EQ(negative.code, 2);
  EXPECT_EQ(negative.out, "");  // no seed 18446744073709551611
  EXPECT_NE(negative.err.find("--seed: '-5' is not a seed: write a whole number from 0"), std::string::npos)
      << negative.err;
  EXPECT_EQ(run_cli({"gen", "tea-time", "--seed", "18446744073709551616"}).code, 2);  // 2^64
  EXPECT_EQ(run_cli({"gen", "tea-time", "--seed", "18446744073709551615"}).code, 0);
  auto players = run_cli({"gen", "tea-time", "--seed", "1", "--players", "9"});
  EXPECT_NE(players.err.find("--players: 9 is not a number of players: it is from 1 to 8"), std::string::npos)
      << players.err;
  EXPECT_NE(run_cli({"verify", "-j", "1.5", path}).err.find("--jobs: '1.5' is not a number of jobs"), std::string::npos);
  EXPECT_NE(run_cli({"replay", path, "--to", "x"}).err.find("--to: 'x' is not a move number"), std::string::npos);
}

TEST(CliManners, DoubleDashEndsTheOptions) {
  namespace fs = std::filesystem;
  const std::string name = "-dash-" + std::to_string(::getpid()) + ".wlog";
  testing::write_file(name, testing::generated(2, 4));
  auto refused = run_cli({"verify", name});
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("a file whose name starts with '-' goes after '--': wonderlog verify -- " + name),
            std::string::npos)
      << refused.err;
  auto read = run_cli({"verify", "--", name});
  EXPECT_EQ(read.code, 0) << read.err;
  EXPECT_NE(read.out.find("1 game in 1 file: 1 valid"), std::string::npos) << read.out;
  fs::remove(name);
}

TEST(CliManners, HelpCommandAndFooters) {
  auto all = run_cli({"help"});
  EXPECT_EQ(all.code, 0);
  EXPECT_NE(all.out.find("Exit codes: 0 all good"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("completions"), std::string::npos);
  auto fmt_help = run_cli({"help", "fmt"});
  EXPECT_EQ(fmt_help.code, 0);
  EXPECT_EQ(fmt_help.out, run_cli({"fmt", "--help"}).out);
  EXPECT_NE(fmt_help.out.find("Examples:\n  wonderlog fmt saturday.wlog"), std::string::npos) << fmt_help.out;
  EXPECT_NE(fmt_help.out.find("Documentation: man wonderlog"), std::string::npos);
  auto unknown = run_cli({"help", "verfy"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("no command 'verfy'; did you mean 'verify'?"), std::string::npos) << unknown.err;
  // Each command's help gives its own exit codes, and every bundled log its examples name exists
  // (found in review: explain's example named a log that is not there, and its exit codes were
  // the program's, which say 1 for an illegal move explain explains with 0).
  EXPECT_NE(run_cli({"help", "explain"}).out.find("  0 the move is explained, an illegal one included\n"),
            std::string::npos);
  const std::regex bundled(R"((replays|fixtures)/[A-Za-z0-9_./-]+\.wlog)");
  for (const char* command : {"verify", "test", "score", "fmt", "replay", "explain", "gen", "redact", "rulings", "view",
                              "help", "completions"}) {
    const std::string help = run_cli({"help", command}).out;
    EXPECT_NE(help.find("Exit codes:\n  0 "), std::string::npos) << command;
    for (auto it = std::sregex_iterator(help.begin(), help.end(), bundled); it != std::sregex_iterator(); ++it)
      EXPECT_TRUE(fs::exists(testing::source_path(it->str()))) << command << ": " << it->str();
  }
}

TEST(CliManners, TheManPageNamesEveryCommandAndOption) {
  CLI::App app{"wonderlog", "wonderlog"};
  int exit_code = 0;
  cli::setup_app(app, exit_code);
  const std::string man = testing::read_file(testing::source_path("docs/wonderlog.1"));
  auto escaped = [](const std::string& word) {  // roff writes '-' as '\-'
    std::string out;
    for (char c : word) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
  };
  auto check = [&](const CLI::App& a, const std::string& where) {
    for (const CLI::Option* o : a.get_options())
      for (const std::string& l : o->get_lnames())
        EXPECT_NE(man.find(escaped("--" + l)), std::string::npos) << where << " --" << l << " is not in docs/wonderlog.1";
  };
  check(app, "wonderlog");
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    EXPECT_NE(man.find(".SS \"" + sub->get_name() + " "), std::string::npos) << sub->get_name() << " has no section";
    check(*sub, sub->get_name());
  }
}

// A command line that names a command binds that command alone (setup_app), and it must be
// bound exactly as when all are: the same options, help and footer. help, completions, no
// command and a misspelt one bind them all.
TEST(CliManners, ACommandBoundAloneIsTheCommandBoundWithAllTheOthers) {
  CLI::App all{"wonderlog", "wonderlog"};
  int exit_code = 0;
  cli::setup_app(all, exit_code);
  const auto every = [](const CLI::App& a) { return a.get_subcommands([](const CLI::App*) { return true; }); };
  ASSERT_EQ(every(all).size(), 12u);
  for (const CLI::App* sub : every(all)) {
    const std::string name = sub->get_name();
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{name, "x.wlog"}, {"--color", "never", name}, {"--color=always", name, "--help"}}) {
      CLI::App alone{"wonderlog", "wonderlog"};
      cli::setup_app(alone, exit_code, args);
      const bool speaks_of_all = name == "help" || name == "completions";
      ASSERT_EQ(every(alone).size(), speaks_of_all ? 12u : 1u) << name;
      const CLI::App* bound = alone.get_subcommand(name);
      EXPECT_EQ(bound->help("wonderlog"), sub->help("wonderlog")) << name;
      EXPECT_EQ(bound->get_footer(), sub->get_footer()) << name;
      EXPECT_EQ(bound->get_options().size(), sub->get_options().size()) << name;
    }
  }
  // "--color verify": verify is the colour asked for (and refused), not the command; "-q" is no
  // global option, and is said to be unknown before the command, as it was.
  const std::vector<std::pair<std::vector<std::string>, std::size_t>> bound = {
      {{}, 12}, {{"verfy", "x.wlog"}, 12}, {{"--color", "verify"}, 12}, {{"--", "verify"}, 12}, {{"-q", "verify"}, 1}};
  for (const auto& [args, commands] : bound) {
    CLI::App app{"wonderlog", "wonderlog"};
    cli::setup_app(app, exit_code, args);
    EXPECT_EQ(every(app).size(), commands) << fmt::format("{}", fmt::join(args, " "));
  }
}

// A flag takes no value: the completions offer no file after one, and the word after it is read
// as a word of its own (found in review: every flag was completed as taking a file, and a
// misspelt option after `-q` went unseen).
TEST(CliManners, FlagsTakeNoValue) {
  const std::string fish = run_cli({"completions", "fish"}).out;
  for (const char* flag : {"-l quiet", "-l help", "-l check", "-l bless", "-l in-place"}) {
    const std::size_t at = fish.find(flag);
    ASSERT_NE(at, std::string::npos) << flag;
    const std::string line = fish.substr(at, fish.find('\n', at) - at);
    EXPECT_EQ(line.find(" -r -F"), std::string::npos) << line;
  }
  EXPECT_NE(fish.find("-l catalog-dir -x -a '(__fish_complete_directories)'"), std::string::npos);  // a value
  const std::string bash = run_cli({"completions", "bash"}).out;
  EXPECT_EQ(bash.find("--quiet|-q)"), std::string::npos);
  EXPECT_EQ(bash.find("-q|--quiet)"), std::string::npos);
  // A number, an id or a reading is no file: nothing is offered (files were, after --to).
  EXPECT_NE(bash.find("--to) COMPREPLY=(); return ;;"), std::string::npos);
  EXPECT_NE(bash.find("--reading) COMPREPLY=(); return ;;"), std::string::npos);
  EXPECT_NE(bash.find("--junit) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;"), std::string::npos);
  EXPECT_NE(fish.find("-l to -x -d"), std::string::npos);
  auto misspelt = run_cli({"verify", "-q", "--bogus", "x.wlog"});
  EXPECT_EQ(misspelt.code, 2);
  EXPECT_NE(misspelt.err.find("wonderlog verify: unknown option '--bogus'"), std::string::npos) << misspelt.err;
}

TEST(CliManners, DiagnosticsInColourOnRequest) {
  const std::string bad = write_log("colour.wlog", kHead + "round 1\ndeal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n"
                                                           "1. Arthur: c1\n2. Nina: a1 b2\n3. Arthur: d2 c2 a2\n");
  auto always = run_cli({"verify", "--color", "always", bad});
  EXPECT_EQ(always.code, 1);
  EXPECT_NE(always.out.find("\x1b[1m" + bad + ":9:12:\x1b[0m \x1b[1;31merror:\x1b[0m \x1b[1mmove 3, Arthur: "),
            std::string::npos)
      << always.out;
  EXPECT_NE(always.out.find("|            \x1b[1;32m^~~~~~~~\x1b[0m\n"), std::string::npos) << always.out;
  // Before the command too; and never, or auto off a terminal: no escape at all.
  EXPECT_EQ(run_cli({"--color=always", "verify", bad}).out, always.out);
  EXPECT_EQ(run_cli({"verify", "--color", "never", bad}).out.find('\x1b'), std::string::npos);
  EXPECT_EQ(run_cli({"verify", bad}).out.find('\x1b'), std::string::npos);
  // fmt's diagnostics go to standard error, coloured by the same option.
  auto fmt_err = run_cli({"fmt", "--color", "always", write_log("colour-broken.wlog", kHead + "round 1\n1. Arthur a1\n")});
  EXPECT_NE(fmt_err.err.find("\x1b[1;31merror:\x1b[0m"), std::string::npos) << fmt_err.err;
}

TEST(Cli, RedactLeavesOutTheCommentsThatTellWhatWasHidden) {
  const std::string open = testing::source_path("replays/hide-and-seek/queen-two-guards-open.wlog");
  auto redacted = run_cli({"redact", open, "--for", "alice"});
  ASSERT_EQ(redacted.code, 0) << redacted.err;
  // The comment on the look said which tiles they were; the layout and notes go too.
  EXPECT_EQ(redacted.out.find("Horizontal/vertical"), std::string::npos) << redacted.out;
  EXPECT_EQ(redacted.out.find('#', 1), std::string::npos) << redacted.out;  // only the first line's
  EXPECT_EQ(redacted.out.find("notes:"), std::string::npos);
  EXPECT_EQ(redacted.out.find("layout:"), std::string::npos);
  EXPECT_EQ(redacted.out.rfind("# Hide-and-seek in the royal garden as Alice knew it, written by wonderlog redact; "
                               "its comments and notes are left out, as they may tell what was hidden\n",
                               0),
            0u)
      << redacted.out;
  EXPECT_NE(redacted.out.find("\n4. Julien: look c1 d2\n"), std::string::npos) << redacted.out;
  // What is left verifies as the table saw the game.
  auto verified = run_cli({"verify", "-"}, redacted.out);
  EXPECT_EQ(verified.code, 0) << verified.out;
  // Kept on request, by someone who has read them.
  auto kept = run_cli({"redact", open, "--for", "alice", "--keep-comments"});
  EXPECT_NE(kept.out.find("# down column d from the start tile"), std::string::npos) << kept.out;
  EXPECT_NE(kept.out.find("notes: first game of the evening"), std::string::npos);
  // A game with secret hands has no sides: said so, with where its secrets are kept (found in
  // review: it was said to have "no hidden information").
  const std::string ah = testing::source_path("replays/alicematic-heroes/three-players-open.wlog");
  auto none = run_cli({"redact", ah, "--for", "alice"});
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("alicematic-heroes has no sides that see different things (only hide-and-seek's Alice "
                          "and Queen do)"),
            std::string::npos)
      << none.err;
  EXPECT_NE(none.err.find("a table log holds only what the whole table saw"), std::string::npos) << none.err;
  auto as = run_cli({"replay", ah, "--to", "2", "--as", "queen"});
  EXPECT_EQ(as.code, 2);
  EXPECT_NE(as.err.find("only hide-and-seek's Alice and Queen see different things (use --as all)"),
            std::string::npos)
      << as.err;
}

// The Queen's copy keeps what she saw at each look, the start tile too (`S`, HS-9): found in
// review, a look at the start tile lost its `saw` in about one game in ten, though the log
// knew both tiles.
TEST(Cli, RedactForTheQueenSaysWhatSheSawOfTheStartTile) {
  auto generated = run_cli({"gen", "hide-and-seek", "--seed", "19"});
  ASSERT_EQ(generated.code, 0) << generated.err;
  ASSERT_NE(generated.out.find("\n4. Nina: look d2 a4 keep\n"), std::string::npos) << generated.out;
  const std::string open = write_log("hs-start-look.wlog", generated.out);
  auto queen = run_cli({"redact", open, "--for", "queen"});
  ASSERT_EQ(queen.code, 0) << queen.err;
  EXPECT_NE(queen.out.find("\n4. Nina: look d2 a4 keep saw A S\n"), std::string::npos) << queen.out;
  EXPECT_EQ(run_cli({"verify", "-"}, queen.out).code, 0);
  // Alice's copy does not say what was seen; she saw whether the face-up start tile moved.
  auto alice = run_cli({"redact", open, "--for", "alice"});
  EXPECT_NE(alice.out.find("\n4. Nina: look d2 a4 keep\n"), std::string::npos) << alice.out;
}

// A King's move onto the tile Alice stands on is told so, even where that tile is face up (a
// Companion): found in review, it was refused as a revealed tile.
TEST(Cli, TheKingsMoveOntoAlicesOwnFaceUpTileIsToldSo) {
  auto generated = run_cli({"gen", "hide-and-seek", "--seed", "112"});
  ASSERT_EQ(generated.code, 0) << generated.err;
  std::string text = generated.out;
  const std::size_t at = text.find("\n12. Nina: move a1\n");
  ASSERT_NE(at, std::string::npos) << text;
  ASSERT_NE(text.find("\n11. Arthur: b1 C\n"), std::string::npos) << text;  // Alice on a Companion, face up
  text = text.substr(0, at) + "\n12. Nina: move b1\n";
  const auto run = run_cli({"verify", "-"}, text);
  EXPECT_EQ(run.code, 1);
  EXPECT_NE(run.out.find("move 12, Nina: Alice is already on b1: the Queen moves her onto a tile next to hers [HS-8]"),
            std::string::npos)
      << run.out;
}

TEST(Cli, VerifyExitCodes) {
  std::string good = write_log("good.wlog", testing::generated(2, 4));
  std::string bad = write_log("bad.wlog", kHead + "round 1\n1. Nina: a1\n");
  EXPECT_EQ(run_cli({"verify", good}).code, 0);
  EXPECT_EQ(run_cli({"verify", good, bad}).code, 1);
  auto missing = run_cli({"verify", good, testing::temp_dir() + "/nope.wlog"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos);
  EXPECT_NE(missing.err.find("nope.wlog': no such file or folder"), std::string::npos);
}

TEST(Cli, VerifyReadsStandardInputAndFolders) {
  auto in = run_cli({"verify", "-"}, testing::generated(3, 9));
  EXPECT_EQ(in.code, 0);
  EXPECT_NE(in.out.find("<stdin>: game 1 (tea-time): valid"), std::string::npos) << in.out;
  std::string dir = testing::temp_dir() + "/corpus";
  fs::create_directories(dir + "/sub");
  testing::write_file(dir + "/b.wlog", testing::generated(2, 1));
  testing::write_file(dir + "/sub/a.wlog", testing::generated(4, 2));
  testing::write_file(dir + "/notes.txt", "not a log");
  auto all = run_cli({"verify", dir});
  EXPECT_EQ(all.code, 0);
  EXPECT_NE(all.out.find("2 games in 2 files: 2 valid, 0 invalid"), std::string::npos) << all.out;
  EXPECT_LT(all.out.find("b.wlog"), all.out.find("sub/a.wlog"));  // sorted by path
  // The folder named with its slashes doubled names its logs as the folder written once does.
  const auto doubled = run_cli({"verify", dir + "//"});
  EXPECT_EQ(doubled.out, run_cli({"verify", dir + "/"}).out);
  EXPECT_NE(doubled.out.find(dir + "/sub/a.wlog: game 1"), std::string::npos) << doubled.out;
  EXPECT_EQ(doubled.out.find("//"), std::string::npos) << doubled.out;
  fs::create_directories(dir + "-empty");
  EXPECT_EQ(run_cli({"verify", dir + "-empty"}).code, 2);
}

TEST(Cli, ParallelOutputIsByteIdentical) {
  std::string dir = testing::temp_dir() + "/many";
  fs::create_directories(dir);
  for (int i = 0; i < 12; ++i) {
    std::string log = testing::generated(2 + i % 3, 100 + i);
    if (i % 4 == 1) log += "\nwonderlog 1\ngame: tea-time\n1. x y\n";
    testing::write_file(dir + "/g" + std::to_string(i) + ".wlog", log);
  }
  auto one = run_cli({"verify", "-j", "1", dir});
  auto two = run_cli({"verify", "-j", "2", dir});
  auto json1 = run_cli({"verify", "-j", "1", "--format", "json", dir});
  auto json2 = run_cli({"verify", "-j", "2", "--format", "json", dir});
  EXPECT_EQ(one.code, 1);
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(json1.out, json2.out);
}

TEST(Cli, JsonOneObjectPerGamePerLine) {
  std::string path = write_log("two.wlog", testing::generated(2, 5) + "\n" + kHead + "round 1\n1. Nina: a1\n");
  auto r = run_cli({"verify", "--format", "json", path});
  EXPECT_EQ(r.code, 1);
  std::size_t first = r.out.find('\n');
  ASSERT_NE(first, std::string::npos);
  std::string line1 = r.out.substr(0, first), line2 = r.out.substr(first + 1);
  // The catalog the verdict was reached with: its id and the file read.
  EXPECT_NE(line1.find("\"game_index\":1,\"game\":\"tea-time\",\"catalog\":{\"id\":\"tea-time\",\"file\":\"" +
                       testing::source_path("fixtures/catalogs/tea-time.yaml") + "\"},\"valid\":true"),
            std::string::npos)
      << line1;
  EXPECT_NE(line1.find("\"error\":null"), std::string::npos);
  EXPECT_NE(line2.find("\"game_index\":2"), std::string::npos) << line2;
  EXPECT_NE(line2.find("\"kind\":\"illegal-move\""), std::string::npos) << line2;  // no deal before the move
  EXPECT_NE(line2.find("\"rule\":\"TT-2\""), std::string::npos) << line2;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2);
}

TEST(Cli, GenIsDeterministicAndVerifies) {
  auto a = run_cli({"gen", "tea-time", "--players", "4", "--seed", "77"});
  auto b = run_cli({"gen", "tea-time", "--players", "4", "--seed", "77"});
  auto c = run_cli({"gen", "tea-time", "--players", "4", "--seed", "78"});
  EXPECT_EQ(a.code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  EXPECT_EQ(run_cli({"verify", "-"}, a.out).code, 0);
  EXPECT_EQ(run_cli({"gen", "tea-time", "--players", "5", "--seed", "1"}).code, 2);
  EXPECT_EQ(run_cli({"gen", "chess", "--seed", "1"}).code, 2);
}

// A keyword misspelt gets a guess, as names and headers do (found in review: `rond 2` was told a
// ':' was missing, `swop` and `vaild` got no guess).
TEST(Cli, MisspeltKeywordsGetAGuess) {
  const std::string rond = write_log("rond.wlog", kHead + "rond 1\n");
  auto r = run_cli({"verify", rond});
  EXPECT_NE(r.out.find(":5:1: error: expected a line like 'round 1' or an entry like 'Nina: a1', found 'rond 1'; did "
                       "you mean 'round 1'?"),
            std::string::npos)
      << r.out;
  const std::string swop = write_log("swop.wlog",
                                     "wonderlog 1\ngame: hide-and-seek\ncatalog: hide-and-seek\nplayers: Mia, Tom\n"
                                     "result: *\nstart: b3 H\n1. Mia: a3 D\n2. Tom: look c2 d2 swop\n");
  auto s = run_cli({"verify", swop});
  EXPECT_NE(s.out.find("expected 'swap', 'keep' or 'saw' (what came of the look), or the end of the move, found 'swop'; did you mean 'swap'?"), std::string::npos) << s.out;
  const std::string vaild = write_log("vaild.wlog", kHead + "expect: vaild\n");
  auto v = run_cli({"test", vaild});
  EXPECT_NE(v.out.find("found 'vaild'; did you mean 'valid'?"), std::string::npos) << v.out;
  // A kind misspelt before 'at move N' was read as a player's points (found in review).
  const std::string ilegal = write_log("ilegal.wlog", kHead + "expect: ilegal move at move 5\n");
  auto i = run_cli({"test", ilegal});
  EXPECT_NE(i.out.find("expected an error kind (syntax, setup, illegal-move, incomplete or result-mismatch) before "
                       "'at move', found 'ilegal move'; did you mean 'illegal-move'?"),
            std::string::npos)
      << i.out;
  EXPECT_EQ(run_cli({"fmt", "--check", ilegal}).code, 1);
}

// A game still being played has no final scores: score says so, and how to see the position
// (found in review: it printed the readings line alone).
TEST(Cli, ScoreOfAGameStillBeingPlayedSaysSo) {
  const std::string path =
      write_log("in-progress.wlog", kHead +
                                        "result: *\nround 1\n"
                                        "deal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n1. Arthur: c1\n");
  auto r = run_cli({"score", path});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("The game is still being played, after move 1 (round 1 of 5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'wonderlog replay " + path + " --to 1' shows the position."), std::string::npos) << r.out;
}

// score --format json: verify's record of the game with each player's breakdown, the same lines
// as the text; null where there is no final score; an illegal entry after the end keeps them.
TEST(Cli, ScoreAsJsonIsVerifysRecordWithTheBreakdown) {
  const std::string log = testing::generated(2, 6);
  const std::string path = write_log("scored-json.wlog", log);
  const auto text = run_cli({"score", path});
  const auto r = run_cli({"score", "--format", "json", path});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  ASSERT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  const auto verified = nlohmann::json::parse(run_cli({"verify", "--format", "json", path}).out);
  for (const char* key : {"schema", "game", "valid", "moves", "scores", "winners", "readings"})
    EXPECT_EQ(j[key], verified[key]) << key;
  // Each player's lines are the text's, in order, under her score line.
  for (const auto& [name, lines] : j["breakdown"].items()) {
    std::string block = name + ": " + std::to_string(j["scores"][name].get<int>()) + " points\n";
    for (const auto& l : lines) block += "  " + l.get<std::string>() + "\n";
    EXPECT_NE(text.out.find(block), std::string::npos) << block << text.out;
  }
  EXPECT_EQ(j["breakdown"].size(), 2u);
  // A game still being played has none; one refused after its end keeps its final scores.
  std::string in_progress = log.substr(0, log.find("4. "));
  in_progress.replace(in_progress.find("result: "), in_progress.find('\n', in_progress.find("result: ")) -
                                                        in_progress.find("result: "),
                      "result: *");
  const auto p = run_cli({"score", "--format", "json", write_log("playing-json.wlog", in_progress)});
  EXPECT_EQ(p.code, 0);
  const auto pj = nlohmann::json::parse(p.out);
  EXPECT_TRUE(pj["breakdown"].is_null());
  EXPECT_TRUE(pj["scores"].is_null());
  EXPECT_EQ(pj["in_progress"], true);
  const int moves = j["moves"];
  const auto late = run_cli({"score", "--format", "json",
                             write_log("late-json.wlog", log + std::to_string(moves + 1) + ". Arthur: a1\n")});
  EXPECT_EQ(late.code, 1);
  const auto lj = nlohmann::json::parse(late.out);
  EXPECT_EQ(lj["error"]["rule"], "TT-10");
  EXPECT_EQ(lj["scores"], j["scores"]);
  EXPECT_EQ(lj["breakdown"], j["breakdown"]);
  // No such file: the usage exit, said on standard error, nothing on standard output.
  const auto missing = run_cli({"score", "--format", "json", testing::temp_dir() + "/no-such.wlog"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_TRUE(missing.out.empty());
}

// explain calls a refused entry as verify does: a spot off the grid is read, and illegal [TT-1];
// a word that is no move cannot be read (found in review: both were "cannot be read").
TEST(Cli, ExplainCallsARefusalAsVerifyDoes) {
  const std::string log = testing::generated(2, 6);
  const std::size_t third = log.find("\n3. Arthur: ");
  ASSERT_NE(third, std::string::npos);
  const std::string head = log.substr(0, third + 1);
  auto verdict = [&](const std::string& entry) {
    const auto e = run_cli({"explain", write_log("explain-kind.wlog", head + entry + "\n"), "--at", "3"});
    const std::size_t at = e.out.find("Verdict: ");
    return at == std::string::npos ? e.out : e.out.substr(at, e.out.find('\n', at) - at);
  };
  EXPECT_EQ(verdict("3. Arthur: e2"),
            "Verdict: illegal: there is no spot e2 on this grid: it has columns a-d and rows 1-3 [TT-1]");
  EXPECT_EQ(verdict("3. Arthur: hello").rfind("Verdict: cannot be read: ", 0), 0u) << verdict("3. Arthur: hello");
}

// What explain says of the numbers is the reading's and the action's own (found in review): under
// AH-16's 'closest-city' the route is not called the cheapest; Rolling's count of dice names what
// it gives; an unseeded Alice challenge deck's cards are said to stand for its unknown top card.
TEST(Cli, ExplainNamesTheNumbersInTheReadingsAndTheActionsWords) {
  const std::string mobility = testing::source_path("replays/alicematic-heroes/disputes/mobility-through-an-enemy-space.wlog");
  const auto cheapest = run_cli({"explain", mobility, "--at", "155"});
  EXPECT_NE(cheapest.out.find("\n  cheapest path: l0 l1 d5 d0 d2 h6\n"), std::string::npos) << cheapest.out;
  const auto closest = run_cli({"explain", "--reading", "AH-16=closest-city", mobility, "--at", "155"});
  EXPECT_NE(closest.out.find("\n  path from her closest City: l0 l1 d5 d0 d2 h6\n"), std::string::npos) << closest.out;
  EXPECT_EQ(closest.out.find("cheapest path"), std::string::npos) << closest.out;
  const auto halved = run_cli(
      {"explain", testing::source_path("replays/alicematic-heroes/disputes/halved-bonus-drawn-in-full.wlog"), "--at",
       "108"});
  EXPECT_NE(halved.out.find("Verdict: illegal: Bill must draw 2 cards, but the log names 4 [AH-20]"), std::string::npos)
      << halved.out;
  // The rulings the game consulted before the move, and not its verdict, are replayed under their
  // other readings too (found in review: `verify --readings all` showed a dependence on AH-18 that
  // explain did not); those that change nothing here are named, and not listed.
  EXPECT_NE(halved.out.find("The game before this move consulted AH-18 (read as 'free-flip-full-bonus'), AH-28 (read "
                            "as 'before-invasion-entry') and AH-36 (read as 'counts-herself'). Under their other "
                            "readings:\n"
                            "  AH-18=free-flip-no-bonus: the game does not get this far: line 80 (move 52, Bill): "),
            std::string::npos)
      << halved.out;
  EXPECT_EQ(halved.out.find("  AH-28="), std::string::npos) << halved.out;
  const auto challenge = run_cli(
      {"explain", testing::source_path("replays/rolling-in-wonderland/disputes/alice-card-refused-with-a-free-slot.wlog"),
       "--at", "2"});
  EXPECT_NE(challenge.out.find("(The log has no seed, so the card on top of the Alice challenge deck is not known: the "),
            std::string::npos)
      << challenge.out;
  const std::string rolling = write_log("dice-count.wlog",
                                        run_cli({"gen", "rolling-in-wonderland", "--players", "3", "--seed", "11"}).out);
  const auto take = run_cli({"explain", rolling, "--at", "20"});
  EXPECT_NE(take.out.find("  dice taken: purple purple (2 dice: 1 Cheshire Cat bonus, as 1-2 dice give 1, 3-4 give 2 "
                          "and 5-6 give 3; RW-18)\n"),
            std::string::npos)
      << take.out;
}

TEST(Cli, ScoreReplayExplain) {
  std::string path = write_log("scored.wlog", testing::generated(2, 6));
  auto s = run_cli({"score", path});
  EXPECT_EQ(s.code, 0);
  EXPECT_NE(s.out.find("Arthur: "), std::string::npos);
  EXPECT_NE(s.out.find("Caterpillar"), std::string::npos);
  EXPECT_NE(s.out.find("Winner"), std::string::npos);
  auto r = run_cli({"replay", path, "--to", "3"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("after move 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Collections"), std::string::npos);
  auto e = run_cli({"explain", path, "--at", "2"});
  EXPECT_EQ(e.code, 0);
  EXPECT_NE(e.out.find("Verdict: legal"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("Legal moves here: "), std::string::npos);
  EXPECT_EQ(run_cli({"explain", path, "--at", "999"}).code, 2);
  EXPECT_EQ(run_cli({"score", path, "--game", "2"}).code, 2);
  // A log that stops early, or one with an illegal move, shows only its error: it is not "still
  // being played" (found in review). One that is (`result: *`) says how to see it, its game's
  // number included.
  auto early = run_cli({"score", testing::source_path("replays/tea-time/disputes/unfinished-log.wlog")});
  EXPECT_EQ(early.code, 1);
  EXPECT_EQ(early.out.find("still being played, after"), std::string::npos) << early.out;
  EXPECT_NE(early.out.find("error: the log ends here"), std::string::npos) << early.out;
  const std::string full = testing::generated(2, 6);
  std::string in_progress = full.substr(0, full.find("4. "));  // three moves made
  const std::size_t result = in_progress.find("result: ");
  ASSERT_NE(result, std::string::npos);
  in_progress.replace(result, in_progress.find('\n', result) - result, "result: *");
  const std::string two = write_log("two-games.wlog", full + "\n" + in_progress);
  // verify counts a game in progress apart, and -q shows it: its result is not known yet (it was
  // counted valid and hidden: found in review).
  auto counted = run_cli({"verify", "-q", two});
  EXPECT_EQ(counted.code, 0);
  EXPECT_NE(counted.out.find("game 2 (tea-time): valid so far, 3 moves (in progress)\n"), std::string::npos)
      << counted.out;
  EXPECT_NE(counted.out.find("2 games in 1 file: 2 valid (1 in progress), 0 invalid\n"), std::string::npos)
      << counted.out;
  auto second = run_cli({"score", two, "--game", "2"});
  EXPECT_EQ(second.code, 0) << second.out;
  EXPECT_NE(second.out.find("The game is still being played, after move 3 "), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("'wonderlog replay " + two + " --game 2 --to 3' shows the position"), std::string::npos)
      << second.out;
  // A log that does not read, or names a game wonderlog does not know, shows its error alone too:
  // verify's verdict line followed it (found in review).
  const std::string empty = write_log("empty-for-score.wlog", "");
  const std::string croquet = write_log("croquet.wlog", "wonderlog 1\ngame: croquet\n");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"score", empty}, {"explain", empty, "--at", "1"}, {"replay", empty, "--to", "1"},
        {"score", croquet}, {"explain", croquet, "--at", "1"}}) {
    const auto run = run_cli(args);
    EXPECT_EQ(run.code, 1) << args[0];
    EXPECT_NE(run.out.find(": error: "), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("INVALID"), std::string::npos) << run.out;
  }
}

// explain on Jet's flip of the token her attack has just placed (AH-31): the invasion's numbers
// as for an invade, and the dispute it rests on with what the other reading decides.
// AH-28's 'any-turn': explain says whose turn another player's `use` comes in. In the middle of a
// turn the position is the same under every reading, and the other readings are judged there
// (found in review: it said they decided the position); in a turn left open after an attack
// they do decide it, and are left to `verify --readings all`.
TEST(Cli, ExplainSaysWhoseTurnAUseInAnotherPlayersTurnComesIn) {
  const std::string path = testing::source_path("fixtures/readings/alicematic-heroes/AH-28-any-turn.wlog");
  auto mid = run_cli({"explain", path, "--at", "54"});
  EXPECT_NE(mid.out.find("Nina uses Cyber, discarding Merchant, drawing Wonder, in Arthur's turn (AH-28 read as "
                         "'any-turn')\n"),
            std::string::npos)
      << mid.out;
  // The game used AH-28's reading before this move: under the others it is replayed, and it does
  // not get this far (found in review: a verdict at a move the game never reached under them).
  EXPECT_NE(mid.out.find("  AH-28=before-invasion-entry: the game does not get this far: line 63 (move 26, Nina): it is "
                         "Dinah's turn: a player uses her Alices' effects only in her own turn, before her Invasion "
                         "entry [AH-28]\n"
                         "  AH-28=after-invasion-too: the game does not get this far: line 73 (move 34, Arthur): it is "
                         "Dinah's turn: a player uses her Alices' effects only in her own turn [AH-28]\n"),
            std::string::npos)
      << mid.out;
  auto open = run_cli({"explain", path, "--at", "81"});
  EXPECT_NE(open.out.find("Dinah uses Chinese red, in Arthur's turn (AH-28 read as 'any-turn')"), std::string::npos)
      << open.out;
  EXPECT_NE(open.out.find("Its other readings decide what position this is (whether her turn is still open)"),
            std::string::npos)
      << open.out;
  // Arthur's own use still comes after it: his turn stayed open.
  EXPECT_NE(open.out.find("  Arthur: use Chinese red, "), std::string::npos) << open.out;
}

// explain at Alice's move that boxes her in says what follows under HS-11's readings: the end of
// the game under 'cornered-at-once', the Queen's turn first under the default (found in review:
// it said only "legal").
TEST(Cli, ExplainSaysWhenAlicesMoveBoxesHerIn) {
  const std::string path = testing::source_path("fixtures/readings/hide-and-seek/HS-11-cornered-at-once.wlog");
  auto at_once = run_cli({"explain", path, "--at", "17"});
  EXPECT_NE(at_once.out.find("Verdict: legal\n  the game is over: the Queen wins (Alice cannot move: her move left "
                             "no face-down tile on her Adjacent paths, and HS-11 is read as 'cornered-at-once')\n"),
            std::string::npos)
      << at_once.out;
  std::string text = testing::read_file(path);
  text.replace(text.find("readings: HS-11=cornered-at-once"), 32, "readings: HS-11=at-her-turn");
  const std::string copy = testing::temp_dir() + "/boxed-in.wlog";
  testing::write_file(copy, text);
  auto later = run_cli({"explain", copy, "--at", "17"});
  EXPECT_NE(later.out.find("Verdict: legal\n  it leaves no face-down tile on her Adjacent paths: under HS-11's "
                           "'at-her-turn' the Queen plays first, and wins at Alice's turn unless the Queen's move opens "
                           "a path (read as 'cornered-at-once', the game ends with this move)\n"),
            std::string::npos)
      << later.out;
}

TEST(Cli, ExplainShowsAJetFlipAsAnInvasion) {
  const std::string path = testing::source_path("fixtures/readings/alicematic-heroes/AH-31-before-invasion.wlog");
  auto e = run_cli({"explain", path, "--at", "24"});
  EXPECT_NE(e.out.find("just after Arthur's attack on a3"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("Arthur's 'under attack' token on a3 is flipped to invaded (AH-31)"), std::string::npos)
      << e.out;
  EXPECT_NE(e.out.find("  Bonus: 1 red token (1 card in her red slot)"), std::string::npos) << e.out;
  // The log's header chooses 'before-invasion': refused, and the default's verdict is shown.
  EXPECT_NE(e.out.find("Verdict: illegal: Jet flips only a token placed on an earlier turn, not the one Arthur's "
                       "attack has just placed on a3"),
            std::string::npos)
      << e.out;
  EXPECT_NE(e.out.find("  AH-31=flip-after-attack: legal"), std::string::npos) << e.out;
  // The same game where Arthur leaves the flip unused: the next player's entry ends his turn, and
  // explain at that entry still lists the flip among what was allowed.
  const std::string log = run_cli({"gen", "alicematic-heroes", "--players", "3", "--seed", "141"}).out;
  const std::size_t cut = log.find("24. Arthur: use Jet a3\n");
  ASSERT_NE(cut, std::string::npos) << log;
  const std::string unused =
      write_log("jet-unused.wlog", log.substr(0, cut) + "24. Nina: commoner Demonlord yellow draws Saint\n");
  auto u = run_cli({"explain", unused, "--at", "24"});
  EXPECT_NE(u.out.find("Verdict: legal"), std::string::npos) << u.out;
  EXPECT_NE(u.out.find("Arthur: use Jet a3"), std::string::npos) << u.out;
  EXPECT_NE(u.out.find("Nina: commoner Demonlord yellow draws Saint"), std::string::npos) << u.out;
  // Jet's flip of a green space shows her Adventurer's point, as an `invade` entry's explain does
  // (gen seed 26, 4 players: move 124 flips h2 with Adventurer face up).
  const std::string game26 = write_log(
      "jet-adventurer.wlog", run_cli({"gen", "alicematic-heroes", "--players", "4", "--seed", "26"}).out);
  auto j = run_cli({"explain", game26, "--at", "124"});
  EXPECT_NE(j.out.find("124. Arthur: use Jet h2"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("  Arthur's 'under attack' token on h2 is flipped to invaded (AH-31)\n    card effect: "
                       "Adventurer: when you invade a green space: gain 1 point"),
            std::string::npos)
      << j.out;
}

// A card entering a slot says which effects it sets off by itself: Knight's red token (AH-36),
// which the entry does not write (gen seed 8: Arthur's Knight is in his red slot since move 29).
TEST(Cli, ExplainNamesTheEffectsACardEnteringASlotSetsOff) {
  const std::string log = run_cli({"gen", "alicematic-heroes", "--players", "3", "--seed", "8"}).out;
  ASSERT_NE(log.find("29. Arthur: summon Knight red declines Knight\n"), std::string::npos) << log;
  ASSERT_NE(log.find("54. Arthur: commoner Gardener red draws Hermit\n"), std::string::npos) << log;
  const std::string path = write_log("knight.wlog", log);
  auto e = run_cli({"explain", path, "--at", "54"});
  EXPECT_NE(e.out.find("Arthur plays a Commoner (Gardener) into the red slot and draws a card\n"
                       "Effects this entry sets off by itself (AH-27): Knight\n"),
            std::string::npos)
      << e.out;
  auto declined = run_cli({"explain", path, "--at", "29"});  // declined: nothing set off
  EXPECT_EQ(declined.out.find("Effects this entry sets off by itself"), std::string::npos) << declined.out;
}

TEST(Cli, ExplainQuotesTheRuling) {
  std::string path = write_log("explain.wlog", kHead +
                                                   "round 1\ndeal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n"
                                                   "1. Arthur: c1\n2. Nina: a1 b2\n3. Arthur: d2 c2 a2\n");
  auto e = run_cli({"explain", path, "--at", "3"});
  EXPECT_EQ(e.code, 0);  // explaining an illegal move is what the command is for
  EXPECT_NE(e.out.find("Verdict: illegal: a2, c2 and d2 are not three neighbouring spots"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("Ruling TT-4: Two cards must be neighbours"), std::string::npos);
  EXPECT_NE(e.out.find("Legal moves here: 36"), std::string::npos) << e.out;
}

TEST(Cli, FmtTakesFoldersAndRewritesASymlinksTarget) {
  namespace fs = std::filesystem;
  const std::string dir = testing::temp_dir() + "/fmt-folder";
  fs::remove_all(dir);
  fs::create_directories(dir + "/sub");
  const std::string messy = kHead + "Round 1\nDeal: c~ q h~ c / w w~ w h~ / m~ p c~ p\nArthur: C1\n";
  testing::write_file(dir + "/sub/a.wlog", messy);
  testing::write_file(dir + "/b.wlog", testing::generated(2, 4));
  testing::write_file(dir + "/notes.txt", "not a log\n");
  auto check = run_cli({"fmt", "--check", dir});
  EXPECT_EQ(check.code, 1);
  EXPECT_NE(check.out.find("+++ " + dir + "/sub/a.wlog"), std::string::npos) << check.out;
  EXPECT_EQ(check.out.find("b.wlog"), std::string::npos) << check.out;  // canonical: nothing to show
  EXPECT_NE(check.err.find("1 of 2 files is not in canonical form"), std::string::npos) << check.err;

  // -i through a symbolic link rewrites the file it leads to, and the link stays a link.
  fs::create_symlink("sub/a.wlog", dir + "/link.wlog");
  auto in_place = run_cli({"fmt", "-i", dir + "/link.wlog"});
  EXPECT_EQ(in_place.code, 0) << in_place.err;
  EXPECT_TRUE(fs::is_symlink(dir + "/link.wlog"));
  EXPECT_NE(testing::read_file(dir + "/sub/a.wlog"), messy);
  EXPECT_EQ(run_cli({"fmt", "--check", dir}).code, 0);
  fs::create_symlink("nowhere.wlog", dir + "/dangling.wlog");
  auto dangling = run_cli({"fmt", "-i", dir + "/dangling.wlog"});
  EXPECT_EQ(dangling.code, 2);
  EXPECT_NE(dangling.err.find("no such file or folder"), std::string::npos) << dangling.err;
}

TEST(Cli, FmtKeepsTheAuthorsParagraphs) {
  const std::string text = kHead + "\n\n\nround 1\n\ndeal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n1. Arthur: c1\n\n\n"
                                   "# Nina thinks\n2. Nina: a1 b2\n\n";
  auto printed = run_cli({"fmt", "-"}, text);
  EXPECT_EQ(printed.code, 0) << printed.err;
  EXPECT_EQ(printed.out, kHead + "\nround 1\n\ndeal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n1. Arthur: c1\n\n"
                                 "# Nina thinks\n2. Nina: a1 b2\n");
  EXPECT_EQ(run_cli({"fmt", "-"}, printed.out).out, printed.out);
}

// Links to folders are followed, each folder once (an archive's `current -> 2024` was skipped in
// silence, exit 0); a link in a loop of links is said as one (it was "no such file"). Found in
// review.
TEST(Cli, FolderLinksAreFollowedOnceAndLinkLoopsSaid) {
  const std::string dir = testing::temp_dir() + "/linked";
  fs::remove_all(dir);
  fs::create_directories(dir + "/2024");
  fs::create_directories(dir + "/archive");
  testing::write_file(dir + "/2024/a.wlog", testing::generated(2, 4));
  testing::write_file(dir + "/2024/b.wlog", testing::generated(2, 5));
  fs::create_directory_symlink("../2024", dir + "/archive/current");
  fs::create_directory_symlink("..", dir + "/archive/up");  // a loop back to the archive itself
  auto r = run_cli({"verify", dir + "/archive"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("2 games in 2 files: 2 valid, 0 invalid"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(dir + "/archive/current/a.wlog: game 1"), std::string::npos) << r.out;  // by name: `current` first
  fs::create_symlink("loop-b.wlog", dir + "/loop-a.wlog");
  fs::create_symlink("loop-a.wlog", dir + "/loop-b.wlog");
  auto loop = run_cli({"verify", dir + "/loop-a.wlog"});
  EXPECT_EQ(loop.code, 2);
  EXPECT_NE(loop.err.find("loop-a.wlog': it is a link in a loop of links"), std::string::npos) << loop.err;
}

TEST(Cli, VerifyCountsAndRecordsUnreadableFiles) {
  const std::string good = write_log("readable.wlog", testing::generated(2, 4));
  const std::string missing = testing::temp_dir() + "/nope.wlog";
  auto text = run_cli({"verify", missing, good});
  EXPECT_EQ(text.code, 2);
  EXPECT_NE(text.out.find("1 game in 2 files: 1 valid, 0 invalid, 1 file unreadable\n"), std::string::npos)
      << text.out;
  EXPECT_NE(text.err.find("wonderlog: cannot read '" + missing + "': no such file or folder"), std::string::npos);
  auto json = run_cli({"verify", "--format", "json", missing, good});
  EXPECT_EQ(json.code, 2);
  EXPECT_EQ(json.out.rfind("{\"schema\":4,\"file\":\"" + missing +
                               "\",\"game_index\":null,\"game\":null,\"catalog\":null,\"valid\":false,\"in_progress\":"
                               "false,\"moves\":0,"
                               "\"error\":{\"kind\":"
                               "\"unreadable\",",
                           0),
            0u)
      << json.out;
  // Every field a record has, the last included (found in review: it lacked depends_on).
  EXPECT_NE(json.out.find("\"readings\":{},\"notes\":[],\"depends_on\":null}\n"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\n{\"schema\":4,\"file\":\"" + good + "\",\"game_index\":1,"), std::string::npos)
      << json.out;
}

// A file with no game (empty, or comments only) is refused by fmt as verify refuses it: `fmt
// --check` passed an empty file (found in review).
TEST(Cli, FmtRefusesAFileWithNoGame) {
  for (const char* text : {"", "# a note\n\n# another\n"}) {
    const std::string path = write_log("no-game.wlog", text);
    auto check = run_cli({"fmt", "--check", path});
    EXPECT_EQ(check.code, 1) << text;
    // What it found is said: an empty file, or one of comments only.
    const std::string found = *text ? "found only comments and blank lines" : "found nothing: the file is empty";
    EXPECT_NE(check.err.find("expected 'wonderlog 1' to start a game, " + found), std::string::npos) << check.err;
    EXPECT_NE(run_cli({"verify", path}).out.find(found), std::string::npos);
    EXPECT_EQ(run_cli({"fmt", "-i", path}).code, 1);
    EXPECT_EQ(testing::read_file(path), text);  // left as it is
    EXPECT_EQ(run_cli({"verify", path}).code, 1);
  }
}

// A written move number that is not the move's place: fmt refuses it in verify's words, the
// caret under the number as written (leading zeros included), and says why it does not renumber.
TEST(Cli, FmtSaysAMisnumberedMoveAsVerifyDoes) {
  const std::string path = write_log(
      "misnumbered.wlog", kHead + "round 1\ndeal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n1. Arthur: c1\n003. Arthur: d1\n");
  const auto verified = run_cli({"verify", path});
  const auto formatted = run_cli({"fmt", path});
  EXPECT_EQ(formatted.code, 1);
  const std::string said =
      "error: move 2, Arthur: this is move 2 of the game, but it is numbered 3: no line is numbered 2; was move 2 "
      "left out?\n";
  EXPECT_NE(verified.out.find(said), std::string::npos) << verified.out;
  EXPECT_NE(formatted.err.find(said), std::string::npos) << formatted.err;
  EXPECT_NE(formatted.err.find("| ^~~\n"), std::string::npos) << formatted.err;  // `003`, three columns
  EXPECT_NE(formatted.err.find("= fmt does not renumber moves: fix the numbering, then format"), std::string::npos)
      << formatted.err;
}

TEST(Cli, FmtCheckAndInPlace) {
  std::string messy = kHead + "Round 1\nDeal: c~ q h~ c / w w~ w h~ / m~ p c~ p\nArthur: C1\n";
  std::string path = write_log("messy.wlog", messy);
  auto check = run_cli({"fmt", "--check", path});
  EXPECT_EQ(check.code, 1);
  // What -i would change, as a unified diff; the count on stderr.
  EXPECT_NE(check.out.find("--- " + path + "\t(as written)\n+++ " + path + "\t(canonical form)\n@@ -2,6 +2,7 @@\n"),
            std::string::npos)
      << check.out;
  EXPECT_NE(check.out.find("\n-Arthur: C1\n+\n+round 1\n"), std::string::npos) << check.out;
  EXPECT_NE(check.err.find("1 of 1 file is not in canonical form"), std::string::npos) << check.err;
  auto printed = run_cli({"fmt", path});
  EXPECT_EQ(printed.code, 0);
  EXPECT_EQ(testing::read_file(path), messy);  // printing never writes
  auto in_place = run_cli({"fmt", "--in-place", path});
  EXPECT_EQ(in_place.code, 0);
  EXPECT_EQ(testing::read_file(path), printed.out);
  EXPECT_EQ(run_cli({"fmt", "--check", path}).code, 0);
  // A file that does not parse is left exactly as it was.
  std::string broken = kHead + "round 1\n1. Arthur a1\n";
  std::string bpath = write_log("broken.wlog", broken);
  auto refused = run_cli({"fmt", "--in-place", bpath});
  EXPECT_EQ(refused.code, 1);
  EXPECT_EQ(testing::read_file(bpath), broken);
  EXPECT_NE(refused.err.find("not formatted (left unchanged)"), std::string::npos);
  // No temporary file is left behind.
  for (const auto& entry : fs::directory_iterator(testing::temp_dir()))
    EXPECT_EQ(entry.path().string().find(".wonderlog-"), std::string::npos) << entry.path();
}

// --- Bad input: a clear diagnostic with its location and the documented exit code --------

struct BadInput {
  std::string name, text, message;
  int code;
};

TEST(Cli, BadInputGetsAClearDiagnostic) {
  const std::vector<BadInput> cases = {
      {"empty", "", ": error: expected 'wonderlog 1' to start a game, found nothing: the file is empty", 1},
      {"binary",
       std::string("\x7f"
                   "ELF\x02\x01\x01\0\0\0",
                   10) +
           "\n",
       ":1:1: error: expected text (this line holds a control byte: is this a binary file?), found '\\x7F'", 1},
      {"truncated", kHead + "round 1\ndeal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n1. Arthur: c1\n2. Ni",
       ":8:6: error: expected ':' after the player or header name, found end of line", 1},
      {"old-mac-line-endings", "wonderlog 1\rgame: tea-time\r",
       ":1:12: error: a carriage return alone ends a line here (old Mac line endings?): wonderlog reads lines that "
       "end in LF or CR LF; save the file again with Unix (LF) or Windows (CR LF) line endings",
       1},
      {"unknown-game", "wonderlog 1\ngame: croquet\n", ":2:7: error: unknown game 'croquet'; wonderlog knows: tea-time, hide-and-seek",
       1},
      {"unknown-player", kHead + "round 1\ndeal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n1. Bob: c1\n",
       ":7:4: error: move 1: it is written for 'Bob', who is not a player of this game (Arthur, Nina)", 1},
      {"off-grid", kHead + "round 1\ndeal: C~ Q H~ C / W W~ W H~ / M~ P C~ P\n1. Arthur: e9\n",
       ":7:12: error: move 1, Arthur: there is no spot e9 on this grid: it has columns a-d and rows 1-3 [TT-1]", 1},
      {"duplicate-header", kHead + "players: Arthur, Nina\n",
       ":5:1: error: a second 'players' header; the first is on line 4, and a header is given once", 1},
      {"unknown-in-result", kHead + "result: Arthur 3, Ninja 2\n",
       ":5:19: error: the result names 'Ninja', who is not a player of this game (players: Arthur, Nina)", 1},
  };
  for (const BadInput& c : cases) {
    std::string path = write_log(c.name + ".wlog", c.text);
    auto r = run_cli({"verify", path});
    EXPECT_EQ(r.code, c.code) << c.name;
    EXPECT_NE(r.out.find(path + c.message), std::string::npos) << c.name << "\n" << r.out;
    EXPECT_TRUE(r.err.empty()) << c.name << ": " << r.err;
  }
}

TEST(Cli, HugeLineIsReportedShortly) {
  std::string line(50u << 20, 'x');
  std::string path = write_log("huge.wlog", kHead + "notes: " + line + "\nround 1\n" + line + "\n");
  auto r = run_cli({"verify", path});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(":7:52428801: error: expected ':' after the player or header name, found end of line"),
            std::string::npos)
      << r.out.substr(0, 500);
  EXPECT_LT(r.out.size(), 2000u);  // the excerpt is cut, not 50 MB
}

TEST(Cli, LongRunsOfBlanksAndBracketsStayLinear) {
  // Each of these took quadratic time in some draft of the grammar; with 2 MB runs a
  // quadratic parse would not finish within the test's time limit.
  const std::string blanks(2u << 20, ' ');
  std::string brackets;
  for (int i = 0; i < (1 << 20); ++i) brackets += "( ";
  const std::vector<std::string> logs = {
      kHead + "result: Arthur" + blanks + "x\n",
      kHead + "result: Arthur 3" + blanks + ", Nina 2\n",
      "wonderlog 1\ngame: tea-time\nplayers: Arthur," + blanks + "Nina\n",
      "wonderlog 1\nnotes: " + brackets + "\n",
      kHead + "round 1\nArthur: a1" + blanks + "(accepted" + blanks + "\n",
  };
  for (std::size_t i = 0; i < logs.size(); ++i) {
    auto r = run_cli({"verify", write_log("blanks" + std::to_string(i) + ".wlog", logs[i])});
    EXPECT_EQ(r.code, 1) << i;
    EXPECT_LT(r.out.size(), 3000u) << i;
  }
}

TEST(Cli, RandomBytesNeverCrash) {
  std::uint64_t x = 12345;
  for (int i = 0; i < 20; ++i) {
    std::string junk;
    for (int k = 0; k < 2000; ++k) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      junk += static_cast<char>(x >> 56);
    }
    if (i % 2) junk = kHead + "round 1\n" + junk;
    std::string path = write_log("junk" + std::to_string(i) + ".wlog", junk);
    auto r = run_cli({"verify", path});
    EXPECT_EQ(r.code, 1) << path;
    auto f = run_cli({"fmt", path});
    EXPECT_EQ(f.code, 1) << path;
  }
}

// `wonderlog rulings` lists the rulings each game's reference documents, in its order, with the
// decision explain quotes.
TEST(Cli, RulingsListsEveryDocumentedRulingInOrder) {
  for (const auto& [game, doc] : std::vector<std::pair<std::string, std::string>>{
           {"tea-time", "docs/games/tea-time.md"},
           {"hide-and-seek", "docs/games/hide-and-seek.md"},
           {"alicematic-heroes", "docs/games/alicematic-heroes.md"}}) {
    const std::string text = testing::read_file(testing::source_path(doc));
    std::vector<std::string> documented;
    const std::regex heading("\n### ([A-Z]+-[0-9]+):");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), heading); it != std::sregex_iterator(); ++it)
      documented.push_back((*it)[1]);
    auto r = run_cli({"rulings", game, "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    std::vector<std::string> listed;
    for (const auto& ruling : json) {
      listed.push_back(ruling["id"]);
      EXPECT_FALSE(ruling["decision"].get<std::string>().empty());
      EXPECT_TRUE(ruling["readings"].is_array());
    }
    EXPECT_EQ(listed, documented) << game;
    auto t = run_cli({"rulings", game});
    EXPECT_EQ(t.code, 0);
    EXPECT_NE(t.out.find("\n" + documented.back() + "\n  "), std::string::npos) << t.out.substr(0, 300);
  }
  auto unknown = run_cli({"rulings", "chess"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("unknown game 'chess'; wonderlog knows: tea-time"), std::string::npos);
  // In any letter case, and a near miss is suggested, as for a log's `game:` header.
  EXPECT_EQ(run_cli({"rulings", "TEA-TIME"}).code, 0);
  auto near = run_cli({"gen", "teatime", "--seed", "1"});
  EXPECT_EQ(near.code, 2);
  EXPECT_NE(near.err.find("unknown game 'teatime' (did you mean 'tea-time'?); wonderlog knows: "), std::string::npos)
      << near.err;
}

// --- wonderlog test: golden files -------------------------------------------------------------

// A generated game with an `expect:` header after its common headers.
std::string with_expect(const std::string& log, const std::string& expect) {
  std::string out = log;
  const std::size_t at = out.find("\n", out.find("players:")) + 1;
  return out.insert(at, "expect: " + expect + "\n");
}

TEST(CliTest, AFailingExpectationShowsTheDifferenceAndBlessFixesIt) {
  const std::string log = testing::generated(2, 4);
  auto verdict = run_cli({"verify", "--format", "json", write_log("t-plain.wlog", log)});
  const auto j = nlohmann::json::parse(verdict.out);
  const std::string first = j["scores"].begin().key();
  const int points = j["scores"].begin().value();
  const std::string path =
      write_log("t-wrong.wlog", with_expect(log, fmt::format("valid; {} {}", first, points + 1)));
  auto failed = run_cli({"test", path});
  EXPECT_EQ(failed.code, 1);
  EXPECT_NE(failed.out.find("FAIL " + path + ":5: game 1 (tea-time)"), std::string::npos) << failed.out;
  EXPECT_NE(failed.out.find(fmt::format("  - expect: valid; {} {}\n", first, points + 1)), std::string::npos);
  EXPECT_NE(failed.out.find("  + actual: valid; "), std::string::npos);
  EXPECT_NE(failed.out.find(fmt::format("{} has {} points, not {}", first, points, points + 1)), std::string::npos);
  EXPECT_NE(failed.out.find("0 passed, 1 failed"), std::string::npos);

  auto blessed = run_cli({"test", "--bless", path});
  EXPECT_EQ(blessed.code, 0) << blessed.out;
  EXPECT_NE(blessed.out.find("1 blessed"), std::string::npos);
  const std::string after = testing::read_file(path);
  // Only the expectation's value changed; it now states every score and the winner.
  EXPECT_EQ(after.substr(0, after.find("expect:")), log.substr(0, log.find("\n", log.find("players:")) + 1));
  EXPECT_EQ(after.substr(after.find('\n', after.find("expect:"))), log.substr(log.find("\n", log.find("players:"))));
  EXPECT_NE(after.find("; winner"), std::string::npos);
  auto passed = run_cli({"test", path});
  EXPECT_EQ(passed.code, 0);
  EXPECT_NE(passed.out.find("1 passed, 0 failed"), std::string::npos);
  // Idempotent: a second --bless has nothing to write.
  auto again = run_cli({"test", "--bless", path});
  EXPECT_EQ(again.code, 0);
  EXPECT_EQ(testing::read_file(path), after);
  EXPECT_EQ(again.out.find("BLESS"), std::string::npos);
}

// A plain --bless of an expectation with an `under` clause, one of whose lines does not read,
// keeps the clause (it is compared with the game's dependences) and every comment: it wrote the
// game's own verdict alone, and a right clause and its comment were lost (found in review).
TEST(CliTest, BlessKeepsUnderClausesAndCommentsWhenALineDoesNotRead) {
  const std::string log = testing::source_path("fixtures/readings/tea-time/TT-3-per-game.wlog");
  std::string text = testing::read_file(log);
  const std::size_t expect = text.find("\nexpect: ");
  ASSERT_NE(expect, std::string::npos) << text;
  // The fixture's own expectation lines, replaced: a wrong score, the clause, a malformed line.
  std::size_t end = expect + 1;
  while (text.compare(end, 7, "expect:") == 0) end = text.find('\n', end) + 1;
  const std::string clause = "under TT-3=per-round illegal-move at move 11 [TT-3]";
  text.replace(expect + 1, end - expect - 1,
               "expect: valid; Arthur 1, Nina 1; winner Arthur  # the table's note\n"
               "expect:   valid  # a slip: a second verdict\n"
               "expect: " + clause + "  # pinned by issue 12\n");
  const std::string path = write_log("bless-keeps-under.wlog", text);
  const auto run = run_cli({"test", path});
  ASSERT_EQ(run.code, 1) << run.out;
  EXPECT_NE(run.out.find("the expectation does not read"), std::string::npos) << run.out;
  const auto blessed = run_cli({"test", "--bless", path});
  EXPECT_EQ(blessed.code, 0) << blessed.out;
  const std::string after = testing::read_file(path);
  EXPECT_NE(after.find(clause), std::string::npos) << after;
  for (const char* comment : {"# the table's note", "# a slip: a second verdict", "# pinned by issue 12"})
    EXPECT_NE(after.find(comment), std::string::npos) << comment << "\n" << after;
  EXPECT_EQ(run_cli({"test", path}).code, 0) << after;
}

TEST(CliTest, ExpectationsStateTheVerdictNotItsWording) {
  // The invalid game's message is not part of the expectation: only the kind, the move and the
  // ruling are, so the test passes whatever the message says.
  const std::string bad = with_expect(kHead + "round 1\n1. Nina: a1\n", "illegal-move at move 1 [TT-2]");
  EXPECT_EQ(run_cli({"test", write_log("t-bad.wlog", bad)}).code, 0);
  auto other_rule = run_cli({"test", write_log("t-bad2.wlog", with_expect(kHead + "round 1\n1. Nina: a1\n",
                                                                           "illegal-move at move 2 [TT-4]"))});
  EXPECT_EQ(other_rule.code, 1);
  EXPECT_NE(other_rule.out.find("the error is at move 1, not move 2"), std::string::npos) << other_rule.out;
  EXPECT_NE(other_rule.out.find("the error cites TT-2, not TT-4"), std::string::npos);
  // A part left out is not checked.
  EXPECT_EQ(run_cli({"test", write_log("t-partial.wlog", with_expect(testing::generated(2, 4), "valid"))}).code, 0);
}

// A log whose line does not read still has its own expectation, and fails against it: it was
// skipped (exit 0), so a golden test broken so passed CI, and --bless wrote the breakage into a
// snapshot (found in review). --bless writes nothing for it, and says why.
TEST(CliTest, ALogThatDoesNotReadIsTestedAgainstItsOwnExpectation) {
  const std::string log = testing::generated(2, 4);
  std::string broken = with_expect(log, "valid");
  const std::size_t move = broken.find("\n5. ");
  ASSERT_NE(move, std::string::npos);
  broken.erase(broken.find(':', move), 1);  // `5. Arthur b2`: no colon
  const std::string path = write_log("t-broken.wlog", broken);
  auto run = run_cli({"test", path});
  EXPECT_EQ(run.code, 1) << run.out;
  EXPECT_NE(run.out.find("FAIL " + path + ":5: game 1 (tea-time)\n  - expect: valid\n  + actual: syntax at line"),
            std::string::npos)
      << run.out;
  auto bless = run_cli({"test", "--bless", path});
  EXPECT_EQ(bless.code, 1) << bless.out;
  EXPECT_NE(bless.out.find("not blessed: the log states its own expectation, and line"), std::string::npos)
      << bless.out;
  EXPECT_EQ(testing::read_file(path), broken);
  EXPECT_FALSE(std::filesystem::exists(testing::temp_dir() + "/t-broken.expected"));
}

TEST(CliTest, AMalformedExpectationIsALocatedError) {
  const std::string path = write_log("t-malformed.wlog", with_expect(testing::generated(2, 4), "valid; winner"));
  auto r = run_cli({"test", path});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(path + ":5:22: error: expected a player's name after 'winner', found the end"), std::string::npos)
      << r.out;
  auto fmt_check = run_cli({"fmt", path});
  EXPECT_EQ(fmt_check.code, 1);
  EXPECT_NE(fmt_check.err.find(path + ":5:22: error"), std::string::npos) << fmt_check.err;
  // fmt writes the canonical words.
  auto canonical = run_cli({"fmt", write_log("t-messy.wlog", with_expect(testing::generated(2, 4), "VALID ;  winner  X"))});
  EXPECT_NE(canonical.out.find("expect: valid; winner X\n"), std::string::npos) << canonical.out;
  // A ruling the game does not have is a slip in the expectation, told where it is written, not a
  // difference of verdicts (found in review); one in another letter case is the game's.
  const std::string slip =
      write_log("t-no-ruling.wlog", with_expect(testing::generated(2, 4), "illegal-move at move 3 [TT-33]"));
  auto unknown = run_cli({"test", slip});
  EXPECT_EQ(unknown.code, 1);
  EXPECT_NE(unknown.out.find(slip + ":5:33: error: Tea Time has no ruling 'TT-33' ('wonderlog rulings tea-time' lists "
                                    "them); did you mean 'TT-3'?"),
            std::string::npos)
      << unknown.out;
  auto lower = run_cli({"test", write_log("t-lower-ruling.wlog",
                                          with_expect(testing::generated(2, 4), "illegal-move at move 3 [tt-4]"))});
  EXPECT_EQ(lower.out.find("has no ruling"), std::string::npos) << lower.out;
}

TEST(CliTest, SnapshotsAndLogsThatDoNotRead) {
  // No `expect:`: the game is skipped, and --bless adds one.
  const std::string log = testing::generated(2, 5);
  const std::string path = write_log("t-none.wlog", log);
  auto skipped = run_cli({"test", path});
  EXPECT_EQ(skipped.code, 0);
  EXPECT_NE(skipped.out.find("0 passed, 0 failed, 1 skipped"), std::string::npos) << skipped.out;
  // A snapshot beside the log states its verdict instead.
  const std::string snapshot = testing::temp_dir() + "/t-none.expected";
  testing::write_file(snapshot, "# one line per game\nexpect: invalid\n");
  auto wrong = run_cli({"test", path});
  EXPECT_EQ(wrong.code, 1);
  EXPECT_NE(wrong.out.find("FAIL " + snapshot + ":2: game 1"), std::string::npos) << wrong.out;
  EXPECT_NE(wrong.out.find("the game is valid, not invalid"), std::string::npos) << wrong.out;
  const auto blessed = run_cli({"test", "--bless", path});
  EXPECT_NE(blessed.code, 2);
  EXPECT_EQ(testing::read_file(path), log);  // the snapshot was blessed, not the log
  // Its comments kept in place, its line rewritten, and the report shows what was written (the
  // comments were replaced by a header of its own: found in review).
  const std::string rewritten = testing::read_file(snapshot);
  EXPECT_EQ(rewritten.rfind("# one line per game\nexpect: valid; ", 0), 0u) << rewritten;
  EXPECT_NE(blessed.out.find("BLESS " + snapshot + ":2: game 1 (tea-time): expect: valid; "), std::string::npos)
      << blessed.out;
  EXPECT_EQ(run_cli({"test", path}).code, 0);
  // A log whose envelope does not read keeps its bytes: its verdict goes to a snapshot.
  const std::string broken = kHead + "round 1\n1. Arthur a1\n";
  const std::string bpath = write_log("t-broken.wlog", broken);
  auto b = run_cli({"test", "--bless", bpath});
  EXPECT_EQ(b.code, 0) << b.out << b.err;
  EXPECT_EQ(testing::read_file(bpath), broken);
  EXPECT_NE(testing::read_file(testing::temp_dir() + "/t-broken.expected").find("expect: syntax at line 6\n"),
            std::string::npos);
  EXPECT_EQ(run_cli({"test", bpath}).code, 0);
  // A snapshot with a line more than the log has games is stale (found in review: it passed),
  // and --bless writes it again with one line per game.
  const std::string stale = testing::read_file(snapshot) + "expect: invalid\n";
  testing::write_file(snapshot, stale);
  auto extra = run_cli({"test", path});
  EXPECT_EQ(extra.code, 1);
  EXPECT_NE(extra.out.find(snapshot + ":3:1: error: this snapshot has 2 'expect:' lines, and the log has 1 game"),
            std::string::npos)
      << extra.out;
  EXPECT_EQ(run_cli({"test", "--bless", path}).code, 0);
  EXPECT_EQ(run_cli({"test", path}).code, 0);
  // A file with no `wonderlog` line has no line to name: "bad.wlog", not "bad.wlog:0".
  const std::string nameless = write_log("t-nameless.wlog", "wonderlg 1\n");
  EXPECT_NE(run_cli({"test", nameless}).out.find("SKIP " + nameless + ": game 1"), std::string::npos);
}

// --bless inserts lines above the places a verdict names by line: the numbers it writes are
// those of the log it leaves, in this game and in the games below.
TEST(CliTest, BlessCountsTheLinesItInserts) {
  const std::string full = testing::generated(2, 4);
  const std::string unfinished = full.substr(0, full.find('\n', full.find("\n1. ") + 1) + 1);  // one move: incomplete
  const std::string path = write_log("t-lines.wlog", unfinished + "\n" + unfinished);
  auto blessed = run_cli({"test", "--bless", path});
  EXPECT_EQ(blessed.code, 0) << blessed.out;
  EXPECT_NE(blessed.out.find("2 blessed"), std::string::npos) << blessed.out;
  const std::string after = testing::read_file(path);
  std::vector<int> at;
  const std::regex incomplete("expect: incomplete at line ([0-9]+) ");
  for (auto it = std::sregex_iterator(after.begin(), after.end(), incomplete); it != std::sregex_iterator(); ++it)
    at.push_back(std::stoi((*it)[1]));
  ASSERT_EQ(at.size(), 2u) << after;
  // Game 2 starts a game's lines, a blank line and game 1's `expect:` further down.
  EXPECT_EQ(at[1] - at[0], std::count(unfinished.begin(), unfinished.end(), '\n') + 2) << after;
  auto passed = run_cli({"test", path});
  EXPECT_EQ(passed.code, 0) << passed.out;
  EXPECT_NE(passed.out.find("2 passed, 0 failed"), std::string::npos) << passed.out;
}

// What a verdict depends on is written one `under` clause per `expect:` line; the lines join,
// fmt keeps them, and a further line that states the game's own verdict is a located error.
TEST(CliTest, ReadingsTakeAnExpectLineEach) {
  std::string log;
  std::istringstream fixture(
      testing::read_file(testing::source_path("fixtures/readings/tea-time/TT-7-alice-card-breaks-ties.wlog")));
  for (std::string line; std::getline(fixture, line);)
    if (line.rfind("expect:", 0) != 0) log += line + "\n";
  const std::string path = write_log("t-under.wlog", log);
  auto blessed = run_cli({"test", "--bless", "--readings", "all", path});
  EXPECT_EQ(blessed.code, 0) << blessed.out;
  const std::string after = testing::read_file(path);
  const std::size_t first = after.find("\nexpect: valid; ");
  ASSERT_NE(first, std::string::npos) << after;
  const std::size_t second = after.find('\n', first + 1) + 1;
  EXPECT_EQ(after.compare(second, 30, "expect: under TT-7=shared-win "), 0) << after;
  // Pinned by its `under` line, the game is tested under every reading without --readings.
  EXPECT_EQ(run_cli({"test", path}).code, 0);
  auto formatted = run_cli({"fmt", path});
  EXPECT_EQ(formatted.code, 0) << formatted.err;
  EXPECT_EQ(formatted.out, after);
  // Without its `under` line the expectation passes on its own, and fails under --readings all.
  std::string own_only = after;
  own_only.erase(second, after.find('\n', second) + 1 - second);
  const std::string own_path = write_log("t-own.wlog", own_only);
  EXPECT_EQ(run_cli({"test", own_path}).code, 0);
  auto pinned = run_cli({"test", "--readings", "all", own_path});
  EXPECT_EQ(pinned.code, 1);
  EXPECT_NE(pinned.out.find("the verdict also depends on TT-7: under TT-7=shared-win it is valid"), std::string::npos)
      << pinned.out;
  // A further line holds `under` clauses only.
  std::string twice = own_only;
  twice.insert(second, "expect: valid\n");
  const std::string twice_path = write_log("t-twice.wlog", twice);
  const int line = static_cast<int>(std::count(twice.begin(), twice.begin() + second, '\n')) + 1;
  auto malformed = run_cli({"test", twice_path});
  EXPECT_EQ(malformed.code, 1);
  EXPECT_NE(malformed.out.find(fmt::format("{}:{}:9: error: a further 'expect:' line holds 'under", twice_path, line)),
            std::string::npos)
      << malformed.out;
  EXPECT_NE(run_cli({"fmt", twice_path}).err.find(fmt::format("{}:{}:9: error", twice_path, line)), std::string::npos);
}

// The report replaces a report wonderlog wrote, never another file: `--junit LOG LOG` replaced
// the log with XML (found in review). Refused before any game runs, with exit code 2.
TEST(CliTest, JunitReplacesOnlyAReportItWrote) {
  const std::string dir = testing::temp_dir() + "/junit-keep";
  fs::create_directories(dir);
  const std::string log = dir + "/a.wlog";
  const std::string text = with_expect(testing::generated(2, 4), "valid");
  testing::write_file(log, text);
  auto over_log = run_cli({"test", "--junit", log, log});
  EXPECT_EQ(over_log.code, 2);
  EXPECT_NE(over_log.err.find("exists and is not a report wonderlog wrote: not overwritten"), std::string::npos)
      << over_log.err;
  EXPECT_EQ(over_log.out, "");  // no game was run
  EXPECT_EQ(testing::read_file(log), text);
  EXPECT_EQ(run_cli({"test", "--junit", dir, log}).code, 2);  // a folder
  // A folder that is not there is said before any test runs (found in review).
  const auto nowhere = run_cli({"test", "--junit", dir + "/no-such-folder/j.xml", log});
  EXPECT_EQ(nowhere.code, 2);
  EXPECT_EQ(nowhere.err, "wonderlog test: --junit: there is no folder '" + dir + "/no-such-folder' for the report\n");
  EXPECT_EQ(nowhere.out, "");
  const std::string made = dir + "/made-by-mktemp.xml";       // an empty file holds nothing to lose
  testing::write_file(made, "");
  EXPECT_EQ(run_cli({"test", "--junit", made, log}).code, 0);
  EXPECT_EQ(testing::read_file(made).rfind("<?xml", 0), 0u);
  const std::string xml = dir + "/results.xml";
  EXPECT_EQ(run_cli({"test", "--junit", xml, log}).code, 0);
  EXPECT_EQ(run_cli({"test", "--junit", xml, log}).code, 0);  // its own report, replaced
  EXPECT_EQ(testing::read_file(xml).rfind("<?xml", 0), 0u);
}

TEST(CliTest, JunitXmlHasTheStructureCiSystemsRead) {
  const std::string dir = testing::temp_dir() + "/junit";
  fs::create_directories(dir);
  testing::write_file(dir + "/a.wlog", with_expect(testing::generated(2, 4), "valid"));
  testing::write_file(dir + "/b.wlog", with_expect(kHead + "round 1\n1. Nina: a1\n", "valid"));
  const std::string xml_path = testing::temp_dir() + "/results.xml";
  auto r = run_cli({"test", "--junit", xml_path, dir});
  EXPECT_EQ(r.code, 1);
  const std::string xml = testing::read_file(xml_path);
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites ", 0), 0u) << xml;
  EXPECT_NE(xml.find("<testsuites name=\"wonderlog test\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\">"),
            std::string::npos);
  // One testsuite per file, one testcase per game, a failure inside the failing one; every
  // element closed, and no raw '<' or '&' in text.
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = xml.find(what); at != std::string::npos; at = xml.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("<testsuite "), 2u);
  EXPECT_EQ(count("</testsuite>"), 2u);
  EXPECT_EQ(count("<testcase "), 2u);
  EXPECT_EQ(count("<failure "), 1u);
  EXPECT_EQ(count("</failure>"), 1u);
  EXPECT_EQ(count("</testsuites>"), 1u);
  const std::regex failing("<testcase classname=\"[^\"]*b\\.wlog\" name=\"game 1\" time=\"0\">\\s*<failure message=\"[^\"<&]*\" "
                           "type=\"verdict\">[^<]*</failure>\\s*</testcase>");
  EXPECT_TRUE(std::regex_search(xml, failing)) << xml;
  // JSON: one object per game.
  auto json = run_cli({"test", "--format", "json", dir});
  std::istringstream lines(json.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["status"], n == 0 ? "passed" : "failed");
    EXPECT_EQ(j["schema"], 2);
  }
  EXPECT_EQ(n, 2);
  // A file that cannot be read has its record in JSON, and an errored case in JUnit (both left it
  // out, and JUnit counted no error); a file name that is not UTF-8 is named with \xNN, and the
  // report stays well-formed XML (found in review).
  const std::string odd = dir + "/caf\xE9.wlog";
  testing::write_file(odd, with_expect(testing::generated(2, 4), "valid"));
  const std::string missing = testing::temp_dir() + "/no-such.wlog";
  auto with_unread = run_cli({"test", "--format", "json", "--junit", xml_path, dir, missing});
  EXPECT_EQ(with_unread.code, 2);
  const std::string last = with_unread.out.substr(with_unread.out.rfind('\n', with_unread.out.size() - 2) + 1);
  const auto record = nlohmann::json::parse(last);
  EXPECT_EQ(record["status"], "unreadable");
  EXPECT_EQ(record["file"], missing);
  const std::string report = testing::read_file(xml_path);
  EXPECT_NE(report.find("tests=\"4\" failures=\"1\" errors=\"1\""), std::string::npos) << report;
  EXPECT_NE(report.find("<error message=\"cannot read"), std::string::npos) << report;
  EXPECT_NE(report.find("caf\\xE9.wlog"), std::string::npos) << report;  // as every report names it
  EXPECT_EQ(report.find("caf\xE9"), std::string::npos);
  fs::remove(odd);
}

// --- wonderlog view: the page ---------------------------------------------------------------

int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// --- verify --shard K/N: many machines -----------------------------------------------------

std::vector<std::string> sorted_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

TEST(CliShard, TheShardsTogetherAreTheWholeRunEachFileOnce) {
  namespace fs = std::filesystem;
  const fs::path archive = fs::path(testing::temp_dir()) / "shard-archive";
  fs::remove_all(archive);
  for (int i = 0; i < 24; ++i) {
    const fs::path f = archive / fmt::format("club-{}", i % 4) / fmt::format("game-{:02}.wlog", i);
    fs::create_directories(f.parent_path());
    std::string log = testing::generated(2 + i % 3, static_cast<std::uint64_t>(100 + i));
    if (i == 5) log.replace(log.find("result: "), 8, "result: Nobody 1, ");  // one invalid game
    testing::write_file(f.string(), log);
  }
  const auto whole = run_cli({"verify", "--format", "json", archive.string()});
  ASSERT_EQ(whole.code, 1) << whole.err;
  std::string together;
  std::vector<int> files_in;
  int failing = 0;
  for (int k = 1; k <= 3; ++k) {
    const auto part = run_cli({"verify", "--format", "json", "--shard", fmt::format("{}/3", k), archive.string()});
    together += part.out;
    files_in.push_back(count_of(part.out, "{\"schema\":"));  // a record a file: one game each
    if (part.code == 1) ++failing;
    else EXPECT_EQ(part.code, 0) << part.err;
  }
  EXPECT_EQ(sorted_lines(together), sorted_lines(whole.out));
  EXPECT_EQ(failing, 1);  // the invalid game is in exactly one shard
  for (int n : files_in) EXPECT_GT(n, 0);  // 24 files: no shard is empty (a hash, not luck: pinned below)
  // The text summary says which share it is.
  const auto text = run_cli({"verify", "--shard", "2/3", archive.string()});
  EXPECT_NE(text.out.find(fmt::format("(shard 2/3: {} of 24 files)", files_in[1])), std::string::npos) << text.out;
  // The split follows the paths below the folder named, not where the archive lies.
  const fs::path moved = fs::path(testing::temp_dir()) / "shard-elsewhere" / "copy";
  fs::remove_all(moved.parent_path());
  fs::create_directories(moved.parent_path());
  fs::copy(archive, moved, fs::copy_options::recursive);
  auto games_of = [](const std::string& out, const std::string& prefix) {
    std::string names;
    for (const std::string& line : sorted_lines(out)) names += line.substr(line.find(prefix) + prefix.size(), 30);
    return names;
  };
  const auto here = run_cli({"verify", "--format", "json", "--shard", "1/3", archive.string()});
  const auto there = run_cli({"verify", "--format", "json", "--shard", "1/3", moved.string()});
  EXPECT_EQ(games_of(here.out, archive.string()), games_of(there.out, moved.string()));
}

// --- verify -j N on one large file: shared out by games -------------------------------------

// A file of a few MiB is cut into stretches of whole games for the threads; what verify says
// must not depend on it: the same reports, in the same order, with the same game and line numbers.
TEST(CliJobs, ALargeFileIsSharedOutByGamesAndSaysTheSame) {
  namespace fs = std::filesystem;
  std::string log;
  int games = 0;
  while (log.size() < (std::size_t{7} << 20) / 2) {
    std::string game = testing::generated(2 + games % 3, static_cast<std::uint64_t>(500 + games));
    if (games == 1200) game.replace(game.find("result: "), 8, "result: Nobody 1, ");  // invalid
    if (games == 2100) game.insert(game.find("round 1"), "# a comment between the headers and the rounds\n");
    if (games == 2500) game += "\n# a comment after the game, before the next one\n\n";
    // A header given twice: its message names the first one's line, read with the game.
    if (games % 700 == 350) game.insert(game.find("round 1"), "game: tea-time\n");
    log += game;
    ++games;
  }
  log += "stray: line\n";  // a syntax error in the last game
  const std::string path = (fs::path(testing::temp_dir()) / "large.wlog").string();
  testing::write_file(path, log);
  // Under -q (text), only the invalid games are shown: a stretch's numbers are counted where it
  // first shows one, after some of its games are read (docs/performance.md, session 57).
  for (const char* format : {"json", "text", "quiet"}) {
    SCOPED_TRACE(format);
    const std::vector<std::string> how =
        format == std::string("quiet") ? std::vector<std::string>{"-q"} : std::vector<std::string>{"--format", format};
    auto run = [&](const char* jobs) {
      std::vector<std::string> args{"verify", "-j", jobs};
      args.insert(args.end(), how.begin(), how.end());
      args.push_back(path);
      return run_cli(args);
    };
    const auto one = run("1");
    EXPECT_EQ(one.code, 1);
    for (const char* jobs : {"2", "3"}) {
      const auto more = run(jobs);
      EXPECT_EQ(more.code, one.code) << jobs;
      EXPECT_EQ(more.out, one.out) << jobs;
    }
    if (format == std::string("quiet")) {
      EXPECT_EQ(count_of(one.out, "a second 'game' header; the first is on line "), (games + 349) / 700) << one.out;
    }
  }
  const auto json = run_cli({"verify", "--format", "json", "-j", "2", path});
  EXPECT_EQ(count_of(json.out, "\"valid\":true"), games - 2 - (games + 349) / 700) << "every game reported once";
  // A line longer than the scanner keeps (4 MiB): the cutter jumps over it or cuts no more from
  // it, and a stretch that holds it is counted by reading its games (count_stretch).
  std::string with_long_line = log;
  with_long_line.insert(log.size() / 2 + log.substr(log.size() / 2).find("wonderlog 1"),
                        "# " + std::string(std::size_t{5} << 20, 'x') + "\n");
  testing::write_file(path, with_long_line);
  const auto long_one = run_cli({"verify", "--format", "json", "-j", "1", path});
  const auto long_two = run_cli({"verify", "--format", "json", "-j", "2", path});
  EXPECT_EQ(long_two.out, long_one.out);
  EXPECT_EQ(count_of(long_two.out, "\"game_index\":"), games);
}

TEST(CliShard, TheHashIsFnv1aOfThePathBelowTheFolder) {
  // Published FNV-1a 64 values: anyone can compute a file's shard without wonderlog.
  EXPECT_EQ(path_hash(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(path_hash("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(path_hash("foobar"), 0x85944171f73967e8ULL);
  std::vector<std::string> problems;
  const std::vector<Input> in = expand_inputs({testing::source_path("replays/tea-time")}, problems);
  ASSERT_FALSE(in.empty());
  EXPECT_EQ(in.front().key.rfind("disputes/", 0), 0u) << in.front().key;
}

// What a refusal and `--readings all` say of the readings a verdict rested on (found in review):
// the reading of every disputed ruling the refusal consulted, an INVALID verdict line's chosen
// readings, and a note for another reason at the same entry.
TEST(CliReadings, ARefusalNamesEveryReadingItRestedOn) {
  std::string fixture =
      testing::read_file(testing::source_path("fixtures/readings/alicematic-heroes/AH-16-closest-city.wlog"));
  std::string plain;  // the game without its readings header and expectations: read by the defaults
  std::istringstream lines(fixture);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("readings:", 0) != 0 && line.rfind("expect:", 0) != 0) plain += line + "\n";
  // Move 79 pays 2 green tokens: AH-15's exact lack, which AH-16's default sets at 1.
  const auto overpaid = run_cli({"verify", write_log("ah16-default.wlog", plain)});
  EXPECT_EQ(overpaid.code, 1);
  EXPECT_NE(overpaid.out.find("[AH-15]"), std::string::npos) << overpaid.out;
  EXPECT_NE(overpaid.out.find("= AH-16 is read as 'cheapest-route' (the default)"), std::string::npos) << overpaid.out;
  // Paying nothing, it is refused under both of AH-16's readings, for another number each.
  const std::string unpaid = std::regex_replace(plain, std::regex("79\\. Nina: invade b1 pay 2 green"), "79. Nina: invade b1");
  ASSERT_NE(unpaid, plain);
  const auto both = run_cli({"verify", "--readings", "all", write_log("ah16-unpaid.wlog", unpaid)});
  EXPECT_NE(both.out.find("note: the first error depends on AH-16: under 'closest-city' the same move (line "),
            std::string::npos)
      << both.out;
  EXPECT_NE(both.out.find("move 79, Nina) is refused otherwise: not enough Mobility to invade b1: it is 5 away"),
            std::string::npos)
      << both.out;
  // An INVALID verdict line names the readings chosen, as a valid one does.
  const auto due = run_cli(
      {"verify", testing::source_path("fixtures/readings/rolling-in-wonderland/RW-20-due.wlog")});
  EXPECT_NE(due.out.find("INVALID (illegal-move, move 23, RW-20) at line 59; readings: RW-20=due"), std::string::npos)
      << due.out;
}

TEST(CliShard, AShardIsKOfN) {
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "-1/3"}) {
    const auto r = run_cli({"verify", "--shard", bad, testing::source_path("replays/tea-time")});
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_NE(r.err.find("is not a shard"), std::string::npos) << bad << ": " << r.err;
  }
  // Past the largest split, the limit is said, not the form.
  const auto huge = run_cli({"verify", "--shard", "1/100000000", testing::source_path("replays/tea-time")});
  EXPECT_EQ(huge.code, 2);
  EXPECT_NE(huge.err.find("'1/100000000' is not a shard: N, the number of workers, is at most 9999999"),
            std::string::npos)
      << huge.err;
  const auto stdin_shard = run_cli({"verify", "--shard", "1/2", "-"}, "");
  EXPECT_EQ(stdin_shard.code, 2);
  EXPECT_NE(stdin_shard.err.find("standard input is not a file"), std::string::npos) << stdin_shard.err;
  // More workers than files: the empty shards are not an error.
  const std::string one = write_log("shard-one.wlog", testing::generated(2, 3));
  int empty = 0;
  for (int k = 1; k <= 4; ++k) {
    const auto r = run_cli({"verify", "--shard", fmt::format("{}/4", k), one});
    EXPECT_EQ(r.code, 0) << r.err;
    if (r.out.find("0 games in 0 files") != std::string::npos) ++empty;
  }
  EXPECT_EQ(empty, 3);
}

TEST(CliTest, ViewWritesOnePageThatNeedsNothingElse) {
  const std::string log = testing::generated(2, 4);
  const std::string path = write_log("v-game.wlog", log);
  const std::string page = testing::temp_dir() + "/v-game.html";
  auto r = run_cli({"view", path, "-o", page, "--at", "3"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("wrote " + page), std::string::npos) << r.err;
  const std::string html = testing::read_file(page);
  auto verdict = nlohmann::json::parse(run_cli({"verify", "--format", "json", path}).out);
  const int moves = verdict["moves"];
  // A frame per position (the start and each move), an entry per frame, opening at move 3.
  EXPECT_EQ(count_of(html, "<div class=\"frame\""), moves + 1);
  EXPECT_EQ(count_of(html, "<li"), moves + 1);
  EXPECT_NE(html.find("<body data-open=\"3\">"), std::string::npos);
  EXPECT_EQ(count_of(html, "<svg "), moves + 1);
  // Nothing is fetched: no script, style, image or link from elsewhere.
  for (const char* outside : {"src=", "<link", "@import", "href=\"http", "url("})
    EXPECT_EQ(html.find(outside), std::string::npos) << outside;
  EXPECT_EQ(testing::read_file(path), log);
  // The page is never written over the log.
  auto over = run_cli({"view", path, "-o", path});
  EXPECT_EQ(over.code, 2);
  EXPECT_NE(over.err.find("would be written over the log"), std::string::npos) << over.err;
  EXPECT_EQ(testing::read_file(path), log);
  // A side's view is for games with hidden information.
  auto as = run_cli({"view", path, "--as", "alice", "-o", "-"});
  EXPECT_EQ(as.code, 2);
  EXPECT_NE(as.err.find("tea-time has no side called 'alice'"), std::string::npos) << as.err;
  // One picture says which move it shows, and a move past the last one drawn is said so.
  const std::string picture = testing::temp_dir() + "/v-game.svg";
  auto svg = run_cli({"view", path, "--svg", "--at", "3", "-o", picture});
  EXPECT_NE(svg.err.find("wrote " + picture + " (the picture of move 3)"), std::string::npos) << svg.err;
  auto past = run_cli({"view", path, "--svg", "--at", "9999", "-o", picture});
  EXPECT_NE(past.err.find(fmt::format("note: there is no move 9999 to draw; the picture is of move {}", moves)),
            std::string::npos)
      << past.err;
}

// A refused move's picture says so by itself (its title, and a caption in the room added under
// the drawing), and the page's final scores say who won in words (found in review).
TEST(CliTest, ViewSaysARefusalInThePictureAndTheWinnerInWords) {
  const std::string log = testing::generated(2, 4);
  const std::string path = write_log("v-won.wlog", log);
  const auto page = run_cli({"view", path, "-o", "-"});
  ASSERT_EQ(page.code, 0) << page.err;
  const std::string note = testing::verify_text(log).front().winners.size() == 1 ? "<p class=\"winner-note\">Winner: " : "<p class=\"winner-note\">";
  EXPECT_NE(page.out.find(note), std::string::npos) << page.out.substr(page.out.find("Final scores"), 800);
  const int moves = testing::verify_text(log).front().moves;
  const std::string late = write_log("v-refused.wlog", log + std::to_string(moves + 1) + ". Arthur: a1\n");
  const auto svg = run_cli({"view", late, "--svg", "--at", std::to_string(moves + 1), "-o", "-"});
  EXPECT_EQ(svg.code, 1) << svg.err;
  EXPECT_NE(svg.out.find(fmt::format(" (move {} refused: the position it was tried in)</title>", moves + 1)),
            std::string::npos)
      << svg.out.substr(0, 300);
  EXPECT_NE(svg.out.find(fmt::format("class=\"refused-caption\">Move {} is refused: the game is over", moves + 1)),
            std::string::npos);
  EXPECT_NE(svg.out.find("[TT-10]</text>"), std::string::npos);
  // The room: the height grows with the caption's lines, the width stays.
  const auto plain = run_cli({"view", path, "--svg", "--at", std::to_string(moves), "-o", "-"});
  const auto height = [](const std::string& s) {
    const std::size_t at = s.find(" height=\"") + 9;
    return std::stoi(s.substr(at, s.find('"', at) - at));
  };
  EXPECT_EQ(height(svg.out), height(plain.out) + 8 + 18 * 2);
  // A picture of a legal move has no caption.
  EXPECT_EQ(plain.out.find("refused-caption"), std::string::npos);
}

// The page's default name (the log's, in the current folder) never replaces a file wonderlog
// did not write; its own page and picture are replaced, and -o replaces what it names.
TEST(CliTest, ViewKeepsAFileItDidNotWrite) {
  namespace fs = std::filesystem;
  const std::string path = write_log("v-keep.wlog", testing::generated(2, 4));
  const fs::path dir = fs::path(testing::temp_dir()) / "view-default";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path was = fs::current_path();
  fs::current_path(dir);
  testing::write_file("v-keep.html", "my notes\n");
  auto kept = run_cli({"view", path});
  EXPECT_EQ(kept.code, 2);
  EXPECT_NE(kept.err.find("'v-keep.html' exists and is not a page wonderlog wrote: not overwritten"), std::string::npos)
      << kept.err;
  EXPECT_EQ(testing::read_file("v-keep.html"), "my notes\n");
  fs::remove("v-keep.html");
  for (int twice = 0; twice < 2; ++twice) {
    EXPECT_EQ(run_cli({"view", path}).code, 0);
    EXPECT_EQ(run_cli({"view", path, "--svg"}).code, 0);
  }
  testing::write_file("mine.html", "my notes\n");
  EXPECT_EQ(run_cli({"view", path, "-o", "mine.html"}).code, 0);
  EXPECT_NE(testing::read_file("mine.html"), "my notes\n");
  fs::current_path(was);
}

// verify --html DIR: a page per game, as view writes it, and an index linking them; the folder
// keeps the logs' own shape, and only wonderlog's own pages are written over.
TEST(CliTest, VerifyHtmlWritesAPagePerGameAndAnIndex) {
  const std::string good = write_log("batch-good.wlog", testing::generated(2, 7));
  const std::string bad = write_log("batch-bad.wlog", kHead + "round 1\n1. Nina: a1\n");
  const std::string dir = testing::temp_dir() + "/batch-pages";
  fs::remove_all(dir);
  auto r = run_cli({"verify", good, bad, "--html", dir});
  EXPECT_EQ(r.code, 1) << r.err;  // the verdict is verify's: one game is invalid
  EXPECT_NE(r.err.find("wrote 2 pages and " + dir + "/index.html"), std::string::npos) << r.err;
  auto page_of = [&](const std::string& log) {
    std::string p = fs::path(log).relative_path().string();
    return dir + "/" + p.substr(0, p.size() - 5) + ".html";
  };
  // Each page is the one view writes for the log.
  for (const std::string& log : {good, bad}) {
    ASSERT_TRUE(fs::exists(page_of(log))) << page_of(log);
    EXPECT_EQ(testing::read_file(page_of(log)), run_cli({"view", log, "-o", "-"}).out) << log;
  }
  const std::string index = testing::read_file(dir + "/index.html");
  EXPECT_NE(index.find("2 games: 1 valid, 1 invalid"), std::string::npos) << index;
  EXPECT_EQ(count_of(index, "<tr class="), 2);
  const std::string bad_href = fs::path(bad).relative_path().string();
  EXPECT_NE(index.find("<a href=\"" + bad_href.substr(0, bad_href.size() - 5) + ".html\">"), std::string::npos) << index;
  EXPECT_NE(index.find("INVALID (illegal-move, move 1, TT-2)"), std::string::npos);
  // Run again: its own pages are written over. A file it did not write is left alone (exit 2).
  EXPECT_EQ(run_cli({"verify", good, "--html", dir}).code, 0);
  testing::write_file(page_of(good), "my notes\n");
  auto kept = run_cli({"verify", good, "--html", dir});
  EXPECT_EQ(kept.code, 2);
  EXPECT_NE(kept.err.find("exists and is not a page wonderlog wrote: not overwritten"), std::string::npos) << kept.err;
  EXPECT_EQ(testing::read_file(page_of(good)), "my notes\n");
}

// Two games whose pages would have one name (`x.wlog`'s game 2, `x-game-2.wlog`'s game 1): the
// first in the run's order keeps it, on every run and with any -j, and the other is said and
// not written (the later write replaced the earlier in silence); the index's links are
// percent-encoded (`round#3.wlog` linked a fragment). Both found in review.
TEST(CliTest, VerifyHtmlGivesAPageNameToOneGameOnlyAndLinksItEncoded) {
  const std::string dir = testing::temp_dir() + "/clash";
  fs::remove_all(dir);
  fs::create_directories(dir + "/logs");
  testing::write_file(dir + "/logs/x.wlog", testing::generated(2, 3) + "\n" + testing::generated(3, 4));
  testing::write_file(dir + "/logs/x-game-2.wlog", testing::generated(2, 5));
  testing::write_file(dir + "/logs/round#3.wlog", testing::generated(2, 6));
  for (const char* jobs : {"1", "2"}) {
    fs::remove_all(dir + "/pages");
    const auto r = run_cli({"verify", "-j", jobs, "--html", dir + "/pages", dir + "/logs"});
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("x-game-2.html' is the page of " + dir + "/logs/x-game-2.wlog, game 1: the page of " + dir +
                         "/logs/x.wlog, game 2 would have the same name, and is not written"),
              std::string::npos)
        << r.err;
    EXPECT_NE(testing::read_file(dir + "/pages" + dir + "/logs/x-game-2.html").find("(" + dir + "/logs/x-game-2.wlog)"),
              std::string::npos);
    const std::string index = testing::read_file(dir + "/pages/index.html");
    EXPECT_EQ(count_of(index, "<tr class="), 3) << index;
    EXPECT_NE(index.find("/logs/round%233.html\">"), std::string::npos) << index;
  }
}

TEST(CliTest, ViewShowsTheRefusedMoveWithItsDiagnostic) {
  const std::string path = write_log("v-bad.wlog", kHead + "round 1\n1. Nina: a1\n");
  auto r = run_cli({"view", path, "-o", "-"});
  EXPECT_EQ(r.code, 1);
  // The first player's move is refused: the start, then move 1 on the position it was played on.
  EXPECT_EQ(count_of(r.out, "<div class=\"frame\""), 2);
  EXPECT_NE(r.out.find("<li class=\"refused\"><a href=\"#1\">1. Nina: a1 (refused)</a></li>"), std::string::npos)
      << r.out.substr(r.out.find("<ol"));
  EXPECT_NE(r.out.find("<pre class=\"diagnostic\">" + path + ":6:"), std::string::npos);
  EXPECT_NE(r.out.find("[TT-2]"), std::string::npos);
  EXPECT_NE(r.err.find("INVALID (illegal-move, move 1, TT-2)"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wonderlog
