// The options that describe a reduction request, shared by run, trace and bench.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "reducelab/error.h"
#include "reducelab/size_expression.h"

#include "reducelab/run_types.h"

namespace CLI {
class App;
}

namespace reducelab::cli {

// Raw text of the options; converted (and checked) by to_request so that every bad value gets
// a specific message instead of a parser's generic one.
struct RequestOptions {
    std::string op = "sum";
    std::string type;  // default int32, or the input file's type
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
};

void add_request_options(CLI::App& command, RequestOptions& options, bool timing_options);

// Throws Error(InvalidArgument) naming the option and the bad value.
RunRequest to_request(const RequestOptions& options);

// The non-empty items of a comma list ("a,,b" gives a and b).
inline std::vector<std::string> comma_list(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    for (std::string item; std::getline(stream, item, ',');)
        if (!item.empty()) items.push_back(item);
    return items;
}

// A comma list of numbers in [1, max] (max: what V and the option hold); never narrowed.
template <typename V>
std::vector<V> comma_list_numbers(const std::string& option, const std::string& text, std::uint64_t max) {
    std::vector<V> values;
    for (const std::string& item : comma_list(text)) {
        std::string error;
        if (const auto value = parse_size_expression(item, error); !value || *value == 0)
            throw Error(ErrorKind::InvalidArgument,
                        option + ": '" + item + "' is not a positive size");
        values.push_back(static_cast<V>(parse_option_number(option, item, 1, max)));
    }
    return values;
}

}  // namespace reducelab::cli
