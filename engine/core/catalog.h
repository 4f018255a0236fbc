// Loading component catalogs (YAML). Every error names the catalog file, line and column.
#pragma once

#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include <yaml-cpp/yaml.h>

#include "engine/core/bundled.h"
#include "engine/core/pack.h"

namespace wonderlog {

// A catalog that cannot be used: `where` is "file:line:col" (1-based).
class CatalogError : public std::runtime_error {
 public:
  CatalogError(std::string where, std::string message)
      : std::runtime_error(where + ": error: " + message), where_(std::move(where)), message_(std::move(message)) {}
  const std::string& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  std::string where_, message_;
};

// Helpers that read one field of a YAML node and throw CatalogError with its position.
// The largest catalog file read: the bundled ones are at most 25 KB.
inline constexpr std::size_t kMostCatalogBytes = std::size_t{4} << 20;

class CatalogReader {
 public:
  explicit CatalogReader(std::string file) : file_(std::move(file)) {}

  // The file's text; throws CatalogError when it cannot be read.
  std::string text() const;
  // Parses `text` as the catalog named file(); throws CatalogError, at the first in the file, for
  // a YAML syntax error, a key given twice in a mapping, an alias, a control character (not a tab
  // or a line break) or bytes that are not well-formed UTF-8 in any key or text, and for a file
  // larger than kMostCatalogBytes.
  YAML::Node parse(const std::string& text) const;
  // A fault of a catalog, where it stands.
  struct Fault {
    YAML::Mark mark;
    std::string message;
  };
  // The first control character or ill-formed UTF-8 in any scalar under `node`, or none. Each
  // node is looked at once however many aliases name it (`seen`: where each starts, and its
  // type): an alias inside the node it names makes the tree a cycle, and aliases of aliases
  // make it exponentially large.
  std::optional<Fault> unreadable_text(const YAML::Node& node, std::set<std::pair<int, int>>& seen) const;

  std::string where(const YAML::Node& node) const;
  std::string where(const YAML::Mark& mark) const;
  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const;

  // Fails unless the node is a list of at most `most` entries; a longer list is refused at its
  // first entry too many. `what` says what it lists, as in "'cards:' lists the Alice cards".
  void list(const YAML::Node& node, const std::string& what, std::size_t most) const;

  const YAML::Node require(const YAML::Node& map, const char* key) const;
  std::string string(const YAML::Node& map, const char* key) const;
  // The root's `game:` names `game`, or the catalog is refused, saying which game it is for:
  // asked before its keys, which are another game's when a log names the wrong catalog.
  void require_game(const YAML::Node& root, std::string_view game) const;
  std::string string_or(const YAML::Node& map, const char* key, std::string fallback) const;
  // A name that logs write, such as a Kingdom or a tile id, read from `node` (a scalar) in its
  // NFC form, as the log reader reads a line. Refused: an empty name, blanks at its start or
  // end (a log's header trims them), any of `forbidden` (what the log's notation sets names
  // apart with, said by `why`), and a character no one at a table can see or type apart from a
  // plain space (Hidden: a no-break space, a zero-width space...). `what` names it in messages:
  // "a Kingdom's name".
  std::string log_name(const YAML::Node& node, const std::string& what, std::string_view forbidden,
                       const std::string& why) const;
  int integer(const YAML::Node& map, const char* key, int min, int max) const;
  // Rejects keys not in `allowed`, naming them: a typo in a user's catalog must not pass.
  void only_keys(const YAML::Node& map, std::initializer_list<const char*> allowed) const;
  // A `source:` field: one of "rulebook", "public source", "stand-in".
  std::string source(const YAML::Node& map) const;

  const std::string& file() const { return file_; }

  // Runs `read` (which reads a catalog through this reader) and turns a yaml-cpp exception that
  // the checks missed into a located CatalogError: no catalog ends the program.
  template <class Read>
  auto guarded(Read read) const -> decltype(read()) {
    try {
      return read();
    } catch (const YAML::Exception& e) {
      throw CatalogError(where(e.mark), "this part of the catalog has an unexpected shape (" + e.msg + ")");
    }
  }

 private:
  std::string file_;
};

// A game's load_catalog() and parse_catalog(): `read(reader, root)` reads a parsed catalog,
// and any yaml-cpp exception it lets through becomes a located CatalogError. load_catalog_with
// reads a file that is one of `bundled` of `game` from its packed form, by `unpack(packed,
// file)`, and parses any other.
template <class Read, class Unpack>
auto load_catalog_with(const std::string& file, Read read, std::span<const BundledCatalog> bundled,
                       std::string_view game, Unpack unpack) {
  CatalogReader r(file);
  const std::string text = r.text();
  if (const std::optional<std::string_view> packed = bundled_form(bundled, game, text))
    if (auto catalog = unpack(*packed, file)) return std::move(*catalog);
  return r.guarded([&] { return read(r, r.parse(text)); });
}
// The start of a game's unpack_catalog(): the catalog `packed` holds, as read from `file`;
// nullopt when `packed` is not one. What the game works out from the fields is its to add.
template <class Catalog>
std::optional<Catalog> unpack_catalog_from(std::string_view packed, const std::string& file) {
  std::optional<Catalog> c = pack::unpacked<Catalog>(packed);
  if (c) c->file = file;
  return c;
}
template <class Read>
auto parse_catalog_with(const std::string& text, const std::string& file, Read read) {
  CatalogReader r(file);
  return r.guarded([&] { return read(r, r.parse(text)); });
}

// The first keys every catalog writes: id, game, title.
YAML::Node catalog_head(const std::string& id, const char* game, const std::string& title);
// A catalog's YAML as write_catalog() gives it: the emitted text and a final line break.
std::string emit_catalog(const YAML::Node& root);

}  // namespace wonderlog
