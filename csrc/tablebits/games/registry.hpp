// The registered games. Adding a game: include its folder's game.hpp and append its type.
#pragma once

#include "color_mafia/game.hpp"
#include "fox_duet/game.hpp"
#include "good_fortune/game.hpp"
#include "hoi_pho/game.hpp"

namespace tb {

template <class... Gs>
struct GameList {
  // Calls f.template operator()<G>() for every game, in registration order.
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Gs>(), ...);
  }
};

using Games = GameList<color_mafia::ColorMafia, fox_duet::FoxDuet, good_fortune::GoodFortune,
                         hoi_pho::HoiPho>;

}  // namespace tb
