// wonderlog rulings GAME: every numbered ruling of a game (id and decision) with its readings,
// the default marked, as text or JSON. The full rulings (question, reason, the text for each
// reading, rulebook passage, pinning tests) are in docs/games/.
#include <iostream>

#include <nlohmann/json.hpp>

#include "verifier/cli/commands.h"
#include "verifier/registry.h"

namespace wonderlog::cli {

namespace {

// `text` wrapped at 78 columns under `indent` spaces.
std::string wrapped(std::string_view text, std::size_t indent = 2) {
  const std::string margin(indent - 1, ' ');
  std::string out, line = margin;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    if (line.size() > margin.size() && line.size() + 1 + word.size() > 78) {
      out += line + "\n";
      line = margin;
    }
    line += " ";
    line += word;
    start = end + 1;
  }
  return out + line + "\n";
}

}  // namespace

void setup_rulings(CLI::App& app, int& exit_code) {
  auto game = std::make_shared<std::string>();
  auto format = std::make_shared<std::string>("text");
  CLI::App* sub = app.add_subcommand("rulings", "List a game's numbered rulings (id and decision)");
  sub->add_option("game", *game, "The game: " + game_ids())->required();
  sub->add_option("--format", *format, "text or json")->check(CLI::IsMember({"text", "json"}));
  sub->callback([game, format, &exit_code] {
    const GameModule* module = game_named(*game);
    if (!module) {
      exit_code = kUsage;
      return;
    }
    if (*format == "json") {
      nlohmann::ordered_json all = nlohmann::ordered_json::array();
      for (const Ruling& r : module->rulings()) {
        nlohmann::ordered_json j;
        j["id"] = r.id;
        j["decision"] = r.decision;
        j["readings"] = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < r.readings.size(); ++i) {
          nlohmann::ordered_json reading;
          reading["name"] = r.readings[i].name;
          reading["decision"] = r.readings[i].decision;
          reading["default"] = i == 0;
          j["readings"].push_back(std::move(reading));
        }
        all.push_back(std::move(j));
      }
      std::cout << all.dump() << "\n";
    } else {
      std::cout << module->title() << ": " << module->rulings().size() << " rulings (docs/games/" << module->id()
                << ".md)\n";
      for (const Ruling& r : module->rulings()) {
        std::cout << "\n" << r.id << "\n" << wrapped(r.decision);
        if (r.readings.empty()) continue;
        std::cout << "  Readings (choose one with 'readings: " << r.id << "=NAME' in a log, or --reading):\n";
        for (std::size_t i = 0; i < r.readings.size(); ++i)
          std::cout << "    " << r.readings[i].name << (i == 0 ? " (default)" : "") << "\n"
                    << wrapped(r.readings[i].decision, 6);
      }
    }
    exit_code = kOk;
  });
}

}  // namespace wonderlog::cli
