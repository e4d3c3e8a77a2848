// The compact byte format of a state. Format version 2: a 13-byte header (magic "TB", format
// version, game tag, state version, an 8-byte digest of the game's parameters) followed by the
// State's bytes. Decoding validates the header and then the state's invariants, so arbitrary
// bytes either give a reachable state or an error message.
// The digest makes bytes written under one parameter set (another Fox Duet level, other Hội Phố
// contracts, other Good Fortune tiles) fail to load into a game with other parameters, where the
// same State bytes would validate and silently mean something else.
// Format version 1 (no digest, 5-byte header) is still read, without the parameter check: such
// bytes cannot say which parameters wrote them (docs/robustness.md).
// A State change bumps G::kStateVersion; bytes of another version are rejected with a message
// naming both versions (no migration: a state is a few dozen bytes, cheap to re-create).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "game.hpp"

namespace tb {

static_assert(std::endian::native == std::endian::little,
              "the byte format stores states in little-endian order");

inline constexpr uint8_t kByteFormatVersion = 2;
inline constexpr size_t kByteHeaderSize = 13;
inline constexpr uint8_t kByteFormatV1 = 1;
inline constexpr size_t kByteHeaderSizeV1 = 5;

// FNV-1a (64-bit) over the parameter struct's bytes: every Params is padding-free (checked), so
// equal parameters give equal bytes and the digest is the same on every little-endian platform.
template <Game G>
uint64_t params_digest(const typename G::Params& p) {
  static_assert(std::has_unique_object_representations_v<typename G::Params>,
                "Params must have no padding: its bytes are hashed into the byte format");
  unsigned char raw[sizeof(p)];
  std::memcpy(raw, &p, sizeof(p));
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : raw) h = (h ^ c) * 1099511628211ull;
  return h;
}

template <Game G>
std::string state_to_bytes(const typename G::State& s, const typename G::Params& p) {
  std::string out(kByteHeaderSize + sizeof(s), '\0');
  out[0] = 'T';
  out[1] = 'B';
  out[2] = static_cast<char>(kByteFormatVersion);
  out[3] = static_cast<char>(G::kTag);
  out[4] = static_cast<char>(G::kStateVersion);
  const uint64_t digest = params_digest<G>(p);
  std::memcpy(out.data() + 5, &digest, sizeof(digest));
  std::memcpy(out.data() + kByteHeaderSize, &s, sizeof(s));
  return out;
}

// nullptr on success (then `s` holds the decoded state), else why the bytes were rejected.
template <Game G>
const char* state_from_bytes(std::string_view bytes, const typename G::Params& p,
                             typename G::State& s) {
  if (bytes.size() < 3 || bytes[0] != 'T' || bytes[1] != 'B') {
    return bytes.size() == kByteHeaderSize + sizeof(s) ? "not a tablebits state (bad magic)"
                                                       : "wrong length for this game's states";
  }
  const uint8_t format = static_cast<uint8_t>(bytes[2]);
  if (format != kByteFormatVersion && format != kByteFormatV1) return "unsupported byte-format version";
  const size_t header = format == kByteFormatV1 ? kByteHeaderSizeV1 : kByteHeaderSize;
  if (bytes.size() != header + sizeof(s)) return "wrong length for this game's states";
  if (static_cast<uint8_t>(bytes[3]) != G::kTag) return "bytes of a state of another game";
  if (static_cast<uint8_t>(bytes[4]) != G::kStateVersion) {
    // Old versions are rejected, never migrated (docs/robustness.md): the message names both.
    thread_local std::string why;
    why = "state version " + std::to_string(static_cast<uint8_t>(bytes[4])) + " is not supported: this build of " +
          std::string(G::kId) + " reads state version " + std::to_string(G::kStateVersion) +
          " only (re-create the state, or read it with the version that wrote it)";
    return why.c_str();
  }
  if (format == kByteFormatVersion) {
    uint64_t digest;
    std::memcpy(&digest, bytes.data() + 5, sizeof(digest));
    if (digest != params_digest<G>(p)) {
      return "the bytes were written by a game with other parameters (read them with the game that wrote them)";
    }
  }
  typename G::State decoded;
  std::memcpy(&decoded, bytes.data() + header, sizeof(decoded));
  if (const char* why = G::validate(decoded, p)) return why;
  s = decoded;
  return nullptr;
}

}  // namespace tb
