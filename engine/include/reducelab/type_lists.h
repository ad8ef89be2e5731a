// Every value of the enumerations in types.h that users name, in the order help texts list them:
// the CLI's option choices and completion read these, so that a new value reaches all of them.
#pragma once

#include <span>

#include "reducelab/types.h"

namespace reducelab {

std::span<const AccumulatorMode> all_accumulator_modes();
std::span<const AccessLayout> all_access_layouts();  // the concrete ones: strided, blocked
std::span<const TimingMethod> all_timing_methods();
std::span<const ResultPath> all_result_paths();

}  // namespace reducelab
