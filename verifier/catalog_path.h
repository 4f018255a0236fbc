// Finding the catalog a log names. `catalog: tea-time` is looked up as tea-time.yaml in, in
// order: each --catalog-dir, each folder of $WONDERLOG_CATALOG_PATH (':'-separated), the
// log's own folder, the installed catalogs, and the source tree's fixtures/catalogs.
// A value with a '/' or ending in ".yaml" is a path, relative to the log's folder.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "verifier/module.h"

namespace wonderlog {

struct CatalogLookup {
  std::string path;                   // found file, or "" if none
  bool by_id = true;                  // named by id: the file's id must match
  std::vector<std::string> searched;  // where it looked, for the diagnostic
};

// Each name and set of places is searched once per run; the answer is kept for the rest of it
// (the reference stays valid).
const CatalogLookup& find_catalog(std::string_view name, const Context& context);

// The ids of the catalogs for `game` (their `game:` field) that a log in `context` could name,
// in search order, each once: what a "not found" diagnostic offers instead.
std::vector<std::string> known_catalogs(std::string_view game, const Context& context);

}  // namespace wonderlog
