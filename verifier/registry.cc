#include "verifier/registry.h"

#include <fmt/format.h>

namespace wonderlog {

const GameModule& tea_time_module();
const GameModule& hide_and_seek_module();
const GameModule& alicematic_module();
const GameModule& rolling_module();

const std::vector<const GameModule*>& all_games() {
  // The one list of games. Add a game here and nowhere else.
  static const std::vector<const GameModule*> games = {&tea_time_module(), &hide_and_seek_module(), &alicematic_module(),
                                                       &rolling_module()};
  return games;
}

const GameModule* find_game(std::string_view id) {
  for (const GameModule* g : all_games())
    if (g->id() == id) return g;
  return nullptr;
}

std::string game_ids() {
  std::string out;
  for (const GameModule* g : all_games()) out += (out.empty() ? "" : ", ") + std::string(g->id());
  return out;
}

Diagnostic diagnostic_at(const grammar::ParsedGame& game, std::uint32_t line, Span span, ErrorKind kind,
                         std::string message) {
  Diagnostic d;
  d.kind = kind;
  d.pos = game.pos(line, span);
  d.width = std::max<std::uint32_t>(1, span.size());
  d.source_line = std::string(game.line_text(line));
  d.message = std::move(message);
  return d;
}

std::optional<Diagnostic> round_line_as_entry(const grammar::ParsedGame& game, std::uint32_t line,
                                              std::string_view label, bool has_rounds, std::string_view title) {
  if (label.size() < 7 || !iequals(label.substr(0, 5), "round") || (label[5] != ' ' && label[5] != '\t')) return {};
  const std::string_view number = trim(label.substr(6));
  if (number.find_first_not_of("0123456789") != std::string_view::npos) return {};
  // The whole line, as written, is what is wrong.
  const std::string_view text = game.line_text(line);
  std::uint32_t first = static_cast<std::uint32_t>(text.find_first_not_of(" \t"));
  if (first == std::string::npos) first = 0;
  const Span whole{first, static_cast<std::uint32_t>(trim(text).size()) + first};
  Diagnostic d = diagnostic_at(game, line, whole, ErrorKind::syntax,
                               has_rounds ? fmt::format("'{}:' is not a round line: a round line has no ':'", label)
                                          : fmt::format("{} has no rounds", title));
  if (has_rounds) d.notes.push_back(fmt::format("write it: round {}", number));
  return d;
}

namespace {

// Why the move on line `index` may be numbered `written` when it is move `number`: lines
// swapped, a move left out, two lines with one number, moves numbered afresh each round.
std::string numbering_hint(const grammar::ParsedGame& game, std::uint32_t index, int number, int written, bool due,
                           bool turns_of_several) {
  auto numbered = [&](int n, bool later) -> std::optional<std::uint32_t> {
    for (std::uint32_t i : game.body)
      if ((later ? i > index : i < index) && game.lines[i].syntax.move_number &&
          static_cast<int>(*game.lines[i].syntax.move_number) == n)
        return i;
    return std::nullopt;
  };
  const std::uint32_t here = game.lines[index].number;
  const std::optional<std::uint32_t> right = written > number ? numbered(number, true) : std::nullopt;
  if (right) {
    const std::uint32_t there = game.lines[*right].number;
    // Adjacent entries: nothing but blank and comment lines between them.
    bool adjacent = true;
    for (std::uint32_t i = index + 1; i < *right; ++i)
      adjacent = adjacent && game.lines[i].syntax.kind == grammar::envelope::LineKind::blank;
    return adjacent ? fmt::format(": move {} is on line {}; are lines {} and {} swapped?", number, there, here, there)
                    : fmt::format(": move {} is on line {}; are the lines out of order?", number, there);
  }
  // The line numbered `written` too (index: none). A plain number, not an optional: g++ 12's
  // profile-guided build warned that an optional's value may be read uninitialised here.
  const std::uint32_t twin = written < number ? numbered(written, false).value_or(index) : index;
  if (twin != index && written == 1) {
    bool new_round = false;  // a round line between the two
    for (std::uint32_t i = twin + 1; i < index; ++i)
      new_round = new_round || game.lines[i].syntax.kind == grammar::envelope::LineKind::round;
    if (new_round) return " (moves are numbered through the whole game, not afresh in each round)";
  }
  // The next move carries the number after the one due: this number is a slip (`91.` for `19.`).
  for (std::uint32_t i : game.body)
    if (i > index && game.lines[i].syntax.move_number) {
      if (static_cast<int>(*game.lines[i].syntax.move_number) == number + 1)
        return fmt::format(": the next move is numbered {}; is {} a slip for {}?", number + 1, written, number);
      break;
    }
  if (written > number && due) {
    const std::string_view label = game.span_text(index, game.lines[index].syntax.label);
    return turns_of_several
               ? fmt::format(": no line is numbered {}, and move {} is {}'s, as written here; was the number {} "
                             "skipped, or an entry of {}'s turn left out before this one?",
                             number, number, label, number, label)
               : fmt::format(": no line is numbered {}, and move {} is {}'s, as written here; was the number {} skipped?",
                             number, number, label, number);
  }
  if (written > number) return fmt::format(": no line is numbered {}; was move {} left out?", number, number);
  if (twin != index) return fmt::format(": line {} is numbered {} too", game.lines[twin].number, written);
  return " (moves are numbered through the whole game)";
}

}  // namespace

Diagnostic misnumbered_move(const grammar::ParsedGame& game, std::uint32_t line, int number, bool due,
                            bool turns_of_several) {
  const std::string_view text = game.line_text(line);
  const unsigned written = *game.lines[line].syntax.move_number;
  // The number as written, leading zeros and all (`007.`).
  std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) first = 0;
  std::size_t last = text.find_first_not_of("0123456789", first);
  if (last == std::string_view::npos || last == first) last = first + 1;
  const Span digits{static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(last)};
  return diagnostic_at(game, line, digits, ErrorKind::syntax,
                       fmt::format("this is move {} of the game, but it is numbered {}{}", number, written,
                                   numbering_hint(game, line, number, static_cast<int>(written), due, turns_of_several)));
}

namespace {

// " (did you mean 'tea-time'?)" for a game id close to a known one, or "".
std::string suggestion(std::string_view id) {
  std::vector<std::string> ids;
  for (const GameModule* m : all_games()) ids.emplace_back(m->id());
  const std::string near = nearest_name(id, ids);
  return near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near);
}

}  // namespace

const GameModule* module_for(const grammar::ParsedGame& game, int index, const Context& context, GameReport& report) {
  report.game_index = index;
  // The report is written afresh only for a game that cannot reach its module: for the others,
  // most games, the file's name copied into it and thrown away cost every game (session 58).
  auto refused = [&]() -> GameReport& {
    report = GameReport{};
    report.file = context.file;
    report.game_index = index;
    return report;
  };
  if (game.syntax_error) {
    const auto& e = *game.syntax_error;
    std::uint32_t width = e.error.width              ? e.error.width
                          : e.error.found.size() < 3 ? 1
                                                     : static_cast<std::uint32_t>(e.error.found.size()) - 2;
    refused().error = diagnostic_at(game, e.line, Span{e.error.offset, e.error.offset + std::max(1u, width)},
                                    ErrorKind::syntax, e.error.text());
    if (const grammar::Header* h = game.header("game")) report.game = std::string(game.header_value(*h));
    return nullptr;
  }
  if (game.lines.empty() || !game.version_line) {
    refused().error = Diagnostic{};
    report.error->message = grammar::no_game_problem(!game.lines.empty());
    return nullptr;
  }
  const std::uint32_t top = *game.version_line;
  const auto& version = game.lines[top].syntax;
  if (version.number != 1) {
    refused().error =
        diagnostic_at(game, top, Span{0, static_cast<std::uint32_t>(game.lines[top].length)}, ErrorKind::syntax,
                      fmt::format("this is format version {}; this wonderlog reads version 1", version.number));
    return nullptr;
  }
  const grammar::Header* h = game.header("game");
  if (!h) {
    // A misspelt `game:` is an entry with a name close to it: point there, not at line 1.
    if (const std::optional<std::uint32_t> i = game.misspelt_header("game")) {
      const Span label = game.lines[*i].syntax.label;
      refused().error = diagnostic_at(
          game, *i, label, ErrorKind::setup,
          fmt::format("'{}:' is not a header; did you mean 'game:'? (the game has no 'game:' header; known games: {})",
                      game.span_text(*i, label), game_ids()));
      return nullptr;
    }
    refused().error =
        diagnostic_at(game, top, Span{0, static_cast<std::uint32_t>(game.lines[top].length)}, ErrorKind::setup,
                      fmt::format("the game has no 'game:' header; known games: {}", game_ids()));
    return nullptr;
  }
  std::string_view id = game.header_value(*h);
  const GameModule* module = find_game(ascii_lower(id));
  if (!module) {
    refused().game = std::string(id);
    report.error = diagnostic_at(game, h->line, game.lines[h->line].syntax.value, ErrorKind::setup,
                                 fmt::format("unknown game '{}'{}; wonderlog knows: {}", id, suggestion(id), game_ids()));
    return nullptr;
  }
  return module;
}

GameReport verify_game(const grammar::ParsedGame& game, int index, const Context& context) {
  GameReport report;
  if (const GameModule* module = module_for(game, index, context, report)) {
    report = module->verify(game, context);
    report.game_index = index;
  }
  return report;
}

}  // namespace wonderlog
