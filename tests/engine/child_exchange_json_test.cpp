// The sandbox child's exchange (engine/child_exchange_json.h) is exact: a check result and a step
// trace read back equal to what was written, NaN, infinities, -0.0 and optional fields included,
// and an engine Error keeps its kind, message, OpenCL call and build log.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "exercise/child_exchange_json.h"

namespace reducelab {
namespace {

void expect_same(const Value& a, const Value& b) {
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.i, b.i);
    EXPECT_EQ(a.u, b.u);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(a.f), std::bit_cast<std::uint64_t>(b.f));
    EXPECT_EQ(a.single_precision, b.single_precision);
    EXPECT_EQ(a.index, b.index);
}

TEST(ChildExchangeJson, CheckResultRoundTripsExactly) {
    CustomKernelResult r;
    r.base_variant = "contiguous";
    r.kernel = "reduce_contiguous";
    r.file_name = "my_contiguous.cl";
    r.build_options = "-DOP_SUM";
    CustomSizeCheck c;
    c.n = (std::uint64_t{1} << 40) + 3;
    c.local_size = 64;
    c.global_size = 128;
    c.work_groups = 2;
    c.value = Value::of_float(std::numeric_limits<double>::quiet_NaN(), true);
    c.reference = Value::of_float(-0.0);
    c.rule = "exact";
    c.mismatched_groups = 1;
    Value with_index = Value::of_signed(std::numeric_limits<std::int64_t>::min());
    with_index.index = 7;
    c.first_mismatch = GroupMismatch{1, with_index, Value::of_unsigned(~std::uint64_t{0}), 64, 64};
    c.exact_partials = 0x1.fffffep-3;
    c.exact_sum = -1e-310;
    c.sum_of_abs = 3.0e38;
    r.checks = {c, CustomSizeCheck{}};
    r.verified = false;
    r.timed_n = c.n;
    r.repeat_ms = {0.1, std::numeric_limits<double>::infinity(), 1e-300};
    r.total_ms = 0.1;
    r.kernel_ms = 0.05;
    r.gbps = 12.5;
    r.traceable = true;

    const CustomKernelResult back = exchange::result_from(exchange::result_json(r));
    EXPECT_EQ(back.base_variant, r.base_variant);
    EXPECT_EQ(back.kernel, r.kernel);
    EXPECT_EQ(back.build_options, r.build_options);
    ASSERT_EQ(back.checks.size(), 2u);
    EXPECT_EQ(back.checks[0].n, c.n);
    expect_same(back.checks[0].value, c.value);
    expect_same(back.checks[0].reference, c.reference);
    ASSERT_TRUE(back.checks[0].first_mismatch);
    expect_same(back.checks[0].first_mismatch->device, with_index);
    expect_same(back.checks[0].first_mismatch->reference, c.first_mismatch->reference);
    EXPECT_FALSE(back.checks[1].first_mismatch);
    ASSERT_TRUE(back.checks[0].exact_partials);
    EXPECT_EQ(*back.checks[0].exact_partials, 0x1.fffffep-3);
    EXPECT_EQ(back.checks[0].exact_sum, -1e-310);
    EXPECT_EQ(back.checks[0].sum_of_abs, 3.0e38);
    EXPECT_FALSE(back.checks[1].exact_partials);
    ASSERT_EQ(back.repeat_ms.size(), 3u);
    EXPECT_TRUE(std::isinf(back.repeat_ms[1]));
    EXPECT_EQ(back.repeat_ms[2], 1e-300);
    EXPECT_EQ(back.gbps, 12.5);
    EXPECT_TRUE(back.traceable);
}

TEST(ChildExchangeJson, RequestsRoundTrip) {
    CustomKernelRequest q;
    q.base_variant = "first-add";
    q.file_text = "kernel text with \"quotes\" and \xe2\x9c\x94";
    q.op = Operation::Max;
    q.type = ElementType::Float64;
    q.sizes = {1, 2, 3};
    q.fill = Fill::Ones;
    q.seed = 99;
    const CustomKernelRequest back = exchange::request_from(exchange::request_json(q));
    EXPECT_EQ(back.file_text, q.file_text);
    EXPECT_EQ(back.op, q.op);
    EXPECT_EQ(back.type, q.type);
    EXPECT_EQ(back.sizes, q.sizes);
    EXPECT_EQ(back.fill, q.fill);
    EXPECT_EQ(back.seed, q.seed);

    TraceRequest t;
    t.variant = "contiguous";
    t.program_text = "program";
    t.all_groups = true;
    t.warp_width = 8;
    const TraceRequest tb = exchange::trace_request_from(exchange::trace_request_json(t));
    EXPECT_EQ(tb.program_text, t.program_text);
    EXPECT_TRUE(tb.all_groups);
    EXPECT_EQ(tb.warp_width, 8u);
}

TEST(ChildExchangeJson, TraceRoundTripsExactly) {
    StepTrace t;
    t.variant = "interleaved";
    t.local_size = 4;
    t.elapsed_ms = 1.5;
    GroupTrace g;
    g.group = 3;
    g.initial = {Value::of_signed(1), Value::of_signed(-2)};
    TraceRound round;
    round.round = 1;
    round.stride = 2;
    round.values = {Value::of_float(0.5, true)};
    round.active = {true, false, true};
    round.accesses = {Access{0, 0, 2, 0}};
    round.conflicts = {BankConflict{1, "read a", 5, 2, {0, 4}, 0, {0, 32}}};
    g.rounds = {round};
    g.partial = Value::of_signed(-1);
    g.matches_uninstrumented = true;
    t.groups = {g};
    const StepTrace back = exchange::trace_from(exchange::trace_json(t));
    ASSERT_EQ(back.groups.size(), 1u);
    const TraceRound& r = back.groups[0].rounds.at(0);
    EXPECT_EQ(r.active, round.active);
    EXPECT_EQ(r.accesses.at(0).read_b, 2u);
    EXPECT_EQ(r.conflicts.at(0).phase, "read a");
    EXPECT_EQ(r.conflicts.at(0).indices, (std::vector<std::uint32_t>{0, 32}));
    expect_same(r.values.at(0), round.values[0]);
    expect_same(back.groups[0].initial.at(1), g.initial[1]);
    EXPECT_TRUE(back.groups[0].matches_uninstrumented);
    EXPECT_EQ(back.elapsed_ms, 1.5);
}

// Every field, each away from its default, so that one the exchange forgets shows.
TEST(ChildExchangeJson, DevicesRoundTripWithEveryField) {
    DeviceInfo d;
    d.index = 3;
    d.platform_index = 2;
    d.platform_device_index = 1;
    d.platform_name = "NVIDIA CUDA";
    d.platform_version = "OpenCL 3.0 CUDA 13.0.98";
    d.name = "NVIDIA H100 80GB HBM3";
    d.vendor = "NVIDIA Corporation";
    d.type = "GPU";
    d.version = "OpenCL 3.0 CUDA";
    d.driver_version = "580.1";
    d.opencl_c_version = "OpenCL C 1.2";
    d.opencl_c_major = 3;
    d.opencl_c_minor = 1;
    d.accepts_opencl_c_3 = true;
    d.compute_units = 132;
    d.max_clock_mhz = 1980;
    d.max_work_group_size = 1024;
    d.local_mem_bytes = 49152;
    d.global_mem_bytes = std::uint64_t{85} << 30;
    d.max_alloc_bytes = std::uint64_t{21} << 30;
    d.global_mem_cache_bytes = std::uint64_t{50} << 20;
    d.has_subgroups = true;
    d.has_work_group_collectives = true;
    d.has_fp64 = true;
    d.has_int64_base_atomics = true;
    d.has_int64_extended_atomics = true;
    d.is_nvidia = true;
    d.extensions = {"cl_khr_fp64", "cl_nv_device_attribute_query"};
    const std::vector<DeviceInfo> back = exchange::devices_from(
        nlohmann::json::parse(exchange::devices_json({d, DeviceInfo{}}).dump()));
    ASSERT_EQ(back.size(), 2u);
    EXPECT_TRUE(back[0] == d);
    EXPECT_TRUE(back[1] == DeviceInfo{});
}

TEST(ChildExchangeJson, ErrorKeepsItsParts) {
    const Error e(ErrorKind::Build, "the kernel does not build", "clBuildProgram", -11,
                  "my.cl:3: error: x");
    const Error back = exchange::error_from(exchange::error_json(e));
    EXPECT_EQ(back.kind(), ErrorKind::Build);
    EXPECT_STREQ(back.what(), e.what());
    EXPECT_EQ(back.call(), "clBuildProgram");
    EXPECT_EQ(back.cl_code(), -11);
    EXPECT_EQ(back.build_log(), e.build_log());
}

TEST(ChildExchangeJson, UnknownNamesAreRefused) {
    nlohmann::json j = exchange::request_json(CustomKernelRequest{});
    j["op"] = "teleport";
    EXPECT_THROW(exchange::request_from(j), Error);
}

}  // namespace
}  // namespace reducelab
