#include "engine/core/catalog.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "grammar/source.h"

namespace wonderlog {

namespace {

// What a node is, for "found ..." in messages.
std::string shape(const YAML::Node& node) {
  if (!node || node.IsNull()) return "nothing";
  if (node.IsSequence()) return "a list";
  if (node.IsMap()) return "a mapping";
  return "'" + node.Scalar() + "'";
}

// The first control byte of `text` (a line break too is text here: a YAML block may hold one),
// or npos. Such a byte is never meant in a name or a note, and some (a carriage return) do not
// survive being written back: the catalog would change on its way through write_catalog().
std::size_t control_byte(std::string_view text) {
  const auto at = std::find_if(text.begin(), text.end(), [](char c) { return c != '\n' && is_control(c); });
  return at == text.end() ? std::string::npos : static_cast<std::size_t>(at - text.begin());
}

// What comes before byte `at` of a text, to find it by: its last 40 bytes or so, enough for any
// name, starting on a whole character.
std::string shown_before(std::string_view text, std::size_t at) {
  if (at == 0) return "at its start";
  std::size_t from = at > 40 ? at - 40 : 0;
  while (from > 0 && from < at && (static_cast<unsigned char>(text[from]) & 0xc0) == 0x80) ++from;
  return fmt::format("after '{}{}'", from ? "..." : "", text.substr(from, at - from));
}

}  // namespace

std::string CatalogReader::text() const {
  std::ifstream in(file_, std::ios::binary);
  if (!in) throw CatalogError(file_, "cannot read the catalog file");
  std::stringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

std::optional<std::string_view> bundled_form(std::span<const BundledCatalog> bundled, std::string_view game,
                                             std::string_view text) {
  for (const BundledCatalog& b : bundled)
    if (b.game == game && b.text == text) return b.packed;
  return std::nullopt;
}

YAML::Node CatalogReader::parse(const std::string& text) const {
  try {
    YAML::Node root = YAML::Load(text);
    if (!root.IsMap()) fail(root, "a catalog is a YAML mapping (keys such as 'id:' and 'game:')");
    refuse_unreadable_text(root);
    return root;
  } catch (const YAML::ParserException& e) {
    throw CatalogError(where(e.mark), "YAML syntax: " + e.msg);
  }
}

void CatalogReader::refuse_unreadable_text(const YAML::Node& node) const {
  if (node.IsScalar()) {
    const std::string& text = node.Scalar();
    if (const std::size_t at = control_byte(text); at != std::string::npos)
      fail(node, fmt::format("a catalog's text holds no control characters; this one holds byte 0x{:02x} {} (a "
                             "stray carriage return, or a binary file?)",
                             static_cast<unsigned char>(text[at]), shown_before(text, at)));
    // Only well-formed UTF-8 is kept: a catalog written back would otherwise not read the same
    // (an overlong 0xC0 0x8D is written out as the carriage return it encodes).
    if (const std::size_t at = malformed_utf8(text); at != std::string::npos)
      fail(node, fmt::format("a catalog's text is UTF-8, and this one holds byte 0x{:02x} {}, which starts no UTF-8 "
                             "character (text saved in another encoding, such as Latin-1?)",
                             static_cast<unsigned char>(text[at]), shown_before(text, at)));
    if (const std::size_t at = c1_control(text); at != std::string::npos)
      fail(node, fmt::format("a catalog's text holds no control characters; this one holds the invisible control "
                             "character {} {}",
                             describe_c1_control(text, at), shown_before(text, at)));
    return;
  }
  for (const auto& item : node) {
    if (node.IsMap()) {
      refuse_unreadable_text(item.first);
      refuse_unreadable_text(item.second);
    } else {
      refuse_unreadable_text(item);
    }
  }
}

std::string CatalogReader::where(const YAML::Node& node) const { return where(node.Mark()); }

std::string CatalogReader::where(const YAML::Mark& m) const {
  if (m.line < 0) return file_;
  return file_ + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
}

void CatalogReader::fail(const YAML::Node& node, const std::string& message) const {
  throw CatalogError(where(node), message);
}

void CatalogReader::list(const YAML::Node& node, const std::string& what, std::size_t most) const {
  if (!node.IsSequence()) fail(node, what + ", found " + shape(node));
  if (node.size() > most)
    fail(node[most], what + ": at most " + std::to_string(most) + " entries, and this is entry " +
                         std::to_string(most + 1));
}

const YAML::Node CatalogReader::require(const YAML::Node& map, const char* key) const {
  if (!map.IsMap()) fail(map, std::string("expected a mapping with '") + key + ":', found " + shape(map));
  const YAML::Node node = map[key];
  if (!node) fail(map, std::string("missing '") + key + ":'");
  return node;
}

std::string CatalogReader::string(const YAML::Node& map, const char* key) const {
  const YAML::Node node = require(map, key);
  if (!node.IsScalar() || node.Scalar().empty()) fail(node, std::string("'") + key + ":' must be a non-empty text");
  return node.Scalar();
}

void CatalogReader::require_game(const YAML::Node& root, std::string_view game) const {
  const std::string found = string(root, "game");
  if (found != game) fail(root["game"], fmt::format("this catalog is for {}, not {}", found, game));
}

std::string CatalogReader::log_name(const YAML::Node& node, const std::string& what, std::string_view forbidden,
                                    const std::string& why) const {
  if (!node.IsScalar() || node.Scalar().empty()) fail(node, what + " is a non-empty text");
  const std::string& name = node.Scalar();
  if (name.front() == ' ' || name.front() == '\t' || name.back() == ' ' || name.back() == '\t')
    fail(node, fmt::format("{} has no blank at its start or end (a log's header trims them, and then would not "
                           "name it): found '{}'",
                           what, name));
  if (const std::size_t at = name.find_first_of(forbidden); at != std::string::npos) {
    const std::string shown = name[at] == ' ' ? "blank" : name[at] == '\t' ? "tab" : fmt::format("'{}'", name[at]);
    fail(node, fmt::format("{} has no {} ({}): found '{}'", what, shown, why, name));
  }
  // Two names that look the same and differ by such a character are two names: a log typed at
  // the table would never name this one, and "did you mean" would show the same name back.
  if (const std::optional<Hidden> hidden = hidden_character(name))
    fail(node, fmt::format("{} holds {}, {} ('{}'): it looks like a plain space or like nothing, and a log typed at "
                           "the table cannot name it; write a plain space there, or nothing",
                           what, hidden->words(), shown_before(name, hidden->offset), visible(name)));
  std::string composed;
  return to_nfc(name, composed) ? composed : name;
}

std::string CatalogReader::string_or(const YAML::Node& map, const char* key, std::string fallback) const {
  if (map.IsMap() && !map[key]) return fallback;
  return string(map, key);
}

int CatalogReader::integer(const YAML::Node& map, const char* key, int min, int max) const {
  const YAML::Node node = require(map, key);
  int value = 0;
  if (!node.IsScalar() || !YAML::convert<int>::decode(node, value) || value < min || value > max)
    fail(node, std::string("'") + key + ":' must be " +
                   (min == max ? std::to_string(min)
                               : "a whole number from " + std::to_string(min) + " to " + std::to_string(max)) +
                   ", found " + shape(node));
  return value;
}

void CatalogReader::only_keys(const YAML::Node& map, std::initializer_list<const char*> allowed) const {
  std::string list;
  for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
  if (!map.IsMap()) fail(map, "expected a mapping with keys such as " + list + "; found " + shape(map));
  for (const auto& kv : map) {
    if (!kv.first.IsScalar()) fail(kv.first, "a key is a word, one of: " + list + "; found " + shape(kv.first));
    const std::string key = kv.first.Scalar();
    bool ok = false;
    for (const char* a : allowed) ok = ok || key == a;
    if (!ok) {
      fail(kv.first, "unknown key '" + key + "'; expected one of: " + list);
    }
  }
}

std::string CatalogReader::source(const YAML::Node& map) const {
  std::string s = string(map, "source");
  // "rulebook: ...", "public source: ...", "stand-in: ..." — the kind, then a free note.
  for (const char* kind : {"rulebook", "public source", "stand-in"})
    if (s.rfind(kind, 0) == 0) return s;
  fail(map["source"], "'source:' must start with 'rulebook', 'public source' or 'stand-in', found '" + s + "'");
}

YAML::Node catalog_head(const std::string& id, const char* game, const std::string& title) {
  YAML::Node root;
  root["id"] = id;
  root["game"] = game;
  root["title"] = title;
  return root;
}

std::string emit_catalog(const YAML::Node& root) {
  YAML::Emitter out;
  out << root;
  return std::string(out.c_str()) + "\n";
}

}  // namespace wonderlog
