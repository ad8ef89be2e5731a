// No OpenCL platform at all: CTest points the ICD loader at an empty vendor directory
// (OCL_ICD_VENDORS) for this binary. Every entry point of the engine that needs a device says
// so with Error(NoPlatform); the parsers and the catalog still work; nothing leaks (ASan build).
#include <gtest/gtest.h>

#include <cstdlib>

#include "reducelab/catalog.h"
#include "reducelab/devices.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/npy.h"
#include "reducelab/presets.h"

namespace reducelab {
namespace {

void expect_no_platform(const std::function<void()>& f) {
    try {
        f();
        ADD_FAILURE() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::NoPlatform) << e.what();
        EXPECT_NE(std::string(e.what()).find("no OpenCL platform"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("pocl-opencl-icd"), std::string::npos)
            << "says what to install";
        EXPECT_EQ(e.cl_error_name(), "CL_PLATFORM_NOT_FOUND_KHR");
    }
}

TEST(NoPlatform, TheLoaderSeesAnEmptyVendorDirectory) {
    ASSERT_NE(std::getenv("OCL_ICD_VENDORS"), nullptr)
        << "CTest sets OCL_ICD_VENDORS for this binary";
}

TEST(NoPlatform, ListingOpeningAndRunningSaySo) {
    expect_no_platform([] { list_devices(); });
    expect_no_platform([] { Engine engine; });
    expect_no_platform([] { Engine engine("cpu"); });
    expect_no_platform([] { Engine engine("0"); });
    // Asked again: the answer does not change (no state left half made).
    expect_no_platform([] { Engine engine; });
}

TEST(NoPlatform, WhatNeedsNoDeviceStillWorks) {
    EXPECT_FALSE(catalog().empty());
    EXPECT_EQ(find_variant("contiguous").name, "contiguous");
    const HostArray ones = generate(ElementType::Float32, 10, Fill::Ones, 0);
    EXPECT_EQ(parse_npy(to_npy(ones)).size(), 10u);
    RunRequest r;
    r.n = 100;
    EXPECT_EQ(make_inputs(r).first->size(), 100u);
}

}  // namespace
}  // namespace reducelab
