// Text for XML and HTML (JUnit reports, SVG pictures, the view page).
#pragma once

#include <string>
#include <string_view>

namespace wonderlog {

// `s` with & < > " ' escaped and the control characters XML 1.0 forbids (all but tab and line
// breaks) written as '?', for text and attribute values.
std::string xml_escaped(std::string_view s);

}  // namespace wonderlog
