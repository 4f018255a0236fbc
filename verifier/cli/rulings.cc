// wonderlog rulings GAME: every numbered ruling of a game (id and decision), as text or JSON.
// The full rulings (question, reason, rulebook passage, pinning tests) are in docs/games/.
#include <iostream>

#include <nlohmann/json.hpp>

#include "verifier/cli/commands.h"
#include "verifier/registry.h"

namespace wonderlog::cli {

namespace {

// "decision" wrapped at 78 columns under a 2-space indent.
std::string wrapped(std::string_view text) {
  std::string out, line = " ";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    if (line.size() > 1 && line.size() + 1 + word.size() > 78) {
      out += line + "\n";
      line = " ";
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
        j["readings"] = nlohmann::ordered_json::array();  // one reading: the decision (issue 11 adds more)
        all.push_back(std::move(j));
      }
      std::cout << all.dump() << "\n";
    } else {
      std::cout << module->title() << ": " << module->rulings().size() << " rulings (docs/games/" << module->id()
                << ".md)\n";
      for (const Ruling& r : module->rulings()) std::cout << "\n" << r.id << "\n" << wrapped(r.decision);
    }
    exit_code = kOk;
  });
}

}  // namespace wonderlog::cli
