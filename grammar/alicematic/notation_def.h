// The AlicematiC Heroes notation's rules. Included by notation.cc only.
#pragma once

#include <boost/range/iterator_range.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/alicematic/notation.h"
#include "grammar/words.h"

namespace wonderlog::grammar::alicematic::parser {

namespace x3 = boost::spirit::x3;
using Range = boost::iterator_range<const char*>;
using x3::char_;
using x3::lit;
using x3::raw;
using x3::uint_;

// Where the semantic actions write: the move being read, and the start of its text.
struct move_tag;
struct Out {
  MoveTokens& move;
  const char* base;
};

auto const blank = words::blank;
auto const ws = words::blanks;
// Every parser an expectation ('>') can fail on is a named rule: X3 names an unnamed one by
// its C++ type, which no person at a table should read.
struct gap_class;
x3::rule<gap_class> const gap = "a space";
auto const gap_def = +blank;
BOOST_SPIRIT_DEFINE(gap)
auto const letter = char_('a', 'z') | char_('A', 'Z');
auto const digit = char_('0', '9');
auto const name_char = letter | char_("-'");
auto const word_end = !(name_char | digit);

using words::is_name_char;
// A keyword: a whole word of name characters in any case ("pay", not "payment", "pay-", "pay2").
inline words::whole_word<is_name_char, words::literal_word> keyword(const char* w) {
  return words::whole_word<is_name_char, words::literal_word>(words::literal_word{w});
}

// A word of a card's name: any whole word of name characters but those the notation reserves
// (no card name contains one: the catalog refuses them). One scan of the word decides both.
struct card_name_word {
  bool operator()(std::string_view w) const { return !is_reserved_word(w); }
};

inline Span span_of(const Out& o, const Range& r) {
  return Span{static_cast<std::uint32_t>(r.begin() - o.base), static_cast<std::uint32_t>(r.end() - o.base)};
}
template <class Ctx>
Out& out(Ctx& ctx) {
  return x3::get<move_tag>(ctx).get();
}
template <class Ctx>
WordToken word(Ctx& ctx) {
  const Range& r = x3::_attr(ctx);
  return WordToken{std::string_view(r.begin(), r.size()), span_of(out(ctx), r)};
}

auto kind(MoveTokens::Kind k) {
  return [k](auto& ctx) { out(ctx).move.kind = k; };
}
auto const set_target = [](auto& ctx) { out(ctx).move.target = word(ctx); };
auto const set_card = [](auto& ctx) { out(ctx).move.card = word(ctx); };
auto const set_slot = [](auto& ctx) { out(ctx).move.slot = word(ctx); };
auto const add_discard = [](auto& ctx) {
  MoveTokens& m = out(ctx).move;
  m.cards.push(word(ctx));
};
auto const add_drawn = [](auto& ctx) {
  MoveTokens& m = out(ctx).move;
  m.drawn.push(word(ctx));
};
auto const set_draws = [](auto& ctx) { out(ctx).move.draws = true; };
auto const add_declined = [](auto& ctx) { out(ctx).move.declined.push(word(ctx)); };
auto const set_on_card = [](auto& ctx) { out(ctx).move.on_card = word(ctx); };
auto const set_on_slot = [](auto& ctx) { out(ctx).move.on_slot = word(ctx); };
auto const set_token = [](auto& ctx) { out(ctx).move.token = word(ctx); };
auto const set_victim = [](auto& ctx) { out(ctx).move.victim = word(ctx); };
// A count's digits (`mulligan 2`, `draws 1`) into `MoveTokens::*value`, 99 at most, and its span.
template <int MoveWords::*value, Span MoveWords::*span>
auto const set_number = [](auto& ctx) {
  const Range& r = x3::_attr(ctx);
  unsigned n = 0;
  for (char c : r) n = std::min(99u, n * 10 + static_cast<unsigned>(c - '0'));
  out(ctx).move.*value = static_cast<int>(n);
  out(ctx).move.*span = span_of(out(ctx), r);
};
auto const set_count = set_number<&MoveWords::discards, &MoveWords::discards_span>;
auto const set_draw_count = set_number<&MoveWords::draw_count, &MoveWords::draw_count_span>;
auto const add_amount = [](auto& ctx) {
  MoveTokens& m = out(ctx).move;
  if (m.payments < m.pay.size()) m.pay[m.payments].amount = std::min(99u, x3::_attr(ctx));
};
auto const add_resource = [](auto& ctx) {
  MoveTokens& m = out(ctx).move;
  if (m.payments < m.pay.size()) m.pay[m.payments++].resource = word(ctx);
};
auto const set_pay_span = [](auto& ctx) { out(ctx).move.pay_span = span_of(out(ctx), x3::_attr(ctx)); };

struct card_class;
struct space_class;
struct position_class;
struct slot_class;
struct count_class;
struct resource_class;
struct amount_class;
x3::rule<card_class, Range> const card = "a card name like Hermit or Shrine Maiden";
x3::rule<space_class, Range> const space = "a space like c3 (a position letter, then 0 for its City or 1-6)";
x3::rule<position_class, Range> const position = "a position letter like c";
x3::rule<slot_class, Range> const slot = "a slot colour: red, blue, yellow, green or white";
x3::rule<count_class, Range> const count = "a number of cards, or the cards' names";
x3::rule<resource_class, Range> const resource = "a token colour: red, yellow or green";
x3::rule<amount_class, unsigned> const amount = "a number of tokens, like 'pay 2 green'";
auto const card_word = words::whole_word<is_name_char, card_name_word>(card_name_word{});
auto const card_def = raw[card_word % gap];
auto const space_def = raw[letter >> digit >> word_end];
auto const position_def = raw[letter >> word_end];
auto const slot_def = raw[keyword("red") | keyword("blue") | keyword("yellow") | keyword("green") | keyword("white")];
auto const count_def = raw[+digit >> word_end];
auto const resource_def = raw[keyword("red") | keyword("yellow") | keyword("green")];
auto const amount_def = uint_;
BOOST_SPIRIT_DEFINE(card, space, position, slot, count, resource, amount)

struct cards_drawn_class;
struct discards_class;
struct payment_class;
struct target_space_class;
struct target_position_class;
struct summoned_class;
struct slot_after_class;
struct played_class;
struct declined_cards_class;
x3::rule<declined_cards_class> const declined_cards = "the Alices whose effects are declined, like 'declines Adventurer'";
x3::rule<cards_drawn_class> const cards_drawn = "the cards drawn, like 'draws Hermit, Jet'";
x3::rule<discards_class> const discards = "how many cards are discarded, or their names";
x3::rule<payment_class> const payment = "the tokens paid, like 'pay 1 red, 2 green'";
x3::rule<target_space_class> const target_space = "a space like c3";
x3::rule<target_position_class> const target_position = "a position letter like c (its City)";
x3::rule<summoned_class> const summoned = "the Alice and her slot, like 'summon Diva yellow'";
x3::rule<slot_after_class> const slot_after = kSlotAfterName;
x3::rule<played_class> const played = "the slot (and, in an open log, the card first), like 'commoner Hermit red'";
auto const card_list = card[add_drawn] % (ws >> ',' >> ws);
auto const cards_drawn_def = gap >> (count[set_draw_count] | card_list);
auto const draws = -(gap >> keyword("draws")[set_draws] > cards_drawn);
auto const declined_cards_def = gap >> card[add_declined] % (ws >> ',' >> ws);
auto const declines = -(gap >> keyword("declines") > declined_cards);
auto const discards_def = gap >> (count[set_count] | (card[add_discard] % (ws >> ',' >> ws)));
struct token_paid_class;
x3::rule<token_paid_class> const token_paid = "a token colour: red, yellow or green";
auto const token_paid_def = resource[add_resource];
BOOST_SPIRIT_DEFINE(token_paid)
auto const one_payment = amount[add_amount] > gap > token_paid;
auto const payment_def = gap >> one_payment % ((ws >> ',' >> ws) | gap);
auto const pay = -(gap >> raw[keyword("pay") > payment][set_pay_span]);
auto const target_space_def = gap >> space[set_target];
auto const target_position_def = gap >> position[set_target];
auto const summoned_def = gap >> card[set_card] > slot_after;
auto const slot_after_def = gap >> slot[set_slot];
auto const played_def = gap >> -(card[set_card] >> gap) >> slot[set_slot];
BOOST_SPIRIT_DEFINE(cards_drawn, discards, payment, target_space, target_position, summoned, slot_after, played,
                    declined_cards)

auto const keep = keyword("keep")[kind(MoveTokens::Kind::keep)];
auto const mulligan = (keyword("mulligan")[kind(MoveTokens::Kind::mulligan)] > discards) >> draws;
auto const city = keyword("city")[kind(MoveTokens::Kind::city)] > target_position;
auto const summon = (keyword("summon")[kind(MoveTokens::Kind::summon)] > summoned) >> pay >> declines;
// A Commoner or an attack pays nothing; a `pay` clause is still read, so that the engine can
// say which ruling refuses it (AH-9, AH-15) rather than a bare syntax error.
auto const commoner = (keyword("commoner")[kind(MoveTokens::Kind::commoner)] > played) >> pay >> draws >> declines;
auto const draw = keyword("draw")[kind(MoveTokens::Kind::draw)] >> -(gap >> card_list >> x3::eps[set_draws]);
// '>>' binds tighter than '>': the parentheses keep each expectation on a named rule.
auto const invade = (keyword("invade")[kind(MoveTokens::Kind::invade)] > target_space) >> pay >> draws >> declines;
auto const attack = (keyword("attack")[kind(MoveTokens::Kind::attack)] > target_space) >> pay;
auto const pass = keyword("pass")[kind(MoveTokens::Kind::pass)];

struct used_alice_class;
struct on_target_class;
struct victim_class;
struct discarded_class;
x3::rule<used_alice_class> const used_alice = "the Alice whose effect is used, like 'use Hermit'";
x3::rule<on_target_class> const on_target = "the Alice the effect acts on, like 'on Ninja' (or 'on Hunter red')";
x3::rule<victim_class> const victim = "the player a token is taken from, like 'from Nina'";
x3::rule<discarded_class> const discarded = "the cards discarded, like 'discards Saint'";
auto const used_alice_def = gap >> card[set_card];
auto const on_target_def = gap >> card[set_on_card] >> -(gap >> slot[set_on_slot]);
auto const victim_def = gap >> raw[+(char_ - '#')][set_victim];
auto const discarded_def = gap >> card[add_discard] % (ws >> ',' >> ws);
BOOST_SPIRIT_DEFINE(used_alice, on_target, victim, discarded)
auto const use = (keyword("use")[kind(MoveTokens::Kind::use)] > used_alice) >>
                 -(gap >> keyword("on") > on_target) >> -(gap >> space[set_target]) >>
                 -(gap >> resource[set_token]) >> -(gap >> keyword("discards") > discarded) >> draws >> declines >>
                 -(gap >> keyword("from") > victim);
// The keywords are whole words, none a prefix of another, so their order changes no parse: they
// are tried commonest first (a game's entries are mostly invasions, summons and commoners).
auto const move = ws >> (invade | summon | commoner | attack | use | city | draw | mulligan | keep | pass) >> ws;

// Headers.
struct placement_class;
x3::rule<placement_class, Range> const placement = "a tile and its turn, like 7/2 (tile 7, turned 2 steps)";
auto const placement_def = raw[+(char_ - char_(" \t/,#")) >> '/' >> digit >> !digit];
BOOST_SPIRIT_DEFINE(placement)
auto const tiles = ws >> placement % ((ws >> ',' >> ws) | gap) >> ws;
auto const name = raw[+(char_ - ',')];
auto const names = name % ',';

}  // namespace wonderlog::grammar::alicematic::parser
