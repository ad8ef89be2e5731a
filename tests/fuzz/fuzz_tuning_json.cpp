// libFuzzer target: tuning files (engine/include/reducelab/tuning.h). A document either reads or
// throws reducelab::Error(Io); whatever reads is written back and reads again, and a lookup with it
// returns a configuration within the limits the reader promises.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "reducelab/error.h"
#include "reducelab/launch_plan.h"
#include "reducelab/tuning.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const nlohmann::json json = nlohmann::json::parse(data, data + size, nullptr, false);
    if (json.is_discarded()) return 0;
    reducelab::TuningFile file;
    try {
        file = reducelab::tuning_from_json(json);
    } catch (const reducelab::Error& e) {
        if (e.kind() != reducelab::ErrorKind::Io) __builtin_trap();
        return 0;
    }
    const reducelab::TuningFile again = reducelab::tuning_from_json(reducelab::to_json(file));
    if (again.entries.size() != file.entries.size()) __builtin_trap();
    reducelab::DeviceInfo device;
    device.vendor = file.vendor == "*" ? "Any Vendor" : file.vendor;
    device.name = file.device == "*" ? "Any Device" : file.device;
    device.compute_units = 4;
    device.max_work_group_size = 1024;
    const auto found = reducelab::lookup_tuning(device, reducelab::ElementType::Float32,
                                                reducelab::Operation::Sum, 1000, {file});
    const auto& c = found.config;
    if (!reducelab::is_power_of_two(c.local_size) || c.local_size > 4096 || c.unroll < 1 ||
        c.unroll > 16 || c.vector_width < 1 || c.vector_width > 16)
        __builtin_trap();
    return 0;
}
