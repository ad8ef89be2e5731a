// The auto-tuning search on the test device: every operation gets a verified winner, dot
// included (its candidates need the second input), and argmin/argmax keep vector loads.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "reducelab/autotune.h"
#include "reducelab/engine.h"
#include "reducelab/tuning.h"
#include "test_device.h"

namespace reducelab {
namespace {

TEST(Autotune, FindsAVerifiedWinnerForEveryOperationDotIncluded) {
    Engine engine(test::device_spec());
    AutotuneOptions options;
    options.types = {ElementType::Float32, ElementType::Int32};
    options.ops = {Operation::Sum, Operation::Dot, Operation::ArgMin};
    options.sizes = {std::uint64_t{1} << 12};
    options.local_sizes = {64};
    options.groups_per_compute_unit = {1};
    options.vector_widths = {2, 4};
    options.unrolls = {1};
    options.layouts = {AccessLayout::Strided};
    options.repeat = 1;
    options.warmup = 0;
    const AutotuneReport report = autotune(engine, options);
    EXPECT_EQ(report.rejected, 0u);
    ASSERT_EQ(report.file.entries.size(), 6u);
    for (const TuningEntry& entry : report.file.entries) {
        SCOPED_TRACE(entry.type + " " + entry.op);
        EXPECT_TRUE(entry.config.vector_width == 2 || entry.config.vector_width == 4);
    }
    EXPECT_EQ(report.points.size(), 12u);  // two candidates per (type, operation), all verified
    EXPECT_TRUE(std::ranges::all_of(report.points, [](const RunResult& r) { return r.verified; }));
}

// tune --timing sustained: every candidate is timed by back-to-back calls, and the winner's
// entry says so, through a write and a read of the tuning file.
TEST(Autotune, SustainedComparesBackToBackCallsAndTheEntrySaysSo) {
    Engine engine(test::device_spec());
    AutotuneOptions options;
    options.sizes = {std::uint64_t{1} << 12};
    options.local_sizes = {64};
    options.groups_per_compute_unit = {1, 2};
    options.vector_widths = {4};
    options.unrolls = {1};
    options.layouts = {AccessLayout::Strided};
    options.repeat = 2;
    options.warmup = 0;
    options.timing = TimingMethod::Sustained;
    options.batch = 3;
    const AutotuneReport report = autotune(engine, options);
    ASSERT_EQ(report.points.size(), 2u);
    for (const RunResult& point : report.points) {
        EXPECT_EQ(point.timing_method, TimingMethod::Sustained);
        EXPECT_EQ(point.request.batch, 3);
    }
    ASSERT_EQ(report.file.entries.size(), 1u);
    EXPECT_EQ(report.file.entries[0].config.source_timing, TimingMethod::Sustained);
    const TuningFile reread = tuning_from_json(to_json(report.file));
    ASSERT_EQ(reread.entries.size(), 1u);
    EXPECT_EQ(reread.entries[0].config.source_timing, TimingMethod::Sustained);
}

// $REDUCELAB_TUNING_FILE naming `file` (written to a temporary path) for the guard's life.
struct ScopedTuningFile {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("reducelab-hand-tuning-" + std::to_string(::getpid()) + ".json");
    explicit ScopedTuningFile(const TuningFile& file) {
        write_tuning(path, file);
        ::setenv("REDUCELAB_TUNING_FILE", path.c_str(), 1);
    }
    ~ScopedTuningFile() {
        ::unsetenv("REDUCELAB_TUNING_FILE");
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
    }
};

// A run names the tuning entry it used and where that entry was measured; an entry written by
// hand into $REDUCELAB_TUNING_FILE, with no source, says that none is recorded (it said
// "measured on built-in default").
// A tuning file for the test device with one float32 sum entry of local size 32, as a user
// would write by hand, and a request for best that it applies to.
TuningFile hand_written_file(const Engine& engine, std::size_t groups_per_compute_unit) {
    TuningFile file;
    file.vendor = engine.device().vendor;
    file.device = engine.device().name;
    TuningEntry entry;
    entry.type = "float32";
    entry.op = "sum";
    entry.config.local_size = 32;
    entry.config.groups_per_compute_unit = groups_per_compute_unit;
    file.entries.push_back(entry);
    return file;
}

RunRequest float32_best_request(std::uint64_t n) {
    RunRequest request;
    request.variant = "best";
    request.finish = Finish::Kernel;
    request.type = ElementType::Float32;
    request.n = n;
    return request;
}

TEST(Autotune, ARunSaysWhereItsTuningWasMeasured) {
    Engine engine(test::device_spec());
    const TuningFile file = hand_written_file(engine, 1);
    const RunRequest request = float32_best_request(4096);
    const std::string matched = file.vendor + " / " + file.device + " / float32 sum";
    {
        const ScopedTuningFile hand(file);
        const RunResult result = engine.run(request);
        EXPECT_EQ(result.launched.local_size, 32u);
        EXPECT_EQ(result.launched.tuning, matched + " (no measurement recorded)");
    }
    TuningFile measured = file;
    measured.entries[0].config.source_device = "Some CPU";
    measured.entries[0].config.source_date = "2026-12-02";
    measured.entries[0].config.source_gbps = 1.0;
    measured.entries[0].config.source_n = 4096;
    const ScopedTuningFile with_source(measured);
    EXPECT_EQ(engine.run(request).launched.tuning, matched + " (measured on Some CPU, 2026-12-02)");
}

// A tuned launch takes one work-group where that group's work-items load the whole input with
// their UNROLL loads at once (no last-group finish), and one vector per work-item above that.
// The entry asks for more groups than either size needs on any device.
TEST(Autotune, ASmallInputThatOneGroupLoadsAtOnceTakesOneGroup) {
    Engine engine(test::device_spec());
    TuningFile file = hand_written_file(engine, 64);
    file.entries[0].config.vector_width = 4;
    file.entries[0].config.unroll = 2;
    const ScopedTuningFile hand(file);
    RunRequest request = float32_best_request(32 * 2 * 4);  // 64 vectors: 32 items, 2 loads each
    const RunResult one_group = engine.run(request);
    EXPECT_TRUE(one_group.verified);
    EXPECT_EQ(one_group.launched.local_size, 32u);
    EXPECT_EQ(one_group.launched.work_groups, 1u);
    request.n += 4;  // 65 vectors: one per work-item
    const RunResult three_groups = engine.run(request);
    EXPECT_TRUE(three_groups.verified);
    EXPECT_EQ(three_groups.launched.work_groups, 3u);
}

}  // namespace
}  // namespace reducelab
