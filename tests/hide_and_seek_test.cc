// The hide-and-seek engine, ruling by ruling (HideAndSeekRulings.HSn pins HS-n of
// docs/games/hide-and-seek.md), and random play in open and table form.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/rng.h"
#include "engine/hide_and_seek/state.h"
#include "tests/testing.h"

namespace wonderlog::hide_and_seek {
namespace {

constexpr Path O = Path::orthogonal, D = Path::diagonal, A = Path::adjacent, J = Path::joker;

Spot at(const char* name) {
  return Spot{static_cast<std::uint8_t>(name[1] - '1'), static_cast<std::uint8_t>(name[0] - 'a')};
}

// A layout in reading order, one letter a spot: O D A J for Garden tiles, S for the start.
Setup setup_of(const char* rows, Path start_path = O, bool open = true) {
  Setup s;
  s.names = {"Mia", "Tom"};
  s.garden_counts = {5, 7, 5, 2};
  s.start_path = start_path;
  std::array<Tile, kSpots> layout{};
  int i = 0;
  for (const char* c = rows; *c; ++c) {
    if (*c == ' ' || *c == '/') continue;
    if (*c == 'S') s.start = Spot::at(i);
    layout[i++] = *c == 'S' ? Tile{} : Tile::garden(*c == 'O' ? O : *c == 'D' ? D : *c == 'A' ? A : J);
  }
  if (open) s.layout = layout;
  return s;
}

// `setup` under one reading of one dispute.
template <class Reading>
Setup reading(Setup setup, Dispute d, Reading r) {
  setup.readings.choose(static_cast<int>(d), static_cast<int>(r));
  return setup;
}

// 5 O, 7 D, 5 A, 2 J around a start tile at b3.
const char* kLayout = "O D A J / D O D A / A S D O / D A J D / O A O D";

Move step(const char* to, Seen seen) {
  Move m;
  m.kind = Move::Kind::step;
  m.seat = State::kAlice;
  m.spot = at(to);
  m.seen = seen;
  return m;
}
Move guard(const char* s, Seen seen) {
  Move m;
  m.kind = Move::Kind::guard;
  m.seat = State::kQueen;
  m.spot = at(s);
  m.seen = seen;
  return m;
}
Move look(const char* a, const char* b, Move::Told told) {
  Move m;
  m.kind = Move::Kind::look;
  m.seat = State::kQueen;
  m.spot = at(a);
  m.other = at(b);
  m.told = told;
  return m;
}
Move move_alice(const char* to) {
  Move m;
  m.kind = Move::Kind::move_alice;
  m.seat = State::kQueen;
  m.spot = at(to);
  return m;
}

std::string rule_of(const State& s, const Move& m) {
  auto v = s.validate(m);
  return v ? v->rule : "legal";
}

void must(State& s, const Move& m) {
  auto v = s.validate(m);
  ASSERT_FALSE(v) << v->rule << ": " << v->message;
  s.apply(m);
}

TEST(HideAndSeekRulings, HS1TwoPlayersAliceFirstTurnsAlternate) {
  hide_and_seek::Setup bad = setup_of(kLayout);
  bad.names = {"Mia"};
  EXPECT_TRUE(State::check(bad));
  State s(setup_of(kLayout));
  EXPECT_EQ(s.to_move().seat, State::kAlice);
  EXPECT_EQ(rule_of(s, guard("a1", Tile::garden(O))), "HS-1");  // the Queen moves second
  must(s, step("b1", Tile::garden(D)));
  EXPECT_EQ(s.to_move().seat, State::kQueen);
}

TEST(HideAndSeekRulings, HS2StartTileGivesTheFirstPaths) {
  State s(setup_of(kLayout, O));
  EXPECT_EQ(s.alice(), at("b3"));
  EXPECT_EQ(s.current_path(), O);
  EXPECT_EQ(rule_of(s, step("a2", Tile::garden(D))), "HS-4");   // diagonal: not an orthogonal path
  EXPECT_EQ(rule_of(s, step("b5", Tile::garden(A))), "legal");  // any tile of the column
  State d(setup_of(kLayout, D));
  EXPECT_EQ(rule_of(d, step("a2", Tile::garden(D))), "legal");
}

TEST(HideAndSeekRulings, HS3StartTileIsRevealedForGood) {
  State s(setup_of(kLayout));
  must(s, step("b5", Tile::garden(A)));  // b3 -> b5 over b4; the start tile stays at b3
  EXPECT_TRUE(s.face_up(at("b3")));
  must(s, move_alice("b4"));                                   // the Queen moves her next to the start tile
  EXPECT_EQ(rule_of(s, step("b3", Tile::garden(O))),
            "HS-3");  // never landed on again (HS-3, not a revealed tile's HS-4)
  must(s, step("a3", Tile::garden(A)));
  EXPECT_EQ(rule_of(s, guard("b3", Tile::garden(O))), "HS-3");  // not face down: the start tile
}

TEST(HideAndSeekRulings, HS4AliceCrossesTilesAndLandsFaceDown) {
  State s(setup_of(kLayout));
  // b3 -> b5 passes over b4 (face down): allowed.
  must(s, step("b5", Tile::garden(A)));
  EXPECT_EQ(s.alice(), at("b5"));
  EXPECT_EQ(s.companions_left(), 7);
  EXPECT_EQ(s.known(at("b5"))->kind, Tile::Kind::companion);  // her Companion fills the hole
}

TEST(HideAndSeekRulings, HS3ReadingStartFaceDownLetsTheQueenTakeIt) {
  const Tile start{Tile::Kind::start, O};
  // The default 'start-revealed': neither a Guard nor the King's move takes the start tile (b3).
  State revealed(setup_of(kLayout));
  must(revealed, step("b4", Tile::garden(A)));
  EXPECT_EQ(rule_of(revealed, guard("b3", start)), "HS-3");
  EXPECT_EQ(rule_of(revealed, move_alice("b3")), "HS-3");
  // 'start-face-down': both may, and the Guard discards it.
  State down(reading(setup_of(kLayout), Dispute::start_tile, StartTile::start_face_down));
  must(down, step("b4", Tile::garden(A)));
  EXPECT_EQ(rule_of(down, move_alice("b3")), "legal");
  EXPECT_EQ(rule_of(down, guard("b3", Tile::garden(D))), "HS-16");  // the table knows it is the start tile
  must(down, guard("b3", start));
  EXPECT_FALSE(down.face_up(at("b3")));
  EXPECT_EQ(down.known(at("b3"))->kind, Tile::Kind::guard);
  EXPECT_NE(down.readings().consulted() & (1u << static_cast<int>(Dispute::start_tile)), 0u);
  // Alice never lands on the start tile herself, under either reading.
  State again(reading(setup_of(kLayout), Dispute::start_tile, StartTile::start_face_down));
  must(again, step("b4", Tile::garden(A)));
  must(again, guard("a1", Tile::garden(O)));
  EXPECT_EQ(rule_of(again, step("b3", Tile::garden(D))),
            "HS-3");  // its own refusal, not "revealed" (HS-4): found in review
}

TEST(HideAndSeekRulings, HS4ReadingFourNeighboursLeavesOutDiagonals) {
  // The start tile's side is Adjacent: from b3, a2 is a diagonal neighbour, b2 one above.
  State eight(setup_of(kLayout, A));
  EXPECT_EQ(rule_of(eight, step("b2", Tile::garden(O))), "legal");
  // Whether she can move at all was settled by her straight neighbours: the diagonals decided
  // nothing, and the reading was not asked. A step onto a diagonal neighbour asks it.
  EXPECT_EQ(eight.readings().consulted(), 0u);
  EXPECT_EQ(rule_of(eight, step("a2", Tile::garden(D))), "legal");
  EXPECT_EQ(eight.readings().consulted(), 1u << static_cast<int>(Dispute::adjacent));
  EXPECT_EQ(eight.reachable().size(), 8u);
  State four(reading(setup_of(kLayout, A), Dispute::adjacent, Adjacent::four_neighbours));
  EXPECT_EQ(rule_of(four, step("b2", Tile::garden(O))), "legal");
  EXPECT_EQ(rule_of(four, step("a2", Tile::garden(D))), "HS-4");
  EXPECT_EQ(four.reachable().size(), 4u);
  // Other paths never consult the dispute.
  State orthogonal(setup_of(kLayout, O));
  EXPECT_EQ(orthogonal.readings().consulted(), 0u);
}

TEST(HideAndSeekRulings, HS5GuardMayTargetAlicesTile) {
  State s(setup_of(kLayout));
  must(s, step("b5", Tile::garden(A)));
  // Alice stands on her face-down Companion; the Queen's Guard finds it.
  must(s, guard("b5", Tile::companion()));
  EXPECT_EQ(s.known(at("b5"))->kind, Tile::Kind::guard);
  EXPECT_EQ(s.guards_left(), 8);  // one placed, one discarded for the Companion (HS-13)
  EXPECT_EQ(s.alice(), at("b5"));
}

TEST(HideAndSeekRulings, HS6OwnGuardRevealedIsDiscarded) {
  State s(setup_of(kLayout));
  must(s, step("b5", Tile::garden(A)));
  must(s, guard("a1", Tile::garden(O)));  // a1 now holds a face-down Guard
  must(s, step("a4", Tile::garden(D)));
  must(s, guard("a1", Tile::guard()));  // her own Guard: discarded, replaced
  EXPECT_EQ(s.face_up_guards(), 0);
  EXPECT_FALSE(s.face_up(at("a1")));
  EXPECT_EQ(s.guards_left(), 8);
}

TEST(HideAndSeekRulings, HS7GardenTileRevealedByAGuardIsDiscarded) {
  State s(setup_of(kLayout));
  must(s, step("b5", Tile::garden(A)));
  must(s, guard("a1", Tile::garden(O)));
  EXPECT_EQ(s.garden_pile().size(), 1u);  // only Alice's reveal
  EXPECT_EQ(s.current_path(), A);
}

TEST(HideAndSeekRulings, HS8MoveAliceDoesNotReveal) {
  State s(setup_of(kLayout));
  must(s, step("b1", Tile::garden(D)));
  EXPECT_EQ(rule_of(s, move_alice("d1")), "HS-8");  // not adjacent
  // Onto her own tile: said so, not "b1 is not next to Alice (b1)" (found in review).
  const auto v = s.validate(move_alice("b1"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "HS-8");
  EXPECT_EQ(v->message, "Alice is already on b1: the Queen moves her onto a tile next to hers");
  must(s, move_alice("c2"));
  EXPECT_EQ(s.alice(), at("c2"));
  EXPECT_FALSE(s.face_up(at("c2")));
  EXPECT_EQ(s.current_path(), D);
  EXPECT_EQ(s.garden_pile().size(), 1u);
}

TEST(HideAndSeekRulings, HS9SecretSwapKeepsBothPossibilities) {
  hide_and_seek::Setup table = setup_of(kLayout, O, /*open=*/false);
  State t(table);
  must(t, step("b5", Tile::garden(A)));
  EXPECT_EQ(rule_of(t, look("b5", "c5", Move::Told::unknown)), "HS-9");  // Alice's tile
  // One spot named twice: the refusal says what a look is (found in review: "it is at two
  // different tiles" read as if the spot were).
  const auto same = t.validate(look("a5", "a5", Move::Told::unknown));
  ASSERT_TRUE(same);
  EXPECT_EQ(same->message, "the look names a5 twice: a look is at two different tiles");
  must(t, look("a5", "b4", Move::Told::unknown));
  EXPECT_EQ(t.worlds(), 1);  // two unknown Garden tiles: a swap changes nothing the table can tell
  State u(table);
  must(u, step("b1", Tile::garden(D)));
  must(u, guard("c4", Tile::garden(J)));  // c4 holds a face-down Guard now
  must(u, step("a2", Tile::garden(D)));
  must(u, look("c4", "d4", Move::Told::unknown));
  EXPECT_EQ(u.worlds(), 2);  // the Guard is at c4 or at d4
  EXPECT_FALSE(u.known(at("c4")));
  State kept(table);
  must(kept, step("b1", Tile::garden(D)));
  must(kept, guard("c4", Tile::garden(J)));
  must(kept, step("a2", Tile::garden(D)));
  must(kept, look("c4", "d4", Move::Told::kept));
  EXPECT_EQ(kept.worlds(), 1);
  EXPECT_EQ(kept.known(at("c4"))->kind, Tile::Kind::guard);
}

// HS-17: under 'swap-seen' the table sees the swap, so a look at two face-down tiles says
// 'swap' or 'keep', the record never branches, and Alice's view of the log shows it.
TEST(HideAndSeekRulings, HS17ReadingSwapSeenNeedsTheSwapWritten) {
  const hide_and_seek::Setup table = setup_of(kLayout, O, /*open=*/false);
  State seen(reading(table, Dispute::swap, SwapSeen::swap_seen));
  must(seen, step("b1", Tile::garden(D)));
  must(seen, guard("c4", Tile::garden(J)));
  must(seen, step("a2", Tile::garden(D)));
  auto v = seen.validate(look("c4", "d4", Move::Told::unknown));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "HS-17");
  EXPECT_EQ(v->message, "the table sees whether the Queen swaps the two tiles she looked at: write 'swap' or 'keep'");
  EXPECT_TRUE(seen.swap_seen(at("c4"), at("d4")));
  State swapped = seen;
  must(swapped, look("c4", "d4", Move::Told::swapped));
  EXPECT_EQ(swapped.worlds(), 1);
  EXPECT_EQ(swapped.known(at("d4"))->kind, Tile::Kind::guard);  // the Guard went to d4, as everyone saw
  // The default leaves it to the Queen: the same look is legal unsaid, and seen only for face-up tiles.
  State unseen(table);
  must(unseen, step("b1", Tile::garden(D)));
  must(unseen, guard("c4", Tile::garden(J)));
  must(unseen, step("a2", Tile::garden(D)));
  EXPECT_EQ(rule_of(unseen, look("c4", "d4", Move::Told::unknown)), "legal");
  EXPECT_FALSE(unseen.swap_seen(at("c4"), at("d4")));
  EXPECT_TRUE(unseen.swap_seen(at("b3"), at("d4")));  // b3, the start tile, lies face up
  // legal_moves() lists every look with what the Queen did, under either reading.
  for (const State* s : {&seen, &unseen})
    for (const Move& m : s->legal_moves()) {
      if (m.kind == Move::Kind::look) {
        EXPECT_NE(m.told, Move::Told::unknown);
      }
    }
}

TEST(HideAndSeekRulings, HS8ReadingMoveRevealsTurnsTheTileUp) {
  // Alice steps from the start tile b3 to b4; a3, next to her, holds an Adjacent Garden tile.
  State plain(setup_of(kLayout));
  must(plain, step("b4", Tile::garden(A)));
  Move revealing = move_alice("a3");
  revealing.reveals = true;
  revealing.seen = Tile::garden(A);
  auto v = plain.validate(revealing);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->message, "the King's move does not turn the tile up: write 'move a3' alone");
  State reveals(reading(setup_of(kLayout), Dispute::king_move, KingMove::move_reveals));
  must(reveals, step("b4", Tile::garden(A)));
  v = reveals.validate(move_alice("a3"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->message,
            "Alice turns up the tile the King moves her onto (HS-8 read as 'move-reveals'): write what it showed, "
            "like 'move a3 D'");
  revealing.seen = Tile::garden(D);
  EXPECT_EQ(rule_of(reveals, revealing), "HS-16");  // a3 holds an Adjacent tile
  revealing.seen = Tile::garden(A);
  must(reveals, revealing);
  EXPECT_EQ(reveals.alice(), at("a3"));
  EXPECT_EQ(reveals.garden_pile().size(), 2u);  // the tile joined her pile
  EXPECT_EQ(reveals.companions_left(), 6);      // and a Companion filled its spot
  EXPECT_EQ(reveals.to_move().seat, State::kAlice);
}

TEST(HideAndSeekRulings, HS9LookMayTakeFaceUpTiles) {
  // The default reading 'any-tile': the start tile (face up) may be looked at and swapped, in
  // plain view, so the log says whether it was.
  State s(setup_of(kLayout, O, /*open=*/false));
  must(s, step("b5", Tile::garden(A)));
  ASSERT_TRUE(s.face_up(at("b3")));
  auto v = s.validate(look("b3", "c3", Move::Told::unknown));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "HS-9");
  EXPECT_EQ(v->message,
            "b3 holds the start tile, printed on both sides, so the table sees whether the Queen swaps it: write "
            "'swap' or 'keep'");
  EXPECT_EQ(rule_of(s, look("b5", "b3", Move::Told::swapped)), "HS-9");  // Alice's tile, still
  must(s, look("b3", "c3", Move::Told::swapped));
  EXPECT_TRUE(s.face_up(at("c3")));  // the start tile moved, face up
  EXPECT_FALSE(s.face_up(at("b3")));
  EXPECT_EQ(s.known(at("c3"))->kind, Tile::Kind::start);
  EXPECT_EQ(s.worlds(), 1);
}

TEST(HideAndSeekRulings, HS9ReadingFaceDownOnly) {
  State s(reading(setup_of(kLayout), Dispute::look, LookAt::face_down_only));
  must(s, step("b5", Tile::garden(A)));
  auto v = s.validate(look("b3", "c3", Move::Told::kept));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "HS-9");
  EXPECT_EQ(v->message, "b3 is face up: the look is at face-down tiles");
  EXPECT_EQ(rule_of(s, look("c3", "d3", Move::Told::unknown)), "legal");
  const auto legal = s.legal_moves();
  EXPECT_TRUE(std::none_of(legal.begin(), legal.end(), [](const Move& m) {
    return m.kind == Move::Kind::look && (m.spot == at("b3") || m.other == at("b3"));
  }));
}

TEST(HideAndSeekRulings, HS10ReorderMovesTilesTileByTile) {
  State s(setup_of(kLayout));
  must(s, step("b5", Tile::garden(A)));
  Move r;
  r.kind = Move::Kind::reorder;
  r.seat = State::kQueen;
  r.column = true;
  r.line = 0;                 // column a; Alice is in column b
  r.order = {2, 1, 0, 4, 3};  // the rulebook's 1 2 3 4 5 -> 3 2 1 5 4
  must(s, r);
  // Column a held O D A D O; the figure's five places, each checked (found in review: a2 to a4
  // were not).
  EXPECT_EQ(s.known(at("a1"))->path, A);  // a3's Adjacent tile is now at a1
  EXPECT_EQ(s.known(at("a2"))->path, D);  // a2's stays
  EXPECT_EQ(s.known(at("a3"))->path, O);  // a1's Horizontal-or-vertical tile
  EXPECT_EQ(s.known(at("a4"))->path, O);  // a5's Horizontal-or-vertical tile
  EXPECT_EQ(s.known(at("a5"))->path, D);  // a4's Diagonal tile is now at a5
  State t(setup_of(kLayout));
  must(t, step("b5", Tile::garden(A)));
  r.line = 1;  // column b: Alice's
  EXPECT_EQ(rule_of(t, r), "HS-10");
  // The figure's order undoes itself, so it cannot tell which way an order is read; 2 3 1 4 5
  // can. Each place names where its new tile came from: a1 gets a2's Diagonal tile, a2 gets
  // a3's Adjacent tile, a3 gets a1's Horizontal-or-vertical tile (read the other way, "a1 goes
  // to 2", a1 would hold a3's Adjacent tile).
  State u(setup_of(kLayout));
  must(u, step("b5", Tile::garden(A)));
  r.line = 0;
  r.order = {1, 2, 0, 3, 4};
  must(u, r);
  EXPECT_EQ(u.known(at("a1"))->path, D);
  EXPECT_EQ(u.known(at("a2"))->path, A);
  EXPECT_EQ(u.known(at("a3"))->path, O);
  // An order that names a place twice says which, and which it leaves out (it said only "must
  // name each of the line's 5 tiles once": found in review).
  State v(setup_of(kLayout));
  must(v, step("b5", Tile::garden(A)));
  r.order = {0, 4, 1, 2, 2};
  const auto twice = v.validate(r);
  ASSERT_TRUE(twice);
  EXPECT_EQ(twice->message, "the new order must name each of the line's 5 tiles once: 3 is named more than once; 4 is "
                            "missing");
  Move row = r;
  row.column = false;
  row.line = 0;  // row 1; Alice is in row 5
  row.order = {0, 0, 1, 2};
  EXPECT_EQ(v.validate(row)->message,
            "the new order must name each of the line's 4 tiles once: a is named more than once; d is missing");
}

// HS-10's readings: a reorder into the order the line already lies in is allowed by default
// ('any-order') and refused under 'new-order', which asks the reading for that order alone;
// legal_moves() lists it only by default, and every order it lists validates.
TEST(HideAndSeekRulings, HS10ReadingNewOrderRefusesTheLinesOwnOrder) {
  Move same;
  same.kind = Move::Kind::reorder;
  same.seat = State::kQueen;
  same.column = true;
  same.line = 0;  // column a; Alice is in column b
  same.order = {0, 1, 2, 3, 4};
  for (Reorder r : {Reorder::any_order, Reorder::new_order}) {
    State s(reading(setup_of(kLayout), Dispute::reorder, r));
    must(s, step("b5", Tile::garden(A)));
    s.readings().forget();
    Move figure = same;
    figure.order = {2, 1, 0, 4, 3};
    EXPECT_FALSE(s.validate(figure));
    EXPECT_EQ(s.readings().consulted(), 0u);  // a new order does not ask
    const auto v = s.validate(same);
    EXPECT_EQ(v.has_value(), r == Reorder::new_order);
    if (v) {
      EXPECT_EQ(v->rule, "HS-10");
      EXPECT_NE(v->message.find("already lie in this order"), std::string::npos) << v->message;
    }
    EXPECT_EQ(s.readings().consulted(), 1u << static_cast<int>(Dispute::reorder));
    int reorders = 0, in_place = 0;
    for (const Move& m : s.legal_moves()) {
      if (m.kind != Move::Kind::reorder) continue;
      EXPECT_FALSE(s.validate(m));
      ++reorders;
      in_place += m.order == same.order && m.column == same.column && m.line == same.line;
    }
    // Rows (4 tiles, 5 of them, Alice in one) and columns (5 tiles, 4 of them, Alice in one).
    const int each_row = r == Reorder::new_order ? 23 : 24, each_column = r == Reorder::new_order ? 119 : 120;
    EXPECT_EQ(reorders, 4 * each_row + 3 * each_column);
    EXPECT_EQ(in_place, r == Reorder::any_order ? 1 : 0);
  }
  // An order refused for its shape asks no reading, and its refusal names none (found in review:
  // "HS-10 is read as 'any-order'" under an order four places long).
  const auto reports = testing::verify_text(
      testing::read_file(testing::source_path("fixtures/rulings/hide-and-seek/HS-10-order-too-short.wlog")));
  ASSERT_EQ(reports.size(), 1u);
  ASSERT_TRUE(reports[0].error);
  EXPECT_EQ(reports[0].error->rule, "HS-10");
  for (const std::string& note : reports[0].error->notes) EXPECT_EQ(note.find("is read as"), std::string::npos) << note;
}

// HS-11's game (a table log from d5 on a Joker side) after Alice's first step to a2, up to her
// move into the corner a1: she is on b2 with Adjacent paths, and a2 and b1 lie face up.
void to_the_corner(State& s) {
  const Seen adjacent_tile = Tile::garden(A);
  must(s, look("c4", "d4", Move::Told::kept));
  must(s, step("b1", adjacent_tile));
  must(s, move_alice("a2"));               // onto her face-down Companion
  must(s, step("b1", Tile::companion()));  // revealed: stays face up
  must(s, guard("c5", Tile::garden(O)));
  must(s, step("b2", adjacent_tile));
  must(s, guard("c4", Tile::garden(O)));
  must(s, step("a2", Tile::companion()));
  must(s, guard("d4", Tile::garden(D)));
  must(s, step("b2", Tile::companion()));
  must(s, guard("d3", Tile::garden(D)));
}

TEST(HideAndSeekRulings, HS11AliceWithNoFaceDownTileOnHerPathLoses) {
  // A table game (no layout) starting at d5 on a Joker side. Alice ends in the corner a1 with
  // Adjacent paths, its three neighbours face up: at her next turn she cannot move.
  hide_and_seek::Setup setup = setup_of(kLayout, J, /*open=*/false);
  setup.start = at("d5");
  State s(setup);
  const Seen adjacent_tile = Tile::garden(A);
  must(s, step("a2", adjacent_tile));  // along the diagonal d5-c4-b3-a2
  to_the_corner(s);
  must(s, step("a1", adjacent_tile));  // a1: neighbours a2, b1, b2 all face up
  EXPECT_FALSE(s.is_over());
  must(s, guard("d2", Tile::garden(D)));
  EXPECT_TRUE(s.reachable().empty());
  EXPECT_EQ(s.winner(), State::Winner::queen);
  EXPECT_EQ(s.winners(), std::vector<int>{State::kQueen});
}

// HS-11's reading 'cornered-at-once': the same game, where Alice's move to a1 boxes her in. The
// Queen wins there at once, before her own turn; under the default she plays her turn first.
// Where a move leaves Alice a tile to move to, the reading is not asked, nor HS-4's under the
// default.
TEST(HideAndSeekRulings, HS11ReadingCorneredAtOnceEndsTheGameAtHerMove) {
  for (const Cornered r : {Cornered::at_her_turn, Cornered::cornered_at_once}) {
    const bool at_once = r == Cornered::cornered_at_once;
    SCOPED_TRACE(at_once ? "cornered-at-once" : "at-her-turn");
    hide_and_seek::Setup setup = reading(setup_of(kLayout, J, /*open=*/false), Dispute::cornered, r);
    setup.start = at("d5");
    State s(setup);
    const Seen adjacent_tile = Tile::garden(A);
    const auto cornered_bit = 1u << static_cast<int>(Dispute::cornered);
    s.readings().forget();
    must(s, step("a2", adjacent_tile));
    EXPECT_EQ(s.readings().consulted() & cornered_bit, 0u);
    if (!at_once) {
      EXPECT_EQ(s.readings().consulted(), 0u);  // her paths looked at, and forgotten
    }
    to_the_corner(s);
    s.readings().forget();
    must(s, step("a1", adjacent_tile));  // boxed in
    EXPECT_NE(s.readings().consulted() & cornered_bit, 0u);
    EXPECT_EQ(s.is_over(), at_once);
    if (at_once) {
      EXPECT_EQ(s.winner(), State::Winner::queen);
      EXPECT_TRUE(s.legal_moves().empty());
      EXPECT_EQ(s.validate(guard("d2", Tile::garden(D)))->rule, "HS-15");
    } else {
      EXPECT_FALSE(s.legal_moves().empty());
      must(s, guard("d2", Tile::garden(D)));
      EXPECT_EQ(s.winner(), State::Winner::queen);  // at her turn
    }
  }
}

TEST(HideAndSeekRulings, HS12NoCompanionLeftWhenAGardenTileIsRevealedAliceWins) {
  hide_and_seek::Setup setup = setup_of(kLayout, O);
  setup.companions = 1;
  State s(setup);
  must(s, step("b5", Tile::garden(A)));  // places her last Companion: no win yet
  EXPECT_FALSE(s.is_over());
  must(s, guard("d1", Tile::garden(J)));
  must(s, step("a4", Tile::garden(D)));  // a Garden tile and no Companion: Alice wins
  EXPECT_EQ(s.winner(), State::Winner::alice);
  EXPECT_EQ(s.scores(), (std::vector<int>{1, 0}));
}

TEST(HideAndSeekRulings, HS12ReadingPileEmptiedWinsWithTheLastCompanion) {
  hide_and_seek::Setup setup = setup_of(kLayout, O);
  setup.companions = 1;
  State s(reading(setup, Dispute::last_companion, LastCompanion::pile_emptied));
  must(s, step("b5", Tile::garden(A)));  // puts down her last Companion: she wins at once
  EXPECT_EQ(s.winner(), State::Winner::alice);
  EXPECT_EQ(s.readings().consulted(), 1u << static_cast<int>(Dispute::last_companion));
}

TEST(HideAndSeekRulings, HS13GuardPenaltyWithTheLastGuard) {
  hide_and_seek::Setup setup = setup_of(kLayout);
  setup.guards = 1;
  State s(setup);
  must(s, step("b5", Tile::garden(A)));
  must(s, guard("b5", Tile::companion()));  // fills with the last Guard, none left to discard
  EXPECT_EQ(s.winner(), State::Winner::alice);
}

TEST(HideAndSeekRulings, HS14QueenWithoutActionLoses) {
  hide_and_seek::Setup setup = setup_of(kLayout);
  setup.guards = 1;
  State s(setup);
  must(s, step("b5", Tile::garden(A)));
  must(s, guard("a1", Tile::garden(O)));  // her only Guard
  must(s, step("a4", Tile::garden(D)));
  must(s, look("c1", "d1", Move::Told::kept));
  must(s, step("b5", Tile::companion()));
  must(s, move_alice("c5"));
  must(s, step("d4", Tile::garden(D)));
  Move r;
  r.kind = Move::Kind::reorder;
  r.seat = State::kQueen;
  r.line = 0;  // row 1, Alice is in row 4
  r.order = {0, 1, 2, 3};
  must(s, r);
  EXPECT_FALSE(s.is_over());
  must(s, step("c5", Tile::garden(O)));  // now the Queen has no Guard and no King tile
  EXPECT_EQ(s.winner(), State::Winner::alice);
}

TEST(HideAndSeekRulings, HS15TwoFaceUpGuardsAndNothingAfterTheEnd) {
  State s(setup_of(kLayout));
  must(s, step("b5", Tile::garden(A)));
  must(s, guard("a4", Tile::garden(D)));  // a Guard lies face down at a4
  must(s, step("a4", Tile::guard()));     // Alice reveals it: one face up
  EXPECT_FALSE(s.is_over());
  must(s, guard("a5", Tile::garden(O)));
  must(s, step("a5", Tile::guard()));  // a second face-up Guard: the Queen wins
  EXPECT_EQ(s.winner(), State::Winner::queen);
  EXPECT_EQ(rule_of(s, guard("c1", Tile::garden(D))), "HS-15");
  EXPECT_TRUE(s.legal_moves().empty());
}

TEST(HideAndSeekRulings, HS16ImpossibleRevealsAreRefused) {
  // Open: the layout decides. Table: only the counts do.
  State open(setup_of(kLayout));
  EXPECT_EQ(rule_of(open, step("b5", Tile::garden(D))), "HS-16");  // b5 holds an Adjacent tile
  State table(setup_of(kLayout, O, false));
  EXPECT_EQ(rule_of(table, step("b5", Tile::garden(D))), "legal");
  must(table, step("b5", Tile::garden(J)));
  must(table, guard("a1", Tile::garden(J)));  // both Jokers seen
  auto v = table.validate(step("a5", Tile::garden(J)));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->rule, "HS-16");
  EXPECT_EQ(v->message,
            "Alice cannot have revealed a Joker Garden tile at a5: both Joker Garden tiles are accounted for already");
  EXPECT_EQ(rule_of(table, step("a5", Tile::companion())), "HS-16");  // no Companion was placed there
  // Two Jokers named by the Queen's look, one left: each alone could be there, and the refusal
  // says why not both.
  const auto r =
      testing::verify_text(
          "wonderlog 1\ngame: hide-and-seek\ncatalog: hide-and-seek\nplayers: Mia, Tom\nstart: c4 D\n1. Mia: b5 J\n"
          "2. Tom: look a1 a2 saw J J\n")
          .front();
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->message,
            "the Queen cannot have seen a Joker Garden tile at a2: either could be there alone, but not both: fewer "
            "than two such tiles are left unaccounted for");
}

// Random play: every listed move is accepted; an open game's moves replay on the table form
// (the same moves without the layout), which never refuses what the open log shows.
TEST(HideAndSeekEngine, RandomGamesOpenAndTable) {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    Rng rng(seed);
    std::vector<Tile> bag;
    for (int k = 0; k < 5; ++k) bag.push_back(Tile::garden(O));
    for (int k = 0; k < 7; ++k) bag.push_back(Tile::garden(D));
    for (int k = 0; k < 5; ++k) bag.push_back(Tile::garden(A));
    for (int k = 0; k < 2; ++k) bag.push_back(Tile::garden(J));
    shuffle(bag, rng);
    hide_and_seek::Setup setup = setup_of(kLayout);
    setup.start = Spot::at(static_cast<int>(rng.below(kSpots)));
    std::array<Tile, kSpots> layout{};
    for (int i = 0, k = 0; i < kSpots; ++i) layout[i] = i == setup.start.index() ? Tile{} : bag[k++];
    setup.layout = layout;
    setup.start_path = static_cast<Path>(rng.below(kPaths));
    ASSERT_FALSE(State::check(setup));
    State open(setup);
    hide_and_seek::Setup forgetful = setup;
    forgetful.layout.reset();
    State table(forgetful);
    int moves = 0;
    while (!open.is_over() && moves < 200) {
      auto legal = open.legal_moves();
      ASSERT_FALSE(legal.empty());
      Move m = legal[rng.below(legal.size())];
      // The table does not hear the Queen's choice, unless a face-up tile moves in plain view (HS-9).
      if (m.kind == Move::Kind::look && !open.face_up(m.spot) && !open.face_up(m.other)) m.told = Move::Told::unknown;
      ASSERT_FALSE(open.validate(m)) << "seed " << seed << " move " << moves;
      auto v = table.validate(m);
      ASSERT_FALSE(v) << "seed " << seed << " move " << moves << ": " << v->message;
      open.apply(m);
      table.apply(m);
      ASSERT_LE(table.worlds(), 2);
      ++moves;
    }
    EXPECT_TRUE(open.is_over()) << "seed " << seed;
    EXPECT_EQ(open.winners(), table.winners());
  }
}

}  // namespace
}  // namespace wonderlog::hide_and_seek

// --- The table-log check against brute force, on a reduced box --------------------------
//
// With 16 Diagonal tiles and one each of the other kinds there are 19 x 18 x 17 layouts. A
// table log is consistent up to move k exactly when some layout, with some choice at the
// secret look, replays as an open log up to move k: the verifier's first failing move must be
// one past the longest prefix any of them achieves.

#include <filesystem>
#include <sstream>

#include "tests/testing.h"
#include "verifier/registry.h"
#include "verifier/report.h"

namespace wonderlog {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// The first move the log fails at, or a large number when every move replays.
int first_failure(const std::string& log) {
  GameReport r = testing::verify_text(log).front();
  if (r.error && r.error->move) return *r.error->move;
  EXPECT_TRUE(!r.error || r.error->kind == ErrorKind::incomplete) << text_report(r);
  return 1 << 20;
}

// The rulebook's reference writes the order after a colon ("column b: 3 2 1 5 4"); fmt writes
// it without one, as every bundled log is, so the colon form is read here: the same verdict,
// move for move, and the same refusal of an order that does not name each place once.
TEST(HideAndSeekNotation, AReorderMayWriteItsOrderAfterAColon) {
  const std::string plain =
      testing::read_file(testing::source_path("fixtures/rulings/hide-and-seek/HS-10-colon-form.wlog"));
  const std::string line = "4. Tom: reorder column b 4 2 3 1 5";
  ASSERT_NE(plain.find(line), std::string::npos);
  auto with = [&](const std::string& replacement) {
    std::string log = plain;
    log.replace(log.rfind(line), line.size(), "4. Tom: " + replacement);  // the entry, not the comment
    return testing::verify_text(log).front();
  };
  const GameReport a = with("reorder column b 4 2 3 1 5"), b = with("reorder column b: 4 2 3 1 5");
  ASSERT_TRUE(a.error && b.error);
  EXPECT_EQ(a.error->kind, ErrorKind::incomplete);  // every move legal; the log stops early
  EXPECT_EQ(b.error->kind, a.error->kind);
  EXPECT_EQ(b.error->message, a.error->message);
  EXPECT_EQ(b.moves, a.moves);
  const GameReport c = with("reorder column b: 4 2 3 1 4");
  ASSERT_TRUE(c.error);
  EXPECT_EQ(c.error->rule, "HS-10");
  EXPECT_EQ(c.error->move, 4);
}

TEST(HideAndSeekBruteForce, TableVerdictEqualsTheBestLayout) {
  const std::string dir = testing::temp_dir();
  std::string catalog = testing::read_file(testing::source_path("fixtures/catalogs/hide-and-seek.yaml"));
  auto set_count = [&](const std::string& code, int count) {
    std::string key = "code: ";  // appended: GCC 12's -Wrestrict misfires on `"..." + std::string`
    key += code;
    std::size_t at = catalog.find(key);
    std::size_t c = catalog.find("count: ", at);
    std::size_t end = catalog.find('\n', c);
    // Built anew: GCC 12's -Wrestrict misfires on replace() and insert() here.
    std::string updated = catalog.substr(0, c + 7);
    updated += std::to_string(count);
    updated += std::string_view(catalog).substr(end);
    catalog = std::move(updated);
  };
  set_count("D", 16);
  set_count("A", 1);
  set_count("J", 1);
  set_count("H", 1);
  const std::string path = dir + "/reduced.yaml";
  testing::write_file(path, catalog);
  const GameModule* game = find_game("hide-and-seek");

#ifdef WONDERLOG_SANITIZED
  const std::uint64_t seeds = 1;
#else
  const std::uint64_t seeds = 6;
#endif
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    GenOptions options;
    options.seed = seed;
    options.catalog = path;
    std::string error;
    std::vector<std::string> open = split_lines(game->generate(options, error));
    ASSERT_TRUE(error.empty()) << error;
    // The table log: no layout, no result, the look without what the Queen knew.
    std::vector<std::string> table;
    std::size_t look = 0, start_line = 0;
    std::vector<std::size_t> reveals;
    for (const std::string& l : open) {
      if (l.rfind("layout:", 0) == 0 || l.rfind("result:", 0) == 0 || l.rfind("seed:", 0) == 0) continue;
      std::string t = l;
      if (t.find(" look ") != std::string::npos) {
        t = t.substr(0, t.find(" look ") + 12);  // "N. Name: look a1 b2" without swap/keep
        look = table.size();
      } else if (!t.empty() && std::isdigit(static_cast<unsigned char>(t[0])) &&
                 t.find(" move ") == std::string::npos && t.find(" reorder ") == std::string::npos) {
        reveals.push_back(table.size());
      }
      if (t.rfind("start:", 0) == 0) start_line = table.size();
      table.push_back(t);
    }
    ASSERT_FALSE(reveals.empty());
    // Forge two reveals per game, each to every other tile.
    for (std::size_t which : {reveals[reveals.size() / 3], reveals[(2 * reveals.size()) / 3]}) {
      for (char now : std::string("DAJHCG")) {
        if (now == table[which].back()) continue;
        std::vector<std::string> forged = table;
        forged[which].back() = now;
        const int verdict = first_failure(join_lines(forged));

        int best = 0;
        const std::string start = forged[start_line].substr(7, 2);
        const int start_index = (start[1] - '1') * 4 + (start[0] - 'a');
        for (int a = 0; a < 20 && best < (1 << 20); ++a)
          for (int j = 0; j < 20 && best < (1 << 20); ++j)
            for (int h = 0; h < 20 && best < (1 << 20); ++h) {
              if (a == start_index || j == start_index || h == start_index || a == j || a == h || j == h) continue;
              std::string layout;
              for (int i = 0; i < 20; ++i) {
                if (i) layout += i % 4 == 0 ? " / " : " ";
                layout += i == start_index ? "S" : i == a ? "A" : i == j ? "J" : i == h ? "H" : "D";
              }
              for (const char* told : {" keep", " swap"}) {
                std::vector<std::string> candidate = forged;
                candidate.insert(candidate.begin() + static_cast<long>(start_line) + 1, "layout: " + layout);
                if (look) candidate[look + 1 > start_line ? look + 1 : look] += told;
                best = std::max(best, first_failure(join_lines(candidate)));
                if (!look) break;
              }
            }
        EXPECT_EQ(verdict, best) << "seed " << seed << ", forged line: " << forged[which];
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, static_cast<int>(seeds) * 8);
}


// A tile refused at a reveal in an open log rests on the layout: the refusal says which line that
// is, where a slip shows first at a later entry (found in review: the layout's slip was blamed on a
// move alone). A table log has no layout, and no such note.
TEST(HideAndSeekLogs, ATileRefusedAgainstTheLayoutNamesTheLayoutLine) {
  const std::string log = testing::run_cli({"gen", "hide-and-seek", "--seed", "3"}).out;
  const std::string move = "\n1. Arthur: a4 H\n";
  ASSERT_NE(log.find(move), std::string::npos) << log;
  std::string changed = log;
  changed.replace(changed.find(move), move.size(), "\n1. Arthur: a4 D\n");
  const GameReport r = testing::verify_text(changed).front();
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rule, "HS-16");
  EXPECT_NE(std::find(r.error->notes.begin(), r.error->notes.end(),
                      "this rests on the 'layout:' header (line 8); if the entry is written right, look for a slip "
                      "there"),
            r.error->notes.end())
      << ::testing::PrintToString(r.error->notes);
  // The start header's spot, when the layout's S is elsewhere, is named with it: either line may
  // hold the slip.
  std::string start = log;
  start.replace(start.find("start: d1 D"), 11, "start: c1 D");
  const GameReport s = testing::verify_text(start).front();
  ASSERT_TRUE(s.error);
  EXPECT_EQ(s.error->message,
            "the layout shows S (the start tile) at d1, but the 'start:' header puts the start tile at c1: one of the "
            "two lines has a slip");
}

}  // namespace
}  // namespace wonderlog
