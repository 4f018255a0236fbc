// Properties of AlicematiC Heroes over random games and random tables: generated games verify
// clean, tokens and cards are conserved, the Mobility cost equals a brute-force shortest path,
// the final scoring agrees with a plain re-statement of the rulebook, fmt keeps a game, random
// games use card effects, and any effects of the vocabulary survive a catalog round trip.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "engine/alicematic/state.h"
#include "engine/core/rng.h"
#include "grammar/alicematic/notation.h"
#include "tests/testing.h"
#include "verifier/format.h"
#include "verifier/registry.h"

namespace wonderlog::alicematic {
namespace {

const Catalog& standard() {
  static const Catalog c = load_catalog(testing::source_path("fixtures/catalogs/alicematic-heroes.yaml"));
  return c;
}

std::string generated(int players, std::uint64_t seed, bool table) {
  GenOptions o;
  o.players = players;
  o.seed = seed;
  o.table = table;
  std::string error;
  std::string log = find_game("alicematic-heroes")->generate(o, error);
  EXPECT_TRUE(error.empty()) << error;
  return log;
}

// A random board of the standard catalog: its layout for `players`, tiles and turns from `seed`.
Setup random_setup(int players, std::uint64_t seed, bool open) {
  Setup s;
  s.catalog = &standard();
  const Layout& layout = *standard().layout_for(players);
  Rng rng(seed);
  std::vector<int> box;
  for (std::size_t i = 0; i < standard().tiles.size(); ++i) box.push_back(static_cast<int>(i));
  shuffle(box, rng);
  std::vector<Placement> placements;
  for (std::size_t p = 0; p < layout.positions.size(); ++p)
    placements.push_back(Placement{box[p], static_cast<int>(rng.below(6))});
  std::string error;
  s.board = Board::build(standard(), layout, placements, error);
  for (int i = 0; i < players; ++i) {
    s.names.push_back(fmt::format("P{}", i));  // not "P" + to_string: a g++ 12 -Wrestrict false alarm
    s.kingdoms.push_back(i);
  }
  s.open = open;
  if (open) s.deck_seed = seed;
  return s;
}

RC_GTEST_PROP(AlicematicProperties, RandomLegalGamesVerifyClean, ()) {
  const int players = *rc::gen::inRange(3, 6);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const bool table = *rc::gen::arbitrary<bool>();
  const std::vector<GameReport> r = testing::verify_text(generated(players, seed, table));
  RC_ASSERT(r.size() == 1u);
  RC_ASSERT(r[0].valid);
  RC_ASSERT(r[0].scores.has_value());
}

RC_GTEST_PROP(AlicematicProperties, TokensAndCardsAreConserved, ()) {
  const int players = *rc::gen::inRange(3, 6);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const bool open = *rc::gen::arbitrary<bool>();
  State s(random_setup(players, seed, open));
  Rng rng(seed ^ 0x5EED);
  int uses = 0;  // card effects used: random games use them too
  while (!s.is_over()) {
    std::vector<Move> legal = s.legal_moves();
    RC_ASSERT(!legal.empty());
    const Move m = legal[static_cast<std::size_t>(rng.below(legal.size()))];
    RC_ASSERT(!s.validate(m).has_value());
    s.apply(m);
    uses += m.kind == Move::Kind::use;
    // Resource tokens: the bank and the players hold them all.
    for (int r = 0; r < kResources; ++r) {
      int total = s.bank(static_cast<Resource>(r));
      for (int p = 0; p < players; ++p) total += s.resource(p, static_cast<Resource>(r));
      RC_ASSERT(total == standard().bank[r]);
    }
    // Cards: deck, discards, hands and Kingdoms hold all 90.
    int cards = s.deck_size() + s.discard_size();
    for (int p = 0; p < players; ++p) {
      cards += s.hand_size(p);
      for (int c = 0; c < kSlots; ++c) cards += s.slot_size(p, static_cast<Colour>(c));
    }
    RC_ASSERT(cards == standard().card_total);
    // Territory tokens: on the map or in the player's supply.
    for (int p = 0; p < players; ++p) {
      int placed = 0;
      for (int sp = 0; sp < s.board().size(); ++sp) placed += s.tokens_on(sp, p) + (s.attacker(sp) == p);
      RC_ASSERT(placed + s.tokens_left(p) == standard().tokens_per_player);
    }
  }
  RC_CLASSIFY(uses > 0, "card effects used");
}

// An open log without a seed names its draws, any cards left: legal_moves() lists each move that
// draws once, with stand-in cards. Played alongside a seeded game, the unseeded State accepts
// every move it lists, and lists every move the seeded game plays, up to the cards drawn.
TEST(AlicematicProperties, AnUnseededOpenGameListsEveryMoveUpToItsDraws) {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const int players = 3 + static_cast<int>(seed % 3);
    State seeded(random_setup(players, seed, true));
    alicematic::Setup unseeded_setup = random_setup(players, seed, true);
    unseeded_setup.deck_seed.reset();
    State unseeded(unseeded_setup);
    Rng rng(seed ^ 0xD0D0);
    auto without_draws = [](Move m) {
      m.drawn = {};
      return m;
    };
    for (int n = 0; n < 2000 && !seeded.is_over(); ++n) {
      std::vector<Move> legal = seeded.legal_moves();
      if (legal.empty() && seeded.window_open()) {  // the end of the log closes her turn (AH-31)
        seeded.close_window();
        unseeded.close_window();
        continue;
      }
      ASSERT_FALSE(legal.empty());
      const Move m = legal[static_cast<std::size_t>(rng.below(legal.size()))];
      if (m.kind != Move::Kind::deal) {
        const std::vector<Move> listed = unseeded.legal_moves();
        for (const Move& l : listed) ASSERT_FALSE(unseeded.validate(l)) << "seed " << seed << ", move " << n;
        EXPECT_TRUE(std::any_of(listed.begin(), listed.end(),
                                [&](const Move& l) { return without_draws(l) == without_draws(m); }))
            << "seed " << seed << ", move " << n << ": a move the seeded game plays is not listed";
      }
      ASSERT_FALSE(unseeded.validate(m)) << "seed " << seed << ", move " << n;
      seeded.apply(m);
      unseeded.apply(m);
    }
    EXPECT_TRUE(seeded.is_over());
    EXPECT_EQ(seeded.scores(), unseeded.scores());
  }
}

// Over a few seeded random games, effects are used, of several kinds: the random games above
// do exercise them.
TEST(AlicematicProperties, RandomGamesUseCardEffects) {
  std::set<std::string> used;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    State s(random_setup(3 + static_cast<int>(seed % 3), seed, seed % 2 == 0));
    Rng rng(seed ^ 0x5EED);
    while (!s.is_over()) {
      std::vector<Move> legal = s.legal_moves();
      const Move m = legal[static_cast<std::size_t>(rng.below(legal.size()))];
      if (m.kind == Move::Kind::use) used.insert(standard().cards[m.card].name);
      s.apply(m);
    }
  }
  EXPECT_GE(used.size(), 4u) << used.size();
}

// A random ability of the vocabulary, well-formed: the trigger's own key, steps that trigger
// allows (by-itself triggers only gain), a modifier or a score with arguments in range.
Ability random_ability(const Catalog& c) {
  Ability a;
  a.when = static_cast<Trigger>(*rc::gen::inRange(0, 7));
  a.stacks = *rc::gen::arbitrary<bool>();
  auto colour = [] { return static_cast<Colour>(*rc::gen::inRange(0, kSlots)); };
  auto token = [] { return static_cast<Resource>(*rc::gen::inRange(0, kResources)); };
  if (a.when == Trigger::each_round) a.times = *rc::gen::inRange(1, 10);
  if (a.when == Trigger::card_enters_slot) a.slot = colour();
  if (a.when == Trigger::invades) a.space = *rc::gen::arbitrary<bool>() ? Colour::city : colour();
  if (a.when == Trigger::always) {
    a.modifier.kind = static_cast<Modifier::Kind>(*rc::gen::inRange(0, 6));
    if (a.modifier.kind == Modifier::Kind::difficulty) {
      a.modifier.of = *rc::gen::arbitrary<bool>() ? Colour::city : colour();
      a.modifier.by = *rc::gen::inRange(-9, 10);
      a.modifier.minimum = *rc::gen::inRange(0, 10);
    }
    if (a.modifier.kind == Modifier::Kind::token_use) {
      a.modifier.use = Resource::yellow;  // the only token the notation pays as red
      a.modifier.as = Resource::red;
      a.modifier.per_round = *rc::gen::inRange(1, 10);
    }
  } else if (a.when == Trigger::end_of_game) {
    a.score.kind = static_cast<Score::Kind>(*rc::gen::inRange(0, 3));
    a.score.points = *rc::gen::inRange(1, 21);
    if (a.score.kind == Score::Kind::per_spaces) {
      a.score.per = *rc::gen::inRange(1, 21);
      a.score.of = colour();
    }
    if (a.score.kind == Score::Kind::tokens_at_least) a.score.count = *rc::gen::inRange(1, 61);
  } else {
    const bool by_itself = a.when == Trigger::played_or_revealed || a.when == Trigger::card_enters_slot ||
                           a.when == Trigger::invades;
    const int steps = *rc::gen::inRange(1, 4);
    for (int i = 0; i < steps; ++i) {
      Step st;
      st.kind = static_cast<Step::Kind>(by_itself ? *rc::gen::inRange(0, 2) : *rc::gen::inRange(0, 12));
      st.count = *rc::gen::inRange(1, 21);
      st.token = token();
      if (st.kind == Step::Kind::copy_effect && *rc::gen::arbitrary<bool>()) {
        const int k = *rc::gen::inRange(0, static_cast<int>(c.cards.size()));
        st.except.push_back(c.cards[k].name);
        st.except_cards.push_back(k);
      }
      a.steps.push_back(st);
    }
  }
  return a;
}

// Any effects written into a catalog come back the same when it is loaded again.
RC_GTEST_PROP(AlicematicProperties, CatalogRoundTripKeepsEveryEffect, ()) {
  Catalog c = standard();
  for (Card& card : c.cards) {
    card.effects.clear();
    const int n = *rc::gen::inRange(0, 3);
    for (int i = 0; i < n; ++i) card.effects.push_back(random_ability(c));
  }
  const std::string file = testing::temp_dir() + "/random-effects.yaml";
  testing::write_file(file, write_catalog(c));
  const Catalog back = load_catalog(file);
  RC_ASSERT(back.cards.size() == c.cards.size());
  for (std::size_t i = 0; i < c.cards.size(); ++i) {
    RC_ASSERT(back.cards[i].effects.size() == c.cards[i].effects.size());
    for (std::size_t k = 0; k < c.cards[i].effects.size(); ++k) {
      const Ability &x = c.cards[i].effects[k], &y = back.cards[i].effects[k];
      RC_ASSERT(YAML::Dump(write_effects({x})) == YAML::Dump(write_effects({y})));
      RC_ASSERT(describe(x) == describe(y));
      for (std::size_t j = 0; j < x.steps.size(); ++j) RC_ASSERT(x.steps[j].except_cards == y.steps[j].except_cards);
    }
  }
  RC_ASSERT(write_catalog(back) == write_catalog(c));
}

// The fewest steps to every space by plain relaxation (Bellman-Ford), as the rulebook words
// it: from the seat's Cities, never through a closed forest, a space held only by others
// costing 2. A target is reached from a neighbour for 1 more. The FAQ's Astronaut counts from
// every space the seat has invaded, the Adventurer's passes through forests (AH-40, AH-41).
std::vector<int> brute_force_distances(const State& s, int seat) {
  const int size = s.board().size();
  const bool astronaut = s.has_modifier(seat, Modifier::Kind::distance);
  const bool adventurer = s.has_modifier(seat, Modifier::Kind::passage);
  std::vector<int> dist(size, 1 << 20);
  for (int sp = 0; sp < size; ++sp)
    if ((astronaut || Board::is_city(sp)) && s.tokens_on(sp, seat)) dist[sp] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int u = 0; u < size; ++u)
      for (int v : s.board().space(u).next) {
        if (v < 0) continue;
        const Space& x = s.board().space(v);
        if (x.colour == Colour::forest && !adventurer && !s.forest_open(x.group)) continue;
        bool other = false;
        for (int p = 0; p < s.players(); ++p) other = other || (p != seat && s.tokens_on(v, p));
        const int cost = 1 + (other && !s.tokens_on(v, seat) ? 1 : 0);
        if (dist[u] + cost < dist[v]) dist[v] = dist[u] + cost, changed = true;
      }
  }
  return dist;
}

int brute_force_mobility(const State& s, const std::vector<int>& dist, int seat, int target) {
  if (s.is_city_of(seat, Board::city_of(Board::position_of(target)))) return 0;
  int best = 1 << 20;
  for (int u = 0; u < s.board().size(); ++u)
    for (int v : s.board().space(u).next)
      if (v == target) best = std::min(best, dist[u] + 1);
  return best >= (1 << 20) ? -1 : best;
}

// A map with tokens scattered at random, some invaded and some under attack, for the distance
// properties: some players also hold an Astronaut or an Adventurer, whose effects change the
// distances.
State scattered(const Setup& setup, Rng& rng) {
  State s(setup);
  const int players = s.players();
  for (int sp = 0; sp < s.board().size(); ++sp) {
    const int r = static_cast<int>(rng.below(static_cast<std::uint64_t>(players) + 3));
    if (r < players) s.edit_token(sp, r, rng.below(4) != 0);
  }
  for (int seat = 0; seat < players; ++seat)
    for (const char* alice : {"Astronaut", "Adventurer"})
      if (rng.below(3) == 0) {
        const int c = *standard().find_card(alice);
        s.edit_card(seat, standard().cards[c].colour, c, true);
      }
  return s;
}

RC_GTEST_PROP(AlicematicProperties, MobilityIsTheBruteForceShortestPath, ()) {
  const int players = *rc::gen::inRange(3, 6);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  Rng rng(seed * 7 + 1);
  const State s = scattered(random_setup(players, seed, false), rng);
  for (int seat = 0; seat < players; ++seat) {
    const std::vector<int> dist = brute_force_distances(s, seat);
    for (int target = 0; target < s.board().size(); ++target) {
      const Invasion inv = s.assess(seat, target);
      if (inv.target == Invasion::Target::own_attack) continue;
      if (s.tokens_on(target, seat)) continue;  // hers already: never invaded (an Astronaut starts there)
      RC_ASSERT(inv.mobility_needed == brute_force_mobility(s, dist, seat, target));
      // The bounded search validation uses: the same answer up to the limit, limit + 1 beyond.
      const int limit = static_cast<int>(rng.below(9));
      const int bounded = s.assess(seat, target, limit, false).mobility_needed;
      RC_ASSERT(bounded == (inv.mobility_needed < 0 || inv.mobility_needed > limit ? limit + 1 : inv.mobility_needed));
      if (inv.mobility_needed > 0) {
        // The path shown costs what it says: steps plus one per other player's space passed.
        RC_ASSERT(static_cast<int>(inv.path.size()) - 1 + static_cast<int>(inv.enemy.size()) == inv.mobility_needed);
      }
    }
  }
}

// AH-16's reading 'closest-city', restated: the start fewest steps away (forests as above),
// then, among its routes of that many steps, the fewest other players' spaces passed; the
// Mobility is the two added. Bellman-Ford on (steps, spaces passed), compared in that order.
int brute_force_closest_city(const State& s, int seat, int target) {
  if (s.is_city_of(seat, Board::city_of(Board::position_of(target)))) return 0;
  const int size = s.board().size();
  const bool astronaut = s.has_modifier(seat, Modifier::Kind::distance);
  const bool adventurer = s.has_modifier(seat, Modifier::Kind::passage);
  constexpr int kFar = 1 << 20;
  std::vector<std::pair<int, int>> best(size, {kFar, 0});
  for (int sp = 0; sp < size; ++sp)
    if ((astronaut || Board::is_city(sp)) && s.tokens_on(sp, seat)) best[sp] = {0, 0};
  for (bool changed = true; changed;) {
    changed = false;
    for (int u = 0; u < size; ++u) {
      if (best[u].first >= kFar || u == target) continue;  // a route ends at the target
      for (int v : s.board().space(u).next) {
        if (v < 0) continue;
        const Space& x = s.board().space(v);
        int passed = 0;
        if (v != target) {
          if (x.colour == Colour::forest && !adventurer && !s.forest_open(x.group)) continue;
          bool other = false;
          for (int p = 0; p < s.players(); ++p) other = other || (p != seat && s.tokens_on(v, p));
          passed = other && !s.tokens_on(v, seat) ? 1 : 0;
        }
        const std::pair<int, int> via{best[u].first + 1, best[u].second + passed};
        if (via < best[v]) best[v] = via, changed = true;
      }
    }
  }
  return best[target].first >= kFar ? -1 : best[target].first + best[target].second;
}

RC_GTEST_PROP(AlicematicProperties, MobilityUnderClosestCityIsTheClosestStartsRoute, ()) {
  const int players = *rc::gen::inRange(3, 6);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  Setup setup = random_setup(players, seed, false);
  setup.readings.choose(static_cast<int>(Dispute::distance), static_cast<int>(Distance::closest_city));
  Rng rng(seed * 7 + 1);
  const State s = scattered(setup, rng);
  for (int seat = 0; seat < players; ++seat) {
    const std::vector<int> dist = brute_force_distances(s, seat);
    for (int target = 0; target < s.board().size(); ++target) {
      const Invasion inv = s.assess(seat, target);
      if (inv.target == Invasion::Target::own_attack) continue;
      if (s.tokens_on(target, seat)) continue;
      const int closest = brute_force_closest_city(s, seat, target);
      RC_ASSERT(inv.mobility_needed == closest);
      // Never below the cheapest route, and the other reading's figure given where they differ.
      const int cheapest = brute_force_mobility(s, dist, seat, target);
      RC_ASSERT(closest >= cheapest);
      RC_ASSERT(inv.mobility_other_reading == (closest != cheapest ? cheapest : -1));
      const int limit = static_cast<int>(rng.below(9));
      const int bounded = s.assess(seat, target, limit, false).mobility_needed;
      RC_ASSERT(bounded == (closest < 0 || closest > limit ? limit + 1 : closest));
      if (inv.mobility_needed > 0)
        RC_ASSERT(static_cast<int>(inv.path.size()) - 1 + static_cast<int>(inv.enemy.size()) == inv.mobility_needed);
    }
  }
}

// The rulebook's final scoring of a tile, restated from its text: "the player with the most
// territory tokens on it gets 6 ... the second-most gets 3. In case of a tie ..., the number
// of Alices ... breaks the tie. Of those tied, the player with the most Alices gets 6, the
// runner-up gets 3 ... If a tie for first still remains ..., all of them get 3 ... A tie for
// second (or third) gives nothing."
std::array<int, kMaxPlayers> restated(const std::array<int, kMaxPlayers>& tokens,
                                      const std::array<int, kMaxPlayers>& alices, int n) {
  std::array<int, kMaxPlayers> points{};
  std::vector<int> order;
  for (int p = 0; p < n; ++p)
    if (tokens[p]) order.push_back(p);
  // Rank by (tokens, Alices), highest first.
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return tokens[a] != tokens[b] ? tokens[a] > tokens[b] : alices[a] > alices[b];
  });
  if (order.empty()) return points;
  auto same = [&](int a, int b) { return tokens[a] == tokens[b] && alices[a] == alices[b]; };
  const int lead = order[0];
  if (order.size() > 1 && same(order[1], lead)) {  // a tie for first remains
    for (int p : order)
      if (same(p, lead)) points[p] = 3;
    return points;
  }
  points[lead] = 6;
  if (order.size() < 2) return points;
  // Second place: the next in rank, unless the one after it is tied with it on both counts.
  // (When first was decided on Alices, the next in rank is one of those tied on tokens.)
  const int next = order[1];
  const bool tied = order.size() > 2 && same(order[2], next);
  if (!tied) points[next] = 3;
  return points;
}

RC_GTEST_PROP(AlicematicProperties, TileScoringAgreesWithTheRulebookText, ()) {
  const int n = *rc::gen::inRange(3, 6);
  std::array<int, kMaxPlayers> tokens{}, alices{};
  for (int p = 0; p < n; ++p) {
    tokens[p] = *rc::gen::inRange(0, 4);
    alices[p] = *rc::gen::inRange(0, 4);
  }
  RC_ASSERT(award_tile(tokens, alices, n).points == restated(tokens, alices, n));
  // Colours: "the player(s) with the most Alices in that color gains that many".
  const std::array<int, kMaxPlayers> colour = award_colour(alices, n);
  const int most = *std::max_element(alices.begin(), alices.begin() + n);
  for (int p = 0; p < n; ++p) RC_ASSERT(colour[p] == (most > 0 && alices[p] == most ? most : 0));
}

// The short path of the notation (read_plain_move) against the grammar: a move it reads, it reads
// as the grammar does, token for token; what it does not read, the grammar reads alone.
namespace plain {
using grammar::alicematic::MoveTokens;

// Words a move is made of, and words that look like them (another case, a digit, a reserved
// word inside a name), so that random texts come near every edge of each rule.
const std::vector<std::string> kVerbs = {"invade", "commoner", "attack", "summon", "city", "pass", "keep",
                                         "use",    "draw",     "mulligan", "Invade", "COMMONER", "attacks", "invade2"};
const std::vector<std::string> kNames = {"Hermit", "Shrine Maiden", "Bunny Girl", "Jack-o'-lantern", "Jet", "-",
                                         "hermit", "Red",           "Pay",        "Hermit2",         "x",   "Draws Jet"};
const std::vector<std::string> kColours = {"red", "blue", "yellow", "green", "white", "Red", "GREEN", "purple", "redd"};
const std::vector<std::string> kResources = {"red", "yellow", "green", "blue", "white", "Red", "GREEN", "redd"};
const std::vector<std::string> kSpaces = {"c3", "k0", "C9", "c", "c33", "3c", "c3x", "c-"};
const std::vector<std::string> kNumbers = {"0", "1", "2", "12", "007", "100", "999999999", "4294967296", "1x"};
const std::vector<std::string> kKeywords = {"pay", "draws", "declines", "Pay", "DRAWS", "on", "from", "discards", "draw"};
const std::vector<std::string> kBlanks = {" ", " ", " ", " ", "  ", "\t", " \t", ""};
const std::vector<std::string> kCommas = {", ", ", ", ", ", ",", " , ", ",  ", ",\t", " "};

// Whether the move being made is kept plain: half of them, so that the short path meets long
// plain moves (four payments, three names drawn) as well as odd ones.
bool tidy = false;

std::string pick(const std::vector<std::string>& v, int common) {
  // The first `common` words are the plain ones, and picked most often.
  const bool usual = tidy || *rc::gen::inRange(0, 10) < 8;
  return v[static_cast<std::size_t>(*rc::gen::inRange(0, usual ? common : static_cast<int>(v.size())))];
}

// A move of the kinds the short path reads, its parts mostly plain, sometimes not.
std::string random_move() {
  tidy = *rc::gen::arbitrary<bool>();
  std::string t = pick(kVerbs, 10);
  auto gap = [&] { t += pick(kBlanks, 4); };
  auto names = [&](int most) {
    const int n = *rc::gen::inRange(1, most + 1);
    for (int i = 0; i < n; ++i) {
      if (i > 0) t += pick(kCommas, 3);
      t += pick(kNames, 6);
    }
  };
  switch (*rc::gen::inRange(0, 8)) {
    case 0: gap(); t += pick(kSpaces, 2); break;                           // invade, attack, city
    case 1: gap(); names(1); gap(); t += pick(kColours, 5); break;         // summon, commoner
    case 2: gap(); t += pick(kColours, 5); break;                          // commoner
    case 3: gap(); names(4); break;                                        // use, draw, mulligan
    case 4: gap(); t += pick(kNumbers, 3); break;                          // mulligan
    case 5: gap(); names(1); gap(); t += pick(kResources, 3); break;       // use Chinese red
    case 6: gap(); names(1); gap(); t += pick(kSpaces, 2); break;          // use Jet c3
    default: break;                                                        // pass, keep, draw
  }
  if (*rc::gen::arbitrary<bool>()) {  // pay
    gap();
    t += pick(kKeywords, 1);
    const int n = *rc::gen::inRange(1, 5);
    for (int i = 0; i < n; ++i) {
      t += i == 0 ? pick(kBlanks, 4) : *rc::gen::arbitrary<bool>() ? pick(kCommas, 3) : pick(kBlanks, 4);
      t += pick(kNumbers, 3);
      gap();
      t += pick(kResources, 3);
    }
  }
  if (*rc::gen::arbitrary<bool>()) {  // draws
    gap();
    t += "draws";
    gap();
    if (*rc::gen::arbitrary<bool>())
      t += pick(kNumbers, 3);
    else
      names(3);
  }
  if (*rc::gen::inRange(0, 4) == 0) {  // declines
    gap();
    t += "declines";
    gap();
    names(2);
  }
  if (!tidy && *rc::gen::inRange(0, 3) == 0) {  // a stray word or mark somewhere
    const std::vector<std::string> stray = {" ", "\t", ",", "#", "x", "3", kKeywords[*rc::gen::inRange(0, 9)]};
    const auto at = static_cast<std::size_t>(*rc::gen::inRange(0, static_cast<int>(t.size()) + 1));
    t.insert(at, stray[static_cast<std::size_t>(*rc::gen::inRange(0, static_cast<int>(stray.size())))]);
  }
  return t;
}

// The property: where the short path reads a move, the grammar reads the same move.
void reads_as_the_grammar_reads(const std::string& text) {
  MoveTokens fast, slow;
  SyntaxError error;
  const bool read = grammar::alicematic::read_plain_move(text, fast);
  const bool parsed = grammar::alicematic::parse_move_by_grammar(text, slow, error);
  if (read) {
    RC_ASSERT(parsed);
    RC_ASSERT(fast == slow);
  } else {
    RC_ASSERT(fast == MoveTokens{});  // cleared, as its contract says
  }
  MoveTokens either;
  SyntaxError e2;
  RC_ASSERT(grammar::alicematic::parse_move(text, either, e2) == parsed);
  if (parsed) RC_ASSERT(either == slow);
}
}  // namespace plain

// Thirty texts a case (3,000 a run), some read by the short path in nearly every case.
RC_GTEST_PROP(AlicematicProperties, APlainMoveReadsAsTheGrammarReadsIt, ()) {
  int read = 0;
  for (int i = 0; i < 30; ++i) {
    const std::string text = plain::random_move();
    grammar::alicematic::MoveTokens scratch;
    read += grammar::alicematic::read_plain_move(text, scratch);
    plain::reads_as_the_grammar_reads(text);
  }
  RC_TAG(read > 0 ? "some read by the short path" : "none read by the short path");
}

// Every move of generated games: the short path reads all of the kinds it is for (a slip that
// sends them all to the grammar fails here, not only in the benchmark), and reads them as the
// grammar does.
TEST(AlicematicProperties, GeneratedMovesAreReadByTheShortPath) {
  int plain_read = 0, grammar_only = 0;
  for (const bool table : {false, true})
    for (int players = 3; players <= 5; ++players) {
      const std::string log = generated(players, 7000 + players, table);
      std::size_t at = 0;
      while (at < log.size()) {
        const std::size_t eol = std::min(log.find('\n', at), log.size());
        const std::string_view line(log.data() + at, eol - at);
        at = eol + 1;
        const std::size_t colon = line.find(": ");
        if (line.empty() || !std::isdigit(static_cast<unsigned char>(line[0])) || colon == std::string_view::npos)
          continue;
        const std::string text(line.substr(colon + 2));
        grammar::alicematic::MoveTokens fast, slow;
        SyntaxError error;
        ASSERT_TRUE(grammar::alicematic::parse_move_by_grammar(text, slow, error)) << text;
        const std::string verb = text.substr(0, text.find(' '));
        // Every kind but a `use` with an argument other than a space or a token colour.
        bool for_it = true;
        if (verb == "use")
          for (const char* other : {" on ", " from ", " discards ", " draws ", " declines "})
            for_it = for_it && text.find(other) == std::string::npos;
        ASSERT_EQ(grammar::alicematic::read_plain_move(text, fast), for_it) << text;
        if (for_it) {
          EXPECT_TRUE(fast == slow) << text;
          ++plain_read;
        } else {
          ++grammar_only;
        }
      }
    }
  EXPECT_GT(plain_read, 10 * grammar_only);  // 744 and 24 when written: the commonest moves are the short path's
}

RC_GTEST_PROP(AlicematicProperties, FmtRoundTripKeepsTheGame, ()) {
  const int players = *rc::gen::inRange(3, 6);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const std::string log = generated(players, seed, *rc::gen::arbitrary<bool>());
  std::string once, twice;
  Diagnostic d;
  RC_ASSERT(format_log(log, once, d));
  RC_ASSERT(format_log(once, twice, d));
  RC_ASSERT(once == twice);
  RC_ASSERT(once == log);  // a generated log is canonical already
  const auto a = testing::verify_text(log), b = testing::verify_text(once);
  RC_ASSERT(a[0].valid && b[0].valid);
  RC_ASSERT(a[0].scores == b[0].scores);
}

}  // namespace
}  // namespace wonderlog::alicematic
