#include "engine/core/catalog.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

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

// Walks a catalog's YAML events before it is loaded, and stops at the first of what the loaded
// tree would hide or what would make it costly (found in review): a key given twice in one
// mapping (yaml-cpp keeps the first value, so a box owner's correction below it was silently
// dropped), and an alias (`*a`): a catalog writes each value out. (The checks after loading
// look at each node once however many aliases name it: walked once for every use, a few lines
// of nested aliases ran for minutes, and an alias inside itself for ever.)
class CatalogShape : public YAML::EventHandler {
 public:
  std::optional<CatalogReader::Fault> fault;

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node(mark, nullptr); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    refuse(mark, "a catalog writes each value out: an alias ('*' and a name) is not read here; copy the value it "
                 "stands for");
    node(mark, nullptr);
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string& value) override {
    node(mark, &value);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node(mark, nullptr);
    frames_.push_back(Frame{false, true, {}});
  }
  void OnSequenceEnd() override { frames_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node(mark, nullptr);
    frames_.push_back(Frame{true, true, {}});
  }
  void OnMapEnd() override { frames_.pop_back(); }

 private:
  struct Frame {
    bool map = false;
    bool key_next = true;  // a mapping: its next node is a key (else a value)
    std::map<std::string, YAML::Mark> keys;
  };
  void refuse(const YAML::Mark& mark, std::string message) {
    if (!fault) fault = CatalogReader::Fault{mark, std::move(message)};
  }
  // A node of the frame on top: a mapping's key is checked against the keys before it.
  void node(const YAML::Mark& mark, const std::string* scalar) {
    if (frames_.empty() || !frames_.back().map) return;
    Frame& f = frames_.back();
    if (f.key_next && scalar) {
      const auto [it, fresh] = f.keys.emplace(*scalar, mark);
      if (!fresh)
        refuse(mark, fmt::format("'{}:' is given twice in this mapping (first on line {}): give each key once, with "
                                 "the value meant",
                                 *scalar, it->second.line + 1));
    }
    f.key_next = !f.key_next;
  }
  std::vector<Frame> frames_;
};

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
  // A catalog is a few kilobytes; a file far larger is not one (yaml-cpp would hold its whole
  // tree, gigabytes for a file of tens of megabytes, before any check could refuse it).
  if (text.size() > kMostCatalogBytes)
    throw CatalogError(file_, fmt::format("a catalog is at most {} MiB, and this file holds {:.1f} MiB: is it a "
                                          "catalog?",
                                          kMostCatalogBytes >> 20, static_cast<double>(text.size()) / (1 << 20)));
  // Of the faults found below, the first in the file is told, as a reader meets them.
  // (A NUL byte goes before any other fault of its line: yaml-cpp reads the scalar that holds it
  // wrongly, from the scalar's start.)
  std::optional<Fault> first;
  int first_column = 0;
  auto consider = [&](const YAML::Mark& mark, std::string message, bool nul = false) {
    const int column = nul ? -1 : mark.column;
    if (!first || mark.line < first->mark.line || (mark.line == first->mark.line && column < first_column)) {
      first = Fault{mark, std::move(message)};
      first_column = column;
    }
  };
  // yaml-cpp reads a NUL byte as an escape, not as the control byte it is.
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
    const std::size_t line_start = text.rfind('\n', nul);
    YAML::Mark mark;
    mark.line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(nul), '\n'));
    mark.column = static_cast<int>(nul - (line_start == std::string::npos ? 0 : line_start + 1));
    consider(mark, "a catalog's text holds no control characters; this one holds byte 0x00 (a binary file?)", true);
  }
  YAML::Node root;
  try {
    std::istringstream in(text);
    YAML::Parser events(in);
    CatalogShape shape;
    // The first document only, as YAML::Load reads it: on some ill-formed text yaml-cpp hands out
    // empty documents for ever (found by fuzz_catalog_*, three inputs that timed out).
    events.HandleNextDocument(shape);
    if (shape.fault) consider(shape.fault->mark, shape.fault->message);
    root = YAML::Load(text);
    std::set<std::pair<int, int>> seen;
    if (std::optional<Fault> f = unreadable_text(root, seen)) consider(f->mark, f->message);
  } catch (const YAML::ParserException& e) {
    consider(e.mark, "YAML syntax: " + e.msg);
  }
  if (first) throw CatalogError(where(first->mark), first->message);
  if (!root.IsMap()) fail(root, "a catalog is a YAML mapping (keys such as 'id:' and 'game:')");
  return root;
}

std::optional<CatalogReader::Fault> CatalogReader::unreadable_text(const YAML::Node& node,
                                                                   std::set<std::pair<int, int>>& seen) const {
  // Two nodes of one type never start at one place: a block mapping and its first key do, and
  // differ in type.
  if (!seen.emplace(node.Mark().pos, static_cast<int>(node.Type())).second) return std::nullopt;
  if (node.IsScalar()) {
    const std::string& text = node.Scalar();
    if (const std::size_t at = control_byte(text); at != std::string::npos)
      return Fault{node.Mark(), fmt::format("a catalog's text holds no control characters; this one holds byte 0x{:02x} "
                                            "{} ({})",
                                            static_cast<unsigned char>(text[at]), shown_before(text, at),
                                            text[at] == '\r' ? "a stray carriage return?" : "a binary file?")};
    // Only well-formed UTF-8 is kept: a catalog written back would otherwise not read the same
    // (an overlong 0xC0 0x8D is written out as the carriage return it encodes).
    if (const std::size_t at = malformed_utf8(text); at != std::string::npos)
      return Fault{node.Mark(), fmt::format("a catalog's text is UTF-8, and this one holds byte 0x{:02x} {}, which "
                                            "starts no UTF-8 character (text saved in another encoding, such as "
                                            "Latin-1?)",
                                            static_cast<unsigned char>(text[at]), shown_before(text, at))};
    if (const std::size_t at = c1_control(text); at != std::string::npos)
      return Fault{node.Mark(), fmt::format("a catalog's text holds no control characters; this one holds the "
                                            "invisible control character {} {}",
                                            describe_c1_control(text, at), shown_before(text, at))};
    return std::nullopt;
  }
  // The first fault in the file's order: a mapping's key before its value.
  for (const auto& item : node) {
    if (node.IsMap()) {
      if (std::optional<Fault> f = unreadable_text(item.first, seen)) return f;
      if (std::optional<Fault> f = unreadable_text(item.second, seen)) return f;
    } else if (std::optional<Fault> f = unreadable_text(item, seen)) {
      return f;
    }
  }
  return std::nullopt;
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
