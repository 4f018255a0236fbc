// Loading component catalogs (YAML). Every error names the catalog file, line and column.
#pragma once

#include <stdexcept>
#include <string>

#include <yaml-cpp/yaml.h>

namespace wonderlog {

// A catalog that cannot be used: `where` is "file:line:col" (1-based).
class CatalogError : public std::runtime_error {
 public:
  CatalogError(std::string where, std::string message)
      : std::runtime_error(where + ": error: " + message), where_(std::move(where)), message_(std::move(message)) {}
  const std::string& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  std::string where_, message_;
};

// Helpers that read one field of a YAML node and throw CatalogError with its position.
class CatalogReader {
 public:
  explicit CatalogReader(std::string file) : file_(std::move(file)) {}

  // Parses the whole file; throws CatalogError for unreadable files or YAML syntax errors.
  YAML::Node load() const;

  std::string where(const YAML::Node& node) const;
  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const;

  const YAML::Node require(const YAML::Node& map, const char* key) const;
  std::string string(const YAML::Node& map, const char* key) const;
  std::string string_or(const YAML::Node& map, const char* key, std::string fallback) const;
  int integer(const YAML::Node& map, const char* key, int min, int max) const;
  // Rejects keys not in `allowed`, naming them: a typo in a user's catalog must not pass.
  void only_keys(const YAML::Node& map, std::initializer_list<const char*> allowed) const;
  // A `source:` field: one of "rulebook", "public source", "stand-in".
  std::string source(const YAML::Node& map) const;

  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

}  // namespace wonderlog
