// The OpenCL devices of this host, as DeviceInfo (reducelab/device_info.h) describes them.
#pragma once

#include <vector>

#include "reducelab/device_info.h"

namespace reducelab {

// Every device of every platform. Throws Error(NoPlatform) when there is none.
std::vector<DeviceInfo> list_devices();

}  // namespace reducelab
