// Reading a small effect vocabulary from a catalog: a table of named words (the triggers, steps
// and modifiers of AlicematiC Heroes' card effects; the bonuses of Rolling in Wonderland), each
// entry written as a bare `name` or as `{name: {arguments}}`. Every error is located, as the
// rest of the catalog's (engine/core/catalog.h).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>

#include <yaml-cpp/yaml.h>

#include "engine/core/catalog.h"

namespace wonderlog {

// One word of a vocabulary and the enumerator it stands for.
struct Named {
  const char* name;
  int value;
};

// "a, b, c": the table's words, for messages.
template <std::size_t N>
std::string names_of(const Named (&table)[N]) {
  std::string out;
  for (const Named& n : table) out += (out.empty() ? "" : ", ") + std::string(n.name);
  return out;
}

// The word for `value`, or "?".
template <std::size_t N>
const char* name_in(const Named (&table)[N], int value) {
  for (const Named& n : table)
    if (n.value == value) return n.name;
  return "?";
}

// A vocabulary entry written as `name` or as `{name: {arguments}}`: its name and arguments.
// `key` is the node of the name (errors about the name point at it); `args` is a mapping, empty
// for a bare name.
struct Entry {
  std::string name;
  YAML::Node key, args;
};

// Reads one entry; `what` says what it is ("a step"), `vocabulary` lists the words allowed.
Entry entry_of(const CatalogReader& r, const YAML::Node& node, const char* what, const std::string& vocabulary);

// Refuses, at the entry's name, an entry that lacks arguments it needs: a bare `draw` (or one
// with an empty mapping) has no place of its own to point at for a missing 'count:'.
void need(const CatalogReader& r, const Entry& e, std::initializer_list<const char*> keys);

// The value of the entry's name in `table`; refuses an unknown name, listing the table's words.
template <std::size_t N>
int lookup(const CatalogReader& r, const Entry& e, const Named (&table)[N], const char* what) {
  for (const Named& n : table)
    if (e.name == n.name) return n.value;
  r.fail(e.key, "unknown " + std::string(what) + " '" + e.name + "'; expected one of: " + names_of(table));
}

}  // namespace wonderlog
