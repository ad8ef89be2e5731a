// The determinism study on PoCL (reducelab/determinism_study.h): the variants it runs, a verified
// report and timed run for each, progress per variant, and a stop that throws or keeps what was
// measured.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "reducelab/catalog.h"
#include "reducelab/determinism_json.h"
#include "reducelab/determinism_study.h"
#include "reducelab/devices.h"
#include "reducelab/error.h"
#include "test_device.h"

namespace reducelab {
namespace {

DeterminismStudySettings small_study(std::vector<std::string> variants) {
    DeterminismStudySettings s;
    s.fill = Fill::Cancel;
    s.type = ElementType::Float32;
    s.n = 4096;
    s.runs = 2;
    s.local_sizes = {64};
    s.work_groups = {3};
    s.timed_repeats = 1;
    s.devices = {select_device(list_devices(), test::device_spec())};
    s.variants = std::move(variants);
    return s;
}

TEST(DeterminismStudyResult, RunsTheChosenVariantsInCatalogOrderEachVerified) {
    // Given out of order and with a name the catalog lacks: catalog order, the unknown skipped.
    const DeterminismStudySettings s = small_study({"kahan", "no-such-variant", "contiguous"});
    ASSERT_EQ(study_variants(s), (std::vector<std::string>{"contiguous", "kahan"}));
    std::vector<std::string> started;
    std::vector<std::size_t> finished;
    DeterminismStudyHooks hooks;
    hooks.started = [&](const std::string& name, std::size_t i, std::size_t total) {
        started.push_back(name + " " + std::to_string(i) + "/" + std::to_string(total));
    };
    hooks.finished = [&](const DeterminismStudyVariant& v) { finished.push_back(v.index); };
    const DeterminismStudyResult study = run_determinism_study(s, {}, hooks);
    EXPECT_TRUE(study.complete);
    EXPECT_EQ(started, (std::vector<std::string>{"contiguous 0/2", "kahan 1/2"}));
    EXPECT_EQ(finished, (std::vector<std::size_t>{0, 1}));
    ASSERT_EQ(study.variants.size(), 2u);
    for (const DeterminismStudyVariant& v : study.variants) {
        SCOPED_TRACE(v.variant);
        EXPECT_EQ(v.total, 2u);
        ASSERT_TRUE(v.report) << v.error;
        EXPECT_EQ(v.report->request.base.variant, v.variant);
        EXPECT_EQ(v.report->n, 4096u);
        EXPECT_EQ(v.report->runs, 2u);  // one shape, two runs
        EXPECT_TRUE(v.report->all_verified);
        EXPECT_TRUE(v.report->exact_sum_known);
        EXPECT_TRUE(v.timed);
        EXPECT_TRUE(v.verified);
        EXPECT_GT(v.gbps, 0.0);
        EXPECT_FALSE(v.result_bits.empty());
        EXPECT_EQ(v.exact, v.result_bits == result_bits(v.report->correctly_rounded));
        EXPECT_EQ(v.exact, v.relative_error == 0.0);
    }
    // The study's JSON: its settings, then a report and a timed run per variant.
    const nlohmann::json json = to_json(study);
    EXPECT_EQ(json.at("study"), "determinism");
    EXPECT_EQ(json.at("type"), "float32");
    EXPECT_EQ(json.at("finish"), "auto");
    EXPECT_FALSE(json.contains("complete"));
    ASSERT_EQ(json.at("variants").size(), 2u);
    EXPECT_EQ(json.at("variants")[1].at("variant"), "kahan");
    EXPECT_EQ(json.at("variants")[1].at("report").at("variant"), "kahan");
    EXPECT_TRUE(json.at("variants")[1].at("frontier").at("verified").get<bool>());
}

TEST(DeterminismStudyResult, EveryVariantThatCanSumWhenNoneIsChosen) {
    const std::vector<std::string> all = study_variants(small_study({}));
    // In catalog order, with the sums every device runs.
    std::vector<std::string> in_catalog;
    for (const Variant& variant : catalog())
        if (std::find(all.begin(), all.end(), variant.name) != all.end())
            in_catalog.emplace_back(variant.name);
    EXPECT_EQ(all, in_catalog);
    for (const char* name : {"contiguous", "kahan", "reproducible"})
        EXPECT_NE(std::find(all.begin(), all.end(), name), all.end()) << name;
}

TEST(DeterminismStudyResult, RefusesAStudyWithNothingToRun) {
    DeterminismStudySettings s = small_study({"no-such-variant"});
    EXPECT_THROW(run_determinism_study(s), Error);
    s = small_study({"contiguous"});
    s.devices.clear();
    EXPECT_THROW(run_determinism_study(s), Error);
}

// One device chosen twice would count its bits twice: the study refuses it before measuring,
// naming the device and both places (the GUI's form and the CLI's --devices follow this rule).
TEST(DeterminismStudyResult, RefusesTheSameDeviceTwiceNamingIt) {
    DeterminismStudySettings s = small_study({"contiguous"});
    const DeviceInfo device = s.devices.front();
    s.devices = {device, device};
    EXPECT_EQ(repeated_device(s.devices), std::optional<std::size_t>(1));
    bool started = false;
    DeterminismStudyHooks hooks;
    hooks.started = [&](const std::string&, std::size_t, std::size_t) { started = true; };
    try {
        run_determinism_study(s, {}, hooks);
        ADD_FAILURE() << "the same device twice was studied";
    } catch (const Error& error) {
        EXPECT_EQ(error.kind(), ErrorKind::InvalidArgument);
        const std::string message = error.what();
        EXPECT_NE(message.find("device " + std::to_string(device.index) + " (" + device.name +
                               ") is chosen twice, as device 1 and device 2"),
                  std::string::npos)
            << message;
    }
    EXPECT_FALSE(started);
    // One variant alone reports it as its error, measuring nothing.
    const DeterminismStudyVariant variant = study_variant(s, "contiguous");
    EXPECT_FALSE(variant.report);
    EXPECT_NE(variant.error.find("chosen twice"), std::string::npos) << variant.error;
    // Third place, after another device: still found, and the message says where.
    DeviceInfo other = device;
    other.index = device.index + 1;
    s.devices = {device, other};
    EXPECT_EQ(repeated_device(s.devices), std::nullopt);
    EXPECT_NO_THROW(check_study_settings(s));
    s.devices = {other, device, other};
    EXPECT_EQ(repeated_device(s.devices), std::optional<std::size_t>(2));
    try {
        check_study_settings(s);
        ADD_FAILURE() << "the same device twice was accepted";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("as device 1 and device 3"), std::string::npos)
            << error.what();
    }
}

// Integer sums are deterministic whatever the order: a study defaults to float32 (the CLI's
// determinism command takes this default too).
TEST(DeterminismStudyResult, DefaultsToAFloatType) {
    EXPECT_EQ(DeterminismStudySettings{}.type, ElementType::Float32);
}

TEST(DeterminismStudyResult, AStopThrowsOrKeepsTheVariantsDone) {
    DeterminismStudySettings s = small_study({"contiguous", "kahan"});
    std::stop_source stop;
    stop.request_stop();
    try {
        run_determinism_study(s, stop.get_token());
        FAIL() << "a stopped study returned";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
    }
    // Stopped after the first variant: the CLI's Ctrl-C keeps it, marked incomplete.
    s.stop_keeps_measured = true;
    std::stop_source later;
    DeterminismStudyHooks hooks;
    hooks.finished = [&](const DeterminismStudyVariant&) { later.request_stop(); };
    const DeterminismStudyResult study = run_determinism_study(s, later.get_token(), hooks);
    EXPECT_FALSE(study.complete);
    ASSERT_EQ(study.variants.size(), 1u);
    EXPECT_EQ(study.variants.front().variant, "contiguous");
    EXPECT_TRUE(study.variants.front().report);
}

}  // namespace
}  // namespace reducelab
