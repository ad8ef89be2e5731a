// "Try your own kernel": an edited copy of a catalog file is built with the catalog's knobs,
// checked work-group by work-group against the CPU, timed and stepped; broken and wrong copies
// are reported precisely.
#include <gtest/gtest.h>

#include <string>

#include "reducelab/catalog.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/step_trace.h"
#include "test_device.h"

namespace reducelab {
namespace {

Engine& engine() {
    static Engine instance(test::device_spec());
    return instance;
}

std::string file_of(const std::string& variant) {
    return std::string(kernel_source(find_variant(variant).file));
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

CustomKernelRequest request_for(const std::string& variant, std::string text) {
    CustomKernelRequest r;
    r.base_variant = variant;
    r.file_text = std::move(text);
    r.local_size = 64;
    r.repeat = 2;
    return r;
}

TEST(CustomKernel, EveryEditableVariantUnchangedVerifiesGroupByGroup) {
    int editable = 0;
    for (const Variant& v : catalog()) {
        if (!is_editable_variant(v)) continue;
        ++editable;
        const std::string name(v.name);
        CustomKernelRequest r = request_for(name, file_of(name));
        if (v.local_size_is_define) r.local_size = 64;
        const CustomKernelResult result = run_custom_kernel(engine(), r);
        EXPECT_TRUE(result.verified) << name;
        EXPECT_TRUE(result.traceable) << name;
        ASSERT_EQ(result.checks.size(), default_check_sizes(v, 64).size()) << name;
        for (const CustomSizeCheck& c : result.checks) {
            EXPECT_TRUE(c.verified) << name << " n=" << c.n;
            EXPECT_EQ(c.mismatched_groups, 0u) << name << " n=" << c.n;
            EXPECT_EQ(c.value.to_string(), c.reference.to_string()) << name << " n=" << c.n;
        }
        EXPECT_EQ(result.timed_n, result.checks.back().n);
        EXPECT_EQ(result.repeat_ms.size(), 2u);
        EXPECT_GT(result.total_ms, 0.0);
        EXPECT_GT(result.gbps, 0.0);
        EXPECT_EQ(result.kernel, std::string(v.kernel));
        EXPECT_NE(result.build_options.find("-DOP_SUM"), std::string::npos) << result.build_options;
    }
    EXPECT_GE(editable, 8);
}

// The one-launch single-pass: launched once per size (repeats reuse the ticket the last
// work-group sets back to zero), its own out[0] checked; a copy that leaves work-group 0's
// partial as the result is wrong, and no work-group is blamed (no partial is read back).
TEST(CustomKernel, AOneLaunchCopyIsCheckedByItsOwnResult) {
    CustomKernelRequest r = request_for("single-pass", file_of("single-pass"));
    r.sizes = {1000, 100003};
    const CustomKernelResult result = run_custom_kernel(engine(), r);
    EXPECT_TRUE(result.verified);
    for (const CustomSizeCheck& c : result.checks) {
        EXPECT_EQ(c.value.to_string(), c.reference.to_string()) << c.n;
        EXPECT_EQ(c.mismatched_groups, 0u);
    }
    EXPECT_EQ(result.repeat_ms.size(), 2u);
    const std::string group_zero = replaced(file_of("single-pass"), "out[0] = scratch[0];",
                                            "out[0] = read_partial(partials, 0);");
    const CustomKernelResult wrong =
        run_custom_kernel(engine(), request_for("single-pass", group_zero));
    ASSERT_GT(wrong.checks.back().work_groups, 1u);
    EXPECT_FALSE(wrong.checks.back().verified);
    EXPECT_FALSE(wrong.verified);
    EXPECT_EQ(wrong.checks.back().mismatched_groups, 0u);
    EXPECT_THROW(run_custom_kernel(engine(), request_for("best", file_of("best"))), Error);
}

TEST(CustomKernel, FloatAndArgMinPartialsCompareWithTheirGroups) {
    CustomKernelRequest r = request_for("grid-stride", file_of("grid-stride"));
    r.type = ElementType::Float32;
    r.sizes = {1000, 100003};
    EXPECT_TRUE(run_custom_kernel(engine(), r).verified);
    r.op = Operation::ArgMin;
    r.type = ElementType::Int32;
    const CustomKernelResult arg = run_custom_kernel(engine(), r);
    EXPECT_TRUE(arg.verified);
    ASSERT_TRUE(arg.checks.back().value.index.has_value());
    EXPECT_EQ(arg.checks.back().value.index, arg.checks.back().reference.index);
}

TEST(CustomKernel, WrongGroupIsTheFirstMismatchWithItsValues) {
    // Work-group 3 adds one to its partial: everything else stays right.
    const std::string wrong =
        replaced(file_of("contiguous"), "if (tid == 0) store_group_result(out, scratch[0]);",
                 "if (tid == 0) store_group_result(out, get_group_id(0) == 3 ? "
                 "combine(scratch[0], (ACC)1) : scratch[0]);");
    CustomKernelRequest r = request_for("contiguous", wrong);
    r.fill = Fill::Ramp;
    r.sizes = {64 * 10};
    const CustomKernelResult result = run_custom_kernel(engine(), r);
    EXPECT_FALSE(result.verified);
    ASSERT_EQ(result.checks.size(), 1u);
    const CustomSizeCheck& c = result.checks.front();
    EXPECT_FALSE(c.verified);
    EXPECT_EQ(c.work_groups, 10u);
    EXPECT_EQ(c.mismatched_groups, 1u);
    ASSERT_TRUE(c.first_mismatch.has_value());
    EXPECT_EQ(c.first_mismatch->group, 3u);
    EXPECT_EQ(c.first_mismatch->first_element, 3u * 64);
    EXPECT_EQ(c.first_mismatch->elements, 64u);
    // Ramp 1..640: group 3 holds 193..256, whose sum is 14368.
    EXPECT_EQ(c.first_mismatch->reference.to_string(), "14368");
    EXPECT_EQ(c.first_mismatch->device.to_string(), "14369");
    EXPECT_EQ(c.reference.to_string(), std::to_string(640 * 641 / 2));
    EXPECT_EQ(c.value.to_string(), std::to_string(640 * 641 / 2 + 1));
}

TEST(CustomKernel, BuildFailureCarriesTheLogWithTheStudentsLineNumbers) {
    std::string broken = file_of("contiguous");
    // A missing semicolon at the end of line 15 (the load).
    broken = replaced(broken, "scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY;",
                      "scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY");
    CustomKernelRequest r = request_for("contiguous", broken);
    r.file_name = "student.cl";
    try {
        run_custom_kernel(engine(), r);
        FAIL() << "a broken kernel built";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Build);
        EXPECT_NE(e.build_log().find("student.cl:"), std::string::npos) << e.build_log();
        // The error names a line of the student's file (15 or 16: compilers point at the line
        // where the missing ';' is noticed).
        const bool names_line = e.build_log().find("student.cl:15:") != std::string::npos ||
                                e.build_log().find("student.cl:16:") != std::string::npos;
        EXPECT_TRUE(names_line) << e.build_log();
    }
}

TEST(CustomKernel, RenamedKernelAndBadRequestsAreRefused) {
    const std::string renamed =
        replaced(file_of("contiguous"), "reduce_contiguous(", "reduce_mine(");
    try {
        run_custom_kernel(engine(), request_for("contiguous", renamed));
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
        EXPECT_NE(std::string(e.what()).find("reduce_contiguous"), std::string::npos) << e.what();
    }
    EXPECT_THROW(run_custom_kernel(engine(), request_for("atomic", file_of("atomic"))), Error);
    EXPECT_THROW(run_custom_kernel(engine(), request_for("contiguous", "")), Error);
}

TEST(CustomKernel, TracesAnEditedKernelAndRefusesOneWithoutHooks) {
    // Edited (a bit mask for the modulo): the trace of group 0 matches its plain run.
    const std::string edited = replaced(file_of("interleaved"), "if (tid % (2 * s) == 0) {",
                                        "if ((tid & (2 * s - 1)) == 0) {");
    TraceRequest t;
    t.variant = "interleaved";
    t.local_size = 16;
    t.program_text = custom_program_source(edited, "mine.cl");
    const StepTrace trace = run_trace(engine(), t);
    ASSERT_EQ(trace.groups.size(), 1u);
    EXPECT_EQ(trace.groups[0].rounds.size(), 4u);
    EXPECT_TRUE(trace.groups[0].matches_uninstrumented);
    EXPECT_EQ(trace.groups[0].rounds[0].active_work_items, 8u);

    // The same kernel with its snapshot hooks removed records nothing to step.
    std::string bare = edited;
    for (std::string::size_type at;
         (at = bare.find("TRACE_SNAPSHOT(scratch, 0)")) != std::string::npos;)
        bare.erase(at, std::string("TRACE_SNAPSHOT(scratch, 0)").size());
    for (std::string::size_type at;
         (at = bare.find("TRACE_SNAPSHOT(scratch, round)")) != std::string::npos;)
        bare.erase(at, std::string("TRACE_SNAPSHOT(scratch, round)").size());
    EXPECT_FALSE(follows_trace_convention(bare));
    t.program_text = custom_program_source(bare, "mine.cl");
    try {
        run_trace(engine(), t);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Unsupported);
    }
}

TEST(CustomKernel, GroupOfElementFollowsEachCoverage) {
    const Variant& one = find_variant("contiguous");
    const Variant& two = find_variant("first-add");
    const Variant& stride = find_variant("grid-stride");
    const Variant& vec = find_variant("vector");
    EXPECT_EQ(group_of_element(one, 130, 1000, 64, 0), 2u);
    EXPECT_EQ(group_of_element(two, 130, 1000, 64, 0), 1u);
    EXPECT_EQ(group_of_element(stride, 130, 1000, 64, 128), 0u);      // work-item 2
    EXPECT_EQ(group_of_element(stride, 200, 1000, 64, 128), 1u);      // work-item 72
    EXPECT_EQ(group_of_element(vec, 4 * 70 + 1, 1001, 64, 128), 1u);  // vector 70
    EXPECT_EQ(group_of_element(vec, 1000, 1001, 64, 128), 0u);        // tail: work-item 0
}

}  // namespace
}  // namespace reducelab
