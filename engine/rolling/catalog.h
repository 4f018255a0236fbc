// Rolling in Wonderland's printed data as a catalog (docs/games/rolling-in-wonderland.md,
// "The catalog"): the two paths, the six influence areas' rewards, the dice faces, the
// characters and their special abilities, the Cheshire Cat, Mad Hatter and Alice challenge
// cards, the Jabberwock attack deck and the 13 Queen objectives. The rules summary we have
// prints little of it, so most entries are stand-ins; each says where it comes from, and a
// user with the box corrects the YAML without a rebuild (RW-37).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bundled.h"

namespace wonderlog::rolling {

// The six action areas, each with its influence area of the same name (RW-27), in the order of
// the rulebook's action pages.
enum class Area : std::uint8_t { hatter, rabbit, cat, alice, queen, caterpillar };
inline constexpr int kAreas = 6;

// The six die colours, in the order the notation lists them.
enum class Colour : std::uint8_t { blue, black, orange, peach, green, purple };
inline constexpr int kColours = 6;

// The words of the notation: "hatter", "blue".
std::string_view area_word(Area a);
std::string_view colour_word(Colour c);
// The areas' names for a person: "the Mad Hatter".
std::string_view area_name(Area a);
std::optional<Area> area_of(std::string_view word);      // any letter case
std::optional<Colour> colour_of(std::string_view word);  // any letter case

// White Rabbit spaces a die of this colour is worth (RW-15), and Caterpillar spaces (RW-22).
int rabbit_spaces(Colour c);
int caterpillar_spaces(Colour c);
// The Cheshire Cat slot (0-3, A-D) a die of this colour unlocks (RW-18).
int cheshire_slot(Colour c);

// One thing a bonus does: the eight Caterpillar icons, the four special abilities, the Cheshire
// Cat cards' bonuses and the one-shot Mad Hatter cards are lists of these (the effect vocabulary,
// docs/games/rolling-in-wonderland.md "Effects").
struct Bonus {
  enum class Kind : std::uint8_t {
    draw_hatter,   // draw `count` Mad Hatter cards (RW-14)
    cube,          // 1 cube on any die icon of one of her challenge cards (RW-20)
    rabbit,        // `count` spaces on the White Rabbit path (RW-15)
    cheshire,      // use one of the 4 Cheshire Cat cards, any slot (RW-18)
    summon,        // `count` soldiers from her supply to influence areas of her choice (RW-21)
    move_soldier,  // 1 of her soldiers from one influence area to another (RW-25)
    train,         // 1 upgrade token under one of her soldiers, or kept (RW-26)
    mushroom,      // `count` mushrooms, within the limit of 2 (RW-9)
    caterpillar,   // `count` spaces on the Caterpillar path, its icons paid (RW-22)
    objective,     // draw 1 Queen objective card from the objective deck (RW-5)
  };
  Kind kind = Kind::mushroom;
  int count = 1;
  friend bool operator==(const Bonus&, const Bonus&) = default;
};
using Effect = std::vector<Bonus>;
std::string_view bonus_word(Bonus::Kind k);
// "draw 1 Mad Hatter card", "2 White Rabbit spaces".
std::string describe(const Bonus& b);
std::string describe(const Effect& e);

// A persistent Mad Hatter card's change to the rules, for its owner while it lies in a slot.
struct Modifier {
  enum class Kind : std::uint8_t {
    none,
    rabbit_extra,       // each White Rabbit action moves `by` more spaces
    caterpillar_extra,  // each Caterpillar action moves `by` more spaces
    black_dice,         // her mushrooms may set and re-roll black dice (RW-11)
  };
  Kind kind = Kind::none;
  int by = 0;
};

struct Path {
  int length = 0;                          // spaces after the start; the end is space `length`
  std::vector<int> stars;                  // VP of the star on each space 0..length (0: none)
  std::vector<std::optional<Bonus>> icons;  // the Caterpillar's icon on each space (none on the White Rabbit's)
  std::string source;
};

struct InfluenceArea {
  std::array<int, 3> rewards{};  // gold, silver, bronze VP
  std::string source;
};

struct Die {
  std::array<Area, 6> faces{};
  std::string source;
};

struct Character {
  std::string name;
  Bonus ability;  // her special ability (RW-12)
  std::string source;
};

struct CheshireCard {
  std::string name;  // one word, as logs write it
  Effect bonus;
  bool objectives = false;  // brings the objective deck into the game (RW-5)
  std::string text, source;
};

struct HatterCard {
  // When a card from hand may be played or placed (RW-14): its text says so (l. 221), and no text
  // is known, so each catalog entry says it (`when:`). Either way only in her own turn, with no
  // decision waiting.
  enum class When : std::uint8_t {
    any_time_in_turn,  // before or after her take (the catalog's default)
    before_the_take,   // only before her take
  };
  std::string name;
  bool persistent = false;
  int vp = 0;
  int copies = 1;
  Effect effect;      // one-shot: what playing it does
  Modifier modifier;  // persistent: what it changes while in a slot
  When when = When::any_time_in_turn;
  std::string text, source;
};
// `any-time-in-turn` or `before-the-take`, as a catalog writes a card's `when:`.
std::string_view when_word(HatterCard::When w);

struct ChallengeCard {
  std::string name;
  std::array<Colour, 4> icons{};
  int vp = 0;
  std::string source;
};

struct Objective {
  enum class Kind : std::uint8_t {
    strongest_in,         // more strength than every other player in `area`
    most_challenges,      // more completed challenges than every other player
    furthest_caterpillar, // further on the Caterpillar path than every other player
    furthest_rabbit,      // further on the White Rabbit path than every other player
    first_to_end,         // the first to meet an end condition (RW-31)
    per_mushroom,         // `vp` for each mushroom still held
    five_in_one_area,     // 5 or more soldiers in one influence area
    every_area,           // at least 1 soldier in every influence area
  };
  std::string name;
  Kind kind = Kind::strongest_in;
  Area area = Area::alice;
  int vp = 0;
  int copies = 1;
  std::string ja, en, source;
};

struct Catalog {
  std::string id, file, title;
  std::array<InfluenceArea, kAreas> areas;
  std::array<Die, kColours> dice;
  Path rabbit, caterpillar;
  std::vector<Character> characters;
  std::vector<CheshireCard> cheshire;
  std::vector<HatterCard> hatter;
  std::vector<ChallengeCard> challenges;
  std::vector<Objective> objectives;
  std::array<int, kAreas> jabberwock{};  // Jabberwock attack cards naming each area
  int upgrade_tokens = 0;
  std::string jabberwock_source, upgrade_source;

  int jabberwock_cards() const;
  // Index by name, any letter case; -1 when there is none.
  int find_character(std::string_view name) const;
  int find_cheshire(std::string_view name) const;
  int find_hatter(std::string_view name) const;
  int find_challenge(std::string_view name) const;
  int find_objective(std::string_view name) const;
};

// Loads and checks a catalog file; throws CatalogError (file:line:col) when it is unusable. A
// file that is, byte for byte, one of `bundled` is read from its packed form, not parsed.
Catalog load_catalog(const std::string& file, std::span<const BundledCatalog> bundled = {});
// The same from the catalog's text; `file` names it in errors.
Catalog parse_catalog(const std::string& text, const std::string& file);
// The catalog as YAML, in the form load_catalog() reads: loading what it writes gives the same
// catalog (the fuzz target checks it; a user may start her own catalog from it).
std::string write_catalog(const Catalog& c);
// The catalog in packed form (engine/core/pack.h), and back: nullopt when `packed` is not one.
std::string pack_catalog(const Catalog& c);
std::optional<Catalog> unpack_catalog(std::string_view packed, const std::string& file);

}  // namespace wonderlog::rolling
