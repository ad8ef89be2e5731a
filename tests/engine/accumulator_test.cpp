// Accumulator choice, value decoding and printing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "reducelab/accumulator.h"
#include "reducelab/error.h"

namespace reducelab {
namespace {

TEST(Accumulator, IntegerSumsAreWideByDefaultAndWrapOnRequest) {
    const auto wide =
        accumulator_for(Operation::Sum, ElementType::UInt32, AccumulatorMode::Default);
    EXPECT_EQ(wide.value_type, ElementType::UInt64);
    EXPECT_EQ(wide.cl_type, "ulong");
    EXPECT_TRUE(wide.wraps);
    const auto same = accumulator_for(Operation::Sum, ElementType::Int32, AccumulatorMode::Same);
    EXPECT_EQ(same.value_type, ElementType::Int32);
    EXPECT_EQ(same.cl_type, "uint");  // signed wrap-around done on the unsigned type
    EXPECT_EQ(same.cl_signed_view, "int");
}

TEST(Accumulator, MinMaxKeepTheElementType) {
    EXPECT_EQ(accumulator_for(Operation::Min, ElementType::Int32, AccumulatorMode::Wide).value_type,
              ElementType::Int32);
    EXPECT_EQ(
        accumulator_for(Operation::Max, ElementType::Float32, AccumulatorMode::Wide).value_type,
        ElementType::Float32);
}

TEST(Accumulator, Float32SumsAreFloat32UnlessAskedWide) {
    EXPECT_EQ(
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode::Default).value_type,
        ElementType::Float32);
    EXPECT_EQ(
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode::Same).value_type,
        ElementType::Float32);
    EXPECT_EQ(
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode::Wide).value_type,
        ElementType::Float64);
}

TEST(Accumulator, BitwiseOnFloatsIsRejected) {
    EXPECT_THROW(accumulator_for(Operation::BitXor, ElementType::Float32, AccumulatorMode::Wide),
                 Error);
}

TEST(Value, PrintsExactIntegersAndShortestFloats) {
    EXPECT_EQ(Value::of_unsigned(5242931200u).to_string(), "5242931200");
    EXPECT_EQ(Value::of_signed(-3).to_string(), "-3");
    EXPECT_EQ(Value::of_float(0.1f, true).to_string(), "0.1");
    EXPECT_EQ(Value::of_float(std::nan(""), false).to_string(), "nan");
    EXPECT_EQ(Value::of_float(-INFINITY, false).to_string(), "-inf");
}

TEST(Value, DecodesPairsWithIndex) {
    const auto spec = accumulator_for(Operation::ArgMin, ElementType::Int32, AccumulatorMode::Wide);
    std::vector<std::byte> bytes(16);
    const std::int32_t v = -5;
    const std::uint64_t index = 42;
    std::memcpy(bytes.data(), &v, 4);
    std::memcpy(bytes.data() + 8, &index, 8);
    const Value value = decode_accumulator(spec, bytes);
    EXPECT_EQ(value.i, -5);
    ASSERT_TRUE(value.index.has_value());
    EXPECT_EQ(*value.index, 42u);
}

}  // namespace
}  // namespace reducelab
