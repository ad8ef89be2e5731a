// The data the repository ships: every committed results file parses with the strict reader
// and holds only verified points with device facts; every embedded tuning file parses, and the
// lookup finds the H200's own entries for an H200 and the defaults elsewhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "reducelab/catalog.h"
#include "reducelab/measured_figures.h"
#include "reducelab/multi_device_json.h"
#include "reducelab/results_file.h"
#include "reducelab/tuning.h"

namespace reducelab {
namespace {

// The schema a committed JSON names: results files (bench, tune --points, the CUB peer) and
// tuning files do; `run --json` outputs, the multi-device and MPI reports and script summaries
// do not (empty).
std::string schema_in(const nlohmann::json& doc) {
    return doc.is_object() ? doc.value("schema", std::string()) : std::string();
}

nlohmann::json parse_json(const std::filesystem::path& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

std::string schema_of(const std::filesystem::path& path) {
    return schema_in(parse_json(path));
}

bool is_results_file(const std::filesystem::path& path) {
    return schema_of(path).starts_with("reducelab-results");
}

// A tuning file `tune` wrote (kept beside the candidates it measured), not a report.
bool is_tuning_file(const std::filesystem::path& path) {
    return schema_of(path) == kTuningSchema;
}

// Every "verified" flag anywhere in a document, with the path to it.
void collect_verified(const nlohmann::json& node, const std::string& where,
                      std::vector<std::pair<std::string, bool>>& flags) {
    if (node.is_object()) {
        for (const auto& [key, value] : node.items()) {
            if (key == "verified" && value.is_boolean())
                flags.emplace_back(where, value.get<bool>());
            else
                collect_verified(value, where + "/" + key, flags);
        }
    } else if (node.is_array()) {
        for (std::size_t i = 0; i < node.size(); ++i)
            collect_verified(node[i], where + "/" + std::to_string(i), flags);
    }
}

// The other committed JSON (run --json, multi-device and MPI reports, the local-size summary):
// each parses, says whether it verified, and did (a racy variant's run may legitimately not).
TEST(CommittedResults, EveryOtherReportVerified) {
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::string(REDUCELAB_SOURCE_DIR) + "/bench/results")) {
        if (entry.path().extension() != ".json" ||
            entry.path().parent_path().filename() == "determinism")
            continue;
        const nlohmann::json doc = parse_json(entry.path());  // once: schema and flags
        const std::string schema = schema_in(doc);
        if (schema.starts_with("reducelab-results") || schema == kTuningSchema) continue;
        SCOPED_TRACE(entry.path().string());
        std::vector<std::pair<std::string, bool>> flags;
        collect_verified(doc, "", flags);
        EXPECT_FALSE(flags.empty());
        const bool racy = entry.path().filename().string().find("racy") != std::string::npos;
        for (const auto& [where, verified] : flags)
            if (!racy && where.find("racy") == std::string::npos) {
                EXPECT_TRUE(verified) << where;
            }
        ++files;
    }
    EXPECT_GE(files, 3);
}

// The tuning files committed with their measurements (bench/results/<device>/tune-*): each
// parses with the strict reader and every entry says where, when and how it was measured.
TEST(CommittedResults, EveryCommittedTuningOutputParses) {
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::string(REDUCELAB_SOURCE_DIR) + "/bench/results")) {
        if (entry.path().extension() != ".json" || !is_tuning_file(entry.path())) continue;
        SCOPED_TRACE(entry.path().string());
        const TuningFile file = read_tuning(entry.path());
        ASSERT_FALSE(file.entries.empty());
        for (const TuningEntry& e : file.entries) {
            EXPECT_FALSE(e.config.source_device.empty());
            EXPECT_FALSE(e.config.source_date.empty());
            EXPECT_GT(e.config.source_gbps, 0.0);
            EXPECT_GT(e.config.source_n, 0u);
        }
        ++files;
    }
    EXPECT_GE(files, 5);  // the H200's sustained-time tuning outputs
}

TEST(CommittedResults, EveryFileParsesAndEveryPointVerified) {
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::string(REDUCELAB_SOURCE_DIR) + "/bench/results")) {
        if (entry.path().extension() != ".json") continue;
        if (entry.path().parent_path().filename() == "determinism") continue;  // reports, below
        if (!is_results_file(entry.path())) continue;  // run --json and split reports, below
        SCOPED_TRACE(entry.path().string());
        const ResultsFile file = read_results(entry.path());
        ++files;
        EXPECT_FALSE(file.device.name.empty());
        EXPECT_GT(file.device.compute_units, 0u);
        EXPECT_FALSE(file.created_utc.empty());
        ASSERT_FALSE(file.points.empty());
        for (const RunResult& p : file.points) {
            EXPECT_TRUE(p.verified) << p.launched.variant << " n=" << p.n;
            EXPECT_GT(p.total_ms, 0.0);
            EXPECT_NEAR(p.gbps, static_cast<double>(p.input_bytes) / (p.total_ms * 1e6),
                        1e-6 * p.gbps);
        }
    }
    EXPECT_GE(files, 5);
}

// The committed `determinism --json` reports (bench/scripts/determinism_audit.sh): every run
// verified, the device facts and the tool that wrote them present, and the class consistent with
// the distinct results (one result everywhere is at least launch-invariant).
TEST(CommittedResults, DeterminismReportsAreCompleteAndConsistent) {
    int reports = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::string(REDUCELAB_SOURCE_DIR) + "/bench/results")) {
        if (entry.path().extension() != ".json" ||
            entry.path().parent_path().filename() != "determinism")
            continue;
        SCOPED_TRACE(entry.path().string());
        std::ifstream in(entry.path());
        const nlohmann::json report = nlohmann::json::parse(in);
        ++reports;
        EXPECT_TRUE(report.at("all_verified").get<bool>());
        EXPECT_TRUE(report.at("tool").get<std::string>().starts_with("reducelab-cli "));
        const auto& devices = report.at("devices");
        ASSERT_FALSE(devices.empty());
        for (const auto& d : devices)
            EXPECT_GT(d.at("device_info").at("compute_units").get<unsigned>(), 0u);
        const std::string cls = report.at("class").get<std::string>();
        const auto distinct = report.at("distinct").get<std::size_t>();
        if (distinct == 1) {
            EXPECT_NE(cls, "run-to-run");
        } else {
            EXPECT_NE(cls, "device-invariant");
        }
    }
    EXPECT_GE(reports, 10);
}

// The committed split files (run --json --devices/--split, run --mpi --json; a sweep's "runs"),
// all of version 1 (no schema field, times in ms): each opens with the engine's reader, verified,
// with the figures the file holds, and written again as version 2 reads back the same.
TEST(CommittedResults, EverySplitFileOpensWithItsOldFields) {
    int runs = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::string(REDUCELAB_SOURCE_DIR) + "/bench/results")) {
        if (entry.path().extension() != ".json") continue;
        const nlohmann::json doc = parse_json(entry.path());
        const auto is_split = [](const nlohmann::json& j) {
            return j.is_object() && j.contains("split") && j.contains("devices") &&
                   j.contains("resident");
        };
        const bool sweep = doc.is_object() && doc.contains("runs") && doc["runs"].is_array();
        if (!sweep && !is_split(doc)) continue;
        SCOPED_TRACE(entry.path().string());
        for (const nlohmann::json& run : sweep ? doc["runs"] : nlohmann::json::array({doc})) {
            if (!is_split(run)) continue;
            const SplitResult r = split_result_from_json(run);
            ++runs;
            EXPECT_TRUE(r.verified);
            ASSERT_EQ(r.devices.size(), run["devices"].size());
            if (!run.contains("schema")) {
                EXPECT_EQ(r.resident_ms, run["resident"]["ms"].get<double>());
                EXPECT_EQ(r.end_to_end_ms, run["end_to_end"]["ms"].get<double>());
                EXPECT_EQ(r.combine_ms, run["combine_ms"].get<double>());
                for (std::size_t i = 0; i < r.devices.size(); ++i)
                    EXPECT_EQ(r.devices[i].run_ms, run["devices"][i]["run_ms"].get<double>());
            }
            const nlohmann::json v2 = to_json(r);
            EXPECT_EQ(v2["schema"], kSplitSchema);
            // ms * 1000 / 1000 may move the last bit: the same figures, not the same bits.
            const SplitResult back = split_result_from_json(v2);
            const auto same = [](double x, double y) {
                EXPECT_NEAR(x, y, 1e-12 * std::max(std::fabs(x), std::fabs(y)));
            };
            same(back.resident_ms, r.resident_ms);
            same(back.end_to_end_ms, r.end_to_end_ms);
            same(back.combine_ms, r.combine_ms);
            for (std::size_t i = 0; i < r.devices.size(); ++i) {
                same(back.devices[i].run_ms, r.devices[i].run_ms);
                same(back.devices[i].upload_ms, r.devices[i].upload_ms);
                EXPECT_EQ(back.devices[i].partial.to_string(), r.devices[i].partial.to_string());
            }
            EXPECT_EQ(back.value.to_string(), r.value.to_string());
        }
    }
    EXPECT_GE(runs, 100);
}

// The figures in the catalog's explanations are never typed: the texts hold no measurement, and
// what is shown is filled in from the embedded copy of the committed ladder (int32 sum, n = 2^26),
// which must be the file in bench/results, point for point.
TEST(CommittedResults, CatalogFiguresAreFilledFromTheCommittedLadder) {
    const ResultsFile ladder =
        read_results(std::string(REDUCELAB_SOURCE_DIR) + "/bench/results/h200/ladder.json");
    ASSERT_TRUE(ladder.ceiling.has_value());
    std::map<std::string, const RunResult*> measured;
    for (const RunResult& p : ladder.points)
        if (p.request.type == ElementType::Int32 && p.request.op == Operation::Sum)
            measured[p.launched.variant] = &p;
    ASSERT_GE(measured.size(), 10u);
    const std::regex typed_figure(R"(\d+(\.\d+)? ?(us|GB/s|TB/s)|\d\.\d+x|H200)");
    int filled = 0;
    for (const Variant& v : catalog()) {
        SCOPED_TRACE(std::string(v.name));
        EXPECT_FALSE(std::regex_search(std::string(v.explanation), typed_figure));
        const auto figure = reference_figure(v);
        const auto point = measured.find(std::string(v.name));
        ASSERT_EQ(figure.has_value(), point != measured.end());
        if (!figure) continue;
        const RunResult& p = *point->second;
        EXPECT_EQ(figure->device, ladder.device.name);
        EXPECT_EQ(figure->n, p.n);
        EXPECT_DOUBLE_EQ(figure->median_us, p.total_ms * 1000.0);
        EXPECT_DOUBLE_EQ(figure->gbps, p.gbps);
        EXPECT_NEAR(figure->ceiling_percent, 100.0 * p.gbps / ladder.ceiling->copy_gbps, 1e-9);
        const std::string shown = explanation_with_figures(v);
        EXPECT_TRUE(shown.starts_with(std::string(v.explanation)));
        char us[32];
        std::snprintf(us, sizeof us, p.total_ms * 1000.0 >= 10.0 ? "%.0f us" : "%.1f us",
                      p.total_ms * 1000.0);
        EXPECT_NE(shown.find(us), std::string::npos) << shown;
        EXPECT_NE(shown.find(ladder.device.name), std::string::npos);
        if (!v.compared_with.empty()) {
            const RunResult& base = *measured.at(std::string(v.compared_with));
            EXPECT_NEAR(figure->speedup, base.total_ms / p.total_ms, 1e-12);
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%.2fx the speed of %s", base.total_ms / p.total_ms,
                          std::string(v.compared_with).c_str());
            EXPECT_NE(shown.find(ratio), std::string::npos) << shown;
        }
        ++filled;
    }
    EXPECT_GE(filled, 10);
    // A sentence's fields are all replaced, and an unknown brace is left as it is.
    MeasuredFigure f;
    f.n = std::uint64_t{1} << 26;
    f.median_us = 7.3;
    EXPECT_EQ(fill_measured_fields("n = {n}, {us} us, {unknown}", f),
              "n = 2^26, 7.3 us, {unknown}");
}

TEST(CommittedTuning, EmbeddedFilesParseAndTheLookupIsLayered) {
    const auto files = runtime_tuning_files();
    ASSERT_GE(files.size(), 2u);
    DeviceInfo h200;
    h200.name = "NVIDIA H200";
    h200.vendor = "NVIDIA Corporation";
    const TuningLookup large =
        lookup_tuning(h200, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 28);
    EXPECT_EQ(large.config.source_device, "NVIDIA H200");
    EXPECT_GT(large.config.source_gbps, 1000.0);
    const TuningLookup small =
        lookup_tuning(h200, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 20);
    EXPECT_EQ(small.config.source_n, std::uint64_t{1} << 20);     // the small-input entry
    EXPECT_EQ(small.config.source_timing, TimingMethod::Kernel);  // written before tune --timing
    // The entry tuned at 2^20 holds up to 2^21 (at 2^22 the one tuned at 2^24 was faster by all
    // three timing methods: bench/results/h200/tune-22), the one tuned at 2^24 up to 2^26;
    // above that, the one tuned at 2^28.
    for (const auto type : {ElementType::Float32, ElementType::Int32}) {
        EXPECT_EQ(lookup_tuning(h200, type, Operation::Sum, std::uint64_t{1} << 21).config.source_n,
                  std::uint64_t{1} << 20);
        EXPECT_EQ(lookup_tuning(h200, type, Operation::Sum, std::uint64_t{1} << 22).config.source_n,
                  std::uint64_t{1} << 24);
        EXPECT_EQ(lookup_tuning(h200, type, Operation::Sum, std::uint64_t{1} << 26).config.source_n,
                  std::uint64_t{1} << 24);
        EXPECT_EQ(lookup_tuning(h200, type, Operation::Sum, std::uint64_t{1} << 27).config.source_n,
                  std::uint64_t{1} << 28);
        // Above 2^29, the entry tuned at 2^30 by sustained time (tune --timing sustained).
        const TunedConfig largest =
            lookup_tuning(h200, type, Operation::Sum, std::uint64_t{1} << 30).config;
        EXPECT_EQ(largest.source_n, std::uint64_t{1} << 30);
        EXPECT_EQ(largest.source_timing, TimingMethod::Sustained);
        EXPECT_EQ(lookup_tuning(h200, type, Operation::Dot, std::uint64_t{1} << 28).config.source_n,
                  std::uint64_t{1} << 28);
    }
    DeviceInfo other;
    other.name = "Some GPU";
    other.vendor = "Some Vendor";
    const TuningLookup fallback = lookup_tuning(other, ElementType::Int32, Operation::Min, 1000);
    EXPECT_NE(fallback.config.source_device, "NVIDIA H200");
    EXPECT_EQ(fallback.config.vector_width, 4u);  // 16 bytes of int32
}

TEST(CommittedTuning, ThePoclFileHoldsForEveryCpuUnderPocl) {
    // The PoCL file is platform-wide: any CPU vendor and name under PoCL gets its entries, and a
    // device of another platform does not.
    DeviceInfo cpu;
    cpu.name = "pthread-haswell-Intel(R) Core(TM) i7";
    cpu.vendor = "GenuineIntel";
    cpu.platform_name = "Portable Computing Language";
    const TuningLookup pocl =
        lookup_tuning(cpu, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 26);
    EXPECT_NE(pocl.matched.find("Portable Computing Language"), std::string::npos) << pocl.matched;
    EXPECT_EQ(pocl.config.layout,
              AccessLayout::Blocked);  // CPUs read a contiguous chunk per work-item
    EXPECT_GT(pocl.config.source_gbps, 1.0);
    DeviceInfo other = cpu;
    other.platform_name = "Intel(R) OpenCL";
    EXPECT_EQ(lookup_tuning(other, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 26)
                  .matched.find("Portable Computing Language"),
              std::string::npos);
    // A device-specific file outranks the platform-wide one.
    TuningFile exact;
    exact.vendor = cpu.vendor;
    exact.device = cpu.name;
    TuningEntry entry;
    entry.type = "float32";
    entry.op = "sum";
    entry.config.local_size = 64;
    entry.config.source_device = "this very CPU";
    exact.entries.push_back(entry);
    EXPECT_EQ(lookup_tuning(cpu, ElementType::Float32, Operation::Sum, 1000, {exact})
                  .config.source_device,
              "this very CPU");
}

}  // namespace
}  // namespace reducelab
