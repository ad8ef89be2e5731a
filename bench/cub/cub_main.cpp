// cub-reduce: times CUB DeviceReduce by ReduceLab's three timing methods and writes a ReduceLab
// results JSON. Usage:
//   cub-reduce [--sizes 2^16,...] [--types float32,int32] [--ops sum,max]
//              [--timing kernel,sustained,latency] [--repeat 50] [--warmup 5] [--batch 20]
//              [--cold] --out FILE.json
// Ops: sum, min, max, argmin, argmax, dot. Types: int32, int64, uint64, float32, float64.
// Exit: 0 all verified, 1 a mismatch, 2 bad arguments, 4 a CUDA error.
#include <iostream>
#include <optional>
#include <sstream>

#include "cub_results.h"
#include "reducelab/accumulator.h"
#include "reducelab/error.h"
#include "reducelab/host_array.h"
#include "reducelab/inputs.h"
#include "reducelab/reference.h"
#include "reducelab/results_file.h"

namespace {

using namespace reducelab;

std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    for (std::string item; std::getline(stream, item, ',');)
        if (!item.empty()) items.push_back(item);
    return items;
}

std::uint64_t parse_size(const std::string& text) {
    const auto caret = text.find('^');
    if (caret != std::string::npos) return std::uint64_t{1} << std::stoul(text.substr(caret + 1));
    return std::stoull(text);
}

std::optional<reducelab_cub::Element> cub_element(ElementType type) {
    switch (type) {
        case ElementType::Int32:
            return reducelab_cub::Element::Int32;
        case ElementType::Int64:
            return reducelab_cub::Element::Int64;
        case ElementType::UInt64:
            return reducelab_cub::Element::UInt64;
        case ElementType::Float32:
            return reducelab_cub::Element::Float32;
        case ElementType::Float64:
            return reducelab_cub::Element::Float64;
        default:
            return std::nullopt;
    }
}

std::optional<reducelab_cub::Op> cub_op(Operation op) {
    switch (op) {
        case Operation::Sum:
            return reducelab_cub::Op::Sum;
        case Operation::Min:
            return reducelab_cub::Op::Min;
        case Operation::Max:
            return reducelab_cub::Op::Max;
        case Operation::ArgMin:
            return reducelab_cub::Op::ArgMin;
        case Operation::ArgMax:
            return reducelab_cub::Op::ArgMax;
        case Operation::Dot:
            return reducelab_cub::Op::Dot;
        default:
            return std::nullopt;
    }
}

reducelab_cub::Method cub_method(TimingMethod method) {
    switch (method) {
        case TimingMethod::Kernel:
            return reducelab_cub::Method::Kernel;
        case TimingMethod::Sustained:
            return reducelab_cub::Method::Sustained;
        case TimingMethod::Latency:
            return reducelab_cub::Method::Latency;
    }
    return reducelab_cub::Method::Kernel;
}

struct Options {
    std::vector<std::uint64_t> sizes;
    std::vector<ElementType> types{ElementType::Float32, ElementType::Int32};
    std::vector<Operation> ops{Operation::Sum, Operation::Max};
    std::vector<TimingMethod> methods{TimingMethod::Kernel};
    int repeat = 50, warmup = 5, batch = 20;
    bool cold = false;
    std::string out = "cub.json";
};

// Throws std::invalid_argument with the option's name for a bad value.
Options parse_options(int argc, char** argv) {
    Options o;
    for (unsigned k = 16; k <= 30; k += 2) o.sizes.push_back(std::uint64_t{1} << k);
    for (int i = 1; i < argc; ++i) {
        const std::string key = argv[i];
        if (key == "--cold") {
            o.cold = true;
            continue;
        }
        if (i + 1 >= argc) throw std::invalid_argument(key + " needs a value");
        const std::string value = argv[++i];
        const auto bad = [&] {
            throw std::invalid_argument("bad value '" + value + "' for " + key);
        };
        if (key == "--sizes") {
            o.sizes.clear();
            for (const auto& s : split(value)) o.sizes.push_back(parse_size(s));
        } else if (key == "--types") {
            o.types.clear();
            for (const auto& s : split(value)) {
                const auto type = parse_element_type(s);
                if (!type || !cub_element(*type)) bad();
                o.types.push_back(*type);
            }
        } else if (key == "--ops") {
            o.ops.clear();
            for (const auto& s : split(value)) {
                const auto op = parse_operation(s);
                if (!op || !cub_op(*op)) bad();
                o.ops.push_back(*op);
            }
        } else if (key == "--timing") {
            o.methods.clear();
            for (const auto& s : split(value)) {
                const auto method = parse_timing_method(s);
                if (!method) bad();
                o.methods.push_back(*method);
            }
        } else if (key == "--repeat") {
            o.repeat = std::stoi(value);
        } else if (key == "--warmup") {
            o.warmup = std::stoi(value);
        } else if (key == "--batch") {
            o.batch = std::stoi(value);
        } else if (key == "--out") {
            o.out = value;
        } else {
            throw std::invalid_argument("unknown option " + key);
        }
    }
    if (o.repeat < 1 || o.warmup < 0 || o.batch < 1 || o.methods.empty())
        throw std::invalid_argument("--repeat and --batch must be at least 1, --warmup 0 or more");
    return o;
}

ResultsFile results_header(const reducelab_cub::DeviceFacts& facts) {
    ResultsFile file;
    file.suite = "cub";
    file.tool =
        "cub-reduce (CUB DeviceReduce, CUDA runtime " + std::to_string(facts.runtime_version) + ")";
    file.created_utc = utc_now_iso8601();
    file.device.name = facts.name;
    file.device.vendor = "NVIDIA Corporation";
    file.device.platform_name = "CUDA";
    file.device.type = "GPU";
    file.device.version = "CUDA driver " + std::to_string(facts.driver_version);
    file.device.compute_units = facts.compute_units;
    file.device.global_mem_bytes = facts.global_mem_bytes;
    file.device.max_alloc_bytes = facts.global_mem_bytes;
    file.device.max_work_group_size = facts.max_threads_per_block;
    file.device.local_mem_bytes = facts.shared_mem_per_block;
    return file;
}

// One point: CUB timed by `method` over `inputs`, verified, in ReduceLab's results form.
RunResult measure(const Options& o, const RunRequest& request, const Inputs& inputs,
                  const DeviceInfo& device) {
    const HostArray& input = *inputs.first;
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    reducelab_cub::Request cub;
    cub.host = input.data();
    cub.host2 = inputs.second ? inputs.second->data() : nullptr;
    cub.n = request.n;
    cub.element = *cub_element(request.type);
    cub.op = *cub_op(request.op);
    cub.method = cub_method(request.timing);
    cub.repeat = o.repeat;
    cub.warmup = o.warmup;
    cub.batch = o.batch;
    cub.cold = o.cold;
    const reducelab_cub::Timing timing = reducelab_cub::run_cub(cub);
    RunResult r;
    r.request = request;
    r.device = device;
    r.n = request.n;
    r.accumulator = acc.description;
    r.launched.variant = "cub-device-reduce";
    r.launched.kernel = timing.call;
    r.launched.launches = 2;
    r.value = decode_accumulator(
        acc, std::span(reinterpret_cast<const std::byte*>(timing.result_bytes), 16));
    const Reference ref = compute_reference(request.op, acc, input, inputs.second.get());
    // CUB's tree: a few thousand terms per thread at most, then log-depth combines.
    record_verification(r, ref.value, verify(request.op, acc, r.value, ref, 4096 + 64));
    r.repeat_ms = timing.repeat_ms;
    summarise_timing(r);
    r.timing_method = request.timing;
    r.cold = o.cold;
    r.kernel_ms = request.timing == TimingMethod::Kernel ? r.total_ms : 0.0;
    const char* stage = request.timing == TimingMethod::Kernel ? "cub (events: 2 kernels + gap)"
                        : request.timing == TimingMethod::Sustained
                            ? "cub (wall / batch, result copied each call)"
                            : "cub (wall: call + cudaMemcpy of the result)";
    r.stages.push_back({stage, r.total_ms, request.timing == TimingMethod::Kernel});
    r.input_bytes = input.size_bytes() * (inputs.second ? 2 : 1);
    r.bytes_moved = r.input_bytes;
    r.gbps = static_cast<double>(r.input_bytes) / (r.total_ms * 1e6);
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    try {
        o = parse_options(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "cub-reduce: " << e.what() << "\n";
        return 2;
    }
    ResultsFile file = results_header(reducelab_cub::device_facts());
    bool all_verified = true;
    for (const ElementType type : o.types) {
        for (const std::uint64_t n : o.sizes) {
            for (const Operation op : o.ops) {
                // The same inputs as reducelab-cli run/bench with --fill random --seed 2026.
                RunRequest request;
                request.op = op;
                request.type = type;
                request.variant = "cub-device-reduce";
                request.n = n;
                request.fill = Fill::Random;
                request.seed = 2026;
                request.repeat = o.repeat;
                request.warmup = o.warmup;
                request.batch = o.batch;
                request.cold = o.cold;
                const Inputs inputs = make_inputs(request);
                // The methods in ReduceLab's order, one after the other on the same input.
                for (const TimingMethod method : o.methods) {
                    request.timing = method;
                    RunResult r = measure(o, request, inputs, file.device);
                    all_verified = all_verified && r.verified;
                    std::cout << "cub " << to_string(type) << " " << to_string(op) << " n=" << n
                              << " " << to_string(method) << " " << r.median_us << " us (p10 "
                              << r.p10_us << ", p90 " << r.p90_us << ") " << r.gbps << " GB/s "
                              << (r.verified ? "ok" : "MISMATCH") << std::endl;
                    file.points.push_back(std::move(r));
                }
            }
        }
    }
    write_results(o.out, file);
    return all_verified ? 0 : 1;
}
