#include "grammar/log_reader.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "grammar/line_scan.h"

namespace wonderlog::grammar {

int detail::common_header_among(std::uint16_t candidates, std::string_view key) {
  for (std::uint16_t bits = candidates; bits; bits &= static_cast<std::uint16_t>(bits - 1)) {
    const int i = std::countr_zero(bits);
    if (iequals(common_header_order[static_cast<std::size_t>(i)], key)) return i;
  }
  return -1;
}

const Header* ParsedGame::header(std::string_view key) const {
  for (const Header& h : headers)
    if (h.key == key) return &h;
  return nullptr;
}

std::optional<std::uint32_t> ParsedGame::misspelt_header(std::string_view key) const {
  const std::vector<std::string> wanted = {std::string(key)};
  for (std::uint32_t i = version_line.value_or(0) + 1; i < lines.size(); ++i) {
    const envelope::LineSyntax& s = lines[i].syntax;
    if (s.kind == envelope::LineKind::entry && !s.move_number && nearest_name(span_text(i, s.label), wanted) == key)
      return i;
  }
  return std::nullopt;
}

namespace {

// True when every byte is printable ASCII (0x20 to 0x7e), eight at a time: the common line,
// which needs neither the control-byte search nor NFC.
bool printable_ascii(std::string_view line) {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const char* p = line.data();
  std::size_t n = line.size();
  // A byte below 0x20 borrows into its high bit; one of 0x7f or more has it after adding 1.
  auto bad = [](std::uint64_t x) { return ((x - 0x20 * ones) & ~x) | x | (x + ones); };
  if (n < 8) {
    for (; n > 0; ++p, --n)
      if (static_cast<unsigned char>(*p) < 0x20 || static_cast<unsigned char>(*p) >= 0x7f) return false;
    return true;
  }
  std::uint64_t found = 0, x;
  for (; n > 8; p += 8, n -= 8) {
    std::memcpy(&x, p, 8);
    found |= bad(x);
  }
  std::memcpy(&x, p + n - 8, 8);  // the last 8 bytes, overlapping bytes already seen
  found |= bad(x);
  return !(found & highs);
}

bool starts_utf16(std::string_view line) {
  return line.starts_with("\xFF\xFE") || line.starts_with("\xFE\xFF");
}

// A line such as `4. Joost c1 b2 a3  # ...` reads its moves as part of the name and misses
// the ':' at the '#'. When the name starts with a player of the game (from its players line
// above) or with a header name, the ':' was forgotten right after it: say so there.
void name_the_missing_colon(const ParsedGame& game, std::string_view text, SyntaxError& error) {
  std::size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return;
  if (std::size_t digits = text.find_first_not_of("0123456789", begin); digits > begin) {  // `12.`
    std::size_t dot = text.find_first_not_of(" \t", digits);
    if (dot != std::string_view::npos && text[dot] == '.') begin = text.find_first_not_of(" \t", dot + 1);
  }
  if (begin == std::string_view::npos || begin >= error.offset) return;
  const std::string_view name = text.substr(begin, error.offset - begin);
  auto after = [&](std::string_view known) {  // `known` then a blank: the ':' belongs there
    return name.size() > known.size() && iequals(name.substr(0, known.size()), known) &&
           (name[known.size()] == ' ' || name[known.size()] == '\t');
  };
  std::string_view found;
  std::string what;
  for (std::uint32_t i = 0; i < game.lines.size(); ++i) {
    const envelope::LineSyntax& s = game.lines[i].syntax;
    if (s.kind != envelope::LineKind::entry || !iequals(game.span_text(i, s.label), "players")) continue;
    std::vector<Span> names;
    SyntaxError ignored;
    const std::string_view players = game.span_text(i, s.value);
    if (!envelope::parse_players(players, names, ignored)) break;
    for (const Span& n : names) {  // the longest: "Anne Marie" before "Anne"
      std::string_view player = players.substr(n.begin, n.size());
      if (after(player) && player.size() > found.size()) found = player, what = "the player's name";
    }
    break;
  }
  if (found.empty()) {
    const std::size_t blank = name.find_first_of(" \t");
    if (blank != std::string_view::npos && is_common_header(name.substr(0, blank)))
      found = name.substr(0, blank), what = "the header name";
    // `round two`, `round2`, `round #2`: a round line whose number is not read (found in review:
    // each was told its ':' was missing).
    const std::string_view word = name.substr(0, blank);
    auto all_digits = [](std::string_view t) {
      return !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos;
    };
    if (found.empty() && word.size() > 5 && iequals(word.substr(0, 5), "round") && all_digits(word.substr(5))) {
      error.message.clear();
      error.offset = static_cast<std::uint32_t>(begin + 5);
      error.width = static_cast<std::uint32_t>(word.size() - 5);
      error.expected = fmt::format("a blank between 'round' and its number: 'round {}'", word.substr(5));
      error.found = describe_found(text.substr(begin + 5));
      return;
    }
    if (found.empty() && iequals(word, "round")) {
      const std::size_t rest = std::min(text.size(), text.find_first_not_of(" \t", begin + 5));
      const std::size_t end = std::min(text.size(), text.find_first_of(" \t", rest));
      error.message.clear();
      error.offset = static_cast<std::uint32_t>(rest);
      error.width = static_cast<std::uint32_t>(std::max<std::size_t>(1, end - rest));
      error.expected = "the round's number in digits after 'round', like 'round 2'";
      error.found = describe_found(text.substr(rest));
      if (all_digits(text.substr(rest, end - rest))) {
        error.expected = "the round's number after 'round', like 'round 2'";
        error.found = "'" + std::string(text.substr(rest, end - rest)) + "', far too large for a round's number";
      }
      return;
    }
    // `rond 2`: a round line misspelt (found in review: it was told its ':' was missing).
    if (found.empty() && blank != std::string_view::npos && begin + name.size() == text.size()) {
      const std::string_view word = name.substr(0, blank);
      const std::size_t digits = name.find_first_not_of(" \t", blank);
      const std::string_view number = digits == std::string_view::npos ? std::string_view{} : name.substr(digits);
      if (!number.empty() && number.find_first_not_of("0123456789") == std::string_view::npos &&
          !iequals(word, "round") && nearest_name(word, {"round"}) == "round") {
        error.message = fmt::format(
            "expected a line like 'round {}' or an entry like 'Nina: a1', found '{}'; did you "
            "mean 'round {}'?",
            number, text.substr(begin), number);
        error.offset = static_cast<std::uint32_t>(begin);
        error.width = static_cast<std::uint32_t>(word.size());
        error.found.clear();
        return;
      }
    }
  }
  if (found.empty()) return;
  const std::uint32_t at = static_cast<std::uint32_t>(begin + found.size());
  error.message = "expected ':' after ";  // appended: GCC 12's -Wrestrict misfires on `"..." + std::string`
  error.message += what;
  error.message += " '";
  error.message += text.substr(begin, found.size());
  error.message += "', found ";
  error.message += describe_found(text.substr(at));
  // `Nina took the Alice card`: words after a player's name, no move number and no ':' anywhere:
  // perhaps a note written without its '#' (found in review). A move's spots are no words.
  const std::string_view rest = text.substr(at);
  std::size_t words = 0, long_words = 0;
  for (std::size_t i = 0; i < rest.size();) {
    const std::size_t end = std::min(rest.size(), rest.find_first_of(" \t", i));
    if (end > i) {
      ++words;
      const std::string_view w = rest.substr(i, end - i);
      long_words += w.size() >= 3 && std::all_of(w.begin(), w.end(), [](char c) {
        return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
      });
    }
    i = end + 1;
  }
  const bool numbered = begin != text.find_first_not_of(" \t");
  if (what == "the player's name" && !numbered && words >= 3 && long_words >= 2 &&
      rest.find(':') == std::string_view::npos)
    error.message += "; if this is a note, start it with '#'";
  error.offset = at;
  error.found.clear();  // the caret marks where the ':' goes: one column wide
}

}  // namespace

void LogReader::classify_window() {
  const char* const p = buffer_.data() + scanned_;
  std::uint64_t breaks = 0, odd = 0;
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n'), space = _mm_set1_epi8(' '), tilde = _mm_set1_epi8('~'),
                hash = _mm_set1_epi8('#');
  for (std::size_t i = 0; i < kWindow; i += 16) {
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    // Compared as signed bytes, those of 0x80 and above are below ' ' too.
    const __m128i outside =
        _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(c, space), _mm_cmpgt_epi8(c, tilde)), _mm_cmpeq_epi8(c, hash));
    breaks |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(c, nl)))} << i;
    odd |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(outside))} << i;
  }
#else
  for (std::size_t i = 0; i < kWindow; ++i) {
    const auto u = static_cast<unsigned char>(p[i]);
    breaks |= std::uint64_t{u == '\n'} << i;
    odd |= std::uint64_t{u < 0x20 || u > 0x7e || u == '#'} << i;
  }
#endif
  breaks_ = breaks;
  odd_ = odd & ~breaks;
  scanned_ += kWindow;
}

std::string_view LogReader::next_line_by_search() {
  const std::string_view line = next_line_at_block_end();
  forget_window();
  plain_ = false;
  return line;
}

std::string_view LogReader::next_line_at_block_end() {
  constexpr std::size_t kBlock = 1 << 16;
  for (;;) {
    const char* start = buffer_.data() + pos_;
    const std::size_t avail = end_ - pos_;
    const void* nl = std::memchr(start, '\n', avail);
    if (nl) return hand_out(static_cast<std::size_t>(static_cast<const char*>(nl) - start), 1);
    if (eof_ && avail > 0) return hand_out(avail, 0);
    if (eof_) return {};
    // Keep the game read so far and the unfinished line; read another block behind them.
    std::memmove(buffer_.data(), buffer_.data() + game_begin_, end_ - game_begin_);
    end_ -= game_begin_;
    pos_ -= game_begin_;
    game_begin_ = 0;
    if (end_ - pos_ > kMostLineBytes) {
      long_line_ = line_number_ + 1;
      read_failed_ = true;
      return {};
    }
    const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(block_, unread_));
    block_ = std::min(2 * block_, kBlock);
    // buffer_'s size is its room: it grows (zero-filled) only for a longer game than before.
    if (buffer_.size() < end_ + want) buffer_.resize(end_ + want);
    in_.read(buffer_.data() + end_, static_cast<std::streamsize>(want));
    const std::size_t got = static_cast<std::size_t>(in_.gcount());
    end_ += got;
    unread_ -= got;
    if (got < want || unread_ == 0) {
      eof_ = true;
      if (in_.bad()) read_failed_ = true;
    }
  }
}

std::string long_line_problem(std::uint32_t line) {
  return "line " + std::to_string(line) + " is longer than " + std::to_string(kMostLineBytes >> 20) +
         " MiB: a log's lines are short (is this a log?)";
}

namespace {

std::string long_game_problem(std::uint32_t line) {
  return "the game that starts on line " + std::to_string(line) + " has more than " + std::to_string(kMostGameLines) +
         " lines or " + std::to_string(kMostGameBytes >> 20) + " MiB: a game is a few hundred lines (is this a log?)";
}

}  // namespace

std::string no_game_problem(bool any_line) {
  return any_line ? "expected 'wonderlog 1' to start a game, found only comments and blank lines"
                  : "expected 'wonderlog 1' to start a game, found nothing: the file is empty";
}

std::string large_log_problem() {
  return "it is larger than " + std::to_string(kMostLogBytes >> 20) + " MiB: split it into several files";
}

std::string LogReader::failure() const {
  if (long_line_) return long_line_problem(long_line_);
  if (long_game_) return long_game_problem(long_game_);
  return "read error";
}

namespace {

// A header line `i` (common_header_order[which]) that cannot be filed: given twice, or with a
// move number. Out of line: file_line, asked of every line, stays small enough to inline.
[[gnu::cold, gnu::noinline]] void refuse_header(ParsedGame& game, std::uint32_t i, std::string_view text, int which) {
  const envelope::LineSyntax& s = game.lines[i].syntax;
  const std::string_view key = common_header_order[static_cast<std::size_t>(which)];
  const Header* first = key == "expect" ? nullptr : game.header(key);
  if (!first) {  // not given twice: it has a move number
    game.syntax_error =
        GameSyntaxError{i, SyntaxError{0, "a header without a move number", describe_found(text)}};
    return;
  }
  game.syntax_error = GameSyntaxError{
      i, SyntaxError{s.label.begin, "", "",
                     "a second '" + std::string(key) + "' header; the first is on line " +
                         std::to_string(game.lines[first->line].number) + ", and a header is given once" +
                         // Two games pasted one after the other, the second without its first line.
                         (key == "game" ? " (a second game? it starts with its own 'wonderlog 1' line)" : "")}};
}

// Files a game's line `i`, whose text is `text`, read without a syntax error, as a header or
// into the body; notes a header given twice, or with a move number, as the game's syntax error.
// Lines are filed as they are read (game.text is not written yet), up to the game's first error.
// Inlined into the reader's loop: as a call, saving and restoring registers was a fifth of it.
[[gnu::always_inline]] inline void file_line(ParsedGame& game, std::uint32_t i, std::string_view text) {
  const envelope::LineSyntax& s = game.lines[i].syntax;
  if (s.kind == envelope::LineKind::round) {
    game.body.push_back(i);
    return;
  }
  if (s.kind != envelope::LineKind::entry) return;
  const int which =
      common_header_index(std::string_view(text.data() + s.label.begin, s.label.size()));  // within the line
  if (which < 0) {
    game.body.push_back(i);
    return;
  }
  const std::string_view key = common_header_order[static_cast<std::size_t>(which)];
  const auto bit = static_cast<std::uint16_t>(1u << which);
  // `expect` may take several lines: a verdict, then what it is under other readings. A header
  // given twice is refused (the second), and so is one with a move number.
  if (((game.header_bits & bit) && key != "expect") || s.move_number) [[unlikely]] {
    refuse_header(game, i, text, which);
    return;
  }
  game.header_bits |= bit;
  game.headers.push_back(Header{key, i});
}

}  // namespace

namespace {
// `wonderlog 1.0`, `Wonderlog v1`, `wonderlog 1 tea-time`: a version line written otherwise is
// pointed at past its word, at what is wrong there (found in review: the caret was under
// 'wonderlog', the one word that was right). Leaves `error` as it is for any other line.
void misread_version_line(std::string_view text, SyntaxError& error) {
  std::size_t p = text.find_first_not_of(" \t");
  constexpr std::string_view word = "wonderlog";
  if (p == std::string_view::npos || text.size() - p < word.size() || !iequals(text.substr(p, word.size()), word))
    return;
  p += word.size();
  if (p < text.size() && text[p] != ' ' && text[p] != '\t') return;  // `wonderlogs`: another word
  p = std::min(text.size(), text.find_first_not_of(" \t", p));
  std::size_t digits = p;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == p || (digits < text.size() && text[digits] != ' ' && text[digits] != '\t')) {
    // No number, or one run into other characters (`1.0`, `v1`): the version is what is wrong.
    const std::size_t end = std::min(text.size(), text.find_first_of(" \t#", p));
    error.offset = static_cast<std::uint32_t>(p);
    error.width = static_cast<std::uint32_t>(std::max<std::size_t>(1, end - p));
    error.expected = "the format version after 'wonderlog', a whole number: 'wonderlog 1'";
  } else {
    // A number, then more (`wonderlog 1 tea-time`): the line holds the version alone.
    const std::size_t more = std::min(text.size(), text.find_first_not_of(" \t", digits));
    error.offset = static_cast<std::uint32_t>(more);
    error.width = static_cast<std::uint32_t>(std::max<std::size_t>(1, std::min(text.size(), text.find('#', more)) - more));
    error.expected = "the end of the line: 'wonderlog 1' stands alone (the game and the rest are headers on the "
                     "lines after it, like 'game: tea-time')";
  }
  error.found = describe_found(text.substr(error.offset));
}

// `5 Arthur: c2`, `5) Arthur: c2`: a move number without its dot, before a name and a ':' (found
// in review: "expected a log line"). Leaves `error` as it is for any other line.
void misread_move_number(std::string_view text, SyntaxError& error) {
  const std::size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos || text[begin] < '0' || text[begin] > '9') return;
  std::size_t end = begin;
  while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
  if (end == text.size() || text[end] == '.') return;
  std::size_t name = end;
  while (name < text.size() && (text[name] == ' ' || text[name] == '\t' || text[name] == ')' || text[name] == '-')) ++name;
  const std::size_t colon = text.find(':', name);
  if (name == end && text[end] != ' ') return;  // `5x`: not a number and a name
  if (name == text.size() || colon == std::string_view::npos || text.find('#') < colon) return;
  error = SyntaxError{};
  error.offset = static_cast<std::uint32_t>(end);
  error.width = static_cast<std::uint32_t>(std::max<std::size_t>(1, name - end));
  error.message = fmt::format("expected a '.' after the move number {}, like '{}. {}'", text.substr(begin, end - begin),
                              text.substr(begin, end - begin), text.substr(name));
}
}  // namespace

bool LogReader::next(ParsedGame& game) {
  // Cleared, not replaced: the buffers keep their capacity from game to game.
  game.text.clear();
  game.lines.clear();
  game.version_line.reset();
  game.headers.clear();
  game.header_bits = 0;
  game.body.clear();
  game.syntax_error.reset();
  SyntaxError error;
  bool started = false;  // holds its `wonderlog` line, or stray text standing in for one
  bool any_content = false;
  // The blank and comment lines at the end of the game so far: the first one's index, where it
  // starts in the game's bytes, and the number of the line before it. A `wonderlog` line after
  // them starts the next game, and they belong to that game: the reader goes back to them.
  std::size_t trailing = 0;
  std::size_t trailing_at = 0;
  std::uint32_t trailing_after = line_number_;
  game_begin_ = pos_;
  game_lines_before_ = line_number_;
  // Lines are read where they lie in buffer_, and the game's text is copied in one piece at the
  // end. A line stored in another form (NFC) turns the game to copying line by line: `own`.
  bool own = false;
  std::size_t lines = 0;   // game.lines.size()
  std::string normalised;  // a line's NFC form, when it differs in bytes
  auto to_own = [&] {
    if (own) return;
    own = true;
    game.text.assign(buffer_, game_begin_, line_begin_ - game_begin_);
  };

  // The error of a comment in the run at the game's end (above), once the run is the game's.
  std::optional<GameSyntaxError> trailing_error;
  auto own_trailing_error = [&] {
    if (trailing_error && !game.syntax_error) game.syntax_error = trailing_error;
    trailing_error.reset();
  };

  // Reads one line into the game; false when it starts the next game and must wait for it.
  // Inlined into the loop below: as a call, its prologue and epilogue cost 18 instructions a line.
  auto take = [&](std::string_view text) __attribute__((always_inline))->bool {
    const std::uint32_t number = line_number_;
    // The game's lines before this one, counted here: a LogLine's size is no power of two, and
    // lines.size() divided by it at each use.
    const std::size_t before = lines;
    ++lines;
    const std::size_t raw_at = line_begin_ - game_begin_;  // the line's start, a byte order mark included
    bool ok = true;
    // Control bytes never belong in a log; saying so beats "expected ':'" on a binary file.
    bool ascii = true;
    auto control = text.end();
    bool c1 = false;  // `control` is a C1 control character, not a control byte
    if (!plain_ && !printable_ascii(text)) {
      control = std::find_if(text.begin(), text.end(), [&ascii](char c) {
        ascii = ascii && static_cast<unsigned char>(c) < 0x80;
        return is_control(c);
      });
      // Only where text outside ASCII comes before any control byte (and so was all seen).
      if (!ascii) {
        const std::size_t at = c1_control(text.substr(0, static_cast<std::size_t>(control - text.begin())));
        if (at != std::string_view::npos) control = text.begin() + static_cast<std::ptrdiff_t>(at), c1 = true;
      }
    }
    const bool binary = control != text.end();
    const bool utf16 = number == 1 && starts_utf16(text);
    // Text outside ASCII is UTF-8 (log-format.md), as a catalog's is: a Latin-1 name would print
    // as garbage in every message, and its bytes could act on a Latin-1 terminal.
    const std::size_t not_utf8 = ascii || binary || utf16 ? std::string_view::npos : malformed_utf8(text);
    LogLine& line = game.lines.emplace_back();  // parsed in place (no other line is added while `line` is in use)
    line.number = number;
    if (utf16) {
      ok = false;
      error = SyntaxError{0, "", "",
                          "this file is UTF-16 text, and wonderlog reads UTF-8: save it again as UTF-8 (in Notepad: "
                          "Save As, Encoding: UTF-8)"};
    } else if (binary) {
      ok = false;
      error = SyntaxError{};
      error.offset = static_cast<std::uint32_t>(control - text.begin());
      error.width = c1 ? 2 : 1;
      if (c1) {
        error.expected = "text (this line holds an invisible control character)";
        error.found = describe_c1_control(text, error.offset);
      } else if (*control == '\r') {
        // A line's own CR before its LF is gone already: this one ends a line by itself, as in a
        // file saved with the classic Mac OS's line endings, which read as one long line here.
        error.message =
            "a carriage return alone ends a line here (old Mac line endings?): wonderlog reads lines that end in "
            "LF or CR LF; save the file again with Unix (LF) or Windows (CR LF) line endings";
      } else {
        error.expected = "text (this line holds a control byte: is this a binary file?)";
        error.found = printable(std::string_view(&*control, 1));
        error.found.insert(error.found.begin(), '\'');
        error.found.push_back('\'');
      }
    } else if (not_utf8 != std::string_view::npos) {
      ok = false;
      error = SyntaxError{};
      error.offset = static_cast<std::uint32_t>(not_utf8);
      error.width = 1;
      error.expected = "UTF-8 text";
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[not_utf8]));
      error.found = std::string("byte ") + byte +
                    ", which starts no UTF-8 character (a file saved as Latin-1 or Windows-1252? save it again as "
                    "UTF-8)";
    } else {
      if (!ascii && to_nfc(text, normalised) && normalised != text) {
        to_own();
        text = normalised;
      }
      // A plain line holds no '#' either (the window's masks say so): it is not looked for.
      ok = plain_ ? envelope::parse_line<true>(text, line.syntax, error) : envelope::parse_line(text, line.syntax, error);
      if (!ok) {
        misread_version_line(text, error);
        misread_move_number(text, error);
      }
      // Only the first error of a game is reported: refining every later one would make a long
      // file of bad lines quadratic.
      if (!ok && started && !game.syntax_error && error.expected == envelope::kColonAfterName) {
        to_own();  // it reads the players line
        line.syntax = envelope::LineSyntax{};  // half-parsed: not the players line it looks for
        name_the_missing_colon(game, text, error);
      }
    }
    line.length = static_cast<std::uint32_t>(text.size());
    if (own) {
      line.offset = static_cast<std::uint32_t>(game.text.size());
      game.text.append(text);
      game.text.push_back('\n');
    } else {
      line.offset = static_cast<std::uint32_t>(text.data() - (buffer_.data() + game_begin_));
    }
    if (!ok) line.syntax = envelope::LineSyntax{};
    const std::uint32_t index = static_cast<std::uint32_t>(before);
    if (ok && line.syntax.kind == envelope::LineKind::version) {
      if (started) {
        // This line and the comments just before it start the next game: read them again there
        // (an error of one of them with them).
        trailing_error.reset();
        if (trailing == before) trailing_at = raw_at, trailing_after = number - 1;
        if (own) game.text.resize(trailing < before ? game.lines[trailing].offset : line.offset);
        game.lines.resize(trailing);
        rewind(game_begin_ + trailing_at, trailing_after);
        return false;
      }
      started = true;
      any_content = true;
      game.version_line = index;
      trailing = before + 1;
      trailing_at = pos_ - game_begin_, trailing_after = number;
      return true;
    }
    if (!ok && !started && !binary && !utf16 && not_utf8 == std::string_view::npos) {
      // Text before any `wonderlog` line: say what a log must start with.
      error.offset = static_cast<std::uint32_t>(text.find_first_not_of(" \t"));
      if (error.offset > text.size()) error.offset = 0;
      error.expected = "'wonderlog 1' to start a game";
      error.found = describe_found(text.substr(error.offset));
      misread_version_line(text, error);
    }
    if (!ok) {
      // A comment with a byte that is not UTF-8 is still a comment, as StretchScanner reads it:
      // above a game it belongs to that game, and a run of comments after a game's lines may be
      // the next game's. Its error is the game's first; one in such a run waits until the run is
      // known to be this game's (content follows, or the input ends), and goes with the run.
      const std::size_t first = text.find_first_not_of(" \t");
      if (not_utf8 != std::string_view::npos && first != std::string_view::npos && text[first] == '#') {
        any_content = true;
        if (!started) {
          if (!game.syntax_error) game.syntax_error = GameSyntaxError{index, error};
          return true;
        }
        if (trailing > before) trailing = before, trailing_at = raw_at, trailing_after = number - 1;
        if (!trailing_error) trailing_error = GameSyntaxError{index, error};
        return true;
      }
      own_trailing_error();
      trailing = before + 1;
      trailing_at = pos_ - game_begin_, trailing_after = number;
      if (!game.syntax_error) game.syntax_error = GameSyntaxError{index, error};
      started = any_content = true;
      return true;
    }
    if (line.syntax.kind == envelope::LineKind::blank) {
      if (trailing > before) trailing = before, trailing_at = raw_at, trailing_after = number - 1;
    } else {
      own_trailing_error();
      trailing = before + 1;
      trailing_at = pos_ - game_begin_, trailing_after = number;
      any_content = true;
      if (!started) {
        // Text before any `wonderlog` line: this "game" is only stray text.
        game.syntax_error =
            GameSyntaxError{index, SyntaxError{0, "'wonderlog 1' to start a game", describe_found(text)}};
        started = true;
      }
      if (!game.syntax_error) file_line(game, index, text);
    }
    return true;
  };

  for (std::string_view line; (line = next_line()).data() != nullptr && take(line);) {
    if (lines > kMostGameLines || pos_ - game_begin_ > kMostGameBytes) {
      long_game_ = game.lines.front().number;
      read_failed_ = true;
      return false;
    }
  }
  own_trailing_error();  // the input ended: the run of comments is this game's
  if (!own) game.text.assign(buffer_, game_begin_, pos_ - game_begin_);
  return any_content;
}

namespace {

// The bulk pass over content lines (grammar/line_scan.h): 32 bytes a step where the CPU has
// AVX2, else 16 (SSE2), with POPCNT where the machine has it (the baseline lacks it and would
// call a library routine for each step). The POPCNT build is picked at run time, as the AVX2 one
// is, not by `target_clones`: its resolver runs before the program starts, and in the static,
// profile-instrumented build of `make release` it crashed there, before any profile was set up.
#if defined(__SSE2__) && defined(__GNUC__) && defined(__x86_64__)
[[gnu::target("popcnt")]] const char* skip_content_lines_sse2_popcnt(const char* p, const char* last,
                                                                      std::uint32_t& lines) {
  return skip_content_lines_by<Sse2>(p, last, lines);
}
#endif
const char* skip_content_lines_sse2(const char* p, const char* last, std::uint32_t& lines) {
#if defined(__SSE2__) && defined(__GNUC__) && defined(__x86_64__)
  static const bool popcnt = __builtin_cpu_supports("popcnt");
  if (popcnt) return skip_content_lines_sse2_popcnt(p, last, lines);
#endif
#if defined(__SSE2__)
  return skip_content_lines_by<Sse2>(p, last, lines);
#else
  return skip_content_bytes(p, last, lines, p);
#endif
}

const char* skip_content_lines(StretchScanner::Pass pass, const char* p, const char* last, std::uint32_t& lines) {
  switch (pass) {
    case StretchScanner::Pass::bytes: return skip_content_bytes(p, last, lines, p);
    case StretchScanner::Pass::sixteen: return skip_content_lines_sse2(p, last, lines);
    case StretchScanner::Pass::widest: break;
  }
#if defined(WONDERLOG_AVX2_SCAN)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return skip_content_lines_avx2(p, last, lines);
#endif
  return skip_content_lines_sse2(p, last, lines);
}

}  // namespace

// The longest line the scanner and the cutter keep to read on: past it (no log's line is so
// long), they cut no more, and the rest of the file is one stretch.
constexpr std::size_t kLongestKept = std::size_t{4} << 20;

StretchScanner::Role StretchScanner::role(std::string_view line, bool first_line) {
  if (first_line) skip_byte_order_mark(line);
  std::size_t first = 0;
  while (first < line.size() && (line[first] == ' ' || line[first] == '\t')) ++first;
  // Most lines are moves: their first character settles it, whatever follows.
  if (first < line.size() && line[first] != '#' && (line[first] | 0x20) != 'w') return Role::other;
  if (!printable_ascii(line)) {
    // As LogReader::next sees it: a control byte or a C1 control character makes any line an
    // error, hence content; so does text that is not UTF-8, but on a comment, which stays a
    // comment (its error the game's). A `wonderlog 1 # caf<0xE9>` line starts no game.
    if (std::any_of(line.begin(), line.end(), is_control) || c1_control(line) != std::string_view::npos)
      return Role::other;
    if (first < line.size() && line[first] != '#' && malformed_utf8(line) != std::string_view::npos)
      return Role::other;
  }
  if (first == line.size() || line[first] == '#') return Role::blank;
  envelope::LineSyntax syntax;
  SyntaxError error;
  return envelope::parse_line(line, syntax, error) && syntax.kind == envelope::LineKind::version ? Role::version
                                                                                                : Role::other;
}

std::uint64_t stretch_cut_size(std::uint64_t begin, std::uint64_t size, std::uint64_t file_size) {
  constexpr std::uint64_t kSmallest = 64 << 10;
  if (file_size == StretchScanner::kUnknownSize || size <= kSmallest) return size;
  // The file's size is known, and the last stretches are cut smaller, an eighth of what is
  // left: the threads then finish within a fraction of a millisecond of each other, where a
  // last stretch of full size kept one of them busy alone for several. (A file grown since its
  // size was taken is cut at the smallest size past it.)
  const std::uint64_t left = begin < file_size ? file_size - begin : 0;
  return std::max(kSmallest, std::min<std::uint64_t>(size, left / 8));
}

bool StretchScanner::next(Stretch& stretch) {
  // Read 128 KiB at a time: a buffer of 1 MiB was first touched (so faulted in) page by page,
  // 256 faults that cost more, on a virtual machine, than the 8 times more reads.
  constexpr std::size_t kBlock = 128 << 10;
  if (done_) return false;
  while (!given_up_) {
    // Within a game, most lines are moves, which change nothing here: pass them in bulk.
    if (run_begin_ == Stretch::kToTheEnd && any_game_ && lines_ > 0 && pos_ < end_ && !may_start_a_run(data_[pos_]))
      pos_ = static_cast<std::size_t>(skip_content_lines(pass_, data_ + pos_, data_ + end_, lines_) - data_);
    const char* start = data_ + pos_;
    const std::size_t avail = end_ - pos_;
    const void* nl = std::memchr(start, '\n', avail);
    if (!nl && !eof_) {
      // Keep the unfinished line, read another block behind it.
      buffer_offset_ += pos_;
      std::memmove(buffer_.data(), buffer_.data() + pos_, end_ - pos_);
      end_ -= pos_;
      pos_ = 0;
      if (end_ > kLongestKept) {
        given_up_ = true;
        break;
      }
      // buffer_'s size is its room: it grows (zero-filled) only for a longer line than before.
      if (buffer_.size() < end_ + kBlock) buffer_.resize(end_ + kBlock);
      data_ = buffer_.data();
      const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(kBlock, unread_));
      in_.read(buffer_.data() + end_, static_cast<std::streamsize>(want));
      const std::size_t got = static_cast<std::size_t>(in_.gcount());
      end_ += got;
      if (unread_ != kUnknownSize) unread_ -= got;
      if (got < want || unread_ == 0) eof_ = true;
      continue;
    }
    if (!nl && avail == 0) break;  // the end of the file
    const std::size_t length = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - start) : avail;
    std::string_view line(start, length);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::uint64_t offset = buffer_offset_ + pos_;
    const std::uint32_t lines_before = lines_;
    pos_ += nl ? length + 1 : length;
    ++lines_;
    switch (role(line, lines_before == 0)) {
      case Role::blank:
        if (run_begin_ == Stretch::kToTheEnd) run_begin_ = offset, run_lines_before_ = lines_before;
        break;
      case Role::version: {
        const bool run = run_begin_ != Stretch::kToTheEnd;
        const std::uint64_t game_begin = run ? run_begin_ : offset;
        const std::uint32_t game_lines_before = run ? run_lines_before_ : lines_before;
        run_begin_ = Stretch::kToTheEnd;
        any_game_ = true;
        if (games_in_current_ > 0 && game_begin - current_.begin >= stretch_cut_size(current_.begin, size_, file_size_)) {
          stretch = current_;
          stretch.end = game_begin;
          current_ = Stretch{game_begin, 0, game_lines_before, current_.games_before + games_in_current_};
          games_in_current_ = 1;
          return true;
        }
        ++games_in_current_;
        break;
      }
      case Role::other:
        if (!any_game_) ++games_in_current_;  // text before any `wonderlog` line is a game of its own
        any_game_ = true;
        run_begin_ = Stretch::kToTheEnd;
        break;
    }
  }
  done_ = true;
  stretch = current_;
  stretch.end = Stretch::kToTheEnd;
  return true;
}

StretchCounts count_stretch(std::istream& in, std::uint64_t size) {
  const std::streampos start = in.tellg();
  {
    // One stretch as large as the file: the scanner reads it all, and counts as it goes.
    StretchScanner scanner(in, StretchScanner::kUnknownSize, StretchScanner::Pass::widest,
                           StretchScanner::kUnknownSize, size);
    Stretch whole;
    scanner.next(whole);
    if (!scanner.given_up_) return {scanner.lines_, scanner.games_in_current_};
  }
  // A line longer than the scanner keeps: the stretch is read as its games are.
  in.clear();
  in.seekg(start);
  LogReader reader(in, 0, size);
  ParsedGame game;
  StretchCounts counts;
  while (reader.next(game)) ++counts.games;
  counts.lines = reader.lines_read();
  return counts;
}

void StretchCutter::read_at(std::uint64_t at, std::size_t size, std::string& out) {
  out.resize(size);
  in_.clear();
  in_.seekg(static_cast<std::streamoff>(at));
  in_.read(out.data(), static_cast<std::streamsize>(size));
  out.resize(in_ ? size : static_cast<std::size_t>(std::max<std::streamsize>(0, in_.gcount())));
}

std::optional<std::uint64_t> StretchCutter::game_start_from(std::uint64_t at) {
  constexpr std::size_t kBack = 64 << 10;  // how far back the line that holds byte at - 1 is looked for
  constexpr std::size_t kBlock = 16 << 10;
  using Role = StretchScanner::Role;
  const std::uint64_t from = at > kBack ? at - kBack : 0;
  const std::size_t back = static_cast<std::size_t>(at - from);
  read_at(from, back + kBlock, buffer_);
  if (back == 0 || buffer_.size() < back) return std::nullopt;  // at the start, or past the end of the file now
  std::uint64_t offset = from;  // the file offset of buffer_[0]
  // Lines are read from the one that holds byte at - 1: a game's start is its `wonderlog` line,
  // or the run of blank and comment lines just before it, and one that lies before `at` is
  // passed over (it is the scanner's only if the stretch is smaller than it cuts).
  std::size_t pos = 0;
  bool known = true;  // where the first line begins is known
  if (const void* nl = memrchr(buffer_.data(), '\n', back - 1))
    pos = static_cast<std::size_t>(static_cast<const char*>(nl) - buffer_.data()) + 1;
  else if (from > 0)
    pos = back - 1, known = false;  // it began more than kBack before: as if a run began there
  bool run = false;
  std::uint64_t run_begin = 0;  // the run's first line, when `run`
  for (bool first = true;;) {
    const void* nl = std::memchr(buffer_.data() + pos, '\n', buffer_.size() - pos);
    if (!nl) {
      // Keep the unfinished line, read another block behind it.
      if (buffer_.size() - pos > kLongestKept) return std::nullopt;
      const std::uint64_t next = offset + buffer_.size();
      buffer_.erase(0, pos);
      offset += pos;
      pos = 0;
      std::string more;
      read_at(next, kBlock, more);
      if (!more.empty()) {
        buffer_ += more;
        continue;
      }
      if (buffer_.empty()) return std::nullopt;  // the end of the file; its last line below
    }
    const std::size_t end =
        nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - buffer_.data()) : buffer_.size();
    std::string_view line(buffer_.data() + pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (first && !known) {
      run = true, run_begin = 0;
    } else {
      switch (StretchScanner::role(line, offset + pos == 0)) {
        case Role::blank:
          if (!run) run = true, run_begin = offset + pos;
          break;
        case Role::version: {
          const std::uint64_t game = run ? run_begin : offset + pos;
          if (game >= at) return game;
          run = false;
          break;
        }
        case Role::other:
          run = false;
          break;
      }
    }
    if (!nl) return std::nullopt;
    pos = end + 1;
    first = false;
  }
}

bool StretchCutter::next(Stretch& stretch) {
  if (done_) return false;
  stretch = Stretch{begin_, Stretch::kToTheEnd, 0, 0, begin_ == 0};
  const std::uint64_t at = begin_ + stretch_cut_size(begin_, size_, file_size_);
  const std::optional<std::uint64_t> cut = at < file_size_ ? game_start_from(at) : std::nullopt;
  if (!cut) {
    done_ = true;
    return true;
  }
  stretch.end = *cut;
  begin_ = *cut;
  return true;
}

}  // namespace wonderlog::grammar
