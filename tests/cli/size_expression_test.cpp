// Size expressions as typed on the command line.
#include <gtest/gtest.h>

#include "size_expression.h"

namespace reducelab::cli {
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

}  // namespace
}  // namespace reducelab::cli
