// The AlicematiC Heroes notation (docs/games/alicematic-heroes.md, "Notation"): declarations
// only; the rules are in notation_def.h, which notation.cc alone includes.
//
//   keep | mulligan 2 | mulligan Diva, Ninja draws Saint, Jet      set-up (table | open log)
//   city c                                 a starting City: position c's
//   summon Diva yellow [pay 1 yellow]      an Alice into a slot, with yellow tokens paid
//   commoner [Hermit] red [draws Ninja]    a card face down (named in an open log), a draw
//   draw [Hermit, Jet, Saint]              an empty hand draws 3
//   invade c3 [pay 1 red, 2 green] [draws Ninja]   an invasion that succeeds (a flip too)
//   invade c3 draws 1 | invade c3 draws 0          a blue bonus drawn in part (AH-22's 'up-to')
//   attack c3                              a token placed 'under attack'
//   pass                                   no invasion possible
//   use Hermit | use Jet c3 | use Chinese red | use Valkyrie on Ninja | use Detective on Hunter red
//   use Cyber [discards Saint] [draws Jet] | use Fighter [from Nina]     a card effect (AH-27)
//   ... [declines Adventurer]              after a summon, commoner, invade or use: the Alices
//                                          whose by-itself effects the player declines (AH-27)
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "grammar/source.h"

namespace wonderlog::grammar::alicematic {

// Whether a word belongs to the notation ("red", "draws", "summon", ...), in any case. A card
// name never contains one (the catalog refuses it), so that entries stay unambiguous.
bool is_reserved_word(std::string_view word);

// What a summon's slot is expected as, when it is missing after the Alice's name.
inline constexpr const char* kSlotAfterName = "the Alice's slot after her name: red, blue, yellow, green or white";

struct WordToken {
  std::string_view text;
  Span span;
  bool operator==(const WordToken&) const = default;
};

// A few words (card names, payments): up to N without allocating, any number in all (a draw
// may name every card of the deck).
template <std::size_t N>
struct Words {
  boost::container::small_vector<WordToken, N> items;
  std::size_t size() const { return items.size(); }
  void push(WordToken w) { items.push_back(w); }
  const WordToken* begin() const { return items.data(); }
  const WordToken* end() const { return items.data() + items.size(); }
  bool operator==(const Words&) const = default;
};

struct Payment {
  unsigned amount = 0;
  WordToken resource;  // "red", "yellow", "green" as written
  bool operator==(const Payment&) const = default;
};

// What a move says, but its lists: plain values, reset by one assignment.
struct MoveWords {
  enum class Kind : std::uint8_t { keep, mulligan, city, summon, commoner, draw, invade, attack, pass, use };
  Kind kind = Kind::pass;
  WordToken target;      // city: the position; invade, attack: the space
  WordToken card;        // summon; commoner when named; use: the Alice
  WordToken on_card;     // use: 'on Ninja'
  WordToken on_slot;     // use: 'on Hunter red'
  WordToken token;       // use: 'use Chinese red'
  WordToken victim;      // use: 'from Nina', the rest of the entry
  WordToken slot;        // summon, commoner
  int discards = -1;     // mulligan in a table log: how many
  Span discards_span;
  bool draws = false;    // a 'draws' clause was written
  int draw_count = -1;   // 'draws 1': how many cards, not their names (a blue bonus drawn in part, AH-22)
  Span draw_count_span;
  std::uint8_t payments = 0;
  std::array<Payment, 3> pay{};
  Span pay_span;         // the whole 'pay ...' clause
  bool operator==(const MoveWords&) const = default;
};

struct MoveTokens : MoveWords {
  Words<8> cards;        // mulligan in an open log, use: the discards
  Words<8> drawn;
  Words<2> declined;     // summon, commoner, invade, use: 'declines Adventurer' (AH-27)
  // A fresh move, its lists emptied in place (a new MoveTokens assigned copied them whole).
  void clear() {
    static_cast<MoveWords&>(*this) = MoveWords{};
    cards.items.clear();
    drawn.items.clear();
    declined.items.clear();
  }
  bool operator==(const MoveTokens&) const = default;
};

// A move's text read into `move`; false, with where and what was expected in `error`, where it
// is none. The commonest moves written as `wonderlog gen` writes them are read by
// read_plain_move, every other text by the grammar.
bool parse_move(std::string_view text, MoveTokens& move, SyntaxError& error);

// The short path of parse_move: an attack, invasion, Commoner, summon, City, draw, mulligan, pass
// or keep, and a `use` with no argument, a space or a token colour, written with lower-case
// keywords, one blank between words and ", " between names (as `wonderlog gen` writes them),
// read without the grammar. True, with `move` exactly what the grammar reads
// (tests/alicematic_properties_test.cc holds it to that), or false, `move` cleared, for any other
// text: an odd blank, a capital keyword, a mistake, which the grammar reads and words.
bool read_plain_move(std::string_view text, MoveTokens& move);
// parse_move by the grammar alone, for the tests that hold read_plain_move to it.
bool parse_move_by_grammar(std::string_view text, MoveTokens& move, SyntaxError& error);

// `Hermit, Shrine Maiden, Jet`: card names separated by commas (a deal's hand).
bool parse_cards(std::string_view text, Words<8>& cards, SyntaxError& error);

// `7/0 3/2 12/5`: a tile id and its turn, per position.
struct PlacementToken {
  WordToken tile;
  unsigned turn = 0;
  Span span;
};
bool parse_tiles(std::string_view text, std::vector<PlacementToken>& tiles, SyntaxError& error);

// `Queen of Hearts, Mad Hatter, Cheshire Cat`: names separated by commas.
bool parse_names(std::string_view text, std::vector<WordToken>& names, SyntaxError& error);

}  // namespace wonderlog::grammar::alicematic
