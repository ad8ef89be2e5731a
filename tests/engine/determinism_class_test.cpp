// The determinism classes from bits[device][shape][run], and the bits a result is known by.
#include <gtest/gtest.h>

#include "reducelab/determinism.h"

namespace reducelab {
namespace {

using Bits = std::vector<std::vector<std::vector<std::string>>>;

TEST(DeterminismClass, WeakestBehaviourDecides) {
    EXPECT_EQ(classify(Bits{{{"a", "a"}, {"a", "b"}}}), DeterminismClass::Nondeterministic);
    EXPECT_EQ(classify(Bits{{{"a", "a"}, {"b", "b"}}}), DeterminismClass::RunToRun);
    EXPECT_EQ(classify(Bits{{{"a", "a"}, {"a", "a"}}}), DeterminismClass::LaunchInvariant);
    // Launch-invariant on each device, but the devices disagree.
    EXPECT_EQ(classify(Bits{{{"a"}, {"a"}}, {{"b"}, {"b"}}}), DeterminismClass::LaunchInvariant);
    EXPECT_EQ(classify(Bits{{{"a"}, {"a"}}, {{"a"}, {"a"}}}), DeterminismClass::DeviceInvariant);
    // One device that varies run to run makes the whole class nondeterministic.
    EXPECT_EQ(classify(Bits{{{"a"}, {"a"}}, {{"a", "c"}}}), DeterminismClass::Nondeterministic);
    EXPECT_EQ(classify(Bits{{{"a"}, {"b"}}, {{"a"}, {"a"}}}), DeterminismClass::RunToRun);
}

TEST(DeterminismClass, BitsNameTheFormat) {
    EXPECT_EQ(result_bits(Value::of_float(1.0, true)), "0x3f800000");
    EXPECT_EQ(result_bits(Value::of_float(1.0, false)), "0x3ff0000000000000");
    EXPECT_EQ(result_bits(Value::of_float(-0.0, true)), "0x80000000");
    EXPECT_EQ(result_bits(Value::of_signed(-1)), "0xffffffffffffffff");
    Value pair = Value::of_float(2.0, true);
    pair.index = 7;
    EXPECT_EQ(result_bits(pair), "0x40000000@7");
    EXPECT_EQ(to_string(DeterminismClass::RunToRun), "run-to-run");
}

}  // namespace
}  // namespace reducelab
