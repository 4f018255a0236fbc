#include "engine/alicematic/effects.h"

#include <fmt/format.h>

#include "engine/alicematic/catalog.h"
#include "engine/core/catalog.h"
#include "engine/core/vocabulary.h"

namespace wonderlog::alicematic {

namespace {

constexpr Named kTriggers[] = {{"played-or-revealed", 0}, {"flip", 1},        {"each-round", 2}, {"always", 3},
                               {"end-of-game", 4},        {"card-enters-slot", 5}, {"invades", 6}};
constexpr Named kSteps[] = {{"gain-tokens", 0},   {"gain-points", 1},    {"pay-tokens", 2},    {"swap-token", 3},
                            {"steal-token", 4},   {"draw", 5},           {"discard", 6},       {"flip-marker", 7},
                            {"flip-card-down", 8}, {"flip-card-up", 9},  {"copy-effect", 10}, {"add-military", 11}};
constexpr Named kModifiers[] = {{"difficulty", 0}, {"connection", 1},      {"passage", 2},
                                {"distance", 3},   {"forest-invasion", 4}, {"token-use", 5}};
constexpr Named kScores[] = {{"per-spaces", 0}, {"most-alices", 1}, {"tokens-at-least", 2}};

Resource token_arg(const CatalogReader& r, const YAML::Node& args, const char* key) {
  const YAML::Node n = r.require(args, key);
  if (n.IsScalar())
    for (int i = 0; i < kResources; ++i)
      if (n.Scalar() == resource_name(static_cast<Resource>(i))) return static_cast<Resource>(i);
  r.fail(n, fmt::format("'{}:' is a resource token colour: red, yellow or green", key));
}

Colour colour_arg(const CatalogReader& r, const YAML::Node& node, const char* key, bool city) {
  if (node.IsScalar()) {
    if (auto c = slot_of(node.Scalar())) return *c;
    if (city && node.Scalar() == "city") return Colour::city;
  }
  r.fail(node, fmt::format("'{}:' is a colour: red, blue, yellow, green or white{}", key, city ? ", or city" : ""));
}

std::string colour_word(Colour c) { return c == Colour::city ? "city" : std::string(colour_name(c)); }

Step read_step(const CatalogReader& r, const YAML::Node& node) {
  const Entry e = entry_of(r, node, "a step", names_of(kSteps));
  Step s;
  s.kind = static_cast<Step::Kind>(lookup(r, e, kSteps, "step"));
  using K = Step::Kind;
  switch (s.kind) {
    case K::gain_tokens:
    case K::pay_tokens:
      r.only_keys(e.args, {"count", "token"});
      need(r, e, {"count", "token"});
      s.count = r.integer(e.args, "count", 1, 20);
      s.token = token_arg(r, e.args, "token");
      break;
    case K::swap_token:
    case K::steal_token:
      r.only_keys(e.args, {"token"});
      need(r, e, {"token"});
      s.token = token_arg(r, e.args, "token");
      break;
    case K::gain_points:
    case K::draw:
    case K::discard:
    case K::add_military:
      r.only_keys(e.args, {"count"});
      need(r, e, {"count"});
      s.count = r.integer(e.args, "count", 1, 20);
      break;
    case K::copy_effect:
      r.only_keys(e.args, {"except"});
      if (const YAML::Node ex = e.args["except"]) {
        r.list(ex, "'except:' lists card names, like [Wiccan]", kMostCardKinds);
        for (const auto& n : ex) {
          if (!n.IsScalar()) r.fail(n, "'except:' lists card names, like [Wiccan]");
          s.except.push_back(n.Scalar());
          s.except_at.push_back(r.where(n));
        }
      }
      break;
    case K::flip_marker:
    case K::flip_card_down:
    case K::flip_card_up:
      r.only_keys(e.args, {});
      break;
  }
  return s;
}

Modifier read_modifier(const CatalogReader& r, const YAML::Node& node) {
  const Entry e = entry_of(r, node, "a modifier", names_of(kModifiers));
  Modifier m;
  m.kind = static_cast<Modifier::Kind>(lookup(r, e, kModifiers, "modifier"));
  using K = Modifier::Kind;
  switch (m.kind) {
    case K::difficulty:
      r.only_keys(e.args, {"of", "by", "minimum"});
      need(r, e, {"of", "by"});
      m.of = colour_arg(r, r.require(e.args, "of"), "of", true);
      m.by = r.integer(e.args, "by", -9, 9);
      m.minimum = e.args["minimum"] ? r.integer(e.args, "minimum", 0, 9) : 0;
      break;
    case K::token_use:
      r.only_keys(e.args, {"use", "as", "per-round"});
      need(r, e, {"use", "as", "per-round"});
      m.use = token_arg(r, e.args, "use");
      m.as = token_arg(r, e.args, "as");
      if (m.use == m.as) r.fail(e.args["as"], "'as:' names another token colour than 'use:'");
      if (m.as != Resource::red) r.fail(e.args["as"], "a token used as another counts as red: 'as: red' (Military Power)");
      // The 'invade ... pay' notation pays red, yellow and green: only yellow can stand for red.
      if (m.use != Resource::yellow)
        r.fail(e.args["use"], "only yellow tokens can be used as red ('use: yellow'): an invasion pays the rest in "
                              "their own colour");
      m.per_round = r.integer(e.args, "per-round", 1, 9);
      break;
    default:
      r.only_keys(e.args, {});
      break;
  }
  return m;
}

Score read_score(const CatalogReader& r, const YAML::Node& node) {
  const Entry e = entry_of(r, node, "a score", names_of(kScores));
  Score s;
  s.kind = static_cast<Score::Kind>(lookup(r, e, kScores, "score"));
  switch (s.kind) {
    case Score::Kind::per_spaces:
      r.only_keys(e.args, {"points", "per", "of"});
      need(r, e, {"points", "per", "of"});
      s.points = r.integer(e.args, "points", 1, 20);
      s.per = r.integer(e.args, "per", 1, 20);
      s.of = colour_arg(r, r.require(e.args, "of"), "of", false);
      break;
    case Score::Kind::most_alices:
      r.only_keys(e.args, {"points"});
      need(r, e, {"points"});
      s.points = r.integer(e.args, "points", 1, 20);
      break;
    case Score::Kind::tokens_at_least:
      r.only_keys(e.args, {"points", "count"});
      need(r, e, {"points", "count"});
      s.points = r.integer(e.args, "points", 1, 20);
      s.count = r.integer(e.args, "count", 1, 60);
      break;
  }
  return s;
}

bool happens_by_itself(Trigger t) {
  return t == Trigger::played_or_revealed || t == Trigger::card_enters_slot || t == Trigger::invades;
}

}  // namespace

std::string_view trigger_name(Trigger t) { return name_in(kTriggers, static_cast<int>(t)); }

std::vector<Ability> read_effects(const CatalogReader& r, const YAML::Node& list) {
  std::vector<Ability> out;
  r.list(list, "'effects:' lists the card's abilities, each with a 'when:'", kMostAbilities);
  for (const auto& node : list) {
    if (!node.IsMap()) r.fail(node, "an ability is a mapping with a 'when:', like {when: flip, do: [...]}");
    r.only_keys(node, {"when", "times", "slot", "space", "stacks", "do", "modify", "score"});
    const YAML::Node when = r.require(node, "when");
    if (!when.IsScalar()) r.fail(when, "'when:' is one of: " + names_of(kTriggers));
    Ability a;
    a.when = static_cast<Trigger>(lookup(r, Entry{when.Scalar(), when, {}}, kTriggers, "trigger"));
    auto only_with = [&](const char* key, Trigger t) {
      if (node[key] && a.when != t)
        r.fail(node[key], fmt::format("'{}:' belongs to 'when: {}' only", key, trigger_name(t)));
    };
    only_with("times", Trigger::each_round);
    only_with("slot", Trigger::card_enters_slot);
    only_with("space", Trigger::invades);
    only_with("modify", Trigger::always);
    only_with("score", Trigger::end_of_game);
    if (a.when == Trigger::each_round) a.times = r.integer(node, "times", 1, 9);
    if (a.when == Trigger::card_enters_slot) a.slot = colour_arg(r, r.require(node, "slot"), "slot", false);
    if (a.when == Trigger::invades) a.space = colour_arg(r, r.require(node, "space"), "space", true);
    if (const YAML::Node st = node["stacks"]) {
      if (!st.IsScalar() || (st.Scalar() != "true" && st.Scalar() != "false"))
        r.fail(st, "'stacks:' is true or false");
      a.stacks = st.Scalar() == "true";
    }
    if (a.when == Trigger::always) {
      a.modifier = read_modifier(r, r.require(node, "modify"));
    } else if (a.when == Trigger::end_of_game) {
      a.score = read_score(r, r.require(node, "score"));
    } else {
      const YAML::Node steps = r.require(node, "do");
      r.list(steps, "'do:' lists the ability's steps, like [{gain-tokens: {count: 1, token: green}}]", kMostSteps);
      if (steps.size() == 0)
        r.fail(steps, "'do:' lists the ability's steps, like [{gain-tokens: {count: 1, token: green}}]");
      for (const auto& s : steps) {
        Step step = read_step(r, s);
        // An ability that happens by itself cannot ask the player anything.
        if (happens_by_itself(a.when) && step.kind != Step::Kind::gain_tokens && step.kind != Step::Kind::gain_points)
          r.fail(s, fmt::format("'when: {}' happens by itself, so its steps take no choice: gain-tokens or "
                                "gain-points, found '{}'",
                                trigger_name(a.when), name_in(kSteps, static_cast<int>(step.kind))));
        a.steps.push_back(std::move(step));
      }
    }
    out.push_back(std::move(a));
  }
  return out;
}

YAML::Node write_effects(const std::vector<Ability>& abilities) {
  YAML::Node list(YAML::NodeType::Sequence);
  for (const Ability& a : abilities) {
    YAML::Node n;
    n["when"] = std::string(trigger_name(a.when));
    if (a.when == Trigger::each_round) n["times"] = a.times;
    if (a.when == Trigger::card_enters_slot) n["slot"] = colour_word(a.slot);
    if (a.when == Trigger::invades) n["space"] = colour_word(a.space);
    if (a.stacks) n["stacks"] = true;
    if (a.when == Trigger::always) {
      const Modifier& m = a.modifier;
      YAML::Node args(YAML::NodeType::Map);
      if (m.kind == Modifier::Kind::difficulty) {
        args["of"] = colour_word(m.of);
        args["by"] = m.by;
        args["minimum"] = m.minimum;
      } else if (m.kind == Modifier::Kind::token_use) {
        args["use"] = std::string(resource_name(m.use));
        args["as"] = std::string(resource_name(m.as));
        args["per-round"] = m.per_round;
      }
      n["modify"][name_in(kModifiers, static_cast<int>(m.kind))] = args;
    } else if (a.when == Trigger::end_of_game) {
      const Score& s = a.score;
      YAML::Node args;
      args["points"] = s.points;
      if (s.kind == Score::Kind::per_spaces) {
        args["per"] = s.per;
        args["of"] = colour_word(s.of);
      }
      if (s.kind == Score::Kind::tokens_at_least) args["count"] = s.count;
      n["score"][name_in(kScores, static_cast<int>(s.kind))] = args;
    } else {
      for (const Step& s : a.steps) {
        YAML::Node args(YAML::NodeType::Map);
        using K = Step::Kind;
        if (s.kind == K::gain_tokens || s.kind == K::pay_tokens || s.kind == K::gain_points || s.kind == K::draw ||
            s.kind == K::discard || s.kind == K::add_military)
          args["count"] = s.count;
        if (s.kind == K::gain_tokens || s.kind == K::pay_tokens || s.kind == K::swap_token || s.kind == K::steal_token)
          args["token"] = std::string(resource_name(s.token));
        if (s.kind == K::copy_effect && !s.except.empty())
          for (const std::string& c : s.except) args["except"].push_back(c);
        YAML::Node step;
        step[name_in(kSteps, static_cast<int>(s.kind))] = args;
        n["do"].push_back(step);
      }
    }
    list.push_back(n);
  }
  return list;
}

namespace {

std::string tokens(int n, Resource r) {
  return fmt::format("{} {} token{}", n, resource_name(r), n == 1 ? "" : "s");
}

std::string step_text(const Step& s) {
  using K = Step::Kind;
  switch (s.kind) {
    case K::gain_tokens: return "gain " + tokens(s.count, s.token);
    case K::gain_points: return fmt::format("gain {} point{}", s.count, s.count == 1 ? "" : "s");
    case K::pay_tokens: return "pay " + tokens(s.count, s.token);
    case K::swap_token: return fmt::format("swap 1 of your tokens for 1 {}", resource_name(s.token));
    case K::steal_token: return fmt::format("take 1 {} token from another player", resource_name(s.token));
    case K::draw: return fmt::format("draw {} card{}", s.count, s.count == 1 ? "" : "s");
    case K::discard: return fmt::format("discard {} card{}", s.count, s.count == 1 ? "" : "s");
    case K::flip_marker: return "flip 1 of your 'under attack' tokens to invaded";
    case K::flip_card_down: return "turn another of your Alices face down";
    case K::flip_card_up: return "turn a face-down card of your Kingdom face up";
    case K::copy_effect: return "copy another face-up Alice's effect";
    case K::add_military: return fmt::format("+{} Military Power this turn", s.count);
  }
  return {};
}

}  // namespace

std::string describe(const Ability& a) {
  std::string out;
  switch (a.when) {
    case Trigger::played_or_revealed: out = "when played or revealed: "; break;
    case Trigger::flip: out = "flip this Alice: "; break;
    case Trigger::each_round: out = a.times == 1 ? "once each round: " : fmt::format("{} times each round: ", a.times); break;
    case Trigger::always: out = "always: "; break;
    case Trigger::end_of_game: out = "at the end of the game: "; break;
    case Trigger::card_enters_slot: out = fmt::format("when a card enters your {} slot: ", colour_name(a.slot)); break;
    case Trigger::invades: out = fmt::format("when you invade a {} space: ", colour_word(a.space)); break;
  }
  if (a.when == Trigger::always) {
    const Modifier& m = a.modifier;
    switch (m.kind) {
      case Modifier::Kind::difficulty:
        out += fmt::format("difficulty of {} spaces {:+} (minimum {})", colour_word(m.of), m.by, m.minimum);
        break;
      case Modifier::Kind::connection: out += "all your spaces are connected to your Cities"; break;
      case Modifier::Kind::passage: out += "your invasions may pass through Mystic Forests"; break;
      case Modifier::Kind::distance: out += "distance counted from any space you have invaded"; break;
      case Modifier::Kind::forest_invasion: out += "Mystic Forests need not be surrounded to be invaded"; break;
      case Modifier::Kind::token_use:
        out += fmt::format("{} times each round, a {} token counts as {}", m.per_round, resource_name(m.use),
                           resource_name(m.as));
        break;
    }
  } else if (a.when == Trigger::end_of_game) {
    const Score& s = a.score;
    switch (s.kind) {
      case Score::Kind::per_spaces:
        out += fmt::format("{} points for every {} {} spaces you hold", s.points, s.per, colour_word(s.of));
        break;
      case Score::Kind::most_alices: out += fmt::format("{} point(s) if you have the most Alices", s.points); break;
      case Score::Kind::tokens_at_least:
        out += fmt::format("{} points with {} or more resource tokens", s.points, s.count);
        break;
    }
  } else {
    for (std::size_t i = 0; i < a.steps.size(); ++i) out += (i ? ", then " : "") + step_text(a.steps[i]);
  }
  if (a.stacks) out += " (stacks)";
  return out;
}

}  // namespace wonderlog::alicematic
