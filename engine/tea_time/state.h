// Tea Time's rules engine (Gigamic; rulebook in ../shared/seeds/002_9dcc5caf4197bd69.txt).
// Rulings TT-n are cited where they decide something; docs/games/tea-time.md has them all.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/readings.h"
#include "engine/core/violation.h"
#include "engine/tea_time/catalog.h"

namespace wonderlog::tea_time {

inline constexpr int kMaxPlayers = 4;
inline constexpr int kMaxCells = 20;
inline constexpr int kAliceCardPoints = 4;

enum class Side : std::uint8_t { normal, mirror };

// A card on the grid: a character card on one side, or the Alice card.
struct Card {
  static constexpr std::uint8_t kAlice = 0xFF;
  std::uint8_t character = 0;  // index into the catalog, or kAlice
  Side side = Side::normal;
  bool is_alice() const { return character == kAlice; }
  friend bool operator==(const Card&, const Card&) = default;
};

struct Cell {
  std::uint8_t row = 0;     // 0-based; row 0 is written "1"
  std::uint8_t column = 0;  // 0-based; column 0 is written "a"
  friend bool operator==(const Cell&, const Cell&) = default;
  std::string name() const;  // "b2"
};

// A chance event: the cards of a round's grid in reading order.
struct Deal {
  std::uint8_t count = 0;
  std::array<Card, kMaxCells> cards{};
};

// A player's turn: 1 to 3 cells (any order; a longer list is refused by the rules, not the
// type: the notation caps it at 3 + the few extra an illegal log may name).
struct Take {
  static constexpr int kMaxNamed = 8;
  std::uint8_t seat = 0;
  std::uint8_t count = 0;
  std::array<Cell, kMaxNamed> cells{};
};

struct Move {
  enum class Kind : std::uint8_t { deal, take };
  Kind kind = Kind::take;
  Deal deal;  // kind == deal
  Take take;  // kind == take
  static Move of(const Take& t) { return Move{Kind::take, {}, t}; }
  static Move of(const Deal& d) { return Move{Kind::deal, d, {}}; }
};

// Tea Time's disputes (rulings with readings), in the order of its rulings.
enum class Dispute { deal_sides /* TT-2 */, turn_count /* TT-3 */, ties /* TT-7 */ };
enum class DealSides { chessboard, chessboard_a1_mirror, laying_order };
enum class TurnCount { per_round, per_game };
enum class Ties { shared_win, alice_card_breaks_ties };

struct Setup {
  const Catalog* catalog = nullptr;
  std::vector<std::string> names;     // seat order; the first starts round 1 (TT-6)
  std::optional<std::uint64_t> seed;  // TT-13
  Readings readings;                  // all defaults unless the table agreed otherwise
};

// Points for n cards of one character (TT-8).
int points_for_cards(int n);

// The winners (seats) given final scores and the Alice card's holder (TT-7): the most points;
// players tied for the most share the win, unless the reading lets the holder break a tie she
// is part of.
std::vector<int> decide_winners(std::span<const int> scores, int alice_holder, Ties ties);


class State {
 public:
  using Move = tea_time::Move;

  // Checks a set-up (TT-1: 2 to 4 players).
  static std::optional<Violation> check(const Setup& setup);
  // The part of check() about how many play: asked first, before the rest is read.
  static std::optional<Violation> check_players(int n);
  // Requires check(setup) to have passed.
  explicit State(Setup setup);  // by value: a set-up made for the State alone is moved in

  std::optional<Violation> validate(const Move& move) const;
  void apply(const Move& move);
  std::vector<Move> legal_moves() const;
  // Inline: asked before every entry is read (as a call, about 1% of Tea Time's instructions).
  Actor to_move() const {
    switch (phase_) {
      case Phase::deal:
        return Actor::chance();
      case Phase::take:
        return Actor::player(next_);
      case Phase::over:
        break;
    }
    return Actor::nobody();
  }
  bool is_over() const { return phase_ == Phase::over; }
  std::vector<int> scores() const;
  int points(int seat) const;  // one seat's score (TT-8, the Alice card's 3)
  std::vector<int> winners() const;

  // The deal a seeded set-up prescribes for the next round (TT-13); nullopt without a seed or
  // when no deal is due.
  std::optional<Deal> seeded_deal() const;

  // --- Queries for reports -------------------------------------------------------------
  const Catalog& catalog() const { return *catalog_; }
  int players() const { return players_; }
  const std::string& name(int seat) const { return names_[seat]; }
  int rows() const { return rows_; }
  int columns() const { return columns_; }
  int rounds() const { return rounds_; }
  int round() const { return round_; }
  // Turns already played in this round; the next take is turn turns_played() + 1.
  int turns_played() const { return turns_; }
  bool deal_due() const { return phase_ == Phase::deal; }
  int starter() const { return starter_; }
  const std::optional<Card>& at(Cell c) const { return grid_[index(c)]; }
  int cards_on_grid() const { return on_grid_; }
  // The take (1-based count of takes in the game) that emptied a spot this round; 0 if none.
  int emptied_by(Cell c) const { return emptied_by_[index(c)]; }
  int takes_played() const { return takes_; }
  // Cards of a character in a player's collection: > 0 normal side, < 0 mirror side (TT-5).
  int collection(int seat, int character) const { return net_[seat][character]; }
  int alice_holder() const { return alice_holder_; }  // -1 while the Alice card is on the grid
  int per_character() const { return per_character_; }
  int dealt(int character) const { return dealt_[character]; }
  int cancelled(int seat) const { return cancelled_[seat]; }
  // Unsigned, a negative row or column is past the grid's end: two comparisons, not four.
  bool on_grid(int row, int column) const {
    return static_cast<unsigned>(row) < static_cast<unsigned>(rows_) &&
           static_cast<unsigned>(column) < static_cast<unsigned>(columns_);
  }
  // Most cards the next take may have (TT-3).
  int max_take() const;
  // The side a seeded deal lays at row r, column c: a chessboard, a1 mirror, which every
  // reading of TT-2 accepts.
  static Side dealt_side(int row, int column) { return (row + column) % 2 == 0 ? Side::mirror : Side::normal; }
  // The readings in force, and which disputes this state has consulted.
  const Readings& readings() const { return readings_; }
  void set_readings(const Readings& readings) { readings_ = readings; }
  // The reading in force for a dispute, noting that it was consulted.
  template <class Reading>
  Reading reading(Dispute d) const {
    return static_cast<Reading>(readings_.consult(static_cast<int>(d)));
  }

 private:
  enum class Phase : std::uint8_t { deal, take, over };
  int index(Cell c) const { return c.row * columns_ + c.column; }
  std::optional<Violation> validate_deal(const Deal& deal) const;
  std::optional<Violation> check_sides(const Deal& deal) const;
  std::optional<Violation> validate_take(const Take& take) const;
  void apply_deal(const Deal& deal);
  void apply_take(const Take& take);

  const Catalog* catalog_;
  std::vector<std::string> names_;
  int players_, rows_, columns_, rounds_, per_character_;
  Phase phase_ = Phase::deal;
  int round_ = 1;
  int turns_ = 0;
  int takes_ = 0;
  int starter_ = 0;
  int next_ = 0;
  int alice_holder_ = 0;  // the first player holds the Alice card before round 1 (TT-6)
  int on_grid_ = 0;
  std::array<std::optional<Card>, kMaxCells> grid_{};
  std::array<int, kMaxCells> emptied_by_{};
  int alice_spot_ = -1;  // where the Alice card was laid this round (the opener's spot), -1 before
  std::array<std::array<int, kCharacters>, kMaxPlayers> net_{};
  std::array<int, kMaxPlayers> cancelled_{};
  std::array<int, kCharacters> dealt_{};
  // Seeded set-up only: the shuffled stack, top first, its first deck_size_ cards (none when
  // unseeded). Held in place: a vector cost a game an allocation, and its copy another.
  std::array<Card, kCharacters * kCardsPerCharacter> deck_{};
  int deck_size_ = 0;
  Readings readings_;
};

static_assert(GameState<State>);

}  // namespace wonderlog::tea_time
