#include "verifier/view/rolling_drawing.h"

#include <algorithm>

#include <fmt/format.h>

#include "verifier/view/svg.h"

namespace wonderlog::rolling {
namespace {

// The table's layout, in pixels.
constexpr int kLeft = 14, kAreaTop = 36, kAreaWidth = 148, kAreaPitch = 152, kAreaHeight = 156;
constexpr int kDie = 15, kDiePitch = 19, kDicePerRow = 7;
constexpr int kPathTop = kAreaTop + kAreaHeight + 12, kPathLabel = 96, kPathHeight = 34, kPathGap = 8;
constexpr int kCheshireTop = kPathTop + 2 * (kPathHeight + kPathGap) + 8;
constexpr int kBoardTop = kCheshireTop + 24, kBoardWidth = 452, kBoardHeight = 112, kBoardPitch = 458;
constexpr int kWidth = kLeft * 2 + 6 * kAreaPitch - 4;

int board_x(int seat) { return kLeft + (seat % 2) * kBoardPitch; }
int board_y(int seat) { return kBoardTop + (seat / 2) * (kBoardHeight + 6); }
int height(const State& s) { return board_y(s.players() - 1) + kBoardHeight + 8; }
int area_x(int a) { return kLeft + a * kAreaPitch; }
int cell_width(const Path& p) { return std::max(8, (kWidth - 2 * kLeft - kPathLabel) / (p.length + 1)); }

// A path's track: a cell per space from the start (0) to the end.
void draw_track(Svg& svg, const Path& path, int y, std::string_view name, std::string_view what) {
  const int cell = cell_width(path), x0 = kLeft + kPathLabel;
  svg.text(kLeft, y + 15, name, "rw-path-name", "start");
  svg.text(kLeft, y + 28, what, "rw-note", "start");
  for (int i = 0; i <= path.length; ++i) {
    const int x = x0 + i * cell;
    std::string tip = i == 0 ? "the start" : i == path.length ? fmt::format("space {}: the end", i) : fmt::format("space {}", i);
    if (i < static_cast<int>(path.stars.size()) && path.stars[static_cast<std::size_t>(i)])
      tip += fmt::format(", a star worth {} VP", path.stars[static_cast<std::size_t>(i)]);
    if (i < static_cast<int>(path.icons.size()) && path.icons[static_cast<std::size_t>(i)])
      tip += ", icon: " + describe(*path.icons[static_cast<std::size_t>(i)]);
    svg.rect(x, y, cell - 2, kPathHeight, i == path.length ? "rw-cell rw-end" : "rw-cell", 3, tip);
    if (i < static_cast<int>(path.stars.size()) && path.stars[static_cast<std::size_t>(i)])
      svg.text(x + cell / 2 - 1, y + kPathHeight - 3, std::to_string(path.stars[static_cast<std::size_t>(i)]), "rw-star");
    else if (i < static_cast<int>(path.icons.size()) && path.icons[static_cast<std::size_t>(i)])
      svg.circle(x + cell / 2 - 1, y + kPathHeight - 6, 3, "rw-icon-mark");
    if (i % 5 == 0) svg.text(x + cell / 2 - 1, y - 2, std::to_string(i), "rw-space");
  }
}

// Where a player's marker stands on a path's space: two to a row, two rows.
std::pair<int, int> marker_at(const Path& path, int y, int space, int seat) {
  const int cell = cell_width(path);
  const int x = kLeft + kPathLabel + std::clamp(space, 0, path.length) * cell + cell / 2 - 1;
  return {x - 4 + 8 * (seat % 2), y + 7 + 9 * (seat / 2)};
}

// Dice in rows from (x, y), each placed by <use>.
void draw_dice(Svg& svg, const Dice& dice, int x, int y, int per_row) {
  int k = 0;
  for (int c = 0; c < kColours; ++c)
    for (int n = 0; n < dice[static_cast<std::size_t>(c)]; ++n, ++k)
      svg.use(fmt::format("rw-d{}", c), x + (k % per_row) * kDiePitch, y + (k / per_row) * kDiePitch);
}

}  // namespace

std::string picture_style() {
  return ".rw-caption { font: 600 14px sans-serif; fill: #333; }\n"
         ".rw-area { fill: #fbf7ef; stroke: #b9a27a; stroke-width: 1.5; }\n"
         ".rw-area-name { font: 600 12px sans-serif; fill: #5d4a2a; }\n"
         ".rw-note { font: 10px sans-serif; fill: #555; }\n"
         ".rw-jabberwock { fill: none; stroke: #b03a2e; stroke-width: 3; stroke-dasharray: 7 3; }\n"
         ".rw-jabberwock-label { font: 700 10px sans-serif; fill: #b03a2e; }\n"
         ".rw-die { stroke: #333; stroke-width: 1; }\n"
         ".rw-c0 { fill: #2e86c1; } .rw-c1 { fill: #1c1c1c; } .rw-c2 { fill: #e67e22; }\n"
         ".rw-c3 { fill: #f5cba7; } .rw-c4 { fill: #28b463; } .rw-c5 { fill: #8e44ad; }\n"
         ".rw-p0 { --c: #c0392b; } .rw-p1 { --c: #1a5276; } .rw-p2 { --c: #b7950b; } .rw-p3 { --c: #0e6655; }\n"
         ".rw-pawn { fill: var(--c); stroke: #fff; stroke-width: 1.5; }\n"
         ".rw-count { font: 700 12px sans-serif; fill: #222; }\n"
         ".rw-path-name { font: 600 12px sans-serif; fill: #333; }\n"
         ".rw-cell { fill: #fff; stroke: #bbb; }\n"
         ".rw-end { fill: #fdebd0; stroke: #b9770e; }\n"
         ".rw-star { font: 700 9px sans-serif; fill: #b9770e; }\n"
         ".rw-space { font: 8px sans-serif; fill: #999; }\n"
         ".rw-icon-mark { fill: #7dcea0; }\n"
         ".rw-board { fill: #fff; stroke: #ccc; stroke-width: 1.5; }\n"
         ".rw-turn { fill: #fff8dc; stroke: #d4ac0d; stroke-width: 2; }\n"
         ".rw-player { font: 600 13px sans-serif; fill: #222; }\n"
         ".rw-points { font: 700 12px sans-serif; fill: #222; }\n"
         ".rw-card { font: 10px sans-serif; fill: #222; }\n"
         ".rw-icon { stroke-width: 2; fill: #fff; }\n"
         ".rw-icon.rw-c0 { stroke: #2e86c1; } .rw-icon.rw-c1 { stroke: #1c1c1c; } .rw-icon.rw-c2 { stroke: #e67e22; }\n"
         ".rw-icon.rw-c3 { stroke: #e59866; } .rw-icon.rw-c4 { stroke: #28b463; } .rw-icon.rw-c5 { stroke: #8e44ad; }\n"
         ".rw-icon.rw-covered.rw-c0 { fill: #2e86c1; } .rw-icon.rw-covered.rw-c1 { fill: #1c1c1c; }\n"
         ".rw-icon.rw-covered.rw-c2 { fill: #e67e22; } .rw-icon.rw-covered.rw-c3 { fill: #e59866; }\n"
         ".rw-icon.rw-covered.rw-c4 { fill: #28b463; } .rw-icon.rw-covered.rw-c5 { fill: #8e44ad; }\n";
}

std::string map_defs(const State& s) {
  const Catalog& c = s.catalog();
  Svg svg(kWidth, height(s), "", "");
  for (int a = 0; a < kAreas; ++a) {
    const int x = area_x(a);
    const InfluenceArea& area = c.areas[static_cast<std::size_t>(a)];
    svg.rect(x, kAreaTop, kAreaWidth, kAreaHeight, "rw-area", 6,
             fmt::format("{}: its action area's dice, and its influence area (rewards {}, {} and {} VP)",
                         area_name(static_cast<Area>(a)), area.rewards[0], area.rewards[1], area.rewards[2]));
    std::string name(area_name(static_cast<Area>(a)));
    if (name.rfind("the ", 0) == 0) name.erase(0, 4);
    svg.text(x + 8, kAreaTop + 16, name, "rw-area-name", "start");
    svg.line(x + 6, kAreaTop + 108, x + kAreaWidth - 6, kAreaTop + 108, "rw-area");
    svg.text(x + 8, kAreaTop + 120, fmt::format("influence: {}/{}/{} VP", area.rewards[0], area.rewards[1], area.rewards[2]),
             "rw-note", "start");
  }
  draw_track(svg, c.rabbit, kPathTop, "White Rabbit", fmt::format("end at {}", c.rabbit.length));
  draw_track(svg, c.caterpillar, kPathTop + kPathHeight + kPathGap, "Caterpillar",
             fmt::format("end at {}", c.caterpillar.length));
  // The Cheshire Cat cards, two to a line.
  for (int k = 0; k < kCheshireSlots; ++k) {
    const CheshireCard& card = c.cheshire[static_cast<std::size_t>(s.cheshire()[static_cast<std::size_t>(k)])];
    svg.text(kLeft + (k % 2) * kBoardPitch, kCheshireTop + 4 + (k / 2) * 13,
             fmt::format("Cheshire Cat {}: {} ({})", static_cast<char>('A' + k), card.name, describe(card.bonus)),
             "rw-note", "start");
  }
  for (int seat = 0; seat < s.players(); ++seat) {
    const int x = board_x(seat), y = board_y(seat);
    svg.rect(x, y, kBoardWidth, kBoardHeight, "rw-board", 6);
    svg.circle(x + 12, y + 13, 6, fmt::format("rw-pawn rw-p{}", seat));
    svg.text(x + 24, y + 17,
             fmt::format("{} · {}", s.name(seat), c.characters[static_cast<std::size_t>(s.player(seat).character)].name),
             "rw-player", "start");
  }
  // The table, and the dice, icons and markers the positions place with <use>.
  std::string out = svg.group("rw-table");
  for (int k = 0; k < kColours; ++k)
    out += fmt::format("<rect id=\"rw-d{0}\" width=\"{1}\" height=\"{1}\" rx=\"3\" class=\"rw-die rw-c{0}\"/>\n", k, kDie);
  for (int k = 0; k < kColours; ++k)
    out += fmt::format("<circle id=\"rw-i{0}\" r=\"6\" class=\"rw-icon rw-c{0}\"/>\n"
                       "<circle id=\"rw-I{0}\" r=\"6\" class=\"rw-icon rw-covered rw-c{0}\"/>\n",
                       k);
  for (int seat = 0; seat < s.players(); ++seat)
    out += fmt::format("<circle id=\"rw-p{0}\" r=\"5\" class=\"rw-pawn rw-p{0}\"/>\n", seat);
  return out;
}

std::string draw_position(const State& s, std::string_view caption, std::string_view title,
                          std::string_view description) {
  const Catalog& c = s.catalog();
  Svg svg(kWidth, height(s), title, description);
  const Actor mover = s.is_over() ? Actor{} : s.to_move();
  if (mover.is_player())
    svg.rect(board_x(mover.seat) - 3, board_y(mover.seat) - 3, kBoardWidth + 6, kBoardHeight + 6, "rw-turn", 8);
  svg.use("rw-table");
  svg.text(kLeft, 20, caption, "rw-caption", "start");
  for (int a = 0; a < kAreas; ++a) {
    const int x = area_x(a);
    const Dice& dice = s.area_dice(static_cast<Area>(a));
    if (!s.is_over()) draw_dice(svg, dice, x + 8, kAreaTop + 26, kDicePerRow);
    if (s.jabberwock() && static_cast<int>(*s.jabberwock()) == a && !s.is_over()) {
      svg.rect(x - 2, kAreaTop - 2, kAreaWidth + 4, kAreaHeight + 4, "rw-jabberwock", 8);
      svg.text(x + kAreaWidth - 8, kAreaTop + 102, "Jabberwock", "rw-jabberwock-label", "end");
    }
    // Each player's strength in the influence area (RW-27), soldiers and upgrades together.
    const auto strength = s.strength(static_cast<Area>(a));
    for (int seat = 0; seat < s.players(); ++seat) {
      if (!strength[static_cast<std::size_t>(seat)]) continue;
      const int px = x + 14 + seat * 34, py = kAreaTop + 138;
      svg.use(fmt::format("rw-p{}", seat), px, py);
      svg.text(px + 8, py + 5, std::to_string(strength[static_cast<std::size_t>(seat)]), "rw-count", "start");
    }
  }
  for (int seat = 0; seat < s.players(); ++seat) {
    const Player& p = s.player(seat);
    auto [rx, ry] = marker_at(c.rabbit, kPathTop, p.rabbit, seat);
    svg.use(fmt::format("rw-p{}", seat), rx, ry);
    auto [cx, cy] = marker_at(c.caterpillar, kPathTop + kPathHeight + kPathGap, p.caterpillar, seat);
    svg.use(fmt::format("rw-p{}", seat), cx, cy);
  }
  const std::vector<int> scores = s.is_over() ? s.scores() : std::vector<int>();
  for (int seat = 0; seat < s.players(); ++seat) {
    const Player& p = s.player(seat);
    const int x = board_x(seat), y = board_y(seat);
    if (!scores.empty())
      svg.text(x + kBoardWidth - 10, y + 17, fmt::format("{} VP", scores[static_cast<std::size_t>(seat)]), "rw-points", "end");
    draw_dice(svg, p.dice, x + 8, y + 24, kDiceSpaces);
    std::string about = fmt::format("mushrooms {} · soldiers in supply {} · cubes {}", p.mushrooms, p.supply, p.cubes);
    if (p.token) about += " · an upgrade token";
    if (!p.completed.empty()) about += fmt::format(" · challenges completed {}", p.completed.size());
    svg.text(x + 8 + kDiceSpaces * kDiePitch + 6, y + 36, about, "rw-note", "start");
    for (int k = 0; k < kSlots; ++k) {
      const Player::Challenge& ch = p.challenges[static_cast<std::size_t>(k)];
      if (ch.card < 0) continue;
      const ChallengeCard& card = c.challenges[static_cast<std::size_t>(ch.card)];
      const int cx = x + 8 + k * 148;
      svg.text(cx, y + 60, card.name, "rw-card", "start");
      for (int i = 0; i < 4; ++i)  // an icon of a die's colour, filled once a cube covers it
        svg.use(fmt::format("rw-{}{}", ch.covered >> i & 1 ? "I" : "i", static_cast<int>(card.icons[static_cast<std::size_t>(i)])),
                cx + 6 + i * 17, y + 72);
    }
    std::string slots, hand;
    for (const int h : p.persistent)
      if (h >= 0) slots += (slots.empty() ? "" : ", ") + c.hatter[static_cast<std::size_t>(h)].name;
    for (const int h : p.hand) hand += (hand.empty() ? "" : ", ") + c.hatter[static_cast<std::size_t>(h)].name;
    if (p.hidden) hand += fmt::format("{}{} face down", hand.empty() ? "" : ", ", p.hidden);
    svg.text(x + 8, y + 96, fmt::format("Mad Hatter slots: {} · hand: {}", slots.empty() ? "-" : slots, hand.empty() ? "-" : hand),
             "rw-card", "start");
  }
  return svg.str();
}

}  // namespace wonderlog::rolling
