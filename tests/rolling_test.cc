// Rolling in Wonderland: the rulebook's worked examples (RollingExamples.En reproduces example
// En of docs/games/rolling-in-wonderland.md), rulings (RollingRulings.RWn pins RW-n) and the
// bad input a log can hold, each with its located diagnostic.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>

#include <fmt/format.h>

#include "engine/rolling/catalog.h"
#include "engine/rolling/state.h"
#include "tests/testing.h"

namespace wonderlog::rolling {
namespace {

constexpr Area H = Area::hatter, R = Area::rabbit, C = Area::cat, A = Area::alice, Q = Area::queen,
               P = Area::caterpillar;

const Catalog& standard() {
  static const Catalog c = load_catalog(testing::source_path("fixtures/catalogs/rolling-in-wonderland.yaml"));
  return c;
}

int index_of(int found, const char* name) {
  EXPECT_GE(found, 0) << name;
  return found;
}

// Seats Ann, Bea, ... playing Dodo, Lory, Dormouse, Duchess; Cheshire Cat cards grin, vanish,
// which-way, riddle in slots A-D; no seed (every chance event is given by the test).
Setup base(int players) {
  const Catalog& c = standard();
  Setup s;
  s.catalog = &c;
  static const char* kNames[] = {"Ann", "Bea", "Cat", "Dee"};
  static const char* kChallenges[] = {"tea-party", "croquet", "caucus-race", "pool-of-tears"};
  static const char* kHatter[] = {"march-hare", "pocket-watch", "hookah", "eat-me"};
  for (int i = 0; i < players; ++i) {
    s.names.push_back(kNames[i]);
    s.characters.push_back(i);
    s.challenges.push_back(index_of(c.find_challenge(kChallenges[i]), kChallenges[i]));
    s.hatter.push_back(index_of(c.find_hatter(kHatter[i]), kHatter[i]));
    s.objectives.push_back(i);
  }
  const char* cheshire[] = {"grin", "vanish", "which-way", "riddle"};
  for (int k = 0; k < kCheshireSlots; ++k) s.cheshire[k] = index_of(c.find_cheshire(cheshire[k]), cheshire[k]);
  return s;
}

template <class Reading>
Setup under(Setup s, Dispute d, Reading r) {
  s.readings.choose(static_cast<int>(d), static_cast<int>(r));
  return s;
}

void play(State& s, const Move& m) {
  const auto v = s.validate(m);
  ASSERT_FALSE(v.has_value()) << v->message << " [" << v->rule << "]";
  s.apply(m);
}

std::string refused(const State& s, const Move& m) {
  const auto v = s.validate(m);
  return v ? v->rule : "";
}

Move jabberwock(Area a) {
  Move m;
  m.kind = Move::Kind::jabberwock;
  m.area = a;
  return m;
}

// A roll of one die of each colour: the faces of the blue, black, orange, peach, green and
// purple dice.
Move roll(int who, std::array<Area, 6> faces) {
  Move m;
  m.kind = Move::Kind::roll;
  m.who = static_cast<std::int8_t>(who);
  m.dice.fill(1);
  m.count = 6;
  std::copy(faces.begin(), faces.end(), m.faces.begin());
  return m;
}

Move take(int seat, Area a, std::initializer_list<Colour> dice = {}) {
  Move m;
  m.kind = Move::Kind::take;
  m.seat = static_cast<std::int8_t>(seat);
  m.area = a;
  for (Colour c : dice) ++m.dice[static_cast<int>(c)];
  m.named = dice.size() > 0;
  return m;
}

Move decision(int seat, Move::Kind k) {
  Move m;
  m.kind = k;
  m.seat = static_cast<std::int8_t>(seat);
  return m;
}

Move soldier(int seat, Area a) {
  Move m = decision(seat, Move::Kind::soldier);
  m.area = a;
  return m;
}

Move bonus(int seat, char slot) {
  Move m = decision(seat, Move::Kind::bonus);
  m.slot = static_cast<std::int8_t>(slot - 'A');
  return m;
}

Move cube(int seat, int slot, Colour c) {
  Move m = decision(seat, Move::Kind::cube);
  m.slot = static_cast<std::int8_t>(slot - 1);
  m.colour = c;
  return m;
}

Move mushroom(int seat, Colour c, Area from, Area to) {
  Move m = decision(seat, Move::Kind::mushroom_set);
  m.colour = c;
  m.area = from;
  m.to = to;
  return m;
}

Move draw(std::initializer_list<const char*> names) {
  Move m;
  m.kind = Move::Kind::draw;
  for (const char* n : names) m.cards[m.count++] = static_cast<std::int16_t>(standard().find_hatter(n));
  return m;
}

Move challenge(int seat, const char* card, int slot) {
  Move m = decision(seat, Move::Kind::challenge);
  m.card = static_cast<std::int16_t>(standard().find_challenge(card));
  m.slot = static_cast<std::int8_t>(slot - 1);
  return m;
}

// --- Worked examples -----------------------------------------------------------------------

TEST(RollingExamples, E1TheJabberwockCardMovesItToAnArea) {
  State s(base(2));
  EXPECT_TRUE(s.to_move().is_chance());
  play(s, jabberwock(A));
  EXPECT_EQ(s.jabberwock(), A);
  EXPECT_EQ(s.jabberwock_left(), standard().jabberwock_cards() - 1);
  EXPECT_EQ(s.phase(), State::Phase::rolling);
}

TEST(RollingExamples, E2ThreeOfFourCheshireDiceWhenThreeSpacesAreLeft) {
  State s(base(2));
  play(s, jabberwock(A));
  // Ann's blue, black and orange go to the Queen, her peach and green and purple to the Cheshire
  // Cat; Bea's peach joins them, the rest of Bea's dice go to the Mad Hatter.
  play(s, roll(0, {Q, Q, Q, C, C, C}));
  play(s, roll(1, {H, H, H, C, H, H}));
  play(s, take(0, Q));  // 3 dice: 2 soldiers
  play(s, soldier(0, A));
  play(s, soldier(0, A));
  play(s, take(1, H));  // Bea takes 5 of the Mad Hatter's dice
  play(s, draw({"march-hare", "eat-me", "hookah"}));
  // Ann has room for 3; the Cheshire Cat holds peach, peach, green and purple.
  EXPECT_EQ(refused(s, take(0, C)), "RW-8");  // she must say which 3
  EXPECT_EQ(refused(s, take(0, C, {Colour::peach, Colour::peach, Colour::green, Colour::purple})), "RW-8");
  play(s, take(0, C, {Colour::peach, Colour::peach, Colour::green}));
  EXPECT_EQ(count(s.player(0).dice), 6);
  EXPECT_EQ(s.area_dice(C)[static_cast<int>(Colour::purple)], 1);  // left for the others
}

TEST(RollingExamples, E3AMushroomCompletesAMadHatterTake) {
  State s(base(2));
  play(s, jabberwock(H));
  play(s, roll(0, {H, R, H, Q, Q, Q}));
  play(s, roll(1, {Q, Q, Q, Q, Q, Q}));
  // Two dice on the Mad Hatter (blue, orange); a mushroom turns the green die to the Mad Hatter.
  play(s, mushroom(0, Colour::green, Q, H));
  EXPECT_EQ(s.player(0).mushrooms, 1);
  EXPECT_EQ(count(s.area_dice(H)), 3);
  play(s, take(0, H));
  ASSERT_FALSE(s.pending().empty());
  EXPECT_EQ(s.pending().back().kind, State::Step::Kind::draw);
  EXPECT_EQ(s.pending().back().count, 2);  // 3 dice: 2 cards (RW-14)
}

TEST(RollingExamples, E4TenWhiteRabbitSpacesOrElevenPastAToken) {
  // Ann starts on the start, Bea's token one space ahead (RW-4); purple 4 + orange 3 + peach 3.
  State s(base(2));
  play(s, jabberwock(R));
  play(s, roll(0, {H, H, R, R, Q, R}));
  play(s, roll(1, {Q, Q, Q, Q, Q, Q}));
  EXPECT_EQ(s.player(1).rabbit, 1);
  play(s, take(0, R));
  EXPECT_EQ(s.player(0).rabbit, 11);  // 10 spaces counted, Bea's skipped
  // Bea, with nobody ahead of her, moves the same 10 from space 1.
  State t(base(2));
  play(t, jabberwock(R));
  play(t, roll(0, {Q, Q, Q, Q, Q, Q}));
  play(t, roll(1, {H, H, R, R, H, R}));
  play(t, take(0, Q));
  play(t, soldier(0, A));
  play(t, soldier(0, A));
  play(t, soldier(0, A));
  Move train = decision(0, Move::Kind::ability);  // 6 dice: the Dodo trains a soldier (RW-12)
  train.as = Move::Kind::train;
  train.area = A;
  play(t, train);
  play(t, take(1, R));
  EXPECT_EQ(t.player(1).rabbit, 11);
}

TEST(RollingExamples, E5FiveCheshireDiceGiveThreeBonusesAndAMushroom) {
  State s(base(2));
  play(s, jabberwock(C));
  // Ann: orange, green, black to the Cheshire Cat; Bea: orange and green too.
  play(s, roll(0, {H, C, C, Q, C, Q}));
  play(s, roll(1, {H, H, C, H, C, H}));
  play(s, mushroom(0, Colour::blue, H, Q));  // so that the black die's mushroom shows
  EXPECT_EQ(s.player(0).mushrooms, 1);
  const Move cat = take(0, C);
  play(s, cat);
  EXPECT_EQ(s.player(0).mushrooms, 2);  // the black die's, at once (RW-11)
  ASSERT_EQ(s.pending().back().kind, State::Step::Kind::bonus_action);
  EXPECT_EQ(s.pending().back().count, 3);  // 5 dice: 3 bonuses (RW-18)
  play(s, bonus(0, 'D'));                   // riddle: draw a Mad Hatter card
  play(s, draw({"top-hat"}));
  Move keep = decision(0, Move::Kind::keep);
  keep.card = static_cast<std::int16_t>(standard().find_hatter("top-hat"));
  play(s, keep);
  EXPECT_EQ(refused(s, bonus(0, 'D')), "RW-18");  // one black die: slot D once
  EXPECT_EQ(refused(s, bonus(0, 'A')), "RW-18");  // no peach die
  play(s, bonus(0, 'B'));                           // vanish: 3 White Rabbit spaces
  play(s, bonus(0, 'B'));
  EXPECT_EQ(s.player(0).rabbit, 6 + 1);  // 6 spaces, Bea's token on 1 skipped
}

TEST(RollingExamples, E6TwoAliceDiceCompleteAChallenge) {
  // Ann's tea-party shows blue, orange, green and peach. A first Alice take covers green and
  // peach; the second, of blue and orange, completes it.
  State s(base(2));
  play(s, jabberwock(A));
  play(s, roll(0, {R, R, R, A, A, H}));
  play(s, roll(1, {Q, Q, Q, Q, Q, Q}));
  play(s, take(0, A));
  play(s, challenge(0, "lobster-quadrille", 2));
  play(s, cube(0, 1, Colour::green));
  play(s, cube(0, 1, Colour::peach));
  play(s, take(1, Q));  // 6 dice: 3 soldiers
  play(s, soldier(1, Q));
  play(s, soldier(1, Q));
  play(s, soldier(1, Q));
  play(s, mushroom(0, Colour::blue, R, A));
  play(s, mushroom(0, Colour::orange, R, A));
  play(s, take(0, A));
  play(s, challenge(0, "mock-turtle", 3));
  play(s, cube(0, 1, Colour::blue));
  EXPECT_EQ(s.player(0).cubes, 9 - 3);
  play(s, cube(0, 1, Colour::orange));  // the 4th cube: complete (RW-20)
  ASSERT_EQ(s.player(0).completed.size(), 1u);
  EXPECT_EQ(standard().challenges[s.player(0).completed[0]].name, "tea-party");
  EXPECT_EQ(s.player(0).challenges[0].card, -1);  // the slot is free again
  EXPECT_EQ(s.player(0).cubes, 9);
}

TEST(RollingExamples, E7ThreeQueenDiceSummonTwoSoldiers) {
  State s(base(2));
  play(s, jabberwock(Q));
  play(s, roll(0, {Q, Q, Q, H, H, H}));
  play(s, roll(1, {R, R, R, R, R, R}));
  play(s, take(0, Q));
  play(s, soldier(0, P));
  play(s, soldier(0, A));
  EXPECT_EQ(s.player(0).soldiers[static_cast<int>(P)], 1);
  EXPECT_EQ(s.player(0).soldiers[static_cast<int>(A)], 1);
  EXPECT_EQ(s.player(0).supply, 10);
  EXPECT_TRUE(s.pending().empty());  // her action is over: 2 soldiers, not 3
  EXPECT_EQ(refused(s, soldier(0, Q)), "RW-21");
}

TEST(RollingExamples, E8InfluenceWithATieForSecond) {
  // Red 3 soldiers, yellow 2, green 2, blue none, in the White Rabbit area: red gold (5 VP),
  // yellow and green skip silver and take bronze, blue nothing.
  State s(base(4));
  const auto places = s.places({3, 2, 2, 0});
  EXPECT_EQ(places[0], 0);
  EXPECT_EQ(places[1], 2);
  EXPECT_EQ(places[2], 2);
  EXPECT_EQ(places[3], -1);
  EXPECT_EQ(standard().areas[static_cast<int>(R)].rewards[0], 5);
}

TEST(RollingExamples, E9FourCaterpillarDiceSixSpacesFourRewards) {
  // Black 2 + blue 2 + green 1 + purple 1 = 6 spaces from the start: a Mad Hatter card, a cube
  // on any icon, a soldier's move, then 2 White Rabbit spaces, in path order.
  State s(base(2));
  play(s, jabberwock(P));
  play(s, roll(0, {P, P, Q, Q, P, P}));
  play(s, roll(1, {H, H, H, H, H, H}));
  play(s, take(0, Q));  // a soldier first, so that the move has one to move
  play(s, soldier(0, A));
  play(s, take(1, H));
  play(s, draw({"march-hare", "eat-me", "hookah"}));
  play(s, take(0, P));
  EXPECT_EQ(s.player(0).caterpillar, 6);
  ASSERT_EQ(s.pending().back().kind, State::Step::Kind::draw);  // A) a Mad Hatter card
  play(s, draw({"drink-me"}));
  ASSERT_EQ(s.pending().back().kind, State::Step::Kind::cube_any);  // B) a cube, any colour
  play(s, cube(0, 1, Colour::green));
  ASSERT_EQ(s.pending().back().kind, State::Step::Kind::move_soldier);  // C) a soldier's move
  const int rabbit_before = s.player(0).rabbit;
  Move move = decision(0, Move::Kind::move_soldier);
  move.area = A;
  move.to = R;
  play(s, move);
  EXPECT_EQ(s.player(0).soldiers[static_cast<int>(R)], 1);
  EXPECT_EQ(s.player(0).rabbit, rabbit_before + 2);  // D) 2 White Rabbit spaces (Bea on 1 is behind)
}

// --- Rulings -------------------------------------------------------------------------------

TEST(RollingRulings, RW1TwoToFourPlayers) {
  rolling::Setup one = base(2);
  one.names.resize(1);
  const auto v = State::check(one);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "RW-1");
  EXPECT_NE(v->message.find("solo rules are not in wonderlog's sources"), std::string::npos);
  rolling::Setup five = base(4);
  five.names.push_back("Eve");
  EXPECT_EQ(State::check(five)->rule, "RW-1");
  EXPECT_FALSE(State::check(base(3)));
}

TEST(RollingRulings, RW11BlackDiceCannotBeMovedAndGiveAMushroom) {
  State s(base(2));
  play(s, jabberwock(Q));
  play(s, roll(0, {Q, H, Q, Q, Q, Q}));
  play(s, roll(1, {R, R, R, R, R, R}));
  EXPECT_EQ(refused(s, mushroom(0, Colour::black, H, Q)), "RW-11");
}

TEST(RollingRulings, RW12FourDiceTriggerTheAbilityUnlessAllSixAreNeeded) {
  for (AbilityAt at : {AbilityAt::four_or_more, AbilityAt::all_six}) {
    // Bea plays the Lory (4 White Rabbit spaces); she takes 4 Queen dice.
    State s(under(base(2), Dispute::ability_at, at));
    play(s, jabberwock(Q));
    play(s, roll(0, {H, H, H, H, H, H}));
    play(s, roll(1, {Q, Q, Q, Q, R, R}));
    play(s, take(0, H, {Colour::blue, Colour::black, Colour::orange, Colour::peach, Colour::green, Colour::purple}));
    play(s, draw({"march-hare", "eat-me", "hookah"}));
    play(s, take(1, Q));
    EXPECT_EQ(s.player(1).rabbit, at == AbilityAt::four_or_more ? 1 + 4 : 1);
  }
}

TEST(RollingRulings, RW28ATieOfThreeForFirstSkipsOnePlaceOrThree) {
  State a(base(4));
  auto p = a.places({3, 3, 3, 1});
  EXPECT_EQ(p[0], 1);
  EXPECT_EQ(p[3], 2);  // bronze: one place skipped
  State b(under(base(4), Dispute::tie, Tie::skip_tied_places));
  p = b.places({3, 3, 3, 1});
  EXPECT_EQ(p[0], 1);
  EXPECT_EQ(p[3], -1);
  EXPECT_EQ(b.places({2, 2, 1, 1})[2], -1);  // a tie for third gets nothing, under both
  EXPECT_EQ(a.places({2, 2, 1, 1})[2], -1);
}

// --- Logs: bad input gets a located diagnostic ----------------------------------------------

const char* kHead =
    "wonderlog 1\n"
    "game: rolling-in-wonderland\n"
    "catalog: rolling-in-wonderland\n"
    "players: Ann, Bea\n"
    "characters: Dodo, Lory\n"
    "cheshire: grin, vanish, which-way, riddle\n"
    "challenges: tea-party, croquet\n"
    "hatter-cards: march-hare, pocket-watch\n"
    "objectives: strongest-alice, most-challenges\n";

const char* kRound1 =
    "round 1\n"
    "jabberwock: queen\n"
    "roll: Ann blue queen, black hatter, orange queen, peach queen, green cat, purple cat\n"
    "roll: Bea blue rabbit, black rabbit, orange rabbit, peach rabbit, green rabbit, purple rabbit\n";

GameReport verify(const std::string& body, const std::string& head = kHead) {
  const auto reports = testing::verify_text(head + body, "rw.wlog");
  EXPECT_EQ(reports.size(), 1u);
  return reports.empty() ? GameReport{} : reports[0];
}

TEST(RollingLogs, AOnePlayerLogIsRefusedWithItsReason) {
  std::string head = kHead;
  head.replace(head.find("Ann, Bea"), 8, "Ann");
  const GameReport r = verify("", head);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rule, "RW-1");
  EXPECT_NE(r.error->message.find("solo rules"), std::string::npos);
}

TEST(RollingLogs, BadMovesAreLocatedAndCiteTheirRulings) {
  struct Case {
    const char* entry;
    const char* rule;
    const char* says;
  };
  const Case cases[] = {
      {"1. Ann: take alice\n", "RW-8", "holds no dice"},                         // an empty area
      {"1. Ann: mushroom black hatter to queen\n", "RW-11", "black dice"},       // a black die moved
      {"1. Ann: play teapot\n", "RW-37", "not a Mad Hatter card"},                // an unknown card
      {"1. Ann: take hatter blue\n", "RW-8", "holds 0 blue"},                    // dice the area lacks
      {"1. Bea: take queen\n", "RW-6", "Ann's turn"},                            // out of turn
  };
  for (const Case& c : cases) {
    const GameReport r = verify(std::string(kRound1) + c.entry);
    ASSERT_TRUE(r.error) << c.entry;
    EXPECT_EQ(r.error->rule, c.rule) << c.entry << r.error->message;
    EXPECT_NE(r.error->message.find(c.says), std::string::npos) << r.error->message;
    EXPECT_EQ(r.error->pos.line, 14u) << c.entry;
  }
}

TEST(RollingLogs, ARollMustNameTheDiceOnHerBoard) {
  const GameReport r = verify(
      "round 1\njabberwock: queen\n"
      "roll: Ann blue queen, blue hatter, orange queen, peach queen, green cat, purple cat\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rule, "RW-7");
  EXPECT_NE(r.error->message.find("dice on her board"), std::string::npos) << r.error->message;
}

TEST(RollingLogs, AMushroomNeedsAMushroomLeft) {
  const GameReport r = verify(std::string(kRound1) +
                              "1. Ann: mushroom green cat to queen\n"
                              "2. Ann: mushroom purple cat to queen\n"
                              "3. Ann: mushroom blue queen to cat\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rule, "RW-9");
  EXPECT_EQ(r.error->move, 3);
}

TEST(RollingLogs, ASeventhDieIsRefused) {
  // Ann takes 3 Queen dice, Bea 4 White Rabbit dice; Ann has room for 3 of the Cheshire
  // Cat's 4 dice, and names all 4.
  const GameReport r = verify(
      "round 1\njabberwock: queen\n"
      "roll: Ann blue queen, black hatter, orange queen, peach queen, green cat, purple cat\n"
      "roll: Bea blue rabbit, black rabbit, orange rabbit, peach rabbit, green cat, purple cat\n"
      "1. Ann: take queen\n2. Ann: soldier alice\n3. Ann: soldier alice\n"
      "4. Bea: take rabbit\n"
      "5. Ann: take cat green green purple purple\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rule, "RW-8") << r.error->message;
}

}  // namespace
}  // namespace wonderlog::rolling
