#include "verifier/catalog_path.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include <yaml-cpp/yaml.h>

#include "engine/core/catalog.h"

namespace wonderlog {

namespace {

// The folders a catalog named by id is looked for in, in order.
std::vector<std::string> search_dirs(const Context& context) {
  std::vector<std::string> dirs = context.catalog_dirs;
  if (const char* env = std::getenv("WONDERLOG_CATALOG_PATH")) {
    std::string all(env);
    std::size_t start = 0;
    while (start <= all.size()) {
      std::size_t colon = all.find(':', start);
      if (colon == std::string::npos) colon = all.size();
      if (colon > start) dirs.push_back(all.substr(start, colon - start));
      start = colon + 1;
    }
  }
  dirs.push_back(context.directory.empty() ? "." : context.directory);
  dirs.push_back(WONDERLOG_CATALOG_INSTALL_DIR);
  dirs.push_back(WONDERLOG_CATALOG_SOURCE_DIR);
  // Each folder once, where it first comes (one named twice was looked in, and said, twice).
  std::vector<std::string> once;
  for (std::string& d : dirs)
    if (std::find(once.begin(), once.end(), d) == once.end()) once.push_back(std::move(d));
  return once;
}

CatalogLookup search(std::string_view name, const Context& context) {
  namespace fs = std::filesystem;
  CatalogLookup out;
  std::string n(name);
  const bool is_path = n.find('/') != std::string::npos || (n.size() > 5 && n.compare(n.size() - 5, 5, ".yaml") == 0);
  if (is_path) {
    out.by_id = false;
    fs::path p(n);
    // Relative to the log's folder, written as a person would: "./my-box.yaml" beside a log in
    // "." is "my-box.yaml", not "././my-box.yaml".
    if (p.is_relative() && !context.directory.empty()) p = (fs::path(context.directory) / p).lexically_normal();
    out.searched.push_back(p.string());
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) out.path = p.string();
    return out;
  }
  for (const std::string& d : search_dirs(context)) {
    fs::path p = fs::path(d) / (n + ".yaml");
    out.searched.push_back(p.string());
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) {
      out.path = p.string();
      return out;
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> known_catalogs(std::string_view game, const Context& context) {
  namespace fs = std::filesystem;
  // Asked for every game that names a catalog not found: a corpus whose logs all misspell it read
  // every catalog of the folders again for each game (about 5 ms a game, found by fuzzing under
  // load). The folders are read once a run for each game and set of folders.
  const std::vector<std::string> dirs = search_dirs(context);
  std::string key(game);
  for (const std::string& d : dirs) key += '\n' + d;
  static std::mutex mutex;
  static std::map<std::string, std::vector<std::string>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  std::vector<std::string>& ids = cache[key];
  for (const std::string& d : dirs) {
    std::error_code ec;
    std::vector<fs::path> files;
    // Regular files of a catalog's size only: a folder named `old.yaml` ended the run (found in
    // review), and a file of megabytes is no catalog (and costly to parse).
    for (fs::directory_iterator it(d, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code size_ec;
      if (it->path().extension() == ".yaml" && it->is_regular_file(size_ec) &&
          fs::file_size(it->path(), size_ec) <= kMostCatalogBytes && !size_ec)
        files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());  // directory order differs between machines
    for (const fs::path& f : files) {
      const std::string id = f.stem().string();
      if (std::find(ids.begin(), ids.end(), id) != ids.end()) continue;
      try {  // only the error path reads these: a catalog that does not load is not offered
        const YAML::Node node = YAML::LoadFile(f.string());
        if (node.IsMap() && node["game"] && node["game"].IsScalar() && node["game"].Scalar() == game) ids.push_back(id);
      } catch (const std::exception&) {  // yaml-cpp's, or the stream's when the file cannot be read
      }
    }
  }
  return ids;
}

const CatalogLookup& find_catalog(std::string_view name, const Context& context) {
  // A corpus names the same catalog thousands of times: look each place up once per run, and
  // go to the shared table (a key built, a lock) only when the name or the places change.
  struct Last {
    std::string name, directory;
    std::vector<std::string> dirs;
    const CatalogLookup* found = nullptr;
  };
  thread_local Last last;
  if (last.found && last.name == name && last.directory == context.directory && last.dirs == context.catalog_dirs)
    return *last.found;
  static std::mutex mutex;
  static std::map<std::string, CatalogLookup> cache;  // never erased: its entries stay put
  std::string key = std::string(name) + '\n' + context.directory;
  for (const std::string& d : context.catalog_dirs) key += '\n' + d;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, search(name, context)).first;
  last = Last{std::string(name), context.directory, context.catalog_dirs, &it->second};
  return it->second;
}

}  // namespace wonderlog
