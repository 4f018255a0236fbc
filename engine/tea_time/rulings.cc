#include "engine/tea_time/rulings.h"

namespace wonderlog::tea_time {

const std::vector<Ruling>& rulings() {
  static const std::vector<Ruling> all = {
      {"TT-1",
       "2 to 4 players. The grid has 3 rows of 4 cards with 2 players, 4 rows of 4 with 3, and 4 "
       "rows of 5 with 4. Spots are named by column letter and row number; a1 is the top-left "
       "spot, the first card of the first row of the deal."},
      {"TT-2",
       "The sides of each round's grid alternate like a chessboard: each spot's neighbours in its "
       "row and column show the other side, and a1 may show either side. The deal is written row "
       "by row in reading order; it fills every spot and never shows more cards of a character "
       "than the game still has.",
       {{"chessboard",
         "Neighbours across and down show different sides; a1 may show either side, since where "
         "the recorder sat decides which corner is a1."},
        {"chessboard-a1-mirror",
         "Neighbours across and down show different sides, and a1 shows its mirror side: the "
         "recorder's first spot is the dealer's first card."},
        {"laying-order",
         "The sides alternate in the order the cards were laid, row by row or column by column, "
         "straight or snaking, from any corner: a chessboard, or stripes along a side of 4 spots."}}},
      {"TT-3",
       "Turns are counted per round. On turn 1 the Alice card's holder takes exactly one card "
       "and puts the Alice card in its spot; turn 2 takes 1 or 2 cards; every later turn takes "
       "1, 2 or 3. Every turn takes at least one card.",
       {{"per-round", "The count of turns starts again each round: every round's turn 2 takes 1 or 2 cards."},
        {"per-game",
         "The count runs through the game: each round's opener still takes exactly 1 card, but only "
         "the game's turn 2 is held to 2 cards; in later rounds the turn after the opener takes 1 to 3."}}},
      {"TT-4",
       "Two cards must be neighbours (orthogonally or diagonally); three cards must be three "
       "neighbouring spots on one straight line. Spots never close up: an empty spot breaks "
       "adjacency. The Alice card counts as a card of the take."},
      {"TT-5",
       "A card cancels one card of the same character on the other side, one for one, and both "
       "are removed from the game. Several pairs may cancel in one turn, and two cards of one "
       "character on opposite sides taken in the same turn cancel each other."},
      {"TT-6",
       "Play goes clockwise, in the order of the 'players:' header. The first player listed "
       "starts round 1; whoever took the Alice card starts the next round. The Alice card's "
       "holder at the end of the last round keeps it for scoring."},
      {"TT-7",
       "The most points wins. Players tied for the most share the win; the rulebook names no "
       "tie-break.",
       {{"shared-win", "Every player tied for the most points shares the win."},
        {"alice-card-breaks-ties",
         "Among players tied for the most points, the Alice card's holder wins alone; if she is "
         "not among them, they share the win."}}},
      {"TT-8",
       "Each character scores by the cards of it in a collection: 0 cards 5 points, 1 card 1, 2 "
       "cards 3, 3 cards 6, 4 cards 10, 5 or more 15. The Alice card's holder adds 4."},
      {"TT-9",
       "A take names spots that hold a card, each spot once. A spot emptied earlier in the "
       "round holds nothing to take."},
      {"TT-10",
       "A round ends when its grid is empty, the Alice card included. The game ends after 5 "
       "rounds with 2 players and 3 rounds with 3 or 4; nothing is played after that, and a "
       "log that stops earlier does not record a finished game."},
      {"TT-11",
       "With 3 players, 2 cards of each character are removed before the game: 8 of each, 48 "
       "cards for 3 rounds of 16."},
      {"TT-12",
       "A move marked '(accepted)' was played at the table although illegal. It is reported as "
       "a warning and replayed if it could be carried out, which in Tea Time means every named "
       "spot holds a card and none is named twice; play then goes on clockwise from the player "
       "who moved. Otherwise verification stops there."},
      {"TT-13",
       "With a 'seed:' header the deck is the catalog's cards in catalog order, 10 (or 8) of "
       "each character, shuffled by the format's documented shuffle; each round deals the next "
       "cards from the top. A recorded deal must then equal the seeded one."},
      {"TT-14",
       "A recorded result lists every player once with their final points; the verifier "
       "recomputes every score and compares."},
  };
  return all;
}

const Ruling* find_ruling(std::string_view id) {
  return wonderlog::find_ruling(rulings(), id);
}

}  // namespace wonderlog::tea_time
