// legal_moves() and validate() agree, for every game (docs/reliability.md): at every position of
// random games, every listed move validates, and every move that validates is listed. The moves
// tried beside the listed ones are the listed ones changed in one or two fields (a payment, a
// space, a colour, a kind...), and a few made at random: the near misses where the two
// functions could drift apart (Diva's yellow tokens were once accepted but never listed).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "engine/alicematic/catalog.h"
#include "engine/alicematic/rulings.h"
#include "engine/core/readings.h"
#include "engine/hide_and_seek/rulings.h"
#include "engine/tea_time/rulings.h"
#include "engine/alicematic/state.h"
#include "engine/core/rng.h"
#include "engine/hide_and_seek/state.h"
#include "engine/tea_time/state.h"
#include "tests/testing.h"

namespace wonderlog {
namespace {

#ifdef WONDERLOG_SANITIZED
constexpr int kPositions = 40;  // per game: the sanitized run looks for memory errors only
#else
constexpr int kPositions = 400;
#endif

// Any reading of each of a game's disputes: the two functions must agree under every one.
Readings any_readings(const std::vector<Ruling>& rulings, Rng& rng) {
  Readings readings;
  const std::vector<const Ruling*> all = disputes(rulings);
  for (std::size_t d = 0; d < all.size(); ++d)
    readings.choose(static_cast<int>(d), static_cast<int>(rng.below(all[d]->readings.size())));
  return readings;
}

// Checks one position: `same(a, b)` says whether two moves are the same move.
template <class State, class Move, class Mutate, class Same, class Show>
void agree(const State& state, Rng& rng, Mutate mutate, Same same, Show show) {
  const std::vector<Move> legal = state.legal_moves();
  for (const Move& m : legal) {
    const auto v = state.validate(m);
    RC_ASSERT_FALSE(v.has_value());
  }
  for (int i = 0; i < 24; ++i) {
    Move candidate = legal.empty() ? Move{} : legal[static_cast<std::size_t>(rng.below(legal.size()))];
    mutate(candidate, rng);
    if (state.validate(candidate)) continue;
    const bool listed = std::any_of(legal.begin(), legal.end(), [&](const Move& m) { return same(m, candidate); });
    if (!listed) {
      std::string all;
      for (const Move& m : legal) all += "\n  " + show(m);
      RC_FAIL("validate() accepts " + show(candidate) + ", which legal_moves() does not list:" + all);
    }
  }
}

// --- Tea Time --------------------------------------------------------------------------------

RC_GTEST_PROP(Agreement, TeaTimeLegalMovesAreExactlyTheValidOnes, ()) {
  namespace tt = tea_time;
  const int players = *rc::gen::inRange(2, 5);
  Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  tt::Setup setup;
  setup.catalog = &testing::standard_catalog();
  for (int i = 0; i < players; ++i) setup.names.push_back(fmt::format("P{}", i));
  setup.seed = rng.below(1u << 30);
  setup.readings = any_readings(tea_time::rulings(), rng);
  tt::State state(setup);
  auto cells = [](const tt::Move& m) {
    std::multiset<std::pair<int, int>> out;
    for (int i = 0; i < m.take.count; ++i) out.insert({m.take.cells[i].row, m.take.cells[i].column});
    return out;
  };
  auto mutate = [](tt::Move& m, Rng& r) {
    if (m.kind != tt::Move::Kind::take) return;
    if (r.below(4) == 0 || m.take.count == 0) m.take.count = static_cast<std::uint8_t>(1 + r.below(3));
    const int k = static_cast<int>(r.below(m.take.count));
    m.take.cells[k] = tt::Cell{static_cast<std::uint8_t>(r.below(5)), static_cast<std::uint8_t>(r.below(6))};
  };
  for (int n = 0; n < kPositions / 4 && !state.is_over(); ++n) {
    if (state.to_move().is_chance()) {
      state.apply(state.legal_moves().front());
      continue;
    }
    agree<tt::State, tt::Move>(state, rng, mutate,
                               [&](const tt::Move& a, const tt::Move& b) { return cells(a) == cells(b); },
                               [&](const tt::Move& m) {
                                 std::string out;
                                 for (auto [r, c] : cells(m)) out += fmt::format("{}{} ", char('a' + c), r + 1);
                                 return out;
                               });
    const auto legal = state.legal_moves();
    state.apply(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
  }
}

// --- Hide-and-seek ---------------------------------------------------------------------------

RC_GTEST_PROP(Agreement, HideAndSeekLegalMovesAreExactlyTheValidOnes, ()) {
  namespace hs = hide_and_seek;
  Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  hs::Setup setup;
  setup.names = {"Mia", "Tom"};
  setup.garden_counts = {5, 7, 5, 2};
  std::vector<hs::Tile> bag;
  for (int p = 0; p < hs::kPaths; ++p)
    for (int i = 0; i < setup.garden_counts[p]; ++i) bag.push_back(hs::Tile::garden(static_cast<hs::Path>(p)));
  shuffle(bag, rng);
  const int start = static_cast<int>(rng.below(hs::kSpots));
  setup.start = hs::Spot::at(start);
  setup.start_path = static_cast<hs::Path>(rng.below(hs::kPaths));
  std::array<hs::Tile, hs::kSpots> layout{};
  for (int i = 0, k = 0; i < hs::kSpots; ++i)
    if (i != start) layout[i] = bag[k++];
  setup.layout = layout;
  setup.readings = any_readings(hide_and_seek::rulings(), rng);
  hs::State state(setup);
  using M = hs::Move;
  auto spot = [](Rng& r) { return hs::Spot::at(static_cast<int>(r.below(hs::kSpots))); };
  auto mutate = [&](M& m, Rng& r) {
    switch (r.below(7)) {
      case 6:  // a King's move that says what it turned up, or not (HS-8)
        m.reveals = !m.reveals;
        m.seen = hs::Tile::garden(static_cast<hs::Path>(r.below(hs::kPaths)));
        break;
      case 0: m.spot = spot(r); break;
      case 1: m.other = spot(r); break;
      case 2: m.kind = static_cast<M::Kind>(r.below(5)); break;
      case 3: m.told = static_cast<M::Told>(r.below(3)); break;
      case 4: m.line = static_cast<std::uint8_t>(r.below(hs::kRows)); m.column = r.below(2); break;
      default: std::swap(m.order[r.below(hs::kRows)], m.order[r.below(hs::kRows)]); break;
    }
  };
  // The fields a kind of move writes in a log; validate() reads no other (a step has no 'told').
  auto written = [](M m) {
    M w;
    w.kind = m.kind;
    w.seat = m.seat;
    switch (m.kind) {
      case M::Kind::step:
      case M::Kind::guard: w.spot = m.spot, w.seen = m.seen; break;
      case M::Kind::look:  // the two tiles in either order; what she saw is a record of the position
        w.spot = std::min(m.spot.index(), m.other.index()) == m.spot.index() ? m.spot : m.other;
        w.other = w.spot == m.spot ? m.other : m.spot;
        w.told = m.told;
        break;
      case M::Kind::move_alice:  // a move with no effect names no spot; one that reveals, what it showed
        w.no_effect = m.no_effect;
        if (!m.no_effect) w.spot = m.spot, w.reveals = m.reveals;
        if (!m.no_effect && m.reveals) w.seen = m.seen;
        break;
      case M::Kind::reorder:  // a row has 4 tiles: the order's fifth place is not written
        w.column = m.column, w.line = m.line, w.order = m.order;
        if (!m.column) w.order[hs::kRows - 1] = 0;
        break;
    }
    return w;
  };
  auto same = [&](const M& x, const M& y) {
    const M a = written(x), b = written(y);
    // A look recorded without 'swap' or 'keep' (Alice's view) is either of the listed two.
    const bool told = a.told == b.told || a.told == M::Told::unknown || b.told == M::Told::unknown;
    return a.kind == b.kind && a.seat == b.seat && a.spot == b.spot && a.other == b.other && a.seen == b.seen &&
           told && a.saw_spot == b.saw_spot && a.saw_other == b.saw_other && a.no_effect == b.no_effect &&
           a.reveals == b.reveals &&
           a.column == b.column && a.line == b.line && a.order == b.order;
  };
  for (int n = 0; n < kPositions / 8 && !state.is_over(); ++n) {
    // The end of HS-11, by masks, is the spots Alice can reach looked at one by one.
    RC_ASSERT(state.can_step() == !state.reachable().empty());
    agree<hs::State, M>(state, rng, mutate, same, [](const M& m) {
      return fmt::format("kind {} seat {} spot {} other {} seen {}/{} told {} column {} line {} no_effect {}",
                         int(m.kind), m.seat, m.spot.index(), m.other.index(), int(m.seen.kind), int(m.seen.path),
                         int(m.told), m.column, m.line, m.no_effect);
    });
    const auto legal = state.legal_moves();
    RC_ASSERT(!legal.empty());
    state.apply(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
  }
}

// --- AlicematiC Heroes -----------------------------------------------------------------------

// One random AlicematiC game of `players` from `seed`, checked at every position.
void alicematic_agreement(int players, std::uint64_t seed) {
  namespace ah = alicematic;
  static const ah::Catalog catalog =
      ah::load_catalog(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  Rng rng(seed);
  ah::Setup setup;
  setup.catalog = &catalog;
  const ah::Layout& layout = *catalog.layout_for(players);
  std::vector<int> box;
  for (std::size_t i = 0; i < catalog.tiles.size(); ++i) box.push_back(static_cast<int>(i));
  shuffle(box, rng);
  std::vector<ah::Placement> placements;
  for (std::size_t p = 0; p < layout.positions.size(); ++p)
    placements.push_back(ah::Placement{box[p], static_cast<int>(rng.below(6))});
  std::string error;
  setup.board = ah::Board::build(catalog, layout, placements, error);
  for (int i = 0; i < players; ++i) {
    setup.names.push_back(fmt::format("P{}", i));
    setup.kingdoms.push_back(i);
  }
  setup.open = true;
  setup.deck_seed = seed;
  setup.readings = any_readings(alicematic::rulings(), rng);
  ah::State state(std::move(setup));
  using M = ah::Move;
  const int cards = static_cast<int>(catalog.cards.size());
  auto mutate = [&](M& m, Rng& r) {
    for (int twice = static_cast<int>(r.below(2)); twice >= 0; --twice) switch (r.below(10)) {
        case 9:  // another player's entry: a `use` in a turn not hers under AH-28's 'any-turn'
          m.seat = static_cast<std::uint8_t>(r.below(static_cast<std::uint64_t>(players)));
          break;
        case 7:  // a decline, right or wrong (AH-27)
          if (r.below(2))
            m.declined = {};
          else
            m.declined.push(static_cast<int>(r.below(static_cast<std::uint64_t>(cards))));
          break;
        case 0: m.pay[r.below(3)] = static_cast<std::uint8_t>(r.below(4)); break;
        case 1: m.space = static_cast<std::int16_t>(r.below(static_cast<std::uint64_t>(state.board().size()))); break;
        case 2: m.kind = r.below(2) ? M::Kind::invade : M::Kind::attack; break;
        case 3: m.slot = static_cast<ah::Colour>(r.below(ah::kSlots)); break;
        case 4: m.card = static_cast<std::int8_t>(r.below(static_cast<std::uint64_t>(cards))); break;
        case 5: m.target = static_cast<std::int8_t>(static_cast<int>(r.below(static_cast<std::uint64_t>(cards) + 1)) - 1); break;
        case 6: m.victim = static_cast<std::int8_t>(static_cast<int>(r.below(static_cast<std::uint64_t>(players) + 1)) - 1); break;
        default: m.token = static_cast<std::int8_t>(static_cast<int>(r.below(4)) - 1); break;
      }
  };
  // The fields a kind of move writes in a log; validate() reads no other (a deal pays nothing).
  auto written = [](const M& m) {
    M w;
    w.kind = m.kind;
    w.seat = m.seat;
    w.drawn = m.drawn;
    switch (m.kind) {
      case M::Kind::deal: w.named = m.named; break;
      case M::Kind::mulligan: w.named = m.named, w.discards = m.discards; break;
      case M::Kind::city: w.space = m.space; break;
      case M::Kind::summon: w.card = m.card, w.slot = m.slot, w.pay = m.pay, w.declined = m.declined; break;
      case M::Kind::commoner: w.card = m.card, w.slot = m.slot, w.declined = m.declined; break;
      case M::Kind::draw:
      case M::Kind::pass: break;
      case M::Kind::invade:
      case M::Kind::attack: w.space = m.space, w.pay = m.pay, w.declined = m.declined; break;
      case M::Kind::use:
        w = m;  // every field but the slot and the payment may be part of a 'use'
        w.slot = ah::Colour::red;
        w.pay = {};
        w.discards = 0;
        break;
    }
    w.draws_named = m.draws_named && m.drawn.size() > 0;  // 'draws' and no card is not written
    return w;
  };
  for (int n = 0; n < kPositions && !state.is_over(); ++n) {
    agree<ah::State, M>(state, rng, mutate, [&](const M& a, const M& b) { return written(a) == written(b); },
                        [](const M& m) {
      return fmt::format("kind {} seat {} card {} target {} victim {} token {} slot {} space {} pay {}/{}/{} named {} "
                         "drawn {} draws_named {} declined {}",
                         int(m.kind), m.seat, m.card, m.target, m.victim, m.token, int(m.slot), m.space, m.pay[0],
                         m.pay[1], m.pay[2], m.named.size(), m.drawn.size(), m.draws_named, m.declined.size());
    });
    const auto legal = state.legal_moves();
    // After the last attack of the game, a flip she may leave unused (AH-31): under
    // 'before-invasion' nothing is listed there, and the end of the log closes her turn.
    if (legal.empty() && state.window_open()) {
      state.close_window();
      continue;
    }
    RC_ASSERT(!legal.empty());
    state.apply(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
  }
}

RC_GTEST_PROP(Agreement, AlicematicLegalMovesAreExactlyTheValidOnes, ()) {
  const int players = *rc::gen::inRange(3, 6);
  alicematic_agreement(players, *rc::gen::arbitrary<std::uint64_t>());
}

// The games the property once found a disagreement in, kept: under AH-15's 'overpay-allowed',
// 1 red and 2 yellow tokens (Diva, AH-32) for a red lack of 2 validated but were not listed.
TEST(Agreement, AlicematicGamesThatOnceDisagreed) {
  for (const auto& [players, seed] : std::vector<std::pair<int, std::uint64_t>>{{3, 19387}, {3, 30645595052675076}})
    EXPECT_NO_THROW(alicematic_agreement(players, seed)) << players << " players, seed " << seed;
}

}  // namespace
}  // namespace wonderlog
