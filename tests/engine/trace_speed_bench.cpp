// Benchmark (not a test): wall time of run_trace for one work-group, after the programs are
// built and the local size is specialised. Step mode's budget is 100 ms at local size 1024 on
// PoCL. Usage: engine_trace_speed_bench [--device SPEC] [--local-size L] [--repeat R] [--json]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/result_json.h"
#include "reducelab/step_trace.h"

namespace {

double median(std::vector<double> values) {
    std::ranges::sort(values);
    return values[(values.size() - 1) / 2];
}

}  // namespace

int main(int argc, char** argv) {
    std::string device;
    std::size_t local_size = 1024;
    int repeat = 21;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--device" && has_value) {
            device = argv[++i];
        } else if (arg == "--local-size" && has_value) {
            local_size = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--repeat" && has_value) {
            repeat = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--json") {
            json = true;
        } else {
            std::cerr << "usage: " << argv[0]
                      << " [--device SPEC] [--local-size L] [--repeat R] [--json]\n";
            return 2;
        }
    }
    try {
        using namespace reducelab;
        Engine engine(device);
        nlohmann::json results = nlohmann::json::array();
        if (!json)
            std::cout << "step trace of one work-group at local size " << local_size << " on "
                      << engine.device().name << " (median of " << repeat << " after warm-up)\n";
        for (const char* variant : {"interleaved", "interleaved-strided", "contiguous", "vector"}) {
            TraceRequest request;
            request.variant = variant;
            request.local_size = local_size;
            // Warm-up: builds both programs and lets the driver specialise the local size.
            try {
                for (int i = 0; i < 3; ++i) run_trace(engine, request);
            } catch (const Error& e) {
                std::cerr << "  " << variant << " skipped: " << e.what() << "\n";
                continue;
            }
            std::vector<double> ms;
            for (int i = 0; i < repeat; ++i) {
                const auto t0 = std::chrono::steady_clock::now();
                const StepTrace trace = run_trace(engine, request);
                const auto t1 = std::chrono::steady_clock::now();
                ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
                if (!trace.groups.at(0).matches_uninstrumented) {
                    std::cerr << variant << ": traced partial differs from the plain run\n";
                    return 1;
                }
            }
            const double mid = median(ms);
            const auto [lo, hi] = std::ranges::minmax(ms);
            if (json) {
                // One unit per quantity, as the results file: times in µs (*_us).
                constexpr double us_per_ms = 1000.0;
                results.push_back({{"variant", variant},
                                   {"local_size", local_size},
                                   {"median_us", mid * us_per_ms},
                                   {"min_us", lo * us_per_ms},
                                   {"max_us", hi * us_per_ms},
                                   {"repeat", repeat}});
            } else {
                std::printf("  %-20s median %7.2f ms  (min %.2f, max %.2f)%s\n", variant, mid, lo,
                            hi, mid < 100.0 ? "" : "  OVER the 100 ms budget");
            }
        }
        if (json)
            std::cout << nlohmann::json{{"benchmark", "step trace, one work-group"},
                                        {"device", to_json(engine.device())},
                                        {"results", results}}
                             .dump(2)
                      << "\n";
    } catch (const reducelab::Error& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
