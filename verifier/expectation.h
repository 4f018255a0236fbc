// The verdict a golden test states: the `expect:` header (docs/log-format.md, "The expect
// header"), or a line of a NAME.expected snapshot. It names what matters and survives rewording:
// valid or the kind of error, where (the move, else the line), the ruling, the scores, the
// winners, and the verdict under other readings of disputed rulings.
//
//   expect: valid; Arthur 30, Nina 29; winner Arthur
//   expect: illegal-move at move 5 [TT-4]
//   expect: valid, 1 warning; Ann 12, Bea 9; winner Ann; under RW-33=slots-only valid, Ann 11, Bea 9, winner Ann
//
// A part left out is not checked: `expect: valid` passes whatever the scores. Once one `under`
// clause is written, the verdict's dependences are pinned: a reading that changes the verdict
// and is not listed fails the test. A log may give the `under` clauses on further `expect:`
// lines, one each:
//
//   expect: illegal-move at move 17 [HS-4]
//   expect: under HS-4=eight-neighbours valid, Arthur 1, Nina 0, winner Arthur
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "verifier/module.h"

namespace wonderlog {

struct Verdict {
  std::optional<bool> valid;  // nullopt: not stated (an `under` clause naming only a winner)
  std::string kind;           // invalid: "illegal-move", "syntax", ...; "" not stated
  std::optional<int> move, line;
  std::string rule;
  std::optional<int> warnings;
  std::vector<std::pair<std::string, int>> scores;  // in the order written
  std::vector<std::string> winners;                 // empty: not stated
};

struct ReadingVerdict {
  std::string ruling, reading;  // "RW-16", "orange"
  // Readings of other rulings changed along with it (Dependence::with), written before it:
  // `under AH-17=held-direct-only AH-21=own-city-refused valid`.
  std::vector<std::pair<std::string, std::string>> with;
  Verdict verdict;
  // "AH-17=held-direct-only AH-21=own-city-refused": the readings, as a clause writes them.
  std::string choices() const;
  // Whether two clauses are under the same readings, in whatever order they are written.
  bool same_readings(const ReadingVerdict& other) const;
};

struct Expectation {
  Verdict verdict;
  std::vector<ReadingVerdict> under;
};

// Reads an `expect:` value. On failure returns nullopt with `error` saying what was expected
// and what was found, and `offset`/`width` the bytes of `text` at fault.
std::optional<Expectation> parse_expectation(std::string_view text, std::string& error, std::size_t& offset,
                                             std::size_t& width);

// Joins `more`, read from a further `expect:` line of the same game, into `into`. A further
// line holds `under` clauses only; false, with `error` saying why, when it holds more or
// repeats a reading.
bool add_expect_line(Expectation& into, const Expectation& more, std::string& error);

// The canonical text of an expectation on one line (a snapshot's line, JSON, a diff's line).
std::string expectation_text(const Expectation& e);

// The canonical text as a log writes it (--bless): the game's own verdict, then one line per
// `under` clause, each the value of an `expect:` header.
std::vector<std::string> expectation_lines(const Expectation& e);

// Everything a report says in these terms; `readings`: with its dependences (the report must
// come from a run with Context::all_readings).
Expectation expectation_of(const GameReport& report, bool readings);

// How `actual` (from expectation_of) differs from what `expected` states: one line per
// difference, empty when the test passes. The dependences (`under` clauses) are compared when
// `expected` names one, or when `dependences` asks it (`wonderlog test --readings all`).
std::vector<std::string> differences(const Expectation& expected, const Expectation& actual, bool dependences = false);

}  // namespace wonderlog
