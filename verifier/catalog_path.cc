#include "verifier/catalog_path.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

namespace wonderlog {

namespace {

CatalogLookup search(std::string_view name, const Context& context) {
  namespace fs = std::filesystem;
  CatalogLookup out;
  std::string n(name);
  const bool is_path = n.find('/') != std::string::npos || (n.size() > 5 && n.compare(n.size() - 5, 5, ".yaml") == 0);
  if (is_path) {
    out.by_id = false;
    fs::path p(n);
    if (p.is_relative() && !context.directory.empty()) p = fs::path(context.directory) / p;
    out.searched.push_back(p.string());
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) out.path = p.string();
    return out;
  }
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
  for (const std::string& d : dirs) {
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

CatalogLookup find_catalog(std::string_view name, const Context& context) {
  // A corpus names the same catalog thousands of times: look each place up once per run.
  static std::mutex mutex;
  static std::map<std::string, CatalogLookup> cache;
  std::string key = std::string(name) + '\n' + context.directory;
  for (const std::string& d : context.catalog_dirs) key += '\n' + d;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, search(name, context)).first;
  return it->second;
}

}  // namespace wonderlog
