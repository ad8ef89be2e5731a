// The split over devices, without a device: the shares a plan gives, the device lists it
// accepts, and the host combine of shard partials for every operation and type, checked against
// the reference of the whole input.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/multi_device.h"
#include "reducelab/reference.h"

namespace reducelab {
namespace {

std::uint64_t total(const std::vector<std::uint64_t>& counts) {
    return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

TEST(SplitPlan, SharesSumToNForAnyWeights) {
    for (std::uint64_t n : {0ull, 1ull, 2ull, 7ull, 1000003ull, (1ull << 33) + 5}) {
        for (const std::vector<double>& w : {std::vector<double>{1.0},
                                             {1.0, 1.0},
                                             {3.0, 1.0, 0.5},
                                             {1e-9, 1e9},
                                             {2, 2, 2, 2, 2}}) {
            const auto counts = split_counts(n, w);
            ASSERT_EQ(counts.size(), w.size());
            EXPECT_EQ(total(counts), n) << "n " << n;
        }
    }
}

TEST(SplitPlan, BalancedSharesAreProportionalToTheWeights) {
    const std::vector<double> weights{30.0, 10.0, 60.0};
    const auto counts = split_counts(1000000, weights);
    EXPECT_EQ(counts, (std::vector<std::uint64_t>{300000, 100000, 600000}));
    const auto uneven = split_counts(1001, std::vector<double>{2.0, 1.0});
    // 667.33 and 333.67: the larger remainder gets the spare element
    EXPECT_EQ(uneven, (std::vector<std::uint64_t>{667, 334}));
    for (std::uint64_t n : {10ull, 12345ull, 99999999ull}) {
        const std::vector<double> w{1.7, 0.3, 5.0};
        const auto c = split_counts(n, w);
        for (std::size_t i = 0; i < w.size(); ++i)
            EXPECT_LE(std::fabs(static_cast<double>(c[i]) - static_cast<double>(n) * w[i] / 7.0),
                      1.0);
    }
}

TEST(SplitPlan, EvenSplitDiffersByAtMostOneElement) {
    const auto counts = split_counts(10, std::vector<double>(3, 1.0));
    EXPECT_EQ(counts, (std::vector<std::uint64_t>{4, 3, 3}));
}

TEST(SplitPlan, RefusesBadWeights) {
    EXPECT_THROW(split_counts(10, std::vector<double>{}), Error);
    EXPECT_THROW(split_counts(10, std::vector<double>{1.0, 0.0}), Error);
    EXPECT_THROW(split_counts(10, std::vector<double>{1.0, -2.0}), Error);
    EXPECT_THROW(split_counts(10, std::vector<double>{NAN}), Error);
}

std::vector<DeviceInfo> three_devices() {
    std::vector<DeviceInfo> devices(3);
    for (std::size_t i = 0; i < devices.size(); ++i) {
        devices[i].index = i;
        devices[i].name = "device " + std::to_string(i);
    }
    return devices;
}

TEST(SplitPlan, DeviceLists) {
    const auto devices = three_devices();
    EXPECT_EQ(select_devices(devices, "all").size(), 3u);
    const auto chosen = select_devices(devices, "2,0");
    ASSERT_EQ(chosen.size(), 2u);
    EXPECT_EQ(chosen[0].index, 2u);
    EXPECT_EQ(chosen[1].index, 0u);
    for (const char* bad : {"", "3", "0,0", "a", "0,", ",1", "1.5", "-1", "0;1"}) {
        try {
            select_devices(devices, bad);
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument) << bad;
            EXPECT_NE(std::string(e.what()).find("--devices"), std::string::npos) << e.what();
        }
    }
}

TEST(SplitPlan, ParsesPolicies) {
    EXPECT_EQ(parse_split_policy("balanced"), SplitPolicy::Balanced);
    EXPECT_EQ(parse_split_policy("even"), SplitPolicy::Even);
    EXPECT_FALSE(parse_split_policy("fair"));
}

TEST(SplitPlan, ShardsCopyTheirElements) {
    RunRequest request;
    request.op = Operation::Dot;
    request.type = ElementType::Int32;
    request.n = 100;
    const Inputs whole = make_inputs(request);
    const Inputs shard = shard_of(whole, 40, 25);
    ASSERT_EQ(shard.first->size(), 25u);
    ASSERT_TRUE(shard.second);
    for (std::size_t i = 0; i < 25; ++i) {
        EXPECT_EQ(shard.first->at<std::int32_t>(i), whole.first->at<std::int32_t>(40 + i));
        EXPECT_EQ(shard.second->at<std::int32_t>(i), whole.second->at<std::int32_t>(40 + i));
    }
    EXPECT_THROW(shard_of(whole, 90, 11), Error);
}

// Every operation and type: the shards' own references, combined with their index offsets and
// finished, equal the whole input's reference (exactly for integers, min, max and arg*).
TEST(SplitPlan, CombinedPartialsMatchTheWholeReferenceForEveryOperation) {
    for (Operation op : all_operations()) {
        for (ElementType type : all_element_types()) {
            if (is_bitwise(op) && is_float(type)) continue;
            if (op == Operation::Mean && !is_float(type) && size_of(type) == 8) continue;
            RunRequest request;
            request.op = op;
            request.type = type;
            request.n = 10007;
            // Products of random values overflow floats and wrap integers: small values keep
            // the float product finite, integer products still wrap.
            request.fill = op == Operation::Product && is_float(type) ? Fill::Ones : Fill::Random;
            const Inputs whole = make_inputs(request);
            const AccumulatorSpec acc = accumulator_for(op, type, AccumulatorMode::Default);
            const auto counts = split_counts(request.n, std::vector<double>{1.0, 3.0, 2.0});
            std::vector<DeviceShare> shares;
            std::uint64_t offset = 0;
            for (std::uint64_t count : counts) {
                const Inputs shard = shard_of(whole, offset, count);
                DeviceShare share;
                share.offset = offset;
                share.count = count;
                share.partial =
                    compute_reference(shard_operation(op), acc, *shard.first, shard.second.get())
                        .value;
                if (share.partial.index) *share.partial.index += offset;
                shares.push_back(share);
                offset += count;
            }
            const Value value =
                finish_combined(op, acc, combine_shares(op, acc, shares), request.n);
            const Reference reference =
                compute_reference(op, acc, *whole.first, whole.second.get());
            const std::string what =
                std::string(to_string(op)) + " of " + std::string(to_string(type));
            EXPECT_EQ(value.index, reference.value.index) << what;
            if (value.kind == Value::Kind::Float &&
                (op == Operation::Sum || op == Operation::Dot || op == Operation::Mean)) {
                const double unit = acc.value_type == ElementType::Float32 ? 0x1p-23 : 0x1p-52;
                EXPECT_NEAR(value.as_double(), reference.value.as_double(),
                            8 * unit * std::max(reference.magnitude, 1.0))
                    << what;
            } else {
                EXPECT_EQ(value.to_string(), reference.value.to_string()) << what;
            }
        }
    }
}

// What the MPI path sends: a partial in the device layout reads back as itself.
TEST(SplitPlan, EncodedPartialsDecodeToThemselves) {
    for (Operation op : {Operation::Sum, Operation::ArgMin, Operation::Max, Operation::BitXor}) {
        for (ElementType type : all_element_types()) {
            if (is_bitwise(op) && is_float(type)) continue;
            const AccumulatorSpec acc = accumulator_for(op, type, AccumulatorMode::Default);
            Value partial = is_float(acc.value_type)
                                ? Value::of_float(-2.5, acc.value_type == ElementType::Float32)
                            : is_signed(acc.value_type) ? Value::of_signed(-7)
                                                        : Value::of_unsigned(7);
            if (acc.is_pair) partial.index = 123456789012ull;
            const Value back = decode_accumulator(acc, encode_partial(acc, partial));
            EXPECT_EQ(back.to_string(), partial.to_string()) << to_string(op) << to_string(type);
            EXPECT_EQ(back.index, partial.index);
        }
    }
}

TEST(SplitPlan, RefusesTheMeanOf64BitIntegers) {
    RunRequest request;
    request.op = Operation::Mean;
    request.type = ElementType::Int64;
    EXPECT_THROW(check_splittable(request), Error);
    request.type = ElementType::Int32;
    EXPECT_NO_THROW(check_splittable(request));
}

}  // namespace
}  // namespace reducelab
