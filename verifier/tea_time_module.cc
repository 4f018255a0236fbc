// Tea Time's module: how its log entries become engine moves, and how its positions and
// scores are drawn for a person.
#include <array>
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "engine/tea_time/catalog.h"
#include "engine/tea_time/rulings.h"
#include "engine/tea_time/state.h"
#include "grammar/tea_time/notation.h"
#include "verifier/bundled_catalogs.h"
#include "verifier/replay.h"

namespace wonderlog {
namespace {

namespace tt = tea_time;

std::string card_code(const tt::Catalog& catalog, const tt::Card& card) {
  if (card.is_alice()) return "Alice";
  return catalog.characters[card.character].code + (card.side == tt::Side::mirror ? "~" : "");
}

std::string card_name(const tt::Catalog& catalog, const tt::Card& card) {
  if (card.is_alice()) return "the Alice card";
  return catalog.characters[card.character].name + (card.side == tt::Side::mirror ? ", mirror" : ", normal");
}

Span whole(std::string_view text) {
  return Span{0, static_cast<std::uint32_t>(text.size())};
}

struct TeaTime {
  using State = tt::State;
  using Move = tt::Move;
  using Catalog = tt::Catalog;
  static constexpr std::string_view id = "tea-time";
  static constexpr std::string_view title = "Tea Time";
  static constexpr std::string_view standard_catalog = "tea-time";
  static constexpr bool uses_seed = true;  // TT-13: the deck
  static constexpr bool has_rounds = true;
  static constexpr std::string_view round_rule = "TT-10";
  static constexpr std::string_view end_rule = "TT-10";  // what an entry after the end is refused by
  static constexpr std::string_view result_rule = "TT-14";

  static Catalog load_catalog(const std::string& path) { return tt::load_catalog(path, bundled_catalogs()); }
  static const std::string& catalog_id(const Catalog& c) { return c.id; }
  static bool is_event(std::string_view label) { return iequals(label, "deal"); }
  static std::vector<std::string_view> events() { return {"deal"}; }

  static std::vector<std::string_view> headers() { return {}; }
  static std::vector<std::string_view> viewers() { return {}; }
  static bool canonical_header(std::string_view, std::string_view value, std::string& out, SyntaxError&) {
    out = value;
    return true;
  }
  static std::string viewer_title(std::string_view viewer) { return std::string(viewer); }
  static bool redact_header(const std::string&, std::string_view) { return true; }
  static std::optional<std::string> redact_entry(const State&, const Move&, std::string_view) { return std::nullopt; }
  static GameHeaderLines generated_headers(const Catalog&, const GenOptions&) { return {}; }

  static std::optional<Violation> players_problem(int n) { return State::check_players(n); }

  static std::optional<State> make_state(const Catalog& catalog, const std::vector<std::string>& names,
                                         std::optional<std::uint64_t> seed, const GameHeaders&, const Readings& readings, SetupProblem& problem) {
    tt::Setup setup{&catalog, names, seed, readings};
    if (auto v = State::check(setup)) {
      problem.violation = *v;
      return std::nullopt;
    }
    return std::optional<State>(std::in_place, std::move(setup));  // built in place, not moved there
  }

  // A violation about one spot (its "spot" fact) underlines that card of a deal, or that spot
  // of a take, rather than the whole entry.
  static std::optional<Span> focus(std::string_view label, std::string_view text, const Violation& v) {
    auto fact = std::find_if(v.facts.begin(), v.facts.end(), [](const Fact& f) { return f.name == "spot"; });
    if (fact == v.facts.end() || fact->value.size() < 2) return std::nullopt;
    const char column = fact->value[0];
    const unsigned row = static_cast<unsigned>(std::stoul(fact->value.substr(1)));
    SyntaxError error;
    if (is_event(label)) {
      grammar::tea_time::DealTokens tokens;
      const std::size_t c = static_cast<std::size_t>(column - 'a');
      if (!grammar::tea_time::parse_deal(text, tokens, error) || row < 1 || row > tokens.rows()) return std::nullopt;
      const std::uint32_t k = tokens.row_begin(row - 1) + static_cast<std::uint32_t>(c);
      if (k >= tokens.row_ends[row - 1]) return std::nullopt;
      return tokens.cards[k].span;
    }
    std::vector<grammar::tea_time::CellToken> cells;
    if (!grammar::tea_time::parse_take(text, cells, error)) return std::nullopt;
    for (const auto& cell : cells)
      if (cell.column == column && cell.row == row) return cell.span;
    return std::nullopt;
  }

  static Bound<Move> bind(const State& state, int seat, std::string_view /*label*/, std::string_view text) {
    SyntaxError& error = notation_error();
    // Every return is this one object, filled where the caller wants it (a Move built apart
    // and copied in cost more than reading the entry).
    Bound<Move> bound;
    if (seat < 0) {  // an event, a deal: no other entry without a seat is bound (replay.h)
      // A seeded game's deal is known before its line is read: written as gen writes it, the
      // line is that deal, compared card by card (about 425 instructions fewer a deal than
      // reading it, session 60). Any other text is read below.
      const std::optional<tt::Deal> seeded = state.seeded_deal();
      auto code = [&](int i) -> std::string_view { return state.catalog().characters[seeded->cards[i].character].code; };
      auto mirror = [&](int i) { return seeded->cards[i].side == tt::Side::mirror; };
      if (seeded && grammar::tea_time::written_plainly(text, seeded->count, state.columns(), code, mirror)) {
        Move& move = bound.move.emplace();
        move.kind = Move::Kind::deal;
        move.deal = *seeded;
        return bound;
      }
      thread_local grammar::tea_time::DealTokens tokens;  // keeps its capacity
      if (!grammar::tea_time::parse_deal(text, tokens, error)) {
        bound = Bound<Move>::error(ErrorKind::syntax, Span{error.offset, error.offset + 1}, "", error.text());
        return bound;
      }
      if (static_cast<int>(tokens.rows()) != state.rows()) {
        bound = Bound<Move>::error(
            ErrorKind::illegal_move, whole(text), "TT-1",
            fmt::format("a grid for {} players has {} rows, and this deal has {} (rows are separated by '/')",
                        state.players(), state.rows(), tokens.rows()));
        return bound;
      }
      Move& move = bound.move.emplace();
      move.kind = Move::Kind::deal;
      tt::Deal& deal = move.deal;
      for (std::size_t r = 0; r < tokens.rows(); ++r) {
        const std::uint32_t begin = tokens.row_begin(r), end = tokens.row_ends[r];
        if (static_cast<int>(end - begin) != state.columns()) {
          bound = Bound<Move>::error(
              ErrorKind::illegal_move, Span{tokens.cards[begin].span.begin, tokens.cards[end - 1].span.end}, "TT-1",
              fmt::format("row {} of the deal has {} card{}, but a grid for {} players has {} columns", r + 1,
                          end - begin, end - begin == 1 ? "" : "s", state.players(), state.columns()));
          return bound;
        }
        for (std::uint32_t k = begin; k < end; ++k) {
          const auto& token = tokens.cards[k];
          std::optional<int> c = state.catalog().find(token.code);
          if (!c) {
            bound = Bound<Move>::error(ErrorKind::syntax, token.span, "",
                                       fmt::format("expected a character code of catalog '{}' ({}), found '{}'",
                                                   state.catalog().id, state.catalog().codes(), token.code));
            return bound;
          }
          deal.cards[deal.count++] =
              tt::Card{static_cast<std::uint8_t>(*c), token.mirror ? tt::Side::mirror : tt::Side::normal};
        }
      }
      return bound;
    }
    // A take as gen writes it, every cell on the grid, is read into the move as it is read (about
    // 80 instructions a take fewer than gathering its tokens first, session 61); any other text,
    // and one that names a spot off the grid or more spots than a take holds, is read below,
    // where what is wrong with it is said.
    {
      Move& move = bound.move.emplace();
      move.kind = Move::Kind::take;
      tt::Take& take = move.take;
      take.seat = static_cast<std::uint8_t>(seat);
      const bool read = grammar::tea_time::read_plain_take(text, [&](char column, unsigned row, Span) {
        const int r = static_cast<int>(row) - 1, c = column - 'a';
        if (take.count == tt::Take::kMaxNamed || !state.on_grid(r, c)) return false;
        store_cell(take, r, c);
        return true;
      });
      if (read) return bound;
      bound.move.reset();
    }
    thread_local std::vector<grammar::tea_time::CellToken> cells;  // keeps its capacity
    if (!grammar::tea_time::parse_take(text, cells, error)) {
      bound = Bound<Move>::error(ErrorKind::syntax, Span{error.offset, error.offset + 1}, "", error.text());
      return bound;
    }
    if (cells.size() > static_cast<std::size_t>(tt::Take::kMaxNamed)) {
      bound = Bound<Move>::error(ErrorKind::illegal_move, whole(text), "TT-3",
                                 fmt::format("this turn takes {} card{}; this move names {}",
                                             state.max_take() == 1   ? "exactly 1"
                                             : state.max_take() == 2 ? "1 or 2"
                                                                     : "1, 2 or 3",
                                             state.max_take() == 1 ? "" : "s", cells.size()));
      return bound;
    }
    Move& move = bound.move.emplace();
    move.kind = Move::Kind::take;
    tt::Take& take = move.take;
    take.seat = static_cast<std::uint8_t>(seat);
    for (const auto& c : cells) {
      const int row = static_cast<int>(c.row) - 1, column = c.column - 'a';
      if (!state.on_grid(row, column))  // TT-1, named as written, the caret under it
      {
        bound = Bound<Move>::error(ErrorKind::illegal_move, c.span, "TT-1",
                                   fmt::format("there is no spot {} on this grid: it has columns a-{} and rows 1-{}",
                                               text.substr(c.span.begin, c.span.size()),
                                               static_cast<char>('a' + state.columns() - 1), state.rows()));
        return bound;
      }
      store_cell(take, row, column);
    }
    return bound;
  }

  // Adds the spot at `row`, `column` (on the grid) to `take`. Stored as one 2-byte word:
  // validate_take reads a cell back whole, and two 1-byte stores made that read wait until both
  // had landed.
  static void store_cell(tt::Take& take, int row, int column) {
    const auto cell =
        std::bit_cast<std::uint16_t>(tt::Cell{static_cast<std::uint8_t>(row), static_cast<std::uint8_t>(column)});
    std::memcpy(static_cast<void*>(&take.cells[take.count++]), &cell, sizeof cell);
  }

  static bool canonical(std::string_view label, std::string_view text, std::string& out, SyntaxError& error) {
    out.clear();
    if (is_event(label)) {
      grammar::tea_time::DealTokens tokens;
      if (!grammar::tea_time::parse_deal(text, tokens, error)) return false;
      for (std::size_t r = 0; r < tokens.rows(); ++r) {
        if (r) out += " / ";
        for (std::uint32_t k = tokens.row_begin(r); k < tokens.row_ends[r]; ++k) {
          if (k != tokens.row_begin(r)) out += ' ';
          out += ascii_upper(tokens.cards[k].code);
          if (tokens.cards[k].mirror) out += '~';
        }
      }
      return true;
    }
    std::vector<grammar::tea_time::CellToken> cells;
    if (!grammar::tea_time::parse_take(text, cells, error)) return false;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i) out += ' ';
      out += cells[i].column;
      out += std::to_string(cells[i].row);
    }
    return true;
  }

  static std::optional<Move> seeded_chance(const State& state) {
    if (auto d = state.seeded_deal()) return Move::of(*d);
    return std::nullopt;
  }
  static int round(const State& state) { return state.round(); }
  static bool round_start(const State& state) { return state.deal_due(); }

  static std::string progress(const State& s) {
    if (s.is_over()) return fmt::format("the end of the game, after round {}", s.rounds());
    if (s.deal_due()) return fmt::format("round {} of {}, before its deal", s.round(), s.rounds());
    // The last few cards are named: "the round is not over" is then answered by where they lie.
    std::string spots;
    if (s.cards_on_grid() <= 3) {
      for (int r = 0; r < s.rows(); ++r)
        for (int c = 0; c < s.columns(); ++c)
          if (const tt::Cell cell{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)}; s.at(cell))
            spots += (spots.empty() ? " (" : ", ") + cell.name();
      spots += ")";
    }
    return fmt::format("round {} of {}, turn {}, {} on the grid{}", s.round(), s.rounds(), s.turns_played() + 1,
                       s.cards_on_grid() == 1 ? std::string("1 card") : fmt::format("{} cards", s.cards_on_grid()),
                       spots);
  }

  static std::string unfinished(const State& s) {
    return fmt::format("a {}-player game lasts {} rounds, and a round ends only when its grid is empty", s.players(),
                       s.rounds());
  }

  static std::string render(const State& s) {
    const Catalog& cat = s.catalog();
    std::string out;
    if (s.is_over())
      out += "The game is over.\n";
    else if (s.deal_due())
      out += fmt::format("Round {} is to be dealt; {} starts it.\n", s.round(), s.name(s.starter()));
    else
      out += fmt::format("{} to play, taking {}.\n", s.name(s.to_move().seat),
                         s.max_take() == 1 ? "exactly 1 card" : fmt::format("1 to {} cards", s.max_take()));
    if (!s.deal_due() && !s.is_over()) {
      std::string header = "     ";
      for (int c = 0; c < s.columns(); ++c) header += fmt::format("{:<7}", static_cast<char>('a' + c));
      out += std::string(trim(header)).insert(0, "     ") + "\n";
      for (int r = 0; r < s.rows(); ++r) {
        out += fmt::format("  {}  ", r + 1);
        std::string row;
        for (int c = 0; c < s.columns(); ++c) {
          const auto& card = s.at(tt::Cell{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)});
          row += fmt::format("{:<7}", card ? card_code(cat, *card) : ".");
        }
        while (!row.empty() && row.back() == ' ') row.pop_back();
        out += row + "\n";
      }
    }
    out += "Collections (~ is the mirror side):\n";
    std::vector<int> scores = s.scores();
    for (int p = 0; p < s.players(); ++p) {
      std::string cards;
      for (int c = 0; c < tt::kCharacters; ++c) {
        int n = s.collection(p, c);
        if (n)
          cards += fmt::format("{}{} {}{}", cards.empty() ? "" : ", ", cat.characters[c].name, std::abs(n),
                               n < 0 ? " mirror" : "");
      }
      out += fmt::format("  {:<12} {:>3} points  {}{}\n", s.name(p), scores[p], cards.empty() ? "no cards" : cards,
                         s.alice_holder() == p ? "; holds the Alice card" : "");
    }
    if (s.alice_holder() < 0) out += "  The Alice card is on the grid.\n";
    out += "Characters: ";
    for (int c = 0; c < tt::kCharacters; ++c)
      out += fmt::format("{}{} {}", c ? ", " : "", cat.characters[c].code, cat.characters[c].name);
    out += "\n";
    return out;
  }

  // The picture of a position (wonderlog view): the grid, each card on its side, the spots
  // emptied this round, and each player's collection with its points so far.
  static std::string picture_style() {
    return ".tt-label { font: 13px sans-serif; fill: #555; }\n"
           ".tt-caption { font: 600 14px sans-serif; fill: #333; }\n"
           ".tt-spot rect { fill: none; stroke: #bbb; stroke-dasharray: 4 3; }\n"
           ".tt-spot text { font: 10px sans-serif; fill: #999; }\n"
           ".tt-card rect { stroke-width: 2; }\n"
           ".tt-card .tt-code { font: 700 22px sans-serif; }\n"
           ".tt-card .tt-name { font: 9px sans-serif; }\n"
           ".tt-card .tt-code.tt-small { font-size: 13px; }\n"
           ".tt-alice .tt-code { font-size: 15px; }\n"
           ".tt-card .tt-name.tt-long { font-size: 7px; }\n"
           ".tt-card.tt-mirror .tt-code, .tt-card.tt-mirror .tt-name { fill: #fff; }\n"
           ".tt-alice rect { fill: #fff4c2; stroke: #b8860b; }\n"
           ".tt-alice text { fill: #7a5a00; }\n"
           ".tt-c0 rect { fill: #f1e6f7; stroke: #8e44ad; } .tt-c0.tt-mirror rect { fill: #8e44ad; }\n"
           ".tt-c1 rect { fill: #fdebd9; stroke: #d35400; } .tt-c1.tt-mirror rect { fill: #d35400; }\n"
           ".tt-c2 rect { fill: #e3eef8; stroke: #2874a6; } .tt-c2.tt-mirror rect { fill: #2874a6; }\n"
           ".tt-c3 rect { fill: #e2f4e8; stroke: #1e8449; } .tt-c3.tt-mirror rect { fill: #1e8449; }\n"
           ".tt-c4 rect { fill: #f9e1df; stroke: #b03a2e; } .tt-c4.tt-mirror rect { fill: #b03a2e; }\n"
           ".tt-c5 rect { fill: #f7f0d5; stroke: #9a7d0a; } .tt-c5.tt-mirror rect { fill: #9a7d0a; }\n"
           ".tt-player { font: 600 14px sans-serif; fill: #222; }\n"
           ".tt-points { font: 700 14px sans-serif; fill: #222; }\n"
           ".tt-note { font: 11px sans-serif; fill: #666; }\n";
  }

  static std::string draw(const State& s) {
    const Catalog& cat = s.catalog();
    constexpr int kCardWidth = 56, kCardHeight = 76, kPitch = 64, kRowPitch = 84, kLeft = 34, kTop = 46;
    const int grid_right = kLeft + s.columns() * kPitch;
    const int panel = grid_right + 24, panel_width = 300, block = 78;
    const int height = std::max(kTop + s.rows() * kRowPitch + 10, 40 + s.players() * block);
    Svg svg(panel + panel_width, height, fmt::format("{}: {}", title, progress(s)), render(s));
    std::string caption;
    if (s.is_over())
      caption = "The game is over";
    else if (s.deal_due())
      caption = fmt::format("Round {} is to be dealt; {} starts it", s.round(), s.name(s.starter()));
    else
      caption = fmt::format("{} to play, taking {}", s.name(s.to_move().seat),
                            s.max_take() == 1 ? "exactly 1 card" : fmt::format("1 to {} cards", s.max_take()));
    svg.text(kLeft, 18, caption, "tt-caption", "start");
    for (int c = 0; c < s.columns(); ++c)
      svg.text(kLeft + c * kPitch + kCardWidth / 2, kTop - 8, std::string(1, static_cast<char>('a' + c)), "tt-label");
    for (int r = 0; r < s.rows(); ++r) {
      svg.text(kLeft - 14, kTop + r * kRowPitch + kCardHeight / 2 + 5, std::to_string(r + 1), "tt-label");
      for (int c = 0; c < s.columns(); ++c) {
        const tt::Cell cell{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)};
        const int x = kLeft + c * kPitch, y = kTop + r * kRowPitch;
        const auto& card = s.deal_due() || s.is_over() ? std::optional<tt::Card>() : s.at(cell);
        if (!card) {
          const int by = s.deal_due() || s.is_over() ? 0 : s.emptied_by(cell);
          svg.open("tt-spot", by ? fmt::format("{}: empty, taken by move {}", cell.name(), by)
                                 : fmt::format("{}: empty", cell.name()));
          svg.rect(x, y, kCardWidth, kCardHeight, "", 6);
          if (by) svg.text(x + kCardWidth / 2, y + kCardHeight / 2 + 4, fmt::format("move {}", by), "");
          svg.close();
        } else if (card->is_alice()) {
          svg.open("tt-card tt-alice", fmt::format("{}: the Alice card", cell.name()));
          svg.rect(x, y, kCardWidth, kCardHeight, "", 6);
          svg.text(x + kCardWidth / 2, y + kCardHeight / 2 + 6, "Alice", "tt-code");
          svg.close();
        } else {
          const bool mirror = card->side == tt::Side::mirror;
          const tt::Character& who = cat.characters[card->character];
          svg.open(fmt::format("tt-card tt-c{}{}", card->character % 6, mirror ? " tt-mirror" : ""),
                   fmt::format("{}: {}", cell.name(), card_name(cat, *card)));
          svg.rect(x, y, kCardWidth, kCardHeight, "", 6);
          svg.text(x + kCardWidth / 2, y + kCardHeight / 2 + 4, who.code + (mirror ? "~" : ""), "tt-code");
          svg.text(x + kCardWidth / 2, y + kCardHeight - 8, who.name, who.name.size() > 10 ? "tt-name tt-long" : "tt-name");
          svg.close();
        }
      }
    }
    // Collections: a chip per character held, the mirror side dark, with its count.
    const std::vector<int> scores = s.scores();
    for (int p = 0; p < s.players(); ++p) {
      const int y = 24 + p * block;
      svg.text(panel, y + 14, s.name(p), "tt-player", "start");
      svg.text(panel + panel_width - 10, y + 14, fmt::format("{} points", scores[p]), "tt-points", "end");
      int x = panel;
      for (int c = 0; c < tt::kCharacters; ++c) {
        const int n = s.collection(p, c);
        if (!n) continue;
        const tt::Character& who = cat.characters[c];
        svg.open(fmt::format("tt-card tt-c{}{}", c % 6, n < 0 ? " tt-mirror" : ""),
                 fmt::format("{}: {} {} card{}, {} points", who.name, std::abs(n), n > 0 ? "normal" : "mirror",
                             std::abs(n) == 1 ? "" : "s", tt::points_for_cards(std::abs(n))));
        svg.rect(x, y + 22, 36, 30, "", 4);
        svg.text(x + 18, y + 43, fmt::format("{}{}", std::abs(n), who.code), "tt-code tt-small");
        svg.close();
        x += 42;
      }
      if (s.alice_holder() == p) {
        svg.open("tt-card tt-alice", fmt::format("holds the Alice card ({} points)", tt::kAliceCardPoints));
        svg.rect(x, y + 22, 36, 30, "", 4);
        svg.text(x + 18, y + 42, "Alice", "tt-note");
        svg.close();
        x += 42;
      }
      std::string note = s.cancelled(p) ? fmt::format("{} pair{} cancelled", s.cancelled(p), s.cancelled(p) == 1 ? "" : "s")
                                        : std::string();
      if (x == panel) note = note.empty() ? "no cards yet" : "no cards; " + note;
      if (!note.empty()) svg.text(x == panel ? panel : x + 4, y + 42, note, "tt-note", "start");
    }
    return svg.str();
  }

  static std::string describe(const State& s, const Move& m) {
    if (m.kind == Move::Kind::deal) return "deals the grid";
    std::string out = "takes ";
    for (int i = 0; i < m.take.count; ++i) {
      const tt::Cell c = m.take.cells[i];
      out += (i ? (i + 1 == m.take.count ? " and " : ", ") : "") + c.name();
      if (!s.on_grid(c.row, c.column))
        out += " (off the grid)";
      else if (const auto& card = s.at(c))
        out += " (" + card_name(s.catalog(), *card) + ")";
      else
        out += " (an empty spot)";
    }
    return out;
  }

  // explain, after a legal take: what it cancels in the taker's collection (TT-5), one for one
  // per character, and what is left; nothing where it cancels nothing.
  static std::string outcome(const State& s, const Move& m) {
    std::string out;
    if (m.kind != Move::Kind::take) return out;
    std::array<int, tt::kCharacters> normal{}, mirror{};
    for (int i = 0; i < m.take.count; ++i) {
      const tt::Card card = *s.at(m.take.cells[i]);  // legal: every spot holds a card
      if (!card.is_alice()) ++(card.side == tt::Side::mirror ? mirror : normal)[card.character];
    }
    for (int ch = 0; ch < tt::kCharacters; ++ch) {
      const int before = s.collection(m.take.seat, ch), after = before + normal[ch] - mirror[ch];
      const int pairs = (std::abs(before) + normal[ch] + mirror[ch] - std::abs(after)) / 2;
      if (pairs == 0) continue;
      out += fmt::format("  {}: {} pair{} cancel{} (TT-5); {} keeps {}\n", s.catalog().characters[ch].name, pairs,
                         pairs == 1 ? "" : "s", pairs == 1 ? "s" : "", s.name(m.take.seat),
                         after == 0 ? std::string("none") : fmt::format("{} {}", std::abs(after), after > 0 ? "normal" : "mirror"));
    }
    return out;
  }

  static std::pair<std::string, std::string> entry(const State& s, const Move& m, const GenOptions&) {
    std::string text;
    if (m.kind == Move::Kind::deal) {
      for (int i = 0; i < m.deal.count; ++i) {
        if (i) text += i % s.columns() == 0 ? " / " : " ";
        text += card_code(s.catalog(), m.deal.cards[i]);
      }
      return {"deal", text};
    }
    for (int i = 0; i < m.take.count; ++i) {
      if (i) text += ' ';  // appended apart: GCC 12's -Wrestrict misfires on `"..." + std::string`
      text += m.take.cells[i].name();
    }
    return {s.name(m.take.seat), text};
  }

  static std::vector<std::string> score_breakdown(const State& s, int seat) {
    std::vector<std::string> out;
    for (int c = 0; c < tt::kCharacters; ++c) {
      int n = s.collection(seat, c);
      out.push_back(fmt::format(
          "{} {} for {}", s.catalog().characters[c].name, tt::points_for_cards(std::abs(n)),
          n == 0 ? std::string("no card")
                 : fmt::format("{} {} card{}", std::abs(n), n > 0 ? "normal" : "mirror", std::abs(n) == 1 ? "" : "s")));
    }
    if (s.alice_holder() == seat) out.push_back(fmt::format("Alice card {}", tt::kAliceCardPoints));
    return out;
  }

  static std::string winner_note(const State& s) {
    std::vector<int> scores = s.scores();
    std::vector<int> winners = s.winners();
    int best = scores[winners.front()];
    std::vector<int> tied;
    for (int p = 0; p < s.players(); ++p)
      if (scores[p] == best) tied.push_back(p);
    auto names = [&](const std::vector<int>& seats) {
      std::string out;
      for (std::size_t i = 0; i < seats.size(); ++i)
        out += (i ? (i + 1 == seats.size() ? " and " : ", ") : "") + s.name(seats[i]);
      return out;
    };
    if (tied.size() == 1) return fmt::format("Winner: {} with {} points.", s.name(winners[0]), best);
    if (winners.size() == 1)  // the reading 'alice-card-breaks-ties'
      return fmt::format("Winner: {}: {} tie on {} points, and {} holds the Alice card [TT-7].", s.name(winners[0]),
                         names(tied), best, s.name(winners[0]));
    const bool holder_tied = std::find(tied.begin(), tied.end(), s.alice_holder()) != tied.end();
    if (holder_tied)
      return fmt::format("Shared win: {} tie on {} points; the Alice card ({}) does not break a tie [TT-7].",
                         names(tied), best, s.name(s.alice_holder()));
    return fmt::format("Shared win: {} tie on {} points [TT-7].", names(tied), best);
  }

  static std::string tie_break(const State& s) {
    const std::vector<int> winners = s.winners();
    if (winners.size() > 1) return {};
    const int best = s.points(winners.front());
    for (int p = 0; p < s.players(); ++p)
      if (p != winners.front() && s.points(p) == best) return "tie broken by the Alice card, TT-7";
    return {};
  }

  static const std::vector<Ruling>& rulings() { return tt::rulings(); }
};

}  // namespace

const GameModule& tea_time_module() {
  static const ModuleFor<TeaTime> module;
  return module;
}

}  // namespace wonderlog
