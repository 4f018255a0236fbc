// AlicematiC Heroes' module: its notation bound to engine moves, its headers (kingdoms,
// tiles, hands), and its map, Kingdoms and invasions drawn for a person.
#include <fmt/format.h>

#include "engine/alicematic/catalog.h"
#include "engine/alicematic/rulings.h"
#include "engine/alicematic/state.h"
#include "engine/core/rng.h"
#include "grammar/alicematic/notation.h"
#include "verifier/bundled_catalogs.h"
#include "verifier/replay.h"
#include "verifier/view/alicematic_drawing.h"

namespace wonderlog {
namespace {

namespace ah = alicematic;
namespace notation = grammar::alicematic;
using ah::Colour;

std::nullopt_t refuse(SetupProblem& problem, const char* header, Span span, ErrorKind kind, Violation violation) {
  problem.header = header;
  problem.span = span;
  problem.kind = kind;
  problem.violation = std::move(violation);
  return std::nullopt;
}

Violation setup_violation(const char* rule, std::string message) { return Violation{rule, std::move(message), {}, false}; }

std::string card_names(const ah::Catalog& catalog, const ah::CardList& list) {
  std::string out;
  for (int i = 0; i < list.size(); ++i) out += (i ? ", " : "") + catalog.cards[list.cards[i]].name;
  return out;
}

std::string pay_text(const std::array<std::uint8_t, ah::kResources>& pay) {
  std::string out;
  for (int r = 0; r < ah::kResources; ++r)
    if (pay[r]) out += fmt::format("{}{} {}", out.empty() ? " pay " : ", ", pay[r], ah::resource_name(static_cast<ah::Resource>(r)));
  return out;
}

// A placement drawn from the seed: the first tiles of a shuffled box, each turned at random.
std::vector<ah::Placement> seeded_placements(const ah::Catalog& catalog, const ah::Layout& layout, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<int> box;
  for (std::size_t i = 0; i < catalog.tiles.size(); ++i) box.push_back(static_cast<int>(i));
  shuffle(box, rng);
  std::vector<ah::Placement> out;
  for (std::size_t p = 0; p < layout.positions.size(); ++p)
    out.push_back(ah::Placement{box[p], static_cast<int>(rng.below(6))});
  return out;
}

std::string placements_text(const ah::Catalog& catalog, const std::vector<ah::Placement>& placements) {
  std::string out;
  for (const auto& p : placements) out += fmt::format("{}{}/{}", out.empty() ? "" : " ", catalog.tiles[p.tile].id, p.turn);
  return out;
}

std::string space_words(const ah::State& s, int space) {
  const ah::Space& sp = s.board().space(space);
  if (sp.colour == Colour::city) return fmt::format("{} (City, difficulty {})", s.board().name(space), sp.difficulty);
  if (sp.colour == Colour::forest) return fmt::format("{} (Mystic Forest)", s.board().name(space));
  return fmt::format("{} ({} {})", s.board().name(space), ah::colour_name(sp.colour), sp.difficulty);
}

struct AlicematicHeroes {
  using State = ah::State;
  using Move = ah::Move;
  using Catalog = ah::Catalog;
  static constexpr std::string_view id = "alicematic-heroes";
  static constexpr std::string_view title = "AlicematiC Heroes";
  static constexpr std::string_view standard_catalog = "alicematic-heroes";
  static constexpr bool uses_seed = true;  // AH-2 (the map) and AH-26 (an open log's deck)
  static constexpr bool has_rounds = true;
  static constexpr std::string_view round_rule = "AH-6";
  static constexpr std::string_view end_rule = "AH-6";  // what an entry after the end is refused by
  // explain: AH-28's readings decide whether her turn is still open after her Invasion entry, so
  // the position itself where a turn is open, or `m` is the entry of the player whose turn has
  // just ended; its other readings are not judged there. Elsewhere (another player's `use` in the
  // middle of a turn) the position is the same under each, and they are judged.
  static std::string_view position_shaped_by(const State& s, const Move& m, std::string_view ruling) {
    if (ruling != "AH-28") return "";
    const int before = (s.to_move().seat + s.players() - 1) % s.players();
    return s.window_open() || m.seat == before ? "whether her turn is still open" : "";
  }
  // A round line written while a turn's Invasion entry is due: right after a Commoner, that the
  // Invasion step is still due is AH-14's question.
  static std::string_view round_rule_at(const State& s) {
    return s.phase() == State::Phase::invasion && s.just_played_commoner() ? "AH-14" : round_rule;
  }
  static constexpr std::string_view result_rule = "AH-25";

  static Catalog load_catalog(const std::string& path) { return ah::load_catalog(path, bundled_catalogs()); }
  static const std::string& catalog_id(const Catalog& c) { return c.id; }
  static bool is_event(std::string_view label) { return iequals(label, "deal"); }
  static std::vector<std::string_view> events() { return {"deal"}; }
  static std::vector<std::string_view> headers() { return {"kingdoms", "tiles", "hands"}; }
  static std::vector<std::string_view> viewers() { return {}; }
  static std::string viewer_title(std::string_view viewer) { return std::string(viewer); }
  static bool redact_header(const std::string&, std::string_view) { return true; }
  static std::optional<std::string> redact_entry(const State&, const Move&, std::string_view) { return std::nullopt; }

  static bool canonical_header(std::string_view name, std::string_view value, std::string& out, SyntaxError& error) {
    if (name == "kingdoms") {
      std::vector<notation::WordToken> names;
      if (!notation::parse_names(value, names, error)) return false;
      out.clear();
      for (const auto& n : names) out += (out.empty() ? "" : ", ") + std::string(n.text);
      return true;
    }
    if (name == "tiles") {
      std::vector<notation::PlacementToken> tiles;
      if (!notation::parse_tiles(value, tiles, error)) return false;
      out.clear();
      for (const auto& t : tiles) out += fmt::format("{}{}/{}", out.empty() ? "" : " ", t.tile.text, t.turn);
      return true;
    }
    out = ascii_lower(trim(value));
    return true;
  }

  static GameHeaderLines generated_headers(const Catalog& catalog, const GenOptions& options) {
    std::string kingdoms;
    for (int i = 0; i < options.players && i < static_cast<int>(catalog.kingdoms.size()); ++i)
      kingdoms += (i ? ", " : "") + catalog.kingdoms[i];
    // In headers()' order, so that a generated log is already what fmt writes.
    GameHeaderLines out{{"kingdoms", kingdoms}};
    if (const ah::Layout* layout = catalog.layout_for(options.players))
      out.emplace_back("tiles", placements_text(catalog, seeded_placements(catalog, *layout, options.seed)));
    out.emplace_back("hands", options.table ? "secret" : "open");
    return out;
  }

  static std::optional<Violation> players_problem(int n) {
    if (n < 3 || n > ah::kMaxPlayers)
      return setup_violation("AH-3", fmt::format("AlicematiC Heroes is for 3 to 5 players, not {}", n));
    return std::nullopt;
  }

  static std::optional<State> make_state(const Catalog& catalog, const std::vector<std::string>& names,
                                         std::optional<std::uint64_t> seed, const GameHeaders& headers,
                                         const Readings& readings, SetupProblem& problem) {
    using K = ErrorKind;
    ah::Setup setup;
    setup.catalog = &catalog;
    setup.names = names;
    setup.readings = readings;
    const int n = static_cast<int>(names.size());
    if (auto v = players_problem(n)) return refuse(problem, "", {}, K::setup, *v);
    SyntaxError error;
    // kingdoms
    const std::string_view kingdoms = header_value(headers, "kingdoms");
    if (kingdoms.empty())
      return refuse(problem, "kingdoms", {}, K::setup,
                    setup_violation("AH-3", fmt::format("the game names no Kingdoms: add a header such as "
                                                        "'kingdoms: {}, {}, {}' (one per player, in seat order)",
                                                        catalog.kingdoms[0], catalog.kingdoms[1], catalog.kingdoms[2])));
    std::vector<notation::WordToken> chosen;
    if (!notation::parse_names(kingdoms, chosen, error))
      return refuse(problem, "kingdoms", Span{error.offset, error.offset + 1}, K::syntax,
                    Violation{"", error.text(), {}, false});
    if (static_cast<int>(chosen.size()) != n)
      return refuse(problem, "kingdoms", {}, K::setup,
                    setup_violation("AH-3", fmt::format("{} players need {} Kingdoms, one each in seat order; the "
                                                        "header names {}",
                                                        n, n, chosen.size())));
    for (std::size_t i = 0; i < chosen.size(); ++i) {
      auto k = catalog.find_kingdom(chosen[i].text);
      if (!k) {
        std::string all;
        for (const auto& name : catalog.kingdoms) all += (all.empty() ? "" : ", ") + name;
        std::string message = fmt::format("'{}' is not a Kingdom of catalog '{}' ({})", chosen[i].text, catalog.id, all);
        if (const std::string near = nearest_name(chosen[i].text, catalog.kingdoms); !near.empty())
          message += fmt::format("; did you mean '{}'?", near);
        return refuse(problem, "kingdoms", chosen[i].span, K::setup, setup_violation("AH-3", std::move(message)));
      }
      for (std::size_t j = 0; j < i; ++j)
        if (setup.kingdoms[j] == *k)
          return refuse(problem, "kingdoms", chosen[i].span, K::setup,
                        setup_violation("AH-3", fmt::format("{} and {} both chose the {}: each Kingdom is chosen "
                                                            "once",
                                                            names[j], names[i], catalog.kingdoms[*k])));
      setup.kingdoms.push_back(*k);
    }
    // hands
    const std::string_view hands = trim(header_value(headers, "hands"));
    if (!hands.empty() && !iequals(hands, "open") && !iequals(hands, "secret"))
      return refuse(problem, "hands", {}, K::syntax,
                    Violation{"",
                              fmt::format("expected 'open' (the log names every card) or 'secret' (a table log), "
                                          "found '{}'{}",
                                          hands, [&] {
                                            const std::string near = nearest_name(hands, {"open", "secret"});
                                            return near.empty() ? std::string() : " (did you mean '" + near + "'?)";
                                          }()),
                              {}, false});
    setup.open = iequals(hands, "open");
    if (setup.open) setup.deck_seed = seed;
    // the map
    const ah::Layout* layout = catalog.layout_for(n);
    if (!layout)
      return refuse(problem, "", {}, K::setup,
                    setup_violation("AH-2", fmt::format("catalog '{}' has no layout for {} players", catalog.id, n)));
    std::vector<ah::Placement> placements;
    const std::string_view tiles = header_value(headers, "tiles");
    if (!tiles.empty()) {
      std::vector<notation::PlacementToken> tokens;
      if (!notation::parse_tiles(tiles, tokens, error))
        return refuse(problem, "tiles", Span{error.offset, error.offset + 1}, K::syntax,
                      Violation{"", error.text(), {}, false});
      std::string positions;
      for (const auto& p : layout->positions) positions += p.name;
      if (tokens.size() != layout->positions.size())
        return refuse(problem, "tiles", {}, K::setup,
                      setup_violation("AH-1", fmt::format("the {}-player layout has {} positions ({}), so the header "
                                                          "places {} tiles; it places {}",
                                                          n, layout->positions.size(), positions,
                                                          layout->positions.size(), tokens.size())));
      for (const auto& t : tokens) {
        auto tile = catalog.find_tile(t.tile.text);
        if (!tile) {
          std::string ids;
          for (const auto& k : catalog.tiles) ids += (ids.empty() ? "" : " ") + k.id;
          return refuse(problem, "tiles", t.tile.span, K::setup,
                        setup_violation("AH-1", fmt::format("catalog '{}' has no tile '{}' (its tiles: {})", catalog.id,
                                                            t.tile.text, ids)));
        }
        if (t.turn > 5)
          return refuse(problem, "tiles", t.span, K::setup,
                        setup_violation("AH-1", "a tile's turn is 0 to 5 (steps of 60 degrees clockwise)"));
        for (const auto& p : placements)
          if (p.tile == *tile)
            return refuse(problem, "tiles", t.tile.span, K::setup,
                          setup_violation("AH-1", fmt::format("tile {} is placed twice: the box has one of each",
                                                              t.tile.text)));
        placements.push_back(ah::Placement{*tile, static_cast<int>(t.turn)});
      }
    } else if (seed) {
      placements = seeded_placements(catalog, *layout, *seed);
    } else {
      return refuse(problem, "tiles", {}, K::setup,
                    setup_violation("AH-2", "the game has no map: add a 'tiles' header (a tile and its turn per "
                                            "position, like 'tiles: 7/0 3/2 ...') or a 'seed' to draw them from"));
    }
    std::string why;
    setup.board = ah::Board::build(catalog, *layout, placements, why);
    if (!setup.board) return refuse(problem, "tiles", {}, K::setup, setup_violation("AH-1", why));
    if (auto v = State::check(setup)) return refuse(problem, "kingdoms", {}, K::setup, *v);
    return std::optional<State>(std::in_place, std::move(setup));  // built in place, not moved there
  }

  // Card names to catalog indices, into `out`; false, with `bound` refusing the first name that
  // is none, where it is written. Inline: asked two or three times of every move, most often of
  // no names, its call cost more than its loop.
  template <std::size_t N>
  [[gnu::always_inline]] static bool cards_of(const State& state, const notation::Words<N>& words, ah::CardList& out,
                                              Bound<Move>& bound) {
    for (const auto& w : words) {
      auto c = state.catalog().find_card(w.text);
      if (!c) {
        bound = unknown_card(state, w);
        return false;
      }
      out.push(*c);
    }
    return true;
  }
  static Bound<Move> unknown_card(const State& state, const notation::WordToken& w) {
    std::string message = fmt::format("expected an Alice of catalog '{}', found '{}', which is not one of its cards",
                                      state.catalog().id, w.text);
    std::vector<std::string> names;
    for (const ah::Card& c : state.catalog().cards) names.push_back(c.name);
    if (const std::string near = nearest_name(w.text, names); !near.empty())
      message += fmt::format(" (did you mean '{}'?)", near);
    return Bound<Move>::error(ErrorKind::syntax, w.span, "", message);
  }

  // The slot missing or misspelt after the card `name` of a summon or Commoner: pointed at where
  // it is written, `found` (a view of `text`: the word read for it, or the empty end of the line).
  static SyntaxError slot_after(std::string_view text, std::string_view name, std::string_view found) {
    SyntaxError e;
    e.offset = static_cast<std::uint32_t>(found.data() - text.data());
    e.width = static_cast<std::uint32_t>(std::max<std::size_t>(1, found.size()));
    e.expected = fmt::format("the Alice's slot after '{}': red, blue, yellow, green or white", name);
    e.found = describe_found(text.substr(e.offset));
    return e;
  }
  // What a `use` of `card` by `who` writes after the Alice's name: the thing ("a token colour"),
  // what it is for ("red, yellow or green: the token Dinah gives for a green one"), and the words
  // that may stand there where they are few. Empty where her effect takes nothing there.
  struct UseArgument {
    std::string thing, detail;
    std::vector<std::string> words;
  };
  static UseArgument use_argument(const ah::Card& card, const std::string& who) {
    using Step = ah::Step;
    if (card.effects.empty()) return {};
    for (const Step& s : card.effects.front().steps) switch (s.kind) {
        case Step::Kind::swap_token: {
          // The colours she may give: not the one she gets (AH-33 refuses a swap for the same).
          std::vector<std::string> give;
          for (const ah::Resource r : {ah::Resource::red, ah::Resource::yellow, ah::Resource::green})
            if (r != s.token) give.emplace_back(ah::resource_name(r));
          return {"a token colour",
                  fmt::format("{} or {}: the token {} gives for a {} one", give[0], give[1], who,
                              ah::resource_name(s.token)),
                  give};
        }
        case Step::Kind::flip_marker:
          return {"a space", fmt::format("the one whose 'under attack' token {} flips, like c3", who), {}};
        case Step::Kind::steal_token:
          return {"'from' and a player",
                  fmt::format("the one {} takes a {} token from", who, ah::resource_name(s.token)), {}};
        case Step::Kind::flip_card_down: return {"'on' and an Alice", "the one turned face down, like 'on Ninja'", {}};
        case Step::Kind::flip_card_up:
          return {"'on', a card and its slot", "the card turned face up, like 'on Hunter red'", {}};
        case Step::Kind::copy_effect: return {"", "copy", {}};  // what follows is the copied effect's
        default: break;
      }
    return {};
  }
  // 'use Chinese blue', 'use Chinese gren': the word right after a used Alice's name is not what
  // her effect takes there. The error is put at that word, with what she takes (found in review:
  // the first was "expected the end of the move", the second an unknown card 'Chinese gren').
  static std::optional<SyntaxError> misread_use_argument(std::string_view text, const ah::Card& card,
                                                         const std::string& who, std::string_view word) {
    const UseArgument arg = use_argument(card, who);
    if (arg.detail == "copy") return std::nullopt;  // a copying Alice takes what the copied effect takes
    SyntaxError e;
    e.offset = static_cast<std::uint32_t>(word.data() - text.data());
    e.width = static_cast<std::uint32_t>(word.size());
    e.expected = arg.thing.empty()
                     ? fmt::format("the end of the move ({}'s effect takes nothing after her name)", card.name)
                     : fmt::format("{} after '{}' ({})", arg.thing, card.name, arg.detail);
    e.found = describe_found(text.substr(e.offset));
    if (const std::string near = nearest_name(word, arg.words); !near.empty())
      e.found += fmt::format(" (did you mean '{}'?)", near);
    return e;
  }

  // The tokens bind() reads an entry into: one per thread, kept from entry to entry (parse_move
  // empties it first), as notation_error() is. Made afresh for every entry, its several hundred
  // bytes were set twice and its lists freed once, about 2% of AlicematiC's instructions.
  static notation::MoveTokens& move_tokens() {
    thread_local notation::MoveTokens tokens;
    return tokens;
  }

  static Bound<Move> bind(const State& state, int seat, std::string_view /*label*/, std::string_view text) {
    SyntaxError& error = notation_error();
    // Every return is this one object, filled where the caller wants it: a Move built apart
    // and copied in (its card lists too) cost more than reading most entries.
    Bound<Move> bound;
    Move& m = bound.move.emplace();
    if (seat < 0) {  // an event, a deal: no other entry without a seat is bound (replay.h)
      // "deal: Arthur Hermit, Diva, ..." — the player, then the hand.
      std::size_t skip = 0;
      const std::string_view t = text;
      const int who = leading_player(state, t, skip);
      if (who < 0) {
        bound = not_a_leading_player<Move>(state, t);
        return bound;
      }
      notation::Words<8> cards;
      if (!notation::parse_cards(t.substr(skip), cards, error)) {
        bound = Bound<Move>::error(
            ErrorKind::syntax,
            Span{static_cast<std::uint32_t>(skip + error.offset), static_cast<std::uint32_t>(skip + error.offset + 1)},
            "", error.text());
        return bound;
      }
      for (auto& w : cards.items)
        w.span = Span{w.span.begin + static_cast<std::uint32_t>(skip), w.span.end + static_cast<std::uint32_t>(skip)};
      m.kind = Move::Kind::deal;
      m.seat = static_cast<std::uint8_t>(who);
      cards_of(state, cards, m.named, bound);
      return bound;
    }
    notation::MoveTokens& t = move_tokens();
    if (!notation::parse_move(text, t, error)) {
      // 'summon Chinese purple': a name is read over several words, so a misspelt slot was read as
      // the name's last word, and the slot found missing at the end. Where the words are no card,
      // the last one is pointed at instead (found in review: "found end of line", 'purple' in sight).
      const std::string_view card = t.card.text;
      if (error.expected == notation::kSlotAfterName && card.find(' ') != std::string_view::npos &&
          !state.catalog().find_card(card)) {
        const std::size_t gap = card.find_last_of(" \t");
        error = slot_after(text, card.substr(0, card.find_last_not_of(" \t", gap) + 1), card.substr(gap + 1));
      }
      // `commoner Bunny Girl`: with no slot after it, a name of several words was given back and
      // its first word read as a slot (found in review: "found 'Bunny'", at the blank before it).
      // The card is the name, or all but a misspelt slot after it, as for a summon.
      if (t.kind == notation::MoveTokens::Kind::commoner && error.expected.starts_with("the slot (and")) {
        const std::size_t keyword = text.find_first_not_of(" \t");
        const std::size_t from = std::min(text.size(), text.find_first_not_of(" \t", keyword + 8));
        const std::string_view rest = trim(text.substr(from));
        const std::size_t gap = rest.find_last_of(" \t");
        if (state.catalog().find_card(rest))
          error = slot_after(text, rest, text.substr(static_cast<std::size_t>(rest.data() + rest.size() - text.data())));
        else if (gap != std::string_view::npos && state.catalog().find_card(trim(rest.substr(0, gap))))
          error = slot_after(text, trim(rest.substr(0, gap)), rest.substr(gap + 1));
      }
      // Right after the used Alice's name only: a word after her argument is an extra one.
      if (t.kind == notation::MoveTokens::Kind::use && error.expected == "the end of the move" && !t.card.text.empty()) {
        const std::size_t name_end = static_cast<std::size_t>(t.card.text.data() + t.card.text.size() - text.data());
        const auto c = state.catalog().find_card(t.card.text);
        if (c && error.offset > name_end && trim(text.substr(name_end, error.offset - name_end)).empty()) {
          const std::string_view rest = text.substr(error.offset);
          if (auto e = misread_use_argument(text, state.catalog().cards[*c], state.name(seat),
                                            rest.substr(0, rest.find_first_of(" \t#"))))
            error = std::move(*e);
        }
      }
      bound = Bound<Move>::error(ErrorKind::syntax, Span{error.offset, error.offset + std::max(1u, error.width)}, "",
                                 error.text());
      return bound;
    }
    m.seat = static_cast<std::uint8_t>(seat);
    using K = notation::MoveTokens::Kind;
    auto space_of = [&](const notation::WordToken& w) -> std::optional<int> { return state.board().find(w.text); };
    auto no_space = [&](const notation::WordToken& w) {
      // "a to i" when the positions are letters in a run, as on every map so far; else a list.
      std::vector<std::string> names;
      for (int p = 0; p < state.board().positions(); ++p) names.emplace_back(state.board().position_name(p));
      bool run = true;
      for (std::size_t i = 0; i < names.size(); ++i)
        run = run && names[i].size() == 1 && names[i][0] == names[0][0] + static_cast<char>(i);
      const std::string positions =
          run && names.size() > 2 ? names.front() + " to " + names.back() : fmt::format("{}", fmt::join(names, ", "));
      bound = Bound<Move>::error(ErrorKind::illegal_move, w.span, "AH-1",
                                 fmt::format("there is no space '{}' on this map: its positions are {}, each with "
                                             "spaces 0 (the City) to 6",
                                             w.text, positions));
    };
    if (t.draw_count >= 0) {
      // 'draws 1': a blue bonus drawn in part (AH-22's 'up-to'); 'draws 0' names none in an open log.
      m.draw_count = static_cast<std::int8_t>(t.draw_count);
      m.draws_named = state.open() && t.draw_count == 0;
    } else if (t.draws) {
      m.draws_named = true;
      if (!cards_of(state, t.drawn, m.drawn, bound)) return bound;
    }
    if (!cards_of(state, t.declined, m.declined, bound)) return bound;
    for (int i = 0; i < t.payments; ++i) {
      const auto& p = t.pay[i];
      const int r = iequals(p.resource.text, "red") ? 0 : iequals(p.resource.text, "yellow") ? 1 : 2;
      if (m.pay[r]) {
        bound = Bound<Move>::error(ErrorKind::syntax, p.resource.span, "",
                                   fmt::format("{} tokens are named twice in one payment", p.resource.text));
        return bound;
      }
      m.pay[r] = static_cast<std::uint8_t>(std::min(99u, p.amount));
    }
    switch (t.kind) {
      case K::keep:
        m.kind = Move::Kind::mulligan;
        m.draws_named = state.open();
        break;
      case K::mulligan:
        m.kind = Move::Kind::mulligan;
        if (t.discards >= 0) {
          m.discards = static_cast<std::uint8_t>(t.discards);
          if (state.open()) {
            bound = Bound<Move>::error(ErrorKind::illegal_move, t.discards_span, "AH-4",
                                       "an open log names the cards a mulligan discards, like 'mulligan Diva, Ninja "
                                       "draws Saint, Jet'");
            return bound;
          }
        } else if (!cards_of(state, t.cards, m.named, bound)) {
          return bound;
        }
        break;
      case K::city: {
        auto p = state.board().find_position(t.target.text);
        if (!p) {
          no_space(t.target);
          return bound;
        }
        m.kind = Move::Kind::city;
        m.space = static_cast<std::int16_t>(ah::Board::city_of(*p));
        break;
      }
      case K::summon:
      case K::commoner: {
        m.kind = t.kind == K::summon ? Move::Kind::summon : Move::Kind::commoner;
        m.slot = *ah::slot_of(t.slot.text);
        if (!t.card.text.empty()) {
          auto c = state.catalog().find_card(t.card.text);
          if (!c) {
            bound = unknown_card(state, t.card);
            return bound;
          }
          m.card = static_cast<std::int8_t>(*c);
        }
        break;
      }
      case K::draw:
        m.kind = Move::Kind::draw;
        break;
      case K::invade:
      case K::attack: {
        auto s = space_of(t.target);
        if (!s) {
          no_space(t.target);
          return bound;
        }
        m.kind = t.kind == K::invade ? Move::Kind::invade : Move::Kind::attack;
        m.space = static_cast<std::int16_t>(*s);
        break;
      }
      case K::pass:
        m.kind = Move::Kind::pass;
        break;
      case K::use: {
        m.kind = Move::Kind::use;
        auto c = state.catalog().find_card(t.card.text);
        if (!c) {
          // A name read over several words may be an Alice and words her effect does not take
          // (`use Chinese gren`, `use Hermit Bunny Girl`): the longest first words that are one.
          const std::string_view name = t.card.text;
          for (std::size_t gap = name.find_last_of(" \t"); gap != std::string_view::npos && gap > 0;
               gap = name.find_last_of(" \t", gap - 1))
            if (const auto first = state.catalog().find_card(trim(name.substr(0, gap)))) {
              const std::string_view rest = trim(name.substr(gap + 1));
              if (auto e = misread_use_argument(text, state.catalog().cards[*first], state.name(seat), rest)) {
                error = std::move(*e);
                bound = Bound<Move>::error(ErrorKind::syntax, Span{error.offset, error.offset + error.width}, "",
                                           error.text());
                return bound;
              }
              break;
            }
          bound = unknown_card(state, t.card);
          return bound;
        }
        m.card = static_cast<std::int8_t>(*c);
        if (!t.on_card.text.empty()) {
          auto on = state.catalog().find_card(t.on_card.text);
          if (!on) {
            bound = unknown_card(state, t.on_card);
            return bound;
          }
          m.target = static_cast<std::int8_t>(*on);
        }
        if (!t.on_slot.text.empty()) {
          m.target_slot_named = true;
          m.target_slot = *ah::slot_of(t.on_slot.text);
        }
        if (!t.target.text.empty()) {
          auto sp = space_of(t.target);
          if (!sp) {
            no_space(t.target);
            return bound;
          }
          m.space = static_cast<std::int16_t>(*sp);
        }
        if (!t.token.text.empty()) m.token = static_cast<std::int8_t>(*ah::resource_of(*ah::slot_of(t.token.text)));
        if (!cards_of(state, t.cards, m.named, bound)) return bound;
        if (!t.victim.text.empty()) {
          const std::string_view who = trim(t.victim.text);
          for (int p = 0; p < state.players(); ++p)
            if (iequals(state.name(p), who)) m.victim = static_cast<std::int8_t>(p);
          if (m.victim < 0) {
            std::vector<std::string> names;
            for (int p = 0; p < state.players(); ++p) names.push_back(state.name(p));
            std::string message = fmt::format("expected a player's name after 'from', found '{}'", who);
            if (const std::string near = nearest_name(who, names); !near.empty())
              message += fmt::format(" (did you mean '{}'?)", near);
            {
              bound = Bound<Move>::error(ErrorKind::syntax, t.victim.span, "", message);
              return bound;
            }
          }
        }
        break;
      }
    }
    return bound;
  }

  static bool canonical(std::string_view label, std::string_view text, std::string& out, SyntaxError& error) {
    if (is_event(label)) {
      out = std::string(trim(text));
      return true;
    }
    notation::MoveTokens t;
    if (!notation::parse_move(text, t, error)) return false;
    auto list = [](const auto& w) {
      std::string s;
      for (const auto& x : w) s += (s.empty() ? "" : ", ") + std::string(x.text);
      return s;
    };
    std::string pay;
    for (int i = 0; i < t.payments; ++i)
      pay += fmt::format("{}{} {}", i ? ", " : " pay ", t.pay[i].amount, ascii_lower(t.pay[i].resource.text));
    const std::string draws = t.draw_count >= 0 ? " draws " + std::to_string(t.draw_count)
                              : t.draws         ? " draws " + list(t.drawn)
                                                : "";
    const std::string declines = t.declined.size() ? " declines " + list(t.declined) : "";
    switch (t.kind) {
      case notation::MoveTokens::Kind::keep:
        out = "keep";
        break;
      case notation::MoveTokens::Kind::mulligan:
        out = "mulligan " + (t.discards >= 0 ? std::to_string(t.discards) : list(t.cards)) + draws;
        break;
      case notation::MoveTokens::Kind::city:
        out = "city " + ascii_lower(t.target.text);
        break;
      case notation::MoveTokens::Kind::summon:
        out = fmt::format("summon {} {}{}{}", t.card.text, ascii_lower(t.slot.text), pay, declines);
        break;
      case notation::MoveTokens::Kind::commoner:
        out = fmt::format("commoner {}{}{}{}{}", t.card.text.empty() ? "" : std::string(t.card.text) + " ",
                          ascii_lower(t.slot.text), pay, draws, declines);
        break;
      case notation::MoveTokens::Kind::draw:
        out = "draw" + (t.draws ? " " + list(t.drawn) : std::string());
        break;
      case notation::MoveTokens::Kind::invade:
        out = "invade " + ascii_lower(t.target.text) + pay + draws + declines;
        break;
      case notation::MoveTokens::Kind::attack:
        out = "attack " + ascii_lower(t.target.text) + pay;
        break;
      case notation::MoveTokens::Kind::pass:
        out = "pass";
        break;
      case notation::MoveTokens::Kind::use:
        out = "use " + std::string(t.card.text);
        if (!t.on_card.text.empty()) out += " on " + std::string(t.on_card.text);
        if (!t.on_slot.text.empty()) out += " " + ascii_lower(t.on_slot.text);
        if (!t.target.text.empty()) out += " " + ascii_lower(t.target.text);
        if (!t.token.text.empty()) out += " " + ascii_lower(t.token.text);
        if (t.cards.size()) out += " discards " + list(t.cards);
        out += draws + declines;
        if (!t.victim.text.empty()) out += " from " + std::string(trim(t.victim.text));
        break;
    }
    return true;
  }

  static std::optional<Move> seeded_chance(const State& state) {
    if (state.phase() != State::Phase::deal || !state.deck_known()) return std::nullopt;
    return state.legal_moves().front();
  }
  static int round(const State& state) { return state.round(); }
  static bool round_start(const State& state) {
    return state.phase() == State::Phase::politics && state.to_move().seat == 0 && state.round() >= 1;
  }

  static std::string progress(const State& s) {
    switch (s.phase()) {
      case State::Phase::deal:
        return "the set-up, dealing";
      case State::Phase::mulligan:
        return fmt::format("the set-up, {}'s mulligan", s.name(s.to_move().seat));
      case State::Phase::cities:
        return fmt::format("the set-up, {} picking a starting City", s.name(s.to_move().seat));
      case State::Phase::politics:
        return fmt::format("round {} of {}, {}'s Politics", s.round(), ah::kRounds, s.name(s.to_move().seat));
      case State::Phase::invasion:
        if (s.commoner_ended_turn())
          return fmt::format("round {} of {}, just after {}'s Commoner, which ended her turn (AH-14)", s.round(),
                             ah::kRounds, s.name(s.to_move().seat));
        return fmt::format("round {} of {}, {}'s Invasion", s.round(), ah::kRounds, s.name(s.to_move().seat));
      case State::Phase::after_attack:
        if (s.attacked_space() < 0)
          return fmt::format("round {} of {}, just after {}'s Invasion entry", s.round(), ah::kRounds,
                             s.name(s.to_move().seat));
        return fmt::format("round {} of {}, just after {}'s attack on {}", s.round(), ah::kRounds,
                           s.name(s.to_move().seat), s.board().name(s.attacked_space()));
      case State::Phase::over:
        return "the end of the game";
    }
    return {};
  }
  // An entry of another player, a round line or the log's end closes the turn an attack left
  // open for a flip (AH-31); under AH-28's 'any-turn' a third player's may be a `use` in it,
  // which leaves it open (validate() judges it either way).
  // Returns the seat whose turn it ended, or -1.
  static int settle(State& s, int seat) {
    if (!s.window_open()) [[likely]]
      return -1;
    const int open = s.to_move().seat;
    return seat != open && !s.may_use_in_open_turn(seat) && s.close_window() ? open : -1;
  }
  // gen: another player's entry that comes in an open turn without ending it.
  static bool in_open_turn(const State& s, const Move& m) {
    return m.kind == ah::Move::Kind::use && s.may_use_in_open_turn(m.seat);
  }
  static std::string unfinished(const State&) { return "the game ends after round 14, when every player has had 14 turns"; }

  // The position as text: the map drawn as hexes (in colour on a terminal), the tiles and the
  // Mystic Forests, then table() (the tokens, the bank and each Kingdom).
  static std::string render(const State& s, const Paint& paint = {}) {
    const ah::Board& board = s.board();
    std::string out = "Map:\n" + ah::text_map(s, paint);
    std::vector<std::string> tiles;
    for (int p = 0; p < board.positions(); ++p) {
      const auto& placement = board.placements()[p];
      tiles.push_back(fmt::format("{} = tile {} turned {}{}", board.position_name(p), s.catalog().tiles[placement.tile].id,
                                  placement.turn, p == board.centre() ? " (centre)" : ""));
    }
    out += ah::wrapped("Tiles:", tiles);
    if (!board.groups().empty()) {
      std::vector<std::string> groups;
      for (const ah::ForestGroup& group : board.groups()) {
        std::string forests;
        for (const int f : group.forests) {
          if (!forests.empty()) forests += '+';
          forests += board.name(f);
        }
        groups.push_back(fmt::format("{} ({} around)", forests, group.surround.size()));
      }
      out += ah::wrapped("Mystic Forests (AH-19):", groups);
    }
    return out + table(s);
  }

  // The table without the map: the bank and the deck, and for each player her points, tokens,
  // the spaces she holds and attacks, her Kingdom's slots and her hand. The picture's text.
  static std::string table(const State& s) {
    const ah::Board& board = s.board();
    std::string out;
    out += fmt::format("Bank: {} red, {} yellow, {} green. Deck: {}, discards: {}.\n", s.bank(ah::Resource::red),
                       s.bank(ah::Resource::yellow), s.bank(ah::Resource::green),
                       ah::count_of(s.deck_size(), "card", "cards"), s.discard_size());
    for (int seat = 0; seat < s.players(); ++seat) {
      out += fmt::format("{} ({}): {} point{} in play, {} territory token{} left, tokens {} red {} yellow {} green\n",
                         s.name(seat), s.kingdom(seat), s.points(seat), s.points(seat) == 1 ? "" : "s",
                         s.tokens_left(seat), s.tokens_left(seat) == 1 ? "" : "s", s.resource(seat, ah::Resource::red),
                         s.resource(seat, ah::Resource::yellow), s.resource(seat, ah::Resource::green));
      std::string holds, attacks;
      for (int sp = 0; sp < board.size(); ++sp) {
        if (const int n = s.tokens_on(sp, seat))
          holds += (holds.empty() ? "" : ", ") + board.name(sp) + (n > 1 ? fmt::format(" x{}", n) : "");
        if (s.attacker(sp) == seat) attacks += (attacks.empty() ? "" : ", ") + board.name(sp);
      }
      out += fmt::format("  holds  {}\n", holds.empty() ? "-" : holds);
      if (!attacks.empty()) out += fmt::format("  under attack  {}\n", attacks);
      for (int c = 0; c < ah::kSlots; ++c) {
        std::string cards;
        for (const ah::SlotCard& card : s.slot(seat, static_cast<Colour>(c)))
          cards += (cards.empty() ? "" : ", ") +
                   (card.face_up ? s.catalog().cards[card.card].name +
                                       (card.copied >= 0 ? " (as " + s.catalog().cards[card.copied].name + ")" : "")
                                 : card.card >= 0 ? "Commoner (" + s.catalog().cards[card.card].name + ")" : "Commoner");
        out += fmt::format("  {:<7}{}\n", ah::colour_name(static_cast<Colour>(c)), cards.empty() ? "-" : cards);
      }
      std::string hand;
      for (std::size_t c = 0; c < s.catalog().cards.size(); ++c)
        for (int i = 0; i < s.hand_count(seat, static_cast<int>(c)); ++i)
          hand += (hand.empty() ? "" : ", ") + s.catalog().cards[c].name;
      if (s.hand_unknown(seat))
        hand += fmt::format("{}{} unknown card{}", hand.empty() ? "" : ", ", s.hand_unknown(seat),
                            s.hand_unknown(seat) == 1 ? "" : "s");
      out += fmt::format("  hand   {}\n", hand.empty() ? "empty" : hand);
    }
    return out;
  }

  // The picture of a position (wonderlog view): the map drawn once for the page, and on it each
  // position's tokens and Kingdoms; the picture's text is table(), the map's is in each hex.
  static std::string picture_style() { return ah::picture_style(); }
  static std::string picture_defs(const State& s) { return ah::map_defs(s); }
  static std::string draw(const State& s) {
    std::string caption = progress(s);
    if (!caption.empty() && caption[0] >= 'a' && caption[0] <= 'z') caption[0] = static_cast<char>(caption[0] - 32);
    return ah::draw_position(s, caption, fmt::format("{}: {}", title, progress(s)), table(s));
  }

  // gen plays like a keen beginner: she summons Alices and invades when she can, and puts
  // spaces under attack or plays Commoners otherwise. Uniform choices would mostly attack,
  // since most spaces are out of reach, and games would hardly score.
  static unsigned gen_weight(const State& s, const Move& m) {
    if (m.declined.size()) return 1;  // a player seldom declines an effect that happens by itself
    // Nor does she draw a blue bonus in part (AH-22's 'up-to').
    if (m.draw_count >= 0 || (s.open() && m.draws_named && m.drawn.size() < s.blue_bonus_of(m))) return 1;
    switch (m.kind) {
      case Move::Kind::invade: return 12;
      case Move::Kind::summon: return 6;
      case Move::Kind::use: return 3;
      default: return 1;
    }
  }

  // A card entering a slot: the effects it sets off by itself and are not declined (the summoned
  // Alice's own, Knight's token for the red slot...), for explain (AH-27, AH-35 to AH-40).
  static std::string entering_arithmetic(const State& s, const Move& m) {
    Move plain = m;
    plain.declined = {};
    if (s.validate(plain)) return {};  // by_itself() asks for a move that passes
    ah::CardList set_off;
    for (int card : s.by_itself(plain))
      if (std::find(m.declined.cards.begin(), m.declined.cards.end(), card) == m.declined.cards.end())
        set_off.push(card);
    if (set_off.size() == 0) return {};
    return fmt::format("Effects this entry sets off by itself (AH-27): {}\n", card_names(s.catalog(), set_off));
  }

  // 'use Detective on Hunter red' (the entry), or how it reads in a replay; `tail` (draws,
  // declines) comes before 'from'.
  static std::string use_text(const State& s, const Move& m, bool prose, const std::string& tail = "") {
    const Catalog& cat = s.catalog();
    std::string out = (prose ? "uses " : "use ") + cat.cards[m.card].name;
    if (m.target >= 0) out += " on " + cat.cards[m.target].name;
    if (m.target_slot_named) out += fmt::format(" {}", ah::colour_name(m.target_slot));
    if (m.space >= 0) out += " " + (prose ? space_words(s, m.space) : s.board().name(m.space));
    if (m.token >= 0) out += fmt::format(" {}", ah::resource_name(static_cast<ah::Resource>(m.token)));
    if (m.named.size()) out += (prose ? ", discarding " : " discards ") + card_names(cat, m.named);
    if (prose && m.draws_named && m.drawn.size()) out += ", drawing " + card_names(cat, m.drawn);
    out += tail;
    if (m.victim >= 0) out += " from " + s.name(m.victim);
    return out;
  }

  static std::string describe(const State& s, const Move& m) {
    std::string out = describe_plain(s, m);
    if (m.draw_count >= 0)  // a blue bonus drawn in part (AH-22's 'up-to')
      out += fmt::format(", drawing {} of the bonus's cards", m.draw_count);
    if (m.declined.size())
      out += ", declining the effect of " + card_names(s.catalog(), m.declined) + " (AH-27)";
    // Another player's `use` that comes in this turn (AH-28's 'any-turn'): whose turn it is in.
    if (m.kind == Move::Kind::use && s.to_move().is_player() && m.seat != s.to_move().seat &&
        (s.may_use_in_open_turn(m.seat) || !s.window_open()) &&
        s.readings().chosen(static_cast<int>(ah::Dispute::use_time)) == static_cast<int>(ah::UseTime::any_turn))
      out += fmt::format(", in {}'s turn (AH-28 read as 'any-turn')", s.name(s.to_move().seat));
    return out;
  }

  static std::string describe_plain(const State& s, const Move& m) {
    const Catalog& cat = s.catalog();
    switch (m.kind) {
      case Move::Kind::deal:
        return "is dealt " + card_names(cat, m.named);
      case Move::Kind::mulligan:
        if (s.open()) return m.named.size() ? "mulligans " + card_names(cat, m.named) : "keeps the hand dealt";
        return m.discards ? fmt::format("mulligans {} card{}", m.discards, m.discards == 1 ? "" : "s") : "keeps the hand dealt";
      case Move::Kind::city:
        return "picks the City " + space_words(s, m.space) + " as a starting City";
      case Move::Kind::summon:
        return fmt::format("summons {} (cost {}) into the {} slot", cat.cards[m.card].name, cat.cards[m.card].cost,
                           ah::colour_name(m.slot));
      case Move::Kind::commoner:
        return fmt::format("plays a Commoner{} into the {} slot and draws a card",
                           m.card >= 0 ? " (" + cat.cards[m.card].name + ")" : "", ah::colour_name(m.slot));
      case Move::Kind::draw:
        return "has an empty hand and draws 3";
      case Move::Kind::invade:
        return "invades " + space_words(s, m.space) +
               (m.pay == std::array<std::uint8_t, ah::kResources>{} ? "" : "," + pay_text(m.pay).replace(1, 3, "paying"));
      case Move::Kind::attack:
        return "puts " + space_words(s, m.space) + " under attack";
      case Move::Kind::pass:
        return "invades nothing";
      case Move::Kind::use:
        return use_text(s, m, true);
    }
    return {};
  }

  // The numbers behind an invasion, for explain (AH-15 to AH-22).
  static std::string arithmetic(const State& s, const Move& m) {
    if (m.kind == Move::Kind::use) return use_arithmetic(s, m);
    if (m.kind == Move::Kind::summon || m.kind == Move::Kind::commoner) return entering_arithmetic(s, m);
    if (m.kind != Move::Kind::invade && m.kind != Move::Kind::attack) return {};
    const ah::Invasion inv = s.assess(m.seat, m.space);
    const ah::Board& b = s.board();
    std::string out = "Arithmetic:\n";
    using T = ah::Invasion::Target;
    if (inv.target == T::own_attack) {
      out += fmt::format("  {} has {} under attack: invading it again flips the token; no power needed (AH-18)\n",
                         s.name(m.seat), b.name(m.space));
      for (const std::string& e : inv.effects) out += "    card effect: " + e + "\n";
    } else {
      // Yellow counts as red only as far as her token-use effects allow (Diva, AH-32), as the
      // refusal's facts say: the rest is said, and counted for nothing.
      const int yellow_counted = std::min<int>(m.pay[1], inv.yellow_as_red);
      const int paid = m.pay[0] + yellow_counted;
      std::string yellow = yellow_counted ? fmt::format(", {} of them yellow counted as red", yellow_counted) : "";
      if (const int not_counted = m.pay[1] - yellow_counted)
        yellow += fmt::format("; {} yellow, which {} not count as red", not_counted, not_counted == 1 ? "does" : "do");
      if (inv.military_extra)
        out += fmt::format("  Military Power: needs {}; has {} (red slot cards) + {} (effects this turn) + {} (red "
                           "tokens paid{}) = {}\n",
                           inv.military_needed, inv.military_cards, inv.military_extra, paid, yellow,
                           inv.military_cards + inv.military_extra + paid);
      else
        out += fmt::format("  Military Power: needs {}; has {} (red slot cards) + {} (red tokens paid{}) = {}\n",
                           inv.military_needed, inv.military_cards, paid, yellow, inv.military_cards + paid);
      for (const std::string& e : inv.effects) out += "    card effect: " + e + "\n";
      if (inv.target == T::forest) {
        out += fmt::format("    (a Mystic Forest: {} spaces around its group; {} holds {} of them, the most held by "
                           "one player is {}, {} not invaded)\n",
                           inv.forest_size, s.name(m.seat), inv.invader_around, inv.strongest, inv.unheld_around);
        out += fmt::format("    around it: {}\n", s.around_forest(b.space(m.space).group));
      }
      if (inv.city_tile) {
        out += fmt::format("  Mobility: needs 0 ({} has a City on tile {}); has {} + {} = {}\n", s.name(m.seat),
                           b.position_name(ah::Board::position_of(m.space)), inv.mobility_cards, m.pay[2],
                           inv.mobility_cards + m.pay[2]);
      } else if (inv.mobility_needed < 0) {
        out += "  Mobility: no path from her Cities reaches it without passing through a Mystic Forest\n";
      } else {
        std::string path;
        for (int p : inv.path) path += (path.empty() ? "" : " -> ") + b.name(p);
        out += fmt::format("  Mobility: needs {}; has {} (green slot cards) + {} (green tokens paid) = {}\n",
                           inv.mobility_needed, inv.mobility_cards, m.pay[2], inv.mobility_cards + m.pay[2]);
        out += fmt::format("    path: {} ({} step{}", path, inv.path.size() - 1, inv.path.size() == 2 ? "" : "s");
        if (!inv.enemy.empty()) {
          std::string enemy;
          for (int e : inv.enemy) enemy += (enemy.empty() ? "" : ", ") + b.name(e) + " " + s.name(s.holder(e));
          out += fmt::format(", +{} for other players' spaces passed: {}", inv.enemy.size(), enemy);
        }
        out += ")\n";
        if (inv.mobility_other_reading >= 0) {
          // AH-16's readings count this space differently: say what the other one needs.
          const bool closest = s.readings().chosen(static_cast<int>(ah::Dispute::distance)) ==
                               static_cast<int>(ah::Distance::closest_city);
          const char* from = inv.from_invaded ? "the space she has invaded" : "her City";
          out += closest ? fmt::format("    counted from {} fewest steps away (AH-16 is read as 'closest-city'); the "
                                       "cheapest route from any {} needs {}\n",
                                       from, inv.from_invaded ? "space she has invaded" : "of her Cities",
                                       inv.mobility_other_reading)
                         : fmt::format("    under AH-16's reading 'closest-city', counted from {} fewest steps away, "
                                       "it needs {}\n",
                                       from, inv.mobility_other_reading);
        }
        for (const std::string& e : inv.mobility_effects) out += "    card effect: " + e + "\n";
        if (!inv.blocking.empty()) {
          std::string forests;
          for (int f : inv.blocking) forests += (forests.empty() ? "" : ", ") + b.name(f);
          out += fmt::format("    Mystic Forests beside the path, not passable: {}\n", forests);
        }
      }
    }
    out += held_line(s, m, inv);
    if (s.attacker(m.space) >= 0 && s.attacker(m.space) != m.seat)
      out += fmt::format("  Under attack by {}: it must be invaded directly; her token goes back to her\n",
                         s.name(s.attacker(m.space)));
    if (m.kind == Move::Kind::invade) out += bonus_line(s, m, inv);
    return out;
  }

  // "  Held by Bea: not connected to a City of hers, so it can be taken (AH-20)", or nothing.
  static std::string held_line(const State& s, const Move& m, const ah::Invasion& inv) {
    if (inv.holder < 0 || inv.holder == m.seat) return {};
    const std::string by = s.connection_effect(inv.holder);
    const std::string how =
        !inv.connected ? "not connected to a City of hers, so it can be taken (AH-20)"
        : by.empty()   ? "connected to a City of hers through her spaces, so it cannot be taken (AH-20)"
                       : fmt::format("counted as connected to her Cities by {}, so it cannot be taken (AH-39)", by);
    return fmt::format("  Held by {}: {}{}\n", s.name(inv.holder), how,
                       inv.connected ? "" : "; her token goes back to her");
  }

  // What a `use` entry calls on: the ability, as the catalog gives it, and the numbers it needs.
  static std::string use_arithmetic(const State& s, const Move& m) {
    const auto u = s.find_use(m);
    if (!u) return {};
    const ah::Ability& a = *u->active.ability;
    const Catalog& cat = s.catalog();
    std::string out = "Arithmetic:\n";
    out += fmt::format("  {}'s effect (catalog '{}'{}): {}\n", cat.cards[m.card].name, cat.id,
                       u->active.own == u->active.effect ? "" : ", copied from " + cat.cards[u->active.effect].name,
                       ah::describe(a));
    if (a.when == ah::Trigger::each_round)
      out += fmt::format("  Uses left this round (round {}): {} of {}\n", s.round(),
                         s.uses_left(m.seat, u->active.own, u->active.effect, a), a.times);
    if (a.when == ah::Trigger::flip) out += "  The Alice is turned face down first: a Commoner, her effect lost (AH-30)\n";
    // A flip of her 'under attack' token invades the space as a second invasion would (AH-31).
    const bool flips = std::any_of(a.steps.begin(), a.steps.end(),
                                   [](const ah::Step& st) { return st.kind == ah::Step::Kind::flip_marker; });
    if (flips && m.space >= 0 && s.attacker(m.space) == m.seat) {
      const ah::Invasion inv = s.assess(m.seat, m.space);
      out += fmt::format("  {}'s 'under attack' token on {} is flipped to invaded (AH-31)\n", s.name(m.seat),
                         s.board().name(m.space));
      // What her Alices do when she invades (Adventurer's point), as for an `invade` entry.
      for (const std::string& e : inv.effects) out += "    card effect: " + e + "\n";
      out += held_line(s, m, inv);
      out += bonus_line(s, m, inv);
    }
    std::string tokens;
    for (int p = 0; p < s.players(); ++p)
      tokens += fmt::format("{}{} {} red {} yellow {} green", tokens.empty() ? "" : "; ", s.name(p),
                            s.resource(p, ah::Resource::red), s.resource(p, ah::Resource::yellow),
                            s.resource(p, ah::Resource::green));
    out += fmt::format("  Tokens held: {}; bank {} red {} yellow {} green\n", tokens, s.bank(ah::Resource::red),
                       s.bank(ah::Resource::yellow), s.bank(ah::Resource::green));
    return out;
  }

  // "  Bonus: 3 green tokens (3 cards in her green slot), halved ...: 1; the bank ...".
  static std::string bonus_line(const State& s, const Move& m, const ah::Invasion& inv) {
    const Colour c = inv.bonus_colour;
    std::string what, from;
    if (c == Colour::city) {
      what = ah::count_of(inv.bonus_full, "point", "points");
      from = "a City";
    } else if (c == Colour::forest) {
      what = ah::count_of(inv.bonus_full, "point", "points");
      from = fmt::format("a Mystic Forest with {} around", ah::count_of(inv.forest_size, "space", "spaces"));
    } else {
      what = c == Colour::blue    ? ah::count_of(inv.bonus_full, "card drawn", "cards drawn")
             : c == Colour::white ? ah::count_of(inv.bonus_full, "point", "points")
                                  : ah::count_of(inv.bonus_full, std::string(ah::colour_name(c)) + " token",
                                             std::string(ah::colour_name(c)) + " tokens");
      from = fmt::format("{} in her {} slot", ah::count_of(inv.bonus_full, "card", "cards"), ah::colour_name(c));
    }
    std::string out = fmt::format("  Bonus: {} ({})", what, from);
    if (inv.target == ah::Invasion::Target::own_attack &&
        s.readings().chosen(static_cast<int>(ah::Dispute::flip)) == static_cast<int>(ah::Flip::free_flip_no_bonus))
      return out + ", none for a flip (AH-18 read as 'free-flip-no-bonus')\n";
    if (inv.bonus != inv.bonus_full) out += fmt::format(", halved for a stolen space, rounded down: {}", inv.bonus);
    if (c == Colour::red || c == Colour::yellow || c == Colour::green) {
      const int r = c == Colour::red ? 0 : c == Colour::yellow ? 1 : 2;
      const int in_bank = s.bank(static_cast<ah::Resource>(r)) + m.pay[r];  // the tokens paid go back first
      if (in_bank < inv.bonus)
        out += fmt::format("; the bank has only {} left, so she takes {} (AH-22)", in_bank, in_bank);
    }
    if (c == Colour::blue) {  // drawn in part (AH-22's 'up-to'), or fewer left to draw (AH-11)
      const int whole = s.drawable(inv.bonus);
      const int drawn = m.draw_count >= 0           ? m.draw_count
                        : s.open() && m.draws_named ? std::min(whole, static_cast<int>(m.drawn.size()))
                                                    : whole;
      if (whole < inv.bonus)
        out += whole == 0 ? std::string("; none left to draw (AH-11)")
                          : fmt::format("; only {} left to draw (AH-11)", whole);
      if (drawn < whole) out += fmt::format("; the entry draws {} of them (AH-22)", drawn);
    }
    return out + "\n";
  }

  static std::pair<std::string, std::string> entry(const State& s, const Move& m, const GenOptions&) {
    const Catalog& cat = s.catalog();
    // Without a seed the cards drawn are the log's to name: legal_moves() fills in stand-ins
    // (State::fill_draws), written here as a count for explain's list of legal moves.
    const std::string draws = m.draw_count >= 0                    ? fmt::format(" draws {}", m.draw_count)
                              : !(m.draws_named && m.drawn.size()) ? ""
                              : s.open() && !s.deck_known()
                                  ? " draws <" + ah::count_of(m.drawn.size(), "card", "cards") + ">"
                                  : " draws " + card_names(cat, m.drawn);
    const std::string declines = m.declined.size() ? " declines " + card_names(cat, m.declined) : "";
    std::string text;
    switch (m.kind) {
      case Move::Kind::deal:
        return {"deal", s.name(m.seat) + " " + card_names(cat, m.named)};
      case Move::Kind::mulligan:
        if (s.open())
          text = m.named.size() ? "mulligan " + card_names(cat, m.named) + draws : "keep";
        else
          text = m.discards ? "mulligan " + std::to_string(m.discards) : "keep";
        break;
      case Move::Kind::city:
        text = "city " + s.board().position_name(ah::Board::position_of(m.space));
        break;
      case Move::Kind::summon:
        text = fmt::format("summon {} {}{}{}", cat.cards[m.card].name, ah::colour_name(m.slot), pay_text(m.pay),
                           declines);
        break;
      case Move::Kind::commoner:
        text = fmt::format("commoner {}{}{}{}", m.card >= 0 ? cat.cards[m.card].name + " " : "",
                           ah::colour_name(m.slot), draws, declines);
        break;
      case Move::Kind::draw:
        text = m.draws_named && m.drawn.size() ? "draw " + card_names(cat, m.drawn) : "draw";
        break;
      case Move::Kind::invade:
        text = "invade " + s.board().name(m.space) + pay_text(m.pay) + draws + declines;
        break;
      case Move::Kind::attack:
        text = "attack " + s.board().name(m.space);
        break;
      case Move::Kind::pass:
        text = "pass";
        break;
      case Move::Kind::use:
        text = use_text(s, m, false, draws + declines);
        break;
    }
    return {s.name(m.seat), text};
  }

  static std::vector<std::string> score_breakdown(const State& s, int seat) {
    std::vector<std::string> out;
    std::string gains;
    for (const State::Gain& g : s.gains(seat))
      gains += fmt::format("{}{}{} in round {}: {}{}", gains.empty() ? "" : "; ",
                           g.space >= 0 ? s.board().name(g.space) : std::string(),
                           g.card >= 0 ? (g.space >= 0 ? " " : "") + ("(" + s.catalog().cards[g.card].name + ")")
                                       : std::string(),
                           g.round, g.points, g.halved ? ", halved" : "");
    out.push_back(fmt::format("in play (Cities, white spaces, forests, card effects): {}{}", s.points(seat),
                              gains.empty() ? "" : " (" + gains + ")"));
    std::string tiles;
    int tile_total = 0;
    for (const ah::TileScore& t : s.tile_scores())
      if (t.points[seat]) {
        tiles += fmt::format("{}{} {}", tiles.empty() ? "" : ", ", s.board().position_name(t.position), t.points[seat]);
        tile_total += t.points[seat];
      }
    out.push_back(fmt::format("tiles: {}{}", tile_total, tiles.empty() ? "" : " (" + tiles + ")"));
    std::string colours;
    int colour_total = 0;
    for (int c = 0; c < ah::kSlots; ++c) {
      const int p = s.colour_points(static_cast<Colour>(c))[seat];
      if (p) colours += fmt::format("{}{} {}", colours.empty() ? "" : ", ", ah::colour_name(static_cast<Colour>(c)), p);
      colour_total += p;
    }
    out.push_back(fmt::format("colours: {}{}", colour_total, colours.empty() ? "" : " (" + colours + ")"));
    std::string effects;
    int effect_total = 0;
    for (const ah::EffectScore& e : s.effect_scores(seat)) {
      effects += fmt::format("{}{} {} ({})", effects.empty() ? "" : "; ", s.catalog().cards[e.card].name, e.points, e.why);
      effect_total += e.points;
    }
    out.push_back(fmt::format("card effects at the end: {}{}", effect_total, effects.empty() ? "" : " [" + effects + "]"));
    out.push_back(fmt::format("Alices: {}", s.alices(seat)));
    return out;
  }

  static std::string winner_note(const State& s) {
    if (!s.is_over()) return "The game is not over.";
    std::string out = "Tiles:";
    for (const ah::TileScore& t : s.tile_scores())
      out += fmt::format("\n  {}: {}", s.board().position_name(t.position), t.how);
    const std::vector<int> w = s.winners();
    std::string names;
    for (int seat : w) names += (names.empty() ? "" : " and ") + s.name(seat);
    out += fmt::format("\n{}: {}", w.size() == 1 ? "Winner" : "Shared victory", names);
    if (w.size() > 1) out += " (tied on points and on Alices, AH-25)";
    if (const std::string t = tie_break(s); !t.empty()) out += " (" + t + ")";
    return out + ".";
  }

  // Like tea-time's: "" when nothing broke a tie, a shared victory included (docs/cli.md).
  static std::string tie_break(const State& s) {
    if (!s.is_over()) return {};
    const std::vector<int> scores = s.scores();
    const std::vector<int> w = s.winners();
    int tied = 0;
    for (int v : scores) tied += v == scores[w.front()];
    if (tied < 2) return {};
    if (static_cast<int>(w.size()) == tied) return {};
    return fmt::format("tied on points; {} Alices break the tie (AH-25)", s.alices(w.front()));
  }

  static const std::vector<Ruling>& rulings() { return ah::rulings(); }
};

}  // namespace

const GameModule& alicematic_module() {
  static const ModuleFor<AlicematicHeroes> module;
  return module;
}

}  // namespace wonderlog
