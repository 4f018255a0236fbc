#include "grammar/rolling/notation.h"

#include "grammar/rolling/notation_def.h"

namespace wonderlog::grammar::rolling {

bool parse_words(std::string_view text, std::vector<Word>& words, SyntaxError& error) {
  words.clear();
  const char* first = text.data();
  const char* const last = first + text.size();
  parser::Out out{words, text.data()};
  const bool ok = words::parse_with<parser::words_tag>(first, last, parser::words, out);
  if (ok && first == last) return true;
  // Where the words stopped: a character no word has, a comma with nothing after it, or nothing.
  const char* at = text.data();
  if (!words.empty()) at = text.data() + words.back().span.end;
  while (at != last && (*at == ' ' || *at == '\t')) ++at;
  if (at != last && *at == ',') {
    ++at;
    while (at != last && (*at == ' ' || *at == '\t')) ++at;
  }
  error.offset = static_cast<std::uint32_t>(at - text.data());
  error.expected = words.empty() ? "a word, such as 'take'" : "a word (letters, digits, '-'), a comma or the end of the entry";
  error.found = describe_found(text.substr(error.offset));
  return false;
}

}  // namespace wonderlog::grammar::rolling
