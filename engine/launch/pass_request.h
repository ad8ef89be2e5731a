// The checks a reduction pass makes before it builds anything, and the launch settings it takes
// from the request or the device's tuning file. Private to the engine.
#pragma once

#include <cstdint>
#include <string>

#include "reducelab/catalog.h"
#include "reducelab/engine.h"

namespace reducelab::detail {

// The request against the catalog, its inputs and the device, in the order users meet them;
// returns the variant it names.
const Variant& check_pass_request(const RunRequest& request, const Inputs& inputs,
                                  const DeviceInfo& device);

// The launch after the tuned variant's settings: the request's, else the device's tuning file.
struct TunedLaunch {
    RunRequest effective;
    std::string options;  // the tuned kernel's -D knobs
    std::string source;   // where the settings came from
    bool local_from_tuning = false;
};

TunedLaunch resolve_tuning(const Variant& variant, const RunRequest& request,
                           const DeviceInfo& device, std::uint64_t n);

}  // namespace reducelab::detail
