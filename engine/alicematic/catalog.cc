#include "engine/alicematic/catalog.h"

#include <algorithm>
#include <set>

#include "engine/alicematic/board.h"
#include "engine/core/catalog.h"
#include "engine/core/pack.h"
#include "grammar/alicematic/notation.h"
#include "grammar/source.h"

namespace wonderlog::alicematic {

namespace {
// The slots' colours come first, in Colour's order, then the spaces' own.
constexpr std::string_view kSlotNames[kSlots] = {"red", "blue", "yellow", "green", "white"};
constexpr std::string_view kOtherColourNames[] = {"City", "Mystic Forest"};
}  // namespace

std::string_view colour_name(Colour c) {
  const int i = static_cast<int>(c);
  return i < kSlots ? kSlotNames[i] : kOtherColourNames[i - kSlots];
}

std::optional<Colour> slot_of(std::string_view word) {
  // Asked of every summon and commoner, nearly always of a name as the slots are written (and as
  // `wonderlog gen` writes them): told by its length and compared whole, without folding it.
  const auto is = [&](Colour c) {
    const std::string_view name = kSlotNames[static_cast<int>(c)];
    return word.size() == name.size() && std::equal(name.begin(), name.end(), word.begin());
  };
  switch (word.size()) {
    case 3: if (is(Colour::red)) return Colour::red; break;
    case 4: if (is(Colour::blue)) return Colour::blue; break;
    case 5:
      if (is(Colour::green)) return Colour::green;
      if (is(Colour::white)) return Colour::white;
      break;
    case 6: if (is(Colour::yellow)) return Colour::yellow; break;
    default: return std::nullopt;  // no slot's name is so long or so short
  }
  // The slots' names folded once, for any other case ('Red', 'BLUE').
  static constexpr auto kFolded = fold_words(kSlotNames);
  const int i = find_folded(kFolded, word);
  if (i < 0) return std::nullopt;
  return static_cast<Colour>(i);
}

std::string_view resource_name(Resource r) {
  static constexpr std::string_view names[] = {"red", "yellow", "green"};
  return names[static_cast<int>(r)];
}

std::optional<Resource> resource_of(Colour c) {
  if (c == Colour::red) return Resource::red;
  if (c == Colour::yellow) return Resource::yellow;
  if (c == Colour::green) return Resource::green;
  return std::nullopt;
}

int Layout::centre_index() const {
  for (std::size_t i = 0; i < positions.size(); ++i)
    if (positions[i].name == centre) return static_cast<int>(i);
  return 0;
}

namespace {

// A name's slot in the card table, from its folded form (fold_word: the first 16 bytes in lower
// case, and the length): mixed by a multiplication, its high half folded into the low bits
// the table is indexed by.
std::uint64_t name_hash(const FoldedWord& f) {
  constexpr std::uint64_t k = 0x9E3779B97F4A7C15ULL;
  const std::uint64_t h = (f.lo ^ (f.hi * k) ^ f.size) * k;
  return h ^ (h >> 32);
}

}  // namespace

void Catalog::index_cards() {
  // Open addressing, at most half full: a name is mostly found at its first slot.
  std::size_t size = 16;
  while (size < 2 * cards.size()) size *= 2;
  card_slots_.assign(size, CardSlot{});
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const FoldedWord f = fold_word(cards[i].name);
    std::size_t at = name_hash(f) & (size - 1);
    while (card_slots_[at].card >= 0) at = (at + 1) & (size - 1);
    card_slots_[at] = CardSlot{f, static_cast<int>(i)};
  }
  indexed_cards_ = cards.size();
}

std::optional<int> Catalog::find_card(std::string_view name) const {
  if (indexed_cards_ == cards.size() && !card_slots_.empty()) {
    // Folded once and compared as whole integers: equal folded words are the same name in any
    // case (FoldedWord), but for a name longer than 16 bytes, whose rest is compared too.
    const FoldedWord f = fold_word(name);
    const std::size_t mask = card_slots_.size() - 1;
    for (std::size_t at = name_hash(f) & mask; card_slots_[at].card >= 0; at = (at + 1) & mask) {
      const CardSlot& slot = card_slots_[at];
      if (slot.folded == f && (f.size <= 16 || iequals(cards[static_cast<std::size_t>(slot.card)].name, name)))
        return slot.card;
    }
    return std::nullopt;
  }
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (iequals(cards[i].name, name)) return static_cast<int>(i);
  return std::nullopt;
}

std::optional<int> Catalog::find_tile(std::string_view tile) const {
  for (std::size_t i = 0; i < tiles.size(); ++i)
    if (iequals(tiles[i].id, tile)) return static_cast<int>(i);
  return std::nullopt;
}

const Layout* Catalog::layout_for(int players) const {
  for (const Layout& l : layouts)
    if (l.players == players) return &l;
  return nullptr;
}

std::optional<int> Catalog::find_kingdom(std::string_view name) const {
  for (std::size_t i = 0; i < kingdoms.size(); ++i)
    if (iequals(kingdoms[i], name)) return static_cast<int>(i);
  return std::nullopt;
}

namespace {

// "red 2" or "forest".
SpaceKind space_of(const CatalogReader& r, const YAML::Node& node) {
  const std::string text = node.IsScalar() ? node.Scalar() : std::string();
  if (text == "forest") return SpaceKind{Colour::forest, 0};
  const auto blank = text.find(' ');
  auto colour = slot_of(text.substr(0, blank));
  int difficulty = -1;
  if (blank != std::string::npos && blank + 2 == text.size() && text[blank + 1] >= '0' && text[blank + 1] <= '9')
    difficulty = text[blank + 1] - '0';
  if (!colour || difficulty < 0)
    r.fail(node, "a space is written '<colour> <difficulty>' (red, blue, yellow, green or white, then 0-9) or "
                 "'forest', found '" + text + "'");
  return SpaceKind{*colour, difficulty};
}

}  // namespace

namespace {

Catalog read_catalog(const CatalogReader& r, const YAML::Node& root) {
  r.require_game(root, "alicematic-heroes");
  const std::string& file = r.file();
  r.only_keys(root, {"id", "game", "title", "kingdoms", "territory-tokens", "bank", "tiles", "layouts", "cards"});
  Catalog c;
  c.file = file;
  c.id = r.string(root, "id");
  c.title = r.string_or(root, "title", c.id);

  const YAML::Node kingdoms = r.require(root, "kingdoms");
  r.only_keys(kingdoms, {"names", "source"});
  c.kingdoms_source = r.source(kingdoms);
  const YAML::Node names = r.require(kingdoms, "names");
  r.list(names, "'names:' lists the Kingdoms (a game has up to 5 players, each with a Kingdom)", kMostKingdoms);
  if (names.size() < 5)
    r.fail(names, "'names:' lists the five Kingdoms (a game has up to 5 players, each with a Kingdom)");
  for (const auto& n : names) {
    std::string name =
        r.log_name(n, "a Kingdom's name", ",#", "logs list the Kingdoms with commas, and '#' starts a comment");
    if (c.find_kingdom(name)) r.fail(n, "the Kingdom '" + name + "' is listed twice");
    c.kingdoms.push_back(std::move(name));
  }

  const YAML::Node tokens = r.require(root, "territory-tokens");
  r.only_keys(tokens, {"per-player", "source"});
  c.tokens_source = r.source(tokens);
  c.tokens_per_player = r.integer(tokens, "per-player", 2, 99);

  const YAML::Node bank = r.require(root, "bank");
  r.only_keys(bank, {"red", "yellow", "green", "source"});
  c.bank_source = r.source(bank);
  for (int i = 0; i < kResources; ++i)
    c.bank[i] = r.integer(bank, std::string(resource_name(static_cast<Resource>(i))).c_str(), 0, 999);

  const YAML::Node tiles = r.require(root, "tiles");
  r.list(tiles, "'tiles:' lists the map tiles", kMostTiles);
  if (tiles.size() == 0) r.fail(tiles, "'tiles:' lists the map tiles");
  for (const auto& t : tiles) {
    r.only_keys(t, {"id", "city", "spaces", "source"});
    TileKind k;
    k.id = r.log_name(r.require(t, "id"), "a tile id", " \t/,#", "logs write it in the tiles header, as in 7/2");
    if (c.find_tile(k.id)) r.fail(t["id"], "a second tile with id '" + k.id + "'");
    const YAML::Node city = r.require(t, "city");
    r.only_keys(city, {"difficulty", "spots"});
    k.city_difficulty = r.integer(city, "difficulty", 0, 9);
    k.city_spots = r.integer(city, "spots", 1, 5);
    const YAML::Node spaces = r.require(t, "spaces");
    if (!spaces.IsSequence() || spaces.size() != 6)
      r.fail(spaces, "'spaces:' lists the tile's 6 outer spaces, clockwise from its top edge (the City is the 7th, "
                     "in the middle)");
    for (std::size_t i = 0; i < 6; ++i) k.spaces[i] = space_of(r, spaces[i]);
    k.source = r.source(t);
    c.tiles.push_back(std::move(k));
  }

  const YAML::Node layouts = r.require(root, "layouts");
  r.list(layouts, "'layouts:' lists one layout per number of players (3, 4 and 5)", 3);
  for (const auto& l : layouts) {
    r.only_keys(l, {"players", "centre", "positions", "source"});
    Layout layout;
    layout.players = r.integer(l, "players", 3, 5);
    if (c.layout_for(layout.players))
      r.fail(l["players"], "a second layout for " + std::to_string(layout.players) + " players");
    layout.centre = r.string(l, "centre");
    const YAML::Node positions = r.require(l, "positions");
    r.list(positions, "'positions:' lists where the tiles lie, one per tile of the box", c.tiles.size());
    if (positions.size() == 0)
      r.fail(positions, "'positions:' lists where the tiles lie, at most one per tile of the box (" +
                            std::to_string(c.tiles.size()) + ")");
    std::vector<std::pair<int, int>> taken;  // every hex of the tiles placed so far
    for (const auto& p : positions) {
      r.only_keys(p, {"name", "city"});
      Position pos;
      pos.name = r.string(p, "name");
      if (pos.name.size() != 1 || pos.name[0] < 'a' || pos.name[0] > 'z')
        r.fail(p["name"], "a position is named by one lower-case letter (spaces are written 'c3': position c, "
                          "space 3)");
      for (const Position& other : layout.positions)
        if (other.name == pos.name) r.fail(p["name"], "a second position named '" + pos.name + "'");
      const YAML::Node at = r.require(p, "city");
      int q = 0, rr = 0;
      if (!at.IsSequence() || at.size() != 2 || !YAML::convert<int>::decode(at[0], q) ||
          !YAML::convert<int>::decode(at[1], rr) || q < -50 || q > 50 || rr < -50 || rr > 50)
        r.fail(at, "'city:' is the axial hex coordinates of the tile's City, such as [3, -2]");
      pos.q = q;
      pos.r = rr;
      for (const auto& hex : tile_hexes(q, rr))
        for (const auto& [tq, tr] : taken)
          if (hex.first == tq && hex.second == tr)
            r.fail(p, "the tile at position '" + pos.name + "' overlaps a tile placed before it (their spaces share "
                      "the hex [" + std::to_string(tq) + ", " + std::to_string(tr) + "])");
      for (const auto& hex : tile_hexes(q, rr)) taken.push_back(hex);
      layout.positions.push_back(std::move(pos));
    }
    bool centre_found = false;
    for (const Position& pos : layout.positions) centre_found = centre_found || pos.name == layout.centre;
    if (!centre_found) r.fail(l["centre"], "the centre '" + layout.centre + "' is not one of the layout's positions");
    layout.source = r.source(l);
    layout.neighbours = neighbours_of(layout);
    c.layouts.push_back(std::move(layout));
  }

  const YAML::Node cards = r.require(root, "cards");
  r.list(cards, "'cards:' lists the kinds of Alice card", kMostCardKinds);
  if (cards.size() == 0) r.fail(cards, "'cards:' lists the Alice cards");
  for (const auto& k : cards) {
    r.only_keys(k, {"name", "colour", "cost", "count", "text", "source", "effects"});
    Card card;
    card.name = r.string(k, "name");
    if (c.find_card(card.name)) r.fail(k["name"], "a second card named '" + card.name + "'");
    std::string word;
    for (char ch : card.name + " ") {
      if (ch == ' ') {
        if (grammar::alicematic::is_reserved_word(word))
          r.fail(k["name"], "a card's name cannot contain the word '" + word + "': logs use it in their notation");
        word.clear();
      } else if (std::isalpha(static_cast<unsigned char>(ch)) || ch == '-' || ch == '\'') {
        word += ch;
      } else {
        r.fail(k["name"], "a card's name is made of letters, blanks, '-' and ''' only, found '" + card.name + "'");
      }
    }
    const std::string colour = r.string(k, "colour");
    auto slot = slot_of(colour);
    if (!slot) r.fail(k["colour"], "'colour:' is red, blue, yellow, green or white, found '" + colour + "'");
    card.colour = *slot;
    card.cost = r.integer(k, "cost", 0, 20);
    card.count = r.integer(k, "count", 1, 90);
    card.text = r.string(k, "text");
    card.source = r.source(k);
    if (const YAML::Node effects = k["effects"]) card.effects = read_effects(r, effects);
    c.card_total += card.count;
    c.cards.push_back(std::move(card));
  }
  c.index_cards();
  // Effects that name cards: each name must be one of the catalog's.
  for (Card& card : c.cards)
    for (Ability& a : card.effects)
      for (Step& s : a.steps)
        for (std::size_t i = 0; i < s.except.size(); ++i) {
          auto id = c.find_card(s.except[i]);
          if (!id) {
            std::vector<std::string> names;
            for (const Card& k : c.cards) names.push_back(k.name);
            const std::string near = nearest_name(s.except[i], names);
            throw CatalogError(s.except_at[i], "copy-effect's 'except:' names '" + s.except[i] +
                                                   "', which is not a card of this catalog" +
                                                   (near.empty() ? std::string() : " (did you mean '" + near + "'?)"));
          }
          s.except_cards.push_back(*id);
        }
  return c;
}

}  // namespace

// The fields a catalog is packed with (engine/core/pack.h); `file` is where it is read from, and
// the card index is worked out again. The layouts' neighbours are packed, worked out as they
// are; a step's `except_at` (where a name was written, for a load error) is not.
template <class Io, pack::either<Step> C>
void fields(Io& io, C& s) {
  io(s.kind, s.count, s.token, s.except, s.except_cards);
}
template <class Io, pack::either<Modifier> C>
void fields(Io& io, C& m) {
  io(m.kind, m.of, m.by, m.minimum, m.per_round, m.use, m.as);
}
template <class Io, pack::either<Score> C>
void fields(Io& io, C& s) {
  io(s.kind, s.points, s.per, s.count, s.of);
}
template <class Io, pack::either<Ability> C>
void fields(Io& io, C& a) {
  io(a.when, a.times, a.slot, a.space, a.stacks, a.steps, a.modifier, a.score);
}
template <class Io, pack::either<SpaceKind> C>
void fields(Io& io, C& k) {
  io(k.colour, k.difficulty);
}
template <class Io, pack::either<TileKind> C>
void fields(Io& io, C& t) {
  io(t.id, t.city_difficulty, t.city_spots, t.spaces, t.source);
}
template <class Io, pack::either<Position> C>
void fields(Io& io, C& p) {
  io(p.name, p.q, p.r);
}
template <class Io, pack::either<Layout> C>
void fields(Io& io, C& l) {
  io(l.players, l.centre, l.positions, l.source, l.neighbours);
}
template <class Io, pack::either<Card> C>
void fields(Io& io, C& card) {
  io(card.name, card.colour, card.cost, card.count, card.text, card.source, card.effects);
}
template <class Io, pack::either<Catalog> C>
void fields(Io& io, C& c) {
  io(c.id, c.title, c.kingdoms, c.kingdoms_source, c.tokens_source, c.bank_source, c.tokens_per_player, c.bank, c.tiles,
     c.layouts, c.cards, c.card_total);
}

std::string pack_catalog(const Catalog& c) {
  return pack::packed(c);
}

std::optional<Catalog> unpack_catalog(std::string_view packed, const std::string& file) {
  std::optional<Catalog> c = unpack_catalog_from<Catalog>(packed, file);
  if (c) c->index_cards();
  return c;
}

Catalog load_catalog(const std::string& file, std::span<const BundledCatalog> bundled) {
  return load_catalog_with(file, read_catalog, bundled, "alicematic-heroes", unpack_catalog);
}

Catalog parse_catalog(const std::string& text, const std::string& file) {
  return parse_catalog_with(text, file, read_catalog);
}

namespace {

std::string space_text(const SpaceKind& k) {
  if (k.colour == Colour::forest) return "forest";
  return std::string(colour_name(k.colour)) + " " + std::to_string(k.difficulty);
}

}  // namespace

std::string write_catalog(const Catalog& c) {
  YAML::Node root = catalog_head(c.id, "alicematic-heroes", c.title);
  for (const std::string& k : c.kingdoms) root["kingdoms"]["names"].push_back(k);
  root["kingdoms"]["source"] = c.kingdoms_source;
  root["territory-tokens"]["per-player"] = c.tokens_per_player;
  root["territory-tokens"]["source"] = c.tokens_source;
  for (int i = 0; i < kResources; ++i) root["bank"][std::string(resource_name(static_cast<Resource>(i)))] = c.bank[i];
  root["bank"]["source"] = c.bank_source;
  for (const TileKind& t : c.tiles) {
    YAML::Node n;
    n["id"] = t.id;
    n["city"]["difficulty"] = t.city_difficulty;
    n["city"]["spots"] = t.city_spots;
    for (const SpaceKind& k : t.spaces) n["spaces"].push_back(space_text(k));
    n["source"] = t.source;
    root["tiles"].push_back(n);
  }
  for (const Layout& l : c.layouts) {
    YAML::Node n;
    n["players"] = l.players;
    n["centre"] = l.centre;
    for (const Position& p : l.positions) {
      YAML::Node pos;
      pos["name"] = p.name;
      pos["city"].push_back(p.q);
      pos["city"].push_back(p.r);
      pos["city"].SetStyle(YAML::EmitterStyle::Flow);
      n["positions"].push_back(pos);
    }
    n["source"] = l.source;
    root["layouts"].push_back(n);
  }
  for (const Card& k : c.cards) {
    YAML::Node n;
    n["name"] = k.name;
    n["colour"] = std::string(colour_name(k.colour));
    n["cost"] = k.cost;
    n["count"] = k.count;
    n["text"] = k.text;
    n["source"] = k.source;
    if (!k.effects.empty()) n["effects"] = write_effects(k.effects);
    root["cards"].push_back(n);
  }
  return emit_catalog(root);
}

}  // namespace wonderlog::alicematic
