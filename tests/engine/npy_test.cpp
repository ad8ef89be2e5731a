// .npy parsing: round trips, and a specific error for every kind of malformed file.
#include <gtest/gtest.h>

#include "reducelab/error.h"
#include "reducelab/npy.h"

namespace reducelab {
namespace {

std::string header_file(const std::string& dict, std::size_t data_bytes) {
    std::string header = dict;
    const std::size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header.push_back('\n');
    std::string out("\x93NUMPY\x01\x00", 8);
    out.push_back(static_cast<char>(header.size() & 0xff));
    out.push_back(static_cast<char>(header.size() >> 8));
    return out + header + std::string(data_bytes, '\x01');
}

std::string error_of(const std::string& bytes) {
    try {
        parse_npy(bytes, "test.npy");
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Io);
        return e.what();
    }
    return "no error";
}

TEST(Npy, RoundTripsEveryType) {
    for (ElementType type : all_element_types()) {
        const HostArray original = generate(type, 1000, Fill::Random, 7);
        const HostArray parsed = parse_npy(to_npy(original));
        ASSERT_EQ(parsed.type(), type);
        ASSERT_EQ(parsed.size(), 1000u);
        EXPECT_EQ(std::memcmp(parsed.data(), original.data(), original.size_bytes()), 0);
    }
}

TEST(Npy, AcceptsMultiDimensionalCOrder) {
    const auto bytes =
        header_file("{'descr': '<i4', 'fortran_order': False, 'shape': (3, 4), }", 48);
    EXPECT_EQ(parse_npy(bytes).size(), 12u);
}

TEST(Npy, RejectsMalformedFiles) {
    EXPECT_NE(error_of("").find("magic"), std::string::npos);
    EXPECT_NE(error_of("hello world, not numpy").find("magic"), std::string::npos);
    EXPECT_NE(error_of(std::string("\x93NUMPY\x09\x00\x10\x00", 10) + std::string(16, ' '))
                  .find("version"),
              std::string::npos);
    EXPECT_NE(error_of(std::string("\x93NUMPY\x01\x00\xff\x00", 10) + "{'descr'").find("truncated"),
              std::string::npos);
    EXPECT_NE(error_of(header_file("{'descr': '>i2', 'fortran_order': False, 'shape': (4,), }", 8))
                  .find("dtype"),
              std::string::npos);
    EXPECT_NE(error_of(header_file("{'descr': '<i2', 'fortran_order': False, 'shape': (4,), }", 8))
                  .find("dtype"),
              std::string::npos);
    EXPECT_NE(
        error_of(header_file("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", 16))
            .find("Fortran"),
        std::string::npos);
    EXPECT_NE(error_of(header_file("{'descr': '<f4', 'shape': (4,), }", 16)).find("lacks"),
              std::string::npos);
    EXPECT_NE(error_of(header_file("{'descr': '<f4', 'fortran_order': False, 'shape': (x,), }", 16))
                  .find("shape"),
              std::string::npos);
    // Data shorter and longer than the shape says.
    EXPECT_NE(error_of(header_file("{'descr': '<f4', 'fortran_order': False, 'shape': (5,), }", 16))
                  .find("holds 16 data bytes"),
              std::string::npos);
    EXPECT_NE(error_of(header_file("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", 16))
                  .find("holds 16 data bytes"),
              std::string::npos);
    // A shape whose byte count overflows.
    EXPECT_NE(error_of(header_file("{'descr': '<f8', 'fortran_order': False, "
                                   "'shape': (4611686018427387904, 8), }",
                                   16))
                  .find("shape"),
              std::string::npos);
}

// What numpy.load does with the header (a Python dict literal, exactly three keys), checked
// against numpy itself over a whole corpus by tests/npy_parity.
TEST(Npy, ReadsTheHeaderAsNumpyDoes) {
    std::string bytes(12, '\0');
    for (int i = 0; i < 3; ++i) bytes[4 * i] = static_cast<char>(i + 1);  // int32 1, 2, 3
    // A repeated key counts once, the last one wins (as in a Python dict): these are int32.
    const NpyContents twice = parse_npy_contents(
        header_file("{'descr': '<f4', 'descr': '<i4', 'fortran_order': False, 'shape': (3,), }",
                    0) +
        bytes);
    EXPECT_EQ(twice.array.type(), ElementType::Int32);
    EXPECT_EQ(twice.array.at<std::int32_t>(2), 3);
    // Whitespace, comments, double quotes, any key order; a Python 2 'L' before version 3.0.
    EXPECT_EQ(parse_npy(header_file("{ \"shape\" :( 3L , ),# three\n 'descr':'<i4',"
                                    "'fortran_order':False}",
                                    0) +
                        bytes)
                  .size(),
              3u);
    // Big-endian elements are byte-swapped; 1-D Fortran order is C order.
    std::string big(12, '\0');
    for (int i = 0; i < 3; ++i) big[4 * i + 3] = static_cast<char>(i + 1);
    const HostArray swapped =
        parse_npy(header_file("{'descr': '>i4', 'fortran_order': True, 'shape': (3,), }", 0) + big);
    EXPECT_EQ(swapped.at<std::int32_t>(0), 1);
    EXPECT_EQ(swapped.at<std::int32_t>(2), 3);
    const NpyContents matrix = parse_npy_contents(
        header_file("{'descr': '<i4', 'fortran_order': False, 'shape': (1, 3), }", 0) + bytes);
    EXPECT_EQ(matrix.shape, (std::vector<std::uint64_t>{1, 3}));
    EXPECT_TRUE(parse_npy_contents(header_file("{'descr': '<i4', 'fortran_order': False, "
                                               "'shape': (), }",
                                               0) +
                                   bytes.substr(0, 4))
                    .shape.empty());
}

TEST(Npy, RefusesWhatNumpyRefuses) {
    const auto with_dict = [&](const std::string& dict) { return error_of(header_file(dict, 12)); };
    EXPECT_NE(with_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'extra': 0}")
                  .find("unexpected header key 'extra'"),
              std::string::npos);
    EXPECT_NE(with_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (3,) junk}")
                  .find("not a Python literal"),
              std::string::npos);
    EXPECT_NE(with_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), } junk")
                  .find("not a Python literal"),
              std::string::npos);
    EXPECT_NE(with_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (3), }")
                  .find("must be a tuple"),
              std::string::npos);
    EXPECT_NE(
        with_dict("{'descr': '<f4', 'fortran_order': 0, 'shape': (3,), }").find("fortran_order"),
        std::string::npos);
    EXPECT_NE(with_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (03,), }")
                  .find("leading zeros"),
              std::string::npos);
    std::string v19 = header_file("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", 12);
    v19[7] = 9;
    EXPECT_NE(error_of(v19).find("version 1.9"), std::string::npos);
    EXPECT_NE(with_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }" +
                        std::string(10001, ' '))
                  .find("longer than 10000"),
              std::string::npos);
}

TEST(Npy, MissingFileIsAnIoError) {
    try {
        read_npy("/nonexistent/input.npy");
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Io);
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
    }
}

}  // namespace
}  // namespace reducelab
