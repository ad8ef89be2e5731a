// Size expressions as typed on the command line.
#include <gtest/gtest.h>

#include "process.h"
#include "reducelab/size_expression.h"
#include "size_expression_cases.h"

namespace reducelab {
namespace {

std::uint64_t parse(const std::string& text) {
    std::string error;
    const auto value = parse_size_expression(text, error);
    EXPECT_TRUE(value.has_value()) << error;
    return value.value_or(0);
}

std::string error_of(const std::string& text) {
    std::string error;
    EXPECT_FALSE(parse_size_expression(text, error).has_value()) << text;
    return error;
}

TEST(SizeExpression, ParsesTheFormsPeopleType) {
    EXPECT_EQ(parse("102400"), 102400u);
    EXPECT_EQ(parse("2^20"), 1u << 20);
    EXPECT_EQ(parse("2^20+7"), (1u << 20) + 7);
    EXPECT_EQ(parse("1<<26"), 1u << 26);
    EXPECT_EQ(parse("64M"), 64u << 20);
    EXPECT_EQ(parse("4k - 1"), 4095u);
    EXPECT_EQ(parse("0"), 0u);
}

TEST(SizeExpression, RejectsNegativeGarbageAndOverflow) {
    EXPECT_NE(error_of("-1").find("negative"), std::string::npos);
    EXPECT_NE(error_of("3-5").find("negative"), std::string::npos);
    EXPECT_NE(error_of("abc").find("not a size"), std::string::npos);
    EXPECT_NE(error_of("1.5").find("not a size"), std::string::npos);
    EXPECT_FALSE(error_of("2^64").empty());
    EXPECT_FALSE(error_of("99999999999999999999999").empty());
    EXPECT_FALSE(error_of("").empty());
}

// The shared table through the real CLI: --n as a user types it. The GUI's n field reads the same
// table (tests/ui/ui_logic_test.cpp).
TEST(SizeExpression, TheCliReadsTheSharedTableLikeTheGui) {
    for (const test::SizeCase& c : test::size_expression_cases()) {
        const test::ProcessResult r =
            test::run_process(REDUCELAB_CLI, {"run", "--op", "sum", "--type", "uint64", "--variant",
                                              "contiguous", "--fill", "ones", "--n", c.text});
        if (c.value) {
            EXPECT_EQ(r.exit_code, 0) << c.text << ": " << r.err;
            EXPECT_EQ(r.out.substr(0, r.out.find('\n')), std::to_string(*c.value)) << c.text;
        } else {
            EXPECT_EQ(r.exit_code, 2) << c.text << ": " << r.out;
            EXPECT_NE(r.err.find(c.reason), std::string::npos) << c.text << ": " << r.err;
        }
    }
}

}  // namespace
}  // namespace reducelab
