// The replay loop every game shares, as a template over a game's traits. Included only by
// the game modules (verifier/<game>_module.cc); everything else sees GameModule.
//
// A game's traits T provide:
//   State, Move, Catalog                      the engine's types (State is a GameState)
//   T::id, T::title, T::standard_catalog      "tea-time", "Tea Time", "tea-time"
//   T::uses_seed                              whether a `seed:` header means something (a deck)
//   T::has_rounds, T::round_rule, T::end_rule, T::result_rule  whether logs have `round N` lines; the
//                                             ruling that says when a round starts, the one that
//                                             ends the game (cited for an entry after the end),
//                                             and the one on recorded results; optional
//                                             round_rule_at(state): the ruling for a round line
//                                             written at that position (AlicematiC: AH-14
//                                             after a Commoner)
//   load_catalog(path) -> Catalog             throws CatalogError
//   catalog_id(catalog) -> std::string
//   is_event(label) -> bool                   chance-event labels such as "deal", any case
//   events() -> std::vector<std::string_view>  those labels, lower case ({} if none): is_event
//                                             is true of each, in any case, and of no other
//   headers() -> std::vector<std::string_view>  the game's own headers ("start", "layout"), lower case
//   players_problem(n) -> std::optional<Violation>   why n players cannot play the game, if they cannot
//   make_state(catalog, names, seed, headers, readings, SetupProblem&) -> std::optional<State>
//                                             State also has readings() (the Readings it was
//                                             made with, and what it consulted) and
//                                             set_readings(readings)
//   generated_headers(catalog, options) -> GameHeaderLines   a generated game's own headers
//   bind(state, seat or -1 for events, label, text) -> Bound<Move>
//   canonical(label, text, out, SyntaxError&) -> bool
//   seeded_chance(state) -> std::optional<Move>
//   round(state), round_start(state)          which round; whether its first entry is due
//   progress(state) -> std::string            "round 2 of 5, 7 cards on the grid"
//   legal_note(state, legal) -> std::string   optional: explain's note under the legal moves
//                                             (what a list of them stands for), or ""
//   header_behind(violation) -> std::string_view  optional: the game's own header a refusal's
//                                             facts come from ("layout"), or ""
//   role(state, seat) -> std::string          optional: the side or character a seat plays
//                                             ("Alice", "Dodo"), for an entry written with it
//                                             in place of the player's name
//   unfinished(state) -> std::string          why the game is not over yet
//   settle(state, seat)                       optional: the log moves on to an entry of `seat`
//                                             (-1: a round line, or the end of the log); closes
//                                             what that ends (AlicematiC: the flip after an
//                                             attack, AH-31). With it, State has window_open():
//                                             gen settles with -1 when it leaves such a moment
//                                             unused
//   render(state) -> std::string              the position as text; render(state, paint), if
//                                             it has it, is given a terminal's colours
//   draw(state) -> std::string                the position as SVG (wonderlog view)
//   picture_style() -> std::string            the stylesheet of its pictures' classes
//   picture_defs(state) -> std::string        optional: SVG every picture of a game shares
//                                             (its map), drawn once per page for <use>
//   focus(label, text, violation) -> std::optional<Span>  optional: the part of an entry's
//                                             text a violation is about (one card of a deal)
//   describe(state, move) -> std::string      "takes a1 (Hatter, mirror)"
//   entry(state, move, options) -> {label, text}  how the log writes a move (gen; options.table)
//   score_breakdown(state, seat) -> std::vector<std::string>
//   winner_note(state) -> std::string         how the winners were decided
//   tie_break(state) -> std::string           what broke a tie for first, "" if nothing did
//   rulings() -> const std::vector<Ruling>&  the game's rulings, quoted by explain
//   arithmetic(state, move) -> std::string   optional: the numbers behind a move, for explain
//   outcome(state, move) -> std::string      optional: after a legal move, for explain, what it changes
//                                             that the position after it does not show at a glance
//   gen_weight(state, move) -> unsigned      optional: how much gen prefers a legal move (a
//                                             player's habits: invade rather than attack); without
//                                             it, every legal move is equally likely
//   viewers() -> std::vector<std::string_view>  the sides with their own knowledge ({} if none)
//   viewer_title(viewer) -> std::string       "Alice", "the Queen"
//   canonical_header(name, value, out, SyntaxError&) -> bool  a game header's canonical value
//   redact_header(name, viewer) -> bool       whether a game header stays in a viewer's log
//   redact_entry(state, move, viewer) -> std::optional<std::string>  a move's text as the
//                                             viewer knows it (nullopt: unchanged)
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>

#include <boost/container/small_vector.hpp>
#include <fmt/format.h>

#include "engine/core/catalog.h"
#include "engine/core/rng.h"
#include "engine/core/ruling.h"
#include "grammar/envelope/grammar.h"
#include "verifier/catalog_path.h"
#include "verifier/module.h"
#include "verifier/readings.h"
#include "verifier/registry.h"
#include "verifier/view/svg.h"
#include "verifier/view/terminal.h"

namespace wonderlog {

// An entry's text bound to a move, or why it could not be. A module's bind() fills the one it
// returns (`bound.move.emplace()`, every return naming it), so that it is built in the caller's
// place: a move built apart and copied in cost more than reading most entries.
template <class Move>
struct Bound {
  std::optional<Move> move;
  ErrorKind kind = ErrorKind::syntax;
  Span span;  // within the entry's text
  // Why the entry was not bound (the ruling, or none for a slip of the notation): held apart,
  // so that a bound entry, nearly every one, builds and frees no strings (two strings built
  // and destroyed for every entry cost every game 0.4% of its instructions, session 60).
  struct Refusal {
    std::string rule;
    std::string message;
  };
  std::unique_ptr<Refusal> refusal;

  std::string_view rule() const { return refusal ? std::string_view(refusal->rule) : std::string_view{}; }
  std::string_view message() const { return refusal ? std::string_view(refusal->message) : std::string_view{}; }

  static Bound error(ErrorKind kind, Span span, std::string rule, std::string message) {
    return Bound{std::nullopt, kind, span, std::make_unique<Refusal>(Refusal{std::move(rule), std::move(message)})};
  }
};

// An entry as written, without its comment and the spaces around it: "5. Sanne: a2 b3 c3".
inline std::string_view written_entry(const grammar::ParsedGame& game, std::uint32_t index) {
  std::string_view written = game.line_text(index);
  if (game.lines[index].syntax.has_comment) written = written.substr(0, game.lines[index].syntax.comment.begin - 1);
  return trim(written);
}

// The seat of the player whose name an event's text starts with (`deal: Léa Hermit, ...`,
// `roll: Anne Marie blue cat, ...`): names may hold any letters and blanks (log-format.md), so the
// players' own names are looked for, not a word. The longest name, in any letter case, followed by
// a blank or the text's end; -1 when none. `length` is then the name's bytes, else 0.
template <class State>
int leading_player(const State& state, std::string_view text, std::size_t& length) {
  int who = -1;
  length = 0;
  for (int p = 0; p < state.players(); ++p) {
    const std::string& name = state.name(p);
    if (text.size() >= name.size() && name.size() > length && iequals(text.substr(0, name.size()), name) &&
        (text.size() == name.size() || text[name.size()] == ' ' || text[name.size()] == '\t'))
      who = p, length = name.size();
  }
  return who;
}

// An event's text that does not start with a player's name (`roll: Nnia ...`): its first word, up
// to a blank, is taken for the name meant.
template <class Move, class State>
Bound<Move> not_a_leading_player(const State& state, std::string_view text) {
  const std::size_t end = std::min(text.find_first_of(" \t"), text.size());
  const std::string_view w = text.substr(0, end);
  if (w.empty()) return Bound<Move>::error(ErrorKind::syntax, Span{0, 1}, "", "expected a player's name first, found the end");
  std::vector<std::string> names;
  for (int s = 0; s < state.players(); ++s) names.push_back(state.name(s));
  const std::string g = nearest_name(w, names);
  return Bound<Move>::error(ErrorKind::setup, Span{0, static_cast<std::uint32_t>(end)}, "",
                            fmt::format("'{}' is not a player of this game ({}){}", w, fmt::join(names, ", "),
                                        g.empty() ? "" : "; did you mean '" + g + "'?"));
}

// A game's own header lines, name (lower case) and value, in log order.
using GameHeaders = std::vector<std::pair<std::string_view, std::string_view>>;
using GameHeaderLines = std::vector<std::pair<std::string, std::string>>;

// Why a game cannot be set up: the violation, and the header at fault with the span of its
// value to underline (no header: the players header).
struct SetupProblem {
  Violation violation;
  std::string header;
  Span span;  // within the header's value
  ErrorKind kind = ErrorKind::setup;
};

inline std::string_view header_value(const GameHeaders& headers, std::string_view name) {
  for (const auto& [n, v] : headers)
    if (n == name) return v;
  return {};
}

template <class T>
class ModuleFor final : public GameModule {
 public:
  using State = typename T::State;
  using Move = typename T::Move;
  using Catalog = typename T::Catalog;

  std::string_view id() const override { return T::id; }
  std::string_view title() const override { return T::title; }
  bool has_rounds() const override { return T::has_rounds; }

  GameReport verify(const grammar::ParsedGame& game, const Context& context) const override {
    Run run;
    replay_whole(game, context, run);
    if (context.all_readings) run.report.depends_on = dependences(game, context, run);
    return std::move(run.report);
  }

  bool is_event(std::string_view label) const override { return T::is_event(label); }
  std::vector<std::string_view> events() const override { return T::events(); }
  bool canonical_header(std::string_view name, std::string_view value, std::string& out,
                        SyntaxError& error) const override {
    return T::canonical_header(name, value, out, error);
  }
  std::vector<std::string_view> game_headers() const override { return T::headers(); }

  bool canonical_entry(std::string_view label, std::string_view text, std::string& out,
                       SyntaxError& error) const override {
    return T::canonical(label, text, out, error);
  }

  std::vector<std::string_view> viewers() const override { return T::viewers(); }
  const std::vector<Ruling>& rulings() const override { return T::rulings(); }

  bool redact(const grammar::ParsedGame& game, const Context& context, std::string_view viewer, bool keep_comments,
              std::string& out, GameReport& report) const override {
    if (!redact_lines(game, context, viewer, keep_comments, out, report, /*whole=*/true)) return false;
    if (!keep_comments)
      out.insert(0, fmt::format("# {} as {} knew it, written by wonderlog redact; its comments and notes are left "
                                "out, as they may tell what was hidden\n",
                                this->title(), T::viewer_title(viewer)));
    return true;
  }

  // Redacts the lines up to the first error (all of them when the log is valid); with `whole`,
  // an invalid log is refused instead. Without `keep_comments`, comments and `notes:` (free
  // text) go too; blank lines stay.
  bool redact_lines(const grammar::ParsedGame& game, const Context& context, std::string_view viewer,
                    bool keep_comments, std::string& out, GameReport& report, bool whole) const {
    Run run;
    out.clear();
    if (!start(game, context, run)) {
      report = std::move(run.report);
      return false;
    }
    std::map<std::uint32_t, std::string> replaced;  // line -> new entry text
    walk(game, run, std::nullopt, [&](std::uint32_t line, const State& before, const Move& move) {
      if (auto text = T::redact_entry(before, move, viewer)) replaced.emplace(line, *text);
    });
    finish(game, run);
    report = std::move(run.report);
    if (report.error && whole) return false;
    // An invalid log is cut before the entry refused: redacted, that entry could read as legal
    // (Alice's log drops a look's 'keep' that the Queen's refusal rests on), and the side's view
    // would step past the error (found in review).
    std::uint32_t stop = ~std::uint32_t{0};
    if (report.error)
      for (const std::uint32_t index : game.body)
        if (game.lines[index].number == report.error->pos.line) stop = game.lines[index].number;
    for (std::uint32_t i = 0; i < game.lines.size() && game.lines[i].number < stop; ++i) {
      const auto& syn = game.lines[i].syntax;
      std::string_view text = game.line_text(i);
      const bool entry = syn.kind == grammar::envelope::LineKind::entry;
      const bool drop_comment = syn.has_comment && !keep_comments;
      if (drop_comment && syn.kind == grammar::envelope::LineKind::blank) continue;
      if (entry) {
        std::string_view label = game.span_text(i, syn.label);
        if (is_own_header(label) && !T::redact_header(ascii_lower(label), viewer)) continue;
        if (!keep_comments && iequals(label, "notes")) continue;
      }
      std::string line;
      if (auto it = entry ? replaced.find(i) : replaced.end(); it != replaced.end()) {
        line = text.substr(0, syn.text.begin);
        line += it->second;
        if (syn.accepted) line += " (accepted)";
        if (syn.has_comment && keep_comments) line += "  #" + std::string(game.span_text(i, syn.comment));
      } else if (drop_comment) {
        line = text.substr(0, syn.comment.begin - 1);  // the comment's span starts after its '#'
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
      } else {
        line = text;
      }
      out += line + "\n";
    }
    return true;
  }

  std::string replay_as(const grammar::ParsedGame& game, const Context& context, int to, std::string_view viewer,
                        GameReport& report) const override {
    if (viewer == "all") return replay(game, context, to, report);
    GameReport whole;
    std::optional<grammar::ParsedGame> mine = as_known_by(game, context, viewer, whole);
    if (!mine) {
      report = std::move(whole);
      return {};
    }
    std::string out = fmt::format("As {} knows it:\n", T::viewer_title(viewer)) + replay(*mine, context, to, report);
    // The side's log stops before the whole log's first error: once the view reaches it, that
    // error is the verdict, as `--as all` gives it.
    // (The end's checks, the result and a log cut short, are verify's, as they are for `--as all`.)
    if (whole.error && whole.error->kind != ErrorKind::result_mismatch && whole.error->kind != ErrorKind::incomplete &&
        (whole.error->move ? *whole.error->move <= to : whole.moves <= to))
      report = std::move(whole);
    return out;
  }

  // The game as `viewer` knows it (its redacted log, read again); nullopt, with the report
  // saying why, when the game cannot be set up and so has nothing to redact.
  std::optional<grammar::ParsedGame> as_known_by(const grammar::ParsedGame& game, const Context& context,
                                                 std::string_view viewer, GameReport& report) const {
    std::string redacted;
    if (!redact_lines(game, context, viewer, /*keep_comments=*/true, redacted, report, /*whole=*/false))
      return std::nullopt;
    std::istringstream in(redacted);
    grammar::LogReader reader(in);
    grammar::ParsedGame mine;
    reader.next(mine);
    return mine;
  }

  std::string replay(const grammar::ParsedGame& game, const Context& context, int to,
                     GameReport& report) const override {
    Run run;
    std::string out;
    if (start(game, context, run)) {
      walk(game, run, to + 1);
      // The log's end closes what its last entry left open, as verify's finish() does.
      if (!run.report.error && !run.stop_line && !run.report.in_progress) settle(*run.state, -1);
      if (!run.report.error && !run.stop_line && to > run.moves_applied)
        out += fmt::format("(the log has {} moves; showing the position after the last)\n", run.moves_applied);
      out +=
          fmt::format("{}: after move {} ({})\n", T::title, std::min(to, run.moves_applied), T::progress(*run.state));
      out += position_text(*run.state, Paint{context.colour});
    }
    report = std::move(run.report);
    return out;
  }

  Pictures pictures(const grammar::ParsedGame& game, const Context& context, std::string_view viewer,
                    GameReport& report) const override {
    if (viewer != "all") {
      GameReport whole;
      std::optional<grammar::ParsedGame> mine = as_known_by(game, context, viewer, whole);
      if (!mine) {
        report = std::move(whole);
        return {};
      }
      Pictures out = pictures(*mine, context, "all", report);
      out.viewer = T::viewer_title(viewer);
      if (whole.error) report = std::move(whole);  // the side's pages stop before it
      return out;
    }
    Pictures out;
    out.style = T::picture_style();
    Run run;
    if (!start(game, context, run)) {
      report = std::move(run.report);
      return out;
    }
    if constexpr (requires { T::picture_defs(*run.state); }) out.defs = T::picture_defs(*run.state);
    // Frame k shows the position after move k: the one move k + 1 is played on (the same as
    // `replay --to k`), so each is drawn when the next move comes, and the last at the end.
    Frame pending;
    pending.entry = "Start";
    auto draw = [&](const State& state) {
      Frame f = pending;
      f.picture = out.pictures.size();
      f.progress = T::progress(state);
      out.pictures.push_back(T::draw(state));
      out.frames.push_back(std::move(f));
    };
    walk(
        game, run, std::nullopt,
        [&](std::uint32_t index, const State& before, const Move&) {
          if (!game.lines[index].syntax.move_number) return;  // a chance event draws nothing of its own
          draw(before);
          pending = Frame{};
          pending.move = static_cast<int>(out.frames.size());
          pending.line = game.lines[index].number;
          pending.entry = std::string(written_entry(game, index));
        },
        true);
    finish(game, run);
    draw(*run.state);
    report = std::move(run.report);
    for (const Diagnostic& w : report.warnings)
      for (Frame& f : out.frames)
        if (f.move && f.line == w.pos.line) f.accepted = true;
    if (report.error && report.error->move) {
      Frame refused = out.frames.back();
      refused.move = *report.error->move;
      refused.refused = true;
      refused.line = report.error->pos.line;
      for (const std::uint32_t index : game.body)
        if (game.lines[index].number == refused.line) refused.entry = std::string(written_entry(game, index));
      out.frames.push_back(std::move(refused));
    }
    if (run.state->is_over() && report.scores) {
      for (std::size_t seat = 0; seat < report.players.size(); ++seat)
        out.breakdown.push_back(T::score_breakdown(*run.state, static_cast<int>(seat)));
      out.winner_note = T::winner_note(*run.state);
    }
    return out;
  }

  std::string explain(const grammar::ParsedGame& game, const Context& context, int at,
                      GameReport& report) const override {
    Run run;
    std::string out;
    if (!start(game, context, run)) {
      report = std::move(run.report);
      return out;
    }
    walk(game, run, at);
    if (!run.stop_line) {
      report = std::move(run.report);
      if (!report.error)
        out += fmt::format("wonderlog: the log has no move {}: it has {} moves\n", at, run.moves_applied);
      return out;
    }
    const grammar::LogLine& line = game.lines[*run.stop_line];
    const State& state = *run.state;
    const int seat = seat_of(game, run, *run.stop_line);
    out += fmt::format("Position before move {} ({}):\n", at, T::progress(state));
    out += position_text(state, Paint{context.colour});
    out += fmt::format("\nMove {} (line {}): {}\n", at, line.number, written_entry(game, *run.stop_line));
    Bound<Move> bound = T::bind(state, seat, game.span_text(*run.stop_line, line.syntax.label),
                                game.span_text(*run.stop_line, line.syntax.text));
    std::optional<Violation> verdict;
    if (!bound.move) {
      // As verify calls it: a spot off the grid is read, and illegal; a word that is no move cannot be read.
      out += fmt::format("Verdict: {}: {}", bound.kind == ErrorKind::syntax ? "cannot be read" : "illegal",
                         bound.message());
      if (!bound.rule().empty()) out += fmt::format(" [{}]", bound.rule());
      out += "\n";
      if (line.syntax.accepted) out += kExplainAcceptedStops;
      if (!bound.rule().empty()) out += quote(std::string(bound.rule()), state);
    } else {
      out += fmt::format("{} {}\n", game.span_text(*run.stop_line, line.syntax.label), T::describe(state, *bound.move));
      if constexpr (requires { T::arithmetic(state, *bound.move); }) out += T::arithmetic(state, *bound.move);
      std::uint32_t touched = 0;
      verdict = judge(state, *bound.move, touched);
      if (!verdict) {
        out += "Verdict: legal\n";
        if constexpr (requires { T::outcome(state, *bound.move); }) out += T::outcome(state, *bound.move);
      } else {
        out += fmt::format("Verdict: illegal: {} [{}]\n", verdict->message, verdict->rule);
        if (line.syntax.accepted)
          out += verdict->physically_possible
                     ? "  The players accepted it at the table; the replay goes on from the position it produced.\n"
                     : kExplainAcceptedStops;
        for (const Fact& f : verdict->facts) out += fmt::format("  {}: {}\n", f.name, f.value);
        out += quote(verdict->rule, state);
      }
      out += other_verdicts(state, *bound.move, touched, [&](ChosenReading other) {
        return verdict_replayed(game, context, at, other);
      });
      out += earlier_readings(game, context, at, state, touched,
                              verdict ? fmt::format("illegal: {} [{}]", verdict->message, verdict->rule)
                                      : std::string("legal"));
    }
    std::vector<Move> legal = state.legal_moves();
    std::vector<std::string> entries, labels;
    for (const Move& m : legal) {
      auto [label, entry] = T::entry(state, m, GenOptions{});
      labels.push_back(std::move(label));
      entries.push_back(std::move(entry));
    }
    // Moves of more than one player (a turn that ends when the next player plays), or of another
    // than the one whose move is explained (her turn is over: AH-31's 'before-invasion'): name
    // them, so that none is read as what she could have played instead (found in review).
    const std::string_view mover = game.span_text(*run.stop_line, line.syntax.label);
    const bool mixed = std::adjacent_find(labels.begin(), labels.end(), std::not_equal_to<>()) != labels.end();
    const bool others = !labels.empty() && !mixed && !iequals(labels.front(), mover);
    if (others && seat >= 0 && !T::is_event(labels.front()))
      out += fmt::format("\nLegal moves here: {}, all of them {}'s ({} has none here)\n", legal.size(), labels.front(),
                         mover);
    else
      out += fmt::format("\nLegal moves here: {}\n", legal.size());
    if (mixed || others)
      for (std::size_t i = 0; i < entries.size(); ++i) entries[i] = labels[i] + ": " + entries[i];
    // Entries with commas of their own ("invade c3 pay 1 red, 2 green") are set apart by ';'.
    const bool commas = std::any_of(entries.begin(), entries.end(),
                                    [](const std::string& e) { return e.find(',') != std::string::npos; });
    std::string row = " ";
    for (std::size_t i = 0; i < entries.size(); ++i) {
      std::string item = " " + entries[i] + (i + 1 < entries.size() ? (commas ? ";" : ",") : "");
      if (row.size() + item.size() > 78) {
        out += row + "\n";
        row = " ";
      }
      row += item;
    }
    if (row.size() > 1) out += row + "\n";
    if constexpr (requires { T::legal_note(state, legal); }) out += T::legal_note(state, legal);
    report = std::move(run.report);
    return out;
  }

  std::string score(const grammar::ParsedGame& game, const Context& context, GameReport& report,
                    std::vector<std::vector<std::string>>& breakdown) const override {
    const int index = report.game_index;  // the game of the file, for the replay command suggested
    Run run;
    std::string out;
    if (replay_whole(game, context, run)) {
      const State& state = *run.state;
      // An illegal move or a log that stops early shows only its error (docs/cli.md, "score").
      if (run.report.error && !state.is_over()) {
        report = std::move(run.report);
        return out;
      }
      if (state.is_over()) {
        std::vector<int> scores = state.scores();
        // An entry refused after the game's end leaves the final scores as they were: given too.
        if (!run.report.scores) {
          run.report.scores = scores;
          run.report.winners = state.winners();
        }
        for (int seat = 0; seat < static_cast<int>(run.report.players.size()); ++seat) {
          out += fmt::format("{}: {} point{}\n", run.report.players[seat], scores[seat], scores[seat] == 1 ? "" : "s");
          breakdown.push_back(T::score_breakdown(state, seat));
          for (const std::string& l : breakdown.back()) out += "  " + l + "\n";
        }
        out += T::winner_note(state) + "\n";
      } else {  // a game still being played (`result: *`): said, rather than nothing but the readings
        out += fmt::format(
            "The game is still being played, after move {} ({}): its final scores come at its end; "
            "'wonderlog replay {}{} --to {}' shows the position.\n",
            run.moves_applied, T::progress(state), run.report.file,
            index > 1 ? fmt::format(" --game {}", index) : std::string(), run.moves_applied);
      }
      out += readings_in_force(run);
    }
    report = std::move(run.report);
    return out;
  }

  std::string generate(const GenOptions& options, std::string& error) const override {
    if constexpr (requires { T::table_logs; })
      if (options.table && !T::table_logs) {
        error = fmt::format("{}'s table logs are not supported yet: gen writes open logs only", T::title);
        return {};
      }
    std::string catalog_name = options.catalog.empty() ? std::string(T::standard_catalog) : options.catalog;
    Context context;
    const CatalogLookup& lookup = find_catalog(catalog_name, context);
    if (lookup.path.empty()) {
      error = "catalog '" + catalog_name + "' not found";
      return {};
    }
    const Catalog* catalog = nullptr;
    try {
      catalog = &load(lookup.path);
    } catch (const CatalogError& e) {
      error = e.what();
      return {};
    }
    std::vector<std::string> names;
    static const char* kNames[] = {"Arthur", "Nina", "Dinah", "Bill", "Mabel", "Tom"};
    for (int i = 0; i < options.players; ++i) names.push_back(i < 6 ? kNames[i] : "Player " + std::to_string(i + 1));
    GameHeaderLines own = T::generated_headers(*catalog, options);
    GameHeaders headers;
    for (const auto& [n, v] : own) headers.emplace_back(n, v);
    Readings readings;
    for (const ChosenReading& c : options.readings) readings.choose(c.dispute, c.reading);
    SetupProblem problem;
    std::optional<State> state = T::make_state(*catalog, names, options.seed, headers, readings, problem);
    if (!state) {
      error = problem.violation.message;
      return {};
    }
    Rng rng(options.seed ^ 0x7EA7113EULL);  // the moves' randomness, apart from the deck's
    std::string body;
    int round = 0, number = 0;
    while (!state->is_over()) {
      if (T::has_rounds && T::round(*state) != round && T::round_start(*state)) {
        round = T::round(*state);
        body += fmt::format("\nround {}\n", round);
      }
      Move move;
      if (state->to_move().is_chance()) {
        std::optional<Move> chance = T::seeded_chance(*state);
        if (!chance) {
          error = "the game needs a chance event the seed does not decide";
          return {};
        }
        move = *chance;
        auto [label, text] = T::entry(*state, move, options);
        body += fmt::format("{}: {}\n", label, text);
      } else {
        std::vector<Move> legal = state->legal_moves();
        if constexpr (requires { T::settle(*state, -1); }) {
          // A moment its player may leave unused (AH-31): half the time she does, and the next
          // entry, round line or end follows; otherwise one of her own moves there.
          if (state->window_open()) {
            const int seat = state->to_move().seat;
            std::erase_if(legal, [&](const Move& m) {
              if constexpr (requires { T::in_open_turn(*state, m); })
                if (T::in_open_turn(*state, m)) return false;  // another's `use` in her turn (AH-28)
              return m.seat != seat;
            });
            if (legal.empty() || rng.below(2)) {
              settle(*state, -1);
              continue;
            }
          }
        }
        if (legal.empty()) {  // a rules engine bug: say where, rather than crash
          error = fmt::format("no legal move in {} (after move {}); the position:\n{}the moves so far:\n{}",
                              T::progress(*state), number, T::render(*state), body);
          return {};
        }
        if constexpr (requires { T::gen_weight(*state, legal[0]); }) {
          std::vector<std::uint64_t> upto;  // running sums of the weights
          std::uint64_t total = 0;
          for (const Move& m : legal) upto.push_back(total += T::gen_weight(*state, m));
          const std::uint64_t r = rng.below(total);
          move = legal[static_cast<std::size_t>(std::upper_bound(upto.begin(), upto.end(), r) - upto.begin())];
        } else {
          move = legal[static_cast<std::size_t>(rng.below(legal.size()))];
        }
        auto [label, text] = T::entry(*state, move, options);
        body += fmt::format("{}. {}: {}\n", ++number, label, text);
      }
      state->apply(move);
    }
    std::string out = fmt::format("wonderlog 1\ngame: {}\ncatalog: {}\nplayers: ", T::id, catalog_name);
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
    if (T::uses_seed) out += fmt::format("\nseed: {}", options.seed);
    if (!options.readings.empty()) {
      std::vector<ChosenReading> in_order = options.readings;
      sort_by_dispute(in_order);
      out += "\nreadings: " + readings_text(*this, in_order);
    }
    out += "\nevent: generated by wonderlog gen\nresult: ";
    std::string own_lines;
    for (const auto& [n, v] : own)
      if (!(options.table && n == "layout")) own_lines += fmt::format("{}: {}\n", n, v);
    std::vector<int> scores = state->scores();
    for (std::size_t i = 0; i < names.size(); ++i) out += fmt::format("{}{} {}", i ? ", " : "", names[i], scores[i]);
    out += "\n" + own_lines + body;
    return out;
  }

 private:
  // The note on an entry marked (accepted) that the replay cannot go on from, in a diagnostic
  // and in explain's verdict.
  static constexpr const char* kExplainAcceptedStops = "  Marked (accepted), but the replay cannot go on from it.\n";
  static constexpr const char* kAcceptedCannotGoOn =
      "marked (accepted), but the replay cannot go on from it (an accepted move is replayed only if it could have "
      "been carried out at the table), so it stops here";

  struct Run {
    GameReport report;
    const Catalog* catalog = nullptr;  // the module's, kept for the program's life
    std::optional<State> state;
    grammar::envelope::RecordedScores result;
    std::optional<std::uint32_t> result_line;
    int moves_applied = 0;
    int moves_accepted = 0;  // of them, illegal moves replayed as accepted at the table
    int last_seat = -1;                                              // the player of the last move applied
    std::optional<std::uint32_t> stop_line;                          // the entry of the move walk() stopped before
    // report.players, for find_seat: held in place for a table's few
    boost::container::small_vector<PackedWord, grammar::envelope::kUsualPlayers> packed_players;
    std::vector<std::pair<std::string, std::uint32_t>> own_headers;  // the game's headers: name, line
    Readings readings;                                                // in force
    std::vector<ChosenReading> chosen;                                // by the header or a flag
    std::uint32_t from_header = 0;                                    // disputes the header chose
    std::vector<ChosenReading> alternatives;                          // --readings all: those changed
  };

  // start(), walk() and finish() on the whole game; false when it could not be set up.
  bool replay_whole(const grammar::ParsedGame& game, const Context& context, Run& run) const {
    const bool started = start(game, context, run);
    if (started) {
      walk(game, run, std::nullopt);
      finish(game, run);
    }
    const std::uint32_t bits = consulted(run);
    const std::vector<const Ruling*>& all = disputed();
    for (std::size_t d = 0; d < all.size(); ++d)
      if (bits >> d & 1) run.report.consulted.emplace_back(all[d]->id);
    return started;
  }

  // The disputes a run consulted, as a bitset: its State's record, or, where the set-up was
  // refused by a disputed ruling (RW-3's 'kept'), that ruling: the refusal rests on its reading.
  std::uint32_t consulted(const Run& run) const {
    if (run.state) return run.state->readings().consulted();
    if (run.report.error)
      if (const int d = dispute_of(T::rulings(), run.report.error->rule); d >= 0) return 1u << d;
    return 0;
  }

  // The readings of a run: this game's --reading flags, then the log's `readings:` header, which
  // wins where both speak (a note says so), then the alternative --readings all is trying.
  bool choose_readings(const grammar::ParsedGame& game, const Context& context, Run& run) const {
    std::vector<ChosenReading> chosen = flag_readings_for(context.readings, *this);
    if (const grammar::Header* h = game.header("readings")) {
      std::vector<ChosenReading> header;
      ReadingsProblem problem;
      const Span vs = game.lines[h->line].syntax.value;
      if (!read_readings(*this, game.header_value(*h), header, problem)) {
        fail(run, at(game, h->line, Span{vs.begin + problem.span.begin, vs.begin + problem.span.end},
                     ErrorKind::setup, problem.message));
        return false;
      }
      for (const ChosenReading& c : header) {
        run.from_header |= 1u << c.dispute;
        auto same = std::find_if(chosen.begin(), chosen.end(),
                                 [&](const ChosenReading& f) { return f.dispute == c.dispute; });
        if (same == chosen.end()) {
          chosen.push_back(c);
          continue;
        }
        if (same->reading != c.reading)
          run.report.notes.push_back(at(game, h->line, vs, ErrorKind::setup,
                                        fmt::format("the log's header chooses {}, so --reading {} does not apply to "
                                                    "this game",
                                                    reading_text(*this, c), reading_text(*this, *same))));
        *same = c;
      }
      sort_by_dispute(chosen);
    }
    for (const ChosenReading& c : chosen) {
      run.readings.choose(c.dispute, c.reading);
      run.report.readings.push_back(reading_text(*this, c));
    }
    run.chosen = std::move(chosen);
    for (const ChosenReading& c : run.alternatives) run.readings.choose(c.dispute, c.reading);
    return true;
  }

  // verify --readings all: the game replayed under each other reading of each disputed ruling
  // the first replay consulted, one at a time; what changed the verdict. A reading that changes
  // nothing by itself can bring a ruling into play that the first replay did not consult
  // (AH-17's 'held-direct-only' makes AH-21 decide an invasion): that ruling's other readings are
  // tried on top of it, and what they change is a dependence on both.
  std::vector<Dependence> dependences(const grammar::ParsedGame& game, const Context& context, const Run& base) const {
    std::vector<Dependence> out;
    const std::vector<const Ruling*>& all = disputed();
    const std::uint32_t bits = consulted(base);
    auto other_readings = [&](std::size_t d, const Readings& in_force, auto&& each) {
      for (std::size_t r = 0; r < all[d]->readings.size(); ++r)
        if (static_cast<int>(r) != in_force.chosen(static_cast<int>(d))) each(static_cast<int>(r));
    };
    for (std::size_t d = 0; d < all.size(); ++d) {
      if (!(bits >> d & 1)) continue;
      other_readings(d, base.readings, [&](int r) {
        const std::string name(all[d]->readings[r].name);
        Run alt;
        alt.alternatives = {ChosenReading{static_cast<int>(d), r}};
        replay_whole(game, context, alt);
        if (auto dependence = compare(base.report, alt.report, *all[d], name)) {
          // Refused because the game was over by then: it ended sooner under this reading, and
          // the log went on (found in review: "invalid at move 18" hid that Alice won at move 17).
          const auto& e = alt.report.error;
          if (e && e->move && !alt.report.valid && alt.state && alt.state->is_over()) {
            std::vector<std::string> names;
            for (int w : alt.state->winners()) names.push_back(alt.report.players[static_cast<std::size_t>(w)]);
            dependence->summary = fmt::format(
                "the verdict depends on {}: under '{}' the game ends sooner, after move {}, {} {}; and the log goes "
                "on: {}",
                all[d]->id, name, *e->move - 1, and_list(names), names.size() == 1 ? "winning" : "sharing the win",
                error_words(*e));
          }
          out.push_back(std::move(*dependence));
          return;  // what else depends on this reading: --reading with --readings all says
        }
        const std::uint32_t brought = consulted(alt) & ~bits;
        for (std::size_t d2 = 0; d2 < all.size(); ++d2) {
          if (!(brought >> d2 & 1)) continue;
          other_readings(d2, alt.readings, [&](int r2) {
            const std::string_view name2 = all[d2]->readings[r2].name;
            Run both;
            both.alternatives = {ChosenReading{static_cast<int>(d), r}, ChosenReading{static_cast<int>(d2), r2}};
            replay_whole(game, context, both);
            if (auto dependence = compare(base.report, both.report, *all[d2], name2,
                                          std::pair<std::string, std::string>(all[d]->id, name)))
              out.push_back(std::move(*dependence));
          });
        }
      });
    }
    return out;
  }

  // "RW-9 is read as 'whole-area'; ...": the reading of `rule` (dispute `dispute`) a refusal relied on.
  std::string reading_note(const State& state, int dispute, std::string_view rule) const {
    return reading_note(state.readings(), dispute, rule);
  }
  std::string reading_note(const Readings& readings, int dispute, std::string_view rule) const {
    const int r = readings.chosen(dispute);
    return fmt::format("{} is read as '{}'{}; 'wonderlog rulings {}' lists its other readings", rule,
                       disputed()[dispute]->readings[r].name, r == 0 ? " (the default)" : "", T::id);
  }

  // The position as text; a game whose text drawing has colour (AlicematiC Heroes' map) gets
  // the paint.
  static std::string position_text(const State& s, const Paint& paint) {
    if constexpr (requires { T::render(s, paint); })
      return T::render(s, paint);
    else
      return T::render(s);
  }

  static std::string wins(const GameReport& r) {
    const std::vector<int>& scores = *r.scores;
    std::vector<std::string> winners;
    for (int w : r.winners) winners.push_back(r.players[w]);
    const std::string names = and_list(winners);
    std::string others;
    for (std::size_t seat = 0; seat < r.players.size(); ++seat)
      if (std::find(r.winners.begin(), r.winners.end(), static_cast<int>(seat)) == r.winners.end())
        others += fmt::format("{}{} {}", others.empty() ? "" : ", ", r.players[seat], scores[seat]);
    std::string out = r.winners.size() == 1 ? fmt::format("{} wins with {}", names, scores[r.winners[0]])
                                            : fmt::format("{} share the win with {}", names, scores[r.winners[0]]);
    return others.empty() ? out : out + " (" + others + ")";
  }

  static std::string error_words(const Diagnostic& d) {
    std::string where = fmt::format("line {}", d.pos.line);
    if (d.move) where += fmt::format(" (move {}{})", *d.move, d.player.empty() ? "" : ", " + d.player);
    return fmt::format("{}: {}{}", where, d.message, d.rule.empty() ? "" : " [" + d.rule + "]");
  }
  // "line 130, move 79, Nina", or "line 14": where an error is, in a note that says it stays there.
  static std::string error_place(const Diagnostic& d) {
    std::string where = fmt::format("line {}", d.pos.line);
    if (d.move) where += fmt::format(", move {}{}", *d.move, d.player.empty() ? "" : ", " + d.player);
    return where;
  }

  // How the verdict under reading `name` of `ruling` differs from the base verdict; nullopt
  // when it does not. `with`: another ruling's reading, changed too, that brought this one into
  // play (the base replay did not consult `ruling`).
  static std::optional<Dependence> compare(const GameReport& base, const GameReport& alt, const Ruling& ruling,
                                           std::string_view name,
                                           std::optional<std::pair<std::string, std::string>> with = std::nullopt) {
    Dependence d;
    d.ruling = ruling.id;
    d.reading = name;
    d.valid = alt.valid;
    d.error = alt.error;
    d.scores = alt.scores;
    d.winners = alt.winners;
    if (with) d.with.push_back(*with);
    // "AH-21", or "AH-21 with AH-17 read as 'held-direct-only'": what the verdict depends on.
    const std::string on =
        with ? fmt::format("{} with {} read as '{}'", ruling.id, with->first, with->second) : std::string(ruling.id);
    const bool same_error = base.error.has_value() == alt.error.has_value() &&
                            (!base.error || (base.error->pos.line == alt.error->pos.line &&
                                             base.error->rule == alt.error->rule &&
                                             base.error->message == alt.error->message));
    const bool both_scored = base.scores && alt.scores;
    if (base.valid != alt.valid) d.changes.push_back("valid");
    if (!same_error) d.changes.push_back("error");
    if (both_scored && *base.scores != *alt.scores) d.changes.push_back("scores");
    if (both_scored && base.winners != alt.winners) d.changes.push_back("winners");
    if (d.changes.empty()) return std::nullopt;
    const std::string under = fmt::format("under '{}'", name);
    const bool winners_changed = both_scored && base.winners != alt.winners;
    if (base.valid != alt.valid) {
      d.summary = alt.valid ? fmt::format("the verdict depends on {}: {} the game is valid", on, under)
                            : fmt::format("the verdict depends on {}: {} the game is invalid at {}", on, under,
                                          error_words(*alt.error));
      if (winners_changed) d.summary += "; " + wins(alt);
    } else if (!same_error) {
      // At the same line, the other reading refuses the same entry for another reason: "it is at"
      // that line would read as if the error moved.
      const bool same_place = base.error && alt.error && base.error->pos.line == alt.error->pos.line;
      d.summary = same_place ? fmt::format("the first error depends on {}: {} the same {} is refused otherwise: {}{}",
                                           on, under,
                                           alt.error->move ? fmt::format("move ({})", error_place(*alt.error))
                                                           : fmt::format("line ({})", error_place(*alt.error)),
                                           alt.error->message, alt.error->rule.empty() ? "" : " [" + alt.error->rule + "]")
                             : fmt::format("the first error depends on {}: {} it is at {}", on, under,
                                           error_words(*alt.error));
    } else if (winners_changed) {
      d.summary = fmt::format("the winner depends on {}: {} {}", on, under, wins(alt));
    } else {
      std::string scores;
      for (std::size_t seat = 0; seat < alt.players.size(); ++seat)
        scores += fmt::format("{}{} {}", seat ? ", " : "", alt.players[seat], (*alt.scores)[seat]);
      d.summary = fmt::format("the scores depend on {}: {} {}, with the same winner", on, under, scores);
    }
    return d;
  }

  // explain: move `at`'s verdict with reading `other`, the game replayed under it up to there: a
  // ruling the game consulted before the move may have made it go otherwise (found in review: a
  // refusal under AH-14's other reading at a move the game never reached under it).
  std::string verdict_replayed(const grammar::ParsedGame& game, const Context& context, int at,
                               ChosenReading other) const {
    Run alt;
    alt.alternatives = {other};
    if (start(game, context, alt)) walk(game, alt, at);
    if (!alt.stop_line)
      return alt.report.error ? "the game does not get this far: " + error_words(*alt.report.error)
                              : std::string("the game does not get this far");
    const grammar::LogLine& line = game.lines[*alt.stop_line];
    const Bound<Move> b = T::bind(*alt.state, seat_of(game, alt, *alt.stop_line),
                                  game.span_text(*alt.stop_line, line.syntax.label),
                                  game.span_text(*alt.stop_line, line.syntax.text));
    if (!b.move)
      return fmt::format("cannot be read: {}{}", b.message(), b.rule().empty() ? "" : " [" + std::string(b.rule()) + "]");
    const std::optional<Violation> v = alt.state->validate(*b.move);
    return v ? fmt::format("illegal: {} [{}]", v->message, v->rule) : std::string("legal");
  }

  // explain: the disputed rulings the game consulted before move `at` and its verdict (`here`)
  // did not (`touched`): the game replayed under each of their other readings up to the move,
  // and what that changes there (found in review: `verify --readings all` showed the first error
  // depending on AH-18, and `explain` at that move said nothing of it).
  std::string earlier_readings(const grammar::ParsedGame& game, const Context& context, int at, const State& state,
                               std::uint32_t touched, const std::string& here) const {
    const std::uint32_t before = state.readings().consulted() & ~touched;
    if (!before) return {};
    const std::vector<const Ruling*>& all = disputed();
    std::vector<std::string> ids;
    std::string changes;
    for (std::size_t d = 0; d < all.size(); ++d) {
      if (!(before >> d & 1)) continue;
      const int in_force = state.readings().chosen(static_cast<int>(d));
      ids.push_back(fmt::format("{} (read as '{}')", all[d]->id, all[d]->readings[in_force].name));
      for (std::size_t r = 0; r < all[d]->readings.size(); ++r) {
        if (static_cast<int>(r) == in_force) continue;
        const std::string there = verdict_replayed(game, context, at, ChosenReading{static_cast<int>(d), static_cast<int>(r)});
        if (there != here) changes += fmt::format("  {}={}: {}\n", all[d]->id, all[d]->readings[r].name, there);
      }
    }
    const std::string which = fmt::format("The game before this move consulted {}", and_list(ids));
    return changes.empty() ? which + "; under their other readings it reaches this move, with the same verdict.\n"
                           : which + ". Under their other readings:\n" + changes;
  }

  // explain: the move's verdict under each other reading of the disputed rulings its
  // validation consulted (`touched`), in the position as replayed so far; where the game
  // consulted the ruling before the move, as `replayed` gives it, the game replayed under it.
  template <class Replayed>
  std::string other_verdicts(const State& state, const Move& move, std::uint32_t touched, Replayed&& replayed) const {
    if (!touched) return {};
    const std::vector<const Ruling*>& all = disputed();
    std::string out;
    for (std::size_t d = 0; d < all.size(); ++d) {
      if (!(touched >> d & 1)) continue;
      const int in_force = state.readings().chosen(static_cast<int>(d));
      // A ruling whose readings shape the position itself (whether a turn is still open) cannot
      // be judged here under another reading: say so, rather than judge the wrong position.
      if constexpr (requires { T::position_shaped_by(state, move, std::string_view{}); })
        if (const std::string_view what = T::position_shaped_by(state, move, all[d]->id); !what.empty()) {
          out += fmt::format(
              "This verdict follows {}, read as '{}'{}. Its other readings decide what position this "
              "is ({}), so they are not judged here: 'wonderlog verify --readings all' replays the game "
              "under each.\n",
              all[d]->id, all[d]->readings[in_force].name, in_force == 0 ? " (the default)" : "", what);
          continue;
        }
      // The verdict with these readings changed, and the disputes that validation consulted.
      auto verdict_under = [&](std::initializer_list<ChosenReading> changed, std::uint32_t* consulted = nullptr) {
        State other = state;
        Readings readings = state.readings();
        for (const ChosenReading& c : changed) readings.choose(c.dispute, c.reading);
        other.set_readings(readings);
        other.readings().forget();
        std::optional<Violation> v = other.validate(move);
        if (consulted) *consulted = other.readings().consulted();
        return v ? fmt::format("illegal: {} [{}]", v->message, v->rule) : std::string("legal");
      };
      const std::string here = verdict_under({ChosenReading{static_cast<int>(d), in_force}});
      std::string others, names, together;
      bool same = true;
      const bool earlier = state.readings().consulted() >> d & 1;  // before this move too
      for (std::size_t r = 0; r < all[d]->readings.size(); ++r) {
        if (static_cast<int>(r) == in_force) continue;
        const ChosenReading other{static_cast<int>(d), static_cast<int>(r)};
        std::uint32_t consulted = 0;
        std::string there = verdict_under({other}, &consulted);
        if (earlier && there != here) there = replayed(other);
        same = same && there == here;
        others += fmt::format("  {}={}: {}\n", all[d]->id, all[d]->readings[r].name, there);
        names += (names.empty() ? "'" : ", '") + std::string(all[d]->readings[r].name) + "'";
        if (there != here) continue;
        // A reading that changes nothing may bring in a ruling this verdict did not consult (as
        // verify --readings all tries it): its other readings, on top of this one.
        const std::uint32_t brought = consulted & ~touched;
        for (std::size_t d2 = 0; d2 < all.size(); ++d2) {
          if (!(brought >> d2 & 1)) continue;
          for (std::size_t r2 = 0; r2 < all[d2]->readings.size(); ++r2) {
            if (static_cast<int>(r2) == state.readings().chosen(static_cast<int>(d2))) continue;
            const std::string both = verdict_under({other, ChosenReading{static_cast<int>(d2), static_cast<int>(r2)}});
            if (both != here)
              together += fmt::format("  {}={} with {}={}: {}\n", all[d]->id, all[d]->readings[r].name, all[d2]->id,
                                      all[d2]->readings[r2].name, both);
          }
        }
      }
      const std::string follows = fmt::format("This verdict follows {}, read as '{}'{}", all[d]->id,
                                              all[d]->readings[in_force].name, in_force == 0 ? " (the default)" : "");
      out += same ? fmt::format("{}; its other readings ({}) give the same verdict.\n", follows, names)
                  : follows + ". Under its other readings:\n" + others;
      if (!together.empty())
        out += fmt::format("With a ruling that another reading of {} brings into play:\n{}", all[d]->id, together);
    }
    return out;
  }

  // score: which readings were in force, and which of them the game consulted.
  std::string readings_in_force(const Run& run) const {
    const std::vector<const Ruling*>& all = disputed();
    if (all.empty()) return {};
    std::string defaults, chosen;
    for (std::size_t d = 0; d < all.size(); ++d) {
      const int r = run.readings.chosen(static_cast<int>(d));
      const bool by_choice = std::any_of(run.chosen.begin(), run.chosen.end(),
                                         [&](const ChosenReading& c) { return c.dispute == static_cast<int>(d); });
      const std::string item = fmt::format("{}={}", all[d]->id, all[d]->readings[r].name);
      if (!by_choice)
        defaults += (defaults.empty() ? "" : ", ") + item;
      else
        chosen += fmt::format("{}{} ({})", chosen.empty() ? "" : ", ", item,
                              run.from_header >> d & 1 ? "the log's readings header" : "--reading");
    }
    std::string out = "Readings in force: ";
    if (!chosen.empty()) out += chosen + (defaults.empty() ? "" : "; ");
    if (!defaults.empty()) out += defaults + " (default" + (defaults.find(',') == std::string::npos ? ")" : "s)");
    out += run.report.consulted.empty() ? ". The game consulted none of them."
                                        : ". The game consulted " + and_list(run.report.consulted) + ".";
    return out + "\n";
  }

  // The game's disputed rulings, in order: dispute d is disputed()[d] (built once: asked per game).
  static const std::vector<const Ruling*>& disputed() {
    static const std::vector<const Ruling*> all = disputes(T::rulings());
    return all;
  }

  // validate(), with the disputes it consulted (the replay's record of consultations is kept).
  static std::optional<Violation> judge(const State& state, const Move& move, std::uint32_t& touched) {
    const std::uint32_t before = state.readings().consulted();
    state.readings().forget();
    std::optional<Violation> v = state.validate(move);
    touched = state.readings().consulted();
    state.readings().also_consulted(before);
    return v;
  }

  // The game's own headers (T::headers()), and a bit for each first letter and length among
  // them: is_own_header is asked of every entry, and most (a player's name) are refused by that
  // one look-up before any comparison.
  struct OwnHeaders {
    std::vector<std::string_view> names = T::headers();
    std::array<std::uint64_t, 32> shapes{};  // by first letter, folded; a bit per length (63: longer)
    static std::size_t letter(char first) { return static_cast<std::size_t>((first | 0x20) & 31); }
    static std::size_t length(std::size_t size) { return std::min<std::size_t>(size, 63); }
    OwnHeaders() {
      for (std::string_view h : names) shapes[letter(h[0])] |= std::uint64_t{1} << length(h.size());
    }
    // Whether an own header has a name of this first letter and length: most names are told by it.
    bool may_name(char first, std::size_t size) const { return shapes[letter(first)] >> length(size) & 1; }
    // Whether `name` is an own header's, in any letter case (may_name, cheaper, is asked first).
    bool lists(std::string_view name) const {
      for (std::string_view h : names)
        if (iequals(h, name)) return true;
      return false;
    }
  };
  static const OwnHeaders& own() {
    static const OwnHeaders own;
    return own;
  }
  static const std::vector<std::string_view>& own_headers() { return own().names; }
  static bool is_own_header(std::string_view name) {
    const OwnHeaders& o = own();
    return !name.empty() && o.may_name(name[0], name.size()) && o.lists(name);
  }

  // The ruling's decision, or its reading's where another than the default is in force.
  static std::string quote(const std::string& rule, const State& state) {
    const Ruling* r = find_ruling(T::rulings(), rule);
    if (!r) return {};
    if (const int d = dispute_of(T::rulings(), rule); d >= 0)
      if (const int in_force = state.readings().chosen(d); in_force > 0) {
        const auto& reading = r->readings[static_cast<std::size_t>(in_force)];
        return fmt::format("Ruling {}, read as '{}': {}\n", rule, reading.name, reading.decision);
      }
    return fmt::format("Ruling {}: {}\n", rule, r->decision);
  }

  // The catalog at `path`, loaded once: the module keeps it for the program's life, so a game
  // holds it by a plain pointer. A thread's last answer is kept (a batch names one catalog game
  // after game): no lock, no look-up, and no shared count written by both cores.
  const Catalog& load(const std::string& path) const {
    thread_local const ModuleFor* last_module = nullptr;
    thread_local std::string last_path;
    thread_local const Catalog* last = nullptr;
    if (last_module == this && last_path == path) return *last;
    const Catalog* catalog = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = catalogs_.find(path);
      if (it == catalogs_.end())
        it = catalogs_.emplace(path, std::make_unique<const Catalog>(T::load_catalog(path))).first;
      catalog = it->second.get();
    }
    last_module = this;
    last_path = path;
    last = catalog;
    return *catalog;
  }

  static Diagnostic at(const grammar::ParsedGame& game, std::uint32_t line, Span span, ErrorKind kind,
                       std::string message) {
    return diagnostic_at(game, line, span, kind, std::move(message));
  }

  static Diagnostic at_line(const grammar::ParsedGame& game, std::uint32_t line, ErrorKind kind, std::string message) {
    std::string_view text = game.line_text(line);
    std::uint32_t first = static_cast<std::uint32_t>(text.find_first_not_of(" \t"));
    if (first == std::string::npos) first = 0;
    return at(game, line, Span{first, static_cast<std::uint32_t>(trim(text).size()) + first}, kind, std::move(message));
  }

  static void fail(Run& run, Diagnostic d) {
    run.report.valid = false;
    run.report.error = std::move(d);
  }
  static void fail_rule(Run& run, std::string_view rule, Diagnostic d) {
    d.rule = std::string(rule);
    fail(run, std::move(d));
  }

  static std::string player_list(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  }

  // find_player() for a game being replayed, asked of every entry: the exact spelling, the
  // common one, is looked for as two integers when the name has at most 16 bytes (a byte loop
  // over each player's name cost 2.7% of verifying Tea Time), then any letter case. Seat
  // `likely` (the one to move, if any) is tried first: one comparison nearly always right, where
  // the search ended at a different seat move after move and mispredicted its exit.
  static int find_seat(const Run& run, std::string_view name, int likely = -1) {
    if (name.size() > 16) return find_player(run.report.players, name);
    const PackedWord packed = packed_word(name);
    if (likely >= 0 && static_cast<std::size_t>(likely) < run.packed_players.size() &&
        run.packed_players[likely] == packed)
      return likely;
    for (std::size_t i = 0; i < run.packed_players.size(); ++i)
      if (run.packed_players[i] == packed) return static_cast<int>(i);
    for (std::size_t i = 0; i < run.report.players.size(); ++i)
      if (iequals(run.report.players[i], name)) return static_cast<int>(i);
    return -1;
  }
  // The player whose name holds `word` as a word of its own (any letter case), as 'Arthur; Nina'
  // holds 'Nina': a players line whose comma is missing. Null if none does.
  static const std::string* player_holding(const std::vector<std::string>& names, std::string_view word) {
    const std::string w = ascii_lower(word);
    auto letter = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || (c & 0x80); };
    for (const std::string& n : names) {
      const std::string lower = ascii_lower(n);
      for (std::size_t at = lower.find(w); !w.empty() && at != std::string::npos; at = lower.find(w, at + 1))
        if ((at == 0 || !letter(lower[at - 1])) && (at + w.size() == lower.size() || !letter(lower[at + w.size()])))
          return &n;
    }
    return nullptr;
  }
  static int find_player(const std::vector<std::string>& names, std::string_view name) {
    // Most entries spell the name as the players line does; no two players' names differ in
    // letter case only (start() refuses it), so an exact match is the one iequals finds.
    // Compared byte by byte in place: a name is a few bytes, and a call to memcmp for each move
    // cost 3% of verifying Tea Time.
    auto same = [](std::string_view a, std::string_view b) {
      if (a.size() != b.size()) return false;
      for (std::size_t k = 0; k < a.size(); ++k)
        if (a[k] != b[k]) return false;
      return true;
    };
    for (std::size_t i = 0; i < names.size(); ++i)
      if (same(names[i], name)) return static_cast<int>(i);
    for (std::size_t i = 0; i < names.size(); ++i)
      if (iequals(names[i], name)) return static_cast<int>(i);
    return -1;
  }

  static int seat_of(const grammar::ParsedGame& game, const Run& run, std::uint32_t line) {
    return find_seat(run, game.span_text(line, game.lines[line].syntax.label));
  }

  // "'player:' is not a header; did you mean 'players:'? (...)" at the misspelt header's name.
  static Diagnostic misspelt_at(const grammar::ParsedGame& game, std::uint32_t line, std::string_view header,
                                std::string_view lack) {
    const Span label = game.lines[line].syntax.label;
    return at(
        game, line, label, ErrorKind::setup,
        fmt::format("'{}:' is not a header; did you mean '{}:'? ({})", game.span_text(line, label), header, lack));
  }

  // Checks the headers, loads the catalog and sets the game up. False (with the report's
  // error set) when the game cannot be replayed.
  bool start(const grammar::ParsedGame& game, const Context& context, Run& run) const {
    using grammar::envelope::parse_players;
    run.report.file = context.file;
    run.report.game = std::string(T::id);
    const std::uint32_t top = game.version_line.value_or(0);

    const grammar::Header* catalog_header = game.header("catalog");
    if (!catalog_header) {
      if (const std::optional<std::uint32_t> i = game.misspelt_header("catalog")) {
        fail(run, misspelt_at(game, *i, "catalog", "the game names no catalog"));
        return false;
      }
      fail(run,
           at_line(game, top, ErrorKind::setup,
                   fmt::format("the game names no catalog: add a header such as 'catalog: {}'", T::standard_catalog)));
      return false;
    }
    const std::uint32_t cl = catalog_header->line;
    const Span cspan = game.lines[cl].syntax.value;
    std::string_view catalog_name = game.header_value(*catalog_header);
    const CatalogLookup& lookup = find_catalog(catalog_name, context);
    if (lookup.path.empty()) {
      Diagnostic d = at(game, cl, cspan, ErrorKind::setup, fmt::format("catalog '{}' not found", catalog_name));
      const std::vector<std::string> known = known_catalogs(T::id, context);
      if (lookup.by_id)
        if (std::string guess = nearest_name(catalog_name, known); !guess.empty()) d.message += "; did you mean '" + guess + "'?";
      d.notes.push_back(known.empty() ? fmt::format("no catalog for {} was found in these folders", T::title)
                                      : fmt::format("catalogs for {}: {}", T::title, player_list(known)));
      for (const std::string& s : lookup.searched) d.notes.push_back("looked for " + s);
      // What to do, for a catalog of one's own kept elsewhere (found in review).
      if (lookup.by_id)
        d.notes.push_back(fmt::format("a catalog of your own: give its folder with --catalog-dir DIR (or in "
                                      "WONDERLOG_CATALOG_PATH), or name its file: 'catalog: path/to/{}.yaml'",
                                      catalog_name));
      else
        d.notes.push_back("a path in 'catalog:' is read from the log's folder");
      fail(run, std::move(d));
      return false;
    }
    // Another game's standard catalog (their ids are the games'): one of the two headers is a
    // slip, and the message says so rather than what the catalog file holds (found in review).
    if (lookup.by_id && catalog_name != T::standard_catalog)  // the common case asks nothing
      for (const GameModule* other : all_games())
        if (other->id() != T::id && iequals(other->id(), catalog_name)) {
          const std::uint32_t game_line = game.lines[game.header("game")->line].number;
          fail(run, at(game, cl, cspan, ErrorKind::setup,
                        fmt::format("catalog '{}' is the catalog of {}, but 'game:' on line {} names {}: is one of "
                                    "the two headers wrong?",
                                    catalog_name, other->title(), game_line, T::title)));
          return false;
        }
    try {
      run.catalog = &load(lookup.path);
    } catch (const CatalogError& e) {
      fail(run, at(game, cl, cspan, ErrorKind::setup,
                   fmt::format("catalog '{}' cannot be used: {}: {}", catalog_name, e.where(), e.message())));
      return false;
    }
    run.report.catalog = lookup.path;
    run.report.catalog_id = T::catalog_id(*run.catalog);
    if (lookup.by_id && T::catalog_id(*run.catalog) != catalog_name) {
      fail(run, at(game, cl, cspan, ErrorKind::setup,
                   fmt::format("{} has id '{}', but the log names '{}': a catalog's file is named by its id (set "
                               "its 'id:' to '{}', or rename the file {}.yaml and write 'catalog: {}')",
                               lookup.path, T::catalog_id(*run.catalog), catalog_name, catalog_name,
                               T::catalog_id(*run.catalog), T::catalog_id(*run.catalog))));
      return false;
    }

    const grammar::Header* players_header = game.header("players");
    if (!players_header) {
      if (const std::optional<std::uint32_t> i = game.misspelt_header("players")) {
        fail(run, misspelt_at(game, *i, "players", "the game names no players"));
        return false;
      }
      fail(run, at_line(game, top, ErrorKind::setup,
                        "the game names no players: add a header such as 'players: Arthur, Nina' "
                        "(seat order, clockwise, starting with the first player)"));
      return false;
    }
    const std::uint32_t pl = players_header->line;
    const Span pspan = game.lines[pl].syntax.value;
    std::string_view players_text = game.header_value(*players_header);
    thread_local std::vector<Span> names;  // keeps its capacity from game to game
    SyntaxError error;
    if (!parse_players(players_text, names, error)) {
      Span s{pspan.begin + error.offset, pspan.begin + error.offset + 1};
      fail(run, at(game, pl, s, ErrorKind::syntax, error.text()));
      return false;
    }
    // Seats by lower-case name, past a few players only: a players line may list many thousands
    // before TT-1 refuses it, and checking them stays linear; a table's few are searched in turn.
    constexpr std::size_t kSearchedSeats = 16;
    std::unordered_map<std::string, int> seats;
    auto seat_named = [&](std::string_view name) {
      if (seats.empty()) return find_player(run.report.players, name);
      const auto found = seats.find(ascii_lower(name));
      return found == seats.end() ? -1 : found->second;
    };
    run.report.players.reserve(names.size());
    for (const Span& n : names) {
      std::string name(players_text.substr(n.begin, n.size()));
      Span s{pspan.begin + n.begin, pspan.begin + n.end};
      if (run.report.players.size() == kSearchedSeats)
        for (std::size_t i = 0; i < kSearchedSeats; ++i)
          seats.emplace(ascii_lower(run.report.players[i]), static_cast<int>(i));
      const bool twice = seats.empty()
                             ? find_player(run.report.players, name) >= 0
                             : !seats.emplace(ascii_lower(name), static_cast<int>(run.report.players.size())).second;
      if (twice) {
        fail(run, at(game, pl, s, ErrorKind::setup, fmt::format("'{}' is listed twice", name)));
        return false;
      }
      // Names that look alike must be alike: every later line names the player by what it shows.
      if (const std::optional<Hidden> hidden = hidden_character(name)) {
        const Span at_char{s.begin + static_cast<std::uint32_t>(hidden->offset),
                           s.begin + static_cast<std::uint32_t>(hidden->offset + hidden->bytes)};
        fail(run, at(game, pl, at_char, ErrorKind::setup,
                     fmt::format("the name '{}' holds {}: a name is written with visible letters and plain spaces, "
                                 "so that a name that looks the same elsewhere in the log is the same name",
                                 visible(name), hidden->words())));
        return false;
      }
      // An entry's name ends at its ':' (log-format.md, "Player names"): 'Ann:Bo' could never move.
      if (const std::size_t colon = name.find(':'); colon != std::string::npos) {
        const Span at_colon{s.begin + static_cast<std::uint32_t>(colon),
                            s.begin + static_cast<std::uint32_t>(colon) + 1};
        fail(run, at(game, pl, at_colon, ErrorKind::syntax,
                     fmt::format("a player's name cannot hold ':', which ends the name in every move ('{}')", name)));
        return false;
      }
      if (T::is_event(name) || grammar::is_common_header(name) || is_own_header(name)) {
        fail(run, at(game, pl, s, ErrorKind::setup,
                     fmt::format("a player cannot be called '{}': the log uses that word for "
                                 "something else",
                                 name)));
        return false;
      }
      run.report.players.push_back(std::move(name));
    }
    run.packed_players.reserve(run.report.players.size());
    for (const std::string& name : run.report.players) run.packed_players.push_back(packed_word(name));
    // How many play is the players line's to answer, before anything read after it (a result
    // that misses a player, say, when a comma is missing between two names).
    if (std::optional<Violation> v = T::players_problem(static_cast<int>(run.report.players.size()))) {
      Diagnostic d = at(game, pl, pspan, ErrorKind::setup, v->message);
      // One name with a blank or a ';' in it: two names, likelier than one player.
      if (run.report.players.size() == 1 && run.report.players[0].find_first_of(" ;") != std::string::npos)
        d.message += fmt::format("; the players line reads '{}' as one name: is a comma missing there?",
                                 run.report.players[0]);
      d.rule = v->rule;
      d.facts = v->facts;
      fail(run, std::move(d));
      return false;
    }

    std::optional<std::uint64_t> seed;
    if (const grammar::Header* h = game.header("seed"); h && !T::uses_seed) {
      fail(run, at(game, h->line, game.lines[h->line].syntax.value, ErrorKind::setup,
                   fmt::format("{} does not use a seed: nothing in its set-up is shuffled from one", T::id)));
      return false;
    }
    if (const grammar::Header* h = game.header("seed")) {
      std::uint64_t value = 0;
      Span vs = game.lines[h->line].syntax.value;
      if (!grammar::envelope::parse_seed(game.header_value(*h), value, error)) {
        fail(run, at(game, h->line, Span{vs.begin + error.offset, vs.begin + error.offset + std::max(1u, error.width)},
                     ErrorKind::syntax, error.text()));
        return false;
      }
      seed = value;
    }

    const grammar::Header* h = game.header("result");
    if (h && trim(game.header_value(*h)) == "*") {
      run.report.in_progress = true;
    } else if (h) {
      Span vs = game.lines[h->line].syntax.value;
      std::string_view text = game.header_value(*h);
      if (!grammar::envelope::parse_result(text, run.result, error)) {
        fail(run, at(game, h->line, Span{vs.begin + error.offset, vs.begin + error.offset + std::max(1u, error.width)},
                     ErrorKind::syntax, error.text()));
        return false;
      }
      boost::container::small_vector<bool, kSearchedSeats> seen(run.report.players.size(), false);
      for (const auto& r : run.result) {
        std::string_view name = text.substr(r.name.begin, r.name.size());
        Span s{vs.begin + r.name.begin, vs.begin + r.name.end};
        const int seat = seat_named(name);
        if (seat < 0) {
          std::string message = fmt::format("the result names '{}', who is not a player of this game (players: {})",
                                            visible(name), player_list(run.report.players));
          if (name.find_first_of("0123456789") != std::string_view::npos)
            message += "; is a comma missing between two scores?";
          else if (const std::string* whole = player_holding(run.report.players, name))
            message += fmt::format("; the players line reads '{}' as one name: is a comma missing there?", *whole);
          else if (std::string guess = nearest_name(name, run.report.players); !guess.empty())
            message += "; did you mean '" + guess + "'?";
          fail_rule(run, T::result_rule, at(game, h->line, s, ErrorKind::setup, std::move(message)));
          return false;
        }
        if (seen[seat]) {
          fail_rule(run, T::result_rule,
                    at(game, h->line, s, ErrorKind::setup,
                       fmt::format("the result gives {} twice", run.report.players[seat])));
          return false;
        }
        seen[seat] = true;
      }
      for (std::size_t i = 0; i < seen.size(); ++i)
        if (!seen[i]) {
          fail_rule(run, T::result_rule,
                    at(game, h->line, vs, ErrorKind::setup,
                       fmt::format("the result leaves out {}: a result lists every player", run.report.players[i])));
          return false;
        }
      run.result_line = h->line;
    }

    // The game's own headers stand among the entries; gather them (each given once).
    GameHeaders headers;
    // (A game without headers of its own skips the look at every entry.)
    const std::vector<std::uint32_t> none;
    const OwnHeaders& own_names = own();  // once: own() checks its static's guard at each call
    for (std::uint32_t index : own_names.names.empty() ? none : game.body) {
      const auto& syn = game.lines[index].syntax;
      // Told by the label's shape first, read in place (an entry's label is never empty): every
      // entry passes here, and few are headers.
      if (syn.kind != grammar::envelope::LineKind::entry) continue;
      const char first = game.text[game.lines[index].offset + syn.label.begin];
      if (!own_names.may_name(first, syn.label.size()) || !own_names.lists(game.span_text(index, syn.label))) continue;
      const std::string name = ascii_lower(game.span_text(index, syn.label));
      if (syn.move_number) {
        fail(run, at(game, index, syn.label, ErrorKind::syntax, "a header has no move number"));
        return false;
      }
      for (const auto& [seen, line] : run.own_headers)
        if (seen == name) {
          fail(run, at(game, index, syn.label, ErrorKind::syntax,
                       fmt::format("a second '{}' header; the first is on line {}, and a header is given once", name,
                                   game.lines[line].number)));
          return false;
        }
      run.own_headers.emplace_back(name, index);
      // The name is viewed in T::headers()' literals: run.own_headers may move its strings.
      for (std::string_view h : own_headers())
        if (h == name) headers.emplace_back(h, game.span_text(index, syn.value));
    }
    if (!choose_readings(game, context, run)) return false;
    SetupProblem problem;
    run.state = T::make_state(*run.catalog, run.report.players, seed, headers, run.readings, problem);
    if (!run.state) {
      std::uint32_t line = pl;
      Span span = pspan;
      for (const auto& [name, index] : run.own_headers)
        if (name == problem.header) {
          line = index;
          const Span value = game.lines[index].syntax.value;
          span = problem.span.empty() ? value : Span{value.begin + problem.span.begin, value.begin + problem.span.end};
        }
      std::optional<std::uint32_t> misspelt;  // the line where a missing header is written misspelt
      if (problem.header.empty() == false && line == pl) {  // a required header is missing
        span = Span{0, static_cast<std::uint32_t>(game.line_text(top).size())}, line = top;
        misspelt = game.misspelt_header(problem.header);
      }
      // Misspelt, it is pointed at, as a common header's is (found in review: `strat:` was told to
      // add the start header, at line 1).
      Diagnostic d = misspelt ? misspelt_at(game, *misspelt, problem.header,
                                            std::string_view(problem.violation.message)
                                                .substr(0, problem.violation.message.find(": add a header")))
                              : at(game, line, span, problem.kind, problem.violation.message);
      d.rule = problem.violation.rule;
      d.facts = problem.violation.facts;
      if (const int dispute = dispute_of(T::rulings(), d.rule); dispute >= 0)  // RW-3's 'kept'
        d.notes.push_back(reading_note(run.readings, dispute, d.rule));
      fail(run, std::move(d));
      return false;
    }
    return true;
  }

  // Replays the body. With `stop_before`, stops at player move number `stop_before` (the
  // state is then the position before it, and stop_line its entry).
  // `before_apply(line, state, move)` sees every move just before it is applied (redaction).
  using MoveHook = std::function<void(std::uint32_t, const State&, const Move&)>;
  // `before_apply` sees each move's position just before it is applied; with `hook_unsettled`,
  // an entry that closed what the last one left open (AH-31's flip, RW-10's and RW-14's turn
  // after the action) shows the hook the position before it closed: what `replay --to` shows.
  void walk(const grammar::ParsedGame& game, Run& run, std::optional<int> stop_before,
            const MoveHook& before_apply = nullptr, bool hook_unsettled = false) const {
    State& state = *run.state;
    // With hook_unsettled: the position the entry's settle() closed. A pointer, not an optional:
    // an empty optional<State> on every game cost Tea Time measurably.
    std::unique_ptr<State> unsettled;
    int declared_round = 0;
    std::uint32_t declared_round_line = 0;
    std::string implied;  // the seed's chance events applied just before this entry, not written
    // A note on the number of an entry written after the game's end: set just before its refusal,
    // which takes it (not cleared at every entry: a store or two a move, measured).
    std::string late_number;
    const auto& players = run.report.players;
    for (std::uint32_t index : game.body) {
      const grammar::LogLine& line = game.lines[index];
      const auto& syn = line.syntax;
      if (syn.kind == grammar::envelope::LineKind::round) {
        settle(state, -1);
        Span whole{0, static_cast<std::uint32_t>(trim(game.line_text(index)).size())};
        whole.begin = static_cast<std::uint32_t>(game.line_text(index).find_first_not_of(" \t"));
        whole.end += whole.begin;
        if (!T::has_rounds) {
          fail(run, at(game, index, whole, ErrorKind::syntax, fmt::format("{} has no rounds", T::title)));
          return;
        }
        if (declared_round == static_cast<int>(syn.number)) {
          fail(run, at(game, index, whole, ErrorKind::syntax,
                       fmt::format("'round {}' again: round {} began on line {}", syn.number, syn.number,
                                   game.lines[declared_round_line].number)));
          return;
        }
        if (state.is_over() || static_cast<int>(syn.number) != T::round(state) || !T::round_start(state)) {
          Diagnostic d = at(game, index, whole, ErrorKind::illegal_move,
                            fmt::format("'round {}' is written here, but the game is {}", syn.number,
                                        state.is_over() ? "over: " + ended(state) + "nothing more is played"
                                                        : "in " + T::progress(state)));
          if constexpr (requires { T::round_rule_at(state); })
            d.rule = std::string(state.is_over() ? T::end_rule : T::round_rule_at(state));
          else
            d.rule = std::string(state.is_over() ? T::end_rule : T::round_rule);
          fail(run, std::move(d));
          return;
        }
        declared_round = static_cast<int>(syn.number);
        declared_round_line = index;
        continue;
      }
      std::string_view label = game.span_text(index, syn.label);
      // Most entries are a player's; no player is named like a header or an event (start()
      // refuses it), so the name is looked for first.
      const Actor due = state.to_move();
      int seat = find_seat(run, label, due.is_player() ? due.seat : -1);
      if (seat < 0 && is_own_header(label)) continue;  // read by start()
      const bool is_event = seat < 0 && T::is_event(label);
      bool stop_here = false;
      if (!is_event) {
        if (seat < 0)
          if (std::optional<Diagnostic> d = round_line_as_entry(game, index, label, T::has_rounds, T::title)) {
            fail(run, std::move(*d));  // `round 2:`
            return;
          }
        if (seat < 0 && syn.move_number) {
          // A numbered entry is a move: its label is a player's name misspelt, not a header.
          // "move 5: it is written for ...": the move's number is the diagnostic's prefix.
          std::string message = fmt::format("it is written for '{}', who is not a player of this game ({})",
                                            visible(label), player_list(players));
          message += meant(state, players, label, syn.move_number, players);
          Diagnostic d = at(game, index, syn.label, ErrorKind::setup, std::move(message));
          d.move = run.moves_applied + 1;  // the verdict names the move, as for any refused move
          ++run.report.moves;
          fail(run, std::move(d));
          return;
        }
        if (seat < 0)
          for (const GameModule* other : all_games())  // `start:` in a log that says it is Tea Time
            if (other->id() != T::id)
              for (std::string_view h : other->game_headers())
                if (iequals(h, label)) {
                  const grammar::Header* g = game.header("game");
                  fail(run, at(game, index, syn.label, ErrorKind::setup,
                               fmt::format("'{}' is a header of {}, not of {}{}: is this a log of {}?", visible(label),
                                           other->title(), T::title,
                                           g ? fmt::format(", which 'game:' on line {} names", game.lines[g->line].number)
                                             : "",
                                           other->title())));
                  return;
                }
        if (seat < 0) {
          std::vector<std::string> known(grammar::common_header_order.begin(), grammar::common_header_order.end());
          for (std::string_view h : T::headers()) known.emplace_back(h);
          // A game with chance events lists them too: `rol:` for `roll:` is as likely a slip.
          std::vector<std::string> events;
          for (std::string_view e : T::events()) events.emplace_back(e);
          std::string message =
              events.empty()
                  ? fmt::format("'{}' is neither a header ({}) nor a player of this game ({})", visible(label),
                                player_list(known), player_list(players))
                  : fmt::format("'{}' is neither a header ({}), an event ({}) nor a player of this game ({})",
                                visible(label), player_list(known), player_list(events), player_list(players));
          known.insert(known.end(), events.begin(), events.end());
          known.insert(known.end(), players.begin(), players.end());
          message += meant(state, players, label, syn.move_number, known);
          fail(run, at(game, index, syn.label, ErrorKind::setup, std::move(message)));
          return;
        }
        const int number = run.moves_applied + 1;
        // After the game's end no move is due, whatever its number: the refusal says the game is
        // over (with its ruling), and a note says how the line is numbered (found in review).
        if (syn.move_number && static_cast<int>(*syn.move_number) != number) [[unlikely]] {
          if (state.is_over()) {
            late_number = fmt::format("this line is numbered {}; the game's last move was move {}, and nothing is "
                                      "played after it, whatever its number",
                                      *syn.move_number, run.moves_applied);
          } else {
            Diagnostic d = misnumbered_entry(game, index, state, seat, due.is_player() && due.seat == seat, number);
            d.player = players[seat];
            ++run.report.moves;
            fail(run, std::move(d));
            return;
          }
        }
        // A seeded game deals by itself when the log does not write the deal. What it dealt is
        // kept as the log would write it (rare: generated logs write their chance events), so
        // that a refusal of this entry can say what the seed decided unseen.
        implied.clear();
        // `due` is still the state's: nothing was applied since (a chance event is rare here).
        if (due.is_chance()) [[unlikely]] {
          while (state.to_move().is_chance()) {
            std::optional<Move> chance = T::seeded_chance(state);
            if (!chance) break;
            const auto [chance_label, chance_text] = T::entry(state, *chance, GenOptions{});
            implied += fmt::format("{}'{}: {}'", implied.empty() ? "" : ", ", chance_label, chance_text);
            state.apply(*chance);
          }
        }
        stop_here = stop_before && number == *stop_before;
      }
      // The entry closes what the last one left open (AH-31's flip). explain stops before it,
      // where that moment still is, and judges the round line on the position the entry reaches,
      // so that the entry it is asked about is refused as verify refuses it.
      if (stop_here) [[unlikely]] {
        if constexpr (requires { T::settle(state, seat); }) {
          State settled = state;
          settle(settled, seat);
          if (!round_line_written(game, run, index, declared_round, settled, seat)) return;
        } else if (!round_line_written(game, run, index, declared_round, state, seat)) {
          return;
        }
        run.stop_line = index;
        return;
      }
      if constexpr (requires { T::settle(state, seat); }) {
        unsettled.reset();
        if (hook_unsettled && state.window_open()) [[unlikely]]
          unsettled = std::make_unique<State>(state);
      }
      const int open_seat = settle(state, seat);  // -1 for a chance event; the seat whose open turn it ended
      if (!round_line_written(game, run, index, declared_round, state, seat, open_seat)) return;
      Span text_span = syn.text;
      Bound<Move> bound = T::bind(state, seat, label, game.span_text(index, text_span));
      if (!is_event) ++run.report.moves;
      if (!bound.move) {
        Span s = bound.span;
        s.begin += text_span.begin;
        s.end += text_span.begin;
        Diagnostic d = at(game, index, s, bound.kind, std::string(bound.message()));
        d.rule = bound.rule();
        if (bound.kind == ErrorKind::syntax) [[unlikely]]
          if (std::string hint = aside_hint(game.span_text(index, text_span), bound.span.begin); !hint.empty())
            d.notes.push_back(std::move(hint));
        // A disputed ruling cited while reading the entry, and asked in the game (RW-16's 'yellow',
        // here or before), is said with its reading; one that only names the ruling (HS-10's order
        // that names a place twice) asked nothing, and its readings are not in question.
        if (const int dispute = dispute_of(T::rulings(), bound.rule());
            dispute >= 0 && (state.readings().consulted() >> dispute & 1))
          d.notes.push_back(reading_note(state, dispute, bound.rule()));
        // An entry that cannot be read (off the grid, a deal of the wrong shape) cannot have been
        // carried out either: the mark changes nothing, and the reader is told so.
        if (syn.accepted) d.notes.push_back(kAcceptedCannotGoOn);
        if (!late_number.empty()) d.notes.push_back(std::exchange(late_number, {}));
        if (!is_event) {
          d.move = run.moves_applied + 1;
          d.player = players[seat];
        }
        fail(run, std::move(d));
        return;
      }
      std::uint32_t touched = 0;  // the disputes this verdict consulted
      std::optional<Violation> v = judge(state, *bound.move, touched);
      // A verdict to tell: rare, so the diagnosis (a closure over a dozen names) is built only here.
      if (v || syn.accepted) [[unlikely]] {
        auto diagnose = [&](const Violation& violation) {
          Span span = text_span;
          if constexpr (requires { T::focus(label, std::string_view{}, violation); })
            if (std::optional<Span> part = T::focus(label, game.span_text(index, text_span), violation))
              span = Span{text_span.begin + part->begin, text_span.begin + part->end};
          Diagnostic d = at(game, index, span, ErrorKind::illegal_move, violation.message);
          if (is_event) d.message = std::string(label) + ": " + d.message;
          d.rule = violation.rule;
          d.facts = violation.facts;
          const int own = dispute_of(T::rulings(), violation.rule);
          if (own >= 0 && (touched >> own & 1)) d.notes.push_back(reading_note(state, own, violation.rule));
          // Another disputed ruling this verdict rested on (AH-16's Mobility behind AH-15's lack,
          // say): its reading is said too (found in review).
          for (int other = 0; other < static_cast<int>(disputed().size()); ++other)
            if (other != own && (touched >> other & 1))
              d.notes.push_back(reading_note(state, other, disputed()[other]->id));
          if (!implied.empty() && !is_event)
            d.notes.push_back("just before this entry, the seed decided what the log does not write: " + implied);
          if (!late_number.empty()) d.notes.push_back(std::exchange(late_number, {}));
          // A refusal that rests on what a header of the game says (hide-and-seek's `layout:`):
          // a slip there shows first at a later entry, which is then not the one to correct
          // (found in review).
          if constexpr (requires { T::header_behind(violation); })
            if (const std::string_view h = T::header_behind(violation); !h.empty())
              for (const auto& [name, header_line] : run.own_headers)
                if (name == h)
                  d.notes.push_back(fmt::format("this rests on the '{}:' header (line {}); if the entry is written "
                                                "right, look for a slip there",
                                                h, game.lines[header_line].number));
          if (!is_event) {
            d.move = run.moves_applied + 1;
            d.player = players[seat];
          }
          return d;
        };
        if (v) {
          if (!syn.accepted || !v->physically_possible) {
            Diagnostic d = diagnose(*v);
            if (syn.accepted) d.notes.push_back(kAcceptedCannotGoOn);
            fail(run, std::move(d));
            return;
          }
          Diagnostic w = diagnose(*v);
          w.notes.push_back("accepted at the table: the replay goes on from the position it produced");
          run.report.warnings.push_back(std::move(w));
          if (!is_event) ++run.moves_accepted;
        } else if (syn.accepted) {
          Diagnostic w = at(game, index, text_span, ErrorKind::illegal_move, "marked (accepted), but the move is legal");
          if (!is_event) {
            w.move = run.moves_applied + 1;
            w.player = players[seat];
          }
          run.report.warnings.push_back(std::move(w));
        }
      }
      if (before_apply) before_apply(index, unsettled ? *unsettled : state, *bound.move);
      state.apply(*bound.move);
      if (!is_event) ++run.moves_applied, run.last_seat = seat;
    }
  }

  // Whether the round line of `state`'s round was written before entry `index`; fails the run
  // if not. `seat`: the entry's player, if it is a player's.
  bool round_line_written(const grammar::ParsedGame& game, Run& run, std::uint32_t index, int declared_round,
                          const State& state, int seat = -1, int open_seat = -1) const {
    if (!T::has_rounds || state.is_over() || declared_round == T::round(state)) [[likely]]
      return true;
    missing_round_line(game, run, index, declared_round, state, seat, open_seat);
    return false;
  }
  // Out of line: asked at every entry, round_line_written stays small enough to inline.
  [[gnu::cold, gnu::noinline]] void missing_round_line(const grammar::ParsedGame& game, Run& run, std::uint32_t index,
                                                       int declared_round, const State& state, int seat,
                                                       int open_seat) const {
    Diagnostic d = at_line(game, index, ErrorKind::syntax,
                           fmt::format("expected a 'round {}' line before this entry: the game is now in {}",
                                       T::round(state), T::progress(state)));
    // A second entry of the round's last player, after her turn ended the round: say so, not
    // only that a round line is missing.
    if (seat >= 0 && seat == run.last_seat)
      d.notes.push_back(
          fmt::format("{}'s turn, the last of round {}, ended with move {}: she plays again in a "
                      "later turn",
                      run.report.players[static_cast<std::size_t>(seat)], declared_round, run.moves_applied));
    // The last turn of the round was still open (an effect could still come in it): this entry,
    // of the player who plays next, ended it (found in review: it read as a bare syntax slip).
    else if (seat >= 0 && open_seat >= 0 && seat != open_seat)
      d.notes.push_back(fmt::format("{}'s turn, the last of round {}, was still open after her last entry; this entry "
                                    "of {}, who plays next, ends it and begins round {}, after its 'round {}' line",
                                    run.report.players[static_cast<std::size_t>(open_seat)], declared_round,
                                    run.report.players[static_cast<std::size_t>(seat)], T::round(state),
                                    T::round(state)));
    fail(run, std::move(d));
  }

  // The seat whose turn, left open, the entry of `seat` (-1: a round line, a chance event, the
  // log's end) ended, or -1.
  static int settle(State& state, int seat) {
    if constexpr (requires { T::settle(state, seat); })
      return T::settle(state, seat);
    else
      return -1;
  }
  // An entry's text that cannot be read from `at` on, where a person wrote an aside as in a
  // notebook: `c2 ; took the cat`, `c2 (the cat)`, `a2 (acepted)`. What to write instead, or "".
  static std::string aside_hint(std::string_view text, std::size_t at) {
    if (at >= text.size()) return {};
    const std::string_view aside = trim(text.substr(at));
    const bool paren = aside.starts_with("(");
    const std::size_t marker = paren || aside.starts_with(";") ? 1 : aside.starts_with("//") || aside.starts_with("--") ? 2 : 0;
    const std::string_view move = trim(text.substr(0, at));
    // One group in brackets at the end, or a marker and words, after a move: else no guess.
    if (marker == 0 || move.empty() || (paren && (!aside.ends_with(")") || aside.find('(', 1) != std::string_view::npos)))
      return {};
    std::string_view words = trim(aside.substr(marker));
    if (paren) words = trim(words.substr(0, words.size() - 1));
    if (words.empty()) return {};
    if (paren && nearest_name(words, {"accepted"}) == "accepted")
      return "did you mean '(accepted)'? It marks an illegal move the table let stand";
    return fmt::format("a note goes after '#': '{} # {}'", move, words);
  }
  // The refusal of entry `index` of `seat`, numbered otherwise than move `number`, the game not
  // over. The number looks skipped where the entry is the player's due and would be legal as this
  // move; where one player makes several moves in a row (AlicematiC, Rolling) her turn alone says
  // little, and an entry refused here is likelier after a move left out (found in review). Out of
  // line: rare, and inlined it made every entry's walk dearer (measured).
  [[gnu::noinline]] Diagnostic misnumbered_entry(const grammar::ParsedGame& game, std::uint32_t index, const State& state,
                                                 int seat, bool due, int number) const {
    bool skipped = due;
    if (skipped) {
      State trial = state;
      settle(trial, seat);
      const grammar::envelope::LineSyntax& syn = game.lines[index].syntax;
      const Bound<Move> b = T::bind(trial, seat, game.span_text(index, syn.label), game.span_text(index, syn.text));
      std::uint32_t touched = 0;
      skipped = b.move && !judge(trial, *b.move, touched);
    }
    Diagnostic d = misnumbered_move(game, index, number, skipped, requires(State& s, int k) { T::settle(s, k); });
    d.move = number;
    return d;
  }
  // What a label that names no player may have meant, for the end of its refusal: the side or
  // character a player plays (role_hint), a name within a few letters among `near` (the players;
  // for an entry without a move number, the headers and events too), or the one player's name it
  // begins (`Art:`, `A:`). "" when none.
  static std::string meant(const State& state, const std::vector<std::string>& players, std::string_view label,
                           const std::optional<unsigned>& number, const std::vector<std::string>& near) {
    if (std::string hint = role_hint(state, players, label, number); !hint.empty()) return hint;
    if (std::string guess = nearest_name(label, near); !guess.empty()) return "; did you mean '" + guess + "'?";
    if (std::string whole = abbreviated_name(label, players); !whole.empty())
      return "; did you mean '" + whole + "'? (an entry names the player in full, as the players header does)";
    return {};
  }
  // "; Arthur plays Alice: an entry is written with the player's name ('5. Arthur: ...')", where
  // `label` is the side or character a player plays (T::role), written for her name (found in
  // review: `5. Alice: b4 J`, where wonderlog's own messages speak of Alice); else "".
  static std::string role_hint(const State& state, const std::vector<std::string>& players, std::string_view label,
                               const std::optional<unsigned>& number) {
    if constexpr (requires { T::role(state, 0); }) {
      for (int s = 0; s < static_cast<int>(players.size()); ++s) {
        const std::string role = T::role(state, s);
        if (!iequals(label, role) && !(role.starts_with("the ") && iequals(label, std::string_view(role).substr(4))))
          continue;
        std::string hint = fmt::format("; {} plays {}: an entry is written with the player's name", players[s], role);
        // Where another player's move is due, the name is not the whole slip (found in review:
        // `2. Alice: look ...` was told to write Arthur, in the Queen's turn).
        const Actor due = state.to_move();
        if (due.is_player() && due.seat != s)
          return hint + fmt::format(", and this is {}'s move ({})", players[static_cast<std::size_t>(due.seat)],
                                    T::role(state, due.seat));
        return hint + fmt::format(" ('{}{}: ...')", number ? fmt::format("{}. ", *number) : std::string(), players[s]);
      }
    }
    return {};
  }
  // "round 7 ended with Nina at the Caterpillar path's end, and ", where a game says what ended it.
  static std::string ended(const State& state) {
    if constexpr (requires { T::end_reason(state); })
      return T::end_reason(state) + ", and ";
    else
      return {};
  }

  // After a full walk: the game must be over, and a recorded result must match.
  void finish(const grammar::ParsedGame& game, Run& run) const {
    if (run.report.error) return;
    State& state = *run.state;
    if (!run.report.in_progress) settle(state, -1);
    if (!state.is_over() && run.report.in_progress) {
      run.report.valid = true;  // every move so far is legal; the rest is still to be played
      return;
    }
    if (!state.is_over()) {
      // The game's last line that says anything: its last entry, or, before any, its last header.
      std::uint32_t last = game.body.empty() ? game.version_line.value_or(0) : game.body.back();
      for (const grammar::Header& h : game.headers) last = std::max(last, h.line);
      // Pointed at just past the last line's text, where the rest is missing: that line is fine.
      const std::string_view text = game.line_text(last);
      const std::size_t end = text.find_last_not_of(" \t") + 1;  // 0 for a blank line
      const std::uint32_t past = static_cast<std::uint32_t>(end);
      Diagnostic d = at(game, last, Span{past, past}, ErrorKind::incomplete,
                        fmt::format("the log ends here, in {}: {}", T::progress(state), T::unfinished(state)));
      // The ruling of what is still due where a game says so (a Rolling table log's reveals,
      // RW-2), else that of the round's steps.
      if constexpr (requires { T::unfinished_rule(state); })
        d.rule = std::string(T::unfinished_rule(state));
      else
        d.rule = std::string(T::round_rule);
      // Not a rule broken: said so, with how to record a game not yet over.
      const int legal = run.moves_applied - run.moves_accepted;
      const std::string moves =
          run.moves_applied == 0 ? std::string("no move is written yet")
          : run.moves_accepted == 0
              ? fmt::format("{} up to here {} legal", legal == 1 ? "the 1 move" : fmt::format("all {} moves", legal),
                            legal == 1 ? "is" : "are")
              : fmt::format(
                    "of the {} moves up to here, {} {} legal and {} illegal, accepted at the table "
                    "(each with its warning)",
                    run.moves_applied, legal, legal == 1 ? "is" : "are", run.moves_accepted);
      // A game whose play is over, its last lines still due (a Rolling table log's reveals), is not
      // one still being played (found in review).
      bool playing = true;
      if constexpr (requires { T::play_over(state); }) playing = !T::play_over(state);
      d.notes.push_back(playing ? moves + "; a game still being played is written with 'result: *', and is then valid "
                                          "so far"
                                : moves);
      fail(run, std::move(d));
      return;
    }
    run.report.scores = state.scores();
    run.report.winners = state.winners();
    const std::vector<int>& scores = *run.report.scores;
    run.report.tie_break = T::tie_break(state);
    // The result line the replay gives, for the notes that say what to write.
    auto replayed = [&] {
      std::string line;
      for (std::size_t seat = 0; seat < scores.size(); ++seat)
        line += fmt::format("{}{} {}", seat ? ", " : "", run.report.players[seat], scores[seat]);
      return line;
    };
    if (run.report.in_progress) {  // `result: *`, but the game is over: say what to write
      const grammar::Header* h = game.header("result");
      Diagnostic w = at(game, h->line, game.lines[h->line].syntax.value, ErrorKind::incomplete,
                        "the game is over, but its result is '*' (still being played)");
      w.notes.push_back("the replay scores it: result: " + replayed());
      run.report.warnings.push_back(std::move(w));
      run.report.in_progress = false;
    }
    if (run.result_line) {
      std::string_view text = game.header_value(*game.header("result"));
      const Span vs = game.lines[*run.result_line].syntax.value;
      std::vector<std::string> wrong;
      std::optional<Span> first;
      for (const auto& r : run.result) {
        int seat = find_player(run.report.players, text.substr(r.name.begin, r.name.size()));
        if (scores[seat] != r.points) {
          wrong.push_back(fmt::format("{} has {} point{}, not {}", run.report.players[seat], scores[seat],
                                      scores[seat] == 1 ? "" : "s", r.points));
          if (!first) {  // the number that is wrong, not the name before it
            std::uint32_t at = r.name.end;
            while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
            std::uint32_t end = at;
            while (end < text.size() && (text[end] == '-' || (text[end] >= '0' && text[end] <= '9'))) ++end;
            first = Span{vs.begin + at, vs.begin + std::max(end, at + 1)};
          }
        }
      }
      if (!wrong.empty()) {
        std::string message = "the recorded result does not match the replay: ";
        for (std::size_t i = 0; i < wrong.size(); ++i) message += (i ? "; " : "") + wrong[i];
        Diagnostic d = at(game, *run.result_line, *first, ErrorKind::result_mismatch, message);
        d.rule = std::string(T::result_rule);
        d.notes.push_back("the replay scores it: result: " + replayed());
        for (std::size_t seat = 0; seat < scores.size(); ++seat) {
          std::string line =
              fmt::format("{} has {} point{}:", run.report.players[seat], scores[seat], scores[seat] == 1 ? "" : "s");
          for (const std::string& part : T::score_breakdown(state, static_cast<int>(seat))) line += " " + part + ",";
          line.back() = '.';
          d.notes.push_back(line);
        }
        fail(run, std::move(d));
        return;
      }
    }
    run.report.valid = true;
  }

  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<const Catalog>> catalogs_;  // never erased
};

}  // namespace wonderlog
