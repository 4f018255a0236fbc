#include "engine/hide_and_seek/rulings.h"

namespace wonderlog::hide_and_seek {

const std::vector<Ruling>& rulings() {
  static const std::vector<Ruling> all = {
      {"HS-1",
       "A garden of 5 rows and 4 columns, spots a1 (top left) to d5. Two players: the first listed plays "
       "Alice and moves first; the players alternate."},
      {"HS-2",
       "The start tile lies at a random spot among the Garden tiles; the log names its spot and the paths "
       "on its visible side ('start: b3 H'). Its two sides are in the catalog."},
      {"HS-3",
       "The start tile counts as revealed: Alice may cross it but never land on it again, no Guard may be played "
       "on it, and the King's move may not put Alice on it. A look may take it (HS-9), and a swap or a reorder "
       "moves it.",
       {{"start-revealed",
         "The start tile counts as revealed from the start: no Guard may be played on it and the King's move may "
         "not put Alice on it."},
        {"start-face-down",
         "The start tile stays face down as it was laid: the Queen may play a Guard on it (it is discarded) and "
         "the King's move may put Alice on it; Alice herself never lands on it again."}}},
      {"HS-4",
       "Alice follows the paths of the top Garden tile (the start tile's at first), crossing any tiles, "
       "and lands only on a face-down tile. The Adjacent path reaches the 8 tiles around hers.",
       {{"eight-neighbours", "The Adjacent path reaches the up to 8 tiles around Alice's, diagonals included."},
        {"four-neighbours", "The Adjacent path reaches only the tiles beside, above and below Alice's."}}},
      {"HS-5", "The Queen plays a Guard on any face-down tile, the one Alice stands on included."},
      {"HS-6",
       "A Guard the Queen placed earlier and now reveals is discarded and replaced like any tile; only "
       "Guards Alice reveals stay face up."},
      {"HS-7", "A Garden tile the Queen's Guard reveals is discarded; the Garden pile's top is unchanged."},
      {"HS-8",
       "'Move Alice' puts her on an adjacent face-down tile without revealing it; with no such tile the King "
       "tile is spent for nothing.",
       {{"move-no-reveal", "The King's move only moves Alice: the tile stays face down and nothing is resolved."},
        {"move-reveals",
         "Alice is moved onto the tile and turns it up, as on her own turn: a Garden tile joins her pile and a "
         "Companion fills its spot, a second face-up Guard wins for the Queen. The log writes what it showed "
         "('move b4 D')."}}},
      {"HS-9",
       "The secret look is at any two tiles of the garden other than Alice's, face-up ones included; the Queen "
       "may swap them and need not say whether she did or what she saw, unless a face-up tile moves in plain "
       "view.",
       {{"any-tile",
         "Any 2 different tiles except Alice's, face-up tiles and the start tile included; a swap or keep of a "
         "face-up tile is seen by the table and written."},
        {"face-down-only", "Only 2 different face-down tiles, not Alice's."}}},
      {"HS-10",
       "'Reorder' rearranges a row or column Alice is not in, without turning tiles; the log writes the "
       "new order and every tile is followed.",
       {{"any-order", "The new order may be any order of the line's tiles, the one they already lie in included."},
        {"new-order",
         "The new order must differ from the one the tiles lie in: an order that leaves every tile in place is "
         "refused."}}},
      {"HS-11",
       "If no face-down tile lies on Alice's paths, she cannot move and the Queen wins.",
       {{"at-her-turn",
         "It is checked when Alice's turn starts: a move of hers that leaves her boxed in ends nothing, and the "
         "Queen's action may still open a path."},
        {"cornered-at-once",
         "It is checked as soon as Alice's move is resolved too: a move that leaves her boxed in gives the Queen the "
         "win at once, before the Queen's turn."}}},
      {"HS-12",
       "When Alice reveals a Garden tile with no Companion left to fill its spot, she wins at once.",
       {{"ninth-garden-tile",
         "Alice wins when she reveals a Garden tile and has no Companion left to put in its place."},
        {"pile-emptied", "Alice wins at the end of the turn in which she puts down her last Companion."}}},
      {"HS-13",
       "When the Queen's Guard reveals a Companion she fills the spot with her top Guard, then discards "
       "the next; with none left to discard, Alice wins."},
      {"HS-14", "If the Queen has no Guard and no King tile left when her turn starts, Alice wins."},
      {"HS-15",
       "A move's own end is checked first, then the next turn's conditions; nothing is played after the "
       "end. The result gives the winner 1 point and the loser 0."},
      {"HS-16",
       "An open log's layout decides every reveal; a table log is accepted exactly when some arrangement "
       "of the hidden tiles (and some choice at the secret look) makes everything recorded true."},
      {"HS-17",
       "The look is secret and so is its swap: the table need not see whether the Queen swapped two face-down "
       "tiles, and a log need not say.",
       {{"swap-unseen", "Whether the Queen swapped two face-down tiles is hers to keep: a log may leave it out."},
        {"swap-seen",
         "The Queen looks in secret but swaps in plain view: the table sees whether she swapped, and a log says "
         "'swap' or 'keep'."}}},
  };
  return all;
}

const Ruling* find_ruling(std::string_view id) {
  return wonderlog::find_ruling(rulings(), id);
}

}  // namespace wonderlog::hide_and_seek
