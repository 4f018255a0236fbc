// Rolling in Wonderland's rules engine (Borogove Games; the rules summary we have is
// ../shared/seeds/004_577cf261ac88bf9e.txt). Rulings RW-n are cited where they decide
// something; docs/games/rolling-in-wonderland.md has them all.
//
// A game is a sequence of small decisions, each one entry of the log: a round starts with the
// Jabberwock card and everyone's roll (chance events); then each turn is any mushrooms, the take,
// and the decisions the action asks for one at a time (a soldier's area, a challenge card's slot,
// a Cheshire Cat bonus...), with the chance events they set off (Mad Hatter draws, re-rolls). A
// turn ends by itself when nothing is left to decide; while the player may still use a mushroom
// after her action (RW-10), the next player's first entry ends it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "engine/core/game.h"
#include "engine/core/readings.h"
#include "engine/core/rng.h"
#include "engine/core/violation.h"
#include "engine/rolling/catalog.h"

namespace wonderlog::rolling {

inline constexpr int kMinPlayers = 2, kMaxPlayers = 4;
inline constexpr int kDiceSpaces = 6;      // on a player board (RW-8)
inline constexpr int kSoldiers = 12;       // each player's (RW-2)
inline constexpr int kCubes = 9;
inline constexpr int kMostMushrooms = 2;   // RW-9
inline constexpr int kSlots = 3;           // challenge slots, and persistent Mad Hatter slots
inline constexpr int kHandLimit = 5;       // RW-14
inline constexpr int kCheshireSlots = 4;   // A-D (RW-5)
inline constexpr int kMostRolled = 24;     // dice named by one roll or re-roll: every die of 4 players

// Dice by colour: how many of each.
using Dice = std::array<std::uint8_t, kColours>;
int count(const Dice& d);

// The decks a draw takes from.
enum class Deck : std::uint8_t { hatter, challenge, objective };

// 1, 2 or 3 for 1-2, 3-4 or 5-6 dice: Mad Hatter cards, Cheshire Cat bonuses, soldiers (RW-14,
// RW-18, RW-21).
int by_dice(int dice);

struct Move {
  enum class Kind : std::uint8_t {
    // chance events
    jabberwock,  // the round's Jabberwock card: `area` (RW-29)
    roll,        // `seat` rolls the dice on her board: `faces[i]` for the i-th die, colour order (RW-7)
    reroll,      // the dice of the mushroom's re-roll land: `faces[i]`, colour order (RW-9)
    draw,        // the cards of the draw due, by catalog index: `cards` (RW-14, RW-20, RW-5)
    reveal,      // table logs, after the last round: `who` shows her hidden Mad Hatter cards, or her
                 // objectives (`objectives`): `shown` (RW-2)
    // a player's decisions
    take,             // all the dice of `area`, or `dice` of them when they do not fit (RW-8)
    mushroom_set,     // the `colour` die in `area` set to face `to` (RW-9 A)
    mushroom_reroll,  // `dice` of `area` re-rolled (RW-9 B)
    play,             // the one-shot Mad Hatter `card` from hand (RW-14)
    place,            // the persistent Mad Hatter `card` into persistent slot `slot` (RW-14)
    keep,             // the persistent `card` just drawn kept in hand; table logs: `none`, the rest of a draw kept
    discard,          // `card`: one just drawn, or one over the hand limit
    challenge,        // the Alice challenge `card` into challenge slot `slot`; `none`: not taken (RW-19)
    cube,             // a cube on a `colour` icon of the challenge in `slot`; `none`: no (more) cube (RW-20)
    soldier,          // a soldier summoned to `area` (RW-21)
    move_soldier,     // a soldier (`trained`: an upgraded one) from `area` to `to`; `none`: no move (RW-25)
    train,            // an upgrade token under a soldier in `area` (RW-26)
    bonus,            // the Cheshire Cat card in slot `slot` (0-3: A-D) (RW-18)
    ability,          // the special ability, with its own decision in the other fields (RW-12, RW-13)
    icon,             // the Caterpillar icon on `space` pays next (RW-24's 'any-order-after-move')
  };
  Kind kind = Kind::take;
  // For `ability`: what the ability's own decision is (train, bonus or cube), as that kind.
  Kind as = Kind::take;
  std::int8_t seat = -1;  // the player; -1 for chance
  std::int8_t who = -1;   // roll: the player who rolls
  Area area = Area::hatter, to = Area::hatter;
  Colour colour = Colour::blue;
  Dice dice{};
  bool named = false;    // take: the dice were named (else: all of the area)
  bool none = false;
  bool trained = false;  // move_soldier
  std::int8_t slot = -1;
  std::int8_t space = -1;  // icon: a Caterpillar path space
  std::int16_t card = -1;
  std::uint8_t count = 0;  // roll, reroll: faces given; draw: cards given
  std::array<Area, kMostRolled> faces{};
  std::array<std::int16_t, 3> cards{};
  bool objectives = false;  // reveal: her objectives (else her hand)
  std::uint8_t shown_count = 0;
  std::array<std::int16_t, 8> shown{};  // reveal: the cards, by catalog index
  // RW-15's reading 'up-to': the White Rabbit moves this entry sets off go `rabbit` free spaces
  // in all, short of their distance (written `, rabbit N` after the entry); -1: in full.
  std::int8_t rabbit = -1;
  // RW-25's reading 'may-decline': the Caterpillar icons this entry sets off whose bonuses she
  // declines, a bit per path space (written `, declines 7 12` after the entry); 0: none.
  std::uint64_t declined = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// The disputes (rulings with readings), in the order of the rulings.
enum class Dispute {
  setup_card /* RW-3 */,
  dice /* RW-7 */,
  reroll /* RW-9 */,
  mushroom_time /* RW-10 */,
  black_mushrooms /* RW-11 */,
  ability_at /* RW-12 */,
  ability_when /* RW-13 */,
  rabbit_move /* RW-15 */,
  yellow /* RW-16 */,
  skipped_star /* RW-17 */,
  cheshire_bonus /* RW-18 */,
  alice_card /* RW-19 */,
  bonus_cube /* RW-20 */,
  skipped_icon /* RW-23 */,
  icon_order /* RW-24 */,
  icon_bonus /* RW-25 */,
  kept_token /* RW-26 */,
  tie /* RW-28 */,
  jabberwock /* RW-29 */,
  first_to_end /* RW-31 */,
  hatter_vp /* RW-33 */,
  objective_tie /* RW-34 */,
  winner_first /* RW-35 */,
  empty_deck /* RW-36 */,
  jabberwock_tie /* RW-38 */
};
enum class SetupCard { placed_at_setup, may_keep };
enum class DiceRolled { roll_what_you_took, one_of_each_colour };
enum class Reroll { chosen_two_or_more, whole_area };
enum class MushroomTime { any_time_in_turn, before_the_take };
enum class BlackMushrooms { per_die, per_take };  // the mushrooms a take of black dice gives
enum class AbilityAt { four_or_more, all_six };
enum class AbilityWhen { before_or_after, after_the_action, on_collection, any_time_in_action };
enum class RabbitMove { full_move, up_to };
enum class YellowDie { orange_or_peach, orange, peach };  // what a log's 'yellow' die is
enum class SkippedStar { skipped_star_scores, skipped_star_not_reached };
enum class CheshireBonus { all_received, may_decline };
enum class AliceCard { taken_when_free, always_optional };
enum class SkippedIcon { skipped_pays_nothing, skipped_pays };
enum class IconOrder { path_order, any_order_after_move };
enum class IconBonus { all_received, may_decline };
enum class KeptToken { first_soldier, player_chooses };
enum class Tie { skip_one_place, skip_tied_places };
enum class JabberwockBy { strength, soldier_count };
enum class FirstToEnd { first_by_move, round_counts_as_one };
enum class HatterVp { hand_and_slots, slots_only, all_gained };
enum class ObjectiveTie { strictly_more, tie_counts };
enum class WinnerFirst { first_among_tied, first_overall };  // who breaks a tie by an end condition
enum class EmptyDeck { no_reshuffle, reshuffle_discards };
enum class BonusCube { cube_none_allowed, due };  // a cube of her ability, an icon or a card
enum class JabberwockTie { tie_rule, tied_take_their_place };  // ties in the Jabberwock attack

// `2 5`: the path spaces of a mask of Caterpillar icons, a bit each, in path order (RW-25's
// `declines`).
std::string spaces_of(std::uint64_t mask);

struct Setup {
  const Catalog* catalog = nullptr;
  std::vector<std::string> names;  // seat order, the first player of round 1 first (RW-4)
  std::vector<int> characters;     // per seat, catalog index (RW-2)
  std::array<int, kCheshireSlots> cheshire{-1, -1, -1, -1};  // slots A-D (RW-5)
  std::vector<int> challenges;     // per seat: the challenge card dealt at set-up
  std::vector<int> hatter;         // per seat: the Mad Hatter card dealt at set-up (RW-3)
  // Per seat (or empty: none): her persistent set-up card was kept in hand, written 'kept' after
  // it (RW-3's reading 'may-keep').
  std::vector<bool> hatter_kept;
  std::vector<int> objectives;     // per seat
  std::optional<std::uint64_t> seed;  // decks, rolls and the Jabberwock deck shuffled from it
  // An open log names every card; a table log (`hands: secret`) leaves the Mad Hatter cards in
  // hand and the objectives hidden until they are played, placed, discarded or revealed at the
  // end (RW-2): `hatter` is then -1 for a card kept face down, and `objectives` empty.
  bool open = true;
  Readings readings;
};

// One player's pieces.
struct Player {
  int character = 0;
  Dice dice{};  // on her board
  int mushrooms = 2;
  std::array<std::uint8_t, kAreas> soldiers{}, trained{};  // on the map, and how many of them upgraded
  int supply = kSoldiers;                                   // soldiers not yet summoned
  bool token = false;                                       // an upgrade token kept (RW-26)
  // RW-26, while she summons soldiers one after another (soldier entries with no other entry
  // between them) with a kept token: the influence area of the first of them, under which the
  // token went by itself ('first-soldier') or goes if she marks none ('player-chooses'); -1
  // otherwise.
  int run_first = -1;
  int token_went = -1;  // where her last kept token went (an influence area), for a refusal's words
  int cubes = kCubes;
  struct Challenge {
    int card = -1;
    std::uint8_t covered = 0;  // bit i: icon i has a cube
  };
  std::array<Challenge, kSlots> challenges{};
  // Held inline up to a handful, so that copying a State (a look-ahead past a turn's end)
  // allocates nothing for them.
  using Cards = boost::container::small_vector<int, 6>;
  Cards completed;  // challenge cards
  Cards objectives;
  Cards hand;  // Mad Hatter cards
  int hidden = 0;             // table logs: face-down Mad Hatter cards in hand, not yet known
  int hidden_objectives = 0;  // table logs: objectives not yet revealed
  std::array<int, kSlots> persistent{-1, -1, -1};
  int hatter_gained_vp = 0;  // every Mad Hatter card she ever gained (RW-33 'all-gained')
  std::array<int, 3> jabberwock{};  // gold, silver and bronze tokens (RW-29)
  int rabbit = 0, caterpillar = 0;  // path spaces
  // The VP of the furthest star among the Caterpillar spaces she landed on or counted, not those
  // she skipped (RW-17 'skipped-star-not-reached').
  int caterpillar_reached_vp = 0;
  int end_met = -1;        // the game's move count when she first met an end condition (RW-31)
  int end_met_round = -1;
};

class State {
 public:
  using Move = rolling::Move;
  // reveal: a table log's game is over, its hidden cards and objectives not yet shown.
  enum class Phase : std::uint8_t { jabberwock, rolling, turns, reveal, over };

  // A pending decision or chance event of the turn.
  struct Step {
    enum class Kind : std::uint8_t {
      draw,          // chance: `count` cards of `deck`
      reroll,        // chance: the dice `dice` of `area` land
      settle,        // the persistent `card` just drawn: place, keep or discard
      hand_limit,    // discard down to the limit
      bonus_action,  // `count` Cheshire Cat bonuses, `allow[slot]` times each at most
      bonus_any,     // one Cheshire Cat card, any slot
      challenge,     // the top Alice challenge card
      cube_dice,     // a cube per die of `dice`, each on an icon of its colour
      cube_any,      // a cube on any icon
      soldier,
      move_soldier,
      train,
      ability,
      effect,        // one bonus of an effect, turned into its steps when it comes up
      icons,         // Caterpillar icons to pay, in the order she chooses: `spaces` (RW-24)
      table_settle,  // table logs: `count` cards just drawn face down; place or discard them, or keep
    };
    Kind kind = Kind::soldier;
    Bonus bonus;  // effect
    Deck deck = Deck::hatter;
    Area area = Area::hatter;
    // effect and cube_any: what gave the bonus, for messages (RW-20's due cube): a Caterpillar
    // icon (on space `from_index`, or kNone for several), or a Mad Hatter or Cheshire Cat card.
    // Two bytes, in the padding before `count`: a Step is copied often.
    enum class From : std::uint8_t { unknown, icon, hatter, cheshire };
    static constexpr std::uint8_t kNone = 255;
    From from = From::unknown;
    std::uint8_t from_index = kNone;
    int count = 0;
    int card = -1;
    Dice dice{};
    std::array<std::uint8_t, kCheshireSlots> allow{};
    bool of_action = false;  // a step of the take's action (the ability may come before it, RW-13)
    bool of_ability = false;                // a step of the special ability's effect (RW-13)
    std::array<std::uint8_t, 16> spaces{};  // icons: the spaces whose icons are still to pay
  };

  // Checks a set-up: 2-4 players (RW-1), a character each, 4 different Cheshire Cat cards,
  // the cards dealt available in the catalog's numbers.
  static std::optional<Violation> check(const Setup& setup);
  // The part of check() about how many play (RW-1): asked first, before the rest is read.
  static std::optional<Violation> check_players(int n);
  explicit State(const Setup& setup);
  const Readings& readings() const { return readings_; }
  void set_readings(const Readings& readings) { readings_ = readings; }
  template <class Reading>
  Reading reading(Dispute d) const {
    return static_cast<Reading>(readings_.consult(static_cast<int>(d)));
  }
  // The same for a message's wording only: not noted as consulted, since no verdict rests on it.
  template <class Reading>
  Reading reading_for_wording(Dispute d) const {
    return static_cast<Reading>(readings_.chosen(static_cast<int>(d)));
  }

  std::optional<Violation> validate(const Move& move) const;
  void apply(const Move& move);
  std::vector<Move> legal_moves() const;
  // Inline: asked before every entry is read (a call cost up to 1% of a game's instructions).
  Actor to_move() const {
    switch (phase_) {
      case Phase::over:
        return Actor::nobody();
      case Phase::jabberwock:
      case Phase::rolling:
      case Phase::reveal:
        return Actor::chance();
      case Phase::turns:
        break;
    }
    if (!pending_.empty() && (pending_.back().kind == Step::Kind::draw || pending_.back().kind == Step::Kind::reroll))
      return Actor::chance();
    return Actor::player(current_);
  }
  bool is_over() const { return phase_ == Phase::over; }
  std::vector<int> scores() const;
  std::vector<int> winners() const;
  // The chance event a seeded game's seed gives now; nullopt without a seed or when no chance
  // event is due.
  std::optional<Move> seeded_chance() const;

  // --- Queries for reports and views --------------------------------------------------
  const Catalog& catalog() const { return *catalog_; }
  int players() const { return static_cast<int>(players_.size()); }
  const Player& player(int seat) const { return players_[seat]; }
  // The soldier steps on top of the pending ones: the soldiers she is summoning now, one after
  // another with no other decision between them (RW-26's kept token goes under one of them).
  int soldiers_due() const;
  const std::string& name(int seat) const { return (*names_)[seat]; }
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  int first() const { return first_; }
  int current() const { return current_; }
  bool took() const { return took_; }
  const auto& pending() const { return pending_; }  // the next step last
  const Dice& area_dice(Area a) const { return board_[static_cast<int>(a)]; }
  std::optional<Area> jabberwock() const { return jabberwock_; }
  int jabberwock_left() const;
  const std::array<int, kCheshireSlots>& cheshire() const { return cheshire_; }
  int deck_left(Deck d) const;
  bool open() const { return open_; }
  // Table logs: whether a hidden card of hers can be `card` (copies not yet seen elsewhere).
  bool could_hold(int seat, int card) const;
  // The Mad Hatter cards she may show from her hand: those known to be there, and (table logs)
  // every card one of her face-down cards could be.
  std::vector<int> in_hand(int seat) const;
  bool rolled(int seat) const { return rolled_[seat]; }
  int moves() const { return moves_; }
  // Her action and ability are resolved, and her turn is still open for what she may do after
  // them: a mushroom (RW-10) or a card from hand whose timing allows it (RW-14). The next entry
  // of another player, a round line, a chance event or the end of the log closes it
  // (close_window()); until then legal_moves() lists her moves and those the closing allows.
  bool window_open() const;
  // Ends her turn if its window is open (the log moved on); otherwise changes nothing.
  bool close_window();  // whether a turn was left open, and is now closed
  // Strength of each seat in an influence area (RW-27).
  std::array<int, kMaxPlayers> strength(Area a) const;
  // The reward place (0 gold, 1 silver, 2 bronze, -1 none) of each seat by `value` (RW-28).
  std::array<int, kMaxPlayers> places(const std::array<int, kMaxPlayers>& value) const;
  // The seven sources of a player's final score (RW-32): labelled points.
  std::vector<std::pair<std::string, int>> breakdown(int seat) const;
  // Whether objective `card` is met by `seat` now (RW-34).
  bool objective_met(int seat, int card) const;
  // The players who count as first to meet an end condition (RW-31).
  std::vector<int> first_to_end() const;
  // The VP of the furthest star at or behind `space` on a path.
  static int star(const Path& p, int space);
  // The VP her Caterpillar path scores (RW-17): star() of her space, or under the reading
  // 'skipped-star-not-reached' the furthest star she landed on or counted. `skipped` is set when the
  // two differ and the reading leaves the skipped star out.
  int caterpillar_star(int seat, bool* skipped = nullptr) const;
  // Where a path move of `spaces` free spaces from `from` ends, skipping spaces `occupied`
  // holds; the spaces passed or landed on (not skipped) go to `passed`, the skipped ones to
  // `skipped`.
  // Spaces of a path: inline for a move's few, so that moving a marker allocates nothing.
  using Spaces = boost::container::small_vector<int, 16>;
  static int advance(const Path& p, int from, int spaces, const Spaces& occupied, Spaces* passed = nullptr,
                     Spaces* skipped = nullptr);
  Spaces others_on(bool rabbit, int seat) const;
  // The free spaces the White Rabbit moves that `m` (a legal move) sets off go, after the cap it
  // carries (RW-15).
  int rabbit_gone(const Move& m) const;
  // The Caterpillar spaces whose icons `m` (a legal move) sets off, a bit each, the declined
  // ones included (RW-25).
  std::uint64_t icons_set_off(const Move& m) const;
  // The spaces her persistent Mad Hatter cards add to a White Rabbit or Caterpillar action.
  int extra_spaces(int seat, Area action) const;
  // Why the game is not over yet, for a log that stops early.
  std::string waiting_for() const;
  // Once the last round has ended (the reveal or the end): the end conditions met (RW-30), as
  // "round 7 ended with Nina at the White Rabbit path's end"; "" before.
  std::string end_reason() const;
  std::string tie_break() const { return tie_break_; }

 private:
  // A deck's cards, inline up to the printed decks' sizes (a catalog may hold more: they then
  // allocate), so that a State copies without allocating.
  using PerCard = boost::container::small_vector<int, 24>;

  std::optional<Violation> check_player(const Move& m) const;
  std::optional<Violation> check_rabbit_short(const Move& m) const;  // a move written `, rabbit N` (RW-15)
  std::optional<Violation> check_declined(const Move& m) const;      // a move written `, declines N` (RW-25)
  void apply_move(const Move& m);
  std::vector<Move> whole_moves() const;  // the legal moves, none of them stopping short (RW-15)
  std::optional<Violation> check_decision(const Move& m) const;
  // The cards that can be the top card of the Alice challenge deck (RW-19): the seed's top card;
  // unseeded, any card left but those known to be at the bottom, or, once only those are left,
  // the first of them.
  PerCard challenge_tops() const;
  std::optional<Violation> check_chance(const Move& m) const;
  // What the seed gives where the log writes `m` (RW-2): "the seed rolls Nina's blue die to cat,
  // not rabbit". `deck`: a draw's.
  std::string seed_gives(const Move& seed, const Move& m, Deck deck) const;
  std::optional<Violation> check_reveal(const Move& m) const;
  void reveal_hidden(int seat, int card);  // a hidden card of hers becomes `card`
  void finish();                            // the game is over, or its reveals are due
  std::optional<Violation> check_free(const Move& m) const;  // mushrooms, play, place from hand
  std::optional<Violation> check_faces(const Move& m, const Dice& dice) const;
  bool turn_done() const;                 // her action and ability resolved
  bool ends_window(const Move& m) const;
  bool ends_own_window(const Move& m) const;  // ends_window() for a move of hers
  // Why a move of hers cannot come once her turn is over (`next`: the position after it;
  // `triggered`: whether her take triggered her special ability).
  Violation after_turn(const Move& m, const State& next, bool triggered) const;
  // A soldier (RW-21) or a Cheshire Cat bonus (RW-18) past the number her last take gives, said
  // by that number; `then` ends the message (what is due instead).
  std::string last_take_words() const;  // "4 queen dice": the last take, for a refusal
  Violation soldiers_all_summoned(int seat, const std::string& then) const;
  Violation bonuses_all_given(const std::string& then) const;
  // A cube (RW-20), with none left in her supply: all on her cards, 3 on each.
  Violation no_cube_left(int seat, const std::string& then) const;
  std::string threshold_words() const;
  std::string not_in_hand(int seat, int card) const;
  bool challenge_slot_free(int seat) const;     // one of her 3 challenge slots is empty (RW-19)
  std::string step_words(const Step& t) const;  // what a pending step asks for, and how it is written  // "4 or more" or "all 6" (RW-12), without consulting it  // a move that ends the turn whose window is open
  bool may_use_mushroom() const;
  bool mushroom_window() const;  // after her take, a mushroom of hers has a die to work on (RW-10)
  // She holds a card that may be played or placed after her take (RW-14's timing, the catalog's).
  bool holds_card_for_after_take() const;
  // `card`'s timing lets it be played or placed from hand now (in her turn, nothing waiting).
  bool card_time_now(int card) const;
  bool after_take_card(int card) const;  // a card of the catalog whose timing allows it after the take
  bool holds(int seat, int card) const;  // in her hand, or (table logs) may be among her face-down cards
  std::optional<Step> top() const;
  void push(const Step& s) { pending_.push_back(s); }
  // Its bonuses, the first one next; `of_action`: they are the take's action, `of_ability`: the
  // special ability's (RW-13).
  void push_effect(std::span<const Bonus> e, bool of_action = false, bool of_ability = false,
                   Step::From from = Step::From::unknown, int from_index = -1);
  // What gave a cube_any step's cube, for RW-20's refusal: "of the Caterpillar icon on space 7".
  std::string cube_source(const Step& t) const;
  // The bonuses of Caterpillar icons, in path order, each with its space.
  void push_icons(std::span<const Bonus> icons, std::span<const int> spaces, bool of_action);
  void bonus(const Step& effect);  // resolves or pushes the bonus of an effect step
  void resolve_auto();                // steps that need no decision
  bool needs_decision(const Step& s) const;
  void after_step();
  void close_turn();
  // RW-26's 'player-chooses': whether her kept token waits for one of the soldiers she is
  // summoning, and that summoning ended (by any entry but a soldier): the token under the first.
  bool summoning_open() const { return summoning_waits_; }
  void close_summoning();
  // The seat whose turn follows the current one, or -1 when the round ends (close_turn()).
  int next_seat() const;
  // Sets only the mutable turn fields above: check_player() relies on it.
  void start_turn(int seat);
  void end_round();
  void gain_mushrooms(int seat, int n);
  // A soldier from her supply to `a`, `trained` if the entry says so (`soldier trained AREA`). A
  // kept upgrade token goes under one of the soldiers she summons now (RW-26): under 'first-soldier'
  // the first, by itself; under 'player-chooses' the one marked trained, or the first if she marks
  // none (placed with the last of them). `placed_now`: the soldiers she places now, this one first.
  void summon(int seat, Area a, bool trained, int placed_now);
  void move_rabbit(int seat, int spaces);
  // The Caterpillar's marker `spaces` on, its icons passed and landed on to pay (RW-22 to RW-24).
  // `of_ability`: the special ability's move; written before its take's Caterpillar action has
  // begun, it comes before the action's move (RW-13), so the icons of both pay as one move's.
  void move_caterpillar(int seat, int spaces, bool of_action = false, bool of_ability = false);
  void met_end(int seat);
  void gain_hatter(int seat, int card);  // a drawn card: to hand, or a settle step
  void complete_check(int seat, int slot);
  int draw_card(Deck d);  // seeded games: the deck's top card
  void compute_result();
  template <class Add>
  void score_sources(int seat, Add add) const;  // breakdown's sources, each label a callable
  bool modifier(int seat, Modifier::Kind k, int* by = nullptr) const;
  std::vector<Move> chance_moves() const;
  std::vector<Move> decision_moves() const;
  void free_moves(std::vector<Move>& out) const;
  Violation refuse(const char* rule, std::string message, std::vector<Fact> facts = {},
                   bool possible = true) const;

  const Catalog* catalog_;
  bool open_ = true;
  std::array<int, 3> hidden_out_{};  // table logs: cards of each deck out of it but not yet known
  // Shared by the copies a look-ahead makes: the names never change once the game is set up.
  std::shared_ptr<const std::vector<std::string>> names_;
  // Inline (at most kMaxPlayers seats, a few steps): a State copies without allocating them.
  boost::container::small_vector<Player, kMaxPlayers> players_;
  std::array<Dice, kAreas> board_{};
  std::array<int, kCheshireSlots> cheshire_{-1, -1, -1, -1};
  bool objective_deck_ = false;
  // Decks: cards left by catalog index (unseeded), or in order, top last (seeded).
  std::array<PerCard, 3> left_;   // count per card
  std::array<PerCard, 3> order_;  // seeded: the deck, top last
  // Unseeded: the Alice challenge cards put back at the bottom of the deck (RW-19), the first
  // put back first. They are under every card of the deck not known, so none of them is its
  // top card until those are gone.
  PerCard challenge_bottom_;
  PerCard hatter_discard_;  // count per card
  std::array<int, kAreas> jabberwock_left_{};
  boost::container::small_vector<Area, 24> jabberwock_order_;  // seeded, top last
  std::optional<Rng> rng_;
  boost::container::small_vector<Move, kMaxPlayers> seeded_rolls_;  // seeded games: this round's roll of each seat
  std::optional<Area> jabberwock_;
  Phase phase_ = Phase::jabberwock;
  boost::container::small_vector<bool, kMaxPlayers> rolled_;
  int round_ = 1, first_ = 0, moves_ = 0;
  // Whose turn it is and how far it has gone, the fields start_turn() sets. Mutable so that
  // check_player() can look past a turn's end that only passes to the next seat by setting
  // them and putting them back, instead of copying the whole State.
  mutable int current_ = -1;
  mutable bool took_ = false, action_started_ = false, ability_due_ = false;
  bool caterpillar_action_ = false;         // this turn's take is a Caterpillar move (RW-13's ability before it)
  mutable bool ability_triggered_ = false;  // this turn's take triggered her special ability
  Dice last_take_{};                        // this turn's take, for messages
  Area last_area_ = Area::hatter;
  // The turn closed last in this round, for messages: whose, and whether her take triggered her
  // special ability (a move of hers just after it is told why her turn is over).
  int last_seat_ = -1;
  bool last_triggered_ = false;
  boost::container::small_vector<Step, 4> pending_;  // the next step last
  int upgrade_tokens_ = 0;
  // While an entry is applied: what is left of its `rabbit` cap (-1: none), and the free spaces
  // White Rabbit moves have gone (RW-15).
  int rabbit_cap_ = -1, rabbit_moved_ = 0;
  // While an entry is applied: the Caterpillar spaces whose icons it declines (RW-25), and those
  // whose icons it has set off, declined or not.
  std::uint64_t declined_cap_ = 0, icons_set_off_ = 0;
  // Whether the current player's kept token waits for a later soldier of her summoning (RW-26's
  // 'player-chooses'): a flag, not a look at her pieces, since every entry asks it.
  bool summoning_waits_ = false;
  std::vector<int> scores_, winners_;
  std::string tie_break_;
  Readings readings_;
};

static_assert(GameState<State>);

}  // namespace wonderlog::rolling
