// The determinism report as JSON (what `reducelab-cli determinism --json` prints and a GUI session
// keeps of a study) and its strict reader: one format, written and read here.
#include <algorithm>
#include <cmath>

#include "io/json_fields.h"
#include "io/json_readers.h"
#include "reducelab/determinism_json.h"
#include "reducelab/error.h"
#include "reducelab/host_array.h"
#include "reducelab/result_json.h"
#include "reducelab/results_file.h"

namespace reducelab {

using nlohmann::json;

namespace {

const detail::JsonFields fields{"determinism report"};

// A double that may be infinite or NaN (an error, a condition number), in the value shape.
Value float64(double x) {
    return Value::of_float(x, false);
}

json results_json(const std::vector<DistinctResult>& results) {
    json out = json::array();
    for (const DistinctResult& r : results) {
        json entry{{"bits", r.bits}, {"count", r.count}};
        put_value(entry, "value", r.value);
        put_value(entry, "abs_error", float64(r.abs_error));
        out.push_back(std::move(entry));
    }
    return out;
}

const json& array_field(const json& o, const char* key, const std::string& where) {
    const json& v = fields.field(o, key, where);
    if (!v.is_array()) fields.bad(where + "." + key, "expected an array");
    return v;
}

std::string at(const std::string& where, std::size_t i) {
    return where + "[" + std::to_string(i) + "]";
}

DeterminismClass class_field(const json& o, const std::string& where) {
    const std::string text = fields.get_string(o, "class", where);
    for (const DeterminismClass c :
         {DeterminismClass::Nondeterministic, DeterminismClass::RunToRun,
          DeterminismClass::LaunchInvariant, DeterminismClass::DeviceInvariant})
        if (text == to_string(c)) return c;
    fields.bad(where + ".class", "unknown class '" + text + "'");
}

// Version 1: "nan", "inf" or a number, as the writer wrote a condition number or an error.
double number_or_text(const json& o, const char* key, const std::string& where) {
    const json& v = fields.field(o, key, where);
    if (v.is_string()) {
        const std::string text = v.get<std::string>();
        if (text == "inf") return INFINITY;
        if (text == "nan") return NAN;
    }
    return fields.get_number(o, key, where);
}

// How a report of `version` holds its values: version 2 the results file's shape
// (value_field_from_json), version 1 to_json(Value) and "nan"/"inf" strings.
struct ValueShape {
    int version = 2;
    bool is_float = false;
    bool single = false;
    bool indexed = false;

    Value value(const json& o, const char* key, const std::string& where) const {
        if (version >= 2)
            return detail::value_field_from_json(fields, o, key, is_float, single, indexed, where);
        return detail::value_from_json(fields, fields.field(o, key, where), single,
                                       where + "." + key);
    }
    double number(const json& o, const char* key, const std::string& where) const {
        if (version >= 2)
            return detail::value_field_from_json(fields, o, key, true, false, false, where).f;
        return number_or_text(o, key, where);
    }
};

std::vector<DistinctResult> results_from(const json& o, const std::string& where,
                                         const ValueShape& shape) {
    std::vector<DistinctResult> out;
    const json& list = array_field(o, "results", where);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string w = at(where + ".results", i);
        DistinctResult r;
        r.bits = fields.get_string(list[i], "bits", w);
        r.value = shape.value(list[i], "value", w);
        r.count = fields.get_unsigned<std::uint64_t>(list[i], "count", w);
        r.abs_error = shape.number(list[i], "abs_error", w);
        out.push_back(std::move(r));
    }
    return out;
}

}  // namespace

json to_json(const DeterminismReport& report) {
    const RunRequest& q = report.request.base;
    json devices = json::array();
    for (const DeviceOutcome& d : report.devices) {
        json shapes = json::array();
        for (const ShapeOutcome& s : d.shapes)
            shapes.push_back({{"local_size", s.local_size},
                              {"work_groups", s.work_groups},
                              {"global_size", s.global_size},
                              {"verified", s.verified},
                              {"distinct", s.results.size()},
                              {"results", results_json(s.results)}});
        devices.push_back({{"device", d.device},
                           {"device_info", to_json(d.info)},
                           {"class", to_string(d.determinism)},
                           {"distinct", d.results.size()},
                           {"shapes", shapes},
                           {"results", results_json(d.results)}});
    }
    json out = {{"schema", kDeterminismSchema},
                {"variant", q.variant},
                {"op", to_string(q.op)},
                {"type", to_string(q.type)},
                {"accumulator", to_string(q.accumulator)},
                {"finish", to_string(q.finish)},
                {"n", report.n},
                {"input", q.input_path.empty() ? std::string(to_string(q.fill)) : q.input_path},
                {"seed", q.seed},
                {"runs_per_shape", report.request.runs},
                {"runs", report.runs},
                {"exact_sum_known", report.exact_sum_known},
                {"class", to_string(report.determinism)},
                {"distinct", report.results.size()},
                {"results", results_json(report.results)},
                {"all_verified", report.all_verified},
                {"devices", devices}};
    // The results file's value shape (put_value): a number, or null spelled in *_text;
    // argmin/argmax's index in *_index.
    put_value(out, "reference", report.reference);
    if (!report.complete) out["complete"] = false;
    if (report.exact_sum_known) {
        put_value(out, "correctly_rounded", report.correctly_rounded);
        out["correctly_rounded_bits"] = result_bits(report.correctly_rounded);
        out["correctly_rounded_everywhere"] = report.correctly_rounded_everywhere;
        put_value(out, "condition_number", float64(report.condition_number));
    }
    return out;
}

json to_json(const DeterminismStudyVariant& v) {
    json variant{{"variant", v.variant}};
    if (v.report)
        variant["report"] = to_json(*v.report);
    else
        variant["error"] = v.error;
    if (v.timed)
        variant["frontier"] = {{"gbps", v.gbps},
                               {"relative_error", v.relative_error},
                               {"exact", v.exact},
                               {"verified", v.verified},
                               {"result_bits", v.result_bits},
                               {"result_text", v.result_text}};
    return variant;
}

json to_json(const DeterminismStudySettings& s) {
    json devices = json::array();
    for (const DeviceInfo& device : s.devices) devices.push_back(to_json(device));
    return {{"type", to_string(s.type)},
            {"n", s.n},
            {"input", to_string(s.fill)},
            {"seed", s.seed},
            {"runs_per_shape", s.runs},
            {"local_sizes", s.local_sizes},
            {"work_groups", s.work_groups},
            {"finish", s.finish ? std::string(to_string(*s.finish)) : std::string("auto")},
            {"timed_repeats", s.timed_repeats},
            {"devices", devices}};
}

DeterminismStudySettings study_settings_from_json(const json& j) {
    const detail::JsonFields study_fields{"determinism study"};
    const std::string top = "study";
    if (!j.is_object()) study_fields.bad(top, "expected an object");
    DeterminismStudySettings s;
    const auto type = parse_element_type(study_fields.get_string(j, "type", top));
    if (!type) study_fields.bad(top + ".type", "unknown type");
    s.type = *type;
    s.n = study_fields.get_unsigned<std::uint64_t>(j, "n", top);
    const auto fill = parse_fill(study_fields.get_string(j, "input", top));
    if (!fill) study_fields.bad(top + ".input", "unknown fill");
    s.fill = *fill;
    s.seed = study_fields.get_unsigned<std::uint64_t>(j, "seed", top);
    s.runs = study_fields.get_unsigned<int>(j, "runs_per_shape", top);
    const auto sizes = [&](const char* key, auto& out) {
        const json& list = study_fields.field(j, key, top);
        if (!list.is_array()) study_fields.bad(top + "." + key, "expected an array");
        out.clear();
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (!list[i].is_number_unsigned())
                study_fields.bad(at(top + "." + key, i), "expected a non-negative integer");
            out.push_back(list[i].get<typename std::decay_t<decltype(out)>::value_type>());
        }
    };
    sizes("local_sizes", s.local_sizes);
    sizes("work_groups", s.work_groups);
    const std::string finish = study_fields.get_string(j, "finish", top);
    if (finish != "auto") {
        const auto parsed = parse_finish(finish);
        if (!parsed) study_fields.bad(top + ".finish", "unknown finish");
        s.finish = *parsed;
    }
    s.timed_repeats = study_fields.get_unsigned<int>(j, "timed_repeats", top);
    const json& devices = study_fields.field(j, "devices", top);
    if (!devices.is_array()) study_fields.bad(top + ".devices", "expected an array");
    for (std::size_t i = 0; i < devices.size(); ++i)
        s.devices.push_back(
            detail::device_from_json(study_fields, devices[i], at(top + ".devices", i)));
    return s;
}

DeterminismStudySettings study_settings_from_reports(
    const std::vector<DeterminismStudyVariant>& variants, DeterminismStudySettings known) {
    const auto reported = std::ranges::find_if(
        variants, [](const DeterminismStudyVariant& v) { return v.report.has_value(); });
    DeterminismStudySettings s = std::move(known);
    if (reported != variants.end()) {
        const DeterminismReport& report = *reported->report;
        s.type = report.request.base.type;
        s.fill = report.request.base.fill;
        s.n = report.n;
        s.seed = report.request.base.seed;
        s.runs = report.request.runs;
        s.devices.clear();
        for (const DeviceOutcome& d : report.devices) s.devices.push_back(d.info);
    }
    s.local_sizes.clear();
    s.work_groups.clear();
    s.finish.reset();
    s.timed_repeats = 0;
    return s;
}

json to_json(const DeterminismStudyResult& study) {
    json variants = json::array();
    for (const DeterminismStudyVariant& v : study.variants) variants.push_back(to_json(v));
    json out = {{"schema", kDeterminismSchema},
                {"study", "determinism"},
                {"op", to_string(Operation::Sum)}};
    out.update(to_json(study.settings));
    out["variants"] = std::move(variants);
    if (!study.complete) out["complete"] = false;
    return out;
}

json determinism_document(const DeterminismReport& report, const std::string& tool) {
    json out = to_json(report);
    out["tool"] = tool;
    out["created_utc"] = utc_now_iso8601();
    return out;
}

json determinism_document(const DeterminismStudyResult& study, const std::string& tool) {
    json out = to_json(study);
    out["tool"] = tool;
    out["created_utc"] = utc_now_iso8601();
    return out;
}

DeterminismReport determinism_report_from_json(const json& j) {
    const std::string top = "report";
    if (!j.is_object()) fields.bad(top, "expected an object");
    DeterminismReport report;
    RunRequest& q = report.request.base;
    q.variant = fields.get_string(j, "variant", top);
    const auto parse = [&](auto parser, const char* key) {
        const auto value = parser(fields.get_string(j, key, top));
        if (!value) fields.bad(top + "." + key, "unknown value");
        return *value;
    };
    q.op = parse(parse_operation, "op");
    q.type = parse(parse_element_type, "type");
    // Reports printed before the accumulator was recorded used the default one.
    if (j.contains("accumulator")) q.accumulator = parse(parse_accumulator_mode, "accumulator");
    q.finish = parse(parse_finish, "finish");
    const std::string input = fields.get_string(j, "input", top);
    if (const auto fill = parse_fill(input))
        q.fill = *fill;
    else
        q.input_path = input;
    q.seed = fields.get_unsigned<std::uint64_t>(j, "seed", top);
    report.n = fields.get_unsigned<std::uint64_t>(j, "n", top);
    q.n = report.n;
    report.request.runs = fields.get_unsigned<int>(j, "runs_per_shape", top);
    report.runs = fields.get_unsigned<std::uint64_t>(j, "runs", top);
    ValueShape shape;
    shape.version = 1;  // no "schema" field: written before version 2
    if (j.contains("schema")) {
        const std::string schema = fields.get_string(j, "schema", top);
        if (schema != kDeterminismSchema)
            fields.bad(top + ".schema", "'" + schema + "' is not " + kDeterminismSchema);
        shape.version = 2;
    }
    try {
        const AccumulatorSpec spec = accumulator_for(q.op, q.type, q.accumulator);
        shape.single = spec.value_type == ElementType::Float32;
        shape.is_float = info(spec.value_type).is_float;
        shape.indexed = spec.is_pair;
    } catch (const Error& e) {
        fields.bad(top + ".type", e.what());
    }
    report.reference = shape.value(j, "reference", top);
    report.exact_sum_known = fields.get_bool(j, "exact_sum_known", top);
    report.determinism = class_field(j, top);
    report.results = results_from(j, top, shape);
    report.all_verified = fields.get_bool(j, "all_verified", top);
    if (j.contains("complete")) report.complete = fields.get_bool(j, "complete", top);
    if (report.exact_sum_known) {
        report.correctly_rounded = shape.value(j, "correctly_rounded", top);
        report.correctly_rounded_everywhere =
            fields.get_bool(j, "correctly_rounded_everywhere", top);
        report.condition_number = shape.number(j, "condition_number", top);
    }
    const json& devices = array_field(j, "devices", top);
    report.request.devices.clear();
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const std::string w = at(top + ".devices", i);
        DeviceOutcome d;
        d.device = fields.get_string(devices[i], "device", w);
        d.info = detail::device_from_json(fields, fields.field(devices[i], "device_info", w),
                                          w + ".device_info");
        d.determinism = class_field(devices[i], w);
        d.results = results_from(devices[i], w, shape);
        const json& shapes = array_field(devices[i], "shapes", w);
        for (std::size_t k = 0; k < shapes.size(); ++k) {
            const std::string ws = at(w + ".shapes", k);
            ShapeOutcome s;
            s.local_size = fields.get_unsigned<std::size_t>(shapes[k], "local_size", ws);
            s.work_groups = fields.get_unsigned<std::size_t>(shapes[k], "work_groups", ws);
            s.global_size = fields.get_unsigned<std::size_t>(shapes[k], "global_size", ws);
            s.verified = fields.get_bool(shapes[k], "verified", ws);
            s.results = results_from(shapes[k], ws, shape);
            d.shapes.push_back(std::move(s));
        }
        report.request.devices.push_back(d.device);
        report.devices.push_back(std::move(d));
    }
    return report;
}

}  // namespace reducelab
