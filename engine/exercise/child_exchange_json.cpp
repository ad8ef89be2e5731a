// JSON forms of the custom-kernel check and the step trace for the sandbox child's exchange.
// Floats travel as their bit patterns, so NaN, infinities and every last bit survive.
#include "exercise/child_exchange_json.h"

#include <fmt/format.h>
#include <bit>
#include <cmath>
#include <cstdlib>

#include "reducelab/error.h"
#include "reducelab/trace_json.h"

namespace reducelab::exchange {
namespace {

using nlohmann::json;

template <typename T, typename Parse>
T parsed(const json& j, Parse parse) {
    if (auto value = parse(j.get<std::string>())) return *value;
    throw Error(ErrorKind::Io, "custom kernel child: unknown name '" + j.get<std::string>() + "'");
}

json value_json(const Value& v) {
    return {{"kind", static_cast<int>(v.kind)},
            {"i", v.i},
            {"u", v.u},
            {"f", std::bit_cast<std::uint64_t>(v.f)},
            {"single", v.single_precision},
            {"index", v.index ? json(*v.index) : json(nullptr)}};
}

Value value_from(const json& j) {
    Value v;
    v.kind = static_cast<Value::Kind>(j.at("kind").get<int>());
    v.i = j.at("i").get<std::int64_t>();
    v.u = j.at("u").get<std::uint64_t>();
    v.f = std::bit_cast<double>(j.at("f").get<std::uint64_t>());
    v.single_precision = j.at("single").get<bool>();
    if (!j.at("index").is_null()) v.index = j.at("index").get<std::uint64_t>();
    return v;
}

double double_from(const json& j) {
    return std::bit_cast<double>(j.get<std::uint64_t>());
}

// The one list of a device's fields, read and written through the same visitor.
template <typename Device, typename Visit>
void visit_device(Device& d, Visit&& visit) {
    visit("index", d.index);
    visit("platform_index", d.platform_index);
    visit("platform_device_index", d.platform_device_index);
    visit("platform_name", d.platform_name);
    visit("platform_version", d.platform_version);
    visit("name", d.name);
    visit("vendor", d.vendor);
    visit("type", d.type);
    visit("version", d.version);
    visit("driver_version", d.driver_version);
    visit("opencl_c_version", d.opencl_c_version);
    visit("opencl_c_major", d.opencl_c_major);
    visit("opencl_c_minor", d.opencl_c_minor);
    visit("accepts_opencl_c_3", d.accepts_opencl_c_3);
    visit("compute_units", d.compute_units);
    visit("max_clock_mhz", d.max_clock_mhz);
    visit("max_work_group_size", d.max_work_group_size);
    visit("local_mem_bytes", d.local_mem_bytes);
    visit("global_mem_bytes", d.global_mem_bytes);
    visit("max_alloc_bytes", d.max_alloc_bytes);
    visit("global_mem_cache_bytes", d.global_mem_cache_bytes);
    visit("has_subgroups", d.has_subgroups);
    visit("has_work_group_collectives", d.has_work_group_collectives);
    visit("has_fp64", d.has_fp64);
    visit("has_int64_base_atomics", d.has_int64_base_atomics);
    visit("has_int64_extended_atomics", d.has_int64_extended_atomics);
    visit("is_nvidia", d.is_nvidia);
    visit("extensions", d.extensions);
}

json values_json(const std::vector<Value>& values) {
    json out = json::array();
    for (const Value& v : values) out.push_back(value_json(v));
    return out;
}

std::vector<Value> values_from(const json& j) {
    std::vector<Value> out;
    for (const json& v : j) out.push_back(value_from(v));
    return out;
}

json round_json(const TraceRound& r) {
    json accesses = json::array();
    for (const Access& a : r.accesses)
        accesses.push_back({a.work_item, a.read_a, a.read_b, a.write});
    json conflicts = json::array();
    for (const BankConflict& c : r.conflicts)
        conflicts.push_back({{"warp", c.warp},
                             {"phase", c.phase},
                             {"bank", c.bank},
                             {"degree", c.degree},
                             {"work_items", c.work_items},
                             {"transaction", c.transaction},
                             {"indices", c.indices}});
    return {{"round", r.round},
            {"stride", r.stride},
            {"values", values_json(r.values)},
            {"active", r.active},
            {"accesses", accesses},
            {"active_work_items", r.active_work_items},
            {"active_warps", r.active_warps},
            {"divergent_warps", r.divergent_warps},
            {"bank_conflicts", r.bank_conflicts},
            {"max_conflict_degree", r.max_conflict_degree},
            {"conflicts", conflicts}};
}

TraceRound round_from(const json& j) {
    TraceRound r;
    r.round = j.at("round").get<unsigned>();
    r.stride = j.at("stride").get<std::uint32_t>();
    r.values = values_from(j.at("values"));
    r.active = j.at("active").get<std::vector<bool>>();
    for (const json& a : j.at("accesses"))
        r.accesses.push_back(Access{a.at(0).get<std::uint32_t>(), a.at(1).get<std::uint32_t>(),
                                    a.at(2).get<std::uint32_t>(), a.at(3).get<std::uint32_t>()});
    r.active_work_items = j.at("active_work_items").get<unsigned>();
    r.active_warps = j.at("active_warps").get<unsigned>();
    r.divergent_warps = j.at("divergent_warps").get<unsigned>();
    r.bank_conflicts = j.at("bank_conflicts").get<unsigned>();
    r.max_conflict_degree = j.at("max_conflict_degree").get<unsigned>();
    for (const json& c : j.at("conflicts"))
        r.conflicts.push_back(
            BankConflict{c.at("warp").get<std::uint32_t>(), c.at("phase").get<std::string>(),
                         c.at("bank").get<std::uint32_t>(), c.at("degree").get<std::uint32_t>(),
                         c.at("work_items").get<std::vector<std::uint32_t>>(),
                         c.at("transaction").get<std::uint32_t>(),
                         c.at("indices").get<std::vector<std::uint32_t>>()});
    return r;
}

}  // namespace

namespace {

// Special values as text, since JSON has no NaN or infinity: "nan", "inf", "-inf", and the
// shortest round-tripping decimal otherwise ("-0" keeps its sign).
json planted_json(const std::vector<double>& values) {
    json out = json::array();
    for (double v : values) {
        // The shortest text that reads back to the same double; NaN without a sign.
        out.push_back(std::isnan(v) ? std::string("nan") : fmt::format("{}", v));
    }
    return out;
}

double planted_from(const json& j) {
    const std::string text = j.get<std::string>();
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0')
        throw Error(ErrorKind::Io, "custom kernel child: a planted value is no number: " + text);
    return value;
}

}  // namespace

json request_json(const CustomKernelRequest& r) {
    return {{"base_variant", r.base_variant},
            {"file_text", r.file_text},
            {"file_name", r.file_name},
            {"op", to_string(r.op)},
            {"type", to_string(r.type)},
            {"accumulator", to_string(r.accumulator)},
            {"local_size", r.local_size},
            {"sizes", r.sizes},
            {"fill", to_string(r.fill)},
            {"seed", r.seed},
            {"repeat", r.repeat},
            {"warmup", r.warmup},
            {"planted", planted_json(r.planted)}};
}

CustomKernelRequest request_from(const json& j) {
    CustomKernelRequest r;
    r.base_variant = j.at("base_variant").get<std::string>();
    r.file_text = j.at("file_text").get<std::string>();
    r.file_name = j.at("file_name").get<std::string>();
    r.op = parsed<Operation>(j.at("op"), parse_operation);
    r.type = parsed<ElementType>(j.at("type"), parse_element_type);
    r.accumulator = parsed<AccumulatorMode>(j.at("accumulator"), parse_accumulator_mode);
    r.local_size = j.at("local_size").get<std::size_t>();
    r.sizes = j.at("sizes").get<std::vector<std::uint64_t>>();
    r.fill = parsed<Fill>(j.at("fill"), parse_exercise_fill);
    r.seed = j.at("seed").get<std::uint64_t>();
    r.repeat = j.at("repeat").get<int>();
    r.warmup = j.at("warmup").get<int>();
    if (j.contains("planted"))
        for (const json& value : j.at("planted")) r.planted.push_back(planted_from(value));
    return r;
}

json result_json(const CustomKernelResult& r) {
    json checks = json::array();
    for (const CustomSizeCheck& c : r.checks) {
        json mismatch = nullptr;
        if (c.first_mismatch)
            mismatch = {{"group", c.first_mismatch->group},
                        {"device", value_json(c.first_mismatch->device)},
                        {"reference", value_json(c.first_mismatch->reference)},
                        {"elements", c.first_mismatch->elements},
                        {"first_element", c.first_mismatch->first_element}};
        checks.push_back({{"n", c.n},
                          {"local_size", c.local_size},
                          {"global_size", c.global_size},
                          {"work_groups", c.work_groups},
                          {"value", value_json(c.value)},
                          {"reference", value_json(c.reference)},
                          {"verified", c.verified},
                          {"rule", c.rule},
                          {"mismatched_groups", c.mismatched_groups},
                          {"first_mismatch", mismatch},
                          {"exact_partials",
                           c.exact_partials ? json(std::bit_cast<std::uint64_t>(*c.exact_partials))
                                            : json(nullptr)},
                          {"exact_sum", std::bit_cast<std::uint64_t>(c.exact_sum)},
                          {"sum_of_abs", std::bit_cast<std::uint64_t>(c.sum_of_abs)}});
    }
    json times = json::array();
    for (double ms : r.repeat_ms) times.push_back(std::bit_cast<std::uint64_t>(ms));
    return {{"base_variant", r.base_variant},
            {"kernel", r.kernel},
            {"file_name", r.file_name},
            {"build_options", r.build_options},
            {"checks", checks},
            {"verified", r.verified},
            {"timed_n", r.timed_n},
            {"repeat_ms", times},
            {"total_ms", std::bit_cast<std::uint64_t>(r.total_ms)},
            {"kernel_ms", std::bit_cast<std::uint64_t>(r.kernel_ms)},
            {"gbps", std::bit_cast<std::uint64_t>(r.gbps)},
            {"traceable", r.traceable}};
}

CustomKernelResult result_from(const json& j) {
    CustomKernelResult r;
    r.base_variant = j.at("base_variant").get<std::string>();
    r.kernel = j.at("kernel").get<std::string>();
    r.file_name = j.at("file_name").get<std::string>();
    r.build_options = j.at("build_options").get<std::string>();
    for (const json& c : j.at("checks")) {
        CustomSizeCheck check;
        check.n = c.at("n").get<std::uint64_t>();
        check.local_size = c.at("local_size").get<std::size_t>();
        check.global_size = c.at("global_size").get<std::size_t>();
        check.work_groups = c.at("work_groups").get<std::size_t>();
        check.value = value_from(c.at("value"));
        check.reference = value_from(c.at("reference"));
        check.verified = c.at("verified").get<bool>();
        check.rule = c.at("rule").get<std::string>();
        check.mismatched_groups = c.at("mismatched_groups").get<std::uint64_t>();
        if (const json& m = c.at("first_mismatch"); !m.is_null())
            check.first_mismatch =
                GroupMismatch{m.at("group").get<std::uint64_t>(), value_from(m.at("device")),
                              value_from(m.at("reference")), m.at("elements").get<std::uint64_t>(),
                              m.at("first_element").get<std::uint64_t>()};
        if (const json& x = c.at("exact_partials"); !x.is_null())
            check.exact_partials = double_from(x);
        check.exact_sum = double_from(c.at("exact_sum"));
        check.sum_of_abs = double_from(c.at("sum_of_abs"));
        r.checks.push_back(std::move(check));
    }
    r.verified = j.at("verified").get<bool>();
    r.timed_n = j.at("timed_n").get<std::uint64_t>();
    for (const json& ms : j.at("repeat_ms")) r.repeat_ms.push_back(double_from(ms));
    r.total_ms = double_from(j.at("total_ms"));
    r.kernel_ms = double_from(j.at("kernel_ms"));
    r.gbps = double_from(j.at("gbps"));
    r.traceable = j.at("traceable").get<bool>();
    return r;
}

json trace_request_json(const TraceRequest& r) {
    // The trace file's request, with the fields the child needs whole: the input path even when
    // empty, and the edited program.
    json out = to_json(r);
    out.erase("input");
    out["input_path"] = r.input_path;
    out["program_text"] = r.program_text;
    return out;
}

TraceRequest trace_request_from(const json& j) {
    TraceRequest r;
    r.op = parsed<Operation>(j.at("op"), parse_operation);
    r.type = parsed<ElementType>(j.at("type"), parse_element_type);
    r.accumulator = parsed<AccumulatorMode>(j.at("accumulator"), parse_accumulator_mode);
    r.variant = j.at("variant").get<std::string>();
    r.local_size = j.at("local_size").get<std::size_t>();
    r.n = j.at("n").get<std::uint64_t>();
    r.group = j.at("group").get<std::uint64_t>();
    r.all_groups = j.at("all_groups").get<bool>();
    r.fill = parsed<Fill>(j.at("fill"), parse_exercise_fill);
    r.seed = j.at("seed").get<std::uint64_t>();
    r.input_path = j.at("input_path").get<std::string>();
    r.warp_width = j.at("warp_width").get<unsigned>();
    r.bank_count = j.at("bank_count").get<unsigned>();
    r.bank_width = j.at("bank_width_bytes").get<unsigned>();
    r.program_text = j.at("program_text").get<std::string>();
    return r;
}

json trace_json(const StepTrace& t) {
    json groups = json::array();
    for (const GroupTrace& g : t.groups) {
        json rounds = json::array();
        for (const TraceRound& r : g.rounds) rounds.push_back(round_json(r));
        groups.push_back({{"group", g.group},
                          {"initial", values_json(g.initial)},
                          {"rounds", rounds},
                          {"partial", value_json(g.partial)},
                          {"uninstrumented_partial", value_json(g.uninstrumented_partial)},
                          {"matches_uninstrumented", g.matches_uninstrumented},
                          {"total_divergent_warps", g.total_divergent_warps},
                          {"total_bank_conflicts", g.total_bank_conflicts}});
    }
    return {{"request", trace_request_json(t.request)},
            {"variant", t.variant},
            {"local_size", t.local_size},
            {"n", t.n},
            {"accumulator", t.accumulator},
            {"warp_width", t.warp_width},
            {"bank_count", t.bank_count},
            {"bank_width_bytes", t.bank_width},
            {"groups", groups},
            {"elapsed_ms", std::bit_cast<std::uint64_t>(t.elapsed_ms)},
            {"kernel", t.kernel},
            {"build_options", t.build_options},
            {"element_bytes", t.element_bytes},
            {"lanes_per_transaction", t.lanes_per_transaction},
            {"global_size", t.global_size},
            {"work_groups", t.work_groups},
            {"max_local_size", t.max_local_size},
            {"op", to_string(t.op)},
            {"type", to_string(t.type)}};
}

StepTrace trace_from(const json& j) {
    StepTrace t;
    t.request = trace_request_from(j.at("request"));
    t.variant = j.at("variant").get<std::string>();
    t.local_size = j.at("local_size").get<std::size_t>();
    t.n = j.at("n").get<std::uint64_t>();
    t.accumulator = j.at("accumulator").get<std::string>();
    t.warp_width = j.at("warp_width").get<unsigned>();
    t.bank_count = j.at("bank_count").get<unsigned>();
    t.bank_width = j.at("bank_width_bytes").get<unsigned>();
    for (const json& g : j.at("groups")) {
        GroupTrace group;
        group.group = g.at("group").get<std::uint64_t>();
        group.initial = values_from(g.at("initial"));
        for (const json& r : g.at("rounds")) group.rounds.push_back(round_from(r));
        group.partial = value_from(g.at("partial"));
        group.uninstrumented_partial = value_from(g.at("uninstrumented_partial"));
        group.matches_uninstrumented = g.at("matches_uninstrumented").get<bool>();
        group.total_divergent_warps = g.at("total_divergent_warps").get<unsigned>();
        group.total_bank_conflicts = g.at("total_bank_conflicts").get<unsigned>();
        t.groups.push_back(std::move(group));
    }
    t.elapsed_ms = double_from(j.at("elapsed_ms"));
    t.kernel = j.at("kernel").get<std::string>();
    t.build_options = j.at("build_options").get<std::string>();
    t.element_bytes = j.at("element_bytes").get<std::size_t>();
    t.lanes_per_transaction = j.at("lanes_per_transaction").get<unsigned>();
    t.global_size = j.at("global_size").get<std::size_t>();
    t.work_groups = j.at("work_groups").get<std::size_t>();
    t.max_local_size = j.at("max_local_size").get<std::size_t>();
    t.op = parsed<Operation>(j.at("op"), parse_operation);
    t.type = parsed<ElementType>(j.at("type"), parse_element_type);
    return t;
}

json error_json(const Error& e) {
    return {{"kind", static_cast<int>(e.kind())},
            {"message", e.what()},
            {"call", e.call()},
            {"cl_code", e.cl_code()},
            {"build_log", e.build_log()}};
}

Error error_from(const json& j) {
    return Error(static_cast<ErrorKind>(j.at("kind").get<int>()),
                 j.at("message").get<std::string>(), j.at("call").get<std::string>(),
                 j.at("cl_code").get<int>(), j.at("build_log").get<std::string>());
}

json devices_json(const std::vector<DeviceInfo>& devices) {
    json out = json::array();
    for (const DeviceInfo& d : devices) {
        json one = json::object();
        visit_device(d, [&](const char* key, const auto& field) { one[key] = field; });
        out.push_back(std::move(one));
    }
    return out;
}

std::vector<DeviceInfo> devices_from(const json& j) {
    std::vector<DeviceInfo> out;
    for (const json& one : j) {
        DeviceInfo d;
        visit_device(d, [&](const char* key, auto& field) { one.at(key).get_to(field); });
        out.push_back(std::move(d));
    }
    return out;
}

}  // namespace reducelab::exchange
