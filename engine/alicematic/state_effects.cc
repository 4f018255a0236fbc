// Card effects (AH-27 to AH-50): the catalog's abilities interpreted on a State. Nothing here
// names a card: what an Alice does is her catalog entry's `effects:`.
#include <algorithm>
#include <bitset>

#include <fmt/format.h>

#include "engine/alicematic/state.h"

namespace wonderlog::alicematic {

namespace {

Violation broken(const char* rule, std::string message, std::vector<Fact> facts = {}, bool possible = false) {
  return Violation{rule, std::move(message), std::move(facts), possible};
}

bool has_step(const Ability& a, Step::Kind k) {
  return std::any_of(a.steps.begin(), a.steps.end(), [k](const Step& s) { return s.kind == k; });
}

int use_key(int own, int effect) { return own * 128 + effect; }

}  // namespace

namespace {

// Into `out`, which keeps its capacity: refresh_powers runs after nearly every move.
void collect_active(const Catalog& catalog, const std::array<Slot, kSlots>& kingdom,
                    ActiveAbilities& out) {
  out.clear();
  std::bitset<256> seen;  // the cards met so far: only a card met again can be an identical Alice
  for (const auto& slot : kingdom)
    for (const SlotCard& c : slot) {
      if (!c.face_up) continue;
      const int eff = c.effect();
      const auto card = static_cast<std::uint8_t>(c.card);
      const bool again = seen.test(card);
      seen.set(card);
      for (const Ability& a : catalog.cards[eff].effects) {
        // Identical Alices (the same card with the same effect) apply an ability once (AH-29).
        const bool twice = again && std::any_of(out.begin(), out.end(), [&](const ActiveAbility& x) {
                             return x.own == c.card && x.effect == eff && x.ability == &a;
                           });
        if (twice && !a.stacks) continue;
        out.push_back(ActiveAbility{c.card, eff, &a});
      }
    }
}

}  // namespace

bool State::has_modifier(int seat, Modifier::Kind kind) const {
  return (powers_[seat].modifiers >> static_cast<int>(kind)) & 1;
}

void State::refresh_powers(int seat) {
  collect_active(*catalog_, slots_[seat], active_[seat]);
  // From the abilities in force: an identical Alice's, left out there, adds nothing here.
  Powers p;
  for (const ActiveAbility& x : active_[seat]) {
    const Ability& a = *x.ability;
    if (a.when == Trigger::always) p.modifiers |= static_cast<std::uint16_t>(1u << static_cast<int>(a.modifier.kind));
    p.invades = p.invades || a.when == Trigger::invades;
    p.enters = p.enters || a.when == Trigger::card_enters_slot;
    p.chooses = p.chooses || is_used(a);
  }
  powers_[seat] = p;
}

int State::uses_left(int seat, int own, int effect, const Ability& a) const {
  const int times = a.when == Trigger::each_round ? a.times : a.modifier.per_round;
  for (const auto& [key, n] : used_[seat])
    if (key == use_key(own, effect)) return std::max(0, times - n);
  return times;
}

void State::count_use(int seat, int own, int effect, int n) {
  for (auto& [key, used] : used_[seat])
    if (key == use_key(own, effect)) {
      used += n;
      return;
    }
  used_[seat].emplace_back(use_key(own, effect), n);
}

std::vector<EffectScore> State::effect_scores(int seat, bool worded) const {
  std::vector<EffectScore> out;
  for (const ActiveAbility& a : active(seat)) {
    if (a.ability->when != Trigger::end_of_game) continue;
    const Score& s = a.ability->score;
    EffectScore e;
    e.card = a.own;
    switch (s.kind) {
      case Score::Kind::per_spaces: {
        // Spaces she holds: invaded tokens, not 'under attack' ones (AH-46).
        int held = 0;
        for (int sp = 0; sp < board_->size(); ++sp)
          if (board_->space(sp).colour == s.of && held_[sp][seat]) ++held;
        e.points = s.points * (held / s.per);
        if (worded) e.why = fmt::format("{} for every {} {} spaces: {} held", s.points, s.per, colour_name(s.of), held);
        break;
      }
      case Score::Kind::most_alices: {
        int most = 0, at_most = 0;
        for (int p = 0; p < players(); ++p) most = std::max(most, alices(p));
        for (int p = 0; p < players(); ++p) at_most += alices(p) == most;
        const bool tied = at_most > 1;
        // AH-47: a tie for the most is the most, unless only strictly the most counts.
        const bool has_most = alices(seat) == most &&
                              !(tied && reading<MostAlices>(Dispute::most_alices) == MostAlices::strictly_most);
        e.points = has_most ? s.points : 0;
        if (worded)
          e.why = fmt::format("{} if she has the most Alices: {} of {}{}", s.points, alices(seat), most,
                              alices(seat) == most && tied ? ", tied" : "");
        break;
      }
      case Score::Kind::tokens_at_least: {
        int tokens = 0;
        for (int r = 0; r < kResources; ++r) tokens += resources_[seat][r];
        e.points = tokens >= s.count ? s.points : 0;
        if (worded) e.why = fmt::format("{} with {} or more resource tokens: {} held", s.points, s.count, tokens);
        break;
      }
    }
    if (worded && a.own != a.effect) e.why += fmt::format(", as {}", catalog_->cards[a.effect].name);
    out.push_back(std::move(e));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Abilities that happen by themselves

void State::gain(int seat, int effect, const Step& s, int space) {
  if (s.kind == Step::Kind::gain_tokens) {
    const int r = static_cast<int>(s.token);
    const int n = std::min(s.count, bank_[r]);  // what the bank has left (AH-49)
    bank_[r] -= n;
    resources_[seat][r] += n;
  } else if (s.kind == Step::Kind::gain_points) {
    points_[seat] += s.count;
    gains_[seat].push_back(Gain{round_, space, s.count, false, effect});
  }
}

void State::run_by_itself(int seat, int own, int effect, const Ability& a, int space) {
  if (set_off_) set_off_->push_back(own);
  if (declined_ && std::find(declined_->cards.begin(), declined_->cards.end(), own) != declined_->cards.end())
    return;  // declined at the table (AH-27's 'declinable')
  for (const Step& s : a.steps) gain(seat, effect, s, space);  // by-itself steps only gain (effects.cc)
}

void State::revealed(int seat, int own, int effect) {
  // AH-35: under 'once-in-force' an identical Alice already face up in her Kingdom (the same card
  // with the same effect, AH-29) means the one just played or revealed gives nothing. The card
  // itself is face up by now, so an identical one makes two.
  auto identical_face_up = [&] {
    int n = 0;
    for (const auto& slot : slots_[seat])
      for (const SlotCard& c : slot) n += c.face_up && c.card == own && c.effect() == effect;
    return n >= 2;
  };
  for (const Ability& a : catalog_->cards[effect].effects) {
    if (a.when != Trigger::played_or_revealed) continue;
    if (identical_face_up() && reading<PlayedAgain>(Dispute::played_again) == PlayedAgain::once_in_force) continue;
    run_by_itself(seat, own, effect, a, -1);
  }
}

void State::card_entered(int seat, Colour slot, int summoned) {
  if (!powers_[seat].enters) return;
  // AH-36: an ability in force only because the Alice just summoned has it is her own, set off
  // by her own entering: under 'later-cards-only' it counts only the cards placed after her. An
  // identical Alice already face up (AH-29) or a Wiccan's copy was in force before, and counts.
  auto only_herself = [&](const ActiveAbility& a) {
    if (a.own != summoned || a.effect != summoned) return false;
    int in_force = 0;
    for (const auto& cards : slots_[seat])
      for (const SlotCard& c : cards) in_force += c.face_up && c.card == summoned && c.effect() == summoned;
    return in_force == 1;
  };
  for (const ActiveAbility& a : active(seat))
    if (a.ability->when == Trigger::card_enters_slot && a.ability->slot == slot) {
      if (only_herself(a) && reading<OwnEntering>(Dispute::own_entering) == OwnEntering::later_cards_only) continue;
      run_by_itself(seat, a.own, a.effect, *a.ability, -1);
    }
}

void State::invaded_space(int seat, int space) {
  if (!powers_[seat].invades) return;
  const Colour c = board_->space(space).colour;
  for (const ActiveAbility& a : active(seat))
    if (a.ability->when == Trigger::invades && a.ability->space == c)
      run_by_itself(seat, a.own, a.effect, *a.ability, space);
}

// ---------------------------------------------------------------------------------------
// `use` entries

int State::blue_bonus_of(const Move& m) const {
  if (m.space < 0 || m.space >= board_->size()) return -1;
  if (m.kind == Move::Kind::use) {  // Jet's flip of an 'under attack' token (AH-31)
    const std::optional<Used> u = find_use(m);
    if (!u || !has_step(*u->active.ability, Step::Kind::flip_marker)) return -1;
  } else if (m.kind != Move::Kind::invade) {
    return -1;
  }
  const Invasion inv = spoils(m.seat, m.space);
  return inv.bonus_colour == Colour::blue ? drawable(inv.bonus) : -1;
}

std::optional<State::Used> State::find_use(const Move& m) const {
  const int seat = m.seat;
  std::optional<Used> best;
  for (int slot = 0; slot < kSlots && !best; ++slot) {
    const auto& cards = slots_[seat][slot];
    for (int i = 0; i < static_cast<int>(cards.size()) && !best; ++i) {
      const SlotCard& c = cards[i];
      if (!c.face_up || c.card != m.card) continue;
      // 'use Wiccan on Hunter' is her own copying ability; 'use Wiccan' the effect she copied.
      if (m.target >= 0)
        for (const Ability& a : catalog_->cards[c.card].effects)
          if (is_used(a) && has_step(a, Step::Kind::copy_effect)) {
            best = Used{slot, i, ActiveAbility{c.card, c.card, &a}};
            break;
          }
      if (best) break;
      for (const Ability& a : catalog_->cards[c.effect()].effects)
        if (is_used(a) && !(c.copied >= 0 && has_step(a, Step::Kind::copy_effect) && m.target < 0)) {
          best = Used{slot, i, ActiveAbility{c.card, c.effect(), &a}};
          break;
        }
    }
  }
  return best;
}

std::optional<Violation> State::validate_use(const Move& m) const {
  const int seat = m.seat;
  const Card& card = catalog_->cards[m.card];
  const std::optional<Used> u = find_use(m);
  if (!u) {
    bool face_up = false, face_down = false;
    for (const auto& slot : slots_[seat])
      for (const SlotCard& c : slot) {
        face_up = face_up || (c.face_up && c.card == m.card);
        face_down = face_down || (!c.face_up && c.card == m.card);
      }
    if (!face_up) {
      if (face_down)
        return broken("AH-30", fmt::format("{}'s {} is face down: a Commoner has no effect", name(seat), card.name));
      return broken("AH-27", fmt::format("{} has no face-up {} in her Kingdom", name(seat), card.name));
    }
    // A Wiccan that copied an effect a `use` does not call on (Ninja's, always on) has it now.
    int copied = -1;
    for (const auto& slot : slots_[seat])
      for (const SlotCard& c : slot)
        if (c.face_up && c.card == m.card && c.copied >= 0) copied = c.copied;
    if (copied >= 0 && m.target < 0) {
      const Card& source = catalog_->cards[copied];
      const Ability& a = source.effects.front();
      const char* how = a.when == Trigger::always        ? "is always on"
                        : a.when == Trigger::end_of_game ? "counts in the final scoring"
                                                         : "happens by itself";
      return broken("AH-45", fmt::format("{} has {}'s effect ({}), which {}: it is not written as a 'use' entry "
                                         "('use {} on ...' copies another)",
                                         card.name, source.name, describe(a), how, card.name));
    }
    const std::vector<Ability>& effects = card.effects;
    if (effects.empty())
      return broken("AH-27", fmt::format("{} has no effect in catalog '{}' ({})", card.name, catalog_->id, card.text));
    const Ability& a = effects.front();
    const char* how = a.when == Trigger::always        ? "is always on"
                      : a.when == Trigger::end_of_game ? "counts in the final scoring"
                                                       : "happens by itself";
    return broken("AH-27", fmt::format("{}'s effect ({}) {}: it is not written as a 'use' entry", card.name,
                                       describe(a), how));
  }
  const Ability& a = *u->active.ability;
  const std::string& user = card.name;
  // "Chinese's effect", or for a copy "Wiccan's copied effect (Chinese's)": for refusals only.
  auto what = [&] {
    return u->active.own == u->active.effect
               ? user + "'s effect"
               : fmt::format("{}'s copied effect ({}'s)", user, catalog_->cards[u->active.effect].name);
  };
  if (a.when == Trigger::each_round && uses_left(seat, u->active.own, u->active.effect, a) == 0)
    return broken("AH-28",
                  fmt::format("{} is used {} each round, and {} has used it this round", what(),
                              a.times == 1   ? "once"
                              : a.times == 2 ? "twice"
                                             : fmt::format("{} times", a.times).c_str(),
                              name(seat)),
                  {{"round", std::to_string(round_)}});
  // Arguments the ability does not take are refused, not ignored.
  const bool takes_space = has_step(a, Step::Kind::flip_marker);
  const bool takes_target = has_step(a, Step::Kind::flip_card_down) || has_step(a, Step::Kind::flip_card_up) ||
                            has_step(a, Step::Kind::copy_effect);
  auto extra = [&](const char* arg) {
    return broken("AH-27", fmt::format("{} ({}) takes no {}", what(), describe(a), arg));
  };
  if (m.space >= 0 && !takes_space) return extra("space");
  if (m.target >= 0 && !takes_target) return extra("'on' Alice");
  // Only a card turned face up is named with its slot ('on Hunter red', AH-44).
  if (m.target_slot_named && !has_step(a, Step::Kind::flip_card_up)) return extra("slot after the 'on' Alice");
  if (m.victim >= 0 && !has_step(a, Step::Kind::steal_token)) return extra("'from' player");
  if (m.token >= 0 && !has_step(a, Step::Kind::swap_token)) return extra("token colour");
  if (m.named.size() && !has_step(a, Step::Kind::discard)) return extra("discarded cards");
  const bool draws_cards = has_step(a, Step::Kind::draw) ||
                           (takes_space && m.space >= 0 && attacker_[m.space] == seat &&
                            board_->space(m.space).colour == Colour::blue);
  if (((m.draws_named && m.drawn.size()) || m.draw_count >= 0) && !draws_cards) return extra("cards drawn");

  for (const Step& s : a.steps) {
    const int t = static_cast<int>(s.token);
    switch (s.kind) {
      case Step::Kind::gain_tokens:
      case Step::Kind::gain_points:
      case Step::Kind::add_military:
        break;
      case Step::Kind::pay_tokens:
        if (resources_[seat][t] < s.count)
          return broken("AH-27", fmt::format("{} costs {} {} tokens; {} holds {}", what(), s.count,
                                             resource_name(s.token), name(seat), resources_[seat][t]));
        break;
      case Step::Kind::swap_token: {
        if (m.token < 0)
          return broken("AH-33", fmt::format("name the token {} gives for the {} one, like 'use {} red'", name(seat),
                                             resource_name(s.token), user));
        if (m.token == t)
          return broken("AH-33", fmt::format("swapping a {} token for a {} one changes nothing",
                                             resource_name(s.token), resource_name(s.token)));
        const Resource give = static_cast<Resource>(m.token);
        if (resources_[seat][m.token] == 0)
          return broken("AH-33", fmt::format("{} has no {} token to give", name(seat), resource_name(give)));
        if (bank_[t] == 0)
          return broken("AH-33", fmt::format("the bank has no {} token left to swap for", resource_name(s.token)),
                        {{std::string("bank, ") + std::string(resource_name(s.token)), "0"}});
        break;
      }
      case Step::Kind::steal_token: {
        std::string holders;
        for (int p = 0; p < players(); ++p)
          if (p != seat && resources_[p][t]) holders += (holders.empty() ? "" : ", ") + name(p);
        if (m.victim < 0) {
          if (!holders.empty())
            return broken("AH-37", fmt::format("name the player {} takes a {} token from, like 'use {} from {}' "
                                               "(who has one: {})",
                                               name(seat), resource_name(s.token), user,
                                               holders.substr(0, holders.find(',')), holders));
          break;  // no one has one: nothing is taken (FAQ)
        }
        if (m.victim == seat)
          return broken("AH-37", fmt::format("{} takes a token from another player, not from herself", user));
        if (resources_[m.victim][t] == 0)
          return broken("AH-37",
                        fmt::format("{} has no {} token to take{}", name(m.victim), resource_name(s.token),
                                    holders.empty() ? "; no one has one, so 'use " + user + "' takes nothing"
                                                    : " (who has one: " + holders + ")"));
        break;
      }
      case Step::Kind::discard: {
        if (hand_total_[seat] < s.count)
          return broken("AH-34",
                        hand_total_[seat] == 0
                            ? fmt::format("{} has no card in hand for {}'s effect to discard", name(seat), user)
                            : fmt::format("{} holds {} in hand, and {}'s effect discards {}", name(seat),
                                          count_of(hand_total_[seat], "card", "cards"), user,
                                          count_of(s.count, "card", "cards")));
        if (open_) {
          if (m.named.size() == 0)
            return broken(
                "AH-34", fmt::format("an open log names the card{} discarded, like 'use {} discards "
                                     "Saint{}'",
                                     s.count == 1 ? "" : "s", user, has_step(a, Step::Kind::draw) ? " draws Jet" : ""));
          if (m.named.size() != s.count)
            return broken("AH-34", fmt::format("{}'s effect discards {}, and the entry names {}", user,
                                               count_of(s.count, "card", "cards"), m.named.size()));
          std::vector<int> left(hand_[seat].begin(), hand_[seat].end());
          for (int i = 0; i < m.named.size(); ++i)
            if (left[m.named.cards[i]]-- == 0)
              return broken("AH-34", fmt::format("{} has no {} in hand to discard", name(seat),
                                                 catalog_->cards[m.named.cards[i]].name));
        } else if (m.named.size()) {
          return broken("AH-12", "a table log does not name the cards discarded: hands are secret");
        }
        break;
      }
      case Step::Kind::draw:
        if (auto v = check_draws(m, s.count)) return v;
        break;
      case Step::Kind::flip_marker: {
        if (m.space < 0)
          return broken("AH-31", fmt::format("name the space whose 'under attack' token {} flips, like 'use {} c3'",
                                             user, user));
        const std::string where = board_->name(m.space);
        const Colour c = board_->space(m.space).colour;
        if (attacker_[m.space] != seat) {
          std::string why = c == Colour::city     ? "a City is never under attack: its invasion must succeed directly"
                            : c == Colour::forest ? "a Mystic Forest is never under attack: its invasion must succeed "
                                                    "directly"
                            : attacker_[m.space] >= 0
                                ? fmt::format("it is under attack by {}, and such a space must be invaded directly",
                                              name(attacker_[m.space]))
                                : "no 'under attack' token of hers is on it";
          return broken("AH-31", fmt::format("{} flips one of {}'s own 'under attack' tokens; {}: {}", user,
                                             name(seat), where, why));
        }
        const Invasion inv = assess(seat, m.space, -1, false);
        if (inv.holder >= 0 && inv.connected)  // a held space under her attack (AH-17) is flipped only unconnected
          return held_and_connected(m.space, inv.holder, fmt::format("{} cannot flip {}'s token there", user, name(seat)));
        if (inv.bonus_colour == Colour::blue) {
          if (auto v = flip_without_bonus(m, inv)) return v;
          if (auto v = check_bonus_draws(m, inv.bonus)) return v;
        }
        break;
      }
      case Step::Kind::flip_card_down: {
        if (m.target < 0)
          return broken("AH-43", fmt::format("name the Alice {} turns face down, like 'use {} on Ninja'", user, user));
        int copies = 0;
        for (const auto& slot : slots_[seat])
          for (const SlotCard& c : slot) copies += c.face_up && c.card == m.target;
        if (m.target == m.card) --copies;  // 'another' Alice: not herself
        if (copies <= 0)
          return broken("AH-43", fmt::format("{} has no other face-up {} to turn face down", name(seat),
                                             catalog_->cards[m.target].name));
        break;
      }
      case Step::Kind::flip_card_up: {
        const std::string& target = m.target >= 0 ? catalog_->cards[m.target].name : std::string();
        if (m.target < 0 || !m.target_slot_named)
          return broken("AH-44", fmt::format("name the card turned face up and its slot, like 'use {} on Hunter red'",
                                             user));
        bool found = false, unknown = false;
        for (const SlotCard& c : slots_[seat][static_cast<int>(m.target_slot)]) {
          found = found || (!c.face_up && c.card == m.target);
          unknown = unknown || (!c.face_up && c.card < 0);
        }
        if (!found && !unknown) {
          // The slot's face-down cards are all known (an open log, or a table that saw them flipped).
          std::string known;
          for (const SlotCard& c : slots_[seat][static_cast<int>(m.target_slot)])
            if (!c.face_up) known += (known.empty() ? "" : ", ") + catalog_->cards[c.card].name;
          return broken("AH-44", known.empty() ? fmt::format("{}'s {} slot holds no face-down card", name(seat),
                                                             colour_name(m.target_slot))
                                               : fmt::format("{}'s {} slot holds no face-down {}: its face-down "
                                                             "cards are known ({})",
                                                             name(seat), colour_name(m.target_slot), target, known));
        }
        if (!found && outside_[m.target] >= catalog_->cards[m.target].count)
          return broken("AH-12", fmt::format("all {} of {} are accounted for: this face-down card cannot be one",
                                             count_of(catalog_->cards[m.target].count, "copy", "copies"), target));
        break;
      }
      case Step::Kind::copy_effect: {
        if (m.target < 0)
          return broken("AH-45", fmt::format("name the Alice {} copies, like 'use {} on Hunter'", user, user));
        const Card& target = catalog_->cards[m.target];
        if (m.target == m.card ||
            std::find(s.except_cards.begin(), s.except_cards.end(), m.target) != s.except_cards.end())
          return broken("AH-45", fmt::format("{} cannot copy {} (catalog '{}')", user, target.name, catalog_->id));
        if (face_up_[m.target] == 0)
          return broken("AH-45", fmt::format("no {} is face up in any Kingdom: {} copies a face-up Alice", target.name,
                                             user));
        if (target.effects.empty())
          return broken("AH-45", fmt::format("{} has no effect to copy (catalog '{}')", target.name, catalog_->id));
        break;
      }
    }
  }
  return std::nullopt;
}

std::optional<Violation> State::validate_after_attack(const Move& m) const {
  if (auto v = validate_use(m)) return v;
  const Ability& a = *find_use(m)->active.ability;
  const std::string& user = catalog_->cards[m.card].name;
  const bool flips_new = window_space_ >= 0 && has_step(a, Step::Kind::flip_marker) && m.space == window_space_;
  if (!flips_new) {
    // Any effect after her Invasion entry, but the flip of the token just placed, is AH-28's question.
    if (reading<UseTime>(Dispute::use_time) != UseTime::before_invasion_entry) return std::nullopt;
    return broken(
        "AH-28",
        fmt::format("{}'s Invasion entry ended her turn: her Alices' effects are used before it{}", name(m.seat),
                    window_space_ < 0
                        ? std::string()
                        : fmt::format(" (only an effect that flips the 'under attack' token her attack has "
                                      "just placed on {} may still come, AH-31)",
                                      board_->name(window_space_))));
  }
  // The flip of the token just placed: AH-31's question, the readings differing only here.
  if (reading<FlipTime>(Dispute::flip_time) == FlipTime::before_invasion)
    return broken("AH-31", fmt::format("{} flips only a token placed on an earlier turn, not the one {}'s attack has "
                                       "just placed on {} (AH-31 read as 'before-invasion')",
                                       user, name(m.seat), board_->name(window_space_)));
  return std::nullopt;
}

bool State::may_flip_after_attack() const {
  for (const ActiveAbility& a : active(seat_))
    if (is_used(*a.ability) && has_step(*a.ability, Step::Kind::flip_marker) &&
        (a.ability->when != Trigger::each_round || uses_left(seat_, a.own, a.effect, *a.ability) > 0))
      return true;
  return false;
}

std::vector<Move> State::flips_after_attack() const {
  std::vector<Move> out;
  if (!may_flip_after_attack()) return out;  // most Kingdoms: no need to list her uses
  for (Move& m : uses(seat_))
    if (m.space == window_space_) out.push_back(std::move(m));  // only a flip-marker use names a space
  return out;
}

bool State::uses_after_invasion() const {
  if (!powers_[seat_].chooses) return false;  // most Kingdoms: no effect to wait for
  bool any = false;
  for (const ActiveAbility& a : active(seat_))
    any = any || (is_used(*a.ability) &&
                  (a.ability->when != Trigger::each_round || uses_left(seat_, a.own, a.effect, *a.ability) > 0));
  return any && reading<UseTime>(Dispute::use_time) != UseTime::before_invasion_entry;
}

bool State::may_use_in_open_turn(int seat) const {
  if (readings_.chosen(static_cast<int>(Dispute::use_time)) != static_cast<int>(UseTime::any_turn)) return false;
  return seat >= 0 && seat != seat_ && (seat != (seat_ + 1) % players() || last_turn());
}

bool State::off_turn_use(const Move& m) const {
  if (!in_round()) return false;
  // The next player's entry ends a turn left open, and begins hers (AH-31, AH-14), but after the
  // game's last turn.
  return !(m.seat == (seat_ + 1) % players() && !last_turn() && window_open());
}

std::optional<Violation> State::validate_off_turn(const Move& m) const {
  if (auto v = validate_use(m)) return v;
  const Ability& a = *find_use(m)->active.ability;
  // Military Power "this turn" is for her own Invasion: in another's turn it would be lost, or
  // carried into hers, which no card says.
  if (has_step(a, Step::Kind::add_military))
    return broken("AH-28",
                  fmt::format("it is {}'s turn: {}'s Military Power lasts 'this turn', so it is used only in {}'s own "
                              "turn",
                              name(seat_), catalog_->cards[m.card].name, name(m.seat)),
                  {}, false);
  return std::nullopt;
}

std::vector<Move> State::off_turn_uses() const {
  std::vector<Move> out;
  if (readings_.chosen(static_cast<int>(Dispute::use_time)) != static_cast<int>(UseTime::any_turn)) return out;
  if (!in_round()) return out;
  // Her own, right after her Commoner under AH-14's 'commoner-ends-turn': in the next turn.
  const bool ended = commoner_ended_turn();
  for (int p = 0; p < players(); ++p) {
    if ((p == seat_ && !ended) || !powers_[p].chooses) continue;
    for (Move& m : uses(p))
      if ((p == seat_ || off_turn(m)) && !validate(m)) out.push_back(std::move(m));
  }
  return out;
}

void State::apply_use(const Move& m) {
  const int seat = m.seat;
  const Used u = *find_use(m);
  const Ability& a = *u.active.ability;
  SlotCard& self = slots_[seat][u.slot][u.index];
  if (a.when == Trigger::flip) {  // she is a Commoner at once, before the rest happens (AH-30)
    self.face_up = false;
    self.copied = -1;
    --face_up_[self.card];
  } else {
    count_use(seat, u.active.own, u.active.effect, 1);
  }
  std::vector<int> discarded;
  for (const Step& s : a.steps) {
    const int t = static_cast<int>(s.token);
    switch (s.kind) {
      case Step::Kind::gain_tokens:
      case Step::Kind::gain_points:
        gain(seat, u.active.effect, s, -1);
        break;
      case Step::Kind::pay_tokens:
        resources_[seat][t] -= s.count;
        bank_[t] += s.count;
        break;
      case Step::Kind::swap_token:
        --resources_[seat][m.token];
        ++bank_[m.token];
        --bank_[t];
        ++resources_[seat][t];
        break;
      case Step::Kind::steal_token:
        if (m.victim >= 0) {
          --resources_[m.victim][t];
          ++resources_[seat][t];
        }
        break;
      case Step::Kind::discard:
        // Out of the hand now, onto the discards once the ability is done: a draw that
        // reshuffles the discards never brings the same card straight back (AH-34).
        for (int i = 0; i < s.count; ++i) {
          const int c = open_ ? m.named.cards[i] : -1;
          remove_from_hand(seat, c);
          discarded.push_back(c);
        }
        break;
      case Step::Kind::draw:
        draw(seat, s.count, m);
        break;
      case Step::Kind::flip_marker: {
        const Invasion inv = spoils(seat, m.space);
        attacker_[m.space] = -1;
        ++held_[m.space][seat];
        if (inv.holder >= 0 && inv.holder != seat) {  // a held space taken (AH-17): her token goes back
          --held_[m.space][inv.holder];
          ++tokens_left_[inv.holder];
        }
        gain_bonus(seat, m.space, inv, m);  // invaded, as a second invasion would (AH-31)
        invaded_space(seat, m.space);
        break;
      }
      case Step::Kind::flip_card_down:
        for (auto& slot : slots_[seat]) {
          bool done = false;
          for (SlotCard& c : slot)
            if (c.face_up && c.card == m.target && &c != &self) {
              c.face_up = false;
              c.copied = -1;
              --face_up_[c.card];
              done = true;
              break;
            }
          if (done) break;
        }
        break;
      case Step::Kind::flip_card_up:
        for (SlotCard& c : slots_[seat][static_cast<int>(m.target_slot)]) {
          if (c.face_up || (c.card >= 0 && c.card != m.target)) continue;
          if (c.card < 0) ++outside_[m.target];  // a table log learns the card now
          c.card = m.target;
          c.face_up = true;
          ++face_up_[m.target];
          revealed(seat, m.target, m.target);  // revealed: her effect happens again (AH-35)
          break;
        }
        break;
      case Step::Kind::copy_effect:
        self.copied = m.target;
        revealed(seat, m.card, m.target);  // as if just revealed (FAQ, AH-45)
        break;
      case Step::Kind::add_military:
        military_extra_[seat] += s.count;
        break;
    }
  }
  for (int c : discarded) {
    ++discard_size_;
    if (c >= 0) ++discards_[c];
  }
  refresh_powers(seat);
}

std::vector<Move> State::uses(int seat) const {
  std::vector<Move> out;
  Move base;
  base.seat = static_cast<std::uint8_t>(seat);
  base.kind = Move::Kind::use;
  std::vector<std::pair<int, int>> seen;  // (own, effect): identical Alices give the same entries
  auto consider = [&](Move m) {
    if (!validate_use(m)) out.push_back(m);
  };
  for (const auto& slot : slots_[seat])
    for (const SlotCard& c : slot) {
      if (!c.face_up) continue;
      if (std::find(seen.begin(), seen.end(), std::make_pair<int, int>(c.card, c.effect())) != seen.end()) continue;
      seen.emplace_back(c.card, c.effect());
      std::vector<std::pair<const Ability*, bool>> abilities;  // (ability, via 'on': her own copying)
      for (const Ability& a : catalog_->cards[c.effect()].effects)
        if (is_used(a)) abilities.emplace_back(&a, has_step(a, Step::Kind::copy_effect));
      if (c.copied >= 0)
        for (const Ability& a : catalog_->cards[c.card].effects)
          if (is_used(a) && has_step(a, Step::Kind::copy_effect)) abilities.emplace_back(&a, true);
      for (const auto& [a, copying] : abilities) {
        Move m = base;
        m.card = c.card;
        // Each argument the ability's steps need, over its possible values.
        std::vector<Move> options{m};
        auto expand = [&](auto&& choices) {
          std::vector<Move> next;
          for (const Move& o : options) choices(o, next);
          options = std::move(next);
        };
        for (const Step& s : a->steps) {
          switch (s.kind) {
            case Step::Kind::swap_token:
              expand([&](const Move& o, std::vector<Move>& next) {
                for (int r = 0; r < kResources; ++r) {
                  Move x = o;
                  x.token = static_cast<std::int8_t>(r);
                  next.push_back(x);
                }
              });
              break;
            case Step::Kind::steal_token:
              expand([&](const Move& o, std::vector<Move>& next) {
                next.push_back(o);
                for (int p = 0; p < players(); ++p) {
                  Move x = o;
                  x.victim = static_cast<std::int8_t>(p);
                  next.push_back(x);
                }
              });
              break;
            case Step::Kind::discard:
              if (open_)
                expand([&](const Move& o, std::vector<Move>& next) {
                  for (std::size_t k = 0; k < hand_[seat].size(); ++k)
                    if (hand_[seat][k]) {
                      Move x = o;
                      x.named.push(static_cast<int>(k));
                      next.push_back(x);
                    }
                });
              break;
            case Step::Kind::draw:
              for (Move& o : options) fill_draws(o, s.count);
              break;
            case Step::Kind::flip_marker:
              expand([&](const Move& o, std::vector<Move>& next) {
                for (int sp = 0; sp < board_->size(); ++sp)
                  if (attacker_[sp] == seat) {
                    // As validate() judges the flip: refused on a held, connected space (AH-20), and a
                    // blue bonus's draws are the bonus as assessed (halved when not connected).
                    const Invasion inv = assess(seat, sp, -1, false);
                    if (inv.holder >= 0 && inv.connected) continue;
                    Move x = o;
                    x.space = static_cast<std::int16_t>(sp);
                    if (inv.bonus_colour == Colour::blue) fill_draws(x, inv.bonus);
                    next.push_back(x);
                  }
              });
              break;
            case Step::Kind::flip_card_down:
            case Step::Kind::copy_effect:
              expand([&](const Move& o, std::vector<Move>& next) {
                for (std::size_t k = 0; k < catalog_->cards.size(); ++k)
                  if (face_up_[k]) {
                    Move x = o;
                    x.target = static_cast<std::int8_t>(k);
                    next.push_back(x);
                  }
              });
              break;
            case Step::Kind::flip_card_up:
              expand([&](const Move& o, std::vector<Move>& next) {
                for (int sl = 0; sl < kSlots; ++sl)
                  for (std::size_t k = 0; k < catalog_->cards.size(); ++k) {
                    bool here = false;
                    for (const SlotCard& d : slots_[seat][sl])
                      here = here || (!d.face_up && (d.card == static_cast<int>(k) || d.card < 0));
                    if (!here) continue;
                    Move x = o;
                    x.target = static_cast<std::int8_t>(k);
                    x.target_slot_named = true;
                    x.target_slot = static_cast<Colour>(sl);
                    next.push_back(x);
                  }
              });
              break;
            default:
              break;
          }
        }
        for (const Move& o : options) {
          // A copying 'use' names its target; the copied effect's own 'use' must not look like one.
          if (copying != (o.target >= 0 && has_step(*a, Step::Kind::copy_effect))) continue;
          consider(o);
        }
      }
    }
  return out;
}

}  // namespace wonderlog::alicematic
