// The AlicematiC Heroes box as data: the 15 map tiles (their spaces, a stand-in: our sources
// do not print them), the layouts for 3, 4 and 5 players (stand-ins: the rulebook's figure is
// lost), the five Kingdoms, the token counts and the 90 Alice cards. Every entry names its
// source (rulebook, public source or stand-in); a user corrects them without recompiling.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/alicematic/effects.h"
#include "engine/core/bundled.h"
#include "grammar/source.h"

namespace wonderlog::alicematic {

// The colours of spaces and of cards. The first five are also the five card slots of a
// Kingdom (red Military, blue Population, yellow Dream Power, green Mobility, white Order).
enum class Colour : std::uint8_t { red, blue, yellow, green, white, city, forest };
inline constexpr int kSlots = 5;
std::string_view colour_name(Colour c);  // "red", ..., "City", "Mystic Forest"
std::optional<Colour> slot_of(std::string_view word);  // a slot colour, any case

// The three kinds of resource token: red, yellow, green.
enum class Resource : std::uint8_t { red, yellow, green };
inline constexpr int kResources = 3;
std::string_view resource_name(Resource r);
std::optional<Resource> resource_of(Colour c);  // red, yellow, green spaces pay these

struct SpaceKind {
  Colour colour = Colour::red;
  int difficulty = 0;  // forests: none printed (their group's size, AH-19)
};

struct TileKind {
  std::string id;  // "7", as the tiles header writes it
  int city_difficulty = 0, city_spots = 1;
  std::array<SpaceKind, 6> spaces{};  // the outer ring, clockwise from the tile's top edge
  std::string source;
};

struct Position {
  std::string name;  // "c"
  int q = 0, r = 0;  // axial coordinates of its City on the hex lattice
};

struct Layout {
  int players = 0;
  std::string centre;  // the name of the centre position (no starting City there)
  std::vector<Position> positions;
  std::string source;
  // Each space's neighbour per board direction, -1 off the map (board.h: space `p * 7 + k` is
  // position p's City for k = 0, else its neighbour in direction k): the map's geometry, the
  // same whichever tiles lie on it. load_catalog works it out once (neighbours_of); left empty,
  // Board::build works it out for its board. Whoever moves the positions works it out again.
  std::vector<std::array<std::int16_t, 6>> neighbours;
  int centre_index() const;
};

struct Card {
  std::string name;  // "Shrine Maiden", as logs write it
  Colour colour = Colour::red;
  int cost = 0, count = 0;
  std::string text, source;
  std::vector<Ability> effects;  // what her Card Effect does (effects.h); empty: none
};

struct Catalog {
  std::string id, file, title;
  std::vector<std::string> kingdoms;  // "Queen of Hearts", ...
  std::string kingdoms_source, tokens_source, bank_source;
  int tokens_per_player = 16;
  std::array<int, kResources> bank{20, 20, 20};
  std::vector<TileKind> tiles;
  std::vector<Layout> layouts;
  std::vector<Card> cards;  // one entry per kind; `count` copies of each
  int card_total = 0;

  std::optional<int> find_card(std::string_view name) const;  // any case
  std::optional<int> find_tile(std::string_view id) const;
  const Layout* layout_for(int players) const;
  std::optional<int> find_kingdom(std::string_view name) const;  // any case

  // Makes find_card() a hash lookup (every card named in a log is looked up). Call it once the
  // cards are all in; without it, or after cards are added, find_card() reads them in turn.
  void index_cards();

 private:
  struct CardSlot {
    FoldedWord folded;  // the name's, by fold_word
    int card = -1;      // -1: an empty slot
  };
  std::vector<CardSlot> card_slots_;  // a power of two of them, at most half used
  std::size_t indexed_cards_ = 0;     // the cards there were when they were indexed
};

// Loads and checks a catalog; throws CatalogError (file:line:col) when it is unusable.
// The longest lists a catalog may hold, checked as they are read (docs: "Catalog limits").
inline constexpr std::size_t kMostKingdoms = 8;
inline constexpr std::size_t kMostTiles = 64;
inline constexpr std::size_t kMostCardKinds = 120;  // a card is an 8-bit index in a move
inline constexpr std::size_t kMostAbilities = 8;    // abilities of one card
inline constexpr std::size_t kMostSteps = 8;        // steps of one ability

// Loads and checks a catalog file; throws CatalogError (file:line:col) when it is unusable. A
// file that is, byte for byte, one of `bundled` is read from its packed form, not parsed.
Catalog load_catalog(const std::string& file, std::span<const BundledCatalog> bundled = {});
// The same from the catalog's text; `file` names it in errors.
Catalog parse_catalog(const std::string& text, const std::string& file);
// The catalog as YAML, in the form load_catalog() reads: loading what it writes gives the same
// catalog (tests check the round trip; a user may start her own catalog from it).
std::string write_catalog(const Catalog& c);
// The catalog in packed form (engine/core/pack.h), and back: nullopt when `packed` is not one.
std::string pack_catalog(const Catalog& c);
std::optional<Catalog> unpack_catalog(std::string_view packed, const std::string& file);

}  // namespace wonderlog::alicematic
