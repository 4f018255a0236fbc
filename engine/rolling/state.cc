#include "engine/rolling/state.h"

#include <algorithm>
#include <bit>
#include <numeric>

#include <fmt/format.h>

namespace wonderlog::rolling {

int count(const Dice& d) { return std::accumulate(d.begin(), d.end(), 0); }

int by_dice(int dice) { return dice <= 2 ? 1 : dice <= 4 ? 2 : 3; }

namespace {

constexpr const char* kSlotLetters = "ABCD";

std::string dice_words(const Dice& d) {
  std::string out;
  for (int c = 0; c < kColours; ++c)
    if (d[c]) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", d[c], colour_word(static_cast<Colour>(c)));
  return out.empty() ? "none" : out;
}

const char* deck_name(Deck d) {
  return d == Deck::hatter ? "Mad Hatter" : d == Deck::challenge ? "Alice challenge" : "objective";
}

}  // namespace

// --- Set-up --------------------------------------------------------------------------------

std::optional<Violation> State::check_players(int n) {
  if (n == 1)
    return Violation{"RW-1", "Rolling in Wonderland's solo rules are not in wonderlog's sources; a game needs 2 to 4 "
                             "players",
                     {{"players", "1"}}};
  if (n < kMinPlayers || n > kMaxPlayers)
    return Violation{"RW-1", fmt::format("Rolling in Wonderland is for 1 to 4 players, and wonderlog checks 2 to 4, "
                                         "not {}",
                                         n),
                     {{"players", std::to_string(n)}}};
  return std::nullopt;
}

std::optional<Violation> State::check(const Setup& s) {
  const Catalog& c = *s.catalog;
  const int n = static_cast<int>(s.names.size());
  if (auto v = check_players(n)) return v;
  auto per_seat = [&](const std::vector<int>& v, const char* what) -> std::optional<Violation> {
    if (static_cast<int>(v.size()) != n)
      return Violation{"RW-2", fmt::format("the set-up names {} {} for {} players: one each", v.size(), what, n)};
    return std::nullopt;
  };
  if (auto v = per_seat(s.characters, "characters")) return v;
  if (auto v = per_seat(s.challenges, "Alice challenge cards")) return v;
  if (auto v = per_seat(s.hatter, "Mad Hatter cards")) return v;
  if (s.open) {
    if (auto v = per_seat(s.objectives, "objective cards")) return v;
    for (int h : s.hatter)
      if (h < 0) return Violation{"RW-2", "an open log names every Mad Hatter card dealt ('hidden' is for table logs)"};
  } else if (!s.objectives.empty()) {
    return Violation{"RW-2", "a table log does not name the objectives dealt: they are secret until the end, when "
                             "each player reveals hers ('reveal: NAME objectives ...')"};
  } else {
    for (int h : s.hatter)
      if (h >= 0 && !c.hatter[h].persistent)
        return Violation{"RW-2", fmt::format("'{}' is a one-shot card, kept face down at set-up: a table log writes "
                                             "it 'hidden'",
                                             c.hatter[h].name)};
  }
  for (std::size_t seat = 0; seat < s.hatter_kept.size() && seat < s.hatter.size(); ++seat) {
    if (!s.hatter_kept[seat]) continue;
    const int h = s.hatter[seat];
    if (h < 0 || !c.hatter[h].persistent)
      return Violation{"RW-3", fmt::format("'kept' is written only after a persistent card: {} starts her hand "
                                           "anyway, so remove 'kept'",
                                           h < 0 ? "a card kept face down ('hidden')"
                                                 : fmt::format("'{}' is a one-shot card and", c.hatter[h].name))};
    if (!s.open)
      return Violation{"RW-2", fmt::format("a table log writes a set-up card kept in hand 'hidden', not '{} kept'",
                                           c.hatter[h].name)};
    if (s.readings.consult(static_cast<int>(Dispute::setup_card)) == static_cast<int>(SetupCard::placed_at_setup))
      return Violation{"RW-3", fmt::format("'{}' is persistent, so it is placed in her persistent slot 1 at set-up: "
                                           "she may not keep it in hand",
                                           c.hatter[h].name)};
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j)
      if (s.characters[i] == s.characters[j])
        return Violation{"RW-2", fmt::format("{} and {} both play {}: each player chooses her own player board",
                                             s.names[j], s.names[i], c.characters[s.characters[i]].name)};
  for (int a = 0; a < kCheshireSlots; ++a) {
    if (s.cheshire[a] < 0) return Violation{"RW-5", "the set-up deals 4 Cheshire Cat cards, one to each slot"};
    for (int b = 0; b < a; ++b)
      if (s.cheshire[a] == s.cheshire[b])
        return Violation{"RW-5", fmt::format("'{}' is dealt to slots {} and {}: the 4 Cheshire Cat cards are different",
                                             c.cheshire[s.cheshire[a]].name, kSlotLetters[b], kSlotLetters[a])};
  }
  auto available = [&](const std::vector<int>& dealt, auto copies, const char* what,
                       auto name) -> std::optional<Violation> {
    for (std::size_t i = 0; i < dealt.size(); ++i) {
      const int k = static_cast<int>(std::count(dealt.begin(), dealt.begin() + static_cast<long>(i) + 1, dealt[i]));
      if (k > copies(dealt[i]))
        return Violation{"RW-2", fmt::format("'{}' is dealt {} times, but the catalog's {} has {}", name(dealt[i]), k,
                                             what, copies(dealt[i]))};
    }
    return std::nullopt;
  };
  if (auto v = available(
          s.challenges, [](int) { return 1; }, "Alice challenge deck", [&](int i) { return c.challenges[i].name; }))
    return v;
  std::vector<int> named_hatter;
  for (int h : s.hatter)
    if (h >= 0) named_hatter.push_back(h);
  if (auto v = available(
          named_hatter, [&](int i) { return c.hatter[i].copies; }, "Mad Hatter deck",
          [&](int i) { return c.hatter[i].name; }))
    return v;
  if (auto v = available(
          s.objectives, [&](int i) { return c.objectives[i].copies; }, "objective deck",
          [&](int i) { return c.objectives[i].name; }))
    return v;
  return std::nullopt;
}

State::State(const Setup& s)
    : catalog_(s.catalog),
      open_(s.open),
      names_(std::make_shared<const std::vector<std::string>>(s.names)),
      readings_(s.readings) {
  const Catalog& c = *catalog_;
  const int n = static_cast<int>(names_->size());
  players_.resize(n);
  rolled_.assign(n, false);
  cheshire_ = s.cheshire;
  for (int a = 0; a < kCheshireSlots; ++a) objective_deck_ = objective_deck_ || c.cheshire[cheshire_[a]].objectives;
  left_[static_cast<int>(Deck::hatter)].resize(c.hatter.size());
  for (std::size_t i = 0; i < c.hatter.size(); ++i) left_[0][i] = c.hatter[i].copies;
  left_[static_cast<int>(Deck::challenge)].assign(c.challenges.size(), 1);
  left_[static_cast<int>(Deck::objective)].resize(c.objectives.size());
  for (std::size_t i = 0; i < c.objectives.size(); ++i) left_[2][i] = c.objectives[i].copies;
  hatter_discard_.assign(c.hatter.size(), 0);
  for (int seat = 0; seat < n; ++seat) {
    Player& p = players_[seat];
    p.character = s.characters[seat];
    p.dice.fill(1);
    p.rabbit = seat;  // RW-4: each seat one space further
    p.challenges[0].card = s.challenges[seat];
    --left_[1][s.challenges[seat]];
    const int h = s.hatter[seat];
    if (h < 0) {  // a table log: a card kept face down
      ++p.hidden;
      ++hidden_out_[0];
    } else {
      --left_[0][h];
      const bool kept = seat < static_cast<int>(s.hatter_kept.size()) && s.hatter_kept[seat] &&
                        reading<SetupCard>(Dispute::setup_card) == SetupCard::may_keep;
      if (c.hatter[h].persistent && !kept)
        p.persistent[0] = h;  // RW-3
      else
        p.hand.push_back(h);
      p.hatter_gained_vp += c.hatter[h].vp;
    }
    if (open_) {
      p.objectives.push_back(s.objectives[seat]);
      --left_[2][s.objectives[seat]];
    } else {
      ++p.hidden_objectives;
      ++hidden_out_[2];
    }
  }
  // RW-5: without a related Cheshire Cat card the objective deck goes back to the box (a table log
  // still counts its cards, to check the objectives revealed at the end).
  if (!objective_deck_ && open_) std::fill(left_[2].begin(), left_[2].end(), 0);
  jabberwock_left_ = c.jabberwock;
  upgrade_tokens_ = c.upgrade_tokens;
  if (s.seed) {
    rng_.emplace(*s.seed);
    for (int d = 0; d < 3; ++d) {
      for (std::size_t i = 0; i < left_[d].size(); ++i)
        for (int k = 0; k < left_[d][i]; ++k) order_[d].push_back(static_cast<int>(i));
      shuffle(order_[d], *rng_);
    }
    for (int a = 0; a < kAreas; ++a)
      for (int k = 0; k < jabberwock_left_[a]; ++k) jabberwock_order_.push_back(static_cast<Area>(a));
    shuffle(jabberwock_order_, *rng_);
  }
}

// --- Queries -------------------------------------------------------------------------------

int State::jabberwock_left() const { return std::accumulate(jabberwock_left_.begin(), jabberwock_left_.end(), 0); }

int State::deck_left(Deck d) const {
  if (d == Deck::objective && !objective_deck_) return 0;
  const auto& l = left_[static_cast<int>(d)];
  return std::accumulate(l.begin(), l.end(), 0) - hidden_out_[static_cast<int>(d)];
}

bool State::could_hold(int seat, int card) const {
  return players_[seat].hidden > 0 && card >= 0 && card < static_cast<int>(left_[0].size()) && left_[0][card] > 0;
}

void State::reveal_hidden(int seat, int card) {
  Player& p = players_[seat];
  --p.hidden;
  --left_[0][card];
  --hidden_out_[0];
  p.hatter_gained_vp += catalog_->hatter[card].vp;
}

std::array<int, kMaxPlayers> State::strength(Area a) const {
  std::array<int, kMaxPlayers> out{};
  for (int s = 0; s < players(); ++s)
    out[s] = players_[s].soldiers[static_cast<int>(a)] + players_[s].trained[static_cast<int>(a)];
  return out;
}

std::array<int, kMaxPlayers> State::places(const std::array<int, kMaxPlayers>& value) const {
  std::array<int, kMaxPlayers> out;
  out.fill(-1);
  boost::container::small_vector<int, kMaxPlayers> levels;
  for (int s = 0; s < players(); ++s)
    if (value[s] > 0) levels.push_back(value[s]);
  std::sort(levels.begin(), levels.end(), std::greater<>());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  int place = 0;  // 0-based: gold
  for (std::size_t i = 0; i < levels.size(); ++i) {
    int group = 0;
    for (int s = 0; s < players(); ++s) group += value[s] == levels[i];
    const int reward = group == 1 ? place : place + 1;
    for (int s = 0; s < players(); ++s)
      if (value[s] == levels[i]) out[s] = reward < 3 ? reward : -1;
    if (group == 1) {
      place += 1;
    } else if (group >= 3 && i + 1 < levels.size() && place + 2 < 3) {
      // The readings differ only here: a tie of three or more with a player after it (RW-28).
      place += reading<Tie>(Dispute::tie) == Tie::skip_one_place ? 2 : group;
    } else {
      place += 2;
    }
  }
  return out;
}

int State::star(const Path& p, int space) {
  // The furthest, not the best: a catalog corrected from the box may have stars that do not rise
  // along the path, and the text scores "the furthest star" (l. 260, 398).
  for (int s = std::min(space, static_cast<int>(p.stars.size()) - 1); s > 0; --s)
    if (p.stars[s]) return p.stars[s];
  return 0;
}

int State::caterpillar_star(int seat, bool* skipped) const {
  const Player& p = players_[seat];
  const int all = star(catalog_->caterpillar, p.caterpillar);
  // The readings differ only where the furthest star behind her marker was skipped, and the
  // furthest she landed on or counted is worth other than it.
  if (p.caterpillar_reached_vp == all ||
      reading<SkippedStar>(Dispute::skipped_star) == SkippedStar::skipped_star_scores)
    return all;
  if (skipped) *skipped = true;
  return p.caterpillar_reached_vp;
}

int State::advance(const Path& p, int from, int spaces, const Spaces& occupied, Spaces* passed, Spaces* skipped) {
  int at = from;
  for (int moved = 0; moved < spaces;) {
    int next = at + 1;
    while (next <= p.length && std::find(occupied.begin(), occupied.end(), next) != occupied.end()) ++next;
    if (next > p.length) break;  // no free space ahead: she stops (RW-15, RW-22), skipping nothing
    if (skipped)                 // the occupied spaces she passes over to reach the free one
      for (int s = at + 1; s < next; ++s) skipped->push_back(s);
    if (passed) passed->push_back(next);
    at = next;
    ++moved;
    if (at == p.length) break;
  }
  return at;
}

State::Spaces State::others_on(bool rabbit, int seat) const {
  Spaces out;
  for (int s = 0; s < players(); ++s) {
    if (s == seat) continue;
    const int at = rabbit ? players_[s].rabbit : players_[s].caterpillar;
    if (rabbit || at > 0) out.push_back(at);  // the Caterpillar's start holds every marker (RW-4)
  }
  return out;
}

bool State::modifier(int seat, Modifier::Kind k, int* by) const {
  bool any = false;
  for (int card : players_[seat].persistent) {
    if (card < 0 || catalog_->hatter[card].modifier.kind != k) continue;
    any = true;
    if (by) *by += catalog_->hatter[card].modifier.by;
  }
  return any;
}

bool State::objective_met(int seat, int card) const {
  const Objective& o = catalog_->objectives[card];
  const Player& me = players_[seat];
  // "More than every other player" (RW-34): the reading decides a tie at the top.
  auto beats = [&](auto value) {
    const int mine = value(seat);
    bool tie = false;
    for (int s = 0; s < players(); ++s) {
      if (s == seat) continue;
      if (value(s) > mine) return false;
      if (value(s) == mine) tie = true;
    }
    if (!tie) return true;
    return reading<ObjectiveTie>(Dispute::objective_tie) == ObjectiveTie::tie_counts;
  };
  switch (o.kind) {
    case Objective::Kind::strongest_in: {
      const auto st = strength(o.area);
      if (st[seat] == 0) return false;
      return beats([&](int s) { return st[s]; });
    }
    case Objective::Kind::most_challenges:
      if (me.completed.empty()) return false;
      return beats([&](int s) { return static_cast<int>(players_[s].completed.size()); });
    case Objective::Kind::furthest_caterpillar:
      // A marker still on the start has gone nowhere: nothing to be further with, as no strength
      // or no challenge is nothing to be more with (under 'strictly-more' it cannot lead anyway).
      if (me.caterpillar == 0) return false;
      return beats([&](int s) { return players_[s].caterpillar; });
    case Objective::Kind::furthest_rabbit:
      return beats([&](int s) { return players_[s].rabbit; });
    case Objective::Kind::first_to_end: {
      const auto first = first_to_end();
      return std::find(first.begin(), first.end(), seat) != first.end();
    }
    case Objective::Kind::per_mushroom:
      return me.mushrooms > 0;
    case Objective::Kind::five_in_one_area:
      return std::any_of(me.soldiers.begin(), me.soldiers.end(), [](int n) { return n >= 5; });
    case Objective::Kind::every_area:
      return std::all_of(me.soldiers.begin(), me.soldiers.end(), [](int n) { return n >= 1; });
  }
  return false;
}

std::vector<int> State::first_to_end() const {
  std::vector<int> out;
  int best = -1;
  for (int s = 0; s < players(); ++s)
    if (players_[s].end_met >= 0 && (best < 0 || players_[s].end_met < players_[best].end_met)) best = s;
  if (best < 0) return out;
  bool same_round = false;  // the readings differ only when another met one in the same round
  for (int s = 0; s < players(); ++s)
    if (s != best && players_[s].end_met_round == players_[best].end_met_round) same_round = true;
  if (same_round && reading<FirstToEnd>(Dispute::first_to_end) == FirstToEnd::round_counts_as_one) {
    for (int s = 0; s < players(); ++s)
      if (players_[s].end_met_round == players_[best].end_met_round) out.push_back(s);
    return out;
  }
  out.push_back(best);
  return out;
}

// `add(label, vp)` for each of the seven sources of a player's score (RW-32), `label` a
// callable giving its words: the score alone (compute_result) needs no words formatted.
template <class Add>
void State::score_sources(int seat, Add add) const {
  const Catalog& c = *catalog_;
  const Player& p = players_[seat];
  add([&] { return fmt::format("White Rabbit path (space {})", p.rabbit); }, star(c.rabbit, p.rabbit));
  bool skipped = false;
  const int caterpillar = caterpillar_star(seat, &skipped);
  add(
      [&] {
        if (!skipped) return fmt::format("Caterpillar path (space {})", p.caterpillar);
        // The star left out: the furthest one behind her marker.
        int space = p.caterpillar;
        while (space > 0 && c.caterpillar.stars[space] == 0) --space;
        return fmt::format(
            "Caterpillar path (space {}; the star of space {}, {} VP, was skipped and does not "
            "count: the furthest star reached scores, RW-17)",
            p.caterpillar, space, c.caterpillar.stars[space]);
      },
      caterpillar);
  for (int a = 0; a < kAreas; ++a) {
    const auto st = strength(static_cast<Area>(a));
    const auto pl = places(st);
    static const char* kPlace[] = {"gold", "silver", "bronze"};
    static const char* kRank[] = {"1st", "2nd", "3rd", "4th"};
    // A tie said where it moved a place (RW-28), not only counted: hers, or one above her.
    int above = 0, equal = 0;
    bool tie_above = false;
    if (st[seat] > 0)
      for (int o = 0; o < players(); ++o) {
        above += st[o] > st[seat];
        equal += o != seat && st[o] == st[seat];
        for (int q = o + 1; q < players() && !tie_above; ++q) tie_above = st[o] > st[seat] && st[q] == st[o];
      }
    auto tied_with = [&] {
      std::vector<std::string> with;
      for (int o = 0; o < players(); ++o)
        if (o != seat && st[o] == st[seat]) with.push_back(name(o));
      std::string out;
      for (std::size_t i = 0; i < with.size(); ++i)
        out += (i == 0 ? "" : i + 1 == with.size() ? " and " : ", ") + with[i];
      return fmt::format("tied for {} with {}", kRank[above], out);
    };
    auto label = [&](const char* reward) {
      const std::string_view area = area_name(static_cast<Area>(a));
      if (equal > 0) return fmt::format("{} influence ({}: {}, RW-28)", area, tied_with(), reward);
      if (tie_above) return fmt::format("{} influence ({}, after a tie above: {}, RW-28)", area, kRank[above], reward);
      return fmt::format("{} influence ({})", area, reward);
    };
    if (pl[seat] >= 0)
      add([&] { return label(kPlace[pl[seat]]); }, c.areas[a].rewards[pl[seat]]);
    else if (st[seat] > 0 && (equal > 0 || tie_above))  // a line of 0, so that the tie is seen
      add([&] { return label("no reward"); }, 0);
  }
  int challenges = 0;
  for (int card : p.completed) challenges += c.challenges[card].vp;
  add([&] { return fmt::format("Alice challenges ({} completed)", p.completed.size()); }, challenges);
  int objectives = 0, met = 0;
  for (int card : p.objectives)
    if (objective_met(seat, card)) {
      ++met;
      const Objective& o = c.objectives[card];
      objectives += o.kind == Objective::Kind::per_mushroom ? o.vp * p.mushrooms : o.vp;
    }
  add([&] { return fmt::format("objectives ({} of {} met)", met, p.objectives.size()); }, objectives);
  int hatter = 0;
  const HatterVp which = reading<HatterVp>(Dispute::hatter_vp);
  if (which == HatterVp::all_gained) {
    hatter = p.hatter_gained_vp;
  } else {
    for (int card : p.persistent)
      if (card >= 0) hatter += c.hatter[card].vp;
    if (which == HatterVp::hand_and_slots)
      for (int card : p.hand) hatter += c.hatter[card].vp;
  }
  add([] { return std::string("Mad Hatter cards"); }, hatter);
  add([&] {
    return fmt::format("Jabberwock ({} gold, {} silver, {} bronze)", p.jabberwock[0], p.jabberwock[1], p.jabberwock[2]);
  }, 3 * p.jabberwock[0] + 2 * p.jabberwock[1] + p.jabberwock[2]);
}

std::vector<std::pair<std::string, int>> State::breakdown(int seat) const {
  std::vector<std::pair<std::string, int>> out;
  score_sources(seat, [&](auto label, int vp) { out.emplace_back(label(), vp); });
  return out;
}

std::vector<int> State::scores() const { return scores_; }
std::vector<int> State::winners() const { return winners_; }

void State::compute_result() {
  scores_.assign(players(), 0);
  for (int s = 0; s < players(); ++s) score_sources(s, [&](auto, int vp) { scores_[s] += vp; });
  const int top = *std::max_element(scores_.begin(), scores_.end());
  std::vector<int> tied;
  for (int s = 0; s < players(); ++s)
    if (scores_[s] == top) tied.push_back(s);
  winners_ = tied;
  tie_break_.clear();
  if (tied.size() == 1) return;
  // RW-35: among them, the one who met an end condition first; then the furthest White Rabbit token.
  std::vector<int> met;
  for (int s : tied)
    if (players_[s].end_met >= 0) met.push_back(s);
  std::vector<int> firsts;
  if (!met.empty()) {
    int best = met[0];
    for (int s : met)
      if (players_[s].end_met < players_[best].end_met) best = s;
    bool same_round = false;  // the readings of RW-31 differ only then
    for (int s : met) same_round = same_round || (s != best && players_[s].end_met_round == players_[best].end_met_round);
    if (same_round && reading<FirstToEnd>(Dispute::first_to_end) == FirstToEnd::round_counts_as_one) {
      for (int s : met)
        if (players_[s].end_met_round == players_[best].end_met_round) firsts.push_back(s);
    } else {
      firsts.push_back(best);
    }
  }
  // Under 'first-overall' only the game's first (RW-31, of every player) breaks the tie, when
  // she is among the tied. The readings differ only when she is not, and a tied player met one.
  std::vector<int> game_firsts;  // the game's first (or firsts), none of them tied, under 'first-overall'
  if (!firsts.empty()) {
    game_firsts = first_to_end();
    const bool one_tied = std::any_of(game_firsts.begin(), game_firsts.end(),
                                      [&](int s) { return std::find(tied.begin(), tied.end(), s) != tied.end(); });
    if (one_tied || reading<WinnerFirst>(Dispute::winner_first) == WinnerFirst::first_among_tied)
      game_firsts.clear();
    else
      firsts.clear();  // nobody tied was the first: the White Rabbit path decides among them all
  }
  if (firsts.size() == 1) {
    winners_ = firsts;
    tie_break_ = fmt::format("{} met an end condition first of the tied players (RW-35)", name(firsts[0]));
    return;
  }
  const std::vector<int>& pool = firsts.empty() ? tied : firsts;
  int best = pool[0];
  for (int s : pool)
    if (players_[s].rabbit > players_[best].rabbit) best = s;
  winners_ = {best};  // tokens never share a White Rabbit space
  tie_break_ = fmt::format("{} is furthest on the White Rabbit path, on space {}", name(best), players_[best].rabbit);
  if (!game_firsts.empty())
    tie_break_ += fmt::format(
        ", and the first to meet an end condition, {}, is not among the tied players (RW-35, "
        "'first-overall')",
        name(game_firsts[0]));
  else
    tie_break_ += " (RW-35)";
}

std::string State::cube_source(const Step& t) const {
  if (t.of_ability) return "of a Cheshire Cat card her special ability used";
  switch (t.from) {
    case Step::From::icon:
      return t.from_index != Step::kNone ? fmt::format("of the Caterpillar icon on space {}", t.from_index)
                                         : "of a Caterpillar icon";
    case Step::From::hatter:
      if (t.from_index == Step::kNone) break;
      return fmt::format("of the Mad Hatter card '{}'", catalog_->hatter[t.from_index].name);
    case Step::From::cheshire:
      if (t.from_index == Step::kNone) break;
      return fmt::format("of the Cheshire Cat card '{}'", catalog_->cheshire[t.from_index].name);
    case Step::From::unknown:
      break;
  }
  return "of an icon or a card";
}

std::string State::end_reason() const {
  if (phase_ != Phase::over && phase_ != Phase::reveal) return {};
  std::vector<std::string> met;  // each player once: "Nina at the end of both paths"
  for (int s = 0; s < players(); ++s) {
    const Player& p = players_[s];
    const bool rabbit = p.rabbit == catalog_->rabbit.length, caterpillar = p.caterpillar == catalog_->caterpillar.length;
    std::string what = rabbit && caterpillar ? "at the end of both paths"
                       : rabbit             ? "at the White Rabbit path's end"
                       : caterpillar        ? "at the Caterpillar path's end"
                                            : "";
    if (p.supply == 0) what += fmt::format("{}with all {} soldiers summoned", what.empty() ? "" : " and ", kSoldiers);
    if (!what.empty()) met.push_back(name(s) + " " + what);
  }
  if (jabberwock_left() == 0) met.push_back("the Jabberwock deck's last card resolved");
  std::string out = fmt::format("round {} ended with ", round_);
  for (std::size_t i = 0; i < met.size(); ++i)
    out += (i == 0 ? "" : i + 1 == met.size() ? " and " : ", ") + met[i];
  return out;
}

std::string State::waiting_for() const {
  switch (phase_) {
    case Phase::over:
      return "the game is over: " + end_reason();
    case Phase::jabberwock:
      return fmt::format("round {} begins with its Jabberwock card ('jabberwock: AREA')", round_);
    case Phase::rolling: {
      std::string who;
      for (int s = 0; s < players(); ++s)
        if (!rolled_[s]) who += (who.empty() ? "" : ", ") + name(s);
      return fmt::format("the roll of {} is due ('roll: NAME COLOUR FACE, ...')", who);
    }
    case Phase::reveal: {
      std::vector<std::string> due;
      bool hands = false, objectives = false;
      for (int s = 0; s < players(); ++s) {
        if (players_[s].hidden) due.push_back(name(s) + "'s Mad Hatter hand"), hands = true;
        if (players_[s].hidden_objectives) due.push_back(name(s) + "'s objectives"), objectives = true;
      }
      std::string list;
      for (std::size_t i = 0; i < due.size(); ++i)
        list += (i == 0 ? "" : i + 1 == due.size() ? " and " : ", ") + due[i];
      return fmt::format("{}; the reveal{} of {} {} due ({})", end_reason(), due.size() == 1 ? "" : "s", list,
                         due.size() == 1 ? "is" : "are",
                         hands && objectives ? "'reveal: NAME hand CARD, ...', 'reveal: NAME objectives CARD, ...'"
                         : hands             ? "'reveal: NAME hand CARD, ...'"
                                             : "'reveal: NAME objectives CARD, ...'");
    }
    case Phase::turns:
      break;
  }
  if (to_move().is_chance())
    return pending_.back().kind == Step::Kind::draw ? "a 'draw:' of the cards due" : "the 'reroll:' of the dice";
  if (turn_done()) {
    State next = *this;
    next.close_turn();
    const bool mushroom = mushroom_window(), card = holds_card_for_after_take();
    return fmt::format("{} may still {}{}{}; otherwise {}", name(current_), mushroom ? "use a mushroom (RW-10)" : "",
                       mushroom && card ? " or " : "", card ? "play or place a card from hand (RW-14)" : "",
                       next.waiting_for());
  }
  if (!pending_.empty()) return fmt::format("{} is to decide {}", name(current_), step_words(pending_.back()));
  if (ability_due_) return fmt::format("{} is to use her special ability ('ability ...')", name(current_));
  return fmt::format("{} is to play: a take ('take AREA'), a mushroom or a card from hand", name(current_));
}

std::string State::step_words(const Step& t) const {
  switch (t.kind) {
    case Step::Kind::settle: {
      const std::string& card = catalog_->hatter[t.card].name;
      return fmt::format("where the persistent card '{}' she drew goes ('place {} 1', 'keep {}' or 'discard {}')", card,
                         card, card, card);
    }
    case Step::Kind::hand_limit:
      return fmt::format("which card to discard: her hand holds {} Mad Hatter cards, the limit is {} ('discard CARD')",
                         players_[current_].hand.size(), kHandLimit);
    case Step::Kind::bonus_action:
      return fmt::format("{} more Cheshire Cat bonus{} ('bonus A' to 'bonus D'{})", t.count, t.count == 1 ? "" : "es",
                         reading_for_wording<CheshireBonus>(Dispute::cheshire_bonus) == CheshireBonus::may_decline
                             ? ", or 'bonus none'"
                             : "");
    case Step::Kind::bonus_any:
      return "a Cheshire Cat card to use, any slot ('bonus A' to 'bonus D')";
    case Step::Kind::challenge: {
      // With a slot free she takes it (RW-19's default): 'challenge none' is not offered then.
      if (challenge_slot_free(current_) &&
          reading_for_wording<AliceCard>(Dispute::alice_card) == AliceCard::taken_when_free)
        return "the Alice challenge card, into a free slot ('challenge CARD SLOT')";
      return "the Alice challenge card ('challenge CARD SLOT' or 'challenge none')";
    }
    case Step::Kind::cube_dice:
      return fmt::format("a cube for a die she took ({} left: 'cube SLOT COLOUR' or 'cube none')", dice_words(t.dice));
    case Step::Kind::cube_any:  // under RW-20's 'due' it may not be declined while it can be placed
      return reading_for_wording<BonusCube>(Dispute::bonus_cube) == BonusCube::due
                 ? "a cube on any icon of her challenge cards ('cube SLOT COLOUR')"
                 : "a cube on any icon of her challenge cards ('cube SLOT COLOUR' or 'cube none')";
    case Step::Kind::soldier:
      // Her kept upgrade token goes under one of these soldiers (RW-26): by itself under this
      // one, or under the one she marks.
      if (!players_[current_].token) return "where a soldier is summoned ('soldier AREA')";
      if (reading_for_wording<KeptToken>(Dispute::kept_token) == KeptToken::first_soldier)
        return "where a soldier is summoned, her kept upgrade token under it ('soldier AREA')";
      return "where a soldier is summoned ('soldier AREA', or 'soldier trained AREA' for the one that takes her "
             "kept upgrade token)";
    case Step::Kind::move_soldier:
      return "a soldier's move ('move AREA to AREA' or 'move none')";
    case Step::Kind::train:
      return "which soldier to train ('train AREA')";
    case Step::Kind::ability:
      return "how she uses her special ability ('ability ...')";
    case Step::Kind::table_settle:
      return fmt::format("what becomes of the {} card{} she drew face down: a persistent one placed ('place CARD "
                         "SLOT') or discarded ('discard CARD'), or 'keep' for the rest",
                         t.count, t.count == 1 ? "" : "s");
    case Step::Kind::icons: {
      std::string left;
      for (int i = 0; i < t.count; ++i) left += (left.empty() ? "" : ", ") + std::to_string(t.spaces[i]);
      return fmt::format("which Caterpillar icon pays next (spaces {}: 'icon SPACE')", left);
    }
    default:
      return "the next step";
  }
}

// --- Validation ----------------------------------------------------------------------------

Violation State::refuse(const char* rule, std::string message, std::vector<Fact> facts, bool possible) const {
  return Violation{rule, std::move(message), std::move(facts), possible};
}

std::optional<State::Step> State::top() const {
  if (pending_.empty()) return std::nullopt;
  return pending_.back();
}

bool State::may_use_mushroom() const {
  if (players_[current_].mushrooms == 0) return false;
  if (!took_) return true;
  return reading<MushroomTime>(Dispute::mushroom_time) == MushroomTime::any_time_in_turn;
}

bool State::window_open() const {
  if (phase_ != Phase::turns || !took_ || !pending_.empty() || ability_due_) return false;
  // When she alone has room left, her next turn follows at once: what she could still do in this
  // one she may do before its take, and an entry of hers cannot say which turn it belongs to.
  if (next_seat() == current_) return false;
  // A card held keeps it open whatever RW-10 says: asked first, so that RW-10 is consulted only
  // where the window hangs on it.
  return holds_card_for_after_take() || mushroom_window();
}

bool State::close_window() {
  // A turn that is done and not closed is one whose window is open: after_step() closes the
  // others at once.
  if (!turn_done()) return false;
  close_turn();
  return true;
}

bool State::card_time_now(int card) const {
  return pending_.empty() && (!took_ || after_take_card(card));
}

bool State::after_take_card(int card) const {
  return card >= 0 && static_cast<std::size_t>(card) < catalog_->hatter.size() &&
         catalog_->hatter[card].when == HatterCard::When::any_time_in_turn;
}

bool State::holds(int seat, int card) const {
  const Player& p = players_[seat];
  return std::find(p.hand.begin(), p.hand.end(), card) != p.hand.end() || could_hold(seat, card);
}

bool State::holds_card_for_after_take() const {
  const Player& me = players_[current_];
  if (std::any_of(me.hand.begin(), me.hand.end(), [&](int card) { return after_take_card(card); })) return true;
  if (me.hidden == 0) return false;  // an open hand: nothing else to look at
  for (std::size_t k = 0; k < catalog_->hatter.size(); ++k)
    if (after_take_card(static_cast<int>(k)) && could_hold(current_, static_cast<int>(k))) return true;
  return false;
}

bool State::mushroom_window() const {
  if (players_[current_].mushrooms == 0) return false;
  bool dice = false;
  for (const Dice& d : board_)
    for (int c = 0; c < kColours; ++c)
      dice = dice || (d[c] > 0 && (c != static_cast<int>(Colour::black) ||
                                   modifier(current_, Modifier::Kind::black_dice)));
  if (!dice) return false;
  return reading<MushroomTime>(Dispute::mushroom_time) == MushroomTime::any_time_in_turn;
}

State::PerCard State::challenge_tops() const {
  PerCard tops;
  if (rng_) {
    if (!order_[1].empty()) tops.push_back(order_[1].back());
    return tops;
  }
  PerCard unseen(left_[1].begin(), left_[1].end());
  for (int c : challenge_bottom_) --unseen[static_cast<std::size_t>(c)];
  for (std::size_t i = 0; i < unseen.size(); ++i)
    if (unseen[i] > 0) tops.push_back(static_cast<int>(i));
  if (tops.empty() && !challenge_bottom_.empty()) tops.push_back(challenge_bottom_.front());
  return tops;
}

std::optional<Violation> State::validate(const Move& m) const {
  if (summoning_open() && (m.kind != Move::Kind::soldier || m.seat != current_)) {
    // Any entry but her next soldier ends the summoning first: the token goes under the first
    // soldier (RW-26's 'player-chooses'), and the entry is judged after it.
    State closed = *this;
    closed.close_summoning();
    auto v = closed.validate(m);
    readings_.also_consulted(closed.readings_.consulted());
    return v;
  }
  if (m.rabbit >= 0) return check_rabbit_short(m);
  if (m.declined) return check_declined(m);
  if (phase_ == Phase::over)
    return refuse("RW-30", fmt::format("the game is over: {}, and nothing more is played", end_reason()), {}, false);
  if ((m.seat < 0 || m.kind == Move::Kind::reveal) && turn_done()) {
    // A chance event or a reveal after a turn left open (RW-10, RW-14) closes it: the round's end
    // comes first.
    State next = *this;
    next.close_turn();
    auto v = next.validate(m);
    readings_.also_consulted(next.readings_.consulted());
    return v;
  }
  if (phase_ == Phase::reveal || m.kind == Move::Kind::reveal) return check_reveal(m);
  if (m.seat < 0) return check_chance(m);
  return check_player(m);
}

std::string State::seed_gives(const Move& seed, const Move& m, Deck deck) const {
  switch (m.kind) {
    case Move::Kind::jabberwock:
      return fmt::format("the seed's Jabberwock card names {}, not {}", area_name(seed.area), area_name(m.area));
    case Move::Kind::roll:
    case Move::Kind::reroll: {
      // The dice are the same (checked first): the faces, in colour order, tell them apart.
      int i = 0;
      for (int c = 0; c < kColours; ++c)
        for (int k = 0; k < m.dice[c]; ++k, ++i)
          if (i < m.count && seed.faces[i] != m.faces[i])
            return fmt::format("the seed {} {}{} die to {}, not {}", m.kind == Move::Kind::roll ? "rolls" : "re-rolls",
                               m.kind == Move::Kind::roll ? name(m.who) + "'s " : "the ",
                               colour_word(static_cast<Colour>(c)), area_word(seed.faces[i]), area_word(m.faces[i]));
      break;
    }
    case Move::Kind::draw: {
      auto names = [&](const Move& d) {
        std::string out;
        for (int i = 0; i < d.count; ++i) {
          const int card = d.cards[i];
          out += (i ? ", '" : "'") +
                 (deck == Deck::hatter      ? catalog_->hatter[card].name
                  : deck == Deck::objective ? catalog_->objectives[card].name
                                            : catalog_->challenges[card].name) +
                 "'";
        }
        return out;
      };
      return fmt::format("the seed's {} deck gives {}, not {}", deck_name(deck), names(seed), names(m));
    }
    default:
      break;
  }
  return "the seed gives another chance event";
}

std::optional<Violation> State::check_chance(const Move& m) const {
  const bool seeded = rng_.has_value();
  // RW-2: a chance event a seeded log writes must be the seed's; what the seed gives is said.
  auto differs = [&](Deck deck = Deck::hatter) -> std::optional<Violation> {
    if (!seeded) return std::nullopt;
    const std::optional<Move> s = seeded_chance();
    if (s && !(*s == m))
      return refuse("RW-2", seed_gives(*s, m, deck) + ": a chance event written in a seeded game must be the seed's",
                    {}, false);
    return std::nullopt;
  };
  if (phase_ == Phase::jabberwock) {
    if (m.kind != Move::Kind::jabberwock)
      return refuse("RW-6", fmt::format("round {} begins with its Jabberwock card ('jabberwock: AREA'), before the rolls",
                                        round_),
                    {}, false);
    if (jabberwock_left_[static_cast<int>(m.area)] == 0)
      return refuse("RW-29",
                    fmt::format("no Jabberwock card naming {} is left in the deck", area_name(m.area)),
                    {{"cards left", std::to_string(jabberwock_left())}}, false);
    return differs();
  }
  if (phase_ == Phase::rolling) {
    if (m.kind != Move::Kind::roll)
      return refuse("RW-6", fmt::format("everyone rolls before the turns: {}", waiting_for()), {}, false);
    if (m.who < 0 || m.who >= players()) return refuse("RW-7", "the roll names no player", {}, false);
    if (rolled_[m.who])
      return refuse("RW-7", fmt::format("{} has already rolled this round", name(m.who)), {}, false);
    const Dice& mine = players_[m.who].dice;
    if (m.count != count(mine) || m.dice != mine) {
      if (round_ > 1) (void)readings_.consult(static_cast<int>(Dispute::dice));  // which dice she has is RW-7's reading
      return refuse("RW-7",
                    fmt::format("{} rolls the dice on her board ({}), but the roll names {}", name(m.who),
                                dice_words(mine), dice_words(m.dice)),
                    {{"her dice", dice_words(mine)}}, false);
    }
    if (auto v = check_faces(m, mine)) return v;
    if (rng_ && !(seeded_rolls_[m.who] == m))
      return refuse("RW-2",
                    seed_gives(seeded_rolls_[m.who], m, Deck::hatter) +
                        ": a chance event written in a seeded game must be the seed's",
                    {}, false);
    return std::nullopt;
  }
  if (m.kind == Move::Kind::jabberwock)
    return refuse("RW-6", fmt::format("the Jabberwock card is revealed at the start of a round; {}", waiting_for()), {},
                  false);
  if (m.kind == Move::Kind::roll)
    return refuse("RW-6", fmt::format("the dice are rolled at the start of a round; {}", waiting_for()), {}, false);
  const std::optional<Step> t = top();
  if (!t || (t->kind != Step::Kind::draw && t->kind != Step::Kind::reroll))
    return refuse("RW-6", fmt::format("no {} is due here: {}", m.kind == Move::Kind::draw ? "draw" : "re-roll",
                                      waiting_for()),
                  {}, false);
  if (t->kind == Step::Kind::draw) {
    if (m.kind != Move::Kind::draw)
      return refuse("RW-14", fmt::format("a draw of {} {} card{} is due first", t->count, deck_name(t->deck),
                                         t->count == 1 ? "" : "s"),
                    {}, false);
    const int due = std::min(t->count, deck_left(t->deck));
    if (m.count != due)
      return refuse(due < t->count ? "RW-36" : "RW-14",
                    fmt::format("the draw is of {} {} card{}, not {}{}", due, deck_name(t->deck), due == 1 ? "" : "s",
                                m.count, due < t->count ? " (the deck holds no more)" : ""),
                    {{"cards due", std::to_string(t->count)}, {"cards in the deck", std::to_string(deck_left(t->deck))}},
                    false);
    PerCard left = left_[static_cast<int>(t->deck)];
    for (int i = 0; i < m.count; ++i) {
      const int card = m.cards[i];
      if (card < 0 || card >= static_cast<int>(left.size()) || left[card] == 0) {
        const std::string name = t->deck == Deck::hatter      ? catalog_->hatter[card].name
                                 : t->deck == Deck::objective ? catalog_->objectives[card].name
                                                              : catalog_->challenges[card].name;
        return refuse("RW-36", fmt::format("no '{}' is left in the {} deck", name, deck_name(t->deck)), {}, false);
      }
      --left[card];
    }
    return differs(t->deck);
  }
  if (m.kind != Move::Kind::reroll)
    return refuse("RW-9", "the re-rolled dice land first ('reroll: COLOUR FACE, ...')", {}, false);
  if (m.count != count(t->dice) || m.dice != t->dice)
    return refuse("RW-9", fmt::format("the re-roll was of {}, but this names {}", dice_words(t->dice),
                                      dice_words(m.dice)),
                  {}, false);
  if (auto v = check_faces(m, t->dice)) return v;
  return differs();
}

std::optional<Violation> State::check_reveal(const Move& m) const {
  if (phase_ != Phase::reveal)
    return refuse("RW-2", open_ ? "an open log names every card as it is drawn: it has nothing to reveal"
                                : "hidden cards and objectives are revealed after the last round, for the scoring",
                  {}, false);
  if (m.kind != Move::Kind::reveal) return refuse("RW-2", waiting_for(), {}, false);
  if (m.who < 0 || m.who >= players()) return refuse("RW-2", "the reveal names no player", {}, false);
  const Player& p = players_[m.who];
  const int hidden = m.objectives ? p.hidden_objectives : p.hidden;
  const char* what = m.objectives ? "objective" : "hidden Mad Hatter card";
  if (hidden > static_cast<int>(m.shown.size()))
    return refuse("RW-2", fmt::format("{} has {} {}s to reveal: wonderlog reveals at most {} at once", name(m.who),
                                      hidden, what, m.shown.size()),
                  {}, false);
  if (m.shown_count != hidden)
    return refuse("RW-2", fmt::format("{} has {} {}{} to reveal, and the reveal names {}", name(m.who), hidden, what,
                                      hidden == 1 ? "" : "s", m.shown_count),
                  {}, false);
  PerCard left = left_[m.objectives ? 2 : 0];
  for (int i = 0; i < m.shown_count; ++i) {
    const int card = m.shown[i];
    if (card < 0 || card >= static_cast<int>(left.size()) || left[card]-- <= 0) {
      const std::string name = m.objectives ? catalog_->objectives[card].name : catalog_->hatter[card].name;
      return refuse("RW-2", fmt::format("no '{}' can be hidden: every copy the catalog has is accounted for", name), {},
                    false);
    }
  }
  return std::nullopt;
}

std::optional<Violation> State::check_faces(const Move& m, const Dice& dice) const {
  int i = 0;
  for (int col = 0; col < kColours; ++col)
    for (int k = 0; k < dice[col]; ++k, ++i) {
      const auto& faces = catalog_->dice[col].faces;
      if (std::find(faces.begin(), faces.end(), m.faces[i]) == faces.end())
        return refuse("RW-37", fmt::format("the {} die has no {} face", colour_word(static_cast<Colour>(col)),
                                           area_word(m.faces[i])),
                      {}, false);
    }
  return std::nullopt;
}

bool State::challenge_slot_free(int seat) const {
  const auto& slots = players_[seat].challenges;
  return std::any_of(slots.begin(), slots.end(), [](const Player::Challenge& ch) { return ch.card < 0; });
}

bool State::turn_done() const { return phase_ == Phase::turns && took_ && pending_.empty() && !ability_due_; }

bool State::ends_window(const Move& m) const {
  // Whatever the reading of RW-10, her turn is over for everyone else; only her own mushrooms
  // may still come (check_free() asks RW-10), and her cards from hand whose timing allows it
  // (RW-14). Asked of every move: the common answers first.
  if (!turn_done()) [[likely]]
    return false;
  return m.seat != current_ || ends_own_window(m);
}

bool State::ends_own_window(const Move& m) const {
  // Under RW-10's 'before-the-take' a mushroom of hers is her next turn's (when that comes at
  // once), never this one's.
  if (m.kind == Move::Kind::mushroom_set || m.kind == Move::Kind::mushroom_reroll)
    return reading<MushroomTime>(Dispute::mushroom_time) != MushroomTime::any_time_in_turn;
  const bool from_hand = m.kind == Move::Kind::play || m.kind == Move::Kind::place;
  return !(from_hand && after_take_card(m.card));
}

std::optional<Violation> State::check_player(const Move& m) const {
  if (phase_ != Phase::turns)
    return refuse("RW-6", fmt::format("no player plays yet: {}", waiting_for()), {}, false);
  if (m.seat >= players()) return refuse("RW-6", "not a player of this game", {}, false);
  if (ends_window(m)) {
    const int s = next_seat();
    if (s >= 0 && (m.seat != current_ || s == current_)) {
      // The turn only passes to seat s (its common end): the move is judged in place, with the
      // fields start_turn() sets put back afterwards, not on a copy of the State.
      struct PutBack {
        const State& state;
        int current;
        bool took, started, due, triggered;
        ~PutBack() {
          state.current_ = current, state.took_ = took, state.action_started_ = started;
          state.ability_due_ = due, state.ability_triggered_ = triggered;
        }
      } put_back{*this, current_, took_, action_started_, ability_due_, ability_triggered_};
      const_cast<State&>(*this).start_turn(s);  // writes mutable fields only
      return validate(m);
    }
    State next = *this;
    next.close_turn();
    // Her own move after her turn: unless she is the only one with room left (her next turn
    // begins), her turn is over.
    if (m.seat == current_ && (next.phase_ != Phase::turns || next.current_ != current_))
      return after_turn(m, next, ability_triggered_);
    auto v = next.validate(m);
    readings_.also_consulted(next.readings_.consulted());
    return v;
  }
  if (m.seat != current_) {
    if (to_move().is_chance())
      return refuse("RW-6", fmt::format("{} first: {}", waiting_for(), name(current_)), {}, false);
    // Her turn has just closed by itself (nothing was left to her): the reason her move comes too
    // late is the one it would have had in her turn (RW-12's threshold, a card after the take...).
    // An ability is told its threshold even when the take filled her board: that, not the full
    // board, is why it does not come; any other move, that her board is full.
    const bool just_closed = m.seat == last_seat_ && !took_;
    if (just_closed && m.kind == Move::Kind::ability) return after_turn(m, *this, last_triggered_);
    if (count(players_[m.seat].dice) == kDiceSpaces && !took_)
      return refuse("RW-8", fmt::format("{} has 6 dice and plays no more this round; it is {}'s turn", name(m.seat),
                                        name(current_)),
                    {}, false);
    if (just_closed) return after_turn(m, *this, last_triggered_);
    return refuse("RW-6",
                  fmt::format("it is {}'s turn{}", name(current_),
                              took_ ? fmt::format(" ({})", pending_.empty() ? "her turn is not over"
                                                                            : "her action is not resolved yet")
                                    : ""),
                  {}, false);
  }
  if (to_move().is_chance()) return refuse("RW-6", waiting_for() + " first", {}, false);
  switch (m.kind) {
    case Move::Kind::mushroom_set:
    case Move::Kind::mushroom_reroll:
    case Move::Kind::play:
      return check_free(m);
    case Move::Kind::place:
      if (!pending_.empty() && ((pending_.back().kind == Step::Kind::settle && pending_.back().card == m.card) ||
                                pending_.back().kind == Step::Kind::table_settle))
        return check_decision(m);
      return check_free(m);
    default:
      return check_decision(m);
  }
}

std::optional<Violation> State::check_free(const Move& m) const {
  const Player& me = players_[m.seat];
  if (m.kind == Move::Kind::mushroom_set || m.kind == Move::Kind::mushroom_reroll) {
    if (me.mushrooms == 0) return refuse("RW-9", "she has no mushroom", {{"mushrooms", "0"}}, false);
    if (took_ && reading<MushroomTime>(Dispute::mushroom_time) == MushroomTime::before_the_take)
      return refuse("RW-10", "a mushroom is used before the take, to shape it");
    const bool black_ok = modifier(m.seat, Modifier::Kind::black_dice);
    const Dice& here = board_[static_cast<int>(m.area)];
    if (m.kind == Move::Kind::mushroom_set) {
      if (m.colour == Colour::black && !black_ok)
        return refuse("RW-11", "black dice cannot be changed or moved", {}, true);
      if (here[static_cast<int>(m.colour)] == 0)
        return refuse("RW-9", fmt::format("{} holds no {} die", area_name(m.area), colour_word(m.colour)),
                      {{"dice there", dice_words(here)}}, false);
      const auto& faces = catalog_->dice[static_cast<int>(m.colour)].faces;
      if (std::find(faces.begin(), faces.end(), m.to) == faces.end())
        return refuse("RW-37", fmt::format("the {} die has no {} face", colour_word(m.colour), area_word(m.to)), {},
                      false);
      return std::nullopt;
    }
    if (m.dice[static_cast<int>(Colour::black)] > 0 && !black_ok)
      return refuse("RW-11", "black dice cannot be changed or moved, so a mushroom does not re-roll them");
    for (int c = 0; c < kColours; ++c)
      if (m.dice[c] > here[c])
        return refuse("RW-9",
                      fmt::format("{} holds {} {} {}, not {}", area_name(m.area), here[c],
                                  colour_word(static_cast<Colour>(c)), here[c] == 1 ? "die" : "dice", m.dice[c]),
                      {{"dice there", dice_words(here)}}, false);
    if (count(m.dice) < 2)
      return refuse("RW-9", "a mushroom re-rolls 2 or more dice of one area", {{"dice named", dice_words(m.dice)}});
    Dice movable = here;
    if (!black_ok) movable[static_cast<int>(Colour::black)] = 0;
    if (m.dice != movable && reading<Reroll>(Dispute::reroll) == Reroll::whole_area)
      return refuse("RW-9", fmt::format("the re-roll is of every die of the area that may be re-rolled: {}",
                                        dice_words(movable)),
                    {{"dice named", dice_words(m.dice)}});
    return std::nullopt;
  }
  // A persistent card just drawn waits to be decided: that is what a 'place' has to answer.
  if (m.kind == Move::Kind::place && !pending_.empty() && pending_.back().kind == Step::Kind::settle)
    return check_decision(m);
  const char* done = m.kind == Move::Kind::play ? "played" : "placed";
  if (!pending_.empty())
    return refuse("RW-14",
                  fmt::format("a card from hand is {} only when no decision of her turn waits: she is to decide "
                              "{} first",
                              done, step_words(pending_.back())));
  if (!holds(m.seat, m.card)) return refuse("RW-14", not_in_hand(m.seat, m.card), {}, false);
  const HatterCard& card = catalog_->hatter[m.card];
  if (!card_time_now(m.card))
    return refuse("RW-14",
                  fmt::format("'{}' is {} in her own turn before her take (its catalog entry says "
                              "'when: before-the-take')",
                              card.name, done),
                  {{"her take", "done"}});
  if (m.kind == Move::Kind::play && card.persistent)
    return refuse("RW-14", fmt::format("'{}' is a persistent card: it is placed in a slot ('place {} 1'), not played",
                                       card.name, card.name));
  if (m.kind == Move::Kind::place && !card.persistent)
    return refuse("RW-14", fmt::format("'{}' is a one-shot card: it is played ('play {}'), not placed", card.name,
                                       card.name));
  if (m.kind == Move::Kind::place && (m.slot < 0 || m.slot >= kSlots))
    return refuse("RW-14", "a persistent card goes into slot 1, 2 or 3", {}, false);
  return std::nullopt;
}

std::string State::not_in_hand(int seat, int card) const {
  const Player& p = players_[seat];
  // A copy in her slots: said, since a card dealt at set-up goes there by itself (RW-3).
  const std::string where = [&]() -> std::string {
    for (int slot = 0; slot < kSlots; ++slot)
      if (p.persistent[slot] == card) return fmt::format(" (she has it in persistent slot {})", slot + 1);
    return "";
  }();
  if (p.hidden == 0) return fmt::format("'{}' is not in her hand{}", catalog_->hatter[card].name, where);
  return fmt::format("'{}' is not in her hand: none of its {} cop{} can be among her {} face-down card{}",
                     catalog_->hatter[card].name, catalog_->hatter[card].copies,
                     catalog_->hatter[card].copies == 1 ? "y" : "ies", p.hidden, p.hidden == 1 ? "" : "s");
}

namespace {

// An 'icon' entry where no Caterpillar icon waits for her choice (RW-24): under the default it has
// no place; under 'any-order-after-move' it is written only while a move's icons are left to
// choose from (after the last one, which paid by itself, or after a take that set none off).
const char* no_icon_waiting(IconOrder order) {
  return order == IconOrder::path_order
             ? "the Caterpillar icons pay in path order: an 'icon' entry has no place"
             : "no Caterpillar icon is waiting for her choice: 'icon SPACE' is written only while two or more icons "
               "a Caterpillar move set off are left to pay (the last pays by itself)";
}

}  // namespace

Violation State::after_turn(const Move& m, const State& next, bool triggered) const {
  std::string who =
      next.phase_ == Phase::turns ? fmt::format("; it is {}'s turn", name(next.current_)) : "; the round is over";
  // Her mushrooms (RW-10) and cards from hand (RW-14) may still come: her turn is over for
  // everything else.
  if (m.seat == current_ && window_open()) {
    const bool mushroom = mushroom_window(), card = holds_card_for_after_take();
    const std::string still =
        fmt::format("; only her {}{}{} may still come", mushroom ? "mushrooms (RW-10)" : "",
                    mushroom && card ? " and " : "", card ? "cards from hand that allow it (RW-14)" : "");
    who = next.phase_ == Phase::turns ? fmt::format("{}, then it is {}'s turn", still, name(next.current_))
                                      : still + ", then the round is over";
  }
  const int n = count(last_take_);
  const std::string took = last_take_words();
  switch (m.kind) {
    case Move::Kind::take:
      return refuse("RW-8", "one take per turn: her turn ended with her action" + who, {}, false);
    case Move::Kind::icon:  // after the last icon, which paid by itself: RW-24's to say, not RW-6's
      return refuse("RW-24", std::string(no_icon_waiting(reading<IconOrder>(Dispute::icon_order))) +
                                 "; her action is resolved" + who);
    case Move::Kind::play:
    case Move::Kind::place:
      if (m.card >= 0 && static_cast<std::size_t>(m.card) < catalog_->hatter.size()) {
        if (!after_take_card(m.card))
          return refuse("RW-14", fmt::format("'{}' is played or placed in her own turn before her take (its catalog "
                                             "entry says 'when: before-the-take'); her action is resolved{}",
                                             catalog_->hatter[m.card].name, who));
        // A card she may play after her take would have kept her turn open: she does not hold it.
        if (!holds(m.seat, m.card))
          return refuse("RW-14", not_in_hand(m.seat, m.card) + ", and her turn is over" + who, {}, false);
      }
      return refuse("RW-14", "a Mad Hatter card from hand is played or placed in her own turn; hers is over" + who);
    case Move::Kind::soldier:
      if (last_area_ == Area::queen || players_[m.seat].supply == 0)
        return soldiers_all_summoned(m.seat, ": her action is resolved" + who);
      break;
    case Move::Kind::bonus:
      if (last_area_ == Area::cat) return bonuses_all_given(": her action is resolved" + who);
      break;
    case Move::Kind::ability:
      if (!triggered)
        return refuse("RW-12", fmt::format("her special ability is triggered by a take of {} dice, and she took "
                                           "{}{}",
                                           threshold_words(), n, who));
      // A cube ability with no cube left gave nothing: said so (RW-20), not that it was used.
      if (m.as == Move::Kind::cube && players_[m.seat].cubes == 0)
        return no_cube_left(m.seat, ", so her special ability gave none; her action is resolved" + who);
      return refuse("RW-13", "her special ability was resolved with her action" + who);
    case Move::Kind::mushroom_set:
    case Move::Kind::mushroom_reroll:
      if (reading<MushroomTime>(Dispute::mushroom_time) == MushroomTime::before_the_take)
        return refuse("RW-10", "a mushroom is used before the take, to shape it; her action is resolved" + who);
      break;
    case Move::Kind::cube:
      // Her cubes (of an Alice take, an icon, a card) ended by themselves with none left in her
      // supply (RW-20, point 5).
      if (!m.none && players_[m.seat].cubes == 0) return no_cube_left(m.seat, "; her action is resolved" + who);
      break;
    default:
      break;
  }
  return refuse("RW-6", fmt::format("her action ({}) is resolved: nothing is left to decide{}", took, who));
}

std::string State::last_take_words() const {
  const int n = count(last_take_);
  return fmt::format("{} {} di{}", n, area_word(last_area_), n == 1 ? "e" : "ce");
}

Violation State::soldiers_all_summoned(int seat, const std::string& then) const {
  // Her supply may have run out before the take's soldiers did (RW-21): then that is the reason.
  if (players_[seat].supply == 0)
    return refuse("RW-21",
                  fmt::format("she has no soldier left in her supply: all {} are on the map{}", kSoldiers,
                              then.starts_with(": ") ? "; " + then.substr(2) : then),
                  {{"soldiers in her supply", "0"}}, false);
  const int n = count(last_take_);
  return refuse("RW-21",
                fmt::format("{} summon{} {} soldier{}, all summoned{}", last_take_words(), n == 1 ? "s" : "",
                            by_dice(n), by_dice(n) == 1 ? "" : "s", then),
                {{"dice taken", std::to_string(n)}, {"soldiers", std::to_string(by_dice(n))}});
}

Violation State::no_cube_left(int seat, const std::string& then) const {
  std::vector<Fact> on_cards;
  for (const auto& ch : players_[seat].challenges)
    if (ch.card >= 0)
      on_cards.push_back(
          {"cubes on '" + catalog_->challenges[ch.card].name + "'", std::to_string(std::popcount(ch.covered))});
  return refuse("RW-20",
                fmt::format("she has no cube left: all {} are on her challenge cards, 3 on each, and a card's 4th cube "
                            "would be one more than she has{}",
                            kCubes, then),
                on_cards, false);
}

Violation State::bonuses_all_given(const std::string& then) const {
  const int n = count(last_take_);
  return refuse("RW-18",
                fmt::format("{} give{} {} Cheshire Cat bonus{}, {}{}", last_take_words(), n == 1 ? "s" : "", by_dice(n),
                            by_dice(n) == 1 ? "" : "es",
                            reading_for_wording<CheshireBonus>(Dispute::cheshire_bonus) == CheshireBonus::may_decline
                                ? "taken or declined"
                                : "all taken",
                            then),
                {{"dice taken", std::to_string(n)}, {"bonuses", std::to_string(by_dice(n))}});
}

bool State::needs_decision(const Step& s) const {
  const Player& me = players_[current_];
  auto free_icon = [&](std::optional<Colour> colour) {
    if (me.cubes == 0) return false;
    for (const auto& ch : me.challenges) {
      if (ch.card < 0) continue;
      const auto& icons = catalog_->challenges[ch.card].icons;
      for (int i = 0; i < 4; ++i)
        if (!(ch.covered >> i & 1) && (!colour || icons[i] == *colour)) return true;
    }
    return false;
  };
  auto plain_soldier = [&] {
    for (int a = 0; a < kAreas; ++a)
      if (me.soldiers[a] > me.trained[a]) return true;
    return false;
  };
  switch (s.kind) {
    case Step::Kind::draw:
    case Step::Kind::reroll:
    case Step::Kind::effect:
      return false;  // chance, or expanded
    case Step::Kind::icons:
      return s.count >= 2;
    case Step::Kind::table_settle:
      // The table sees her place or discard a card, or keep them all: 'keep' is written even when
      // no persistent card can be among them (RW-2), so the recorder need not count the copies seen.
      return s.count > 0 && me.hidden > 0;
    case Step::Kind::settle:
    case Step::Kind::bonus_action:
    case Step::Kind::bonus_any:
      return true;
    case Step::Kind::hand_limit:
      return static_cast<int>(me.hand.size()) + me.hidden > kHandLimit;
    case Step::Kind::challenge:
      return deck_left(Deck::challenge) > 0;
    case Step::Kind::cube_dice:
      for (int c = 0; c < kColours; ++c)
        if (s.dice[c] && free_icon(static_cast<Colour>(c))) return true;
      return false;
    case Step::Kind::cube_any:
      return free_icon(std::nullopt);
    case Step::Kind::soldier:
      return me.supply > 0;
    case Step::Kind::move_soldier:
      return std::any_of(me.soldiers.begin(), me.soldiers.end(), [](int n) { return n > 0; });
    case Step::Kind::train:
      return upgrade_tokens_ > 0 && plain_soldier();
    case Step::Kind::ability: {
      const Bonus& b = catalog_->characters[me.character].ability;
      if (b.kind == Bonus::Kind::train) return upgrade_tokens_ > 0 && plain_soldier();
      if (b.kind == Bonus::Kind::cube) return free_icon(std::nullopt);
      return b.kind == Bonus::Kind::cheshire;
    }
  }
  return false;
}

namespace {

// What an ability's entry must say for each ability (train, bonus, cube); other abilities have no
// entry: they are resolved on the take.
std::optional<Move::Kind> ability_entry(Bonus::Kind k) {
  switch (k) {
    case Bonus::Kind::train:
      return Move::Kind::train;
    case Bonus::Kind::cheshire:
      return Move::Kind::bonus;
    case Bonus::Kind::cube:
      return Move::Kind::cube;
    default:
      return std::nullopt;
  }
}

const char* entry_word(Move::Kind k) {
  switch (k) {
    case Move::Kind::take: return "take";
    case Move::Kind::icon: return "icon";
    case Move::Kind::place: return "place";
    case Move::Kind::keep: return "keep";
    case Move::Kind::discard: return "discard";
    case Move::Kind::challenge: return "challenge";
    case Move::Kind::cube: return "cube";
    case Move::Kind::soldier: return "soldier";
    case Move::Kind::move_soldier: return "move";
    case Move::Kind::train: return "train";
    case Move::Kind::bonus: return "bonus";
    case Move::Kind::ability: return "ability";
    case Move::Kind::play: return "play";
    default: return "a chance event";
  }
}

}  // namespace

std::optional<Violation> State::check_decision(const Move& m) const {
  const Player& me = players_[m.seat];
  const Catalog& c = *catalog_;
  if (m.kind == Move::Kind::ability) {
    // Resolved already (once a turn, RW-13); a White Rabbit ability, resolved on the take, is
    // told below that it is never written.
    if (!ability_due_ && took_ && ability_triggered_ && ability_entry(c.characters[me.character].ability.kind))
      return refuse("RW-13",
                    "her special ability has been resolved this turn: it comes once, with the take that "
                    "triggered it");
    if (!ability_due_)
      return refuse("RW-12", took_ ? fmt::format("her special ability is not triggered this turn (it takes {} dice in "
                                                 "one take, and she took {})",
                                                 threshold_words(), count(last_take_))
                                   : "the special ability comes with a take of 4 or more dice");
    const bool after = !pending_.empty() && pending_.back().kind == Step::Kind::ability;
    if (!after) {
      const bool of_action = !pending_.empty() && pending_.back().of_action;
      if (!of_action || action_started_) {
        // In the middle of the action: only RW-13's reading 'any-time-in-action' allows it.
        if (!of_action || reading<AbilityWhen>(Dispute::ability_when) != AbilityWhen::any_time_in_action) {
          switch (reading_for_wording<AbilityWhen>(Dispute::ability_when)) {  // each reading's words
            case AbilityWhen::any_time_in_action:
              return refuse("RW-13",
                            "the special ability comes before the action, after it or between two of its own "
                            "decisions; a bonus, a card or an icon's effect the action set off is resolved fully "
                            "first");
            case AbilityWhen::after_the_action:
              return refuse("RW-13", "the special ability is resolved after the action, not in the middle");
            case AbilityWhen::on_collection:
              return refuse("RW-13",
                            "the special ability is resolved on the take, before the action, not in the middle");
            case AbilityWhen::before_or_after:
              break;
          }
          return refuse("RW-13", "the special ability is resolved before the action or after it, not in the middle");
        }
      } else if (reading<AbilityWhen>(Dispute::ability_when) == AbilityWhen::after_the_action) {
        return refuse("RW-13", "the special ability is resolved after the action");
      }
    }
    const Bonus& ability = c.characters[me.character].ability;
    const std::optional<Move::Kind> as = ability_entry(ability.kind);
    if (!as || m.as != *as)
      return refuse("RW-12", fmt::format("{}'s ability is '{}': it is written 'ability {}'", c.characters[me.character].name,
                                         describe(ability), as ? entry_word(*as) : "(none: it is resolved on the take)"));
    Step s;
    s.kind = ability.kind == Bonus::Kind::train ? Step::Kind::train
             : ability.kind == Bonus::Kind::cheshire ? Step::Kind::bonus_any
                                                     : Step::Kind::cube_any;
    if (!needs_decision(s)) return refuse("RW-12", "her ability has nothing to act on now");
    // Her ability's cube declined, under RW-20's 'due' (its step is here only while a cube can
    // be placed), told in the ability's own words.
    if (m.none && s.kind == Step::Kind::cube_any && reading<BonusCube>(Dispute::bonus_cube) == BonusCube::due)
      return refuse("RW-20",
                    "the cube of her special ability is due while she has a cube left and an uncovered icon to put "
                    "it on: 'ability cube SLOT COLOUR', not 'ability cube none'",
                    {{"cubes left", std::to_string(me.cubes)}});
    Move inner = m;
    inner.kind = m.as;
    State probe = *this;
    probe.pending_.push_back(s);
    auto v = probe.check_decision(inner);
    readings_.also_consulted(probe.readings_.consulted());  // what the probe asked, this check asked
    return v;
  }
  if (!took_ && pending_.empty()) {
    if (m.kind != Move::Kind::take)
      return refuse("RW-8", fmt::format("her turn starts with a take ('take AREA'), or a mushroom or a card from hand; "
                                        "'{}' answers nothing yet",
                                        entry_word(m.kind)));
    const Dice& here = board_[static_cast<int>(m.area)];
    const int room = kDiceSpaces - count(me.dice);
    if (count(here) == 0)
      return refuse("RW-8", fmt::format("{} holds no dice", area_name(m.area)), {}, false);
    if (!m.named) {
      if (count(here) > room)
        return refuse("RW-8",
                      fmt::format("{} holds {} dice ({}) and she has room for {}: name the {} she takes",
                                  area_name(m.area), count(here), dice_words(here), room, room),
                      {{"dice there", dice_words(here)}, {"free spaces", std::to_string(room)}});
      return std::nullopt;
    }
    for (int col = 0; col < kColours; ++col)
      if (m.dice[col] > here[col])
        return refuse("RW-8",
                      fmt::format("{} holds {} {} {}, not {}", area_name(m.area), here[col],
                                  colour_word(static_cast<Colour>(col)), here[col] == 1 ? "die" : "dice", m.dice[col]),
                      {{"dice there", dice_words(here)}}, false);
    if (count(m.dice) > room)
      return refuse("RW-8", fmt::format("she has room for {} more dice, not {}: a board holds 6", room, count(m.dice)),
                    {{"dice on her board", std::to_string(count(me.dice))}}, false);
    const int due = std::min(room, count(here));
    if (count(m.dice) < due)
      return refuse("RW-8",
                    fmt::format("a take is all the dice of the area, as many as fit: {} dice here, not {}", due,
                                count(m.dice)),
                    {{"dice there", dice_words(here)}, {"free spaces", std::to_string(room)}});
    return std::nullopt;
  }
  if (m.kind == Move::Kind::take) {
    if (took_) return refuse("RW-8", "one take per turn: she has taken dice this turn");
    // A card from hand set something off: it is resolved before her take.
    const Step& t = pending_.back();
    return refuse(t.kind == Step::Kind::settle || t.kind == Step::Kind::hand_limit ? "RW-14" : "RW-8",
                  "what her card set off is resolved before her take: she is to decide " + step_words(t));
  }
  const std::optional<Step> t = top();
  if (!t && m.kind == Move::Kind::icon)  // after the last icon, which paid by itself: RW-24's to say
    return refuse("RW-24", no_icon_waiting(reading<IconOrder>(Dispute::icon_order)));
  if (!t)
    return refuse(
        "RW-6",
        "her action is resolved: nothing is left to decide (only a mushroom or a card from hand may still come)");
  if (m.kind == Move::Kind::icon && t->kind != Step::Kind::icons)
    return refuse("RW-24", reading<IconOrder>(Dispute::icon_order) == IconOrder::path_order
                               ? "the Caterpillar icons pay in path order: an 'icon' entry has no place; she is to decide " +
                                     step_words(*t)
                               : "no Caterpillar icons are waiting to pay; she is to decide " + step_words(*t));
  switch (t->kind) {
    case Step::Kind::settle: {
      if (m.kind == Move::Kind::keep && m.none)
        return refuse("RW-14", fmt::format("an open log names the card she keeps: 'keep {}'", c.hatter[t->card].name));
      if (m.card != t->card || (m.kind != Move::Kind::place && m.kind != Move::Kind::keep &&
                                m.kind != Move::Kind::discard))
        return refuse("RW-14", fmt::format("the persistent card '{}' just drawn is placed, kept or discarded first "
                                           "('place {} 1', 'keep {}' or 'discard {}')",
                                           c.hatter[t->card].name, c.hatter[t->card].name, c.hatter[t->card].name,
                                           c.hatter[t->card].name));
      if (m.kind == Move::Kind::place && (m.slot < 0 || m.slot >= kSlots))
        return refuse("RW-14", "a persistent card goes into slot 1, 2 or 3", {}, false);
      return std::nullopt;
    }
    case Step::Kind::hand_limit:
      if (m.kind != Move::Kind::discard)
        return refuse("RW-14", fmt::format("her hand holds {} Mad Hatter cards: she discards down to {} first",
                                           me.hand.size(), kHandLimit));
      if (std::find(me.hand.begin(), me.hand.end(), m.card) == me.hand.end() && !could_hold(m.seat, m.card))
        return refuse("RW-14", not_in_hand(m.seat, m.card), {}, false);
      return std::nullopt;
    case Step::Kind::table_settle: {
      if (m.kind == Move::Kind::keep && m.none) return std::nullopt;
      if (m.kind != Move::Kind::place && m.kind != Move::Kind::discard)
        return refuse("RW-14", "the cards just drawn face down come first: a persistent one placed ('place CARD "
                               "SLOT') or discarded ('discard CARD'), or 'keep' for the rest");
      if (!c.hatter[m.card].persistent)
        return refuse("RW-14", fmt::format("'{}' is a one-shot card: only a persistent card is placed or discarded "
                                           "as it is drawn",
                                           c.hatter[m.card].name));
      if (!could_hold(m.seat, m.card)) return refuse("RW-14", not_in_hand(m.seat, m.card), {}, false);
      if (m.kind == Move::Kind::place && (m.slot < 0 || m.slot >= kSlots))
        return refuse("RW-14", "a persistent card goes into slot 1, 2 or 3", {}, false);
      return std::nullopt;
    }
    case Step::Kind::bonus_action:
    case Step::Kind::bonus_any: {
      if (m.kind != Move::Kind::bonus)
        return refuse("RW-18", "a Cheshire Cat bonus is due: 'bonus A' to 'bonus D'");
      if (m.none) {
        if (t->kind == Step::Kind::bonus_any)
          return refuse("RW-18",
                        reading_for_wording<IconBonus>(Dispute::icon_bonus) == IconBonus::may_decline
                            ? "this Cheshire Cat bonus comes from an icon, a card or her special ability: 'bonus "
                              "none' declines only the Cheshire Cat action's own bonuses, and an icon's is declined "
                              "on the entry that sets the icon off (', declines SPACE', RW-25 'may-decline')"
                            : "this Cheshire Cat bonus comes from an icon, a card or her special ability, and is "
                              "used, not declined (RW-25): 'bonus none' declines only the Cheshire Cat action's "
                              "own bonuses");
        if (reading<CheshireBonus>(Dispute::cheshire_bonus) == CheshireBonus::all_received)
          return refuse("RW-18",
                        fmt::format("her dice still give {} Cheshire Cat bonus{}: {} taken, not declined", t->count,
                                    t->count == 1 ? "" : "es", t->count == 1 ? "it is" : "they are"),
                        {{"uses left",
                          fmt::format("A {}, B {}, C {}, D {}", t->allow[0], t->allow[1], t->allow[2], t->allow[3])}});
        return std::nullopt;
      }
      if (m.slot < 0 || m.slot >= kCheshireSlots)
        return refuse("RW-18", "the Cheshire Cat slots are A, B, C and D", {}, false);
      if (t->kind == Step::Kind::bonus_action && t->allow[m.slot] == 0) {
        static const char* kColoursOf[] = {"a peach", "an orange", "a green or purple", "a blue or black"};
        return refuse(
            "RW-18",
            fmt::format("slot {} needs {} die for each use, and the dice she took allow no more use of it",
                        kSlotLetters[m.slot], kColoursOf[m.slot]),
            {{"uses left", fmt::format("A {}, B {}, C {}, D {}", t->allow[0], t->allow[1], t->allow[2], t->allow[3])}});
      }
      return std::nullopt;
    }
    case Step::Kind::challenge: {
      if (m.kind != Move::Kind::challenge) return refuse("RW-19", "she is to decide " + step_words(*t) + " first");
      const bool free = challenge_slot_free(m.seat);
      if (m.none) {
        if (free && reading<AliceCard>(Dispute::alice_card) == AliceCard::taken_when_free)
          return refuse("RW-19", "with a challenge slot free she takes the card");
        return std::nullopt;
      }
      if (m.slot < 0 || m.slot >= kSlots) return refuse("RW-20", "a challenge card goes into slot 1, 2 or 3", {}, false);
      if (const PerCard tops = challenge_tops(); std::find(tops.begin(), tops.end(), m.card) == tops.end()) {
        std::string why;
        if (!rng_ && left_[1][m.card] > 0)  // unseeded: it is there, but under the others
          why = ": it was put back at the bottom of the deck, under the cards not yet seen";
        return refuse(
            "RW-19",
            fmt::format("'{}' is not the top card of the Alice challenge deck{}", c.challenges[m.card].name, why),
            tops.size() == 1 ? std::vector<Fact>{{"top card", c.challenges[tops[0]].name}} : std::vector<Fact>{},
            false);
      }
      if (free && me.challenges[m.slot].card >= 0)
        return refuse("RW-19", fmt::format("slot {} holds '{}' and another slot is free: a card is replaced only when "
                                           "all 3 slots are full",
                                           m.slot + 1, c.challenges[me.challenges[m.slot].card].name));
      return std::nullopt;
    }
    case Step::Kind::cube_dice:
    case Step::Kind::cube_any: {
      if (m.kind != Move::Kind::cube)
        return refuse("RW-20", t->kind == Step::Kind::cube_any &&
                                       reading_for_wording<BonusCube>(Dispute::bonus_cube) == BonusCube::due
                                   ? "a cube is due: 'cube SLOT COLOUR'"
                                   : "a cube is due: 'cube SLOT COLOUR', or 'cube none'");
      // A cube of her ability, an icon or a card, declined: the reading's to say. (Its step is
      // here only while a cube can be placed: it ends by itself otherwise.)
      if (m.none && t->kind == Step::Kind::cube_any && reading<BonusCube>(Dispute::bonus_cube) == BonusCube::due)
        return refuse("RW-20", fmt::format("this cube ({}) is due while she has a cube left and an uncovered icon to "
                                           "put it on: 'cube SLOT COLOUR', not 'cube none'",
                                           cube_source(*t)),
                      {{"cubes left", std::to_string(me.cubes)}});
      if (m.none) return std::nullopt;
      if (t->kind == Step::Kind::cube_dice && t->dice[static_cast<int>(m.colour)] == 0)
        return refuse("RW-20", fmt::format("each cube matches a die she took, and no {} die is left for one",
                                           colour_word(m.colour)),
                      {{"dice left for cubes", dice_words(t->dice)}});
      if (m.slot < 0 || m.slot >= kSlots || me.challenges[m.slot].card < 0)
        return refuse("RW-20", fmt::format("she has no challenge card in slot {}", m.slot + 1), {}, false);
      if (me.cubes == 0) return refuse("RW-20", "she has no cube left", {}, false);
      const auto& ch = me.challenges[m.slot];
      const auto& icons = c.challenges[ch.card].icons;
      for (int i = 0; i < 4; ++i)
        if (icons[i] == m.colour && !(ch.covered >> i & 1)) return std::nullopt;
      return refuse("RW-20", fmt::format("'{}' has no uncovered {} icon", c.challenges[ch.card].name, colour_word(m.colour)),
                    {}, false);
    }
    case Step::Kind::soldier: {
      if (m.kind != Move::Kind::soldier) return refuse("RW-21", "a soldier is summoned first: 'soldier AREA'");
      // RW-26: 'trained' marks the soldier that takes her kept upgrade token. Where a token is
      // kept, or was placed in this summoning, which soldier takes it is the reading's: asked, so
      // that explain says so (the readings shape the position, Rolling::position_shaped_by).
      if (me.token || me.run_first >= 0 || m.trained) (void)reading<KeptToken>(Dispute::kept_token);
      if (m.trained && !me.token) {
        if (me.run_first >= 0) {
          // It went by itself under the first soldier of this summoning: 'first-soldier'.
          return refuse("RW-26",
                        fmt::format("her kept upgrade token already went by itself under the first of the soldiers "
                                    "she is summoning, in {}'s influence area; this one comes without it: 'soldier {}'",
                                    area_name(static_cast<Area>(me.run_first)), area_word(m.area)),
                        {}, false);
        }
        if (me.token_went >= 0)
          return refuse("RW-26",
                        fmt::format("her kept upgrade token already went under her soldier in {}'s influence area; "
                                    "this one comes without it: 'soldier {}'",
                                    area_name(static_cast<Area>(me.token_went)), area_word(m.area)),
                        {}, false);
        return refuse(
            "RW-26",
            fmt::format("she keeps no upgrade token to put under this soldier: 'soldier {}'", area_word(m.area)), {},
            false);
      }
      return std::nullopt;
    }
    case Step::Kind::move_soldier: {
      if (m.kind != Move::Kind::move_soldier)
        return refuse("RW-25", "a soldier's move is due: 'move AREA to AREA', or 'move none'");
      if (m.none) return std::nullopt;
      const int a = static_cast<int>(m.area);
      if (!m.trained && me.soldiers[a] > 0 && me.soldiers[a] == me.trained[a])  // all of them upgraded
        return refuse("RW-25",
                      fmt::format("her {} in {}'s influence area {} upgraded: 'move trained {} to {}'",
                                  me.soldiers[a] == 1 ? "soldier" : "soldiers", area_name(m.area),
                                  me.soldiers[a] == 1 ? "is" : "are all", area_word(m.area), area_word(m.to)),
                      {{"soldiers there", std::to_string(me.soldiers[a])}, {"upgraded", std::to_string(me.trained[a])}},
                      false);
      if (m.trained ? me.trained[a] == 0 : me.soldiers[a] == me.trained[a])
        return refuse("RW-25", fmt::format("she has no {}soldier in {}'s influence area", m.trained ? "upgraded " : "",
                                           area_name(m.area)),
                      {{"soldiers there", std::to_string(me.soldiers[a])},
                       {"upgraded", std::to_string(me.trained[a])}},
                      false);
      if (m.area == m.to) return refuse("RW-25", "a soldier moves to another influence area");
      return std::nullopt;
    }
    case Step::Kind::train: {
      if (m.kind != Move::Kind::train) return refuse("RW-26", "a soldier is trained first: 'train AREA'");
      const int a = static_cast<int>(m.area);
      if (me.soldiers[a] == 0)
        return refuse("RW-26", fmt::format("she has no soldier in {}'s influence area to train", area_name(m.area)),
                      {}, false);
      if (me.soldiers[a] == me.trained[a])
        return refuse("RW-26",
                      fmt::format("her {} in {}'s influence area {} an upgrade already",
                                  me.soldiers[a] == 1 ? std::string("soldier") : fmt::format("{} soldiers", me.soldiers[a]),
                                  area_name(m.area), me.soldiers[a] == 1 ? "has" : "have"),
                      {}, false);
      return std::nullopt;
    }
    case Step::Kind::ability: {
      // A soldier or a bonus past what her take gives is told by that number (RW-21, RW-18),
      // not only that the ability is due: where no step still to come could give one.
      auto none_to_come = [&](Step::Kind kind) {
        return std::none_of(pending_.begin(), pending_.end(),
                            [&](const Step& p) { return p.kind == kind || p.kind == Step::Kind::effect; });
      };
      if (m.kind == Move::Kind::soldier && last_area_ == Area::queen && none_to_come(Step::Kind::soldier))
        return soldiers_all_summoned(current_, "; her special ability is due now ('ability ...')");
      // A cube can never come with none in her supply (RW-20, point 5).
      if (m.kind == Move::Kind::cube && !m.none && me.cubes == 0)
        return no_cube_left(current_, "; her special ability is due now ('ability ...')");
      if (m.kind == Move::Kind::bonus && last_area_ == Area::cat && none_to_come(Step::Kind::bonus_action) &&
          none_to_come(Step::Kind::bonus_any))
        return bonuses_all_given("; her special ability is due now ('ability ...')");
      return refuse("RW-13", "her special ability is due now ('ability ...')");
    }
    case Step::Kind::icons: {
      if (m.kind != Move::Kind::icon)
        return refuse("RW-24", "the Caterpillar icons her marker counted pay first, in the order she chooses ('icon "
                               "SPACE')");
      for (int i = 0; i < t->count; ++i)
        if (t->spaces[i] == m.space) return std::nullopt;
      std::string left;
      for (int i = 0; i < t->count; ++i) left += (left.empty() ? "" : ", ") + std::to_string(t->spaces[i]);
      return refuse("RW-24", fmt::format("no icon of space {} is still to pay", m.space), {{"spaces still to pay", left}},
                    false);
    }
    default:
      return refuse("RW-6", waiting_for());
  }
}

// --- Applying ------------------------------------------------------------------------------

void State::gain_mushrooms(int seat, int n) {
  players_[seat].mushrooms = std::min(kMostMushrooms, players_[seat].mushrooms + n);
}

void State::met_end(int seat) {
  Player& p = players_[seat];
  if (p.end_met >= 0) return;
  p.end_met = moves_;
  p.end_met_round = round_;
}

int State::soldiers_due() const {
  int n = 0;
  for (auto s = pending_.rbegin(); s != pending_.rend() && s->kind == Step::Kind::soldier; ++s) ++n;
  return n;
}

void State::summon(int seat, Area a, bool trained, int placed_now) {
  Player& p = players_[seat];
  if (p.supply == 0) return;
  --p.supply;
  ++p.soldiers[static_cast<int>(a)];
  if (p.token) {
    // RW-26: the kept token goes under one of the soldiers she summons now. The two readings part
    // only at an unmarked soldier with more to come: the first one takes it, or it waits.
    int under = -1;
    if (trained) {
      under = static_cast<int>(a);
    } else if (placed_now == 1) {
      under = p.run_first >= 0 ? p.run_first : static_cast<int>(a);  // the last: the first of them, if none marked
    } else if (reading<KeptToken>(Dispute::kept_token) == KeptToken::first_soldier) {
      under = static_cast<int>(a);
      p.run_first = under;  // a later 'trained' in this summoning is told where it went
    } else if (p.run_first < 0) {
      p.run_first = static_cast<int>(a);
    }
    if (under >= 0) {
      ++p.trained[under];
      p.token = false;
      p.token_went = under;
    }
    summoning_waits_ = p.token && p.run_first >= 0;
  }
  if (placed_now == 1) p.run_first = -1;  // the summoning is over
  if (p.supply == 0) met_end(seat);
}

void State::close_summoning() {
  Player& p = players_[current_];
  ++p.trained[p.run_first];
  p.token = false;
  p.token_went = p.run_first;
  p.run_first = -1;
  summoning_waits_ = false;
}

void State::move_rabbit(int seat, int spaces) {
  Player& p = players_[seat];
  if (rabbit_cap_ >= 0) spaces = std::min(spaces, rabbit_cap_);  // she stops short (RW-15 'up-to')
  const int from = p.rabbit;
  const Spaces occupied = others_on(true, seat);
  p.rabbit = advance(catalog_->rabbit, from, spaces, occupied);
  int moved = p.rabbit - from;  // the free spaces gone: the occupied ones passed do not count
  for (int o : occupied) moved -= o > from && o <= p.rabbit;
  rabbit_moved_ += moved;
  if (rabbit_cap_ >= 0) rabbit_cap_ -= moved;
  if (p.rabbit == catalog_->rabbit.length) met_end(seat);
}

void State::move_caterpillar(int seat, int spaces, bool of_action, bool of_ability) {
  Player& p = players_[seat];
  Spaces passed, skipped;
  const Path& path = catalog_->caterpillar;
  p.caterpillar = advance(path, p.caterpillar, spaces, others_on(false, seat), &passed, &skipped);
  for (int s : passed)  // in path order: the last star is the furthest
    if (path.stars[s]) p.caterpillar_reached_vp = path.stars[s];
  if (p.caterpillar == path.length) met_end(seat);
  // Each icon landed on or passed pays, in path order (RW-22, RW-24); a skipped one only under
  // RW-23's other reading.
  Spaces paying = passed;
  bool skipped_icon = false;
  for (int s : skipped) skipped_icon = skipped_icon || (s < static_cast<int>(path.icons.size()) && path.icons[s]);
  if (skipped_icon && reading<SkippedIcon>(Dispute::skipped_icon) == SkippedIcon::skipped_pays) {
    paying.insert(paying.end(), skipped.begin(), skipped.end());
    std::sort(paying.begin(), paying.end());
  }
  boost::container::small_vector<Bonus, 8> icons;
  Spaces icon_spaces;
  for (int s : paying)
    if (s < static_cast<int>(path.icons.size()) && path.icons[s]) {
      const std::uint64_t bit = s < 64 ? std::uint64_t{1} << s : 0;
      icons_set_off_ |= bit;
      if (declined_cap_ & bit) continue;  // declined (RW-25's 'may-decline')
      icons.push_back(*path.icons[s]);
      icon_spaces.push_back(s);
    }
  // RW-13: the special ability written before its take's Caterpillar action has begun comes
  // before the action, its move before the action's. The two moves add up to one along the path
  // (the marker ends where it ends either way), and its icons are those beyond the action's end:
  // they pay after the action's, which still wait, in path order; under RW-24's
  // 'any-order-after-move' they join the action's icons to pay in the order she chooses.
  // (Looked for only then: every other Caterpillar move passes here too.)
  const auto action_waits = of_ability && caterpillar_action_ && !icons.empty() && !action_started_
                                ? std::find_if(pending_.begin(), pending_.end(), [](const Step& t) { return t.of_action; })
                                : pending_.end();
  if (action_waits != pending_.end()) {
    if (action_waits->kind == Step::Kind::icons && std::next(action_waits) == pending_.end()) {
      for (int s : icon_spaces)
        if (action_waits->count < static_cast<int>(action_waits->spaces.size()))
          action_waits->spaces[action_waits->count++] = static_cast<std::uint8_t>(s);
      return;
    }
    const std::size_t at = static_cast<std::size_t>(action_waits - pending_.begin());
    const std::size_t before = pending_.size();
    push_icons({icons.data(), icons.size()}, {icon_spaces.data(), icon_spaces.size()}, false);
    std::rotate(pending_.begin() + static_cast<std::ptrdiff_t>(at),
                pending_.begin() + static_cast<std::ptrdiff_t>(before), pending_.end());
    return;
  }
  // RW-24: the readings differ only when two icons or more pay.
  if (icons.size() >= 2 && reading<IconOrder>(Dispute::icon_order) == IconOrder::any_order_after_move) {
    Step t;
    t.kind = Step::Kind::icons;
    t.of_action = of_action;
    t.count = static_cast<int>(std::min<std::size_t>(icon_spaces.size(), t.spaces.size()));
    for (int i = 0; i < t.count; ++i) t.spaces[i] = static_cast<std::uint8_t>(icon_spaces[i]);
    push(t);
    return;
  }
  push_icons({icons.data(), icons.size()}, {icon_spaces.data(), icon_spaces.size()}, of_action);
}

void State::push_icons(std::span<const Bonus> icons, std::span<const int> spaces, bool of_action) {
  for (std::size_t i = icons.size(); i-- > 0;) {
    Step s;
    s.kind = Step::Kind::effect;
    s.of_action = of_action;
    s.from = Step::From::icon;
    s.from_index = spaces[i] < Step::kNone ? static_cast<std::uint8_t>(spaces[i]) : Step::kNone;
    s.bonus = icons[i];
    push(s);
  }
}

void State::push_effect(std::span<const Bonus> e, bool of_action, bool of_ability, Step::From from,
                        int from_index) {
  for (auto it = e.rbegin(); it != e.rend(); ++it) {
    Step s;
    s.kind = Step::Kind::effect;
    s.of_action = of_action;
    s.of_ability = of_ability;
    s.from = from;
    s.from_index = from_index >= 0 && from_index < Step::kNone ? static_cast<std::uint8_t>(from_index) : Step::kNone;
    s.bonus = *it;
    push(s);
  }
}

void State::bonus(const Step& effect) {
  const Bonus& b = effect.bonus;
  const bool of_action = effect.of_action, of_ability = effect.of_ability;
  const int seat = current_;
  Step s;
  s.of_action = of_action;
  switch (b.kind) {
    case Bonus::Kind::draw_hatter:
      s.kind = Step::Kind::draw;
      s.deck = Deck::hatter;
      s.count = b.count;
      push(s);
      return;
    case Bonus::Kind::objective:
      if (!objective_deck_) return;
      s.kind = Step::Kind::draw;
      s.deck = Deck::objective;
      s.count = b.count;
      push(s);
      return;
    case Bonus::Kind::cube:
      s.kind = Step::Kind::cube_any;
      s.from = effect.from;
      s.from_index = effect.from_index;
      push(s);
      return;
    case Bonus::Kind::rabbit:
      move_rabbit(seat, b.count);
      return;
    case Bonus::Kind::caterpillar:
      move_caterpillar(seat, b.count, of_action, of_ability);
      return;
    case Bonus::Kind::cheshire:
      s.kind = Step::Kind::bonus_any;
      push(s);
      return;
    case Bonus::Kind::summon:
      for (int i = 0; i < b.count; ++i) {
        s.kind = Step::Kind::soldier;
        push(s);
      }
      return;
    case Bonus::Kind::move_soldier:
      s.kind = Step::Kind::move_soldier;
      push(s);
      return;
    case Bonus::Kind::train:
      s.kind = Step::Kind::train;
      push(s);
      return;
    case Bonus::Kind::mushroom:
      gain_mushrooms(seat, b.count);
      return;
  }
}

void State::resolve_auto() {
  while (!pending_.empty()) {
    Step t = pending_.back();
    if (t.kind == Step::Kind::effect) {
      pending_.pop_back();
      bonus(t);
      continue;
    }
    if (t.kind == Step::Kind::draw) {
      // RW-36: a Mad Hatter deck too short for the draw takes its discards under it (the draw then
      // goes on into them) under 'reshuffle-discards'.
      if (deck_left(t.deck) < t.count && t.deck == Deck::hatter &&
          std::accumulate(hatter_discard_.begin(), hatter_discard_.end(), 0) > 0 &&
          reading<EmptyDeck>(Dispute::empty_deck) == EmptyDeck::reshuffle_discards) {
        std::vector<int> under;
        for (std::size_t i = 0; i < hatter_discard_.size(); ++i) {
          left_[0][i] += hatter_discard_[i];
          for (int k = 0; k < hatter_discard_[i]; ++k) under.push_back(static_cast<int>(i));
        }
        std::fill(hatter_discard_.begin(), hatter_discard_.end(), 0);
        if (rng_) {
          shuffle(under, *rng_);
          order_[0].insert(order_[0].begin(), under.begin(), under.end());  // the top is the end
        }
      }
      if (deck_left(t.deck) == 0) {
        pending_.pop_back();  // RW-36: an empty deck gives nothing
        continue;
      }
      if (!open_ && t.deck != Deck::challenge) {  // a table log: the cards are drawn face down, unnamed
        pending_.pop_back();
        const int n = std::min(t.count, deck_left(t.deck));
        hidden_out_[static_cast<int>(t.deck)] += n;
        if (t.deck == Deck::objective) {
          players_[current_].hidden_objectives += n;
          continue;
        }
        players_[current_].hidden += n;
        Step limit;
        limit.kind = Step::Kind::hand_limit;
        push(limit);
        Step settle;
        settle.kind = Step::Kind::table_settle;
        settle.count = n;
        push(settle);
        continue;
      }
      return;
    }
    if (t.kind == Step::Kind::reroll) return;
    if (t.kind == Step::Kind::icons && t.count == 1) {  // the last icon: no choice left
      pending_.pop_back();
      Step e;
      e.kind = Step::Kind::effect;
      e.of_action = t.of_action;
      e.bonus = *catalog_->caterpillar.icons[t.spaces[0]];
      e.from = Step::From::icon;
      e.from_index = t.spaces[0];
      push(e);
      continue;
    }
    if (needs_decision(t)) return;
    pending_.pop_back();
    Player& me = players_[current_];
    const bool train_kind =
        t.kind == Step::Kind::train ||
        (t.kind == Step::Kind::ability && catalog_->characters[me.character].ability.kind == Bonus::Kind::train);
    bool plain = false;
    for (int a = 0; a < kAreas; ++a) plain = plain || me.soldiers[a] > me.trained[a];
    if (train_kind && !me.token && upgrade_tokens_ > 0 && !plain) {
      me.token = true;  // RW-26: kept until her next soldier
      me.token_went = -1;
      --upgrade_tokens_;
    }
    if (t.kind == Step::Kind::ability) ability_due_ = false;
  }
}

void State::after_step() {
  resolve_auto();
  if (pending_.empty() && took_ && ability_due_) {
    Step s;
    s.kind = Step::Kind::ability;
    push(s);
    resolve_auto();
  }
  if (phase_ == Phase::turns && pending_.empty() && took_ && !ability_due_ && !window_open()) close_turn();
}

std::string State::threshold_words() const {
  return readings_.chosen(static_cast<int>(Dispute::ability_at)) == static_cast<int>(AbilityAt::all_six) ? "all 6"
                                                                                                        : "4 or more";
}

int State::extra_spaces(int seat, Area action) const {
  int by = 0;
  modifier(seat, action == Area::rabbit ? Modifier::Kind::rabbit_extra : Modifier::Kind::caterpillar_extra, &by);
  return by;
}

void State::start_turn(int seat) {
  current_ = seat;
  took_ = false;
  ability_triggered_ = false;
  action_started_ = false;
  ability_due_ = false;
  caterpillar_action_ = false;
}

int State::next_seat() const {
  const int n = players();
  for (int i = 1; i <= n; ++i) {
    const int s = (current_ + i) % n;
    if (count(players_[s].dice) < kDiceSpaces) return s;
  }
  return -1;
}

void State::close_turn() {
  last_seat_ = current_;
  last_triggered_ = ability_triggered_;
  if (const int s = next_seat(); s >= 0)
    start_turn(s);
  else
    end_round();
}

void State::end_round() {
  last_seat_ = -1;  // a new round: no turn of it has closed
  // Step 5: the Jabberwock attacks (RW-29).
  const Area a = *jabberwock_;
  std::array<int, kMaxPlayers> value = strength(a);
  bool upgraded = false;
  for (int s = 0; s < players(); ++s) upgraded = upgraded || players_[s].trained[static_cast<int>(a)] > 0;
  if (upgraded && reading<JabberwockBy>(Dispute::jabberwock) == JabberwockBy::soldier_count)
    for (int s = 0; s < players(); ++s) value[s] = players_[s].soldiers[static_cast<int>(a)];
  const std::uint32_t asked = readings_.consulted();
  auto pl = places(value);
  // RW-38's readings part where players tie for a token: asked only there.
  std::array<int, kMaxPlayers> ranked;  // a place for each player ahead of her
  ranked.fill(-1);
  for (int s = 0; s < players(); ++s) {
    if (value[s] <= 0) continue;
    int ahead = 0;
    for (int o = 0; o < players(); ++o) ahead += value[o] > value[s];
    ranked[s] = ahead < 3 ? ahead : -1;
  }
  if (ranked != pl && reading<JabberwockTie>(Dispute::jabberwock_tie) == JabberwockTie::tied_take_their_place) {
    pl = ranked;
    // RW-28's tie rule, which places() may have asked, decided nothing here.
    readings_.consulted_only(asked | 1u << static_cast<int>(Dispute::jabberwock_tie));
  }
  for (int s = 0; s < players(); ++s)
    if (pl[s] >= 0) ++players_[s].jabberwock[pl[s]];
  // Step 6: the end check (RW-30).
  bool end = jabberwock_left() == 0;
  for (const Player& p : players_)
    end = end || p.rabbit == catalog_->rabbit.length || p.caterpillar == catalog_->caterpillar.length || p.supply == 0;
  if (end) {
    current_ = -1;
    finish();
    return;
  }
  ++round_;
  first_ = (first_ + 1) % players();
  phase_ = Phase::jabberwock;
  current_ = -1;
  took_ = false;
}

void State::finish() {
  bool hidden = false;
  for (const Player& p : players_) hidden = hidden || p.hidden || p.hidden_objectives;
  if (hidden) {
    phase_ = Phase::reveal;
    return;
  }
  phase_ = Phase::over;
  compute_result();
}

void State::gain_hatter(int seat, int card) {
  Player& p = players_[seat];
  p.hatter_gained_vp += catalog_->hatter[card].vp;
  if (!catalog_->hatter[card].persistent) {
    p.hand.push_back(card);
    return;
  }
  Step s;
  s.kind = Step::Kind::settle;
  s.card = card;
  push(s);
}

void State::complete_check(int seat, int slot) {
  Player& p = players_[seat];
  auto& ch = p.challenges[slot];
  if (std::popcount(static_cast<unsigned>(ch.covered)) < 4) return;
  p.cubes += 4;  // RW-20: the cubes go back, the card to her scoring pile
  p.completed.push_back(ch.card);
  ch = Player::Challenge{};
}

int State::draw_card(Deck d) {
  auto& o = order_[static_cast<int>(d)];
  const int card = o.back();
  o.pop_back();
  return card;
}

void State::apply(const Move& m) {
  // Any entry but her next soldier ends a summoning whose kept token waits (RW-26).
  if (summoning_open() && (m.kind != Move::Kind::soldier || m.seat != current_)) close_summoning();
  rabbit_cap_ = m.rabbit;
  rabbit_moved_ = 0;
  declined_cap_ = m.declined;
  icons_set_off_ = 0;
  apply_move(m);
  rabbit_cap_ = -1;
  declined_cap_ = 0;
}

std::uint64_t State::icons_set_off(const Move& m) const {
  State next = *this;
  next.apply(m);
  readings_.also_consulted(next.readings_.consulted());  // RW-23's, say: whether a skipped icon pays
  return next.icons_set_off_;
}

std::string spaces_of(std::uint64_t mask) {
  std::string out;
  for (; mask; mask &= mask - 1) out += fmt::format("{}{}", out.empty() ? "" : " ", std::countr_zero(mask));
  return out;
}

std::optional<Violation> State::check_declined(const Move& m) const {
  // Consulted only when an entry says `declines`: a log without it reads the same under both.
  if (reading<IconBonus>(Dispute::icon_bonus) == IconBonus::all_received)
    return refuse("RW-25",
                  fmt::format("a Caterpillar icon pays its bonus, which is received, not declined: remove ', declines "
                              "{}'",
                              spaces_of(m.declined)));
  Move whole = m;
  whole.declined = 0;
  if (auto v = validate(whole)) return v;
  const std::uint64_t set_off = icons_set_off(whole);
  if (const std::uint64_t stray = m.declined & ~set_off) {
    const bool one = std::popcount(stray) == 1, one_set_off = std::popcount(set_off) == 1;
    return refuse("RW-25",
                  fmt::format("', declines {}': this entry sets off no icon on space{} {}; {}", spaces_of(m.declined),
                              one ? "" : "s", spaces_of(stray),
                              set_off == 0 ? std::string("it sets off no Caterpillar icon")
                                           : fmt::format("it sets off the icon{} on space{} {}", one_set_off ? "" : "s",
                                                         one_set_off ? "" : "s", spaces_of(set_off))),
                  {}, false);
  }
  return std::nullopt;
}

int State::rabbit_gone(const Move& m) const {
  State next = *this;
  next.apply(m);
  readings_.also_consulted(next.readings_.consulted());  // what the move asked decides it here too
  return next.rabbit_moved_;
}

std::optional<Violation> State::check_rabbit_short(const Move& m) const {
  // Consulted only when an entry says `rabbit N`: a log without it reads the same under both.
  if (reading<RabbitMove>(Dispute::rabbit_move) == RabbitMove::full_move)
    return refuse("RW-15",
                  fmt::format("'rabbit {}' stops a White Rabbit move short, but a White Rabbit move goes its whole "
                              "distance: remove ', rabbit {}'",
                              m.rabbit, m.rabbit));
  Move whole = m;
  whole.rabbit = -1;
  if (auto v = validate(whole)) return v;
  const int spaces = rabbit_gone(whole);
  if (spaces == 0)
    return refuse("RW-15",
                  fmt::format("', rabbit {}' says how far a White Rabbit move stopped short, but this entry moves no "
                              "White Rabbit token",
                              m.rabbit),
                  {}, false);
  if (m.rabbit >= spaces)
    return refuse("RW-15",
                  fmt::format("', rabbit {}' is not short of the move: it goes {} free space{} in full, written without "
                              "', rabbit N'; stopping short is 'rabbit 0' to 'rabbit {}'",
                              m.rabbit, spaces, spaces == 1 ? "" : "s", spaces - 1),
                  {{"her White Rabbit move", fmt::format("{} free space{}", spaces, spaces == 1 ? "" : "s")}}, false);
  return std::nullopt;
}

void State::apply_move(const Move& m) {
  if (ends_window(m)) close_turn();  // her turn ends by itself (a chance event too: the round's end)
  Player* me = m.seat >= 0 ? &players_[m.seat] : nullptr;
  const Catalog& c = *catalog_;
  switch (m.kind) {
    case Move::Kind::jabberwock:
      jabberwock_ = m.area;
      --jabberwock_left_[static_cast<int>(m.area)];
      if (rng_ && !jabberwock_order_.empty()) jabberwock_order_.pop_back();
      phase_ = Phase::rolling;
      std::fill(rolled_.begin(), rolled_.end(), false);
      if (round_ > 1) {
        bool differs = false;
        for (const Player& p : players_)
          differs = differs || std::any_of(p.dice.begin(), p.dice.end(), [](int n) { return n != 1; });
        if (differs && reading<DiceRolled>(Dispute::dice) == DiceRolled::one_of_each_colour)
          for (Player& p : players_) p.dice.fill(1);
      }
      if (rng_) {  // a seeded game rolls everyone's dice now, in seat order: the log may write them in any
        seeded_rolls_.assign(players_.size(), Move{});
        for (int seat = 0; seat < players(); ++seat) {
          Move& r = seeded_rolls_[seat];
          r.kind = Move::Kind::roll;
          r.who = static_cast<std::int8_t>(seat);
          r.dice = players_[seat].dice;
          for (int col = 0; col < kColours; ++col) {
            const int first = r.count;
            for (int k = 0; k < r.dice[col]; ++k) r.faces[r.count++] = catalog_->dice[col].faces[rng_->below(6)];
            std::sort(r.faces.begin() + first, r.faces.begin() + r.count);
          }
        }
      }
      return;
    case Move::Kind::roll: {
      Player& p = players_[m.who];
      int i = 0;
      for (int col = 0; col < kColours; ++col)
        for (int k = 0; k < p.dice[col]; ++k) ++board_[static_cast<int>(m.faces[i++])][col];
      p.dice.fill(0);
      rolled_[m.who] = true;
      if (std::all_of(rolled_.begin(), rolled_.end(), [](bool b) { return b; })) {
        phase_ = Phase::turns;
        start_turn(first_);
      }
      return;
    }
    case Move::Kind::reroll: {
      const Step t = pending_.back();
      pending_.pop_back();
      if (rng_)
        for (int k = 0; k < m.count; ++k) rng_->below(6);
      int i = 0;
      for (int col = 0; col < kColours; ++col)
        for (int k = 0; k < t.dice[col]; ++k) ++board_[static_cast<int>(m.faces[i++])][col];
      after_step();
      return;
    }
    case Move::Kind::reveal: {
      Player& p = players_[m.who];
      for (int i = 0; i < m.shown_count; ++i) {
        const int card = m.shown[i];
        if (m.objectives) {
          p.objectives.push_back(card);
          --left_[2][card];
          --hidden_out_[2];
          --p.hidden_objectives;
        } else {
          p.hand.push_back(card);
          reveal_hidden(m.who, card);
        }
      }
      finish();
      return;
    }
    case Move::Kind::draw: {
      const Step t = pending_.back();
      pending_.pop_back();
      // A draw the action pays (a Caterpillar icon's card, the Mad Hatter action's) starts it:
      // the special ability then comes only after it (RW-13), even when the card asks nothing.
      action_started_ = action_started_ || t.of_action;
      auto& left = left_[static_cast<int>(t.deck)];
      if (t.deck == Deck::hatter) {
        Step limit;
        limit.kind = Step::Kind::hand_limit;
        push(limit);
      }
      // Settle steps in draw order: push the last drawn first.
      for (int i = m.count - 1; i >= 0; --i) {
        const int card = m.cards[i];
        --left[card];
        if (rng_) {
          auto& o = order_[static_cast<int>(t.deck)];
          auto it = std::find(o.rbegin(), o.rend(), card);
          if (it != o.rend()) o.erase(std::next(it).base());
        }
        if (t.deck == Deck::hatter)
          gain_hatter(current_, card);
        else
          players_[current_].objectives.push_back(card);
      }
      after_step();
      return;
    }
    default:
      break;
  }
  ++moves_;
  switch (m.kind) {
    case Move::Kind::mushroom_set:
      --me->mushrooms;
      --board_[static_cast<int>(m.area)][static_cast<int>(m.colour)];
      ++board_[static_cast<int>(m.to)][static_cast<int>(m.colour)];
      break;
    case Move::Kind::mushroom_reroll: {
      --me->mushrooms;
      Step s;
      s.kind = Step::Kind::reroll;
      s.area = m.area;
      s.dice = m.dice;
      for (int col = 0; col < kColours; ++col) board_[static_cast<int>(m.area)][col] -= m.dice[col];
      push(s);
      break;
    }
    case Move::Kind::play: {
      if (auto it = std::find(me->hand.begin(), me->hand.end(), m.card); it != me->hand.end())
        me->hand.erase(it);
      else
        reveal_hidden(m.seat, m.card);
      ++hatter_discard_[m.card];
      push_effect(c.hatter[m.card].effect, false, false, Step::From::hatter, m.card);
      break;
    }
    case Move::Kind::place:
    case Move::Kind::keep:
    case Move::Kind::discard: {
      if (!pending_.empty() && pending_.back().kind == Step::Kind::table_settle) {
        // A table log: a card just drawn face down, placed or discarded; or 'keep' for the rest.
        Step& t = pending_.back();
        if (m.kind == Move::Kind::keep || --t.count == 0) pending_.pop_back();
        if (m.kind == Move::Kind::keep) break;
        reveal_hidden(m.seat, m.card);
        if (m.kind == Move::Kind::discard) {
          ++hatter_discard_[m.card];
          break;
        }
        int& slot = me->persistent[m.slot];
        if (slot >= 0) ++hatter_discard_[slot];
        slot = m.card;
        break;
      }
      const bool settling = !pending_.empty() && pending_.back().kind == Step::Kind::settle && pending_.back().card == m.card;
      const bool limit = !settling && !pending_.empty() && pending_.back().kind == Step::Kind::hand_limit;
      if (settling) pending_.pop_back();
      auto from_hand = [&] {
        if (auto it = std::find(me->hand.begin(), me->hand.end(), m.card); it != me->hand.end())
          me->hand.erase(it);
        else
          reveal_hidden(m.seat, m.card);
      };
      if (m.kind == Move::Kind::place) {
        if (!settling) from_hand();
        int& slot = me->persistent[m.slot];
        if (slot >= 0) ++hatter_discard_[slot];
        slot = m.card;
      } else if (m.kind == Move::Kind::keep) {
        me->hand.push_back(m.card);
      } else {
        if (limit) from_hand();
        ++hatter_discard_[m.card];
      }
      break;
    }
    case Move::Kind::take: {
      Dice taken = m.named ? m.dice : board_[static_cast<int>(m.area)];
      for (int col = 0; col < kColours; ++col) {
        board_[static_cast<int>(m.area)][col] -= taken[col];
        me->dice[col] += taken[col];
      }
      took_ = true;
      last_take_ = taken;
      last_area_ = m.area;
      // RW-11: a mushroom for each black die, or one for the take under 'per-take'. The
      // readings differ only when she takes two or more and has room for more than one.
      int black = taken[static_cast<int>(Colour::black)];
      if (black >= 2 && me->mushrooms + 1 < kMostMushrooms &&
          reading<BlackMushrooms>(Dispute::black_mushrooms) == BlackMushrooms::per_take)
        black = 1;
      gain_mushrooms(m.seat, black);
      const int n = count(taken);
      bool ability = n >= 6;
      if (n >= 4 && n < 6) ability = reading<AbilityAt>(Dispute::ability_at) == AbilityAt::four_or_more;
      const Bonus& power = c.characters[me->character].ability;
      Step s;
      s.of_action = true;
      switch (m.area) {
        case Area::hatter:
          s.kind = Step::Kind::draw;
          s.deck = Deck::hatter;
          s.count = by_dice(n);
          push(s);
          break;
        case Area::rabbit: {
          int spaces = 0;
          for (int col = 0; col < kColours; ++col) spaces += taken[col] * rabbit_spaces(static_cast<Colour>(col));
          modifier(m.seat, Modifier::Kind::rabbit_extra, &spaces);
          move_rabbit(m.seat, spaces);
          break;
        }
        case Area::cat:
          s.kind = Step::Kind::bonus_action;
          s.count = by_dice(n);
          for (int col = 0; col < kColours; ++col) s.allow[cheshire_slot(static_cast<Colour>(col))] += taken[col];
          push(s);
          break;
        case Area::alice:
          s.kind = Step::Kind::cube_dice;
          s.dice = taken;
          push(s);
          s.kind = Step::Kind::challenge;
          push(s);
          break;
        case Area::queen:
          s.kind = Step::Kind::soldier;
          for (int i = 0; i < by_dice(n); ++i) push(s);
          break;
        case Area::caterpillar: {
          caterpillar_action_ = true;
          int spaces = 0;
          for (int col = 0; col < kColours; ++col) spaces += taken[col] * caterpillar_spaces(static_cast<Colour>(col));
          modifier(m.seat, Modifier::Kind::caterpillar_extra, &spaces);
          move_caterpillar(m.seat, spaces, /*of_action=*/true);
          break;
        }
      }
      ability_triggered_ = ability;
      if (ability) {
        if (power.kind == Bonus::Kind::rabbit) {
          move_rabbit(m.seat, power.count);  // resolved on the take: its place changes nothing (RW-13)
        } else {
          ability_due_ = true;
          if (!pending_.empty() && pending_.back().of_action &&
              reading<AbilityWhen>(Dispute::ability_when) == AbilityWhen::on_collection) {
            Step a;
            a.kind = Step::Kind::ability;
            push(a);
          }
        }
      }
      break;
    }
    case Move::Kind::challenge: {
      const bool of_action = pending_.back().of_action;
      pending_.pop_back();
      action_started_ = action_started_ || of_action;
      if (m.none) break;
      auto& ch = me->challenges[m.slot];
      if (ch.card >= 0) {  // RW-19: to the bottom of the deck, its cubes back
        me->cubes += std::popcount(static_cast<unsigned>(ch.covered));
        ++left_[1][ch.card];
        if (rng_)
          order_[1].insert(order_[1].begin(), ch.card);
        else
          challenge_bottom_.push_back(ch.card);
      }
      // Unseeded, a card known to be at the bottom is taken only once it is the top (RW-19).
      if (!rng_ && !challenge_bottom_.empty() &&
          deck_left(Deck::challenge) == static_cast<int>(challenge_bottom_.size()))
        challenge_bottom_.erase(challenge_bottom_.begin());
      --left_[1][m.card];
      if (rng_) order_[1].pop_back();
      ch = Player::Challenge{m.card, 0};
      break;
    }
    case Move::Kind::cube: {
      Step& t = pending_.back();
      action_started_ = action_started_ || t.of_action;
      if (m.none) {
        pending_.pop_back();
        break;
      }
      auto& ch = me->challenges[m.slot];
      const auto& icons = c.challenges[ch.card].icons;
      for (int i = 0; i < 4; ++i)
        if (icons[i] == m.colour && !(ch.covered >> i & 1)) {
          ch.covered |= static_cast<std::uint8_t>(1u << i);
          break;
        }
      --me->cubes;
      if (t.kind == Step::Kind::cube_dice) {
        --t.dice[static_cast<int>(m.colour)];
        if (count(t.dice) == 0) pending_.pop_back();
      } else {
        pending_.pop_back();
      }
      complete_check(m.seat, m.slot);
      break;
    }
    case Move::Kind::soldier: {
      action_started_ = action_started_ || pending_.back().of_action;
      const int placed_now = std::min(soldiers_due(), me->supply);  // before this step is done
      pending_.pop_back();
      summon(m.seat, m.area, m.trained, placed_now);
      break;
    }
    case Move::Kind::move_soldier: {
      // Any decision of the action starts it, 'move none' too: the ability waits (RW-13).
      action_started_ = action_started_ || pending_.back().of_action;
      pending_.pop_back();
      if (m.none) break;
      const int from = static_cast<int>(m.area), to = static_cast<int>(m.to);
      --me->soldiers[from];
      ++me->soldiers[to];
      if (m.trained) {
        --me->trained[from];
        ++me->trained[to];
      }
      break;
    }
    case Move::Kind::train:
      action_started_ = action_started_ || pending_.back().of_action;
      pending_.pop_back();
      ++me->trained[static_cast<int>(m.area)];
      --upgrade_tokens_;
      break;
    case Move::Kind::bonus: {
      Step& t = pending_.back();
      action_started_ = action_started_ || t.of_action;
      if (m.none) {  // RW-18 'may-decline': the rest of the action's bonuses declined
        pending_.pop_back();
        break;
      }
      if (t.kind == Step::Kind::bonus_action) {
        --t.allow[m.slot];
        if (--t.count == 0) pending_.pop_back();
      } else {
        pending_.pop_back();
      }
      push_effect(c.cheshire[cheshire_[m.slot]].bonus, false, false, Step::From::cheshire, cheshire_[m.slot]);
      break;
    }
    case Move::Kind::icon: {
      Step& t = pending_.back();
      action_started_ = action_started_ || t.of_action;
      const bool of_action = t.of_action;
      for (int i = 0; i < t.count; ++i)
        if (t.spaces[i] == m.space) {
          t.spaces[i] = t.spaces[--t.count];
          break;
        }
      std::sort(t.spaces.begin(), t.spaces.begin() + t.count);
      Step e;
      e.kind = Step::Kind::effect;
      e.of_action = of_action;
      e.bonus = *c.caterpillar.icons[m.space];
      e.from = Step::From::icon;
      e.from_index = m.space >= 0 && m.space < Step::kNone ? static_cast<std::uint8_t>(m.space) : Step::kNone;
      push(e);
      break;
    }
    case Move::Kind::ability: {
      if (!pending_.empty() && pending_.back().kind == Step::Kind::ability) pending_.pop_back();
      ability_due_ = false;
      if (m.none) break;
      if (m.as == Move::Kind::train) {
        ++me->trained[static_cast<int>(m.area)];
        --upgrade_tokens_;
      } else if (m.as == Move::Kind::bonus) {
        push_effect(c.cheshire[cheshire_[m.slot]].bonus, false, /*of_ability=*/true, Step::From::cheshire,
                    cheshire_[m.slot]);
      } else {
        auto& ch = me->challenges[m.slot];
        const auto& icons = c.challenges[ch.card].icons;
        for (int i = 0; i < 4; ++i)
          if (icons[i] == m.colour && !(ch.covered >> i & 1)) {
            ch.covered |= static_cast<std::uint8_t>(1u << i);
            break;
          }
        --me->cubes;
        complete_check(m.seat, m.slot);
      }
      break;
    }
    default:
      break;
  }
  after_step();
}

// --- Legal moves ---------------------------------------------------------------------------

// The reveal of the first player with something hidden: her hand first, then her objectives. With
// `greedy`, the cards are the first the catalog can still give (a generated table log's reveal).
static void reveal_choices(const State& s, std::vector<Move>& out, bool greedy);

std::optional<Move> State::seeded_chance() const {
  // The reveals: what the seed dealt, unseen. Without a seed the hidden cards are the log's to
  // name (found in review: an unseeded log's note said the seed had decided them).
  if (phase_ == Phase::reveal && rng_) {
    std::vector<Move> one;
    reveal_choices(*this, one, true);
    if (one.empty()) return std::nullopt;
    return one.front();
  }
  if (!rng_ || !to_move().is_chance()) return std::nullopt;
  Move m;
  if (phase_ == Phase::jabberwock) {
    if (jabberwock_order_.empty()) return std::nullopt;
    m.kind = Move::Kind::jabberwock;
    m.area = jabberwock_order_.back();
    return m;
  }
  if (phase_ == Phase::rolling) {
    for (int s = 0; s < players(); ++s)
      if (!rolled_[s]) return seeded_rolls_[s];
    return std::nullopt;
  }
  const Step& t = pending_.back();
  if (t.kind == Step::Kind::draw) {
    m.kind = Move::Kind::draw;
    const auto& o = order_[static_cast<int>(t.deck)];
    const int n = std::min<int>(t.count, static_cast<int>(o.size()));
    for (int i = 0; i < n; ++i) m.cards[i] = static_cast<std::int16_t>(o[o.size() - 1 - i]);
    m.count = static_cast<std::uint8_t>(n);
    return m;
  }
  Rng rng = *rng_;  // what the next draws would be; apply() advances the real one
  m.kind = Move::Kind::reroll;
  m.dice = t.dice;
  int i = 0;
  for (int col = 0; col < kColours; ++col) {
    for (int k = 0; k < t.dice[col]; ++k) m.faces[m.count++] = catalog_->dice[col].faces[rng.below(6)];
    std::sort(m.faces.begin() + i, m.faces.begin() + m.count);
    i = m.count;
  }
  return m;
}

static void reveal_choices(const State& s, std::vector<Move>& out, bool greedy) {
  const Catalog& c = s.catalog();
  constexpr std::size_t base_capacity = std::tuple_size<decltype(Move::shown)>::value;
  for (int seat = 0; seat < s.players(); ++seat) {
    const Player& p = s.player(seat);
    for (int objectives = 0; objectives < 2; ++objectives) {
      const int n = objectives ? p.hidden_objectives : p.hidden;
      if (n == 0 || n > static_cast<int>(base_capacity)) continue;
      const std::size_t kinds = objectives ? c.objectives.size() : c.hatter.size();
      // Every multiset of n cards (kinds in catalog order), kept when validate() accepts it.
      Move base;
      base.kind = Move::Kind::reveal;
      base.who = static_cast<std::int8_t>(seat);
      base.objectives = objectives;
      std::vector<Move> all{base};
      for (int i = 0; i < n; ++i) {
        std::vector<Move> next;
        for (const Move& partial : all) {
          const int from = partial.shown_count ? partial.shown[partial.shown_count - 1] : 0;
          for (std::size_t k = static_cast<std::size_t>(from); k < kinds; ++k) {
            Move x = partial;
            x.shown[x.shown_count++] = static_cast<std::int16_t>(k);
            next.push_back(x);
          }
        }
        all.swap(next);
      }
      for (const Move& m : all)
        if (!s.validate(m)) {
          out.push_back(m);
          if (greedy) return;
        }
    }
  }
}

std::vector<Move> State::chance_moves() const {
  std::vector<Move> out;
  if (phase_ == Phase::reveal) {
    reveal_choices(*this, out, false);
    return out;
  }
  if (auto s = seeded_chance()) {
    out.push_back(*s);
    return out;
  }
  Move m;
  if (phase_ == Phase::jabberwock) {
    m.kind = Move::Kind::jabberwock;
    for (int a = 0; a < kAreas; ++a)
      if (jabberwock_left_[a]) {
        m.area = static_cast<Area>(a);
        out.push_back(m);
      }
    return out;
  }
  // Each die's face: for each colour, the faces of its dice as a sorted list (alike dice).
  auto faces = [&](const Dice& d, Move base) {
    base.dice = d;
    std::vector<Move> all{base};
    for (int col = 0; col < kColours; ++col)
      for (int k = 0; k < d[col]; ++k) {
        std::vector<Move> next;
        for (const Move& partial : all)
          for (int f = 0; f < 6; ++f) {
            const Area face = catalog_->dice[col].faces[f];
            if (k > 0 && face < partial.faces[partial.count - 1]) continue;
            bool seen = false;  // a face printed twice is one outcome
            for (int g = 0; g < f; ++g) seen = seen || catalog_->dice[col].faces[g] == face;
            if (seen) continue;
            Move n = partial;
            n.faces[n.count++] = face;
            next.push_back(n);
          }
        all.swap(next);
      }
    return all;
  };
  if (phase_ == Phase::rolling) {
    for (int s = 0; s < players(); ++s) {
      if (rolled_[s]) continue;
      m.kind = Move::Kind::roll;
      m.who = static_cast<std::int8_t>(s);
      auto more = faces(players_[s].dice, m);
      out.insert(out.end(), more.begin(), more.end());
    }
    return out;
  }
  const Step& t = pending_.back();
  if (t.kind == Step::Kind::reroll) {
    m.kind = Move::Kind::reroll;
    return faces(t.dice, m);
  }
  m.kind = Move::Kind::draw;
  const int due = std::min(t.count, deck_left(t.deck));
  std::vector<Move> all{m};
  for (int i = 0; i < due; ++i) {
    std::vector<Move> next;
    for (const Move& partial : all) {
      PerCard left = left_[static_cast<int>(t.deck)];
      for (int k = 0; k < partial.count; ++k) --left[partial.cards[k]];
      for (std::size_t card = 0; card < left.size(); ++card)
        if (left[card] > 0) {
          Move n = partial;
          n.cards[n.count++] = static_cast<std::int16_t>(card);
          next.push_back(n);
        }
    }
    all.swap(next);
  }
  return all;
}

void State::free_moves(std::vector<Move>& out) const {
  Move m;
  m.seat = static_cast<std::int8_t>(current_);
  if (may_use_mushroom()) {
    const bool black_ok = modifier(current_, Modifier::Kind::black_dice);
    for (int a = 0; a < kAreas; ++a) {
      const Dice& here = board_[a];
      m.area = static_cast<Area>(a);
      m.kind = Move::Kind::mushroom_set;
      for (int col = 0; col < kColours; ++col) {
        if (!here[col] || (col == static_cast<int>(Colour::black) && !black_ok)) continue;
        m.colour = static_cast<Colour>(col);
        for (int f = 0; f < 6; ++f) {
          const Area face = catalog_->dice[col].faces[f];
          bool seen = false;
          for (int g = 0; g < f; ++g) seen = seen || catalog_->dice[col].faces[g] == face;
          if (seen) continue;
          m.to = face;
          out.push_back(m);
        }
      }
      Dice movable = here;
      if (!black_ok) movable[static_cast<int>(Colour::black)] = 0;
      Move r = m;
      r.kind = Move::Kind::mushroom_reroll;
      {
        {
          // Every sub-multiset of 2 or more dice (RW-9), or the whole area under 'whole-area'.
          std::vector<Dice> subsets{Dice{}};
          for (int col = 0; col < kColours; ++col) {
            std::vector<Dice> next;
            for (const Dice& d : subsets)
              for (int k = 0; k <= movable[col]; ++k) {
                Dice e = d;
                e[col] = static_cast<std::uint8_t>(k);
                next.push_back(e);
              }
            subsets.swap(next);
          }
          for (const Dice& d : subsets) {
            if (count(d) < 2) continue;
            r.dice = d;
            if (!check_free(r)) out.push_back(r);
          }
        }
      }
    }
  }
  if (pending_.empty()) {
    m = Move{};  // no field of a mushroom's left over
    m.seat = static_cast<std::int8_t>(current_);
    std::vector<int> seen;
    for (int card : in_hand(current_)) {
      if (std::find(seen.begin(), seen.end(), card) != seen.end() || !card_time_now(card)) continue;
      seen.push_back(card);
      m.card = static_cast<std::int16_t>(card);
      if (catalog_->hatter[card].persistent) {
        m.kind = Move::Kind::place;
        for (int s = 0; s < kSlots; ++s) {
          m.slot = static_cast<std::int8_t>(s);
          out.push_back(m);
        }
        m.slot = -1;
      } else {
        m.kind = Move::Kind::play;
        out.push_back(m);
      }
    }
  }
}

namespace {

// A decision declined: 'challenge none', 'cube none', 'move none'.
Move declined(int seat, Move::Kind kind) {
  Move m;
  m.seat = static_cast<std::int8_t>(seat);
  m.kind = kind;
  m.none = true;
  return m;
}

}  // namespace

std::vector<int> State::in_hand(int seat) const {
  std::vector<int> out(players_[seat].hand.begin(), players_[seat].hand.end());
  for (std::size_t k = 0; k < catalog_->hatter.size(); ++k)
    if (could_hold(seat, static_cast<int>(k))) out.push_back(static_cast<int>(k));
  return out;
}

std::vector<Move> State::decision_moves() const {
  std::vector<Move> out;
  const Player& me = players_[current_];
  Move m;
  m.seat = static_cast<std::int8_t>(current_);
  if (!took_ && pending_.empty()) {
    m.kind = Move::Kind::take;
    const int room = kDiceSpaces - count(me.dice);
    for (int a = 0; a < kAreas; ++a) {
      const Dice& here = board_[a];
      if (count(here) == 0) continue;
      m.area = static_cast<Area>(a);
      if (count(here) <= room) {
        m.named = false;
        m.dice = {};
        out.push_back(m);
        continue;
      }
      // Which `room` dice of the area she takes (RW-8).
      std::vector<Dice> subsets{Dice{}};
      for (int col = 0; col < kColours; ++col) {
        std::vector<Dice> next;
        for (const Dice& d : subsets)
          for (int k = 0; k <= here[col] && count(d) + k <= room; ++k) {
            Dice e = d;
            e[col] = static_cast<std::uint8_t>(k);
            next.push_back(e);
          }
        subsets.swap(next);
      }
      m.named = true;
      for (const Dice& d : subsets)
        if (count(d) == room) {
          m.dice = d;
          out.push_back(m);
        }
    }
    return out;
  }
  if (pending_.empty()) return out;
  const Step& t = pending_.back();
  auto cubes = [&](Move base, std::optional<Colour> only, const Dice* allowed) {
    for (int s = 0; s < kSlots; ++s) {
      const auto& ch = me.challenges[s];
      if (ch.card < 0 || me.cubes == 0) continue;
      const auto& icons = catalog_->challenges[ch.card].icons;
      std::vector<Colour> done;
      for (int i = 0; i < 4; ++i) {
        if (ch.covered >> i & 1) continue;
        if (only && icons[i] != *only) continue;
        if (allowed && (*allowed)[static_cast<int>(icons[i])] == 0) continue;
        if (std::find(done.begin(), done.end(), icons[i]) != done.end()) continue;
        done.push_back(icons[i]);
        base.slot = static_cast<std::int8_t>(s);
        base.colour = icons[i];
        out.push_back(base);
      }
    }
  };
  auto areas = [&](Move base) {
    for (int a = 0; a < kAreas; ++a) {
      base.area = static_cast<Area>(a);
      out.push_back(base);
    }
  };
  auto trainable = [&](Move base) {
    if (upgrade_tokens_ == 0) return;
    for (int a = 0; a < kAreas; ++a)
      if (me.soldiers[a] > me.trained[a]) {
        base.area = static_cast<Area>(a);
        out.push_back(base);
      }
  };
  switch (t.kind) {
    case Step::Kind::settle:
      m.card = static_cast<std::int16_t>(t.card);
      m.kind = Move::Kind::place;
      for (int s = 0; s < kSlots; ++s) {
        m.slot = static_cast<std::int8_t>(s);
        out.push_back(m);
      }
      m.slot = -1;
      m.kind = Move::Kind::keep;
      out.push_back(m);
      m.kind = Move::Kind::discard;
      out.push_back(m);
      break;
    case Step::Kind::hand_limit: {
      m.kind = Move::Kind::discard;
      std::vector<int> seen;
      for (int card : in_hand(current_))
        if (std::find(seen.begin(), seen.end(), card) == seen.end()) {
          seen.push_back(card);
          m.card = static_cast<std::int16_t>(card);
          out.push_back(m);
        }
      break;
    }
    case Step::Kind::table_settle: {
      for (std::size_t k = 0; k < catalog_->hatter.size(); ++k) {
        if (!catalog_->hatter[k].persistent || !could_hold(current_, static_cast<int>(k))) continue;
        m.card = static_cast<std::int16_t>(k);
        m.kind = Move::Kind::discard;
        out.push_back(m);
        m.kind = Move::Kind::place;
        for (int s = 0; s < kSlots; ++s) {
          m.slot = static_cast<std::int8_t>(s);
          out.push_back(m);
        }
        m.slot = -1;
      }
      Move keep;
      keep.seat = m.seat;
      keep.kind = Move::Kind::keep;
      keep.none = true;
      out.push_back(keep);
      break;
    }
    case Step::Kind::bonus_action:
    case Step::Kind::bonus_any:
      m.kind = Move::Kind::bonus;
      for (int s = 0; s < kCheshireSlots; ++s)
        if (t.kind == Step::Kind::bonus_any || t.allow[s] > 0) {
          m.slot = static_cast<std::int8_t>(s);
          out.push_back(m);
        }
      if (t.kind == Step::Kind::bonus_action &&
          reading<CheshireBonus>(Dispute::cheshire_bonus) == CheshireBonus::may_decline)
        out.push_back(declined(m.seat, Move::Kind::bonus));
      break;
    case Step::Kind::challenge: {
      m.kind = Move::Kind::challenge;
      const bool free = challenge_slot_free(current_);
      for (int card : challenge_tops())
        for (int s = 0; s < kSlots; ++s) {
          if (free && me.challenges[s].card >= 0) continue;
          m.card = static_cast<std::int16_t>(card);
          m.slot = static_cast<std::int8_t>(s);
          out.push_back(m);
        }
      if (!free || reading<AliceCard>(Dispute::alice_card) == AliceCard::always_optional) {
        out.push_back(declined(m.seat, Move::Kind::challenge));
      }
      break;
    }
    case Step::Kind::cube_dice:
    case Step::Kind::cube_any: {
      m.kind = Move::Kind::cube;
      cubes(m, std::nullopt, t.kind == Step::Kind::cube_dice ? &t.dice : nullptr);
      if (t.kind == Step::Kind::cube_dice || reading<BonusCube>(Dispute::bonus_cube) == BonusCube::cube_none_allowed)
        out.push_back(declined(m.seat, Move::Kind::cube));
      break;
    }
    case Step::Kind::soldier: {
      m.kind = Move::Kind::soldier;
      areas(m);
      if (me.token) {  // the soldier that takes her kept upgrade token, marked (RW-26)
        m.trained = true;
        areas(m);
      }
      break;
    }
    case Step::Kind::move_soldier: {
      m.kind = Move::Kind::move_soldier;
      for (int a = 0; a < kAreas; ++a)
        for (int trained = 0; trained < 2; ++trained) {
          if (trained ? me.trained[a] == 0 : me.soldiers[a] == me.trained[a]) continue;
          for (int b = 0; b < kAreas; ++b) {
            if (b == a) continue;
            m.area = static_cast<Area>(a);
            m.to = static_cast<Area>(b);
            m.trained = trained;
            out.push_back(m);
          }
        }
      out.push_back(declined(m.seat, Move::Kind::move_soldier));
      break;
    }
    case Step::Kind::train:
      m.kind = Move::Kind::train;
      trainable(m);
      break;
    case Step::Kind::icons:
      m.kind = Move::Kind::icon;
      for (int i = 0; i < t.count; ++i) {
        m.space = static_cast<std::int8_t>(t.spaces[i]);
        out.push_back(m);
      }
      break;
    default:
      break;
  }
  // The special ability, after the action (its own step) or before it (RW-13).
  if (ability_due_) {
    const bool after = t.kind == Step::Kind::ability;
    // Before the action's first decision, or (under 'any-time-in-action') between two of them.
    const bool before =
        t.of_action && (action_started_ ? reading<AbilityWhen>(Dispute::ability_when) == AbilityWhen::any_time_in_action
                                        : reading<AbilityWhen>(Dispute::ability_when) != AbilityWhen::after_the_action);
    if (after) out.clear();
    if (after || before) {
      const Bonus& power = catalog_->characters[me.character].ability;
      Move a;
      a.seat = m.seat;
      a.kind = Move::Kind::ability;
      if (power.kind == Bonus::Kind::train) {
        a.as = Move::Kind::train;
        trainable(a);
      } else if (power.kind == Bonus::Kind::cheshire) {
        a.as = Move::Kind::bonus;
        for (int s = 0; s < kCheshireSlots; ++s) {
          a.slot = static_cast<std::int8_t>(s);
          out.push_back(a);
        }
      } else if (power.kind == Bonus::Kind::cube) {
        a.as = Move::Kind::cube;
        const std::size_t before_cubes = out.size();
        cubes(a, std::nullopt, nullptr);
        if (out.size() > before_cubes &&
            reading<BonusCube>(Dispute::bonus_cube) == BonusCube::cube_none_allowed) {  // RW-20
          Move none = a;
          none.none = true;
          none.slot = -1;
          out.push_back(none);
        }
      }
    }
  }
  return out;
}

std::vector<Move> State::legal_moves() const {
  if (summoning_open()) {
    // Her next soldier keeps the summoning going; any other entry ends it first (RW-26).
    State closed = *this;
    closed.close_summoning();
    std::vector<Move> out = closed.legal_moves();
    auto soldier = [&](const Move& m) { return m.kind == Move::Kind::soldier && m.seat == current_; };
    std::erase_if(out, soldier);
    for (const Move& m : whole_moves())
      if (soldier(m)) out.push_back(m);
    return out;
  }
  std::vector<Move> out = whole_moves();
  // Under RW-25's 'may-decline' each move that sets off Caterpillar icons may also decline any of
  // their bonuses. chosen(), not consult(): listing is not reading a log.
  if (readings_.chosen(static_cast<int>(Dispute::icon_bonus)) == static_cast<int>(IconBonus::may_decline)) {
    const std::size_t whole = out.size();
    for (std::size_t i = 0; i < whole; ++i) {
      const std::uint64_t set_off = icons_set_off(out[i]);
      // Every non-empty part of the icons set off, a sub-mask at a time.
      for (std::uint64_t part = set_off; part; part = (part - 1) & set_off) {
        Move declining = out[i];
        declining.declined = part;
        out.push_back(declining);
      }
    }
  }
  // Under RW-15's 'up-to' each move that sends her token along the White Rabbit path may also stop
  // it short. chosen(), not consult(): listing is not reading a log.
  if (readings_.chosen(static_cast<int>(Dispute::rabbit_move)) != static_cast<int>(RabbitMove::up_to)) return out;
  const std::size_t whole = out.size();
  for (std::size_t i = 0; i < whole; ++i) {
    const int spaces = rabbit_gone(out[i]);
    for (int n = 0; n < spaces; ++n) {
      Move shorter = out[i];
      shorter.rabbit = static_cast<std::int8_t>(n);
      out.push_back(shorter);
    }
  }
  return out;
}

std::vector<Move> State::whole_moves() const {
  if (phase_ == Phase::over) return {};
  if (to_move().is_chance()) return chance_moves();
  std::vector<Move> out;
  if (!turn_done()) out = decision_moves();
  free_moves(out);
  if (turn_done()) {
    // And the moves that close her window: the next player's. Where the round or the game ends
    // with it, a chance event or a reveal comes next; those are the log's, not a player's, and
    // are listed where they are due (validate() closes the window for them).
    State next = *this;
    next.close_turn();
    if (!next.to_move().is_player()) return out;
    std::vector<Move> more = next.whole_moves();
    out.insert(out.end(), more.begin(), more.end());
  }
  return out;
}

}  // namespace wonderlog::rolling
