// The three seed examples.
#include "reducelab/presets.h"

#include <vector>

#include "reducelab/error.h"

namespace reducelab {
namespace {

std::vector<Preset> make_presets() {
    std::vector<Preset> list;
    {
        Preset p;
        p.name = "seed-000";
        p.title = "seed 000: uint4 vector loads in a grid-stride loop, 10 work-groups of 64";
        p.source = "OpenCL Reduction 規約操作與工作組同步機制詳解 (seed 000)";
        p.description =
            "The article's kernel: each of 640 work-items (10 work-groups of 64) walks the input "
            "in "
            "a grid-stride loop with uint4 loads, then the work-group reduces in local memory and "
            "the host adds the 10 partials. The input is 1, 2, ..., 102400 as uint32, so the sum "
            "is 102400 * 102401 / 2 = 5242931200, which needs more than 32 bits: the 64-bit "
            "accumulator gets it right where a uint accumulator would wrap to 947963904.";
        p.request.op = Operation::Sum;
        p.request.type = ElementType::UInt32;
        p.request.variant = "vector";
        p.request.n = 102400;
        p.request.fill = Fill::Ramp;
        p.request.local_size = 64;
        p.request.global_size = 640;
        p.request.finish = Finish::Host;
        p.expected = Value::of_unsigned(5242931200ull);
        list.push_back(p);
    }
    {
        Preset p;
        p.name = "seed-001";
        p.title = "seed 001: 1..1000 summed by a contiguous tree of 256 work-items";
        p.source = "在GPU上利用规约算法完成对数组元素累加的并行计算 (seed 001)";
        p.description =
            "The article's CUDA kernel in OpenCL: one element per work-item, a sequential-"
            "addressing tree in local memory (s = 128, 64, ..., 1), four work-groups of 256 and "
            "the partials added on the host. The input is 1..1000 as int32: 1000 * 1001 / 2 = "
            "500500. The article's kernel reads past the end of the array in the last "
            "work-group (1000 is not a multiple of 256); ReduceLab pads with the identity.";
        p.request.op = Operation::Sum;
        p.request.type = ElementType::Int32;
        p.request.variant = "contiguous";
        p.request.n = 1000;
        p.request.fill = Fill::Ramp;
        p.request.local_size = 256;
        p.request.finish = Finish::Host;
        p.expected = Value::of_signed(500500);
        list.push_back(p);
    }
    {
        Preset p;
        p.name = "seed-002";
        p.title = "seed 002: int dot product, each work-group's sum added with atomic_add";
        p.source = "No.7_5 OpenCL 同步——原子操作 (seed 002)";
        p.description =
            "The article's kernel_dot: every work-item multiplies one pair, the work-group adds "
            "its products in local memory and work-item 0 adds the group's sum to the result with "
            "a 32-bit atomic_add (int accumulator, as in the article). Here the destination is "
            "zeroed by the host before the launch, the safe form (the article zeroes it inside "
            "the kernel: see the atomic-zeroing-racy variant). Both inputs are 1, 2, ..., 1024 "
            "as int32, 16 work-groups of 64, so the dot product is the sum of squares "
            "1024 * 1025 * 2049 / 6 = 358438400, which fits in an int.";
        p.request.op = Operation::Dot;
        p.request.type = ElementType::Int32;
        p.request.variant = "atomic";
        p.request.n = 1024;
        p.request.fill = Fill::Ramp;
        p.request.local_size = 64;
        p.request.finish = Finish::Atomic;
        p.request.accumulator = AccumulatorMode::Same;
        p.expected = Value::of_signed(358438400);
        list.push_back(p);
    }
    return list;
}

}  // namespace

std::span<const Preset> presets() {
    static const std::vector<Preset> list = make_presets();
    return list;
}

const Preset& find_preset(std::string_view name) {
    for (const Preset& p : presets())
        if (p.name == name) return p;
    std::string names;
    for (const Preset& p : presets()) names += (names.empty() ? "" : ", ") + p.name;
    throw Error(ErrorKind::InvalidArgument,
                "unknown preset '" + std::string(name) + "' (known: " + names + ")");
}

bool matches_expected(const Preset& preset, const Value& value) {
    const Value& e = preset.expected;
    if (value.index != e.index) return false;
    switch (e.kind) {
        case Value::Kind::Signed:
            return (value.kind == Value::Kind::Signed && value.i == e.i) ||
                   (value.kind == Value::Kind::Unsigned && e.i >= 0 &&
                    value.u == static_cast<std::uint64_t>(e.i));
        case Value::Kind::Unsigned:
            return (value.kind == Value::Kind::Unsigned && value.u == e.u) ||
                   (value.kind == Value::Kind::Signed && value.i >= 0 &&
                    static_cast<std::uint64_t>(value.i) == e.u);
        case Value::Kind::Float:
            return value.kind == Value::Kind::Float && value.f == e.f;
    }
    return false;
}

std::string command_line(const Preset& preset) {
    const RunRequest& r = preset.request;
    std::string line = "--op " + std::string(to_string(r.op)) + " --type " +
                       std::string(to_string(r.type)) + " --variant " + r.variant + " --n " +
                       std::to_string(r.n) + " --fill " + std::string(to_string(r.fill)) +
                       " --local-size " + std::to_string(r.local_size);
    if (r.global_size != 0) line += " --global-size " + std::to_string(r.global_size);
    line += " --finish " + std::string(to_string(r.finish));
    if (r.accumulator != AccumulatorMode::Default)
        line += " --acc " + std::string(to_string(r.accumulator));
    return line;
}

}  // namespace reducelab
