// The hide-and-seek notation (docs/log-format.md): declarations only; the rules are in
// notation_def.h, which notation.cc alone includes.
//
//   Mia: c3 D                      Alice moves to c3 and reveals a Garden tile of code D
//   Mia: b5 C | Mia: a4 G          ... a Companion, a Guard
//   Tom: guard b2 A                the Queen plays a Guard on b2, which was an A Garden tile
//   Tom: look a1 d4 [swap|keep] [saw D G]   the secret look, with what she chose to say
//   Tom: move b4 | Tom: move none  the King tile that moves Alice
//   Tom: reorder column b 3 2 1 5 4 | Tom: reorder row 2 d c b a
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "grammar/source.h"

namespace wonderlog::grammar::hide_and_seek {

struct SpotToken {
  char column = 'a';  // lower case
  unsigned row = 1;
  Span span;
};

struct CodeToken {
  std::string_view code;
  Span span;
};

struct MoveTokens {
  enum class Kind { step, guard, look, move, reorder };
  enum class Told { unknown, swapped, kept };
  Kind kind = Kind::step;
  std::vector<SpotToken> spots;  // step, guard: 1; look: 2; move: 1 (0 with none)
  std::vector<CodeToken> codes;  // step, guard: what was revealed; look: what she said she saw (0 or 2)
  Told told = Told::unknown;
  bool none = false;             // move none
  bool column = false;           // reorder: a column (else a row)
  CodeToken line;                // reorder: "b" or "2"
  std::vector<CodeToken> order;  // reorder: the new order, as written

  void clear() {  // as new, its vectors keeping their capacity
    kind = Kind::step;
    spots.clear();
    codes.clear();
    told = Told::unknown;
    none = column = false;
    line = CodeToken{};
    order.clear();
  }
};

bool parse_move(std::string_view text, MoveTokens& move, SyntaxError& error);

// `b3 H`: the start tile's spot and the paths on its visible side.
bool parse_start(std::string_view text, SpotToken& spot, CodeToken& side, SyntaxError& error);

// `H D A J / D H D A / A S D H / ...`: every spot's tile in reading order, rows split by '/'.
bool parse_layout(std::string_view text, std::vector<CodeToken>& tiles, std::vector<std::uint32_t>& row_ends,
                  SyntaxError& error);

}  // namespace wonderlog::grammar::hide_and_seek
