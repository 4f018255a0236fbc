#include "grammar/hide_and_seek/notation.h"

#include "grammar/hide_and_seek/notation_def.h"

namespace wonderlog::grammar::hide_and_seek {

namespace {

void fail_at(std::string_view text, const char* where, std::string expected, SyntaxError& error) {
  error.offset = static_cast<std::uint32_t>(where - text.data());
  error.expected = std::move(expected);
  error.found = describe_found(text.substr(error.offset));
}

}  // namespace

bool parse_move(std::string_view text, MoveTokens& move, SyntaxError& error) {
  move.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  parser::Out out{move, text.data()};
  try {
    bool ok = words::parse_with<parser::move_tag>(first, last, parser::move, out);
    if (!ok || first != last) {
      if (move.spots.empty() && move.kind == MoveTokens::Kind::step) {
        fail_at(text, first, "a move: 'b3 D' (Alice), or 'guard', 'look', 'move' or 'reorder' (the Queen)", error);
        static const std::vector<std::string> kQueenWords = {"guard", "look", "move", "reorder"};
        suggest_instead(text, kQueenWords, error);
      } else {
        // After a look's two spots only what the look did can follow: say so.
        fail_at(text, first,
                move.kind == MoveTokens::Kind::look ? "'swap', 'keep' or 'saw' (what came of the look), or the end of the move"
                                                    : "end of the move",
                error);
        // A look's last words misspelt: `swop` (found in review: no guess was offered).
        static const std::vector<std::string> kLookWords = {"swap", "keep", "saw"};
        suggest_instead(text, kLookWords, error);
      }
      return false;
    }
  } catch (const parser::x3::expectation_failure<const char*>& e) {
    // A rule's name, never a C++ type name (every expectation target should be a named rule).
    fail_at(text, e.where(), e.which().find("boost") == std::string::npos ? e.which() : "the rest of the move", error);
    return false;
  }
  return true;
}

bool parse_start(std::string_view text, SpotToken& spot, CodeToken& side, SyntaxError& error) {
  const char* first = text.data();
  const char* const last = first + text.size();
  std::pair<parser::Range, parser::Range> parsed;  // spot, side
  parser::Range a, b;
  auto grab_a = [&](auto& ctx) { a = parser::x3::_attr(ctx); };
  auto grab_b = [&](auto& ctx) { b = parser::x3::_attr(ctx); };
  bool ok = parser::x3::parse(first, last,
                              parser::ws >> parser::spot[grab_a] >> parser::gap >> parser::code[grab_b] >> parser::ws);
  if (!ok || first != last) {
    fail_at(text, first, "the start tile's spot and side, like 'b3 H'", error);
    return false;
  }
  auto span = [&](const parser::Range& r) {
    return Span{static_cast<std::uint32_t>(r.begin() - text.data()), static_cast<std::uint32_t>(r.end() - text.data())};
  };
  unsigned row = 0;
  for (const char* p = a.begin() + 1; p != a.end(); ++p)
    row = std::min(99u, row * 10 + static_cast<unsigned>(*p - '0'));
  spot = SpotToken{static_cast<char>(*a.begin() | 0x20), row, span(a)};
  side = CodeToken{std::string_view(b.begin(), b.size()), span(b)};
  (void)parsed;
  return true;
}

bool parse_layout(std::string_view text, std::vector<CodeToken>& tiles, std::vector<std::uint32_t>& row_ends,
                  SyntaxError& error) {
  tiles.clear();
  row_ends.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  std::vector<parser::Range> tokens;
  bool ok = parser::x3::parse(first, last, parser::layout, tokens);
  if (!ok || first != last) {
    fail_at(text, first, tokens.empty() ? "a tile code like D" : "another tile code, or '/' between two rows", error);
    return false;
  }
  bool open = false;
  for (const auto& r : tokens) {
    if (*r.begin() == '/') {
      if (!open) {
        fail_at(text, r.begin(), "a tile code like D", error);
        return false;
      }
      row_ends.push_back(static_cast<std::uint32_t>(tiles.size()));
      open = false;
      continue;
    }
    tiles.push_back(CodeToken{
        std::string_view(r.begin(), r.size()),
        Span{static_cast<std::uint32_t>(r.begin() - text.data()), static_cast<std::uint32_t>(r.end() - text.data())}});
    open = true;
  }
  if (!open) {
    fail_at(text, last, "a tile code like D", error);
    return false;
  }
  row_ends.push_back(static_cast<std::uint32_t>(tiles.size()));
  return true;
}

}  // namespace wonderlog::grammar::hide_and_seek
