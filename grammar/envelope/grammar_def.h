// The envelope grammar's rules. Included by grammar.cc only.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <cstring>
#include <string_view>

#include "grammar/envelope/ast.h"
#include "grammar/envelope/ast_adapted.h"
#include "grammar/envelope/config.h"
#include "grammar/envelope/grammar.h"
#include "grammar/words.h"

namespace wonderlog::grammar::envelope::parser {

using x3::attr;
using x3::char_;
using x3::lit;
using x3::omit;
using x3::raw;

// Character classes by explicit ranges: binary junk must never reach <cctype>.
auto const blank = words::blank;
auto const ws = words::blanks;
// A name's first character: an ASCII letter, '_', or a byte of a multi-byte UTF-8 character.
// One test, not four alternatives: it is asked at the start of every entry.
struct letter_parser : x3::char_parser<letter_parser> {
  using attribute_type = char;
  static bool const has_attribute = true;
  template <class Char, class Ctx>
  bool test(Char c, Ctx const&) const {
    return words::is_letter(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
  }
} const letter;

struct directive_keywords : x3::symbols<ast::DirectiveKind> {
  directive_keywords() { add("wonderlog", ast::DirectiveKind::version)("round", ast::DirectiveKind::round); }
} const directive_keywords_table;
// `wonderlog` and `round` in any letter case.
auto const directive_keyword = words::any_case_symbol<ast::DirectiveKind>(directive_keywords_table);

// A line is parsed straight into its LineSyntax: the semantic actions below write there, so no
// syntax tree is built and copied for each line. Spans are offsets from the line's start.
struct line_tag;
struct Out {
  LineSyntax& line;
  const char* base;
};
template <class Ctx>
Out& out(Ctx& ctx) {
  return x3::get<line_tag>(ctx).get();
}
inline Span span_of(const Out& o, const ast::Range& r) {
  return Span{static_cast<std::uint32_t>(r.begin() - o.base), static_cast<std::uint32_t>(r.end() - o.base)};
}
auto const set_directive = [](auto& ctx) {
  const ast::Directive& d = x3::_attr(ctx);
  out(ctx).line.kind = d.kind == ast::DirectiveKind::version ? LineKind::version : LineKind::round;
  out(ctx).line.number = d.number;
};
auto const set_move_number = [](auto& ctx) { out(ctx).line.move_number = x3::_attr(ctx); };
using detail::trim_back;
// A label starts at a letter; the blanks before its ':' are not part of it.
auto const set_label = [](auto& ctx) {
  const ast::Range& r = x3::_attr(ctx);
  out(ctx).line.label = span_of(out(ctx), ast::Range(r.begin(), trim_back(r.begin(), r.end())));
};
auto const set_text = [](auto& ctx) {
  out(ctx).line.kind = LineKind::entry;
  out(ctx).line.text = span_of(out(ctx), x3::_attr(ctx));
};
auto const set_accepted = [](auto& ctx) { out(ctx).line.accepted = true; };
auto const set_comment = [](auto& ctx) {
  out(ctx).line.has_comment = true;
  out(ctx).line.comment = span_of(out(ctx), x3::_attr(ctx));
};

struct directive_class;
struct move_number_class;
struct name_start_class;
struct label_class;
struct colon_class;
struct entry_class;
struct line_class;
struct player_name_class;
struct players_class;
struct score_class;
struct result_class;
struct ruling_id_class;
struct reading_name_class;
struct reading_choice_class;

x3::rule<directive_class, ast::Directive> const directive = "'wonderlog 1' or 'round N'";
x3::rule<move_number_class, unsigned> const move_number = "a move number like '12.'";
x3::rule<name_start_class> const name_start = "a player name after the move number";
x3::rule<label_class, ast::Range> const label = "a player name or a header name";
x3::rule<colon_class> const colon = kColonAfterName;
x3::rule<entry_class> const entry = "an entry like '3. Nina: a1 b1'";
x3::rule<line_class> const line = "a log line";
x3::rule<player_name_class, ast::Range> const player_name = "a player name";
x3::rule<players_class, std::vector<ast::Range>> const players = "a list of player names";
x3::rule<score_class, ast::Score> const score = "a score like 'Nina 27'";
x3::rule<result_class, std::vector<ast::Score>> const result = "a result like 'Arthur 31, Nina 27'";
x3::rule<ruling_id_class, ast::Range> const ruling_id = "a ruling id like 'TT-7'";
x3::rule<reading_name_class, ast::Range> const reading_name = "a reading's name like 'shared-win'";
x3::rule<reading_choice_class, ast::ReadingChoice> const reading_choice = "a reading like 'TT-7=shared-win'";

// The rest of a name: up to a ':' or a comment's '#'. Scanned in a plain loop; X3's
// *(char_ - ':' - '#') tried two parsers at every character of every entry's name.
struct until_colon_or_comment_parser : x3::parser<until_colon_or_comment_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const {
    while (first != last && *first != ':' && *first != '#') ++first;
    return true;
  }
} const until_colon_or_comment;

// An entry's text: up to its comment, less an `(accepted)` mark at its end, which marks a move
// only there (elsewhere it is text). Its attribute is the text's range, without the blanks at
// its end; the mark is left for accepted_mark. It also sets the line's value: the text and any
// mark, without the blanks before the comment. One search for the '#', then a look back from
// it: the grammar it replaces, *(char_ - '#' - (accepted_mark >> ws >> ('#' | eoi))), tried
// the mark at every character.
struct entry_text_parser : x3::parser<entry_text_parser> {
  using attribute_type = ast::Range;
  static bool const has_attribute = true;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr& attr) const {
    const char* const begin = first;
    const void* hash = std::memchr(begin, '#', static_cast<std::size_t>(last - begin));
    const char* end = hash ? static_cast<const char*>(hash) : last;  // the mark's start, if any
    const char* const value_end = trim_back(begin, end);
    const char* text_end = value_end;
    // `( accepted )`, blanks allowed inside and after, its word a whole word in any case.
    if (value_end != begin && value_end[-1] == ')') {
      const char* p = trim_back(begin, value_end - 1);
      constexpr std::string_view word = "accepted";
      if (static_cast<std::size_t>(p - begin) >= word.size() && iequals(std::string_view(p - word.size(), word.size()), word)) {
        p = trim_back(begin, p - word.size());
        if (p != begin && p[-1] == '(') end = p - 1, text_end = trim_back(begin, end);
      }
    }
    out(ctx).line.value = span_of(out(ctx), ast::Range(begin, value_end));
    x3::traits::move_to(ast::Range(begin, text_end), attr);
    first = end;
    return true;
  }
} const entry_text;

// The rest of a name in a list: up to the next ','. One loop, like until_colon_or_comment.
struct until_comma_parser : x3::parser<until_comma_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const {
    while (first != last && *first != ',') ++first;
    return true;
  }
} const until_comma;

auto const accepted_mark = lit('(') >> ws >> words::keyword("accepted") >> ws >> lit(')');
struct comment_class;
x3::rule<comment_class, ast::Range> const comment = "a '#' comment";
auto const comment_def = lit('#') >> raw[*char_];

auto const directive_def = directive_keyword >> omit[+blank] >> words::whole_number >> !(ws >> ':');
auto const move_number_def = words::whole_number >> ws >> lit('.') >> ws;
auto const name_start_def = &letter;
auto const label_def = raw[letter >> until_colon_or_comment];
auto const colon_def = lit(':');
auto const entry_def = -(move_number[set_move_number] > name_start) >> label[set_label] > colon > ws >
                       entry_text[set_text] > -accepted_mark[set_accepted];
auto const line_def = ws >> -(directive[set_directive] | entry) >> ws >> -comment[set_comment];

// A name runs up to the next comma. A result item is a name, blanks and a whole number at its
// end: its name is the item up to the blanks before the last word; that last word must be
// the points. (Splitting after the parse keeps it linear: a look-ahead for "blanks, number,
// comma" at every character was quadratic in long runs of blanks.)
auto const player_name_def = raw[letter >> until_comma];
auto const players_def = ws >> player_name % (ws >> ',' >> ws);
auto const score_def = ws >> raw[letter >> until_comma] >> attr(0);
auto const result_def = score % lit(',');

// `TT-7=shared-win, AH-23 = all-tokens`: ruling ids and reading names are words of letters,
// digits and '-'; which ones exist is the game's business.
auto const word_char = char_('a', 'z') | char_('A', 'Z') | char_('0', '9') | char_('-');
auto const ruling_id_def = raw[(char_('a', 'z') | char_('A', 'Z')) >> *word_char];
auto const reading_name_def = raw[+word_char];
auto const reading_choice_def = ruling_id > ws > lit('=') > ws > reading_name;

BOOST_SPIRIT_DEFINE(comment, directive, move_number, name_start, label, colon, entry, line, player_name, players, score,
                    result, ruling_id, reading_name, reading_choice)

}  // namespace wonderlog::grammar::envelope::parser
