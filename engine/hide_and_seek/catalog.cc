#include "engine/hide_and_seek/catalog.h"

#include <cctype>
#include "engine/core/catalog.h"
#include "engine/core/pack.h"

#include "grammar/source.h"

namespace wonderlog::hide_and_seek {

namespace {

Path path_of(const CatalogReader& r, const YAML::Node& map, const char* key) {
  const std::string p = r.string(map, key);
  if (p == "orthogonal") return Path::orthogonal;
  if (p == "diagonal") return Path::diagonal;
  if (p == "adjacent") return Path::adjacent;
  if (p == "joker") return Path::joker;
  r.fail(map[key],
         "'" + std::string(key) + ":' must be one of orthogonal, diagonal, adjacent, joker; found '" + p + "'");
}

}  // namespace

std::optional<Path> Catalog::find(std::string_view code) const {
  for (const GardenKind& k : garden)
    if (iequals(k.code, code)) return k.path;
  return std::nullopt;
}

const std::string& Catalog::code(Path p) const {
  for (const GardenKind& k : garden)
    if (k.path == p) return k.code;
  return garden.front().code;
}

std::string Catalog::codes() const {
  std::string out;
  for (const GardenKind& k : garden) out += (out.empty() ? "" : ", ") + k.code;
  return out;
}

std::array<int, kPaths> Catalog::counts() const {
  std::array<int, kPaths> out{};
  for (const GardenKind& k : garden) out[static_cast<int>(k.path)] = k.count;
  return out;
}

namespace {

Catalog read_catalog(const CatalogReader& r, const YAML::Node& root) {
  r.require_game(root, "hide-and-seek");
  const std::string& file = r.file();
  r.only_keys(root, {"id", "game", "title", "garden-tiles", "companions", "guards", "king-tiles", "start-tile"});
  Catalog c;
  c.file = file;
  c.id = r.string(root, "id");
  c.title = r.string_or(root, "title", c.id);
  const YAML::Node garden = r.require(root, "garden-tiles");
  if (!garden.IsSequence() || garden.size() != kPaths)
    r.fail(garden, "'garden-tiles:' must list the 4 kinds of Garden tile (diagonal, adjacent, joker, orthogonal)");
  int total = 0;
  for (const YAML::Node& node : garden) {
    r.only_keys(node, {"code", "name", "names", "paths", "count", "source"});
    GardenKind k;
    k.code = r.string(node, "code");
    if (k.code.size() != 1 || !std::isalpha(static_cast<unsigned char>(k.code[0])))
      r.fail(node["code"], "a Garden tile's code is one letter, found '" + k.code + "'");
    if (iequals(k.code, "C") || iequals(k.code, "G") || iequals(k.code, "S"))
      r.fail(node["code"], "C, G and S are taken (Companion, Guard, start tile); choose another letter");
    k.name = r.string(node, "name");
    k.names = r.string_or(node, "names", "");
    k.path = path_of(r, node, "paths");
    k.count = r.integer(node, "count", 0, 19);
    k.source = r.source(node);
    for (const GardenKind& other : c.garden) {
      if (iequals(other.code, k.code)) r.fail(node["code"], "code '" + k.code + "' is used twice");
      if (other.path == k.path) r.fail(node["paths"], "two kinds of Garden tile with the same paths");
    }
    total += k.count;
    c.garden.push_back(k);
  }
  if (total != kSpots - 1)
    r.fail(garden, "the Garden tiles must number 19 (with the start tile they fill the 5x4 garden), not " +
                       std::to_string(total));
  const YAML::Node companions = r.require(root, "companions");
  r.only_keys(companions, {"count", "source"});
  c.companions = r.integer(companions, "count", 0, 19);
  c.companions_source = r.source(companions);
  const YAML::Node guards = r.require(root, "guards");
  r.only_keys(guards, {"count", "source"});
  c.guards = r.integer(guards, "count", 0, 30);
  c.guards_source = r.source(guards);
  const YAML::Node start = r.require(root, "start-tile");
  r.only_keys(start, {"recto", "verso", "source"});
  c.recto = path_of(r, start, "recto");
  c.verso = path_of(r, start, "verso");
  c.start_source = r.source(start);
  if (root["king-tiles"]) {
    const YAML::Node kings = root["king-tiles"];
    r.list(kings, "'king-tiles:' lists the King of Hearts tiles (look, move, reorder)", kMostKingTiles);
    for (const YAML::Node& k : kings) {
      r.only_keys(k, {"code", "name", "effect", "source"});
      KingTile king;
      king.code = r.string(k, "code");
      if (king.code != "look" && king.code != "move" && king.code != "reorder")
        r.fail(k["code"], "a King of Hearts tile's code is look, move or reorder; found '" + king.code + "'");
      // Each tile is one of the three (two coded `look` left `move` without its words: found in review).
      for (const KingTile& other : c.kings)
        if (other.code == king.code) r.fail(k["code"], "code '" + king.code + "' is used twice");
      king.name = r.string_or(k, "name", "");
      king.effect = r.string_or(k, "effect", "");
      king.source = r.source(k);
      c.kings.push_back(std::move(king));
    }
  }
  return c;
}

}  // namespace

// The fields a catalog is packed with (engine/core/pack.h); `file` is where it is read from.
template <class Io, pack::either<GardenKind> C>
void fields(Io& io, C& g) {
  io(g.code, g.name, g.names, g.path, g.count, g.source);
}
template <class Io, pack::either<KingTile> C>
void fields(Io& io, C& k) {
  io(k.code, k.name, k.effect, k.source);
}
template <class Io, pack::either<Catalog> C>
void fields(Io& io, C& c) {
  io(c.id, c.title, c.garden, c.companions, c.guards, c.companions_source, c.guards_source, c.kings, c.recto, c.verso,
     c.start_source);
}

std::string pack_catalog(const Catalog& c) {
  return pack::packed(c);
}

std::optional<Catalog> unpack_catalog(std::string_view packed, const std::string& file) {
  return unpack_catalog_from<Catalog>(packed, file);
}

Catalog load_catalog(const std::string& file, std::span<const BundledCatalog> bundled) {
  return load_catalog_with(file, read_catalog, bundled, "hide-and-seek", unpack_catalog);
}

Catalog parse_catalog(const std::string& text, const std::string& file) {
  return parse_catalog_with(text, file, read_catalog);
}

namespace {

const char* path_word(Path p) {
  switch (p) {
    case Path::orthogonal: return "orthogonal";
    case Path::diagonal: return "diagonal";
    case Path::adjacent: return "adjacent";
    case Path::joker: return "joker";
  }
  return "orthogonal";
}

}  // namespace

std::string write_catalog(const Catalog& c) {
  YAML::Node root = catalog_head(c.id, "hide-and-seek", c.title);
  for (const GardenKind& k : c.garden) {
    YAML::Node n;
    n["code"] = k.code;
    n["name"] = k.name;
    if (!k.names.empty()) n["names"] = k.names;
    n["paths"] = path_word(k.path);
    n["count"] = k.count;
    n["source"] = k.source;
    root["garden-tiles"].push_back(n);
  }
  root["companions"]["count"] = c.companions;
  root["companions"]["source"] = c.companions_source;
  root["guards"]["count"] = c.guards;
  root["guards"]["source"] = c.guards_source;
  root["start-tile"]["recto"] = path_word(c.recto);
  root["start-tile"]["verso"] = path_word(c.verso);
  root["start-tile"]["source"] = c.start_source;
  for (const KingTile& k : c.kings) {
    YAML::Node n;
    n["code"] = k.code;
    if (!k.name.empty()) n["name"] = k.name;
    if (!k.effect.empty()) n["effect"] = k.effect;
    n["source"] = k.source;
    root["king-tiles"].push_back(n);
  }
  return emit_catalog(root);
}

}  // namespace wonderlog::hide_and_seek
