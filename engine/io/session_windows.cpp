// The teaching windows in a session file: each section reuses its own format's writer and strict
// reader (results files, determinism reports, split results) inside the session's messages.
#include "io/session_windows.h"

#include <set>

#include "io/json_fields.h"
#include "reducelab/determinism_json.h"
#include "reducelab/error.h"
#include "reducelab/multi_device_json.h"

namespace reducelab::detail {

using nlohmann::json;

namespace {

const JsonFields fields{"session file"};

constexpr const char* kSections[] = {"tabs", "lesson", "determinism", "split"};

// An embedded document read by its own reader, its refusal named where it sits in the session.
template <typename Read>
auto embedded(const json& j, const std::string& where, Read read) {
    try {
        return read(j);
    } catch (const Error& e) {
        fields.bad(where, e.what());
    }
}

std::string at(const std::string& where, std::size_t i) {
    return where + "[" + std::to_string(i) + "]";
}

SessionLesson read_lesson(const json& j) {
    const std::string where = "lesson";
    if (!j.is_object()) fields.bad(where, "expected an object");
    SessionLesson lesson;
    lesson.step = fields.get_unsigned<unsigned>(j, "step", where);
    if (j.contains("results")) {
        lesson.results = embedded(j["results"], "lesson.results", results_from_json);
        const json& steps = fields.field(j, "steps", where);
        if (!steps.is_array() || steps.size() != lesson.results->points.size())
            fields.bad("lesson.steps", "expected one step per result");
        std::set<unsigned> seen;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            if (!steps[i].is_number_unsigned() || steps[i].get<std::uint64_t>() > 1000)
                fields.bad(at("lesson.steps", i), "expected a step number");
            if (!seen.insert(steps[i].get<unsigned>()).second)
                fields.bad(at("lesson.steps", i), "a step twice");
            lesson.steps.push_back(steps[i].get<unsigned>());
        }
    } else if (j.contains("steps")) {
        fields.bad("lesson.steps", "steps without results");
    }
    return lesson;
}

// The study's index and total follow from the variant's place. Sessions written before a study's
// "verified" was kept have none: their timed runs read as not verified.
DeterminismStudyVariant read_variant(const json& j, const std::string& where, std::size_t index,
                                     std::size_t total) {
    if (!j.is_object()) fields.bad(where, "expected an object");
    DeterminismStudyVariant v;
    v.index = index;
    v.total = total;
    v.variant = fields.get_string(j, "variant", where);
    if (j.contains("report")) {
        v.report = embedded(j["report"], where + ".report", determinism_report_from_json);
    } else {
        v.error = fields.get_string(j, "error", where);
        if (v.error.empty()) fields.bad(where + ".error", "a variant without a report says why");
    }
    if (j.contains("frontier")) {
        const json& f = j["frontier"];
        const std::string w = where + ".frontier";
        v.timed = true;
        v.gbps = fields.get_number(f, "gbps", w);
        v.relative_error = fields.get_number(f, "relative_error", w);
        v.exact = fields.get_bool(f, "exact", w);
        if (f.contains("verified")) v.verified = fields.get_bool(f, "verified", w);
        v.result_bits = fields.get_string(f, "result_bits", w);
        v.result_text = fields.get_string(f, "result_text", w);
    }
    return v;
}

SessionDeterminism read_determinism(const json& j) {
    const std::string where = "determinism";
    if (!j.is_object()) fields.bad(where, "expected an object");
    SessionDeterminism study;
    const auto type = parse_element_type(fields.get_string(j, "type", where));
    if (!type) fields.bad("determinism.type", "unknown type");
    study.type = *type;
    study.input = fields.get_string(j, "input", where);
    study.device = fields.get_string(j, "device", where);
    study.shown = fields.get_string(j, "shown", where);
    const json& variants = fields.field(j, "variants", where);
    if (!variants.is_array()) fields.bad("determinism.variants", "expected an array");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < variants.size(); ++i) {
        study.variants.push_back(
            read_variant(variants[i], at("determinism.variants", i), i, variants.size()));
        if (!seen.insert(study.variants.back().variant).second)
            fields.bad(at("determinism.variants", i), "a variant twice");
    }
    if (j.contains("settings"))
        study.settings = embedded(j["settings"], "determinism.settings", study_settings_from_json);
    return study;
}

json to_json(const SessionDeterminism& study) {
    json variants = json::array();
    for (const DeterminismStudyVariant& v : study.variants) variants.push_back(to_json(v));
    json out = {{"type", to_string(study.type)},
                {"input", study.input},
                {"device", study.device},
                {"shown", study.shown},
                {"variants", variants}};
    if (study.settings) out["settings"] = to_json(*study.settings);
    return out;
}

}  // namespace

bool has_teaching_windows(const SessionFile& session) {
    return !session.tabs.empty() || session.lesson || session.determinism || session.split;
}

void write_teaching_windows(const SessionFile& session, json& out) {
    if (!session.tabs.empty()) out["tabs"] = session.tabs;
    if (const auto& lesson = session.lesson) {
        out["lesson"] = {{"step", lesson->step}};
        if (lesson->results) {
            out["lesson"]["results"] = to_json(*lesson->results);
            out["lesson"]["steps"] = lesson->steps;
        }
    }
    if (session.determinism) out["determinism"] = to_json(*session.determinism);
    if (session.split) out["split"] = to_json(*session.split);
}

void read_teaching_windows(const json& j, std::uint64_t version, SessionFile& session) {
    if (version < 3) {
        for (const char* section : kSections)
            if (j.contains(section))
                fields.bad(section,
                           "a version 3 section in a version " + std::to_string(version) + " file");
        return;
    }
    if (j.contains("tabs")) {
        const json& tabs = j["tabs"];
        if (!tabs.is_object()) fields.bad("tabs", "expected an object");
        for (const auto& [view, tab] : tabs.items()) {
            if (!tab.is_string()) fields.bad("tabs." + view, "expected a string");
            session.tabs[view] = tab.get<std::string>();
        }
    }
    if (j.contains("lesson")) session.lesson = read_lesson(j["lesson"]);
    if (j.contains("determinism")) session.determinism = read_determinism(j["determinism"]);
    if (j.contains("split")) session.split = embedded(j["split"], "split", split_result_from_json);
}

}  // namespace reducelab::detail
