#include "verifier/cli/app.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <map>
#include <regex>
#include <vector>

#include <fmt/format.h>

#include "verifier/cli/commands.h"
#include "verifier/registry.h"

namespace wonderlog::cli {

namespace {

constexpr std::string_view kDocs =
    "Documentation: man wonderlog, and docs/cli.md (installed under share/doc/wonderlog).";

constexpr std::string_view kExitCodes =
    "Exit codes: 0 all good; 1 a game is invalid (test: a verdict differs; fmt --check: a file is not\n"
    "canonical); 2 usage error or unreadable input.";

// Each command's exit codes, shown under its --help (docs/cli.md, "Exit codes"); the program's
// own help gives kExitCodes.
const std::map<std::string, std::string, std::less<>>& exit_codes() {
  constexpr const char* kUsage = "  2 usage error or unreadable input";
  static const std::map<std::string, std::string, std::less<>> all = {
      {"verify", fmt::format("Exit codes:\n  0 every game is valid\n  1 a game is invalid\n{}", kUsage)},
      {"test", fmt::format("Exit codes:\n  0 every verdict is the one stated\n  1 a verdict differs\n{}", kUsage)},
      {"score", fmt::format("Exit codes:\n  0 scored\n  1 the game has an error (printed)\n{}", kUsage)},
      {"fmt", fmt::format("Exit codes:\n  0 done (--check: every file is canonical)\n  1 a file does not parse "
                          "(--check: or is not canonical)\n{}",
                          kUsage)},
      {"replay", fmt::format("Exit codes:\n  0 drawn\n  1 the game has an error up to move N (printed)\n{}", kUsage)},
      {"explain",
       "Exit codes:\n  0 the move is explained, an illegal one included\n  1 the game has an error before "
       "move N (printed)\n  2 usage error, unreadable input, or no move N"},
      {"gen", "Exit codes:\n  0 written\n  2 usage error, an unknown game or an impossible set-up"},
      {"redact", fmt::format("Exit codes:\n  0 written\n  1 the game has an error (printed)\n{}", kUsage)},
      {"rulings", "Exit codes:\n  0 listed\n  2 usage error or an unknown game"},
      {"view", fmt::format("Exit codes:\n  0 a valid game\n  1 an invalid one (its page is written up to the "
                           "error)\n{}",
                           kUsage)},
      {"help", "Exit codes:\n  0 shown\n  2 an unknown command"},
      {"completions", "Exit codes:\n  0 written\n  2 an unknown shell"},
  };
  return all;
}

// Each command's examples, shown under its --help.
const std::map<std::string, std::string, std::less<>>& examples() {
  static const std::map<std::string, std::string, std::less<>> all = {
      {"verify",
       "  wonderlog verify replays/tea-time/two-players-club-night.wlog\n"
       "  wonderlog verify -q replays                 # only the games that need attention\n"
       "  wonderlog verify --readings all saturday.wlog\n"
       "  wonderlog verify --format json replays > verdicts.jsonl"},
      {"test",
       "  wonderlog test replays fixtures\n"
       "  wonderlog test --bless fixtures/rulings/tea-time   # write the verdicts found into expect:"},
      {"score", "  wonderlog score replays/tea-time/two-players-club-night.wlog"},
      {"fmt",
       "  wonderlog fmt saturday.wlog                 # print it in canonical form\n"
       "  wonderlog fmt --check logs/                 # show what would change, as a diff\n"
       "  wonderlog fmt -i logs/                      # rewrite the files"},
      {"replay",
       "  wonderlog replay replays/tea-time/two-players-club-night.wlog --to 12\n"
       "  wonderlog replay replays/hide-and-seek/queen-two-guards-open.wlog --to 5 --as alice"},
      {"explain", "  wonderlog explain replays/tea-time/disputes/take-across-a-gap.wlog --at 6"},
      {"gen", "  wonderlog gen tea-time --players 3 --seed 7 > practice.wlog"},
      {"redact", "  wonderlog redact replays/hide-and-seek/queen-two-guards-open.wlog --for alice"},
      {"rulings", "  wonderlog rulings tea-time"},
      {"view",
       "  wonderlog view replays/alicematic-heroes/three-players-open.wlog -o game.html\n"
       "  wonderlog view replays/tea-time/two-players-club-night.wlog --at 12 --svg -o move-12.svg"},
      {"help", "  wonderlog help fmt"},
      {"completions",
       "  source <(wonderlog completions bash)\n"
       "  wonderlog completions fish > ~/.config/fish/completions/wonderlog.fish"},
  };
  return all;
}

// Every command of `app`, in the order they were added (get_subcommands() with no filter
// returns only the ones the command line selected).
std::vector<const CLI::App*> commands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

// The names a command-line word could have meant, for "did you mean ...?".
std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : commands(app)) names.push_back(sub->get_name());
  return names;
}

const CLI::App* command_named(const CLI::App& app, std::string_view name) {
  for (const CLI::App* sub : commands(app))
    if (sub->get_name() == name) return sub;
  return nullptr;
}

std::string joined(const std::vector<std::string>& words, std::string_view sep) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : std::string(sep)) + w;
  return out;
}

// The options a word may name after `sub` (its own, then the global ones), as written: "--format", "-j".
std::vector<std::string> option_names(const CLI::App& app, const CLI::App* sub) {
  std::vector<std::string> names;
  for (const CLI::App* a : {sub, &app}) {
    if (!a) continue;
    for (const CLI::Option* o : a->get_options()) {
      for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
      for (const std::string& s : o->get_snames()) names.push_back("-" + s);
    }
  }
  return names;
}

const CLI::Option* option_named(const CLI::App& app, const CLI::App* sub, std::string_view word) {
  for (const CLI::App* a : {sub, &app}) {
    if (!a) continue;
    for (const CLI::Option* o : a->get_options()) {
      for (const std::string& l : o->get_lnames())
        if (word == "--" + l) return o;
      for (const std::string& s : o->get_snames())
        if (word == "-" + s) return o;
    }
  }
  return nullptr;
}

// "-" is standard input, "-5" a (refused) number: neither is an option's name.
bool is_option_word(const std::string& w) {
  return w.size() > 1 && w[0] == '-' && !(w[1] >= '0' && w[1] <= '9');
}

// Whether an option takes a value. A flag's type size is 1 in CLI11 too: its count of items
// expected is what says it takes none (found in review: completions offered files after -q).
bool expects_value(const CLI::Option& o) {
  return o.get_items_expected_max() != 0;
}

// An option of `sub` or a global one that takes its value from the next word.
bool takes_value(const CLI::App& app, const CLI::App* sub, const std::string& w) {
  const CLI::Option* o = option_named(app, sub, w);
  return o && expects_value(*o) && w.find('=') == std::string::npos;
}

// Where the command's name is among `args`: after the global options (those of `app`) and their
// values; args.size() when there is none, or a "--" comes first.
std::size_t command_at(const CLI::App& app, const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    if (!is_option_word(args[i])) return i;
    if (takes_value(app, nullptr, args[i])) ++i;
  }
  return args.size();
}

std::string usage(const CLI::App& app) {
  std::string out = "usage: wonderlog COMMAND [OPTIONS] [--] PATH...\n\nCommands:\n";
  for (const CLI::App* sub : commands(app))
    out += fmt::format("  {:<12}{}\n", sub->get_name(), sub->get_description());
  out += "\n'wonderlog help COMMAND' says more of one command.\n";
  out += kDocs;
  out += "\n";
  return out;
}

// Checks what CLI11 would say less clearly: the command's name, and the name of each option
// (a misspelt flag must not be blamed on the file after it). "" when the words look right;
// otherwise the message, and `sub` the command it is about (nullptr before any).
std::string misspelt(const CLI::App& app, const std::vector<std::string>& args, const CLI::App*& sub) {
  sub = nullptr;
  std::size_t i = 0;
  auto option_problem = [&](const std::string& word) -> std::string {
    const std::string name = word.substr(0, word.find('='));
    if (option_named(app, sub, name)) return {};
    // A short option with its value attached, as CLI11 reads it: `-j2` (it was refused: found in
    // review).
    if (word.size() > 2 && word[1] != '-')
      if (const CLI::Option* o = option_named(app, sub, word.substr(0, 2)); o && expects_value(*o)) return {};
    const std::string where = sub ? "wonderlog " + sub->get_name() : "wonderlog";
    const std::string help = sub ? " (wonderlog help " + sub->get_name() + ")" : " (wonderlog help)";
    // Where the move is given: `--to N` for replay, `--at N` for explain and view. The one of the
    // other commands is no spelling slip, and the nearest name (`--as`) was wrong (found in review).
    for (const auto& [other, own] : {std::pair{"--at", "--to"}, std::pair{"--to", "--at"}})
      if (name == other && option_named(app, sub, own))
        return fmt::format("{}: unknown option '{}'; did you mean '{}'? ({} takes the move as '{} N'){}\n", where,
                           name, own, sub->get_name(), own, help);
    if (const std::string near = nearest_name(name, option_names(app, sub)); !near.empty())
      return fmt::format("{}: unknown option '{}'; did you mean '{}'?{}\n", where, name, near, help);
    if (sub && word.size() > 1 && word[1] != '-')  // "-x.wlog": a file, or a short option?
      return fmt::format(
          "{}: unknown option '{}'; a file whose name starts with '-' goes after '--': {} -- {}{}\n", where, name,
          where, word, help);
    return fmt::format("{}: unknown option '{}'{}\n", where, name, help);
  };
  for (; i < args.size(); ++i) {
    const std::string& w = args[i];
    if (w == "--") return {};
    if (!is_option_word(w)) break;
    if (std::string problem = option_problem(w); !problem.empty()) return problem;
    if (takes_value(app, sub, w)) ++i;
  }
  if (i >= args.size()) return {};
  sub = command_named(app, args[i]);
  if (!sub) {
    std::string out = fmt::format("wonderlog: unknown command '{}'", args[i]);
    if (const std::string near = nearest_name(args[i], command_names(app)); !near.empty())
      out += fmt::format("; did you mean '{}'?", near);
    return out + fmt::format("\nThe commands are {} (wonderlog help).\n", joined(command_names(app), ", "));
  }
  for (++i; i < args.size(); ++i) {
    const std::string& w = args[i];
    if (w == "--") break;
    if (!is_option_word(w)) continue;
    if (std::string problem = option_problem(w); !problem.empty()) return problem;
    if (takes_value(app, sub, w)) ++i;
  }
  return {};
}

std::vector<std::string> allowed_values(const CLI::Option& o);

// A word of the command line, not an option nor an option's value, that fits the required option
// `o` which is missing: `explain FILE 21` meant `--at 21`, `redact FILE queen` `--for queen`.
// The last such word, or an empty string.
std::string stray_value_for(const CLI::App& app, const CLI::App* sub, const CLI::Option& o,
                            const std::vector<std::string>& args) {
  const std::vector<std::string> values = allowed_values(o);
  const std::string type = o.get_type_name();
  const bool number = type.starts_with("INT") || type.starts_with("UINT");
  std::string found;
  bool after_command = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& w = args[i];
    if (w == "--") break;
    if (!after_command) {
      after_command = sub && w == sub->get_name();
      continue;
    }
    if (is_option_word(w)) {
      if (takes_value(app, sub, w)) ++i;
      continue;
    }
    const bool fits = values.empty() ? number && !w.empty() && w.size() < 10 &&
                                           std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })
                                     : std::find(values.begin(), values.end(), w) != values.end();
    if (fits) found = w;
  }
  return found;
}

// CLI11's message, said as wonderlog says things: "wonderlog explain: --at: 0 is not a move
// number: moves are numbered from 1 (wonderlog help explain)".
std::string said(const CLI::App& app, const CLI::App* sub, const CLI::ParseError& e,
                 const std::vector<std::string>& args) {
  const std::string where = sub ? "wonderlog " + sub->get_name() : "wonderlog";
  const std::string help = sub ? " (wonderlog help " + sub->get_name() + ")" : " (wonderlog help)";
  std::string message = e.what();
  // "paths is required", "--at is required": say what is missing and what it is for.
  const std::string required = " is required";
  if (message.size() > required.size() && message.ends_with(required)) {
    const std::string name = message.substr(0, message.size() - required.size());
    for (const CLI::App* a : {sub, &app}) {
      if (!a) continue;
      for (const CLI::Option* o : a->get_options())
        if (o->check_name(name)) {
          const std::string shown = o->get_positional() ? std::string(o->get_name()) : name;
          std::string what = o->get_description();  // a --help line, said mid-sentence here
          if (what.size() > 1 && what[0] >= 'A' && what[0] <= 'Z' &&
              ((what[1] >= 'a' && what[1] <= 'z') || what[1] == ' '))
            what[0] += 32;
          std::string guess;
          if (!o->get_positional())
            if (const std::string w = stray_value_for(app, sub, *o, args); !w.empty())
              guess = fmt::format("; did you mean '{} {}'?", name, w);
          return fmt::format("{}: missing {}: {}{}{}\n", where, shown, what, guess, help);
        }
    }
  }
  // "--color: 1 required TEXT:{auto,always,never} missing": the option was given no value.
  if (const std::size_t colon = message.find(": "); colon != std::string::npos && message.ends_with(" missing") &&
                                                    message.find(" required ", colon) != std::string::npos) {
    const std::string name = message.substr(0, colon);
    const CLI::Option* o = option_named(app, sub, name);
    const std::vector<std::string> values = o ? allowed_values(*o) : std::vector<std::string>{};
    return fmt::format("{}: {} needs a value{}{}\n", where, name,
                       values.empty() ? "" : " (" + joined(values, ", ") + ")", help);
  }
  // "--format: xml not in {text,json}": the value, and the values there are.
  static const std::regex not_in(R"(^([^:]+): (.*) not in \{([^}]*)\}$)");
  if (std::smatch m; std::regex_match(message, m, not_in)) {
    std::string values = m[3].str();
    for (std::size_t at = values.find(','); at != std::string::npos; at = values.find(',', at + 2))
      values.insert(at + 1, " ");
    return fmt::format("{}: {}: '{}' is not one of {}{}\n", where, m[1].str(), m[2].str(), values, help);
  }
  // "--catalog-dir: Directory does not exist: /x" (CLI11's checks of paths).
  static const std::regex no_path(R"(^([^:]+): (Directory|File|Path) does not exist: (.*)$)");
  if (std::smatch m; std::regex_match(message, m, no_path)) {
    const std::string kind = m[2].str() == "Directory" ? "folder" : m[2].str() == "File" ? "file" : "file or folder";
    return fmt::format("{}: {}: no {} '{}'{}\n", where, m[1].str(), kind, m[3].str(), help);
  }
  // "--shard: At Most 1 required but received 2": an option given more often than it may be.
  static const std::regex too_many(R"(^([^:]+): At Most (\d+) required but received (\d+)$)");
  if (std::smatch m; std::regex_match(message, m, too_many))
    return fmt::format("{}: {} is given {} times: give it {}{}\n", where, m[1].str(), m[3].str(),
                       m[2].str() == "1" ? "once" : "at most " + m[2].str() + " times", help);
  static const std::regex not_folder(R"(^([^:]+): Directory is actually a file: (.*)$)");
  if (std::smatch m; std::regex_match(message, m, not_folder))
    return fmt::format("{}: {}: '{}' is a file, not a folder{}\n", where, m[1].str(), m[2].str(), help);
  if (message.rfind("The following argument", 0) == 0) {
    const std::size_t colon = message.find(": ");
    return fmt::format("{}: too many arguments:{}{}\n", where, message.substr(colon + 1), help);
  }
  if (!message.empty()) message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
  return fmt::format("{}: {}{}\n", where, message, help);
}

// --- completions ------------------------------------------------------------------------

struct OptionWords {
  std::vector<std::string> names;   // "--format", "-j"
  std::vector<std::string> values;  // "text", "json" (an IsMember check), or none
  bool value = false;               // takes a value
  bool folder = false;              // the value is a folder
  bool file = false;                // the value is a file (else a number, an id, a reading: not completed)
  std::string description;
};

// The fixed values an option's checks allow: CLI11 describes IsMember as "{a,b,c}".
std::vector<std::string> allowed_values(const CLI::Option& o) {
  const std::string type = o.get_type_name();
  const std::size_t open = type.find('{'), close = type.find('}');
  std::vector<std::string> out;
  if (open == std::string::npos || close == std::string::npos) return out;
  std::string inside = type.substr(open + 1, close - open - 1);
  for (std::size_t at = 0; at <= inside.size();) {
    std::size_t comma = inside.find(',', at);
    if (comma == std::string::npos) comma = inside.size();
    out.push_back(inside.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

std::vector<OptionWords> options_of(const CLI::App& a) {
  std::vector<OptionWords> out;
  for (const CLI::Option* o : a.get_options()) {
    if (o->get_positional() && !o->nonpositional()) continue;
    OptionWords w;
    for (const std::string& l : o->get_lnames()) w.names.push_back("--" + l);
    for (const std::string& s : o->get_snames()) w.names.push_back("-" + s);
    w.values = allowed_values(*o);
    w.value = expects_value(*o);
    w.folder = o->get_type_name().find("DIR") != std::string::npos;
    w.file = o->get_type_name() == "TEXT";  // --junit, --output; numbers, ids and readings have types of their own
    w.description = o->get_description();
    out.push_back(std::move(w));
  }
  return out;
}

// What a command's positional arguments are: "game" (a game id), "command", "shell", or files.
std::string positional_kind(const CLI::App& sub) {
  for (const CLI::Option* o : sub.get_options())
    if (o->get_positional() && !o->nonpositional()) return o->get_name();
  return "";
}

std::vector<std::string> positional_values(const CLI::App& app, const CLI::App& sub) {
  const std::string kind = positional_kind(sub);
  if (kind == "game") {
    std::vector<std::string> ids;
    for (const GameModule* m : all_games()) ids.emplace_back(m->id());
    return ids;
  }
  if (kind == "command") return command_names(app);
  if (kind == "shell") return {"bash", "zsh", "fish"};
  return {};
}

std::string bash_script(const CLI::App& app) {
  std::string out =
      "# bash completion for wonderlog, generated by 'wonderlog completions bash'.\n"
      "_wonderlog() {\n"
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" cmd=\"\" i\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    case \"${COMP_WORDS[i]}\" in\n"
      "      --color) ((i++)) ;;\n"
      "      -*) ;;\n"
      "      *) cmd=\"${COMP_WORDS[i]}\"; break ;;\n"
      "    esac\n"
      "  done\n"
      "  if [[ \"$prev\" == --color ]]; then COMPREPLY=($(compgen -W \"auto always never\" -- \"$cur\")); return; fi\n"
      "  case \"$cmd\" in\n";
  std::vector<std::string> globals;
  for (const OptionWords& w : options_of(app)) globals.insert(globals.end(), w.names.begin(), w.names.end());
  out += fmt::format("    \"\") COMPREPLY=($(compgen -W \"{} {}\" -- \"$cur\")) ;;\n", joined(command_names(app), " "),
                     joined(globals, " "));
  for (const CLI::App* sub : commands(app)) {
    out += fmt::format("    {})\n      case \"$prev\" in\n", sub->get_name());
    std::vector<std::string> names = globals;
    for (const OptionWords& w : options_of(*sub)) {
      for (const std::string& n : w.names)  // each once: a command's --help is the program's too
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
      if (!w.value) continue;
      const std::string pattern = joined(w.names, "|");
      if (!w.values.empty())
        out += fmt::format("        {}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return ;;\n", pattern,
                           joined(w.values, " "));
      else if (w.folder)
        out += fmt::format("        {}) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n", pattern);
      else if (w.file)
        out += fmt::format("        {}) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", pattern);
      else  // a number, an id, a reading: nothing to offer, and no file
        out += fmt::format("        {}) COMPREPLY=(); return ;;\n", pattern);
    }
    out += "      esac\n";
    out += fmt::format("      if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"))\n",
                       joined(names, " "));
    if (const std::vector<std::string> values = positional_values(app, *sub); !values.empty())
      out += fmt::format("      else COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"))\n", joined(values, " "));
    else
      out += "      else COMPREPLY=($(compgen -f -X '!*.wlog' -- \"$cur\") $(compgen -d -- \"$cur\"))\n";
    out += "      fi ;;\n";
  }
  out += "  esac\n}\ncomplete -o filenames -F _wonderlog wonderlog\n";
  return out;
}

std::string fish_quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string fish_script(const CLI::App& app) {
  std::string out = "# fish completion for wonderlog, generated by 'wonderlog completions fish'.\n";
  out += "complete -c wonderlog -f\n";
  for (const CLI::App* sub : commands(app))
    out += fmt::format("complete -c wonderlog -n __fish_use_subcommand -a {} -d {}\n", sub->get_name(),
                       fish_quoted(sub->get_description()));
  auto option_lines = [&](const std::vector<OptionWords>& words, const std::string& condition) {
    for (const OptionWords& w : words) {
      std::string line = "complete -c wonderlog" + condition;
      for (const std::string& n : w.names) line += (n[1] == '-' ? " -l " + n.substr(2) : " -s " + n.substr(1));
      if (!w.values.empty())
        line += " -x -a " + fish_quoted(joined(w.values, " "));
      else if (w.folder)
        line += " -x -a '(__fish_complete_directories)'";
      else if (w.value && w.file)
        line += " -r -F";
      else if (w.value)
        line += " -x";
      out += line + " -d " + fish_quoted(w.description) + "\n";
    }
  };
  option_lines(options_of(app), "");
  for (const CLI::App* sub : commands(app)) {
    const std::string condition = " -n '__fish_seen_subcommand_from " + sub->get_name() + "'";
    option_lines(options_of(*sub), condition);
    if (const std::vector<std::string> values = positional_values(app, *sub); !values.empty())
      out += fmt::format("complete -c wonderlog{} -a {}\n", condition, fish_quoted(joined(values, " ")));
    else
      out += fmt::format("complete -c wonderlog{} -a '(__fish_complete_suffix .wlog)'\n", condition);
  }
  return out;
}

// `help` and `completions`, which speak of every command.
void setup_help_and_completions(CLI::App& app, int& exit_code) {
  auto topic = std::make_shared<std::string>();
  CLI::App* help = app.add_subcommand("help", "Show the help of wonderlog, or of one command");
  help->add_option("command", *topic, "The command to show the help of");
  help->callback([&app, topic, &exit_code] {
    if (topic->empty()) {
      // app.help() would show this command's help: it is the one running.
      std::cout << app.get_formatter()->make_help(&app, "wonderlog", CLI::AppFormatMode::Normal);
      return;
    }
    const CLI::App* sub = command_named(app, *topic);
    if (!sub) {
      std::cerr << fmt::format("wonderlog help: no command '{}'", *topic);
      if (const std::string near = nearest_name(*topic, command_names(app)); !near.empty())
        std::cerr << fmt::format("; did you mean '{}'?", near);
      std::cerr << fmt::format("\nThe commands are {}.\n", joined(command_names(app), ", "));
      exit_code = kUsage;
      return;
    }
    std::cout << sub->help("wonderlog");
  });

  auto shell = std::make_shared<std::string>();
  CLI::App* completions =
      app.add_subcommand("completions", "Print a completion script for bash, zsh or fish (make install installs them)");
  completions->add_option("shell", *shell, "The shell")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
  completions->callback([&app, shell] { std::cout << completion_script(app, *shell); });
}

}  // namespace

std::string completion_script(const CLI::App& app, std::string_view shell) {
  if (shell == "bash") return bash_script(app);
  // zsh runs bash completions through its bashcompinit layer.
  if (shell == "zsh")
    return "#compdef wonderlog\n# zsh completion for wonderlog, generated by 'wonderlog completions zsh'.\n"
           "autoload -U +X bashcompinit && bashcompinit\n" +
           bash_script(app);
  if (shell == "fish") return fish_script(app);
  return {};
}

void setup_app(CLI::App& app, int& exit_code, const std::vector<std::string>& args) {
  app.set_version_flag("--version", "wonderlog " WONDERLOG_VERSION " (log format 1)");
  app.add_option("--color", colour_option(),
                 "Colour diagnostics and drawings: auto (on a terminal, unless NO_COLOR is set), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  // The commands in the order `wonderlog help` lists them (help and completions last), each
  // with what binds it under its name.
  struct Command {
    std::string_view name;
    void (*setup)(CLI::App&, int&);
  };
  static constexpr Command kCommands[] = {
      {"verify", setup_verify},   {"test", setup_test},       {"score", setup_score}, {"fmt", setup_fmt},
      {"replay", setup_replay},   {"explain", setup_explain}, {"gen", setup_gen},     {"redact", setup_redact},
      {"rulings", setup_rulings}, {"view", setup_view}};
  const std::size_t at = command_at(app, args);
  const std::string_view named = at < args.size() ? std::string_view(args[at]) : std::string_view{};
  const bool one =
      std::any_of(std::begin(kCommands), std::end(kCommands), [&](const Command& c) { return c.name == named; });
  for (const Command& c : kCommands)
    if (!one || c.name == named) c.setup(app, exit_code);
  if (!one) setup_help_and_completions(app, exit_code);
  app.require_subcommand(1);
  app.footer(fmt::format("Examples:\n  wonderlog verify replays\n  wonderlog explain saturday.wlog --at 21\n"
                         "  wonderlog help fmt\n\n{}\n{}",
                         kExitCodes, kDocs));
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    sub->fallthrough();  // the global --color after the command
    std::string footer;
    if (auto it = examples().find(sub->get_name()); it != examples().end()) footer = "Examples:\n" + it->second + "\n\n";
    const auto codes = exit_codes().find(sub->get_name());
    sub->footer(footer + (codes != exit_codes().end() ? codes->second : std::string(kExitCodes)) + "\n" +
                std::string(kDocs));
  }
}

int run_wonderlog(int argc, char** argv) {
  CLI::App app{"wonderlog: checks recorded tabletop games move by move against their rules", "wonderlog"};
  int exit_code = kOk;
  const std::vector<std::string> args(argv + 1, argv + argc);
  setup_app(app, exit_code, args);
  if (args.empty()) {
    std::cerr << usage(app);
    return kUsage;
  }
  const CLI::App* sub = nullptr;
  if (const std::string problem = misspelt(app, args, sub); !problem.empty()) {
    std::cerr << problem;
    return kUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help and --version
    if (!sub && e.get_name() == "RequiredError" && std::string_view(e.what()).find("subcommand") != std::string::npos) {
      std::cerr << usage(app);  // only global options, no command
      return kUsage;
    }
    std::cerr << said(app, sub, e, args);
    return kUsage;
  }
  // Output that could not be written (a full disk, a closed pipe's reader gone) is not a
  // success: a batch's JSON Lines cut short would otherwise look complete (found in review).
  errno = 0;
  std::cout.flush();
  if (!std::cout) {
    const int error = errno;
    std::cerr << "wonderlog: cannot write to standard output"
              << (error ? std::string(" (") + std::strerror(error) + ")" : std::string(" (is the disk full?)"))
              << ": what was written is incomplete\n";
    return kUsage;
  }
  return exit_code;
}

}  // namespace wonderlog::cli
