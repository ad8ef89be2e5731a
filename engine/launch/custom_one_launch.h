// A student's copy of a one-launch kernel (custom_kernel.h): the last-group variant, whose own
// out[0] is the final value. Private to the engine.
#pragma once

#include "reducelab/catalog.h"

namespace reducelab::detail {

// The variants a student may copy as a whole one-launch reduction: the last work-group to
// finish reduces the partials (single-pass). run_custom_kernel launches such a copy once per
// size with its work buffer (the partials and the ticket, zeroed) and checks out[0] alone: there
// are no partials left for the host to read.
bool is_one_launch_editable(const Variant& variant);

}  // namespace reducelab::detail
