// The map of one game: the layout's positions, each holding a tile turned one of six ways,
// flattened into spaces with their neighbours and Mystic Forest groups worked out once, so
// that an invasion's path search touches no geometry (AH-1, AH-2, AH-19).
//
// Hexes are flat-topped, in axial coordinates (q, r). Space `c0` is the City of position c;
// `c1` to `c6` are its neighbours in the board's directions north, north-east, south-east,
// south, south-west and north-west. A tile's printed ring starts at its own top edge; turned
// t steps clockwise, its first space lies in direction t + 1.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "engine/alicematic/catalog.h"

namespace wonderlog::alicematic {

inline constexpr int kTileSpaces = 7;

// North, north-east, south-east, south, south-west, north-west.
inline constexpr std::array<std::pair<int, int>, 6> kDirections{
    {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};

// The 7 hexes of a tile whose City is at (q, r): the City first, then directions 1 to 6.
std::array<std::pair<int, int>, kTileSpaces> tile_hexes(int q, int r);

// Layout::neighbours, worked out from the layout's positions.
std::vector<std::array<std::int16_t, 6>> neighbours_of(const Layout& layout);

struct Placement {
  int tile = 0;  // index into Catalog::tiles
  int turn = 0;  // 0-5 steps clockwise
  friend bool operator==(const Placement&, const Placement&) = default;
};

struct Space {
  Colour colour = Colour::red;
  int difficulty = 0;
  int spots = 0;                       // Cities: how many territory tokens they hold
  std::array<std::int16_t, 6> next{};  // neighbour per direction, -1 off the map
  int group = -1;                      // forests: their group
  std::int16_t q = 0, r = 0;           // the hex's axial coordinates
};

// Steps between two hexes of the lattice: no path on the map is shorter.
inline int hex_distance(const Space& a, const Space& b) {
  const int dq = a.q - b.q, dr = a.r - b.r, ds = dq + dr;
  return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}

// Forests joined together, and the non-forest spaces around them (AH-19). Held in place up to a
// tile's worth: the verifier builds a board for every game, and two allocations for each of its
// groups were a tenth of building it (session 59).
struct ForestGroup {
  boost::container::small_vector<int, kTileSpaces> forests;
  boost::container::small_vector<int, 2 * kTileSpaces> surround;
};

class Board {
 public:
  // Lays the tiles out; nullopt with `error` set when a placement is unusable.
  static std::optional<Board> build(const Catalog& catalog, const Layout& layout,
                                    const std::vector<Placement>& placements, std::string& error);

  int size() const { return static_cast<int>(spaces_.size()); }
  int positions() const { return static_cast<int>(names_.size()); }
  const Space& space(int s) const { return spaces_[s]; }
  static int position_of(int s) { return s / kTileSpaces; }
  static int city_of(int position) { return position * kTileSpaces; }
  static bool is_city(int s) { return s % kTileSpaces == 0; }
  int centre() const { return centre_; }
  const std::string& position_name(int position) const { return names_[position]; }
  std::optional<int> find_position(std::string_view name) const;
  std::string name(int s) const;                       // "c3"
  std::optional<int> find(std::string_view name) const;  // "c3", any case
  const std::vector<ForestGroup>& groups() const { return groups_; }
  const std::vector<Placement>& placements() const { return placements_; }

 private:
  std::vector<Space> spaces_;
  std::vector<std::string> names_;
  std::array<std::int8_t, 26> by_letter_ = filled_with_minus_one();  // one-letter names -> position
  static constexpr std::array<std::int8_t, 26> filled_with_minus_one() {
    std::array<std::int8_t, 26> a{};
    for (auto& x : a) x = -1;
    return a;
  }
  std::vector<ForestGroup> groups_;
  std::vector<Placement> placements_;
  int centre_ = 0;
};

}  // namespace wonderlog::alicematic
