// The interface every game's rules engine implements, stated as a concept so that replaying a
// move costs no virtual call. A game lives in engine/<game>/ and provides:
//
//   struct Move;    a value type; chance events (a deal, a reveal) are moves by chance
//   class State;    the position, with
//     std::optional<Violation> validate(const Move&) const;   pure query, state unchanged
//     void apply(const Move&);        requires validate() to have passed, or to have failed
//                                     with physically_possible == true (accepted moves)
//     std::vector<Move> legal_moves() const;   every move validate() accepts now
//     Actor to_move() const;          a player, chance, or nobody once the game is over
//     bool is_over() const;
//     std::vector<int> scores() const;   points per seat, final once is_over()
//     std::vector<int> winners() const;  seats, final once is_over()
//
// Setting a state up from a log header is the game's module's job (verifier/), since only
// it knows which header says what.
#pragma once

#include <concepts>
#include <optional>
#include <vector>

#include "engine/core/violation.h"

namespace wonderlog {

struct Actor {
  enum class Kind { player, chance, nobody };
  Kind kind = Kind::nobody;
  int seat = -1;  // for Kind::player

  static Actor player(int seat) { return {Kind::player, seat}; }
  static Actor chance() { return {Kind::chance, -1}; }
  static Actor nobody() { return {Kind::nobody, -1}; }
  bool is_player() const { return kind == Kind::player; }
  bool is_chance() const { return kind == Kind::chance; }
};

template <class S>
concept GameState = requires(S state, const S& cs, const typename S::Move& move) {
  { cs.validate(move) } -> std::same_as<std::optional<Violation>>;
  {state.apply(move)};
  { cs.legal_moves() } -> std::same_as<std::vector<typename S::Move>>;
  { cs.to_move() } -> std::same_as<Actor>;
  { cs.is_over() } -> std::same_as<bool>;
  { cs.scores() } -> std::same_as<std::vector<int>>;
  { cs.winners() } -> std::same_as<std::vector<int>>;
};

}  // namespace wonderlog
