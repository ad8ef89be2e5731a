// Frames of equal size to an animated GIF in memory, through giflib: one global palette, every
// frame after the first stored as the rectangle that changed.
#pragma once

#include <string>
#include <vector>

#include "replay/raster.h"

namespace reducelab::replay {

// Throws Error(Io) with giflib's reason when encoding fails, Error(InvalidArgument) for no
// frames or frames of different sizes.
std::string encode_gif(const std::vector<Canvas>& frames, unsigned delay_ms);

}  // namespace reducelab::replay
