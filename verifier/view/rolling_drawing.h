// Rolling in Wonderland drawn for `wonderlog view` (docs/cli.md): the six action areas with
// their dice and, under each, its influence area's soldiers; both paths with each player's
// marker; each player's board. What every position of a game shares (the areas' frames, the
// paths with their stars and icons, the Cheshire Cat cards, the boards' frames) is drawn once
// per page (map_defs); each position draws what changes.
#pragma once

#include <string>
#include <string_view>

#include "engine/rolling/state.h"

namespace wonderlog::rolling {

// The picture's stylesheet (classes rw-*).
std::string picture_style();
// The table every position shares (<g id="rw-table">), and the dice, soldiers and markers the
// positions place with <use>.
std::string map_defs(const State& s);
// One position under `caption`; `title` and `description` are the image's accessible name and
// its text.
std::string draw_position(const State& s, std::string_view caption, std::string_view title,
                          std::string_view description);

}  // namespace wonderlog::rolling
