// The Python codec (parameters and state dict) of every registered game, one file per game. The
// game folders know nothing of Python; the object API includes this beside the registry.
#pragma once

#include "fox_duet.hpp"
#include "good_fortune.hpp"
#include "hoi_pho.hpp"
