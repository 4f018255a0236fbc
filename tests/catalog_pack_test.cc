// The bundled catalogs' packed form (engine/core/pack.h, verifier/bundled_catalogs.h): each reads
// back as the catalog its text parses to, a file left as it came is read from it, and a file
// edited by so much as a byte is parsed as YAML, as a user who corrects a catalog expects.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/alicematic/catalog.h"
#include "engine/core/catalog.h"
#include "engine/core/pack.h"
#include "engine/hide_and_seek/catalog.h"
#include "engine/rolling/catalog.h"
#include "engine/tea_time/catalog.h"
#include "tests/testing.h"
#include "verifier/bundled_catalogs.h"

namespace wonderlog {
namespace {

// What a game's catalog is checked with here: parsed from its text, read from its packed form,
// written as YAML (which names every field a user can write), and packed.
struct Forms {
  std::string from_text, from_packed;  // the catalog written as YAML
  std::string packed_again;            // the catalog parsed from its text, packed
  bool unpacked = false;
};

template <class Parse, class Unpack, class Write, class Pack>
Forms forms_with(const BundledCatalog& b, Parse parse, Unpack unpack, Write write, Pack pack) {
  Forms f;
  const auto parsed = parse(std::string(b.text), "bundled.yaml");
  f.from_text = write(parsed);
  f.packed_again = pack(parsed);
  if (const auto back = unpack(b.packed, "bundled.yaml")) {
    f.unpacked = true;
    f.from_packed = write(*back);
  }
  return f;
}

Forms forms(const BundledCatalog& b) {
  if (b.game == "tea-time")
    return forms_with(b, tea_time::parse_catalog, tea_time::unpack_catalog, tea_time::write_catalog,
                      tea_time::pack_catalog);
  if (b.game == "hide-and-seek")
    return forms_with(b, hide_and_seek::parse_catalog, hide_and_seek::unpack_catalog, hide_and_seek::write_catalog,
                      hide_and_seek::pack_catalog);
  if (b.game == "alicematic-heroes")
    return forms_with(b, alicematic::parse_catalog, alicematic::unpack_catalog, alicematic::write_catalog,
                      alicematic::pack_catalog);
  return forms_with(b, rolling::parse_catalog, rolling::unpack_catalog, rolling::write_catalog, rolling::pack_catalog);
}

const BundledCatalog& bundled(std::string_view game) {
  const auto all = bundled_catalogs();
  const auto it = std::find_if(all.begin(), all.end(), [&](const BundledCatalog& b) { return b.game == game; });
  EXPECT_NE(it, all.end()) << game;
  return *it;
}

TEST(BundledCatalogs, EveryCatalogOfTheSourceTreeIsBundledAsItIsThere) {
  const std::vector<std::string> games = {"alicematic-heroes", "hide-and-seek", "rolling-in-wonderland", "tea-time"};
  ASSERT_EQ(bundled_catalogs().size(), games.size());
  for (const std::string& game : games)
    EXPECT_EQ(bundled(game).text, testing::read_file(testing::source_path("fixtures/catalogs/" + game + ".yaml")))
        << game;
}

TEST(BundledCatalogs, EachPackedFormReadsBackAsTheCatalogItsTextParsesTo) {
  for (const BundledCatalog& b : bundled_catalogs()) {
    const Forms f = forms(b);
    ASSERT_TRUE(f.unpacked) << b.game;
    EXPECT_EQ(f.from_packed, f.from_text) << b.game;
    EXPECT_EQ(f.packed_again, b.packed) << b.game;
  }
}

TEST(BundledCatalogs, APackedFormCutShortOrWithBytesOverIsNoCatalog) {
  for (const BundledCatalog& b : bundled_catalogs()) {
    const std::string whole(b.packed);
    for (const std::string& broken :
         {whole.substr(0, whole.size() - 1), whole.substr(0, whole.size() / 2), whole + "x", std::string()}) {
      const BundledCatalog cut{b.game, b.text, broken};
      EXPECT_FALSE(forms(cut).unpacked) << b.game << " " << broken.size();
    }
  }
}

TEST(BundledCatalogs, AFileLeftAsItCameIsReadPackedAndOneEditedIsParsed) {
  const BundledCatalog& tea = bundled("tea-time");
  const std::string path = testing::temp_dir() + "/pack-tea-time.yaml";
  testing::write_file(path, std::string(tea.text));
  // The packed form read is the one given for these bytes: a stand-in whose title differs shows
  // that the file was not parsed.
  tea_time::Catalog stand_in = *tea_time::unpack_catalog(tea.packed, "x");
  stand_in.title = "read from its packed form";
  const std::string packed = tea_time::pack_catalog(stand_in);
  const BundledCatalog list[] = {{"tea-time", tea.text, packed}};
  const tea_time::Catalog fast = tea_time::load_catalog(path, list);
  EXPECT_EQ(fast.title, "read from its packed form");
  EXPECT_EQ(fast.file, path);
  ASSERT_EQ(fast.find("q"), 4);  // the code index is worked out again
  // Another game's entry with the same bytes is not this game's catalog; neither is a form
  // that does not read: the file is parsed.
  const BundledCatalog others[] = {{"hide-and-seek", tea.text, packed}, {"tea-time", tea.text, "junk"}};
  EXPECT_EQ(tea_time::load_catalog(path, others).title, "Tea Time (Gigamic)");
  // A user corrects her catalog: one byte differs, and her text is what is read.
  std::string edited(tea.text);
  const std::string title = "title: Tea Time (Gigamic)";
  ASSERT_NE(edited.find(title), std::string::npos);
  edited.replace(edited.find(title), title.size(), "title: Tea Time (Gigamic!)");
  testing::write_file(path, edited);
  EXPECT_EQ(tea_time::load_catalog(path, list).title, "Tea Time (Gigamic!)");
  EXPECT_EQ(tea_time::load_catalog(path, bundled_catalogs()).title, "Tea Time (Gigamic!)");
  // And a mistake she makes is still said where it is.
  edited.replace(edited.find("cards: 10"), 9, "cards: ten");
  testing::write_file(path, edited);
  try {
    tea_time::load_catalog(path, bundled_catalogs());
    ADD_FAILURE() << "an unusable catalog was loaded";
  } catch (const CatalogError& e) {
    EXPECT_EQ(e.where(), path + ":13:12") << e.what();
  }
}

// The packed form itself: every kind of value goes and comes back.
struct Sample {
  enum class Kind : std::uint8_t { one, two };
  std::string name;
  Kind kind = Kind::one;
  bool flag = false;
  std::int16_t small = 0;
  std::vector<std::optional<int>> maybe;
  std::array<std::string, 2> pair;
};
template <class Io, pack::either<Sample> C>
void fields(Io& io, C& s) {
  io(s.name, s.kind, s.flag, s.small, s.maybe, s.pair);
}

TEST(Pack, EveryKindOfValueComesBackAsItWent) {
  Sample s;
  s.name = std::string("with a \0 inside", 15);
  s.kind = Sample::Kind::two;
  s.flag = true;
  s.small = -300;
  s.maybe = {std::nullopt, 7, -1};
  s.pair = {"", "b"};
  const std::string bytes = pack::packed(s);
  const std::optional<Sample> back = pack::unpacked<Sample>(bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->name, s.name);
  EXPECT_EQ(back->kind, s.kind);
  EXPECT_TRUE(back->flag);
  EXPECT_EQ(back->small, -300);
  EXPECT_EQ(back->maybe, s.maybe);
  EXPECT_EQ(back->pair, s.pair);
  EXPECT_EQ(pack::packed(*back), bytes);
  // A count larger than the bytes left is refused before anything is made room for.
  std::string huge = bytes;
  huge[0] = '\xff', huge[1] = '\xff', huge[2] = '\xff', huge[3] = '\x7f';
  EXPECT_FALSE(pack::unpacked<Sample>(huge));
}

}  // namespace
}  // namespace wonderlog
