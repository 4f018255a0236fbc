#include "verifier/xml.h"

#include "grammar/source.h"

namespace wonderlog {

std::string xml_escaped(std::string_view text) {
  // An XML document is UTF-8: a byte that is not (a file name in Latin-1, say) is written as
  // U+FFFD, where it made the whole report unreadable (found in review).
  std::string valid;
  for (std::size_t at; (at = malformed_utf8(text)) != std::string_view::npos;) {
    valid.append(text.substr(0, at));
    valid += "\xEF\xBF\xBD";
    text.remove_prefix(at + 1);
  }
  valid.append(text);
  const std::string_view s = valid;
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 allows no control characters but tab and line breaks.
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n' && ch != '\r')
          out += "?";
        else
          out += ch;
    }
  }
  return out;
}

}  // namespace wonderlog
