// The determinism lab's classification: a result's bits, and the class of a study's bits.
#include "reducelab/determinism_report.h"

#include <algorithm>
#include <cstring>

#include "reducelab/units.h"

namespace reducelab {

std::string_view to_string(DeterminismClass c) {
    switch (c) {
        case DeterminismClass::Nondeterministic:
            return "nondeterministic";
        case DeterminismClass::RunToRun:
            return "run-to-run";
        case DeterminismClass::LaunchInvariant:
            return "launch-invariant";
        case DeterminismClass::DeviceInvariant:
            return "device-invariant";
    }
    return "?";
}

std::string result_bits(const Value& value) {
    std::string bits;
    switch (value.kind) {
        case Value::Kind::Float:
            if (value.single_precision) {
                const float f = static_cast<float>(value.f);
                std::uint32_t single;
                std::memcpy(&single, &f, sizeof single);
                bits = units::hex(single, 8);
            } else {
                std::uint64_t dbl;
                std::memcpy(&dbl, &value.f, sizeof dbl);
                bits = units::hex(dbl, 16);
            }
            break;
        case Value::Kind::Signed:
            bits = units::hex(static_cast<std::uint64_t>(value.i), 16);
            break;
        case Value::Kind::Unsigned:
            bits = units::hex(value.u, 16);
            break;
    }
    if (value.index) bits += "@" + std::to_string(*value.index);
    return bits;
}

DeterminismClass classify(const std::vector<std::vector<std::vector<std::string>>>& bits) {
    bool launch_invariant = true;
    std::vector<std::string> device_bits;
    for (const auto& device : bits) {
        std::vector<std::string> shape_bits;
        for (const auto& runs : device) {
            if (runs.empty()) continue;
            if (std::ranges::any_of(runs, [&](const std::string& b) { return b != runs.front(); }))
                return DeterminismClass::Nondeterministic;
            shape_bits.push_back(runs.front());
        }
        if (shape_bits.empty()) continue;
        if (std::ranges::any_of(shape_bits,
                                [&](const std::string& b) { return b != shape_bits.front(); }))
            launch_invariant = false;
        device_bits.push_back(shape_bits.front());
    }
    if (!launch_invariant) return DeterminismClass::RunToRun;
    const bool same_everywhere = std::ranges::all_of(
        device_bits, [&](const std::string& b) { return b == device_bits.front(); });
    return device_bits.size() >= 2 && same_everywhere ? DeterminismClass::DeviceInvariant
                                                      : DeterminismClass::LaunchInvariant;
}

}  // namespace reducelab
