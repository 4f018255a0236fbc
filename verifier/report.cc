#include "verifier/report.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace wonderlog {

std::string verdict_line(const GameReport& r) {
  return fmt::format("{}: game {}{}: {}\n", r.file, r.game_index, r.game.empty() ? "" : " (" + r.game + ")",
                     verdict_words(r));
}

std::string verdict_words(const GameReport& r) {
  if (!r.valid) {
    const Diagnostic& e = *r.error;
    std::string what = fmt::format("INVALID ({}", to_string(e.kind));
    if (e.move) what += fmt::format(", move {}", *e.move);
    if (!e.rule.empty()) what += ", " + e.rule;
    what += ")";
    if (e.pos.line) what += fmt::format(" at line {}", e.pos.line);
    if (!r.readings.empty()) {  // the readings the verdict was reached under, as for a valid game
      what += "; readings:";
      for (std::size_t i = 0; i < r.readings.size(); ++i) what += (i ? ", " : " ") + r.readings[i];
    }
    return what;
  }
  std::string out = r.in_progress ? fmt::format("valid so far, {} moves (in progress)", r.moves)
                                  : fmt::format("valid, {} moves", r.moves);
  if (r.scores) {
    out += ";";
    for (std::size_t i = 0; i < r.players.size(); ++i)
      out += fmt::format("{} {} {}", i ? "," : "", r.players[i], (*r.scores)[i]);
    out += r.winners.size() == 1 ? "; winner: " : "; shared win: ";
    for (std::size_t i = 0; i < r.winners.size(); ++i) out += (i ? ", " : "") + r.players[r.winners[i]];
    if (!r.tie_break.empty()) out += " (" + r.tie_break + ")";
  }
  if (!r.readings.empty()) {
    out += "; readings:";
    for (std::size_t i = 0; i < r.readings.size(); ++i) out += (i ? ", " : " ") + r.readings[i];
  }
  if (!r.warnings.empty()) out += fmt::format(" ({} warning{})", r.warnings.size(), r.warnings.size() == 1 ? "" : "s");
  return out;
}

std::string text_report(const GameReport& r, const Paint& paint) {
  std::string out;
  for (const Diagnostic& n : r.notes) out += render(r.file, n, Severity::note, paint);
  for (const Diagnostic& w : r.warnings) out += render(r.file, w, Severity::warning, paint);
  if (r.error) out += render(r.file, *r.error, Severity::error, paint);
  out += verdict_line(r);
  if (r.depends_on)
    for (const Dependence& d : *r.depends_on) out += fmt::format("{}: note: {}\n", r.file, d.summary);
  return out;
}

namespace {

nlohmann::ordered_json diagnostic_json(const Diagnostic& d, bool with_kind) {
  nlohmann::ordered_json j;
  if (with_kind) j["kind"] = to_string(d.kind);
  j["line"] = d.pos.line ? nlohmann::ordered_json(d.pos.line) : nlohmann::ordered_json(nullptr);
  j["column"] = d.pos.column ? nlohmann::ordered_json(d.pos.column) : nlohmann::ordered_json(nullptr);
  j["move"] = d.move ? nlohmann::ordered_json(*d.move) : nlohmann::ordered_json(nullptr);
  j["player"] = d.player.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(d.player);
  j["rule"] = d.rule.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(d.rule);
  j["message"] = d.message;
  nlohmann::ordered_json facts = nlohmann::ordered_json::object();
  for (const Fact& f : d.facts) facts[f.name] = f.value;
  j["facts"] = facts;
  j["notes"] = d.notes;
  return j;
}

}  // namespace

namespace {
nlohmann::ordered_json report_object(const GameReport& r) {
  nlohmann::ordered_json j;
  j["schema"] = kJsonSchema;
  j["file"] = r.file;
  j["game_index"] = r.game_index;
  j["game"] = r.game.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.game);
  // Which catalog the verdict was reached with, and the file it was read from: one in the log's
  // folder, or given by --catalog-dir, is found before the bundled one of the same id.
  if (r.catalog.empty()) {
    j["catalog"] = nullptr;
  } else {
    nlohmann::ordered_json c;
    c["id"] = r.catalog_id;
    c["file"] = r.catalog;
    j["catalog"] = c;
  }
  j["valid"] = r.valid;
  j["in_progress"] = r.in_progress;
  j["moves"] = r.moves;
  j["error"] = r.error ? diagnostic_json(*r.error, true) : nlohmann::ordered_json(nullptr);
  nlohmann::ordered_json warnings = nlohmann::ordered_json::array();
  for (const Diagnostic& w : r.warnings) warnings.push_back(diagnostic_json(w, false));
  j["warnings"] = warnings;
  if (r.scores) {
    nlohmann::ordered_json scores = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < r.players.size(); ++i) scores[r.players[i]] = (*r.scores)[i];
    j["scores"] = scores;
    nlohmann::ordered_json winners = nlohmann::ordered_json::array();
    for (int w : r.winners) winners.push_back(r.players[w]);
    j["winners"] = winners;
  } else {
    j["scores"] = nullptr;
    j["winners"] = nlohmann::ordered_json::array();
  }
  j["tie_break"] = r.tie_break.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.tie_break);
  nlohmann::ordered_json readings = nlohmann::ordered_json::object();
  for (const std::string& choice : r.readings) {
    const std::size_t eq = choice.find('=');
    readings[choice.substr(0, eq)] = choice.substr(eq + 1);
  }
  j["readings"] = readings;
  nlohmann::ordered_json notes = nlohmann::ordered_json::array();
  for (const Diagnostic& n : r.notes) notes.push_back(diagnostic_json(n, false));
  j["notes"] = notes;
  if (r.depends_on) {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const Dependence& d : *r.depends_on) {
      nlohmann::ordered_json one;
      one["ruling"] = d.ruling;
      one["reading"] = d.reading;
      nlohmann::ordered_json with = nlohmann::ordered_json::object();
      for (const auto& [ruling, reading] : d.with) with[ruling] = reading;
      one["with"] = with;
      one["changes"] = d.changes;
      one["valid"] = d.valid;
      one["error"] = d.error ? diagnostic_json(*d.error, true) : nlohmann::ordered_json(nullptr);
      if (d.scores) {
        nlohmann::ordered_json scores = nlohmann::ordered_json::object();
        for (std::size_t i = 0; i < r.players.size(); ++i) scores[r.players[i]] = (*d.scores)[i];
        one["scores"] = scores;
      } else {
        one["scores"] = nullptr;
      }
      nlohmann::ordered_json winners = nlohmann::ordered_json::array();
      for (int w : d.winners) winners.push_back(r.players[w]);
      one["winners"] = winners;
      one["summary"] = d.summary;
      all.push_back(std::move(one));
    }
    j["depends_on"] = all;
  } else {
    j["depends_on"] = nullptr;
  }
  return j;
}

// One line. Invalid UTF-8 replaced rather than thrown on: a binary log must still get its report.
std::string one_line(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}
}  // namespace

std::string json_report(const GameReport& r) {
  return one_line(report_object(r));
}

std::string json_score(const GameReport& r, const std::vector<std::vector<std::string>>& breakdown) {
  nlohmann::ordered_json j = report_object(r);
  if (breakdown.size() == r.players.size() && !breakdown.empty()) {
    nlohmann::ordered_json all = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < r.players.size(); ++i) all[r.players[i]] = breakdown[i];
    j["breakdown"] = all;
  } else {
    j["breakdown"] = nullptr;
  }
  return one_line(j);
}

std::string json_unreadable(const std::string& file, const std::string& problem) {
  nlohmann::ordered_json j;
  j["schema"] = kJsonSchema;
  j["file"] = file;
  j["game_index"] = nullptr;
  j["game"] = nullptr;
  j["catalog"] = nullptr;
  j["valid"] = false;
  j["in_progress"] = false;
  j["moves"] = 0;
  Diagnostic d;
  d.message = problem;
  nlohmann::ordered_json error = diagnostic_json(d, false);
  error.erase("kind");
  nlohmann::ordered_json with_kind;
  with_kind["kind"] = "unreadable";
  for (auto& [key, value] : error.items()) with_kind[key] = value;
  j["error"] = with_kind;
  j["warnings"] = nlohmann::ordered_json::array();
  j["scores"] = nullptr;
  j["winners"] = nlohmann::ordered_json::array();
  j["tie_break"] = nullptr;
  j["readings"] = nlohmann::ordered_json::object();
  j["notes"] = nlohmann::ordered_json::array();
  j["depends_on"] = nullptr;  // nothing was replayed, under any reading
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace wonderlog
