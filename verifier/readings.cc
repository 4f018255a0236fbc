#include "verifier/readings.h"

#include <algorithm>

#include <fmt/format.h>

#include "grammar/envelope/grammar.h"
#include "verifier/registry.h"

namespace wonderlog {

std::string and_list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

void sort_by_dispute(std::vector<ChosenReading>& choices) {
  std::sort(choices.begin(), choices.end(), [](ChosenReading a, ChosenReading b) { return a.dispute < b.dispute; });
}

namespace {

std::vector<std::string> disputed_ids(const GameModule& game) {
  std::vector<std::string> ids;
  for (const Ruling* r : disputes(game.rulings())) ids.emplace_back(r->id);
  return ids;
}

std::string known_disputes(const GameModule& game) {
  std::vector<std::string> ids = disputed_ids(game);
  if (ids.empty()) return fmt::format("{} has no ruling with readings", game.title());
  return fmt::format("the rulings of {} with readings are {}", game.title(), and_list(ids));
}

}  // namespace

std::string resolve_reading(const GameModule& game, std::string_view id, std::string_view name, ChosenReading& out) {
  const std::vector<Ruling>& rulings = game.rulings();
  const Ruling* ruling = nullptr;
  for (const Ruling& r : rulings)
    if (iequals(r.id, id)) ruling = &r;
  if (!ruling) {
    for (const GameModule* other : all_games())
      if (other != &game)
        for (const Ruling& r : other->rulings())
          if (iequals(r.id, id))
            return fmt::format("{} is a ruling of {}, not of {}; {}", r.id, other->title(), game.title(),
                               known_disputes(game));
    std::string message = fmt::format("{} has no ruling '{}'; {}", game.title(), id, known_disputes(game));
    if (std::string guess = nearest_name(ascii_upper(id), disputed_ids(game)); !guess.empty())
      message += "; did you mean '" + guess + "'?";
    return message;
  }
  if (ruling->readings.empty())
    return fmt::format("{} has a single reading, so there is nothing to choose; {}", ruling->id, known_disputes(game));
  const int reading = reading_of(*ruling, ascii_lower(name));
  if (reading < 0) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < ruling->readings.size(); ++i)
      names.push_back(fmt::format("'{}'{}", ruling->readings[i].name, i == 0 ? " (the default)" : ""));
    std::string message = fmt::format("{} has no reading '{}'; its readings are {}", ruling->id, name, and_list(names));
    std::vector<std::string> plain, starting;
    const std::string lower = ascii_lower(name);
    // The first word of what was written ("alice" of "alice-breaks").
    const std::string first = lower.substr(0, lower.find('-'));
    for (const Reading& r : ruling->readings) {
      plain.emplace_back(r.name);
      if (!first.empty() && r.name.substr(0, first.size()) == first) starting.emplace_back(r.name);
    }
    // A close spelling, or the one reading that begins with the same word ("alice" or
    // "alice-breaks" for "alice-card-breaks-ties").
    std::string guess = nearest_name(lower, plain);
    if (guess.empty() && starting.size() == 1) guess = starting.front();
    if (!guess.empty()) message += "; did you mean '" + guess + "'?";
    return message;
  }
  out = ChosenReading{dispute_of(rulings, ruling->id), reading};
  return {};
}

bool read_readings(const GameModule& game, std::string_view text, std::vector<ChosenReading>& out,
                   ReadingsProblem& problem) {
  out.clear();
  std::vector<grammar::envelope::ReadingChoice> choices;
  SyntaxError error;
  if (!grammar::envelope::parse_readings(text, choices, error)) {
    problem.span = Span{error.offset, error.offset + 1};
    problem.message = error.text();
    return false;
  }
  for (const auto& c : choices) {
    const std::string_view id = text.substr(c.ruling.begin, c.ruling.size());
    ChosenReading chosen;
    std::string message = resolve_reading(game, id, text.substr(c.reading.begin, c.reading.size()), chosen);
    if (!message.empty()) {
      // Underline the word at fault: the reading when the ruling is known and has readings.
      const bool reading_at_fault = message.find(" has no reading '") != std::string::npos;
      problem.span = reading_at_fault ? c.reading : c.ruling;
      problem.message = std::move(message);
      return false;
    }
    for (std::size_t i = 0; i < out.size(); ++i)
      if (out[i].dispute == chosen.dispute) {
        problem.span = Span{c.ruling.begin, c.reading.end};
        problem.message = fmt::format("{} is given twice; a ruling has one reading in a game",
                                      disputes(game.rulings())[chosen.dispute]->id);
        return false;
      }
    out.push_back(chosen);
  }
  sort_by_dispute(out);
  return true;
}

std::string reading_text(const GameModule& game, ChosenReading choice) {
  const Ruling* r = disputes(game.rulings())[choice.dispute];
  return fmt::format("{}={}", r->id, r->readings[choice.reading].name);
}

std::string readings_text(const GameModule& game, const std::vector<ChosenReading>& choices) {
  std::string out;
  for (const ChosenReading& c : choices) out += (out.empty() ? "" : ", ") + reading_text(game, c);
  return out;
}

bool read_reading_flags(const std::vector<std::string>& values, std::vector<FlagReading>& out, std::string& problem) {
  out.clear();
  for (const std::string& value : values) {
    std::vector<grammar::envelope::ReadingChoice> choices;
    SyntaxError error;
    if (!grammar::envelope::parse_readings(value, choices, error)) {
      problem = fmt::format("--reading '{}': expected {}, found {}", value, error.expected, error.found);
      return false;
    }
    for (const auto& c : choices) {
      const std::string_view id = std::string_view(value).substr(c.ruling.begin, c.ruling.size());
      const std::string_view name = std::string_view(value).substr(c.reading.begin, c.reading.size());
      // The game is the one whose rulings have this id; every game is asked.
      const GameModule* owner = nullptr;
      for (const GameModule* g : all_games())
        for (const Ruling& r : g->rulings())
          if (iequals(r.id, id)) owner = g;
      if (!owner) {
        std::vector<std::string> all;
        for (const GameModule* g : all_games())
          for (const Ruling* r : disputes(g->rulings())) all.emplace_back(r->id);
        problem = fmt::format("--reading {}: there is no ruling '{}'; the rulings with readings are {}", value, id,
                              and_list(all));
        if (std::string guess = nearest_name(ascii_upper(id), all); !guess.empty())
          problem += "; did you mean '" + guess + "'?";
        return false;
      }
      FlagReading flag{owner, {}};
      if (std::string message = resolve_reading(*owner, id, name, flag.choice); !message.empty()) {
        problem = fmt::format("--reading {}: {}", value, message);
        return false;
      }
      for (const FlagReading& f : out)
        if (f.game == owner && f.choice.dispute == flag.choice.dispute) {
          problem = fmt::format("--reading {}: {} is given twice", value, disputes(owner->rulings())[flag.choice.dispute]->id);
          return false;
        }
      out.push_back(flag);
    }
  }
  return true;
}

std::vector<ChosenReading> flag_readings_for(const std::vector<FlagReading>& flags, const GameModule& game) {
  std::vector<ChosenReading> out;
  for (const FlagReading& f : flags)
    if (f.game == &game) out.push_back(f.choice);
  sort_by_dispute(out);
  return out;
}

}  // namespace wonderlog
