#include "engine/rolling/catalog.h"

#include <cctype>

#include <fmt/format.h>

#include "engine/core/catalog.h"
#include "engine/core/pack.h"
#include "engine/core/vocabulary.h"
#include "grammar/source.h"

namespace wonderlog::rolling {

namespace {

constexpr std::string_view kAreaWords[kAreas] = {"hatter", "rabbit", "cat", "alice", "queen", "caterpillar"};
constexpr std::string_view kAreaNames[kAreas] = {"the Mad Hatter",      "the White Rabbit", "the Cheshire Cat", "Alice",
                                                 "the Queen of Hearts", "the Caterpillar"};
constexpr std::string_view kColourWords[kColours] = {"blue", "black", "orange", "peach", "green", "purple"};

// The bonus vocabulary (docs/games/rolling-in-wonderland.md "Effects"), in Bonus::Kind's order.
constexpr Named kBonuses[] = {{"draw-hatter", 0}, {"cube", 1},         {"rabbit", 2},   {"cheshire", 3},
                              {"summon", 4},      {"move-soldier", 5}, {"train", 6},    {"mushroom", 7},
                              {"caterpillar", 8}, {"objective", 9}};
// A persistent Mad Hatter card's modifiers, in Modifier::Kind's order (none is not written).
constexpr Named kModifiers[] = {{"rabbit-extra", 1}, {"caterpillar-extra", 2}, {"black-dice", 3}};
constexpr Named kObjectiveKinds[] = {{"strongest-in", 0},         {"most-challenges", 1}, {"furthest-caterpillar", 2},
                                     {"furthest-rabbit", 3},      {"first-to-end", 4},    {"per-mushroom", 5},
                                     {"five-in-one-area", 6},     {"every-area", 7}};

constexpr std::size_t kMostCharacters = 8;
constexpr std::size_t kMostCheshire = 99;
constexpr std::size_t kMostHatterKinds = 99;
constexpr std::size_t kMostChallenges = 200;
constexpr std::size_t kMostObjectiveKinds = 99;
constexpr std::size_t kMostBonuses = 6;  // bonuses of one effect

std::string area_words() {
  std::string out;
  for (std::string_view w : kAreaWords) out += (out.empty() ? "" : ", ") + std::string(w);
  return out;
}

std::string colour_words() {
  std::string out;
  for (std::string_view w : kColourWords) out += (out.empty() ? "" : ", ") + std::string(w);
  return out;
}

// What a node is, for "found ..." in messages.
std::string shown(const YAML::Node& node) {
  if (!node || node.IsNull()) return "nothing";
  if (node.IsSequence()) return "a list";
  if (node.IsMap()) return "a mapping";
  return "'" + node.Scalar() + "'";
}

bool counted(Bonus::Kind k) {
  using K = Bonus::Kind;
  return k == K::draw_hatter || k == K::rabbit || k == K::summon || k == K::mushroom || k == K::caterpillar;
}

std::string plural(int n, const char* one, const char* many) { return fmt::format("{} {}", n, n == 1 ? one : many); }

}  // namespace

std::string_view area_word(Area a) { return kAreaWords[static_cast<int>(a)]; }
std::string_view colour_word(Colour c) { return kColourWords[static_cast<int>(c)]; }
std::string_view area_name(Area a) { return kAreaNames[static_cast<int>(a)]; }

std::optional<Area> area_of(std::string_view word) {
  static constexpr auto kFolded = fold_words(kAreaWords);
  const int i = find_folded(kFolded, word);
  if (i < 0) return std::nullopt;
  return static_cast<Area>(i);
}

std::string_view when_word(HatterCard::When w) {
  return w == HatterCard::When::before_the_take ? "before-the-take" : "any-time-in-turn";
}

std::optional<Colour> colour_of(std::string_view word) {
  static constexpr auto kFolded = fold_words(kColourWords);
  const int i = find_folded(kFolded, word);
  if (i < 0) return std::nullopt;
  return static_cast<Colour>(i);
}

int rabbit_spaces(Colour c) {
  switch (c) {
    case Colour::blue:
    case Colour::black: return 2;
    case Colour::orange:
    case Colour::peach: return 3;
    case Colour::green:
    case Colour::purple: return 4;
  }
  return 0;
}

int caterpillar_spaces(Colour c) {
  switch (c) {
    case Colour::green:
    case Colour::purple:
    case Colour::peach: return 1;
    case Colour::orange:
    case Colour::black:
    case Colour::blue: return 2;
  }
  return 0;
}

int cheshire_slot(Colour c) {
  switch (c) {
    case Colour::peach: return 0;
    case Colour::orange: return 1;
    case Colour::green:
    case Colour::purple: return 2;
    case Colour::blue:
    case Colour::black: return 3;
  }
  return 0;
}

std::string_view bonus_word(Bonus::Kind k) { return name_in(kBonuses, static_cast<int>(k)); }

std::string describe(const Bonus& b) {
  using K = Bonus::Kind;
  switch (b.kind) {
    case K::draw_hatter: return "draw " + plural(b.count, "Mad Hatter card", "Mad Hatter cards");
    case K::cube: return "1 cube on any die icon of a challenge card";
    case K::rabbit: return plural(b.count, "White Rabbit space", "White Rabbit spaces");
    case K::cheshire: return "use a Cheshire Cat card";
    case K::summon: return "summon " + plural(b.count, "soldier", "soldiers");
    case K::move_soldier: return "move 1 soldier";
    case K::train: return "train 1 soldier";
    case K::mushroom: return "gain " + plural(b.count, "mushroom", "mushrooms");
    case K::caterpillar: return plural(b.count, "Caterpillar space", "Caterpillar spaces");
    case K::objective: return "draw 1 objective card";
  }
  return {};
}

std::string describe(const Effect& e) {
  std::string out;
  for (std::size_t i = 0; i < e.size(); ++i) out += (i ? ", then " : "") + describe(e[i]);
  return out;
}

int Catalog::jabberwock_cards() const {
  int n = 0;
  for (int k : jabberwock) n += k;
  return n;
}

namespace {

template <class T>
int find_named(const std::vector<T>& list, std::string_view name) {
  for (std::size_t i = 0; i < list.size(); ++i)
    if (iequals(list[i].name, name)) return static_cast<int>(i);
  return -1;
}

}  // namespace

int Catalog::find_character(std::string_view name) const { return find_named(characters, name); }
int Catalog::find_cheshire(std::string_view name) const { return find_named(cheshire, name); }
int Catalog::find_hatter(std::string_view name) const { return find_named(hatter, name); }
int Catalog::find_challenge(std::string_view name) const { return find_named(challenges, name); }
int Catalog::find_objective(std::string_view name) const { return find_named(objectives, name); }

namespace {

// Where a bonus is written: what it may be depends on it.
enum class Use : std::uint8_t {
  path_icon,            // a Caterpillar path icon: not `caterpillar`, not `objective`
  ability,              // a character's special ability: not `objective`
  cheshire,             // a Cheshire Cat card's bonus: not `cheshire`, not `objective`
  cheshire_objectives,  // the same, on a card marked 'objectives: true': `objective` too
  hatter,               // a one-shot Mad Hatter card's effect: not `objective`
};

// One bonus: a bare word, or {word: {count: N}} for the kinds that count.
Bonus read_bonus(const CatalogReader& r, const YAML::Node& node, Use use) {
  const Entry e = entry_of(r, node, "a bonus", names_of(kBonuses));
  Bonus b;
  b.kind = static_cast<Bonus::Kind>(lookup(r, e, kBonuses, "bonus"));
  if (counted(b.kind)) {
    r.only_keys(e.args, {"count"});
    if (e.args["count"]) b.count = r.integer(e.args, "count", 1, 9);
  } else if (e.args.size() != 0) {
    r.fail((*e.args.begin()).first,
           fmt::format("'{}' takes no arguments (it is always 1): write it alone, as {}", e.name, e.name));
  }
  using K = Bonus::Kind;
  if (b.kind == K::objective && use != Use::cheshire_objectives)
    r.fail(e.key, use == Use::cheshire
                      ? "'objective' draws a Queen objective card: only a Cheshire Cat card marked "
                        "'objectives: true' (it brings the objective deck into the game) may give it"
                      : "'objective' draws a Queen objective card: only a Cheshire Cat card marked "
                        "'objectives: true' may give it");
  if (b.kind == K::caterpillar && use == Use::path_icon)
    r.fail(e.key, "a Caterpillar path icon cannot be 'caterpillar': it would move the marker on the path it is "
                  "moving on; expected one of: draw-hatter, cube, rabbit, cheshire, summon, move-soldier, train, "
                  "mushroom");
  if (b.kind == K::cheshire && (use == Use::cheshire || use == Use::cheshire_objectives))
    r.fail(e.key, "a Cheshire Cat card's bonus cannot be 'cheshire': using a Cheshire Cat card from within one "
                  "could go on without end");
  return b;
}

// A list of bonuses, in the order they are resolved.
Effect read_effect(const CatalogReader& r, const YAML::Node& map, const char* key, Use use) {
  const YAML::Node list = r.require(map, key);
  const std::string what =
      fmt::format("'{}:' lists bonuses in the order they are resolved, like [summon] or [mushroom, {{rabbit: "
                  "{{count: 2}}}}]",
                  key);
  r.list(list, what, kMostBonuses);
  if (list.size() == 0) r.fail(list, what + ", at least one");
  Effect out;
  for (const auto& n : list) out.push_back(read_bonus(r, n, use));
  return out;
}

// A whole number that is a list's entry or a mapping's key.
int number(const CatalogReader& r, const YAML::Node& node, const std::string& what, int min, int max) {
  int value = 0;
  if (!node.IsScalar() || !YAML::convert<int>::decode(node, value) || value < min || value > max)
    r.fail(node, fmt::format("{} is a whole number from {} to {}, found {}", what, min, max, shown(node)));
  return value;
}

// A name logs write as one word: letters, digits, '-' and '''; unique in its list.
template <class T>
std::string one_word(const CatalogReader& r, const YAML::Node& map, const std::vector<T>& earlier, const char* what) {
  const std::string name = r.string(map, "name");
  for (char ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '\'')
      r.fail(map["name"], fmt::format("{}'s name is one word (letters, digits, '-' and ''' only), as logs write it; "
                                      "found '{}'",
                                      what, name));
  if (find_named(earlier, name) >= 0) r.fail(map["name"], fmt::format("a second {} named '{}'", what, name));
  return name;
}

Area area_arg(const CatalogReader& r, const YAML::Node& node, const char* what) {
  if (node.IsScalar())
    if (auto a = area_of(node.Scalar())) return *a;
  r.fail(node, fmt::format("{} is an area: one of {}; found {}", what, area_words(), shown(node)));
}

Colour colour_arg(const CatalogReader& r, const YAML::Node& node, const char* what) {
  if (node.IsScalar())
    if (auto c = colour_of(node.Scalar())) return *c;
  r.fail(node, fmt::format("{} is a die colour: one of {}; found {}", what, colour_words(), shown(node)));
}

bool flag(const CatalogReader& r, const YAML::Node& map, const char* key) {
  const YAML::Node n = map[key];
  if (!n) return false;
  if (!n.IsScalar() || (n.Scalar() != "true" && n.Scalar() != "false"))
    r.fail(n, fmt::format("'{}:' is true or false, found {}", key, shown(n)));
  return n.Scalar() == "true";
}

// A list of exactly `size` entries, one for each area or colour in order.
YAML::Node fixed_list(const CatalogReader& r, const YAML::Node& map, const char* key, const std::string& what,
                      std::size_t size) {
  const YAML::Node list = r.require(map, key);
  r.list(list, what, size);
  if (list.size() != size) r.fail(list, fmt::format("{}: exactly {}, found {}", what, size, list.size()));
  return list;
}

Path read_path(const CatalogReader& r, const YAML::Node& root, const char* key, bool with_icons) {
  const YAML::Node node = r.require(root, key);
  if (with_icons)
    r.only_keys(node, {"length", "stars", "icons", "source"});
  else
    r.only_keys(node, {"length", "stars", "source"});
  Path p;
  // The Caterpillar path's icons are noted a bit per space (a declined icon, RW-25): 63 spaces at
  // most, far past the printed path's.
  p.length = r.integer(node, "length", 6, with_icons ? 63 : 99);
  p.stars.assign(p.length + 1, 0);
  p.icons.assign(p.length + 1, std::nullopt);
  const std::string spaces = fmt::format("a space of the path (1 to {}, the end)", p.length);
  const YAML::Node stars = r.require(node, "stars");
  if (!stars.IsMap())
    r.fail(stars, fmt::format("'stars:' maps each space that has a VP star to its VP, like {{4: 1, 8: 2}}; found {}",
                              shown(stars)));
  for (const auto& kv : stars) {
    const int space = number(r, kv.first, spaces, 1, p.length);
    if (p.stars[space] != 0) r.fail(kv.first, fmt::format("space {} has a second star", space));
    p.stars[space] = number(r, kv.second, fmt::format("the VP of the star on space {}", space), 1, 99);
  }
  if (with_icons) {
    const YAML::Node icons = r.require(node, "icons");
    if (!icons.IsMap())
      r.fail(icons, fmt::format("'icons:' maps each space that has an icon to its bonus, like {{2: draw-hatter, 6: "
                                "{{rabbit: {{count: 2}}}}}}; found {}",
                                shown(icons)));
    for (const auto& kv : icons) {
      const int space = number(r, kv.first, spaces, 1, p.length);
      if (p.icons[space]) r.fail(kv.first, fmt::format("space {} has a second icon", space));
      p.icons[space] = read_bonus(r, kv.second, Use::path_icon);
    }
  }
  p.source = r.source(node);
  return p;
}

Catalog read_catalog(const CatalogReader& r, const YAML::Node& root) {
  r.require_game(root, "rolling-in-wonderland");
  r.only_keys(root, {"id", "game", "title", "influence-areas", "dice", "white-rabbit-path", "caterpillar-path",
                     "characters", "cheshire-cards", "hatter-cards", "challenge-cards", "objectives",
                     "jabberwock-cards", "upgrade-tokens"});
  Catalog c;
  c.file = r.file();
  c.id = r.string(root, "id");
  c.title = r.string_or(root, "title", c.id);

  // The six influence areas, in the order of the action areas.
  const std::string order = area_words();
  const YAML::Node areas = fixed_list(
      r, root, "influence-areas", "'influence-areas:' lists the 6 influence areas' rewards, in the order " + order, kAreas);
  for (int i = 0; i < kAreas; ++i) {
    const YAML::Node n = areas[i];
    r.only_keys(n, {"area", "rewards", "source"});
    const Area a = area_arg(r, r.require(n, "area"), "'area:'");
    if (a != static_cast<Area>(i))
      r.fail(n["area"], fmt::format("the influence areas are listed in the order {}: expected '{}' here, found '{}'",
                                    order, area_word(static_cast<Area>(i)), n["area"].Scalar()));
    InfluenceArea& area = c.areas[i];
    const YAML::Node rewards = r.require(n, "rewards");
    if (!rewards.IsSequence() || rewards.size() != 3)
      r.fail(rewards, "'rewards:' is the gold, silver and bronze VP, like [5, 3, 1]");
    static constexpr const char* kPlaces[] = {"the gold reward", "the silver reward", "the bronze reward"};
    for (int k = 0; k < 3; ++k) {
      area.rewards[k] = number(r, rewards[k], kPlaces[k], 0, 99);
      if (k > 0 && area.rewards[k] > area.rewards[k - 1])
        r.fail(rewards[k], fmt::format("{} ({}) is more than {} ({}): gold, silver and bronze go down", kPlaces[k],
                                       area.rewards[k], kPlaces[k - 1], area.rewards[k - 1]));
    }
    area.source = r.source(n);
  }

  // The six dice, one per colour.
  const YAML::Node dice =
      fixed_list(r, root, "dice", "'dice:' lists the 6 dice's faces, in the colour order " + colour_words(), kColours);
  for (int i = 0; i < kColours; ++i) {
    const YAML::Node n = dice[i];
    r.only_keys(n, {"colour", "faces", "source"});
    const Colour col = colour_arg(r, r.require(n, "colour"), "'colour:'");
    if (col != static_cast<Colour>(i))
      r.fail(n["colour"], fmt::format("the dice are listed in the colour order {}: expected '{}' here, found '{}'",
                                      colour_words(), colour_word(static_cast<Colour>(i)), n["colour"].Scalar()));
    const YAML::Node faces = r.require(n, "faces");
    if (!faces.IsSequence() || faces.size() != 6)
      r.fail(faces, "'faces:' lists the die's 6 faces, each an area: one of " + order);
    for (int k = 0; k < 6; ++k) c.dice[i].faces[k] = area_arg(r, faces[k], "a face");
    c.dice[i].source = r.source(n);
  }

  c.rabbit = read_path(r, root, "white-rabbit-path", false);
  c.caterpillar = read_path(r, root, "caterpillar-path", true);

  // Characters and their special abilities.
  const YAML::Node characters = r.require(root, "characters");
  r.list(characters, "'characters:' lists the characters (player boards) and their special abilities",
         kMostCharacters);
  if (characters.size() == 0)
    r.fail(characters, "'characters:' lists the characters (player boards), at least one");
  for (const auto& n : characters) {
    r.only_keys(n, {"name", "ability", "source"});
    Character ch;
    ch.name = one_word(r, n, c.characters, "character");
    ch.ability = read_bonus(r, r.require(n, "ability"), Use::ability);
    // The engine resolves the four abilities of l. 154-157 (RW-12, RW-13), no other.
    using K = Bonus::Kind;
    if (ch.ability.kind != K::train && ch.ability.kind != K::rabbit && ch.ability.kind != K::cheshire &&
        ch.ability.kind != K::cube)
      r.fail(n["ability"], "a special ability is one of the rulebook's four: train, rabbit (with its count), cheshire "
                           "or cube");
    ch.source = r.source(n);
    c.characters.push_back(std::move(ch));
  }

  // Cheshire Cat cards: 4 are dealt at set-up.
  const YAML::Node cheshire = r.require(root, "cheshire-cards");
  r.list(cheshire, "'cheshire-cards:' lists the Cheshire Cat cards", kMostCheshire);
  if (cheshire.size() < 4)
    r.fail(cheshire, fmt::format("'cheshire-cards:' lists the Cheshire Cat cards: at least 4 (set-up deals one to "
                                 "each of the 4 slots), found {}",
                                 cheshire.size()));
  for (const auto& n : cheshire) {
    r.only_keys(n, {"name", "bonus", "objectives", "text", "source"});
    CheshireCard card;
    card.name = one_word(r, n, c.cheshire, "Cheshire Cat card");
    card.objectives = flag(r, n, "objectives");
    card.bonus = read_effect(r, n, "bonus", card.objectives ? Use::cheshire_objectives : Use::cheshire);
    card.text = r.string(n, "text");
    card.source = r.source(n);
    c.cheshire.push_back(std::move(card));
  }

  // Mad Hatter cards: one-shot (an effect) or persistent (a modifier, or none).
  const YAML::Node hatter = r.require(root, "hatter-cards");
  r.list(hatter, "'hatter-cards:' lists the kinds of Mad Hatter card", kMostHatterKinds);
  if (hatter.size() == 0) r.fail(hatter, "'hatter-cards:' lists the kinds of Mad Hatter card, at least one");
  for (const auto& n : hatter) {
    r.only_keys(n, {"name", "type", "vp", "copies", "effect", "modifier", "when", "text", "source"});
    HatterCard card;
    card.name = one_word(r, n, c.hatter, "Mad Hatter card");
    const std::string type = r.string(n, "type");
    if (type != "one-shot" && type != "persistent")
      r.fail(n["type"], "'type:' is one-shot or persistent, found '" + type + "'");
    card.persistent = type == "persistent";
    card.vp = r.integer(n, "vp", 0, 20);
    card.copies = r.integer(n, "copies", 1, 10);
    if (card.persistent) {
      if (n["effect"])
        r.fail(n["effect"], "'effect:' belongs to a one-shot card; a persistent card may have a 'modifier:'");
      if (const YAML::Node m = n["modifier"]) {
        const Entry e = entry_of(r, m, "a modifier", names_of(kModifiers));
        card.modifier.kind = static_cast<Modifier::Kind>(lookup(r, e, kModifiers, "modifier"));
        if (card.modifier.kind == Modifier::Kind::black_dice) {
          if (e.args.size() != 0)
            r.fail((*e.args.begin()).first, "'black-dice' takes no arguments: write it alone, as black-dice");
        } else {
          r.only_keys(e.args, {"by"});
          need(r, e, {"by"});
          card.modifier.by = r.integer(e.args, "by", 1, 9);
        }
      }
    } else {
      if (n["modifier"])
        r.fail(n["modifier"], "'modifier:' belongs to a persistent card; a one-shot card has an 'effect:'");
      card.effect = read_effect(r, n, "effect", Use::hatter);
    }
    if (const YAML::Node w = n["when"]) {
      const std::string when = r.string(n, "when");
      if (when == when_word(HatterCard::When::before_the_take))
        card.when = HatterCard::When::before_the_take;
      else if (when != when_word(HatterCard::When::any_time_in_turn))
        r.fail(w,
               "'when:' is any-time-in-turn or before-the-take (when a card from hand may be played or placed, "
               "RW-14), found '" +
                   when + "'");
    }
    card.text = r.string(n, "text");
    card.source = r.source(n);
    c.hatter.push_back(std::move(card));
  }

  // Alice challenge cards: four die icons each.
  const YAML::Node challenges = r.require(root, "challenge-cards");
  r.list(challenges, "'challenge-cards:' lists the Alice challenge cards", kMostChallenges);
  if (challenges.size() == 0) r.fail(challenges, "'challenge-cards:' lists the Alice challenge cards, at least one");
  for (const auto& n : challenges) {
    r.only_keys(n, {"name", "icons", "vp", "source"});
    ChallengeCard card;
    card.name = one_word(r, n, c.challenges, "challenge card");
    const YAML::Node icons = r.require(n, "icons");
    if (!icons.IsSequence() || icons.size() != 4)
      r.fail(icons, "'icons:' lists the card's 4 die icons, each a colour: one of " + colour_words());
    for (int k = 0; k < 4; ++k) card.icons[k] = colour_arg(r, icons[k], "a die icon");
    card.vp = r.integer(n, "vp", 0, 20);
    card.source = r.source(n);
    c.challenges.push_back(std::move(card));
  }

  // The Queen objective deck.
  const YAML::Node objectives = r.require(root, "objectives");
  r.list(objectives, "'objectives:' lists the Queen objective cards", kMostObjectiveKinds);
  int objective_cards = 0;
  for (const auto& n : objectives) {
    r.only_keys(n, {"name", "kind", "area", "vp", "copies", "ja", "en", "source"});
    Objective o;
    o.name = one_word(r, n, c.objectives, "objective");
    const YAML::Node kind = r.require(n, "kind");
    if (!kind.IsScalar()) r.fail(kind, "'kind:' is one of: " + names_of(kObjectiveKinds));
    o.kind = static_cast<Objective::Kind>(lookup(r, Entry{kind.Scalar(), kind, {}}, kObjectiveKinds, "objective kind"));
    if (o.kind == Objective::Kind::strongest_in)
      o.area = area_arg(r, r.require(n, "area"), "'area:'");
    else if (n["area"])
      r.fail(n["area"], "'area:' belongs to 'kind: strongest-in' only");
    o.vp = r.integer(n, "vp", 1, 20);
    o.copies = r.integer(n, "copies", 1, 10);
    o.ja = r.string(n, "ja");
    o.en = r.string(n, "en");
    o.source = r.source(n);
    objective_cards += o.copies;
    c.objectives.push_back(std::move(o));
  }
  if (objective_cards < 4)
    r.fail(objectives, fmt::format("the objective deck needs at least 4 cards (each of up to 4 players draws one at "
                                   "set-up), found {}",
                                   objective_cards));

  // The Jabberwock attack deck: how many cards name each area.
  const YAML::Node jabberwock = r.require(root, "jabberwock-cards");
  r.only_keys(jabberwock, {"counts", "source"});
  const YAML::Node counts = r.require(jabberwock, "counts");
  r.only_keys(counts, {"hatter", "rabbit", "cat", "alice", "queen", "caterpillar"});
  for (int i = 0; i < kAreas; ++i)
    c.jabberwock[i] = r.integer(counts, std::string(area_word(static_cast<Area>(i))).c_str(), 0, 20);
  if (c.jabberwock_cards() == 0) r.fail(counts, "the Jabberwock attack deck needs at least 1 card");
  c.jabberwock_source = r.source(jabberwock);

  const YAML::Node upgrades = r.require(root, "upgrade-tokens");
  r.only_keys(upgrades, {"count", "source"});
  c.upgrade_tokens = r.integer(upgrades, "count", 1, 99);
  c.upgrade_source = r.source(upgrades);
  return c;
}

}  // namespace

namespace {

YAML::Node bonus_node(const Bonus& b) {
  const std::string word(bonus_word(b.kind));
  if (!counted(b.kind) || b.count == 1) return YAML::Node(word);
  YAML::Node n;
  n[word]["count"] = b.count;
  return n;
}

YAML::Node effect_node(const Effect& e) {
  YAML::Node n(YAML::NodeType::Sequence);
  for (const Bonus& b : e) n.push_back(bonus_node(b));
  return n;
}

YAML::Node path_node(const Path& p, bool with_icons) {
  YAML::Node n;
  n["length"] = p.length;
  n["stars"] = YAML::Node(YAML::NodeType::Map);
  for (int s = 1; s <= p.length; ++s)
    if (p.stars[s]) n["stars"][s] = p.stars[s];
  if (with_icons) {
    n["icons"] = YAML::Node(YAML::NodeType::Map);
    for (int s = 1; s <= p.length; ++s)
      if (p.icons[s]) n["icons"][s] = bonus_node(*p.icons[s]);
  }
  n["source"] = p.source;
  return n;
}

}  // namespace

std::string write_catalog(const Catalog& c) {
  YAML::Node root = catalog_head(c.id, "rolling-in-wonderland", c.title);
  for (int a = 0; a < kAreas; ++a) {
    YAML::Node n;
    n["area"] = std::string(area_word(static_cast<Area>(a)));
    for (int r : c.areas[a].rewards) n["rewards"].push_back(r);
    n["source"] = c.areas[a].source;
    root["influence-areas"].push_back(n);
  }
  for (int col = 0; col < kColours; ++col) {
    YAML::Node n;
    n["colour"] = std::string(colour_word(static_cast<Colour>(col)));
    for (Area f : c.dice[col].faces) n["faces"].push_back(std::string(area_word(f)));
    n["source"] = c.dice[col].source;
    root["dice"].push_back(n);
  }
  root["white-rabbit-path"] = path_node(c.rabbit, false);
  root["caterpillar-path"] = path_node(c.caterpillar, true);
  for (const Character& ch : c.characters) {
    YAML::Node n;
    n["name"] = ch.name;
    n["ability"] = bonus_node(ch.ability);
    n["source"] = ch.source;
    root["characters"].push_back(n);
  }
  for (const CheshireCard& card : c.cheshire) {
    YAML::Node n;
    n["name"] = card.name;
    n["bonus"] = effect_node(card.bonus);
    if (card.objectives) n["objectives"] = true;
    n["text"] = card.text;
    n["source"] = card.source;
    root["cheshire-cards"].push_back(n);
  }
  for (const HatterCard& card : c.hatter) {
    YAML::Node n;
    n["name"] = card.name;
    n["type"] = card.persistent ? "persistent" : "one-shot";
    n["vp"] = card.vp;
    n["copies"] = card.copies;
    if (!card.persistent) n["effect"] = effect_node(card.effect);
    if (card.persistent && card.modifier.kind != Modifier::Kind::none) {
      const std::string word = name_in(kModifiers, static_cast<int>(card.modifier.kind));
      if (card.modifier.kind == Modifier::Kind::black_dice)
        n["modifier"] = word;
      else
        n["modifier"][word]["by"] = card.modifier.by;
    }
    n["when"] = std::string(when_word(card.when));
    n["text"] = card.text;
    n["source"] = card.source;
    root["hatter-cards"].push_back(n);
  }
  for (const ChallengeCard& card : c.challenges) {
    YAML::Node n;
    n["name"] = card.name;
    for (Colour col : card.icons) n["icons"].push_back(std::string(colour_word(col)));
    n["vp"] = card.vp;
    n["source"] = card.source;
    root["challenge-cards"].push_back(n);
  }
  for (const Objective& o : c.objectives) {
    YAML::Node n;
    n["name"] = o.name;
    n["kind"] = name_in(kObjectiveKinds, static_cast<int>(o.kind));
    if (o.kind == Objective::Kind::strongest_in) n["area"] = std::string(area_word(o.area));
    n["vp"] = o.vp;
    n["copies"] = o.copies;
    n["ja"] = o.ja;
    n["en"] = o.en;
    n["source"] = o.source;
    root["objectives"].push_back(n);
  }
  for (int a = 0; a < kAreas; ++a)
    root["jabberwock-cards"]["counts"][std::string(area_word(static_cast<Area>(a)))] = c.jabberwock[a];
  root["jabberwock-cards"]["source"] = c.jabberwock_source;
  root["upgrade-tokens"]["count"] = c.upgrade_tokens;
  root["upgrade-tokens"]["source"] = c.upgrade_source;
  return emit_catalog(root);
}

// The fields a catalog is packed with (engine/core/pack.h); `file` is where it is read from.
template <class Io, pack::either<Bonus> C>
void fields(Io& io, C& b) {
  io(b.kind, b.count);
}
template <class Io, pack::either<Modifier> C>
void fields(Io& io, C& m) {
  io(m.kind, m.by);
}
template <class Io, pack::either<Path> C>
void fields(Io& io, C& p) {
  io(p.length, p.stars, p.icons, p.source);
}
template <class Io, pack::either<InfluenceArea> C>
void fields(Io& io, C& a) {
  io(a.rewards, a.source);
}
template <class Io, pack::either<Die> C>
void fields(Io& io, C& d) {
  io(d.faces, d.source);
}
template <class Io, pack::either<Character> C>
void fields(Io& io, C& ch) {
  io(ch.name, ch.ability, ch.source);
}
template <class Io, pack::either<CheshireCard> C>
void fields(Io& io, C& card) {
  io(card.name, card.bonus, card.objectives, card.text, card.source);
}
template <class Io, pack::either<HatterCard> C>
void fields(Io& io, C& card) {
  io(card.name, card.persistent, card.vp, card.copies, card.effect, card.modifier, card.when, card.text, card.source);
}
template <class Io, pack::either<ChallengeCard> C>
void fields(Io& io, C& card) {
  io(card.name, card.icons, card.vp, card.source);
}
template <class Io, pack::either<Objective> C>
void fields(Io& io, C& o) {
  io(o.name, o.kind, o.area, o.vp, o.copies, o.ja, o.en, o.source);
}
template <class Io, pack::either<Catalog> C>
void fields(Io& io, C& c) {
  io(c.id, c.title, c.areas, c.dice, c.rabbit, c.caterpillar, c.characters, c.cheshire, c.hatter, c.challenges,
     c.objectives, c.jabberwock, c.upgrade_tokens, c.jabberwock_source, c.upgrade_source);
}

std::string pack_catalog(const Catalog& c) {
  return pack::packed(c);
}

std::optional<Catalog> unpack_catalog(std::string_view packed, const std::string& file) {
  return unpack_catalog_from<Catalog>(packed, file);
}

Catalog load_catalog(const std::string& file, std::span<const BundledCatalog> bundled) {
  return load_catalog_with(file, read_catalog, bundled, "rolling-in-wonderland", unpack_catalog);
}

Catalog parse_catalog(const std::string& text, const std::string& file) {
  return parse_catalog_with(text, file, read_catalog);
}

}  // namespace wonderlog::rolling
