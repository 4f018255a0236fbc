// The page `wonderlog view` writes (docs/cli.md, "view"): one self-contained HTML file that
// steps through a game's positions (buttons, arrow keys, a slider, the move list, #N in the
// address), with the verdict, the diagnostic on the move it refuses and the final scores.
// Nothing is fetched: the SVG, the stylesheet and a little plain JavaScript are inline.
#pragma once

#include <string>
#include <vector>

#include "verifier/module.h"

namespace wonderlog {

struct PageInfo {
  std::string title;                   // the game's title: "Tea Time"
  std::vector<std::string> about;      // the log's event, site and date, as written
  int open_at = 0;                     // the move shown first (the address's #N wins)
};

// What a page says of a game: `title`, and the log's event, site and date as written.
PageInfo page_info(const grammar::ParsedGame& game, std::string title, int open_at = 0);

// The page for one game: its pictures and its verdict.
std::string view_page(const Pictures& pictures, const GameReport& report, const PageInfo& info);

// One game of a batch, as the index lists it.
struct IndexEntry {
  std::string href;   // its page, relative to the index
  std::string title;  // the game's title ("" when wonderlog does not know the game)
  GameReport report;
};

// The index of a batch (verify --html): a line per game with its verdict, linking its page,
// under a count of the valid and invalid games.
std::string index_page(const std::vector<IndexEntry>& entries);

// Whether `text` is a page wonderlog wrote (its generator line): what verify --html may write
// over, and nothing else.
bool is_wonderlog_page(std::string_view text);

}  // namespace wonderlog
