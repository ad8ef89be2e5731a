// The bad-input catalogue through the engine API, beyond tests/engine/errors_test.cpp and
// npy_test.cpp: requests the device cannot hold, launch geometry that makes no sense, options on
// variants that do not take them, and truncated, corrupt, mismatched or special files (.npy,
// results JSON, tuning JSON). Each must end in an Error of the right kind naming the problem,
// never a crash, a hang, a huge allocation or a wrong answer.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <cstdio>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>

#include <nlohmann/json.hpp>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/npy.h"
#include "reducelab/results_file.h"
#include "reducelab/tuning.h"
#include "test_device.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;

Engine& engine() {
    static Engine instance(test::device_spec());
    return instance;
}

int g_tried = 0;
int g_passed = 0;

// Runs f, which must throw Error(kind) whose message holds `fragment`.
void expect_error(const std::string& what, const std::function<void()>& f, ErrorKind kind,
                  const std::string& fragment) {
    ++g_tried;
    // One line per case for the README's tally (scripts/hardening-tally.sh).
    std::printf("catalogue case Engine%s: %s\n",
                ::testing::UnitTest::GetInstance()->current_test_info()->name(), what.c_str());
    try {
        f();
        ADD_FAILURE() << what << ": no error (expected '" << fragment << "')";
    } catch (const Error& e) {
        const bool kind_ok = e.kind() == kind;
        const bool text_ok = std::string(e.what()).find(fragment) != std::string::npos;
        EXPECT_TRUE(kind_ok) << what << ": kind " << to_string(e.kind()) << ": " << e.what();
        EXPECT_TRUE(text_ok) << what << ": '" << e.what() << "' lacks '" << fragment << "'";
        if (kind_ok && text_ok) ++g_passed;
    }
}

void expect_run_error(const std::string& what, const RunRequest& r, ErrorKind kind,
                      const std::string& fragment) {
    expect_error(
        what, [&] { engine().run(r); }, kind, fragment);
}

RunRequest valid(const std::string& variant = "contiguous") {
    RunRequest r;
    r.variant = variant;
    if (variant == "best" || variant == "single-pass") r.finish = Finish::Kernel;
    r.n = 1000;
    r.local_size = 64;
    return r;
}

fs::path temp(const std::string& name) {
    return fs::temp_directory_path() / ("reducelab_hardening_" + name);
}

void write_file(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST(BadInputs, SizesTheDeviceCannotHoldAreRefusedBeforeAnyAllocation) {
    const DeviceInfo& d = engine().device();
    const auto start = std::chrono::steady_clock::now();
    RunRequest r = valid();
    r.n = d.max_alloc_bytes / 4 + 1;
    expect_run_error("n one above the largest int32 buffer", r, ErrorKind::OutOfResources,
                     "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    r.type = ElementType::Int64;
    r.n = std::uint64_t{1} << 62;  // 2^65 bytes: wrapped to 0 in size_t before the fix
    expect_run_error("n = 2^62 int64", r, ErrorKind::OutOfResources,
                     "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    r.n = ~std::uint64_t{0};
    expect_run_error("n = 2^64 - 1", r, ErrorKind::OutOfResources, "more than 16 EiB");
    RunRequest dot = valid();
    dot.op = Operation::Dot;
    dot.type = ElementType::Float64;
    dot.n = std::min(d.max_alloc_bytes, d.global_mem_bytes) / 8;  // each input fits, both do not
    if (2 * dot.n * 8 > d.global_mem_bytes)
        expect_run_error("dot of two inputs above global memory", dot, ErrorKind::OutOfResources,
                         "CL_DEVICE_GLOBAL_MEM_SIZE");
    expect_error(
        "a host array whose byte count overflows",
        [] { HostArray(ElementType::Int64, std::size_t{1} << 62); }, ErrorKind::OutOfResources,
        "larger than this host can address");
    // Refusals cost no allocation: they are instant.
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
}

TEST(BadInputs, LaunchGeometryThatMakesNoSense) {
    RunRequest r = valid("grid-stride");
    r.global_size = std::uint64_t{1} << 62;  // 2^56 work-groups of partials
    expect_run_error("a global size of 2^62", r, ErrorKind::OutOfResources, "work-groups");
    r.global_size = 100;  // not a multiple of 64
    expect_run_error("global size not a multiple of the local size", r, ErrorKind::InvalidArgument,
                     "not a multiple of the local size");
    r = valid("contiguous");
    r.items_per_work_item = 4;
    expect_run_error("items per work-item on a one-per-item variant", r, ErrorKind::InvalidArgument,
                     "grid-stride variant");
    r = valid("contiguous");
    r.global_size = 4096;
    expect_run_error("a global size on a variant whose global size follows from n", r,
                     ErrorKind::InvalidArgument, "only applies to grid-stride variants");
    r = valid("interleaved");
    r.local_size = 1ull << 40;
    expect_run_error("local size 2^40", r, ErrorKind::InvalidArgument, "above the maximum");
    r.local_size = 3;
    expect_run_error("local size 3", r, ErrorKind::InvalidArgument, "not a power of two");
}

TEST(BadInputs, OptionsOnVariantsThatDoNotTakeThem) {
    RunRequest r = valid("vector");
    r.vector_width = 4;
    expect_run_error("a vector width on the vector variant", r, ErrorKind::InvalidArgument,
                     "only to tuned variants");
    r = valid("best");
    r.vector_width = 3;
    expect_run_error("vector width 3 on best", r, ErrorKind::InvalidArgument,
                     "not 1, 2, 4, 8 or 16");
    r = valid("best");
    r.unroll = 17;
    expect_run_error("unroll 17 on best", r, ErrorKind::InvalidArgument, "not 1 to 16");
    r = valid("atomic");
    r.finish = Finish::Host;
    expect_run_error("a host finish on the atomic variant", r, ErrorKind::InvalidArgument,
                     "atomic");
    r = valid("single-pass");
    r.finish = Finish::Atomic;
    expect_run_error("an atomic finish on single-pass", r, ErrorKind::InvalidArgument, "kernel");
    r = valid();
    r.op = Operation::BitXor;
    r.type = ElementType::Float32;
    expect_run_error("xor on float32", r, ErrorKind::InvalidArgument, "integer type");
    r = valid();
    r.warmup = -1;
    expect_run_error("a negative warmup", r, ErrorKind::InvalidArgument, "warmup");
    r = valid();
    r.op = Operation::ArgMax;
    r.finish = Finish::Atomic;
    expect_run_error("argmax with an atomic finish", r, ErrorKind::Unsupported, "pairs");
    expect_error(
        "device index 99", [] { Engine e("99"); }, ErrorKind::InvalidArgument, "out of range");
}

TEST(BadInputs, DotInputsThatDoNotPair) {
    RunRequest r = valid();
    r.op = Operation::Dot;
    Inputs inputs = make_inputs(r);
    inputs.second = std::make_shared<HostArray>(generate(ElementType::Int32, 999, Fill::Ramp, 0));
    inputs.id = 0;
    expect_error(
        "dot inputs of 1000 and 999", [&] { engine().run(r, inputs); }, ErrorKind::InvalidArgument,
        "second input of the same length");
    inputs.second.reset();
    expect_error(
        "dot without a second input", [&] { engine().run(r, inputs); }, ErrorKind::InvalidArgument,
        "second input");
    const auto path = temp("short.npy");
    write_npy(path, generate(ElementType::Int32, 10, Fill::Ones, 0));
    r.second_input_path = path.string();
    expect_run_error("dot with --input2 of another length", r, ErrorKind::InvalidArgument,
                     "same length");
    fs::remove(path);
}

TEST(BadInputs, NpyFilesTruncatedCorruptMismatchedOrSpecial) {
    const HostArray ones = generate(ElementType::Float32, 100, Fill::Ones, 0);
    const std::string good = to_npy(ones);
    RunRequest r = valid();
    r.type = ElementType::Float32;
    const auto path = temp("input.npy");
    const auto with_file = [&](const std::string& bytes) {
        write_file(path, bytes);
        r.input_path = path.string();
        return r;
    };
    expect_run_error("data cut short", with_file(good.substr(0, good.size() - 3)), ErrorKind::Io,
                     "but the file holds");
    expect_run_error("header cut short", with_file(good.substr(0, 40)), ErrorKind::Io,
                     "truncated header");
    expect_run_error("preamble cut short", with_file(good.substr(0, 8)), ErrorKind::Io,
                     "truncated header length");
    expect_run_error("magic cut short", with_file(good.substr(0, 5)), ErrorKind::Io, "magic");
    std::string huge_header = good;
    huge_header[8] = '\xff';
    huge_header[9] = '\xff';
    expect_run_error("a header length past the end", with_file(huge_header), ErrorKind::Io,
                     "truncated header");
    std::string v2 = good;
    v2[6] = 2;  // version 2 reads a 4-byte length: the header's first bytes become its length
    expect_run_error("version 2 with a version 1 layout", with_file(v2), ErrorKind::Io,
                     "not a usable .npy");
    std::string other_dtype = good;
    other_dtype.replace(other_dtype.find("<f4"), 3, "<f2");
    expect_run_error("float16 elements", with_file(other_dtype), ErrorKind::Io, "dtype");
    std::string huge_shape = good;
    huge_shape.replace(huge_shape.find("(100,)"), 6, "(9223372036854775807,)");
    expect_run_error("a shape of 2^63 elements", with_file(huge_shape), ErrorKind::Io,
                     "not a usable .npy");
    r.type = ElementType::Int32;
    expect_run_error("float32 data for an int32 run", with_file(good), ErrorKind::InvalidArgument,
                     "holds float32");
    r.type = ElementType::Float32;
    expect_run_error("an empty array", with_file(to_npy(HostArray(ElementType::Float32, 0))),
                     ErrorKind::InvalidArgument, "holds no elements");
    fs::remove(path);
    // Not files at all: endless, a directory, a FIFO (reading would block forever).
    r.input_path = "/dev/zero";
    expect_run_error("/dev/zero", r, ErrorKind::Io, "not a regular file");
    r.input_path = fs::temp_directory_path().string();
    expect_run_error("a directory", r, ErrorKind::Io, "not a regular file");
    const auto fifo = temp("fifo.npy");
    fs::remove(fifo);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    r.input_path = fifo.string();
    expect_run_error("a FIFO", r, ErrorKind::Io, "not a regular file");
    fs::remove(fifo);
}

nlohmann::json minimal_results() {
    ResultsFile file;
    file.suite = "hardening";
    file.created_utc = "2026-11-29T00:00:00Z";
    file.tool = "test";
    file.device = engine().device();
    RunResult point = engine().run(valid());
    file.points.push_back(point);
    return to_json(file);
}

TEST(BadInputs, ResultsFilesTruncatedCorruptOrMismatched) {
    const nlohmann::json good = minimal_results();
    ASSERT_NO_THROW(results_from_json(good));
    const auto path = temp("results.json");
    // Writes the file now; the returned function reads it (capturing the path by value: a
    // reference captured through two lambdas would dangle).
    const auto read_text = [&path](const std::string& text) -> std::function<void()> {
        write_file(path, text);
        return [file = path] { read_results(file); };
    };
    const std::string text = good.dump();
    expect_error("a truncated results file", read_text(text.substr(0, text.size() / 2)),
                 ErrorKind::Io, "not valid JSON");
    expect_error("an empty results file", read_text(""), ErrorKind::Io, "not valid JSON");
    expect_error("binary garbage", read_text(std::string("\x00\xff\x13", 3)), ErrorKind::Io,
                 "not valid JSON");
    const auto mutated = [&](const std::function<void(nlohmann::json&)>& change) {
        nlohmann::json j = good;
        change(j);
        return read_text(j.dump());
    };
    expect_error("another schema", mutated([](auto& j) { j["schema"] = "reducelab-results/3"; }),
                 ErrorKind::Io, "is not reducelab-results/2");
    expect_error("no points", mutated([](auto& j) { j.erase("points"); }), ErrorKind::Io,
                 "missing field 'points'");
    expect_error("n negative", mutated([](auto& j) { j["points"][0]["n"] = -5; }), ErrorKind::Io,
                 "points[0].n: expected a non-negative integer");
    expect_error("n a string", mutated([](auto& j) { j["points"][0]["n"] = "1000"; }),
                 ErrorKind::Io, "points[0].n");
    expect_error("an unknown operation",
                 mutated([](auto& j) { j["points"][0]["request"]["op"] = "median"; }),
                 ErrorKind::Io, "unknown operation");
    expect_error("a negative time", mutated([](auto& j) { j["points"][0]["total_us"] = -1.0; }),
                 ErrorKind::Io, "negative or non-finite");
    expect_error(
        "a value nested in values", mutated([](auto& j) {
            j["points"][0]["value"] = {{"value", {{"value", 1}, {"index", 0}}}, {"index", 0}};
        }),
        ErrorKind::Io, "points[0].value: expected a number or null");
    expect_error(
        "a version 1 value nested in values", mutated([](auto& j) {
            j["schema"] = "reducelab-results/1";
            j["points"][0]["value"] = {{"value", {{"value", 1}, {"index", 0}}}, {"index", 0}};
        }),
        ErrorKind::Io, "expected a number, not an object");
    expect_error("a repeat count above int",
                 mutated([](auto& j) { j["points"][0]["request"]["repeat"] = 1ull << 40; }),
                 ErrorKind::Io, "out of range");
    expect_error("points not an array", mutated([](auto& j) {
                     j["points"] = {{"a", 1}};
                 }),
                 ErrorKind::Io, "expected an array");
    // As strict as the tuning reader (one AccessLayout, one parser).
    expect_error("an unknown layout",
                 mutated([](auto& j) { j["points"][0]["launched"]["layout"] = "diagonal"; }),
                 ErrorKind::Io, "layout: must be 'strided' or 'blocked'");
    expect_error("a document that is a number", read_text("42"), ErrorKind::Io,
                 "expected an object");
    fs::remove(path);
    expect_error(
        "a missing results file", [&] { read_results(path); }, ErrorKind::Io, "cannot open");
    expect_error(
        "a directory as results file", [] { read_results(fs::temp_directory_path()); },
        ErrorKind::Io, "not a regular file");
    // Deep nesting is a parse error, not a stack overflow.
    expect_error("100000 nested arrays", read_text(std::string(100000, '[')), ErrorKind::Io,
                 "not valid JSON");
    fs::remove(path);
}

TEST(BadInputs, TuningFilesWithValuesOutOfRange) {
    const nlohmann::json good = to_json(runtime_tuning_files().front());
    ASSERT_NO_THROW(tuning_from_json(good));
    const auto entry_with = [&](const char* key, const nlohmann::json& value) {
        nlohmann::json j = good;
        j["entries"][0][key] = value;
        return [j] { tuning_from_json(j); };
    };
    // 2^32 + 1 must not pass as 1 after narrowing to unsigned (it did before the fix).
    expect_error("unroll 2^32 + 1", entry_with("unroll", 4294967297ull), ErrorKind::Io,
                 "must be 1 to 16");
    expect_error("vector width 2^32 + 4", entry_with("vector_width", 4294967300ull), ErrorKind::Io,
                 "must be 0, 1, 2, 4, 8 or 16");
    expect_error("local size 96", entry_with("local_size", 96u), ErrorKind::Io,
                 "must be a power of two");
    expect_error("local size 0", entry_with("local_size", 0), ErrorKind::Io, "positive integer");
    expect_error("local size -256", entry_with("local_size", -256), ErrorKind::Io,
                 "positive integer");
    expect_error("an unknown type", entry_with("type", "int8"), ErrorKind::Io, "unknown type");
    expect_error("an unknown layout", entry_with("layout", "diagonal"), ErrorKind::Io, "layout");
    expect_error("max_n 0", entry_with("max_n", 0), ErrorKind::Io, "positive integer");
    const auto path = temp("tuning.json");
    write_file(path, good.dump().substr(0, 30));
    expect_error(
        "a truncated tuning file", [&] { read_tuning(path); }, ErrorKind::Io, "not valid JSON");
    fs::remove(path);
    expect_error(
        "a directory as tuning file", [] { read_tuning(fs::temp_directory_path()); }, ErrorKind::Io,
        "not a regular file");
}

TEST(BadInputs, Tally) {
    std::printf(
        "engine bad inputs: %d tried, %d refused with the expected error kind and message\n",
        g_tried, g_passed);
    EXPECT_EQ(g_tried, g_passed);
}

}  // namespace
}  // namespace reducelab
