// The AlicematiC Heroes engine, ruling by ruling (AlicematicRulings.AHn pins AH-n of
// docs/games/alicematic-heroes.md), with every worked example of the rulebook and the
// starting guide reproduced on a small map.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/alicematic/board.h"
#include "engine/alicematic/catalog.h"
#include "engine/alicematic/state.h"
#include "engine/core/catalog.h"
#include "grammar/alicematic/notation.h"
#include "tests/testing.h"
#include "verifier/registry.h"
#include "verifier/view/alicematic_drawing.h"

namespace wonderlog::alicematic {
namespace {

using Phase = State::Phase;

SpaceKind sp(Colour c, int d) { return SpaceKind{c, d}; }
const SpaceKind F{Colour::forest, 0};

// Three tiles for a small map: a (the centre) at [0,0], b at [2,1], c at [3,-2]. Tile ids
// name what they are for; the rings are listed north, north-east, ..., north-west.
Catalog small_catalog() {
  Catalog c;
  c.id = "small";
  c.kingdoms = {"Queen of Hearts", "Humpty Dumpty", "Mad Hatter", "Cheshire Cat", "March Hare"};
  auto tile = [&](std::string id, std::array<SpaceKind, 6> ring, int difficulty = 2, int spots = 2) {
    c.tiles.push_back(TileKind{std::move(id), difficulty, spots, ring, "stand-in: a test tile"});
  };
  const SpaceKind r1 = sp(Colour::red, 1), b1 = sp(Colour::blue, 1), y1 = sp(Colour::yellow, 1),
                  g1 = sp(Colour::green, 1), w1 = sp(Colour::white, 1), r2 = sp(Colour::red, 2);
  tile("plain", {r1, b1, y1, g1, w1, r2});
  tile("plain2", {g1, w1, r2, b1, y1, r1});
  tile("plain3", {y1, g1, w1, r1, b1, r2});
  tile("forest-se", {r1, b1, F, g1, w1, y1});  // at a: a3 is a Mystic Forest with 6 neighbours
  tile("forest-nw", {r1, b1, y1, g1, w1, F});  // at a: a6 is a forest at the map's edge (3 neighbours)
  tile("forest-n", {F, b1, y1, g1, w1, r1});   // at b: b1, joined to a3 on forest-se
  Layout l;
  l.players = 3;
  l.centre = "a";
  l.positions = {{"a", 0, 0}, {"b", 2, 1}, {"c", 3, -2}};
  l.source = "stand-in";
  c.layouts.push_back(l);
  const char* names[] = {"Reddy", "Bluey", "Yellowy", "Greeny", "Whitey"};
  for (int k = 0; k < 5; ++k)
    for (int cost = 0; cost < 5; ++cost)
      c.cards.push_back(Card{std::string(names[k]) + " " + std::string(1, static_cast<char>('A' + cost)),
                             static_cast<Colour>(k), cost, 2, "no effect", "stand-in"});
  for (const Card& card : c.cards) c.card_total += card.count;
  return c;
}

const Catalog& catalog() {
  static const Catalog c = small_catalog();
  return c;
}

int card(Colour colour, int cost) { return static_cast<int>(colour) * 5 + cost; }

// A game on the small map with tiles a, b, c; play starts at round 1, Queen (seat 0) to act.
State game(std::vector<std::string> tiles = {"plain", "plain2", "plain3"}, bool open = false,
           const Readings& readings = {}) {
  alicematic::Setup s;
  s.readings = readings;
  s.catalog = &catalog();
  s.names = {"Queen", "Hatter", "Cat"};
  s.kingdoms = {0, 2, 3};
  std::vector<Placement> placements;
  for (const auto& t : tiles) placements.push_back(Placement{*catalog().find_tile(t), 0});
  std::string error;
  s.board = Board::build(catalog(), catalog().layouts[0], placements, error);
  EXPECT_TRUE(s.board) << error;
  s.open = open;
  return State(s);
}

int at(const State& s, const char* name) { return *s.board().find(name); }

// One reading of one dispute, the others by default.
template <class Reading>
Readings reading(Dispute d, Reading r) {
  Readings readings;
  readings.choose(static_cast<int>(d), static_cast<int>(r));
  return readings;
}

Move invade(int seat, int space, int red = 0, int green = 0) {
  Move m;
  m.kind = Move::Kind::invade;
  m.seat = static_cast<std::uint8_t>(seat);
  m.space = static_cast<std::int16_t>(space);
  m.pay = {static_cast<std::uint8_t>(red), 0, static_cast<std::uint8_t>(green)};
  return m;
}
Move attack(int seat, int space) {
  Move m = invade(seat, space);
  m.kind = Move::Kind::attack;
  return m;
}
Move summon(int seat, int c, Colour slot, int yellow = 0) {
  Move m;
  m.kind = Move::Kind::summon;
  m.seat = static_cast<std::uint8_t>(seat);
  m.card = static_cast<std::int8_t>(c);
  m.slot = slot;
  m.pay[1] = static_cast<std::uint8_t>(yellow);
  return m;
}
Move commoner(int seat, Colour slot) {
  Move m;
  m.kind = Move::Kind::commoner;
  m.seat = static_cast<std::uint8_t>(seat);
  m.slot = slot;
  return m;
}

std::string rule_of(const State& s, const Move& m) {
  auto v = s.validate(m);
  return v ? v->rule : "legal";
}
// The refusal's ruling and words, or "legal".
std::string message_of(const State& s, const Move& m) {
  auto v = s.validate(m);
  return v ? v->rule + " " + v->message : "legal";
}

// Commoners fill a slot to `n` cards.
void fill(State& s, int seat, Colour slot, int n) {
  for (int i = 0; i < n; ++i) s.edit_card(seat, slot, -1, false);
}

// ---------------------------------------------------------------------------------------

TEST(AlicematicRulings, AH1SpacesAreNamedByPositionAndBoardDirection) {
  State s = game();
  const Board& b = s.board();
  EXPECT_EQ(b.name(0), "a0");
  EXPECT_EQ(at(s, "B3"), Board::city_of(1) + 3);
  EXPECT_FALSE(b.find("d1"));
  EXPECT_FALSE(b.find("a7"));
  // a3 (south-east of a's City) borders b1, b6 and c5 on the neighbouring tiles.
  const auto& next = b.space(at(s, "a3")).next;
  for (const char* n : {"a2", "c5", "b1", "b6", "a4", "a0"})
    EXPECT_NE(std::find(next.begin(), next.end(), at(s, n)), next.end()) << n;
  // A tile turned 2 steps puts its first printed space in direction 3 (south-east).
  alicematic::Setup setup;
  setup.catalog = &catalog();
  std::string error;
  auto turned = Board::build(catalog(), catalog().layouts[0],
                             {{*catalog().find_tile("forest-n"), 2}, {0, 0}, {1, 0}}, error);
  ASSERT_TRUE(turned);
  EXPECT_EQ(turned->space(3).colour, Colour::forest);
  // A tile placed twice is refused.
  EXPECT_FALSE(Board::build(catalog(), catalog().layouts[0], {{0, 0}, {0, 1}, {1, 0}}, error));
  EXPECT_NE(error.find("placed twice"), std::string::npos);
}

// A loaded layout carries its neighbours, worked out once; a board on a layout without them
// (built by hand, as in these tests) works them out itself. Both give the same map, and every
// link is mutual and one step long on the hex lattice.
TEST(AlicematicBoard, ALayoutsNeighboursAreWorkedOutOnceAndAgreeWithABoardsOwn) {
  const Catalog c = load_catalog(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  std::string error;
  for (const Layout& loaded : c.layouts) {
    ASSERT_EQ(loaded.neighbours.size(), loaded.positions.size() * kTileSpaces);
    Layout bare = loaded;
    bare.neighbours.clear();
    for (int turn = 0; turn < 6; ++turn) {
      std::vector<Placement> placements;
      for (std::size_t p = 0; p < loaded.positions.size(); ++p)
        placements.push_back(Placement{static_cast<int>((p + static_cast<std::size_t>(turn)) % c.tiles.size()), turn});
      const auto a = Board::build(c, loaded, placements, error), b = Board::build(c, bare, placements, error);
      ASSERT_TRUE(a && b) << error;
      for (int s = 0; s < a->size(); ++s) {
        EXPECT_EQ(a->space(s).next, b->space(s).next) << a->name(s);
        for (int d = 0; d < 6; ++d) {
          const int n = a->space(s).next[d];
          if (n < 0) continue;
          EXPECT_EQ(hex_distance(a->space(s), a->space(n)), 1) << a->name(s);
          EXPECT_EQ(a->space(n).next[(d + 3) % 6], s) << a->name(s) << " and " << a->name(n);
        }
      }
      ASSERT_EQ(a->groups().size(), b->groups().size());
      for (std::size_t g = 0; g < a->groups().size(); ++g) EXPECT_EQ(a->groups()[g].forests, b->groups()[g].forests);
    }
  }
}

TEST(AlicematicRulings, AH2StandardLayoutsAre9_11_13TilesAroundACentre) {
  const Catalog c = load_catalog(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  EXPECT_EQ(c.tiles.size(), 15u);
  const int sizes[] = {9, 11, 13};
  for (int players = 3; players <= 5; ++players) {
    const Layout* l = c.layout_for(players);
    ASSERT_TRUE(l);
    EXPECT_EQ(static_cast<int>(l->positions.size()), sizes[players - 3]);
    EXPECT_EQ(l->positions[l->centre_index()].q, 0);
    // Neighbouring Cities are 3 steps apart: every tile borders another.
    for (const Position& p : l->positions) {
      bool touches = false;
      for (const Position& o : l->positions) {
        const int dq = p.q - o.q, dr = p.r - o.r;
        touches = touches || std::max({std::abs(dq), std::abs(dr), std::abs(dq + dr)}) == 3;
      }
      EXPECT_TRUE(touches) << p.name;
    }
  }
  EXPECT_EQ(c.card_total, 90);
  std::array<int, kSlots> per_colour{};
  for (const Card& k : c.cards) per_colour[static_cast<int>(k.colour)] += k.count;
  for (int n : per_colour) EXPECT_EQ(n, 18);
}

TEST(AlicematicRulings, AH3EachKingdomIsChosenOnce) {
  alicematic::Setup s;
  s.catalog = &catalog();
  s.names = {"Queen", "Hatter", "Cat"};
  s.kingdoms = {0, 2, 0};
  std::string error;
  s.board = Board::build(catalog(), catalog().layouts[0], {{0, 0}, {1, 0}, {2, 0}}, error);
  auto v = State::check(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-3");
  EXPECT_NE(v->message.find("Queen of Hearts"), std::string::npos);
  s.kingdoms = {0, 2, 3};
  EXPECT_FALSE(State::check(s));
  s.names.pop_back();
  s.kingdoms.pop_back();
  EXPECT_EQ(State::check(s)->rule, "AH-3");  // 2 players
}

// A table-log game at the start: mulligans, then Cities.
State fresh(bool open = false) {
  alicematic::Setup s;
  s.catalog = &catalog();
  s.names = {"Queen", "Hatter", "Cat"};
  s.kingdoms = {0, 2, 3};
  std::string error;
  s.board = Board::build(catalog(), catalog().layouts[0], {{0, 0}, {1, 0}, {2, 0}}, error);
  s.open = open;
  return State(s);
}

Move mulligan(int seat, int n) {
  Move m;
  m.kind = Move::Kind::mulligan;
  m.seat = static_cast<std::uint8_t>(seat);
  m.discards = static_cast<std::uint8_t>(n);
  return m;
}
Move city(const State& s, int seat, const char* position) {
  Move m;
  m.kind = Move::Kind::city;
  m.seat = static_cast<std::uint8_t>(seat);
  m.space = static_cast<std::int16_t>(Board::city_of(*s.board().find_position(position)));
  return m;
}

TEST(AlicematicRulings, AH4FiveCardsThenOneMulliganEachInSeatOrder) {
  State s = fresh();
  EXPECT_EQ(s.hand_size(0), 5);
  EXPECT_EQ(s.deck_size(), catalog().card_total - 15);
  EXPECT_EQ(rule_of(s, mulligan(1, 2)), "AH-4");  // not Hatter's turn yet
  EXPECT_EQ(rule_of(s, mulligan(0, 6)), "AH-4");
  s.apply(mulligan(0, 3));
  EXPECT_EQ(s.hand_size(0), 5);
  EXPECT_EQ(s.discard_size(), 3);
  EXPECT_EQ(s.deck_size(), catalog().card_total - 18);
  // An open log deals first, in seat order, and names the cards.
  State o = fresh(/*open=*/true);
  EXPECT_TRUE(o.to_move().is_chance());
  Move deal;
  deal.kind = Move::Kind::deal;
  deal.seat = 1;
  for (int i = 0; i < 5; ++i) deal.named.push(i);
  EXPECT_EQ(rule_of(o, deal), "AH-4");
  deal.seat = 0;
  EXPECT_EQ(rule_of(o, deal), "legal");
  o.apply(deal);
  EXPECT_EQ(o.hand_count(0, 3), 1);
}

TEST(AlicematicRulings, AH5CitiesClockwiseThenBackNotTheCentre) {
  State s = fresh();
  for (int p = 0; p < 3; ++p) s.apply(mulligan(p, 0));
  EXPECT_EQ(s.phase(), Phase::cities);
  EXPECT_EQ(rule_of(s, city(s, 0, "a")), "AH-5");  // the centre tile
  // Queen, Hatter, Cat, then Cat, Hatter, Queen.
  s.apply(city(s, 0, "b"));
  EXPECT_EQ(rule_of(s, city(s, 2, "c")), "AH-5");  // not Cat's turn
  s.apply(city(s, 1, "c"));
  s.apply(city(s, 2, "c"));
  EXPECT_EQ(s.to_move().seat, 2);  // the last player picks again
  auto full = s.validate(city(s, 2, "c"));  // c's 2 spots hold Hatter and Cat
  ASSERT_TRUE(full);
  EXPECT_EQ(full->rule, "AH-5");
  EXPECT_NE(full->message.find("full"), std::string::npos);
  s.apply(city(s, 2, "b"));
  EXPECT_EQ(s.to_move().seat, 1);
  EXPECT_EQ(s.points(0), 0);  // starting Cities give no points
}

TEST(AlicematicRulings, AH5TheSameCityTwiceIsAllowedAtSetUp) {
  State s = fresh();
  for (int p = 0; p < 3; ++p) s.apply(mulligan(p, 0));
  s.apply(city(s, 0, "b"));
  s.apply(city(s, 1, "c"));
  s.apply(city(s, 2, "c"));
  s.apply(city(s, 2, "b"));
  EXPECT_EQ(rule_of(s, city(s, 1, "c")), "AH-5");
  // Queen could take b again if it had room; b is now full (Queen, Cat).
  EXPECT_EQ(s.city_room(Board::city_of(1)), 0);
}

TEST(AlicematicRulings, AH6PoliticsThenInvasionFourteenRounds) {
  State s = game();
  s.edit_token(Board::city_of(1), 0, true);
  s.edit_token(Board::city_of(2), 1, true);
  s.edit_token(Board::city_of(2), 2, true);
  s.edit_turn(1, 0, Phase::politics);
  EXPECT_EQ(rule_of(s, attack(0, at(s, "b1"))), "AH-6");
  s.apply(commoner(0, Colour::red));
  EXPECT_EQ(s.phase(), Phase::invasion);
  EXPECT_EQ(rule_of(s, commoner(0, Colour::red)), "AH-6");
  s.apply(attack(0, at(s, "b4")));
  EXPECT_EQ(s.to_move().seat, 1);
  s.edit_turn(14, 2, Phase::invasion);
  s.apply(attack(2, at(s, "c4")));
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(rule_of(s, commoner(0, Colour::red)), "AH-6");
}

// Queen to play in round 1 with Cities on b (Queen) and c (Hatter, Cat).
State started(std::vector<std::string> tiles = {"plain", "plain2", "plain3"}) {
  State s = game(tiles);
  s.edit_token(Board::city_of(1), 0, true);
  s.edit_token(Board::city_of(2), 1, true);
  s.edit_token(Board::city_of(2), 2, true);
  s.edit_turn(1, 0, Phase::politics);
  return s;
}

TEST(AlicematicRulings, AH7DreamPowerAndTheRightSlot) {
  // The rulebook's example: 2 cards in the yellow slot; an Alice of 2 can be summoned, one of
  // 4 cannot, unless 2 yellow tokens are paid.
  State s = started();
  fill(s, 0, Colour::yellow, 2);
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::blue, 2), Colour::blue)), "legal");
  auto v = s.validate(summon(0, card(Colour::blue, 4), Colour::blue));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-7");
  EXPECT_NE(v->message.find("she costs 4"), std::string::npos);
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::blue, 4), Colour::blue, 2)), "AH-7");  // holds no tokens
  s.edit_resources(0, Resource::yellow, 2);
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::blue, 4), Colour::blue, 2)), "legal");
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::blue, 4), Colour::blue, 1)), "AH-7");
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::blue, 1), Colour::blue, 1)), "AH-15");  // pays more than it lacks
  EXPECT_NE(s.validate(summon(0, card(Colour::blue, 1), Colour::blue, 1))
                ->message.find("pays 1 yellow token where 0 make up the lack"),
            std::string::npos);
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::blue, 1), Colour::green)), "AH-7");     // the wrong slot
  s.apply(summon(0, card(Colour::blue, 4), Colour::blue, 2));
  EXPECT_EQ(s.resource(0, Resource::yellow), 0);
  EXPECT_EQ(s.bank(Resource::yellow), 20);
  EXPECT_EQ(s.slot_size(0, Colour::yellow), 2);  // Dream Power cards are not spent
  EXPECT_EQ(s.alices(0), 1);
}

TEST(AlicematicRulings, AH8AFifthCardInASlotIsRefused) {
  State s = started();
  fill(s, 0, Colour::red, 4);
  EXPECT_EQ(rule_of(s, commoner(0, Colour::red)), "AH-8");
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::red, 0), Colour::red)), "AH-8");
  EXPECT_EQ(rule_of(s, commoner(0, Colour::blue)), "legal");
}

TEST(AlicematicRulings, AH9ACommonerGoesAnywhereAndDrawsACard) {
  State s = started();
  const int deck = s.deck_size();
  s.apply(commoner(0, Colour::white));
  EXPECT_EQ(s.hand_size(0), 5);
  EXPECT_EQ(s.deck_size(), deck - 1);
  EXPECT_EQ(s.slot_size(0, Colour::white), 1);
  EXPECT_EQ(s.alices(0), 0);
  // A table log does not name it.
  Move named = commoner(1, Colour::red);
  named.seat = 0;
  named.card = 3;
  s.edit_turn(1, 0, Phase::politics);
  EXPECT_EQ(rule_of(s, named), "AH-12");
}

TEST(AlicematicRulings, AH10AnEmptyHandDrawsThreeAndSkipsTheTurn) {
  State s = started();
  Move draw;
  draw.kind = Move::Kind::draw;
  draw.seat = 0;
  EXPECT_EQ(rule_of(s, draw), "AH-10");
  // Play out the hand: five summons of cost-0 Alices.
  for (int i = 0; i < 5; ++i) {
    s.edit_turn(1, 0, Phase::politics);
    s.apply(summon(0, card(static_cast<Colour>(i), 0), static_cast<Colour>(i)));
  }
  s.edit_turn(1, 0, Phase::politics);
  EXPECT_EQ(s.hand_size(0), 0);
  EXPECT_EQ(rule_of(s, commoner(0, Colour::red)), "AH-10");
  ASSERT_EQ(rule_of(s, draw), "legal");
  s.apply(draw);
  EXPECT_EQ(s.hand_size(0), 3);
  EXPECT_EQ(s.to_move().seat, 1);  // no Invasion step
  EXPECT_EQ(s.phase(), Phase::politics);
  // Her Invasion entry written after it is told why her turn is over, by this ruling.
  const auto late = s.validate(attack(0, at(s, "a1")));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->rule, "AH-10");
  EXPECT_EQ(late->message,
            "it is Hatter's turn: Queen's draw, with her hand empty, ended her turn (the rest of it is skipped)");
  s.apply(commoner(1, Colour::red));
  EXPECT_NE(rule_of(s, attack(0, at(s, "a1"))), "AH-10");  // once another entry came between, not
}

TEST(AlicematicRulings, AH11TheDiscardsBecomeTheDeckThenNothing) {
  State s = fresh();
  s.apply(mulligan(0, 5));  // 5 discards
  for (int p = 1; p < 3; ++p) s.apply(mulligan(p, 0));
  const int total = catalog().card_total;
  EXPECT_EQ(s.deck_size(), total - 20);
  EXPECT_EQ(s.drawable(total), total - 20 + 5);
  EXPECT_EQ(s.drawable(2), 2);
  // An open log names exactly what is drawn.
  State o = fresh(/*open=*/true);
  Move deal;
  deal.kind = Move::Kind::deal;
  deal.seat = 0;
  for (int i = 0; i < 5; ++i) deal.named.push(i);
  o.apply(deal);
  Move m;
  m.kind = Move::Kind::deal;
  m.seat = 1;
  for (int i = 0; i < 5; ++i) m.named.push(i);
  o.apply(m);
  Move third = m;
  third.seat = 2;
  auto v = o.validate(third);  // only 2 copies of each card: a third of card 0 cannot be dealt
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-12");
}

// An open log's draw names no more copies of a card than the deck holds: the box's copies less
// those the record knows outside it, and less those named earlier in the same draw.
TEST(AlicematicRulings, AH12AnOpenDrawNamesNoMoreCopiesThanAreLeftInTheDeck) {
  State o = game({"plain", "plain2", "plain3"}, true);
  o.edit_token(Board::city_of(1), 0, true);
  o.edit_token(Board::city_of(2), 1, true);
  o.edit_token(Board::city_of(2), 2, true);
  fill(o, 0, Colour::blue, 2);                             // the blue bonus draws 2
  o.edit_card(0, Colour::red, card(Colour::red, 1), true);  // 1 of the 2 Reddy B, in her Kingdom
  o.edit_turn(1, 0, Phase::invasion);
  auto draw = [&](int first, int second) {
    Move m = invade(0, at(o, "b4"));
    m.draws_named = true;
    m.drawn.push(first);
    m.drawn.push(second);
    return m;
  };
  const int reddy_b = card(Colour::red, 1), bluey_a = card(Colour::blue, 0);
  EXPECT_EQ(message_of(o, draw(bluey_a, bluey_a)), "legal");  // both copies are in the deck
  EXPECT_EQ(message_of(o, draw(reddy_b, bluey_a)), "legal");  // one is left
  EXPECT_EQ(message_of(o, draw(bluey_a, reddy_b)), "legal");
  EXPECT_EQ(message_of(o, draw(reddy_b, reddy_b)),
            "AH-12 no Reddy B is left to draw: all 2 copies in the box are accounted for outside the deck");
}

TEST(AlicematicRulings, AH12ATableLogRefusesOnlyWhatNoHiddenCardAllows) {
  State s = started();
  const int c = card(Colour::blue, 0);  // 2 copies in the box
  s.apply(summon(0, c, Colour::blue));
  s.apply(attack(0, at(s, "b4")));
  ASSERT_EQ(rule_of(s, summon(1, c, Colour::blue)), "legal");  // the second copy may be in Hatter's hand
  s.apply(summon(1, c, Colour::blue));
  s.apply(attack(1, at(s, "c4")));
  auto v = s.validate(summon(2, c, Colour::blue));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-12");
  EXPECT_NE(v->message.find("all 2 copies"), std::string::npos);
}

TEST(AlicematicRulings, AH13InvasionIsNotSkippedUnlessNothingIsPossible) {
  State s = started();
  s.apply(commoner(0, Colour::red));
  Move pass;
  pass.kind = Move::Kind::pass;
  pass.seat = 0;
  EXPECT_EQ(rule_of(s, pass), "AH-13");
  // With no territory token left, the player passes.
  for (int i = s.tokens_left(0); i > 0; --i) s.edit_token(at(s, "a1"), 0, true);
  EXPECT_EQ(s.tokens_left(0), 0);
  EXPECT_EQ(rule_of(s, pass), "legal");
  EXPECT_EQ(rule_of(s, attack(0, at(s, "b4"))), "AH-13");
}

// AH-13's readings: under 'pass-allowed' a player may pass while she could still invade or
// attack, and `pass` is then among her legal moves; the reading is consulted only there, not for
// a pass with nothing left to do, which both readings allow.
TEST(AlicematicRulings, AH13ReadingPassAllowedKeepsHerTokensBack) {
  const std::uint32_t bit = 1u << static_cast<int>(Dispute::invasion_step);
  Move pass;
  pass.kind = Move::Kind::pass;
  pass.seat = 0;
  for (InvasionStep r : {InvasionStep::not_skipped, InvasionStep::pass_allowed}) {
    SCOPED_TRACE(static_cast<int>(r));
    const bool allowed = r == InvasionStep::pass_allowed;
    State s = started();
    s.set_readings(reading(Dispute::invasion_step, r));
    s.apply(commoner(0, Colour::red));
    s.readings().forget();
    EXPECT_EQ(rule_of(s, pass), allowed ? "legal" : "AH-13");
    EXPECT_EQ(s.readings().consulted() & bit, bit);
    const std::vector<Move> legal = s.legal_moves();
    EXPECT_EQ(std::count(legal.begin(), legal.end(), pass), allowed ? 1 : 0);
    EXPECT_GT(legal.size(), 1u);  // her invasions and attacks, either way
    // Nothing left to do: a pass under both readings, nothing consulted.
    for (int i = s.tokens_left(0); i > 0; --i) s.edit_token(at(s, "a1"), 0, true);
    s.readings().forget();
    EXPECT_EQ(rule_of(s, pass), "legal");
    EXPECT_EQ(s.readings().consulted() & bit, 0u);
    if (allowed) {
      State t = started();
      t.set_readings(reading(Dispute::invasion_step, r));
      t.apply(commoner(0, Colour::red));
      const int tokens = t.tokens_left(0);
      t.apply(pass);
      EXPECT_EQ(t.tokens_left(0), tokens);  // kept back
      EXPECT_EQ(t.to_move().seat, 1);
    }
  }
}

TEST(AlicematicRulings, AH14ACommonerTurnStillInvades) {
  State s = started();
  s.apply(commoner(0, Colour::red));
  EXPECT_EQ(s.phase(), Phase::invasion);
  EXPECT_EQ(s.to_move().seat, 0);
  EXPECT_EQ(rule_of(s, invade(0, at(s, "b4"))), "legal");
  // b4 is blue: a card drawn for each card in her blue slot (AH-22), and she has none: "If you
  // don't have any cards in the blue card slot, you don't get any bonus!"
  const int hand = s.hand_size(0);
  s.apply(invade(0, at(s, "b4")));
  EXPECT_EQ(s.hand_size(0), hand);
  // With 2 cards in her blue slot, the same invasion draws 2.
  State t = started();
  fill(t, 0, Colour::blue, 2);
  t.apply(commoner(0, Colour::red));
  const int before = t.hand_size(0);
  t.apply(invade(0, at(t, "b4")));
  EXPECT_EQ(t.hand_size(0), before + 2);
}

// AH-14's other reading, 'commoner-ends-turn' (a public review's reading, open question (a)):
// her turn ends once the Commoner's card is drawn, and the next player's Politics follows; her
// Invasion entry is refused under AH-14, naming the reading. The reading is consulted by every
// Commoner, whose turn it decides, and by no summon.
TEST(AlicematicRulings, AH14UnderCommonerEndsTurnACommonerEndsTheTurn) {
  State s = started();
  s.set_readings(reading(Dispute::commoner_turn, CommonerTurn::commoner_ends_turn));
  s.readings().forget();
  const int hand = s.hand_size(0);
  s.apply(commoner(0, Colour::red));
  EXPECT_EQ(s.hand_size(0), hand);  // one played, one drawn
  // The position is the one both readings share (her Invasion is on the board); what follows
  // is judged by the reading: her turn is over, and the next entry ends it.
  EXPECT_TRUE(s.window_open());
  EXPECT_EQ(s.readings().consulted(), 1u << static_cast<int>(Dispute::commoner_turn));
  for (const Move& m : {invade(0, at(s, "b4")), attack(0, at(s, "b4"))}) {
    const auto v = s.validate(m);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->rule, "AH-14");
    EXPECT_EQ(v->message,
              "Queen's turn ended with her Commoner (a turn with a Commoner has no Invasion step), and it is "
              "Hatter's turn");
  }
  EXPECT_EQ(rule_of(s, commoner(1, Colour::blue)), "legal");
  const std::vector<Move> legal = s.legal_moves();
  EXPECT_FALSE(legal.empty());
  for (const Move& m : legal) EXPECT_EQ(m.seat, 1);
  State closed = s;  // a round line or the log's end closes it as the next entry does
  closed.close_window();
  EXPECT_EQ(closed.phase(), Phase::politics);
  EXPECT_EQ(closed.to_move().seat, 1);
  s.apply(commoner(1, Colour::blue));  // ends Queen's turn, and Hatter's Commoner ends hers in turn
  EXPECT_TRUE(s.window_open());
  EXPECT_EQ(s.to_move().seat, 1);
  EXPECT_EQ(rule_of(s, commoner(2, Colour::blue)), "legal");
  // Under the default, another player's entry after a Commoner is refused under AH-14 too.
  State d = started();
  d.apply(commoner(0, Colour::red));
  d.readings().forget();
  const auto early = d.validate(commoner(1, Colour::blue));
  ASSERT_TRUE(early);
  EXPECT_EQ(early->rule, "AH-14");
  EXPECT_NE(early->message.find("still has its Invasion step"), std::string::npos) << early->message;
  EXPECT_EQ(d.readings().consulted(), 1u << static_cast<int>(Dispute::commoner_turn));
  // A summon is not a Commoner: the reading is not consulted, and the Invasion step follows.
  State t = started();
  t.set_readings(reading(Dispute::commoner_turn, CommonerTurn::commoner_ends_turn));
  fill(t, 0, Colour::yellow, 2);
  t.readings().forget();
  t.apply(summon(0, card(Colour::blue, 2), Colour::blue));
  EXPECT_EQ(t.phase(), Phase::invasion);
  EXPECT_EQ(t.readings().consulted() & (1u << static_cast<int>(Dispute::commoner_turn)), 0u);
}

TEST(AlicematicRulings, AH15MilitaryAndMobilityWithTokensPaidOnlyWhatIsLacking) {
  // The example: 1 Military Power, 2 Mobility.
  State s = started();
  fill(s, 0, Colour::red, 1);
  fill(s, 0, Colour::green, 2);
  s.apply(commoner(0, Colour::blue));
  // b3 is red 2 on tile b (Queen's City): 0 Mobility, 2 Military.
  // (Tiles: a1 red, a2 blue, a3 yellow, a4 green, a5 white, a6 red 2; b1 green, b2 white,
  // b3 red 2, b4 blue, b5 yellow, b6 red; c1 yellow, c2 green, c3 white, c4 red, c5 blue, c6 red 2.)
  const int b3 = at(s, "b3");
  auto v = s.validate(invade(0, b3));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-15");
  EXPECT_EQ(rule_of(s, invade(0, b3, 1)), "AH-15");  // holds no red token
  s.edit_resources(0, Resource::red, 3);
  EXPECT_EQ(rule_of(s, invade(0, b3, 1)), "legal");
  EXPECT_EQ(rule_of(s, invade(0, b3, 2)), "AH-15");  // more than lacking
  EXPECT_NE(s.validate(invade(0, b3, 2))->message.find("(1 red and 0 green make up the lack)"), std::string::npos);
  EXPECT_EQ(rule_of(s, attack(0, b3)), "legal");     // tokens are never compulsory
  // Where the cards lack nothing, the refusal says so in words (a red 1 space: 1 Military).
  const auto paid_for_nothing = s.validate(invade(0, at(s, "b6"), 1));
  ASSERT_TRUE(paid_for_nothing);
  EXPECT_EQ(paid_for_nothing->rule, "AH-15");
  EXPECT_EQ(paid_for_nothing->message,
            "Queen pays tokens, but her cards are enough: no token is needed (tokens pay only for what the cards "
            "lack)");
  s.apply(invade(0, b3, 1));
  EXPECT_EQ(s.resource(0, Resource::red), 2 + 1);    // paid 1, bonus 1 (one red card)
}

TEST(AlicematicRulings, AH15ReadingOverpayAllowed) {
  State s = started();
  s.set_readings(reading(Dispute::payment, Payment::overpay_allowed));
  fill(s, 0, Colour::red, 1);
  fill(s, 0, Colour::green, 2);
  fill(s, 0, Colour::yellow, 1);
  s.edit_resources(0, Resource::yellow, 2);
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::blue, 1), Colour::blue, 2)), "legal");  // lacks nothing, pays 2
  EXPECT_EQ(rule_of(s, summon(0, card(Colour::blue, 1), Colour::blue, 3)), "AH-7");   // holds 2
  s.apply(commoner(0, Colour::blue));
  const int b3 = at(s, "b3");  // red 2 on the Queen's City tile: she lacks 1 Military Power
  s.edit_resources(0, Resource::red, 3);
  EXPECT_EQ(rule_of(s, invade(0, b3, 1)), "legal");
  EXPECT_EQ(rule_of(s, invade(0, b3, 3)), "legal");  // 2 more than lacking, into the bank
  EXPECT_EQ(rule_of(s, invade(0, b3, 4)), "AH-15");  // holds 3
  EXPECT_EQ(rule_of(s, invade(0, b3, 0)), "AH-15");  // the lack is still paid
  const auto legal = s.legal_moves();
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [&](const Move& m) {
    return m.kind == Move::Kind::invade && m.space == b3 && m.pay[0] == 3;
  }));
  s.apply(invade(0, b3, 3));
  EXPECT_EQ(s.resource(0, Resource::red), 0 + 1);  // paid 3, bonus 1
  EXPECT_NE(s.readings().consulted() & (1u << static_cast<int>(Dispute::payment)), 0u);
}

TEST(AlicematicRulings, AH16MobilityExamples) {
  State s = started();
  // Move Queen's City to a's... no: the rulebook's figure, on our small map: Queen's City at a0.
  State q = game();
  q.edit_token(0, 0, true);  // Queen holds a0
  q.edit_turn(1, 0, Phase::invasion);
  // Same tile as her City: 0.
  EXPECT_EQ(q.assess(0, at(q, "a5")).mobility_needed, 0);
  // b1 is 2 steps away (a0 - a3 - b1).
  EXPECT_EQ(q.assess(0, at(q, "b1")).mobility_needed, 2);
  // A single step is always free: a's spaces are on her City's tile; 2 away costs 2.
  EXPECT_EQ(q.assess(0, at(q, "b6")).mobility_needed, 2);
  // Through an enemy's space: 3.
  q.edit_token(at(q, "a3"), 1, true);
  Invasion through = q.assess(0, at(q, "b1"));
  EXPECT_EQ(through.mobility_needed, 3);
  // All Cities are 3 spaces away from each other.
  EXPECT_EQ(q.assess(0, Board::city_of(1)).mobility_needed, 3);
  EXPECT_EQ(q.assess(0, Board::city_of(2)).mobility_needed, 3);
  // An 'under attack' token is not another player's space, and the target costs no extra.
  State u = game();
  u.edit_token(0, 0, true);
  u.edit_token(at(u, "a3"), 1, false);
  EXPECT_EQ(u.assess(0, at(u, "b1")).mobility_needed, 2);
  u.edit_token(at(u, "b1"), 1, true);
  EXPECT_EQ(u.assess(0, at(u, "b1")).mobility_needed, 2);
  // A Mystic Forest in the way: not 2 but 3.
  State f = game({"forest-se", "plain2", "plain3"});
  f.edit_token(0, 0, true);
  Invasion around = f.assess(0, at(f, "b1"));
  EXPECT_EQ(around.mobility_needed, 3);
  ASSERT_FALSE(around.blocking.empty());
  EXPECT_EQ(around.blocking.front(), at(f, "a3"));
  (void)s;
}

// The rulebook's figure of "1 Military Power and 2 Mobility" (rulebook l. 304-320, starting guide
// l. 354-366), played by its own player: 1 red card and 2 green cards, her City a0. A space on her
// City's tile needs no Mobility; b1, 2 steps away, needs 3 through another player's space or
// around a Mystic Forest: 1 more than her cards, so she attacks it, or pays 1 green token. And
// "All Cities are 3 spaces away ... at least 3 cards in your green slot, you can reach other
// Cities" (rulebook l. 437-442): with 2 green cards she cannot, with 3 she can.
TEST(AlicematicRulings, AH15AH16TheFiguresPlayerWithOneRedAndTwoGreenCards) {
  auto figure = [](std::vector<std::string> tiles) {
    State q = game(std::move(tiles));
    q.edit_token(0, 0, true);  // the Queen's City, a0
    fill(q, 0, Colour::red, 1);
    fill(q, 0, Colour::green, 2);
    q.edit_turn(1, 0, Phase::invasion);
    return q;
  };
  State q = figure({"plain", "plain2", "plain3"});
  EXPECT_EQ(rule_of(q, invade(0, at(q, "a5"))), "legal");  // her City's tile: no Mobility, 1 Military
  EXPECT_EQ(rule_of(q, invade(0, at(q, "b1"))), "legal");  // 2 steps, 2 green cards
  q.edit_token(at(q, "a3"), 1, true);                       // Hatter's space on the way
  State f = figure({"forest-se", "plain2", "plain3"});      // a forest on a3 instead
  for (State* s : {&q, &f}) {
    const int b1 = at(*s, "b1");  // green 1
    ASSERT_EQ(s->assess(0, b1).mobility_needed, 3);
    EXPECT_EQ(rule_of(*s, invade(0, b1)), "AH-16");  // Mobility short by 1
    EXPECT_EQ(rule_of(*s, attack(0, b1)), "legal");
    s->edit_resources(0, Resource::green, 1);
    ASSERT_EQ(rule_of(*s, invade(0, b1, 0, 1)), "legal");
    s->apply(invade(0, b1, 0, 1));
    EXPECT_EQ(s->resource(0, Resource::green), 2);  // paid 1; a green space's bonus, 2 green cards: 2
    EXPECT_EQ(s->holder(b1), 0);
  }
  // Another player's City, 3 spaces away, 2 red cards for its difficulty 2.
  State c = figure({"plain", "plain2", "plain3"});
  fill(c, 0, Colour::red, 1);
  const int b0 = Board::city_of(1);
  ASSERT_EQ(c.assess(0, b0).mobility_needed, 3);
  ASSERT_EQ(c.assess(0, b0).military_needed, 2);
  EXPECT_EQ(rule_of(c, invade(0, b0)), "AH-16");   // 2 green cards
  EXPECT_EQ(rule_of(c, attack(0, b0)), "AH-17");   // a City's invasion must succeed directly
  State three = c;
  c.edit_resources(0, Resource::green, 1);
  EXPECT_EQ(rule_of(c, invade(0, b0, 0, 1)), "legal");
  fill(three, 0, Colour::green, 1);
  ASSERT_EQ(rule_of(three, invade(0, b0)), "legal");  // 3 green cards reach other Cities
  three.apply(invade(0, b0));
  EXPECT_EQ(three.points(0), 3);
}

// AH-16's readings: Queen's Cities are a0 and c0. b5 is 3 steps from a0, and every such route
// passes a3 or a4, then b6, all Hatter's; from c0 it is 4 steps, c0 c5 b1 b0 b5, none held.
// 'cheapest-route' counts c0's route, 4; 'closest-city' counts a0's, 3 steps and 2 spaces, 5.
TEST(AlicematicRulings, AH16ReadingsCountFromTheCheapestRouteOrTheClosestCity) {
  for (const Distance r : {Distance::cheapest_route, Distance::closest_city}) {
    SCOPED_TRACE(r == Distance::closest_city ? "closest-city" : "cheapest-route");
    State q = game({"plain", "plain2", "plain3"}, false, reading(Dispute::distance, r));
    q.edit_token(0, 0, true);                  // a0
    q.edit_token(Board::city_of(2), 0, true);  // c0
    for (const char* held : {"a3", "a4", "b6"}) q.edit_token(at(q, held), 1, true);
    q.edit_turn(1, 0, Phase::invasion);
    fill(q, 0, Colour::red, 1);
    fill(q, 0, Colour::green, 4);
    const int b5 = at(q, "b5");
    const bool closest = r == Distance::closest_city;
    q.readings().forget();
    const Invasion inv = q.assess(0, b5);
    EXPECT_EQ(inv.mobility_needed, closest ? 5 : 4);
    EXPECT_EQ(inv.mobility_other_reading, closest ? 4 : 5);
    ASSERT_FALSE(inv.path.empty());
    EXPECT_EQ(inv.path.front(), closest ? 0 : Board::city_of(2));
    EXPECT_EQ(inv.path.size(), closest ? 4u : 5u);
    EXPECT_EQ(inv.enemy.size(), closest ? 2u : 0u);
    EXPECT_NE(q.readings().consulted() & (1u << static_cast<int>(Dispute::distance)), 0u);
    // Validation and the listed moves agree under each reading.
    EXPECT_EQ(rule_of(q, invade(0, b5)), closest ? "AH-16" : "legal");
    if (closest) {  // the refusal's facts name the route counted
      const auto v = q.validate(invade(0, b5));
      EXPECT_TRUE(std::any_of(v->facts.begin(), v->facts.end(), [](const Fact& f) {
        return f.name == "path from her closest City" && (f.value == "a0 a3 b6 b5" || f.value == "a0 a4 b6 b5");
      })) << v->message;
    }
    q.edit_resources(0, Resource::green, 1);
    EXPECT_EQ(rule_of(q, invade(0, b5, 0, 1)), closest ? "legal" : "AH-15");  // the lack is 1, or nothing
    const auto legal = q.legal_moves();
    const auto listed = [&](int green) {
      return std::any_of(legal.begin(), legal.end(), [&](const Move& m) {
        return m.kind == Move::Kind::invade && m.space == b5 && m.pay[2] == green;
      });
    };
    EXPECT_EQ(listed(0), !closest);
    EXPECT_EQ(listed(1), closest);
    // Where the cheapest route has the fewest steps and passes no one, the reading is not asked.
    q.readings().forget();
    EXPECT_EQ(q.assess(0, at(q, "b2")).mobility_needed, 2);  // c0 c4 b2
    EXPECT_EQ(q.readings().consulted() & (1u << static_cast<int>(Dispute::distance)), 0u);
  }
}

TEST(AlicematicRulings, AH17EnoughPowerInvadesCitiesAndOthersMustSucceedDirectly) {
  State s = started();
  s.apply(commoner(0, Colour::red));
  const int b4 = at(s, "b4");  // blue 1 on Queen's tile, she has 1 red card
  EXPECT_EQ(rule_of(s, attack(0, b4)), "AH-17");  // enough with cards alone: it is invaded
  EXPECT_EQ(rule_of(s, invade(0, b4)), "legal");
  EXPECT_EQ(rule_of(s, attack(0, Board::city_of(0))), "AH-17");  // a City
  s.edit_token(at(s, "b5"), 1, false);                           // Hatter's 'under attack'
  EXPECT_EQ(rule_of(s, attack(0, at(s, "b5"))), "AH-17");
  // A full City, hers or another's, is no more put under attack: AH-17 refuses it, not AH-21's
  // room (found in review: it was refused as full, with AH-21's reading named, though no reading
  // of AH-21 allows an attack).
  for (const int city : {Board::city_of(0), Board::city_of(1)}) {
    while (s.city_room(city) > 0) s.edit_token(city, 2, true);
    const auto v = s.validate(attack(0, city));
    ASSERT_TRUE(v);
    EXPECT_EQ(v->rule, "AH-17");
    EXPECT_NE(v->message.find("is a City: it cannot be put under attack"), std::string::npos) << v->message;
    EXPECT_EQ(rule_of(s, invade(0, city)), "AH-21");  // an invasion finds it full
  }
}

// "Another player can invade a space you have under attack, and if they do, your turn has been
// wasted!": Hatter's 'under attack' token on a3 goes back to him when the Queen invades a3.
// AH-13's pass when her only token on the map is one she may not flip: her 'under attack' token
// beside Hatter's on b5, which Hatter has since joined to his City again (AH-17, AH-20). With no
// token left in her supply she can do nothing else, so she passes (found in review: the pass
// was refused, and no move was left).
TEST(AlicematicRulings, AH13APlayerWhoseOnlyFlipIsRefusedPasses) {
  State s = started();
  const int b5 = at(s, "b5");
  s.edit_token(b5, 1, true);  // Hatter's, cut off from his City c0
  ASSERT_FALSE(s.connected(1, b5));
  fill(s, 0, Colour::yellow, 3);
  s.apply(commoner(0, Colour::white));
  ASSERT_EQ(rule_of(s, attack(0, b5)), "legal");
  s.apply(attack(0, b5));
  // Hatter joins b5 to his City c0 again: his tokens on a shortest chain of spaces between them.
  std::vector<int> from(static_cast<std::size_t>(s.board().size()), -2);
  std::vector<int> queue = {b5};
  from[static_cast<std::size_t>(b5)] = -1;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (int n : s.board().space(queue[i]).next)
      if (n >= 0 && from[static_cast<std::size_t>(n)] == -2 && (s.holder(n) < 0 || s.holder(n) == 1)) {
        from[static_cast<std::size_t>(n)] = queue[i];
        queue.push_back(n);
      }
  for (int x = from[static_cast<std::size_t>(Board::city_of(2))]; x != b5; x = from[static_cast<std::size_t>(x)])
    if (s.holder(x) != 1) s.edit_token(x, 1, true);
  ASSERT_TRUE(s.connected(1, b5));
  // The Queen's supply emptied (onto her City, as AH13InvasionIsNotSkippedUnlessNothingIsPossible
  // does onto a1): she has no token for anything but a flip.
  for (int i = s.tokens_left(0); i > 0; --i) s.edit_token(Board::city_of(1), 0, true);
  s.edit_turn(2, 0, Phase::invasion);
  EXPECT_EQ(rule_of(s, invade(0, b5)), "AH-20");  // the flip is refused: b5 connects to his City
  Move pass;
  pass.kind = Move::Kind::pass;
  pass.seat = 0;
  EXPECT_EQ(rule_of(s, pass), "legal");
  const std::vector<Move> moves = s.legal_moves();
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].kind, Move::Kind::pass);
}

TEST(AlicematicRulings, AH17AnotherPlayersInvasionWastesAnAttack) {
  State s = game();
  s.edit_token(0, 0, true);  // Queen's City, a0
  const int a3 = at(s, "a3");
  s.edit_token(a3, 1, false);  // Hatter's 'under attack' token
  fill(s, 0, Colour::red, 6);
  fill(s, 0, Colour::green, 6);
  s.edit_turn(1, 0, Phase::invasion);
  const int hatter_tokens = s.tokens_left(1);
  EXPECT_EQ(rule_of(s, attack(0, a3)), "AH-17");  // under attack by another: invaded directly
  ASSERT_EQ(rule_of(s, invade(0, a3)), "legal");
  s.apply(invade(0, a3));
  EXPECT_EQ(s.holder(a3), 0);
  EXPECT_EQ(s.attacker(a3), -1);                   // his attack is gone
  EXPECT_EQ(s.tokens_left(1), hatter_tokens + 1);  // and its token is his again
}

TEST(AlicematicRulings, AH17HeldSpacesMayBePutUnderAttackWhileUnconnected) {
  // Hatter holds c1 (joined to his City c0) and b5 (cut off from it); the Queen has no red card,
  // so b5 (yellow 1, on her City's tile) is beyond her Military Power.
  auto position = [](const Readings& readings) {
    State s = started();
    s.set_readings(readings);
    s.edit_token(at(s, "c1"), 1, true);
    s.edit_token(at(s, "b5"), 1, true);
    fill(s, 0, Colour::yellow, 3);
    s.apply(commoner(0, Colour::white));
    return s;
  };
  State s = position({});
  const int b5 = at(s, "b5");
  EXPECT_EQ(rule_of(s, attack(0, at(s, "c1"))), "AH-20");  // connected: never taken
  ASSERT_EQ(rule_of(s, attack(0, b5)), "legal");
  s.apply(attack(0, b5));
  EXPECT_EQ(s.attacker(b5), 0);
  EXPECT_EQ(s.holder(b5), 1);  // Hatter keeps it until the flip
  EXPECT_EQ(s.tile_scores()[1].tokens[1], 1);
  EXPECT_EQ(s.tile_scores()[1].tokens[0], 2);  // her City and her 'under attack' token (AH-23)
  // Another player must invade it directly; Hatter cannot invade his own space.
  s.edit_turn(1, 2, Phase::invasion);
  EXPECT_EQ(rule_of(s, attack(2, b5)), "AH-17");
  s.edit_turn(1, 1, Phase::invasion);
  EXPECT_EQ(rule_of(s, invade(1, b5)), "AH-17");
  // The Queen flips it later: Hatter's token goes back, and the bonus is halved (AH-20).
  s.edit_turn(2, 0, Phase::invasion);
  const int hatter_tokens = s.tokens_left(1);
  ASSERT_EQ(rule_of(s, invade(0, b5)), "legal");
  s.apply(invade(0, b5));
  EXPECT_EQ(s.holder(b5), 0);
  EXPECT_EQ(s.attacker(b5), -1);
  EXPECT_EQ(s.tokens_left(1), hatter_tokens + 1);
  EXPECT_EQ(s.resource(0, Resource::yellow), 1);  // 3 yellow cards, halved
  // 'held-direct-only': the attack is refused.
  State direct = position(reading(Dispute::held_attack, HeldAttack::held_direct_only));
  auto v = direct.validate(attack(0, b5));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-17");
  EXPECT_EQ(v->message, "b5 is a space another player holds: it cannot be put under attack, the invasion must "
                        "succeed directly");
}

TEST(AlicematicRulings, AH18FlippingOnesOwnUnderAttackTokenPaysTheFullBonus) {
  State s = started();
  fill(s, 0, Colour::green, 2);
  s.apply(commoner(0, Colour::blue));
  const int far = at(s, "a4");  // green 1 on the centre tile, out of reach; no red cards
  ASSERT_EQ(rule_of(s, attack(0, far)), "legal");
  s.apply(attack(0, far));
  EXPECT_EQ(s.attacker(far), 0);
  s.edit_turn(2, 0, Phase::invasion);
  EXPECT_EQ(rule_of(s, attack(0, far)), "AH-18");
  EXPECT_EQ(rule_of(s, invade(0, far, 1, 0)), "AH-18");  // nothing is paid
  const int left = s.tokens_left(0);
  s.apply(invade(0, far));
  EXPECT_EQ(s.holder(far), 0);
  EXPECT_EQ(s.tokens_left(0), left);  // the same token, flipped
  EXPECT_EQ(s.resource(0, Resource::green), 2);  // two green cards: the full bonus
}

TEST(AlicematicRulings, AH18ReadingsOfTheFlip) {
  // As above: the Queen has a4 under attack, with two green cards and no red one.
  auto attacked = [](const Readings& readings) {
    State s = started();
    s.set_readings(readings);
    fill(s, 0, Colour::green, 2);
    s.apply(commoner(0, Colour::blue));
    s.apply(attack(0, at(s, "a4")));
    s.edit_turn(2, 0, Phase::invasion);
    return s;
  };
  State no_bonus = attacked(reading(Dispute::flip, Flip::free_flip_no_bonus));
  const int far = at(no_bonus, "a4");
  ASSERT_EQ(rule_of(no_bonus, invade(0, far)), "legal");
  no_bonus.apply(invade(0, far));
  EXPECT_EQ(no_bonus.holder(far), 0);
  EXPECT_EQ(no_bonus.resource(0, Resource::green), 0);  // flipped, no bonus
  // 'power-needed': a4 is green 1 out of reach, and the Queen has no red card.
  State power = attacked(reading(Dispute::flip, Flip::power_needed));
  auto v = power.validate(invade(0, far));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-18");  // the reading's ruling, so that the refusal names the reading in force
  EXPECT_EQ(v->message, "not enough Military Power to flip her token on a4: it needs 1, and Queen has 0");
  EXPECT_TRUE(power.readings().consulted() >> static_cast<int>(Dispute::flip) & 1);
  EXPECT_EQ(rule_of(power, attack(0, far)), "AH-18");  // still her own 'under attack' token
}

// An invasion short of both powers says both, and, for a free space, the attack left to her (the
// way on the rulebook gives, AH-17), which is then legal (found in review).
TEST(AlicematicRulings, AH15AShortInvasionSaysWhatItLacksAndTheAttackLeft) {
  State s = started();
  s.edit_turn(2, 0, Phase::invasion);
  const int far = at(s, "a4");
  const auto v = s.validate(invade(0, far));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-15");
  EXPECT_TRUE(
      v->message.starts_with("not enough Military Power to invade a4: it needs 1, and Queen has 0; nor "
                             "enough Mobility: it is "))
      << v->message;
  EXPECT_TRUE(v->message.ends_with(" (she may put a4 under attack instead: 'attack a4', AH-17)")) << v->message;
  EXPECT_EQ(rule_of(s, attack(0, far)), "legal");
}

// Every space around a forest group invaded, `strong` holding `k` of them, others by seat 1.
void surround(State& s, int group, int strong, int k) {
  const auto& around = s.board().groups()[group].surround;
  for (std::size_t i = 0; i < around.size(); ++i) s.edit_token(around[i], static_cast<int>(i) < k ? strong : 1, true);
}

TEST(AlicematicRulings, AH19TheForestExamples) {
  // A forest surrounded by 6 spaces: the Queen holds most of them; she alone may invade, with
  // a Military Power of 6, for 6 points.
  {
    State s = game({"forest-se", "plain2", "plain3"});
    const int forest = at(s, "a3");
    const int g = s.board().space(forest).group;
    ASSERT_EQ(s.board().groups()[g].surround.size(), 6u);
    surround(s, g, 0, 4);
    fill(s, 0, Colour::red, 4);
    fill(s, 1, Colour::red, 4);
    s.edit_resources(0, Resource::red, 2);
    s.edit_resources(1, Resource::red, 2);
    s.edit_turn(1, 1, Phase::invasion);
    auto weaker = s.validate(invade(1, forest, 2));
    ASSERT_TRUE(weaker);
    EXPECT_EQ(weaker->rule, "AH-19");
    s.edit_turn(1, 0, Phase::invasion);
    EXPECT_EQ(rule_of(s, invade(0, forest, 1)), "AH-15");  // 4 + 1 < 6
    EXPECT_EQ(rule_of(s, attack(0, forest)), "AH-17");     // never under attack
    ASSERT_EQ(rule_of(s, invade(0, forest, 2)), "legal");
    s.apply(invade(0, forest, 2));
    EXPECT_EQ(s.points(0), 6);
  }
  // At the map's edge a forest is surrounded by 3 spaces: 3 Military Power, 3 points.
  {
    State s = game({"forest-nw", "plain2", "plain3"});
    const int forest = at(s, "a6");
    const int g = s.board().space(forest).group;
    EXPECT_EQ(s.board().groups()[g].surround.size(), 3u);
    surround(s, g, 0, 2);
    // 3 is required: 2 red cards are refused, and a forest is never put under attack (found in
    // review: only the success was pinned).
    EXPECT_EQ(s.assess(0, forest).military_needed, 3);
    fill(s, 0, Colour::red, 2);
    s.edit_turn(1, 0, Phase::invasion);
    EXPECT_EQ(rule_of(s, invade(0, forest)), "AH-15");
    EXPECT_EQ(rule_of(s, attack(0, forest)), "AH-17");
    fill(s, 0, Colour::red, 3);
    s.apply(invade(0, forest));
    EXPECT_EQ(s.points(0), 3);
  }
  // Two forests joined: surrounded by 8 spaces, 8 Military Power, 8 points; once one is
  // taken the other still needs 8.
  {
    State s = game({"forest-se", "forest-n", "plain3"});
    const int a3 = at(s, "a3"), b1 = at(s, "b1");
    const int g = s.board().space(a3).group;
    EXPECT_EQ(s.board().space(b1).group, g);
    EXPECT_EQ(s.board().groups()[g].surround.size(), 8u);
    EXPECT_EQ(s.assess(0, a3).military_needed, 8);
    // Not surrounded yet: refused.
    s.edit_turn(1, 0, Phase::invasion);
    EXPECT_EQ(rule_of(s, invade(0, a3)), "AH-19");
    surround(s, g, 0, 4);  // 4 each: tied strongest, first to the mill
    fill(s, 0, Colour::red, 4);
    s.edit_resources(0, Resource::red, 4);
    fill(s, 1, Colour::red, 4);
    fill(s, 1, Colour::green, 4);
    s.edit_token(Board::city_of(2), 1, true);  // Hatter's City, c0
    s.edit_resources(1, Resource::red, 8);
    s.apply(invade(0, a3, 4));
    EXPECT_EQ(s.points(0), 8);
    EXPECT_EQ(s.assess(1, b1).military_needed, 8);  // still a forest of the 8-space group
    // The taken forest itself: "this one still requires 8 Military Power—it does not revert to
    // 6", and taken from her it would give half its 8 points (AH-20).
    EXPECT_EQ(s.assess(1, a3).military_needed, 8);
    EXPECT_EQ(s.assess(1, a3).bonus, 4);
    s.edit_turn(1, 1, Phase::invasion);
    EXPECT_EQ(rule_of(s, invade(1, b1, 4)), "legal");
    // A surrounded forest can be passed through.
    EXPECT_TRUE(s.forest_open(g));
  }
}

// "A Forest is always a Forest, even if taken by another player", and "like other areas" it can
// be invaded again: by a player among the strongest around it, for half the points, when it is
// not connected to a City of its holder (AH-19, AH-20).
TEST(AlicematicRulings, AH19ATakenForestIsTakenAgainForHalfItsPoints) {
  State s = game({"forest-se", "plain2", "plain3"});
  const int forest = at(s, "a3");
  const int g = s.board().space(forest).group;
  ASSERT_EQ(s.board().groups()[g].surround.size(), 6u);
  // Queen 3, Hatter 3 (both the strongest). Her spaces around it (a2, a4, c5) join it to no City
  // of hers: her City is b0, whose neighbours b1 and b6 are Hatter's, with a0.
  for (const char* sp : {"a0", "b1", "b6"}) s.edit_token(at(s, sp), 1, true);
  for (const char* sp : {"a2", "a4", "c5"}) s.edit_token(at(s, sp), 0, true);
  s.edit_token(Board::city_of(1), 0, true);
  s.edit_token(Board::city_of(2), 2, true);
  for (int seat : {0, 1, 2}) {
    fill(s, seat, Colour::red, 6);
    fill(s, seat, Colour::green, 6);
  }
  s.edit_turn(1, 0, Phase::invasion);
  ASSERT_EQ(rule_of(s, invade(0, forest)), "legal");
  s.apply(invade(0, forest));
  EXPECT_EQ(s.points(0), 6);
  EXPECT_FALSE(s.connected(0, forest));  // no chain of hers reaches b0
  // Cat holds none of the spaces around it: not among the strongest.
  s.edit_turn(1, 2, Phase::invasion);
  EXPECT_EQ(rule_of(s, invade(2, forest)), "AH-19");
  // Hatter, tied strongest, takes it from her: still 6 Military Power, 6 / 2 = 3 points.
  s.edit_turn(1, 1, Phase::invasion);
  EXPECT_EQ(s.assess(1, forest).military_needed, 6);
  ASSERT_EQ(rule_of(s, invade(1, forest)), "legal");
  s.apply(invade(1, forest));
  EXPECT_EQ(s.points(1), 3);
}

TEST(AlicematicRulings, AH20ConnectedSpacesCannotBeStolenOthersAreHalved) {
  State s = started();
  // Hatter holds c1 (joined to his City c0) and b5 (cut off from it).
  s.edit_token(at(s, "c1"), 1, true);
  s.edit_token(at(s, "b5"), 1, true);
  EXPECT_TRUE(s.connected(1, at(s, "c1")));
  EXPECT_FALSE(s.connected(1, at(s, "b5")));
  fill(s, 0, Colour::red, 2);
  fill(s, 0, Colour::green, 4);
  fill(s, 0, Colour::yellow, 3);
  s.apply(commoner(0, Colour::white));
  auto v = s.validate(invade(0, at(s, "c1")));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-20");
  EXPECT_EQ(rule_of(s, attack(0, at(s, "b5"))), "AH-17");  // with enough power: invaded, not attacked
  // b5 is yellow 1: the bonus 3 (yellow cards) is halved, rounded down, to 1.
  const Invasion inv = s.assess(0, at(s, "b5"));
  EXPECT_EQ(inv.bonus_full, 3);
  EXPECT_EQ(inv.bonus, 1);
  const int hatter_tokens = s.tokens_left(1);
  s.apply(invade(0, at(s, "b5")));
  EXPECT_EQ(s.resource(0, Resource::yellow), 1);
  EXPECT_EQ(s.tokens_left(1), hatter_tokens + 1);  // the token goes back
  EXPECT_EQ(s.holder(at(s, "b5")), 0);
}

TEST(AlicematicRulings, AH21ACityWithASpotLeftCanBeInvaded) {
  // The example: a City of 2 spots with 1 player on it; 1 spot is left.
  State s = started();
  fill(s, 0, Colour::red, 2);
  fill(s, 0, Colour::green, 3);
  s.apply(commoner(0, Colour::white));
  EXPECT_EQ(s.city_room(Board::city_of(2)), 0);  // c: Hatter and Cat
  EXPECT_EQ(rule_of(s, invade(0, Board::city_of(2))), "AH-21");
  // Already hers, with a spot left: invaded again under the default reading 'own-city-allowed'.
  EXPECT_EQ(s.city_room(Board::city_of(1)), 1);
  EXPECT_EQ(rule_of(s, invade(0, Board::city_of(1))), "legal");
  s.edit_token(Board::city_of(0), 1, true);                         // a: Hatter, 1 spot left
  ASSERT_EQ(rule_of(s, invade(0, Board::city_of(0))), "legal");
  s.apply(invade(0, Board::city_of(0)));
  EXPECT_EQ(s.points(0), 3);
  EXPECT_TRUE(s.is_city_of(0, Board::city_of(0)));
  EXPECT_EQ(s.assess(0, at(s, "a4")).mobility_needed, 0);  // now on a tile with her City
}

TEST(AlicematicRulings, AH21OwnCityMayBeInvadedAgainWhileItHasRoom) {
  State s = started();
  fill(s, 0, Colour::red, 2);
  s.apply(commoner(0, Colour::white));
  const int city = Board::city_of(1);  // the Queen's City, 2 spots: 1 left
  ASSERT_EQ(s.city_room(city), 1);
  State refused = s;
  refused.set_readings(reading(Dispute::own_city, OwnCity::refused));
  auto v = refused.validate(invade(0, city));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-21");
  EXPECT_EQ(v->message, "b0 is already one of Queen's Cities");
  const int left = s.tokens_left(0);
  ASSERT_EQ(rule_of(s, invade(0, city)), "legal");
  s.apply(invade(0, city));
  EXPECT_EQ(s.points(0), 3);
  EXPECT_EQ(s.tokens_left(0), left - 1);  // a second token on her City
  EXPECT_EQ(s.city_room(city), 0);
  EXPECT_EQ(s.tile_scores()[1].tokens[0], 2);
}

TEST(AlicematicRulings, AH22TheBankRunsOut) {
  State s = started();
  fill(s, 0, Colour::green, 3);
  s.edit_resources(1, Resource::green, 19);  // the bank keeps 1 green
  s.apply(commoner(0, Colour::white));
  s.apply(invade(0, at(s, "b1")));  // green 1, on Queen's tile
  EXPECT_EQ(s.resource(0, Resource::green), 1);
  EXPECT_EQ(s.bank(Resource::green), 0);
}

TEST(AlicematicRulings, AH23TheTileScoringExample) {
  // Queen has 3 territories on the tile and gains 6; Hatter and Cat are tied for second, but
  // Hatter has more Alices, so he gets 3 and Cat gets nothing.
  State s = game();
  for (const char* sp : {"b1", "b2", "b3"}) s.edit_token(at(s, sp), 0, true);
  for (const char* sp : {"b4", "b5"}) s.edit_token(at(s, sp), 1, true);
  s.edit_token(at(s, "b6"), 2, true);
  s.edit_token(Board::city_of(1), 2, true);
  s.edit_card(1, Colour::red, card(Colour::red, 0), true);
  s.edit_card(1, Colour::red, card(Colour::red, 1), true);
  s.edit_card(2, Colour::blue, card(Colour::blue, 0), true);
  const TileScore b = s.tile_scores()[1];
  EXPECT_EQ(b.points[0], 6);
  EXPECT_EQ(b.points[1], 3);
  EXPECT_EQ(b.points[2], 0);
  // An 'under attack' token is a territory token too: Cat, with one of each, has the most.
  State t = game();
  t.edit_token(at(t, "c1"), 0, true);
  t.edit_token(at(t, "c2"), 1, true);
  t.edit_token(at(t, "c4"), 2, true);
  t.edit_token(at(t, "c3"), 2, false);  // under attack: a territory token too, so Cat has the most
  const TileScore c = t.tile_scores()[2];
  EXPECT_EQ(c.points[0], 0);
  EXPECT_EQ(c.points[1], 0);
  EXPECT_EQ(c.points[2], 6);
  EXPECT_EQ(t.readings().consulted(), 1u << static_cast<int>(Dispute::tile_majority));
  // A tie for second on tokens and Alices gives nothing.
  State u = game();
  u.edit_token(at(u, "a1"), 0, true);
  u.edit_token(at(u, "a2"), 0, true);
  u.edit_token(at(u, "a3"), 1, true);
  u.edit_token(at(u, "a4"), 2, true);
  const TileScore a = u.tile_scores()[0];
  EXPECT_EQ(a.points[0], 6);
  EXPECT_EQ(a.points[1] + a.points[2], 0);
  EXPECT_NE(a.how.find("tie for second"), std::string::npos);
  // Tied for first on tokens, one with more Alices: 6 to her, 3 to the runner-up.
  u.edit_token(at(u, "a5"), 1, true);
  u.edit_card(1, Colour::red, card(Colour::red, 0), true);
  const TileScore a2 = u.tile_scores()[0];
  EXPECT_EQ(a2.points[1], 6);
  EXPECT_EQ(a2.points[0], 3);
  EXPECT_EQ(a2.points[2], 0);
  // Tied for first on tokens and on Alices: "all of them get 3 Victory Points and any others get
  // none".
  State v = game();
  for (const char* sp : {"a1", "a2"}) v.edit_token(at(v, sp), 0, true);
  for (const char* sp : {"a3", "a4"}) v.edit_token(at(v, sp), 1, true);
  v.edit_token(at(v, "a5"), 2, true);
  const TileScore d = v.tile_scores()[0];
  EXPECT_EQ(d.points[0], 3);
  EXPECT_EQ(d.points[1], 3);
  EXPECT_EQ(d.points[2], 0);
  // "(or third)": three tied for first on tokens, one with the most Alices gets 6; the other two,
  // tied on Alices, are tied for second, and that gives nothing.
  v.edit_token(at(v, "a6"), 2, true);
  v.edit_card(2, Colour::red, card(Colour::red, 0), true);
  const TileScore d2 = v.tile_scores()[0];
  EXPECT_EQ(d2.points[2], 6);
  EXPECT_EQ(d2.points[0] + d2.points[1], 0);
}

TEST(AlicematicRulings, AH24ColourScoringCountsAlicesSittingInEachSlot) {
  State s = game();
  s.edit_card(0, Colour::red, card(Colour::red, 0), true);
  s.edit_card(0, Colour::red, card(Colour::red, 1), true);
  s.edit_card(1, Colour::red, card(Colour::red, 2), true);
  s.edit_card(1, Colour::red, card(Colour::blue, 2), true);  // a blue Alice in the red slot
  s.edit_card(2, Colour::red, -1, false);                    // Commoners do not count
  s.edit_card(2, Colour::red, -1, false);
  s.edit_card(2, Colour::red, -1, false);
  auto red = s.colour_points(Colour::red);
  EXPECT_EQ(red[0], 2);
  EXPECT_EQ(red[1], 2);
  EXPECT_EQ(red[2], 0);
  auto blue = s.colour_points(Colour::blue);
  EXPECT_EQ(blue[0] + blue[1] + blue[2], 0);  // none: nobody scores
}

// AH-24's reading 'by-card-colour': the blue Alice in Hatter's red slot counts for blue, not red;
// the reading is asked only while an Alice sits in another colour's slot.
TEST(AlicematicRulings, AH24ReadingByCardColourCountsAnAliceByHerOwnColour) {
  const std::uint32_t bit = 1u << static_cast<int>(Dispute::colour_scoring);
  for (ColourScoring r : {ColourScoring::by_slot, ColourScoring::by_card_colour}) {
    SCOPED_TRACE(static_cast<int>(r));
    const bool by_slot = r == ColourScoring::by_slot;
    State s = game({"plain", "plain2", "plain3"}, false, reading(Dispute::colour_scoring, r));
    s.edit_card(0, Colour::red, card(Colour::red, 0), true);
    s.edit_card(0, Colour::red, card(Colour::red, 1), true);
    s.edit_card(1, Colour::red, card(Colour::red, 2), true);
    s.readings().forget();
    EXPECT_EQ(s.colour_points(Colour::red)[0], 2);  // every Alice in her own slot: nothing asked
    EXPECT_EQ(s.readings().consulted() & bit, 0u);
    s.edit_card(1, Colour::red, card(Colour::blue, 2), true);  // a blue Alice in the red slot
    const auto red = s.colour_points(Colour::red);
    const auto blue = s.colour_points(Colour::blue);
    EXPECT_EQ(s.readings().consulted() & bit, bit);
    EXPECT_EQ(red[0], 2);
    EXPECT_EQ(red[1], by_slot ? 2 : 0);  // a tie at 2, or Queen alone
    EXPECT_EQ(blue[1], by_slot ? 0 : 1);
  }
}

TEST(AlicematicRulings, AH23ReadingInvadedOnly) {
  State t = game({"plain", "plain2", "plain3"}, false, reading(Dispute::tile_majority, TileMajority::invaded_only));
  t.edit_token(at(t, "c1"), 0, true);
  t.edit_token(at(t, "c2"), 1, true);
  t.edit_token(at(t, "c3"), 2, false);  // under attack: not counted
  const TileScore c = t.tile_scores()[2];
  EXPECT_EQ(c.points[0], 3);  // Queen and Hatter tied for first on tokens and Alices
  EXPECT_EQ(c.points[1], 3);
  EXPECT_EQ(c.points[2], 0);
}

TEST(AlicematicRulings, AH25TheMostPointsThenTheMostAlicesThenShared) {
  // The game ends on Cat's attack at c4; only invaded tokens count for tiles (AH-23's
  // 'invaded-only'), so that the attack adds nothing to the scores compared here.
  const Readings invaded_only = reading(Dispute::tile_majority, TileMajority::invaded_only);
  State s = game({"plain", "plain2", "plain3"}, false, invaded_only);
  s.edit_token(at(s, "a1"), 0, true);
  s.edit_token(at(s, "b1"), 1, true);
  s.edit_card(1, Colour::white, -1, false);
  s.edit_turn(14, 2, Phase::invasion);
  s.apply(attack(2, at(s, "c4")));
  ASSERT_TRUE(s.is_over());
  EXPECT_EQ(s.scores()[0], 6);
  EXPECT_EQ(s.scores()[1], 6);
  EXPECT_EQ(s.winners(), (std::vector<int>{0, 1}));  // tied on points and Alices: shared
  State t = game({"plain", "plain2", "plain3"}, false, invaded_only);
  t.edit_token(at(t, "a1"), 0, true);
  t.edit_token(at(t, "b1"), 1, true);
  t.edit_card(1, Colour::white, card(Colour::blue, 0), true);  // +1 Alice; blue slot: none
  t.edit_card(0, Colour::white, card(Colour::white, 0), true);
  t.edit_card(0, Colour::white, card(Colour::white, 1), true);
  t.edit_turn(14, 2, Phase::invasion);
  t.apply(attack(2, at(t, "c4")));
  // Queen: 6 (a) + white slot 2 Alices (2) = 8; Hatter: 6 (b) + 0 = 6 (his Alice sits in white, 1 < 2).
  // More points win before any count of Alices; a tie on points broken by the Alices is played
  // out in fixtures/rulings/alicematic-heroes/AH-25-tie-on-points-broken-by-alices.wlog.
  EXPECT_EQ(t.scores()[0], 8);
  EXPECT_EQ(t.winners(), (std::vector<int>{0}));
}

TEST(AlicematicRulings, AH26ASeededOpenLogDealsAndDrawsFromTheSeededDeck) {
  alicematic::Setup s;
  s.catalog = &catalog();
  s.names = {"Queen", "Hatter", "Cat"};
  s.kingdoms = {0, 2, 3};
  std::string error;
  s.board = Board::build(catalog(), catalog().layouts[0], {{0, 0}, {1, 0}, {2, 0}}, error);
  s.open = true;
  s.deck_seed = 42;
  State a(s), b(s);
  const Move deal = a.legal_moves().front();
  EXPECT_EQ(deal, b.legal_moves().front());  // the same seed, the same deck
  Move other = deal;
  std::swap(other.named.cards[0], other.named.cards[1]);
  if (other.named.cards[0] != deal.named.cards[0]) {
    EXPECT_EQ(rule_of(a, other), "AH-26");
  }
  EXPECT_EQ(rule_of(a, deal), "legal");
}

// The Mobility cost agrees with a plain relaxation over every space (Bellman-Ford).
TEST(AlicematicMobility, AgreesWithBruteForceOnTheSmallMap) {
  for (int variant = 0; variant < 64; ++variant) {
    State s = game({"forest-se", "forest-n", "plain3"});
    Rng rng(static_cast<std::uint64_t>(variant));
    const int size = s.board().size();
    for (int sp = 0; sp < size; ++sp) {
      if (s.board().space(sp).colour == Colour::forest) continue;
      const int r = static_cast<int>(rng.below(5));
      if (r < 3) s.edit_token(sp, r, r != 2 || rng.below(2));
    }
    for (int seat = 0; seat < 3; ++seat)
      for (int target = 0; target < size; ++target) {
        const Invasion inv = s.assess(seat, target);
        if (inv.target == Invasion::Target::own_attack) continue;
        // Brute force.
        std::vector<int> dist(size, 1 << 20);
        for (int p = 0; p < s.board().positions(); ++p)
          if (s.is_city_of(seat, Board::city_of(p))) dist[Board::city_of(p)] = 0;
        auto enterable = [&](int v) {
          const Space& x = s.board().space(v);
          return x.colour != Colour::forest || s.forest_open(x.group);
        };
        for (int round = 0; round < size; ++round)
          for (int u = 0; u < size; ++u)
            for (int v : s.board().space(u).next)
              if (v >= 0 && v != target && enterable(v)) {
                const bool enemy = !s.tokens_on(v, seat) && s.holder(v) >= 0 &&
                                   (Board::is_city(v) || s.holder(v) != seat);
                dist[v] = std::min(dist[v], dist[u] + 1 + (enemy ? 1 : 0));
              }
        int best = 1 << 20;
        for (int u = 0; u < size; ++u)
          for (int v : s.board().space(u).next)
            if (v == target) best = std::min(best, dist[u] + 1);
        const bool city_tile = s.is_city_of(seat, Board::city_of(Board::position_of(target)));
        const int expected = city_tile ? 0 : best >= (1 << 20) ? -1 : best;
        ASSERT_EQ(inv.mobility_needed, expected) << "variant " << variant << " seat " << seat << " target "
                                                 << s.board().name(target);
      }
  }
}

// The standard catalog with `from` replaced by `to` is refused: the message holds `expected`,
// and the place is the changed text's line, `line_delta` lines down.
void refused(const std::string& from, const std::string& to, const std::string& expected, int line_delta = 0) {
  static const std::string text =
      testing::read_file(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  std::string broken = text;
  const auto at = broken.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  broken.replace(at, from.size(), to);
  const std::string file = testing::temp_dir() + "/broken.yaml";
  testing::write_file(file, broken);
  try {
    load_catalog(file);
    ADD_FAILURE() << "accepted: " << to;
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    const auto line = std::count(broken.begin(), broken.begin() + static_cast<long>(at), '\n') + 1;
    EXPECT_NE(e.where().find(file + ":" + std::to_string(line + line_delta) + ":"), std::string::npos)
        << e.where() << " line " << line << ": " << to;
  }
}

TEST(AlicematicCatalog, MalformedEntriesAreRefusedWithTheirLine) {
  refused("spaces: [red 1,", "spaces: [purple 1,", "'<colour> <difficulty>'");
  refused("{name: b, city: [1, -3]}", "{name: b, city: [1, -2]}", "overlaps");
  refused("colour: red", "colour: purple", "'colour:'");
}

// A name that logs write is refused where a log could not name it: a no-break or zero-width
// space (it looks like a plain space, or like nothing), a comma or '#' in a Kingdom (the header
// lists them with commas), blanks at either end (the header trims them), a blank in a tile id.
TEST(AlicematicCatalog, NamesALogCannotWriteAreRefused) {
  refused("names: [Queen of Hearts,", "names: [Queen of\u00a0Hearts,",
          "a Kingdom's name holds U+00A0, a no-break space, after 'Queen of' ('Queen of<U+00A0>Hearts'): it looks "
          "like a plain space or like nothing, and a log typed at the table cannot name it; write a plain space "
          "there, or nothing");
  refused("names: [Queen of Hearts,", "names: [\"Queen of Hearts\u200b\",", "U+200B, a zero-width space");
  refused("names: [Queen of Hearts,", "names: [\"Queen, Hearts\",",
          "a Kingdom's name has no ',' (logs list the Kingdoms with commas, and '#' starts a comment): found 'Queen, "
          "Hearts'");
  refused("names: [Queen of Hearts,", "names: [\"Queen of Hearts \",", "has no blank at its start or end");
  refused("- id: \"1\"", "- id: \"1 b\"", "a tile id has no blank (logs write it in the tiles header, as in 7/2)");
  refused("- id: \"1\"", "- id: \"1\\tb\"", "a tile id has no tab (logs write it in the tiles header");
  refused("- id: \"1\"", "- id: \"1\u00a0\"", "a tile id holds U+00A0, a no-break space");
}

// A Kingdom written in decomposed form (macOS input) is read composed, as the log reader reads
// every line: the header's composed name then finds it.
TEST(AlicematicCatalog, AKingdomIsReadInItsComposedForm) {
  std::string text = testing::read_file(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  const std::string from = "names: [Queen of Hearts,";
  text.replace(text.find(from), from.size(), "names: [\"Reine de Coe\u0301ur\",");
  const std::string file = testing::temp_dir() + "/decomposed.yaml";
  testing::write_file(file, text);
  const Catalog c = load_catalog(file);
  EXPECT_EQ(c.kingdoms[0], "Reine de Co\u00e9ur");
  EXPECT_TRUE(c.find_kingdom("Reine de Co\u00e9ur"));
}

// A 3-player table log on the standard catalog, cut short: its headers and first entries.
std::string log_with(const std::string& headers, const std::string& body) {
  return "wonderlog 1\ngame: alicematic-heroes\ncatalog: alicematic-heroes\nplayers: Ann, Bob, Cy\n" + headers +
         "\n" + body;
}
const std::string kHeaders =
    "kingdoms: Queen of Hearts, Mad Hatter, Cheshire Cat\ntiles: 1/0 2/1 3/2 4/3 5/4 6/5 7/0 8/0 9/0";
const std::string kSetUp = "1. Ann: keep\n2. Bob: keep\n3. Cy: keep\n4. Ann: city b\n5. Bob: city c\n";

// The first diagnostic of a log: "line:col rule message".
std::string first_error(const std::string& text) {
  const auto reports = testing::verify_text(text);
  if (reports.empty() || !reports[0].error) return "valid";
  const Diagnostic& d = *reports[0].error;
  return std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + " " + d.rule + " " + d.message;
}

// AH-34's refusals in an open log show the entry to write: a generated game's first Cyber use,
// rewritten.
TEST(AlicematicRulings, AH34AnOpenLogsCyberRefusalShowsTheEntry) {
  GenOptions o;
  o.players = 4;
  o.seed = 1;
  std::string error;
  const std::string log = find_game("alicematic-heroes")->generate(o, error);
  const std::size_t use = log.find("use Cyber discards ");
  ASSERT_NE(use, std::string::npos);
  const std::string before = log.substr(0, use);
  EXPECT_NE(first_error(before + "use Cyber\n")
                .find("AH-34 an open log names the card discarded, like 'use Cyber discards Saint draws Jet'"),
            std::string::npos)
      << first_error(before + "use Cyber\n");
  EXPECT_NE(first_error(before + "use Cyber discards Saint, Saint draws Jet\n")
                .find("AH-34 Cyber's effect discards 1 card, and the entry names 2"),
            std::string::npos)
      << first_error(before + "use Cyber discards Saint, Saint draws Jet\n");
  // explain says the whole of the use, the draw too.
  const std::size_t end = log.find('\n', use);
  const std::string path = testing::temp_dir() + "/cyber.wlog";
  testing::write_file(path, log);
  const std::size_t number_at = log.rfind('\n', use) + 1;
  const std::string number = log.substr(number_at, log.find('.', number_at) - number_at);
  const auto e = testing::run_cli({"explain", path, "--at", number});
  const std::string entry = log.substr(use, end - use);  // "use Cyber discards Original draws Sailor"
  const std::string discarded = entry.substr(19, entry.find(" draws ") - 19);
  const std::string drawn = entry.substr(entry.find(" draws ") + 7);
  EXPECT_NE(e.out.find("uses Cyber, discarding " + discarded + ", drawing " + drawn + "\n"), std::string::npos)
      << e.out;
}

// explain's arithmetic counts as red only the yellow an effect lets her pay as red (AH-32), as
// the refusal's facts do: found in review, it counted every yellow token as red.
TEST(AlicematicExplain, TheArithmeticCountsNoYellowAsRedWithoutAnEffect) {
  const auto generated = testing::run_cli({"gen", "alicematic-heroes", "--seed", "1", "--players", "4"});
  ASSERT_EQ(generated.code, 0) << generated.err;
  const std::size_t at = generated.out.find("\n30. Arthur: ");
  ASSERT_NE(at, std::string::npos);
  const std::string path = testing::temp_dir() + "/yellow.wlog";
  testing::write_file(path, generated.out.substr(0, at) + "\n30. Arthur: invade b3 pay 1 yellow\n");
  const auto e = testing::run_cli({"explain", path, "--at", "30"});
  EXPECT_NE(e.out.find("[AH-15]"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("(red slot cards) + 0 (red tokens paid; 1 yellow, which does not count as red) = "),
            std::string::npos)
      << e.out;
  EXPECT_EQ(e.out.find("yellow counted as red"), std::string::npos) << e.out;
}

// A move left out before another of the same player's: her turn holds several entries, so her
// being due says little. The entry refused as the move due is asked about as a move left out,
// one that would be legal as either (found in review: both were asked whether the number was
// skipped, and renumbering gave only a new error).
TEST(AlicematicBadInput, AMoveLeftOutBeforeAnotherOfTheSamePlayersIsAskedAbout) {
  const auto generated = testing::run_cli({"gen", "alicematic-heroes", "--seed", "4", "--players", "3"});
  ASSERT_EQ(generated.code, 0) << generated.err;
  auto without = [&](const std::string& line) {
    const std::size_t at = generated.out.find("\n" + line + "\n");
    EXPECT_NE(at, std::string::npos) << line;
    return first_error(generated.out.substr(0, at + 1) + generated.out.substr(at + line.size() + 2));
  };
  std::string e = without("10. Arthur: summon Adventurer green");
  EXPECT_NE(e.find("this is move 10 of the game, but it is numbered 11: no line is numbered 10; was move 10 left "
                   "out?"),
            std::string::npos)
      << e;
  // A card she does not hold is the fault before its slot (found in review: `summon Diva green`
  // without a Diva was told Diva's slot first, and then, once "fixed", that she had none).
  const std::string line = "10. Arthur: summon Adventurer green";
  std::string diva = generated.out;
  diva.replace(diva.find(line), line.size(), "10. Arthur: summon Diva green");
  e = first_error(diva);
  EXPECT_NE(e.find("AH-7 Arthur has no Diva in hand"), std::string::npos) << e;
  e = without("69. Dinah: use Fighter");
  EXPECT_NE(e.find("no line is numbered 69, and move 69 is Dinah's, as written here; was the number 69 skipped, or an "
                   "entry of Dinah's turn left out before this one?"),
            std::string::npos)
      << e;
}

TEST(AlicematicBadInput, EachProblemIsNamedWhereItIsWritten) {
  EXPECT_EQ(first_error(log_with(kHeaders, kSetUp)).substr(0, 6), "11:15 ");  // incomplete: past the last line
  // An unknown space.
  std::string e = first_error(log_with(kHeaders, kSetUp + "6. Cy: city q\n"));
  EXPECT_NE(e.find("AH-1 there is no space 'q' on this map: its positions are a to i, each with spaces 0 (the City) to 6"),
            std::string::npos)
      << e;
  EXPECT_EQ(e.substr(0, 5), "12:13") << e;
  // An unknown tile, and a tile placed twice.
  e = first_error(log_with("kingdoms: Queen of Hearts, Mad Hatter, Cheshire Cat\ntiles: 1/0 2/1 3/2 4/3 5/4 6/5 7/0 "
                           "8/0 99/0",
                           kSetUp));
  EXPECT_NE(e.find("AH-1 catalog 'alicematic-heroes' has no tile '99'"), std::string::npos) << e;
  EXPECT_EQ(e.substr(0, 5), "6:40 ") << e;
  e = first_error(log_with("kingdoms: Queen of Hearts, Mad Hatter, Cheshire Cat\ntiles: 1/0 2/1 3/2 4/3 5/4 6/5 7/0 "
                           "8/0 1/3",
                           kSetUp));
  EXPECT_NE(e.find("placed twice"), std::string::npos) << e;
  // A Kingdom chosen twice.
  e = first_error(log_with("kingdoms: Queen of Hearts, Mad Hatter, Queen of Hearts\ntiles: 1/0 2/1 3/2 4/3 5/4 6/5 "
                           "7/0 8/0 9/0",
                           kSetUp));
  EXPECT_NE(e.find("AH-3 Ann and Cy both chose the Queen of Hearts"), std::string::npos) << e;
  EXPECT_EQ(e.substr(0, 5), "5:40 ") << e;
  // The first error of a game whose cities are chosen, with `entry` as round 1's first move.
  auto first_error_of_move_10 = [&](const std::string& entry) {
    return first_error(log_with(kHeaders, kSetUp + "6. Cy: city c\n7. Cy: city b\n8. Bob: city b\n9. Ann: city c\n\n"
                                          "round 1\n10. Ann: " + entry + "\n"));
  };
  // An Alice not in the catalog.
  e = first_error_of_move_10("summon Dormouse red");
  EXPECT_NE(e.find("expected an Alice of catalog 'alicematic-heroes', found 'Dormouse'"), std::string::npos) << e;
  EXPECT_EQ(e.find("did you mean"), std::string::npos) << e;  // nothing in the catalog is close
  // A misspelt one gets the nearest name.
  e = first_error_of_move_10("summon shrine maden yellow");
  EXPECT_NE(e.find("found 'shrine maden', which is not one of its cards (did you mean 'Shrine Maiden'?)"),
            std::string::npos)
      << e;
  // A slot misspelt after a name is read as the name's last word: the refusal points at it, not
  // past the end (found in review: "found end of line"); a name of several words that is a card
  // and no slot after it is still the slot missing.
  e = first_error_of_move_10("summon Shrine Maiden purple");
  EXPECT_NE(e.find("expected the Alice's slot after 'Shrine Maiden': red, blue, yellow, green or white, found "
                   "'purple'"),
            std::string::npos)
      << e;
  // A Commoner's alike (found in review: `commoner Bunny Girl` was "found 'Bunny'").
  e = first_error_of_move_10("commoner Bunny Girl");
  EXPECT_NE(e.find("expected the Alice's slot after 'Bunny Girl': red, blue, yellow, green or white, found end of "
                   "line"),
            std::string::npos)
      << e;
  e = first_error_of_move_10("commoner Hermit purple");
  EXPECT_NE(e.find("expected the Alice's slot after 'Hermit': red, blue, yellow, green or white, found 'purple'"),
            std::string::npos)
      << e;
  e = first_error_of_move_10("summon Shrine Maiden");
  EXPECT_NE(e.find("expected the Alice's slot after her name: red, blue, yellow, green or white, found end of line"),
            std::string::npos)
      << e;
  // One written with an accent is read whole, not cut there (found in review: 'ése' was refused as
  // a slot).
  e = first_error_of_move_10("summon Chin\xC3\xA9se yellow");
  EXPECT_NE(e.find("found 'Chin\xC3\xA9se', which is not one of its cards (did you mean 'Chinese'?)"), std::string::npos)
      << e;
  // A word after a used Alice's name that her effect does not take there is pointed at, with what
  // she takes (found in review: 'use Chinese blue' was "expected the end of the move", and
  // 'use Chinese gren' an unknown card 'Chinese gren'). An extra word after her argument is one.
  e = first_error_of_move_10("use Chinese blue");
  EXPECT_NE(e.find("expected a token colour after 'Chinese' (red or yellow: the token Ann gives for a green one), "
                   "found 'blue'"),
            std::string::npos)
      << e;
  e = first_error_of_move_10("use Chinese gren");
  // Green is not among them: she gets green (AH-33 refuses green for green), so 'gren' is no slip
  // for it.
  EXPECT_TRUE(e.ends_with("expected a token colour after 'Chinese' (red or yellow: the token Ann gives for a green "
                         "one), found 'gren'"))
      << e;
  // A copying Alice takes what the copied effect takes: no guess of hers (found in review).
  e = first_error_of_move_10("use Wiccan blue");
  EXPECT_EQ(e.find("after 'Wiccan'"), std::string::npos) << e;
  // Two names run together: the first is the Alice, the rest what follows her.
  e = first_error_of_move_10("use Hermit Bunny Girl");
  EXPECT_NE(e.find("expected the end of the move (Hermit's effect takes nothing after her name), found 'Bunny'"),
            std::string::npos)
      << e;
  e = first_error_of_move_10("use Jet blue");
  EXPECT_NE(e.find("expected a space after 'Jet' (the one whose 'under attack' token Ann flips, like c3), found "
                   "'blue'"),
            std::string::npos)
      << e;
  e = first_error_of_move_10("use Hermit blue");
  EXPECT_NE(e.find("expected the end of the move (Hermit's effect takes nothing after her name), found 'blue'"),
            std::string::npos)
      << e;
  e = first_error_of_move_10("use Chinese red green");
  EXPECT_NE(e.find("expected the end of the move, found 'green'"), std::string::npos) << e;
  // A misspelt move word gets the nearest one, and a known word is not "meant" for itself.
  grammar::alicematic::MoveTokens tokens;
  SyntaxError syntax;
  ASSERT_FALSE(grammar::alicematic::parse_move("atack c2", tokens, syntax));
  EXPECT_EQ(syntax.text(),
            "expected a move: 'keep', 'mulligan', 'city', 'summon', 'commoner', 'draw', 'invade', 'attack', 'pass' or "
            "'use', found 'atack'; did you mean 'attack'?");
  EXPECT_EQ(syntax.width, 5u);
  syntax = SyntaxError{};
  ASSERT_FALSE(grammar::alicematic::parse_move("dance c2", tokens, syntax));
  EXPECT_EQ(syntax.found, "'dance'");
  syntax = SyntaxError{};
  ASSERT_FALSE(grammar::alicematic::parse_move("Attack c2 c3", tokens, syntax));
  EXPECT_EQ(syntax.text().find("did you mean"), std::string::npos) << syntax.text();
  // No map at all.
  e = first_error(log_with("kingdoms: Queen of Hearts, Mad Hatter, Cheshire Cat", kSetUp));
  EXPECT_NE(e.find("AH-2 the game has no map"), std::string::npos) << e;
  // The command line: exit code 1 for an invalid game, the diagnostic on stderr or stdout with file:line:col.
  const std::string dir = testing::temp_dir();
  testing::write_file(dir + "/bad.wlog", log_with(kHeaders, kSetUp + "6. Cy: city q\n"));
  const testing::CliRun run = testing::run_cli({"verify", "--catalog-dir",
                                                testing::source_path("fixtures/catalogs"), dir + "/bad.wlog"});
  EXPECT_EQ(run.code, 1);
  EXPECT_NE((run.out + run.err).find("bad.wlog:12:13: error"), std::string::npos) << run.out << run.err;
}

TEST(AlicematicNotation, EveryEntryParses) {
  using grammar::alicematic::MoveTokens;
  using grammar::alicematic::parse_move;
  MoveTokens t;
  SyntaxError e;
  ASSERT_TRUE(parse_move("summon Shrine Maiden yellow pay 2 yellow", t, e)) << e.expected;
  EXPECT_EQ(t.kind, MoveTokens::Kind::summon);
  EXPECT_EQ(t.card.text, "Shrine Maiden");
  EXPECT_EQ(t.slot.text, "yellow");
  EXPECT_EQ(t.payments, 1);
  EXPECT_EQ(t.pay[0].amount, 2u);
  ASSERT_TRUE(parse_move("commoner red", t, e));
  EXPECT_TRUE(t.card.text.empty());
  ASSERT_TRUE(parse_move("commoner Bunny Girl white draws Hermit", t, e));
  EXPECT_EQ(t.card.text, "Bunny Girl");
  EXPECT_EQ(t.drawn.size(), 1);
  ASSERT_TRUE(parse_move("invade c3 pay 1 red, 2 green draws Jet, Little", t, e));
  EXPECT_EQ(t.target.text, "c3");
  EXPECT_EQ(t.payments, 2);
  EXPECT_EQ(t.drawn.size(), 2);
  ASSERT_TRUE(parse_move("mulligan 3", t, e));
  EXPECT_EQ(t.discards, 3);
  ASSERT_TRUE(parse_move("mulligan Diva, Ninja draws Saint, Jet", t, e));
  EXPECT_EQ(t.cards.size(), 2);
  EXPECT_EQ(t.drawn.size(), 2);
  for (const char* ok : {"keep", "pass", "draw", "draw Hermit, Jet, Saint", "city c", "attack m6", "KEEP"})
    EXPECT_TRUE(parse_move(ok, t, e)) << ok << ": " << e.expected;
  // Errors name what was expected, in words.
  EXPECT_FALSE(parse_move("summon Diva", t, e));
  EXPECT_NE(e.expected.find("slot"), std::string::npos) << e.expected;
  EXPECT_FALSE(parse_move("invade", t, e));
  EXPECT_NE(e.expected.find("a space like c3"), std::string::npos) << e.expected;
  EXPECT_FALSE(parse_move("invade c3 pay red", t, e));
  EXPECT_NE(e.expected.find("tokens paid"), std::string::npos) << e.expected;
  EXPECT_FALSE(parse_move("conquer c3", t, e));
  EXPECT_NE(e.expected.find("'invade'"), std::string::npos) << e.expected;
  EXPECT_EQ(e.expected.find("boost"), std::string::npos);
}


// Keywords and slot colours are whole words in any letter case, compared folded (as integers):
// a word one letter off, one letter longer or shorter, or glued to a digit is none of them.
TEST(AlicematicNotation, KeywordsInAnyCaseAndNothingNearThem) {
  using grammar::alicematic::MoveTokens;
  using grammar::alicematic::parse_move;
  MoveTokens t;
  SyntaxError e;
  for (const char* ok : {"COMMONER Hermit RED", "Invade C3 Pay 1 Red, 2 GREEN Draws Jet", "sUmMoN Diva YeLLoW",
                         "Mulligan 2 DRAWS Jet", "City c", "ATTACK m6", "Use Hermit"})
    EXPECT_TRUE(parse_move(ok, t, e)) << ok << ": " << e.expected;
  ASSERT_TRUE(parse_move("Commoner Bunny Girl WHITE", t, e));
  EXPECT_EQ(t.card.text, "Bunny Girl");
  EXPECT_EQ(alicematic::slot_of(t.slot.text), alicematic::Colour::white);
  for (const char* bad : {"commoners Hermit red", "commone Hermit red", "commonar Hermit red", "invade2 c3",
                          "summon Diva yellows", "summon Diva yello", "summon Diva pink", "keeps", "kee"})
    EXPECT_FALSE(parse_move(bad, t, e)) << bad;
  // What a person is told is missing: named, never a C++ type or a vague "rest of the move".
  EXPECT_FALSE(parse_move("invade e2 pay 1 purple", t, e));
  EXPECT_EQ(e.expected, "a token colour: red, yellow or green");
  EXPECT_FALSE(parse_move("summon Baker", t, e));
  EXPECT_EQ(e.expected, "the Alice's slot after her name: red, blue, yellow, green or white");
  for (int c = 0; c < alicematic::kSlots; ++c) {
    const auto colour = static_cast<alicematic::Colour>(c);
    EXPECT_EQ(alicematic::slot_of(ascii_upper(alicematic::colour_name(colour))), colour);
  }
  EXPECT_EQ(alicematic::slot_of("City"), std::nullopt);  // a space's colour, not a slot's
  EXPECT_EQ(alicematic::slot_of("reds"), std::nullopt);
  // As written, in any case, and words of a slot name's length that are none.
  for (int c = 0; c < alicematic::kSlots; ++c) {
    const auto colour = static_cast<alicematic::Colour>(c);
    const std::string name(alicematic::colour_name(colour));
    EXPECT_EQ(alicematic::slot_of(name), colour) << name;
    std::string mixed = name;
    mixed.back() = static_cast<char>(mixed.back() - 'a' + 'A');
    EXPECT_EQ(alicematic::slot_of(mixed), colour) << mixed;
    std::string off = name;
    off.back() = off.back() == 'x' ? 'y' : 'x';
    EXPECT_EQ(alicematic::slot_of(off), std::nullopt) << off;
  }
  for (const char* none : {"", "r", "re", "bleu", "grey", "whiten", "yellowy", "Mystic Forest"})
    EXPECT_EQ(alicematic::slot_of(none), std::nullopt) << none;
}

// ---------------------------------------------------------------------------------------
// Card effects (AH-27 to AH-50): the standard catalog's Alices, with their catalog effects,
// added to the small map's cards.

Catalog effects_catalog() {
  Catalog c = small_catalog();
  const int shift = static_cast<int>(c.cards.size());
  for (Card k : load_catalog(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml")).cards) {
    for (Ability& a : k.effects)
      for (Step& st : a.steps)
        for (int& x : st.except_cards) x += shift;
    c.card_total += k.count;
    c.cards.push_back(std::move(k));
  }
  c.index_cards();
  return c;
}
const Catalog& fx_catalog() {
  static const Catalog c = effects_catalog();
  return c;
}
int A(const char* name) { return *fx_catalog().find_card(name); }

// As started(), on a catalog `base` (the effects catalog unless a test corrects it).
State fx(std::vector<std::string> tiles = {"plain", "plain2", "plain3"}, const Catalog* base = nullptr,
         bool cities = true, const Readings& readings = {}) {
  const Catalog& cat = base ? *base : fx_catalog();
  alicematic::Setup s;
  s.catalog = &cat;
  s.readings = readings;
  s.names = {"Queen", "Hatter", "Cat"};
  s.kingdoms = {0, 2, 3};
  std::vector<Placement> placements;
  for (const auto& t : tiles) placements.push_back(Placement{*cat.find_tile(t), 0});
  std::string error;
  s.board = Board::build(cat, cat.layouts[0], placements, error);
  State st(s);
  if (cities) {
    st.edit_token(Board::city_of(1), 0, true);
    st.edit_token(Board::city_of(2), 1, true);
    st.edit_token(Board::city_of(2), 2, true);
  }
  st.edit_turn(1, 0, Phase::politics);
  return st;
}
// An Alice put straight into a Kingdom (no effect fires): her own slot unless one is named.
void put(State& s, int seat, const char* name, bool face_up = true, std::optional<Colour> slot = std::nullopt) {
  const int c = A(name);
  s.edit_card(seat, slot ? *slot : fx_catalog().cards[c].colour, c, face_up);
}
Move use(int seat, const char* name) {
  Move m;
  m.kind = Move::Kind::use;
  m.seat = static_cast<std::uint8_t>(seat);
  m.card = static_cast<std::int8_t>(A(name));
  return m;
}
Move use_on(int seat, const char* name, const char* target) {
  Move m = use(seat, name);
  m.target = static_cast<std::int8_t>(A(target));
  return m;
}
TEST(AlicematicRulings, AH27EffectsComeFromTheCatalogAndUseEntries) {
  State s = fx();
  EXPECT_EQ(message_of(s, use(0, "Hermit")), "AH-27 Queen has no face-up Hermit in her Kingdom");
  put(s, 0, "Ninja");
  put(s, 0, "Hunter");
  put(s, 0, "Saint");
  put(s, 0, "Hermit");
  put(s, 0, "Panzer");
  EXPECT_NE(message_of(s, use(0, "Ninja")).find("is always on"), std::string::npos);
  EXPECT_NE(message_of(s, use(0, "Hunter")).find("happens by itself"), std::string::npos);
  EXPECT_NE(message_of(s, use(0, "Saint")).find("counts in the final scoring"), std::string::npos);
  EXPECT_NE(message_of(s, use(0, "Panzer")).find("has no effect"), std::string::npos);
  Move with_space = use(0, "Hermit");
  with_space.space = static_cast<std::int16_t>(at(s, "a1"));
  EXPECT_NE(message_of(s, with_space).find("takes no space"), std::string::npos);
  // Only on her own turn (AH-28).
  EXPECT_EQ(message_of(s, use(1, "Hermit")),
            "AH-28 it is Queen's turn: a player uses her Alices' effects only in her own turn, before her Invasion entry");
  // The effect is the catalog's: a catalog whose Hermit gains 1 green makes her gain 1.
  Catalog corrected = fx_catalog();
  corrected.cards[A("Hermit")].effects[0].steps[0].count = 1;
  State c = fx({"plain", "plain2", "plain3"}, &corrected);
  c.edit_card(0, Colour::green, A("Hermit"), true);
  c.apply(use(0, "Hermit"));
  EXPECT_EQ(c.resource(0, Resource::green), 1);
  s.apply(use(0, "Hermit"));
  EXPECT_EQ(s.resource(0, Resource::green), 3);
}

TEST(AlicematicRulings, AH28EachRoundEffectsOnOwnTurnResetEachRound) {
  State s = fx();
  put(s, 0, "Chinese");
  s.edit_resources(0, Resource::red, 2);
  Move swap = use(0, "Chinese");
  swap.token = 0;  // red
  ASSERT_EQ(rule_of(s, swap), "legal");
  s.apply(swap);
  EXPECT_EQ(s.resource(0, Resource::red), 1);
  EXPECT_EQ(s.resource(0, Resource::green), 1);
  EXPECT_EQ(s.bank(Resource::red), 19);
  EXPECT_EQ(s.bank(Resource::green), 19);
  EXPECT_NE(message_of(s, swap).find("AH-28 Chinese's effect is used once each round"), std::string::npos);
  // Between her Politics and her Invasion it is still her turn; the count still holds.
  s.apply(commoner(0, Colour::white));
  EXPECT_EQ(rule_of(s, swap), "AH-28");
  s.apply(attack(0, at(s, "a1")));
  for (int seat : {1, 2}) {
    s.apply(commoner(seat, Colour::white));
    s.apply(attack(seat, at(s, seat == 1 ? "a2" : "a4")));
  }
  ASSERT_EQ(s.round(), 2);
  EXPECT_EQ(rule_of(s, swap), "legal");  // a new round: the count starts again
}

// AH-28's reading 'after-invasion-too' (open question (o)): her effects may also come after her
// Invasion entry, in her own turn; her turn stays open for them while one is left, and the next
// player's entry ends it. Under the default the same use is refused, and the refusal consults
// the reading; a player with no effect to use is not held up under either.
TEST(AlicematicRulings, AH28UnderAfterInvasionTooAnEffectMayFollowTheInvasionEntry) {
  for (UseTime r : {UseTime::before_invasion_entry, UseTime::after_invasion_too}) {
    State s = fx({"plain", "plain2", "plain3"}, nullptr, true, reading(Dispute::use_time, r));
    put(s, 0, "Chinese");
    s.edit_resources(0, Resource::red, 2);
    Move swap = use(0, "Chinese");
    swap.token = 0;  // red
    s.apply(commoner(0, Colour::white));
    s.apply(attack(0, at(s, "a1")));
    s.readings().forget();
    EXPECT_EQ(rule_of(s, swap), r == UseTime::after_invasion_too ? "legal" : "AH-28");
    EXPECT_NE(s.readings().consulted() & (1u << static_cast<int>(Dispute::use_time)), 0u);
    const std::vector<Move> legal = s.legal_moves();
    EXPECT_EQ(std::find(legal.begin(), legal.end(), swap) != legal.end(), r == UseTime::after_invasion_too);
    if (r == UseTime::before_invasion_entry) {
      EXPECT_EQ(s.to_move().seat, 1);
      continue;
    }
    EXPECT_TRUE(s.window_open());
    EXPECT_EQ(s.to_move().seat, 0);
    EXPECT_EQ(rule_of(s, commoner(1, Colour::white)), "legal");  // the next entry ends her turn
    s.apply(swap);
    EXPECT_EQ(s.resource(0, Resource::green), 1);
    EXPECT_FALSE(s.window_open());  // her one effect is spent: the turn passed by itself
    EXPECT_EQ(s.to_move().seat, 1);
    // Hatter has no effect to use: her Invasion entry ends her turn at once.
    s.apply(commoner(1, Colour::white));
    s.apply(attack(1, at(s, "a2")));
    EXPECT_EQ(s.to_move().seat, 2);
  }
  // The last turn of the game left open after its Invasion entry: another entry is refused as
  // past the game's end, a verdict resting on AH-28 (whose reading left the turn open), not on
  // the final scoring's AH-23 (a reviewer saw explain name AH-23 there).
  State last =
      fx({"plain", "plain2", "plain3"}, nullptr, true, reading(Dispute::use_time, UseTime::after_invasion_too));
  put(last, 2, "Chinese");
  last.edit_resources(2, Resource::red, 2);
  last.edit_turn(14, 2, Phase::politics);
  last.apply(commoner(2, Colour::white));
  last.apply(attack(2, at(last, "a1")));
  ASSERT_TRUE(last.window_open());
  last.readings().forget();
  EXPECT_EQ(rule_of(last, attack(2, at(last, "a2"))), "AH-6");
  EXPECT_EQ(last.readings().consulted(), 1u << static_cast<int>(Dispute::use_time));
}

// AH-28's reading 'any-turn' (open question (j)): a once each round effect may also be used in
// another player's turn, between any two of its entries; the turn goes on as if nothing came
// between them. The count is the round's, shared with her own turn. Effects not counted each
// round (Jet's flip) and Military Power "this turn" (Valkyrie) stay in her own turn. Under the
// default the same entry is refused, and the refusal consults AH-28.
TEST(AlicematicRulings, AH28UnderAnyTurnAnEachRoundEffectMayComeInAnotherPlayersTurn) {
  for (UseTime r : {UseTime::before_invasion_entry, UseTime::after_invasion_too, UseTime::any_turn}) {
    SCOPED_TRACE(static_cast<int>(r));
    State s = fx({"plain", "plain2", "plain3"}, nullptr, true, reading(Dispute::use_time, r));
    put(s, 1, "Chinese");
    s.edit_resources(1, Resource::red, 2);
    Move swap = use(1, "Chinese");
    swap.token = 0;  // red
    s.readings().forget();
    EXPECT_EQ(rule_of(s, swap), r == UseTime::any_turn ? "legal" : "AH-28");  // in the Queen's Politics
    EXPECT_EQ(s.readings().consulted(), 1u << static_cast<int>(Dispute::use_time));
    std::vector<Move> legal = s.legal_moves();
    EXPECT_EQ(std::find(legal.begin(), legal.end(), swap) != legal.end(), r == UseTime::any_turn);
    if (r != UseTime::any_turn) {
      EXPECT_NE(message_of(s, swap).find("it is Queen's turn"), std::string::npos);
      continue;
    }
    s.apply(commoner(0, Colour::white));
    s.apply(swap);  // between the Queen's Commoner and her Invasion entry
    EXPECT_EQ(s.resource(1, Resource::green), 1);
    EXPECT_EQ(s.resource(1, Resource::red), 1);
    EXPECT_EQ(s.to_move().seat, 0);
    EXPECT_EQ(s.phase(), Phase::invasion);
    EXPECT_EQ(rule_of(s, attack(0, at(s, "a1"))), "legal");  // her Invasion entry still comes
    // The round's one use is spent, in the Queen's turn or in Hatter's own.
    EXPECT_EQ(rule_of(s, swap), "AH-28");
    s.apply(attack(0, at(s, "a1")));
    ASSERT_EQ(s.to_move().seat, 1);
    EXPECT_NE(message_of(s, swap).find("Chinese's effect is used once each round"), std::string::npos);
    legal = s.legal_moves();
    EXPECT_EQ(std::find(legal.begin(), legal.end(), swap), legal.end());
    s.apply(commoner(1, Colour::white));
    s.apply(attack(1, at(s, "a2")));
    s.apply(commoner(2, Colour::white));
    s.apply(attack(2, at(s, "a4")));
    ASSERT_EQ(s.round(), 2);
    EXPECT_EQ(rule_of(s, swap), "legal");  // a new round, in the Queen's turn again
  }
  // Effects that stay in her own turn under 'any-turn': a flip (not counted each round), and
  // Military Power for this turn.
  State s = fx({"plain", "plain2", "plain3"}, nullptr, true, reading(Dispute::use_time, UseTime::any_turn));
  fill(s, 2, Colour::green, 2);
  put(s, 2, "Valkyrie");
  put(s, 2, "Ninja");
  put(s, 1, "Jet");
  EXPECT_EQ(message_of(s, use_on(2, "Valkyrie", "Ninja")),
            "AH-28 it is Queen's turn: Valkyrie's Military Power lasts 'this turn', so it is used only in Cat's own "
            "turn");
  Move flip = use(1, "Jet");
  flip.space = static_cast<std::int16_t>(at(s, "a2"));
  EXPECT_EQ(message_of(s, flip),
            "AH-28 it is Queen's turn: only an effect used once or twice each round may come in another player's turn, "
            "and Jet's is not");
  for (const Move& m : s.legal_moves()) EXPECT_EQ(m.seat, 0);
}

// Under 'any-turn' the next player's `use` after an attack left the turn open for a flip begins
// her own turn (AH-31); a third player's comes in the open turn, which stays open.
TEST(AlicematicRulings, AH28UnderAnyTurnTheNextPlayersUseStillEndsAnOpenTurn) {
  State s = fx({"plain", "plain2", "plain3"}, nullptr, true, reading(Dispute::use_time, UseTime::any_turn));
  put(s, 0, "Jet");
  for (int seat : {1, 2}) {
    put(s, seat, "Chinese");
    s.edit_resources(seat, Resource::red, 1);
  }
  Move swap1 = use(1, "Chinese"), swap2 = use(2, "Chinese");
  swap1.token = swap2.token = 0;
  s.apply(commoner(0, Colour::white));
  s.apply(attack(0, at(s, "a1")));
  ASSERT_TRUE(s.window_open());
  ASSERT_EQ(rule_of(s, swap2), "legal");
  s.apply(swap2);  // Cat's, in the Queen's open turn
  EXPECT_TRUE(s.window_open());
  EXPECT_EQ(s.to_move().seat, 0);
  ASSERT_EQ(rule_of(s, swap1), "legal");
  s.apply(swap1);  // Hatter's begins his turn
  EXPECT_FALSE(s.window_open());
  EXPECT_EQ(s.to_move().seat, 1);
  EXPECT_EQ(s.phase(), Phase::politics);
}

// 'any-turn' at the edges a review found: her own `use` right after her Commoner under AH-14's
// 'commoner-ends-turn' comes in the next turn, which it begins; the next player's `use` after the
// game's last turn, left open, comes in it (no turn of hers is left to begin); a `use` that calls
// on no Alice of hers is refused for that, as in her own turn; a Wiccan's copied flip is named.
TEST(AlicematicRulings, AH28UnderAnyTurnAtTheEdgesOfATurn) {
  Readings both = reading(Dispute::use_time, UseTime::any_turn);
  both.choose(static_cast<int>(Dispute::commoner_turn), static_cast<int>(CommonerTurn::commoner_ends_turn));
  State s = fx({"plain", "plain2", "plain3"}, nullptr, true, both);
  put(s, 0, "Chinese");
  s.edit_resources(0, Resource::red, 1);
  Move swap = use(0, "Chinese");
  swap.token = 0;
  s.apply(commoner(0, Colour::white));
  ASSERT_TRUE(s.window_open());
  ASSERT_EQ(rule_of(s, swap), "legal");
  s.apply(swap);
  EXPECT_EQ(s.to_move().seat, 1);  // Hatter's turn, which her entry began
  EXPECT_EQ(s.phase(), Phase::politics);
  EXPECT_EQ(s.resource(0, Resource::green), 1);
  Move other = swap;
  EXPECT_NE(message_of(s, other).find("Chinese's effect is used once each round"), std::string::npos);
  // Under the default AH-28 the same entry is AH-14's refusal.
  State plain = fx({"plain", "plain2", "plain3"}, nullptr, true,
                   reading(Dispute::commoner_turn, CommonerTurn::commoner_ends_turn));
  put(plain, 0, "Chinese");
  plain.edit_resources(0, Resource::red, 1);
  plain.apply(commoner(0, Colour::white));
  EXPECT_EQ(rule_of(plain, swap), "AH-14");

  // The game's last turn, left open after its attack by Cat's Jet: the Queen (next in seat order)
  // may still use her effect in it.
  State last = fx({"plain", "plain2", "plain3"}, nullptr, true, reading(Dispute::use_time, UseTime::any_turn));
  put(last, 0, "Chinese");
  last.edit_resources(0, Resource::red, 1);
  put(last, 2, "Jet");
  last.edit_turn(14, 2, Phase::politics);
  last.apply(commoner(2, Colour::white));
  last.apply(attack(2, at(last, "a1")));
  ASSERT_TRUE(last.window_open());
  EXPECT_TRUE(last.may_use_in_open_turn(0));
  ASSERT_EQ(rule_of(last, swap), "legal");
  last.apply(swap);
  EXPECT_TRUE(last.window_open());
  EXPECT_FALSE(last.is_over());
  last.close_window();
  EXPECT_TRUE(last.is_over());

  // No usable Alice: the refusal says so, as in her own turn (it said "it is Queen's turn").
  State none = fx({"plain", "plain2", "plain3"}, nullptr, true, reading(Dispute::use_time, UseTime::any_turn));
  put(none, 1, "Chinese", /*face_up=*/false);
  put(none, 1, "Hunter");
  EXPECT_EQ(rule_of(none, use(1, "Chinese")), "AH-30");
  EXPECT_EQ(rule_of(none, use(1, "Hunter")), "AH-27");
  // A Wiccan that copied a flip: the copied effect is named.
  put(none, 1, "Wiccan");
  put(none, 0, "Shrine Maiden");
  none.apply(commoner(0, Colour::white));
  none.readings().forget();
  ASSERT_EQ(rule_of(none, use_on(1, "Wiccan", "Shrine Maiden")), "legal");
  none.apply(use_on(1, "Wiccan", "Shrine Maiden"));
  EXPECT_EQ(message_of(none, use(1, "Wiccan")),
            "AH-28 it is Queen's turn: only an effect used once or twice each round may come in another player's "
            "turn, and the Shrine Maiden effect her Wiccan copied is not");
}

TEST(AlicematicRulings, AH29IdenticalAlicesDoNotStackExceptOriginal) {
  State s = fx();
  const int a0 = Board::city_of(0);
  put(s, 0, "Ninja");
  put(s, 0, "Ninja");
  EXPECT_EQ(s.assess(0, a0).military_needed, 1);  // 2, less 1 once
  // A Wiccan is not identical to the Ninja she copies: both apply.
  put(s, 0, "Wiccan");
  s.apply(use_on(0, "Wiccan", "Ninja"));
  EXPECT_EQ(s.assess(0, a0).military_needed, 0);
  // Two Hermits: each may be flipped, one after the other.
  State h = fx();
  put(h, 0, "Hermit");
  put(h, 0, "Hermit");
  h.apply(use(0, "Hermit"));
  ASSERT_EQ(rule_of(h, use(0, "Hermit")), "legal");
  h.apply(use(0, "Hermit"));
  EXPECT_EQ(h.resource(0, Resource::green), 6);
  EXPECT_EQ(rule_of(h, use(0, "Hermit")), "AH-30");  // both are Commoners now
  // Two Chinese: one swap a round between them.
  State c = fx();
  put(c, 0, "Chinese");
  put(c, 0, "Chinese");
  c.edit_resources(0, Resource::red, 2);
  Move swap = use(0, "Chinese");
  swap.token = 0;
  c.apply(swap);
  EXPECT_EQ(rule_of(c, swap), "AH-28");
}

TEST(AlicematicRulings, AH30AFlippedAliceIsACommonerAtOnce) {
  State s = fx();
  put(s, 0, "Hermit");
  EXPECT_EQ(s.alices(0), 1);
  s.apply(use(0, "Hermit"));
  EXPECT_EQ(s.alices(0), 0);
  EXPECT_EQ(s.slot_size(0, Colour::green), 1);  // still a card of the green slot
  EXPECT_FALSE(s.slot(0, Colour::green)[0].face_up);
  EXPECT_EQ(message_of(s, use(0, "Hermit")), "AH-30 Queen's Hermit is face down: a Commoner has no effect");
}

TEST(AlicematicRulings, AH31JetFlipsOnlyHerOwnUnderAttackToken) {
  State s = fx();
  put(s, 0, "Jet");  // red slot: 1 card
  const int a1 = at(s, "a1");  // red 1
  s.edit_token(a1, 0, false);
  s.edit_token(at(s, "a2"), 1, false);
  Move jet = use(0, "Jet");
  EXPECT_EQ(rule_of(s, jet), "AH-31");  // which space?
  jet.space = static_cast<std::int16_t>(Board::city_of(0));
  EXPECT_NE(message_of(s, jet).find("a City is never under attack"), std::string::npos) << message_of(s, jet);
  jet.space = static_cast<std::int16_t>(at(s, "a2"));
  EXPECT_NE(message_of(s, jet).find("under attack by Hatter"), std::string::npos);
  jet.space = static_cast<std::int16_t>(a1);
  ASSERT_EQ(rule_of(s, jet), "legal");
  const int left = s.tokens_left(0);
  s.apply(jet);
  EXPECT_EQ(s.holder(a1), 0);
  EXPECT_EQ(s.attacker(a1), -1);
  EXPECT_EQ(s.tokens_left(0), left);
  EXPECT_EQ(s.resource(0, Resource::red), 1);  // the red space's bonus: the Jet, now a Commoner, is a red card
  EXPECT_EQ(s.alices(0), 0);
}

TEST(AlicematicRulings, AH31JetFlipsAHeldSpaceOnlyWhileItIsUnconnected) {
  // AH-17's default: the Queen has Hatter's c1 (joined to his City c0) and b5 (cut off) under attack.
  State s = fx();
  put(s, 0, "Jet");
  const int c1 = at(s, "c1"), b5 = at(s, "b5");
  s.edit_token(c1, 1, true);
  s.edit_token(b5, 1, true);
  s.edit_token(c1, 0, false);
  s.edit_token(b5, 0, false);
  Move jet = use(0, "Jet");
  jet.space = static_cast<std::int16_t>(c1);
  EXPECT_EQ(message_of(s, jet),
            "AH-20 c1 belongs to Hatter and connects to a City of hers through her spaces: Jet cannot flip Queen's "
            "token there");
  jet.space = static_cast<std::int16_t>(b5);
  ASSERT_EQ(rule_of(s, jet), "legal");
  const int hatter_tokens = s.tokens_left(1);
  s.apply(jet);
  EXPECT_EQ(s.holder(b5), 0);
  EXPECT_EQ(s.attacker(b5), -1);
  EXPECT_EQ(s.tokens_left(1), hatter_tokens + 1);  // Hatter's token goes back
}

// AH-31's readings: right after her attack, Jet may flip the token it has just placed
// ('flip-after-attack', the default), or only one placed on an earlier turn ('before-invasion').
TEST(AlicematicRulings, AH31ReadingFlipAfterAttackJetFlipsTheTokenJustPlaced) {
  const std::uint32_t bit = 1u << static_cast<int>(Dispute::flip_time);
  for (FlipTime reading_in_force : {FlipTime::after_attack, FlipTime::before_invasion}) {
    SCOPED_TRACE(static_cast<int>(reading_in_force));
    State s = fx({"plain", "plain2", "plain3"}, nullptr, true, reading(Dispute::flip_time, reading_in_force));
    put(s, 0, "Jet");
    put(s, 0, "Hermit");
    const int a1 = at(s, "a1"), a2 = at(s, "a2");
    s.edit_token(a2, 0, false);  // an 'under attack' token of an earlier turn
    s.edit_turn(1, 0, Phase::invasion);
    ASSERT_EQ(rule_of(s, attack(0, a1)), "legal");
    s.apply(attack(0, a1));
    // Her turn stays open for the flip, under either reading, and nothing is consulted yet.
    EXPECT_EQ(s.phase(), Phase::after_attack);
    EXPECT_EQ(s.attacked_space(), a1);
    EXPECT_EQ(s.to_move().seat, 0);
    EXPECT_EQ(s.readings().consulted() & bit, 0u);
    Move jet = use(0, "Jet");
    jet.space = static_cast<std::int16_t>(a2);
    // Any other effect after her Invasion entry is AH-28's question (its default: before it).
    const std::string after =
        "AH-28 Queen's Invasion entry ended her turn: her Alices' effects are used before it "
        "(only an effect that flips the 'under attack' token her attack has just placed on a1 "
        "may still come, AH-31)";
    EXPECT_EQ(message_of(s, jet), after);
    EXPECT_EQ(message_of(s, use(0, "Hermit")), after);
    EXPECT_EQ(s.readings().consulted() & bit, 0u);
    jet.space = static_cast<std::int16_t>(a1);
    const std::vector<Move> legal = s.legal_moves();
    const bool listed = std::find(legal.begin(), legal.end(), jet) != legal.end();
    // The next player may go on at once: his entry ends her turn.
    EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.seat == 1; }));
    if (reading_in_force == FlipTime::after_attack) {
      EXPECT_EQ(rule_of(s, jet), "legal");
      EXPECT_TRUE(listed);
      s.apply(jet);
      EXPECT_EQ(s.holder(a1), 0);  // invaded at once
      EXPECT_EQ(s.attacker(a1), -1);
      EXPECT_EQ(s.resource(0, Resource::red), 1);  // a1's bonus, as a second invasion's
      EXPECT_EQ(s.phase(), Phase::politics);
      EXPECT_EQ(s.to_move().seat, 1);
    } else {
      EXPECT_EQ(message_of(s, jet),
                "AH-31 Jet flips only a token placed on an earlier turn, not the one Queen's attack has just placed on "
                "a1 (AH-31 read as 'before-invasion')");
      EXPECT_FALSE(listed);
      Move hatter = use(1, "Hermit");  // the next entry, the Hatter's, is judged in his own turn
      EXPECT_EQ(message_of(s, hatter), "AH-27 Hatter has no face-up Hermit in her Kingdom");
    }
    EXPECT_EQ(s.readings().consulted() & bit, bit);
  }
  // With no flip effect in force, the attack ends her turn at once.
  State plain = fx();
  plain.edit_turn(1, 0, Phase::invasion);
  plain.apply(attack(0, at(plain, "a1")));
  EXPECT_EQ(plain.phase(), Phase::politics);
  EXPECT_EQ(plain.to_move().seat, 1);
  // The game's last attack: the end of the log closes her turn, and the game is over.
  State last = fx();
  put(last, 2, "Jet");
  last.edit_turn(kRounds, 2, Phase::invasion);
  last.apply(attack(2, at(last, "a1")));
  EXPECT_FALSE(last.is_over());
  EXPECT_EQ(last.phase(), Phase::after_attack);
  last.close_window();
  EXPECT_TRUE(last.is_over());
}

TEST(AlicematicRulings, AH32DivaYellowCountsAsRedForMilitaryOnly) {
  State s = fx();
  const int b3 = at(s, "b3");  // red 2, on her City's tile
  const int b6 = at(s, "b6");  // red 1
  s.edit_resources(0, Resource::yellow, 4);
  s.edit_turn(1, 0, Phase::invasion);
  EXPECT_EQ(message_of(s, invade(0, b3)).substr(0, 5), "AH-15");
  Move yellow = invade(0, b3);
  yellow.pay[1] = 2;
  EXPECT_EQ(message_of(s, yellow),
            "AH-15 an invasion is paid in red and green tokens, not yellow (yellow counts as red only through a "
            "card's effect, such as Diva Alice's: AH-32)");
  // The numbers behind it count no yellow as red: without Diva, none is.
  auto military_fact = [&](const Move& m) {
    const auto v = s.validate(m);
    if (!v) return std::string("legal");
    for (const auto& f : v->facts)
      if (f.name == "Military Power") return f.value;
    return std::string("none");
  };
  EXPECT_EQ(military_fact(yellow), "0 (red slot cards) + 0 (red tokens paid; 2 yellow, which do not count as red) = 0");
  put(s, 0, "Diva");
  EXPECT_EQ(rule_of(s, yellow), "legal");
  yellow.pay[1] = 3;
  EXPECT_EQ(message_of(s, yellow),
            "AH-32 Queen pays 3 yellow tokens as red, but her Alices' effects let her pay only 2 more yellow as red "
            "this round");
  EXPECT_EQ(military_fact(yellow),
            "0 (red slot cards) + 2 (red tokens paid, 2 of them yellow as red; 1 yellow, which does not count as red) "
            "= 2");
  Move one = invade(0, b6);
  one.pay[1] = 1;
  s.apply(one);
  EXPECT_EQ(s.resource(0, Resource::yellow), 3);
  s.edit_turn(1, 0, Phase::invasion);  // the same round
  yellow.pay[1] = 2;
  EXPECT_EQ(rule_of(s, yellow), "AH-32");
  yellow.pay[1] = 1;
  EXPECT_EQ(rule_of(s, yellow), "AH-15");  // 1 is left this round, and 1 is not enough
  // Never Mobility: yellow paid for a space that needs Mobility does not cover it.
  State m = fx();
  put(m, 0, "Diva");
  m.edit_resources(0, Resource::yellow, 4);
  fill(m, 0, Colour::red, 2);
  m.edit_turn(1, 0, Phase::invasion);
  Move far = invade(0, at(m, "a1"));
  far.pay[1] = 2;
  EXPECT_EQ(rule_of(m, far), "AH-16");  // the yellow tokens are Military Power: Mobility still lacks
}

TEST(AlicematicRulings, AH33ChineseSwapNeedsABankTokenAndAChange) {
  State s = fx();
  put(s, 0, "Chinese");
  Move swap = use(0, "Chinese");
  EXPECT_NE(message_of(s, swap).find("name the token"), std::string::npos);
  swap.token = 2;  // green for green
  s.edit_resources(0, Resource::green, 1);
  EXPECT_EQ(message_of(s, swap), "AH-33 swapping a green token for a green one changes nothing");
  swap.token = 0;
  EXPECT_EQ(message_of(s, swap), "AH-33 Queen has no red token to give");
  s.edit_resources(0, Resource::red, 1);
  s.edit_resources(1, Resource::green, 19);  // the bank's last green token is gone
  EXPECT_EQ(s.bank(Resource::green), 0);
  EXPECT_EQ(message_of(s, swap), "AH-33 the bank has no green token left to swap for");
}

TEST(AlicematicRulings, AH34CyberDiscardsThenDraws) {
  State s = fx();
  put(s, 0, "Cyber");
  const int hand = s.hand_size(0), deck = s.deck_size();
  ASSERT_EQ(rule_of(s, use(0, "Cyber")), "legal");
  s.apply(use(0, "Cyber"));
  EXPECT_EQ(s.hand_size(0), hand);
  EXPECT_EQ(s.discard_size(), 1);
  EXPECT_EQ(s.deck_size(), deck - 1);
  Move named = use(0, "Cyber");
  named.named.push(A("Saint"));
  s.edit_turn(2, 0, Phase::politics);
  EXPECT_EQ(rule_of(s, named), "AH-12");  // a table log does not name the discard
  // With her hand played out, nothing can be discarded, and the refusal says so of her.
  for (int i = 0; i < 5 && s.hand_size(0) > 0; ++i) {  // cost-0 Alices of the small map's cards
    s.edit_turn(2, 0, Phase::politics);
    s.apply(summon(0, card(static_cast<Colour>(i), 0), static_cast<Colour>(i)));
  }
  ASSERT_EQ(s.hand_size(0), 0);
  s.edit_turn(2, 0, Phase::politics);
  const auto v = s.validate(use(0, "Cyber"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-34");
  EXPECT_EQ(v->message, "Queen has no card in hand for Cyber's effect to discard");
}

TEST(AlicematicRulings, AH35LittleAndHunterWhenPlayedOrRevealed) {
  State s = fx();
  ASSERT_EQ(rule_of(s, summon(0, A("Hunter"), Colour::green)), "legal");
  s.apply(summon(0, A("Hunter"), Colour::green));
  EXPECT_EQ(s.resource(0, Resource::green), 1);
  EXPECT_EQ(s.bank(Resource::green), 19);
  State l = fx();
  l.apply(summon(0, A("Little"), Colour::yellow));
  EXPECT_EQ(l.resource(0, Resource::yellow), 1);
  // Turned face up again: the token again.
  State d = fx();
  put(d, 0, "Hunter", false);
  put(d, 0, "Detective");
  Move reveal = use_on(0, "Detective", "Hunter");
  reveal.target_slot_named = true;
  reveal.target_slot = Colour::green;
  ASSERT_EQ(rule_of(d, reveal), "legal");
  d.apply(reveal);
  EXPECT_EQ(d.resource(0, Resource::green), 1);
  EXPECT_EQ(d.alices(0), 1);  // Hunter up, Detective down
}

TEST(AlicematicRulings, AH35ReadingOnceInForceASecondHunterGivesNothing) {
  for (PlayedAgain reading : {PlayedAgain::each_alice, PlayedAgain::once_in_force}) {
    Readings readings;
    readings.choose(static_cast<int>(Dispute::played_again), static_cast<int>(reading));
    const std::uint32_t bit = 1u << static_cast<int>(Dispute::played_again);
    State s = fx({"plain", "plain2", "plain3"}, nullptr, true, readings);
    s.apply(summon(0, A("Hunter"), Colour::green));
    EXPECT_EQ(s.resource(0, Resource::green), 1);
    EXPECT_EQ(s.readings().consulted() & bit, 0u);  // no identical Alice yet: both readings agree
    s.edit_turn(2, 0, Phase::politics);
    // Declining what gives nothing: the refusal says which reading gives nothing (AH-35's).
    Move decline = summon(0, A("Hunter"), Colour::green);
    decline.declined.push(A("Hunter"));
    EXPECT_EQ(
        message_of(s, decline),
        reading == PlayedAgain::each_alice
            ? "legal"
            : "AH-35 Hunter's effect gives nothing here: an identical Hunter is face up in Queen's Kingdom (AH-35 "
              "read as 'once-in-force'), so there is nothing to decline");
    const Move second = summon(0, A("Hunter"), Colour::green);  // a second Hunter, the first face up
    ASSERT_EQ(message_of(s, second), "legal");
    s.apply(second);
    EXPECT_EQ(s.resource(0, Resource::green), reading == PlayedAgain::each_alice ? 2 : 1);
    EXPECT_EQ(s.readings().consulted() & bit, bit);
    // A Hunter face down is a Commoner (AH-30): the next one played is the only Hunter face up.
    State d = fx({"plain", "plain2", "plain3"}, nullptr, true, readings);
    put(d, 0, "Hunter", false);
    d.apply(summon(0, A("Hunter"), Colour::green));
    EXPECT_EQ(d.resource(0, Resource::green), 1);
    EXPECT_EQ(d.readings().consulted() & bit, 0u);
  }
}

TEST(AlicematicRulings, AH36KnightEveryCardEnteringTheRedSlot) {
  State s = fx();
  fill(s, 0, Colour::yellow, 1);
  s.apply(summon(0, A("Knight"), Colour::red));  // she is a card placed there herself
  EXPECT_EQ(s.resource(0, Resource::red), 1);
  s.apply(attack(0, at(s, "a1")));
  s.edit_turn(1, 0, Phase::politics);
  s.apply(commoner(0, Colour::red));
  EXPECT_EQ(s.resource(0, Resource::red), 2);
  s.edit_turn(1, 0, Phase::politics);
  s.apply(commoner(0, Colour::blue));
  EXPECT_EQ(s.resource(0, Resource::red), 2);  // another slot
  // Two Knights: still 1 a card.
  put(s, 0, "Knight");
  s.edit_turn(1, 0, Phase::politics);
  s.apply(commoner(0, Colour::red));
  EXPECT_EQ(s.resource(0, Resource::red), 3);
}

// AH-36's readings: under 'later-cards-only' Knight's own summon gives no token (she counts the
// cards placed after her), a declined token at her summon is refused for that reason, and the
// cards after her give theirs under both readings. The reading is consulted only at her own
// summon into the slot her effect watches, and not while an identical Knight is face up there
// (that one counts the newcomer, AH-29).
TEST(AlicematicRulings, AH36ReadingLaterCardsOnlyHerOwnSummonGivesNothing) {
  for (OwnEntering reading : {OwnEntering::counts_herself, OwnEntering::later_cards_only}) {
    SCOPED_TRACE(static_cast<int>(reading));
    Readings readings;
    readings.choose(static_cast<int>(Dispute::own_entering), static_cast<int>(reading));
    const std::uint32_t bit = 1u << static_cast<int>(Dispute::own_entering);
    const bool herself = reading == OwnEntering::counts_herself;
    State s = fx({"plain", "plain2", "plain3"}, nullptr, true, readings);
    fill(s, 0, Colour::yellow, 1);
    Move decline = summon(0, A("Knight"), Colour::red);
    decline.declined.push(A("Knight"));
    EXPECT_EQ(message_of(s, decline),
              herself ? "legal"
                      : "AH-36 Knight's effect gives nothing at her own summon: it counts the cards placed in the red "
                        "slot after her (AH-36 read as 'later-cards-only'), so there is nothing to decline");
    s.apply(summon(0, A("Knight"), Colour::red));
    EXPECT_EQ(s.resource(0, Resource::red), herself ? 1 : 0);
    EXPECT_EQ(s.readings().consulted() & bit, bit);
    s.apply(attack(0, at(s, "a1")));
    s.edit_turn(1, 0, Phase::politics);
    s.apply(commoner(0, Colour::red));  // a card after her: a token under both readings
    EXPECT_EQ(s.resource(0, Resource::red), herself ? 2 : 1);

    // Put into another slot (as a catalog that made her blue would summon her: AH-7 keeps the
    // standard Knight red), her effect does not watch it: nothing to consult.
    State other = fx({"plain", "plain2", "plain3"}, nullptr, true, readings);
    fill(other, 0, Colour::yellow, 1);
    other.apply(summon(0, A("Knight"), Colour::blue));
    EXPECT_EQ(other.resource(0, Resource::red), 0);
    EXPECT_EQ(other.readings().consulted() & bit, 0u);

    // A second Knight beside a first one face up: the first counts her (1 token, AH-29).
    State two = fx({"plain", "plain2", "plain3"}, nullptr, true, readings);
    fill(two, 0, Colour::yellow, 1);
    put(two, 0, "Knight");
    two.apply(summon(0, A("Knight"), Colour::red));
    EXPECT_EQ(two.resource(0, Resource::red), 1);
    EXPECT_EQ(two.readings().consulted() & bit, 0u);
  }
}

// AH-22's readings: a blue space's bonus drawn in part. Under 'up-to' a table log writes how many
// were drawn ('draws 1', 'draws 0'), an open log names fewer cards or writes 'draws 0'; under
// 'all-drawn' these are refused under AH-22, which the refusal names. The whole bonus is the same
// move under both and consults nothing; a count is never more than the bonus, never the names of
// an open log, and never for a draw that is not a blue bonus.
TEST(AlicematicRulings, AH22ReadingUpToABlueBonusDrawnInPart) {
  const std::uint32_t bit = 1u << static_cast<int>(Dispute::blue_bonus);
  for (BlueBonus r : {BlueBonus::all_drawn, BlueBonus::up_to}) {
    SCOPED_TRACE(static_cast<int>(r));
    const bool up_to = r == BlueBonus::up_to;
    // A table log: Queen's Invasion of the blue space b4, with 2 cards in her blue slot.
    State t = started();
    t.set_readings(reading(Dispute::blue_bonus, r));
    fill(t, 0, Colour::blue, 2);
    t.apply(commoner(0, Colour::red));
    t.readings().forget();
    Move whole = invade(0, at(t, "b4"));
    ASSERT_EQ(rule_of(t, whole), "legal");
    EXPECT_EQ(t.readings().consulted() & bit, 0u);
    Move part = whole;
    part.draw_count = 1;
    EXPECT_EQ(message_of(t, part),
              up_to ? "legal"
                    : "AH-22 a blue space's bonus draws all its cards: Queen draws 2 cards here, but the log writes "
                      "'draws 1'");
    EXPECT_EQ(t.readings().consulted() & bit, bit);
    Move too_many = whole;
    too_many.draw_count = 3;
    EXPECT_EQ(message_of(t, too_many), "AH-11 Queen draws at most 2 cards here, but the log writes 'draws 3'");
    Move all_counted = whole;  // the whole bonus is written one way: without a count
    all_counted.draw_count = 2;
    EXPECT_EQ(message_of(t, all_counted), "AH-11 'draws 2' is the whole bonus, which is written without a count");
    const std::vector<Move> legal = t.legal_moves();
    for (int k : {0, 1}) {
      Move fewer = whole;
      fewer.draw_count = static_cast<std::int8_t>(k);
      EXPECT_EQ(std::count(legal.begin(), legal.end(), fewer), up_to ? 1 : 0) << k;
    }
    const int hand = t.hand_size(0);
    if (up_to) {
      t.apply(part);
      EXPECT_EQ(t.hand_size(0), hand + 1);
    } else {
      t.apply(whole);
      EXPECT_EQ(t.hand_size(0), hand + 2);
    }

    // An open log names the cards drawn: fewer of them, or 'draws 0'; never a count above 0.
    State o = game({"plain", "plain2", "plain3"}, true, reading(Dispute::blue_bonus, r));
    o.edit_token(Board::city_of(1), 0, true);
    o.edit_token(Board::city_of(2), 1, true);
    o.edit_token(Board::city_of(2), 2, true);
    fill(o, 0, Colour::blue, 2);
    fill(o, 0, Colour::red, 1);  // the Military Power b4 needs
    o.edit_turn(1, 0, Phase::invasion);
    Move named = invade(0, at(o, "b4"));
    named.draws_named = true;
    named.drawn.push(0);
    EXPECT_EQ(message_of(o, named),
              up_to ? "legal"
                    : "AH-22 a blue space's bonus draws all its cards: Queen draws 2 cards here, but the log names 1 "
                      "card");
    Move none = invade(0, at(o, "b4"));
    none.draws_named = true;
    none.draw_count = 0;
    EXPECT_EQ(rule_of(o, none), up_to ? "legal" : "AH-22");
    Move counted = invade(0, at(o, "b4"));
    counted.draw_count = 1;
    EXPECT_EQ(rule_of(o, counted), "AH-11");
  }
  // A count is for a blue bonus only: a Commoner's draw is not one.
  State c = started();
  c.set_readings(reading(Dispute::blue_bonus, BlueBonus::up_to));
  Move plain = commoner(0, Colour::red);
  plain.draw_count = 0;
  EXPECT_EQ(message_of(c, plain),
            "AH-11 only a blue space's bonus is written as a count of cards drawn ('draws 0'); a table log writes no "
            "draws here");
}

TEST(AlicematicRulings, AH37TakeATokenFromAPlayerWhoHasOne) {
  State s = fx();
  put(s, 0, "Fighter");
  ASSERT_EQ(rule_of(s, use(0, "Fighter")), "legal");  // no one has a red token: nothing is taken
  s.edit_resources(1, Resource::red, 1);
  EXPECT_NE(message_of(s, use(0, "Fighter")).find("name the player"), std::string::npos);
  Move from = use(0, "Fighter");
  from.victim = 2;
  EXPECT_EQ(message_of(s, from), "AH-37 Cat has no red token to take (who has one: Hatter)");
  from.victim = 0;
  EXPECT_EQ(rule_of(s, from), "AH-37");
  from.victim = 1;
  ASSERT_EQ(rule_of(s, from), "legal");
  s.apply(from);
  EXPECT_EQ(s.resource(0, Resource::red), 1);
  EXPECT_EQ(s.resource(1, Resource::red), 0);
  EXPECT_EQ(s.bank(Resource::red), 19);  // a token changes hands; the bank is untouched
}

TEST(AlicematicRulings, AH38NinjaLowersCityDifficulty) {
  State s = fx();
  const int a0 = Board::city_of(0);
  fill(s, 0, Colour::green, 3);  // Cities are 3 apart
  s.edit_resources(0, Resource::red, 2);
  s.edit_turn(1, 0, Phase::invasion);
  EXPECT_EQ(s.assess(0, a0).military_needed, 2);
  EXPECT_EQ(rule_of(s, invade(0, a0, 2)), "legal");
  put(s, 0, "Ninja");  // a red card too: 1 Military Power
  const Invasion inv = s.assess(0, a0);
  EXPECT_EQ(inv.difficulty, 2);
  EXPECT_EQ(inv.military_needed, 1);
  ASSERT_FALSE(inv.effects.empty());
  EXPECT_NE(inv.effects[0].find("Ninja: City difficulty -1 (minimum 0): 2 -> 1"), std::string::npos) << inv.effects[0];
  EXPECT_EQ(rule_of(s, invade(0, a0)), "legal");
  auto over = s.validate(invade(0, a0, 1));
  ASSERT_TRUE(over);
  EXPECT_EQ(over->rule, "AH-15");
  // Only Cities.
  EXPECT_EQ(s.assess(0, at(s, "b6")).military_needed, 1);  // a red 1 space
  // Not below 0: on a City of difficulty 0 (a catalog corrected from the box) she needs 0.
  Catalog easy = fx_catalog();
  easy.tiles[static_cast<std::size_t>(*easy.find_tile("plain"))].city_difficulty = 0;
  State z = fx({"plain", "plain2", "plain3"}, &easy);
  fill(z, 0, Colour::green, 3);
  z.edit_turn(1, 0, Phase::invasion);
  put(z, 0, "Ninja");
  const Invasion zero = z.assess(0, a0);
  EXPECT_EQ(zero.difficulty, 0);
  EXPECT_EQ(zero.military_needed, 0);  // not -1
  EXPECT_TRUE(zero.effects.empty());   // nothing to lower: the effect changes nothing
}

TEST(AlicematicRulings, AH39GunslingerSpacesCannotBeStolen) {
  State s = fx();
  const int a5 = at(s, "a5");
  s.edit_token(a5, 1, true);  // Hatter's, not connected to c0
  fill(s, 0, Colour::red, 2);
  fill(s, 0, Colour::green, 3);
  s.edit_turn(1, 0, Phase::invasion);
  EXPECT_EQ(rule_of(s, invade(0, a5)), "legal");
  put(s, 1, "Gunslinger");
  EXPECT_TRUE(s.connected(1, a5));
  // The refusal names the effect, not a connection through spaces that is not there.
  EXPECT_EQ(message_of(s, invade(0, a5)),
            "AH-39 a5 belongs to Hatter, whose Gunslinger counts all her spaces as connected to her Cities: it cannot "
            "be taken");
  EXPECT_EQ(s.connection_effect(1), "Gunslinger");
  EXPECT_EQ(s.assess(0, a5).effects.back(), "Gunslinger: Hatter's spaces all count as connected to her Cities");
}

TEST(AlicematicRulings, AH40AdventurerPassesForestsAndScoresGreen) {
  State q = fx({"forest-se", "plain2", "plain3"}, nullptr, false);
  q.edit_token(0, 0, true);  // Queen's City is a0
  EXPECT_EQ(q.assess(0, at(q, "b1")).mobility_needed, 3);  // around the forest a3
  put(q, 0, "Adventurer");
  EXPECT_EQ(q.assess(0, at(q, "b1")).mobility_needed, 2);  // through it
  q.edit_turn(1, 0, Phase::invasion);
  EXPECT_EQ(rule_of(q, invade(0, at(q, "a3"), 2)), "AH-19");  // passing, not invading
  // A green space invaded: the bonus, and a point from the Adventurer.
  fill(q, 0, Colour::red, 1);
  const int a4 = at(q, "a4");  // green 1 on forest-se
  ASSERT_EQ(rule_of(q, invade(0, a4)), "legal");
  q.apply(invade(0, a4));
  EXPECT_EQ(q.points(0), 1);
  ASSERT_EQ(q.gains(0).size(), 1u);
  EXPECT_EQ(q.gains(0)[0].card, A("Adventurer"));
  EXPECT_EQ(q.resource(0, Resource::green), 1);  // the Adventurer is a green card
}

TEST(AlicematicRulings, AH27ReadingsOfEffectsThatHappenByThemselves) {
  auto position = [](const Readings& readings) {
    State q = fx({"forest-se", "plain2", "plain3"}, nullptr, false);
    q.set_readings(readings);
    q.edit_token(0, 0, true);  // Queen's City is a0
    put(q, 0, "Adventurer");
    q.edit_turn(1, 0, Phase::invasion);
    fill(q, 0, Colour::red, 1);
    return q;
  };
  auto declining = [](Move m, const char* name) {
    m.declined.push(A(name));
    return m;
  };
  // The default 'declinable': the Adventurer's point for a green space may be declined.
  State q = position({});
  const int a4 = at(q, "a4");  // green 1 on forest-se
  EXPECT_EQ(q.by_itself(invade(0, a4)), std::vector<int>{A("Adventurer")});
  auto v = q.validate(declining(invade(0, a4), "Ninja"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "AH-27");
  EXPECT_EQ(v->message, "Ninja's effect does not happen by itself at this move, so it cannot be declined: only "
                        "Adventurer's can be");
  const auto legal = q.legal_moves();
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [&](const Move& m) {
    return m.kind == Move::Kind::invade && m.space == a4 && m.declined.size() == 1;
  }));
  ASSERT_EQ(rule_of(q, declining(invade(0, a4), "Adventurer")), "legal");
  q.apply(declining(invade(0, a4), "Adventurer"));
  EXPECT_EQ(q.points(0), 0);  // declined: no point
  EXPECT_EQ(q.resource(0, Resource::green), 1);  // the bonus is not an effect: it is gained
  // 'automatic': a decline is refused.
  State a = position(reading(Dispute::by_itself, ByItself::automatic));
  auto refused = a.validate(declining(invade(0, a4), "Adventurer"));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "AH-27");
  EXPECT_EQ(refused->message,
            "Adventurer's effect happens by itself and cannot be declined (AH-27 read as 'automatic')");
}

TEST(AlicematicRulings, AH41AstronautCountsFromAnyInvadedSpace) {
  State s = fx();
  const int c1 = at(s, "c1"), c2 = at(s, "c2");
  s.edit_token(c1, 0, false);  // only under attack: it does not count
  const int before = s.assess(0, c2).mobility_needed;
  EXPECT_GE(before, 2);
  put(s, 0, "Astronaut");
  EXPECT_EQ(s.assess(0, c2).mobility_needed, before);
  State t = fx();
  t.edit_token(c1, 0, true);  // invaded, not connected to her City
  put(t, 0, "Astronaut");
  EXPECT_EQ(t.assess(0, c2).mobility_needed, 1);
  EXPECT_EQ(t.assess(0, at(t, "b2")).mobility_needed, 0);  // her City's tile: still free
}

TEST(AlicematicRulings, AH42DemonlordKeepsTheMajorityRule) {
  State s = fx({"forest-se", "plain2", "plain3"});
  const int forest = at(s, "a3");
  const auto& around = s.board().groups()[s.board().space(forest).group].surround;
  s.edit_token(around[0], 0, true);
  s.edit_token(around[1], 0, true);
  s.edit_token(around[2], 1, true);
  fill(s, 0, Colour::red, 4);
  fill(s, 1, Colour::red, 4);
  s.edit_resources(0, Resource::red, 2);
  s.edit_resources(1, Resource::red, 2);
  s.edit_turn(1, 0, Phase::invasion);
  EXPECT_NE(message_of(s, invade(0, forest, 2)).find("is not surrounded"), std::string::npos);
  put(s, 0, "Demonlord", true, Colour::white);
  put(s, 1, "Demonlord", true, Colour::white);
  EXPECT_EQ(rule_of(s, invade(0, forest, 2)), "legal");
  s.edit_turn(1, 1, Phase::invasion);
  EXPECT_NE(message_of(s, invade(1, forest, 2)).find("only the strongest player"), std::string::npos);
  // Nobody around it yet: holding none of its spaces is no majority, even tied at 0.
  State none = fx({"forest-se", "plain2", "plain3"});
  fill(none, 0, Colour::red, 4);
  none.edit_resources(0, Resource::red, 2);
  put(none, 0, "Demonlord", true, Colour::white);
  none.edit_turn(1, 0, Phase::invasion);
  EXPECT_EQ(message_of(none, invade(0, forest, 2)),
            "AH-42 Queen must still hold the most spaces around the Mystic Forest a3, and she holds none of its 6: a "
            "forest that need not be surrounded still needs the majority");
  const std::vector<Move> legal = none.legal_moves();
  EXPECT_TRUE(std::none_of(legal.begin(), legal.end(), [&](const Move& m) { return m.space == forest; }));
}

TEST(AlicematicRulings, AH43ValkyrieFlipsAnotherOwnAliceFirst) {
  State s = fx();
  const int a0 = Board::city_of(0);
  fill(s, 0, Colour::green, 3);
  put(s, 0, "Valkyrie");
  EXPECT_EQ(message_of(s, use_on(0, "Valkyrie", "Valkyrie")), "AH-43 Queen has no other face-up Valkyrie to turn face down");
  put(s, 0, "Ninja");
  EXPECT_EQ(s.assess(0, a0).military_needed, 1);
  ASSERT_EQ(rule_of(s, use_on(0, "Valkyrie", "Ninja")), "legal");
  s.apply(use_on(0, "Valkyrie", "Ninja"));
  // The Ninja's effect is gone before the attack: the City is back to 2, met by 2 red cards + 1.
  const Invasion inv = s.assess(0, a0);
  EXPECT_EQ(inv.military_needed, 2);
  EXPECT_EQ(inv.military_extra, 1);
  EXPECT_EQ(s.alices(0), 1);
  EXPECT_EQ(rule_of(s, use_on(0, "Valkyrie", "Ninja")), "AH-28");
  s.edit_turn(1, 0, Phase::invasion);
  EXPECT_EQ(rule_of(s, invade(0, a0)), "legal");
}

// Only a card turned face up is named with a slot (AH-44): a slot after Valkyrie's or Wiccan's
// Alice is refused, not read and ignored (explain never listed it).
TEST(AlicematicRulings, AH43AndAH45TakeNoSlotAfterTheirAlice) {
  State s = fx();
  put(s, 0, "Valkyrie");
  put(s, 0, "Ninja");
  put(s, 0, "Wiccan");
  put(s, 1, "Hunter");
  for (const char* user : {"Valkyrie", "Wiccan"}) {
    Move m = use_on(0, user, std::string(user) == "Valkyrie" ? "Ninja" : "Hunter");
    ASSERT_EQ(rule_of(s, m), "legal") << user;
    m.target_slot_named = true;
    m.target_slot = Colour::red;
    EXPECT_EQ(rule_of(s, m), "AH-27") << user;
    EXPECT_NE(message_of(s, m).find("takes no slot after the 'on' Alice"), std::string::npos) << message_of(s, m);
  }
}

TEST(AlicematicRulings, AH44DetectiveTurnsAFaceDownCardUp) {
  State s = fx();
  fill(s, 0, Colour::red, 1);  // an unknown Commoner: a table log learns it when it is revealed
  put(s, 0, "Detective");
  Move reveal = use_on(0, "Detective", "Ninja");
  EXPECT_EQ(rule_of(s, reveal), "AH-44");  // which slot?
  reveal.target_slot_named = true;
  reveal.target_slot = Colour::blue;
  EXPECT_NE(message_of(s, reveal).find("blue slot holds no face-down"), std::string::npos) << message_of(s, reveal);
  reveal.target_slot = Colour::red;
  ASSERT_EQ(rule_of(s, reveal), "legal");
  const int copies = s.face_up_copies(A("Ninja"));
  s.apply(reveal);
  EXPECT_EQ(s.face_up_copies(A("Ninja")), copies + 1);
  EXPECT_TRUE(s.has_modifier(0, Modifier::Kind::difficulty));
  EXPECT_EQ(rule_of(s, reveal), "AH-30");  // the Detective is face down now
  // A face-down card the table knows (a flipped Hermit) is not the card named: the refusal says
  // what lies there, not that nothing does.
  State k = fx();
  put(k, 0, "Detective");
  put(k, 0, "Hermit", false, Colour::green);
  Move ninja = use_on(0, "Detective", "Ninja");
  ninja.target_slot_named = true;
  ninja.target_slot = Colour::green;
  EXPECT_EQ(message_of(k, ninja),
            "AH-44 Queen's green slot holds no face-down Ninja: its face-down cards are known (Hermit)");
}

TEST(AlicematicRulings, AH45WiccanCopiesAndIsNotIdentical) {
  State s = fx();
  put(s, 0, "Wiccan");
  EXPECT_NE(message_of(s, use_on(0, "Wiccan", "Hunter")).find("no Hunter is face up"), std::string::npos);
  put(s, 1, "Hunter");  // another Kingdom's
  EXPECT_NE(message_of(s, use_on(0, "Wiccan", "Wiccan")).find("cannot copy Wiccan"), std::string::npos);
  ASSERT_EQ(rule_of(s, use_on(0, "Wiccan", "Hunter")), "legal");
  s.apply(use_on(0, "Wiccan", "Hunter"));
  EXPECT_EQ(s.resource(0, Resource::green), 1);  // as if revealed
  // A copied flip effect: 'use Wiccan' flips her.
  State h = fx();
  put(h, 0, "Wiccan");
  put(h, 1, "Hermit");
  h.apply(use_on(0, "Wiccan", "Hermit"));
  ASSERT_EQ(rule_of(h, use(0, "Wiccan")), "legal");
  h.apply(use(0, "Wiccan"));
  EXPECT_EQ(h.resource(0, Resource::green), 3);
  EXPECT_EQ(h.alices(0), 0);
}

// A Wiccan that copied an effect no `use` calls on has nothing to use: the refusal says which
// effect she has, not that copying happens by itself.
TEST(AlicematicRulings, AH45AWiccanWithAnAlwaysOnEffectIsNotUsed) {
  State s = fx();
  put(s, 0, "Wiccan");
  put(s, 1, "Ninja");
  s.apply(use_on(0, "Wiccan", "Ninja"));
  const std::string m = message_of(s, use(0, "Wiccan"));
  EXPECT_EQ(m.substr(0, 34), "AH-45 Wiccan has Ninja's effect (a") << m;
  EXPECT_NE(m.find("which is always on: it is not written as a 'use' entry ('use Wiccan on ...' copies another)"),
            std::string::npos)
      << m;
}

TEST(AlicematicRulings, AH46SaintCountsInvadedYellowSpaces) {
  State s = fx();
  put(s, 0, "Saint");
  for (const char* y : {"a3", "b5", "c1"}) s.edit_token(at(s, y), 0, true);  // yellow 1 on each tile
  s.edit_token(at(s, "a1"), 0, false);
  auto scores = s.effect_scores(0);
  ASSERT_EQ(scores.size(), 1u);
  EXPECT_EQ(scores[0].points, 2);
  EXPECT_EQ(scores[0].why, "2 for every 3 yellow spaces: 3 held");
  State two = fx();
  put(two, 0, "Saint");
  put(two, 0, "Saint");  // identical: once
  two.edit_token(at(two, "a3"), 0, true);
  two.edit_token(at(two, "b5"), 0, true);
  two.edit_token(at(two, "c1"), 0, false);  // under attack: not held
  scores = two.effect_scores(0);
  ASSERT_EQ(scores.size(), 1u);
  EXPECT_EQ(scores[0].points, 0);
  // Two identical Saints with 3 yellow spaces held: 2 points, not 4 (AH-29).
  State both = fx();
  put(both, 0, "Saint");
  put(both, 0, "Saint");
  for (const char* y : {"a3", "b5", "c1"}) both.edit_token(at(both, y), 0, true);
  scores = both.effect_scores(0);
  ASSERT_EQ(scores.size(), 1u);
  EXPECT_EQ(scores[0].points, 2);
}

TEST(AlicematicRulings, AH47OriginalsStackAndATieIsTheMost) {
  State s = fx();
  put(s, 0, "Original");
  put(s, 0, "Original");
  put(s, 1, "Ninja");
  put(s, 1, "Jet");
  int total = 0;
  for (const EffectScore& e : s.effect_scores(0)) total += e.points;
  EXPECT_EQ(total, 2);  // tied with Hatter for the most: both Originals score
  put(s, 1, "Hermit");
  total = 0;
  for (const EffectScore& e : s.effect_scores(0)) total += e.points;
  EXPECT_EQ(total, 0);
}

TEST(AlicematicRulings, AH47ReadingStrictlyMost) {
  State s = fx();
  s.set_readings(reading(Dispute::most_alices, MostAlices::strictly_most));
  put(s, 0, "Original");
  put(s, 0, "Original");
  put(s, 1, "Ninja");
  put(s, 1, "Jet");
  auto total = [&] {
    int points = 0;
    for (const EffectScore& e : s.effect_scores(0)) points += e.points;
    return points;
  };
  EXPECT_EQ(total(), 0);  // tied with Hatter: not the most
  put(s, 0, "Hermit");
  EXPECT_EQ(total(), 2);
}

TEST(AlicematicRulings, AH48BunnyGirlCountsResourceTokens) {
  State s = fx();
  put(s, 0, "Bunny Girl");
  s.edit_resources(0, Resource::red, 1);
  s.edit_resources(0, Resource::green, 1);
  EXPECT_EQ(s.effect_scores(0)[0].points, 0);
  s.edit_resources(0, Resource::yellow, 1);
  EXPECT_EQ(s.effect_scores(0)[0].points, 2);
  EXPECT_EQ(s.effect_scores(0)[0].why, "2 with 3 or more resource tokens: 3 held");
}

// The verifier sums end-of-game effects without their wording (count_scores): the same cards and
// points, in the same order, as the worded list a report shows.
// A summoned Alice without abilities leaves the abilities in force as they were, so that the
// summon does not gather them again: after any summon the list is the one gathered afresh (an
// edit gathers it), a namesake further on and a copied effect included (AH-29, AH-45).
TEST(AlicematicRulings, AH29ASummonWithoutAbilitiesLeavesThoseInForce) {
  for (const char* plain : {"Baker", "Nurse", "Librarian", "Saint", "Adventurer", "Ninja"}) {
    State s = fx();
    put(s, 0, "Ninja");
    put(s, 0, "Wiccan");
    s.apply(use_on(0, "Wiccan", "Ninja"));
    put(s, 0, plain, true, Colour::white);  // her namesake, in the last slot
    put(s, 0, "Saint");
    State edited = s;
    const Colour slot = fx_catalog().cards[A(plain)].colour == Colour::white ? Colour::red : Colour::yellow;
    s.apply(summon(0, A(plain), slot));
    edited.edit_card(0, slot, A(plain), true);
    const ActiveAbilities& kept = s.active(0);
    const ActiveAbilities& gathered = edited.active(0);
    ASSERT_EQ(kept.size(), gathered.size()) << plain;
    ASSERT_GE(kept.size(), 3u) << plain;
    for (std::size_t i = 0; i < kept.size(); ++i) {
      EXPECT_EQ(kept[i].own, gathered[i].own) << plain << " " << i;
      EXPECT_EQ(kept[i].effect, gathered[i].effect) << plain << " " << i;
      EXPECT_EQ(kept[i].ability, gathered[i].ability) << plain << " " << i;
    }
    for (int k = 0; k <= static_cast<int>(Modifier::Kind::token_use); ++k)
      EXPECT_EQ(s.has_modifier(0, static_cast<Modifier::Kind>(k)), edited.has_modifier(0, static_cast<Modifier::Kind>(k)))
          << plain << " " << k;
  }
}

TEST(AlicematicRulings, AH46To48EffectScoresWithoutWordsScoreTheSame) {
  State s = fx();
  put(s, 0, "Saint");
  put(s, 0, "Original");
  put(s, 0, "Bunny Girl");
  put(s, 1, "Ninja");
  for (const char* y : {"a3", "b5", "c1"}) s.edit_token(at(s, y), 0, true);
  for (Resource r : {Resource::red, Resource::yellow, Resource::green}) s.edit_resources(0, r, 1);
  const std::vector<EffectScore> worded = s.effect_scores(0), bare = s.effect_scores(0, false);
  ASSERT_EQ(worded.size(), 3u);
  ASSERT_EQ(bare.size(), worded.size());
  int total = 0;
  for (std::size_t i = 0; i < worded.size(); ++i) {
    EXPECT_EQ(bare[i].card, worded[i].card) << i;
    EXPECT_EQ(bare[i].points, worded[i].points) << i;
    EXPECT_FALSE(worded[i].why.empty()) << i;
    EXPECT_TRUE(bare[i].why.empty()) << i;
    total += worded[i].points;
  }
  EXPECT_EQ(total, 2 + 1 + 2);  // 3 yellow spaces, the most Alices (3 against 1), 3 tokens
}

TEST(AlicematicRulings, AH49EffectGainsComeFromTheBankUnhalved) {
  State s = fx();
  put(s, 0, "Hermit");
  s.edit_resources(1, Resource::green, 19);
  s.apply(use(0, "Hermit"));
  EXPECT_EQ(s.resource(0, Resource::green), 1);  // the bank's last one
  EXPECT_EQ(s.bank(Resource::green), 0);
  // A stolen green space: the bonus is halved, the Adventurer's point is not.
  State q = fx();
  const int a4 = at(q, "a4");  // green 1
  q.edit_token(a4, 1, true);
  put(q, 0, "Adventurer");
  fill(q, 0, Colour::red, 1);
  fill(q, 0, Colour::green, 2);
  q.edit_turn(1, 0, Phase::invasion);
  ASSERT_EQ(rule_of(q, invade(0, a4)), "legal");
  q.apply(invade(0, a4));
  EXPECT_EQ(q.resource(0, Resource::green), 1);  // 3 green cards, halved
  EXPECT_EQ(q.points(0), 1);
}

// FAQ "Are new commoners placed under Alice cards?": cards overlap, and "there is no real
// meaning to in which order you keep them": a slot's power, its Alices and their effects do not
// depend on the order its cards were played in.
TEST(AlicematicRulings, AH50TheOrderOfCardsInASlotMeansNothing) {
  State first = fx(), second = fx();
  fill(first, 0, Colour::red, 1);
  put(first, 0, "Ninja");
  put(second, 0, "Ninja");
  fill(second, 0, Colour::red, 1);
  const int a0 = Board::city_of(0);
  EXPECT_EQ(first.slot_size(0, Colour::red), second.slot_size(0, Colour::red));
  EXPECT_EQ(first.alices_in(0, Colour::red), second.alices_in(0, Colour::red));
  EXPECT_EQ(first.assess(0, a0).military_needed, second.assess(0, a0).military_needed);
  EXPECT_EQ(first.assess(0, a0).military_cards, 2);
  EXPECT_EQ(second.assess(0, a0).military_cards, 2);
}

TEST(AlicematicRulings, AH50EveryFaceUpAliceIsActiveInAnySlot) {
  State s = fx();
  const int a0 = Board::city_of(0);
  put(s, 0, "Ninja", true, Colour::white);  // in another colour's slot
  put(s, 0, "Adventurer");
  EXPECT_EQ(s.assess(0, a0).military_needed, 1);
  EXPECT_TRUE(s.has_modifier(0, Modifier::Kind::passage));
  EXPECT_EQ(s.active(0).size(), 3u);  // Ninja's modifier, Adventurer's two abilities
}

// ---------------------------------------------------------------------------------------
// The effect vocabulary in the catalog.

// find_card() looks a name up in a hash table: every card in any letter case, and nothing else;
// a card added after the index is still found (by reading the cards in turn).
TEST(AlicematicCatalog, FindsEveryCardInAnyCaseAndNothingElse) {
  Catalog c = load_catalog(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  ASSERT_GT(c.cards.size(), 20u);
  for (std::size_t i = 0; i < c.cards.size(); ++i) {
    const std::string& name = c.cards[i].name;
    EXPECT_EQ(c.find_card(name), static_cast<int>(i)) << name;
    EXPECT_EQ(c.find_card(ascii_upper(name)), static_cast<int>(i)) << name;
    EXPECT_EQ(c.find_card(ascii_lower(name)), static_cast<int>(i)) << name;
    EXPECT_FALSE(c.find_card(name + "s")) << name;
    EXPECT_FALSE(c.find_card(std::string_view(name).substr(0, name.size() - 1))) << name;
  }
  EXPECT_FALSE(c.find_card(""));
  EXPECT_FALSE(c.find_card("Zebra"));
  Card zebra = c.cards.front();
  zebra.name = "Zebra";
  c.cards.push_back(zebra);
  EXPECT_EQ(c.find_card("ZEBRA"), static_cast<int>(c.cards.size()) - 1);
  EXPECT_EQ(c.find_card(c.cards.front().name), 0);
  // Names are compared folded, 16 bytes and the length at once; two longer names alike in all of
  // that are told apart by the rest.
  for (const char* name : {"Mock Turtle of the Sea", "Mock Turtle of the Sky"}) {
    Card long_named = c.cards.front();
    long_named.name = name;
    c.cards.push_back(long_named);
  }
  c.index_cards();
  EXPECT_EQ(c.find_card("MOCK TURTLE OF THE SEA"), static_cast<int>(c.cards.size()) - 2);
  EXPECT_EQ(c.find_card("mock turtle of the sky"), static_cast<int>(c.cards.size()) - 1);
  EXPECT_FALSE(c.find_card("Mock Turtle of the Sun"));
  EXPECT_EQ(c.find_card("zebra"), static_cast<int>(c.cards.size()) - 3);
}

TEST(AlicematicCatalog, EffectsRoundTripThroughWriteAndLoad) {
  const Catalog first = load_catalog(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  const std::string file = testing::temp_dir() + "/written.yaml";
  testing::write_file(file, write_catalog(first));
  const Catalog second = load_catalog(file);
  ASSERT_EQ(first.cards.size(), second.cards.size());
  int with_effects = 0;
  for (std::size_t i = 0; i < first.cards.size(); ++i) {
    const Card &a = first.cards[i], &b = second.cards[i];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.colour, b.colour);
    EXPECT_EQ(a.cost, b.cost);
    EXPECT_EQ(a.count, b.count);
    EXPECT_EQ(a.text, b.text);
    EXPECT_EQ(a.source, b.source);
    ASSERT_EQ(a.effects.size(), b.effects.size()) << a.name;
    for (std::size_t k = 0; k < a.effects.size(); ++k) {
      EXPECT_EQ(describe(a.effects[k]), describe(b.effects[k])) << a.name;
      EXPECT_EQ(YAML::Dump(write_effects({a.effects[k]})), YAML::Dump(write_effects({b.effects[k]}))) << a.name;
      EXPECT_EQ(a.effects[k].steps.size() ? a.effects[k].steps[0].except_cards : std::vector<int>{},
                b.effects[k].steps.size() ? b.effects[k].steps[0].except_cards : std::vector<int>{});
    }
    with_effects += !a.effects.empty();
  }
  EXPECT_EQ(with_effects, 23);
  EXPECT_EQ(write_catalog(second), write_catalog(first));
}

TEST(AlicematicCatalog, MalformedEffectsAreRefusedNamingTheVocabulary) {
  refused("when: flip\n        do: [{gain-tokens: {count: 3", "when: flipped\n        do: [{gain-tokens: {count: 3",
          "unknown trigger 'flipped'; expected one of: played-or-revealed, flip, each-round");
  refused("do: [{gain-tokens: {count: 3", "do: [{gain-token: {count: 3", "unknown step 'gain-token'; expected one of: gain-tokens");
  refused("{gain-tokens: {count: 3, token: green}}", "{gain-tokens: {count: three, token: green}}",
          "'count:' must be a whole number");
  refused("{gain-tokens: {count: 3, token: green}}", "{gain-tokens: {count: 3, token: blue}}",
          "'token:' is a resource token colour");
  refused("modify: connection", "modify: connexion", "unknown modifier 'connexion'; expected one of: difficulty");
  refused("except: [Wiccan]", "except: [Wican]", "names 'Wican', which is not a card of this catalog (did you mean 'Wiccan'?)");
  refused("when: played-or-revealed\n        do: [{gain-tokens: {count: 1, token: yellow}}]",
          "when: played-or-revealed\n        do: [{steal-token: {token: yellow}}]", "happens by itself", 1);
  refused("times: 1\n        do: [{swap-token", "slot: red\n        do: [{swap-token", "'slot:' belongs to 'when: card-enters-slot' only");
}

// A user who corrects a card in her own catalog file changes the verdict of a log that relies
// on it: the effects really are data.
TEST(AlicematicEffects, ACorrectedCatalogChangesTheVerdict) {
  const std::string body = kSetUp +
                           "6. Cy: city d\n7. Cy: city e\n8. Bob: city f\n9. Ann: city g\n\nround 1\n"
                           "10. Ann: commoner yellow\n11. Ann: attack g2\n12. Bob: commoner blue\n13. Bob: attack c1\n"
                           "14. Cy: commoner white\n15. Cy: attack i1\nround 2\n"
                           "16. Ann: summon Shrine Maiden yellow\n17. Ann: use Shrine Maiden\n18. Ann: attack g3\n"
                           "19. Bob: commoner white\n20. Bob: attack c2\n21. Cy: commoner blue\n22. Cy: attack i2\nround 3\n"
                           "23. Ann: summon Diva yellow pay 2 yellow\n";
  const std::string standard = log_with(kHeaders, body);
  const std::string e = first_error(standard);
  EXPECT_NE(e.find("AH-6"), std::string::npos) << e;  // legal, and incomplete
  std::string text = testing::read_file(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  const std::string from = "{gain-tokens: {count: 2, token: yellow}}";
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, from.size(), "{gain-tokens: {count: 1, token: yellow}}");
  const std::string file = testing::temp_dir() + "/corrected.yaml";
  testing::write_file(file, text);
  std::string mine = standard;
  mine.replace(mine.find("catalog: alicematic-heroes"), 26, "catalog: " + file);
  const std::string corrected = first_error(mine);
  EXPECT_NE(corrected.find("AH-7 Ann pays 2 yellow tokens but holds 1"), std::string::npos) << corrected;
}

TEST(AlicematicEffects, UseEntriesParseAndRefuseWhatTheyDoNotTake) {
  using namespace grammar::alicematic;
  MoveTokens t;
  SyntaxError e;
  ASSERT_TRUE(parse_move("use Detective on Hunter red", t, e)) << e.expected;
  EXPECT_EQ(t.card.text, "Detective");
  EXPECT_EQ(t.on_card.text, "Hunter");
  EXPECT_EQ(t.on_slot.text, "red");
  ASSERT_TRUE(parse_move("use Cyber discards Saint draws Jet", t, e)) << e.expected;
  EXPECT_EQ(t.cards.size(), 1);
  EXPECT_EQ(t.drawn.size(), 1);
  ASSERT_TRUE(parse_move("use Jet c3", t, e));
  EXPECT_EQ(t.target.text, "c3");
  ASSERT_TRUE(parse_move("use Chinese red", t, e));
  EXPECT_EQ(t.token.text, "red");
  ASSERT_TRUE(parse_move("use Fighter from Nina", t, e));
  EXPECT_EQ(t.victim.text, "Nina");
  ASSERT_TRUE(parse_move("use Shrine Maiden", t, e));
  EXPECT_EQ(t.card.text, "Shrine Maiden");
  EXPECT_FALSE(parse_move("use", t, e));
  EXPECT_NE(e.expected.find("the Alice whose effect is used"), std::string::npos) << e.expected;
  EXPECT_FALSE(parse_move("use Valkyrie on", t, e));
  EXPECT_NE(e.expected.find("the Alice the effect acts on"), std::string::npos) << e.expected;
  // In a log: a misspelt player after 'from'.
  const std::string body = kSetUp + "6. Cy: city d\n7. Cy: city e\n8. Bob: city f\n9. Ann: city g\n\nround 1\n10. Ann: use Fighter from Bobb\n";
  const std::string err = first_error(log_with(kHeaders, body));
  EXPECT_NE(err.find("expected a player's name after 'from', found 'Bobb' (did you mean 'Bob'?)"), std::string::npos) << err;
}

// The map as text (replay, explain): below each space's name, its land and its tokens, as the
// state has them.
TEST(AlicematicPictures, TextMapShowsEachSpaceWithItsLandAndTokens) {
  State s = game();
  s.edit_token(at(s, "a0"), 0, true);   // the Queen's City: one of its 2 spots
  s.edit_token(at(s, "b2"), 1, true);   // invaded by the Hatter
  s.edit_token(at(s, "c3"), 2, false);  // under attack by the Cat
  EXPECT_EQ(player_marks(s), "QHC");
  const std::string text = text_map(s, Paint{});
  std::vector<std::string> lines;
  for (std::size_t from = 0; from < text.size();) {
    const std::size_t to = text.find('\n', from);
    lines.push_back(text.substr(from, to - from));
    from = to + 1;
  }
  auto cell = [&](std::size_t line, std::size_t column) {
    if (line >= lines.size() || column < 2 || column + 4 > lines[line].size() + 4) return std::string();
    std::string c = lines[line].substr(column - 2, 6);
    while (!c.empty() && c.back() == ' ') c.pop_back();
    while (!c.empty() && c.front() == ' ') c.erase(0, 1);
    return c;
  };
  const Board& b = s.board();
  for (int i = 0; i < b.size(); ++i) {
    const std::string name = b.name(i);
    std::size_t line = 0, column = std::string::npos;
    for (; line < lines.size() && lines[line].rfind("Key:", 0) != 0; ++line)
      if ((column = lines[line].find(" " + name + " ")) != std::string::npos) break;
    ASSERT_NE(column, std::string::npos) << name << " is not drawn:\n" << text;
    ++column;  // the name itself
    const Space& space = b.space(i);
    const std::string land = cell(line + 1, column);
    if (space.colour == Colour::city)
      EXPECT_EQ(land, "City " + std::to_string(space.difficulty)) << name;
    else
      EXPECT_EQ(land.back() - '0', space.difficulty) << name << ": " << land;
    const std::string tokens = cell(line + 2, column);
    const std::string expected = name == "a0" ? "Q." : Board::is_city(i) ? ".." : name == "b2" ? "H" : name == "c3" ? "C?" : "";
    EXPECT_EQ(tokens, expected) << name;
  }
  EXPECT_NE(text.find("Key: Q Queen, H Hatter, C Cat."), std::string::npos) << text;
  // On a terminal, colour: a red space's land in red, tokens in reverse video.
  const std::string coloured = text_map(s, Paint{true});
  EXPECT_NE(coloured.find("\x1b[31mred 1\x1b[0m"), std::string::npos);
  EXPECT_NE(coloured.find("\x1b[1;7mQ.\x1b[0m"), std::string::npos);
}

// Players whose names start alike are marked by their seats.
TEST(AlicematicPictures, MarksAreSeatNumbersWhenInitialsClash) {
  alicematic::Setup setup;
  setup.catalog = &catalog();
  setup.names = {"Anna", "arthur", "Bob"};
  setup.kingdoms = {0, 1, 2};
  std::string error;
  setup.board = Board::build(catalog(), catalog().layouts[0], {{0, 0}, {1, 0}, {2, 0}}, error);
  EXPECT_EQ(player_marks(State(setup)), "123");
}

// The SVG of a position: the map once (a hex per space), and on it a token per invaded token and
// a ring per attack.
TEST(AlicematicPictures, PictureDrawsEachTokenOnTheSharedMap) {
  State s = game();
  s.edit_token(at(s, "a0"), 0, true);
  s.edit_token(at(s, "a0"), 1, true);
  s.edit_token(at(s, "b2"), 1, true);
  s.edit_token(at(s, "c3"), 2, false);
  auto count = [](const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  const std::string defs = map_defs(s);
  EXPECT_EQ(count(defs, "class=\"ah-hex "), s.board().size());
  EXPECT_EQ(count(defs, "<circle id=\"ah-t"), 3);  // a token per player to place
  const std::string picture = draw_position(s, "Round 1", "AlicematiC Heroes: round 1", "the table");
  EXPECT_EQ(count(picture, "<use href=\"#ah-map\"/>"), 1);
  EXPECT_EQ(count(picture, "<use href=\"#ah-s0\""), 1);  // City spots
  EXPECT_EQ(count(picture, "<use href=\"#ah-s1\""), 1);
  EXPECT_EQ(count(picture, "<use href=\"#ah-t1\""), 1);  // b2
  EXPECT_EQ(count(picture, "<use href=\"#ah-a2\""), 1);  // c3's attack
  EXPECT_EQ(count(picture, "<use href=\"#ah-"), 5);
  EXPECT_NE(picture.find("<desc>the table</desc>"), std::string::npos);
}

}  // namespace
}  // namespace wonderlog::alicematic
