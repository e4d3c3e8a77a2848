// Color Mafia determinisation.
#pragma once

#include "game.hpp"

namespace tb::color_mafia {

// Everything is public except a simultaneous choice not yet made (never stored), and the only
// chance event (the first parent) is already visible: resample only reseeds the RNG.
inline void ColorMafia::resample(State& s, const Params&, int, uint64_t seed) { s.rng.state = seed; }

}  // namespace tb::color_mafia
