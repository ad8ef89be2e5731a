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
    const auto bytes = header_file("{'descr': '<i4', 'fortran_order': False, 'shape': (3, 4), }", 48);
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
    EXPECT_NE(error_of(header_file("{'descr': '>i4', 'fortran_order': False, 'shape': (4,), }", 16))
                  .find("dtype"),
              std::string::npos);
    EXPECT_NE(error_of(header_file("{'descr': '<i2', 'fortran_order': False, 'shape': (4,), }", 8))
                  .find("dtype"),
              std::string::npos);
    EXPECT_NE(error_of(header_file("{'descr': '<f4', 'fortran_order': True, 'shape': (4,), }", 16))
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
