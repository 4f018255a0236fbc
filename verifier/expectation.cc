#include "verifier/expectation.h"

#include <algorithm>
#include <cctype>
#include <iterator>

#include <fmt/format.h>

#include "grammar/source.h"

namespace wonderlog {

namespace {

constexpr std::string_view kKinds[] = {"syntax", "setup", "illegal-move", "incomplete", "result-mismatch"};

// A piece of the value and where it starts.
struct Piece {
  std::string_view text;
  std::size_t offset = 0;
};

Piece trim(Piece p) {
  while (!p.text.empty() && (p.text.front() == ' ' || p.text.front() == '\t')) {
    p.text.remove_prefix(1);
    ++p.offset;
  }
  while (!p.text.empty() && (p.text.back() == ' ' || p.text.back() == '\t')) p.text.remove_suffix(1);
  return p;
}

std::vector<Piece> split(Piece p, char sep) {
  std::vector<Piece> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= p.text.size(); ++i)
    if (i == p.text.size() || p.text[i] == sep) {
      out.push_back(trim(Piece{p.text.substr(start, i - start), p.offset + start}));
      start = i + 1;
    }
  return out;
}

std::optional<int> number(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  std::size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  int n = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    n = n * 10 + (s[i] - '0');
  }
  return s[0] == '-' ? -n : n;
}

struct Failure {
  std::string message;
  Piece at;
};

// Reads one comma-separated item into `v`. `winners`: the items that follow `winner X` in the
// same clause are more winners.
std::optional<Failure> item(Piece p, Verdict& v, bool& winners, bool under) {
  const std::string_view t = p.text;
  if (t.empty()) return Failure{"expected a part of the verdict, found nothing between separators", p};
  if (winners) {
    v.winners.emplace_back(t);
    return std::nullopt;
  }
  auto word_is = [&](std::string_view w) {
    return t.size() >= w.size() && iequals(t.substr(0, w.size()), w) && (t.size() == w.size() || t[w.size()] == ' ');
  };
  auto status = [&](bool valid) -> std::optional<Failure> {
    if (v.valid && *v.valid != valid) return Failure{"a verdict is 'valid' or an error, not both", p};
    if (v.valid) return Failure{"the verdict's status is written twice", p};
    v.valid = valid;
    return std::nullopt;
  };
  if (iequals(t, "valid")) {
    if (auto f = status(true)) return f;
    if (!under && !v.warnings) v.warnings = 0;  // a valid game has no warnings unless it says so
    return std::nullopt;
  }
  if (iequals(t, "invalid")) return status(false);  // any error, anywhere
  for (std::string_view kind : kKinds) {
    if (!word_is(kind)) continue;
    if (auto f = status(false)) return f;
    v.kind = std::string(kind);
    std::string_view rest = t.substr(kind.size());
    std::size_t at = p.offset + kind.size();
    auto skip_spaces = [&] {
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1), ++at;
    };
    skip_spaces();
    if (rest.size() >= 3 && iequals(rest.substr(0, 3), "at ")) {
      rest.remove_prefix(3), at += 3;
      skip_spaces();
      const bool is_move = rest.size() >= 5 && iequals(rest.substr(0, 5), "move ");
      const bool is_line = rest.size() >= 5 && iequals(rest.substr(0, 5), "line ");
      if (!is_move && !is_line)
        return Failure{fmt::format("expected 'move N' or 'line N' after 'at', found '{}'", rest), Piece{rest, at}};
      rest.remove_prefix(5), at += 5;
      skip_spaces();
      const std::size_t end = std::min(rest.find(' '), rest.size());
      const auto n = number(rest.substr(0, end));
      if (!n || *n < 1)
        return Failure{fmt::format("expected a {} number, found '{}'", is_move ? "move" : "line", rest.substr(0, end)),
                       Piece{rest.substr(0, end), at}};
      (is_move ? v.move : v.line) = *n;
      rest.remove_prefix(end), at += end;
      skip_spaces();
    }
    if (!rest.empty() && rest.front() == '[') {
      const std::size_t close = rest.find(']');
      if (close == std::string_view::npos || close == 1)
        return Failure{fmt::format("expected a ruling id in brackets, like '[TT-4]', found '{}'", rest),
                       Piece{rest, at}};
      v.rule = std::string(rest.substr(1, close - 1));
      rest.remove_prefix(close + 1), at += close + 1;
      skip_spaces();
    }
    if (!rest.empty())
      return Failure{
          fmt::format("expected 'at move N', 'at line N', '[RULING]' or the end of the part, found '{}'", rest),
          Piece{rest, at}};
    return std::nullopt;
  }
  if (word_is("winner") || word_is("winners")) {
    const std::size_t skip = word_is("winners") ? 7 : 6;
    const Piece name = trim(Piece{t.substr(skip), p.offset + skip});
    if (name.text.empty()) return Failure{"expected a player's name after 'winner', found the end", name};
    if (!v.winners.empty()) return Failure{"the winners are written twice", p};
    v.winners.emplace_back(name.text);
    winners = true;
    return std::nullopt;
  }
  // An error kind misspelt before 'at move N' (`ilegal move at move 5`) is not a player's points.
  const std::string lower = ascii_lower(t);
  for (const std::string_view at : {"at move", "at line"})
    if (const std::size_t k = lower.find(fmt::format(" {} ", at)); k != std::string::npos) {
      std::string kind(t.substr(0, k));
      std::replace(kind.begin(), kind.end(), ' ', '-');  // `ilegal move` for `illegal-move`
      const std::string guess = nearest_name(kind, std::vector<std::string>(std::begin(kKinds), std::end(kKinds)));
      return Failure{fmt::format("expected an error kind (syntax, setup, illegal-move, incomplete or "
                                 "result-mismatch) before '{}', found '{}'{}",
                                 at, t.substr(0, k), guess.empty() ? "" : "; did you mean '" + guess + "'?"),
                     Piece{t.substr(0, k), p.offset}};
    }
  const std::size_t space = t.rfind(' ');
  if (space != std::string_view::npos) {
    const std::string_view last = t.substr(space + 1);
    if (iequals(last, "warning") || iequals(last, "warnings")) {
      const auto n = number(trim(Piece{t.substr(0, space), p.offset}).text);
      if (!n || *n < 0)
        return Failure{fmt::format("expected a count of warnings, like '2 warnings', found '{}'", t), p};
      if (under) return Failure{"a verdict under another reading does not count warnings", p};
      v.warnings = *n;
      return std::nullopt;
    }
    if (const auto n = number(last)) {
      const std::string name(trim(Piece{t.substr(0, space), p.offset}).text);
      for (const auto& [who, points] : v.scores)
        if (iequals(who, name)) return Failure{fmt::format("{}'s points are written twice", name), p};
      v.scores.emplace_back(name, *n);
      return std::nullopt;
    }
  }
  // A verdict's word misspelt: `vaild` (found in review: no guess was offered).
  static const std::vector<std::string> kWords = {"valid",      "invalid",         "syntax", "setup", "illegal-move",
                                                  "incomplete", "result-mismatch", "winner", "under"};
  const std::string guess = t.find(' ') == std::string_view::npos ? nearest_name(t, kWords) : std::string();
  return Failure{
      fmt::format("expected 'valid', 'invalid', an error kind (syntax, setup, illegal-move, incomplete or "
                  "result-mismatch), 'NAME POINTS', 'winner NAME' or 'under RULING=READING ...', found '{}'{}",
                  t, guess.empty() ? "" : "; did you mean '" + guess + "'?"),
      p};
}

std::optional<Failure> check(const Verdict& v, Piece whole) {
  if (v.valid && !*v.valid && (!v.scores.empty() || !v.winners.empty()))
    return Failure{"an invalid game has no scores and no winner", whole};
  if (v.valid && !*v.valid && v.warnings && *v.warnings)
    return Failure{"warnings are counted for valid games only", whole};
  return std::nullopt;
}

std::string status_text(const Verdict& v) {
  if (!v.valid) return {};
  if (*v.valid)
    return v.warnings && *v.warnings ? fmt::format("valid, {} warning{}", *v.warnings, *v.warnings == 1 ? "" : "s")
                                     : "valid";
  std::string out = v.kind.empty() ? "invalid" : v.kind;
  if (v.move)
    out += fmt::format(" at move {}", *v.move);
  else if (v.line)
    out += fmt::format(" at line {}", *v.line);
  if (!v.rule.empty()) out += " [" + v.rule + "]";
  return out;
}

std::string scores_text(const Verdict& v) {
  std::string out;
  for (const auto& [who, points] : v.scores) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", who, points);
  return out;
}

std::string winners_text(const Verdict& v) {
  if (v.winners.empty()) return {};
  std::string out = v.winners.size() == 1 ? "winner " : "winners ";
  for (std::size_t i = 0; i < v.winners.size(); ++i) out += (i ? ", " : "") + v.winners[i];
  return out;
}

// The parts of a verdict joined by `sep`.
std::string verdict_text(const Verdict& v, std::string_view sep) {
  std::string out;
  for (const std::string& part : {status_text(v), scores_text(v), winners_text(v)})
    if (!part.empty()) out += (out.empty() ? "" : std::string(sep)) + part;
  return out;
}

Verdict verdict_of(bool valid, const std::optional<Diagnostic>& error, const std::optional<std::vector<int>>& scores,
                   const std::vector<int>& winners, const std::vector<std::string>& players) {
  Verdict v;
  v.valid = valid;
  if (!valid && error) {
    v.kind = to_string(error->kind);
    if (error->move)
      v.move = *error->move;
    else if (error->pos.line)
      v.line = static_cast<int>(error->pos.line);
    v.rule = error->rule;
  }
  if (valid && scores)
    for (std::size_t i = 0; i < players.size() && i < scores->size(); ++i)
      v.scores.emplace_back(players[i], (*scores)[i]);
  if (valid)
    for (int w : winners) v.winners.push_back(players[w]);
  return v;
}

void compare(const Verdict& e, const Verdict& a, const std::string& where, std::vector<std::string>& out) {
  if (e.valid && a.valid && *e.valid != *a.valid) {
    // "illegal-move at line 34 [TT-2]" is the notation of `expect:`; in a sentence it is said
    // as a kind of invalid game.
    auto said = [](const Verdict& v) {
      const std::string status = status_text(v);
      return v.valid && !*v.valid && !v.kind.empty() ? "invalid (" + status + ")" : status;
    };
    out.push_back(fmt::format("{}the game is {}, not {}", where, said(a), said(e)));
    return;
  }
  const bool invalid = a.valid && !*a.valid;
  if (invalid && !e.kind.empty() && e.kind != a.kind)
    out.push_back(fmt::format("{}the error is {}, not {}", where, a.kind, e.kind));
  if (invalid && e.move && e.move != a.move)
    out.push_back(
        a.move ? fmt::format("{}the error is at move {}, not move {}", where, *a.move, *e.move)
               : fmt::format("{}the error is at no move (line {}), not move {}", where, a.line.value_or(0), *e.move));
  if (invalid && e.line && e.line != a.line)
    out.push_back(
        a.line ? fmt::format("{}the error is at line {}, not line {}", where, *a.line, *e.line)
               : fmt::format("{}the error is at a move (move {}), not line {}", where, a.move.value_or(0), *e.line));
  if (invalid && !e.rule.empty() && e.rule != a.rule)
    out.push_back(fmt::format("{}the error cites {}, not {}", where, a.rule.empty() ? "no ruling" : a.rule, e.rule));
  if (e.warnings && a.warnings && *e.warnings != *a.warnings)
    out.push_back(fmt::format("{}{} warning{}, not {}", where, *a.warnings, *a.warnings == 1 ? "" : "s", *e.warnings));
  for (const auto& score : e.scores) {
    const std::string& who = score.first;  // named, not a structured binding: clang 14 cannot capture those
    const int points = score.second;
    auto found = std::find_if(a.scores.begin(), a.scores.end(), [&](const auto& s) { return iequals(s.first, who); });
    if (found == a.scores.end())
      out.push_back(a.scores.empty() ? fmt::format("{}no scores, so {} has no {} points", where, who, points)
                                     : fmt::format("{}{} is not a player of this game", where, who));
    else if (found->second != points)
      out.push_back(fmt::format("{}{} has {} points, not {}", where, found->first, found->second, points));
  }
  if (!e.winners.empty()) {
    auto sorted = [](std::vector<std::string> v) {
      for (std::string& s : v) s = ascii_lower(s);
      std::sort(v.begin(), v.end());
      return v;
    };
    if (sorted(e.winners) != sorted(a.winners)) {
      Verdict only;
      only.winners = a.winners;
      Verdict stated;
      stated.winners = e.winners;
      out.push_back(fmt::format("{}{}, not {}", where, a.winners.empty() ? "no winner" : winners_text(only),
                                winners_text(stated)));
    }
  }
}

}  // namespace

std::optional<Expectation> parse_expectation(std::string_view text, std::string& error, std::size_t& offset,
                                             std::size_t& width) {
  Expectation e;
  auto fail = [&](const Failure& f) -> std::optional<Expectation> {
    error = f.message;
    offset = f.at.offset;
    width = std::max<std::size_t>(1, f.at.text.size());
    return std::nullopt;
  };
  const Piece whole = trim(Piece{text, 0});
  if (whole.text.empty())
    return fail(
        Failure{"expected a verdict, like 'valid; Arthur 30, Nina 29; winner Arthur' or 'illegal-move at move 5 "
                "[TT-4]', found nothing",
                whole});
  for (const Piece& clause : split(whole, ';')) {
    bool winners = false;
    if (clause.text.size() >= 6 && iequals(clause.text.substr(0, 6), "under ")) {
      Piece rest = trim(Piece{clause.text.substr(6), clause.offset + 6});
      // One reading, or several changed together (`under AH-17=held-direct-only AH-21=own-city-refused`):
      // the words with '=' before the verdict, the last the one the verdict depends on.
      ReadingVerdict r;
      Piece choice = rest;
      for (bool first = true;; first = false) {
        const std::size_t space = std::min(rest.text.find(' '), rest.text.size());
        choice = Piece{rest.text.substr(0, space), rest.offset};
        const std::size_t eq = choice.text.find('=');
        if (!first && eq == std::string_view::npos) break;  // the verdict begins
        if (eq == std::string_view::npos || eq == 0 || eq + 1 == choice.text.size())
          return fail(Failure{
              fmt::format("expected a reading after 'under', like 'under TT-7=shared-win', found '{}'", choice.text),
              choice});
        if (!first) r.with.emplace_back(r.ruling, r.reading);
        r.ruling = ascii_upper(choice.text.substr(0, eq));
        r.reading = ascii_lower(choice.text.substr(eq + 1));
        rest = trim(Piece{rest.text.substr(space), rest.offset + space});
        if (rest.text.empty()) break;
      }
      for (const ReadingVerdict& other : e.under)
        if (other.same_readings(r))
          return fail(Failure{fmt::format("the verdict under {} is written twice", r.choices()), clause});
      const Piece items = rest;
      if (items.text.empty())
        return fail(Failure{
            fmt::format("expected the verdict under {}, like 'valid' or 'winner Nina', found the end", r.choices()),
            Piece{items.text, items.offset}});
      for (const Piece& p : split(items, ','))
        if (auto f = item(p, r.verdict, winners, /*under=*/true)) return fail(*f);
      if (auto f = check(r.verdict, clause)) return fail(*f);
      e.under.push_back(std::move(r));
      continue;
    }
    if (!e.under.empty())
      return fail(
          Failure{"expected 'under RULING=READING ...': the game's own verdict comes before the readings'", clause});
    for (const Piece& p : split(clause, ','))
      if (auto f = item(p, e.verdict, winners, /*under=*/false)) return fail(*f);
  }
  if (auto f = check(e.verdict, whole)) return fail(*f);
  return e;
}

bool add_expect_line(Expectation& into, const Expectation& more, std::string& error) {
  const Verdict& v = more.verdict;
  if (v.valid || !v.kind.empty() || v.move || v.line || !v.rule.empty() || v.warnings || !v.scores.empty() ||
      !v.winners.empty()) {
    error =
        "a further 'expect:' line holds 'under RULING=READING ...' clauses only; the game's own verdict is "
        "stated on the first";
    return false;
  }
  for (const ReadingVerdict& r : more.under) {
    for (const ReadingVerdict& other : into.under)
      if (other.same_readings(r)) {
        error = fmt::format("the verdict under {} is written twice", r.choices());
        return false;
      }
    into.under.push_back(r);
  }
  return true;
}

std::string ReadingVerdict::choices() const {
  std::string out;
  for (const auto& [ruling, reading] : with) out += fmt::format("{}={} ", ruling, reading);
  return out + fmt::format("{}={}", ruling, reading);
}

bool ReadingVerdict::same_readings(const ReadingVerdict& other) const {
  auto all = [](const ReadingVerdict& r) {
    std::vector<std::pair<std::string, std::string>> out = r.with;
    out.emplace_back(r.ruling, r.reading);
    std::sort(out.begin(), out.end());
    return out;
  };
  return all(*this) == all(other);
}

std::vector<std::string> expectation_lines(const Expectation& e) {
  std::vector<std::string> out;
  if (const std::string own = verdict_text(e.verdict, "; "); !own.empty() || e.under.empty()) out.push_back(own);
  for (const ReadingVerdict& r : e.under)
    out.push_back(fmt::format("under {} {}", r.choices(), verdict_text(r.verdict, ", ")));
  return out;
}

std::string expectation_text(const Expectation& e) {
  std::string out = verdict_text(e.verdict, "; ");
  for (const ReadingVerdict& r : e.under)
    out += fmt::format("{}under {} {}", out.empty() ? "" : "; ", r.choices(), verdict_text(r.verdict, ", "));
  return out;
}

Expectation expectation_of(const GameReport& report, bool readings) {
  Expectation e;
  e.verdict = verdict_of(report.valid, report.error, report.scores, report.winners, report.players);
  if (report.valid) e.verdict.warnings = static_cast<int>(report.warnings.size());
  Verdict own = e.verdict;
  own.warnings.reset();
  if (readings && report.depends_on)
    for (const Dependence& d : *report.depends_on) {
      ReadingVerdict r;
      r.ruling = d.ruling;
      r.reading = d.reading;
      r.with = d.with;
      r.verdict = verdict_of(d.valid, d.error, d.scores, d.winners, report.players);
      // A dependence that only words the same refusal otherwise (the same kind, place and
      // ruling) is none an expectation can state, since a message is not part of one
      // (log-format.md): a clause for it would repeat the game's own verdict (found in review).
      std::vector<std::string> apart;
      compare(own, r.verdict, "", apart);
      compare(r.verdict, own, "", apart);
      if (apart.empty()) continue;
      e.under.push_back(std::move(r));
    }
  return e;
}

std::vector<std::string> differences(const Expectation& expected, const Expectation& actual, bool dependences) {
  std::vector<std::string> out;
  compare(expected.verdict, actual.verdict, "", out);
  if (expected.under.empty() && !dependences) return out;
  auto find = [](const std::vector<ReadingVerdict>& all, const ReadingVerdict& r) {
    return std::find_if(all.begin(), all.end(), [&](const ReadingVerdict& x) { return x.same_readings(r); });
  };
  for (const ReadingVerdict& r : expected.under) {
    const std::string where = fmt::format("under {}: ", r.choices());
    auto found = find(actual.under, r);
    // A reading that changes nothing is not among the dependences: its verdict is the game's own.
    Verdict same = actual.verdict;
    same.warnings.reset();
    compare(r.verdict, found == actual.under.end() ? same : found->verdict, where, out);
  }
  for (const ReadingVerdict& r : actual.under)
    if (find(expected.under, r) == expected.under.end())
      out.push_back(fmt::format("the verdict also depends on {}: under {} it is {}", r.ruling, r.choices(),
                                verdict_text(r.verdict, ", ")));
  return out;
}

}  // namespace wonderlog
