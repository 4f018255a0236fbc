#include "engine/tea_time/catalog.h"

#include <cctype>

#include "engine/core/catalog.h"
#include "engine/core/pack.h"
#include "grammar/source.h"

namespace wonderlog::tea_time {

int Catalog::compare_codes(std::string_view code) const {
  for (std::size_t i = 0; i < characters.size(); ++i)
    if (iequals(characters[i].code, code)) return static_cast<int>(i);
  return -1;
}

std::string Catalog::codes() const {
  std::string out;
  for (const Character& c : characters) out += (out.empty() ? "" : ", ") + c.code;
  return out;
}

namespace {

// Sets the index find() uses, from the six characters' codes.
void index_codes(Catalog& c) {
  std::string_view codes[kCharacters];
  for (int i = 0; i < kCharacters; ++i) codes[i] = c.characters[static_cast<std::size_t>(i)].code;
  Catalog::CodeIndex index{fold_words(codes), {}};
  index.one_byte.fill(-1);
  for (int i = kCharacters - 1; i >= 0; --i) {  // the first of two codes alike wins, as in a search
    if (codes[i].size() != 1) continue;
    const unsigned char u = static_cast<unsigned char>(codes[i][0]);
    index.one_byte[u] = static_cast<std::int8_t>(i);
    if ((u | 0x20) >= 'a' && (u | 0x20) <= 'z') index.one_byte[u ^ 0x20] = static_cast<std::int8_t>(i);
  }
  c.code_index = index;
}

Catalog read_catalog(const CatalogReader& r, const YAML::Node& root) {
  r.require_game(root, "tea-time");
  const std::string& file = r.file();
  r.only_keys(root, {"id", "game", "title", "characters", "alice-card"});
  Catalog c;
  c.file = file;
  c.id = r.string(root, "id");
  c.title = r.string_or(root, "title", c.id);
  const YAML::Node chars = r.require(root, "characters");
  if (!chars.IsSequence() || chars.size() != 6)
    r.fail(chars,
           "'characters:' must list the 6 characters of the box (the rulebook: "
           "6 series of 10 cards)");
  for (const YAML::Node& node : chars) {
    r.only_keys(node, {"code", "name", "names", "cards", "source"});
    Character ch;
    ch.code = r.string(node, "code");
    for (char& x : ch.code) {
      if (!std::isalpha(static_cast<unsigned char>(x)))
        r.fail(node["code"], "a character code is made of letters only, found '" + ch.code + "'");
      x = static_cast<char>(std::toupper(static_cast<unsigned char>(x)));
    }
    if (ch.code.size() > 3) r.fail(node["code"], "a character code has at most 3 letters");
    if (c.find(ch.code)) r.fail(node["code"], "code '" + ch.code + "' is used twice");
    ch.name = r.string(node, "name");
    // Messages and the score name a character: two of one name could not be told apart (found
    // in review).
    for (const Character& other : c.characters)
      if (iequals(other.name, ch.name)) r.fail(node["name"], "the name '" + ch.name + "' is used twice");
    ch.names = r.string_or(node, "names", "");
    ch.cards = r.integer(node, "cards", kCardsPerCharacter, kCardsPerCharacter);
    ch.source = r.source(node);
    c.characters.push_back(std::move(ch));
  }
  index_codes(c);
  const YAML::Node alice = r.require(root, "alice-card");
  r.only_keys(alice, {"source"});
  c.alice_source = r.source(alice);
  return c;
}

}  // namespace

// The fields a catalog is packed with (engine/core/pack.h); `file` is where it is read from,
// and the code index is worked out again.
template <class Io, pack::either<Character> C>
void fields(Io& io, C& c) {
  io(c.code, c.name, c.names, c.cards, c.source);
}
template <class Io, pack::either<Catalog> C>
void fields(Io& io, C& c) {
  io(c.id, c.title, c.characters, c.alice_source);
}

std::string pack_catalog(const Catalog& c) {
  return pack::packed(c);
}

std::optional<Catalog> unpack_catalog(std::string_view packed, const std::string& file) {
  std::optional<Catalog> c = unpack_catalog_from<Catalog>(packed, file);
  if (!c || c->characters.size() != kCharacters) return std::nullopt;
  index_codes(*c);
  return c;
}

Catalog load_catalog(const std::string& file, std::span<const BundledCatalog> bundled) {
  return load_catalog_with(file, read_catalog, bundled, "tea-time", unpack_catalog);
}

Catalog parse_catalog(const std::string& text, const std::string& file) {
  return parse_catalog_with(text, file, read_catalog);
}

std::string write_catalog(const Catalog& c) {
  YAML::Node root = catalog_head(c.id, "tea-time", c.title);
  for (const Character& ch : c.characters) {
    YAML::Node n;
    n["code"] = ch.code;
    n["name"] = ch.name;
    if (!ch.names.empty()) n["names"] = ch.names;
    n["cards"] = ch.cards;
    n["source"] = ch.source;
    root["characters"].push_back(n);
  }
  root["alice-card"]["source"] = c.alice_source;
  return emit_catalog(root);
}

}  // namespace wonderlog::tea_time
