#include "verifier/diff.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace wonderlog {

namespace {

struct Line {
  std::string_view text;  // without its line break
  bool broken = true;     // ends with a line break
  bool operator==(const Line& o) const { return text == o.text && broken == o.broken; }
};

std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> out;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    if (nl == std::string_view::npos) {
      out.push_back({text, false});
      break;
    }
    out.push_back({text.substr(0, nl), true});
    text.remove_prefix(nl + 1);
  }
  return out;
}

enum class Op : char { same = ' ', removed = '-', added = '+' };
struct Edit {
  Op op;
  std::size_t line;  // in `a` for same and removed, in `b` for added
};

// Myers' shortest edit script between a[lo_a, hi_a) and b[lo_b, hi_b), appended to `out`.
// Past kMostEdits differences the middle is shown as removed, then added: correct, if longer.
void edit_script(const std::vector<Line>& a, const std::vector<Line>& b, std::size_t lo_a, std::size_t hi_a,
                 std::size_t lo_b, std::size_t hi_b, std::vector<Edit>& out) {
  constexpr long kMostEdits = 4000;
  const long n = static_cast<long>(hi_a - lo_a), m = static_cast<long>(hi_b - lo_b);
  auto A = [&](long x) -> const Line& { return a[lo_a + static_cast<std::size_t>(x)]; };
  auto B = [&](long y) -> const Line& { return b[lo_b + static_cast<std::size_t>(y)]; };
  const long most = std::min(n + m, kMostEdits);
  const long offset = most + 1;
  std::vector<long> v(static_cast<std::size_t>(2 * most + 3), 0);
  std::vector<std::vector<long>> trace;  // v before each step d
  long found = -1;
  for (long d = 0; d <= most && found < 0; ++d) {
    trace.push_back(v);
    for (long k = -d; k <= d; k += 2) {
      const std::size_t at = static_cast<std::size_t>(k + offset);
      long x = (k == -d || (k != d && v[at - 1] < v[at + 1])) ? v[at + 1] : v[at - 1] + 1;
      long y = x - k;
      while (x < n && y < m && A(x) == B(y)) ++x, ++y;
      v[at] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  std::vector<Edit> reversed;
  if (found < 0) {
    for (long y = m - 1; y >= 0; --y) reversed.push_back({Op::added, lo_b + static_cast<std::size_t>(y)});
    for (long x = n - 1; x >= 0; --x) reversed.push_back({Op::removed, lo_a + static_cast<std::size_t>(x)});
  } else {
    long x = n, y = m;
    for (long d = found; d > 0; --d) {
      const std::vector<long>& w = trace[static_cast<std::size_t>(d)];
      const long k = x - y;
      const std::size_t at = static_cast<std::size_t>(k + offset);
      const long prev_k = (k == -d || (k != d && w[at - 1] < w[at + 1])) ? k + 1 : k - 1;
      const long prev_x = w[static_cast<std::size_t>(prev_k + offset)], prev_y = prev_x - prev_k;
      while (x > prev_x && y > prev_y) --x, --y, reversed.push_back({Op::same, lo_a + static_cast<std::size_t>(x)});
      if (prev_k == k + 1)
        reversed.push_back({Op::added, lo_b + static_cast<std::size_t>(prev_y)});
      else
        reversed.push_back({Op::removed, lo_a + static_cast<std::size_t>(prev_x)});
      x = prev_x, y = prev_y;
    }
    while (x > 0) --x, reversed.push_back({Op::same, lo_a + static_cast<std::size_t>(x)});
  }
  out.insert(out.end(), reversed.rbegin(), reversed.rend());
}

}  // namespace

std::string unified_diff(std::string_view before, std::string_view after, std::string_view before_name,
                         std::string_view after_name) {
  if (before == after) return {};
  const std::vector<Line> a = lines_of(before), b = lines_of(after);
  // The common head and tail are context only: the search runs on what lies between.
  std::size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  std::size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
  std::vector<Edit> edits;
  for (std::size_t i = 0; i < head; ++i) edits.push_back({Op::same, i});
  edit_script(a, b, head, a.size() - tail, head, b.size() - tail, edits);
  for (std::size_t i = a.size() - tail; i < a.size(); ++i) edits.push_back({Op::same, i});

  constexpr std::size_t kContext = 3;
  std::string out = fmt::format("--- {}\n+++ {}\n", before_name, after_name);
  std::size_t i = 0;
  // Line numbers (0-based) in a and b at edit i.
  std::vector<std::size_t> at_a(edits.size() + 1), at_b(edits.size() + 1);
  for (std::size_t e = 0; e < edits.size(); ++e) {
    at_a[e + 1] = at_a[e] + (edits[e].op != Op::added);
    at_b[e + 1] = at_b[e] + (edits[e].op != Op::removed);
  }
  while (i < edits.size()) {
    while (i < edits.size() && edits[i].op == Op::same) ++i;
    if (i == edits.size()) break;
    // A hunk: from kContext before this change to kContext after the last change that lies
    // within 2 * kContext of the one before it.
    const std::size_t start = i >= kContext ? i - kContext : 0;
    std::size_t end = i;
    for (;;) {
      while (end < edits.size() && edits[end].op != Op::same) ++end;
      std::size_t same = end;
      while (same < edits.size() && edits[same].op == Op::same && same - end < 2 * kContext + 1) ++same;
      if (same < edits.size() && edits[same].op != Op::same) {
        end = same;
        continue;
      }
      end = std::min(edits.size(), end + kContext);
      break;
    }
    const std::size_t count_a = at_a[end] - at_a[start], count_b = at_b[end] - at_b[start];
    out += fmt::format("@@ -{},{} +{},{} @@\n", count_a ? at_a[start] + 1 : at_a[start], count_a,
                       count_b ? at_b[start] + 1 : at_b[start], count_b);
    for (std::size_t e = start; e < end; ++e) {
      const Line& line = edits[e].op == Op::added ? b[edits[e].line] : a[edits[e].line];
      out += static_cast<char>(edits[e].op);
      out += line.text;
      out += '\n';
      if (!line.broken) out += "\\ No newline at end of file\n";
    }
    i = end;
  }
  return out;
}

}  // namespace wonderlog
