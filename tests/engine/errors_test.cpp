// Bad requests through the engine API: each a specific Error, never a crash or a wrong answer.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/npy.h"
#include "test_device.h"

namespace reducelab {
namespace {

Engine& engine() {
    static Engine instance(test::device_spec());
    return instance;
}

void expect_error(const RunRequest& r, ErrorKind kind, const std::string& fragment) {
    try {
        engine().run(r);
        ADD_FAILURE() << "no error for a request expected to fail with '" << fragment << "'";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), kind) << e.what();
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
}

RunRequest valid() {
    RunRequest r;
    r.n = 1000;
    r.local_size = 64;
    return r;
}

TEST(EngineErrors, ZeroElements) {
    RunRequest r = valid();
    r.n = 0;
    expect_error(r, ErrorKind::InvalidArgument, "at least 1");
}

TEST(EngineErrors, LocalSizeAboveTheDeviceMaximum) {
    RunRequest r = valid();
    r.local_size = engine().device().max_work_group_size * 2;
    expect_error(r, ErrorKind::InvalidArgument, "above the maximum");
}

TEST(EngineErrors, LocalSizeNotAPowerOfTwo) {
    RunRequest r = valid();
    r.local_size = 48;
    expect_error(r, ErrorKind::InvalidArgument, "not a power of two");
}

TEST(EngineErrors, UnknownVariant) {
    RunRequest r = valid();
    r.variant = "fastest";
    expect_error(r, ErrorKind::InvalidArgument, "unknown variant");
}

TEST(EngineErrors, ZeroRepeats) {
    RunRequest r = valid();
    r.repeat = 0;
    expect_error(r, ErrorKind::InvalidArgument, "repeat");
}

TEST(EngineErrors, MissingAndCorruptInputFiles) {
    RunRequest r = valid();
    r.input_path = "/nonexistent/file.npy";
    expect_error(r, ErrorKind::Io, "cannot open");
    const auto path = std::filesystem::temp_directory_path() / "reducelab_corrupt.npy";
    std::ofstream(path) << "this is not a numpy file";
    r.input_path = path.string();
    expect_error(r, ErrorKind::Io, "magic");
    std::filesystem::remove(path);
}

TEST(EngineErrors, InputFileOfAnotherType) {
    const auto path = std::filesystem::temp_directory_path() / "reducelab_float.npy";
    write_npy(path, generate(ElementType::Float32, 10, Fill::Ramp, 0));
    RunRequest r = valid();
    r.input_path = path.string();
    r.type = ElementType::Int32;
    expect_error(r, ErrorKind::InvalidArgument, "holds float32");
    std::filesystem::remove(path);
}

TEST(EngineErrors, CancelledBeforeTheFirstRepeat) {
    std::stop_source stop;
    stop.request_stop();
    try {
        engine().run(valid(), stop.get_token());
        ADD_FAILURE() << "not cancelled";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
    }
}

}  // namespace
}  // namespace reducelab
