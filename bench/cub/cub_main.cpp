// cub-reduce: times CUB DeviceReduce::Sum/Max on float32 and int32 and writes a ReduceLab
// results JSON. Usage: cub-reduce [--sizes 2^16,...] [--types float32,int32] [--ops sum,max]
//                                  [--repeat 20] [--warmup 3] --out FILE.json
#include <algorithm>
#include <cstring>
#include <iostream>
#include <sstream>

#include "reducelab/accumulator.h"
#include "cub_results.h"
#include "reducelab/error.h"
#include "reducelab/host_array.h"
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

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::uint64_t> sizes;
    for (unsigned k = 16; k <= 30; k += 2) sizes.push_back(std::uint64_t{1} << k);
    std::vector<std::string> types{"float32", "int32"}, ops{"sum", "max"};
    int repeat = 20, warmup = 3;
    std::string out = "cub.json";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i], value = argv[i + 1];
        if (key == "--sizes") {
            sizes.clear();
            for (const auto& s : split(value)) sizes.push_back(parse_size(s));
        } else if (key == "--types") {
            types = split(value);
        } else if (key == "--ops") {
            ops = split(value);
        } else if (key == "--repeat") {
            repeat = std::stoi(value);
        } else if (key == "--warmup") {
            warmup = std::stoi(value);
        } else if (key == "--out") {
            out = value;
        } else {
            std::cerr << "cub-reduce: unknown option " << key << "\n";
            return 2;
        }
    }
    const reducelab_cub::DeviceFacts facts = reducelab_cub::device_facts();
    ResultsFile file;
    file.suite = "cub";
    file.tool = "cub-reduce (CUB DeviceReduce, CUDA runtime " + std::to_string(facts.runtime_version) + ")";
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
    bool all_verified = true;
    for (const auto& type_name : types) {
        const ElementType type = *parse_element_type(type_name);
        for (std::uint64_t n : sizes) {
            // The same input as reducelab-cli bench: random fill, seed 2026.
            const HostArray input = generate(type, n, Fill::Random, 2026);
            for (const auto& op_name : ops) {
                const Operation op = *parse_operation(op_name);
                const AccumulatorSpec acc = accumulator_for(op, type, AccumulatorMode::Default);
                const auto timing = reducelab_cub::run_cub(input.data(), n, is_float(type),
                                                           op == Operation::Max, repeat, warmup);
                RunResult r;
                r.request.op = op;
                r.request.type = type;
                r.request.variant = "cub-device-reduce";
                r.request.n = n;
                r.request.fill = Fill::Random;
                r.request.seed = 2026;
                r.request.repeat = repeat;
                r.request.warmup = warmup;
                r.device = file.device;
                r.n = n;
                r.accumulator = acc.description;
                r.launched.variant = "cub-device-reduce";
                r.launched.kernel = op == Operation::Max ? "cub::DeviceReduce::Max" : "cub::DeviceReduce::Sum";
                r.launched.launches = 2;
                r.value = decode_accumulator(
                    acc, std::span(reinterpret_cast<const std::byte*>(timing.result_bytes), 16));
                const Reference ref = compute_reference(op, acc, input, nullptr);
                // CUB's tree: a few thousand terms per thread at most, then log-depth combines.
                const Verification v = verify(op, acc, r.value, ref, 4096 + 64);
                r.reference = ref.value;
                r.verified = v.verified;
                r.abs_error = v.abs_error;
                r.rel_error = v.rel_error;
                r.error_bound = v.bound;
                r.verification_rule = v.rule;
                r.repeat_ms = timing.repeat_ms;
                std::vector<double> sorted = timing.repeat_ms;
                std::ranges::sort(sorted);
                r.total_ms = sorted[(sorted.size() - 1) / 2];
                r.kernel_ms = r.total_ms;
                r.stages.push_back({"cub (event span)", r.total_ms, true});
                r.input_bytes = n * size_of(type);
                r.bytes_moved = r.input_bytes;
                r.gbps = static_cast<double>(r.input_bytes) / (r.total_ms * 1e6);
                all_verified = all_verified && r.verified;
                std::cout << "cub " << type_name << " " << op_name << " n=" << n << " " << r.total_ms * 1000
                          << " us " << r.gbps << " GB/s " << (r.verified ? "ok" : "MISMATCH") << std::endl;
                file.points.push_back(std::move(r));
            }
        }
    }
    write_results(out, file);
    return all_verified ? 0 : 1;
}
