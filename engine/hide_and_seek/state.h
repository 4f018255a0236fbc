// The royal-garden hide-and-seek game, Alice against the Queen (rulebook:
// ../shared/seeds/003_68537cda0ebcb2cc.txt; rulings HS-n in docs/games/hide-and-seek.md).
//
// The state is what the table knows. The only hidden things are the paths printed on the
// face-down Garden tiles, and whether the Queen swapped the two tiles of her secret look.
// Each King tile is used once, so at most one secret swap happens: the state keeps at most
// two Worlds (arrangements of the face-down tiles), each held to the box's counts of Garden
// paths (HS-16). An open log pins every tile at set-up and so keeps one fully known World.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/readings.h"
#include "engine/core/violation.h"

namespace wonderlog::hide_and_seek {

inline constexpr int kRows = 5;
inline constexpr int kColumns = 4;
inline constexpr int kSpots = kRows * kColumns;

// The paths a Garden tile (or a side of the start tile) shows.
enum class Path : std::uint8_t { orthogonal, diagonal, adjacent, joker };
inline constexpr int kPaths = 4;

// What lies on a spot, face down or face up.
struct Tile {
  enum class Kind : std::uint8_t { unknown_garden, garden, start, companion, guard };
  Kind kind = Kind::unknown_garden;
  Path path = Path::orthogonal;  // garden (and start): its paths
  friend bool operator==(const Tile&, const Tile&) = default;
  bool is_garden() const { return kind == Kind::garden || kind == Kind::unknown_garden; }
  static Tile garden(Path p) { return Tile{Kind::garden, p}; }
  static Tile companion() { return Tile{Kind::companion, Path::orthogonal}; }
  static Tile guard() { return Tile{Kind::guard, Path::orthogonal}; }
};

std::string path_name(Path p);  // "Diagonal"

struct Spot {
  std::uint8_t row = 0, column = 0;  // 0-based; a1 is row 0, column 0
  friend bool operator==(const Spot&, const Spot&) = default;
  int index() const { return row * kColumns + column; }
  static Spot at(int index) {
    return Spot{static_cast<std::uint8_t>(index / kColumns), static_cast<std::uint8_t>(index % kColumns)};
  }
  std::string name() const;  // "b3"
};

// What a reveal showed: a Garden tile and its paths, a Companion or a Guard.
using Seen = Tile;  // kind is garden, companion or guard

struct Move {
  enum class Kind : std::uint8_t { step, guard, look, move_alice, reorder };
  enum class Told : std::uint8_t { unknown, swapped, kept };
  Kind kind = Kind::step;
  std::uint8_t seat = 0;
  Spot spot;                                // step: where Alice goes; guard: the tile revealed; move_alice: where to
  Spot other;                               // look: the second tile
  Seen seen;                                // step, guard: what the reveal showed
  Told told = Told::unknown;                // look: whether the Queen said she swapped
  std::optional<Seen> saw_spot, saw_other;  // look: what the Queen said she saw, if anything
  bool no_effect = false;                   // move_alice: no adjacent face-down tile, the King tile is spent
  bool reveals = false;                     // move_alice: the tile was turned up ('move b4 D', HS-8), as `seen`
  bool column = false;                      // reorder: a column (else a row)
  std::uint8_t line = 0;                    // reorder: which row or column (0-based)
  std::array<std::uint8_t, kRows> order{};  // reorder: new order, as old 0-based positions
};

struct Catalog;  // engine/hide_and_seek/catalog.h: the rules never read it, reports do

// The disputes (rulings with readings), in the order of the rulings.
enum class Dispute {
  start_tile /* HS-3 */,
  adjacent /* HS-4 */,
  king_move /* HS-8 */,
  look /* HS-9 */,
  reorder /* HS-10 */,
  cornered /* HS-11 */,
  last_companion /* HS-12 */,
  swap /* HS-17 */
};
enum class KingMove { move_no_reveal, move_reveals };
enum class StartTile { start_revealed, start_face_down };
enum class Adjacent { eight_neighbours, four_neighbours };
enum class LookAt { any_tile, face_down_only };
enum class SwapSeen { swap_unseen, swap_seen };  // whether the table sees the look's swap
enum class LastCompanion { ninth_garden_tile, pile_emptied };
enum class Cornered { at_her_turn, cornered_at_once };  // when "Alice cannot move" ends the game
enum class Reorder { any_order, new_order };  // whether a reorder may leave every tile in place

struct Setup {
  const Catalog* catalog = nullptr;
  std::vector<std::string> names;           // Alice's player, then the Queen's (HS-1)
  std::array<int, kPaths> garden_counts{};  // the box: 5 orthogonal, 7 diagonal, 5 adjacent, 2 joker
  int companions = 8, guards = 10;
  Spot start;                          // HS-2
  Path start_path = Path::orthogonal;  // the start tile's visible side
  // An open log's layout: every spot's tile (the start spot's entry is ignored).
  std::optional<std::array<Tile, kSpots>> layout;
  Readings readings;  // all defaults unless the table agreed otherwise
};

class State {
 public:
  using Move = hide_and_seek::Move;
  enum class Winner : std::uint8_t { none, alice, queen };
  static constexpr int kAlice = 0, kQueen = 1;
  static constexpr int kLook = 0, kMoveAlice = 1, kReorder = 2;

  // Checks a set-up: two players, the start spot on the garden, a layout with the box's
  // tiles (one per spot, the Garden paths in the box's numbers).
  static std::optional<Violation> check(const Setup& setup);
  // The part of check() about how many play (HS-1): asked first, before the rest is read.
  static std::optional<Violation> check_players(int n);
  explicit State(const Setup& setup);
  // The readings in force, and which disputes this state has consulted.
  const Readings& readings() const { return readings_; }
  void set_readings(const Readings& readings) { readings_ = readings; }
  // The reading in force for a dispute, noting that it was consulted.
  template <class Reading>
  Reading reading(Dispute d) const {
    return static_cast<Reading>(readings_.consult(static_cast<int>(d)));
  }
  // The same for what a log writes and a side sees only: not noted as consulted, since no
  // verdict rests on it.
  template <class Reading>
  Reading reading_for_wording(Dispute d) const {
    return static_cast<Reading>(readings_.chosen(static_cast<int>(d)));
  }

  std::optional<Violation> validate(const Move& move) const;
  void apply(const Move& move);
  std::vector<Move> legal_moves() const;
  // Inline: asked before every entry is read (a call cost up to 1% of a game's instructions).
  Actor to_move() const {
    return is_over() ? Actor::nobody() : Actor::player(next_);
  }
  bool is_over() const { return winner_ != Winner::none; }
  std::vector<int> scores() const;  // the winner 1, the other 0 (HS-15)
  std::vector<int> winners() const;

  // --- Queries for reports and views --------------------------------------------------
  Winner winner() const { return winner_; }
  const std::string& win_reason() const { return win_reason_; }
  Spot alice() const { return alice_; }
  bool face_up(Spot s) const { return face_up_[s.index()]; }
  // Whether the table sees if the Queen swapped the tiles of a look at `a` and `b`: always
  // when one is face up (HS-9), and under HS-17's 'swap-seen' always. For what a log writes
  // and a side sees.
  bool swap_seen(Spot a, Spot b) const {
    return face_up(a) || face_up(b) || reading_for_wording<SwapSeen>(Dispute::swap) == SwapSeen::swap_seen;
  }
  // The path Alice follows now: the top of the Garden pile, or the start tile's side.
  Path current_path() const { return pile_.empty() ? start_path_ : pile_.back(); }
  const std::vector<Path>& garden_pile() const { return pile_; }
  int companions_left() const { return companions_; }
  int guards_left() const { return guards_; }
  bool king_used(int which) const { return king_used_[which]; }
  int face_up_guards() const { return face_up_guards_; }
  int worlds() const { return static_cast<int>(worlds_.size()); }
  // What the table can say of a spot: the tile if every world agrees on it, else nullopt.
  std::optional<Tile> known(Spot s) const;
  const std::string& name(int seat) const { return names_[seat]; }
  const Catalog& catalog() const { return *catalog_; }
  // The face-down spots Alice may move to now (HS-4, HS-11).
  std::vector<Spot> reachable() const;
  bool can_step() const;  // reachable() is not empty (HS-11), asked after every move
  bool reachable(int spot) const;  // spot (an index) is face down and on Alice's paths
  // Whether `to` lies on Alice's paths now (HS-4).
  bool on_paths(Spot to) const;
  // Whether the tile at `s` shows its face to the Queen's actions: face up, unless it is the start
  // tile and HS-3 reads it as still face down (a Guard or the King's move may then take it).
  bool face_up_for_queen(Spot s) const;
  bool holds_start(Spot s) const;  // the start tile is at `s` (every world agrees: it moves in plain view)
  Violation shown_to_queen(Spot s, const char* rule, const char* state, const char* why) const;

 private:
  struct World {
    std::array<Tile, kSpots> tiles;
    std::array<int, kPaths> fixed{};  // Garden tiles of each path already pinned or revealed
    bool swapped = false;             // the world in which the Queen swapped at her look
  };
  std::optional<Violation> check_reveal(Spot s, const Seen& seen, const char* who) const;
  // Alice lands on `s` and turns it up (HS-4 steps; the King's move under HS-8's 'move-reveals'):
  // a Garden tile joins her pile and a Companion fills its spot, anything else stays face up.
  // True when that ends the game (HS-12, HS-15).
  bool land(Spot s, const Seen& seen);
  // Why `seen` cannot be at s in one world, or "" if it can.
  std::string reason(const World& w, Spot s, const Seen& seen) const;
  // Why in every world, said once when they agree and per look outcome when not.
  std::string reasons(Spot s, const Seen& seen) const;
  void reveal(Spot s, const Seen& seen);  // keeps the worlds where s shows `seen`
  bool queen_has_action() const;
  void start_alice_turn();
  void start_queen_turn();

  const Catalog* catalog_;
  std::vector<std::string> names_;
  std::array<int, kPaths> counts_{};
  std::vector<World> worlds_;
  std::array<bool, kSpots> face_up_{};
  Spot alice_;
  Path start_path_;
  std::vector<Path> pile_;
  int companions_ = 0, guards_ = 0, face_up_guards_ = 0;
  std::array<bool, 3> king_used_{};
  int next_ = kAlice;
  Winner winner_ = Winner::none;
  std::string win_reason_;
  Readings readings_;
};

static_assert(GameState<State>);

}  // namespace wonderlog::hide_and_seek
