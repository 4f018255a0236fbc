// Hide-and-seek's module: its notation bound to engine moves, its headers (start, layout),
// and its garden drawn for a person.
#include <fmt/format.h>

#include "engine/core/rng.h"
#include "engine/hide_and_seek/catalog.h"
#include "engine/hide_and_seek/rulings.h"
#include "engine/hide_and_seek/state.h"
#include "grammar/hide_and_seek/notation.h"
#include "verifier/bundled_catalogs.h"
#include "verifier/replay.h"

namespace wonderlog {
namespace {

namespace hs = hide_and_seek;
namespace notation = grammar::hide_and_seek;

// A written tile code: a Garden tile's letter, C or G.
std::optional<hs::Tile> tile_of(const hs::Catalog& catalog, std::string_view code) {
  if (iequals(code, "C")) return hs::Tile::companion();
  if (iequals(code, "G")) return hs::Tile::guard();
  if (iequals(code, "S")) return hs::Tile{hs::Tile::Kind::start, hs::Path::orthogonal};  // a Guard on it (HS-3)
  if (auto p = catalog.find(code)) return hs::Tile::garden(*p);
  return std::nullopt;
}

std::string code_of(const hs::Catalog& catalog, const hs::Tile& t) {
  switch (t.kind) {
    case hs::Tile::Kind::garden:
      return catalog.code(t.path);
    case hs::Tile::Kind::companion:
      return "C";
    case hs::Tile::Kind::guard:
      return "G";
    case hs::Tile::Kind::start:
      return "S";
    case hs::Tile::Kind::unknown_garden:
      return "?";
  }
  return "?";
}

std::string tile_words(const hs::Catalog& catalog, const hs::Tile& t) {
  switch (t.kind) {
    case hs::Tile::Kind::garden:
      for (const auto& k : catalog.garden)
        if (k.path == t.path) return with_article(k.name) + " Garden tile (" + k.code + ")";
      return "a Garden tile";
    case hs::Tile::Kind::companion:
      return "a Companion";
    case hs::Tile::Kind::guard:
      return "a Guard";
    default:
      return "a tile";
  }
}

// Fills a set-up problem at a header (span within its value); returns nullopt for make_state.
std::nullopt_t refuse(SetupProblem& problem, const char* header, Span span, ErrorKind kind, Violation violation) {
  problem.header = header;
  problem.span = span;
  problem.kind = kind;
  problem.violation = std::move(violation);
  return std::nullopt;
}

Violation setup_violation(const char* rule, std::string message) {
  return Violation{rule, std::move(message), {}, false};
}

Violation syntax_violation(const SyntaxError& e) {
  return Violation{"", e.text(), {}, false};
}

Span at_offset(const SyntaxError& e) {
  return Span{e.offset, e.offset + 1};
}

struct HideAndSeek {
  using State = hs::State;
  using Move = hs::Move;
  using Catalog = hs::Catalog;
  static constexpr std::string_view id = "hide-and-seek";
  static constexpr std::string_view title = "Hide-and-seek in the royal garden";
  static constexpr std::string_view standard_catalog = "hide-and-seek";
  static constexpr bool uses_seed = false;  // the layout is written (open) or unknown (table)
  static constexpr bool has_rounds = false;
  static constexpr std::string_view round_rule = "HS-15";
  static constexpr std::string_view end_rule = "HS-15";  // what an entry after the end is refused by
  static constexpr std::string_view result_rule = "HS-15";

  static Catalog load_catalog(const std::string& path) { return hs::load_catalog(path, bundled_catalogs()); }
  static const std::string& catalog_id(const Catalog& c) { return c.id; }
  static bool is_event(std::string_view) { return false; }
  static std::vector<std::string_view> events() { return {}; }
  static std::vector<std::string_view> headers() { return {"start", "layout"}; }
  static std::vector<std::string_view> viewers() { return {"alice", "queen"}; }

  static bool canonical_header(std::string_view name, std::string_view value, std::string& out, SyntaxError& error) {
    if (name == "start") {
      notation::SpotToken spot;
      notation::CodeToken side;
      if (!notation::parse_start(value, spot, side, error)) return false;
      out = std::string(1, spot.column) + std::to_string(spot.row) + " " + ascii_upper(side.code);
      return true;
    }
    std::vector<notation::CodeToken> tiles;
    std::vector<std::uint32_t> row_ends;
    if (!notation::parse_layout(value, tiles, row_ends, error)) return false;
    out.clear();
    for (std::size_t k = 0, r = 0; k < tiles.size(); ++k) {
      if (k) out += k == row_ends[r] ? (++r, " / ") : " ";
      out += ascii_upper(tiles[k].code);
    }
    return true;
  }
  static std::string viewer_title(std::string_view viewer) { return viewer == "alice" ? "Alice" : "the Queen"; }
  // Neither side sees the face-down layout (HS-16).
  static bool redact_header(const std::string& name, std::string_view) { return name != "layout"; }
  // The secret look: Alice knows only which two tiles; the Queen knows whether she swapped and
  // what she saw (from the position, when the log knows it).
  static std::optional<std::string> redact_entry(const State& before, const Move& m, std::string_view viewer) {
    if (m.kind != Move::Kind::look) return std::nullopt;
    std::string text = "look " + m.spot.name() + " " + m.other.name();
    // A face-up tile moves in plain view (HS-9), and under HS-17's 'swap-seen' every swap
    // does: Alice knows whether the tiles were swapped.
    if (viewer == "alice" && !before.swap_seen(m.spot, m.other)) return text;
    if (m.told == Move::Told::swapped) text += " swap";
    if (m.told == Move::Told::kept) text += " keep";
    if (viewer == "alice") return text;
    auto a = m.saw_spot ? std::optional<hs::Tile>(*m.saw_spot) : before.known(m.spot);
    auto b = m.saw_other ? std::optional<hs::Tile>(*m.saw_other) : before.known(m.other);
    // The start tile is said too: `S` (HS-9); only a Garden tile the log never shows is not.
    auto sayable = [](const std::optional<hs::Tile>& t) { return t && t->kind != hs::Tile::Kind::unknown_garden; };
    if (sayable(a) && sayable(b))
      text += " saw " + code_of(before.catalog(), *a) + " " + code_of(before.catalog(), *b);
    return text;
  }

  static GameHeaderLines generated_headers(const Catalog& catalog, const GenOptions& options) {
    Rng rng(options.seed);
    std::vector<hs::Path> bag;
    for (const auto& k : catalog.garden)
      for (int i = 0; i < k.count; ++i) bag.push_back(k.path);
    shuffle(bag, rng);
    const int start = static_cast<int>(rng.below(hs::kSpots));
    const hs::Path side = rng.below(2) ? catalog.verso : catalog.recto;
    std::string layout;
    for (int i = 0, k = 0; i < hs::kSpots; ++i) {
      if (i) layout += i % hs::kColumns == 0 ? " / " : " ";
      layout += i == start ? std::string("S") : catalog.code(bag[k++]);
    }
    return {{"start", hs::Spot::at(start).name() + " " + catalog.code(side)}, {"layout", layout}};
  }

  static std::optional<Violation> players_problem(int n) { return State::check_players(n); }

  static std::optional<State> make_state(const Catalog& catalog, const std::vector<std::string>& names,
                                         std::optional<std::uint64_t>, const GameHeaders& headers,
                                         const Readings& readings, SetupProblem& problem) {
    hs::Setup setup;
    setup.catalog = &catalog;
    setup.names = names;
    setup.readings = readings;
    setup.garden_counts = catalog.counts();
    setup.companions = catalog.companions;
    setup.guards = catalog.guards;
    using K = ErrorKind;
    const std::string_view start = header_value(headers, "start");
    if (start.empty())
      return refuse(problem, "start", {}, K::setup,
                    setup_violation("HS-2",
                                    "the game names no start tile: add a header such as 'start: b3 H' (its spot and "
                                    "the paths on its visible side)"));
    notation::SpotToken spot;
    notation::CodeToken side;
    SyntaxError error;
    if (!notation::parse_start(start, spot, side, error))
      return refuse(problem, "start", at_offset(error), K::syntax, syntax_violation(error));
    if (spot.column > 'd' || spot.row < 1 || spot.row > hs::kRows)
      return refuse(problem, "start", spot.span, K::setup,
                    setup_violation("HS-1", fmt::format("there is no spot {} in the garden: it has columns a-d and "
                                                        "rows 1-5",
                                                        start.substr(spot.span.begin, spot.span.size()))));
    setup.start = hs::Spot{static_cast<std::uint8_t>(spot.row - 1), static_cast<std::uint8_t>(spot.column - 'a')};
    auto path = catalog.find(side.code);
    if (!path || (*path != catalog.recto && *path != catalog.verso))
      return refuse(
          problem, "start", side.span, K::setup,
          setup_violation(
              "HS-2",
              fmt::format("the start tile's sides show {} and {} (catalog '{}'{}), not '{}'",
                          catalog.code(catalog.recto), catalog.code(catalog.verso), catalog.id,
                          // The rulebook does not say what the sides show: a table whose tile differs
                          // is told where to correct it, not that its tile is wrong.
                          catalog.start_source.starts_with("stand-in")
                              ? ", where they are stand-ins: if your tile shows other paths, correct its 'start-tile'"
                              : "",
                          side.code)));
    setup.start_path = *path;
    const std::string_view layout = header_value(headers, "layout");
    if (!layout.empty()) {
      std::vector<notation::CodeToken> tiles;
      std::vector<std::uint32_t> row_ends;
      if (!notation::parse_layout(layout, tiles, row_ends, error))
        return refuse(problem, "layout", at_offset(error), K::syntax, syntax_violation(error));
      bool shape = row_ends.size() == hs::kRows;
      for (std::size_t r = 0; shape && r < row_ends.size(); ++r)
        shape = row_ends[r] - (r ? row_ends[r - 1] : 0) == hs::kColumns;
      if (!shape)
        return refuse(problem, "layout", {}, K::setup,
                      setup_violation("HS-1", "a layout lists 5 rows of 4 tiles, rows separated by '/'"));
      std::array<hs::Tile, hs::kSpots> spots{};
      // Where the layout shows S, if anywhere: with the start header elsewhere, one of the two
      // lines has a slip, and both are named (found in review).
      int layout_s = -1;
      for (int i = 0; i < hs::kSpots && layout_s < 0; ++i)
        if (iequals(tiles[i].code, "S")) layout_s = i;
      for (int i = 0; i < hs::kSpots; ++i) {
        const auto& t = tiles[i];
        const bool at_start = i == setup.start.index();
        if (iequals(t.code, "S") != at_start) {
          const bool elsewhere = layout_s >= 0 && layout_s != setup.start.index();
          return refuse(
              problem, "layout", elsewhere ? tiles[layout_s].span : t.span, K::setup,
              setup_violation(
                  "HS-2", elsewhere ? fmt::format("the layout shows S (the start tile) at {}, but the 'start:' header "
                                                  "puts the start tile at {}: one of the two lines has a slip",
                                                  hs::Spot::at(layout_s).name(), setup.start.name())
                          : at_start ? "the layout must show S (the start tile) at the start spot " +
                                           setup.start.name() + ", where the 'start:' header puts it"
                                     : "S (the start tile) stands at the start spot only, " + setup.start.name() +
                                           ", where the 'start:' header puts it"));
        }
        if (at_start) continue;
        auto p = catalog.find(t.code);
        if (!p)
          return refuse(problem, "layout", t.span, K::syntax,
                        Violation{"",
                                  fmt::format("expected a Garden tile code of catalog '{}' ({}), found '{}'",
                                              catalog.id, catalog.codes(), t.code),
                                  {},
                                  false});
        spots[i] = hs::Tile::garden(*p);
      }
      setup.layout = spots;
    }
    if (auto v = State::check(setup)) return refuse(problem, v->rule == "HS-16" ? "layout" : "", {}, K::setup, *v);
    return std::optional<State>(std::in_place, setup);  // built in place, not moved there
  }

  static Bound<Move> bind(const State& state, int seat, std::string_view, std::string_view text) {
    thread_local notation::MoveTokens t;  // keeps its capacity
    SyntaxError& error = notation_error();
    // Every return is this one object, filled where the caller wants it (a Move built apart
    // and copied in cost more than reading the entry).
    Bound<Move> bound;
    if (!notation::parse_move(text, t, error)) {
      bound = Bound<Move>::error(ErrorKind::syntax, Span{error.offset, error.offset + std::max(1u, error.width)}, "",
                                 error.text());
      return bound;
    }
    Move& m = bound.move.emplace();
    m.seat = static_cast<std::uint8_t>(seat);
    thread_local std::vector<hs::Spot> spots;
    thread_local std::vector<hs::Tile> tiles;
    spots.clear();
    tiles.clear();
    for (const auto& s : t.spots) {
      if (s.column > 'd' || s.row < 1 || s.row > hs::kRows) {
        bound = Bound<Move>::error(ErrorKind::illegal_move, s.span, "HS-1",
                                   fmt::format("there is no spot {} in the garden: it has columns a-d and rows 1-5",
                                               text.substr(s.span.begin, s.span.size())));
        return bound;
      }
      spots.push_back(hs::Spot{static_cast<std::uint8_t>(s.row - 1), static_cast<std::uint8_t>(s.column - 'a')});
    }
    for (const auto& c : t.codes) {
      auto tile = tile_of(state.catalog(), c.code);
      if (!tile) {
        bound = Bound<Move>::error(
            ErrorKind::syntax, c.span, "",
            fmt::format("expected a tile code ({}, C for a Companion, G for a Guard, S for the start tile), found '{}'",
                        state.catalog().codes(), c.code));
        return bound;
      }
      tiles.push_back(*tile);
    }
    switch (t.kind) {
      case notation::MoveTokens::Kind::step:
        m.kind = Move::Kind::step;
        m.spot = spots[0];
        m.seen = tiles[0];
        break;
      case notation::MoveTokens::Kind::guard:
        m.kind = Move::Kind::guard;
        m.spot = spots[0];
        m.seen = tiles[0];
        break;
      case notation::MoveTokens::Kind::look:
        m.kind = Move::Kind::look;
        m.spot = spots[0];
        m.other = spots[1];
        m.told = t.told == notation::MoveTokens::Told::swapped ? Move::Told::swapped
                 : t.told == notation::MoveTokens::Told::kept  ? Move::Told::kept
                                                               : Move::Told::unknown;
        if (tiles.size() == 2) {
          m.saw_spot = tiles[0];
          m.saw_other = tiles[1];
        }
        break;
      case notation::MoveTokens::Kind::move:
        m.kind = Move::Kind::move_alice;
        m.no_effect = t.none;
        if (!t.none) m.spot = spots[0];
        if (!tiles.empty()) {  // 'move b4 D': the tile turned up (HS-8's 'move-reveals')
          m.reveals = true;
          m.seen = tiles[0];
        }
        break;
      case notation::MoveTokens::Kind::reorder: {
        m.kind = Move::Kind::reorder;
        m.column = t.column;
        const std::string_view line = t.line.code;
        const int lines = t.column ? hs::kColumns : hs::kRows, n = t.column ? hs::kRows : hs::kColumns;
        int index =
            t.column ? (line.size() == 1 ? (line[0] | 0x20) - 'a' : -1) : (line.size() == 1 ? line[0] - '1' : -1);
        if (index < 0 || index >= lines) {
          bound = Bound<Move>::error(ErrorKind::illegal_move, t.line.span, "HS-10",
                                     t.column ? "a column is a letter from a to d" : "a row is a number from 1 to 5");
          return bound;
        }
        m.line = static_cast<std::uint8_t>(index);
        if (static_cast<int>(t.order.size()) != n) {
          bound = Bound<Move>::error(
              ErrorKind::illegal_move, t.line.span, "HS-10",
              fmt::format("the new order of a {} names its {} positions", t.column ? "column" : "row", n));
          return bound;
        }
        for (int k = 0; k < n; ++k) {
          const std::string_view p = t.order[k].code;
          int v = t.column ? (p.size() == 1 ? p[0] - '1' : -1) : (p.size() == 1 ? (p[0] | 0x20) - 'a' : -1);
          if (v < 0 || v >= n) {
            bound = Bound<Move>::error(ErrorKind::illegal_move, t.order[k].span, "HS-10",
                                       t.column ? "a column's positions are the row numbers 1 to 5"
                                                : "a row's positions are the column letters a to d");
            return bound;
          }
          m.order[k] = static_cast<std::uint8_t>(v);
        }
        break;
      }
    }
    return bound;
  }

  static bool canonical(std::string_view, std::string_view text, std::string& out, SyntaxError& error) {
    notation::MoveTokens t;
    if (!notation::parse_move(text, t, error)) return false;
    auto spot = [&](const notation::SpotToken& s) { return std::string(1, s.column) + std::to_string(s.row); };
    switch (t.kind) {
      case notation::MoveTokens::Kind::step:
        out = spot(t.spots[0]) + " " + ascii_upper(t.codes[0].code);
        break;
      case notation::MoveTokens::Kind::guard:
        out = "guard " + spot(t.spots[0]) + " " + ascii_upper(t.codes[0].code);
        break;
      case notation::MoveTokens::Kind::look:
        out = "look " + spot(t.spots[0]) + " " + spot(t.spots[1]);
        if (t.told == notation::MoveTokens::Told::swapped) out += " swap";
        if (t.told == notation::MoveTokens::Told::kept) out += " keep";
        if (t.codes.size() == 2) out += " saw " + ascii_upper(t.codes[0].code) + " " + ascii_upper(t.codes[1].code);
        break;
      case notation::MoveTokens::Kind::move:
        out = t.none ? "move none" : "move " + spot(t.spots[0]);
        if (!t.codes.empty()) out += " " + ascii_upper(t.codes[0].code);
        break;
      case notation::MoveTokens::Kind::reorder: {
        std::string line(t.line.code);
        for (char& c : line) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        out = std::string("reorder ") + (t.column ? "column " : "row ") + line;
        for (const auto& p : t.order) {
          std::string v(p.code);
          for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          out += " " + v;
        }
        break;
      }
    }
    return true;
  }

  static std::optional<Move> seeded_chance(const State&) { return std::nullopt; }
  static int round(const State&) { return 0; }
  static bool round_start(const State&) { return false; }

  // What the garden holds is known from the layout, in an open log: a tile refused there rests on it.
  static std::string_view header_behind(const Violation& v) { return v.rule == "HS-16" ? "layout" : ""; }
  static std::string role(const State&, int seat) { return seat == State::kAlice ? "Alice" : "the Queen"; }
  static std::string progress(const State& s) {
    if (s.is_over()) return "the end of the game";
    return s.to_move().seat == State::kAlice ? "Alice's turn" : "the Queen's turn";
  }
  // HS-11's where Alice's last move boxed her in, else HS-15's (the end of the game).
  static std::string_view unfinished_rule(const State& s) {
    return !s.is_over() && s.to_move().seat == State::kQueen && !s.can_step() ? "HS-11" : round_rule;
  }
  static std::string unfinished(const State& s) {
    // A table that stopped here may have read HS-11 otherwise: say so, and what the Queen's turn
    // may still change (found in review).
    if (!s.is_over() && s.to_move().seat == State::kQueen && !s.can_step())
      return fmt::format("Alice's last move left no face-down tile on her {} paths, and HS-11 is read as "
                         "'at-her-turn': {} (the Queen) still plays, and wins at Alice's turn unless the Queen's move "
                         "opens a path (or her Guard finds a Companion with none left to discard: HS-13); read as "
                         "'cornered-at-once', the Queen won with Alice's move",
                         hs::path_name(s.current_path()), s.name(State::kQueen));
    return "the game ends only when Alice or the Queen wins";
  }

  static std::string render(const State& s) {
    const Catalog& cat = s.catalog();
    std::string out;
    if (s.is_over())
      out += fmt::format("The game is over: {} wins ({}).\n",
                         s.winner() == State::Winner::alice ? "Alice" : "the Queen", s.win_reason());
    else
      out += fmt::format("{} to play ({}). Alice's paths: {}.\n", s.name(s.to_move().seat),
                         s.to_move().seat == State::kAlice ? "Alice" : "the Queen", hs::path_name(s.current_path()));
    out += "     a      b      c      d\n";
    for (int r = 0; r < hs::kRows; ++r) {
      std::string row = fmt::format("  {}  ", r + 1);
      for (int c = 0; c < hs::kColumns; ++c) {
        hs::Spot spot{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)};
        auto known = s.known(spot);
        std::string cell = !known ? "?|?" : code_of(cat, *known);
        if (known && known->kind == hs::Tile::Kind::unknown_garden) cell = "?";
        if (s.face_up(spot)) cell += "!";
        if (s.alice() == spot) cell += "@";
        row += fmt::format("{:<7}", cell);
      }
      while (!row.empty() && row.back() == ' ') row.pop_back();
      out += row + "\n";
    }
    // The letters as the picture's legend names them (found in review: only the marks were said).
    std::string tiles;
    for (const auto& g : cat.garden) tiles += fmt::format("{}{} {}", tiles.empty() ? "" : ", ", g.code, g.name);
    out += fmt::format("(Garden tiles: {}; S the start tile, C a Companion, G a Guard)\n", tiles);
    out += "(face down: ? an unknown Garden tile, ?|? one of two tiles after a secret swap; ! face up; @ Alice)\n";
    std::string pile;
    for (hs::Path p : s.garden_pile()) pile += (pile.empty() ? "" : " ") + cat.code(p);
    out += fmt::format("Garden pile (top last): {}\n", pile.empty() ? "empty" : pile);
    std::string spent;
    for (auto [which, name] :
         {std::pair{State::kLook, "look"}, {State::kMoveAlice, "move"}, {State::kReorder, "reorder"}})
      if (s.king_used(which)) spent += (spent.empty() ? "" : ", ") + std::string(name);
    out += fmt::format("Companions left: {}; Guards left: {}; King tiles spent: {}\n", s.companions_left(),
                       s.guards_left(), spent.empty() ? "none" : spent);
    return out;
  }

  // The picture of a position (wonderlog view): the garden, each tile face up or face down
  // (with what the log tells of it), Alice's token and the spots her paths reach, the piles.
  static std::string picture_style() {
    return ".hs-caption { font: 600 14px sans-serif; fill: #333; }\n"
           ".hs-label { font: 13px sans-serif; fill: #555; }\n"
           ".hs-tile rect { stroke-width: 2; }\n"
           ".hs-tile .hs-code { font: 700 20px sans-serif; }\n"
           ".hs-down rect { fill: #5b6b5a; stroke: #3d4a3c; }\n"
           ".hs-down text { fill: #e8efe6; }\n"
           ".hs-up rect { fill: #f3f8ee; stroke: #6a8f4e; }\n"
           ".hs-up.hs-companion rect { fill: #e8f0fb; stroke: #2f5fa7; }\n"
           ".hs-up.hs-guard rect { fill: #fbe6e4; stroke: #b03a2e; }\n"
           ".hs-up.hs-start rect { fill: #fff4c2; stroke: #b8860b; }\n"
           ".hs-reach { stroke: #2f5fa7; stroke-width: 2; stroke-dasharray: 5 4; }\n"
           ".hs-reachable { fill: none; stroke: #2f5fa7; stroke-width: 3; }\n"
           ".hs-alice circle { fill: #2f5fa7; stroke: #fff; stroke-width: 2; }\n"
           ".hs-alice text { font: 700 14px sans-serif; fill: #fff; }\n"
           ".hs-heading { font: 600 13px sans-serif; fill: #222; }\n"
           ".hs-note { font: 12px sans-serif; fill: #444; }\n";
  }

  static std::string draw(const State& s) {
    const Catalog& cat = s.catalog();
    constexpr int kSize = 64, kPitch = 72, kLeft = 34, kTop = 46;
    const int panel = kLeft + hs::kColumns * kPitch + 24, panel_width = 280;
    const int height = kTop + hs::kRows * kPitch + 10;
    Svg svg(panel + panel_width, height, fmt::format("{}: {}", title, progress(s)), render(s));
    svg.text(kLeft, 18,
             s.is_over() ? fmt::format("The game is over: {} wins", s.winner() == State::Winner::alice ? "Alice" : "the Queen")
                         : fmt::format("{} to play ({})", s.name(s.to_move().seat),
                                       s.to_move().seat == State::kAlice ? "Alice" : "the Queen"),
             "hs-caption", "start");
    auto centre = [&](hs::Spot p) {
      return std::pair{kLeft + p.column * kPitch + kSize / 2, kTop + p.row * kPitch + kSize / 2};
    };
    for (int c = 0; c < hs::kColumns; ++c)
      svg.text(kLeft + c * kPitch + kSize / 2, kTop - 8, std::string(1, static_cast<char>('a' + c)), "hs-label");
    for (int r = 0; r < hs::kRows; ++r) {
      svg.text(kLeft - 14, kTop + r * kPitch + kSize / 2 + 5, std::to_string(r + 1), "hs-label");
      for (int c = 0; c < hs::kColumns; ++c) {
        const hs::Spot spot{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)};
        const auto known = s.known(spot);
        const bool up = s.face_up(spot);
        std::string kind = "hs-unknown", code = "?|?", words = "one of two tiles (the Queen's secret swap)";
        if (known) {
          code = code_of(cat, *known);
          words = known->kind == hs::Tile::Kind::unknown_garden ? "a Garden tile the log does not name"
                                                                : tile_words(cat, *known);
          switch (known->kind) {
            case hs::Tile::Kind::garden: kind = "hs-garden"; break;
            case hs::Tile::Kind::companion: kind = "hs-companion"; break;
            case hs::Tile::Kind::guard: kind = "hs-guard"; break;
            case hs::Tile::Kind::start: kind = "hs-start"; break;
            case hs::Tile::Kind::unknown_garden: kind = "hs-unknown"; break;
          }
        }
        const int x = kLeft + c * kPitch, y = kTop + r * kPitch;
        svg.open(fmt::format("hs-tile {} {}", up ? "hs-up" : "hs-down", kind),
                 fmt::format("{}: {}, face {}", spot.name(), words, up ? "up" : "down"));
        svg.rect(x, y, kSize, kSize, "", 6);
        svg.text(x + kSize / 2, y + kSize / 2 + 4, code, "hs-code");
        svg.close();
      }
    }
    // Alice and where her paths take her next.
    if (!s.is_over()) {
      const auto [ax, ay] = centre(s.alice());
      for (const hs::Spot to : s.reachable()) {
        const auto [tx, ty] = centre(to);
        svg.line(ax, ay, tx, ty, "hs-reach");
        svg.rect(kLeft + to.column * kPitch + 3, kTop + to.row * kPitch + 3, kSize - 6, kSize - 6, "hs-reachable", 5,
                 fmt::format("{}: Alice may move here", to.name()));
      }
    }
    {
      const auto [ax, ay] = centre(s.alice());
      svg.open("hs-alice", fmt::format("Alice is on {}", s.alice().name()));
      svg.circle(ax + 18, ay - 18, 12, "");
      svg.text(ax + 18, ay - 13, "A", "");
      svg.close();
    }
    // The piles and the Queen's hand.
    int y = kTop + 4;
    svg.text(panel, y, fmt::format("Alice's paths: {}", hs::path_name(s.current_path())), "hs-heading", "start");
    y += 22;
    std::string pile;
    for (hs::Path p : s.garden_pile()) pile += (pile.empty() ? "" : " ") + cat.code(p);
    svg.text(panel, y, fmt::format("Garden pile (top last): {}", pile.empty() ? "empty" : pile), "hs-note", "start");
    y += 20;
    svg.text(panel, y, fmt::format("Companions left to place: {}", s.companions_left()), "hs-note", "start");
    y += 20;
    svg.text(panel, y, fmt::format("The Queen's Guards left: {}", s.guards_left()), "hs-note", "start");
    y += 20;
    std::string spent;
    for (auto [which, name] :
         {std::pair{State::kLook, "look"}, {State::kMoveAlice, "move"}, {State::kReorder, "reorder"}})
      if (s.king_used(which)) spent += (spent.empty() ? "" : ", ") + std::string(name);
    svg.text(panel, y, fmt::format("King tiles spent: {}", spent.empty() ? "none" : spent), "hs-note", "start");
    y += 30;
    svg.text(panel, y, "Tiles:", "hs-heading", "start");
    for (const auto& g : cat.garden) {
      y += 18;
      svg.text(panel, y, fmt::format("{}  {} Garden tile", g.code, g.name), "hs-note", "start");
    }
    for (const char* other : {"S  the start tile", "C  a Companion", "G  a Guard", "?  face down, not named by the log"}) {
      y += 18;
      svg.text(panel, y, other, "hs-note", "start");
    }
    return svg.str();
  }

  static std::string describe(const State& s, const Move& m) {
    const Catalog& cat = s.catalog();
    switch (m.kind) {
      // What a tile showed is the log's account: the verdict below says whether it can be so.
      case Move::Kind::step:
        return "moves Alice to " + m.spot.name() + ", which the log says showed " + tile_words(cat, m.seen);
      case Move::Kind::guard:
        return "plays a Guard on " + m.spot.name() + ", which the log says showed " + tile_words(cat, m.seen);
      case Move::Kind::look:
        return "plays the King of Hearts to look at " + m.spot.name() + " and " + m.other.name() +
               (m.told == Move::Told::swapped ? ", and swaps them"
                : m.told == Move::Told::kept  ? ", and keeps them in place"
                                              : " (the log does not say whether she swapped them)");
      case Move::Kind::move_alice:
        if (m.no_effect) return "spends the King of Hearts that moves Alice, for nothing";
        return "plays the King of Hearts to move Alice to " + m.spot.name() +
               (m.reveals ? ", which the log says turned up " + tile_words(cat, m.seen) : "");
      case Move::Kind::reorder:
        return std::string("plays the King of Hearts to reorder ") +
               (m.column ? "column " + std::string(1, static_cast<char>('a' + m.line))
                         : "row " + std::to_string(m.line + 1));
    }
    return {};
  }

  // explain, after a legal Guard that found a Companion: the penalty (HS-13), which the position
  // after it shows only as a shorter Guard pile.
  static std::string outcome(const State& s, const Move& m) {
    if (m.kind == Move::Kind::step) {
      // Where Alice's own move ends the game, or boxes her in (HS-11's readings part there):
      // said, since the verdict on the move itself is only "legal" (found in review).
      State after = s;
      after.apply(m);
      if (after.is_over())
        return fmt::format("  the game is over: {} wins ({})\n",
                           after.winner() == State::Winner::alice ? "Alice" : "the Queen", after.win_reason());
      if (!after.can_step())
        return fmt::format("  it leaves no face-down tile on her {} paths: under HS-11's 'at-her-turn' the Queen "
                           "plays first, and wins at Alice's turn unless the Queen's move opens a path (read as "
                           "'cornered-at-once', the game ends with this move)\n",
                           hs::path_name(after.current_path()));
      return {};
    }
    if (m.kind != Move::Kind::guard || m.seen.kind != hs::Tile::Kind::companion) return {};
    const int left = s.guards_left() - 1;  // the Guard laid in the hole
    if (left == 0) return "  it found a Companion, and the Queen has no Guard left to discard: Alice wins (HS-13)\n";
    return fmt::format("  it found a Companion: the Queen discards her next Guard too (HS-13), and has {} left\n",
                       left - 1);
  }

  static std::pair<std::string, std::string> entry(const State& s, const Move& m, const GenOptions& options) {
    const Catalog& cat = s.catalog();
    std::string text;
    switch (m.kind) {
      case Move::Kind::step:
        text = m.spot.name() + " " + code_of(cat, m.seen);
        break;
      case Move::Kind::guard:
        text = "guard " + m.spot.name() + " " + code_of(cat, m.seen);
        break;
      case Move::Kind::look:
        text = "look " + m.spot.name() + " " + m.other.name();
        // A table log hides the Queen's choice, unless the table saw it (HS-9, HS-17).
        if (!options.table || s.swap_seen(m.spot, m.other))
          text += m.told == Move::Told::swapped ? " swap" : m.told == Move::Told::kept ? " keep" : "";
        break;
      case Move::Kind::move_alice:
        text = m.no_effect ? "move none" : "move " + m.spot.name();
        if (m.reveals) text += " " + code_of(cat, m.seen);
        break;
      case Move::Kind::reorder: {
        text = std::string("reorder ") + (m.column ? "column " : "row ") +
               (m.column ? std::string(1, static_cast<char>('a' + m.line)) : std::to_string(m.line + 1));
        const int n = m.column ? hs::kRows : hs::kColumns;
        for (int k = 0; k < n; ++k)
          text +=
              " " + (m.column ? std::to_string(m.order[k] + 1) : std::string(1, static_cast<char>('a' + m.order[k])));
        break;
      }
    }
    return {s.name(m.seat), text};
  }

  static std::vector<std::string> score_breakdown(const State& s, int seat) {
    const bool won = !s.winners().empty() && s.winners().front() == seat;
    return {std::string(seat == State::kAlice ? "as Alice" : "as the Queen") +
            (won ? ", wins: " + s.win_reason() : ", loses")};
  }
  static std::string winner_note(const State& s) {
    if (!s.is_over()) return "The game is not over.";
    return fmt::format("Winner: {} ({}): {}.", s.name(s.winners().front()),
                       s.winner() == State::Winner::alice ? "Alice" : "the Queen", s.win_reason());
  }
  static std::string tie_break(const State&) { return {}; }
  static const std::vector<Ruling>& rulings() { return hs::rulings(); }
};

}  // namespace

const GameModule& hide_and_seek_module() {
  static const ModuleFor<HideAndSeek> module;
  return module;
}

}  // namespace wonderlog
