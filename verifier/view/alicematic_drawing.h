// AlicematiC Heroes' map drawn for a person: as text for a terminal (`replay`, `explain`) and
// as SVG for `wonderlog view` (docs/cli.md). The map is the same in every position of a game,
// so the SVG draws it once (map_defs) and each position draws only what changes on it: the
// territory tokens, whose turn it is and each Kingdom.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/alicematic/state.h"
#include "verifier/view/terminal.h"

namespace wonderlog::alicematic {

// One letter per player, as the drawings mark their tokens: the name's first letter when no
// other player's starts the same, else the seat's number (1 to 5).
std::string player_marks(const State& s);

// The map as hexes of text, 80 columns for the largest stand-in layout: each space's name, its
// land ("red 2", "City 3", "forest") and its tokens (a player's letter: invaded; letter and
// '?': under attack; '.': an empty City spot), then the key to the letters.
std::string text_map(const State& s, const Paint& paint);

// `head` and `items`, separated by commas and ended by a full stop, in lines of at most `width`
// characters broken between items, each after the first indented by four: a list under the map
// (its key, the tiles) that stays as narrow as the map.
std::string wrapped(std::string_view head, const std::vector<std::string>& items, std::size_t width = 80);

// The picture's stylesheet (classes ah-*).
std::string picture_style();
// The map every position shares (<g id="ah-map">): the hexes with their land, difficulty and
// name, the tiles' edges, the City spots, and each Kingdom's frame.
std::string map_defs(const State& s);
// One position: the map, the tokens on it and each Kingdom's slots, resources and points, under
// `caption`. `title` and `description` are the image's accessible name and its text.
std::string draw_position(const State& s, std::string_view caption, std::string_view title,
                          std::string_view description);

}  // namespace wonderlog::alicematic
