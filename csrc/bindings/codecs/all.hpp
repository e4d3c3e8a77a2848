// The Python codecs of the registered games that have hook keys: state-dict keys of a shape no
// schema field kind has, which PyCodec<G>::hook_to_py and hook_read convert (one file per game; a
// game without hook keys, such as Color Mafia, has none). Everything else is generic: the rest
// of the state dict comes from G::state_schema() (bindings/state_codec.hpp), the parameters
// from G::kParamSpecs (bindings/params.hpp). The game folders know nothing of Python; the object
// API includes this beside the registry.
#pragma once

#include "fox_duet.hpp"
#include "good_fortune.hpp"
#include "hoi_pho.hpp"
