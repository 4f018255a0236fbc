// Tea Time's components: the six characters (ten two-sided cards each) and the Alice card.
// Loaded from a YAML catalog so that a user with the box can correct names and codes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wonderlog::tea_time {

struct Character {
  std::string code;    // as written in logs, upper case: "H"
  std::string name;    // "Hatter"
  std::string names;   // the rulebook's own names, for reference: "Hoedenmaker / Chapelier"
  int cards = 0;       // cards of this character in the box
  std::string source;  // rulebook / public source / stand-in, with a note
};

struct Catalog {
  std::string id;    // "tea-time"
  std::string file;  // where it was loaded from
  std::string title;
  std::vector<Character> characters;
  std::string alice_source;

  // The index of the character with this code (any letter case), if any.
  std::optional<int> find(std::string_view code) const {
    const int i = index_of(code);
    return i < 0 ? std::nullopt : std::optional<int>(i);
  }
  // Each character's code packed in a word (upper case, and its length), for find(): a deal names
  // a dozen cards, and every one is looked up. Set by the loader; find() reads the codes when
  // these do not match them.
  std::vector<std::uint32_t> keys;
  // By a code's first letter (its low five bits, either case): 0 when no code starts with it, the
  // index plus one of the only code that does, -1 when several do (then keys are searched).
  std::array<std::int8_t, 32> by_letter{};
  std::string codes() const;  // "H, C, W, P, Q, M"

 private:
  // find() as an index, -1 for none: an optional<int> returned from another translation unit is
  // stored in two parts and loaded in one, a stall on every card of every deal.
  int index_of(std::string_view code) const;
};

// Loads and checks a catalog file; throws CatalogError (file:line:col) when it is unusable.
Catalog load_catalog(const std::string& file);
// The same from the catalog's text; `file` names it in errors.
Catalog parse_catalog(const std::string& text, const std::string& file);
// The catalog as YAML, in the form load_catalog() reads: loading what it writes gives the same
// catalog (the fuzz target checks it; a user may start her own catalog from it).
std::string write_catalog(const Catalog& c);

}  // namespace wonderlog::tea_time
