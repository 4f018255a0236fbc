// The hide-and-seek box as data: the Garden tiles' kinds and counts, the Companion and Guard
// piles, the King of Hearts tiles, and the start tile's two sides (a stand-in: our sources
// do not print them).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bundled.h"
#include "engine/hide_and_seek/state.h"

namespace wonderlog::hide_and_seek {

struct GardenKind {
  std::string code;  // as written in logs: "D"
  std::string name;  // "Diagonal"
  std::string names;  // the rulebook's own names, for reference
  Path path = Path::orthogonal;
  int count = 0;
  std::string source;
};

// A King of Hearts tile, for reference: the rules know them by their code (HS-8 to HS-10).
struct KingTile {
  std::string code, name, effect, source;
};

struct Catalog {
  std::string id, file, title;
  std::vector<GardenKind> garden;  // one entry per path
  int companions = 8, guards = 10;
  std::string companions_source, guards_source;
  std::vector<KingTile> kings;
  Path recto = Path::orthogonal, verso = Path::diagonal;  // the start tile's sides
  std::string start_source;

  std::optional<Path> find(std::string_view code) const;  // any letter case
  const std::string& code(Path p) const;
  std::string codes() const;  // "H, D, A, J"
  std::array<int, kPaths> counts() const;
};

// The most King of Hearts tiles a catalog lists: one per code (look, move, reorder).
inline constexpr std::size_t kMostKingTiles = 3;

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

}  // namespace wonderlog::hide_and_seek
