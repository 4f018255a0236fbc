#include "engine/alicematic/board.h"

#include <algorithm>
#include <cstdint>

#include "grammar/source.h"

namespace wonderlog::alicematic {

std::array<std::pair<int, int>, kTileSpaces> tile_hexes(int q, int r) {
  std::array<std::pair<int, int>, kTileSpaces> out{};
  out[0] = {q, r};
  for (int d = 0; d < 6; ++d) out[d + 1] = {q + kDirections[d].first, r + kDirections[d].second};
  return out;
}

std::optional<int> Board::find_position(std::string_view name) const {
  if (name.size() == 1) {  // the usual one-letter names, straight from the table
    const char c = static_cast<char>(name[0] | 0x20);
    if (c >= 'a' && c <= 'z') {
      const int p = by_letter_[c - 'a'];
      if (p >= 0) return p;
    }
  }
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (iequals(names_[i], name)) return static_cast<int>(i);
  return std::nullopt;
}

std::string Board::name(int s) const { return names_[position_of(s)] + std::to_string(s % kTileSpaces); }

std::optional<int> Board::find(std::string_view name) const {
  if (name.size() != 2 || name[1] < '0' || name[1] > '6') return std::nullopt;
  auto p = find_position(name.substr(0, 1));
  if (!p) return std::nullopt;
  return city_of(*p) + (name[1] - '0');
}

std::vector<std::array<std::int16_t, 6>> neighbours_of(const Layout& layout) {
  // hex -> space, on a grid over the layout's bounding box
  int q0 = 0, q1 = 0, r0 = 0, r1 = 0;
  for (const Position& pos : layout.positions) {
    q0 = std::min(q0, pos.q - 1), q1 = std::max(q1, pos.q + 1);
    r0 = std::min(r0, pos.r - 1), r1 = std::max(r1, pos.r + 1);
  }
  const int width = q1 - q0 + 1, height = r1 - r0 + 1;
  std::vector<std::int16_t> grid(static_cast<std::size_t>(width * height), -1);
  auto cell = [&](int q, int r) -> std::int16_t* {
    if (q < q0 || q > q1 || r < r0 || r > r1) return nullptr;
    return &grid[static_cast<std::size_t>((r - r0) * width + (q - q0))];
  };
  std::vector<std::pair<int, int>> hexes;  // space -> its hex
  for (const Position& pos : layout.positions)
    for (const auto& hex : tile_hexes(pos.q, pos.r)) hexes.push_back(hex);
  for (std::size_t s = 0; s < hexes.size(); ++s) *cell(hexes[s].first, hexes[s].second) = static_cast<std::int16_t>(s);
  std::vector<std::array<std::int16_t, 6>> neighbours(hexes.size());
  for (std::size_t s = 0; s < hexes.size(); ++s) {
    const auto& hex = hexes[s];
    for (int d = 0; d < 6; ++d) {
      const std::int16_t* c = cell(hex.first + kDirections[d].first, hex.second + kDirections[d].second);
      neighbours[s][d] = c ? *c : std::int16_t{-1};
    }
  }
  return neighbours;
}

std::optional<Board> Board::build(const Catalog& catalog, const Layout& layout,
                                  const std::vector<Placement>& placements, std::string& error) {
  if (placements.size() != layout.positions.size()) {
    error = "the layout has " + std::to_string(layout.positions.size()) + " positions, but " +
            std::to_string(placements.size()) + " tiles are placed";
    return std::nullopt;
  }
  Board b;
  b.placements_ = placements;
  b.spaces_.reserve(placements.size() * kTileSpaces);
  b.names_.reserve(placements.size());
  b.centre_ = layout.centre_index();
  // The geometry is the layout's, worked out once when the catalog was loaded: the verifier
  // builds a board for every game, and linking its hexes was most of the work.
  std::vector<std::array<std::int16_t, 6>> own;
  if (layout.neighbours.size() != placements.size() * kTileSpaces) own = neighbours_of(layout);
  const auto& neighbours = own.empty() ? layout.neighbours : own;
  for (std::size_t p = 0; p < placements.size(); ++p) {
    for (std::size_t o = 0; o < p; ++o)
      if (placements[o].tile == placements[p].tile) {
        error = "tile " + catalog.tiles[placements[p].tile].id + " is placed twice (positions " +
                layout.positions[o].name + " and " + layout.positions[p].name + ")";
        return std::nullopt;
      }
    const TileKind& tile = catalog.tiles[placements[p].tile];
    const Position& pos = layout.positions[p];
    b.names_.push_back(pos.name);
    if (pos.name.size() == 1 && (pos.name[0] | 0x20) >= 'a' && (pos.name[0] | 0x20) <= 'z')
      b.by_letter_[(pos.name[0] | 0x20) - 'a'] = static_cast<std::int8_t>(p);
    const auto hexes = tile_hexes(pos.q, pos.r);
    for (int k = 0; k < kTileSpaces; ++k) {
      Space s;
      if (k == 0) {
        s.colour = Colour::city;
        s.difficulty = tile.city_difficulty;
        s.spots = tile.city_spots;
      } else {
        // Board direction k-1 holds the printed ring's space (k-1 - turn) mod 6.
        const SpaceKind& printed = tile.spaces[((k - 1 - placements[p].turn) % 6 + 6) % 6];
        s.colour = printed.colour;
        s.difficulty = printed.difficulty;
      }
      s.next = neighbours[b.spaces_.size()];
      s.q = static_cast<std::int16_t>(hexes[k].first);
      s.r = static_cast<std::int16_t>(hexes[k].second);
      b.spaces_.push_back(s);
    }
  }
  // Forest groups: joined forests, and the spaces around them (AH-19). Room is made ahead, and
  // the lists are held in place: the verifier builds a board for every game, and growing these
  // lists cost most of it.
  boost::container::small_vector<int, 2 * kTileSpaces> stack;
  b.groups_.reserve(placements.size());
  for (int s = 0; s < b.size(); ++s) {
    if (b.spaces_[s].colour != Colour::forest || b.spaces_[s].group >= 0) continue;
    const int g = static_cast<int>(b.groups_.size());
    ForestGroup group;
    stack.assign(1, s);
    b.spaces_[s].group = g;
    while (!stack.empty()) {
      const int f = stack.back();
      stack.pop_back();
      group.forests.push_back(f);
      for (int n : b.spaces_[f].next) {
        if (n < 0) continue;
        if (b.spaces_[n].colour == Colour::forest) {
          if (b.spaces_[n].group < 0) {
            b.spaces_[n].group = g;
            stack.push_back(n);
          }
        } else if (std::find(group.surround.begin(), group.surround.end(), n) == group.surround.end()) {
          group.surround.push_back(n);
        }
      }
    }
    std::sort(group.forests.begin(), group.forests.end());
    std::sort(group.surround.begin(), group.surround.end());
    b.groups_.push_back(std::move(group));
  }
  return b;
}

}  // namespace wonderlog::alicematic
