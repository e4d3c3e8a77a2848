// The compact byte format of a state: a 5-byte header (magic "TB", format version, game tag,
// state version) followed by the State's bytes. Decoding validates the header and then the
// state's invariants, so arbitrary bytes either give a reachable state or an error message.
// A State change bumps G::kStateVersion; bytes of another version are rejected with a message
// naming both versions (no migration: a state is a few dozen bytes, cheap to re-create).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "game.hpp"

namespace tb {

static_assert(std::endian::native == std::endian::little,
              "the byte format stores states in little-endian order");

inline constexpr uint8_t kByteFormatVersion = 1;
inline constexpr size_t kByteHeaderSize = 5;

template <Game G>
std::string state_to_bytes(const typename G::State& s) {
  std::string out(kByteHeaderSize + sizeof(s), '\0');
  out[0] = 'T';
  out[1] = 'B';
  out[2] = static_cast<char>(kByteFormatVersion);
  out[3] = static_cast<char>(G::kTag);
  out[4] = static_cast<char>(G::kStateVersion);
  std::memcpy(out.data() + kByteHeaderSize, &s, sizeof(s));
  return out;
}

// nullptr on success (then `s` holds the decoded state), else why the bytes were rejected.
template <Game G>
const char* state_from_bytes(std::string_view bytes, const typename G::Params& p,
                             typename G::State& s) {
  if (bytes.size() != kByteHeaderSize + sizeof(s)) return "wrong length for this game's states";
  if (bytes[0] != 'T' || bytes[1] != 'B') return "not a tablebits state (bad magic)";
  if (static_cast<uint8_t>(bytes[2]) != kByteFormatVersion) return "unsupported byte-format version";
  if (static_cast<uint8_t>(bytes[3]) != G::kTag) return "bytes of a state of another game";
  if (static_cast<uint8_t>(bytes[4]) != G::kStateVersion) {
    // Old versions are rejected, never migrated (docs/robustness.md): the message names both.
    thread_local std::string why;
    why = "state version " + std::to_string(static_cast<uint8_t>(bytes[4])) + " is not supported: this build of " +
          std::string(G::kId) + " reads state version " + std::to_string(G::kStateVersion) +
          " only (re-create the state, or read it with the version that wrote it)";
    return why.c_str();
  }
  typename G::State decoded;
  std::memcpy(&decoded, bytes.data() + kByteHeaderSize, sizeof(decoded));
  if (const char* why = G::validate(decoded, p)) return why;
  s = decoded;
  return nullptr;
}

}  // namespace tb
