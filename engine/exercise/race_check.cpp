// The race-free check: the student's kernel run once under Oclgrind's data-race detector, in a
// sandbox child. Oclgrind's own launcher forks (the worker would no longer be the sandbox's
// child and would end itself as an orphan), so the worker is started directly with Oclgrind's
// runtime preloaded and its options in the environment, which is what the launcher does.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "exercise/child_exchange_json.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/custom_kernel_child.h"
#include "reducelab/error.h"
#include "reducelab/grader.h"
#include "reducelab/sandbox.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;

// Oclgrind's runtime beside its launcher: <prefix>/bin/oclgrind, <prefix>/lib/oclgrind/.
fs::path runtime_library(const std::string& oclgrind) {
    std::error_code ec;
    const fs::path launcher = fs::canonical(oclgrind, ec);
    if (ec) return {};
    return launcher.parent_path().parent_path() / "lib" / "oclgrind" / "liboclgrind-rt.so";
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class TemporaryFolder {
  public:
    TemporaryFolder() {
        std::string pattern = (fs::temp_directory_path() / "reducelab-race-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            throw Error(ErrorKind::Io, "cannot create a temporary folder for the race check");
        path_ = pattern;
    }
    ~TemporaryFolder() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

// Oclgrind's first message about a data race (or, failing that, about an access outside a
// buffer): the line that says so and the few after it.
std::string race_excerpt(const std::string& log) {
    std::size_t at = log.find("data race");
    if (at == std::string::npos) at = log.find("Invalid read");
    if (at == std::string::npos) at = log.find("Invalid write");
    if (at == std::string::npos) return {};
    const std::size_t start = log.rfind('\n', at);
    std::size_t end = start == std::string::npos ? 0 : start + 1;
    for (int lines = 0; lines < 4 && end != std::string::npos; ++lines)
        end = log.find('\n', end + 1);
    std::string text = log.substr(start == std::string::npos ? 0 : start + 1,
                                  end == std::string::npos ? std::string::npos : end - start - 1);
    for (char& c : text)
        if (c == '\n') c = ' ';
    return text;
}

}  // namespace

std::string find_oclgrind(const std::string& configured) {
    if (configured == "none") return {};
    std::error_code ec;
    if (!configured.empty())
        return fs::is_regular_file(configured, ec) && fs::exists(runtime_library(configured), ec)
                   ? configured
                   : std::string();
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        const fs::path candidate = fs::path(dir.empty() ? "." : dir) / "oclgrind";
        if (fs::is_regular_file(candidate, ec) && fs::exists(runtime_library(candidate), ec))
            return candidate.string();
    }
    return {};
}

RaceCheck check_races(const CustomKernelRequest& request, const std::string& oclgrind,
                      const std::string& worker, double timeout_seconds, std::stop_token stop) {
    TemporaryFolder folder;
    const fs::path request_path = folder.path() / "request.json";
    const fs::path result_path = folder.path() / "result.json";
    const fs::path log_path = folder.path() / "oclgrind.log";
    nlohmann::json input = exchange::request_json(request);
    input["device_index"] = 0;  // with Oclgrind's runtime preloaded, its device is the only one
    {
        std::ofstream out(request_path, std::ios::binary);
        out << input.dump();
        if (!out) throw Error(ErrorKind::Io, request_path.string() + ": cannot write");
    }
    sandbox::ChildOptions options;
    options.program = worker;
    options.args = {kCustomKernelWorkerArgument, std::string(kCheckMode), request_path.string(),
                    result_path.string()};
    options.env = {{"LD_PRELOAD", runtime_library(oclgrind).string()},
                   {"OCLGRIND_DATA_RACES", "1"},
                   {"OCLGRIND_LOG", log_path.string()},
                   // Unoptimised kernels keep every memory access of the source (tests/race).
                   {"OCLGRIND_BUILD_OPTIONS", "-cl-opt-disable"},
                   {"REDUCELAB_DEVICE", ""}};
    // Under AddressSanitizer (CI's sanitizer stage) the preloaded runtime comes before ASan's,
    // which ASan refuses by default, and Oclgrind's LLVM keeps allocations to the end: neither is
    // this program's memory.
    if (const char* asan = std::getenv("ASAN_OPTIONS"))
        options.env.emplace_back("ASAN_OPTIONS",
                                 std::string(asan) + ":verify_asan_link_order=0:detect_leaks=0");
    options.timeout_seconds = timeout_seconds;
    options.stop = stop;
    const sandbox::ChildOutcome outcome = sandbox::run_child(options);
    switch (outcome.end) {
        case sandbox::ChildEnd::Stopped:
            throw Error(ErrorKind::Cancelled, "cancelled");
        case sandbox::ChildEnd::TimedOut:
            throw Error(ErrorKind::OpenCL, "under Oclgrind your kernel did not finish within " +
                                               std::to_string(static_cast<int>(timeout_seconds)) +
                                               " s");
        case sandbox::ChildEnd::Signalled:
            throw Error(ErrorKind::OpenCL, "under Oclgrind your kernel crashed its process with " +
                                               sandbox::describe_signal(outcome.signal));
        case sandbox::ChildEnd::Exited:
            break;
    }
    RaceCheck check;
    std::error_code ec;
    const std::string log = fs::exists(log_path, ec) ? read_text(log_path) : std::string();
    check.report = race_excerpt(log);
    check.race = !check.report.empty();
    if (check.race) return check;
    if (!fs::exists(result_path, ec))
        throw Error(ErrorKind::OpenCL, "under Oclgrind the check ran no kernel (exit code " +
                                           std::to_string(outcome.exit_code) + ")");
    try {
        const nlohmann::json answer = nlohmann::json::parse(read_text(result_path));
        if (answer.contains("error")) throw exchange::error_from(answer.at("error"));
    } catch (const nlohmann::json::exception& e) {
        throw Error(ErrorKind::Io,
                    "the race check's answer is unreadable: " + std::string(e.what()));
    }
    return check;
}

}  // namespace reducelab
