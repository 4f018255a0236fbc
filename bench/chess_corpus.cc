#include "bench/chess_corpus.h"

#include <array>
#include <cstdlib>
#include <string>
#include <vector>

namespace wonderlog::bench {
namespace {

// Pieces are signed: positive for White, negative for Black, 0 for an empty square.
enum : int { kPawn = 1, kKnight, kBishop, kRook, kQueen, kKing };

// Squares are rank * 8 + file, a1 = 0, h8 = 63.
int file_of(int sq) {
  return sq & 7;
}
int rank_of(int sq) {
  return sq >> 3;
}
bool on_board(int f, int r) {
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

struct Step {
  int df, dr;
};
constexpr std::array<Step, 8> kKnightSteps = {{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
constexpr std::array<Step, 8> kKingSteps = {{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
constexpr std::array<Step, 4> kRookSteps = {{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}};
constexpr std::array<Step, 4> kBishopSteps = {{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};

// Castling rights, one bit each.
constexpr int kWhiteShort = 1, kWhiteLong = 2, kBlackShort = 4, kBlackLong = 8;

struct Position {
  std::array<std::int8_t, 64> board{};
  bool white = true;  // White to move
  int castling = kWhiteShort | kWhiteLong | kBlackShort | kBlackLong;
  int ep = -1;                     // the square a pawn just skipped, or -1
  std::array<int, 2> king{4, 60};  // [0] White's king, [1] Black's
};

struct Move {
  int from = 0, to = 0;
  int promotion = 0;  // kKnight..kQueen, or 0
  bool capture = false, en_passant = false, castle = false;
};

// Splitmix64: tiny, fast and specified bit for bit, so the corpus is the same everywhere.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // A number in [0, n); plain modulo, whose bias is negligible for the small n used here.
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

 private:
  std::uint64_t state_;
};

Position start_position() {
  Position p;
  constexpr std::array<int, 8> back = {kRook, kKnight, kBishop, kQueen, kKing, kBishop, kKnight, kRook};
  for (int f = 0; f < 8; ++f) {
    p.board[f] = static_cast<std::int8_t>(back[f]);
    p.board[8 + f] = kPawn;
    p.board[48 + f] = -kPawn;
    p.board[56 + f] = static_cast<std::int8_t>(-back[f]);
  }
  return p;
}

// Whether `sq` is attacked by the side `by_white`, looking outward from the square.
bool attacked(const Position& p, int sq, bool by_white) {
  const int s = by_white ? 1 : -1;
  const int f = file_of(sq), r = rank_of(sq);
  // A White pawn attacks upward, so it stands one rank below the square it attacks.
  for (int df : {-1, 1})
    if (on_board(f + df, r - s) && p.board[(r - s) * 8 + f + df] == s * kPawn) return true;
  for (const Step& st : kKnightSteps)
    if (on_board(f + st.df, r + st.dr) && p.board[(r + st.dr) * 8 + f + st.df] == s * kKnight) return true;
  for (const Step& st : kKingSteps)
    if (on_board(f + st.df, r + st.dr) && p.board[(r + st.dr) * 8 + f + st.df] == s * kKing) return true;
  auto slides = [&](const auto& steps, int piece) {
    for (const Step& st : steps) {
      for (int tf = f + st.df, tr = r + st.dr; on_board(tf, tr); tf += st.df, tr += st.dr) {
        const int q = p.board[tr * 8 + tf];
        if (q == 0) continue;
        if (q == s * piece || q == s * kQueen) return true;
        break;
      }
    }
    return false;
  };
  return slides(kRookSteps, kRook) || slides(kBishopSteps, kBishop);
}

bool in_check(const Position& p) {
  return attacked(p, p.king[p.white ? 0 : 1], !p.white);
}

// Castling rights lost when a move leaves or lands on a square: a king's or a rook's home.
int rights_lost(int sq) {
  switch (sq) {
    case 0:
      return kWhiteLong;
    case 4:
      return kWhiteShort | kWhiteLong;
    case 7:
      return kWhiteShort;
    case 56:
      return kBlackLong;
    case 60:
      return kBlackShort | kBlackLong;
    case 63:
      return kBlackShort;
    default:
      return 0;
  }
}

Position make(const Position& p, const Move& m) {
  Position n = p;
  const int s = p.white ? 1 : -1;
  const int piece = n.board[m.from];
  n.board[m.to] = static_cast<std::int8_t>(m.promotion ? s * m.promotion : piece);
  n.board[m.from] = 0;
  if (m.en_passant) n.board[m.to - 8 * s] = 0;  // the captured pawn is beside, not on, the target
  if (m.castle) {
    const bool short_side = m.to > m.from;
    const int rook_from = short_side ? m.from + 3 : m.from - 4, rook_to = short_side ? m.from + 1 : m.from - 1;
    n.board[rook_to] = n.board[rook_from];
    n.board[rook_from] = 0;
  }
  if (std::abs(piece) == kKing) n.king[p.white ? 0 : 1] = m.to;
  n.castling &= ~(rights_lost(m.from) | rights_lost(m.to));
  n.ep = std::abs(piece) == kPawn && std::abs(m.to - m.from) == 16 ? (m.from + m.to) / 2 : -1;
  n.white = !p.white;
  return n;
}

// One move per promotion, not four: the piece is drawn when the move is chosen, so promoting is
// no likelier than any other move. Which piece it is never changes the move's legality.
void add_pawn_move(std::vector<Move>& out, int from, int to, bool capture, bool last_rank) {
  out.push_back({from, to, last_rank ? kQueen : 0, capture});
}

// Every move of the side to move that obeys the pieces' rules, its own king's safety not yet
// tested (except castling's: not out of, nor through, check).
void pseudo_legal(const Position& p, std::vector<Move>& out) {
  const int s = p.white ? 1 : -1;
  auto enemy = [&](int sq) { return p.board[sq] * s < 0; };
  for (int from = 0; from < 64; ++from) {
    const int piece = p.board[from] * s;
    if (piece <= 0) continue;
    const int f = file_of(from), r = rank_of(from);
    auto steps = [&](const auto& table, bool slide) {
      for (const Step& st : table) {
        for (int tf = f + st.df, tr = r + st.dr; on_board(tf, tr); tf += st.df, tr += st.dr) {
          const int to = tr * 8 + tf;
          if (p.board[to] == 0) {
            out.push_back({from, to});
          } else {
            if (enemy(to)) out.push_back({from, to, 0, true});
            break;
          }
          if (!slide) break;
        }
      }
    };
    switch (piece) {
      case kPawn: {
        const int ahead = r + s;  // never off the board: a pawn on its last rank has promoted
        const bool last = ahead == (p.white ? 7 : 0);
        if (p.board[ahead * 8 + f] == 0) {
          add_pawn_move(out, from, ahead * 8 + f, false, last);
          if (r == (p.white ? 1 : 6) && p.board[(r + 2 * s) * 8 + f] == 0) out.push_back({from, (r + 2 * s) * 8 + f});
        }
        for (int df : {-1, 1}) {
          if (!on_board(f + df, ahead)) continue;
          const int to = ahead * 8 + f + df;
          if (enemy(to))
            add_pawn_move(out, from, to, true, last);
          else if (to == p.ep)
            out.push_back({from, to, 0, true, true});
        }
        break;
      }
      case kKnight:
        steps(kKnightSteps, false);
        break;
      case kBishop:
        steps(kBishopSteps, true);
        break;
      case kRook:
        steps(kRookSteps, true);
        break;
      case kQueen:
        steps(kRookSteps, true);
        steps(kBishopSteps, true);
        break;
      case kKing: {
        steps(kKingSteps, false);
        // The rights imply the king and rook are still at home; the landing square's safety is
        // left to the legality test with the other moves.
        const int home = p.white ? 4 : 60;
        const int short_right = p.white ? kWhiteShort : kBlackShort, long_right = p.white ? kWhiteLong : kBlackLong;
        if (from != home || !(p.castling & (short_right | long_right)) || attacked(p, home, !p.white)) break;
        if ((p.castling & short_right) && p.board[home + 1] == 0 && p.board[home + 2] == 0 &&
            !attacked(p, home + 1, !p.white))
          out.push_back({from, home + 2, 0, false, false, true});
        if ((p.castling & long_right) && p.board[home - 1] == 0 && p.board[home - 2] == 0 && p.board[home - 3] == 0 &&
            !attacked(p, home - 1, !p.white))
          out.push_back({from, home - 2, 0, false, false, true});
        break;
      }
    }
  }
}

// The legal moves: the pseudo-legal ones after which the mover's king is not attacked.
void legal_moves(const Position& p, std::vector<Move>& scratch, std::vector<Move>& out) {
  scratch.clear();
  out.clear();
  pseudo_legal(p, scratch);
  const int king = p.king[p.white ? 0 : 1];
  const bool checked = attacked(p, king, !p.white);
  for (const Move& m : scratch) {
    // Out of check, a move by another piece can expose the king only by leaving a line through
    // it (en passant empties a second square), so most moves need no test.
    const int df = file_of(m.from) - file_of(king), dr = rank_of(m.from) - rank_of(king);
    const bool on_line = df == 0 || dr == 0 || df == dr || df == -dr;
    if (!checked && m.from != king && !m.en_passant && !on_line) {
      out.push_back(m);
      continue;
    }
    const Position n = make(p, m);
    if (!attacked(n, n.king[p.white ? 0 : 1], !p.white)) out.push_back(m);
  }
}

// Neither side can ever mate: bare kings, or one knight or bishop beside them.
bool dead_position(const Position& p) {
  int others = 0;
  for (int q : p.board) {
    const int a = std::abs(q);
    if (a == 0 || a == kKing) continue;
    if (a != kKnight && a != kBishop) return false;
    if (++others > 1) return false;
  }
  return true;
}

char square_file(int sq) {
  return static_cast<char>('a' + file_of(sq));
}
char square_rank(int sq) {
  return static_cast<char>('1' + rank_of(sq));
}

// The move in SAN, given the legal moves it was chosen from (for disambiguation) and the
// opponent's legal replies (for '#').
std::string san(const Position& p, const Move& m, const std::vector<Move>& legal, const Position& after,
                bool opponent_can_move) {
  std::string s;
  const int piece = std::abs(p.board[m.from]);
  if (m.castle) {
    s = m.to > m.from ? "O-O" : "O-O-O";
  } else if (piece == kPawn) {
    if (m.capture) {
      s += square_file(m.from);  // a pawn capture names the file it leaves
      s += 'x';
    }
    s += square_file(m.to);
    s += square_rank(m.to);
    if (m.promotion) {
      s += '=';
      s += " PNBRQK"[m.promotion];
    }
  } else {
    s += " PNBRQK"[piece];
    // The other pieces of this kind that could legally go to the same square decide how much
    // of the origin to name: its file if that tells them apart, else its rank, else both.
    bool ambiguous = false, same_file = false, same_rank = false;
    for (const Move& o : legal) {
      if (o.to != m.to || o.from == m.from || std::abs(p.board[o.from]) != piece) continue;
      ambiguous = true;
      same_file |= file_of(o.from) == file_of(m.from);
      same_rank |= rank_of(o.from) == rank_of(m.from);
    }
    if (ambiguous && (!same_file || same_rank)) s += square_file(m.from);
    if (ambiguous && same_file) s += square_rank(m.from);
    if (m.capture) s += 'x';
    s += square_file(m.to);
    s += square_rank(m.to);
  }
  if (in_check(after)) s += opponent_can_move ? '+' : '#';
  return s;
}

// Writes the movetext tokens, space-separated, starting a new line before one that would reach
// column 80.
class Wrapper {
 public:
  explicit Wrapper(std::ostream& out) : out_(out) {}
  void token(const std::string& t) {
    if (column_ > 0 && column_ + 1 + t.size() > 79) {
      out_ << '\n';
      column_ = 0;
    }
    if (column_ > 0) {
      out_ << ' ';
      ++column_;
    }
    out_ << t;
    column_ += t.size();
  }
  void end_line() {
    out_ << '\n';
    column_ = 0;
  }

 private:
  std::ostream& out_;
  std::size_t column_ = 0;
};

}  // namespace

long write_chess_corpus(std::ostream& out, int games, std::uint64_t seed) {
  Rng rng(seed);
  long plies = 0;
  std::vector<Move> scratch, moves, replies, captures;
  for (int game = 1; game <= games; ++game) {
    Position p = start_position();
    legal_moves(p, scratch, moves);
    const int limit = 80 + rng.below(81);
    std::string result;
    // The movetext is built first: the Result tag, written before it, depends on how it ends.
    std::vector<std::string> tokens;
    for (int ply = 0;; ++ply) {
      if (moves.empty()) {
        result = !in_check(p) ? "1/2-1/2" : p.white ? "0-1" : "1-0";
        break;
      }
      if (dead_position(p)) {
        result = "1/2-1/2";
        break;
      }
      if (ply >= limit) {
        result = rng.below(2) ? "1/2-1/2" : "*";  // a draw agreed, or a game left unfinished
        break;
      }
      // Random moves seldom mate; taking material now and then thins the board so that more
      // games end in mate, stalemate or bare kings instead of at the ply limit.
      captures.clear();
      for (const Move& m : moves)
        if (m.capture) captures.push_back(m);
      Move m = !captures.empty() && rng.below(3) == 0 ? captures[rng.below(static_cast<int>(captures.size()))]
                                                      : moves[rng.below(static_cast<int>(moves.size()))];
      // Promote to a queen mostly, as players do; but every piece turns up.
      if (m.promotion) {
        const int r = rng.below(8);
        m.promotion = r < 5 ? kQueen : r == 5 ? kRook : r == 6 ? kBishop : kKnight;
      }
      const Position next = make(p, m);
      legal_moves(next, scratch, replies);
      if (p.white) tokens.push_back(std::to_string(ply / 2 + 1) + ".");
      tokens.push_back(san(p, m, moves, next, !replies.empty()));
      p = next;
      moves.swap(replies);
      ++plies;
    }
    out << "[Event \"wonderlog bench\"]\n[Site \"?\"]\n[Date \"2026.11.24\"]\n[Round \"" << game
        << "\"]\n[White \"White\"]\n[Black \"Black\"]\n[Result \"" << result << "\"]\n\n";
    Wrapper w(out);
    for (const std::string& t : tokens) w.token(t);
    w.token(result);
    w.end_line();
    out << '\n';
  }
  return plies;
}

}  // namespace wonderlog::bench
