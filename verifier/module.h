// What the verifier knows of a game: one GameModule per game, listed in registry.cc. A
// module binds the envelope's entries to its engine's moves and draws its positions; the
// replay loop itself is shared (verifier/replay.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/ruling.h"
#include "grammar/log_reader.h"
#include "verifier/diagnostic.h"

namespace wonderlog {

class GameModule;

// One reading chosen for one dispute of a game (engine/core/readings.h).
struct ChosenReading {
  int dispute = 0;
  int reading = 0;
  friend bool operator==(const ChosenReading&, const ChosenReading&) = default;
};

// A --reading of the command line: the game whose ruling it names, and the choice.
struct FlagReading {
  const GameModule* game = nullptr;
  ChosenReading choice;
};

// Where a game comes from and where its catalog may be found; the readings of the run.
struct Context {
  std::string file;                       // as shown in diagnostics ("<stdin>" for -)
  std::string directory;                  // the log's folder: relative catalog paths start here
  std::vector<std::string> catalog_dirs;  // --catalog-dir, searched first
  std::vector<FlagReading> readings;      // --reading; a log's `readings:` header wins over them
  bool all_readings = false;              // verify --readings all: find what the verdict depends on
  bool colour = false;                    // replay, explain: draw positions with ANSI colours (--color)
};

// How the verdict on a game changes under another reading of one disputed ruling it consulted
// (verify --readings all).
struct Dependence {
  std::string ruling;                // "AH-23"
  std::string reading;               // "all-tokens"
  // Another ruling's reading changed along with it, the one that brought this ruling into play
  // (the game under its own readings did not consult it): {"AH-17", "held-direct-only"}. Mostly none.
  std::vector<std::pair<std::string, std::string>> with;
  // The ruling the game consulted that this dependence starts from: its own, or the one whose
  // reading brought it into play.
  const std::string& consulted_ruling() const { return with.empty() ? ruling : with.front().first; }
  std::vector<std::string> changes;  // what changed: "validity", "error", "scores", "winners"
  bool valid = false;                // the verdict under that reading
  std::optional<Diagnostic> error;
  std::optional<std::vector<int>> scores;
  std::vector<int> winners;
  std::string summary;  // "the winner depends on AH-23: under 'all-tokens' Nina wins with 35 (Arthur 33)"
};

// The verdict on one game of a file.
struct GameReport {
  std::string file;
  int game_index = 0;   // 1-based within the file
  std::string game;     // game id, "" when the log does not say
  std::string catalog;     // the catalog file used, "" when none was loaded
  std::string catalog_id;  // its id (the `id:` it holds), "" when none was loaded
  std::vector<std::string> players;
  bool valid = false;
  // `result: *` (as in PGN): a game still being played. It is valid so far when every move
  // up to the last is legal; it need not be over, and no scores are checked.
  bool in_progress = false;
  int moves = 0;  // player moves checked, the refused one included
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
  std::optional<std::vector<int>> scores;  // per seat, when the game was played to its end
  std::vector<int> winners;                // seats
  std::string tie_break;                   // what broke a tie for first ("" if none did)
  // The readings the log's header or a --reading chose ("TT-7=alice-card-breaks-ties"), in the
  // order of the game's rulings; every other disputed ruling was read by its default.
  std::vector<std::string> readings;
  std::vector<Diagnostic> notes;       // said to the reader, not warnings: a flag the header overrode
  std::vector<std::string> consulted;  // the disputed rulings the replay consulted, in order
  std::optional<std::vector<Dependence>> depends_on;  // with Context::all_readings
};

struct GenOptions {
  std::vector<ChosenReading> readings;  // the game is played, and its header written, by these
  int players = 2;
  std::uint64_t seed = 1;
  bool table = false;        // for hidden-information games: write only what the table saw
  std::string catalog = "";  // catalog id to name; the module's standard one when empty
};

// Every position of a game, drawn for `wonderlog view` (docs/cli.md, "view").
struct Frame {
  int move = 0;              // the player moves made: 0 is the start
  std::uint32_t line = 0;    // the entry of move `move` (0 for the start)
  std::string entry;         // as written, without its comment: "5. Sanne: a2 b3 c3"
  std::size_t picture = 0;   // index into Pictures::pictures
  std::string progress;      // "round 2 of 5, turn 3, 9 cards on the grid"
  bool refused = false;      // the move the verdict refused: drawn on the position it was played on
  bool accepted = false;     // marked (accepted) and illegal: replayed with a warning
};
struct Pictures {
  std::string style;                  // the game's stylesheet for its SVG classes
  std::string defs;                   // SVG the pictures share (<use href="#id">): written once
  std::vector<std::string> pictures;  // SVG images, without the stylesheet
  std::vector<Frame> frames;          // the start, each move made, then the refused move if any
  std::string viewer;                 // "" or the side whose knowledge is drawn: "Alice"
  std::vector<std::vector<std::string>> breakdown;  // per seat, how the final score was made
  std::string winner_note;                          // how the winners were decided ("Winner: Nina ...")
};

// A diagnostic at a span of a line of a game, with that line for its excerpt.
Diagnostic diagnostic_at(const grammar::ParsedGame& game, std::uint32_t line, Span span, ErrorKind kind,
                         std::string message);

// A round line written as an entry (`round 2: ...`, any case), line `line` with label `label`:
// what verify and fmt say of it, for a game with rounds or not (`has_rounds`, `title`: the
// game's); nullopt for any other label.
std::optional<Diagnostic> round_line_as_entry(const grammar::ParsedGame& game, std::uint32_t line,
                                              std::string_view label, bool has_rounds, std::string_view title);

// A player's entry on line `line` numbered otherwise than as move `number` of the game: what
// verify and fmt say of it, the caret under the number as written, with why it may be so (lines
// swapped, a move left out, two lines with one number, moves numbered afresh each round).
// `due`: the player the move is written for is the one whose move it is, and the entry would be
// legal as move `number` (known to the replay, not to fmt): a number past `number` is then a number
// skipped, not a move left out; `turns_of_several`: a turn may hold several of a player's entries
// (AlicematiC, Rolling), so an entry of hers before it may as well have been left out.
Diagnostic misnumbered_move(const grammar::ParsedGame& game, std::uint32_t line, int number, bool due = false,
                            bool turns_of_several = false);

class GameModule {
 public:
  virtual ~GameModule() = default;
  virtual std::string_view id() const = 0;
  virtual std::string_view title() const = 0;
  // Whether the game is played in rounds, written `round N` lines.
  virtual bool has_rounds() const = 0;

  // Replays every entry of `game` (whose `game:` header names this module), checks each move
  // before applying it, and compares the final scores with a recorded result.
  virtual GameReport verify(const grammar::ParsedGame& game, const Context& context) const = 0;

  // Whether an entry's label names one of the game's chance events (such as "deal"), any case.
  virtual bool is_event(std::string_view label) const = 0;
  // Those labels, lower case, in the order messages list them ({} for a game without any).
  virtual std::vector<std::string_view> events() const = 0;
  // The game's own header names (lower case, canonical order), beside the common ones.
  virtual std::vector<std::string_view> game_headers() const = 0;
  // A game header's canonical value, or false with `error` when it does not parse.
  virtual bool canonical_header(std::string_view name, std::string_view value, std::string& out,
                                SyntaxError& error) const = 0;

  // The canonical text of an entry (a move or chance event), or false with `error` when the
  // text does not follow the game's notation. Needs no catalog and no replay.
  virtual bool canonical_entry(std::string_view label, std::string_view text, std::string& out,
                               SyntaxError& error) const = 0;

  // The position after move `to` (0: before the first), as text; `report` says how far the
  // replay got if it stopped earlier.
  virtual std::string replay(const grammar::ParsedGame& game, const Context& context, int to,
                             GameReport& report) const = 0;
  // The sides that know different things ("alice", "queen"); empty when everything is public.
  virtual std::vector<std::string_view> viewers() const = 0;
  // The log with what `viewer` could not know removed; it verifies as the original does. False
  // (with the report's error) when the log does not verify. Comments and the `notes:` header
  // are free text and may say what was hidden ("a Joker on b1"), so they go too, unless
  // `keep_comments` (the redactor has read them); a first comment line then says so.
  virtual bool redact(const grammar::ParsedGame& game, const Context& context, std::string_view viewer,
                      bool keep_comments, std::string& out, GameReport& report) const = 0;
  // replay() as `viewer` knows the game ("all": everything the log says).
  virtual std::string replay_as(const grammar::ParsedGame& game, const Context& context, int to,
                                std::string_view viewer, GameReport& report) const = 0;
  // Every position of `game` drawn (for `viewer`, "all": everything the log says), with the
  // verdict in `report`. A game without pictures yet draws its text position.
  virtual Pictures pictures(const grammar::ParsedGame& game, const Context& context, std::string_view viewer,
                            GameReport& report) const = 0;
  // Move `at`: the position before it, the move, the verdict with its ruling quoted, and the
  // legal alternatives.
  virtual std::string explain(const grammar::ParsedGame& game, const Context& context, int at,
                              GameReport& report) const = 0;
  // How each final score was made: the text `score` prints, and in `breakdown` each seat's lines
  // (left empty where the game has no final score: an error before its end, or still played).
  virtual std::string score(const grammar::ParsedGame& game, const Context& context, GameReport& report,
                            std::vector<std::vector<std::string>>& breakdown) const = 0;
  // The game's numbered rulings, in the order of its rules reference (`wonderlog rulings`).
  virtual const std::vector<Ruling>& rulings() const = 0;
  // A complete random legal game as a log; the same options give the same bytes.
  virtual std::string generate(const GenOptions& options, std::string& error) const = 0;
};

}  // namespace wonderlog
