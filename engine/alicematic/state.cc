#include "engine/alicematic/state.h"

#include <algorithm>

#include <boost/container/static_vector.hpp>
#include <fmt/format.h>

namespace wonderlog::alicematic {

namespace {

constexpr int kCityPoints = 3;
constexpr int kUnreached = 1 << 20;
constexpr std::uint64_t kDeckStream = 0xA11CE0DECCULL;  // the deck's randomness, apart from the layout's

Violation broken(const char* rule, std::string message, std::vector<Fact> facts = {}, bool possible = true) {
  return Violation{rule, std::move(message), std::move(facts), possible};
}

}  // namespace

std::string count_of(int n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

namespace {

std::string full_city(const std::string& where, int spots) {
  return spots == 1 ? fmt::format("the City {} is full: its only spot holds a token already", where)
                    : fmt::format("the City {} is full: its {} spots hold tokens already", where, spots);
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Set-up

std::optional<Violation> State::check(const Setup& s) {
  const int n = static_cast<int>(s.names.size());
  if (n < 3 || n > kMaxPlayers)
    return broken("AH-3", fmt::format("AlicematiC Heroes is for 3 to 5 players, not {}", n), {}, false);
  if (static_cast<int>(s.kingdoms.size()) != n)
    return broken("AH-3", fmt::format("every player chooses a Kingdom: {} players, {} Kingdoms", n, s.kingdoms.size()),
                  {}, false);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j)
      if (s.kingdoms[i] == s.kingdoms[j])
        return broken("AH-3",
                      fmt::format("{} and {} both chose the {}: each Kingdom has one set of cards and tokens",
                                  s.names[j], s.names[i], s.catalog->kingdoms[s.kingdoms[i]]),
                      {}, false);
  if (!s.board) return broken("AH-2", "the game has no map", {}, false);
  if (s.catalog->card_total < n * kHandSize)
    return broken("AH-4", "the catalog has too few cards to deal", {}, false);
  return std::nullopt;
}

State::State(Setup s)
    : catalog_(s.catalog),
      board_(std::make_shared<const Board>(std::move(*s.board))),
      names_(std::move(s.names)),
      kingdoms_(std::move(s.kingdoms)),
      open_(s.open),
      readings_(s.readings) {
  const int n = players();
  const std::size_t kinds = catalog_->cards.size();
  held_.assign(board_->size(), {});
  attacker_.assign(board_->size(), -1);
  slots_.resize(n);
  hand_.assign(n, PerKind<std::uint8_t>(kinds, 0));
  hand_unknown_.assign(n, 0);
  hand_total_.assign(n, 0);
  resources_.assign(n, {});
  bank_ = catalog_->bank;
  points_.assign(n, 0);
  gains_.assign(n, {});
  used_.assign(n, {});
  military_extra_.assign(n, 0);
  powers_.assign(n, {});
  active_.assign(n, {});
  tokens_left_.assign(n, catalog_->tokens_per_player);
  mulliganed_.assign(n, false);
  face_up_.assign(kinds, 0);
  outside_.assign(kinds, 0);
  discards_.assign(kinds, 0);
  deck_size_ = catalog_->card_total;
  if (open_ && s.deck_seed) {
    deck_known_ = true;
    rng_ = Rng(*s.deck_seed ^ kDeckStream);
    for (std::size_t k = 0; k < kinds; ++k)
      for (int c = 0; c < catalog_->cards[k].count; ++c) deck_.push_back(static_cast<std::int8_t>(k));
    shuffle(deck_, rng_);
  }
  if (open_) {
    phase_ = Phase::deal;
  } else {
    // A table log does not write the deal: five unknown cards each (AH-4).
    for (int p = 0; p < n; ++p) hand_unknown_[p] = hand_total_[p] = kHandSize;
    deck_size_ -= n * kHandSize;
    phase_ = Phase::mulligan;
  }
}

// ---------------------------------------------------------------------------------------
// Queries

int State::holder(int s) const {
  for (int p = 0; p < players(); ++p)
    if (held_[s][p]) return p;
  return -1;
}

int State::city_room(int s) const {
  int on = 0;
  for (int p = 0; p < players(); ++p) on += held_[s][p];
  return board_->space(s).spots - on;
}

int State::alices(int seat) const {
  int n = 0;
  for (const auto& slot : slots_[seat])
    for (const SlotCard& c : slot) n += c.face_up;
  return n;
}

int State::alices_in(int seat, Colour c) const {
  int n = 0;
  for (const SlotCard& card : slot(seat, c)) n += card.face_up;
  return n;
}

bool State::forest_open(int group) const {
  for (int s : board_->groups()[group].surround) {
    bool held = false;
    for (int p = 0; p < players(); ++p) held = held || held_[s][p] > 0;
    if (!held) return false;
  }
  return true;
}

std::string State::around_forest(int group) const {
  std::string out;  // "d0 Arthur and Dinah, d2 Arthur, h5 -"
  for (int a : board_->groups()[group].surround) {
    std::string who;
    for (int p = 0; p < players(); ++p)
      if (held_[a][p]) who += (who.empty() ? "" : " and ") + name(p);
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", board_->name(a), who.empty() ? "-" : who);
  }
  return out;
}

bool State::connected(int seat, int space) const {
  if (held_[space][seat] == 0) return false;
  if (has_modifier(seat, Modifier::Kind::connection)) return true;  // Gunslinger (AH-39)
  return connected_by_paths(seat, space);
}

std::string State::connection_effect(int seat) const {
  if (!has_modifier(seat, Modifier::Kind::connection)) return {};
  for (const ActiveAbility& a : active(seat))
    if (a.ability->when == Trigger::always && a.ability->modifier.kind == Modifier::Kind::connection)
      return a.own == a.effect ? catalog_->cards[a.own].name
                               : catalog_->cards[a.own].name + " as " + catalog_->cards[a.effect].name;
  return {};
}

Violation State::held_and_connected(int space, int holder, const std::string& what) const {
  const std::string where = board_->name(space);
  if (!connected_by_paths(holder, space))  // connected only by her effect
    return broken("AH-39",
                  fmt::format("{} belongs to {}, whose {} counts all her spaces as connected to her Cities: "
                              "{}",
                              where, name(holder), connection_effect(holder), what),
                  {{"holder", name(holder)}, {"connected to a City", "by " + connection_effect(holder)}}, false);
  return broken("AH-20",
                fmt::format("{} belongs to {} and connects to a City of hers through her spaces: {}", where,
                            name(holder), what),
                {{"holder", name(holder)}, {"connected to a City", "yes"}}, false);
}

bool State::connected_by_paths(int seat, int space) const {
  if (held_[space][seat] == 0) return false;
  std::array<bool, kMaxSpaces> seen{};
  std::array<std::int16_t, kMaxSpaces> stack{};
  int top = 0;
  stack[top++] = static_cast<std::int16_t>(space);
  seen[space] = true;
  while (top) {
    const int s = stack[--top];
    if (Board::is_city(s)) return true;  // held by `seat`: one of her Cities
    for (int n : board_->space(s).next)
      if (n >= 0 && !seen[n] && held_[n][seat]) {
        seen[n] = true;
        stack[top++] = static_cast<std::int16_t>(n);
      }
  }
  return false;
}

// Fewest Mobility from one of the invader's Cities to `target` (AH-16): every space entered
// costs 1, and 1 more when another player holds it; the target itself costs no extra.
// Mystic Forests are entered only when their group is surrounded (AH-19). Under AH-16's
// reading 'closest-city', counted from the City fewest steps away instead: its steps, plus the
// other players' spaces on the way (of its fewest-step routes, the one with fewest of them).
void State::mobility(int seat, int target, int limit, bool trace, Invasion& out) const {
  const int pos = Board::position_of(target);
  out.city_tile = is_city_of(seat, Board::city_of(pos));
  if (out.city_tile) {
    out.mobility_needed = 0;
    return;
  }
  if (limit == 0) {  // off her Cities' tiles every space is at least 1 away
    out.mobility_needed = 1;
    return;
  }
  // A* over Dial's buckets: a space's key is its distance so far plus its hex distance to
  // the target, which no path beats (every step crosses one hex). A step costs 1 or 2 and the
  // hex distance changes by at most 1, so a key grows by 0 to 3: four buckets in rotation
  // hold every key still to settle. Keys beyond `limit` are dropped: most invasions are
  // checked against a small Mobility, and then only a corner of the map is searched.
  const int size = board_->size();
  const Space& goal = board_->space(target);
  std::array<int, kMaxSpaces> dist;
  std::array<std::int16_t, kMaxSpaces> prev;
  std::fill(dist.begin(), dist.begin() + size, kUnreached);
  std::array<std::array<std::int16_t, kMaxSpaces * 6>, 4> buckets;
  std::array<int, 4> filled{};
  int pending = 0;
  auto key = [&](int v) { return dist[v] + hex_distance(board_->space(v), goal); };
  auto push = [&](int v) {
    const int k = key(v);
    if (k > limit) return;
    buckets[k % 4][filled[k % 4]++] = static_cast<std::int16_t>(v);
    ++pending;
  };
  // Her Cities start the search, each when the keys reach its own (keys of far-apart Cities
  // can differ by more than the buckets span).
  std::array<std::int16_t, kMaxSpaces / kTileSpaces> seeds;
  int seed_count = 0;
  // With a distance modifier (Astronaut, AH-41) every space she has invaded starts it too.
  const bool from_any = has_modifier(seat, Modifier::Kind::distance);
  std::array<std::int16_t, kMaxSpaces> many_seeds;
  std::int16_t* seed_list = seeds.data();
  if (from_any) seed_list = many_seeds.data();
  // Her Cities only (the first space of each tile), unless every space she holds counts.
  for (int c = 0; c < size; c += from_any ? 1 : kTileSpaces) {
    if (held_[c][seat]) {
      dist[c] = 0;
      prev[c] = -1;
      seed_list[seed_count++] = static_cast<std::int16_t>(c);
      ++pending;
    }
  }
  std::array<signed char, kMaxSpaces> forest_ok;  // per forest group: -1 not asked yet
  std::fill(forest_ok.begin(), forest_ok.begin() + board_->groups().size(), -1);
  const bool through_forests = has_modifier(seat, Modifier::Kind::passage);  // Adventurer (AH-40)
  auto passable = [&](int s) {
    const Space& sp = board_->space(s);
    if (sp.colour != Colour::forest || through_forests) return true;
    if (forest_ok[sp.group] < 0) forest_ok[sp.group] = forest_open(sp.group);
    return forest_ok[sp.group] == 1;
  };
  bool found = false;
  for (int k = 0; pending > 0 && !found && k <= limit; ++k) {
    auto& bucket = buckets[k % 4];
    int& count = filled[k % 4];
    for (int i = 0; i < seed_count; ++i)
      if (key(seed_list[i]) == k) {
        --pending;
        push(seed_list[i]);
      }
    while (count > 0) {
      const int u = bucket[--count];
      --pending;
      if (key(u) != k) continue;  // settled with a smaller key already
      if (u == target) {
        found = true;
        break;
      }
      for (int v : board_->space(u).next) {
        if (v < 0) continue;
        int cost = 1;  // entering the target costs no extra (AH-16)
        if (v != target) {
          if (!passable(v)) continue;
          const auto& h = held_[v];
          bool anyone = false;
          for (int p = 0; p < kMaxPlayers; ++p) anyone = anyone || h[p] != 0;
          if (anyone && !h[seat]) cost = 2;  // held by another player only
        }
        if (dist[u] + cost < dist[v]) {
          dist[v] = dist[u] + cost;
          prev[v] = static_cast<std::int16_t>(u);
          push(v);
        }
      }
    }
  }
  if (!found) {
    out.mobility_needed = limit < kUnreached ? limit + 1 : -1;
    return;
  }
  out.mobility_needed = dist[target];
  // AH-16's readings differ only where a route of fewer steps than the cheapest one exists: the
  // cheapest route is otherwise one of the fewest steps, and no route of those steps passes
  // fewer other players' spaces. Where its steps are the straight distance from the nearest
  // start, none can; elsewhere a search for a shorter one tells, and the reading is consulted
  // only where they differ. (Beyond `limit` they need not be told apart: the closest City's
  // figure is never less.)
  int route_steps = 0;
  for (int v = target; prev[v] >= 0; v = prev[v]) ++route_steps;
  int nearest = kUnreached;
  for (int i = 0; i < seed_count; ++i)
    nearest = std::min(nearest, hex_distance(board_->space(seed_list[i]), goal));
  if (route_steps > nearest)
    closest_city(seat, target, route_steps - 1, {seed_list, seed_list + seed_count}, limit, prev, out);
  if (!trace) {
    out.mobility_other_reading = -1;
    return;
  }
  out.from_invaded = from_any;
  std::vector<int> path;
  for (int s = target; s >= 0; s = prev[s]) path.push_back(s);
  std::reverse(path.begin(), path.end());
  out.path = path;
  for (std::size_t i = 1; i + 1 < path.size(); ++i) {
    const int h = holder(path[i]);
    if (h >= 0 && h != seat && !held_[path[i]][seat]) out.enemy.push_back(path[i]);
  }
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    for (int n : board_->space(path[i]).next)
      if (n >= 0 && n != target && !passable(n) &&
          std::find(out.blocking.begin(), out.blocking.end(), n) == out.blocking.end())
        out.blocking.push_back(n);
  std::sort(out.blocking.begin(), out.blocking.end());
}

// AH-16's reading 'closest-city' where a route of at most `fewer` steps (fewer than the cheapest
// route's) may reach `target` from `seeds`: breadth first, a layer of steps at a time, among
// the spaces such a route could pass; within a layer, the route from the layer before with the
// fewest other players' spaces. Where one does, the two readings differ: the reading is
// consulted, and under 'closest-city' its figure and route replace the cheapest route's in `out`
// and `prev`. Kept out of mobility(), whose search every invasion runs, and this rarely.
void State::closest_city(int seat, int target, int fewer, std::span<const std::int16_t> seeds, int limit,
                         std::array<std::int16_t, kMaxSpaces>& prev, Invasion& out) const {
  const int size = board_->size();
  const Space& goal = board_->space(target);
  const bool through_forests = has_modifier(seat, Modifier::Kind::passage);  // Adventurer (AH-40)
  auto passable = [&](int v) {
    const Space& sp = board_->space(v);
    return sp.colour != Colour::forest || through_forests || forest_open(sp.group);
  };
  auto surcharge = [&](int v) {  // 1 for a space held by another player only
    const auto& h = held_[v];
    bool anyone = false;
    for (int p = 0; p < kMaxPlayers; ++p) anyone = anyone || h[p] != 0;
    return anyone && !h[seat] ? 1 : 0;
  };
  std::array<int, kMaxSpaces> steps, extra;
  std::array<std::int16_t, kMaxSpaces> from, queue;
  std::fill(steps.begin(), steps.begin() + size, kUnreached);
  int head = 0, tail = 0;
  for (const std::int16_t c : seeds) {
    if (hex_distance(board_->space(c), goal) > fewer) continue;
    steps[c] = extra[c] = 0;
    from[c] = -1;
    queue[tail++] = static_cast<std::int16_t>(c);
  }
  while (head < tail) {
    const int u = queue[head++];
    if (steps[u] >= steps[target]) break;  // the target's layer is settled
    for (int v : board_->space(u).next) {
      if (v < 0) continue;
      int e = 0;
      if (v != target) {
        if (!passable(v)) continue;
        e = surcharge(v);
      }
      if (steps[v] == kUnreached) {
        if (steps[u] + 1 + hex_distance(board_->space(v), goal) > fewer) continue;
        steps[v] = steps[u] + 1;
        extra[v] = extra[u] + e;
        from[v] = static_cast<std::int16_t>(u);
        queue[tail++] = static_cast<std::int16_t>(v);
      } else if (steps[v] == steps[u] + 1 && extra[u] + e < extra[v]) {
        extra[v] = extra[u] + e;
        from[v] = static_cast<std::int16_t>(u);
      }
    }
  }
  if (steps[target] != kUnreached) {
    const int closest = steps[target] + extra[target], cheapest = out.mobility_needed;
    if (closest != cheapest) {
      if (reading<Distance>(Dispute::distance) == Distance::closest_city) {
        out.mobility_other_reading = cheapest;
        out.mobility_needed = closest > limit ? limit + 1 : closest;  // as the search says beyond it
        out.closest_city_route = true;
        std::copy(from.begin(), from.begin() + size, prev.begin());
      } else {
        out.mobility_other_reading = closest;
      }
    }
  }
}

Invasion State::assess(int seat, int s) const { return assess(seat, s, kUnreached, true); }

Invasion State::spoils(int seat, int s) const {
  Invasion inv;
  inv.space = s;
  const Space& sp = board_->space(s);
  if (sp.colour == Colour::city) {
    inv.target = Invasion::Target::city;
    inv.bonus_colour = Colour::city;
    inv.bonus_full = kCityPoints;
  } else if (sp.colour == Colour::forest) {
    inv.target = Invasion::Target::forest;
    inv.forest_size = static_cast<int>(board_->groups()[sp.group].surround.size());
    inv.bonus_colour = Colour::forest;
    inv.bonus_full = inv.forest_size;
    inv.holder = holder(s);
  } else {
    inv.bonus_colour = sp.colour;
    inv.bonus_full = slot_size(seat, sp.colour);
    inv.holder = holder(s);
    // A held space is under attack too only under AH-17's 'held-may-be-attacked': the holder
    // keeps it until the flip, and nobody else may flip or attack it.
    if (inv.holder == seat) {
      inv.target = Invasion::Target::unusable;
    } else if (attacker_[s] == seat) {
      inv.target = Invasion::Target::own_attack;
    } else if (attacker_[s] >= 0) {
      inv.target = Invasion::Target::other_attack;
    } else if (inv.holder >= 0) {
      inv.target = Invasion::Target::held;
    }
  }
  const bool stolen = inv.holder >= 0 && inv.holder != seat;
  inv.bonus = stolen ? inv.bonus_full / 2 : inv.bonus_full;
  if (inv.target == Invasion::Target::own_attack) {  // AH-18: what a flip needs and gives
    const Flip flip = reading<Flip>(Dispute::flip);
    inv.flip_needs_power = flip == Flip::power_needed;
    if (flip == Flip::free_flip_no_bonus) inv.bonus = 0;
  }
  return inv;
}

Invasion State::assess(int seat, int s, int mobility_limit, bool trace) const {
  Invasion inv = spoils(seat, s);
  const Space& sp = board_->space(s);
  inv.military_cards = slot_size(seat, Colour::red);
  inv.mobility_cards = slot_size(seat, Colour::green);
  inv.military_needed = sp.colour == Colour::forest ? inv.forest_size : sp.difficulty;
  if (sp.colour == Colour::forest) {
    for (int a : board_->groups()[sp.group].surround) {
      bool held = false;
      for (int p = 0; p < players(); ++p)
        if (held_[a][p]) ++inv.around[p], held = true;
      inv.unheld_around += !held;
    }
    inv.strongest = *std::max_element(inv.around.begin(), inv.around.end());
    inv.invader_around = inv.around[seat];
  }
  // Another player's token there (held, or under her attack with AH-17's reading): whether it
  // connects to her Cities (AH-20). The invader's own token makes the space unusable instead.
  if (inv.holder >= 0 && inv.holder != seat) inv.connected = connected(inv.holder, s);
  inv.difficulty = inv.military_needed;
  inv.military_extra = military_extra_[seat];
  // A flip or a space on her City's tile has no path: distance effects do not show there.
  const bool free_flip = inv.target == Invasion::Target::own_attack && !inv.flip_needs_power;
  const bool path_counts = !free_flip && !is_city_of(seat, Board::city_of(Board::position_of(s)));
  for (const ActiveAbility& a : active(seat)) {
    auto by = [&] {  // "Ninja", or "Wiccan as Ninja": only for the traced wording
      const std::string& card = catalog_->cards[a.effect].name;
      return a.own == a.effect ? card : catalog_->cards[a.own].name + " as " + card;
    };
    if (a.ability->when == Trigger::invades && a.ability->space == sp.colour && trace)
      inv.effects.push_back(by() + ": " + describe(*a.ability) + " (by itself, if the invasion succeeds)");
    if (a.ability->when != Trigger::always) continue;
    const Modifier& mod = a.ability->modifier;
    switch (mod.kind) {
      case Modifier::Kind::difficulty:
        if (mod.of == sp.colour && inv.military_needed > mod.minimum) {
          const int before = inv.military_needed;
          inv.military_needed = std::max(mod.minimum, inv.military_needed + mod.by);
          if (trace)
            inv.effects.push_back(fmt::format("{}: {} difficulty {:+} (minimum {}): {} -> {}", by(),
                                              colour_name(mod.of), mod.by, mod.minimum, before, inv.military_needed));
        }
        break;
      case Modifier::Kind::token_use:
        inv.yellow_as_red += uses_left(seat, a.own, a.effect, *a.ability);
        if (trace)
          inv.effects.push_back(fmt::format("{}: {} more {} token{} may count as {} this round", by(),
                                            uses_left(seat, a.own, a.effect, *a.ability), resource_name(mod.use),
                                            uses_left(seat, a.own, a.effect, *a.ability) == 1 ? "" : "s",
                                            resource_name(mod.as)));
        break;
      case Modifier::Kind::forest_invasion:
        inv.forest_unsurrounded = true;
        if (trace && inv.target == Invasion::Target::forest)
          inv.effects.push_back(by() + ": a Mystic Forest need not be surrounded (the majority still counts)");
        break;
      case Modifier::Kind::passage:
        if (trace && path_counts) inv.mobility_effects.push_back(by() + ": the path may pass through Mystic Forests");
        break;
      case Modifier::Kind::distance:
        if (trace && path_counts) inv.mobility_effects.push_back(by() + ": distance counted from any space she has invaded");
        break;
      case Modifier::Kind::connection:
        break;
    }
  }
  if (trace && inv.military_extra)
    inv.effects.push_back(fmt::format("+{} Military Power from an effect used this turn", inv.military_extra));
  if (trace && inv.holder >= 0 && inv.holder != seat && has_modifier(inv.holder, Modifier::Kind::connection))
    inv.effects.push_back(fmt::format("{}: {}'s spaces all count as connected to her Cities",
                                      connection_effect(inv.holder), name(inv.holder)));
  if (free_flip) {
    inv.military_needed = 0;  // the flip needs no power (AH-18)
    inv.mobility_needed = 0;
  } else if (mobility_limit >= 0) {
    mobility(seat, s, mobility_limit, trace, inv);
  }
  return inv;
}

// ---------------------------------------------------------------------------------------
// Validation

std::optional<Violation> State::check_draws(const Move& m, int n) const {
  if (m.draw_count >= 0)  // a count of cards drawn is for a blue bonus drawn in part (check_bonus_draws)
    return broken(
        "AH-11",
        fmt::format("only a blue space's bonus is written as a count of cards drawn ('draws {}'); {}", m.draw_count,
                    open_ ? "an open log names the cards drawn here" : "a table log writes no draws here"),
        {}, false);
  const int expected = drawable(n);
  if (!open_) {
    if (m.draws_named)
      return broken("AH-12", "a table log does not name the cards drawn: hands are secret ('hands: open' logs name them)",
                    {}, false);
    return std::nullopt;
  }
  if (!m.draws_named && expected > 0)
    return broken("AH-11",
                  fmt::format("an open log names the cards drawn: {} here ('draws' and the cards)",
                              count_of(expected, "card", "cards")),
                  {{"cards to draw", std::to_string(expected)}, {"deck", std::to_string(deck_size_)},
                   {"discards", std::to_string(discard_size_)}},
                  false);
  if (m.drawn.size() != expected) {
    std::string why = expected < n ? fmt::format(" (only {} left in the deck and the discards)", expected) : "";
    return broken("AH-11",
                  expected == 0 && n == 0 ? fmt::format("{} draws nothing here, but the log names {}", name(m.seat),
                                                        count_of(m.drawn.size(), "card", "cards"))
                  : expected == 0 ? fmt::format("{} draws nothing: the deck and the discards are empty, but the log "
                                                "names {}",
                                                name(m.seat), count_of(m.drawn.size(), "card", "cards"))
                                  : fmt::format("{} must draw {}{}, but the log names {}", name(m.seat),
                                                count_of(expected, "card", "cards"), why, m.drawn.size()),
                  {{"cards to draw", std::to_string(n)},
                   {"deck", std::to_string(deck_size_)},
                   {"discards", std::to_string(discard_size_)}},
                  false);
  }
  // Which copies are in the deck; past its end, the discards are reshuffled into it. Counted
  // for the cards drawn only: a draw is a few cards, a box dozens of kinds.
  const CardList order = deck_known_ ? upcoming(expected) : CardList{};
  for (int i = 0; i < m.drawn.size(); ++i) {
    const int c = m.drawn.cards[i];
    const bool reshuffled = i >= deck_size_;
    int in_deck = reshuffled ? discards_[c] : catalog_->cards[c].count - outside_[c];
    for (int j = reshuffled ? deck_size_ : 0; j < i; ++j) in_deck -= m.drawn.cards[j] == c;
    if (deck_known_ && order.cards[i] != c)
      return broken("AH-26",
                    fmt::format("the seeded deck's next card is {}, not {}", catalog_->cards[order.cards[i]].name,
                                catalog_->cards[c].name),
                    {{"card drawn", std::to_string(i + 1) + " of " + std::to_string(m.drawn.size())}}, false);
    if (in_deck <= 0)
      return broken("AH-12",
                    fmt::format("no {} is left to draw: all {} in the box are accounted for outside the deck",
                                catalog_->cards[c].name, count_of(catalog_->cards[c].count, "copy", "copies")),
                    {{"copies in the box", std::to_string(catalog_->cards[c].count)}}, false);
  }
  return std::nullopt;
}

std::optional<Violation> State::check_bonus_draws(const Move& m, int n) const {
  const int whole = drawable(n);
  const bool counted = m.draw_count >= 0;
  const int drawn = bonus_drawn(m, n);
  auto numbers = [&]() -> std::vector<Fact> {  // built for a refusal only: asked at every blue invasion
    return {{"cards to draw", std::to_string(whole)},
            {"deck", std::to_string(deck_size_)},
            {"discards", std::to_string(discard_size_)}};
  };
  if (counted && open_ && m.draw_count > 0)
    return broken("AH-11",
                  "an open log names the cards drawn, not how many: 'draws' and the cards ('draws 0' for none)", {},
                  false);
  if (counted && m.draw_count > whole)
    return broken("AH-11",
                  fmt::format("{} draws at most {} here, but the log writes 'draws {}'", name(m.seat),
                              count_of(whole, "card", "cards"), m.draw_count),
                  numbers(), false);
  if (counted && m.draw_count == whole)  // one way to write the whole bonus: without a count
    return broken("AH-11",
                  whole == 0 ? std::string("no card is left to draw, so the bonus draws none: write no 'draws'")
                             : fmt::format("'draws {}' is the whole bonus, which is written {}", m.draw_count,
                                           open_ ? "with the cards' names" : "without a count"),
                  numbers(), false);
  if (!counted && open_ && m.draws_named && m.drawn.size() > whole &&
      readings_.chosen(static_cast<int>(Dispute::blue_bonus)) == static_cast<int>(BlueBonus::up_to))
    return broken("AH-11",
                  fmt::format("{} draws at most {} here, but the log names {}", name(m.seat),
                              count_of(whole, "card", "cards"), m.drawn.size()),
                  numbers(), false);
  const bool fewer = drawn < whole && (counted || (open_ && m.draws_named));
  if (!fewer) return check_draws(m, n);  // the whole bonus, as any draw (AH-11)
  // Fewer than the bonus gives: AH-22's question.
  if (reading<BlueBonus>(Dispute::blue_bonus) == BlueBonus::all_drawn)
    return broken("AH-22",
                  fmt::format("a blue space's bonus draws all its cards: {} draws {} here, but the log {}",
                              name(m.seat), count_of(whole, "card", "cards"),
                              counted ? fmt::format("writes 'draws {}'", m.draw_count)
                                      : fmt::format("names {}", count_of(m.drawn.size(), "card", "cards"))),
                  {{"cards to draw", std::to_string(whole)}}, false);
  if (counted) return std::nullopt;  // a table log's count, or an open log's 'draws 0'
  return check_draws(m, drawn);      // the first cards of the deck, as any draw names them
}

int State::bonus_drawn(const Move& m, int n) const {
  if (m.draw_count >= 0) return m.draw_count;
  if (open_ && m.draws_named) return std::min(n, static_cast<int>(m.drawn.size()));
  return n;
}

std::optional<Violation> State::take_from_hand(int seat, int card, const char* rule) const {
  const Card& k = catalog_->cards[card];
  if (open_) {
    if (hand_[seat][card] == 0) {
      std::string hand;
      for (std::size_t c = 0; c < hand_[seat].size(); ++c)
        for (int i = 0; i < hand_[seat][c]; ++i) hand += (hand.empty() ? "" : ", ") + catalog_->cards[c].name;
      return broken(rule, fmt::format("{} has no {} in hand", name(seat), k.name),
                    {{"hand", hand.empty() ? "empty" : hand}}, false);
    }
    return std::nullopt;
  }
  if (outside_[card] >= k.count)
    return broken("AH-12",
                  k.count == 1 ? fmt::format("the only copy of {} is already face up in a Kingdom: {} cannot "
                                             "hold another",
                                             k.name, name(seat))
                               : fmt::format("all {} copies of {} are already face up in Kingdoms: {} cannot hold "
                                             "another",
                                             k.count, k.name, name(seat)),
                  {{"copies in the box", std::to_string(k.count)}, {"face up", std::to_string(face_up_[card])}},
                  false);
  return std::nullopt;
}

std::optional<Violation> State::validate(const Move& m) const {
  std::optional<Violation> v = validate_move(m);
  if (v || m.declined.size() == 0) return v;
  // AH-27: an effect that happens by itself is declined by naming its Alice after the move.
  if (reading<ByItself>(Dispute::by_itself) == ByItself::automatic)
    return broken("AH-27",
                  fmt::format("{}'s effect happens by itself and cannot be declined (AH-27 read as 'automatic')",
                              catalog_->cards[m.declined.cards[0]].name),
                  {}, false);
  Move plain = m;
  plain.declined = {};
  const std::vector<int> set_off = by_itself(plain);
  std::vector<std::string> names;
  for (int c : set_off) names.push_back(catalog_->cards[c].name);
  for (int i = 0; i < m.declined.size(); ++i) {
    const int c = m.declined.cards[i];
    for (int j = 0; j < i; ++j)
      if (m.declined.cards[j] == c)
        return broken("AH-27", fmt::format("{} is declined twice", catalog_->cards[c].name), {}, false);
    if (std::find(set_off.begin(), set_off.end(), c) == set_off.end()) {
      // A Little or Hunter played or turned up beside an identical one gives nothing under
      // AH-35's 'once-in-force' (consulted by by_itself() above): that reading is the reason.
      const int shown = m.kind == Move::Kind::summon ? m.card : m.kind == Move::Kind::use ? m.target : -1;
      if (c == shown &&
          readings_.chosen(static_cast<int>(Dispute::played_again)) == static_cast<int>(PlayedAgain::once_in_force)) {
        int identical = 0;
        for (const auto& slot : slots_[m.seat])
          for (const SlotCard& k : slot) identical += k.face_up && k.card == c && k.effect() == c;
        if (identical > 0)
          return broken("AH-35",
                        fmt::format("{}'s effect gives nothing here: an identical {} is face up in {}'s Kingdom (AH-35 "
                                    "read as 'once-in-force'), so there is nothing to decline",
                                    catalog_->cards[c].name, catalog_->cards[c].name, name(m.seat)),
                        {}, false);
      }
      // An Alice whose effect counts the cards entering her slot, summoned there, sets it off
      // for herself only under AH-36's 'counts-herself' (consulted by by_itself() above).
      if (m.kind == Move::Kind::summon && c == m.card &&
          readings_.chosen(static_cast<int>(Dispute::own_entering)) ==
              static_cast<int>(OwnEntering::later_cards_only)) {
        const auto& effects = catalog_->cards[c].effects;
        if (std::any_of(effects.begin(), effects.end(),
                        [&](const Ability& a) { return a.when == Trigger::card_enters_slot && a.slot == m.slot; }))
          return broken("AH-36",
                        fmt::format("{}'s effect gives nothing at her own summon: it counts the cards placed in the {} "
                                    "slot after her (AH-36 read as 'later-cards-only'), so there is nothing to decline",
                                    catalog_->cards[c].name, colour_name(m.slot)),
                        {}, false);
      }
      std::string known;
      for (std::size_t k = 0; k < names.size(); ++k) known += (k ? ", " : "") + names[k];
      return broken("AH-27",
                    fmt::format("{}'s effect does not happen by itself at this move, so it cannot be declined{}",
                                catalog_->cards[c].name,
                                names.empty() ? std::string(": no effect happens by itself here")
                                              : ": only " + known + "'s can be"),
                    {}, false);
    }
  }
  return std::nullopt;
}

std::vector<int> State::by_itself(const Move& move) const {
  std::vector<int> out;
  State copy = *this;
  copy.set_off_ = &out;
  copy.apply(move);
  // What the move sets off may rest on a reading (AH-35, AH-36): a verdict on it consulted it.
  readings_.also_consulted(copy.readings_.consulted());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<Violation> State::validate_move(const Move& m) const {
  if (phase_ == Phase::over) return broken("AH-6", "the game is over: 14 rounds have been played", {}, false);
  if (phase_ == Phase::deal) {
    if (m.kind != Move::Kind::deal)
      return broken("AH-4", fmt::format("an open log deals first: a 'deal' line for {}", name(seat_)), {}, false);
    if (m.seat != seat_)
      return broken("AH-4", fmt::format("the deal goes round in seat order: {} is dealt next", name(seat_)), {},
                    false);
    if (m.named.size() != kHandSize)
      return broken("AH-4", fmt::format("each player is dealt 5 cards, not {}", m.named.size()), {}, false);
    Move as_draw = m;
    as_draw.drawn = m.named;
    as_draw.draws_named = true;
    return check_draws(as_draw, kHandSize);
  }
  if (m.kind == Move::Kind::deal) return broken("AH-4", "the deal is over", {}, false);
  if (off_turn(m)) {
    // Another player's each-round effect, in this turn: AH-28's question. Other effects are
    // refused below as in any turn not hers; under 'any-turn', a `use` that calls on no Alice of
    // hers is refused for that, as in her own turn.
    const std::optional<Used> u = find_use(m);
    if (reading<UseTime>(Dispute::use_time) == UseTime::any_turn) {
      if (!u) return validate_use(m);
      if (u->active.ability->when == Trigger::each_round) return validate_off_turn(m);
    }
  }
  if (phase_ == Phase::after_attack) {
    if (m.seat == seat_ && m.kind == Move::Kind::use) return validate_after_attack(m);
    // Her turn open after her Invasion entry for any effect of hers is AH-28's reading: the
    // position it made (uses_after_invasion() asks it).
    if (window_space_ < 0)
      (void)reading<UseTime>(Dispute::use_time);
    else
      (void)uses_after_invasion();
    // Any other entry ends her turn first (AH-31), and is judged as the next turn's.
    return validate_as_next_turn(m);
  }
  if (commoner_seat_ >= 0) {
    // Whose entry follows a Commoner is AH-14's question: the verdict rests on its reading.
    const bool on = phase_ == Phase::invasion && seat_ == commoner_seat_;  // her Invasion is still on the board
    if (on || m.seat == commoner_seat_) {
      if (reading<CommonerTurn>(Dispute::commoner_turn) == CommonerTurn::commoner_ends_turn) {
        // Under AH-28's 'any-turn' her each-round effect may come in the next turn, which her
        // entry then begins.
        if (on && m.seat == commoner_seat_ && m.kind == Move::Kind::use) {
          const std::optional<Used> u = find_use(m);
          if (u && u->active.ability->when == Trigger::each_round &&
              reading<UseTime>(Dispute::use_time) == UseTime::any_turn)
            return validate_as_next_turn(m);
        }
        if (m.seat == commoner_seat_)
          return broken("AH-14",
                        fmt::format("{}'s turn ended with her Commoner (a turn with a Commoner has no Invasion step), "
                                    "and it is {}'s turn",
                                    name(m.seat), name((commoner_seat_ + 1) % players())),
                        {}, false);
        if (on) return validate_as_next_turn(m);  // it begins the next turn
      } else if (on && m.seat != seat_ && m.kind != Move::Kind::use) {
        return broken("AH-14",
                      fmt::format("a turn with a Commoner still has its Invasion step: {} played a Commoner, and her "
                                  "Invasion entry comes next",
                                  name(seat_)),
                      {}, false);
      }
    }
  }
  if (m.kind == Move::Kind::use && m.seat != seat_) {
    // Under 'any-turn' an each-round effect was judged above: this one is not counted each round.
    const std::optional<Used> u = find_use(m);
    if (u && u->active.ability->when != Trigger::each_round &&
        reading<UseTime>(Dispute::use_time) == UseTime::any_turn)
      return broken("AH-28",
                    fmt::format("it is {}'s turn: only an effect used once or twice each round may come in another "
                                "player's turn, and {} is not",
                                name(seat_),
                                u->active.own == u->active.effect
                                    ? catalog_->cards[m.card].name + "'s"
                                    : fmt::format("the {} effect her {} copied", catalog_->cards[u->active.effect].name,
                                                  catalog_->cards[m.card].name)),
                    {}, false);
    // Right after her own turn, the refusal is AH-28's reading: the other may keep her turn open.
    const int before = (seat_ + players() - 1) % players();
    const bool later = phase_ == Phase::politics && m.seat == before &&
                       reading<UseTime>(Dispute::use_time) != UseTime::before_invasion_entry;
    // What ended it: no effect left to her, or (one left) the entry or round line after it.
    bool left = false;
    if (later)
      for (const ActiveAbility& a : active(before))
        left = left || (is_used(*a.ability) && (a.ability->when != Trigger::each_round ||
                                                uses_left(before, a.own, a.effect, *a.ability) > 0));
    return broken("AH-28",
                  fmt::format("it is {}'s turn: a player uses her Alices' effects only in her own turn{}", name(seat_),
                              later  ? left ? ", and hers ended with the entry or round line that followed it"
                                            : ", and hers ended when she had no effect left to use"
                              // The wording only: the verdict is the same under the other readings.
                              : readings_.chosen(static_cast<int>(Dispute::use_time)) ==
                                      static_cast<int>(UseTime::before_invasion_entry)
                                  ? ", before her Invasion entry"
                                  : ""),
                  {}, false);
  }
  if (m.seat != seat_ && m.seat == drew_seat_)
    return broken("AH-10",
                  fmt::format("it is {}'s turn: {}'s draw, with her hand empty, ended her turn (the rest of it is "
                              "skipped)",
                              name(seat_), name(m.seat)),
                  {}, false);
  if (m.seat != seat_)
    return broken(phase_ == Phase::politics || phase_ == Phase::invasion ? "AH-6"
                  : phase_ == Phase::mulligan                                 ? "AH-4"
                                                                              : "AH-5",
                  fmt::format("it is {}'s turn", name(seat_)), {}, false);
  switch (phase_) {
    case Phase::mulligan: {
      if (m.kind != Move::Kind::mulligan)
        return broken("AH-4", "first each player may mulligan once ('keep' or 'mulligan ...')", {}, false);
      if (open_) {
        std::vector<int> left(hand_[m.seat].begin(), hand_[m.seat].end());
        for (int i = 0; i < m.named.size(); ++i)
          if (left[m.named.cards[i]]-- == 0)
            return broken("AH-4",
                          fmt::format("{} has no{} {} in hand to discard", name(m.seat), i ? " other" : "",
                                      catalog_->cards[m.named.cards[i]].name),
                          {}, false);
        return check_draws(m, m.named.size());
      }
      if (m.named.size())
        return broken("AH-12", "a table log writes how many cards a mulligan discards, not which", {}, false);
      if (m.discards > hand_total_[m.seat])
        return broken("AH-4", fmt::format("she holds only {} cards", hand_total_[m.seat]), {}, false);
      return check_draws(m, m.discards);
    }
    case Phase::cities: {
      if (m.kind != Move::Kind::city)
        return broken("AH-5", "the players now choose their starting Cities ('city c')", {}, false);
      if (Board::position_of(m.space) == board_->centre())
        return broken("AH-5",
                      fmt::format("a starting City may be on any tile but the centre one ({})",
                                  board_->position_name(board_->centre())),
                      {}, false);
      if (city_room(m.space) <= 0)
        return broken("AH-5",
                      full_city(board_->name(m.space), board_->space(m.space).spots),
                      {}, false);
      return std::nullopt;
    }
    case Phase::politics:
      return validate_politics(m);
    case Phase::invasion:
      return validate_invasion(m);
    default:
      return std::nullopt;
  }
}

std::optional<Violation> State::validate_politics(const Move& m) const {
  const int seat = m.seat;
  if (m.kind == Move::Kind::use) return validate_use(m);
  if (m.kind == Move::Kind::invade || m.kind == Move::Kind::attack || m.kind == Move::Kind::pass)
    return broken("AH-6", "a turn begins with Politics: summon an Alice, play a Commoner, or draw 3 with an empty hand",
                  {}, false);
  if (m.kind == Move::Kind::draw) {
    if (hand_total_[seat] > 0)
      return broken("AH-10",
                    fmt::format("{} holds {}: she must play one; only a player with an empty hand draws 3", name(seat),
                                count_of(hand_total_[seat], "card", "cards")),
                    {{"hand size", std::to_string(hand_total_[seat])}}, false);
    return check_draws(m, 3);
  }
  if (m.kind != Move::Kind::summon && m.kind != Move::Kind::commoner)
    return broken("AH-6", "Politics: summon an Alice, play a Commoner, or draw 3 with an empty hand", {}, false);
  if (hand_total_[seat] == 0)
    return broken("AH-10", fmt::format("{} has no cards in hand: she draws 3 instead ('draw')", name(seat)), {},
                  false);
  // The card first: one she does not hold is the fault, whatever slot is written (found in review:
  // `summon Diva green` without a Diva was told Diva's slot, and then that she had none).
  if (m.kind == Move::Kind::summon) {
    if (auto v = take_from_hand(seat, m.card, "AH-7")) return v;
  } else if (open_ && m.card >= 0) {
    if (auto v = take_from_hand(seat, m.card, "AH-9")) return v;
  }
  if (slot_size(seat, m.slot) >= kSlotCards)
    return broken("AH-8",
                  fmt::format("{}'s {} slot already holds 4 cards, the most a slot holds", name(seat),
                              colour_name(m.slot)),
                  {{std::string(colour_name(m.slot)) + " slot", std::to_string(slot_size(seat, m.slot))}}, false);
  if (m.kind == Move::Kind::commoner) {
    if (m.pay != std::array<std::uint8_t, kResources>{})
      return broken("AH-9", "a Commoner needs no Dream Power: nothing is paid", {}, false);
    if (open_) {
      if (m.card < 0) return broken("AH-9", "an open log names the card played face down ('commoner Hermit red')", {},
                                    false);
    } else if (m.card >= 0) {
      return broken("AH-12", "a table log does not name a Commoner: its identity stays secret", {}, false);
    }
    return check_draws(m, 1);
  }
  const Card& card = catalog_->cards[m.card];
  if (card.colour != m.slot)
    return broken("AH-7",
                  fmt::format("{} is a {} Alice: she can only be summoned into the {} slot, not the {} one", card.name,
                              colour_name(card.colour), colour_name(card.colour), colour_name(m.slot)),
                  {{"card colour", std::string(colour_name(card.colour))}}, false);
  if (m.pay[0] || m.pay[2])
    return broken("AH-7", "an Alice is summoned with Dream Power: only yellow tokens can be paid", {}, false);
  const int dream = slot_size(seat, Colour::yellow);
  const int paid = m.pay[static_cast<int>(Resource::yellow)];
  const int shortfall = std::max(0, card.cost - dream);
  auto facts = [&] {  // the numbers behind a refusal
    return std::vector<Fact>{
        {"cost", std::to_string(card.cost)},
        {"Dream Power", fmt::format("{} (yellow slot cards) + {} (yellow tokens paid) = {}", dream, paid, dream + paid)},
        {"yellow tokens held", std::to_string(resource(seat, Resource::yellow))}};
  };
  if (paid > resource(seat, Resource::yellow))
    return broken("AH-7",
                  fmt::format("{} pays {} but holds {}", name(seat), count_of(paid, "yellow token", "yellow tokens"),
                              resource(seat, Resource::yellow)),
                  facts(), false);
  if (dream + paid < card.cost)
    return broken("AH-7",
                  fmt::format("not enough Dream Power to summon {}: she costs {}, and {} has {}", card.name, card.cost,
                              name(seat), dream + paid),
                  facts());
  if (paid > shortfall && reading<Payment>(Dispute::payment) == Payment::exact_lack)
    return broken(
        "AH-15",
        fmt::format("{} pays {} where {} make{} up the lack: tokens pay only for what the cards lack", name(seat),
                    count_of(paid, "yellow token", "yellow tokens"), shortfall, shortfall == 1 ? "s" : ""),
        facts());
  return std::nullopt;
}

bool State::can_act_in_invasion(int seat) const {
  bool flips = false;
  for (int s = 0; s < board_->size(); ++s) flips = flips || attacker_[s] == seat;
  if (tokens_left_[seat] == 0 && !flips) return false;
  for (int s = 0; tokens_left_[seat] > 0 && s < board_->size(); ++s) {
    const Space& sp = board_->space(s);
    if (sp.colour == Colour::city || sp.colour == Colour::forest || attacker_[s] >= 0) continue;
    const int h = holder(s);
    if (h < 0) return true;  // a free space can always be attacked
    // So can another player's unconnected space, under AH-17's 'held-may-be-attacked'.
    if (h != seat && !connected(h, s) &&
        reading<HeldAttack>(Dispute::held_attack) == HeldAttack::held_may_be_attacked)
      return true;
  }
  // Only her own 'under attack' tokens, held spaces, others' tokens, Cities and forests are
  // left: is one of them within reach? A flip needs no token, but is not always allowed: her
  // token beside the holder's on a space connected again to the holder's Cities (AH-17, AH-20),
  // or under Gunslinger (AH-39), stays; and under AH-18's 'power-needed' it needs the power.
  for (const Move& m : invasions(seat))
    if (m.kind == Move::Kind::invade) return true;
  return false;
}

std::optional<Violation> State::validate_invasion(const Move& m) const {
  const int seat = m.seat;
  if (m.kind == Move::Kind::use) return validate_use(m);
  if (m.kind != Move::Kind::invade && m.kind != Move::Kind::attack && m.kind != Move::Kind::pass)
    return broken("AH-6", fmt::format("{} has played her card: now the Invasion step ('invade', 'attack')", name(seat)),
                  {}, false);
  if (m.kind == Move::Kind::pass) {
    // AH-13's readings part only where she could still invade or attack.
    if (can_act_in_invasion(seat) && reading<InvasionStep>(Dispute::invasion_step) == InvasionStep::not_skipped)
      return broken("AH-13",
                    fmt::format("the Invasion step is not skipped: {} can still invade or attack a space ({} "
                                "territory tokens left)",
                                name(seat), tokens_left_[seat]),
                    {}, false);
    return std::nullopt;
  }
  if (m.space < 0 || m.space >= board_->size())  // logs name spaces of the map; a move made in code may not
    return broken("AH-1", "there is no such space on the map", {}, false);
  // Whether the move is legal needs Mobility only up to what the player has: the search
  // stops there (the hot path). A refusal is judged again on the exact numbers and path.
  const Invasion quick = assess(seat, m.space, slot_size(seat, Colour::green) + m.pay[2], false);
  if (!judge_invasion(m, quick)) return std::nullopt;
  return judge_invasion(m, assess(seat, m.space));
}

std::optional<Violation> State::judge_invasion(const Move& m, const Invasion& inv) const {
  const int seat = m.seat;
  const int s = m.space;
  auto where = [&] { return board_->name(s); };
  using T = Invasion::Target;
  if (inv.target != T::own_attack && tokens_left_[seat] == 0)
    return broken("AH-13",
                  fmt::format("{} has no territory token left: all {} are on the map", name(seat),
                              catalog_->tokens_per_player),
                  {}, false);
  // What kind of space it is.
  if (inv.target == T::unusable) {
    if (Board::is_city(s))
      return broken("AH-21", fmt::format("{} is already one of {}'s Cities", where(), name(seat)), {}, false);
    return broken("AH-17", fmt::format("{} already holds {}", name(seat), where()), {}, false);
  }
  // An attack on a City is refused below (AH-17: no City is put under attack), full or hers alike:
  // its room and its holder are an invasion's questions.
  if (inv.target == T::city && m.kind != Move::Kind::attack) {
    if (held_[s][seat] && reading<OwnCity>(Dispute::own_city) == OwnCity::refused)
      return broken("AH-21", fmt::format("{} is already one of {}'s Cities", where(), name(seat)), {}, false);
    if (city_room(s) <= 0)
      return broken("AH-21",
                    full_city(where(), board_->space(s).spots),
                    {{"spots", std::to_string(board_->space(s).spots)}}, false);
  }
  if (inv.target == T::forest) {
    if (inv.holder == seat) return broken("AH-17", fmt::format("{} already holds {}", name(seat), where()), {}, false);
    if (inv.unheld_around > 0 && !inv.forest_unsurrounded)
      return broken("AH-19",
                    fmt::format("the Mystic Forest {} is not surrounded: {} of the {} spaces around its group {} "
                                "not invaded by anyone",
                                where(), inv.unheld_around, inv.forest_size, inv.unheld_around == 1 ? "is" : "are"),
                    {{"spaces around the forest", std::to_string(inv.forest_size)},
                     {"not invaded", std::to_string(inv.unheld_around)}},
                    false);
    if (inv.invader_around < inv.strongest) {
      std::vector<std::string> strongest;
      for (int p = 0; p < players(); ++p)
        if (inv.around[p] == inv.strongest) strongest.push_back(name(p));
      std::string who = strongest[0];
      for (std::size_t i = 1; i < strongest.size(); ++i)
        who += (i + 1 == strongest.size() ? " and " : ", ") + strongest[i];
      return broken("AH-19",
                    fmt::format("only the strongest player around the Mystic Forest {} may invade it: {} holds {} of "
                                "its {} surrounding spaces, {} {} {}{}",
                                where(), name(seat), inv.invader_around, inv.forest_size, who,
                                strongest.size() == 1 ? "holds" : "hold", inv.strongest,
                                strongest.size() == 1 ? "" : " each"),
                    {{"held by " + name(seat), std::to_string(inv.invader_around)},
                     {"most held by one player", std::to_string(inv.strongest)},
                     {"around it", around_forest(board_->space(s).group)}},
                    false);
    }
    // Only an unsurrounded forest (Demonlord) can have nobody around it: holding none of its
    // spaces is no majority (AH-42).
    if (inv.invader_around == 0)
      return broken("AH-42",
                    fmt::format("{} must still hold the most spaces around the Mystic Forest {}, and she holds none "
                                "of its {}: a forest that need not be surrounded still needs the majority",
                                name(seat), where(), inv.forest_size),
                    {{"held by " + name(seat), "0"}, {"around it", around_forest(board_->space(s).group)}}, false);
  }
  if ((inv.target == T::held || ((inv.target == T::forest || inv.target == T::own_attack ||
                                  inv.target == T::other_attack) &&
                                 inv.holder >= 0)) &&
      inv.connected)
    return held_and_connected(s, inv.holder, "it cannot be taken");

  // Yellow tokens paid in an invasion count as red through a token-use effect (Diva, AH-32).
  const int red_paid = m.pay[0] + m.pay[1], green_paid = m.pay[2];
  const int military = inv.military_cards + inv.military_extra;
  const bool free_flip = inv.target == T::own_attack && !inv.flip_needs_power;
  auto facts = [&] {  // the numbers behind a refusal
    std::vector<Fact> facts;
    if (free_flip) return facts;
    facts.push_back({"Military Power needed", std::to_string(inv.military_needed)});
    // Yellow tokens paid as red (Diva, AH-32) are said to be yellow; those past what her effects
    // allow (all of them, without a token-use effect) count for nothing, and are said so.
    const int yellow_counted = std::min<int>(m.pay[1], inv.yellow_as_red);
    const int red_counted = m.pay[0] + yellow_counted;
    const int yellow_not = m.pay[1] - yellow_counted;
    std::string tokens =
        yellow_counted ? fmt::format("{} (red tokens paid, {} of them yellow as red)", red_counted, yellow_counted)
                       : fmt::format("{} (red tokens paid)", red_counted);
    if (yellow_not)
      tokens.insert(tokens.size() - 1,
                    fmt::format("; {} yellow, which {} not count as red", yellow_not, yellow_not == 1 ? "does" : "do"));
    facts.push_back(
        {"Military Power",
         inv.military_extra
             ? fmt::format("{} (red slot cards) + {} (effects this turn) + {} = {}", inv.military_cards,
                           inv.military_extra, tokens, military + red_counted)
             : fmt::format("{} (red slot cards) + {} = {}", inv.military_cards, tokens, military + red_counted)});
    if (inv.military_needed != inv.difficulty)
      facts.push_back({"difficulty", fmt::format("{} printed, {} with card effects", inv.difficulty,
                                                 inv.military_needed)});
    facts.push_back({"Mobility needed",
                     inv.mobility_needed < 0 ? std::string("no path") : std::to_string(inv.mobility_needed)});
    facts.push_back({"Mobility", fmt::format("{} (green slot cards) + {} (green tokens paid) = {}", inv.mobility_cards,
                                             green_paid, inv.mobility_cards + green_paid)});
    if (!inv.path.empty()) {
      std::string path;
      for (int p : inv.path) {
        if (!path.empty()) path += ' ';
        path += board_->name(p);
      }
      // Under AH-16's 'closest-city' the route is the closest City's, cheapest or not (asked
      // without consulting the reading: the label changes no verdict).
      const bool closest = inv.closest_city_route || readings_.chosen(static_cast<int>(Dispute::distance)) ==
                                                         static_cast<int>(Distance::closest_city);
      facts.push_back({!closest              ? "cheapest path"
                       : inv.from_invaded ? "path from her closest invaded space"
                                          : "path from her closest City",
                       path});
    }
    if (!inv.enemy.empty()) {
      std::string enemy;
      for (int p : inv.enemy)
        enemy += fmt::format("{}{} ({})", enemy.empty() ? "" : ", ", board_->name(p), name(holder(p)));
      facts.push_back({"other players' spaces passed (+1 each)", enemy});
    }
    return facts;
  };
  if (free_flip && m.kind == Move::Kind::invade && (red_paid || green_paid || m.pay[1]))
    return broken("AH-18", "flipping one's own 'under attack' token needs no power: nothing is paid", {}, false);
  if (m.kind == Move::Kind::attack && (red_paid || green_paid || m.pay[1]))
    return broken("AH-15", "tokens are paid only for an invasion that succeeds; an attack pays nothing", facts());
  if (m.pay[1] > inv.yellow_as_red)
    return inv.yellow_as_red == 0 && !has_modifier(seat, Modifier::Kind::token_use)
               ? broken("AH-15",
                        "an invasion is paid in red and green tokens, not yellow (yellow counts as red only "
                        "through a card's effect, such as Diva Alice's: AH-32)",
                        facts(), false)
               : broken("AH-32",
                        fmt::format("{} pays {} as red, but her Alices' effects let her pay only {} more yellow "
                                    "as red this round",
                                    name(seat), count_of(m.pay[1], "yellow token", "yellow tokens"), inv.yellow_as_red),
                        facts(), false);
  for (int r : {0, 1, 2})
    if (m.pay[r] > resources_[seat][r])
      return broken("AH-15",
                    fmt::format("{} pays {} but holds {}", name(seat),
                                count_of(m.pay[r], std::string(resource_name(static_cast<Resource>(r))) + " token",
                                         std::string(resource_name(static_cast<Resource>(r))) + " tokens"),
                                resources_[seat][r]),
                    facts(), false);
  const bool cards_enough = military >= inv.military_needed && inv.mobility_needed >= 0 &&
                            inv.mobility_cards >= inv.mobility_needed;
  if (m.kind == Move::Kind::attack) {
    // Found by the legal_moves/validate property: an attack naming draws was accepted.
    if (m.draws_named && m.drawn.size())
      return broken("AH-22", "an attack takes no bonus, so it draws no cards: the bonus comes with the invasion",
                    {}, false);
    if (inv.target == T::own_attack)
      return broken("AH-18", fmt::format("{} already has {} under attack: invading it again flips the token ('invade {}')",
                                         name(seat), where(), where()),
                    {}, false);
    // AH-17: a held space, unconnected (AH-20 refused the others above), is attacked like a free
    // one unless only direct invasions take held spaces.
    const bool held_attackable = inv.target == T::held &&
                                 reading<HeldAttack>(Dispute::held_attack) == HeldAttack::held_may_be_attacked;
    if (inv.target != T::free && !held_attackable) {
      const char* what = inv.target == T::city       ? "a City"
                         : inv.target == T::forest   ? "a Mystic Forest"
                         : inv.target == T::held     ? "a space another player holds"
                                                     : "a space another player has under attack";
      return broken("AH-17",
                    fmt::format("{} is {}: it cannot be put under attack, the invasion must succeed directly", where(),
                                what),
                    facts(), false);
    }
    if (cards_enough)
      return broken("AH-17",
                    fmt::format("{} has enough Military Power and Mobility for {}: the space is invaded, not put under "
                                "attack",
                                name(seat), where()),
                    facts());
    return std::nullopt;
  }
  // invade
  if (!free_flip) {
    const int red_short = std::max(0, inv.military_needed - military);
    const bool reach = inv.mobility_needed >= 0;
    const int green_short = reach ? std::max(0, inv.mobility_needed - inv.mobility_cards) : 0;
    // A free space she cannot invade she may put under attack (AH-17): the way on, said with the
    // refusal. (A held one only under AH-17's default, a reading the refusal leaves unasked.)
    // Words built only for a refusal: most invasions checked here are legal.
    auto instead = [&] {
      return inv.target == T::free
                 ? fmt::format(" (she may put {} under attack instead: 'attack {}', AH-17)", where(), where())
                 : std::string();
    };
    // A flip that needs an invasion's power (AH-18's 'power-needed') is refused by that reading's
    // ruling, which is then named with its reading.
    const bool flip = inv.target == T::own_attack;
    const char* military_rule = flip ? "AH-18" : "AH-15";
    const char* mobility_rule = flip ? "AH-18" : "AH-16";
    const char* verb = flip ? "flip her token on" : "invade";
    if (military + red_paid < inv.military_needed)
      return broken(military_rule,
                    fmt::format("not enough Military Power to {} {}: it needs {}, and {} has {}{}{}", verb, where(),
                                inv.military_needed, name(seat), military + red_paid,
                                reach && inv.mobility_cards + green_paid < inv.mobility_needed
                                    ? fmt::format("; nor enough Mobility: it is {} away, and she has {}",
                                                  inv.mobility_needed, inv.mobility_cards + green_paid)
                                    : std::string(),
                                instead()),
                    facts());
    if (!reach)
      return broken(mobility_rule,
                    fmt::format("no path reaches {} from {}'s Cities without passing through a Mystic Forest", where(),
                                name(seat)),
                    facts());
    if (inv.mobility_cards + green_paid < inv.mobility_needed)
      return broken(mobility_rule,
                    fmt::format("not enough Mobility to {} {}: it is {} away, and {} has {}{}", verb, where(),
                                inv.mobility_needed, name(seat), inv.mobility_cards + green_paid, instead()),
                    facts());
    if ((red_paid > red_short || green_paid > green_short) &&
        reading<Payment>(Dispute::payment) == Payment::exact_lack)
      return broken("AH-15",
                    red_short == 0 && green_short == 0
                        ? fmt::format("{} pays tokens, but {} are enough: no token is needed (tokens pay only for "
                                      "what the cards lack)",
                                      name(seat), inv.military_extra ? "her cards and effects" : "her cards")
                        : fmt::format("{} pays more tokens than {} lack ({} red and {} green make up the lack{})",
                                      name(seat), inv.military_extra ? "her cards and effects" : "the cards", red_short,
                                      green_short, m.pay[1] ? ", yellow paid as red counted as red" : ""),
                    facts());
  }
  if (inv.bonus_colour == Colour::blue) {
    if (std::optional<Violation> v = flip_without_bonus(m, inv)) return v;
    std::optional<Violation> v = check_bonus_draws(m, inv.bonus);
    if (v) {  // say where the number comes from: the blue slot, halved for a stolen space
      // More cards than the halved bonus, where the deck holds them: the halving is the rule to
      // read (found in review: AH-11, the deck's rule, was quoted for it).
      const int written = m.draw_count >= 0 ? m.draw_count : static_cast<int>(m.drawn.size());
      if (inv.bonus != inv.bonus_full && v->rule == "AH-11" && (m.draws_named || m.draw_count >= 0) &&
          written > inv.bonus && drawable(inv.bonus) == inv.bonus)
        v->rule = "AH-20";
      v->facts.insert(v->facts.begin(),
                      Fact{"bonus", inv.bonus == inv.bonus_full
                                        ? count_of(inv.bonus_full, "card", "cards") + " in the blue slot"
                                        : fmt::format("{} in the blue slot, halved for a stolen space (AH-20): {}",
                                                      count_of(inv.bonus_full, "card", "cards"), inv.bonus)});
    }
    return v;
  }
  if ((m.draws_named && m.drawn.size()) || m.draw_count >= 0)
    return broken("AH-22", fmt::format("only a blue space's bonus draws cards; {} is {}", where(),
                                       colour_name(board_->space(s).colour)),
                  {}, false);
  return std::nullopt;
}

std::optional<Violation> State::flip_without_bonus(const Move& m, const Invasion& inv) const {
  // AH-18's 'free-flip-no-bonus': the flip of her own token brings no bonus, so no draws.
  if (inv.target != Invasion::Target::own_attack || inv.bonus > 0 || inv.bonus_full == 0 ||
      readings_.chosen(static_cast<int>(Dispute::flip)) != static_cast<int>(Flip::free_flip_no_bonus))
    return std::nullopt;
  if (m.draw_count < 0 && !(m.draws_named && m.drawn.size())) return std::nullopt;
  return broken("AH-18",
                fmt::format("a flip of her own 'under attack' token brings no bonus, so it draws no cards, but the "
                            "log {}",
                            m.draw_count >= 0 ? fmt::format("writes 'draws {}'", m.draw_count)
                                              : "names " + count_of(m.drawn.size(), "card", "cards")),
                {}, false);
}

// ---------------------------------------------------------------------------------------
// Applying moves

void State::remove_from_hand(int seat, int card) {
  if (card >= 0 && hand_[seat][card] > 0) {
    --hand_[seat][card];
  } else {
    --hand_unknown_[seat];
  }
  --hand_total_[seat];
}

void State::draw(int seat, int n, const Move& m) {
  const int count = drawable(n);
  for (int i = 0; i < count; ++i) {
    if (deck_size_ == 0) {  // the discards become the new deck (AH-11)
      deck_size_ = discard_size_;
      discard_size_ = 0;
      std::vector<std::int8_t> pile;
      for (std::size_t k = 0; k < discards_.size(); ++k) {
        outside_[k] -= discards_[k];
        for (int c = 0; c < discards_[k]; ++c) pile.push_back(static_cast<std::int8_t>(k));
        discards_[k] = 0;
      }
      if (deck_known_) {
        shuffle(pile, rng_);
        deck_ = pile;
      }
    }
    --deck_size_;
    if (deck_known_) deck_.pop_back();
    ++hand_total_[seat];
    if (open_ && m.draws_named && i < m.drawn.size()) {
      const int c = m.drawn.cards[i];
      ++hand_[seat][c];
      ++outside_[c];
    } else {
      ++hand_unknown_[seat];
    }
  }
}

State State::next_turn() const {
  State next = *this;
  next.end_turn();
  next.commoner_seat_ = -1;
  next.drew_seat_ = -1;
  return next;
}

std::optional<Violation> State::validate_as_next_turn(const Move& m) const {
  const State next = next_turn();
  // Past the game's end, the final scoring's questions (AH-23, AH-24) decide no entry.
  if (next.phase_ == Phase::over) next.readings_.forget();
  std::optional<Violation> v = next.validate_move(m);
  readings_.also_consulted(next.readings_.consulted());
  return v;
}

std::vector<Move> State::next_turn_moves() const {
  const State next = next_turn();
  std::vector<Move> out = next.plain_moves();
  readings_.also_consulted(next.readings_.consulted());
  return out;
}

bool State::close_window() {
  if (phase_ != Phase::after_attack && !commoner_ended_turn()) return false;
  end_turn();
  return true;
}

void State::end_turn() {
  military_extra_[seat_] = 0;
  seat_ = (seat_ + 1) % players();
  phase_ = Phase::politics;
  if (seat_ == 0)
    for (auto& u : used_) u.clear();  // each-round abilities start again (AH-28)
  if (seat_ == 0 && ++round_ > kRounds) {
    round_ = kRounds;
    phase_ = Phase::over;
    final_scores_ = count_scores();  // nothing changes any more: counted once
  }
}

void State::place(int seat, int s) {
  ++held_[s][seat];
  --tokens_left_[seat];
}

void State::apply(const Move& m) {
  declined_ = m.declined.size() ? &m.declined : nullptr;
  apply_move(m);
  declined_ = nullptr;
}

void State::apply_move(const Move& m) {
  const int seat = m.seat;
  if (off_turn(m)) {  // another player's each-round effect (AH-28's 'any-turn'): the turn goes on
    apply_use(m);
    return;
  }
  const bool ended = commoner_ended_turn();  // the next entry ends the turn her Commoner ended
  commoner_seat_ = -1;
  drew_seat_ = -1;
  if (ended) end_turn();
  if (phase_ == Phase::after_attack) {
    if (seat == seat_ && m.kind == Move::Kind::use) {  // the flip her attack left room for (AH-31)
      apply_use(m);
      // Under AH-28's 'after-invasion-too' her turn stays open while an effect is left to her.
      if (!uses_after_invasion()) end_turn();
      return;
    }
    end_turn();  // the next entry ends her turn
  }
  switch (m.kind) {
    case Move::Kind::deal: {
      Move as_draw = m;
      as_draw.drawn = m.named;
      as_draw.draws_named = true;
      draw(seat, kHandSize, as_draw);
      if (++seat_ == players()) seat_ = 0, phase_ = Phase::mulligan;
      return;
    }
    case Move::Kind::mulligan: {
      // As for Cyber (AH-34), the discards land after the draw: a mulligan redraws new cards,
      // never its own discards, even from an empty deck (AH-4).
      const int n = open_ ? m.named.size() : m.discards;
      for (int i = 0; i < n; ++i) remove_from_hand(seat, open_ ? m.named.cards[i] : -1);
      draw(seat, n, m);
      for (int i = 0; i < n; ++i) {
        const int c = open_ ? m.named.cards[i] : -1;
        ++discard_size_;
        if (c >= 0) ++discards_[c];
      }
      mulliganed_[seat] = true;
      if (++seat_ == players()) seat_ = 0, phase_ = Phase::cities, picks_ = 0;
      return;
    }
    case Move::Kind::city: {
      place(seat, m.space);
      ++picks_;
      const int n = players();
      if (picks_ == 2 * n) {
        phase_ = Phase::politics;
        round_ = 1;
        seat_ = 0;
      } else {
        seat_ = picks_ < n ? picks_ : 2 * n - 1 - picks_;  // clockwise, then back (AH-5)
      }
      return;
    }
    case Move::Kind::summon: {
      remove_from_hand(seat, m.card);
      if (!open_) ++outside_[m.card];  // a table log learns the card now
      ++face_up_[m.card];
      slots_[seat][static_cast<int>(m.slot)].push_back(SlotCard{m.card, true});
      // An Alice without abilities changes none in force: gathered again, the list would be the
      // same (she adds no entry, so none of her namesakes further on can find one to repeat).
      if (!catalog_->cards[m.card].effects.empty()) refresh_powers(seat);
      const int paid = m.pay[static_cast<int>(Resource::yellow)];
      resources_[seat][static_cast<int>(Resource::yellow)] -= paid;
      bank_[static_cast<int>(Resource::yellow)] += paid;
      phase_ = Phase::invasion;
      revealed(seat, m.card, m.card);  // her effect takes effect at once (AH-35)
      card_entered(seat, m.slot, m.card);
      return;
    }
    case Move::Kind::commoner:
      remove_from_hand(seat, open_ ? m.card : -1);
      slots_[seat][static_cast<int>(m.slot)].push_back(SlotCard{open_ ? m.card : std::int8_t{-1}, false});
      draw(seat, 1, m);
      phase_ = Phase::invasion;
      card_entered(seat, m.slot, -1);
      commoner_seat_ = seat;  // under 'commoner-ends-turn' her turn is over (commoner_ended_turn())
      return;
    case Move::Kind::draw:
      draw(seat, 3, m);
      end_turn();  // the rest of the turn is skipped (AH-10)
      drew_seat_ = seat;
      return;
    case Move::Kind::pass:
      leave_invasion();
      return;
    case Move::Kind::attack:
      attacker_[m.space] = static_cast<std::int8_t>(seat);
      --tokens_left_[seat];
      // An effect that flips the token just placed may still be used (AH-31): her turn stays
      // open for it, under either reading, so that a refusal can say which reading refused it.
      window_space_ = m.space;
      phase_ = Phase::after_attack;
      if (!may_flip_after_attack() && !uses_after_invasion()) end_turn();
      return;
    case Move::Kind::use:
      apply_use(m);
      return;
    case Move::Kind::invade:
      break;
  }
  const int s = m.space;
  const Invasion inv = spoils(seat, s);  // validate() has judged the rest
  for (int r = 0; r < kResources; ++r) {
    resources_[seat][r] -= m.pay[r];
    bank_[r] += m.pay[r];
  }
  if (m.pay[1]) {  // yellow paid as red: the token-use effects' counts this round (AH-32)
    int left = m.pay[1];
    for (const ActiveAbility& a : active(seat))
      if (left > 0 && a.ability->when == Trigger::always && a.ability->modifier.kind == Modifier::Kind::token_use) {
        const int n = std::min(left, uses_left(seat, a.own, a.effect, *a.ability));
        count_use(seat, a.own, a.effect, n);
        left -= n;
      }
  }
  if (inv.target == Invasion::Target::own_attack) {
    attacker_[s] = -1;
    ++held_[s][seat];  // the token is flipped: no new token
    if (inv.holder >= 0 && inv.holder != seat) {  // a held space taken by the flip (AH-17): her token goes back
      --held_[s][inv.holder];
      ++tokens_left_[inv.holder];
    }
  } else {
    if (attacker_[s] >= 0) {  // another player's 'under attack' token goes back
      ++tokens_left_[attacker_[s]];
      attacker_[s] = -1;
    }
    if (inv.holder >= 0 && inv.holder != seat && !Board::is_city(s)) {  // stolen: the token goes back
      --held_[s][inv.holder];
      ++tokens_left_[inv.holder];
    }
    place(seat, s);
  }
  gain_bonus(seat, s, inv, m);
  invaded_space(seat, s);
  leave_invasion();
}

void State::leave_invasion() {
  if (!uses_after_invasion()) {
    end_turn();
    return;
  }
  phase_ = Phase::after_attack;  // her effects may still come (AH-28's 'after-invasion-too')
  window_space_ = -1;
}

void State::gain_bonus(int seat, int s, const Invasion& inv, const Move& m) {
  switch (inv.bonus_colour) {
    case Colour::red:
    case Colour::yellow:
    case Colour::green: {
      const int r = static_cast<int>(*resource_of(inv.bonus_colour));
      const int gain = std::min(inv.bonus, bank_[r]);  // the bank runs out (AH-22)
      bank_[r] -= gain;
      resources_[seat][r] += gain;
      break;
    }
    case Colour::blue:
      draw(seat, bonus_drawn(m, inv.bonus), m);
      break;
    case Colour::white:
    case Colour::city:
    case Colour::forest:
      points_[seat] += inv.bonus;
      if (inv.bonus) gains_[seat].push_back(Gain{round_, s, inv.bonus, inv.bonus != inv.bonus_full});
      break;
  }
}

// ---------------------------------------------------------------------------------------
// Legal moves (for `wonderlog gen` and `explain`). In an open log without a seed, the cards a
// move draws are chance: such moves are listed without their draws.

void State::fill_draws(Move& m, int n) const {
  if (!open_) return;
  m.draws_named = true;
  if (deck_known_) {
    for (std::int8_t c : upcoming(drawable(n)).cards) m.drawn.push(c);
    return;
  }
  // An open log without a seed names whatever was drawn, any cards left to draw: the move is
  // listed once, with the first such cards in catalog order standing for all of them, so that
  // what legal_moves() lists validate() accepts (explain writes them as a count).
  const std::size_t kinds = catalog_->cards.size();
  boost::container::small_vector<int, 64> left(kinds);
  for (std::size_t k = 0; k < kinds; ++k) left[k] = catalog_->cards[k].count - outside_[k];
  const int count = drawable(n);
  for (int i = 0; i < count; ++i) {
    if (i == deck_size_)  // past the deck's end: the discards, reshuffled (AH-11)
      for (std::size_t k = 0; k < kinds; ++k) left[k] = discards_[k];
    for (std::size_t k = 0; k < kinds; ++k)
      if (left[k] > 0) {
        m.drawn.push(static_cast<int>(k));
        --left[k];
        break;
      }
  }
}

// The next `n` cards of a known deck, the reshuffled discards after its end.
CardList State::upcoming(int n) const {
  CardList order;  // the deck's top cards only: a draw names a few
  const int from_deck = std::min(n, static_cast<int>(deck_.size()));
  for (int i = 1; i <= from_deck; ++i) order.push(deck_[deck_.size() - static_cast<std::size_t>(i)]);
  if (n > deck_size_ && order.size() < n) {
    std::vector<std::int8_t> more;
    for (std::size_t k = 0; k < discards_.size(); ++k)
      for (int c = 0; c < discards_[k]; ++c) more.push_back(static_cast<std::int8_t>(k));
    Rng rng = rng_;
    shuffle(more, rng);
    for (auto it = more.rbegin(); it != more.rend() && order.size() < n; ++it) order.push(*it);
  }
  return order;
}

std::vector<Move> State::invasions(int seat) const {
  std::vector<Move> out;
  Move base;
  base.seat = static_cast<std::uint8_t>(seat);
  const int mobility_at_most = slot_size(seat, Colour::green) + resources_[seat][static_cast<int>(Resource::green)];
  for (int s = 0; s < board_->size(); ++s) {
    const Invasion inv = assess(seat, s, mobility_at_most, false);
    if (inv.target == Invasion::Target::unusable) continue;
    Move m = base;
    m.space = static_cast<std::int16_t>(s);
    m.kind = Move::Kind::invade;
    // The lack is paid exactly (AH-15); a token-use effect may pay part of the red lack in
    // yellow (AH-32): every split is a move of its own, red only first.
    int red_lack = 0, green_lack = 0;
    const bool pays = !(inv.target == Invasion::Target::own_attack && !inv.flip_needs_power);
    if (pays && inv.mobility_needed >= 0) {
      red_lack = std::max(0, inv.military_needed - inv.military_cards - inv.military_extra);
      green_lack = std::max(0, inv.mobility_needed - inv.mobility_cards);
    }
    if (inv.bonus_colour == Colour::blue) fill_draws(m, inv.bonus);
    // AH-15's 'overpay-allowed': any payment from the lack up to the tokens held (yellow as red
    // too, up to what the token-use effects allow).
    const int held_red = resources_[seat][0], held_yellow = resources_[seat][1], held_green = resources_[seat][2];
    // Red and yellow together may pass the red lack when neither does alone (1 red and 2
    // yellow for a lack of 2): found by the legal_moves/validate property.
    const bool overpay = pays && inv.mobility_needed >= 0 &&
                         (held_red + std::min(inv.yellow_as_red, held_yellow) > red_lack ||
                          held_green > green_lack) &&
                         reading<Payment>(Dispute::payment) == Payment::overpay_allowed;
    // The quick assessment decides legality as validate() does (its limit is at least the
    // Mobility each move has), without tracing paths for refusals.
    const int yellow_most = overpay ? std::min(inv.yellow_as_red, held_yellow)
                                    : std::min({red_lack, inv.yellow_as_red, held_yellow});
    for (int yellow = 0; yellow <= yellow_most; ++yellow) {
      const int red_least = std::max(0, red_lack - yellow);
      for (int red = red_least; red <= (overpay ? std::max(red_least, held_red) : red_least); ++red)
        for (int green = green_lack; green <= (overpay ? std::max(green_lack, held_green) : green_lack); ++green) {
          m.pay[0] = static_cast<std::uint8_t>(red);
          m.pay[1] = static_cast<std::uint8_t>(yellow);
          m.pay[2] = static_cast<std::uint8_t>(green);
          if (!judge_invasion(m, inv)) out.push_back(m);
        }
    }
    Move a = base;
    a.space = static_cast<std::int16_t>(s);
    a.kind = Move::Kind::attack;
    if (!judge_invasion(a, inv)) out.push_back(a);
  }
  return out;
}

std::vector<Move> State::legal_moves() const {
  std::vector<Move> out = plain_moves();
  for (Move& u : off_turn_uses()) out.push_back(std::move(u));
  // AH-22's 'up-to': a blue bonus may be drawn in part, down to none. chosen(), not consult():
  // listing is not reading a log.
  if (readings_.chosen(static_cast<int>(Dispute::blue_bonus)) == static_cast<int>(BlueBonus::up_to)) {
    const std::size_t whole = out.size();
    for (std::size_t i = 0; i < whole; ++i) {
      const int bonus = blue_bonus_of(out[i]);
      for (int k = 0; k < bonus; ++k) {
        Move fewer = out[i];
        if (open_ && k > 0) {  // the first k of the cards it would draw, named
          CardList first;
          for (int c = 0; c < k; ++c) first.push(out[i].drawn.cards[c]);
          fewer.drawn = first;
        } else {
          fewer.drawn = {};
          fewer.draw_count = static_cast<std::int8_t>(k);
        }
        out.push_back(fewer);
      }
    }
  }
  // AH-27: a move that sets off effects by themselves may decline any of them.
  const std::size_t plain = out.size();
  for (std::size_t i = 0; i < plain; ++i) {
    const Move m = out[i];
    bool may = m.kind == Move::Kind::use || (m.kind == Move::Kind::invade && powers_[m.seat].invades) ||
               ((m.kind == Move::Kind::summon || m.kind == Move::Kind::commoner) && powers_[m.seat].enters);
    if (m.kind == Move::Kind::summon)
      for (const Ability& a : catalog_->cards[m.card].effects)
        may = may || a.when == Trigger::played_or_revealed || a.when == Trigger::card_enters_slot;
    if (!may) continue;
    const std::vector<int> set_off = by_itself(m);
    if (set_off.empty() || reading<ByItself>(Dispute::by_itself) == ByItself::automatic) continue;
    const std::size_t n = std::min<std::size_t>(set_off.size(), 4);  // every choice, up to 15 of them
    for (unsigned mask = 1; mask < (1u << n); ++mask) {
      Move d = m;
      for (std::size_t b = 0; b < n; ++b)
        if (mask >> b & 1) d.declined.push(set_off[b]);
      out.push_back(d);
    }
  }
  return out;
}

std::vector<Move> State::plain_moves() const {
  std::vector<Move> out;
  if (phase_ == Phase::over) return out;
  auto keep_if_valid = [&](const Move& m) {
    if (!validate(m)) out.push_back(m);
  };
  Move base;
  base.seat = static_cast<std::uint8_t>(seat_);
  switch (phase_) {
    case Phase::deal: {
      if (!deck_known_) return out;
      Move m = base;
      m.kind = Move::Kind::deal;
      for (int i = 0; i < kHandSize; ++i) m.named.push(deck_[deck_.size() - 1 - i]);
      out.push_back(m);
      return out;
    }
    case Phase::mulligan: {
      Move m = base;
      m.kind = Move::Kind::mulligan;
      if (!open_) {
        for (int k = 0; k <= hand_total_[seat_]; ++k) {
          m.discards = static_cast<std::uint8_t>(k);
          out.push_back(m);
        }
        return out;
      }
      std::vector<int> cards;
      for (std::size_t c = 0; c < hand_[seat_].size(); ++c)
        for (int i = 0; i < hand_[seat_][c]; ++i) cards.push_back(static_cast<int>(c));
      std::vector<CardList> seen;
      for (unsigned mask = 0; mask < (1u << cards.size()); ++mask) {
        CardList l;
        for (std::size_t i = 0; i < cards.size(); ++i)
          if (mask & (1u << i)) l.push(cards[i]);
        if (std::find(seen.begin(), seen.end(), l) != seen.end()) continue;
        seen.push_back(l);
        Move k = m;
        k.named = l;
        fill_draws(k, l.size());
        out.push_back(k);
      }
      return out;
    }
    case Phase::cities:
      for (int p = 0; p < board_->positions(); ++p) {
        Move m = base;
        m.kind = Move::Kind::city;
        m.space = static_cast<std::int16_t>(Board::city_of(p));
        keep_if_valid(m);
      }
      return out;
    case Phase::politics: {
      out = uses(seat_);
      if (hand_total_[seat_] == 0) {
        Move m = base;
        m.kind = Move::Kind::draw;
        fill_draws(m, 3);
        out.push_back(m);
        return out;
      }
      const int dream = slot_size(seat_, Colour::yellow);
      for (std::size_t c = 0; c < catalog_->cards.size(); ++c) {
        if (open_ ? hand_[seat_][c] == 0 : outside_[c] >= catalog_->cards[c].count) continue;
        Move m = base;
        m.kind = Move::Kind::summon;
        m.card = static_cast<std::int8_t>(c);
        m.slot = catalog_->cards[c].colour;
        const int lack = std::max(0, catalog_->cards[c].cost - dream);
        m.pay[1] = static_cast<std::uint8_t>(lack);
        keep_if_valid(m);
        // AH-15's 'overpay-allowed': every payment up to the yellow tokens she holds.
        if (resources_[seat_][1] > lack && reading<Payment>(Dispute::payment) == Payment::overpay_allowed)
          for (int paid = lack + 1; paid <= resources_[seat_][1]; ++paid) {
            m.pay[1] = static_cast<std::uint8_t>(paid);
            keep_if_valid(m);
          }
      }
      for (int slot = 0; slot < kSlots; ++slot) {
        if (slot_size(seat_, static_cast<Colour>(slot)) >= kSlotCards) continue;
        for (std::size_t c = 0; c < (open_ ? catalog_->cards.size() : 1); ++c) {
          if (open_ && hand_[seat_][c] == 0) continue;
          Move m = base;
          m.kind = Move::Kind::commoner;
          m.slot = static_cast<Colour>(slot);
          m.card = open_ ? static_cast<std::int8_t>(c) : std::int8_t{-1};
          fill_draws(m, 1);
          out.push_back(m);
        }
      }
      return out;
    }
    case Phase::after_attack: {
      // Her flip of the token just placed (AH-31), and the next turn's moves, which end hers.
      if (window_space_ < 0 || uses_after_invasion()) {  // any effect of hers (AH-28's 'after-invasion-too')
        for (Move& u : uses(seat_))
          if (!validate_after_attack(u)) out.push_back(std::move(u));
      } else if (reading<FlipTime>(Dispute::flip_time) == FlipTime::after_attack) {
        out = flips_after_attack();
      }
      for (Move& m : next_turn_moves()) out.push_back(std::move(m));
      return out;
    }
    case Phase::invasion: {
      if (commoner_ended_turn()) return next_turn_moves();  // AH-14's 'commoner-ends-turn'
      out = invasions(seat_);
      // `pass`: when nothing can be invaded or attacked, or at any time under AH-13's reading
      // 'pass-allowed' (chosen(), not consult(): listing is not reading a log).
      if (out.empty() ||
          readings_.chosen(static_cast<int>(Dispute::invasion_step)) == static_cast<int>(InvasionStep::pass_allowed)) {
        Move m = base;
        m.kind = Move::Kind::pass;
        out.push_back(m);
      }
      for (const Move& u : uses(seat_)) out.push_back(u);
      return out;
    }
    default:
      return out;
  }
}

// ---------------------------------------------------------------------------------------
// Editing (tests and worked examples)

void State::edit_token(int space, int seat, bool invaded) {
  final_scores_.clear();
  if (invaded)
    ++held_[space][seat];
  else
    attacker_[space] = static_cast<std::int8_t>(seat);
  --tokens_left_[seat];
}

void State::edit_card(int seat, Colour slot, int card, bool face_up) {
  final_scores_.clear();
  slots_[seat][static_cast<int>(slot)].push_back(SlotCard{static_cast<std::int8_t>(card), face_up});
  if (face_up) {
    ++face_up_[card];
    ++outside_[card];
  }
  refresh_powers(seat);
  --deck_size_;
}

void State::edit_resources(int seat, Resource r, int n) {
  final_scores_.clear();
  resources_[seat][static_cast<int>(r)] += n;
  bank_[static_cast<int>(r)] -= n;
}

void State::edit_turn(int round, int seat, Phase phase) {
  final_scores_.clear();
  if (round != round_)
    for (auto& u : used_) u.clear();
  round_ = round;
  seat_ = seat;
  phase_ = phase;
}

// ---------------------------------------------------------------------------------------
// Final scoring

TileAward award_tile(const std::array<int, kMaxPlayers>& tokens, const std::array<int, kMaxPlayers>& alices,
                     int players) {
  using Why = TileAward::Why;
  using Seats = boost::container::static_vector<int, kMaxPlayers>;  // asked for every tile of every score
  TileAward a;
  auto best = [&](const Seats& group, const std::array<int, kMaxPlayers>& by) {
    int most = -1;
    Seats top;
    for (int seat : group) {
      if (by[seat] > most) most = by[seat], top.clear();
      if (by[seat] == most) top.push_back(seat);
    }
    return top;
  };
  auto give = [&](int seat, int points, Why why) {
    a.points[seat] = points;
    a.why[seat] = why;
  };
  auto without = [](Seats group, const Seats& out) {
    for (int seat : out) group.erase(std::remove(group.begin(), group.end(), seat), group.end());
    return group;
  };
  Seats on;
  for (int seat = 0; seat < players; ++seat)
    if (tokens[seat] > 0) on.push_back(seat);
  if (on.empty()) return a;
  const Seats first = best(on, tokens);
  if (first.size() == 1) {
    give(first[0], 6, Why::most);
    const Seats second = best(without(on, first), tokens);
    if (second.size() == 1) {
      give(second[0], 3, Why::second);
    } else if (second.size() > 1) {
      const Seats top = best(second, alices);
      if (top.size() == 1)
        give(top[0], 3, Why::second_on_alices);
      else
        a.tie_for_second = true;
    }
    return a;
  }
  const Seats top = best(first, alices);
  if (top.size() > 1) {
    for (int seat : top) give(seat, 3, Why::tied);
    return a;
  }
  give(top[0], 6, Why::first_on_alices);
  const Seats runner = best(without(first, top), alices);
  if (runner.size() == 1)
    give(runner[0], 3, Why::second_on_alices);
  else
    a.tie_for_second = true;
  return a;
}

std::array<int, kMaxPlayers> award_colour(const std::array<int, kMaxPlayers>& alices, int players) {
  std::array<int, kMaxPlayers> out{};
  int most = 0;
  for (int seat = 0; seat < players; ++seat) most = std::max(most, alices[seat]);
  if (most == 0) return out;
  for (int seat = 0; seat < players; ++seat)
    if (alices[seat] == most) out[seat] = most;
  return out;
}

std::array<int, kMaxPlayers> State::tile_tokens(int position) const {
  std::array<int, kMaxPlayers> tokens{};
  for (int k = 0; k < kTileSpaces; ++k) {
    const int space = Board::city_of(position) + k;
    for (int seat = 0; seat < players(); ++seat) tokens[seat] += held_[space][seat];
    // AH-23: an 'under attack' token is a territory token too, unless only invaded ones count.
    if (attacker_[space] >= 0 && reading<TileMajority>(Dispute::tile_majority) == TileMajority::all_tokens)
      ++tokens[attacker_[space]];
  }
  return tokens;
}

std::vector<TileScore> State::tile_scores() const {
  std::vector<TileScore> out;
  const int n = players();
  std::array<int, kMaxPlayers> all_alices{};
  for (int seat = 0; seat < n; ++seat) all_alices[seat] = alices(seat);
  for (int p = 0; p < board_->positions(); ++p) {
    TileScore t;
    t.position = p;
    t.tokens = tile_tokens(p);
    const TileAward award = award_tile(t.tokens, all_alices, n);
    t.points = award.points;
    using Why = TileAward::Why;
    // First the 6, then the 3s, in seat order.
    for (int points : {6, 3})
      for (int seat = 0; seat < n; ++seat) {
        if (award.points[seat] != points) continue;
        const Why why = award.why[seat];
        const char* text = why == Why::most               ? "most tokens"
                           : why == Why::second           ? "second most tokens"
                           : why == Why::first_on_alices  ? "tied for first on tokens, most Alices"
                           : why == Why::second_on_alices ? "tied on tokens, second on Alices"
                                                          : "tied for first on tokens and Alices";
        t.how += fmt::format("{}{} {} ({})", t.how.empty() ? "" : ", ", name(seat), points, text);
      }
    if (award.tie_for_second) t.how += std::string(t.how.empty() ? "" : ", ") + "a tie for second gives nothing";
    if (t.how.empty()) t.how = "no tokens";
    out.push_back(std::move(t));
  }
  return out;
}

bool State::counts_by_card_colour() const {
  // AH-24's readings part only where an Alice sits in a slot of another colour than her own
  // (Detective's doing, AH-44): only then is the reading asked.
  bool elsewhere = false;
  for (int seat = 0; seat < players() && !elsewhere; ++seat)
    for (int k = 0; k < kSlots && !elsewhere; ++k)
      for (const SlotCard& card : slot(seat, static_cast<Colour>(k)))
        elsewhere = elsewhere ||
                    (card.face_up && card.card >= 0 && catalog_->cards[card.card].colour != static_cast<Colour>(k));
  return elsewhere && reading<ColourScoring>(Dispute::colour_scoring) == ColourScoring::by_card_colour;
}

std::array<int, kMaxPlayers> State::colour_points(Colour c) const {
  return colour_points(c, counts_by_card_colour());
}

std::array<int, kMaxPlayers> State::colour_points(Colour c, bool by_card) const {
  std::array<int, kMaxPlayers> counted{};
  for (int seat = 0; seat < players(); ++seat) {
    if (!by_card) {
      counted[seat] = alices_in(seat, c);
      continue;
    }
    for (int k = 0; k < kSlots; ++k)  // her Alices of this colour, in whatever slot
      for (const SlotCard& card : slot(seat, static_cast<Colour>(k)))
        counted[seat] += card.face_up && card.card >= 0 && catalog_->cards[card.card].colour == c;
  }
  return award_colour(counted, players());
}

int State::final_points(int seat) const { return scores()[seat]; }

std::vector<int> State::scores() const { return final_scores_.empty() ? count_scores() : final_scores_; }

std::vector<int> State::count_scores() const {
  // The same sums as tile_scores() and colour_points(), without their wording: the verifier
  // asks for the scores of every game it checks.
  const int n = players();
  std::vector<int> out(points_.begin(), points_.end());
  std::array<int, kMaxPlayers> all_alices{};
  for (int seat = 0; seat < n; ++seat) all_alices[seat] = alices(seat);
  for (int p = 0; p < board_->positions(); ++p) {
    const TileAward award = award_tile(tile_tokens(p), all_alices, n);
    for (int seat = 0; seat < n; ++seat) out[seat] += award.points[seat];
  }
  const bool by_card = counts_by_card_colour();  // asked once, not for each colour
  for (int c = 0; c < kSlots; ++c) {
    const std::array<int, kMaxPlayers> colour = colour_points(static_cast<Colour>(c), by_card);
    for (int seat = 0; seat < n; ++seat) out[seat] += colour[seat];
  }
  for (int seat = 0; seat < n; ++seat)
    for (const EffectScore& e : effect_scores(seat, false)) out[seat] += e.points;
  return out;
}

std::vector<int> State::winners() const {
  if (!is_over()) return {};
  const std::vector<int> s = scores();
  std::vector<int> top;
  int best = -1, best_alices = -1;
  for (int seat = 0; seat < players(); ++seat) {
    const int a = alices(seat);
    if (s[seat] > best || (s[seat] == best && a > best_alices)) {
      best = s[seat];
      best_alices = a;
      top.clear();
    }
    if (s[seat] == best && a == best_alices) top.push_back(seat);
  }
  return top;
}

}  // namespace wonderlog::alicematic
