#include "grammar/alicematic/notation.h"

#include <cstring>

#include "grammar/alicematic/notation_def.h"

namespace wonderlog::grammar::alicematic {

namespace {

void fail_at(std::string_view text, const char* where, std::string expected, SyntaxError& error) {
  error.offset = static_cast<std::uint32_t>(where - text.data());
  error.expected = std::move(expected);
  error.found = describe_found(text.substr(error.offset));
}

// The words a move starts with, for "did you mean".
const std::vector<std::string>& move_words() {
  static const std::vector<std::string> kWords = {"keep", "mulligan", "city",   "summon", "commoner",
                                                  "draw", "invade",   "attack", "pass",   "use"};
  return kWords;
}

Span span_in(std::string_view text, const parser::Range& r) {
  return Span{static_cast<std::uint32_t>(r.begin() - text.data()), static_cast<std::uint32_t>(r.end() - text.data())};
}

template <class Parser>
bool run(std::string_view text, const Parser& p, MoveTokens& move, SyntaxError& error, const char* expected,
         bool verb_first = false) {
  const char* first = text.data();
  const char* const last = first + text.size();
  parser::Out out{move, text.data()};
  try {
    bool ok = words::parse_with<parser::move_tag>(first, last, p, out);
    if (!ok || first != last) {
      fail_at(text, first, ok ? "the end of the move" : expected, error);
      if (!ok && verb_first) suggest_instead(text, move_words(), error);
      return false;
    }
  } catch (const parser::x3::expectation_failure<const char*>& e) {
    // A rule's name, never a C++ type name (every expectation target should be a named rule).
    fail_at(text, e.where(), e.which().find("boost") == std::string::npos ? e.which() : "the rest of the move", error);
    return false;
  }
  return true;
}

}  // namespace

bool is_reserved_word(std::string_view word) {
  static constexpr std::string_view kWords[] = {"red",    "blue", "yellow", "green",    "white", "to",
                                                "pay",    "draws", "draw",  "summon",   "commoner", "invade",
                                                "attack", "city", "keep",   "mulligan", "pass",  "none",
                                                "use",    "on",   "from",   "discards", "declines"};
  static constexpr auto kFolded = fold_words(kWords);
  return find_folded(kFolded, word) >= 0;
}

namespace {

// The short path's reading of one move (read_plain_move). Each step reads a part of the text as
// the grammar's rule of the same name would, when it is written plainly, and returns false at
// anything else; where the grammar reads a blank run (`gap`, `ws`), it takes one blank exactly.
class PlainMove {
  // Whether `w` is the word `lit`: a comparison of known length, which the compiler inlines
  // (string_view's == calls memcmp, for each of the words a move is compared with).
  template <std::size_t N>
  static bool is(std::string_view w, const char (&lit)[N]) {
    return w.size() == N - 1 && std::memcmp(w.data(), lit, N - 1) == 0;
  }

 public:
  PlainMove(std::string_view text, MoveTokens& move)
      : base_(text.data()), last_(text.data() + text.size()), at_(base_), move_(move) {}

  bool read() {
    const std::string_view verb = word();
    using Kind = MoveTokens::Kind;
    // The clauses that may follow, in the grammar's order (notation_def.h).
    if (is(verb, "invade")) return kind(Kind::invade) && target_space() && clauses(true, true, true);
    if (is(verb, "commoner")) return kind(Kind::commoner) && played() && clauses(true, true, true);
    if (is(verb, "attack")) return kind(Kind::attack) && target_space() && clauses(true, false, false);
    if (is(verb, "summon"))
      return kind(Kind::summon) && blank() && card(move_.card) && blank() && slot() && clauses(true, false, true);
    if (is(verb, "use")) return kind(Kind::use) && blank() && card(move_.card) && used_argument();
    if (is(verb, "city")) return kind(Kind::city) && target_position() && at_ == last_;
    if (is(verb, "draw")) return kind(Kind::draw) && (at_ == last_ || (blank() && cards(move_.drawn) && drawn()));
    if (is(verb, "mulligan")) return kind(Kind::mulligan) && blank() && discards() && clauses(false, true, false);
    if (is(verb, "pass")) return kind(Kind::pass) && at_ == last_;
    if (is(verb, "keep")) return kind(Kind::keep) && at_ == last_;
    return false;  // a capital, a mistake: the grammar's
  }

 private:
  bool kind(MoveTokens::Kind k) {
    move_.kind = k;
    return true;
  }
  Span span(const char* from, const char* to) const {
    return Span{static_cast<std::uint32_t>(from - base_), static_cast<std::uint32_t>(to - base_)};
  }
  WordToken token(const char* from, const char* to) const {
    return WordToken{std::string_view(from, static_cast<std::size_t>(to - from)), span(from, to)};
  }
  // Where the run of name characters from `from` ends.
  const char* word_end(const char* from) const {
    while (from != last_ && words::is_name_char(*from)) ++from;
    return from;
  }
  // Whether `to`, the end of a word, is one the short path takes: the end of the move, a blank
  // or a comma. A digit there makes the grammar refuse the word; anything else, read it oddly.
  bool ends_plainly(const char* to) const { return to == last_ || *to == ' ' || *to == ','; }
  // The word of name characters at the cursor, read past; empty where there is none or it ends
  // oddly (then the caller's comparison fails, and the move is the grammar's).
  std::string_view word() {
    const char* const end = word_end(at_);
    if (end == at_ || !ends_plainly(end)) return {};
    const std::string_view w(at_, static_cast<std::size_t>(end - at_));
    at_ = end;
    return w;
  }
  // `gap`: one blank. (A second one is refused by the step after: none reads a blank.)
  bool blank() {
    if (at_ == last_ || *at_ != ' ') return false;
    ++at_;
    return true;
  }
  // `ws ',' ws` between names or payments: ", " exactly.
  bool comma() {
    if (last_ - at_ < 2 || at_[0] != ',' || at_[1] != ' ') return false;
    at_ += 2;
    return true;
  }
  // The keyword `w` next, after a blank, read past; else the cursor is left where it was.
  template <std::size_t N>
  bool next_keyword(const char (&w)[N]) {
    constexpr std::size_t n = N - 1;
    if (static_cast<std::size_t>(last_ - at_) < n + 1 || at_[0] != ' ' || std::memcmp(at_ + 1, w, n) != 0 ||
        !(at_ + 1 + n == last_ || at_[1 + n] == ' '))
      return false;
    at_ += 1 + n;
    return true;
  }
  // `card`: the longest run of name words, one blank apart, none a reserved word (the grammar's
  // `card_word % gap`, which gives a blank back before a word it refuses). The cursor moves only
  // where a name is read.
  bool card(WordToken& out) {
    const char* const from = at_;
    const char* end = at_;  // of the name so far
    for (const char* w = at_;;) {
      const char* const w_end = word_end(w);
      if (w_end == w || !ends_plainly(w_end) || is_reserved_word(std::string_view(w, static_cast<std::size_t>(w_end - w))))
        break;
      end = w_end;
      if (w_end == last_ || *w_end != ' ' || w_end + 1 == last_) break;
      w = w_end + 1;
    }
    if (end == from) return false;
    at_ = end;
    out = token(from, end);
    return true;
  }
  // `slot` (`with_blue_and_white`) or `resource`: one of their colours, in lower case.
  bool colour(WordToken& out, bool with_blue_and_white) {
    const char* const from = at_;
    const std::string_view w = word();
    if (is(w, "red") || is(w, "yellow") || is(w, "green") || (with_blue_and_white && (is(w, "blue") || is(w, "white")))) {
      out = token(from, at_);
      return true;
    }
    return false;
  }
  bool slot() { return colour(move_.slot, true); }
  // `target_space`: a blank, a letter and a digit (`c3`).
  bool target_space() {
    if (!blank() || last_ - at_ < 2 || !words::is_letter(at_[0]) || !words::is_digit(at_[1]) || !ends_plainly(at_ + 2))
      return false;
    move_.target = token(at_, at_ + 2);
    at_ += 2;
    return true;
  }
  // `target_position`: a blank and a letter (`c`).
  bool target_position() {
    if (!blank() || at_ == last_ || !words::is_letter(at_[0]) || !ends_plainly(at_ + 1)) return false;
    move_.target = token(at_, at_ + 1);
    at_ += 1;
    return true;
  }
  // `played`: the card first where it is named (an open log), then the slot.
  bool played() {
    if (!blank()) return false;
    if (card(move_.card)) return blank() && slot();
    return slot();  // card() moves nothing when it reads no name
  }
  // After a used Alice's name (`use`): nothing, a space (`use Jet c3`) or a token colour (`use
  // Chinese red`), then the end. Her other arguments ('on', 'from', 'discards', ...) are the
  // grammar's.
  bool used_argument() {
    if (at_ == last_) return true;
    const char* const before = at_;
    if (target_space()) return at_ == last_;
    at_ = before;
    return blank() && colour(move_.token, false) && at_ == last_;
  }
  // `draw`'s names read: the draws are named (the grammar's `eps[set_draws]` after them).
  bool drawn() {
    move_.draws = true;
    return at_ == last_;
  }
  // `discards`: how many cards a mulligan discards (a table log), or their names (an open log).
  bool discards() {
    if (at_ != last_ && words::is_digit(*at_)) return count(move_.discards, move_.discards_span);
    return cards(move_.cards);
  }
  // `count`: digits, as many as there are (a count above 99 is read as 99, as the grammar does).
  bool count(int& value, Span& where) {
    const char* const from = at_;
    unsigned n = 0;
    for (; at_ != last_ && words::is_digit(*at_); ++at_) n = std::min(99u, n * 10 + static_cast<unsigned>(*at_ - '0'));
    if (at_ == from || !(at_ == last_ || *at_ == ' ')) return false;
    value = static_cast<int>(n);
    where = span(from, at_);
    return true;
  }
  // `card_list`: names, ", " apart, into `list`.
  template <std::size_t N>
  bool cards(Words<N>& list) {
    for (;;) {
      WordToken name;
      if (!card(name)) return false;
      list.push(name);
      if (at_ == last_ || *at_ != ',') return true;
      if (!comma()) return false;
    }
  }
  // `payment`: one to three amounts and colours, ", " or a blank apart; the clause, from `from`
  // (its 'pay'), is its span.
  bool payment(const char* from) {
    for (;;) {
      if (move_.payments == move_.pay.size()) return false;  // a fourth: the grammar reads it so
      Payment& p = move_.pay[move_.payments];
      // `amount`: nine digits at most, so that `n` cannot overflow (more go to the grammar, whose
      // number refuses one past 2^32 - 1).
      const char* const digits = at_;
      unsigned n = 0;
      for (; at_ != last_ && words::is_digit(*at_) && at_ - digits < 9; ++at_) n = n * 10 + static_cast<unsigned>(*at_ - '0');
      if (at_ == digits || !blank()) return false;
      p.amount = std::min(99u, n);
      if (!colour(p.resource, false)) return false;
      ++move_.payments;
      move_.pay_span = span(from, at_);
      // Another payment follows a comma or a blank and starts with a digit.
      const char* const after = at_;
      if ((comma() || blank()) && at_ != last_ && words::is_digit(*at_)) continue;
      at_ = after;
      return true;
    }
  }
  // The clauses after a move's object, each where the move has it: 'pay', 'draws', 'declines',
  // in that order, then the end of the move.
  bool clauses(bool pay, bool draws, bool declines) {
    if (pay && next_keyword("pay")) {
      const char* const clause = at_ - 3;  // its 'pay'
      if (!blank() || !payment(clause)) return false;
    }
    if (draws && next_keyword("draws")) {
      move_.draws = true;
      if (!blank()) return false;
      if (at_ != last_ && words::is_digit(*at_)) {
        if (!count(move_.draw_count, move_.draw_count_span)) return false;
      } else if (!cards(move_.drawn)) {
        return false;
      }
    }
    if (declines && next_keyword("declines") && !(blank() && cards(move_.declined))) return false;
    return at_ == last_;
  }

  const char* const base_;
  const char* const last_;
  const char* at_;
  MoveTokens& move_;
};

}  // namespace

bool read_plain_move(std::string_view text, MoveTokens& move) {
  move.clear();
  if (PlainMove(text, move).read()) return true;
  move.clear();
  return false;
}

bool parse_move_by_grammar(std::string_view text, MoveTokens& move, SyntaxError& error) {
  move.clear();
  return run(text, parser::move, move, error,
             "a move: 'keep', 'mulligan', 'city', 'summon', 'commoner', 'draw', 'invade', 'attack', 'pass' or 'use'",
             true);
}

bool parse_move(std::string_view text, MoveTokens& move, SyntaxError& error) {
  return read_plain_move(text, move) || parse_move_by_grammar(text, move, error);
}

bool parse_cards(std::string_view text, Words<8>& cards, SyntaxError& error) {
  MoveTokens move;
  if (!run(text, parser::ws >> parser::card_list >> parser::ws, move, error, "card names separated by commas"))
    return false;
  cards = move.drawn;
  return true;
}

// The tiles of the largest standard map (5 players): room made for them at once.
constexpr std::size_t kUsualTiles = 13;

bool parse_tiles(std::string_view text, std::vector<PlacementToken>& tiles, SyntaxError& error) {
  tiles.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  // Read into an empty list, a map's tiles were four or five allocations a game.
  std::vector<parser::Range> tokens;
  tokens.reserve(kUsualTiles);
  bool ok = parser::x3::parse(first, last, parser::tiles, tokens);
  if (!ok || first != last) {
    fail_at(text, first, tokens.empty() ? "a tile and its turn, like 7/2" : "another tile and turn, like 7/2", error);
    return false;
  }
  tiles.reserve(tokens.size());
  for (const auto& r : tokens) {
    std::string_view t(r.begin(), r.size());
    const auto slash = t.rfind('/');
    PlacementToken p;
    p.span = span_in(text, r);
    p.tile = WordToken{t.substr(0, slash), Span{p.span.begin, p.span.begin + static_cast<std::uint32_t>(slash)}};
    p.turn = static_cast<unsigned>(t[slash + 1] - '0');
    tiles.push_back(p);
  }
  return true;
}

bool parse_names(std::string_view text, std::vector<WordToken>& names, SyntaxError& error) {
  names.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  std::vector<parser::Range> tokens;
  bool ok = parser::x3::parse(first, last, parser::names, tokens);
  if (!ok || first != last) {
    fail_at(text, first, "names separated by commas", error);
    return false;
  }
  for (const auto& r : tokens) {
    std::string_view t(r.begin(), r.size());
    const std::string_view trimmed = trim(t);
    if (trimmed.empty()) {
      fail_at(text, r.begin(), "a name between two commas", error);
      return false;
    }
    const auto offset = static_cast<std::uint32_t>(trimmed.data() - text.data());
    names.push_back(WordToken{trimmed, Span{offset, offset + static_cast<std::uint32_t>(trimmed.size())}});
  }
  return true;
}

}  // namespace wonderlog::grammar::alicematic
