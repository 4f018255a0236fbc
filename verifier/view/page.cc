#include "verifier/view/page.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "verifier/report.h"
#include "verifier/xml.h"

namespace wonderlog {

namespace {

// A relative path as a URL's path: each byte but a letter, a digit, '-', '.', '_', '~' and '/'
// percent-encoded, so that a log named `round#3.wlog` or `q?.wlog` links its page, not a
// fragment or a query (found in review).
std::string url_path(std::string_view path) {
  std::string out;
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || c == '-' || c == '.' ||
        c == '_' || c == '~' || c == '/')
      out += c;
    else
      out += fmt::format("%{:02X}", u);
  }
  return out;
}


// The page's own look; each game adds the classes of its pictures (Pictures::style).
constexpr const char* kPageStyle =
    R"css(body { font: 15px/1.4 system-ui, sans-serif; margin: 1rem 1.5rem; color: #222; background: #fdfcf8; }
h1 { font-size: 1.4rem; margin: 0 0 .2rem; }
header p { margin: .1rem 0; }
.verdict { font-weight: 600; }
.verdict.invalid, .refused-note { color: #a4161a; }
.winner-note { white-space: pre-line; }
.verdict.valid { color: #2b6a30; }
main { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; margin-top: .8rem; }
#stage { flex: 1 1 34rem; min-width: 0; }
#board svg { max-width: 100%; height: auto; }
#board svg.defs { position: absolute; width: 0; height: 0; overflow: hidden; }
#controls { display: flex; gap: .4rem; align-items: center; margin: .6rem 0; flex-wrap: wrap; }
#controls button { font-size: 1rem; min-width: 2.4rem; padding: .2rem .5rem; }
#controls input { flex: 1 1 12rem; }
#where { font-variant-numeric: tabular-nums; min-width: 8rem; }
#side { flex: 0 1 22rem; }
#moves { list-style: none; max-height: 32rem; overflow-y: auto; margin: 0; padding: 0; border: 1px solid #ddd; background: #fff; }
#moves li { padding: .05rem .3rem; }
#moves a { color: inherit; text-decoration: none; display: block; }
#moves li.current { background: #ffe8a3; font-weight: 600; }
#moves li.refused { color: #a4161a; }
#moves li.accepted::after { content: " (accepted)"; color: #8a5a00; }
pre { white-space: pre-wrap; font: 13px/1.35 ui-monospace, monospace; background: #fff; border: 1px solid #ddd; padding: .5rem; }
pre.diagnostic { border-color: #a4161a; }
pre.warning { border-color: #c58a00; }
table { border-collapse: collapse; margin-top: .4rem; }
td, th { border: 1px solid #ddd; padding: .2rem .5rem; text-align: left; vertical-align: top; }
td.points { text-align: right; font-variant-numeric: tabular-nums; }
tr.winner td:first-child::after { content: " \2605"; color: #b8860b; }
:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
@media print { #controls, #side nav, .no-print { display: none; } #moves { max-height: none; border: 0; } }
)css";

// Marks a page as wonderlog's, so that a batch writes over its own pages and nothing else.
constexpr const char* kGenerator = "<meta name=\"generator\" content=\"wonderlog\">\n";

// Steps through the frames. The address's #N names the move shown, so a link opens a move.
constexpr const char* kScript = R"js((function () {
  'use strict';
  var frames = Array.prototype.slice.call(document.querySelectorAll('#board .frame'));
  var items = Array.prototype.slice.call(document.querySelectorAll('#moves li'));
  var slider = document.getElementById('slider');
  var where = document.getElementById('where');
  var progress = document.getElementById('progress');
  var current = -1;
  if (!frames.length) return;  // a game that could not be set up: its diagnostic, nothing to step through
  function show(i) {
    if (isNaN(i)) i = 0;
    i = Math.max(0, Math.min(frames.length - 1, i));
    if (i === current) return;
    if (current >= 0) {
      frames[current].hidden = true;
      items[current].classList.remove('current');
      items[current].removeAttribute('aria-current');
    }
    current = i;
    frames[i].hidden = false;
    items[i].classList.add('current');
    items[i].setAttribute('aria-current', 'step');
    slider.value = String(i);
    where.textContent = i === 0 ? 'Start' : 'Move ' + i + ' of ' + (frames.length - 1);
    progress.textContent = frames[i].getAttribute('data-progress');
    var box = document.getElementById('moves');
    var top = items[i].offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - items[i].offsetHeight)
      box.scrollTop = top - box.clientHeight / 2;
    if (location.hash !== '#' + i) {
      try { history.replaceState(null, '', '#' + i); } catch (e) { /* a page opened from a file may refuse */ }
    }
  }
  function step(by) { show(current + by); }
  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('previous').addEventListener('click', function () { step(-1); });
  document.getElementById('next').addEventListener('click', function () { step(1); });
  document.getElementById('last').addEventListener('click', function () { show(frames.length - 1); });
  slider.addEventListener('input', function () { show(parseInt(slider.value, 10)); });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target === slider) return;  // the slider moves itself
    var keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (e.key in keys) { step(keys[e.key]); e.preventDefault(); }
    else if (e.key === 'Home') { show(0); e.preventDefault(); }
    else if (e.key === 'End') { show(frames.length - 1); e.preventDefault(); }
  });
  window.addEventListener('hashchange', function () { show(parseInt(location.hash.slice(1), 10)); });
  for (var k = 0; k < frames.length; k++) frames[k].hidden = true;  // the page opens on one, the address may name another
  var start = parseInt(location.hash.slice(1), 10);
  show(isNaN(start) ? parseInt(document.body.getAttribute('data-open'), 10) : start);
})();
)js";

std::string escaped(std::string_view s) {
  return xml_escaped(s);
}

std::string players_line(const GameReport& r) {
  std::string out;
  for (std::size_t i = 0; i < r.players.size(); ++i) out += (i ? ", " : "") + r.players[i];
  return out;
}

}  // namespace

PageInfo page_info(const grammar::ParsedGame& game, std::string title, int open_at) {
  PageInfo info;
  info.title = std::move(title);
  for (const char* key : {"event", "site", "date"})
    if (const grammar::Header* h = game.header(key)) info.about.emplace_back(game.header_value(*h));
  info.open_at = open_at;
  return info;
}

std::string view_page(const Pictures& p, const GameReport& r, const PageInfo& info) {
  const int last = p.frames.empty() ? 0 : static_cast<int>(p.frames.size()) - 1;
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += kGenerator;
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += fmt::format("<title>{}: {} ({})</title>\n", escaped(info.title), escaped(players_line(r)), escaped(r.file));
  out += "<style>\n";
  out += kPageStyle;
  out += p.style;
  out += "</style>\n</head>\n";
  out += fmt::format("<body data-open=\"{}\">\n<header>\n", std::clamp(info.open_at, 0, last));
  out += fmt::format("<h1>{}</h1>\n", escaped(info.title));
  out += fmt::format("<p class=\"players\">{}</p>\n", escaped(players_line(r)));
  if (!p.viewer.empty())
    out += fmt::format("<p class=\"viewer\">As {} knew it: what the other side hid is not drawn.</p>\n",
                       escaped(p.viewer));
  std::string about;
  for (const std::string& a : info.about) about += (about.empty() ? "" : " · ") + a;
  if (!about.empty()) out += fmt::format("<p class=\"about\">{}</p>\n", escaped(about));
  out += fmt::format("<p class=\"file\">{}</p>\n", escaped(r.file));
  out += fmt::format("<p id=\"verdict\" class=\"verdict {}\">{}</p>\n", r.valid ? "valid" : "invalid",
                     escaped(verdict_words(r)));
  out += "</header>\n<main>\n<section id=\"stage\" aria-label=\"Position\">\n";
  // A game that could not be set up has no positions to step through: no controls.
  if (!p.frames.empty()) {
    out += "<nav id=\"controls\" aria-label=\"Step through the game\">\n";
    out +=
        "<button id=\"first\" type=\"button\" title=\"First position (Home)\" aria-label=\"First "
        "position\">&#x25C0;&#x25C0;</button>\n";
    out +=
        "<button id=\"previous\" type=\"button\" title=\"Previous move (Left arrow)\" aria-label=\"Previous "
        "move\">&#x25C0;</button>\n";
    out +=
        "<button id=\"next\" type=\"button\" title=\"Next move (Right arrow)\" aria-label=\"Next "
        "move\">&#x25B6;</button>\n";
    out +=
        "<button id=\"last\" type=\"button\" title=\"Last position (End)\" aria-label=\"Last "
        "position\">&#x25B6;&#x25B6;</button>\n";
    out +=
        fmt::format("<input id=\"slider\" type=\"range\" min=\"0\" max=\"{}\" value=\"0\" aria-label=\"Move\">\n", last);
    out += "<span id=\"where\" aria-live=\"polite\"></span>\n</nav>\n";
  }
  out += "<p id=\"progress\"></p>\n<div id=\"board\">\n";
  // Drawings every position shares (a map), defined once for the pictures to <use>.
  if (!p.defs.empty())
    out += "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\"><defs>\n" + p.defs +
           "</defs></svg>\n";
  for (std::size_t i = 0; i < p.frames.size(); ++i) {
    const Frame& f = p.frames[i];
    out += fmt::format(
        "<div class=\"frame\" id=\"frame-{}\" data-move=\"{}\" data-line=\"{}\" data-progress=\"{}\"{}>\n", i, f.move,
        f.line, escaped(f.progress), i == static_cast<std::size_t>(std::clamp(info.open_at, 0, last)) ? "" : " hidden");
    if (f.refused && r.error) {
      out += fmt::format(
          "<p class=\"refused-note\">Move {} is refused; the position is the one it was played on.</p>\n", f.move);
      out += "<pre class=\"diagnostic\">" + escaped(render(r.file, *r.error, Severity::error)) + "</pre>\n";
    }
    if (f.accepted)
      for (const Diagnostic& w : r.warnings)
        if (w.pos.line == f.line)
          out += "<pre class=\"warning\">" + escaped(render(r.file, w, Severity::warning)) + "</pre>\n";
    out += p.pictures[f.picture];
    out += "</div>\n";
  }
  out += "</div>\n";
  // A game that stops short of a move (a syntax error, a set-up or a missing end) has its
  // diagnostic under the board.
  const bool on_a_move = r.error && r.error->move && !p.frames.empty() && p.frames.back().refused;
  if (r.error && !on_a_move)
    out += "<pre class=\"diagnostic\">" + escaped(render(r.file, *r.error, Severity::error)) + "</pre>\n";
  if (!p.breakdown.empty() && r.scores) {
    out += "<section id=\"scores\" aria-label=\"Final scores\">\n<h2>Final scores</h2>\n<table>\n";
    out += "<tr><th>Player</th><th>Points</th><th>How</th></tr>\n";
    for (std::size_t seat = 0; seat < r.players.size() && seat < p.breakdown.size(); ++seat) {
      const bool won = std::find(r.winners.begin(), r.winners.end(), static_cast<int>(seat)) != r.winners.end();
      std::string how;
      for (const std::string& part : p.breakdown[seat]) how += (how.empty() ? "" : "<br>") + escaped(part);
      out += fmt::format("<tr{}><td>{}</td><td class=\"points\">{}</td><td>{}</td></tr>\n",
                         won ? " class=\"winner\"" : "", escaped(r.players[seat]), (*r.scores)[seat], how);
    }
    out += "</table>\n";
    // Who won, and how a tie was broken, in words: the table marks the winner's row with a star
    // only (found in review).
    if (!p.winner_note.empty()) out += "<p class=\"winner-note\">" + escaped(p.winner_note) + "</p>\n";
    out += "</section>\n";
  }
  out += "</section>\n";
  if (p.frames.empty()) {
    out += "</main>\n</body>\n</html>\n";
    return out;
  }
  out += "<aside id=\"side\">\n<h2>Moves</h2>\n<ol id=\"moves\">\n";
  for (std::size_t i = 0; i < p.frames.size(); ++i) {
    const Frame& f = p.frames[i];
    std::string cls = f.refused ? "refused" : f.accepted ? "accepted" : "";
    out += fmt::format("<li{}><a href=\"#{}\">{}</a></li>\n", cls.empty() ? "" : " class=\"" + cls + "\"", i,
                       escaped(f.refused ? f.entry + " (refused)" : f.entry));
  }
  out += "</ol>\n<p class=\"no-print\">Keys: &#x2190; &#x2192; a move, Page Up/Down ten, Home and End.</p>\n";
  out += "</aside>\n</main>\n<script>\n";
  out += kScript;
  out += "</script>\n</body>\n</html>\n";
  return out;
}

bool is_wonderlog_page(std::string_view text) {
  const std::size_t head = text.find("</head>");
  return text.substr(0, head).find(kGenerator) != std::string_view::npos;
}

std::string index_page(const std::vector<IndexEntry>& entries) {
  const auto valid = std::count_if(entries.begin(), entries.end(), [](const IndexEntry& e) { return e.report.valid; });
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += kGenerator;
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>wonderlog: the games verified</title>\n<style>\n";
  out += kPageStyle;
  out += "main.index { display: block; }\ntr.invalid td.verdict { color: #a4161a; } tr.valid td.verdict { color: #2b6a30; }\n";
  out += "</style>\n</head>\n<body>\n<header>\n<h1>The games verified</h1>\n";
  out += fmt::format("<p id=\"summary\">{} game{}: {} valid, {} invalid</p>\n</header>\n<main class=\"index\">\n",
                     entries.size(), entries.size() == 1 ? "" : "s", valid, static_cast<long>(entries.size()) - valid);
  out += "<table class=\"games\" id=\"games\">\n<tr><th>Log</th><th>Game</th><th>Players</th><th>Verdict</th></tr>\n";
  for (const IndexEntry& e : entries) {
    const GameReport& r = e.report;
    out += fmt::format("<tr class=\"{}\"><td><a href=\"{}\">{}{}</a></td><td>{}</td><td>{}</td><td class=\"verdict\">{}</td></tr>\n",
                       r.valid ? "valid" : "invalid", escaped(url_path(e.href)), escaped(r.file),
                       r.game_index > 1 ? fmt::format(", game {}", r.game_index) : std::string(),
                       escaped(e.title.empty() ? r.game : e.title), escaped(players_line(r)), escaped(verdict_words(r)));
  }
  out += "</table>\n</main>\n</body>\n</html>\n";
  return out;
}

}  // namespace wonderlog
