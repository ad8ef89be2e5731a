// The device the engine tests run on: $REDUCELAB_TEST_DEVICE, else the default device.
#pragma once

#include <cstdlib>
#include <string>

namespace reducelab::test {

inline std::string device_spec() {
    const char* spec = std::getenv("REDUCELAB_TEST_DEVICE");
    return spec ? spec : "";
}

}  // namespace reducelab::test
