#include "engine/hide_and_seek/state.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <numeric>

namespace wonderlog::hide_and_seek {

namespace {

const char* kPathNames[kPaths] = {"Horizontal or vertical", "Diagonal", "Adjacent", "Joker"};

Violation violation(const char* rule, std::string message, bool physical = true, std::vector<Fact> facts = {}) {
  return Violation{rule, std::move(message), std::move(facts), physical};
}

bool on_path(Path path, Spot from, Spot to) {
  const int dr = std::abs(to.row - from.row), dc = std::abs(to.column - from.column);
  if (dr == 0 && dc == 0) return false;
  const bool line = dr == 0 || dc == 0, diagonal = dr == dc;
  switch (path) {
    case Path::orthogonal:
      return line;
    case Path::diagonal:
      return diagonal;
    case Path::adjacent:
      return dr <= 1 && dc <= 1;
    case Path::joker:
      return line || diagonal;
  }
  return false;
}

bool adjacent(Spot a, Spot b) {
  return !(a == b) && std::abs(a.row - b.row) <= 1 && std::abs(a.column - b.column) <= 1;
}

std::string describe(const Tile& t) {
  switch (t.kind) {
    case Tile::Kind::garden: {
      const std::string name = kPathNames[static_cast<int>(t.path)];
      return (name[0] == 'A' ? "an " : "a ") + name + " Garden tile";
    }
    case Tile::Kind::unknown_garden:
      return "a Garden tile";
    case Tile::Kind::start:
      return "the start tile";
    case Tile::Kind::companion:
      return "a Companion";
    case Tile::Kind::guard:
      return "a Guard";
  }
  return "?";
}

}  // namespace

std::string path_name(Path p) {
  return kPathNames[static_cast<int>(p)];
}

std::string Spot::name() const {
  std::string out(1, static_cast<char>('a' + column));  // appended, not `+`: GCC 12's -Wrestrict misfires
  out += std::to_string(row + 1);
  return out;
}

std::optional<Violation> State::check_players(int n) {
  if (n != 2)
    return violation("HS-1",
                     "Hide-and-seek in the royal garden is for 2 players, Alice and the Queen, not " + std::to_string(n),
                     false);
  return std::nullopt;
}

std::optional<Violation> State::check(const Setup& setup) {
  if (auto v = check_players(static_cast<int>(setup.names.size()))) return v;
  if (setup.start.row >= kRows || setup.start.column >= kColumns)
    return violation("HS-2", "the start tile must lie on the 5x4 garden", false);
  const int garden = std::accumulate(setup.garden_counts.begin(), setup.garden_counts.end(), 0);
  if (garden != kSpots - 1)
    return violation(
        "HS-16",
        "the box must hold 19 Garden tiles to fill the garden around the start tile, not " + std::to_string(garden),
        false);
  if (setup.layout) {
    std::array<int, kPaths> seen{};
    for (int i = 0; i < kSpots; ++i) {
      if (i == setup.start.index()) continue;
      const Tile& t = (*setup.layout)[i];
      if (t.kind != Tile::Kind::garden)
        return violation("HS-16", "the layout's " + Spot::at(i).name() + " must hold a Garden tile at the start",
                         false);
      ++seen[static_cast<int>(t.path)];
    }
    // Name a kind with too many first: that is the tile written wrongly.
    int p = 0;
    while (p < kPaths && seen[p] <= setup.garden_counts[p]) ++p;
    if (p == kPaths)
      for (p = 0; p < kPaths && seen[p] == setup.garden_counts[p];) ++p;
    if (p < kPaths)
      return violation("HS-16",
                       "the layout has " + std::to_string(seen[p]) + " " + kPathNames[p] +
                           " Garden tiles; the box has " + std::to_string(setup.garden_counts[p]),
                       false, {{"path", kPathNames[p]}});
  }
  return std::nullopt;
}

State::State(const Setup& setup)
    : catalog_(setup.catalog),
      names_(setup.names),
      counts_(setup.garden_counts),
      alice_(setup.start),
      start_path_(setup.start_path),
      companions_(setup.companions),
      guards_(setup.guards),
      readings_(setup.readings) {
  World w;
  for (int i = 0; i < kSpots; ++i) {
    if (i == setup.start.index()) {
      w.tiles[i] = Tile{Tile::Kind::start, setup.start_path};
      face_up_[i] = true;  // HS-3: the start tile counts as revealed
    } else if (setup.layout) {
      w.tiles[i] = (*setup.layout)[i];
      ++w.fixed[static_cast<int>(w.tiles[i].path)];
    } else {
      w.tiles[i] = Tile{};
    }
  }
  worlds_.push_back(w);
  start_alice_turn();
}

std::vector<int> State::scores() const {
  return {winner_ == Winner::alice ? 1 : 0, winner_ == Winner::queen ? 1 : 0};
}

std::vector<int> State::winners() const {
  if (winner_ == Winner::alice) return {kAlice};
  if (winner_ == Winner::queen) return {kQueen};
  return {};
}

std::optional<Tile> State::known(Spot s) const {
  const Tile& first = worlds_.front().tiles[s.index()];
  for (const World& w : worlds_)
    if (!(w.tiles[s.index()] == first)) return std::nullopt;
  return first;
}

bool State::reachable(int i) const {
  return !face_up_[i] && on_paths(Spot::at(i));
}

std::vector<Spot> State::reachable() const {
  std::vector<Spot> out;
  for (int i = 0; i < kSpots; ++i)
    if (reachable(i)) out.push_back(Spot::at(i));
  return out;
}

namespace {

// For each path and spot, the spots on that path from it, a bit per spot index; the Adjacent
// path's diagonal neighbours apart, since HS-4's readings part on them.
struct PathMasks {
  std::array<std::array<std::uint32_t, kSpots>, kPaths> on{};
  std::array<std::uint32_t, kSpots> adjacent_diagonals{};
};
const PathMasks& path_masks() {
  static const PathMasks masks = [] {
    PathMasks m;
    for (int p = 0; p < kPaths; ++p)
      for (int from = 0; from < kSpots; ++from)
        for (int to = 0; to < kSpots; ++to) {
          const Spot a = Spot::at(from), b = Spot::at(to);
          if (!on_path(static_cast<Path>(p), a, b)) continue;
          const bool diagonal = std::abs(a.row - b.row) == 1 && std::abs(a.column - b.column) == 1;
          if (static_cast<Path>(p) == Path::adjacent && diagonal)
            m.adjacent_diagonals[from] |= 1u << to;
          else
            m.on[p][from] |= 1u << to;
        }
    return m;
  }();
  return masks;
}

}  // namespace

// As reachable() is non-empty, by masks: asked after every move of Alice's and at each of her
// turns, where a look at every spot cost about as much as the rest of the move.
bool State::can_step() const {
  // face_up_'s 20 bools (bytes of 0 or 1) packed eight at a time, a bit per spot: the multiply
  // gathers byte i's low bit into bit 56 + i (little-endian loads).
  static_assert(kSpots == 20 && sizeof(bool) == 1);
  const auto pack = [](const bool* p) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    return static_cast<std::uint32_t>((x * 0x0102040810204080ULL) >> 56);
  };
  const std::uint32_t up = pack(face_up_.data()) | pack(face_up_.data() + 8) << 8 | (pack(face_up_.data() + 12) >> 4)
                                                                                           << 16;
  const std::uint32_t down = ~up & ((1u << kSpots) - 1);
  const PathMasks& m = path_masks();
  const Path path = current_path();
  const int from = alice_.index();
  if (m.on[static_cast<int>(path)][from] & down) return true;
  // HS-4's readings part only on the Adjacent path's diagonal neighbours: asked where they decide.
  if (path != Path::adjacent || !(m.adjacent_diagonals[from] & down)) return false;
  return reading<Adjacent>(Dispute::adjacent) == Adjacent::eight_neighbours;
}

bool State::holds_start(Spot s) const {
  const std::optional<Tile> t = known(s);
  return t && t->kind == Tile::Kind::start;
}

// The refusal of a Queen's action on a tile she sees face up: under HS-3 for the start tile,
// otherwise under `rule` ("b3 is face up: a Guard is played on a face-down tile").
Violation State::shown_to_queen(Spot s, const char* rule, const char* state, const char* why) const {
  if (holds_start(s))
    return violation("HS-3", s.name() + " holds the start tile, which counts as revealed: " + why, false);
  return violation(rule, s.name() + " " + state + ": " + why, false);
}

bool State::face_up_for_queen(Spot s) const {
  if (!face_up_[s.index()]) return false;
  if (!holds_start(s)) return true;
  return reading<StartTile>(Dispute::start_tile) == StartTile::start_revealed;
}

bool State::on_paths(Spot to) const {
  const Path path = current_path();
  // HS-4's readings differ only on the diagonal neighbours of the Adjacent path.
  if (path == Path::adjacent && std::abs(to.row - alice_.row) == 1 && std::abs(to.column - alice_.column) == 1)
    return reading<Adjacent>(Dispute::adjacent) == Adjacent::eight_neighbours;
  return on_path(path, alice_, to);
}

bool State::queen_has_action() const {
  return guards_ > 0 || !king_used_[kLook] || !king_used_[kMoveAlice] || !king_used_[kReorder];
}

void State::start_alice_turn() {
  next_ = kAlice;
  if (!can_step()) {  // HS-11
    winner_ = Winner::queen;
    win_reason_ = "Alice cannot move: no face-down tile lies on her " + path_name(current_path()) + " paths";
  }
}

void State::start_queen_turn() {
  next_ = kQueen;
  if (!queen_has_action()) {  // HS-14
    winner_ = Winner::alice;
    win_reason_ = "the Queen has no action left: no Guard and no King tile";
  }
}

// Whether a world can show `seen` at spot s; assigns an unknown Garden tile if `assign`.
static bool fits(std::array<Tile, kSpots>& tiles, std::array<int, kPaths>& fixed, const std::array<int, kPaths>& counts,
                 int s, const Seen& seen) {
  Tile& t = tiles[s];
  switch (seen.kind) {
    case Tile::Kind::garden:
      if (t.kind == Tile::Kind::garden) return t.path == seen.path;
      if (t.kind != Tile::Kind::unknown_garden) return false;
      if (fixed[static_cast<int>(seen.path)] >= counts[static_cast<int>(seen.path)]) return false;
      ++fixed[static_cast<int>(seen.path)];
      t = seen;
      return true;
    case Tile::Kind::companion:
    case Tile::Kind::guard:
    case Tile::Kind::start:  // a Guard on the start tile, under HS-3's 'start-face-down'
      return t.kind == seen.kind;
    default:
      return false;
  }
}

std::string State::reason(const World& world, Spot s, const Seen& seen) const {
  World w = world;
  if (fits(w.tiles, w.fixed, counts_, s.index(), seen)) return {};
  const Tile& t = world.tiles[s.index()];
  if (t.kind == Tile::Kind::unknown_garden && seen.kind == Tile::Kind::garden)
    return (counts_[static_cast<int>(seen.path)] == 2
                ? std::string("both ")
                : "all " + std::to_string(counts_[static_cast<int>(seen.path)]) + " ") +
           kPathNames[static_cast<int>(seen.path)] + " Garden tiles are accounted for already";
  if (t.kind == Tile::Kind::unknown_garden) return "only a Garden tile can lie at " + s.name();
  return s.name() + " holds " + describe(t);
}

std::string State::reasons(Spot s, const Seen& seen) const {
  if (worlds_.size() == 1) return reason(worlds_.front(), s, seen);
  std::string kept, swapped;
  for (const World& w : worlds_) (w.swapped ? swapped : kept) = reason(w, s, seen);
  if (kept == swapped) return kept + " (whether or not the Queen swapped at her look)";
  return "if the Queen kept the tiles at her look, " + kept + "; if she swapped them, " + swapped;
}

std::optional<Violation> State::check_reveal(Spot s, const Seen& seen, const char* who) const {
  for (World w : worlds_)
    if (fits(w.tiles, w.fixed, counts_, s.index(), seen)) return std::nullopt;
  return violation(
      "HS-16",
      std::string(who) + " cannot have revealed " + describe(seen) + " at " + s.name() + ": " + reasons(s, seen), false,
      {{"spot", s.name()}});
}

void State::reveal(Spot s, const Seen& seen) {
  std::size_t kept = 0;  // the worlds that fit, kept in order, in place
  for (World w : worlds_)
    if (fits(w.tiles, w.fixed, counts_, s.index(), seen)) worlds_[kept++] = w;
  worlds_.resize(kept);
}

std::optional<Violation> State::validate(const Move& m) const {
  if (is_over()) return violation("HS-15", "the game is over: " + win_reason_, false);
  const int expected = m.kind == Move::Kind::step ? kAlice : kQueen;
  if (m.seat != expected)
    return violation("HS-1",
                     names_[m.seat] + " plays " + (m.seat == kAlice ? "Alice" : "the Queen") +
                         " and cannot make this move, which is " + (expected == kAlice ? "Alice" : "the Queen") +
                         "'s (" + names_[expected] + ")",
                     false);
  if (next_ != m.seat)
    return violation(
        "HS-1", "it is " + std::string(next_ == kAlice ? "Alice" : "the Queen") + "'s turn (" + names_[next_] + ")");
  const auto on_garden = [](Spot s) { return s.row < kRows && s.column < kColumns; };
  switch (m.kind) {
    case Move::Kind::step: {
      if (!on_garden(m.spot))
        return violation("HS-1", "there is no spot " + m.spot.name() + " in the 5x4 garden", false);
      if (m.spot == alice_)
        return violation("HS-4", "Alice is already on " + m.spot.name() + ": she moves to another tile", false);
      if (face_up_[m.spot.index()]) {
        // The start tile (face up here under both HS-3's readings) is HS-3's: Alice never lands
        // on it again. (It was told "b4 is revealed" under HS-4, found in review.)
        if (holds_start(m.spot))
          return violation(
              "HS-3", m.spot.name() + " holds the start tile: Alice may cross it but never land on it again", false);
        return violation("HS-4", m.spot.name() + " is revealed: Alice may cross it but never land on it", false);
      }
      if (!on_paths(m.spot))
        return violation("HS-4",
                         m.spot.name() + " is not on Alice's paths from " + alice_.name() + ": " +
                             (pile_.empty() ? "the start tile's side" : "the top tile of the Garden pile") + " shows " +
                             path_name(current_path()) + " paths",
                         true, {{"paths", path_name(current_path())}, {"from", alice_.name()}});
      return check_reveal(m.spot, m.seen, "Alice");
    }
    case Move::Kind::guard: {
      if (guards_ == 0) return violation("HS-14", "the Guard pile is empty: the Queen can no longer play a Guard", false);
      if (!on_garden(m.spot))
        return violation("HS-1", "there is no spot " + m.spot.name() + " in the 5x4 garden", false);
      if (face_up_for_queen(m.spot))
        return shown_to_queen(m.spot, "HS-5", "is face up", "a Guard is played on a face-down tile");
      if (m.seen.kind == Tile::Kind::start && !face_up_[m.spot.index()])
        return violation("HS-16", "the start tile is not at " + m.spot.name(), false, {{"spot", m.spot.name()}});
      return check_reveal(m.spot, m.seen, "the Queen's Guard");
    }
    case Move::Kind::look: {
      if (king_used_[kLook]) return violation("HS-9", "the King of Hearts' look has been used already", false);
      for (Spot s : {m.spot, m.other}) {
        if (!on_garden(s)) return violation("HS-1", "there is no spot " + s.name() + " in the 5x4 garden", false);
        if (face_up_for_queen(s) && reading<LookAt>(Dispute::look) == LookAt::face_down_only)
          return violation("HS-9", s.name() + " is face up: the look is at face-down tiles", false);
        if (s == alice_)
          return violation("HS-9", "the Queen may not look at the tile Alice stands on (" + s.name() + ")", false);
      }
      if (m.spot == m.other)
        return violation("HS-9", "the look names " + m.spot.name() + " twice: a look is at two different tiles", false);
      // A face-up tile moves in plain view: the table knows whether it was swapped.
      if ((face_up_[m.spot.index()] || face_up_[m.other.index()]) && m.told == Move::Told::unknown) {
        const Spot shown = face_up_[m.spot.index()] ? m.spot : m.other;
        return violation("HS-9",
                         shown.name() +
                             (holds_start(shown) ? " holds the start tile, printed on both sides" : " is face up") +
                             ", so the table sees whether the Queen swaps it: write 'swap' or 'keep'",
                         false);
      }
      // Under HS-17's 'swap-seen' the Queen looks in secret but swaps in plain view.
      if (m.told == Move::Told::unknown && reading<SwapSeen>(Dispute::swap) == SwapSeen::swap_seen)
        return violation("HS-17",
                         "the table sees whether the Queen swaps the two tiles she looked at: write 'swap' or 'keep'",
                         false);
      for (World w : worlds_) {
        bool ok = (!m.saw_spot || fits(w.tiles, w.fixed, counts_, m.spot.index(), *m.saw_spot)) &&
                  (!m.saw_other || fits(w.tiles, w.fixed, counts_, m.other.index(), *m.saw_other));
        if (ok) return std::nullopt;
      }
      // Name the tile she cannot have seen (the first one, if each is possible alone).
      const bool first_alone = !m.saw_spot || !reason(worlds_.front(), m.spot, *m.saw_spot).empty();
      const Spot bad = first_alone && m.saw_spot ? m.spot : m.other;
      const Seen& claimed = first_alone && m.saw_spot ? *m.saw_spot : *m.saw_other;
      std::string why = reasons(bad, claimed);
      if (why.empty()) {  // each could be there alone
        const bool same = m.saw_spot && m.saw_other && m.saw_spot->kind == m.saw_other->kind &&
                          (m.saw_spot->kind != Tile::Kind::garden || m.saw_spot->path == m.saw_other->path);
        why = same ? "either could be there alone, but not both: fewer than two such tiles are left unaccounted for"
                   : "either could be there alone, but not both";
      }
      return violation("HS-16", "the Queen cannot have seen " + describe(claimed) + " at " + bad.name() + ": " + why,
                       false, {{"spot", bad.name()}});
    }
    case Move::Kind::move_alice: {
      if (king_used_[kMoveAlice]) return violation("HS-8", "the King of Hearts' move has been used already", false);
      if (m.no_effect) {
        // The words only for a refusal: every move of the King is checked here.
        std::string free;  // the face-down tiles next to Alice, in spot order
        for (int i = 0; i < kSpots; ++i)
          if (adjacent(alice_, Spot::at(i)) && !face_up_for_queen(Spot::at(i)))
            free += (free.empty() ? "" : ", ") + Spot::at(i).name();
        if (free.empty()) return std::nullopt;
        return violation("HS-8", "the move has an effect: a face-down tile next to Alice is free (" + free +
                                     "), so name the one she moves to");
      }
      if (!on_garden(m.spot))
        return violation("HS-1", "there is no spot " + m.spot.name() + " in the 5x4 garden", false);
      // Her own tile first, face up (the start tile, a Companion) or not: the move is no move.
      if (m.spot == alice_)
        return violation(
            "HS-8", "Alice is already on " + m.spot.name() + ": the Queen moves her onto a tile next to hers", false);
      // Not physical first: an accepted move is replayed only if it could be carried out.
      if (face_up_for_queen(m.spot))
        return shown_to_queen(m.spot, "HS-8", "is revealed", "the Queen cannot move Alice onto it");
      if (!adjacent(alice_, m.spot))
        return violation("HS-8", m.spot.name() + " is not next to Alice (" + alice_.name() + ")");
      if (reading<KingMove>(Dispute::king_move) == KingMove::move_no_reveal) {
        if (m.reveals)
          return violation("HS-8",
                           "the King's move does not turn the tile up: write 'move " + m.spot.name() + "' alone",
                           false);
        return std::nullopt;
      }
      if (!m.reveals)
        return violation("HS-8",
                         "Alice turns up the tile the King moves her onto (HS-8 read as 'move-reveals'): write what "
                         "it showed, like 'move " + m.spot.name() + " D'",
                         false);
      return check_reveal(m.spot, m.seen, "Alice");
    }
    case Move::Kind::reorder: {
      if (king_used_[kReorder]) return violation("HS-10", "the King of Hearts' reorder has been used already", false);
      const int n = m.column ? kRows : kColumns;
      if (m.line >= (m.column ? kColumns : kRows)) return violation("HS-10", "there is no such row or column", false);
      if ((m.column ? alice_.column : alice_.row) == m.line)
        return violation("HS-10",
                         std::string("Alice is in that ") + (m.column ? "column" : "row") +
                             ": the Queen reorders a row or column Alice is not in",
                         false);
      std::array<int, kRows> named{};
      bool once = true;
      for (int k = 0; k < n; ++k) {
        once = once && m.order[k] < n && named[m.order[k]] == 0;
        if (m.order[k] < n) ++named[m.order[k]];
      }
      if (!once) {
        // Say which: "3 is named twice and 4 is missing" (a position is a row number or a column
        // letter, as the line's tiles are written).
        auto position = [&](int p) { return m.column ? std::to_string(p + 1) : std::string(1, char('a' + p)); };
        std::string twice, missing, beyond;
        for (int p = 0; p < n; ++p) {
          if (named[p] > 1) twice += (twice.empty() ? "" : ", ") + position(p);
          if (named[p] == 0) missing += (missing.empty() ? "" : ", ") + position(p);
        }
        for (int k = 0; k < n; ++k)
          if (m.order[k] >= n) beyond += (beyond.empty() ? "" : ", ") + position(m.order[k]);
        std::string why;
        if (!beyond.empty()) why += beyond + " is not in the line";
        if (!twice.empty()) why += (why.empty() ? "" : "; ") + twice + " is named more than once";
        if (!missing.empty()) why += (why.empty() ? "" : "; ") + missing + " is missing";
        return violation("HS-10",
                         "the new order must name each of the line's " + std::to_string(n) + " tiles once: " + why,
                         false);
      }
      // HS-10's readings differ only on the order the tiles already lie in.
      bool in_place = true;
      for (int k = 0; k < n; ++k) in_place = in_place && m.order[k] == k;
      if (in_place && reading<Reorder>(Dispute::reorder) == Reorder::new_order)
        return violation("HS-10", "the tiles already lie in this order, and a reorder changes it: name a new order",
                         false);
      return std::nullopt;
    }
  }
  return std::nullopt;
}

bool State::land(Spot spot, const Seen& seen) {
  const int s = spot.index();
  reveal(spot, seen);
  alice_ = spot;
  if (seen.kind == Tile::Kind::garden) {
    pile_.push_back(seen.path);
    if (companions_ == 0) {  // HS-12: nothing can fill the spot
      face_up_[s] = true;
      winner_ = Winner::alice;
      win_reason_ = "Alice revealed a Garden tile with no Companion left to fill its spot";
      return true;
    }
    --companions_;
    for (World& w : worlds_) w.tiles[s] = Tile::companion();
    if (companions_ == 0 && reading<LastCompanion>(Dispute::last_companion) == LastCompanion::pile_emptied) {
      winner_ = Winner::alice;
      win_reason_ = "Alice put down her last Companion (HS-12, reading 'pile-emptied')";
      return true;
    }
    return false;
  }
  face_up_[s] = true;
  if (seen.kind == Tile::Kind::guard && face_up_guards_++ >= 1) {
    winner_ = Winner::queen;
    win_reason_ = "two Guards lie face up in the garden";
    return true;
  }
  return false;
}

void State::apply(const Move& m) {
  switch (m.kind) {
    case Move::Kind::step: {
      if (land(m.spot, m.seen)) return;
      // HS-11's readings part where her own move leaves her boxed in: asked only then. Under the
      // default nothing here decides anything, HS-4's reading of her paths included: what this
      // check asked of the readings is forgotten unless she is boxed in.
      const std::uint32_t asked = readings_.consulted();
      const bool cornered = !can_step();
      if (!cornered && readings_.chosen(static_cast<int>(Dispute::cornered)) ==
                           static_cast<int>(Cornered::at_her_turn))
        readings_.consulted_only(asked);
      if (cornered && reading<Cornered>(Dispute::cornered) == Cornered::cornered_at_once) {
        winner_ = Winner::queen;
        win_reason_ = "Alice cannot move: her move left no face-down tile on her " + path_name(current_path()) +
                      " paths, and HS-11 is read as 'cornered-at-once'";
        return;
      }
      start_queen_turn();
      return;
    }
    case Move::Kind::guard: {
      reveal(m.spot, m.seen);
      // HS-6, HS-7: the revealed tile is discarded, whatever it is (the start tile too, under
      // HS-3's 'start-face-down'); a Guard fills its spot, face down.
      for (World& w : worlds_) w.tiles[m.spot.index()] = Tile::guard();
      face_up_[m.spot.index()] = false;
      --guards_;
      if (m.seen.kind == Tile::Kind::companion) {  // HS-13
        if (guards_ == 0) {
          winner_ = Winner::alice;
          win_reason_ = "the Queen's Guard found a Companion and she had no Guard left to discard";
          return;
        }
        --guards_;
      }
      break;
    }
    case Move::Kind::look: {
      king_used_[kLook] = true;
      std::vector<World> next;
      for (World w : worlds_) {
        if (m.saw_spot && !fits(w.tiles, w.fixed, counts_, m.spot.index(), *m.saw_spot)) continue;
        if (m.saw_other && !fits(w.tiles, w.fixed, counts_, m.other.index(), *m.saw_other)) continue;
        World swapped = w;
        std::swap(swapped.tiles[m.spot.index()], swapped.tiles[m.other.index()]);
        // (A face-up tile is swapped only with 'swap' written: validate() asks for it.)
        swapped.swapped = true;
        if (m.told != Move::Told::swapped) next.push_back(w);
        if (m.told != Move::Told::kept && !(swapped.tiles == w.tiles && m.told == Move::Told::unknown))
          next.push_back(swapped);
      }
      worlds_ = std::move(next);
      if (m.told == Move::Told::swapped) std::swap(face_up_[m.spot.index()], face_up_[m.other.index()]);
      break;
    }
    case Move::Kind::move_alice:
      king_used_[kMoveAlice] = true;
      if (m.no_effect) break;
      if (m.reveals) {  // HS-8's 'move-reveals'
        if (land(m.spot, m.seen)) return;
      } else {
        alice_ = m.spot;  // not revealed
      }
      break;
    case Move::Kind::reorder: {
      king_used_[kReorder] = true;
      const int n = m.column ? kRows : kColumns;
      auto spot = [&](int k) {
        return m.column ? Spot{static_cast<std::uint8_t>(k), m.line} : Spot{m.line, static_cast<std::uint8_t>(k)};
      };
      for (World& w : worlds_) {
        std::array<Tile, kSpots> before = w.tiles;
        for (int k = 0; k < n; ++k) w.tiles[spot(k).index()] = before[spot(m.order[k]).index()];
      }
      std::array<bool, kSpots> up = face_up_;
      for (int k = 0; k < n; ++k) face_up_[spot(k).index()] = up[spot(m.order[k]).index()];
      break;
    }
  }
  start_alice_turn();
}

std::vector<Move> State::legal_moves() const {
  std::vector<Move> out;
  if (is_over()) return out;
  // What a reveal at s could show, in some world.
  auto outcomes = [&](Spot s) {
    std::vector<Seen> seen;
    auto add = [&](Seen t) {
      if (std::find(seen.begin(), seen.end(), t) == seen.end()) seen.push_back(t);
    };
    for (World w : worlds_) {
      const Tile& t = w.tiles[s.index()];
      if (t.kind == Tile::Kind::unknown_garden) {
        for (int p = 0; p < kPaths; ++p)
          if (w.fixed[p] < counts_[p]) add(Tile::garden(static_cast<Path>(p)));
      } else {
        add(t);  // the start tile only where a Guard may take it (HS-3)
      }
    }
    return seen;
  };
  // Alice's steps and the Queen's Guards: one move per spot and per tile it may show.
  auto reveals = [&](Move::Kind kind, int seat, const std::vector<Spot>& spots) {
    for (Spot s : spots)
      for (const Seen& seen : outcomes(s)) {
        Move m;
        m.kind = kind;
        m.seat = static_cast<std::uint8_t>(seat);
        m.spot = s;
        m.seen = seen;
        out.push_back(m);
      }
  };
  if (next_ == kAlice) {
    reveals(Move::Kind::step, kAlice, reachable());
    return out;
  }
  std::vector<Spot> down;  // what the Queen's Guard and the King's move may take (HS-3, HS-5, HS-8)
  for (int i = 0; i < kSpots; ++i)
    if (!face_up_for_queen(Spot::at(i))) down.push_back(Spot::at(i));
  if (guards_ > 0) reveals(Move::Kind::guard, kQueen, down);
  if (!king_used_[kLook]) {
    std::vector<Spot> lookable;  // HS-9
    for (int i = 0; i < kSpots; ++i) {
      const Spot s = Spot::at(i);
      if (s == alice_ || (face_up_for_queen(s) && reading<LookAt>(Dispute::look) == LookAt::face_down_only)) continue;
      lookable.push_back(s);
    }
    for (std::size_t i = 0; i < lookable.size(); ++i)
      for (std::size_t j = i + 1; j < lookable.size(); ++j)
        for (Move::Told told : {Move::Told::kept, Move::Told::swapped}) {
          Move m;
          m.kind = Move::Kind::look;
          m.seat = kQueen;
          m.spot = lookable[i];
          m.other = lookable[j];
          m.told = told;
          out.push_back(m);
        }
  }
  if (!king_used_[kMoveAlice]) {
    std::size_t before = out.size();
    const bool reveals = reading<KingMove>(Dispute::king_move) == KingMove::move_reveals;  // HS-8
    for (Spot s : down)
      if (adjacent(alice_, s)) {
        Move m;
        m.kind = Move::Kind::move_alice;
        m.seat = kQueen;
        m.spot = s;
        if (!reveals) {
          out.push_back(m);
          continue;
        }
        m.reveals = true;
        for (const Seen& seen : outcomes(s)) {
          m.seen = seen;
          out.push_back(m);
        }
      }
    if (out.size() == before) {
      Move m;
      m.kind = Move::Kind::move_alice;
      m.seat = kQueen;
      m.no_effect = true;
      out.push_back(m);
    }
  }
  // An order leaving every tile in place is one move more under HS-10's default (the first one
  // each line's permutations give).
  const bool new_order = !king_used_[kReorder] && reading<Reorder>(Dispute::reorder) == Reorder::new_order;
  if (!king_used_[kReorder])
    for (bool column : {false, true})
      for (int line = 0; line < (column ? kColumns : kRows); ++line) {
        if ((column ? alice_.column : alice_.row) == line) continue;
        const int n = column ? kRows : kColumns;
        std::array<std::uint8_t, kRows> order{};
        for (int k = 0; k < n; ++k) order[k] = static_cast<std::uint8_t>(k);
        if (new_order) std::next_permutation(order.begin(), order.begin() + n);
        do {
          Move m;
          m.kind = Move::Kind::reorder;
          m.seat = kQueen;
          m.column = column;
          m.line = static_cast<std::uint8_t>(line);
          m.order = order;
          out.push_back(m);
        } while (std::next_permutation(order.begin(), order.begin() + n));
      }
  return out;
}

}  // namespace wonderlog::hide_and_seek
