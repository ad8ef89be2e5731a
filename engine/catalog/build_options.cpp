// Build options for the kernel knobs of common.cl.
#include "reducelab/build_options.h"

namespace reducelab {
namespace {

std::string_view op_macro(Operation op) {
    switch (op) {
        case Operation::Sum:
        case Operation::Mean:
            return "OP_SUM";  // the mean divides on the host
        case Operation::Product:
            return "OP_PRODUCT";
        case Operation::Min:
            return "OP_MIN";
        case Operation::Max:
            return "OP_MAX";
        case Operation::BitAnd:
            return "OP_BAND";
        case Operation::BitOr:
            return "OP_BOR";
        case Operation::BitXor:
            return "OP_BXOR";
        case Operation::LogicalAnd:
            return "OP_LAND";
        case Operation::LogicalOr:
            return "OP_LOR";
        case Operation::Dot:
            return "OP_DOT";
        case Operation::ArgMin:
            return "OP_ARGMIN";
        case Operation::ArgMax:
            return "OP_ARGMAX";
    }
    return "OP_SUM";
}

struct Limits {
    std::string_view max;
    std::string_view lowest;
};

Limits limits_of(ElementType type) {
    switch (type) {
        case ElementType::Int32:
            return {"INT_MAX", "INT_MIN"};
        case ElementType::UInt32:
            return {"UINT_MAX", "0u"};
        case ElementType::Int64:
            return {"LONG_MAX", "LONG_MIN"};
        case ElementType::UInt64:
            return {"ULONG_MAX", "0ul"};
        case ElementType::Float32:
        case ElementType::Float64:
            return {"INFINITY", "-INFINITY"};
    }
    return {"0", "0"};
}

}  // namespace

std::string build_options(const KernelKnobs& knobs) {
    const AccumulatorSpec& acc = knobs.accumulator;
    const Limits limits = limits_of(knobs.type);
    const bool acc_float = is_float(acc.value_type) && !acc.is_pair;
    const bool bits64 = acc.device_bytes == 8;
    std::string options;
    const auto define = [&](std::string_view name, std::string_view value) {
        options += "-D";
        options += name;
        options += '=';
        options += value;
        options += ' ';
    };
    define("T", info(knobs.type).cl_name);
    define("ACC", acc.cl_type);
    define("ACC_S", acc.cl_signed_view);
    define("BITS_T", bits64 ? "ulong" : "uint");
    define("ACC_BITS", bits64 ? "64" : "32");
    define("ACC_IS_FLOAT", (acc_float || (acc.is_pair && is_float(knobs.type))) ? "1" : "0");
    define(op_macro(knobs.op), "1");
    define("T_MAX", limits.max);
    define("T_LOWEST", limits.lowest);
    define("FINISH_ATOMIC", knobs.finish_atomic ? "1" : "0");
    define("TRACE", knobs.trace ? "1" : "0");
    if (knobs.load_part != 0) define("LOAD_PART", knobs.load_part == 1 ? "1" : "2");
    options.pop_back();
    return options;
}

std::string variant_build_options(const Variant& variant, const DeviceInfo& device) {
    std::string options;
    if (!variant.extra_options.empty()) options += " " + std::string(variant.extra_options);
    // NVIDIA reports OpenCL C 1.2 and no collectives, yet builds them as 2.0: only a device that
    // declares them, and a 3.0 compiler without 2.0, is moved to 3.0.
    constexpr std::string_view kStd20 = "-cl-std=CL2.0";
    const auto std20 = options.find(kStd20);
    if (std20 != std::string::npos && variant.feature == Feature::WorkGroupCollectives &&
        device.has_work_group_collectives && device.accepts_opencl_c_3 && device.opencl_c_major < 2)
        options.replace(std20, kStd20.size(), "-cl-std=CL3.0");
    if (device.is_nvidia && !variant.nvidia_options.empty())
        options += " " + std::string(variant.nvidia_options);
    return options;
}

std::string tuned_build_options(unsigned vector_width, unsigned unroll, AccessLayout layout,
                                std::uint64_t n) {
    return " -DVW=" + std::to_string(vector_width) + " -DUNROLL=" + std::to_string(unroll) +
           " -DBLOCKED=" + (layout == AccessLayout::Blocked ? "1" : "0") +
           " -DINDEX32=" + (n < (std::uint64_t{1} << 31) ? "1" : "0");
}

}  // namespace reducelab
