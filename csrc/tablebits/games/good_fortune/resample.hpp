// Good Fortune determinisation.
#pragma once

#include "game.hpp"

namespace tb::good_fortune {

// Perfect information and no chance after setup: there is nothing to redraw.
inline void GoodFortune::resample(State&, const Params&, int, uint64_t) {}

}  // namespace tb::good_fortune
