// Request options: registration and strict conversion.
#include "request_options.h"

#include <CLI/CLI.hpp>

#include "list_options.h"
#include "option_choices.h"
#include "output_paths.h"
#include "reducelab/catalog.h"
#include "reducelab/error.h"
#include "reducelab/npy.h"
#include "reducelab/size_expression.h"

namespace reducelab::cli {
namespace {

std::uint64_t size_option(const std::string& name, const std::string& text, bool allow_zero) {
    std::string error;
    const auto value = parse_size_expression(text, error);
    if (!value) throw Error(ErrorKind::InvalidArgument, name + ": " + error);
    if (!allow_zero && *value == 0)
        throw Error(ErrorKind::InvalidArgument, name + " must be at least 1 (got 0)");
    return *value;
}

[[noreturn]] void unknown(const std::string& what, const std::string& text,
                          const std::string& known) {
    throw Error(ErrorKind::InvalidArgument,
                "unknown " + what + " '" + text + "' (known: " + known + ")");
}

}  // namespace

void add_request_options(CLI::App& command, RequestOptions& o, bool timing_options) {
    offer(command.add_option("--op", o.op, bar_list(operation_choices()) + " (default sum)"),
          operation_choices());
    offer(
        command.add_option("--type", o.type,
                           bar_list(element_type_choices()) + " (default " +
                               std::string(to_string(o.default_type)) + ", or the --input file's)"),
        element_type_choices());
    offer(command.add_option("--variant", o.variant,
                             "kernel variant (see 'variants'; default contiguous)"),
          variant_choices());
    command.add_option("--n", o.n, "number of elements: 1000, 2^20+7, 64M ...");
    offer(command.add_option("--fill", o.fill,
                             "generated input: " + bar_list(fill_choices()) +
                                 "; ramp is 1..n, randint small integers (exact float sums), "
                                 "cancel, cancel-sorted and wide-exponent hard float sums whose "
                                 "exact sum is known (default ramp)"),
          fill_choices());
    command.add_option("--seed", o.seed, "seed of the random input (default 1)");
    path_option(
        command.add_option("--input", o.input, "read the input from a NumPy .npy file instead"));
    path_option(command.add_option("--input2", o.input2,
                                   "dot only: the second input as .npy (default: generated)"));
    command.add_option("--local-size", o.local_size, "work-items per work-group (default 256)");
    command.add_option("--global-size", o.global_size, "grid-stride variants: total work-items");
    command.add_option("--items-per-thread,--items-per-work-item", o.items_per_work_item,
                       "grid-stride variants: elements per work-item");
    command.add_option("--vector-width", o.vector_width,
                       "best: elements per load (1, 2, 4, 8, 16)");
    command.add_option("--unroll", o.unroll, "best: loads in flight per iteration (1-16)");
    offer(command.add_option("--layout", o.layout,
                             "best: strided (GPU) or blocked (CPU) work-item chunks"),
          layout_choices());
    offer(command.add_option("--finish", o.finish,
                             bar_list(finish_choices()) +
                                 ": how partials become one value (default auto: the variant's "
                                 "own, host for most, atomic for atomic, kernel for single-pass)"),
          finish_choices());
    offer(command.add_option("--acc", o.accumulator,
                             "default (64-bit for integers, the element type for floats), wide "
                             "(also double for float32) or same (the element's width; integers "
                             "wrap)"),
          accumulator_choices());
    if (timing_options) {
        command.add_option("--repeat", o.repeat, "timed runs; the median is reported (default 1)");
        command.add_option("--warmup", o.warmup, "untimed runs first (default 0)");
        add_timing_options(command, o.timing);
    }
}

void add_timing_options(CLI::App& command, TimingOptions& o) {
    offer(command
              .add_option(
                  "--timing", o.methods,
                  "comma list of timing methods: kernel (profiling events, first kernel start to "
                  "last kernel end), sustained (--batch calls back to back, wall time / batch), "
                  "latency (one call, enqueue to the value on the host, wall time) (default "
                  "kernel)")
              ->delimiter(','),
          timing_method_choices());
    command.add_option("--batch", o.batch,
                       "sustained: calls back to back per timed run (default 20)");
    command.add_flag("--cold", o.cold,
                     "flush the device's L2 before each timed run (writes twice its size)");
    offer(command.add_option("--result-path", o.result_path,
                             "read (a read command) or mapped (the kernel writes the value into "
                             "pinned host-mapped memory; kernel finishes) (default read)"),
          result_path_choices());
}

std::vector<RunRequest> with_timing(const RunRequest& request, const TimingOptions& o) {
    RunRequest timed = request;
    timed.batch = static_cast<int>(parse_option_number("--batch", o.batch, 1, 100000));
    timed.cold = o.cold;
    const auto path = parse_result_path(o.result_path);
    if (!path) unknown("result path", o.result_path, comma_list(result_path_choices()));
    timed.result_path = *path;
    std::vector<RunRequest> requests;
    for (const TimingMethod method : timing_methods_of("--timing", o.methods)) {
        timed.timing = method;
        requests.push_back(timed);
    }
    if (requests.empty()) requests.push_back(timed);  // kernel, the default
    return requests;
}

RunRequest to_request(const RequestOptions& o) {
    RunRequest r;
    const auto op = parse_operation(o.op);
    if (!op) unknown("operation", o.op, comma_list(operation_choices()));
    r.op = *op;
    // Only dot reads a second input; for any other operation the file would go unread.
    if (!o.input2.empty() && !needs_two_inputs(r.op))
        throw Error(ErrorKind::InvalidArgument,
                    "--input2 is dot's second input; --op " + o.op +
                        " reads one input (drop --input2, or use --op dot)");
    if (!o.input.empty() && !o.n.empty())
        throw Error(ErrorKind::InvalidArgument, "give either --n or --input, not both");
    if (o.input.empty() && o.n.empty())
        throw Error(ErrorKind::InvalidArgument,
                    "give the input size with --n N (or a file with --input)");
    if (o.type.empty()) {
        r.type = o.input.empty() ? o.default_type : read_npy(o.input).type();
    } else {
        const auto type = parse_element_type(o.type);
        if (!type) unknown("type", o.type, comma_list(element_type_choices()));
        r.type = *type;
    }
    r.variant = o.variant;
    if (!o.n.empty()) r.n = size_option("--n", o.n, true);
    if (o.input.empty() && r.n == 0)
        throw Error(ErrorKind::InvalidArgument, "n must be at least 1 (got 0)");
    const auto fill = parse_fill(o.fill);
    if (!fill) unknown("fill", o.fill, comma_list(fill_choices()));
    r.fill = *fill;
    r.seed = size_option("--seed", o.seed, true);
    r.input_path = o.input;
    r.second_input_path = o.input2;
    if (!o.local_size.empty()) {
        r.local_size = size_option("--local-size", o.local_size, true);
        if (r.local_size == 0)
            throw Error(ErrorKind::InvalidArgument, "local size must be at least 1 (got 0)");
    }
    if (!o.global_size.empty()) r.global_size = size_option("--global-size", o.global_size, false);
    if (!o.items_per_work_item.empty())
        r.items_per_work_item = size_option("--items-per-thread", o.items_per_work_item, false);
    if (r.global_size != 0 && r.items_per_work_item != 0)
        throw Error(ErrorKind::InvalidArgument,
                    "give either --global-size or --items-per-thread, not both");
    if (!o.vector_width.empty())
        r.vector_width =
            static_cast<unsigned>(parse_option_number("--vector-width", o.vector_width, 1, 16));
    if (!o.unroll.empty())
        r.unroll = static_cast<unsigned>(parse_option_number("--unroll", o.unroll, 1, 16));
    if (!o.layout.empty()) {
        const auto layout = parse_access_layout(o.layout);
        if (!layout) unknown("layout", o.layout, comma_list(layout_choices()));
        r.layout = *layout;
    }
    if (o.finish == "auto" || o.finish.empty()) {
        r.finish = natural_finish(find_variant(r.variant));
    } else {
        const auto finish = parse_finish(o.finish);
        if (!finish) unknown("finish", o.finish, comma_list(finish_choices()));
        r.finish = *finish;
    }
    const auto acc = parse_accumulator_mode(o.accumulator);
    if (!acc) unknown("accumulator", o.accumulator, comma_list(accumulator_choices()));
    r.accumulator = *acc;
    r.repeat = static_cast<int>(parse_option_number("--repeat", o.repeat, 1, 100000));
    r.warmup = static_cast<int>(parse_option_number("--warmup", o.warmup, 0, 100000));
    return r;
}

}  // namespace reducelab::cli
