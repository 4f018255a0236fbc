// Tea Time's components: the six characters (ten two-sided cards each) and the Alice card.
// Loaded from a YAML catalog so that a user with the box can correct names and codes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bundled.h"
#include "grammar/source.h"

namespace wonderlog::tea_time {

inline constexpr int kCharacters = 6;          // the box's characters
inline constexpr int kCardsPerCharacter = 10;  // two-sided cards of each character in the box

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

  // The index of the character with this code (any letter case), if any. Inline: it is asked
  // for every card of every deal.
  std::optional<int> find(std::string_view code) const {
    const int i = !code_index          ? compare_codes(code)
                  : code.size() == 1 ? code_index->one_byte[static_cast<unsigned char>(code[0])]
                                     : find_folded(code_index->folded, code);
    return i < 0 ? std::nullopt : std::optional<int>(i);
  }
  std::string codes() const;  // "H, C, W, P, Q, M"

  // The codes indexed for find(): a deal names a dozen cards, and each is looked up. A code of
  // one letter (the box's are) is found by its byte alone, a longer one among the codes folded.
  // Set by the loader; a catalog put together otherwise, without it, has its codes compared in
  // turn.
  struct CodeIndex {
    KnownWords<kCharacters> folded;
    std::array<std::int8_t, 256> one_byte;  // the character whose code is this byte, in either case; -1
  };
  std::optional<CodeIndex> code_index;

 private:
  int compare_codes(std::string_view code) const;  // find() without folded codes, -1 for none
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

}  // namespace wonderlog::tea_time
