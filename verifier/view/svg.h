// SVG for `wonderlog view` (docs/cli.md, "view"): a small writer the game modules draw their
// positions with. Coordinates are whole numbers and attributes come in a fixed order, so the
// same position gives the same bytes. Colours and fonts are CSS classes: a game's stylesheet
// (its picture_style()) is written once per page, not once per element.
#pragma once

#include <string>
#include <string_view>

namespace wonderlog {

class Svg {
 public:
  // An image `width` x `height` (user units); `title` is its accessible name, `description` the
  // position in words (a screen reader's text).
  Svg(int width, int height, std::string_view title, std::string_view description);

  // Shapes; `cls` is a CSS class ("" none), `tip` a tooltip (<title>, "" none).
  Svg& rect(int x, int y, int width, int height, std::string_view cls, int radius = 0, std::string_view tip = {});
  Svg& circle(int cx, int cy, int r, std::string_view cls, std::string_view tip = {});
  Svg& line(int x1, int y1, int x2, int y2, std::string_view cls);
  Svg& polygon(std::string_view points, std::string_view cls, std::string_view tip = {});
  // Text anchored at (x, y): "start", "middle" or "end".
  Svg& text(int x, int y, std::string_view s, std::string_view cls, std::string_view anchor = "middle");
  // A copy of a drawing the page defines once (Pictures::defs), by its id, moved by (x, y): a
  // map that every position of a game shares, a token drawn many times.
  Svg& use(std::string_view id, int x = 0, int y = 0);
  // A group of shapes (a card, a tile) with its own class and tooltip; groups nest.
  Svg& open(std::string_view cls, std::string_view tip = {});
  Svg& close();

  // The shapes drawn so far as one group named `id`, without the image around them: a drawing
  // for Pictures::defs that the pictures <use>.
  std::string group(std::string_view id) const;

  // The whole image, with `style` (a stylesheet) inside it when not empty: a page writes the
  // stylesheet once and asks for none.
  std::string str(std::string_view style = {}) const;

 private:
  // Ends the element opened as `element`: empty, or holding its tooltip.
  void shape_end(std::string_view element, std::string_view tip);
  int width_, height_;
  std::string title_, description_, body_;
};

}  // namespace wonderlog
