// The catalogs a program was built with (fixtures/catalogs), each with its packed form
// (engine/core/pack.h), so that a catalog file left as it came is read without parsing YAML.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace wonderlog {

// A catalog of fixtures/catalogs as a program was built with it: its game, its text, and the
// text's catalog in packed form.
struct BundledCatalog {
  std::string_view game;    // "tea-time"
  std::string_view text;    // the file's bytes
  std::string_view packed;  // its catalog, packed
};

// The packed form of the bundled catalog of `game` whose text is `text`, byte for byte; none
// when the text differs from each of them by so much as a byte.
std::optional<std::string_view> bundled_form(std::span<const BundledCatalog> bundled, std::string_view game,
                                             std::string_view text);

}  // namespace wonderlog
