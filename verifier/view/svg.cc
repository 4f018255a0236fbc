#include "verifier/view/svg.h"

#include <fmt/format.h>

#include "verifier/xml.h"

namespace wonderlog {

Svg::Svg(int width, int height, std::string_view title, std::string_view description)
    : width_(width), height_(height), title_(title), description_(description) {}

namespace {

std::string class_attribute(std::string_view cls) {
  return cls.empty() ? std::string() : fmt::format(" class=\"{}\"", cls);
}

}  // namespace

void Svg::shape_end(std::string_view element, std::string_view tip) {
  if (tip.empty()) {
    body_ += "/>\n";
    return;
  }
  body_ += "><title>";
  body_ += xml_escaped(tip);
  body_ += "</title></";
  body_ += element;
  body_ += ">\n";
}

Svg& Svg::rect(int x, int y, int width, int height, std::string_view cls, int radius, std::string_view tip) {
  body_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", x, y, width, height);
  if (radius) body_ += fmt::format(" rx=\"{}\"", radius);
  body_ += class_attribute(cls);
  shape_end("rect", tip);
  return *this;
}

Svg& Svg::circle(int cx, int cy, int r, std::string_view cls, std::string_view tip) {
  body_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}", cx, cy, r, class_attribute(cls));
  shape_end("circle", tip);
  return *this;
}

Svg& Svg::line(int x1, int y1, int x2, int y2, std::string_view cls) {
  body_ += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{}/>\n", x1, y1, x2, y2, class_attribute(cls));
  return *this;
}

Svg& Svg::polygon(std::string_view points, std::string_view cls, std::string_view tip) {
  body_ += fmt::format("<polygon points=\"{}\"{}", points, class_attribute(cls));
  shape_end("polygon", tip);
  return *this;
}

Svg& Svg::text(int x, int y, std::string_view s, std::string_view cls, std::string_view anchor) {
  body_ += fmt::format("<text x=\"{}\" y=\"{}\"", x, y);
  if (anchor != "start") body_ += fmt::format(" text-anchor=\"{}\"", anchor);
  body_ += class_attribute(cls);
  body_ += ">";
  body_ += xml_escaped(s);
  body_ += "</text>\n";
  return *this;
}

Svg& Svg::use(std::string_view id, int x, int y) {
  body_ += fmt::format("<use href=\"#{}\"", id);
  if (x || y) body_ += fmt::format(" x=\"{}\" y=\"{}\"", x, y);
  body_ += "/>\n";
  return *this;
}

Svg& Svg::open(std::string_view cls, std::string_view tip) {
  body_ += "<g" + class_attribute(cls) + ">";
  if (!tip.empty()) body_ += "<title>" + xml_escaped(tip) + "</title>";
  body_ += "\n";
  return *this;
}

Svg& Svg::close() {
  body_ += "</g>\n";
  return *this;
}

std::string Svg::group(std::string_view id) const {
  return fmt::format("<g id=\"{}\">\n", id) + body_ + "</g>\n";
}

std::string Svg::str(std::string_view style) const {
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\">\n",
      width_, height_, width_, height_);
  out += "<title>" + xml_escaped(title_) + "</title>\n";
  if (!description_.empty()) out += "<desc>" + xml_escaped(description_) + "</desc>\n";
  if (!style.empty()) out += "<style>\n" + std::string(style) + "</style>\n";
  out += body_;
  out += "</svg>\n";
  return out;
}

}  // namespace wonderlog
