#include "engine/alicematic/rulings.h"

namespace wonderlog::alicematic {

const std::vector<Ruling>& rulings() {
  static const std::vector<Ruling> all = {
      {"AH-1",
       "Positions are letters from the catalog's layout; space c0 is position c's City and c1-c6 its neighbours "
       "north, north-east, south-east, south, south-west, north-west. The 'tiles' header places a catalog tile and "
       "its turn (0-5, clockwise) at each position: 'tiles: 7/0 3/2 ...'."},
      {"AH-2",
       "The layouts for 3, 4 and 5 players (9, 11 and 13 tiles) and the centre tile are the catalog's, stand-ins "
       "until the box's figure is known. Without a 'tiles' header, the seed draws the tiles and their turns."},
      {"AH-3",
       "A 'kingdoms' header gives each player's Kingdom in seat order; a Kingdom is chosen once. 3 to 5 players."},
      {"AH-4",
       "Each player is dealt 5 cards (an open log writes 'deal' lines), then in seat order mulligans once: 'keep', "
       "or discards any cards and draws as many new ones: the discards land after the draw."},
      {"AH-5",
       "Starting Cities are picked clockwise from the start player (the first listed), then counter-clockwise back "
       "to her: any City but the centre tile's, while it has a free spot. They give no points."},
      {"AH-6",
       "14 rounds; each turn is a Politics entry, then an Invasion entry, in seat order. The game ends after the "
       "14th round."},
      {"AH-7",
       "An Alice is summoned into the slot of her colour only, when the cards in the yellow slot plus the yellow "
       "tokens paid reach her cost."},
      {"AH-8", "A slot holds at most 4 cards, Alices and Commoners together."},
      {"AH-9",
       "A Commoner is any card played face down into any slot; then the player draws a card. An open log names the "
       "card; a table log does not."},
      {"AH-10", "With an empty hand a player draws 3 and skips the rest of her turn; with cards she must play one."},
      {"AH-11",
       "When the deck runs out, the discards are shuffled into a new deck; with nothing left, nothing is drawn. An "
       "open log names exactly the cards drawn."},
      {"AH-12",
       "Table logs keep hands secret: the verifier checks hand sizes and every card shown, and that no more copies "
       "of a card are seen than the catalog holds; it refuses only what no hidden cards could make legal."},
      {"AH-13",
       "The Invasion step is not skipped: 'pass' is allowed only when nothing can be invaded or attacked, such as "
       "with no territory token left.",
       {{"not-skipped", "'pass' is allowed only when nothing can be invaded or attacked."},
        {"pass-allowed", "A player may pass her Invasion step at any time, keeping her tokens back."}}},
      {"AH-14",
       "A turn in which a Commoner was played still has its Invasion step.",
       {{"commoner-invades", "After 'commoner ...' and its draw, the same player's Invasion entry follows."},
        {"commoner-ends-turn",
         "Playing a Commoner ends the turn: once the card is drawn (and whatever its entering the slot sets off), "
         "the next player's turn begins, with no Invasion step."}}},
      {"AH-15",
       "Military Power is the red slot's cards plus red tokens paid; Mobility the green slot's plus green tokens "
       "paid. Tokens are paid only for an invasion that succeeds, and only what the cards lack.",
       {{"exact-lack", "An invasion pays exactly what the cards lack; a token more is refused."},
        {"overpay-allowed",
         "An invasion that succeeds may pay more red or green tokens than the cards lack, up to those held; the "
         "surplus goes to the bank."}}},
      {"AH-16",
       "Mobility needed: 0 on a tile with one of the invader's Cities; otherwise counted along a route from one of "
       "her Cities (by default the cheapest: see the readings), never through an unsurrounded Mystic Forest: each "
       "step 1, and each space held by another player passed on the way 1 more. The target costs no extra; an "
       "'under attack' token is not a held space.",
       {{"cheapest-route",
         "The cheapest route from any of her Cities counts: each step 1, each other player's space passed 1 more."},
        {"closest-city",
         "Counted from her City fewest steps away (around unsurrounded forests): its steps, plus 1 for each other "
         "player's space passed on its way, even where another City gives a cheaper route."}}},
      {"AH-17",
       "With enough Military Power and Mobility the space is invaded; 'attack' (the token under attack) only when "
       "they fall short without tokens. Cities, Mystic Forests and spaces another player has under attack must be invaded "
       "directly; another player's space may be put under attack only while it is not connected to her Cities.",
       {{"held-may-be-attacked",
         "Another player's space that is not connected to her Cities may be put under attack like a free space; "
         "she keeps it until the attacker's flip, which returns her token."},
        {"held-direct-only", "A space another player holds must be invaded directly, never put under attack."}}},
      {"AH-18",
       "Invading one's own 'under attack' space flips the token: no power or tokens needed, and the full bonus "
       "is paid.",
       {{"free-flip-full-bonus", "The flip needs no power, pays nothing and gives the full bonus."},
        {"free-flip-no-bonus", "The flip needs no power, pays nothing and gives no bonus."},
        {"power-needed",
         "The flip is an invasion like any other: it needs the space's Military Power and Mobility (tokens may "
         "make up a lack), then gives the bonus."}}},
      {"AH-19",
       "Joined Mystic Forests form one group surrounded by the non-forest spaces next to it; its size never "
       "changes. A forest of the group can be invaded once every surrounding space is invaded by someone, only by "
       "a player holding the most of them (a tie: whoever acts first); Military Power and points equal the size. "
       "A surrounded forest can be passed through."},
      {"AH-20",
       "A space connects to a City of its holder through the holder's invaded spaces (a City she shares counts). "
       "Only an unconnected held space can be taken; the bonus is halved, rounded down, and the holder's token "
       "goes back to her. Cities are joined, never taken."},
      {"AH-21",
       "A City is invaded while it has a free spot, by its holders too: each invasion places a token, gives 3 "
       "points, and makes it one of the invader's Cities.",
       {{"own-city-allowed",
         "A player may invade a City she already holds a token on, while it has a free spot: a second token, 3 "
         "points."},
        {"own-city-refused", "A City that is already one of the invader's Cities cannot be invaded again."}}},
      {"AH-22",
       "The bonus equals the cards in the slot of the space's colour: red, yellow, green tokens (as many as the bank "
       "still has), blue draws, white points. An attack takes no bonus and draws nothing.",
       {{"all-drawn", "A blue space's bonus draws all its cards (as many as are left to draw)."},
        {"up-to",
         "A blue space's bonus draws up to its cards: the player may draw fewer, none included (an open log names "
         "those drawn, or writes 'draws 0'; a table log writes how many, 'draws 1')."}}},
      {"AH-23",
       "Per tile: 6 points for the most territory tokens, 'under attack' ones included, 3 for the second most. "
       "Tied on tokens, most Alices ranks higher; still tied for first, each gets 3 and no one else scores; a tie "
       "for second gives nothing.",
       {{"all-tokens", "Every territory token on the tile counts, face up (invaded) or face down (under attack)."},
        {"invaded-only", "Only invaded (face-up) tokens count; 'under attack' tokens do not."}}},
      {"AH-24",
       "Per slot colour, the player(s) with the most face-up Alices sitting in that slot score that many points; "
       "with none, nobody scores.",
       {{"by-slot", "Alices are counted by the slot they sit in."},
        {"by-card-colour",
         "Alices are counted by their own colour, in whatever slot they sit (it differs only for an Alice a card "
         "effect put in another colour's slot)."}}},
      {"AH-25",
       "The winner has the most points; a tie goes to the most Alices, then is shared. A recorded result must "
       "match the replay's final scores."},
      {"AH-26",
       "In an open log with a seed, the seed also shuffles the deck (and each reshuffle): deals and draws must "
       "follow it."},
      {"AH-27",
       "Card effects are the catalog's 'effects:' data. Effects a player chooses (flip, each round) are 'use' "
       "entries in her own turn, before her Invasion entry (a flip of the token an attack has just placed also right "
       "after it, AH-31; any of them after it too under AH-28's 'after-invasion-too', and each-round ones in another "
       "player's turn under 'any-turn'); effects that "
       "happen by themselves, always-on ones and "
       "end-of-game ones are applied by the verifier, and a 'use' of them, or an argument the effect does not take, "
       "is refused. An effect that happens by itself may be declined by naming its Alice after the move that sets "
       "it off ('invade c3 declines Adventurer').",
       {{"declinable",
         "Effects that happen by themselves are applied unless the move that sets them off declines them "
         "('declines Adventurer'): card effects are never mandatory."},
        {"automatic", "Effects that happen by themselves are always applied and cannot be declined."}}},
      {"AH-28",
       "An effect she chooses is used in her own turn before her Invasion entry, and later too as the reading "
       "allows (below). A once or twice each round effect is counted per kind of Alice (identical Alices share the "
       "count), which starts again at each new round; Diva's count works the same.",
       {{"before-invasion-entry",
         "Her effects are used in her own turn before her Invasion entry (a flip of the token an attack has just "
         "placed also right after it, AH-31)."},
        {"after-invasion-too",
         "Her effects may also be used in her own turn after her Invasion entry: her turn stays open for them "
         "until the next player's entry, a round line or the log's end."},
        {"any-turn",
         "As 'after-invasion-too', and her once or twice each round effects may also be used at any moment of "
         "another player's turn, before or between its entries; the turn goes on. Not an effect that lasts \"this "
         "turn\" (Valkyrie's Military Power), nor a flip (Jet), which counts no round."}}},
      {"AH-29",
       "Identical Alices in one Kingdom apply their effect once; Original stacks. Two identical flip-Alices may each "
       "be flipped, each flip spending its own card. A Wiccan is never identical to the Alice she copies."},
      {"AH-30",
       "A flipped Alice is turned face down at once: a Commoner that still counts for her slot's power, with no "
       "effect, no points and not counted as an Alice. Her effect is lost before the rest of the ability happens."},
      {"AH-31",
       "Jet flips one of her owner's own 'under attack' tokens to invaded, with the bonus of a second invasion: one "
       "placed on an earlier turn, before her Invasion entry, or the one her attack has just placed, right after "
       "it ('attack c3', then 'use Jet c3'). Cities, Mystic Forests and spaces under attack by another player never "
       "hold such a token, so Jet never makes their invasion succeed directly (FAQ).",
       {{"flip-after-attack",
         "Right after her attack, before the next entry, she may still flip the token it has just placed: the "
         "invasion she lacked the power for succeeds at once."},
        {"before-invasion",
         "A use comes before her Invasion entry, which ends her turn: Jet flips only a token placed on an earlier "
         "turn."}}},
      {"AH-32",
       "Diva: up to 2 yellow tokens each round paid in an invasion count as red, for Military Power only, never "
       "Mobility; a third in the same round is refused."},
      {"AH-33",
       "Chinese: the token given goes to the bank and a green one comes from it. With no green token in the bank, "
       "or green given for green, the swap is refused."},
      {"AH-34",
       "Cyber needs a card in hand: it leaves the hand, 1 card is drawn (what is left), then it lands on the "
       "discards, so it never comes straight back. Open logs name both cards; table logs name neither."},
      {"AH-35",
       "Little and Hunter give their token when summoned, and again each time they are turned face up or copied by "
       "a Wiccan (copying counts as revealed); each one does, even while an identical Alice is face up in the same "
       "Kingdom.",
       {{"each-alice",
         "Each Little or Hunter played or revealed gives her token, even while an identical one is face up in "
         "the same Kingdom."},
        {"once-in-force",
         "While an identical Alice is face up in the same Kingdom, another played or revealed gives nothing."}}},
      {"AH-36",
       "Knight: 1 red token whenever a card enters her owner's red slot, face up or face down, Knight herself "
       "included.",
       {{"counts-herself",
         "Knight summoned into the red slot counts as a card placed there: her own summon gives her token."},
        {"later-cards-only",
         "Knight's effect counts only the cards placed in the red slot after her: her own summon gives no token "
         "(unless an identical Knight is already face up there)."}}},
      {"AH-37",
       "Fighter, Cheergirl and Wonder take 1 token of their colour once each round from a named player who has one. "
       "If no other player has one, 'use' takes nothing; naming a player without one is refused."},
      {"AH-38",
       "Ninja lowers the difficulty of Cities by 1 for her owner, not below 0; tokens pay only for the lowered "
       "lack, and 'explain' names Ninja."},
      {"AH-39", "Gunslinger: every space her owner holds counts as connected to her Cities, so none can be taken."},
      {"AH-40",
       "Adventurer: her owner's paths may pass through Mystic Forests (invading them is still AH-19), and each of "
       "her successful invasions of a green space, a flip included, gives 1 point."},
      {"AH-41",
       "Astronaut: distance is counted from any space her owner has invaded, connected or not ('under attack' "
       "tokens do not count); an adjacent space costs 1."},
      {"AH-42",
       "Demonlord: a Mystic Forest need not be surrounded to be invaded, but the invader must still hold the most "
       "spaces around it (FAQ); its size and points are unchanged."},
      {"AH-43",
       "Valkyrie: once each round, turn another of her owner's face-up Alices face down for +1 Military Power this "
       "turn; the flipped Alice's effect is gone before the invasion (FAQ)."},
      {"AH-44",
       "Detective: flip her to turn a face-down card of her owner's Kingdom face up in the slot named; the Alice may "
       "be of another colour than the slot (FAQ) and keeps her effect. A table log learns the card then."},
      {"AH-45",
       "Wiccan: once each round, copy the effect of a face-up Alice in any Kingdom (not a Wiccan) and keep it until "
       "she copies again or is flipped; copying Little or Hunter gives their token at once (FAQ)."},
      {"AH-46",
       "Saint: a yellow space is controlled when her owner's invaded token is on it ('under attack' does not count, "
       "connection is not needed); 2 points for every full 3."},
      {"AH-47",
       "Original: 'the most Alices' includes a tie for the most, and each face-up Original scores its point (the "
       "effect stacks).",
       {{"tie-included", "A player tied for the most Alices has the most."},
        {"strictly-most", "Only a player with more Alices than every other player has the most."}}},
      {"AH-48", "Bunny Girl counts the resource tokens (red, yellow, green) held at the end, not territory tokens."},
      {"AH-49", "Tokens gained by card effects come from the bank, as many as it has left, and are never halved."},
      {"AH-50", "Every face-up Alice is active at all times, whatever slot she sits in (FAQ)."},
  };
  return all;
}

}  // namespace wonderlog::alicematic
