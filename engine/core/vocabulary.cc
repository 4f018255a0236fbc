#include "engine/core/vocabulary.h"

#include <fmt/format.h>

namespace wonderlog {

Entry entry_of(const CatalogReader& r, const YAML::Node& node, const char* what, const std::string& vocabulary) {
  if (node.IsScalar()) return Entry{node.Scalar(), node, YAML::Node(YAML::NodeType::Map)};
  if (node.IsMap() && node.size() == 1) {
    const auto kv = *node.begin();
    if (!kv.first.IsScalar()) r.fail(node, fmt::format("{} is named by a word: one of {}", what, vocabulary));
    YAML::Node args = kv.second;
    if (args.IsNull()) args = YAML::Node(YAML::NodeType::Map);
    if (!args.IsMap())
      r.fail(kv.second, fmt::format("the arguments of '{}' are a mapping, like {{count: 1}}", kv.first.Scalar()));
    return Entry{kv.first.Scalar(), kv.first, args};
  }
  r.fail(node, fmt::format("{} is one of {}, alone or with its arguments ({{name: {{...}}}})", what, vocabulary));
}

void need(const CatalogReader& r, const Entry& e, std::initializer_list<const char*> keys) {
  std::string all;
  for (const char* k : keys) all += fmt::format("{}{}: ...", all.empty() ? "" : ", ", k);
  for (const char* k : keys)
    if (!e.args[k])
      r.fail(e.key, fmt::format("'{}' needs '{}:', written {{{}: {{{}}}}}", e.name, k, e.name, all));
}

}  // namespace wonderlog
