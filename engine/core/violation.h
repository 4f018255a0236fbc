// What a rules engine says about a move it refuses: the ruling it breaks, a sentence for a
// person at the table, and the numbers behind the verdict.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace wonderlog {

struct Fact {
  std::string name;   // "cards taken"
  std::string value;  // "3"
};

struct Violation {
  std::string rule;     // a ruling id such as "TT-4"; docs/games/<game>.md has its text
  std::string message;  // "three cards must lie on one unbroken straight line"
  std::vector<Fact> facts;
  // Whether the players could still have carried the move out at the table (cards taken from
  // spots that hold cards, ...). An accepted illegal move is replayed only if this is true.
  bool physically_possible = true;
};

}  // namespace wonderlog
