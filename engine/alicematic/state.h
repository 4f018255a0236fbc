// AlicematiC Heroes, 3 to 5 players (rulebook ../shared/seeds/000_c8925b8b98405614.txt and
// starting guide 001_71febdab01fbdc76.txt; rulings AH-n in docs/games/alicematic-heroes.md).
// Card effects come from the catalog (effects.h): face-up Alices' modifiers change invasions,
// abilities that happen by themselves are applied with the event that triggers them, abilities
// a player chooses to use are `use` entries, end-of-game ones count in the final scoring
// (AH-27; state_effects.cc).
//
// The state is what the record knows. Hands are secret: an open log (`hands: open`) names
// every card dealt, drawn, discarded and played face down, and the state then knows every
// card outside the deck; a table log names only the Alices summoned face up, and the state
// keeps hand sizes and checks each shown card against the copies the catalog holds (AH-12).
// With a seed, an open log's deck order is known too (AH-26).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "engine/alicematic/board.h"
#include "engine/alicematic/catalog.h"
#include "engine/core/game.h"
#include "engine/core/readings.h"
#include "engine/core/rng.h"
#include "engine/core/violation.h"

namespace wonderlog::alicematic {

inline constexpr int kRounds = 14;
inline constexpr int kHandSize = 5;
inline constexpr int kSlotCards = 4;
inline constexpr int kMaxPlayers = 5;
inline constexpr int kMaxSpaces = 26 * kTileSpaces;  // positions a-z
// The sizes a State's lists are held in place up to (larger ones are allocated): the spaces
// of the largest standard map (13 tiles), and the standard catalog's card kinds with room.
inline constexpr int kUsualSpaces = 13 * kTileSpaces;
inline constexpr int kUsualCardKinds = 48;

// A few cards named in one move: a hand dealt, cards discarded, cards drawn.
// Cards named by a move, in order: up to 8 without allocating, any number in all (a blue
// bonus draws as many cards as the blue slot holds; a catalog may draw up to 20 at once).
struct CardList {
  boost::container::small_vector<std::int8_t, 8> cards;
  int size() const { return static_cast<int>(cards.size()); }
  void push(int card) { cards.push_back(static_cast<std::int8_t>(card)); }
  friend bool operator==(const CardList&, const CardList&) = default;
};

struct Move {
  enum class Kind : std::uint8_t { deal, mulligan, city, summon, commoner, draw, invade, attack, pass, use };
  Kind kind = Kind::pass;
  std::uint8_t seat = 0;
  std::int8_t card = -1;             // summon; commoner in an open log (-1: not named); use: the Alice used
  std::int8_t target = -1;           // use: the Alice an effect acts on ('on Ninja'), -1 none
  bool target_slot_named = false;    // use: a slot follows the target ('on Hunter red')
  Colour target_slot = Colour::red;
  std::int8_t victim = -1;           // use: the player a token is taken from ('from Nina')
  std::int8_t token = -1;            // use: the token given in a swap ('use Chinese red')
  Colour slot = Colour::red;         // summon, commoner
  std::int16_t space = -1;           // city, invade, attack
  std::array<std::uint8_t, kResources> pay{};  // tokens paid: red, yellow, green
  std::uint8_t discards = 0;         // mulligan in a table log: how many
  CardList named;                    // deal: the hand; mulligan in an open log: the discards
  CardList drawn;                    // open logs: the cards drawn
  CardList declined;                 // summon, commoner, invade, use: Alices whose by-itself effect is declined (AH-27)
  bool draws_named = false;          // whether the move names its draws (open logs)
  // 'draws 1': how many of a blue space's bonus cards were drawn, written as a count (a table
  // log; 'draws 0' in an open log), under AH-22's reading 'up-to'; -1 when not written.
  std::int8_t draw_count = -1;
  friend bool operator==(const Move&, const Move&) = default;
};

struct Setup {
  const Catalog* catalog = nullptr;
  std::vector<std::string> names;  // seat order, the start player first
  std::vector<int> kingdoms;       // per seat, an index into catalog->kingdoms
  std::optional<Board> board;
  bool open = false;                       // `hands: open`
  std::optional<std::uint64_t> deck_seed;  // open logs with a seed: the deck's order (AH-26)
  Readings readings;                       // all defaults unless the table agreed otherwise
};

// One card in a Kingdom's slot: an Alice face up, or a Commoner (card -1 when unknown).
struct SlotCard {
  std::int8_t card = -1;
  bool face_up = false;
  std::int8_t copied = -1;  // a face-up Alice whose effect she has taken on (copy-effect), -1 none
  int effect() const { return copied >= 0 ? copied : card; }
};
// A Kingdom's slot: at most kSlotCards cards, held in place (the State is copied to look ahead).
using Slot = boost::container::small_vector<SlotCard, kSlotCards>;

// One face-up Alice's ability in force: her own card, the card whose effect she has (a copy's
// source or herself), and the ability in that card's catalog entry.
struct ActiveAbility {
  int own = -1, effect = -1;
  const Ability* ability = nullptr;
};
// A Kingdom's abilities in force, held in place up to a few: gathered again whenever a card
// enters a Kingdom, and copied with the State (session 59).
using ActiveAbilities = boost::container::small_vector<ActiveAbility, 8>;

// An end-of-game effect's points for one player (AH-46 to AH-48).
struct EffectScore {
  int card = -1, points = 0;
  std::string why;  // "2 for every 3 yellow spaces: 4 held"
};

// The disputes (rulings with readings), in the order of the rulings.
enum class Dispute {
  invasion_step /* AH-13 */,
  commoner_turn /* AH-14 */,
  payment /* AH-15 */,
  distance /* AH-16 */,
  held_attack /* AH-17 */,
  flip /* AH-18 */,
  own_city /* AH-21 */,
  blue_bonus /* AH-22 */,
  tile_majority /* AH-23 */,
  colour_scoring /* AH-24 */,
  by_itself /* AH-27 */,
  use_time /* AH-28 */,
  flip_time /* AH-31 */,
  played_again /* AH-35 */,
  own_entering /* AH-36 */,
  most_alices /* AH-47 */
};
enum class InvasionStep { not_skipped, pass_allowed };
enum class CommonerTurn { commoner_invades, commoner_ends_turn };
enum class BlueBonus { all_drawn, up_to };
enum class Payment { exact_lack, overpay_allowed };
enum class Distance { cheapest_route, closest_city };
enum class HeldAttack { held_may_be_attacked, held_direct_only };
enum class ByItself { declinable, automatic };
enum class Flip { free_flip_full_bonus, free_flip_no_bonus, power_needed };
enum class OwnCity { allowed, refused };
enum class TileMajority { all_tokens, invaded_only };
enum class ColourScoring { by_slot, by_card_colour };
enum class MostAlices { tie_included, strictly_most };
enum class PlayedAgain { each_alice, once_in_force };
enum class OwnEntering { counts_herself, later_cards_only };
enum class FlipTime { after_attack, before_invasion };
enum class UseTime { before_invasion_entry, after_invasion_too, any_turn };

// Everything an invasion's verdict rests on, for validate() and for `wonderlog explain`.
struct Invasion {
  enum class Target : std::uint8_t { free, own_attack, other_attack, held, city, forest, unusable };
  Target target = Target::free;
  bool flip_needs_power = false;  // own_attack under AH-18's 'power-needed': judged like any invasion
  int space = -1;
  int holder = -1;             // held spaces (and forests): who holds it
  bool connected = false;      // held: whether it connects to a City of the holder (AH-20)
  int military_needed = 0, military_cards = 0;
  int mobility_needed = 0, mobility_cards = 0;  // -1 needed: no path (AH-16)
  bool city_tile = false;      // on a tile where the invader has a City: no Mobility needed
  // Where AH-16's readings need different Mobility here: the other reading's figure (traced
  // assessments only), else -1.
  int mobility_other_reading = -1;
  bool closest_city_route = false;  // `path` is the closest City's route (AH-16's 'closest-city')
  bool from_invaded = false;        // counted from any space she has invaded (Astronaut, AH-41)
  std::vector<int> path;       // from one of the invader's Cities to the target
  std::vector<int> enemy;      // spaces on the path held by other players (+1 each)
  std::vector<int> blocking;   // Mystic Forests beside the path that could not be passed
  Colour bonus_colour = Colour::red;
  int bonus_full = 0, bonus = 0;  // before and after halving a stolen space's bonus
  int forest_size = 0, strongest = 0;  // forests: the group's surrounding spaces; the most held by one player
  int invader_around = 0;              // forests: how many of them the invader holds
  std::array<int, kMaxPlayers> around{};  // forests: how many of them each player holds
  int unheld_around = 0;               // forests: surrounding spaces nobody has invaded
  // Card effects in force for the invader: how they change the numbers above.
  int difficulty = 0;                  // the printed difficulty, before modifiers
  int military_extra = 0;              // Military Power from effects this turn (add-military)
  int yellow_as_red = 0;               // yellow tokens she may still pay as red this round (token-use)
  bool forest_unsurrounded = false;    // her forest invasions need no surrounding (forest-invasion)
  std::vector<std::string> effects;    // "Ninja: City difficulty -1 (minimum 0): 3 -> 2", for explain
  std::vector<std::string> mobility_effects;  // "Astronaut: distance counted from ...", for explain
};

// "1 card", "3 cards": a number with its noun, for messages.
std::string count_of(int n, std::string_view one, std::string_view many);

// One tile's final scoring from its invaded tokens and the players' Alices (AH-23).
struct TileAward {
  enum class Why : std::uint8_t { none, most, second, first_on_alices, second_on_alices, tied };
  std::array<int, kMaxPlayers> points{};
  std::array<Why, kMaxPlayers> why{};
  bool tie_for_second = false;  // a tie for second that gave nothing
};
TileAward award_tile(const std::array<int, kMaxPlayers>& tokens, const std::array<int, kMaxPlayers>& alices,
                     int players);
// One slot colour's points from the Alices sitting in that slot (AH-24).
std::array<int, kMaxPlayers> award_colour(const std::array<int, kMaxPlayers>& alices, int players);

// The final scoring of one tile (AH-23).
struct TileScore {
  int position = 0;
  std::array<int, kMaxPlayers> tokens{}, points{};
  std::string how;  // "Nina 6 (most tokens), Arthur 3 (second most tokens)", or "no tokens"
};

class State {
 public:
  explicit State(Setup setup);
  // Why a set-up cannot be used (kingdoms, layout), or nullopt.
  static std::optional<Violation> check(const Setup& setup);

  std::optional<Violation> validate(const Move& m) const;
  void apply(const Move& m);
  // The Alices (their own cards, in the Kingdom) whose effects `move` sets off by itself: a
  // summoned or revealed Alice's, a card entering a slot, an invaded space (AH-27, AH-35..AH-40).
  // Requires validate(move) to pass without the move's declines.
  std::vector<int> by_itself(const Move& move) const;
  // The cards a blue space's bonus gives the move (an invasion or a flip, Jet's too, as many as
  // are left to draw), or -1 for a move that takes no blue bonus.
  int blue_bonus_of(const Move& m) const;
  std::vector<Move> legal_moves() const;
  // The readings in force, and which disputes this state has consulted.
  const Readings& readings() const { return readings_; }
  void set_readings(const Readings& readings) { readings_ = readings; }
  // The reading in force for a dispute, noting that it was consulted.
  template <class Reading>
  Reading reading(Dispute d) const {
    return static_cast<Reading>(readings_.consult(static_cast<int>(d)));
  }

  // Inline: asked before every entry is read (a call cost up to 1% of a game's instructions).
  Actor to_move() const {
    if (phase_ == Phase::over) return Actor::nobody();
    if (phase_ == Phase::deal) return Actor::chance();
    return Actor::player(seat_);
  }
  bool is_over() const { return phase_ == Phase::over; }
  std::vector<int> scores() const;
  std::vector<int> winners() const;

  // after_attack: her attack has just placed an 'under attack' token and she holds an effect
  // that can flip it (Jet): she may still use it (AH-31), or the next entry ends her turn.
  enum class Phase : std::uint8_t { deal, mulligan, cities, politics, invasion, after_attack, over };
  Phase phase() const { return phase_; }
  // After an attack (Phase::after_attack): the space attacked, whose token a `use` may flip; -1
  // when the moment follows an invasion or a pass (AH-28's reading 'after-invasion-too').
  int attacked_space() const { return phase_ == Phase::after_attack ? window_space_ : -1; }
  // Under AH-14's reading 'commoner-ends-turn', her turn is over once her Commoner is played,
  // though its end waits, like an attack's (AH-31), for whatever comes next: the position stays
  // the one both readings share, and only what follows it is judged by the reading.
  bool commoner_ended_turn() const {
    return phase_ == Phase::invasion && commoner_seat_ == seat_ &&
           reading<CommonerTurn>(Dispute::commoner_turn) == CommonerTurn::commoner_ends_turn;
  }
  bool window_open() const { return phase_ == Phase::after_attack || commoner_ended_turn(); }
  // Whether an entry of `seat` may be a `use` in the turn left open (AH-28's 'any-turn', by
  // chosen(), not consulted): a player other than the one to move and the next, whose entry would
  // begin her own turn (unless the open turn is the game's last). Such an entry does not end it.
  bool may_use_in_open_turn(int seat) const;
  // Whether the last entry was a Commoner of the player to move, noting AH-14 as consulted (what
  // may follow is its question).
  bool just_played_commoner() const {
    if (commoner_seat_ < 0 || commoner_seat_ != seat_) return false;
    reading<CommonerTurn>(Dispute::commoner_turn);
    return true;
  }
  // Ends the turn an attack left open for a flip (AH-31), or a Commoner ended (AH-14): the next
  // player's entry, a round line or the end of the log does. Nothing otherwise. validate() and
  // apply() do it themselves for any other player's move; a replay calls it where the log moves
  // on without one.
  bool close_window();  // whether a turn was left open, and is now ended
  int round() const { return round_; }
  int players() const { return static_cast<int>(names_.size()); }
  const std::string& name(int seat) const { return names_[seat]; }
  const std::string& kingdom(int seat) const { return catalog_->kingdoms[kingdoms_[seat]]; }
  const Catalog& catalog() const { return *catalog_; }
  const Board& board() const { return *board_; }
  bool open() const { return open_; }
  bool deck_known() const { return deck_known_; }

  // The table.
  int holder(int s) const;  // a non-City space's invaded token, -1 none
  int attacker(int s) const { return attacker_[s]; }
  int tokens_on(int s, int seat) const { return held_[s][seat]; }  // invaded tokens (Cities: several)
  int city_room(int s) const;
  // Who holds each space around a forest group: "d0 Arthur and Dinah, d2 Arthur, h5 -".
  std::string around_forest(int group) const;
  const Slot& slot(int seat, Colour c) const { return slots_[seat][static_cast<int>(c)]; }
  int slot_size(int seat, Colour c) const { return static_cast<int>(slot(seat, c).size()); }
  int alices(int seat) const;                     // face-up Alices in the Kingdom
  int alices_in(int seat, Colour slot) const;     // face-up Alices sitting in a slot (AH-24)
  int hand_size(int seat) const { return hand_total_[seat]; }
  int hand_unknown(int seat) const { return hand_unknown_[seat]; }
  int hand_count(int seat, int card) const { return hand_[seat][card]; }  // known copies
  int resource(int seat, Resource r) const { return resources_[seat][static_cast<int>(r)]; }
  int bank(Resource r) const { return bank_[static_cast<int>(r)]; }
  int points(int seat) const { return points_[seat]; }  // gained in play, before the final scoring
  // Where a player's points in play came from, in the order gained.
  struct Gain {
    int round = 0, space = -1, points = 0;
    bool halved = false;  // a stolen space's bonus (AH-20)
    int card = -1;        // points from a card effect (Adventurer), -1: the space's bonus
  };
  const std::vector<Gain>& gains(int seat) const { return gains_[seat]; }
  int tokens_left(int seat) const { return tokens_left_[seat]; }
  int deck_size() const { return deck_size_; }
  int discard_size() const { return discard_size_; }
  int face_up_copies(int card) const { return face_up_[card]; }
  bool mulliganed(int seat) const { return mulliganed_[seat]; }
  // Cards a draw of n would bring (the discards reshuffled when the deck runs out, AH-11).
  int drawable(int n) const { return std::min(n, deck_size_ + discard_size_); }

  // The rules' measurements.
  Invasion assess(int seat, int space) const;
  // assess() with the Mobility search stopped beyond `mobility_limit` (mobility_needed is then
  // limit + 1; a limit of -1 skips the search), and the path traced only if `trace`: what
  // validation needs, fast.
  Invasion assess(int seat, int space, int mobility_limit, bool trace) const;
  // What taking `space` gives and from whom: assess()'s target, holder and bonus (AH-17, AH-18,
  // AH-21, AH-22), without what judges the invasion (powers, connection, Mobility). What
  // apply() needs of an invasion that validate() has judged.
  Invasion spoils(int seat, int space) const;
  bool connected(int seat, int space) const;  // to a City of `seat`, through her spaces (AH-20)
  // The Alice whose effect counts all of `seat`'s spaces as connected ("Gunslinger", "Wiccan as
  // Gunslinger", AH-39), "" if none.
  std::string connection_effect(int seat) const;
  bool is_city_of(int seat, int s) const { return Board::is_city(s) && held_[s][seat] > 0; }
  bool forest_open(int group) const;          // every surrounding space invaded (AH-19)
  std::vector<TileScore> tile_scores() const;
  std::array<int, kMaxPlayers> colour_points(Colour slot) const;  // (AH-24)
  // Whether Alices are counted by their own colour (AH-24's 'by-card-colour', asked only while
  // an Alice sits in another colour's slot), and colour_points() so counted or by slot.
  bool counts_by_card_colour() const;
  std::array<int, kMaxPlayers> colour_points(Colour slot, bool by_card) const;
  int final_points(int seat) const;

  // Card effects.
  // The abilities in force in a Kingdom, in slot order; identical Alices count once unless the
  // ability stacks (AH-29).
  const ActiveAbilities& active(int seat) const { return active_[seat]; }
  bool has_modifier(int seat, Modifier::Kind kind) const;
  // End-of-game effects (AH-46 to AH-48). Without `worded`, each `why` is left empty: the
  // verifier sums the points of every game it checks and shows the wording only in a report.
  std::vector<EffectScore> effect_scores(int seat, bool worded = true) const;
  // How many more times this round `seat` may use the each-round ability of `own` (with the
  // effect of `effect`), or the token-use modifier.
  int uses_left(int seat, int own, int effect, const Ability& a) const;
  // The ability a `use` entry calls on, with the slot card that has it; nullopt if none.
  struct Used {
    int slot = -1, index = -1;
    ActiveAbility active;
  };
  std::optional<Used> find_use(const Move& m) const;

  // Editing a position directly, for tests and the rulebooks' worked examples: these bypass
  // the rules (no costs, no checks) and are never used by a replay.
  void edit_token(int space, int seat, bool invaded);  // invaded, or 'under attack'
  void edit_card(int seat, Colour slot, int card, bool face_up);
  void edit_resources(int seat, Resource r, int n);
  void edit_turn(int round, int seat, Phase phase);

 private:
  std::optional<Violation> validate_politics(const Move& m) const;
  std::optional<Violation> validate_invasion(const Move& m) const;
  std::optional<Violation> validate_use(const Move& m) const;
  std::optional<Violation> validate_after_attack(const Move& m) const;
  std::vector<Move> flips_after_attack() const;  // the uses that flip the token just placed
  // Whether she has an effect in force that flips a token and may be used now: an attack leaves
  // her turn open for it (flips_after_attack() then says which uses are valid).
  bool may_flip_after_attack() const;
  // Whether her turn stays open after her Invasion entry for her effects (AH-28's readings
  // 'after-invasion-too' and 'any-turn'): she has an effect she chooses to use with a use left
  // this round. Consults AH-28 only then.
  bool uses_after_invasion() const;
  // Whether `m` is a `use` in another player's turn: by a player other than the one to move, in a
  // round, and not the next player's entry that ends a turn left open (that one begins her own
  // turn, AH-31). Only AH-28's reading 'any-turn' accepts one (validate_off_turn()).
  bool off_turn(const Move& m) const {  // inline: asked of every entry, and most are not a `use`
    return m.kind == Move::Kind::use && m.seat != seat_ && off_turn_use(m);
  }
  bool off_turn_use(const Move& m) const;  // off_turn() for another player's `use`
  // A round is being played: a turn's Politics, Invasion, or the moment after it left open.
  bool in_round() const {
    return round_ >= 1 && (phase_ == Phase::politics || phase_ == Phase::invasion || phase_ == Phase::after_attack);
  }
  // The game's last turn: no turn of the next player's is left for her entry to begin.
  bool last_turn() const { return round_ == kRounds && seat_ == players() - 1; }
  // An each-round effect used in another player's turn, under AH-28's 'any-turn'.
  std::optional<Violation> validate_off_turn(const Move& m) const;
  // Every `use` of another player than the one to move that 'any-turn' accepts here; none under
  // the other readings (listed by chosen(), not consulted).
  std::vector<Move> off_turn_uses() const;
  // The position once the turn left open (an attack's flip, AH-31; a Commoner under AH-14's
  // 'commoner-ends-turn') has ended: the next turn's start, on a copy.
  State next_turn() const;
  // A move judged, or the moves listed, as the next turn's; what the copy consults is noted here.
  std::optional<Violation> validate_as_next_turn(const Move& m) const;
  std::vector<Move> next_turn_moves() const;
  // Ends her Invasion step after an invasion or a pass: the turn, or (uses_after_invasion())
  // the moment after it where her effects may still come.
  void leave_invasion();
  void apply_use(const Move& m);
  std::vector<Move> uses(int seat) const;
  void gain(int seat, int effect, const Step& s, int space);  // a gain-tokens or gain-points step
  void run_by_itself(int seat, int own, int effect, const Ability& a, int space);
  void revealed(int seat, int own, int effect);  // the played-or-revealed abilities of card `effect`
  // card-enters-slot abilities, as a card enters `slot`; `summoned` is the Alice summoned there
  // (-1 for a Commoner): under AH-36's 'later-cards-only' her own such ability is not set off.
  void card_entered(int seat, Colour slot, int summoned);
  void invaded_space(int seat, int space);               // invades abilities
  void gain_bonus(int seat, int space, const Invasion& inv, const Move& m);
  void count_use(int seat, int own, int effect, int n);
  // The verdict on an invasion entry from an assessment of its space; its messages quote the
  // assessment's numbers, so a refusal is worded from the full one.
  std::optional<Violation> judge_invasion(const Move& m, const Invasion& inv) const;
  std::optional<Violation> check_draws(const Move& m, int n) const;
  // A blue space's bonus of `n` cards: drawn whole (check_draws), or in part under AH-22's
  // reading 'up-to'; bonus_drawn() is how many the move draws.
  std::optional<Violation> check_bonus_draws(const Move& m, int n) const;
  // A flip's draws where AH-18's 'free-flip-no-bonus' gives it no bonus: refused, or nullopt.
  std::optional<Violation> flip_without_bonus(const Move& m, const Invasion& inv) const;
  int bonus_drawn(const Move& m, int n) const;
  std::optional<Violation> take_from_hand(int seat, int card, const char* rule) const;
  void remove_from_hand(int seat, int card);
  void draw(int seat, int n, const Move& m);
  void end_turn();
  void place(int seat, int s);
  bool can_act_in_invasion(int seat) const;
  std::vector<Move> invasions(int seat) const;
  void fill_draws(Move& m, int n) const;  // names the draws where the record knows them
  CardList upcoming(int n) const;  // every invade and attack validate() accepts
  void mobility(int seat, int target, int limit, bool trace, Invasion& out) const;
  void closest_city(int seat, int target, int fewer, std::span<const std::int16_t> seeds, int limit,
                    std::array<std::int16_t, kMaxSpaces>& prev, Invasion& out) const;
  bool connected_by_paths(int seat, int space) const;  // connected() without a connection effect
  // The refusal of taking `space`, which `holder` holds and which is connected (AH-20), or
  // counts as connected through her Gunslinger (AH-39); `what` ends the message ("it cannot be
  // taken").
  Violation held_and_connected(int space, int holder, const std::string& what) const;
  std::vector<int> count_scores() const;
  std::array<int, kMaxPlayers> tile_tokens(int position) const;  // per seat, on one tile (AH-23)

  const Catalog* catalog_;
  // Shared by the copies a look-ahead makes (by_itself): the board never changes once laid out.
  std::shared_ptr<const Board> board_;
  std::vector<std::string> names_;
  std::vector<int> kingdoms_;
  bool open_ = false, deck_known_ = false;
  Phase phase_ = Phase::mulligan;
  int round_ = 0, seat_ = 0, picks_ = 0;
  int window_space_ = -1;  // Phase::after_attack: the space just attacked
  // The seat that played a Commoner in the last entry, until the next entry: what follows is
  // AH-14's question (commoner_ended_turn()), and a refusal of it names AH-14.
  int commoner_seat_ = -1;
  // The seat whose empty-hand draw in the last entry ended her turn (AH-10), until the next
  // entry: an entry of hers right after it is told why her turn is over.
  int drew_seat_ = -1;

  // The lists below are per seat, per space or per card kind, held in place up to their usual
  // sizes: the verifier makes a State for every game and copies it for look-aheads, and their
  // two dozen allocations were about 2% of AlicematiC's instructions (session 59).
  template <class T>
  using PerSeat = boost::container::small_vector<T, kMaxPlayers>;
  template <class T>
  using PerSpace = boost::container::small_vector<T, kUsualSpaces>;
  template <class T>
  using PerKind = boost::container::small_vector<T, kUsualCardKinds>;
  PerSpace<std::array<std::uint8_t, kMaxPlayers>> held_;  // invaded tokens per seat
  PerSpace<std::int8_t> attacker_;                        // the under-attack token's seat
  PerSeat<std::array<Slot, kSlots>> slots_;
  PerSeat<PerKind<std::uint8_t>> hand_;  // known copies per card kind
  PerSeat<int> hand_unknown_, hand_total_;
  PerSeat<std::array<int, kResources>> resources_;
  std::array<int, kResources> bank_{};
  PerSeat<int> points_, tokens_left_;
  PerSeat<std::vector<Gain>> gains_;
  // Each-round abilities and token uses this round, per seat: (own card * 128 + effect card, uses).
  PerSeat<std::vector<std::pair<int, int>>> used_;
  PerSeat<int> military_extra_;  // per seat, this turn (add-military)
  // Per seat, what her face-up Alices' effects can do, kept as Kingdoms change: most
  // invasions are judged with no effect in force, and then cost nothing extra.
  struct Powers {
    std::uint16_t modifiers = 0;  // a bit per Modifier::Kind
    bool invades = false, enters = false;
    bool chooses = false;  // an effect she uses by choice ('use' entries)
  };
  PerSeat<Powers> powers_;
  PerSeat<ActiveAbilities> active_;  // per seat: active(), kept with powers_
  void refresh_powers(int seat);
  std::vector<int> final_scores_;  // once the game is over
  PerSeat<bool> mulliganed_;
  PerKind<int> face_up_;     // per card kind: face-up Alices in Kingdoms
  PerKind<int> outside_;     // per card kind: copies the record knows outside the deck
  PerKind<int> discards_;    // per card kind: known discards (open logs)
  int deck_size_ = 0, discard_size_ = 0;
  std::vector<std::int8_t> deck_;  // known order, top last (open logs with a seed)
  Rng rng_{0};
  Readings readings_;
  // While apply() runs: the Alices whose by-itself effects the move declines; by_itself()'s copy
  // records instead of declining.
  const CardList* declined_ = nullptr;
  std::vector<int>* set_off_ = nullptr;
  // validate() without the move's declines; apply() once they are in place.
  std::optional<Violation> validate_move(const Move& m) const;
  void apply_move(const Move& m);
  std::vector<Move> plain_moves() const;  // legal_moves() without declines
};

}  // namespace wonderlog::alicematic
