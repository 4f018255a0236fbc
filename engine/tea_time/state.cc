#include "engine/tea_time/state.h"

#include <algorithm>
#include <cstdlib>
#include <span>

#include "engine/core/rng.h"

namespace wonderlog::tea_time {

namespace {

Violation violation(const char* rule, std::string message, std::vector<Fact> facts = {}, bool physical = true) {
  return Violation{rule, std::move(message), std::move(facts), physical};
}

std::string plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

bool reading_order(const Cell& a, const Cell& b) {
  return a.row != b.row ? a.row < b.row : a.column < b.column;
}

int chebyshev(Cell a, Cell b) {
  return std::max(std::abs(a.row - b.row), std::abs(a.column - b.column));
}

}  // namespace

std::string Cell::name() const {
  std::string out(1, static_cast<char>('a' + column));  // appended, not `+`: GCC 12's -Wrestrict misfires
  out += std::to_string(row + 1);
  return out;
}

int points_for_cards(int n) {
  static constexpr int kTable[] = {5, 1, 3, 6, 10, 15};
  return kTable[std::clamp(n, 0, 5)];
}

std::optional<Violation> State::check_players(int n) {
  if (n < 2 || n > kMaxPlayers)
    return violation("TT-1", "Tea Time is for 2 to 4 players, not " + std::to_string(n),
                     {{"players", std::to_string(n)}}, false);
  return std::nullopt;
}

std::optional<Violation> State::check(const Setup& setup) {
  return check_players(static_cast<int>(setup.names.size()));
}

State::State(Setup setup)
    : catalog_(setup.catalog),
      names_(std::move(setup.names)),
      players_(static_cast<int>(names_.size())),
      readings_(setup.readings) {
  // TT-1: grid per player count; TT-10: rounds; TT-11: 8 of each character with 3 players.
  rows_ = players_ == 2 ? 3 : 4;
  columns_ = players_ == 4 ? 5 : 4;
  rounds_ = players_ == 2 ? 5 : 3;
  per_character_ = players_ == 3 ? catalog_->characters.front().cards - 2 : catalog_->characters.front().cards;
  if (setup.seed) {
    for (int c = 0; c < kCharacters; ++c)
      for (int k = 0; k < per_character_; ++k)
        deck_[static_cast<std::size_t>(deck_size_++)] = Card{static_cast<std::uint8_t>(c), Side::normal};
    Rng rng(*setup.seed);
    std::span<Card> deck(deck_.data(), static_cast<std::size_t>(deck_size_));
    shuffle(deck, rng);
  }
}

int State::max_take() const {
  if (turns_ == 0) return 1;
  if (turns_ > 1) return 3;
  // Only a later round's second turn is read differently (TT-3).
  if (round_ > 1 && reading<TurnCount>(Dispute::turn_count) == TurnCount::per_game) return 3;
  return 2;
}

std::optional<Deal> State::seeded_deal() const {
  if (deck_size_ == 0 || phase_ != Phase::deal) return std::nullopt;
  Deal d;
  d.count = static_cast<std::uint8_t>(rows_ * columns_);
  std::size_t start = static_cast<std::size_t>(round_ - 1) * d.count;
  for (int i = 0, r = 0, c = 0; i < d.count; ++i) {  // row and column counted: no division a card
    d.cards[i] = Card{deck_[start + i].character, dealt_side(r, c)};
    if (++c == columns_) c = 0, ++r;
  }
  return d;
}

std::optional<Violation> State::validate(const Move& move) const {
  return move.kind == Move::Kind::deal ? validate_deal(move.deal) : validate_take(move.take);
}

void State::apply(const Move& move) {
  if (move.kind == Move::Kind::deal)
    apply_deal(move.deal);
  else
    apply_take(move.take);
}

std::optional<Violation> State::validate_deal(const Deal& deal) const {
  if (phase_ == Phase::over)
    return violation(
        "TT-10",
        "the game is over: all " + std::to_string(rounds_) + " rounds have been played, so nothing more is dealt", {},
        false);
  if (phase_ == Phase::take)
    return violation("TT-10",
                     "round " + std::to_string(round_) +
                         " is still under way: " + plural(on_grid_, "card is", "cards are") +
                         " on the grid, and a new grid is dealt only when it is empty",
                     {{"cards on the grid", std::to_string(on_grid_)}}, false);
  const int cells = rows_ * columns_;
  if (deal.count != cells)  // the grid's size, as the notation's rows are judged (TT-1)
    return violation("TT-1",
                     "a " + std::to_string(rows_) + "x" + std::to_string(columns_) + " grid is dealt with " +
                         std::to_string(cells) + " cards; this deal has " + std::to_string(deal.count),
                     {{"cards needed", std::to_string(cells)}, {"cards dealt", std::to_string(deal.count)}}, false);
  std::array<int, kCharacters> in_deal{};
  for (int i = 0; i < deal.count; ++i) {
    if (deal.cards[i].is_alice() || deal.cards[i].character >= kCharacters)
      return violation("TT-2", "the Alice card is never dealt", {}, false);
    ++in_deal[deal.cards[i].character];
  }
  for (int c = 0; c < kCharacters; ++c) {
    int left = per_character_ - dealt_[c];
    if (in_deal[c] > left) {
      const Character& ch = catalog_->characters[c];
      std::string box = players_ == 3 ? " (3 players: 8 of each character, TT-11)" : "";
      // Before any deal, "left" is the game's whole count: said so, without earlier rounds.
      const std::string have = dealt_[c] == 0 ? ", but the game has only " + std::to_string(per_character_) + box
                                              : ", but only " + std::to_string(left) + " of the game's " +
                                                    std::to_string(per_character_) + " are left: " +
                                                    plural(dealt_[c], "was", "were") + " dealt in earlier rounds" + box;
      return violation("TT-2",
                       "the deal shows " +
                           plural(in_deal[c], (ch.name + " card").c_str(), (ch.name + " cards").c_str()) + have,
                       {{"character", ch.name + " (" + ch.code + ")"},
                        {"in this deal", std::to_string(in_deal[c])},
                        {"dealt before", std::to_string(dealt_[c])},
                        {"in the game", std::to_string(per_character_)}},
                       false);
    }
  }
  if (deck_size_ > 0) {  // seeded: the deal must be seeded_deal(), compared in place (a deal a round)
    const Card* expected = deck_.data() + static_cast<std::size_t>(round_ - 1) * static_cast<std::size_t>(cells);
    for (int i = 0; i < deal.count; ++i) {
      if (deal.cards[i].character != expected[i].character) {
        Cell cell{static_cast<std::uint8_t>(i / columns_), static_cast<std::uint8_t>(i % columns_)};
        return violation("TT-13",
                         "this deal is not the one the seed prescribes: " + cell.name() + " should hold " +
                             catalog_->characters[expected[i].character].name + ", the log has " +
                             catalog_->characters[deal.cards[i].character].name,
                         {{"spot", cell.name()}, {"round", std::to_string(round_)}},
                         // The seeded deck is the game's only record of what is left to deal:
                         // replaying another deal would leave the two out of step.
                         false);
      }
    }
    // The seed deals the sides too, a chessboard with a1 mirror (TT-13): a deal written with other
    // sides is another game than the seed's. A pattern that is not a chessboard is judged by TT-2
    // first, as in any game; a chessboard of the other parity is this ruling's alone.
    int differs = -1;
    bool chessboard = true;  // of either parity
    // Row and column counted along, not divided out of i: a deal a round, a division a card.
    for (int i = 0, r = 0, c = 0; i < deal.count; ++i) {
      if (deal.cards[i].side != dealt_side(r, c)) {
        differs = i;
        break;
      }
      if (++c == columns_) c = 0, ++r;
    }
    if (differs < 0) return std::nullopt;
    for (int i = 0; i < deal.count; ++i)
      chessboard = chessboard && (deal.cards[i].side == deal.cards[0].side) == ((i / columns_ + i % columns_) % 2 == 0);
    if (!chessboard)
      if (auto v = check_sides(deal)) return v;
    const Cell cell{static_cast<std::uint8_t>(differs / columns_), static_cast<std::uint8_t>(differs % columns_)};
    const bool mirror = dealt_side(differs / columns_, differs % columns_) == Side::mirror;
    return violation("TT-13",
                     "this deal is not the one the seed prescribes: the seed deals " + cell.name() + " on its " +
                         (mirror ? "mirror" : "normal") + " side (a chessboard, a1 mirror), the log shows it " +
                         (mirror ? "normal" : "mirror"),
                     {{"spot", cell.name()}, {"round", std::to_string(round_)}});
  }
  return check_sides(deal);
}

// TT-2. A chessboard with a1 mirror is what every reading accepts, so the reading is consulted
// only for another pattern.
std::optional<Violation> State::check_sides(const Deal& deal) const {
  auto side_at = [&](int r, int c) { return deal.cards[r * columns_ + c].side; };
  // The first spot whose side breaks the pattern side(r, c) = a1's side flipped by (r + c) % 2
  // (a chessboard), by c % 2 (stripes down the columns) or by r % 2 (stripes along the rows).
  auto first_break = [&](auto flips) -> std::optional<Cell> {
    for (int r = 0; r < rows_; ++r)
      for (int c = 0; c < columns_; ++c)
        if ((side_at(r, c) == side_at(0, 0)) == flips(r, c))
          return Cell{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)};
    return std::nullopt;
  };
  auto chess = [](int r, int c) { return (r + c) % 2 == 1; };
  const std::optional<Cell> off_chessboard = first_break(chess);
  if (!off_chessboard && side_at(0, 0) == Side::mirror) return std::nullopt;
  auto side_name = [](Side s) { return s == Side::mirror ? "mirror" : "normal"; };
  auto other = [](Side s) { return s == Side::mirror ? Side::normal : Side::mirror; };
  switch (reading<DealSides>(Dispute::deal_sides)) {
    case DealSides::chessboard_a1_mirror: {
      for (int i = 0; i < deal.count; ++i) {
        Cell cell{static_cast<std::uint8_t>(i / columns_), static_cast<std::uint8_t>(i % columns_)};
        const Side expected = dealt_side(cell.row, cell.column);
        if (deal.cards[i].side != expected)
          return violation("TT-2",
                           cell.name() + " shows its " + side_name(deal.cards[i].side) +
                               " side, but the sides of a deal alternate like a chessboard, a1 mirror, so " +
                               cell.name() + " is " + side_name(expected),
                           {{"spot", cell.name()}, {"expected side", expected == Side::mirror ? "mirror (~)" : "normal"}});
      }
      return std::nullopt;
    }
    case DealSides::chessboard:
      if (!off_chessboard) return std::nullopt;
      break;
    case DealSides::laying_order:
      if (!off_chessboard) return std::nullopt;
      if (columns_ == 4 && !first_break([](int, int c) { return c % 2 == 1; })) return std::nullopt;
      if (rows_ == 4 && !first_break([](int r, int) { return r % 2 == 1; })) return std::nullopt;
      break;
  }
  const Cell cell = *off_chessboard;
  const Side shown = side_at(cell.row, cell.column);
  std::string patterns = "like a chessboard";
  if (reading<DealSides>(Dispute::deal_sides) == DealSides::laying_order) {
    if (columns_ == 4) patterns += ", or in stripes down the columns";
    if (rows_ == 4) patterns += ", or in stripes along the rows";
  }
  return violation("TT-2",
                   cell.name() + " shows its " + side_name(shown) + " side, but the sides of a deal alternate " +
                       patterns + ": with a1 " + side_name(side_at(0, 0)) + ", a chessboard has " + cell.name() +
                       " " + side_name(other(shown)),
                   {{"spot", cell.name()}, {"a1", side_name(side_at(0, 0))}});
}

std::optional<Violation> State::validate_take(const Take& take) const {
  if (phase_ == Phase::over)
    return violation(
        "TT-10",
        "the game is over: all " + std::to_string(rounds_) + " rounds have been played, so no card can be taken", {},
        false);
  if (phase_ == Phase::deal)
    return violation(
        "TT-2",
        "round " + std::to_string(round_) + " has not been dealt: its 'deal:' line must come before the first take", {},
        false);
  if (take.count == 0) return violation("TT-3", "a turn takes at least one card", {}, false);
  // Physical checks first: an accepted move is replayed only if it could be carried out.
  for (int i = 0; i < take.count; ++i) {
    const Cell c = take.cells[i];
    if (!on_grid(c.row, c.column))
      return violation("TT-1",
                       "there is no spot " + c.name() + " on this grid: it has columns a-" +
                           std::string(1, static_cast<char>('a' + columns_ - 1)) + " and rows 1-" +
                           std::to_string(rows_),
                       {{"grid", std::to_string(rows_) + " rows x " + std::to_string(columns_) + " columns"}}, false);
    for (int j = 0; j < i; ++j)
      if (take.cells[j] == c) return violation("TT-9", c.name() + " is named twice in one take", {}, false);
    if (!grid_[index(c)]) {
      const int by = emptied_by_[index(c)];
      // The opener's spot was emptied twice: the card taken last from it was the Alice card.
      const std::string what = index(c) == alice_spot_ ? "the Alice card on it" : "its card";
      return violation(
          "TT-9", c.name() + " is an empty spot" + (by ? ": " + what + " was taken at move " + std::to_string(by) : std::string()),
          {{"spot", c.name()}}, false);
    }
  }
  if (take.seat != next_) {
    std::string why =
        turns_ == 0 ? " (" + names_[next_] + " starts round " + std::to_string(round_) +
                          (round_ == 1 ? " as the first player listed)"
                                       : ", having taken the Alice card last round)")
                    : "";
    return violation(
        "TT-6", "it is " + names_[next_] + "'s turn, not " + names_[take.seat] + "'s" + why,
        {{"turn", std::to_string(turns_ + 1) + " of round " + std::to_string(round_)}, {"to play", names_[next_]}});
  }
  // TT-3's readings differ only on three cards in a later round's second turn: a take of one or
  // two there is allowed under both, and does not consult the reading.
  const int most = turns_ == 1 && take.count <= 2 ? 2 : max_take();
  if (take.count > most) {
    std::string rule = turns_ == 0 ? "the opening turn of round " + std::to_string(round_) +
                                         " takes exactly one card, whose spot then receives the Alice card"
                       : turns_ == 1 && most == 2 ? "turn 2 of a round takes 1 or 2 cards"
                       // TT-3 read 'per-game': only the game's second turn is held to two.
                       : turns_ == 1 ? "turn 2 of round " + std::to_string(round_) +
                                           " takes 1 to 3 cards (only the game's second turn takes 1 or 2)"
                                     : "a turn takes at most 3 cards";
    return violation("TT-3", rule + "; this move takes " + std::to_string(take.count),
                     {{"turn", std::to_string(turns_ + 1) + " of round " + std::to_string(round_)},
                      {"cards taken", std::to_string(take.count)},
                      {"allowed", turns_ == 0 ? "1" : most == 2 ? "1 or 2" : "1, 2 or 3"}});
  }
  if (take.count == 2) {
    const Cell a = take.cells[0], b = take.cells[1];
    if (chebyshev(a, b) != 1) {
      std::string gap;
      int dr = b.row - a.row, dc = b.column - a.column;
      if (chebyshev(a, b) == 2 && (dr % 2 == 0) && (dc % 2 == 0)) {
        Cell mid{static_cast<std::uint8_t>(a.row + dr / 2), static_cast<std::uint8_t>(a.column + dc / 2)};
        if (!grid_[index(mid)])
          gap = "; the spot " + mid.name() + " between them is empty, and an empty spot breaks adjacency";
      }
      return violation(
          "TT-4",
          a.name() + " and " + b.name() + " are not neighbours: two cards must touch orthogonally or diagonally" + gap,
          {{"cards taken", "2"}, {"distance", std::to_string(chebyshev(a, b)) + " spots"}});
    }
  } else if (take.count == 3) {
    std::array<Cell, 3> c{take.cells[0], take.cells[1], take.cells[2]};
    std::sort(c.begin(), c.end(), reading_order);
    // The middle card is the one touching both others; the line is straight when the two
    // steps from it point in opposite directions.
    // In a tight L every card touches both others; the bend is then the card that touches
    // both along a row or column.
    auto orthogonal = [](Cell a, Cell b) { return std::abs(a.row - b.row) + std::abs(a.column - b.column) == 1; };
    int middle = -1;
    for (int m = 0; m < 3; ++m) {
      const Cell a = c[(m + 1) % 3], b = c[(m + 2) % 3];
      if (chebyshev(c[m], a) != 1 || chebyshev(c[m], b) != 1) continue;
      if (middle < 0 || (orthogonal(c[m], a) && orthogonal(c[m], b))) middle = m;
    }
    if (middle >= 0) {
      const Cell m = c[middle], a = c[(middle + 1) % 3], b = c[(middle + 2) % 3];
      if (a.row - m.row == m.row - b.row && a.column - m.column == m.column - b.column) return std::nullopt;
    }
    // Not straight: say why (a legal take builds no message).
    std::string why;
    if (middle >= 0) {
      why = ": the line bends at " + c[middle].name();
      // Said in path order, the bend between its two ends, so that the bend is where it is read
      // (it was said in reading order, `c1, a2 and b2 ... bends at b2`: found in review).
      c = {c[(middle + 1) % 3], c[middle], c[(middle + 2) % 3]};
      if (reading_order(c[2], c[0])) std::swap(c[0], c[2]);
    } else {
      int dr1 = c[1].row - c[0].row, dc1 = c[1].column - c[0].column;
      int dr2 = c[2].row - c[0].row, dc2 = c[2].column - c[0].column;
      bool in_line = dr1 * dc2 == dr2 * dc1 && (std::abs(dr2) == std::abs(dc2) || dr2 == 0 || dc2 == 0);
      why = ": they are not in one line";
      if (in_line) {
        // Name the spots the line skips, and say whether they are empty.
        const int sr = (dr2 > 0) - (dr2 < 0), sc = (dc2 > 0) - (dc2 < 0);
        std::string skipped;
        int count = 0;
        bool all_empty = true;
        for (Cell p{static_cast<std::uint8_t>(c[0].row + sr), static_cast<std::uint8_t>(c[0].column + sc)};
             !(p == c[2]); p = Cell{static_cast<std::uint8_t>(p.row + sr), static_cast<std::uint8_t>(p.column + sc)}) {
          if (p == c[1]) continue;
          skipped += (skipped.empty() ? "" : " and ") + p.name();
          ++count;
          all_empty = all_empty && !grid_[index(p)];
        }
        why = all_empty ? (count == 1 ? ": the spot " + skipped + " between them is empty"
                                      : ": the spots " + skipped + " between them are empty") +
                              ", and an empty spot breaks adjacency"
                        : ": they are in line, but " + skipped + (count == 1 ? " lies" : " lie") + " between them";
      }
    }
    return violation("TT-4",
                     c[0].name() + ", " + c[1].name() + " and " + c[2].name() +
                         " are not three neighbouring spots on one straight line" + why,
                     {{"cards taken", "3"}});
  }
  return std::nullopt;
}

void State::apply_deal(const Deal& deal) {
  for (int i = 0; i < deal.count && i < kMaxCells; ++i) {
    grid_[i] = deal.cards[i];
    emptied_by_[i] = 0;
    if (deal.cards[i].character < kCharacters) ++dealt_[deal.cards[i].character];
  }
  on_grid_ = deal.count;
  alice_spot_ = -1;
  phase_ = Phase::take;
  turns_ = 0;
  next_ = starter_;
}

void State::apply_take(const Take& take) {
  ++takes_;
  for (int i = 0; i < take.count; ++i) {
    const int at = index(take.cells[i]);
    const Card card = *grid_[at];
    grid_[at].reset();
    emptied_by_[at] = takes_;
    --on_grid_;
    if (card.is_alice()) {
      alice_holder_ = take.seat;
      continue;
    }
    // TT-5: one for one, whatever the order within the turn.
    int& net = net_[take.seat][card.character];
    const int before = std::abs(net);
    net += card.side == Side::normal ? 1 : -1;
    // Without a branch: whether a card cancels is a coin toss, which a branch mispredicts.
    cancelled_[take.seat] += 2 * static_cast<int>(std::abs(net) < before);
  }
  if (turns_ == 0) {
    // TT-3: the opener's spot receives the Alice card.
    grid_[index(take.cells[0])] = Card{Card::kAlice, Side::normal};
    emptied_by_[index(take.cells[0])] = 0;
    alice_spot_ = index(take.cells[0]);
    ++on_grid_;
    alice_holder_ = -1;
  }
  ++turns_;
  // TT-12: play goes on from whoever moved (no division: a seat is below players_).
  next_ = take.seat + 1 == players_ ? 0 : take.seat + 1;
  if (on_grid_ == 0) {
    if (round_ == rounds_) {
      phase_ = Phase::over;
    } else {
      ++round_;
      phase_ = Phase::deal;
      starter_ = alice_holder_;
    }
  }
}

std::vector<Move> State::legal_moves() const {
  std::vector<Move> moves;
  if (phase_ == Phase::deal) {
    if (auto d = seeded_deal()) moves.push_back(Move::of(*d));
    return moves;
  }
  if (phase_ != Phase::take) return moves;
  const int most = max_take();
  std::vector<Cell> cards;
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < columns_; ++c)
      if (grid_[r * columns_ + c]) cards.push_back(Cell{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c)});
  auto add = [&](std::initializer_list<Cell> cells) {
    Take t;
    t.seat = static_cast<std::uint8_t>(next_);
    for (Cell c : cells) t.cells[t.count++] = c;
    moves.push_back(Move::of(t));
  };
  for (Cell a : cards) add({a});
  if (most >= 2)
    for (std::size_t i = 0; i < cards.size(); ++i)
      for (std::size_t j = i + 1; j < cards.size(); ++j)
        if (chebyshev(cards[i], cards[j]) == 1) add({cards[i], cards[j]});
  if (most >= 3) {
    static constexpr int kDirections[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (Cell a : cards)
      for (const auto& d : kDirections) {
        int r1 = a.row + d[0], c1 = a.column + d[1], r2 = a.row + 2 * d[0], c2 = a.column + 2 * d[1];
        if (on_grid(r2, c2) && grid_[r1 * columns_ + c1] && grid_[r2 * columns_ + c2])
          add({a, Cell{static_cast<std::uint8_t>(r1), static_cast<std::uint8_t>(c1)},
               Cell{static_cast<std::uint8_t>(r2), static_cast<std::uint8_t>(c2)}});
      }
  }
  return moves;
}

std::vector<int> State::scores() const {
  std::vector<int> out(players_);
  for (int p = 0; p < players_; ++p) out[p] = points(p);
  return out;
}

int State::points(int p) const {
  int total = 0;
  for (int c = 0; c < kCharacters; ++c) total += points_for_cards(std::abs(net_[p][c]));
  if (alice_holder_ == p) total += kAliceCardPoints;
  return total;
}

std::vector<int> State::winners() const {
  std::array<int, kMaxPlayers> all{};  // not a vector: asked of every game verified
  for (int p = 0; p < players_; ++p) all[p] = points(p);
  const std::span<const int> totals(all.data(), static_cast<std::size_t>(players_));
  std::vector<int> tied = decide_winners(totals, alice_holder_, Ties::shared_win);
  // TT-7's readings differ only on a tie the Alice card's holder is part of.
  if (tied.size() > 1 && std::find(tied.begin(), tied.end(), alice_holder_) != tied.end())
    return decide_winners(totals, alice_holder_, reading<Ties>(Dispute::ties));
  return tied;
}

std::vector<int> decide_winners(std::span<const int> scores, int alice_holder, Ties ties) {
  int best = *std::max_element(scores.begin(), scores.end());
  std::vector<int> tied;
  for (int p = 0; p < static_cast<int>(scores.size()); ++p)
    if (scores[p] == best) tied.push_back(p);
  if (ties == Ties::alice_card_breaks_ties && tied.size() > 1 &&
      std::find(tied.begin(), tied.end(), alice_holder) != tied.end())
    return {alice_holder};
  return tied;
}

}  // namespace wonderlog::tea_time
