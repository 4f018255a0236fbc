// wonderlog view FILE: a page that steps through a game's positions, drawn (docs/cli.md, "view").
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>

#include <fmt/format.h>

#include "verifier/cli/one_game.h"
#include "verifier/view/page.h"
#include "verifier/xml.h"

namespace wonderlog::cli {

namespace {

// Whether `path` is a page or a picture `view` wrote (a page's generator tag; a picture's
// opening lines), judged from its first few KiB.
bool written_by_view(const std::string& path) {
  const std::string head = read_head(path);
  return is_wonderlog_page(head) ||
         (head.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"") &&
          head.find("role=\"img\">\n<title>") != std::string::npos);
}

namespace fs = std::filesystem;

// A refused move's picture says so by itself, shown apart from any page (found in review: it
// looked like the position after the move): its title names the refusal, and a line under the
// drawing, in the room added for it, gives the verdict.
std::string with_refusal(std::string svg, int move, const Diagnostic& error) {
  const std::string caption = fmt::format("Move {} is refused: {}{}", move, error.message,
                                          error.rule.empty() ? "" : " [" + error.rule + "]");
  if (const std::size_t title = svg.find("</title>"); title != std::string::npos)
    svg.insert(title, xml_escaped(fmt::format(" (move {} refused: the position it was tried in)", move)));
  // viewBox="0 0 W H" ... height="H": H grows by the caption's lines.
  const std::size_t box = svg.find("viewBox=\"0 0 ");
  const std::size_t attr = svg.find(" height=\"");
  if (box == std::string::npos || attr == std::string::npos) return svg;
  const std::size_t w = box + 13, h = svg.find(' ', w);
  const std::size_t end = h == std::string::npos ? h : svg.find('"', h);
  const std::size_t attr_end = svg.find('"', attr + 9);
  if (end == std::string::npos || attr_end == std::string::npos) return svg;
  int width = 0, height = 0;
  try {
    width = std::stoi(svg.substr(w, h - w));
    height = std::stoi(svg.substr(h + 1, end - h - 1));
  } catch (const std::exception&) {
    return svg;
  }
  // Lines of words that fit the width, at about 7 pixels a character of 13-pixel sans-serif.
  const std::size_t fits = static_cast<std::size_t>(std::max(40, (width - 16) / 7));
  std::vector<std::string> lines(1);
  for (std::size_t i = 0; i < caption.size();) {
    const std::size_t next = std::min(caption.size(), caption.find(' ', i));
    const std::string word = caption.substr(i, next - i);
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > fits) lines.emplace_back();
    lines.back() += (lines.back().empty() ? "" : " ") + word;
    i = next + 1;
  }
  constexpr int kLine = 18;
  const std::string grown = std::to_string(height + 8 + kLine * static_cast<int>(lines.size()));
  svg.replace(attr + 9, attr_end - attr - 9, grown);  // after the viewBox: its offsets stay
  svg.replace(h + 1, end - h - 1, grown);
  std::string text;
  for (std::size_t i = 0; i < lines.size(); ++i)
    text += fmt::format("<text x=\"8\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#a4161a\" "
                        "class=\"refused-caption\">{}</text>\n",
                        height + 4 + kLine * static_cast<int>(i + 1), xml_escaped(lines[i]));
  if (const std::size_t close = svg.rfind("</svg>"); close != std::string::npos) svg.insert(close, text);
  return svg;
}

struct ViewOptions {
  OneGame game;
  std::string output;  // "" : STEM.html in the current folder; "-": standard output
  std::string as = "all";
  int at = 0;
  bool svg = false;
};

int run_view(const ViewOptions& o) {
  const OneGame& one = o.game;
  grammar::ParsedGame parsed;
  Context context;
  GameReport report;
  const GameModule* module = nullptr;
  if (const int code = one.load(parsed, context, report, module); code != kOk) return code;
  std::string problem;
  // A game that cannot be set up has nothing to draw: said, since a page is written otherwise.
  constexpr const char* kNoPage =
      "wonderlog: no page written: the game cannot be set up, so there is nothing to draw\n";
  if (!module) {
    std::cerr << text_report(report, paint_for(2)) << kNoPage;
    return kInvalid;
  }
  const auto sides = module->viewers();
  if (o.as != "all" && std::find(sides.begin(), sides.end(), o.as) == sides.end()) {
    std::cerr << "wonderlog: " << module->id() << " has no side called '" << o.as
              << "': only hide-and-seek's Alice and Queen see different things (use --as all)\n";
    return kUsage;
  }
  const Pictures pictures = module->pictures(parsed, context, o.as, report);
  report.game_index = one.game;
  if (pictures.frames.empty()) {  // the game could not be set up: nothing to draw
    std::cerr << text_report(report, paint_for(2)) << kNoPage;
    return kInvalid;
  }
  std::string text;
  const int last = static_cast<int>(pictures.frames.size()) - 1;
  const auto& frame = pictures.frames[static_cast<std::size_t>(std::clamp(o.at, 0, last))];
  const int shown = frame.move;
  // A refused move's picture is the position it was tried in (found in review: "the picture of
  // move 140" read as if move 140 had been played).
  const std::string which =
      frame.refused ? fmt::format("move {}, refused: the position it was tried in", shown) : fmt::format("move {}", shown);
  if (o.svg && o.at > last)  // said, as replay says it: the picture is of another position than asked
    std::cerr << "wonderlog: note: there is no move " << o.at << " to draw"
              << (report.error ? " (the replay stops at the game's first error)" : "") << "; the picture is of "
              << which << "\n";
  if (o.svg) {
    const int at = std::clamp(o.at, 0, last);
    const std::string& svg = pictures.pictures[pictures.frames[at].picture];
    // The stylesheet and the drawings the pictures share go inside the image, so that it
    // stands alone.
    const std::size_t body =
        svg.find("</desc>\n") != std::string::npos ? svg.find("</desc>\n") + 8 : svg.find("</title>\n") + 9;
    text = svg.substr(0, body) + "<style>\n" + pictures.style + "</style>\n";
    if (!pictures.defs.empty()) text += "<defs>\n" + pictures.defs + "</defs>\n";
    text += svg.substr(body);
    if (pictures.frames[at].refused && report.error) text = with_refusal(std::move(text), shown, *report.error);
  } else {
    text = view_page(pictures, report, page_info(parsed, std::string(module->title()), o.at));
  }
  std::string target = o.output;
  if (target.empty())
    target = (fs::path(one.file == "-" ? "game" : one.file).stem().string()) + (o.svg ? ".svg" : ".html");
  if (target == "-") {
    std::cout << text;
  } else {
    std::error_code ec;
    if (one.file != "-" && fs::equivalent(target, one.file, ec)) {
      std::cerr << "wonderlog: the page would be written over the log '" << one.file << "': name another with -o\n";
      return kUsage;
    }
    // A name of our choosing never replaces a file wonderlog did not write; -o names it on purpose.
    if (o.output.empty() && fs::exists(target, ec) && !written_by_view(target)) {
      std::cerr << "wonderlog: '" << target << "' exists and is not a " << (o.svg ? "picture" : "page")
                << " wonderlog wrote: not overwritten (name it with -o to replace it, or another file)\n";
      return kUsage;
    }
    if (!write_file_atomically(target, text, problem)) {
      std::cerr << "wonderlog: " << problem << "\n";
      return kUsage;
    }
    if (o.svg)
      std::cerr << "wonderlog: wrote " << target << " (the picture of " << which << ")\n";
    else
      std::cerr << "wonderlog: wrote " << target << " (" << pictures.frames.size() << " position"
                << (pictures.frames.size() == 1 ? "" : "s") << ")\n";
  }
  // The verdict, as verify says it, on standard error: the page is the output.
  std::cerr << text_report(report, paint_for(2));
  return report.error ? kInvalid : kOk;
}

}  // namespace

void setup_view(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ViewOptions>();
  CLI::App* sub = app.add_subcommand("view", "Write a page that steps through a game's positions, drawn");
  o->game.bind(sub);
  sub->add_option("-o,--output", o->output,
                  "Where to write the page (- for standard output; default: the log's name with .html, in the "
                  "current folder)");
  sub->add_option("--as", o->as, "Draw what one side knows: alice, queen (hidden-information games) or all")
      ->check(CLI::IsMember({"all", "alice", "queen"}));
  sub->add_option("--at", o->at, "The move the page opens at (0: the start; the address's #N wins)")
      ->check(whole_number(0, std::numeric_limits<int>::max(), "a move number", "0 is the start, 1 the first move"));
  sub->add_flag("--svg", o->svg, "Write only the picture of the position after move --at, as SVG");
  sub->callback([o, &exit_code] { exit_code = run_view(*o); });
}

}  // namespace wonderlog::cli
