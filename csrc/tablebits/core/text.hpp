// Text helpers every game's strings.hpp uses: sets written as "[a b c]", counts as "1 card".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "bits.hpp"

namespace tb {

// Builds "[a b c]" item by item.
class ListString {
 public:
  ListString& add(std::string_view item) {
    if (out_.size() > 1) out_ += ' ';
    out_ += item;
    return *this;
  }

  // Adds name(i) for every set bit i of `set`, lowest first.
  template <class Name>
  ListString& add_bits(uint64_t set, Name&& name) {
    for_each_bit(set, [&](int i) { add(name(i)); });
    return *this;
  }

  std::string str() const { return out_ + "]"; }

 private:
  std::string out_ = "[";
};

// "[a b c]": name(i) for every set bit i of `set`, lowest first.
template <class Name>
std::string set_string(uint64_t set, Name&& name) {
  return ListString().add_bits(set, std::forward<Name>(name)).str();
}

// "1 card", "0 cards", "5 cards": n and the noun, plural unless n is one.
inline std::string count_string(int n, std::string_view noun) {
  std::string out = std::to_string(n) + ' ';
  out += noun;
  if (n != 1) out += 's';
  return out;
}

}  // namespace tb
