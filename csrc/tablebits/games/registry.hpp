// The registered games. Adding a game: include its folder's game.hpp and append its type (and
// its Python codec to bindings/codecs/all.hpp). The checks below hold every game to the limits
// the shared drivers assume.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "../core/game.hpp"
#include "color_mafia/game.hpp"
#include "fox_duet/game.hpp"
#include "good_fortune/game.hpp"
#include "hoi_pho/game.hpp"

namespace tb {

// The most players any parameter set G::validate_params accepts can seat: the top of the
// declared "players" range, or the fixed count of a game without one.
template <Game G>
constexpr int max_players() {
  typename G::Params p{};
  int most = G::num_players(p);
  for_each_param(G::kParamSpecs, [&]<class Spec>(const Spec& spec) {
    if constexpr (Spec::kType == "int") {
      if (spec.name == "players") {
        Spec::field::set(p, spec.hi);
        most = G::num_players(p);
      }
    }
  });
  return most;
}

template <class T, size_t N>
constexpr bool all_distinct(const std::array<T, N>& values) {
  for (size_t i = 0; i < N; ++i)
    for (size_t j = i + 1; j < N; ++j)
      if (values[i] == values[j]) return false;
  return true;
}

template <Game... Gs>
struct GameList {
  static_assert(all_distinct(std::array<uint8_t, sizeof...(Gs)>{Gs::kTag...}), "byte-format tags must be unique");
  static_assert(all_distinct(std::array<std::string_view, sizeof...(Gs)>{Gs::kId...}), "game ids must be unique");
  static_assert(((Gs::kNumActions >= 1 && Gs::kNumActions <= kMaxActions) && ...),
                "kNumActions must fit ISMCTS's joint-action key (kMaxActions = 63)");
  static_assert(((max_players<Gs>() >= 1 && max_players<Gs>() <= kMaxPlayers) && ...),
                "every parameter set must seat 1..kMaxPlayers players");

  // Calls f.template operator()<G>() for every game, in registration order.
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Gs>(), ...);
  }
};

using Games = GameList<color_mafia::ColorMafia, fox_duet::FoxDuet, good_fortune::GoodFortune,
                         hoi_pho::HoiPho>;

}  // namespace tb
