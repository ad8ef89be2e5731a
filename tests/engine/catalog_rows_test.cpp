// The catalog's rows agree with their kernels and with each other: every file is embedded and
// defines the named kernel, every row explains itself, and the flags the engine relies on
// (unsafe, steppable, per-local-size builds, finishes, unsupported operations) are coherent.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "reducelab/catalog.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"

namespace reducelab {
namespace {

TEST(CatalogRows, EveryRowNamesAnEmbeddedFileThatDefinesItsKernel) {
    std::set<std::string_view> names;
    for (const Variant& v : catalog()) {
        SCOPED_TRACE(std::string(v.name));
        EXPECT_TRUE(names.insert(v.name).second) << "duplicate name";
        const std::string text(kernel_source(v.file));
        EXPECT_NE(text.find("void " + std::string(v.kernel) + "("), std::string::npos);
        if (v.group_combine != GroupCombine::LastGroup) {
            EXPECT_NE(text.find("store_group_result"), std::string::npos)
                << "partials and atomics variants end with store_group_result";
        }
    }
}

TEST(CatalogRows, EveryRowExplainsItself) {
    for (const Variant& v : catalog()) {
        SCOPED_TRACE(std::string(v.name));
        EXPECT_FALSE(v.summary.empty());
        EXPECT_LE(v.summary.size(), 110u) << "one line for lists";
        EXPECT_GE(v.explanation.size(), 250u) << "a paragraph for the explanation panel";
        EXPECT_EQ((v.unsupported_ops != 0), !v.unsupported_ops_reason.empty());
    }
}

TEST(CatalogRows, FlagsMatchWhatTheKernelsDo) {
    for (const Variant& v : catalog()) {
        SCOPED_TRACE(std::string(v.name));
        const std::string text(kernel_source(v.file));
        EXPECT_EQ(v.unsafe, v.name.ends_with("-racy"));
        if (v.unsafe) {
            EXPECT_NE(v.summary.find("UNSAFE"), std::string_view::npos);
        }
        if (v.steppable()) {
            EXPECT_NE(text.find("TRACE_PARAMS"), std::string::npos);
            EXPECT_NE(text.find("TRACE_SNAPSHOT"), std::string::npos);
            EXPECT_NE(text.find("TRACE_ACCESS"), std::string::npos);
        }
        if (v.local_size_is_define) {
            EXPECT_NE(text.find("WGS"), std::string::npos);
        }
        if (v.feature == Feature::NvidiaInlinePtx) {
            EXPECT_NE(v.extra_options.find("RL_INLINE_PTX"), std::string_view::npos);
            EXPECT_NE(text.find("warp_reduce("), std::string::npos);
            EXPECT_NE(std::string(kernel_source("common.cl")).find("shfl.sync"), std::string::npos);
        }
        if (!v.nvidia_options.empty()) {  // an option that switches something on in the kernel
            EXPECT_NE(v.nvidia_options.find("RL_INLINE_PTX"), std::string_view::npos);
            EXPECT_NE(text.find("RL_INLINE_PTX"), std::string::npos);
        }
        if (v.feature == Feature::WorkGroupCollectives) {
            EXPECT_NE(v.extra_options.find("-cl-std=CL2.0"), std::string_view::npos);
        }
        EXPECT_TRUE(accepts_finish(v, natural_finish(v)));
        if (v.group_combine == GroupCombine::Partials) {
            for (Finish f : all_finishes()) EXPECT_TRUE(accepts_finish(v, f));
        } else {
            EXPECT_EQ(finish_names(v), std::string(to_string(natural_finish(v))));
        }
        for (Operation op : all_operations()) {
            const bool refused = !op_unsupported_reason(v, op, ElementType::Float32).empty();
            EXPECT_EQ(refused, (v.unsupported_ops & op_bit(op)) != 0) << to_string(op);
            // Only the correctly rounded variant refuses a type: integers.
            EXPECT_EQ(!op_unsupported_reason(v, op, ElementType::Int32).empty(),
                      refused || v.correctly_rounded)
                << to_string(op);
        }
    }
}

TEST(CatalogRows, TheLadderIsInTeachingOrder) {
    std::vector<std::string_view> order;
    for (const Variant& v : catalog()) order.push_back(v.name);
    const std::vector<std::string_view> ladder{
        "interleaved", "interleaved-strided", "contiguous",
        "first-add",   "unroll-last",         "unroll-last-racy",
        "unrolled",    "grid-stride",         "vector",
        "subgroup",    "warp-shuffle",        "work-group-builtin",
        "atomic",      "atomic-zeroing-racy", "single-pass"};
    ASSERT_GE(order.size(), ladder.size());
    for (std::size_t i = 0; i < ladder.size(); ++i) EXPECT_EQ(order[i], ladder[i]);
}

TEST(CatalogRows, FinishAndOperationRulesAreSpecificErrors) {
    try {
        check_variant_request(find_variant("single-pass"), Operation::Sum, ElementType::Int32,
                              Finish::Atomic);
        ADD_FAILURE() << "atomic finish accepted by single-pass";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
        EXPECT_NE(std::string(e.what()).find("use --finish kernel"), std::string::npos) << e.what();
    }
    try {
        check_variant_request(find_variant("subgroup"), Operation::Product, ElementType::Float32,
                              Finish::Host);
        ADD_FAILURE() << "product accepted by subgroup";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Unsupported);
        EXPECT_NE(std::string(e.what()).find("cannot do product"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(check_variant_request(find_variant("atomic"), Operation::Dot,
                                          ElementType::Int64, Finish::Atomic));
}

}  // namespace
}  // namespace reducelab
