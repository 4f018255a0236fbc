// Readings of disputed rulings (docs/log-format.md, "The `readings` header"; docs/cli.md): the
// engines' dispute enums against the rulings, the readings header and --reading, and what verify,
// explain, score, gen and rulings say of them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/alicematic/state.h"
#include "engine/core/readings.h"
#include "engine/hide_and_seek/state.h"
#include "engine/rolling/state.h"
#include "engine/tea_time/state.h"
#include "tests/testing.h"
#include "verifier/format.h"
#include "verifier/registry.h"

namespace wonderlog {
namespace {

using testing::run_cli;

// The dispute `d` of `game` is ruling `id`, and its readings are `names` in the engine's order.
template <class Dispute>
void expect_dispute(const char* game, Dispute d, const char* id, const std::vector<std::string>& names) {
  const std::vector<Ruling>& rulings = find_game(game)->rulings();
  ASSERT_EQ(dispute_of(rulings, id), static_cast<int>(d)) << id;
  const Ruling& r = *disputes(rulings)[static_cast<int>(d)];
  std::vector<std::string> listed;
  for (const Reading& reading : r.readings) listed.emplace_back(reading.name);
  EXPECT_EQ(listed, names) << id;
}

TEST(Readings, EachEnginesDisputesFollowItsRulings) {
  using namespace tea_time;
  expect_dispute("tea-time", Dispute::deal_sides, "TT-2", {"chessboard", "chessboard-a1-mirror", "laying-order"});
  static_assert(static_cast<int>(DealSides::laying_order) == 2);
  expect_dispute("tea-time", Dispute::turn_count, "TT-3", {"per-round", "per-game"});
  static_assert(static_cast<int>(TurnCount::per_game) == 1);
  expect_dispute("tea-time", Dispute::ties, "TT-7", {"shared-win", "alice-card-breaks-ties"});
  static_assert(static_cast<int>(Ties::alice_card_breaks_ties) == 1);
  EXPECT_EQ(disputes(find_game("tea-time")->rulings()).size(), 3u);

  namespace hs = hide_and_seek;
  expect_dispute("hide-and-seek", hs::Dispute::start_tile, "HS-3", {"start-revealed", "start-face-down"});
  static_assert(static_cast<int>(hs::StartTile::start_face_down) == 1);
  expect_dispute("hide-and-seek", hs::Dispute::adjacent, "HS-4", {"eight-neighbours", "four-neighbours"});
  static_assert(static_cast<int>(hs::Adjacent::four_neighbours) == 1);
  expect_dispute("hide-and-seek", hs::Dispute::king_move, "HS-8", {"move-no-reveal", "move-reveals"});
  static_assert(static_cast<int>(hs::KingMove::move_reveals) == 1);
  expect_dispute("hide-and-seek", hs::Dispute::look, "HS-9", {"any-tile", "face-down-only"});
  static_assert(static_cast<int>(hs::LookAt::face_down_only) == 1);
  expect_dispute("hide-and-seek", hs::Dispute::reorder, "HS-10", {"any-order", "new-order"});
  static_assert(static_cast<int>(hs::Reorder::new_order) == 1);
  expect_dispute("hide-and-seek", hs::Dispute::cornered, "HS-11", {"at-her-turn", "cornered-at-once"});
  static_assert(static_cast<int>(hs::Cornered::cornered_at_once) == 1);
  expect_dispute("hide-and-seek", hs::Dispute::last_companion, "HS-12", {"ninth-garden-tile", "pile-emptied"});
  static_assert(static_cast<int>(hs::LastCompanion::pile_emptied) == 1);
  expect_dispute("hide-and-seek", hs::Dispute::swap, "HS-17", {"swap-unseen", "swap-seen"});
  static_assert(static_cast<int>(hs::SwapSeen::swap_seen) == 1);
  EXPECT_EQ(disputes(find_game("hide-and-seek")->rulings()).size(), 8u);

  namespace ah = alicematic;
  expect_dispute("alicematic-heroes", ah::Dispute::invasion_step, "AH-13", {"not-skipped", "pass-allowed"});
  static_assert(static_cast<int>(ah::InvasionStep::pass_allowed) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::commoner_turn, "AH-14", {"commoner-invades", "commoner-ends-turn"});
  static_assert(static_cast<int>(ah::CommonerTurn::commoner_ends_turn) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::payment, "AH-15", {"exact-lack", "overpay-allowed"});
  static_assert(static_cast<int>(ah::Payment::overpay_allowed) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::held_attack, "AH-17", {"held-may-be-attacked", "held-direct-only"});
  static_assert(static_cast<int>(ah::HeldAttack::held_direct_only) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::flip, "AH-18",
                 {"free-flip-full-bonus", "free-flip-no-bonus", "power-needed"});
  static_assert(static_cast<int>(ah::Flip::power_needed) == 2);
  expect_dispute("alicematic-heroes", ah::Dispute::own_city, "AH-21", {"own-city-allowed", "own-city-refused"});
  static_assert(static_cast<int>(ah::OwnCity::refused) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::blue_bonus, "AH-22", {"all-drawn", "up-to"});
  static_assert(static_cast<int>(ah::BlueBonus::up_to) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::tile_majority, "AH-23", {"all-tokens", "invaded-only"});
  static_assert(static_cast<int>(ah::TileMajority::invaded_only) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::colour_scoring, "AH-24", {"by-slot", "by-card-colour"});
  static_assert(static_cast<int>(ah::ColourScoring::by_card_colour) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::by_itself, "AH-27", {"declinable", "automatic"});
  static_assert(static_cast<int>(ah::ByItself::automatic) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::use_time, "AH-28",
                 {"before-invasion-entry", "after-invasion-too", "any-turn"});
  static_assert(static_cast<int>(ah::UseTime::any_turn) == 2);
  expect_dispute("alicematic-heroes", ah::Dispute::flip_time, "AH-31", {"flip-after-attack", "before-invasion"});
  static_assert(static_cast<int>(ah::FlipTime::before_invasion) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::played_again, "AH-35", {"each-alice", "once-in-force"});
  static_assert(static_cast<int>(ah::PlayedAgain::once_in_force) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::own_entering, "AH-36", {"counts-herself", "later-cards-only"});
  static_assert(static_cast<int>(ah::OwnEntering::later_cards_only) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::most_alices, "AH-47", {"tie-included", "strictly-most"});
  static_assert(static_cast<int>(ah::MostAlices::strictly_most) == 1);
  expect_dispute("alicematic-heroes", ah::Dispute::distance, "AH-16", {"cheapest-route", "closest-city"});
  static_assert(static_cast<int>(ah::Distance::closest_city) == 1);
  EXPECT_EQ(disputes(find_game("alicematic-heroes")->rulings()).size(), 16u);

  namespace rw = rolling;
  const char* game = "rolling-in-wonderland";
  expect_dispute(game, rw::Dispute::setup_card, "RW-3", {"placed-at-setup", "may-keep"});
  static_assert(static_cast<int>(rw::SetupCard::may_keep) == 1);
  expect_dispute(game, rw::Dispute::dice, "RW-7", {"roll-what-you-took", "one-of-each-colour"});
  static_assert(static_cast<int>(rw::DiceRolled::one_of_each_colour) == 1);
  expect_dispute(game, rw::Dispute::reroll, "RW-9", {"chosen-two-or-more", "whole-area"});
  static_assert(static_cast<int>(rw::Reroll::whole_area) == 1);
  expect_dispute(game, rw::Dispute::mushroom_time, "RW-10", {"any-time-in-turn", "before-the-take"});
  static_assert(static_cast<int>(rw::MushroomTime::before_the_take) == 1);
  expect_dispute(game, rw::Dispute::black_mushrooms, "RW-11", {"per-die", "per-take"});
  static_assert(static_cast<int>(rw::BlackMushrooms::per_take) == 1);
  expect_dispute(game, rw::Dispute::ability_at, "RW-12", {"four-or-more", "all-six"});
  static_assert(static_cast<int>(rw::AbilityAt::all_six) == 1);
  expect_dispute(game, rw::Dispute::ability_when, "RW-13",
                 {"before-or-after", "after-the-action", "on-collection", "any-time-in-action"});
  static_assert(static_cast<int>(rw::AbilityWhen::any_time_in_action) == 3);
  expect_dispute(game, rw::Dispute::rabbit_move, "RW-15", {"full-move", "up-to"});
  expect_dispute(game, rw::Dispute::yellow, "RW-16", {"orange-or-peach", "orange", "peach"});
  static_assert(static_cast<int>(rw::YellowDie::peach) == 2);
  expect_dispute(game, rw::Dispute::skipped_star, "RW-17", {"skipped-star-scores", "skipped-star-not-reached"});
  static_assert(static_cast<int>(rw::SkippedStar::skipped_star_not_reached) == 1);
  expect_dispute(game, rw::Dispute::cheshire_bonus, "RW-18", {"all-received", "may-decline"});
  static_assert(static_cast<int>(rw::CheshireBonus::may_decline) == 1);
  expect_dispute(game, rw::Dispute::alice_card, "RW-19", {"taken-when-free", "always-optional"});
  static_assert(static_cast<int>(rw::AliceCard::always_optional) == 1);
  expect_dispute(game, rw::Dispute::bonus_cube, "RW-20", {"cube-none-allowed", "due"});
  static_assert(static_cast<int>(rw::BonusCube::due) == 1);
  expect_dispute(game, rw::Dispute::skipped_icon, "RW-23", {"skipped-pays-nothing", "skipped-pays"});
  static_assert(static_cast<int>(rw::SkippedIcon::skipped_pays) == 1);
  expect_dispute(game, rw::Dispute::icon_order, "RW-24", {"path-order", "any-order-after-move"});
  static_assert(static_cast<int>(rw::IconOrder::any_order_after_move) == 1);
  expect_dispute(game, rw::Dispute::icon_bonus, "RW-25", {"all-received", "may-decline"});
  static_assert(static_cast<int>(rw::IconBonus::may_decline) == 1);
  expect_dispute(game, rw::Dispute::kept_token, "RW-26", {"first-soldier", "player-chooses"});
  static_assert(static_cast<int>(rw::KeptToken::player_chooses) == 1);
  expect_dispute(game, rw::Dispute::tie, "RW-28", {"skip-one-place", "skip-tied-places"});
  static_assert(static_cast<int>(rw::Tie::skip_tied_places) == 1);
  expect_dispute(game, rw::Dispute::jabberwock, "RW-29", {"strength", "soldier-count"});
  static_assert(static_cast<int>(rw::JabberwockBy::soldier_count) == 1);
  expect_dispute(game, rw::Dispute::first_to_end, "RW-31", {"first-by-move", "round-counts-as-one"});
  static_assert(static_cast<int>(rw::FirstToEnd::round_counts_as_one) == 1);
  expect_dispute(game, rw::Dispute::hatter_vp, "RW-33", {"hand-and-slots", "slots-only", "all-gained"});
  static_assert(static_cast<int>(rw::HatterVp::all_gained) == 2);
  expect_dispute(game, rw::Dispute::objective_tie, "RW-34", {"strictly-more", "tie-counts"});
  static_assert(static_cast<int>(rw::ObjectiveTie::tie_counts) == 1);
  expect_dispute(game, rw::Dispute::winner_first, "RW-35", {"first-among-tied", "first-overall"});
  static_assert(static_cast<int>(rw::WinnerFirst::first_overall) == 1);
  expect_dispute(game, rw::Dispute::empty_deck, "RW-36", {"no-reshuffle", "reshuffle-discards"});
  static_assert(static_cast<int>(rw::EmptyDeck::reshuffle_discards) == 1);
  expect_dispute(game, rw::Dispute::jabberwock_tie, "RW-38", {"tie-rule", "tied-take-their-place"});
  static_assert(static_cast<int>(rw::JabberwockTie::tied_take_their_place) == 1);
  EXPECT_EQ(disputes(find_game(game)->rulings()).size(), 25u);
  for (const GameModule* g : all_games()) EXPECT_LE(disputes(g->rulings()).size(), std::size_t{kMostDisputes});
}

// A 2-player Tea Time game (gen seed 34: Arthur and Nina tie on 26, Nina holds the Alice card)
// with `header` among its headers.
std::string tie_game(const std::string& header) {
  std::string log = testing::generated(2, 34);
  const std::size_t players = log.find("players: ");
  const std::size_t eol = log.find('\n', players);
  return log.insert(eol + 1, header.empty() ? "" : header + "\n");
}

TEST(Readings, TheHeaderChoosesAndTheVerdictSaysSo) {
  auto shared = testing::verify_text(tie_game(""));
  ASSERT_TRUE(shared[0].valid);
  ASSERT_EQ(shared[0].scores, (std::vector<int>{26, 26}));
  EXPECT_EQ(shared[0].winners, (std::vector<int>{0, 1}));
  EXPECT_TRUE(shared[0].readings.empty());
  // TT-7 decided the tie; TT-3 was never consulted: no later round's second turn took 3 cards.
  EXPECT_EQ(shared[0].consulted, (std::vector<std::string>{"TT-7"}));
  auto alice = testing::verify_text(tie_game("readings: tt-7 = Alice-Card-Breaks-Ties"));
  ASSERT_TRUE(alice[0].valid);
  EXPECT_EQ(alice[0].winners, std::vector<int>{1});
  EXPECT_EQ(alice[0].readings, std::vector<std::string>{"TT-7=alice-card-breaks-ties"});
}

TEST(Readings, BadHeadersAreLocatedSetupErrorsWithTheKnownNames) {
  struct Case {
    std::string header;
    std::uint32_t column;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"readings: TT-8=shared-win", 11,
       "TT-8 has a single reading, so there is nothing to choose; the rulings of Tea Time with readings are TT-2, "
       "TT-3 and TT-7"},
      {"readings: TT-77=x", 11,
       "Tea Time has no ruling 'TT-77'; the rulings of Tea Time with readings are TT-2, TT-3 and TT-7; did you mean "
       "'TT-7'?"},
      {"readings: TT-7=shared", 16,
       "TT-7 has no reading 'shared'; its readings are 'shared-win' (the default) and 'alice-card-breaks-ties'; did "
       "you mean 'shared-win'?"},
      {"readings: AH-23=all-tokens", 11,
       "AH-23 is a ruling of AlicematiC Heroes, not of Tea Time; the rulings of Tea Time with readings are TT-2, "
       "TT-3 and TT-7"},
      {"readings: TT-7=shared-win, tt-7=shared-win", 28, "TT-7 is given twice; a ruling has one reading in a game"},
      {"readings: TT-7 shared-win", 16, "expected '=', found 'shared-win'"},
  };
  for (const Case& c : cases) {
    auto r = testing::verify_text(tie_game(c.header));
    ASSERT_TRUE(r[0].error) << c.header;
    EXPECT_EQ(r[0].error->kind, ErrorKind::setup) << c.header;
    EXPECT_EQ(r[0].error->message, c.message) << c.header;
    EXPECT_EQ(r[0].error->pos.line, 5u) << c.header;
    EXPECT_EQ(r[0].error->pos.column, c.column) << c.header;
  }
  const std::string path = testing::temp_dir() + "/bad-reading.wlog";
  testing::write_file(path, tie_game("readings: TT-7=shared"));
  auto cli = run_cli({"verify", path});
  EXPECT_EQ(cli.code, 1);
  EXPECT_NE(cli.out.find("bad-reading.wlog:5:16: error: TT-7 has no reading 'shared'"), std::string::npos) << cli.out;
}

TEST(Readings, BadFlagsExitWith2) {
  const std::string path = testing::temp_dir() + "/flags.wlog";
  testing::write_file(path, tie_game(""));
  struct Case {
    std::vector<std::string> args;
    std::string error;
  };
  const std::vector<Case> cases = {
      {{"verify", path, "--reading", "TT-99=x"}, "wonderlog: --reading TT-99=x: there is no ruling 'TT-99'"},
      {{"verify", path, "--reading", "TT-7=alice"},
       "wonderlog: --reading TT-7=alice: TT-7 has no reading 'alice'; its readings are 'shared-win' (the default) and "
       "'alice-card-breaks-ties'; did you mean 'alice-card-breaks-ties'?"},
      {{"score", path, "--reading", "TT-7=shared-win", "--reading", "TT-7=shared-win"},
       "wonderlog: --reading TT-7=shared-win: TT-7 is given twice"},
      {{"explain", path, "--at", "1", "--reading", "TT-4=x"}, "TT-4 has a single reading"},
      {{"replay", path, "--to", "1", "--reading", "TT-7"}, "wonderlog: --reading 'TT-7': expected '='"},
      {{"gen", "tea-time", "--seed", "1", "--reading", "AH-23=all-tokens"},
       "wonderlog: --reading AH-23=all-tokens is a ruling of AlicematiC Heroes, not of Tea Time"},
  };
  for (const Case& c : cases) {
    auto r = run_cli(c.args);
    EXPECT_EQ(r.code, 2) << c.args[0] << " " << r.err;
    EXPECT_NE(r.err.find(c.error), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // A flag for another game's ruling is no error for verify: it applies to that game's logs.
  auto other = run_cli({"verify", path, "--reading", "AH-23=invaded-only"});
  EXPECT_EQ(other.code, 0) << other.out << other.err;
}

TEST(Readings, AFlagBeforeTheFilesTakesOneReadingNotTheFile) {
  // docs/cli.md writes '[--reading RULING=NAME]... FILE': the flag takes one value, and the file
  // after it is the command's, in every command (it was taken as a second reading).
  const std::string dir = testing::temp_dir();
  const std::string a = dir + "/before-a.wlog", b = dir + "/before-b.wlog";
  testing::write_file(a, tie_game(""));
  testing::write_file(b, tie_game(""));
  const std::string flag = "TT-7=alice-card-breaks-ties";
  auto v = run_cli({"verify", "--reading", flag, a, b});
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_NE(v.out.find("2 games in 2 files: 2 valid"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("readings: " + flag), std::string::npos) << v.out;
  auto two = run_cli({"verify", "--reading", flag, "--reading", "TT-3=per-game", a});
  EXPECT_EQ(two.code, 0) << two.err;
  for (const std::vector<std::string>& args : {std::vector<std::string>{"explain", "--reading", flag, a, "--at", "1"},
                                               std::vector<std::string>{"replay", "--reading", flag, a, "--to", "1"},
                                               std::vector<std::string>{"score", "--reading", flag, a}}) {
    auto r = run_cli(args);
    EXPECT_NE(r.code, 2) << args[0] << ": " << r.err;
    EXPECT_EQ(r.err.find("missing"), std::string::npos) << args[0] << ": " << r.err;
  }
  auto c = run_cli({"verify", "--catalog-dir", testing::source_path("fixtures/catalogs"), a, b});
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("2 games in 2 files"), std::string::npos) << c.out;
  auto ce = run_cli({"explain", "--catalog-dir", testing::source_path("fixtures/catalogs"), a, "--at", "1"});
  EXPECT_EQ(ce.code, 0) << ce.err;
  // Two readings after one flag: the second is no reading but a path, and is said to be one.
  auto g = run_cli({"gen", "tea-time", "--seed", "1", "--reading", flag, "TT-3=per-game"});
  EXPECT_EQ(g.code, 2);
}

TEST(Readings, TheHeaderWinsOverAFlagWithANote) {
  const std::string path = testing::temp_dir() + "/both.wlog";
  testing::write_file(path, tie_game("readings: TT-7=shared-win"));
  auto r = run_cli({"verify", path, "--reading", "TT-7=alice-card-breaks-ties"});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("both.wlog:5:11: note: the log's header chooses TT-7=shared-win, so --reading "
                       "TT-7=alice-card-breaks-ties does not apply to this game"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("shared win: Arthur, Nina; readings: TT-7=shared-win"), std::string::npos) << r.out;
  // Without the header, the flag decides.
  testing::write_file(path, tie_game(""));
  auto flag = run_cli({"verify", path, "--reading", "TT-7=alice-card-breaks-ties"});
  EXPECT_NE(flag.out.find("winner: Nina (tie broken by the Alice card, TT-7); readings: TT-7=alice-card-breaks-ties"),
            std::string::npos)
      << flag.out;
}

TEST(Readings, VerifyReadingsAllNamesWhatTheVerdictDependsOn) {
  const std::string path = testing::temp_dir() + "/tie.wlog";
  testing::write_file(path, tie_game(""));
  auto text = run_cli({"verify", "--readings", "all", path});
  EXPECT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("tie.wlog: note: the winner depends on TT-7: under 'alice-card-breaks-ties' Nina wins "
                          "with 26 (Arthur 26)"),
            std::string::npos)
      << text.out;
  auto json = run_cli({"verify", "--readings", "all", "--format", "json", path});
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["depends_on"].size(), 1u);
  EXPECT_EQ(j["depends_on"][0]["ruling"], "TT-7");
  EXPECT_EQ(j["depends_on"][0]["reading"], "alice-card-breaks-ties");
  EXPECT_EQ(j["depends_on"][0]["changes"], nlohmann::json::array({"winners"}));
  EXPECT_EQ(j["depends_on"][0]["valid"], true);
  EXPECT_EQ(j["depends_on"][0]["winners"], nlohmann::json::array({"Nina"}));
  EXPECT_EQ(j["depends_on"][0]["scores"]["Arthur"], 26);
  // -q keeps a valid game whose verdict depends on a reading: it needs a look.
  auto quiet = run_cli({"verify", "-q", "--readings", "all", path});
  EXPECT_NE(quiet.out.find("tie.wlog: note: the winner depends on TT-7"), std::string::npos) << quiet.out;
  EXPECT_EQ(run_cli({"verify", "-q", path}).out, "1 game in 1 file: 1 valid, 0 invalid\n");
  // Without --readings all, nothing was checked: null, not an empty list.
  auto plain = run_cli({"verify", "--format", "json", path});
  EXPECT_TRUE(nlohmann::json::parse(plain.out)["depends_on"].is_null());
}

TEST(Readings, ExplainShowsTheMoveUnderEachReadingItTouches) {
  auto r = run_cli({"explain", testing::source_path("fixtures/rulings/tea-time/TT-3-round2-turn2-three-cards.wlog"),
                    "--at", "8"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Verdict: illegal: turn 2 of a round takes 1 or 2 cards; this move takes 3 [TT-3]"),
            std::string::npos);
  EXPECT_NE(r.out.find("This verdict follows TT-3, read as 'per-round' (the default). Under its other readings:\n"
                       "  TT-3=per-game: legal\n"),
            std::string::npos)
      << r.out;
  // A move no disputed ruling decides says nothing of readings.
  auto plain = run_cli({"explain", testing::source_path("fixtures/rulings/tea-time/TT-3-round2-turn2-three-cards.wlog"),
                        "--at", "2"});
  EXPECT_EQ(plain.out.find("This verdict follows"), std::string::npos) << plain.out;
}

// explain quotes the reading in force, not the default's decision, and leaves to verify
// --readings all a ruling whose readings decide the position itself (RW-26: which soldier took a
// kept token), where judging the other reading in this position would say it agrees.
TEST(Readings, ExplainQuotesTheReadingInForceAndLeavesPositionShapingRulingsToVerify) {
  const std::string fixture = testing::source_path("fixtures/readings/rolling-in-wonderland/RW-26-player-chooses.wlog");
  std::string text = testing::read_file(fixture);
  const std::string header = "readings: RW-26=player-chooses\n";
  ASSERT_NE(text.find(header), std::string::npos);
  text.replace(text.find(header), header.size(), "");  // the default: the 15th move is refused
  const std::string path = testing::temp_dir() + "/rw26.wlog";
  testing::write_file(path, text);
  auto r = run_cli({"explain", path, "--at", "15"});
  EXPECT_NE(r.out.find("[RW-26]\nRuling RW-26: 'train AREA'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("This verdict follows RW-26, read as 'first-soldier' (the default). Its other readings decide "
                       "what position this is (which soldier took her kept upgrade token), so they are not judged "
                       "here: 'wonderlog verify --readings all' replays the game under each.\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("give the same verdict"), std::string::npos) << r.out;
  // Under the other reading, the move is legal.
  auto other = run_cli({"explain", path, "--at", "15", "--reading", "RW-26=player-chooses"});
  EXPECT_NE(other.out.find("Verdict: legal\n"), std::string::npos) << other.out;

  // AH-36's refusal of a declined token at Knight's own summon quotes the reading in force, and
  // the verdict names AH-36 (its effect set off is what by_itself() consulted).
  std::string knight = testing::read_file(
      testing::source_path("fixtures/rulings/alicematic-heroes/AH-36-knight-red-token-per-card.wlog"));
  const std::string summon = "16. Ann: summon Knight red\n";
  ASSERT_NE(knight.find(summon), std::string::npos);
  knight.replace(knight.find(summon), summon.size(), "16. Ann: summon Knight red declines Knight\n");
  const std::string knight_path = testing::temp_dir() + "/ah36.wlog";
  testing::write_file(knight_path, knight);
  auto k = run_cli({"explain", knight_path, "--at", "16", "--reading", "AH-36=later-cards-only"});
  EXPECT_NE(k.out.find("[AH-36]\nRuling AH-36, read as 'later-cards-only': Knight's effect counts only the cards "
                       "placed in the red slot after her"),
            std::string::npos)
      << k.out;
  EXPECT_NE(k.out.find("This verdict follows AH-36, read as 'later-cards-only'. Under its other readings:\n"
                       "  AH-36=counts-herself: legal\n"),
            std::string::npos)
      << k.out;
  auto v = run_cli({"verify", knight_path, "--reading", "AH-36=later-cards-only"});
  EXPECT_NE(v.out.find("= AH-36 is read as 'later-cards-only'"), std::string::npos) << v.out;
}

TEST(Readings, ScoreStatesTheReadingsInForce) {
  const std::string path = testing::temp_dir() + "/score.wlog";
  testing::write_file(path, tie_game("readings: TT-7=alice-card-breaks-ties"));
  auto r = run_cli({"score", path});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Readings in force: TT-7=alice-card-breaks-ties (the log's readings header); "
                       "TT-2=chessboard, TT-3=per-round (defaults). The game consulted TT-7.\n"),
            std::string::npos)
      << r.out;
}

TEST(Readings, GenPlaysByTheReadingsAndWritesThemInItsHeader) {
  auto r = run_cli({"gen", "hide-and-seek", "--seed", "1", "--reading", "HS-12=pile-emptied,hs-4=four-neighbours"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\nreadings: HS-4=four-neighbours, HS-12=pile-emptied\n"), std::string::npos) << r.out;
  auto reports = testing::verify_text(r.out);
  ASSERT_TRUE(reports[0].valid) << reports[0].error->message;
  EXPECT_EQ(reports[0].readings, (std::vector<std::string>{"HS-4=four-neighbours", "HS-12=pile-emptied"}));
}

TEST(Readings, FmtWritesTheHeaderCanonicallyAndRefusesABadOne) {
  std::string out;
  Diagnostic problem;
  ASSERT_TRUE(format_log(tie_game("readings:  tt-7 = Alice-Card-Breaks-Ties ,TT-2=laying-order"), out, problem))
      << problem.message;
  EXPECT_NE(out.find("\nreadings: TT-2=laying-order, TT-7=alice-card-breaks-ties\n"), std::string::npos) << out;
  std::string again;
  ASSERT_TRUE(format_log(out, again, problem));
  EXPECT_EQ(again, out);
  EXPECT_FALSE(format_log(tie_game("readings: TT-7=alice"), out, problem));
  EXPECT_EQ(problem.pos.line, 5u);
  EXPECT_EQ(problem.pos.column, 16u);
  EXPECT_NE(problem.message.find("TT-7 has no reading 'alice'"), std::string::npos) << problem.message;
}

TEST(Readings, RulingsListsTheReadingsWithTheDefaultMarked) {
  auto json = run_cli({"rulings", "alicematic-heroes", "--format", "json"});
  ASSERT_EQ(json.code, 0);
  const auto all = nlohmann::json::parse(json.out);
  bool found = false;
  for (const auto& r : all) {
    if (r["id"] != "AH-23") continue;
    found = true;
    ASSERT_EQ(r["readings"].size(), 2u);
    EXPECT_EQ(r["readings"][0]["name"], "all-tokens");
    EXPECT_EQ(r["readings"][0]["default"], true);
    EXPECT_EQ(r["readings"][1]["name"], "invaded-only");
    EXPECT_EQ(r["readings"][1]["default"], false);
    EXPECT_FALSE(r["readings"][1]["decision"].get<std::string>().empty());
  }
  EXPECT_TRUE(found);
  auto text = run_cli({"rulings", "tea-time"});
  EXPECT_NE(text.out.find("    shared-win (default)\n      Every player tied for the most points shares the win.\n"
                          "    alice-card-breaks-ties\n"),
            std::string::npos)
      << text.out;
}


// A reading under which the game is over sooner says so, and who wins then, rather than only that
// the log is invalid at the move after (found in review: HS-12's 'pile-emptied' ends the game
// when Alice puts down her last Companion, two moves before the log's end).
TEST(Readings, AGameThatEndsSoonerUnderAReadingIsToldSo) {
  const auto gen = run_cli({"gen", "hide-and-seek", "--seed", "1"});
  ASSERT_EQ(gen.code, 0) << gen.err;
  const std::string path = testing::temp_dir() + "/ends-sooner.wlog";
  testing::write_file(path, gen.out);
  const auto r = run_cli({"verify", "--readings", "all", path});
  EXPECT_NE(r.out.find("note: the verdict depends on HS-12: under 'pile-emptied' the game ends sooner, after move 17, "
                       "Arthur winning; and the log goes on: line 26 (move 18, Nina): the game is over"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace wonderlog
