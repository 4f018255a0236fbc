// The catalogs of fixtures/catalogs as wonderlog was built with them, each with its packed form
// (engine/core/pack.h). A game module passes them to its load_catalog(): a catalog file whose
// bytes are one of these is read from its packed form, any other is parsed as YAML.
#pragma once

#include <span>

#include "engine/core/bundled.h"

namespace wonderlog {

// Defined in a source file generated at build time by wonderlog-pack-catalogs
// (verifier/pack_catalogs.cc), in the build directory.
std::span<const BundledCatalog> bundled_catalogs();

}  // namespace wonderlog
