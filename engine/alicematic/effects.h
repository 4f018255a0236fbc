// The Alices' Card Effects as data (docs/games/alicematic-heroes.md, "Card effects"): each
// catalog card lists its abilities in a small vocabulary of triggers, steps, modifiers and
// end-of-game scores, which State interprets. Nothing here knows a card by name: a user who
// corrects a card's entry in her catalog changes what the engine does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace wonderlog {
class CatalogReader;
}

namespace wonderlog::alicematic {

enum class Colour : std::uint8_t;
enum class Resource : std::uint8_t;

// When an ability happens.
enum class Trigger : std::uint8_t {
  played_or_revealed,  // by itself, when the Alice is summoned or turned face up
  flip,                // the player turns this Alice face down to use it (a `use` entry)
  each_round,          // the player uses it up to `times` times each round (a `use` entry)
  always,              // a modifier, on while the Alice is face up
  end_of_game,         // points in the final scoring
  card_enters_slot,    // by itself, whenever a card enters the player's `slot`
  invades,             // by itself, when the player's invasion of a `space` colour succeeds
};

// One thing an ability does, in order.
struct Step {
  enum class Kind : std::uint8_t {
    gain_tokens,     // count tokens of `token` from the bank (what is left of it, AH-22)
    gain_points,     // count Victory Points
    pay_tokens,      // count tokens of `token` back to the bank
    swap_token,      // 1 token of the player's choice back to the bank, 1 of `token` from it
    steal_token,     // 1 token of `token` from another player (nothing if no one has one)
    draw,            // count cards
    discard,         // count cards from hand
    flip_marker,     // 1 of the player's 'under attack' tokens to its invaded side
    flip_card_down,  // another face-up Alice of the player's turned face down
    flip_card_up,    // a face-down card in the player's Kingdom turned face up
    copy_effect,     // this Alice takes on another face-up Alice's effect
    add_military,    // count Military Power for the player's invasion this turn
  };
  Kind kind = Kind::gain_tokens;
  int count = 1;
  Resource token{};
  std::vector<std::string> except;     // copy_effect: Alices she may not copy, by name
  std::vector<std::string> except_at;  // where each is written (file:line:col), for load errors
  std::vector<int> except_cards;       // the same, as catalog indices once every card is known
};

// An always-on change to the rules, for the Alice's owner.
struct Modifier {
  enum class Kind : std::uint8_t {
    difficulty,       // invasion difficulty of `of` spaces changed `by`, not below `minimum`
    connection,       // all the player's spaces count as connected to her Cities
    passage,          // her invasions may pass through Mystic Forests
    distance,         // distance counted from any space she has invaded
    forest_invasion,  // Mystic Forests may be invaded without being surrounded (majority still needed)
    token_use,        // `per_round` times each round, a `use` token counts as an `as` token
  };
  Kind kind = Kind::difficulty;
  Colour of{};
  int by = 0, minimum = 0, per_round = 0;
  Resource use{}, as{};
};

// End-of-game points.
struct Score {
  enum class Kind : std::uint8_t {
    per_spaces,       // `points` for every `per` spaces of colour `of` the player holds
    most_alices,      // `points` if she has the most Alices (ties included)
    tokens_at_least,  // `points` if she has `count` or more resource tokens
  };
  Kind kind = Kind::per_spaces;
  int points = 0, per = 1, count = 0;
  Colour of{};
};

struct Ability {
  Trigger when = Trigger::always;
  int times = 1;    // each_round
  Colour slot{};    // card_enters_slot
  Colour space{};   // invades
  bool stacks = false;  // identical Alices each apply it (Original)
  std::vector<Step> steps;  // played_or_revealed, flip, each_round, card_enters_slot, invades
  Modifier modifier;        // always
  Score score;              // end_of_game
};

std::string_view trigger_name(Trigger t);
// An ability's wording for messages: "flip this Alice: gain 3 green tokens".
std::string describe(const Ability& a);
// Whether the ability asks the player for a `use` entry (flip, each_round).
inline bool is_used(const Ability& a) { return a.when == Trigger::flip || a.when == Trigger::each_round; }

// Reads a card's `effects:` list; throws CatalogError at the offending node, naming the
// vocabulary entry expected. Copy targets are checked by the caller once every card is known.
std::vector<Ability> read_effects(const CatalogReader& r, const YAML::Node& list);
// The same list as YAML, in the form read_effects() reads (a catalog round trip).
YAML::Node write_effects(const std::vector<Ability>& abilities);

}  // namespace wonderlog::alicematic
