// engine/safe_write: atomic replacement, checked writes to devices, the old file kept on failure,
// permissions and symlinks kept, concurrent writers and readers, and the up-front path checks.
#include "reducelab/safe_write.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "reducelab/error.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class SafeWrite : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("reducelab-safe-write-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::size_t entries() const {
        return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), {}));
    }
    fs::path dir_;
};

// The message of the Error(Io) that `write` throws, or "" when it throws nothing.
template <typename F>
std::string io_error(F write) {
    try {
        write();
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Io) << e.what();
        return e.what();
    }
    return "";
}

TEST_F(SafeWrite, WritesAndReplacesWithNothingLeftBehind) {
    const fs::path file = dir_ / "a.json";
    write_file_safely(file, "first");
    EXPECT_EQ(slurp(file), "first");
    write_file_safely(file, "second, longer");
    EXPECT_EQ(slurp(file), "second, longer");
    write_file_safely(file, "");
    EXPECT_EQ(slurp(file), "");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(SafeWrite, RelativePathsWriteInTheCurrentFolder) {
    const fs::path before = fs::current_path();
    fs::current_path(dir_);
    write_file_safely("plain.txt", "text");
    fs::current_path(before);
    EXPECT_EQ(slurp(dir_ / "plain.txt"), "text");
}

TEST_F(SafeWrite, DevFullFailsNamingThePathAndTheReason) {
    const std::string message = io_error([] { write_file_safely("/dev/full", "data"); });
    EXPECT_NE(message.find("/dev/full"), std::string::npos) << message;
    EXPECT_NE(message.find("No space left on device"), std::string::npos) << message;
    // /dev/null is a device too: written directly, and still there.
    write_file_safely("/dev/null", "data");
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

// A write that fails half-way (a file-size limit in a child process, where the limit cannot
// disturb the test): Error(Io) with the reason, the old file unchanged, no temporary file left.
TEST_F(SafeWrite, FailedWriteKeepsTheOldFileAndRemovesTheTemporary) {
    const fs::path file = dir_ / "results.json";
    const std::string old_contents = "{\"old\": true}\n";
    write_file_safely(file, old_contents);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{4096, 4096};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        try {
            write_file_safely(file, std::string(100000, 'x'));
        } catch (const Error& e) {
            const std::string what = e.what();
            ::_exit(e.kind() == ErrorKind::Io && what.find(file.string()) == 0 &&
                            what.find("File too large") != std::string::npos
                        ? 0
                        : 2);
        }
        ::_exit(1);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "1: no error; 2: not Error(Io) naming the file and EFBIG";
    EXPECT_EQ(slurp(file), old_contents);
    EXPECT_EQ(entries(), 1u);
}

TEST_F(SafeWrite, KeepsPermissionsAndNewFilesFollowTheUmask) {
    const fs::path kept = dir_ / "kept";
    write_file_safely(kept, "a");
    ::chmod(kept.c_str(), 0640);
    write_file_safely(kept, "b");
    struct stat info {};
    ASSERT_EQ(::stat(kept.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, 0640u);

    const mode_t old_mask = ::umask(027);
    write_file_safely(dir_ / "fresh", "c");
    ::umask(old_mask);
    ASSERT_EQ(::stat((dir_ / "fresh").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, 0640u);  // 0666 & ~027, not mkstemp's 0600
}

TEST_F(SafeWrite, ReplacesTheFileASymlinkPointsToAndKeepsTheLink) {
    const fs::path real = dir_ / "real", link = dir_ / "link";
    write_file_safely(real, "old");
    fs::create_symlink(real, link);
    write_file_safely(link, "new");
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(slurp(real), "new");
}

TEST_F(SafeWrite, AFifoIsWrittenDirectly) {
    const fs::path fifo = dir_ / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string received;
    std::thread reader([&] { received = slurp(fifo); });
    write_file_safely(fifo, "through the pipe");
    reader.join();
    EXPECT_EQ(received, "through the pipe");
    EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST_F(SafeWrite, RefusesFoldersAndMissingFolders) {
    std::string message = io_error([&] { write_file_safely(dir_, "x"); });
    EXPECT_NE(message.find("is a folder"), std::string::npos) << message;
    message = io_error([&] { write_file_safely(dir_ / "missing" / "x", "x"); });
    EXPECT_NE(message.find((dir_ / "missing" / "x").string()), std::string::npos) << message;
    EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
    EXPECT_THROW(write_file_safely("", "x"), Error);
}

TEST_F(SafeWrite, CheckWritableCreatesNothingAndRefusesWhatWouldFail) {
    check_writable(dir_ / "new.json");
    check_writable("/dev/null");
    EXPECT_EQ(entries(), 0u);
    EXPECT_NE(io_error([&] { check_writable(dir_); }).find("is a folder"), std::string::npos);
    EXPECT_NE(io_error([&] { check_writable(dir_ / "missing" / "x.json"); }).find("missing"),
              std::string::npos);
    std::ofstream(dir_ / "file") << "x";
    EXPECT_NE(io_error([&] { check_writable(dir_ / "file" / "x.json"); }).find("file"),
              std::string::npos);
}

TEST_F(SafeWrite, SameFilePathNormalisesAndFollowsLinks) {
    const fs::path a = dir_ / "a.json";
    fs::create_directories(dir_ / "sub");
    EXPECT_TRUE(same_file_path(a, dir_ / "." / "a.json"));
    EXPECT_TRUE(same_file_path(a, dir_ / "sub" / ".." / "a.json"));
    EXPECT_FALSE(same_file_path(a, dir_ / "b.json"));
    // A link to a file not written yet names that file.
    fs::create_symlink(a, dir_ / "early-link");
    EXPECT_TRUE(same_file_path(a, dir_ / "early-link"));
    std::ofstream(a) << "x";
    fs::create_symlink(a, dir_ / "link");
    fs::create_hard_link(a, dir_ / "hard");
    EXPECT_TRUE(same_file_path(a, dir_ / "link"));
    EXPECT_TRUE(same_file_path(a, dir_ / "hard"));
    const fs::path before = fs::current_path();
    fs::current_path(dir_);
    EXPECT_TRUE(same_file_path("a.json", a));
    fs::current_path(before);
}

// Writers racing on one file while readers read it: every read sees one whole payload.
TEST_F(SafeWrite, ConcurrentWritersNeverLeaveAMixedFile) {
    const fs::path file = dir_ / "shared";
    std::vector<std::string> payloads;
    for (int i = 0; i < 8; ++i) payloads.push_back(std::string(1000 + 7919 * i, 'a' + i));
    const std::set<std::string> valid(payloads.begin(), payloads.end());
    write_file_safely(file, payloads[0]);
    std::atomic<bool> done{false};
    std::atomic<int> bad_reads{0}, reads{0};
    std::thread reader([&] {
        while (!done) {
            if (!valid.count(slurp(file))) ++bad_reads;
            ++reads;
        }
    });
    std::vector<std::thread> writers;
    for (int w = 0; w < 8; ++w)
        writers.emplace_back([&, w] {
            for (int k = 0; k < 40; ++k) write_file_safely(file, payloads[w]);
        });
    for (auto& t : writers) t.join();
    done = true;
    reader.join();
    EXPECT_EQ(bad_reads, 0) << "of " << reads;
    EXPECT_TRUE(valid.count(slurp(file)));
    EXPECT_EQ(entries(), 1u);
}

TEST(ResultsComplete, InterruptedFilesSayIncompleteAndReadBack) {
    ResultsFile file;
    file.suite = "sizes";
    file.created_utc = "2026-01-01T00:00:00Z";
    file.tool = "test";
    EXPECT_FALSE(to_json(file).contains("complete"));  // complete files stay as they were
    EXPECT_TRUE(results_from_json(to_json(file)).complete);
    file.complete = false;
    const nlohmann::json j = to_json(file);
    EXPECT_EQ(j.at("complete"), false);
    EXPECT_FALSE(results_from_json(j).complete);
    nlohmann::json wrong = j;
    wrong["complete"] = "no";
    EXPECT_THROW(results_from_json(wrong), Error);
}

}  // namespace
}  // namespace reducelab
