#include "engine/rolling/rulings.h"

namespace wonderlog::rolling {

const std::vector<Ruling>& rulings() {
  static const std::vector<Ruling> all = {
      {"RW-1",
       "2 to 4 players. A 1-player log is refused: the solo rules are not in wonderlog's sources; 5 or more are "
       "out of range."},
      {"RW-2",
       "The headers 'characters', 'cheshire', 'challenges', 'hatter-cards' and 'objectives' name what set-up "
       "dealt, and an open log names every card drawn; a table log ('hands: secret') keeps the Mad Hatter hands and "
       "objectives hidden until they are shown, and reveals them after the last round. With a 'seed', the decks "
       "left, the Jabberwock deck, the rolls and the re-rolls come from the seed, and a chance event written must "
       "be the seed's."},
      {"RW-3",
       "A persistent Mad Hatter card dealt at set-up goes into persistent slot 1; any other starts her hand.",
       {{"placed-at-setup",
         "A persistent Mad Hatter card dealt at set-up is placed in persistent slot 1 at once; nothing is written for "
         "it, and 'kept' is refused."},
        {"may-keep",
         "A persistent Mad Hatter card dealt at set-up may be kept in hand, written 'kept' after it in 'hatter-cards' "
         "('top-hat kept'); she places it from hand ('place CARD SLOT') in a turn of hers (RW-14), or keeps "
         "it."}}},
      {"RW-4",
       "Players are listed clockwise from round 1's first player, who passes the marker clockwise each round. "
       "Seat k's White Rabbit token starts k - 1 spaces ahead; every Caterpillar marker starts on the start."},
      {"RW-5",
       "The 4 different Cheshire Cat cards of 'cheshire' lie in slots A (peach), B (orange), C (green/purple) and "
       "D (blue/black) all game. The objective deck stays in play only if one of them is marked 'objectives: "
       "true'."},
      {"RW-6",
       "A round: the Jabberwock card ('jabberwock: AREA'), everyone's roll, turns clockwise from the first player "
       "until every player has 6 dice, the Jabberwock attack, the end check."},
      {"RW-7",
       "Each round a player rolls the six dice on her board, those she took in the round before, whatever their "
       "colours; a die shows only the faces the catalog gives it.",
       {{"roll-what-you-took",
         "Each round a player rolls the six dice on her board, those she drafted in the round before."},
        {"one-of-each-colour", "Before each roll the dice are shared out again, one of each colour to each player."}}},
      {"RW-8",
       "A turn takes all the dice of one area that holds any ('take cat'); when they do not all fit, exactly as "
       "many as her free spaces, named ('take cat peach peach orange'). No pass; a player with 6 dice has no turn."},
      {"RW-9",
       "A mushroom (at most 2 held) sets one non-black die to any face, moving it ('mushroom green hatter to "
       "queen'), or re-rolls 2 or more non-black dice of one area ('mushroom reroll queen green purple').",
       {{"chosen-two-or-more", "Option B re-rolls any 2 or more non-black dice of the area, chosen by the player."},
        {"whole-area", "Option B re-rolls every non-black die of the area, and needs at least 2 of them."}}},
      {"RW-10",
       "Mushrooms may be used at any moment of one's own turn, before the take or after it; while she may still "
       "use one, the next player's entry ends her turn, unless she alone still has room for dice (her next turn "
       "then begins at once).",
       {{"any-time-in-turn", "Mushrooms may be spent at any moment of one's own turn."},
        {"before-the-take", "Mushrooms may be spent only before the take, to shape it."}}},
      {"RW-11",
       "Black dice are never set or re-rolled, unless a persistent card with the modifier 'black-dice' is in her "
       "slots. Each black die taken gives 1 mushroom at once, within the limit of 2.",
       {{"per-die", "Each black die taken gives 1 mushroom: two black dice in one take give two."},
        {"per-take", "A take with black dice gives 1 mushroom, however many black dice it takes."}}},
      {"RW-12",
       "A take of 4 or more dice triggers the player's special ability once: 'ability train AREA', 'ability bonus "
       "C', 'ability cube 2 blue'; the White Rabbit ability needs no entry.",
       {{"four-or-more", "A take of 4, 5 or 6 dice triggers the ability."},
        {"all-six", "Only a take of 6 dice triggers it."}}},
      {"RW-13",
       "The White Rabbit ability is resolved at once on the take. Any other comes before the action's first "
       "decision or after its last, never in between.",
       {{"before-or-after",
         "The player chooses: the ability's decision comes before the action's first decision or after its last."},
        {"after-the-action", "The ability's decision comes after the action's last decision."},
        {"on-collection", "The ability's decision comes at once on the take, before the action's first decision."},
        {"any-time-in-action",
         "The player chooses: the ability's decision comes before the action, after it, or between two of the "
         "action's own decisions; a bonus, a card or an icon's effect the action set off is resolved fully first."}}},
      {"RW-14",
       "Drawn one-shot cards go to hand; each drawn persistent card is placed ('place CARD SLOT'), kept or discarded; "
       "then she discards down to 5. Cards from hand are placed or played ('play CARD') in her turn when no "
       "decision waits: before her take, or after her action and ability where the card's catalog entry says "
       "'when: any-time-in-turn' (every card of the standard catalog); while she holds such a card, her turn "
       "stays open until the next player's entry, the round line or the log's end, unless she alone still "
       "has room for dice (her next turn then begins at once)."},
      {"RW-15",
       "A White Rabbit move goes its full distance in free spaces, passing occupied ones uncounted; one token a "
       "space, the end included; at the end, or with no free space ahead, it stops.",
       {{"full-move", "A White Rabbit move always goes its whole distance; 'rabbit N' is refused."},
        {"up-to",
         "The player may stop after any number of free spaces up to the distance, 0 included, written ', rabbit N' "
         "after the entry that sets the move off: its White Rabbit moves go N free spaces in all."}}},
      {"RW-16",
       "The example's 'yellow' dice are orange or peach, 3 spaces each; a log names each die by one of the six "
       "colours, and 'yellow' only under the reading that says which die it is.",
       {{"orange-or-peach",
         "The example's yellow dice are orange or peach dice; a log names a die by one of the six colours, and "
         "'yellow' is refused."},
        {"orange", "The example's yellow dice are orange dice: a log may write 'yellow' for the orange die."},
        {"peach", "The example's yellow dice are peach dice: a log may write 'yellow' for the peach die."}}},
      {"RW-17",
       "Each path scores, at the end, the VP of the furthest star at or behind the player's piece, a skipped star "
       "included.",
       {{"skipped-star-scores",
         "A star on a space her piece skipped (another piece stood on it) is behind her piece, and scores like any "
         "other."},
        {"skipped-star-not-reached",
         "On the Caterpillar path, a star on a space her marker skipped was never reached, and does not score: the "
         "path scores the furthest star among the spaces she landed on or counted. The White Rabbit path's rule says "
         "'reached or passed', so its skipped stars still score."}}},
      {"RW-18",
       "1-2 dice give 1 bonus, 3-4 give 2, 5-6 give 3; each is 'bonus A' to 'bonus D', a slot named once per die of "
       "its colours, and is resolved fully before the next. All are taken.",
       {{"all-received", "Every bonus her dice give is taken; 'bonus none' is refused."},
        {"may-decline",
         "Her dice give at most that many bonuses: 'bonus none' declines the rest of the action's bonuses. A "
         "bonus from a card or her special ability is still used; an icon's is RW-25's."}}},
      {"RW-19",
       "The Alice card comes first: with a slot free she takes the top card into a free slot ('challenge CARD SLOT'); "
       "with all three full she may replace one (to the bottom of the deck) or write 'challenge none'.",
       {{"taken-when-free",
         "With a slot free the card must be taken; declining is allowed only when all three slots are full."},
        {"always-optional", "The player may always decline the card."}}},
      {"RW-20",
       "Then one cube per die taken, 'cube SLOT COLOUR' on an uncovered icon of that die's colour, or 'cube none'; a "
       "cube of her ability, an icon or a card goes on any uncovered icon (whether it may be declined: the "
       "readings). The 4th cube completes the card at once: cubes back, card to her scoring pile, slot free.",
       {{"cube-none-allowed",
         "Every cube may be declined with 'cube none' ('ability cube none' for her ability's): an Alice take's, and "
         "one from her special ability, a Caterpillar icon or a card."},
        {"due",
         "A cube from her special ability, a Caterpillar icon or a card is due: 'cube none' is refused for it while "
         "she has a cube left and an uncovered icon to put it on. An Alice take's cubes may still be declined."}}},
      {"RW-21",
       "1-2 dice summon 1 soldier, 3-4 summon 2, 5-6 summon 3, each written 'soldier AREA'; with her supply short, "
       "she places those she has."},
      {"RW-22",
       "A Caterpillar move goes its full distance in spaces free of other markers; one piece a space on both paths, "
       "the end included, only the Caterpillar start holding many; with no free space ahead a piece stops."},
      {"RW-23",
       "A Caterpillar space skipped because another marker stands on it pays nothing.",
       {{"skipped-pays-nothing", "The icon of an occupied, skipped space pays nothing."},
        {"skipped-pays", "The marker passes over the occupied space, so its icon pays."}}},
      {"RW-24",
       "Caterpillar icons pay in path order, each resolved fully before the next; the space landed on pays last.",
       {{"path-order", "The icons counted pay in the order the marker reaches them, the space landed on last."},
        {"any-order-after-move",
         "The marker moves first; then the player has the icons counted pay in the order she chooses, writing "
         "'icon SPACE' before each."}}},
      {"RW-25",
       "Each icon counted pays its bonus; none is declined except 'move none' and 'cube none'. A bonus that cannot "
       "be carried out gives nothing.",
       {{"all-received",
         "Every icon counted pays its bonus; a soldier's move and a cube may still be 'none'; ', "
         "declines' is refused."},
        {"may-decline",
         "The player may decline the bonus of any icon counted, writing the spaces of those she declines after the "
         "entry that sets them off: ', declines 2 5'."}}},
      {"RW-26",
       "'train AREA' puts an upgrade token under a soldier there without one (strength 2). With no such soldier on "
       "the map she keeps the token (at most 1), and it goes under her next soldier at once.",
       {{"first-soldier", "The kept token goes by itself under the first soldier she summons next."},
        {"player-chooses",
         "The kept token goes under the soldier she chooses among those she summons next, one after another: "
         "'soldier trained AREA' (the first of them if she marks none)."}}},
      {"RW-27",
       "Each influence area scores at the end: by strength (soldiers, +1 each upgraded), gold, silver and bronze to "
       "the first three with a soldier there."},
      {"RW-28",
       "A tied group takes the next place's reward and the place after it is skipped; a tie for 3rd gets nothing.",
       {{"skip-one-place",
         "After a tied group, exactly one place is skipped: after three tied for 1st (silver each), the next player "
         "takes bronze."},
        {"skip-tied-places",
         "A tied group uses up as many places as it has players (sports ranking): after three tied for 1st, the "
         "next player is 4th and gets nothing."}}},
      {"RW-29",
       "At each round's end the Jabberwock's influence area is scored by strength (ties: RW-38): 3, 2 and 1 VP star "
       "tokens.",
       {{"strength", "Places by strength, as in influence scoring."},
        {"soldier-count", "Places by the number of soldiers; upgrade tokens do not count."}}},
      {"RW-30",
       "A player meets an end condition when her piece reaches a path's end or her 12th soldier is summoned; the "
       "game ends at the end of that round (after its Jabberwock attack), or at the end of the round whose "
       "Jabberwock card was the deck's last."},
      {"RW-31",
       "The first to meet an end condition is the player whose move first did so, in the log's order; nobody, if "
       "the game ends by the Jabberwock deck alone.",
       {{"first-by-move", "The first player in the order of play to meet a condition."},
        {"round-counts-as-one",
         "Every player who first met an end condition in the earliest round in which anyone met one counts as "
         "first; the winner's tie-break among them falls to the White Rabbit path, and each of them scores the "
         "objective's +5."}}},
      {"RW-32",
       "The score is the sum of seven sources: the two paths' stars, influence, completed Alice challenges, "
       "objectives met, Mad Hatter cards, Jabberwock star tokens."},
      {"RW-33",
       "The Mad Hatter cards in her persistent slots and in her hand at the end score their VP.",
       {{"hand-and-slots", "Cards in the slots and in hand score."},
        {"slots-only", "Only cards in the persistent slots score."},
        {"all-gained", "Every card the player gained scores, discarded ones included."}}},
      {"RW-34",
       "Each objective held is checked at the end; one asking for more than the other players is not met by a "
       "tie.",
       {{"strictly-more", "A tie does not meet an objective that asks for more than the other players."},
        {"tie-counts", "A player tied for the top meets an objective that asks for more than the other players."}}},
      {"RW-35",
       "The most points wins; among tied players, the one of them who met an end condition first, else the one "
       "furthest along the White Rabbit path. There is no shared victory.",
       {{"first-among-tied",
         "Of the tied players, the one who met an end condition first wins, even if an untied player met one "
         "before her."},
        {"first-overall",
         "Only the game's first to meet an end condition (RW-31) breaks the tie, if she is tied; otherwise the tied "
         "player furthest along the White Rabbit path wins."}}},
      {"RW-36",
       "A draw takes what the deck holds; an empty Mad Hatter, Alice challenge or objective deck gives nothing.",
       {{"no-reshuffle", "An empty Mad Hatter deck gives nothing."},
        {"reshuffle-discards",
         "A Mad Hatter deck too short for a draw takes the Mad Hatter discards, shuffled (from the seed in a "
         "seeded game), under it, and the draw goes on into them."}}},
      {"RW-37",
       "Paths, area rewards, dice faces, characters, cards and the Jabberwock deck are the catalog's; the standard "
       "catalog's are mostly stand-ins, each marked with its source."},
      {"RW-38",
       "Players tied in the Jabberwock attack are placed as the readings say: by influence scoring's tie rule "
       "(RW-28), or each at the place they tie for.",
       {{"tie-rule",
         "The tie rule of influence scoring (RW-28, under its reading): tied players take the next place's token, "
         "and a place is skipped."},
        {"tied-take-their-place",
         "Tied players each take the token of the place they tie for; the next player's place counts the players "
         "ahead of her (3, 3, 1: gold, gold, bronze)."}}},
  };
  return all;
}

const Ruling* find_ruling(std::string_view id) {
  return wonderlog::find_ruling(rulings(), id);
}

}  // namespace wonderlog::rolling
