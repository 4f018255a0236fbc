#include "grammar/alicematic/notation.h"

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

bool parse_move(std::string_view text, MoveTokens& move, SyntaxError& error) {
  move.clear();
  if (!run(text, parser::move, move, error,
           "a move: 'keep', 'mulligan', 'city', 'summon', 'commoner', 'draw', 'invade', 'attack', 'pass' or 'use'",
           true))
    return false;
  return true;
}

bool parse_cards(std::string_view text, Words<8>& cards, SyntaxError& error) {
  MoveTokens move;
  if (!run(text, parser::ws >> parser::card_list >> parser::ws, move, error, "card names separated by commas"))
    return false;
  cards = move.drawn;
  return true;
}

bool parse_tiles(std::string_view text, std::vector<PlacementToken>& tiles, SyntaxError& error) {
  tiles.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  std::vector<parser::Range> tokens;
  bool ok = parser::x3::parse(first, last, parser::tiles, tokens);
  if (!ok || first != last) {
    fail_at(text, first, tokens.empty() ? "a tile and its turn, like 7/2" : "another tile and turn, like 7/2", error);
    return false;
  }
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
