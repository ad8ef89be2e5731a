// libFuzzer target: the .npy parser (engine/include/reducelab/npy.h) on arbitrary bytes. Every
// input either parses or throws reducelab::Error(Io); whatever parses writes back and parses to the
// same array.
#include <cstdint>
#include <cstring>
#include <string_view>

#include "reducelab/error.h"
#include "reducelab/npy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    reducelab::HostArray array;
    try {
        array = reducelab::parse_npy(bytes, "fuzz.npy");
    } catch (const reducelab::Error& e) {
        if (e.kind() != reducelab::ErrorKind::Io) __builtin_trap();  // only file errors expected
        return 0;
    }
    const std::string written = reducelab::to_npy(array);
    const reducelab::HostArray again = reducelab::parse_npy(written, "round trip");
    if (again.type() != array.type() || again.size() != array.size() ||
        (array.size_bytes() != 0 &&
         std::memcmp(again.data(), array.data(), array.size_bytes()) != 0))
        __builtin_trap();
    return 0;
}
