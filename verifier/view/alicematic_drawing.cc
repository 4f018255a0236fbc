#include "verifier/view/alicematic_drawing.h"

#include <algorithm>
#include <climits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "verifier/view/svg.h"

namespace wonderlog::alicematic {
namespace {

// What a slot's colour stands for in a Kingdom.
constexpr std::array<std::string_view, kSlots> kSlotNames{"Military", "Population", "Dream Power", "Mobility", "Order"};

// The land as a hex of text has room for: 6 characters.
std::string land_word(const Space& space) {
  switch (space.colour) {
    case Colour::red: return fmt::format("red {}", space.difficulty);
    case Colour::blue: return fmt::format("blue {}", space.difficulty);
    case Colour::yellow: return fmt::format("yel {}", space.difficulty);
    case Colour::green: return fmt::format("grn {}", space.difficulty);
    case Colour::white: return fmt::format("wht {}", space.difficulty);
    case Colour::city: return fmt::format("City {}", space.difficulty);
    case Colour::forest: return "forest";
  }
  return {};
}

std::string_view land_sgr(Colour c) {
  switch (c) {
    case Colour::red: return "31";
    case Colour::blue: return "34";
    case Colour::yellow: return "33";
    case Colour::green: return "32";
    case Colour::white: return "37";
    case Colour::city: return "1";
    case Colour::forest: return "2;32";
  }
  return {};
}

// A space's tokens as marks: invaded tokens, then the one under attack with '?', then a '.'
// per empty City spot.
std::string token_marks(const State& s, const std::string& marks, int space) {
  std::string out;
  for (int seat = 0; seat < s.players(); ++seat) out.append(static_cast<std::size_t>(s.tokens_on(space, seat)), marks[seat]);
  if (s.attacker(space) >= 0) {
    out += marks[s.attacker(space)];
    out += '?';
  }
  if (Board::is_city(space)) out.append(static_cast<std::size_t>(std::max(0, s.city_room(space))), '.');
  return out;
}

// A canvas of characters, each with the SGR style it is printed in.
class TextCanvas {
 public:
  TextCanvas(int width, int height)
      : width_(width), cells_(static_cast<std::size_t>(width * height), ' '), styles_(cells_.size()) {}
  void put(int x, int y, char c, std::string_view sgr = {}) {
    if (x < 0 || x >= width_ || y < 0 || y * width_ >= static_cast<int>(cells_.size())) return;
    cells_[static_cast<std::size_t>(y * width_ + x)] = c;
    styles_[static_cast<std::size_t>(y * width_ + x)] = std::string(sgr);
  }
  void write(int x, int y, std::string_view text, std::string_view sgr = {}) {
    for (std::size_t i = 0; i < text.size(); ++i) put(x + static_cast<int>(i), y, text[i], sgr);
  }
  // `text` centred in the `width` cells from x.
  void centre(int x, int y, int width, std::string_view text, std::string_view sgr = {}) {
    const int n = std::min(width, static_cast<int>(text.size()));
    write(x + (width - n + 1) / 2, y, text.substr(0, static_cast<std::size_t>(n)), sgr);
  }
  std::string str(const Paint& paint) const {
    std::string out;
    const int height = static_cast<int>(cells_.size()) / width_;
    for (int y = 0; y < height; ++y) {
      int end = width_;
      while (end > 0 && cells_[static_cast<std::size_t>(y * width_ + end - 1)] == ' ') --end;
      // Runs of one style, painted together.
      for (int x = 0; x < end;) {
        const std::string& sgr = styles_[static_cast<std::size_t>(y * width_ + x)];
        int to = x;
        while (to < end && styles_[static_cast<std::size_t>(y * width_ + to)] == sgr) ++to;
        out += paint(std::string_view(cells_).substr(static_cast<std::size_t>(y * width_ + x), static_cast<std::size_t>(to - x)), sgr);
        x = to;
      }
      out += '\n';
    }
    return out;
  }

 private:
  int width_;
  std::string cells_;
  std::vector<std::string> styles_;
};

// Pixels of the SVG map: flat-topped hexes 52 wide and 46 high, a column 39 to the right and
// half a hex down from the one before.
constexpr int kHexHalfWidth = 26, kHexQuarterWidth = 13, kHexHalfHeight = 23, kColumnStep = 39;
constexpr int kMargin = 14, kCaption = 34, kPanelWidth = 340, kBlock = 112;

struct Geometry {
  int left = 0, top = 0, map_width = 0, map_height = 0;
  std::pair<int, int> centre(const Space& s) const {
    return {left + kColumnStep * s.q, top + 2 * kHexHalfHeight * s.r + kHexHalfHeight * s.q};
  }
  int panel() const { return map_width + 10; }
  int width() const { return panel() + kPanelWidth; }
};

Geometry geometry(const State& s) {
  const Board& b = s.board();
  int x0 = INT_MAX, x1 = INT_MIN, y0 = INT_MAX, y1 = INT_MIN;
  for (int i = 0; i < b.size(); ++i) {
    const Space& sp = b.space(i);
    const int x = kColumnStep * sp.q, y = 2 * kHexHalfHeight * sp.r + kHexHalfHeight * sp.q;
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  Geometry g;
  g.left = kMargin + kHexHalfWidth - x0;
  g.top = kCaption + kHexHalfHeight - y0;
  g.map_width = x1 - x0 + 2 * (kMargin + kHexHalfWidth);
  g.map_height = y1 - y0 + 2 * kHexHalfHeight + kCaption + kMargin;
  return g;
}

int picture_height(const State& s, const Geometry& g) {
  return std::max(g.map_height, kCaption + s.players() * kBlock + 6);
}

std::string_view colour_class(Colour c) {
  switch (c) {
    case Colour::red: return "ah-red";
    case Colour::blue: return "ah-blue";
    case Colour::yellow: return "ah-yellow";
    case Colour::green: return "ah-green";
    case Colour::white: return "ah-white";
    case Colour::city: return "ah-city";
    case Colour::forest: return "ah-forest";
  }
  return {};
}

// Where a City's spot i of n lies, from the City's centre.
std::pair<int, int> spot_at(int x, int y, int i, int n) { return {x - 6 * (n - 1) + 12 * i, y + 12}; }

// The corners of an edge of a hex, for the edge facing board direction d.
std::array<int, 4> edge(int x, int y, int d) {
  const std::array<std::pair<int, int>, 6> corner{{{-kHexQuarterWidth, -kHexHalfHeight},
                                                   {kHexQuarterWidth, -kHexHalfHeight},
                                                   {kHexHalfWidth, 0},
                                                   {kHexQuarterWidth, kHexHalfHeight},
                                                   {-kHexQuarterWidth, kHexHalfHeight},
                                                   {-kHexHalfWidth, 0}}};
  // Direction d (north first, clockwise) runs from corner d to corner d + 1.
  const auto a = corner[static_cast<std::size_t>(d)], b = corner[static_cast<std::size_t>((d + 1) % 6)];
  return {x + a.first, y + a.second, x + b.first, y + b.second};
}

std::string space_words(const State& s, int i) {
  const Board& b = s.board();
  const Space& sp = b.space(i);
  if (sp.colour == Colour::city)
    return fmt::format("{}: City, difficulty {}, {}", b.name(i), sp.difficulty, count_of(sp.spots, "spot", "spots"));
  if (sp.colour == Colour::forest)
    return fmt::format("{}: Mystic Forest, {} spaces around its group", b.name(i), b.groups()[sp.group].surround.size());
  return fmt::format("{}: {}, difficulty {}", b.name(i), colour_name(sp.colour), sp.difficulty);
}

}  // namespace

std::string player_marks(const State& s) {
  std::string marks;
  for (int seat = 0; seat < s.players(); ++seat) {
    const std::string& name = s.name(seat);
    const char first = name.empty() ? '?' : static_cast<char>(name[0] >= 'a' && name[0] <= 'z' ? name[0] - 32 : name[0]);
    marks += first;
  }
  bool unique = true;
  for (int i = 0; i < s.players(); ++i)
    for (int j = 0; j < i; ++j)
      if (marks[i] == marks[j]) unique = false;
  for (const char c : marks)
    if (static_cast<unsigned char>(c) >= 0x80 || c == '?' || c == '.' || c == ' ') unique = false;
  if (!unique)
    for (int seat = 0; seat < s.players(); ++seat) marks[static_cast<std::size_t>(seat)] = static_cast<char>('1' + seat);
  return marks;
}

std::string text_map(const State& s, const Paint& paint) {
  // A hex is 8 characters wide and 4 lines high:   ____
  //                                                / c3 \      its name,
  //                                               / red 2\     its land,
  //                                               \  N?  /     its tokens;
  //                                                \____/
  // the next column starts 6 characters right and 2 lines down.
  const Board& b = s.board();
  int q0 = INT_MAX, q1 = INT_MIN, y0 = INT_MAX, y1 = INT_MIN;
  for (int i = 0; i < b.size(); ++i) {
    const Space& sp = b.space(i);
    q0 = std::min<int>(q0, sp.q), q1 = std::max<int>(q1, sp.q);
    y0 = std::min(y0, 2 * sp.r + sp.q), y1 = std::max(y1, 2 * sp.r + sp.q);
  }
  TextCanvas canvas((q1 - q0) * 6 + 8, (y1 - y0) * 2 + 5);
  const std::string marks = player_marks(s);
  for (int i = 0; i < b.size(); ++i) {
    const Space& sp = b.space(i);
    const int x = (sp.q - q0) * 6, y = (2 * sp.r + sp.q - y0) * 2;
    canvas.write(x + 2, y, "____");
    canvas.put(x + 1, y + 1, '/'), canvas.put(x + 6, y + 1, '\\');
    canvas.put(x, y + 2, '/'), canvas.put(x + 7, y + 2, '\\');
    canvas.put(x, y + 3, '\\'), canvas.put(x + 7, y + 3, '/');
    canvas.put(x + 1, y + 4, '\\'), canvas.write(x + 2, y + 4, "____"), canvas.put(x + 6, y + 4, '/');
    canvas.centre(x + 2, y + 1, 4, b.name(i), "2");
    canvas.centre(x + 1, y + 2, 6, land_word(sp), land_sgr(sp.colour));
    const std::string tokens = token_marks(s, marks, i);
    canvas.centre(x + 1, y + 3, 6, tokens, "1;7");
    if (tokens.size() > 6) canvas.put(x + 6, y + 3, '+');  // more than a hex holds: the list below has them all
  }
  std::string out = canvas.str(paint);
  std::vector<std::string> players;
  for (int seat = 0; seat < s.players(); ++seat) players.push_back(fmt::format("{} {}", marks[seat], s.name(seat)));
  out += wrapped("Key:", players);
  out += fmt::format("    {0} = invaded by {1}, {0}? = under attack by {1}, . = an empty City spot;\n", marks[0], s.name(0));
  out += "    yel = yellow, grn = green, wht = white; the numbers are difficulties.\n";
  return out;
}

std::string wrapped(std::string_view head, const std::vector<std::string>& items, std::size_t width) {
  std::string out, line(head);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 == items.size() ? "." : ",");
    if (line.size() + 1 + item.size() > width && line.size() > 4) {
      out += line + "\n";
      line = "   ";
    }
    line += ' ';
    line += item;
  }
  return out + line + "\n";
}

std::string picture_style() {
  return ".ah-caption { font: 600 14px sans-serif; fill: #333; }\n"
         ".ah-hex { stroke: #8a8a8a; stroke-width: 1; }\n"
         ".ah-red { fill: #f5b7b1; } .ah-blue { fill: #aed6f1; } .ah-yellow { fill: #f9e79f; }\n"
         ".ah-green { fill: #abebc6; } .ah-white { fill: #fbfcfc; } .ah-city { fill: #d5d8dc; }\n"
         ".ah-forest { fill: #1e6b3a; }\n"
         ".ah-edge { stroke: #333; stroke-width: 2.5; stroke-linecap: round; }\n"
         ".ah-name { font: 9px sans-serif; fill: #444; }\n"
         ".ah-forest-name { font: 9px sans-serif; fill: #e8f5e9; }\n"
         ".ah-difficulty { font: 700 13px sans-serif; fill: #222; }\n"
         ".ah-city-label { font: 700 10px sans-serif; fill: #222; }\n"
         ".ah-tree { fill: #7dcea0; }\n"
         ".ah-spot { fill: #fff; stroke: #555; stroke-width: 1; }\n"
         ".ah-p0 { --c: #7d3c98; } .ah-p1 { --c: #e67e22; } .ah-p2 { --c: #1b2631; }\n"
         ".ah-p3 { --c: #00838f; } .ah-p4 { --c: #c2185b; }\n"
         ".ah-token { fill: var(--c); stroke: #fff; stroke-width: 2; }\n"
         ".ah-attack { fill: none; stroke: var(--c); stroke-width: 3; stroke-dasharray: 4 3; }\n"
         ".ah-turn { fill: #fff8dc; stroke: #d4ac0d; stroke-width: 1.5; }\n"
         ".ah-player { font: 600 13px sans-serif; fill: #222; }\n"
         ".ah-points { font: 700 13px sans-serif; fill: #222; }\n"
         ".ah-note { font: 11px sans-serif; fill: #444; }\n"
         ".ah-slot-name { font: 10px sans-serif; fill: #555; }\n"
         ".ah-cards { font: 10px sans-serif; fill: #222; }\n"
         ".ah-slot { stroke: #777; stroke-width: 1; }\n";
}

std::string map_defs(const State& s) {
  const Board& b = s.board();
  const Geometry g = geometry(s);
  Svg svg(g.width(), picture_height(s, g), "", "");
  for (int i = 0; i < b.size(); ++i) {
    const Space& sp = b.space(i);
    const auto [x, y] = g.centre(sp);
    const std::string points =
        fmt::format("{},{} {},{} {},{} {},{} {},{} {},{}", x - kHexHalfWidth, y, x - kHexQuarterWidth, y - kHexHalfHeight,
                    x + kHexQuarterWidth, y - kHexHalfHeight, x + kHexHalfWidth, y, x + kHexQuarterWidth,
                    y + kHexHalfHeight, x - kHexQuarterWidth, y + kHexHalfHeight);
    svg.polygon(points, fmt::format("ah-hex {}", colour_class(sp.colour)), space_words(s, i));
    svg.text(x, y - 10, b.name(i), sp.colour == Colour::forest ? "ah-forest-name" : "ah-name");
    if (sp.colour == Colour::city) {
      svg.text(x, y + 3, fmt::format("City {}", sp.difficulty), "ah-city-label");
      for (int k = 0; k < sp.spots; ++k) {
        const auto [sx, sy] = spot_at(x, y, k, sp.spots);
        svg.circle(sx, sy, 5, "ah-spot");
      }
    } else if (sp.colour == Colour::forest) {
      svg.polygon(fmt::format("{},{} {},{} {},{}", x - 9, y - 4, x - 16, y + 13, x - 2, y + 13), "ah-tree");
    } else {
      svg.text(x - 9, y + 11, std::to_string(sp.difficulty), "ah-difficulty");
    }
  }
  // Each tile's outline: the edges between spaces of two tiles, or at the map's border.
  for (int i = 0; i < b.size(); ++i) {
    const Space& sp = b.space(i);
    const auto [x, y] = g.centre(sp);
    for (int d = 0; d < 6; ++d) {
      const int n = sp.next[static_cast<std::size_t>(d)];
      if (n >= 0 && (Board::position_of(n) == Board::position_of(i) || n < i)) continue;
      const auto e = edge(x, y, d);
      svg.line(e[0], e[1], e[2], e[3], "ah-edge");
    }
  }
  // Each Kingdom's frame: its player, the colour of her tokens, the five slots.
  for (int seat = 0; seat < s.players(); ++seat) {
    const int x = g.panel(), y = kCaption + seat * kBlock;
    svg.circle(x + 10, y + 12, 7, fmt::format("ah-token ah-p{}", seat));
    svg.text(x + 22, y + 16, fmt::format("{} · {}", s.name(seat), s.kingdom(seat)), "ah-player", "start");
    for (int c = 0; c < kSlots; ++c) {
      const int row = y + 42 + c * 13;
      svg.rect(x + 4, row - 8, 9, 9, fmt::format("ah-slot {}", colour_class(static_cast<Colour>(c))));
      svg.text(x + 17, row, kSlotNames[static_cast<std::size_t>(c)], "ah-slot-name", "start");
    }
  }
  // The map, and each player's tokens for the positions to place with <use>: on a space, on a
  // City spot, an attack's ring.
  std::string out = svg.group("ah-map");
  for (int seat = 0; seat < s.players(); ++seat)
    out += fmt::format(
        "<circle id=\"ah-t{0}\" r=\"8\" class=\"ah-token ah-p{0}\"/>\n<circle id=\"ah-s{0}\" r=\"5\" class=\"ah-token "
        "ah-p{0}\"/>\n<circle id=\"ah-a{0}\" r=\"11\" class=\"ah-attack ah-p{0}\"/>\n",
        seat);
  return out;
}

std::string draw_position(const State& s, std::string_view caption, std::string_view title,
                          std::string_view description) {
  const Board& b = s.board();
  const Geometry g = geometry(s);
  Svg svg(g.width(), picture_height(s, g), title, description);
  const int mover = s.is_over() ? -1 : s.to_move().seat;
  if (mover >= 0 && !s.to_move().is_chance())
    svg.rect(g.panel() - 2, kCaption + mover * kBlock - 4, kPanelWidth - 6, kBlock - 6, "ah-turn", 6);
  svg.use("ah-map");
  svg.text(kMargin, 20, caption, "ah-caption", "start");
  for (int i = 0; i < b.size(); ++i) {
    const Space& sp = b.space(i);
    const auto [x, y] = g.centre(sp);
    if (sp.colour == Colour::city) {
      int k = 0;
      const int n = std::max(sp.spots, [&] {
        int total = 0;
        for (int seat = 0; seat < s.players(); ++seat) total += s.tokens_on(i, seat);
        return total;
      }());
      for (int seat = 0; seat < s.players(); ++seat)
        for (int t = 0; t < s.tokens_on(i, seat); ++t, ++k) {
          const auto [sx, sy] = spot_at(x, y, k, n);
          svg.use(fmt::format("ah-s{}", seat), sx, sy);
        }
    } else if (const int h = s.holder(i); h >= 0) {
      svg.use(fmt::format("ah-t{}", h), x + 9, y + 6);
    }
    if (const int a = s.attacker(i); a >= 0)
      svg.use(fmt::format("ah-a{}", a), sp.colour == Colour::city ? x : x + 9, sp.colour == Colour::city ? y + 8 : y + 6);
  }
  for (int seat = 0; seat < s.players(); ++seat) {
    const int x = g.panel(), y = kCaption + seat * kBlock;
    svg.text(x + kPanelWidth - 14, y + 16, count_of(s.points(seat), "point", "points"), "ah-points", "end");
    svg.text(x + 4, y + 29,
             fmt::format("{} left · {} red {} yellow {} green · hand {}",
                         count_of(s.tokens_left(seat), "token", "tokens"), s.resource(seat, Resource::red),
                         s.resource(seat, Resource::yellow), s.resource(seat, Resource::green), s.hand_size(seat)),
             "ah-note", "start");
    for (int c = 0; c < kSlots; ++c) {
      std::string cards;
      for (const SlotCard& card : s.slot(seat, static_cast<Colour>(c))) {
        cards += cards.empty() ? "" : ", ";
        cards += card.face_up ? s.catalog().cards[card.card].name : "Commoner";
      }
      if (!cards.empty()) svg.text(x + 86, y + 42 + c * 13, cards, "ah-cards", "start");
    }
  }
  return svg.str();
}

}  // namespace wonderlog::alicematic
