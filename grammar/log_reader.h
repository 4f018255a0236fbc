// Streams a log file game by game: each game's lines are read, parsed by the envelope
// grammar and grouped into headers and body items. Memory is bounded by the largest game, not
// by the file, so a corpus of any size verifies in flat memory.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/envelope/grammar.h"
#include "grammar/source.h"

namespace wonderlog::grammar {

struct LogLine {
  std::uint32_t number = 0;  // 1-based line number in the file
  std::uint32_t offset = 0;  // start of the line in ParsedGame::text
  std::uint32_t length = 0;  // without the line break
  envelope::LineSyntax syntax;
};

// A header line such as `players: Arthur, Nina`, keyed by its lower-case name (one of
// common_header_order, whose storage is static).
struct Header {
  std::string_view key;
  std::uint32_t line = 0;  // index into ParsedGame::lines
};

// The first syntax error of a game: the line (index into lines) and what went wrong there.
struct GameSyntaxError {
  std::uint32_t line = 0;
  SyntaxError error;
};

// One game of a log file: the text of its lines, the envelope syntax of each, and its
// structure. Blank lines and comments before the game's `wonderlog` line belong to it.
struct ParsedGame {
  std::string text;
  std::vector<LogLine> lines;
  std::optional<std::uint32_t> version_line;  // index of the `wonderlog N` line
  std::vector<Header> headers;                // in order of appearance
  std::uint16_t header_bits = 0;              // which headers are there: a bit per index into common_header_order
  std::vector<std::uint32_t> body;            // `round` and entry lines (not headers), in order
  std::optional<GameSyntaxError> syntax_error;

  // A line and a span are within the text by construction: views of them need no bounds check
  // (asked for every entry's label and text, substr's checks kept them out of line).
  std::string_view line_text(std::uint32_t index) const {
    const LogLine& l = lines[index];
    return std::string_view(text.data() + l.offset, l.length);
  }
  std::string_view span_text(std::uint32_t index, Span s) const {
    return std::string_view(text.data() + lines[index].offset + s.begin, s.size());
  }
  // The 1-based line and column of a span's start; columns count characters, not bytes.
  SourcePos pos(std::uint32_t index, Span s) const {
    return {lines[index].number, code_points(line_text(index).substr(0, s.begin)) + 1};
  }
  // The game's header `key` (its first line, for `expect`, the one header that may repeat).
  const Header* header(std::string_view key) const;
  // Where a header the game lacks is written misspelt: the first unnumbered entry after the
  // `wonderlog` line whose name is close to `key` (`player:` for `players`), or none.
  std::optional<std::uint32_t> misspelt_header(std::string_view key) const;
  std::string_view header_value(const Header& h) const { return span_text(h.line, lines[h.line].syntax.value); }
};

// The header names every game understands, in canonical order. `common_header` finds one in
// any letter case and returns its canonical (lower-case) spelling, or an empty view.
inline constexpr std::array<std::string_view, 11> common_header_order = {
    "game", "catalog", "players", "seed", "readings", "event", "site", "date", "notes", "result", "expect"};
namespace detail {
// For each first letter a-z and each length 4 to 8, the common headers of that shape, a bit per
// index into common_header_order.
inline constexpr auto header_candidates = [] {
  std::array<std::array<std::uint16_t, 5>, 26> table{};
  for (std::size_t i = 0; i < common_header_order.size(); ++i) {
    const std::string_view h = common_header_order[i];
    table[static_cast<std::size_t>(h[0] - 'a')][h.size() - 4] |= static_cast<std::uint16_t>(1u << i);
  }
  return table;
}();
int common_header_among(std::uint16_t candidates, std::string_view key);  // an index, or -1
}  // namespace detail
// Asked of every entry's label, most of them players' names: their length and first letter
// refuse them here, without a call. The header's index into common_header_order, or -1.
inline int common_header_index(std::string_view key) {
  if (key.size() < 4 || key.size() > 8) return -1;
  const unsigned letter = static_cast<unsigned>((key[0] | 0x20) - 'a');  // ASCII lower case
  if (letter >= 26) return -1;
  const std::uint16_t candidates = detail::header_candidates[letter][key.size() - 4];
  return candidates == 0 ? -1 : detail::common_header_among(candidates, key);
}
inline std::string_view common_header(std::string_view key) {
  const int i = common_header_index(key);
  return i < 0 ? std::string_view{} : common_header_order[static_cast<std::size_t>(i)];
}
inline bool is_common_header(std::string_view key) {
  return !common_header(key).empty();
}

// The longest line, the largest game and the largest file fmt formats (docs/log-format.md,
// "Limits"): past them the input is refused rather than read on, so that /dev/zero or an
// endless pipe ends with a message, not a hang. Games stream: a file of many games has no limit.
inline constexpr std::size_t kMostLineBytes = std::size_t{64} << 20;
inline constexpr std::size_t kMostGameBytes = std::size_t{256} << 20;
inline constexpr std::size_t kMostGameLines = 1'000'000;
inline constexpr std::size_t kMostLogBytes = kMostGameBytes;  // fmt holds a whole file
// What is said of an input past a limit: "line 3 is longer than 64 MiB: ...".
std::string long_line_problem(std::uint32_t line);
std::string large_log_problem();
// What is said of an input that holds no game: `any_line` tells an empty input from one of
// blank lines and comments only.
std::string no_game_problem(bool any_line);

// A UTF-8 byte order mark at the start of a file's first line, skipped.
inline void skip_byte_order_mark(std::string_view& line) {
  if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
}

// Reads the text as an editor shows it: a UTF-8 byte order mark at the start of the input (old
// Notepad writes one) is skipped, and each line is NFC-normalised, so a name typed in decomposed
// form (macOS input: "Le\u0301a") is the same name as the composed one. A UTF-16 file is refused
// on its first line with a message that says so.
class LogReader {
 public:
  static constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};
  // `lines_before`: for a stretch of a file (see Stretch), the lines of the file before it;
  // `limit`: the stretch's size, the bytes it reads from `in` at most. A stretch's lines before
  // it may be counted later (count_lines_before()): `lines_before` is 0 until then, and its
  // first line is read as a file's first is. That changes nothing: a stretch starts with a
  // blank, comment or `wonderlog` line, none of which starts as a byte order mark or UTF-16 do.
  explicit LogReader(std::istream& in, std::uint32_t lines_before = 0, std::uint64_t limit = kNoLimit)
      : in_(in), unread_(limit), line_number_(lines_before) {}

  // The lines of the file before the stretch, counted after reading began: lines read from
  // here on, and a failure's line, are numbered with them (a game read already is not: see
  // read_again()).
  void count_lines_before(std::uint32_t lines) {
    line_number_ += lines;
    game_lines_before_ += lines;
    if (long_line_) long_line_ += lines;
    if (long_game_) long_game_ += lines;
  }
  // Reads again the game that next() read last, into `game`, numbered as lines are now (a
  // message of the game may name a line's number, so its lines are not renumbered in place).
  // Before next() reads on, the game is still in the buffer.
  bool read_again(ParsedGame& game) {
    rewind(game_begin_, game_lines_before_);
    return next(game);
  }
  // The lines read so far, those before the stretch (as far as counted) included.
  std::uint32_t lines_read() const { return line_number_; }

  // Reads the next game into `game`. Returns false when the input holds nothing more but
  // blank lines and comments (those are then in `game` so that a formatter keeps them).
  bool next(ParsedGame& game);

  // True when the input could not be read (not the same as a syntax error), or passed a limit.
  bool read_failed() const { return read_failed_; }
  // Why, for "cannot read 'FILE': ...".
  std::string failure() const;

 private:
  // The next line, without its line break (and a byte order mark on the file's first line), or
  // a view whose data() is null when the input holds no more; line_begin_ is where it starts in
  // buffer_. The view lasts until the next call. Returned, not written through a reference, and
  // inline in the common case: a view written half by half in memory and read back whole waited
  // for its halves to land (a store-forwarding stall) on every line.
  //
  // Line breaks are found a window of 64 bytes at a time, and with them the bytes that are not
  // printable ASCII, or are '#': a log's lines are short (17 bytes on average), and a memchr per
  // line and a pass over each line for odd bytes cost more than the two masks. plain_ tells
  // take() that the line handed out holds printable ASCII only, and no '#' (no comment), so it
  // need not look for either.
  std::string_view next_line() {
    while (!breaks_) {
      if (end_ - scanned_ < kWindow) return next_line_by_search();
      line_odd_ = line_odd_ || odd_ != 0;  // odd_ holds the current line's bytes only
      classify_window();
    }
    const std::uint64_t at = breaks_ & (0 - breaks_);  // the next line break's bit
    plain_ = !line_odd_ && !(odd_ & (at - 1));
    line_odd_ = false;
    odd_ &= ~(at - 1);
    breaks_ ^= at;
    const std::size_t nl = scanned_ - kWindow + static_cast<std::size_t>(std::countr_zero(at));
    return hand_out(nl - pos_, 1);
  }
  // Classifies the window of kWindow bytes at scanned_ into breaks_ and odd_, and passes it.
  void classify_window();
  // The next line found by a search from pos_, the window left empty: where less than a window
  // is left in buffer_ (it reads on), or after the reader went back (rewind()).
  std::string_view next_line_by_search();
  // The same where no line break is left in buffer_: reads on, or hands out the last line.
  std::string_view next_line_at_block_end();
  // Goes back to `pos`, before which `line_number` lines were read: the lines from there are
  // read again.
  void rewind(std::size_t pos, std::uint32_t line_number) {
    pos_ = pos;
    line_number_ = line_number;
    forget_window();
  }
  // Empties the window: the next line is looked for from pos_.
  void forget_window() {
    scanned_ = pos_;
    breaks_ = odd_ = 0;
    line_odd_ = false;
  }
  // The line of `length` bytes at pos_, followed by `line_break` bytes (1, or 0 for the input's
  // last line), handed out: pos_ passes it, and the line is counted.
  std::string_view hand_out(std::size_t length, std::size_t line_break) {
    std::string_view line(buffer_.data() + pos_, length);
    line_begin_ = pos_;
    pos_ += length + line_break;
    if (line_number_ == 0) skip_byte_order_mark(line);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++line_number_;
    return line;
  }

  std::istream& in_;
  std::uint64_t unread_;  // what is left of the limit
  // The input read so far and not yet handed out; it holds the game being read whole, from
  // game_begin_, so that a game's text is copied once, not line by line.
  std::string buffer_;          // its first end_ bytes are read from the input
  // The next read's size: 4 KiB first, doubled at each read up to 64 KiB. A small log then
  // makes room (zero-filled, as std::string grows) for a page, not sixteen: a page first
  // touched is a fault, and faults were most of a small log's time on some machines.
  std::size_t block_ = 4 << 10;
  std::size_t end_ = 0;
  std::size_t pos_ = 0;         // the next line's start
  std::size_t line_begin_ = 0;  // the last line's start
  std::size_t game_begin_ = 0;
  bool eof_ = false;
  bool read_failed_ = false;
  std::uint32_t long_line_ = 0;  // the line that passed kMostLineBytes, 0 if none
  std::uint32_t long_game_ = 0;  // the first line of the game that passed a game limit
  std::uint32_t line_number_ = 0;  // lines read, those before a stretch included
  std::uint32_t game_lines_before_ = 0;  // line_number_ when the last game's reading began
  // The window: buffer_'s bytes before scanned_ are classified, those of the last kWindow in two
  // masks, a bit per byte (bit i: the byte at scanned_ - kWindow + i).
  static constexpr std::size_t kWindow = 64;
  std::size_t scanned_ = 0;
  std::uint64_t breaks_ = 0;  // its line breaks not handed out yet
  std::uint64_t odd_ = 0;     // its bytes from pos_ on that are not printable ASCII (nor a break), or '#'
  bool line_odd_ = false;     // the line being read holds such a byte in an earlier window
  bool plain_ = false;        // the line handed out last is known to be printable ASCII without '#'
};

// A run of whole games of a file, so that one large file can be verified on several threads:
// a LogReader given the stretch's bytes and `lines_before` reads the very games, with the very
// line numbers, that a LogReader reading the whole file reads there.
struct Stretch {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;  // kToTheEnd: up to the end of the file
  std::uint32_t lines_before = 0;
  int games_before = 0;  // the number of its first game in the file, less one
  // Whether lines_before and games_before are known: a StretchCutter's stretches after the
  // first are cut without counting what lies before them (both 0 until counted).
  bool counted = true;
  static constexpr std::uint64_t kToTheEnd = ~std::uint64_t{0};
};

// What a stretch holds: its lines, and its games as a LogReader reading the whole file counts
// them (stray text before a file's first `wonderlog` line is a game of its own).
struct StretchCounts {
  std::uint32_t lines = 0;
  int games = 0;
};

// Counts what the stretch of `size` bytes from `in`'s position holds, reading it as
// StretchScanner does. The position is the start of the file or of a game (a stretch's start),
// and a game starts after the stretch: where none does, comments at the end that are not UTF-8
// are a game to a LogReader (their error), and not to this count.
StretchCounts count_stretch(std::istream& in, std::uint64_t size);

// The size at which StretchScanner and StretchCutter cut the stretch that starts at `begin`
// (at the first game's start past it): `size`, or where the file's size is known, an eighth of
// what is left of it, not below 64 KiB, if that is smaller.
std::uint64_t stretch_cut_size(std::uint64_t begin, std::uint64_t size, std::uint64_t file_size);

// Cuts a file into stretches of at least `size` bytes (the last may be shorter), reading it
// once, block by block, at about the speed of `wc -l`. When the file's size is known, its last
// stretches are cut smaller (an eighth of what is left, not below 64 KiB), so that the threads
// that verify them finish together. A stretch starts where a game starts: at the blank and
// comment lines just before a `wonderlog` line, which belong to that game. A line longer than
// the scanner keeps (a few MiB: not a log's) ends the cutting there: the rest of the file is
// one stretch, whose reader reports the line.
class StretchScanner {
 public:
  // How runs of move lines are passed: 32 bytes a step where the CPU has AVX2, else 16 (the
  // default, `widest`), or byte by byte. They cut alike; tests run each one the machine has.
  enum class Pass { widest, sixteen, bytes };
  static constexpr std::uint64_t kUnknownSize = ~std::uint64_t{0};  // a pipe's, say

  // Reads the file from `in`'s position, which is its start, `limit` bytes at most. `in` must
  // outlive the scanner.
  StretchScanner(std::istream& in, std::uint64_t size, Pass pass = Pass::widest, std::uint64_t file_size = kUnknownSize,
                 std::uint64_t limit = kUnknownSize)
      : in_(in), size_(size), pass_(pass), file_size_(file_size), unread_(limit) {}
  StretchScanner(const StretchScanner&) = delete;  // data_ points into its own buffer_
  StretchScanner& operator=(const StretchScanner&) = delete;

  // The next stretch in file order; false after the last.
  bool next(Stretch& stretch);

  // A line's part in cutting: a blank line or a comment (which belongs to the game after it),
  // a `wonderlog` line, or anything else. `first_line`: the file's first line.
  enum class Role { blank, version, other };
  static Role role(std::string_view line, bool first_line);

 private:
  friend StretchCounts count_stretch(std::istream& in, std::uint64_t size);

  std::istream& in_;
  std::uint64_t size_;
  Pass pass_;
  std::uint64_t file_size_;     // kUnknownSize: cut at `size_` throughout
  std::uint64_t unread_;        // what is left of the limit
  std::string buffer_;          // its first end_ bytes are read from the file
  const char* data_ = "";       // buffer_.data(), once it holds bytes
  std::size_t end_ = 0;
  std::size_t pos_ = 0;
  std::uint64_t buffer_offset_ = 0;  // the file offset of buffer_[0]
  bool eof_ = false;
  bool done_ = false;
  bool given_up_ = false;  // a line too long to keep: no more cuts
  std::uint32_t lines_ = 0;
  Stretch current_;       // the stretch being gathered (begin, lines_before, games_before)
  int games_in_current_ = 0;
  bool any_game_ = false;  // a game has started in the file (stray text before one counts)
  std::uint64_t run_begin_ = Stretch::kToTheEnd;  // blank and comment lines just before here
  std::uint32_t run_lines_before_ = 0;
};

// Cuts a file into the very stretches StretchScanner cuts, without reading it through: from a
// stretch's start it jumps to where the stretch may end (stretch_cut_size() on) and reads on
// from there to the next game's start, a few hundred bytes. So it does not count what lies
// before a stretch: the stretches after the first are not `counted` (count_stretch() counts
// them, where their numbers are wanted). It cuts otherwise than the scanner only around lines
// longer than either keeps: where the line before the place it jumps to is too long to look
// back over (64 KiB), it may cut later; where it reads on into a line longer than 4 MiB, it
// cuts no more (the rest is one stretch), while one it jumps over does not stop it (the
// scanner cuts no more after any).
class StretchCutter {
 public:
  // Cuts the file read by `in` (which must outlive the cutter), of `file_size` bytes, into
  // stretches of at least `size` bytes; it seeks in `in` at will.
  StretchCutter(std::istream& in, std::uint64_t size, std::uint64_t file_size)
      : in_(in), size_(size), file_size_(file_size) {}

  // The next stretch in file order; false after the last.
  bool next(Stretch& stretch);

 private:
  // The first game's start at or after `at`, or none before the end of the file.
  std::optional<std::uint64_t> game_start_from(std::uint64_t at);
  // Reads `size` bytes from `at` into `out` (fewer at the end of the file).
  void read_at(std::uint64_t at, std::size_t size, std::string& out);

  std::istream& in_;
  std::uint64_t size_;
  std::uint64_t file_size_;
  std::uint64_t begin_ = 0;  // the next stretch's start
  bool done_ = false;
  std::string buffer_;
};

}  // namespace wonderlog::grammar
