// libFuzzer target: an input is a catalog of one game, chosen when the target is built
// (WONDERLOG_FUZZ_GAME: 1 tea-time, 2 hide-and-seek, 3 alicematic-heroes, 4 rolling-in-wonderland). Loading either
// succeeds or throws a located CatalogError; nothing else may escape. Beyond crashes, hangs and
// sanitizer reports:
//   - a loaded catalog written back loads the same (write_catalog is a fixed point);
// and for AlicematiC Heroes and Rolling in Wonderland (whose catalogs carry the card effects):
//   - a game played on it, at random among legal_moves(), never offers a move validate()
//     refuses, and never leaves a player without a move before the end.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "engine/core/catalog.h"
#include "engine/core/rng.h"

#if WONDERLOG_FUZZ_GAME == 1
#include "engine/tea_time/catalog.h"
namespace game = wonderlog::tea_time;
#elif WONDERLOG_FUZZ_GAME == 2
#include "engine/hide_and_seek/catalog.h"
namespace game = wonderlog::hide_and_seek;
#elif WONDERLOG_FUZZ_GAME == 4
#include "engine/rolling/catalog.h"
#include "engine/rolling/state.h"
namespace game = wonderlog::rolling;
#else
#include "engine/alicematic/catalog.h"
#include "engine/alicematic/state.h"
namespace game = wonderlog::alicematic;
#endif

namespace {

using namespace wonderlog;

[[noreturn]] void broken(const std::string& what, const std::string& text) {
  std::cerr << "fuzz_catalog oracle: " << what << "\n--- text ---\n" << text << "\n------------\n";
  std::abort();
}

#if WONDERLOG_FUZZ_GAME == 3
// Plays up to 600 moves of a 3-player open game on the catalog's own board.
void play(const game::Catalog& catalog, std::uint64_t seed, const std::string& text) {
  const game::Layout* layout = catalog.layout_for(3);
  if (!layout || layout->positions.size() > catalog.tiles.size()) return;
  game::Setup setup;
  setup.catalog = &catalog;
  std::vector<game::Placement> placements;
  for (std::size_t p = 0; p < layout->positions.size(); ++p)
    placements.push_back(game::Placement{static_cast<int>(p), static_cast<int>(p % 6)});
  std::string why;
  setup.board = game::Board::build(catalog, *layout, placements, why);
  if (!setup.board) return;
  setup.names = {"Ann", "Bob", "Cy"};
  setup.kingdoms = {0, 1, 2};
  setup.open = true;
  setup.deck_seed = seed;
  if (game::State::check(setup)) return;
  game::State state(setup);
  Rng rng(seed);
  for (int n = 0; n < 600 && !state.is_over(); ++n) {
    const std::vector<game::Move> legal = state.legal_moves();
    if (legal.empty()) broken("a player has no legal move before the end", text);
    for (const game::Move& m : legal)
      if (auto v = state.validate(m)) broken("legal_moves() lists a move validate() refuses: " + v->message, text);
    state.apply(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
  }
}
#endif

#if WONDERLOG_FUZZ_GAME == 4
// Plays a 2-player seeded game on the catalog, the first cards of each list dealt at set-up.
void play(const game::Catalog& catalog, std::uint64_t seed, const std::string& text) {
  if (catalog.characters.size() < 2 || catalog.cheshire.size() < 4 || catalog.challenges.size() < 2) return;
  game::Setup setup;
  setup.catalog = &catalog;
  setup.names = {"Ann", "Bob"};
  setup.characters = {0, 1};
  setup.cheshire = {0, 1, 2, 3};
  setup.challenges = {0, 1};
  setup.hatter = {0, catalog.hatter[0].copies > 1 ? 0 : static_cast<int>(catalog.hatter.size()) - 1};
  setup.objectives = {0, catalog.objectives[0].copies > 1 ? 0 : static_cast<int>(catalog.objectives.size()) - 1};
  setup.seed = seed;
  if (game::State::check(setup)) return;
  game::State state(setup);
  Rng rng(seed);
  for (int n = 0; n < 2000 && !state.is_over(); ++n) {
    if (state.to_move().is_chance()) {
      const auto chance = state.seeded_chance();
      if (!chance) broken("no chance event where one is due", text);
      state.apply(*chance);
      continue;
    }
    const std::vector<game::Move> legal = state.legal_moves();
    if (legal.empty()) broken("a player has no legal move before the end", text);
    for (const game::Move& m : legal)
      if (auto v = state.validate(m)) broken("legal_moves() lists a move validate() refuses: " + v->message, text);
    state.apply(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
  }
}
#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const game::Catalog catalog = game::parse_catalog(text, "fuzz.yaml");
    const std::string written = game::write_catalog(catalog);
    game::Catalog again;
    try {
      again = game::parse_catalog(written, "written.yaml");
    } catch (const CatalogError& e) {
      broken(std::string("write_catalog wrote what does not load: ") + e.what(), written);
    }
    if (game::write_catalog(again) != written) broken("write_catalog is not a fixed point", written);
#if WONDERLOG_FUZZ_GAME == 3 || WONDERLOG_FUZZ_GAME == 4
    std::uint64_t seed = 1469598103934665603ULL;
    for (std::size_t i = 0; i < size; ++i) seed = (seed ^ data[i]) * 1099511628211ULL;
    play(catalog, seed, text);
#endif
  } catch (const CatalogError& e) {
    if (std::string(e.what()).rfind("fuzz.yaml", 0) != 0) broken(std::string("an error without its file: ") + e.what(), text);
  }
  return 0;
}
