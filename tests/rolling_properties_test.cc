// Rolling in Wonderland, by random play: legal_moves() and validate() agree at every position
// under any readings; the pieces stay within their limits (6 dice a player each round, 2
// mushrooms, 12 soldiers, 9 cubes, 5 cards in hand); influence places agree with a direct
// re-statement of the tie rule; generated logs verify clean and survive fmt.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "engine/core/readings.h"
#include "engine/core/rng.h"
#include "engine/rolling/catalog.h"
#include "engine/rolling/rulings.h"
#include "engine/rolling/state.h"
#include "tests/testing.h"
#include "verifier/format.h"
#include "verifier/registry.h"

namespace wonderlog::rolling {
namespace {

#ifdef WONDERLOG_SANITIZED
constexpr int kGames = 3;
#else
constexpr int kGames = 25;
#endif

const Catalog& standard() {
  static const Catalog c = load_catalog(testing::source_path("fixtures/catalogs/rolling-in-wonderland.yaml"));
  return c;
}

Readings any_readings(Rng& rng) {
  Readings readings;
  const std::vector<const Ruling*> all = disputes(rulings());
  for (std::size_t d = 0; d < all.size(); ++d)
    readings.choose(static_cast<int>(d), static_cast<int>(rng.below(all[d]->readings.size())));
  return readings;
}

// A random set-up of `players` from the standard catalog, seeded; `open` false: a table log's.
Setup random_setup(int players, Rng& rng, bool open = true) {
  const Catalog& c = standard();
  Setup s;
  s.catalog = &c;
  auto deal = [&](std::size_t kinds, auto copies, int n) {
    std::vector<int> pool;
    for (std::size_t i = 0; i < kinds; ++i)
      for (int k = 0; k < copies(i); ++k) pool.push_back(static_cast<int>(i));
    shuffle(pool, rng);
    pool.resize(static_cast<std::size_t>(n));
    return pool;
  };
  for (int i = 0; i < players; ++i) s.names.push_back(fmt::format("P{}", i));
  s.characters = deal(c.characters.size(), [](std::size_t) { return 1; }, players);
  const auto cheshire = deal(c.cheshire.size(), [](std::size_t) { return 1; }, kCheshireSlots);
  std::copy(cheshire.begin(), cheshire.end(), s.cheshire.begin());
  s.challenges = deal(c.challenges.size(), [](std::size_t) { return 1; }, players);
  s.hatter = deal(c.hatter.size(), [&](std::size_t i) { return c.hatter[i].copies; }, players);
  s.objectives = deal(c.objectives.size(), [&](std::size_t i) { return c.objectives[i].copies; }, players);
  s.seed = rng.next();
  s.open = open;
  if (!open) {
    s.objectives.clear();
    for (int& h : s.hatter)
      if (!c.hatter[h].persistent) h = -1;
  }
  return s;
}

// The fields a move's entry writes (validate() reads no other); a take of all the dice is the
// same move whether the dice are named or not.
Move written(const State& state, const Move& m) {
  Move w;
  w.kind = m.kind;
  w.seat = m.seat;
  w.rabbit = m.rabbit;
  const Move::Kind k = m.kind == Move::Kind::ability ? m.as : m.kind;
  if (m.kind == Move::Kind::ability) w.as = m.as;
  switch (k) {
    case Move::Kind::take:
      w.area = m.area;
      w.named = true;
      w.dice = m.named ? m.dice : state.area_dice(m.area);
      break;
    case Move::Kind::mushroom_set: w.colour = m.colour, w.area = m.area, w.to = m.to; break;
    case Move::Kind::mushroom_reroll: w.area = m.area, w.dice = m.dice; break;
    case Move::Kind::keep:
      w.none = m.none;
      if (!m.none) w.card = m.card;
      break;
    case Move::Kind::play:
    case Move::Kind::discard: w.card = m.card; break;
    case Move::Kind::place: w.card = m.card, w.slot = m.slot; break;
    case Move::Kind::challenge:
      w.none = m.none;
      if (!m.none) w.card = m.card, w.slot = m.slot;
      break;
    case Move::Kind::cube:
      w.none = m.none;
      if (!m.none) w.slot = m.slot, w.colour = m.colour;
      break;
    case Move::Kind::soldier:
    case Move::Kind::train: w.area = m.area; break;
    case Move::Kind::move_soldier:
      w.none = m.none;
      if (!m.none) w.area = m.area, w.to = m.to, w.trained = m.trained;
      break;
    case Move::Kind::bonus:
      w.none = m.none;
      if (!m.none) w.slot = m.slot;
      break;
    case Move::Kind::icon: w.space = m.space; break;
    default: return m;
  }
  return w;
}

void check_limits(const State& s) {
  int dice = 0;
  for (int a = 0; a < kAreas; ++a) dice += count(s.area_dice(static_cast<Area>(a)));
  for (int p = 0; p < s.players(); ++p) {
    const Player& pl = s.player(p);
    dice += count(pl.dice);
    RC_ASSERT(count(pl.dice) <= kDiceSpaces);
    RC_ASSERT(pl.mushrooms >= 0);
    RC_ASSERT(pl.mushrooms <= kMostMushrooms);
    int soldiers = pl.supply;
    for (int a = 0; a < kAreas; ++a) {
      soldiers += pl.soldiers[a];
      RC_ASSERT(pl.trained[a] <= pl.soldiers[a]);
    }
    RC_ASSERT(soldiers == kSoldiers);
    int cubes = pl.cubes;
    for (const auto& ch : pl.challenges) cubes += std::popcount(static_cast<unsigned>(ch.covered));
    RC_ASSERT(cubes == kCubes);
    if (s.to_move().is_player() && s.pending().empty())
      RC_ASSERT(static_cast<int>(pl.hand.size()) + pl.hidden <= kHandLimit);
  }
  // Dice in the air (a re-roll's) are in its pending step.
  for (const State::Step& st : s.pending())
    if (st.kind == State::Step::Kind::reroll) dice += count(st.dice);
  RC_ASSERT(dice == kColours * s.players());
}

RC_GTEST_PROP(RollingAgreement, LegalMovesAreExactlyTheValidOnes, ()) {
  const int players = *rc::gen::inRange(2, 5);
  const bool open = *rc::gen::arbitrary<bool>();
  Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  Setup setup = random_setup(players, rng, open);
  setup.readings = any_readings(rng);
  State state(setup);
  const Catalog& c = standard();
  auto mutate = [&](Move& m) {
    switch (rng.below(10)) {
      case 0: m.area = static_cast<Area>(rng.below(kAreas)); break;
      case 1: m.to = static_cast<Area>(rng.below(kAreas)); break;
      case 2: m.colour = static_cast<Colour>(rng.below(kColours)); break;
      case 3: m.slot = static_cast<std::int8_t>(rng.below(5)) - 1; break;
      case 4: m.card = static_cast<std::int16_t>(rng.below(c.hatter.size())); break;
      case 5: m.none = !m.none; break;
      case 6: m.dice[rng.below(kColours)] = static_cast<std::uint8_t>(rng.below(3)); m.named = true; break;
      case 7: m.trained = !m.trained, m.space = static_cast<std::int8_t>(rng.below(12)); break;
      case 8: m.rabbit = static_cast<std::int8_t>(rng.below(30)) - 1; break;  // RW-15 'up-to'
      default: m.seat = static_cast<std::int8_t>(rng.below(static_cast<std::uint64_t>(players))); break;
    }
  };
  for (int n = 0; n < 600 && !state.is_over(); ++n) {
    check_limits(state);
    if (state.to_move().is_chance()) {
      state.apply(*state.seeded_chance());
      continue;
    }
    const std::vector<Move> legal = state.legal_moves();
    RC_ASSERT(!legal.empty());
    for (const Move& m : legal) {
      const auto v = state.validate(m);
      if (v) RC_FAIL(fmt::format("legal_moves() lists a move validate() refuses: {} [{}]", v->message, v->rule));
    }
    for (int i = 0; i < 12; ++i) {
      Move candidate = legal[static_cast<std::size_t>(rng.below(legal.size()))];
      mutate(candidate);
      if (candidate.kind == Move::Kind::ability && candidate.slot >= kSlots && candidate.as == Move::Kind::cube) continue;
      if (state.validate(candidate)) continue;
      const Move w = written(state, candidate);
      const bool listed =
          std::any_of(legal.begin(), legal.end(), [&](const Move& m) { return written(state, m) == w; });
      if (!listed)
        RC_FAIL(fmt::format("validate() accepts a move legal_moves() does not list: kind {} seat {} area {} to {} colour {} "
                            "slot {} card {} none {} trained {} named {} as {} rabbit {}; {}",
                            static_cast<int>(w.kind), w.seat, static_cast<int>(w.area), static_cast<int>(w.to),
                            static_cast<int>(w.colour), w.slot, w.card, w.none, w.trained, w.named,
                            static_cast<int>(w.as), w.rabbit, state.waiting_for()));
    }
    state.apply(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
  }
}

// The tie rule re-stated: each group takes the reward of its first place, or of the next one
// when tied, and uses up 1 place alone, 2 places tied (RW-28's default).
RC_GTEST_PROP(RollingInfluence, PlacesFollowTheTieRule, ()) {
  const int players = *rc::gen::inRange(2, 5);
  Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  State state(random_setup(players, rng));
  std::array<int, kMaxPlayers> value{};
  for (int p = 0; p < players; ++p) value[p] = static_cast<int>(rng.below(4));
  const auto places = state.places(value);
  for (int p = 0; p < players; ++p) {
    if (value[p] == 0) {
      RC_ASSERT(places[p] == -1);
      continue;
    }
    int stronger_places = 0;  // places used up by the groups above
    std::vector<int> above;
    for (int q = 0; q < players; ++q)
      if (value[q] > value[p] && std::find(above.begin(), above.end(), value[q]) == above.end()) above.push_back(value[q]);
    for (int level : above) {
      int group = 0;
      for (int q = 0; q < players; ++q) group += value[q] == level;
      stronger_places += group == 1 ? 1 : 2;
    }
    int mine = 0;
    for (int q = 0; q < players; ++q) mine += value[q] == value[p];
    const int reward = mine == 1 ? stronger_places : stronger_places + 1;
    RC_ASSERT(places[p] == (reward < 3 ? reward : -1));
  }
}

TEST(RollingGames, GeneratedGamesVerifyCleanAndSurviveFmt) {
  const GameModule* game = find_game("rolling-in-wonderland");
  ASSERT_NE(game, nullptr);
  for (int i = 0; i < kGames; ++i) {
    GenOptions options;
    options.players = 2 + i % 3;
    options.seed = 1000 + static_cast<std::uint64_t>(i);
    options.table = i % 2 == 1;  // a table log: Mad Hatter hands and objectives secret until the end
    std::string error;
    const std::string log = game->generate(options, error);
    ASSERT_TRUE(error.empty()) << error;
    const auto reports = testing::verify_text(log, "gen.wlog");
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_TRUE(reports[0].valid) << "seed " << options.seed << ": "
                                  << (reports[0].error ? reports[0].error->message : "") << "\n" << log;
    std::string formatted;
    Diagnostic d;
    ASSERT_TRUE(format_log(log, formatted, d)) << d.message;
    std::string again;
    ASSERT_TRUE(format_log(formatted, again, d));
    EXPECT_EQ(formatted, again);
    const auto re = testing::verify_text(formatted, "gen.wlog");
    EXPECT_EQ(re[0].scores, reports[0].scores);
  }
}

}  // namespace
}  // namespace wonderlog::rolling
