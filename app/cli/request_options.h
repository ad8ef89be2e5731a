// The options that describe a reduction request, shared by run, trace and bench.
#pragma once

#include <string>
#include <vector>

#include "reducelab/run_types.h"

namespace CLI {
class App;
}

namespace reducelab::cli {

// How runs are timed (run and bench): --timing kernel,sustained,latency, --batch, --cold,
// --result-path.
struct TimingOptions {
    std::vector<std::string> methods;  // comma list; empty: kernel
    std::string batch = "20";
    bool cold = false;
    std::string result_path = "read";
};

void add_timing_options(CLI::App& command, TimingOptions& options);
// `request` once per timing method named (kernel when none), with the batch, cold and result
// path options. Throws Error(InvalidArgument) naming the option and the bad value.
std::vector<RunRequest> with_timing(const RunRequest& request, const TimingOptions& options);

// Raw text of the options; converted (and checked) by to_request so that every bad value gets
// a specific message instead of a parser's generic one.
struct RequestOptions {
    std::string op = "sum";
    std::string type;  // default default_type, or the input file's type
    // The type without --type and --input: int32, except where a command knows better
    // (determinism: the study's float32, DeterminismStudySettings). Set before
    // add_request_options, whose --type help names it.
    ElementType default_type = ElementType::Int32;
    std::string variant = "contiguous";
    std::string n;
    std::string fill = "ramp";
    std::string seed = "1";
    std::string input;
    std::string input2;
    std::string local_size;
    std::string global_size;
    std::string items_per_work_item;
    std::string vector_width;  // tuned variants (best)
    std::string unroll;
    std::string layout;
    std::string finish = "auto";  // the variant's natural finish
    std::string accumulator = "default";
    std::string repeat = "1";
    std::string warmup = "0";
    TimingOptions timing;  // with the timing options only
};

void add_request_options(CLI::App& command, RequestOptions& options, bool timing_options);

// Throws Error(InvalidArgument) naming the option and the bad value.
RunRequest to_request(const RequestOptions& options);

}  // namespace reducelab::cli
