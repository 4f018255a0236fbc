#include "grammar/source.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>

#include <utf8proc.h>

namespace wonderlog {

std::string printable(std::string_view text, std::size_t max) {
  std::string out;
  std::size_t shown = 0;
  for (unsigned char c : text) {
    if (shown >= max) {
      out += "...";
      break;
    }
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
    ++shown;
  }
  return out;
}

std::size_t c1_control(std::string_view text) {
  for (std::size_t i = text.find('\xC2'); i != std::string_view::npos; i = text.find('\xC2', i + 1))
    if (is_c1_control_at(text, i)) return i;
  return std::string_view::npos;
}

std::string describe_c1_control(std::string_view text, std::size_t i) {
  const unsigned code = static_cast<unsigned char>(text[i + 1]);
  // Windows-1252's characters at 0x80 to 0x9F, in UTF-8; empty where it has none (0x81, 0x8D,
  // 0x8F, 0x90, 0x9D).
  static constexpr const char* kWindows1252[32] = {"€", "",  "‚", "ƒ", "„", "…", "†", "‡", "ˆ", "‰", "Š",
                                                   "‹", "Œ", "",  "Ž", "",  "",  "‘", "’", "“", "”", "•",
                                                   "–", "—", "˜", "™", "š", "›", "œ", "",  "ž", "Ÿ"};
  char name[8];
  std::snprintf(name, sizeof name, "U+%04X", code);
  std::string out = name;
  if (const char* meant = kWindows1252[code - 0x80]; *meant) {
    out += " (a Windows-1252 '";
    out += meant;
    out += "' converted as Latin-1?)";
  }
  return out;
}

namespace {

// The code point of the UTF-8 character at text[i], and its length in bytes; {0, 0} where no
// well-formed character starts there: the functions below may be asked of any bytes.
std::pair<std::uint32_t, std::size_t> decode(std::string_view text, std::size_t i) {
  const std::uint32_t c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) return {c, 1};
  const std::size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (n == 0 || i + n > text.size() || malformed_utf8(text.substr(i, n)) != std::string_view::npos) return {0, 0};
  const auto b = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(text[i + k])); };
  if (n == 2) return {(c & 0x1F) << 6 | (b(1) & 0x3F), 2};
  if (n == 3) return {(c & 0x0F) << 12 | (b(1) & 0x3F) << 6 | (b(2) & 0x3F), 3};
  return {(c & 0x07) << 18 | (b(1) & 0x3F) << 12 | (b(2) & 0x3F) << 6 | (b(3) & 0x3F), 4};
}

bool is_hidden(std::uint32_t code) {
  if (code == 0x200C || code == 0x200D) return false;  // joiners: part of how some scripts are written
  const utf8proc_category_t category = utf8proc_category(static_cast<utf8proc_int32_t>(code));
  return (category == UTF8PROC_CATEGORY_ZS && code != 0x20) || category == UTF8PROC_CATEGORY_ZL ||
         category == UTF8PROC_CATEGORY_ZP || category == UTF8PROC_CATEGORY_CF;
}

}  // namespace

std::string Hidden::words() const {
  const char* what = nullptr;
  switch (code) {
    case 0x00A0:
      what = "a no-break space";
      break;
    case 0x202F:
      what = "a narrow no-break space";
      break;
    case 0x3000:
      what = "an ideographic (full-width) space";
      break;
    case 0x200B:
      what = "a zero-width space";
      break;
    case 0x2060:
      what = "a word joiner";
      break;
    case 0xFEFF:
      what = "a zero-width no-break space (a byte order mark)";
      break;
    case 0x00AD:
      what = "a soft hyphen";
      break;
    case 0x200E:
      what = "a left-to-right mark";
      break;
    case 0x200F:
      what = "a right-to-left mark";
      break;
    case 0x2028:
      what = "a line separator";
      break;
    case 0x2029:
      what = "a paragraph separator";
      break;
    default:
      what = utf8proc_category(static_cast<utf8proc_int32_t>(code)) == UTF8PROC_CATEGORY_ZS
                 ? "a space other than the plain one"
                 : "an invisible formatting character";
  }
  char name[16];
  std::snprintf(name, sizeof name, "U+%04X, ", code);
  return name + std::string(what);
}

bool to_nfc(std::string_view text, std::string& out) {
  utf8proc_uint8_t* mapped = nullptr;
  const utf8proc_ssize_t n =
      utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()), static_cast<utf8proc_ssize_t>(text.size()),
                   &mapped, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(mapped, &std::free);
  if (n < 0) return false;
  out.assign(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(n));
  return true;
}

namespace {
// Lower case without accents ("Léa", "LEA" and "Lea" are all "lea"), to compare names a person
// may type either way: letters, not bytes. ASCII lower case only where the text is not UTF-8.
std::string folded_name(std::string_view text) {
  if (malformed_utf8(text) != std::string_view::npos) return ascii_lower(text);
  utf8proc_uint8_t* mapped = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(text.data()), static_cast<utf8proc_ssize_t>(text.size()), &mapped,
      static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD));
  std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(mapped, &std::free);
  if (n < 0) return ascii_lower(text);
  return std::string(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(n));
}
}  // namespace

std::optional<Hidden> hidden_character(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const auto [code, bytes] = decode(text, i);
    if (bytes == 0) {  // a byte that starts no character: not one of them
      ++i;
      continue;
    }
    if (is_hidden(code)) return Hidden{i, bytes, code};
    i += bytes;
  }
  return std::nullopt;
}

std::size_t escaped_at(std::string_view text, std::size_t i) {
  if (static_cast<unsigned char>(text[i]) < 0x80) return 0;
  const auto [code, bytes] = decode(text, i);
  return bytes != 0 && (is_hidden(code) || (code >= 0x80 && code <= 0x9F)) ? bytes : 0;
}

std::string visible(std::string_view text) {
  if (malformed_utf8(text) != std::string_view::npos) return std::string(text);  // shown as it is
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t bytes = escaped_at(text, i)) {
      char name[16];
      std::snprintf(name, sizeof name, "<U+%04X>", decode(text, i).first);
      out += name;
      i += bytes;
    } else {
      out += text[i++];
    }
  }
  return out;
}

std::string shown_name(std::string_view name) {
  std::string out;
  for (std::size_t i = 0; i < name.size();) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && decode(name, i).second == 0)) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "\\x%02X", c);
      out += byte;
      ++i;
    } else if (const std::size_t bytes = escaped_at(name, i)) {
      char code[16];
      std::snprintf(code, sizeof code, "<U+%04X>", decode(name, i).first);
      out += code;
      i += bytes;
    } else {  // a character, all its bytes
      const std::size_t length = c < 0x80 ? 1 : decode(name, i).second;
      out.append(name.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string describe_found(std::string_view rest) {
  std::size_t i = 0;
  while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\t')) ++i;
  if (i == rest.size()) return "end of line";
  std::size_t j = i;
  while (j < rest.size() && rest[j] != ' ' && rest[j] != '\t') ++j;
  const std::string_view word = rest.substr(i, j - i);
  std::string out = "'";  // appended, not `+`: GCC 12's -Wrestrict misfires on the temporaries
  if (malformed_utf8(word) == std::string_view::npos && std::none_of(word.begin(), word.end(), is_control) &&
      c1_control(word) == std::string_view::npos) {
    // Well-formed text is shown as written (an en dash as '–', not as its bytes), its first 24
    // characters; an invisible character by its code point (visible()).
    std::size_t end = 0;
    for (int shown = 0; end < word.size() && shown < 24; ++shown) {
      ++end;
      while (end < word.size() && (static_cast<unsigned char>(word[end]) & 0xC0) == 0x80) ++end;
    }
    out += visible(word.substr(0, end));
    if (end < word.size()) out += "...";
  } else {
    out += printable(word, 24);
  }
  out += '\'';
  return out;
}

void suggest_instead(std::string_view text, const std::vector<std::string>& words, SyntaxError& error) {
  const std::string_view rest = text.substr(std::min<std::size_t>(error.offset, text.size()));
  const std::string_view word = rest.substr(0, std::min(rest.find_first_of(" \t"), rest.size()));
  if (word.empty()) return;
  error.width = static_cast<std::uint32_t>(word.size());
  if (std::string guess = nearest_name(word, words); !guess.empty() && !iequals(guess, word))
    error.found += "; did you mean '" + guess + "'?";
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return out;
}

std::string nearest_name(std::string_view word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_distance = 3, best_prefix = 0;  // 3: none found yet
  // A character that cannot be seen is no part of the name the reader meant.
  std::string seen;
  if (malformed_utf8(word) == std::string_view::npos)
    for (std::size_t i = 0; i < word.size();) {
      const std::size_t bytes = escaped_at(word, i);
      if (!bytes) seen += word[i];
      i += bytes ? bytes : 1;
    }
  else
    seen = word;
  const std::string w = folded_name(seen);
  auto common_prefix = [&](const std::string& n) {
    std::size_t k = 0;
    while (k < w.size() && k < n.size() && w[k] == n[k]) ++k;
    return k;
  };
  for (const std::string& name : names) {
    const std::string n = folded_name(name);
    // Edit distance where two neighbouring letters swapped count as one edit ("Nian" is one
    // from "Nina"): the commonest typo (optimal string alignment).
    std::vector<std::vector<std::size_t>> d(w.size() + 1, std::vector<std::size_t>(n.size() + 1));
    for (std::size_t i = 0; i <= w.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= n.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= w.size(); ++i)
      for (std::size_t j = 1; j <= n.size(); ++j) {
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (w[i - 1] == n[j - 1] ? 0 : 1)});
        if (i > 1 && j > 1 && w[i - 1] == n[j - 2] && w[i - 2] == n[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    const std::size_t distance = d[w.size()][n.size()];
    // Close means a third of the longer name at most: "Joos" is Joost, "Dinah" is not Nina.
    if (distance > 2 || distance > best_distance || distance * 3 > std::max(w.size(), n.size())) continue;
    // Of two as near, the one that begins as the word does: a name cut short or mistyped near
    // its end is a likelier slip than a wrong first letter ("Dina" is Dinah, not Nina).
    const std::size_t prefix = common_prefix(n);
    if (distance < best_distance || prefix > best_prefix) {
      best_distance = distance;
      best_prefix = prefix;
      best = name;
    }
  }
  return best;
}

std::string abbreviated_name(std::string_view word, const std::vector<std::string>& names) {
  const std::string w = folded_name(word);
  if (w.empty()) return {};
  std::string found;
  for (const std::string& name : names) {
    const std::string n = folded_name(name);
    if (n.size() > w.size() && n.starts_with(w)) {
      if (!found.empty()) return {};  // "A" for Arthur or Anne: no guess
      found = name;
    }
  }
  return found;
}

std::string ascii_upper(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return out;
}

std::size_t malformed_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    // The length a lead byte announces, and the range its second byte must fall in.
    std::size_t n = 0;
    unsigned char low = 0x80, high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
      n = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      n = 3;
      if (lead == 0xe0) low = 0xa0;   // overlong below U+0800
      if (lead == 0xed) high = 0x9f;  // the surrogates U+D800-DFFF
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      n = 4;
      if (lead == 0xf0) low = 0x90;   // overlong below U+10000
      if (lead == 0xf4) high = 0x8f;  // past U+10FFFF
    } else {
      return i;  // a continuation byte alone, 0xc0 and 0xc1 (always overlong), or 0xf5 and above
    }
    if (i + n > text.size() || byte(i + 1) < low || byte(i + 1) > high) return i;
    for (std::size_t k = 2; k < n; ++k)
      if ((byte(i + k) & 0xc0) != 0x80) return i;
    i += n;
  }
  return std::string_view::npos;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace wonderlog
