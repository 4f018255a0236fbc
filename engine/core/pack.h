// A catalog in packed form: its fields one after the other in a compact binary form, written
// and read back by one list of fields per type. wonderlog is built with the catalogs of
// fixtures/catalogs packed (verifier/bundled_catalogs.h): a catalog file whose bytes are those
// of a bundled one is read from its packed form in microseconds, where yaml-cpp took 2 to 8 ms
// of a small log's run to parse it. Any other file, such as a catalog a user has corrected, is
// parsed as YAML as it always was.
//
// A type's fields are listed once, for both directions, by a `fields` function found by
// argument-dependent lookup in the type's namespace:
//
//   template <class Io, pack::either<Character> C>
//   void fields(Io& io, C& c) { io(c.code, c.name, c.cards); }
//
// `C` is `const Character` when written and `Character` when read. Numbers, enums, bools,
// strings, vectors, arrays and optionals of them are packed as they are; any other type by its
// own `fields`. What a loader works out from the fields (an index, say) is left out as a rule,
// and the game's unpack_catalog() works it out again as its YAML reader does; a game's list says
// which it packs as worked out.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace wonderlog::pack {

// `C` is `T`, perhaps const: what a `fields` function is written for.
template <class C, class T>
concept either = std::same_as<std::remove_const_t<C>, T>;

namespace detail {
template <class T>
inline constexpr bool is_vector = false;
template <class T>
inline constexpr bool is_vector<std::vector<T>> = true;
template <class T>
inline constexpr bool is_array = false;
template <class T, std::size_t N>
inline constexpr bool is_array<std::array<T, N>> = true;
template <class T>
inline constexpr bool is_optional = false;
template <class T>
inline constexpr bool is_optional<std::optional<T>> = true;
template <class T>
concept plain = std::is_integral_v<T> || std::is_enum_v<T>;  // bool included
}  // namespace detail

// Appends values to `bytes`.
class Writer {
 public:
  template <class... T>
  void operator()(const T&... values) {
    (put(values), ...);
  }
  std::string bytes;

 private:
  template <class T>
  void put(const T& v) {
    if constexpr (detail::plain<T>) {
      bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
    } else if constexpr (std::is_same_v<T, std::string>) {
      put(static_cast<std::uint32_t>(v.size()));
      bytes.append(v);
    } else if constexpr (detail::is_vector<T>) {
      put(static_cast<std::uint32_t>(v.size()));
      for (const auto& x : v) put(x);
    } else if constexpr (detail::is_array<T>) {
      for (const auto& x : v) put(x);
    } else if constexpr (detail::is_optional<T>) {
      put(v.has_value());
      if (v) put(*v);
    } else {
      fields(*this, v);
    }
  }
};

// Reads values back from `in`, in the order they were written. A read past the end fails the
// reader (ok() then says so) and leaves the values it could not fill as they were.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <class... T>
  void operator()(T&... values) {
    (get(values), ...);
  }
  // Every value was there, and nothing is left over.
  bool ok() const { return ok_ && at_ == in_.size(); }

 private:
  bool take(void* out, std::size_t n) {
    if (!ok_ || in_.size() - at_ < n) return ok_ = false;
    std::memcpy(out, in_.data() + at_, n);
    at_ += n;
    return true;
  }
  // A count of items, each at least a byte: more than the bytes left is no count.
  bool count(std::uint32_t& n) { return take(&n, sizeof n) && (n <= in_.size() - at_ || (ok_ = false)); }
  template <class T>
  void get(T& v) {
    if constexpr (detail::plain<T>) {
      take(&v, sizeof v);
    } else if constexpr (std::is_same_v<T, std::string>) {
      std::uint32_t n = 0;
      if (!count(n)) return;
      v.assign(in_.data() + at_, n);
      at_ += n;
    } else if constexpr (detail::is_vector<T>) {
      std::uint32_t n = 0;
      if (!count(n)) return;
      v.clear();
      v.resize(n);
      for (auto& x : v) get(x);
    } else if constexpr (detail::is_array<T>) {
      for (auto& x : v) get(x);
    } else if constexpr (detail::is_optional<T>) {
      bool has = false;
      get(has);
      if (!has) {
        v.reset();
        return;
      }
      get(v.emplace());
    } else {
      fields(*this, v);
    }
  }

  std::string_view in_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

// `value` packed.
template <class T>
std::string packed(const T& value) {
  Writer w;
  w(value);
  return std::move(w.bytes);
}
// `bytes` read back into a T; nullopt unless they are exactly one packed T.
template <class T>
std::optional<T> unpacked(std::string_view bytes) {
  Reader r(bytes);
  T value{};
  r(value);
  if (!r.ok()) return std::nullopt;
  return value;
}

}  // namespace wonderlog::pack
