// Unified diffs (fmt --check): the hunks `diff -u` prints, for the edits people make.
#include <gtest/gtest.h>

#include <string>

#include "verifier/diff.h"

namespace wonderlog {
namespace {

std::string numbered(int from, int to) {
  std::string out;
  for (int i = from; i <= to; ++i) out += "line " + std::to_string(i) + "\n";
  return out;
}

TEST(UnifiedDiff, EqualTextsHaveNone) {
  EXPECT_EQ(unified_diff("a\nb\n", "a\nb\n", "x", "y"), "");
}

TEST(UnifiedDiff, OneChangedLineWithThreeLinesOfContext) {
  const std::string before = numbered(1, 10);
  std::string after = before;
  after.replace(after.find("line 5"), 6, "LINE 5");
  EXPECT_EQ(unified_diff(before, after, "a.wlog", "b.wlog"),
            "--- a.wlog\n+++ b.wlog\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+LINE 5\n line 6\n line 7\n"
            " line 8\n");
}

TEST(UnifiedDiff, ChangesFarApartAreTwoHunksAndNearOnesOne) {
  std::string before = numbered(1, 20), after = before;
  after.replace(after.find("line 2\n"), 7, "");        // removed
  after.replace(after.find("line 18\n"), 0, "new\n");  // added before line 18
  EXPECT_EQ(unified_diff(before, after, "a", "b"),
            "--- a\n+++ b\n@@ -1,5 +1,4 @@\n line 1\n-line 2\n line 3\n line 4\n line 5\n"
            "@@ -15,6 +14,7 @@\n line 15\n line 16\n line 17\n+new\n line 18\n line 19\n line 20\n");
  // Six unchanged lines between two changes join their hunks (their contexts meet).
  after = numbered(1, 20);
  after.replace(after.find("line 4\n"), 7, "four\n");
  after.replace(after.find("line 11\n"), 8, "eleven\n");
  const std::string d = unified_diff(numbered(1, 20), after, "a", "b");
  EXPECT_EQ(d.find("\n@@ "), d.find("\n@@ -1,14 +1,14 @@\n")) << d;
  EXPECT_EQ(d.find("\n@@ ", d.find("\n@@ ") + 1), std::string::npos) << d;
}

TEST(UnifiedDiff, MissingFinalLineBreakIsMarked) {
  EXPECT_EQ(unified_diff("a\nb", "a\nb\n", "x", "y"),
            "--- x\n+++ y\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
}

TEST(UnifiedDiff, FromAndToNothing) {
  EXPECT_EQ(unified_diff("", "a\n", "x", "y"), "--- x\n+++ y\n@@ -0,0 +1,1 @@\n+a\n");
  EXPECT_EQ(unified_diff("a\n", "", "x", "y"), "--- x\n+++ y\n@@ -1,1 +0,0 @@\n-a\n");
}

TEST(UnifiedDiff, ShortestScriptInALongFile) {
  // Moving one line in 2000 shows two changed lines, not a rewritten middle.
  std::string before = numbered(1, 2000), after = before;
  after.replace(after.find("line 10\n"), 8, "");
  after.replace(after.find("line 1990\n"), 0, "line 10\n");
  const std::string d = unified_diff(before, after, "a", "b");
  int removed = 0, added = 0;
  for (std::size_t i = 0; i < d.size(); i = d.find('\n', i) + 1) {
    if (d.compare(i, 4, "--- ") != 0 && d[i] == '-') ++removed;
    if (d.compare(i, 4, "+++ ") != 0 && d[i] == '+') ++added;
  }
  EXPECT_EQ(removed, 1) << d;
  EXPECT_EQ(added, 1) << d;
}

}  // namespace
}  // namespace wonderlog
