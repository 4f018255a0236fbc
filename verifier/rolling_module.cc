// Rolling in Wonderland's module: its notation bound to engine moves, its set-up headers, and
// its table drawn for a person (docs/games/rolling-in-wonderland.md).
#include <algorithm>
#include <bit>

#include <fmt/format.h>
#include <boost/container/small_vector.hpp>

#include "engine/core/rng.h"
#include "engine/rolling/catalog.h"
#include "engine/rolling/rulings.h"
#include "engine/rolling/state.h"
#include "grammar/rolling/notation.h"
#include "verifier/bundled_catalogs.h"
#include "verifier/replay.h"
#include "verifier/view/rolling_drawing.h"

namespace wonderlog {
namespace {

namespace rw = rolling;
namespace notation = grammar::rolling;
using Word = notation::Word;
using rw::Area;
using rw::Colour;

constexpr const char* kAreaWords = "hatter, rabbit, cat, alice, queen or caterpillar";
constexpr const char* kColourWords = "blue, black, orange, peach, green or purple";
constexpr const char* kSlotLetters = "ABCD";

// One or two digits: a path space, or the spaces of a White Rabbit move.
bool small_number(std::string_view w) {
  return !w.empty() && w.size() <= 2 && std::all_of(w.begin(), w.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

std::string dice_text(const rw::Dice& d) {
  std::string out;
  for (int c = 0; c < rw::kColours; ++c)
    for (int k = 0; k < d[c]; ++k) {
      if (!out.empty()) out += ' ';
      out += rw::colour_word(static_cast<Colour>(c));
    }
  return out;
}

// Reads an entry's words one by one, failing at the word (or the end) with what was expected.
class Reader {
 public:
  Reader(std::string_view text, const std::vector<Word>& words) : text_(text), words_(words) {}
  bool done() const { return at_ >= words_.size(); }
  const Word* peek() const { return done() ? nullptr : &words_[at_]; }
  const Word* peek(std::size_t ahead) const { return at_ + ahead < words_.size() ? &words_[at_ + ahead] : nullptr; }
  bool next_is(std::string_view w) const { return !done() && iequals(words_[at_].text, w); }
  const Word& take() { return words_[at_++]; }
  Span here() const {
    if (!done()) return words_[at_].span;
    const auto end = static_cast<std::uint32_t>(text_.size());
    return Span{end, end + 1};
  }
  std::string found() const { return done() ? "the end of the entry" : "'" + std::string(words_[at_].text) + "'"; }

 private:
  std::string_view text_;
  const std::vector<Word>& words_;
  std::size_t at_ = 0;
};

// "; did you mean 'rabbit'?" when `word` is a near miss of one of `words`.
template <class Words>
std::string suggest(std::string_view word, const Words& words) {
  std::vector<std::string> names(std::begin(words), std::end(words));
  const std::string g = nearest_name(word, names);
  return g.empty() ? "" : "; did you mean '" + g + "'?";
}
std::string suggest(std::string_view word, std::initializer_list<std::string_view> words) {
  return suggest<std::initializer_list<std::string_view>>(word, words);
}

// The word a player's move starts with (any case), in the order a refusal lists them.
enum class Verb {
  take, mushroom, play, place, keep, discard, challenge, cube, soldier, move, train, bonus, icon, ability
};
constexpr std::string_view kVerbs[] = {"take",      "mushroom", "play",    "place", "keep",  "discard", "challenge",
                                       "cube",      "soldier",  "move",    "train", "bonus", "icon",    "ability"};
// Read once, where a chain of comparisons read the word again for each verb it was not.
std::optional<Verb> verb_of(std::string_view word) {
  static constexpr auto kFolded = fold_words(kVerbs);
  const int i = find_folded(kFolded, word);
  if (i < 0) return std::nullopt;
  return static_cast<Verb>(i);
}
// The entries of the table, not of a player, by their label (any case).
enum class Event { jabberwock, roll, reroll, draw, reveal };
constexpr std::string_view kEvents[] = {"jabberwock", "roll", "reroll", "draw", "reveal"};
// Read once, where a chain of comparisons read the label again for each event it was not.
std::optional<Event> event_of(std::string_view label) {
  static constexpr auto kFolded = fold_words(kEvents);
  const int i = find_folded(kFolded, label);
  if (i < 0) return std::nullopt;
  return static_cast<Event>(i);
}
std::string near_area(const Reader& r) {
  if (r.done()) return "";
  // An area written by its full name ('white rabbit', 'mad hatter', 'cheshire cat'): its word.
  struct Full {
    std::string_view first, word;
  };
  static constexpr Full kFull[] = {{"white", "rabbit"}, {"mad", "hatter"}, {"cheshire", "cat"}};
  for (const Full& f : kFull)
    if (iequals(r.peek()->text, f.first))
      return fmt::format("; an area is written by its one word: '{}'", f.word);
  return suggest(r.peek()->text, {"hatter", "rabbit", "cat", "alice", "queen", "caterpillar"});
}
std::string near_colour(const Reader& r) {
  return r.done() ? "" : suggest(r.peek()->text, {"blue", "black", "orange", "peach", "green", "purple"});
}

struct Failure {
  ErrorKind kind = ErrorKind::syntax;
  Span span;
  std::string rule, message;
};

// What a `, declines` suffix expects after its word (RW-25's 'may-decline').
constexpr const char* kDeclinedSpaces =
    "the spaces of the Caterpillar icons she declines after 'declines', like 'declines 7'";

struct Rolling {
  using State = rw::State;
  using Move = rw::Move;
  using Catalog = rw::Catalog;
  static constexpr std::string_view id = "rolling-in-wonderland";
  static constexpr std::string_view title = "Rolling in Wonderland";
  static constexpr std::string_view standard_catalog = "rolling-in-wonderland";
  static constexpr bool uses_seed = true;  // the decks, the rolls and the Jabberwock deck (RW-2)
  static constexpr bool has_rounds = true;
  static constexpr std::string_view round_rule = "RW-6";
  static constexpr std::string_view end_rule = "RW-30";  // what an entry after the end is refused by
  static constexpr std::string_view result_rule = "RW-32";
  // explain: RW-26's readings decide which soldier took a kept upgrade token, so the position
  // itself; its other reading is not judged in this one.
  static std::string_view position_shaped_by(const State&, const Move&, std::string_view ruling) {
    return ruling == "RW-26" ? "which soldier took her kept upgrade token" : "";
  }

  static Catalog load_catalog(const std::string& path) { return rw::load_catalog(path, bundled_catalogs()); }
  static const std::string& catalog_id(const Catalog& c) { return c.id; }
  static bool is_event(std::string_view label) { return event_of(label).has_value(); }
  static std::vector<std::string_view> events() { return {std::begin(kEvents), std::end(kEvents)}; }
  static std::vector<std::string_view> headers() {
    return {"hands", "characters", "cheshire", "challenges", "hatter-cards", "objectives"};
  }
  static std::vector<std::string_view> viewers() { return {}; }
  static std::string viewer_title(std::string_view v) { return std::string(v); }
  static bool redact_header(const std::string&, std::string_view) { return true; }
  static std::optional<std::string> redact_entry(const State&, const Move&, std::string_view) { return std::nullopt; }

  // --- Headers ---------------------------------------------------------------------------

  static bool canonical_header(std::string_view, std::string_view value, std::string& out, SyntaxError& error) {
    std::vector<Word> words;
    if (!notation::parse_words(value, words, error)) return false;
    out.clear();
    for (const Word& w : words)  // a list; 'kept' goes with the card before it (RW-3)
      out += (out.empty() ? "" : iequals(w.text, "kept") && !w.after_comma ? " " : ", ") + std::string(w.text);
    return true;
  }

  static GameHeaderLines generated_headers(const Catalog& c, const GenOptions& options) {
    Rng rng(options.seed ^ 0x5E7B0A2DULL);
    auto pick = [&](std::vector<int> pool, int n) {
      shuffle(pool, rng);
      pool.resize(static_cast<std::size_t>(n));
      return pool;
    };
    auto indices = [](std::size_t n, auto copies) {
      std::vector<int> out;
      for (std::size_t i = 0; i < n; ++i)
        for (int k = 0; k < copies(i); ++k) out.push_back(static_cast<int>(i));
      return out;
    };
    const int n = options.players;
    auto join = [](const std::vector<int>& picked, auto name) {
      std::string out;
      for (int i : picked) out += (out.empty() ? "" : ", ") + name(i);
      return out;
    };
    const auto characters = pick(indices(c.characters.size(), [](std::size_t) { return 1; }), n);
    const auto cheshire = pick(indices(c.cheshire.size(), [](std::size_t) { return 1; }), rw::kCheshireSlots);
    const auto challenges = pick(indices(c.challenges.size(), [](std::size_t) { return 1; }), n);
    const auto hatter = pick(indices(c.hatter.size(), [&](std::size_t i) { return c.hatter[i].copies; }), n);
    const auto objectives = pick(indices(c.objectives.size(), [&](std::size_t i) { return c.objectives[i].copies; }), n);
    GameHeaderLines out;
    if (options.table) out.emplace_back("hands", "secret");
    out.emplace_back("characters", join(characters, [&](int i) { return c.characters[i].name; }));
    out.emplace_back("cheshire", join(cheshire, [&](int i) { return c.cheshire[i].name; }));
    out.emplace_back("challenges", join(challenges, [&](int i) { return c.challenges[i].name; }));
    // A table log names a set-up Mad Hatter card only if it was placed face up (RW-2, RW-3).
    out.emplace_back("hatter-cards", join(hatter, [&](int i) {
                       return options.table && !c.hatter[i].persistent ? std::string("hidden") : c.hatter[i].name;
                     }));
    if (!options.table) out.emplace_back("objectives", join(objectives, [&](int i) { return c.objectives[i].name; }));
    return out;
  }

  static std::nullopt_t refuse(SetupProblem& problem, const char* header, Span span, ErrorKind kind,
                               Violation violation) {
    problem.header = header;
    problem.span = span;
    problem.kind = kind;
    problem.violation = std::move(violation);
    return std::nullopt;
  }

  template <class Items>
  static std::string known_names(const Items& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : ", ") + i.name;
    return out;
  }
  template <class Items>
  static std::string guess(std::string_view word, const Items& items) {
    std::vector<std::string> names;
    for (const auto& i : items) names.push_back(i.name);
    std::string g = nearest_name(word, names);
    return g.empty() ? "" : "; did you mean '" + g + "'?";
  }

  static std::optional<Violation> players_problem(int n) { return State::check_players(n); }

  static std::optional<State> make_state(const Catalog& catalog, const std::vector<std::string>& names,
                                         std::optional<std::uint64_t> seed, const GameHeaders& headers,
                                         const Readings& readings, SetupProblem& problem) {
    rw::Setup setup;
    setup.catalog = &catalog;
    setup.names = names;
    setup.seed = seed;
    setup.readings = readings;
    using K = ErrorKind;
    if (const std::string_view hands = header_value(headers, "hands"); !hands.empty()) {
      const std::string v = ascii_lower(trim(hands));
      if (v != "open" && v != "secret")
        return refuse(problem, "hands", {}, K::syntax,
                      Violation{"", fmt::format("expected 'open' or 'secret', found '{}'", hands), {}, false});
      setup.open = v == "open";
    }
    if (names.size() == 1 || names.size() > rw::kMaxPlayers) {
      if (auto v = State::check(setup)) return refuse(problem, "", {}, K::setup, *v);
    }
    // Each set-up header: a list of catalog names, one per seat (or 4 Cheshire Cat cards).
    auto read = [&](const char* header, const char* example, std::size_t want, auto find, const auto& items,
                    const char* what, std::vector<int>& out) -> bool {
      const std::string_view value = header_value(headers, header);
      if (value.empty()) {
        refuse(problem, header, {}, K::setup,
               Violation{"RW-2", fmt::format("the game names no {}: add a header such as '{}: {}'", what, header, example),
                         {}, false});
        return false;
      }
      thread_local std::vector<Word> words;  // keeps its capacity from header to header, game to game
      SyntaxError error;
      if (!notation::parse_words(value, words, error)) {
        refuse(problem, header, Span{error.offset, error.offset + 1}, K::syntax, Violation{"", error.text(), {}, false});
        return false;
      }
      for (const Word& w : words) {
        if (header == std::string_view("hatter-cards") && iequals(w.text, "kept") && !out.empty() && !w.after_comma) {
          setup.hatter_kept.resize(names.size());  // RW-3 'may-keep': the card before it starts her hand
          if (out.size() <= names.size()) setup.hatter_kept[out.size() - 1] = true;
          continue;
        }
        const int i = find(w.text);
        if (i < 0 && !setup.open && header == std::string_view("hatter-cards") && iequals(w.text, "hidden")) {
          out.push_back(-1);  // a table log: a card kept face down
          continue;
        }
        if (i < 0) {
          refuse(problem, header, w.span, K::setup,
                 Violation{"RW-37",
                           fmt::format("'{}' is not one of the {} of catalog '{}' ({}){}", w.text, what, catalog.id,
                                       known_names(items), guess(w.text, items)),
                           {},
                           false});
          return false;
        }
        out.push_back(i);
      }
      if (out.size() != want) {
        refuse(problem, header, {}, K::setup,
               Violation{header == std::string_view("cheshire") ? "RW-5" : "RW-2",
                         fmt::format("'{}:' names {} {}, but the game has {}", header, out.size(), what,
                                     want == names.size() ? fmt::format("{} players: one each", want)
                                                          : fmt::format("{} slots (A, B, C, D)", want)),
                         {},
                         false});
        return false;
      }
      return true;
    };
    std::vector<int> cheshire;
    if (!read("characters", "Dodo, Lory", names.size(), [&](std::string_view w) { return catalog.find_character(w); },
              catalog.characters, "characters", setup.characters) ||
        !read("cheshire", "grin, vanish, which-way, riddle", rw::kCheshireSlots,
              [&](std::string_view w) { return catalog.find_cheshire(w); }, catalog.cheshire, "Cheshire Cat cards",
              cheshire) ||
        !read("challenges", "tea-party, croquet", names.size(), [&](std::string_view w) { return catalog.find_challenge(w); },
              catalog.challenges, "Alice challenge cards", setup.challenges) ||
        !read("hatter-cards", "march-hare, top-hat", names.size(),
              [&](std::string_view w) { return catalog.find_hatter(w); }, catalog.hatter, "Mad Hatter cards",
              setup.hatter) ||
        ((setup.open || !header_value(headers, "objectives").empty()) &&
            !read("objectives", "strongest-alice, every-area", names.size(),
                  [&](std::string_view w) { return catalog.find_objective(w); }, catalog.objectives,
                  "objective cards", setup.objectives)))
      return std::nullopt;
    std::copy(cheshire.begin(), cheshire.end(), setup.cheshire.begin());
    if (auto v = State::check(setup)) {
      const char* header = v->rule == "RW-5" ? "cheshire" : v->rule == "RW-3" ? "hatter-cards" : "";
      if (v->message.find("challenge") != std::string::npos) header = "challenges";
      else if (v->message.find("Mad Hatter") != std::string::npos || v->message.find("kept") != std::string::npos)
        header = "hatter-cards";
      else if (v->message.find("objective") != std::string::npos) header = "objectives";
      else if (v->message.find("player board") != std::string::npos) header = "characters";
      return refuse(problem, header, {}, K::setup, *v);
    }
    return std::optional<State>(std::in_place, setup);  // built in place, not moved there
  }

  // --- Entries ---------------------------------------------------------------------------

  static std::optional<Area> area(Reader& r, Failure& f) {
    if (!r.done())
      if (auto a = rw::area_of(r.peek()->text)) {
        r.take();
        return a;
      }
    f = Failure{ErrorKind::syntax, r.here(), "",
                fmt::format("expected an area ({}), found {}{}", kAreaWords, r.found(), near_area(r))};
    return std::nullopt;
  }
  // A die colour; 'yellow' names the die RW-16's reading says (consulted only then).
  static std::optional<Colour> colour(const State& state, Reader& r, Failure& f) {
    if (!r.done()) {
      if (auto c = rw::colour_of(r.peek()->text)) {
        r.take();
        return c;
      }
      if (iequals(r.peek()->text, "yellow")) {
        switch (state.reading<rw::YellowDie>(rw::Dispute::yellow)) {
          case rw::YellowDie::orange: r.take(); return Colour::orange;
          case rw::YellowDie::peach: r.take(); return Colour::peach;
          case rw::YellowDie::orange_or_peach:
            f = Failure{ErrorKind::syntax, r.here(), "RW-16",
                        fmt::format("no die is yellow: the dice are {}; the rulebook's 'yellow' dice are orange or "
                                    "peach, so write the one you mean",
                                    kColourWords)};
            return std::nullopt;
        }
      }
    }
    f = Failure{ErrorKind::syntax, r.here(), "",
                fmt::format("expected a die colour ({}), found {}{}", kColourWords, r.found(), near_colour(r))};
    return std::nullopt;
  }
  static std::optional<int> slot(Reader& r, Failure& f, int most) {
    if (!r.done()) {
      const std::string_view w = r.peek()->text;
      if (w.size() == 1 && w[0] >= '1' && w[0] < '1' + most) {
        r.take();
        return w[0] - '1';
      }
    }
    f = Failure{ErrorKind::syntax, r.here(), "", fmt::format("expected a slot number (1 to {}), found {}", most, r.found())};
    return std::nullopt;
  }
  static std::optional<int> cheshire_slot(Reader& r, Failure& f) {
    if (!r.done()) {
      const std::string_view w = r.peek()->text;
      if (w.size() == 1 && (w[0] | 0x20) >= 'a' && (w[0] | 0x20) <= 'd') {
        r.take();
        return (w[0] | 0x20) - 'a';
      }
    }
    f = Failure{ErrorKind::syntax, r.here(), "", fmt::format("expected a Cheshire Cat slot (A, B, C or D), found {}", r.found())};
    return std::nullopt;
  }
  template <class Items>
  static std::optional<int> card(Reader& r, Failure& f, const Items& items, const char* what, const Catalog& c) {
    if (r.done()) {
      f = Failure{ErrorKind::syntax, r.here(), "", fmt::format("expected {}, found the end of the entry", what)};
      return std::nullopt;
    }
    const Word& w = r.take();
    for (std::size_t i = 0; i < items.size(); ++i)
      if (iequals(items[i].name, w.text)) return static_cast<int>(i);
    // 'march hare': the name's words written apart (found in review: no hint was given).
    std::string joined(w.text), hint;
    for (std::size_t k = 0; k < 3 && hint.empty(); ++k) {
      const Word* next = r.peek(k);
      if (!next) break;
      joined += "-" + std::string(next->text);
      for (const auto& item : items)
        if (iequals(item.name, joined))
          hint = fmt::format("; a card's name is written with '-' between its words: '{}'", item.name);
    }
    f = Failure{ErrorKind::illegal_move, w.span, "RW-37",
                fmt::format("'{}' is not {} of catalog '{}' ({}){}", w.text, what, c.id, known_names(items),
                            hint.empty() ? guess(w.text, items) : hint)};
    return std::nullopt;
  }
  static bool word(Reader& r, Failure& f, std::string_view w) {
    if (r.next_is(w)) {
      r.take();
      return true;
    }
    f = Failure{ErrorKind::syntax, r.here(), "", fmt::format("expected '{}', found {}", w, r.found())};
    return false;
  }
  static bool end(Reader& r, Failure& f) {
    if (r.done()) return true;
    f = Failure{ErrorKind::syntax, r.here(), "", fmt::format("expected the end of the entry, found {}", r.found())};
    return false;
  }

  // `AREA COLOUR...`: an area and the colours of some of its dice (a take, a mushroom's re-roll).
  static bool area_and_dice(const State& state, Reader& r, Failure& f, Move& m) {
    auto a = area(r, f);
    if (!a) return false;
    m.area = *a;
    while (!r.done()) {
      auto col = colour(state, r, f);
      if (!col) return false;
      if (rw::count(m.dice) == rw::kMostRolled) {
        f = Failure{ErrorKind::syntax, r.here(), "",
                    fmt::format("an area holds at most {} dice: every die of 4 players", rw::kMostRolled)};
        return false;
      }
      ++m.dice[static_cast<int>(*col)];
    }
    return true;
  }

  // Where a roll's or a reveal's text passes its player's name, as fmt reads it without the
  // players' names: before the first die of a roll (its first item's last two words, `COLOUR
  // FACE`), before 'hand' or 'objectives' in a reveal. 0 when the text has no such shape.
  static std::size_t name_end(Event event, std::string_view text) {
    auto blank = [](char c) { return c == ' ' || c == '\t'; };
    if (event == Event::roll) {
      std::size_t end = std::min(text.find(','), text.size());
      while (end > 0 && blank(text[end - 1])) --end;
      for (int word = 0; word < 2; ++word) {  // back over `FACE`, then `COLOUR`, and the blanks before each
        while (end > 0 && !blank(text[end - 1])) --end;
        while (end > 0 && blank(text[end - 1])) --end;
      }
      return end;
    }
    for (std::size_t at = 0; at < text.size(); ++at)
      if (at > 0 && blank(text[at - 1]) && !blank(text[at]))
        for (std::string_view key : {"hand", "objectives"})
          if (text.size() >= at + key.size() && iequals(text.substr(at, key.size()), key) &&
              (text.size() == at + key.size() || blank(text[at + key.size()]))) {
            std::size_t end = at;
            while (end > 0 && blank(text[end - 1])) --end;
            return end;
          }
    return 0;
  }

  // `COLOUR FACE, COLOUR FACE, ...`: the dice and the face each shows, sorted as the engine lists them.
  static bool faces(const State& state, Reader& r, Failure& f, Move& m) {
    boost::container::small_vector<std::pair<Colour, Area>, rw::kMostRolled> dice;  // inline: a roll allocates nothing
    while (!r.done()) {
      auto c = colour(state, r, f);
      if (!c) return false;
      auto a = area(r, f);
      if (!a) return false;
      dice.emplace_back(*c, *a);
      if (!r.done() && !r.peek()->after_comma) {
        f = Failure{ErrorKind::syntax, r.here(), "", fmt::format("expected a comma and the next die, found {}", r.found())};
        return false;
      }
    }
    if (dice.empty()) {
      f = Failure{ErrorKind::syntax, r.here(), "", "expected a die and its face, like 'blue hatter'"};
      return false;
    }
    if (dice.size() > rw::kMostRolled) {
      f = Failure{ErrorKind::syntax, r.here(), "", fmt::format("at most {} dice are rolled at once", rw::kMostRolled)};
      return false;
    }
    std::sort(dice.begin(), dice.end());
    for (const auto& [c, a] : dice) {
      ++m.dice[static_cast<int>(c)];
      m.faces[m.count++] = a;
    }
    return true;
  }

  static Bound<Move> bind(const State& state, int seat, std::string_view label, std::string_view text) {
    thread_local std::vector<Word> words;  // keeps its capacity
    SyntaxError& error = notation_error();
    // Every return is this one object, filled where the caller wants it (a Move built apart
    // and copied in cost more than reading many entries).
    Bound<Move> bound;
    // `roll: Léa blue cat, ...`, `reveal: Anne Marie hand ...`: the player's name comes first, and
    // may hold any letters and blanks, so it is found among the players' names, not read as a word.
    // Asked of events only: a player's entry (most of a log) pays one branch for it.
    std::optional<Event> event;
    int named = -1;
    std::size_t skip = 0;
    if (seat < 0) [[unlikely]]
      event = event_of(label);
    if (seat < 0 && (event == Event::roll || event == Event::reveal)) [[unlikely]] {
      named = leading_player(state, text, skip);
      if (named < 0) {
        bound = not_a_leading_player<Move>(state, text);
        return bound;
      }
      while (skip < text.size() && (text[skip] == ' ' || text[skip] == '\t')) ++skip;
      if (skip == text.size()) {
        bound = Bound<Move>::error(
            ErrorKind::syntax, Span{static_cast<std::uint32_t>(skip), static_cast<std::uint32_t>(skip + 1)}, "",
            event == Event::roll
                ? fmt::format("expected the dice {} rolled after her name, like 'blue hatter, black cat', found the end",
                              state.name(named))
                : fmt::format("expected 'hand' or 'objectives' after {}'s name, found the end", state.name(named)));
        return bound;
      }
    }
    if (!notation::parse_words(std::string_view(text.data() + skip, text.size() - skip), words, error)) {
      const auto at = static_cast<std::uint32_t>(skip + error.offset);
      bound = Bound<Move>::error(ErrorKind::syntax, Span{at, at + 1}, "", error.text());
      return bound;
    }
    if (skip > 0)
      for (Word& w : words) w.span = Span{w.span.begin + static_cast<std::uint32_t>(skip), w.span.end + static_cast<std::uint32_t>(skip)};
    Move& m = bound.move.emplace();
    m.seat = static_cast<std::int8_t>(seat);
    // `, rabbit N` after any entry: the White Rabbit moves it sets off stop short (RW-15 'up-to').
    if (words.size() >= 2 && words.back().after_comma && iequals(words.back().text, "rabbit")) {
      bound = Bound<Move>::error(
          ErrorKind::syntax, Span{static_cast<std::uint32_t>(text.size()), static_cast<std::uint32_t>(text.size() + 1)},
          "", "expected the free spaces her White Rabbit move went after 'rabbit', like 'rabbit 2', found the end");
      return bound;
    }
    if (words.size() >= 3 && words[words.size() - 2].after_comma && iequals(words[words.size() - 2].text, "rabbit")) {
      const Word& n = words.back();
      if (n.after_comma || !small_number(n.text)) {
        bound =
            Bound<Move>::error(ErrorKind::syntax, n.span, "",
                               fmt::format("expected the free spaces her White Rabbit move went after 'rabbit', like "
                                           "'rabbit 2', found '{}'",
                                           n.text));
        return bound;
      }
      m.rabbit = static_cast<std::int8_t>(std::stoi(std::string(n.text)));
      words.resize(words.size() - 2);
    }
    Reader r(text, words);
    Failure f;
    const Catalog& c = state.catalog();
    auto fail = [&] {
      if (f.kind == ErrorKind::syntax) tell_unread_declines(words, f);
      bound = Bound<Move>::error(f.kind, f.span, f.rule, f.message);
    };
    // `, declines 7 12` after any entry (before `, rabbit N`): RW-25's 'may-decline'. Looked for
    // only where the entry ends in a digit (or in 'declines', to say what is missing): every entry
    // comes here, and most end in a word.
    if (const char last = words.back().text.back();
        ((last >= '0' && last <= '9') || iequals(words.back().text, "declines")) && !read_declined(text, words, m, f)) {
      fail();
      return bound;
    }
    if (seat < 0) {
      if (event == Event::jabberwock) {
        m.kind = Move::Kind::jabberwock;
        auto a = area(r, f);
        if (!a || !end(r, f)) {
          fail();
          return bound;
        }
        m.area = *a;
      } else if (event == Event::roll || event == Event::reroll) {
        m.kind = event == Event::roll ? Move::Kind::roll : Move::Kind::reroll;
        if (m.kind == Move::Kind::roll) m.who = static_cast<std::int8_t>(named);
        if (!faces(state, r, f, m)) {
          fail();
          return bound;
        }
      } else if (event == Event::reveal) {
        m.kind = Move::Kind::reveal;
        m.who = static_cast<std::int8_t>(named);
        if (r.next_is("objectives")) {
          m.objectives = true;
        } else if (!r.next_is("hand")) {
          {
            bound = Bound<Move>::error(ErrorKind::syntax, r.here(), "",
                                       fmt::format("expected 'hand' or 'objectives', found {}", r.found()));
            return bound;
          }
        }
        r.take();
        while (!r.done()) {
          auto i = m.objectives ? card(r, f, c.objectives, "an objective card", c)
                                : card(r, f, c.hatter, "a Mad Hatter card", c);
          if (!i) {
            fail();
            return bound;
          }
          if (m.shown_count == m.shown.size()) {
            bound = Bound<Move>::error(ErrorKind::syntax, r.here(), "", "a reveal names at most 8 cards");
            return bound;
          }
          m.shown[m.shown_count++] = static_cast<std::int16_t>(*i);
        }
        std::sort(m.shown.begin(), m.shown.begin() + m.shown_count);
      } else {
        m.kind = Move::Kind::draw;
        rw::Deck deck = rw::Deck::hatter;
        if (!state.pending().empty() && state.pending().back().kind == State::Step::Kind::draw)
          deck = state.pending().back().deck;
        while (!r.done()) {
          auto i = deck == rw::Deck::objective ? card(r, f, c.objectives, "an objective card", c)
                                               : card(r, f, c.hatter, "a Mad Hatter card", c);
          if (!i) {
            fail();
            return bound;
          }
          if (m.count == 3) {
            bound = Bound<Move>::error(ErrorKind::illegal_move, words[3].span, "RW-14", "a draw is of 3 cards at most");
            return bound;
          }
          m.cards[m.count++] = static_cast<std::int16_t>(*i);
        }
        if (m.count == 0) {
          bound = Bound<Move>::error(ErrorKind::syntax, r.here(), "", "expected the cards drawn, found the end");
          return bound;
        }
      }
      return bound;
    }
    if (r.done()) {
      bound = Bound<Move>::error(ErrorKind::syntax, r.here(), "", "expected a move, found the end");
      return bound;
    }
    const Word verb = r.take();
    const std::optional<Verb> v = verb_of(verb.text);
    auto is = [&](Verb w) { return v == w; };
    bool ok = true;
    if (is(Verb::take)) {
      m.kind = Move::Kind::take;
      ok = area_and_dice(state, r, f, m);
      m.named = rw::count(m.dice) > 0;
    } else if (is(Verb::mushroom)) {
      if (r.next_is("reroll")) {
        r.take();
        m.kind = Move::Kind::mushroom_reroll;
        ok = area_and_dice(state, r, f, m);
        if (ok && rw::count(m.dice) == 0) {
          bound = Bound<Move>::error(ErrorKind::syntax, r.here(), "", "expected the colours of the dice re-rolled");
          return bound;
        }
      } else {
        m.kind = Move::Kind::mushroom_set;
        auto col = colour(state, r, f);
        auto a = col ? area(r, f) : std::nullopt;
        ok = a && word(r, f, "to");
        auto to = ok ? area(r, f) : std::nullopt;
        ok = to && end(r, f);
        if (ok) {
          m.colour = *col;
          m.area = *a;
          m.to = *to;
        }
      }
    } else if (is(Verb::play) || is(Verb::keep) || is(Verb::discard) || is(Verb::place)) {
      m.kind = is(Verb::play)      ? Move::Kind::play
               : is(Verb::keep)    ? Move::Kind::keep
               : is(Verb::discard) ? Move::Kind::discard
                               : Move::Kind::place;
      if (m.kind == Move::Kind::keep && r.done()) {  // a table log: the rest of a face-down draw kept
        m.none = true;
        return bound;
      }
      auto i = card(r, f, c.hatter, "a Mad Hatter card", c);
      ok = i.has_value();
      if (ok) m.card = static_cast<std::int16_t>(*i);
      if (ok && m.kind == Move::Kind::place) {
        auto s = slot(r, f, rw::kSlots);
        ok = s.has_value();
        if (ok) m.slot = static_cast<std::int8_t>(*s);
      }
      ok = ok && end(r, f);
    } else if (is(Verb::challenge)) {
      m.kind = Move::Kind::challenge;
      if (r.next_is("none")) {
        r.take();
        m.none = true;
      } else {
        auto i = card(r, f, c.challenges, "an Alice challenge card", c);
        auto s = i ? slot(r, f, rw::kSlots) : std::nullopt;
        ok = s.has_value();
        if (ok) {
          m.card = static_cast<std::int16_t>(*i);
          m.slot = static_cast<std::int8_t>(*s);
        }
      }
      ok = ok && end(r, f);
    } else if (is(Verb::cube) || is(Verb::train) || is(Verb::bonus) || is(Verb::ability)) {
      m.kind = Move::Kind::ability;
      Word inner = verb;
      if (is(Verb::ability)) {
        if (r.done()) {
          bound = Bound<Move>::error(ErrorKind::syntax, r.here(), "",
                                     "expected 'train', 'bonus' or 'cube' after 'ability'");
          return bound;
        }
        inner = r.take();
      }
      Move::Kind k;
      const std::optional<Verb> inner_verb = verb_of(inner.text);
      if (inner_verb == Verb::cube)
        k = Move::Kind::cube;
      else if (inner_verb == Verb::train)
        k = Move::Kind::train;
      else if (inner_verb == Verb::bonus)
        k = Move::Kind::bonus;
      else {
        bound = Bound<Move>::error(
            ErrorKind::syntax, inner.span, "",
            fmt::format("expected 'train', 'bonus' or 'cube' after 'ability', found '{}'", inner.text));
        return bound;
      }
      if (is(Verb::ability))
        m.as = k;
      else
        m.kind = k;
      if (k == Move::Kind::cube) {
        if (r.next_is("none")) {
          r.take();
          m.none = true;
        } else {
          auto s = slot(r, f, rw::kSlots);
          auto col = s ? colour(state, r, f) : std::nullopt;
          ok = col.has_value();
          if (ok) {
            m.slot = static_cast<std::int8_t>(*s);
            m.colour = *col;
          }
        }
      } else if (k == Move::Kind::train) {
        auto a = area(r, f);
        ok = a.has_value();
        if (ok) m.area = *a;
      } else if (!is(Verb::ability) && r.next_is("none")) {  // RW-18's reading 'may-decline'
        r.take();
        m.none = true;
      } else {
        auto s = cheshire_slot(r, f);
        ok = s.has_value();
        if (ok) m.slot = static_cast<std::int8_t>(*s);
      }
      ok = ok && end(r, f);
    } else if (is(Verb::icon)) {
      m.kind = Move::Kind::icon;
      if (r.done() || !small_number(r.peek()->text)) {
        bound = Bound<Move>::error(
            ErrorKind::syntax, r.here(), "",
            fmt::format("expected the space of a Caterpillar icon, like 'icon 4', found {}", r.found()));
        return bound;
      }
      m.space = static_cast<std::int8_t>(std::stoi(std::string(r.take().text)));
      ok = end(r, f);
    } else if (is(Verb::soldier)) {
      m.kind = Move::Kind::soldier;
      if (r.next_is("trained")) {  // her kept upgrade token under it (RW-26's 'player-chooses')
        r.take();
        m.trained = true;
      }
      auto a = area(r, f);
      ok = a && end(r, f);
      if (ok) m.area = *a;
    } else if (is(Verb::move)) {
      m.kind = Move::Kind::move_soldier;
      if (r.next_is("none")) {
        r.take();
        m.none = true;
        ok = end(r, f);
      } else {
        if (r.next_is("trained")) {
          r.take();
          m.trained = true;
        }
        auto a = area(r, f);
        ok = a && word(r, f, "to");
        auto to = ok ? area(r, f) : std::nullopt;
        ok = to && end(r, f);
        if (ok) {
          m.area = *a;
          m.to = *to;
        }
      }
    } else {
      {
        bound = Bound<Move>::error(
            ErrorKind::syntax, verb.span, "",
            fmt::format("expected a move (take, mushroom, play, place, keep, discard, challenge, "
                        "cube, soldier, move, train, bonus, icon or ability), found '{}'{}",
                        verb.text, suggest(verb.text, kVerbs)));
        return bound;
      }
    }
    if (!ok) {
      fail();
      return bound;
    }
    return bound;
  }

  static bool canonical(std::string_view label, std::string_view text, std::string& out, SyntaxError& error) {
    std::vector<Word> words;
    out.clear();
    const std::optional<Event> event = event_of(label);
    // A roll's or a reveal's player's name is kept as written (any letters and blanks).
    text = trim(text);
    if (event == Event::roll || event == Event::reveal)
      if (const std::size_t end = name_end(*event, text); end > 0) {
        if (!notation::parse_words(text.substr(end), words, error)) {
          error.offset += static_cast<std::uint32_t>(end);
          return false;
        }
        out = std::string(text.substr(0, end));
        for (const Word& w : words) {
          out += w.after_comma ? ", " : " ";
          out += ascii_lower(w.text);
        }
        return true;
      }
    if (!notation::parse_words(text, words, error)) return false;
    const bool roll = event == Event::roll || event == Event::reveal;  // their first word is a player's name
    const bool slot_letter = !words.empty() && (iequals(words[0].text, "bonus") ||
                                                (words.size() > 1 && iequals(words[0].text, "ability") &&
                                                 iequals(words[1].text, "bonus")));
    for (std::size_t i = 0; i < words.size(); ++i) {
      std::string w = roll && i == 0 ? std::string(words[i].text) : ascii_lower(words[i].text);
      if (slot_letter && i + 1 == words.size() && w.size() == 1) w = ascii_upper(w);
      out += i == 0 ? "" : words[i].after_comma ? ", " : " ";
      out += w;
    }
    return true;
  }

  // --- The replay's view -------------------------------------------------------------------

  static std::optional<Move> seeded_chance(const State& s) { return s.seeded_chance(); }
  static int round(const State& s) { return s.round(); }
  static bool round_start(const State& s) { return s.phase() == State::Phase::jabberwock; }

  static std::string role(const State& s, int seat) {
    return s.catalog().characters[static_cast<std::size_t>(s.player(seat).character)].name;
  }
  static std::string progress(const State& s) {
    if (s.is_over()) return "the end of the game: " + s.end_reason();
    switch (s.phase()) {
      case State::Phase::jabberwock:
        return fmt::format("round {}, before its Jabberwock card", s.round());
      case State::Phase::rolling:
        return fmt::format("round {}, the roll", s.round());
      case State::Phase::reveal:
        return "the reveals after its last round";
      default:
        break;
    }
    int dice = 0;
    for (int a = 0; a < rw::kAreas; ++a) dice += rw::count(s.area_dice(static_cast<Area>(a)));
    return fmt::format("round {}, {}'s turn, {} left in the areas", s.round(), s.name(s.current()),
                       dice == 1 ? std::string("1 die") : fmt::format("{} dice", dice));
  }
  static std::string unfinished(const State& s) { return s.waiting_for(); }
  // The rounds are over, only the reveals due.
  static bool play_over(const State& s) { return s.phase() == State::Phase::reveal; }
  static std::string_view unfinished_rule(const State& s) {
    return s.phase() == State::Phase::reveal ? "RW-2" : round_rule;
  }
  // What ended the game, for an entry or a round line written after it.
  static std::string end_reason(const State& s) { return s.end_reason(); }
  // An entry of another player, a round line, a chance event or the log's end closes the turn
  // left open after her action for her mushrooms (RW-10) and cards from hand (RW-14).
  // Returns the seat whose turn it closed, or -1.
  static int settle(State& s, int seat) {
    const int open = s.current();
    return seat != open && s.close_window() ? open : -1;
  }

  static std::string render(const State& s) {
    const Catalog& c = s.catalog();
    std::string out;
    if (s.is_over()) {
      out += "The game is over: " + s.end_reason() + ".\n";
    } else {
      out += fmt::format("Round {}; first player {}; Jabberwock: {} ({} cards left)\n", s.round(), s.name(s.first()),
                         s.jabberwock() ? std::string(rw::area_name(*s.jabberwock())) : "not yet revealed",
                         s.jabberwock_left());
      out += "Next: " + s.waiting_for() + "\n";
    }
    out += "Action areas:\n";
    for (int a = 0; a < rw::kAreas; ++a) {
      const std::string dice = dice_text(s.area_dice(static_cast<Area>(a)));
      out += fmt::format("  {:<12}{}\n", rw::area_word(static_cast<Area>(a)), dice.empty() ? "-" : dice);
    }
    out += "Cheshire Cat:";
    for (int k = 0; k < rw::kCheshireSlots; ++k)
      out += fmt::format(" {} {} ({});", kSlotLetters[k], c.cheshire[s.cheshire()[k]].name,
                         rw::describe(c.cheshire[s.cheshire()[k]].bonus));
    out.back() = '\n';
    out += fmt::format("Decks: Mad Hatter {}, Alice challenge {}, objective {}\n", s.deck_left(rw::Deck::hatter),
                       s.deck_left(rw::Deck::challenge), s.deck_left(rw::Deck::objective));
    out += fmt::format("White Rabbit path (end {}):", c.rabbit.length);
    for (int p = 0; p < s.players(); ++p) out += fmt::format(" {} {};", s.name(p), s.player(p).rabbit);
    out.back() = '\n';
    out += fmt::format("Caterpillar path (end {}):", c.caterpillar.length);
    for (int p = 0; p < s.players(); ++p) out += fmt::format(" {} {};", s.name(p), s.player(p).caterpillar);
    out.back() = '\n';
    out += "Influence (strength):\n";
    for (int a = 0; a < rw::kAreas; ++a) {
      const auto st = s.strength(static_cast<Area>(a));
      std::string row;
      for (int p = 0; p < s.players(); ++p)
        if (st[p]) row += fmt::format(" {} {};", s.name(p), st[p]);
      if (!row.empty()) row.pop_back();
      out += fmt::format("  {:<12}{}\n", rw::area_word(static_cast<Area>(a)), row.empty() ? " -" : row);
    }
    for (int p = 0; p < s.players(); ++p) {
      const rw::Player& pl = s.player(p);
      out += fmt::format("{} ({}): dice {}; mushrooms {}; soldiers in supply {}{}; cubes {}\n", s.name(p),
                         c.characters[pl.character].name, dice_text(pl.dice).empty() ? "-" : dice_text(pl.dice),
                         pl.mushrooms, pl.supply, pl.token ? ", an upgrade token kept" : "", pl.cubes);
      std::string challenges;
      for (int k = 0; k < rw::kSlots; ++k) {
        const auto& ch = pl.challenges[k];
        if (ch.card < 0) continue;
        std::string icons;
        for (int i = 0; i < 4; ++i)
          icons += fmt::format("{}{}{}", i ? " " : "", rw::colour_word(c.challenges[ch.card].icons[i]),
                               ch.covered >> i & 1 ? "*" : "");
        challenges += fmt::format(" {} {} [{}];", k + 1, c.challenges[ch.card].name, icons);
      }
      if (!challenges.empty()) challenges.pop_back();
      out += fmt::format("  challenges:{}; completed {}\n", challenges.empty() ? " none" : challenges, pl.completed.size());
      std::string slots, hand;
      for (int k = 0; k < rw::kSlots; ++k)
        if (pl.persistent[k] >= 0) slots += fmt::format(" {} {};", k + 1, c.hatter[pl.persistent[k]].name);
      if (!slots.empty()) slots.pop_back();
      for (int h : pl.hand) hand += (hand.empty() ? "" : ", ") + c.hatter[h].name;
      if (pl.hidden) hand += fmt::format("{}{} face down", hand.empty() ? "" : ", ", pl.hidden);
      out += fmt::format("  Mad Hatter: slots{}; hand {}", slots.empty() ? " empty" : slots,
                         hand.empty() ? "empty" : hand);
      // A table log's secret objectives, after the hand (which may be empty) rather than in it.
      if (pl.hidden_objectives) out += fmt::format("; objectives: {} secret", pl.hidden_objectives);
      out += "\n";
    }
    return out;
  }

  // The picture of a position (wonderlog view): the table drawn once for the page, and on it
  // each position's dice, soldiers, markers and boards; its text is render()'s.
  static std::string picture_style() { return rw::picture_style(); }
  static std::string picture_defs(const State& s) { return rw::map_defs(s); }
  static std::string draw(const State& s) {
    const std::string caption =
        s.is_over() ? "The game is over: " + s.end_reason() : fmt::format("Round {}: {}", s.round(), s.waiting_for());
    return rw::draw_position(s, caption, fmt::format("{}: {}", title, progress(s)), render(s));
  }

  // Reads `, declines 7 12` off the end of an entry's words into m.declined (the Caterpillar
  // icons it sets off whose bonuses she declines, by their spaces); false, with `f` saying what is
  // wrong, if it is not well written. Out of line: rare, and its messages kept out of bind.
  [[gnu::noinline]] static bool read_declined(std::string_view text, std::vector<Word>& words, Move& m, Failure& f) {
    // The suffix is the last word after a comma, and the numbers after it.
    std::size_t tail = words.size();
    while (tail > 1 && !words[tail - 1].after_comma && small_number(words[tail - 1].text)) --tail;
    if (tail <= 1 || !words[tail - 1].after_comma || !iequals(words[tail - 1].text, "declines")) return true;
    const char* const expected = kDeclinedSpaces;
    auto wrong = [&](Span span, std::string message) {
      f.kind = ErrorKind::syntax;
      f.span = span;
      f.rule.clear();
      f.message = std::move(message);
      return false;
    };
    if (tail == words.size())
      return wrong(Span{static_cast<std::uint32_t>(text.size()), static_cast<std::uint32_t>(text.size() + 1)},
                   fmt::format("expected {}, found the end", expected));
    for (std::size_t j = tail; j < words.size(); ++j) {
      const Word& n = words[j];
      const int space = std::stoi(std::string(n.text));  // small_number: one or two digits
      if (space < 1 || space > 63) return wrong(n.span, fmt::format("expected {}, found '{}'", expected, n.text));
      const std::uint64_t bit = std::uint64_t{1} << space;
      if (m.declined & bit) return wrong(n.span, fmt::format("space {} is declined twice: name each icon once", space));
      m.declined |= bit;
    }
    words.resize(tail - 1);
    if (words.size() >= 3 && words[words.size() - 2].after_comma && iequals(words[words.size() - 2].text, "rabbit"))
      return wrong(words[words.size() - 2].span, "', rabbit N' comes after ', declines ...', not before it");
    return true;
  }

  // A syntax error at or after a `, declines` that read_declined did not take (it looks only where
  // an entry ends in a digit): `declines five`, `declines, 5`, `decline 9`. The entry's own words
  // stop at it, and "expected a die colour, found 'declines'" would not say what is wrong.
  [[gnu::cold, gnu::noinline]] static void tell_unread_declines(const std::vector<Word>& words, Failure& f) {
    for (std::size_t i = 1; i < words.size(); ++i) {
      const Word& w = words[i];
      const bool declines = iequals(w.text, "declines");
      if (!w.after_comma || !(declines || iequals(w.text, "decline") || iequals(w.text, "declined"))) continue;
      if (f.span.begin < w.span.begin) return;  // the entry went wrong before it: that is told
      if (!declines) {
        f.rule.clear();
        f.span = w.span;
        f.message = fmt::format(
            "expected 'declines' and the spaces of the Caterpillar icons whose bonuses she declines, like ', declines "
            "7' (RW-25's reading 'may-decline'), found '{}'",
            w.text);
        return;
      }
      std::size_t j = i + 1;
      while (j < words.size() && !words[j].after_comma && small_number(words[j].text)) ++j;
      if (j == words.size()) return;  // read_declined's to tell
      const Word& n = words[j];
      const char* const expected = kDeclinedSpaces;
      f.rule.clear();
      f.span = n.span;
      f.message = n.after_comma && j == i + 1
                      ? fmt::format("expected {} (no comma after 'declines'), found ', {}'", expected, n.text)
                  : n.after_comma ? fmt::format("expected {}, and nothing after them but ', rabbit N', found ', {}'",
                                                expected, n.text)
                                  : fmt::format("expected {}, found '{}'", expected, n.text);
      return;
    }
  }

  static std::string describe(const State& s, const Move& m) {
    if (m.rabbit < 0 && !m.declined) return describe_whole(s, m);
    Move whole = m;
    whole.rabbit = -1;
    whole.declined = 0;
    std::string out = describe_whole(s, whole);
    if (m.declined) {
      const bool one = std::popcount(m.declined) == 1;
      out += fmt::format("; she declines the bonus{} of the Caterpillar icon{} on space{} {} (RW-25 'may-decline')",
                         one ? "" : "es", one ? "" : "s", one ? "" : "s", rw::spaces_of(m.declined));
    }
    if (m.rabbit >= 0) {
      Move declining = m;
      declining.rabbit = -1;
      const int spaces = s.rabbit_gone(declining);
      out += fmt::format("; the White Rabbit move it sets off ({} free space{}) stops after {} (RW-15 'up-to')", spaces,
                         spaces == 1 ? "" : "s", m.rabbit);
    }
    return out;
  }

  static std::string describe_whole(const State& s, const Move& m) {
    const Catalog& c = s.catalog();
    switch (m.kind) {
      case Move::Kind::take: {
        const rw::Dice& taken = m.named ? m.dice : s.area_dice(m.area);
        const int n = rw::count(taken);
        // An area with nothing to take (the round's dice gone, or the game over) is said so.
        if (n == 0) return fmt::format("takes the dice of {}, which holds none", rw::area_name(m.area));
        return fmt::format("takes {} di{} from {} ({})", n, n == 1 ? "e" : "ce", rw::area_name(m.area),
                           dice_text(taken));
      }
      case Move::Kind::mushroom_set:
        return fmt::format("uses a mushroom: the {} die in {}'s area to the {} face", rw::colour_word(m.colour),
                           rw::area_name(m.area), rw::area_word(m.to));
      case Move::Kind::mushroom_reroll:
        return fmt::format("uses a mushroom: re-rolls {} in {}'s area", dice_text(m.dice), rw::area_name(m.area));
      case Move::Kind::play:
        return fmt::format("plays '{}' ({})", c.hatter[m.card].name, rw::describe(c.hatter[m.card].effect));
      case Move::Kind::place:
        return fmt::format("places '{}' in persistent slot {}", c.hatter[m.card].name, m.slot + 1);
      case Move::Kind::keep:
        return m.none ? "keeps the rest of the cards she drew, face down" : fmt::format("keeps '{}' in hand", c.hatter[m.card].name);
      case Move::Kind::discard:
        return fmt::format("discards '{}'", c.hatter[m.card].name);
      case Move::Kind::challenge:
        return m.none ? "takes no Alice challenge card"
                      : fmt::format("takes the challenge '{}' into slot {}", c.challenges[m.card].name, m.slot + 1);
      case Move::Kind::cube:
        return m.none ? "places no (more) cubes"
                      : fmt::format("places a cube on {} {} icon of the challenge in slot {}",
                                    rw::colour_word(m.colour)[0] == 'o' ? "an" : "a",  // "an orange", the one vowel
                                    rw::colour_word(m.colour), m.slot + 1);
      case Move::Kind::soldier:
        return fmt::format("summons a soldier{} to {}'s influence area",
                           m.trained ? " with her kept upgrade token under it" : "", rw::area_name(m.area));
      case Move::Kind::move_soldier:
        return m.none ? "moves no soldier"
                      : fmt::format("moves {}soldier from {}'s influence area to {}'s", m.trained ? "an upgraded " : "a ",
                                    rw::area_name(m.area), rw::area_name(m.to));
      case Move::Kind::train:
        return fmt::format("trains a soldier in {}'s influence area", rw::area_name(m.area));
      case Move::Kind::icon:
        return m.space >= 0 && m.space < static_cast<int>(c.caterpillar.icons.size()) && c.caterpillar.icons[m.space]
                   ? fmt::format("takes the Caterpillar icon of space {} next ({})", m.space,
                                 rw::describe(*c.caterpillar.icons[m.space]))
                   : fmt::format("takes the Caterpillar icon of space {} next", m.space);
      case Move::Kind::bonus:
        if (m.none) return "declines the rest of her Cheshire Cat bonuses";
        return fmt::format("takes the bonus of Cheshire Cat slot {} ('{}': {})", kSlotLetters[m.slot],
                           c.cheshire[s.cheshire()[m.slot]].name, rw::describe(c.cheshire[s.cheshire()[m.slot]].bonus));
      case Move::Kind::ability: {
        Move inner = m;
        inner.kind = m.as;
        return "uses her special ability: " + describe_whole(s, inner);
      }
      default:
        return entry_whole(s, m, GenOptions{}).second;
    }
  }

  // Several Alice challenge cards listed: the log has no seed, and whichever card lay on top is
  // listed (found in review: 30 entries read as 15 choices the player had).
  static std::string legal_note(const State&, const std::vector<Move>& legal) {
    std::vector<int> cards;
    for (const Move& m : legal)
      if (m.kind == Move::Kind::challenge && !m.none && std::find(cards.begin(), cards.end(), m.card) == cards.end())
        cards.push_back(m.card);
    if (cards.size() < 2) return {};
    return fmt::format(
        "(The log has no seed, so the card on top of the Alice challenge deck is not known: the {} cards that can "
        "be there are listed, each in every free slot. At the table only the top card is taken, RW-19.)\n",
        cards.size());
  }

  // The numbers behind a take: spaces per die, the spaces skipped, the bonuses on the way.
  static std::string arithmetic(const State& s, const Move& m) {
    if (m.kind != Move::Kind::take) return {};
    const Catalog& c = s.catalog();
    const rw::Dice taken = m.named ? m.dice : s.area_dice(m.area);
    if (rw::count(taken) == 0) return {};  // nothing taken, nothing to count
    const int seat = m.seat;
    std::string out = "Arithmetic:\n";
    // Where the count of dice sets how much the action gives: what, and the table's rows.
    const int n = rw::count(taken), k = rw::by_dice(n);
    const char* what = m.area == Area::hatter ? (k == 1 ? "Mad Hatter card" : "Mad Hatter cards")
                       : m.area == Area::cat  ? (k == 1 ? "Cheshire Cat bonus" : "Cheshire Cat bonuses")
                       : m.area == Area::queen ? (k == 1 ? "soldier" : "soldiers")
                                               : nullptr;
    const char* rule = m.area == Area::hatter ? "RW-14" : m.area == Area::cat ? "RW-18" : "RW-21";
    out += what ? fmt::format("  dice taken: {} ({} {}: {} {}, as 1-2 dice give 1, 3-4 give 2 and 5-6 give 3; {})\n",
                              dice_text(taken), n, n == 1 ? "die" : "dice", k, what, rule)
                : fmt::format("  dice taken: {} ({} {})\n", dice_text(taken), n, n == 1 ? "die" : "dice");
    if (taken[static_cast<int>(Colour::black)])
      out += fmt::format("  black dice: {} mushroom{} at once, within the limit of 2 (RW-11)\n",
                         taken[static_cast<int>(Colour::black)], taken[static_cast<int>(Colour::black)] == 1 ? "" : "s");
    if (m.area == Area::rabbit || m.area == Area::caterpillar) {
      const bool rabbit = m.area == Area::rabbit;
      int spaces = 0;
      std::string parts;
      for (int col = 0; col < rw::kColours; ++col)
        for (int k = 0; k < taken[col]; ++k) {
          const int n = rabbit ? rw::rabbit_spaces(static_cast<Colour>(col)) : rw::caterpillar_spaces(static_cast<Colour>(col));
          parts += fmt::format("{}{} {}", parts.empty() ? "" : " + ", rw::colour_word(static_cast<Colour>(col)), n);
          spaces += n;
        }
      if (const int extra = s.extra_spaces(seat, m.area)) {
        parts += fmt::format(" + {} (a persistent Mad Hatter card)", extra);
        spaces += extra;
      }
      out += fmt::format("  spaces: {} = {} ({})\n", parts, spaces, rabbit ? "RW-15" : "RW-22");
      if (rabbit && m.rabbit >= 0 && m.rabbit < spaces) {
        out += fmt::format("  she stops short: {} free space{} ('rabbit {}', RW-15 'up-to')\n", m.rabbit,
                           m.rabbit == 1 ? "" : "s", m.rabbit);
        spaces = m.rabbit;
      }
      const rw::Path& path = rabbit ? c.rabbit : c.caterpillar;
      const int from = rabbit ? s.player(seat).rabbit : s.player(seat).caterpillar;
      State::Spaces passed, skipped;
      const int to = State::advance(path, from, spaces, s.others_on(rabbit, seat), &passed, &skipped);
      std::string skip;
      for (int k : skipped) skip += (skip.empty() ? "" : ", ") + std::to_string(k);
      out += fmt::format("  from space {} to space {}{}{}\n", from, to,
                         skipped.empty() ? "" : "; occupied spaces skipped, not counted: " + skip,
                         to == path.length ? " (the end of the path)" : "");
      if (!rabbit) {
        std::string icons;
        for (int k : passed)
          if (k < static_cast<int>(path.icons.size()) && path.icons[k])
            icons += fmt::format("{}space {}: {}{}", icons.empty() ? "" : "; ", k, rw::describe(*path.icons[k]),
                                 k < 64 && (m.declined >> k & 1) ? " (declined, RW-25)" : "");
        out += "  icons landed on or passed, in path order (RW-24): " + (icons.empty() ? "none" : icons) + "\n";
      }
    }
    if (m.area == Area::cat) {
      std::array<int, rw::kCheshireSlots> allow{};
      for (int col = 0; col < rw::kColours; ++col) allow[rw::cheshire_slot(static_cast<Colour>(col))] += taken[col];
      out += fmt::format("  bonuses: {}; each slot at most as often as dice of its colours were taken: A {}, B {}, C {}, D {} (RW-18)\n",
                         rw::by_dice(rw::count(taken)), allow[0], allow[1], allow[2], allow[3]);
    }
    if (rw::count(taken) >= 4)
      out += fmt::format("  {} dice: {}'s special ability ({}) is triggered under RW-12's default\n", rw::count(taken),
                         c.characters[s.player(seat).character].name,
                         rw::describe(c.characters[s.player(seat).character].ability));
    return out;
  }

  static std::string names_of_cards(const State& s, const Move& m, rw::Deck deck) {
    const Catalog& c = s.catalog();
    std::string out;
    for (int i = 0; i < m.count; ++i)
      out += (i ? ", " : "") + (deck == rw::Deck::objective ? c.objectives[m.cards[i]].name : c.hatter[m.cards[i]].name);
    return out;
  }

  static std::string faces_text(const Move& m) {
    std::string out;
    int i = 0;
    for (int col = 0; col < rw::kColours; ++col)
      for (int k = 0; k < m.dice[col]; ++k, ++i)
        out += fmt::format("{}{} {}", out.empty() ? "" : ", ", rw::colour_word(static_cast<Colour>(col)),
                           rw::area_word(m.faces[i]));
    return out;
  }

  static std::pair<std::string, std::string> entry(const State& s, const Move& m, const GenOptions& options) {
    if (m.rabbit < 0 && !m.declined) return entry_whole(s, m, options);
    Move whole = m;
    whole.rabbit = -1;
    whole.declined = 0;
    auto [label, text] = entry_whole(s, whole, options);
    if (m.declined) text += ", declines " + rw::spaces_of(m.declined);
    if (m.rabbit >= 0) text += fmt::format(", rabbit {}", m.rabbit);
    return {label, text};
  }

  static std::pair<std::string, std::string> entry_whole(const State& s, const Move& m, const GenOptions&) {
    const Catalog& c = s.catalog();
    switch (m.kind) {
      case Move::Kind::jabberwock:
        return {"jabberwock", std::string(rw::area_word(m.area))};
      case Move::Kind::roll:
        return {"roll", s.name(m.who) + " " + faces_text(m)};
      case Move::Kind::reroll:
        return {"reroll", faces_text(m)};
      case Move::Kind::draw: {
        const rw::Deck deck = !s.pending().empty() ? s.pending().back().deck : rw::Deck::hatter;
        return {"draw", names_of_cards(s, m, deck)};
      }
      case Move::Kind::reveal: {
        std::string text = s.name(m.who) + (m.objectives ? " objectives" : " hand");
        for (int i = 0; i < m.shown_count; ++i)
          text += std::string(i ? ", " : " ") +
                  (m.objectives ? c.objectives[m.shown[i]].name : c.hatter[m.shown[i]].name);
        return {"reveal", text};
      }
      default:
        break;
    }
    std::string text;
    switch (m.kind) {
      case Move::Kind::take:
        text = fmt::format("take {}", rw::area_word(m.area));
        if (m.named) text += " " + dice_text(m.dice);
        break;
      case Move::Kind::mushroom_set:
        text = fmt::format("mushroom {} {} to {}", rw::colour_word(m.colour), rw::area_word(m.area), rw::area_word(m.to));
        break;
      case Move::Kind::mushroom_reroll:
        text = fmt::format("mushroom reroll {} {}", rw::area_word(m.area), dice_text(m.dice));
        break;
      case Move::Kind::play:
        text = "play " + c.hatter[m.card].name;
        break;
      case Move::Kind::place:
        text = fmt::format("place {} {}", c.hatter[m.card].name, m.slot + 1);
        break;
      case Move::Kind::keep:
        text = m.none ? "keep" : "keep " + c.hatter[m.card].name;
        break;
      case Move::Kind::discard:
        text = "discard " + c.hatter[m.card].name;
        break;
      case Move::Kind::challenge:
        text = m.none ? "challenge none" : fmt::format("challenge {} {}", c.challenges[m.card].name, m.slot + 1);
        break;
      case Move::Kind::soldier:
        text = fmt::format("soldier {}{}", m.trained ? "trained " : "", rw::area_word(m.area));
        break;
      case Move::Kind::icon:
        text = fmt::format("icon {}", m.space);
        break;
      case Move::Kind::move_soldier:
        text = m.none ? "move none"
                      : fmt::format("move {}{} to {}", m.trained ? "trained " : "", rw::area_word(m.area), rw::area_word(m.to));
        break;
      case Move::Kind::cube:
      case Move::Kind::train:
      case Move::Kind::bonus:
      case Move::Kind::ability: {
        const Move::Kind k = m.kind == Move::Kind::ability ? m.as : m.kind;
        if (k == Move::Kind::cube)
          text = m.none ? "cube none" : fmt::format("cube {} {}", m.slot + 1, rw::colour_word(m.colour));
        else if (k == Move::Kind::train)
          text = fmt::format("train {}", rw::area_word(m.area));
        else
          text = m.none ? "bonus none" : fmt::format("bonus {}", kSlotLetters[m.slot]);
        if (m.kind == Move::Kind::ability) text = "ability " + text;
        break;
      }
      default:
        break;
    }
    return {s.name(m.seat), text};
  }

  static unsigned gen_weight(const State& s, const Move& m) {
    if (m.rabbit >= 0 || m.declined) return 1;  // stopping short (RW-15 'up-to'), declining (RW-25): rare
    if (m.seat >= 0 && m.seat != s.current()) return 40;  // the next player: her window closes
    switch (m.kind) {
      case Move::Kind::mushroom_set:
        return m.to == m.area ? 0 : 1;  // allowed (a mushroom spent for nothing), but nobody does it
      case Move::Kind::mushroom_reroll:
        return 1;
      case Move::Kind::keep:
        return m.none ? 40 : 4;  // a table log's 'keep': the usual end of a face-down draw
      case Move::Kind::discard:
        return 4;
      case Move::Kind::soldier:
        if (m.trained) {
          // Marked where her kept token goes anyway (RW-26): the same move as unmarked, which gen
          // writes, as a table would.
          const rw::Player& p = s.player(m.seat);
          const bool chooses = s.readings().chosen(static_cast<int>(rw::Dispute::kept_token)) ==
                               static_cast<int>(rw::KeptToken::player_chooses);
          if (!chooses || (std::min(s.soldiers_due(), p.supply) == 1 && p.run_first < 0)) return 0;
        }
        return 40;
      default:
        return m.none ? 2 : 40;
    }
  }

  static std::vector<std::string> score_breakdown(const State& s, int seat) {
    std::vector<std::string> out;
    for (const auto& [what, vp] : s.breakdown(seat)) out.push_back(fmt::format("{} {}", what, vp));
    return out;
  }
  static std::string winner_note(const State& s) {
    if (!s.is_over()) return "The game is not over.";
    std::vector<std::string> names;
    for (int w : s.winners()) names.push_back(s.name(w));
    std::string out = fmt::format("Winner: {} with {} points", and_list(names), s.scores()[s.winners().front()]);
    if (!s.tie_break().empty()) out += "; a tie broken: " + s.tie_break();
    return out + ".";
  }
  static std::string tie_break(const State& s) { return s.tie_break(); }
  static const std::vector<Ruling>& rulings() { return rw::rulings(); }
};

}  // namespace

const GameModule& rolling_module() {
  static const ModuleFor<Rolling> module;
  return module;
}

}  // namespace wonderlog
