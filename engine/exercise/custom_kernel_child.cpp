// The custom-kernel check and the trace of a student's program across a process boundary: the
// request and the answer (the result or the error) as JSON files in a private directory.
#include "reducelab/custom_kernel_child.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "exercise/child_exchange_json.h"
#include "reducelab/device_info.h"
#include "reducelab/devices.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/step_trace.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

void write_json(const fs::path& path, const json& j) {
    std::ofstream out(path, std::ios::binary);
    out << j.dump();
    out.close();
    if (!out) throw Error(ErrorKind::Io, path.string() + ": cannot write");
}

json with_device(json request, const DeviceInfo& device) {
    request["device"] = {{"index", device.index},
                         {"platform", device.platform_name},
                         {"platform_device_index", device.platform_device_index},
                         {"name", device.name}};
    return request;
}

std::string listed(const std::vector<DeviceInfo>& devices) {
    std::string text;
    for (const DeviceInfo& d : devices)
        text += (text.empty() ? "" : ", ") + ("[" + std::to_string(d.index) + "] " + d.name);
    return text.empty() ? "none" : text;
}

// The parent's device among the child's: the same platform, position in it and name. A
// request with a bare "device_index" (the race check's, where Oclgrind's device is the only
// one) is taken by number.
DeviceInfo find_device(const json& input) {
    const std::vector<DeviceInfo> devices = list_devices();
    if (!input.contains("device")) {
        const std::size_t index = input.at("device_index").get<std::size_t>();
        if (index >= devices.size())
            throw Error(ErrorKind::NoPlatform, "no OpenCL device number " + std::to_string(index));
        return devices[index];
    }
    const json& wanted = input.at("device");
    const std::string platform = wanted.at("platform").get<std::string>();
    const std::string name = wanted.at("name").get<std::string>();
    const std::size_t position = wanted.at("platform_device_index").get<std::size_t>();
    for (const DeviceInfo& d : devices)
        if (d.platform_name == platform && d.platform_device_index == position && d.name == name)
            return d;
    throw Error(ErrorKind::NoPlatform,
                "the process that runs your kernel does not see the device " + name + " (" +
                    platform + "); it sees " + listed(devices) +
                    ". On some GPU machines a process started by one that has loaded the GPU's "
                    "OpenCL driver does not see that GPU (docs/sandbox.md): choose a device it "
                    "sees, or run the check from reducelab-cli");
}

json read_json(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return json::parse(text.str());
}

// A private directory for one exchange, removed with everything in it.
class ExchangeDirectory {
  public:
    ExchangeDirectory() {
        std::string pattern = (fs::temp_directory_path() / "reducelab-kernel-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            throw Error(ErrorKind::Io, "cannot create a temporary directory for the kernel check");
        path_ = pattern;
    }
    ~ExchangeDirectory() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    ExchangeDirectory(const ExchangeDirectory&) = delete;
    ExchangeDirectory& operator=(const ExchangeDirectory&) = delete;
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

}  // namespace

namespace {

// Runs the worker on one request and returns its answer's "result", or throws the child's error,
// the timeout, the crash or the cancel as an Error.
json run_in_child(std::string_view mode, const json& input, const CustomKernelIsolation& isolation,
                  std::stop_token stop) {
    ExchangeDirectory exchange;
    const fs::path request_path = exchange.path() / "request.json";
    const fs::path result_path = exchange.path() / "result.json";
    write_json(request_path, input);

    sandbox::ChildOptions options;
    options.program = isolation.worker;
    options.args = {kCustomKernelWorkerArgument, std::string(mode), request_path.string(),
                    result_path.string()};
    options.timeout_seconds = isolation.timeout_seconds;
    options.stop = stop;
    const sandbox::ChildOutcome outcome = sandbox::run_child(options);
    switch (outcome.end) {
        case sandbox::ChildEnd::Stopped:
            throw Error(ErrorKind::Cancelled, "cancelled");
        case sandbox::ChildEnd::TimedOut: {
            std::ostringstream message;
            message << "your kernel did not finish within " << isolation.timeout_seconds
                    << " s (an endless loop?); its process was stopped";
            throw Error(ErrorKind::OpenCL, message.str());
        }
        case sandbox::ChildEnd::Signalled:
            throw Error(ErrorKind::OpenCL,
                        "building or running your kernel crashed its process "
                        "with " +
                            sandbox::describe_signal(outcome.signal));
        case sandbox::ChildEnd::Exited:
            break;
    }
    std::error_code ec;
    if (!fs::exists(result_path, ec))
        throw Error(ErrorKind::OpenCL, isolation.worker + " ran no kernel (exit code " +
                                           std::to_string(outcome.exit_code) + ")");
    try {
        json answer = read_json(result_path);
        if (answer.contains("error")) throw exchange::error_from(answer.at("error"));
        return std::move(answer.at("result"));
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io,
                    "the kernel check's answer is unreadable: " + std::string(e.what()));
    }
}

}  // namespace

CustomKernelResult run_custom_kernel_isolated(const CustomKernelRequest& request,
                                              const CustomKernelIsolation& isolation,
                                              std::stop_token stop) {
    try {
        return exchange::result_from(
            run_in_child(kCheckMode, with_device(exchange::request_json(request), isolation.device),
                         isolation, stop));
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io,
                    "the kernel check's answer is unreadable: " + std::string(e.what()));
    }
}

StepTrace run_trace_isolated(const TraceRequest& request, const CustomKernelIsolation& isolation,
                             std::stop_token stop) {
    const json input = with_device(exchange::trace_request_json(request), isolation.device);
    try {
        StepTrace trace = exchange::trace_from(run_in_child(kTraceMode, input, isolation, stop));
        trace.device = isolation.device;
        return trace;
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io, "the trace's answer is unreadable: " + std::string(e.what()));
    }
}

std::vector<DeviceInfo> list_devices_isolated(const std::string& worker, double timeout_seconds,
                                              std::stop_token stop) {
    CustomKernelIsolation isolation;
    isolation.worker = worker;
    isolation.timeout_seconds = timeout_seconds;
    try {
        return exchange::devices_from(
            run_in_child(kDevicesMode, json::object(), isolation, std::move(stop)));
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io,
                    "the device list's answer is unreadable: " + std::string(e.what()));
    }
}

int custom_kernel_child_main(std::string_view mode, const std::string& request_path,
                             const std::string& result_path) {
    json answer;
    try {
        const json input = read_json(request_path);
        if (mode == kDevicesMode) {
            answer["result"] = exchange::devices_json(list_devices());
        } else if (mode == kTraceMode) {
            Engine engine(find_device(input));
            answer["result"] =
                exchange::trace_json(run_trace(engine, exchange::trace_request_from(input)));
        } else if (mode == kCheckMode) {
            Engine engine(find_device(input));
            answer["result"] =
                exchange::result_json(run_custom_kernel(engine, exchange::request_from(input)));
        } else {
            throw Error(ErrorKind::InvalidArgument,
                        "unknown worker mode '" + std::string(mode) + "'");
        }
    } catch (const Error& e) {
        answer["error"] = exchange::error_json(e);
    } catch (const std::exception& e) {
        answer["error"] = exchange::error_json(Error(ErrorKind::OpenCL, e.what()));
    }
    try {
        write_json(result_path, answer);
    } catch (const std::exception&) {
        return 6;
    }
    return 0;
}

}  // namespace reducelab
