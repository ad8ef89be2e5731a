// Device discovery through OpenCL-CLHPP: every device of every platform, described.
#include "reducelab/devices.h"

#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <sstream>

#include "core/ascii.h"
#include "launch/cl.h"
#include "reducelab/device_info.h"

namespace reducelab {
namespace {

// The host's last-level cache (L3, else L2), as glibc reads it from the CPU; 0 when unknown.
std::uint64_t host_last_level_cache_bytes() {
    for (const int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE})
        if (const long bytes = sysconf(name); bytes > 0) return static_cast<std::uint64_t>(bytes);
    return 0;
}

std::string trim(std::string text) {
    while (!text.empty() &&
           (std::isspace(static_cast<unsigned char>(text.back())) || text.back() == '\0'))
        text.pop_back();
    std::size_t start = 0;
    while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
    return text.substr(start);
}

std::string type_name(cl_device_type type) {
    if (type & CL_DEVICE_TYPE_GPU) return "GPU";
    if (type & CL_DEVICE_TYPE_CPU) return "CPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return "Accelerator";
    if (type & CL_DEVICE_TYPE_CUSTOM) return "Custom";
    return "Other";
}

std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream stream(text);
    for (std::string word; stream >> word;) words.push_back(word);
    std::ranges::sort(words);
    return words;
}

// "OpenCL C 1.2 pocl" -> (1, 2)
void parse_c_version(const std::string& text, int& major, int& minor) {
    const auto pos = text.find("OpenCL C ");
    if (pos == std::string::npos) return;
    const char* p = text.c_str() + pos + 9;
    if (std::sscanf(p, "%d.%d", &major, &minor) != 2) major = 1, minor = 0;
}

// $REDUCELAB_HIDE_EXTENSIONS (comma-separated) makes a device look as if it lacked those
// extensions: tests and teachers use it to see how ReduceLab behaves on a device without fp64
// or 64-bit atomics.
void hide_extensions(std::vector<std::string>& extensions) {
    const char* hidden = std::getenv("REDUCELAB_HIDE_EXTENSIONS");
    if (!hidden) return;
    std::string list(hidden);
    for (char& c : list)
        if (c == ',') c = ' ';
    for (const auto& name : split_words(list)) std::erase(extensions, name);
}

// $REDUCELAB_DEVICE_LIMITS ("max_alloc=64K,global_mem=1M,local_mem=2K,max_work_group_size=64")
// makes the engine believe a device has these limits: tests and teachers use it to see how
// ReduceLab refuses work on a small device. A limit above the real one lets a request through
// the engine's own checks, so that the driver's refusal (CL_OUT_OF_RESOURCES, ...) shows.
std::uint64_t limit_value(const std::string& entry, std::string_view text) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    std::string_view suffix(end, static_cast<std::size_t>(text.data() + text.size() - end));
    std::uint64_t scale = 1;
    if (suffix == "K" || suffix == "k")
        scale = 1ull << 10;
    else if (suffix == "M" || suffix == "m")
        scale = 1ull << 20;
    else if (suffix == "G" || suffix == "g")
        scale = 1ull << 30;
    else if (!suffix.empty())
        scale = 0;
    if (ec != std::errc() || scale == 0 || value == 0 || value > ~std::uint64_t{0} / scale)
        throw Error(ErrorKind::InvalidArgument, "REDUCELAB_DEVICE_LIMITS: '" + entry +
                                                    "' is not name=size (e.g. local_mem=2K)");
    return value * scale;
}

void apply_limits(DeviceInfo& info) {
    const char* limits = std::getenv("REDUCELAB_DEVICE_LIMITS");
    if (!limits || !*limits) return;
    std::string list(limits);
    for (char& c : list)
        if (c == ',') c = ' ';
    for (const auto& entry : split_words(list)) {
        const auto eq = entry.find('=');
        const std::string name = entry.substr(0, eq);
        const std::uint64_t value =
            limit_value(entry, eq == std::string::npos ? std::string_view{}
                                                       : std::string_view(entry).substr(eq + 1));
        if (name == "max_alloc")
            info.max_alloc_bytes = value;
        else if (name == "global_mem")
            info.global_mem_bytes = value;
        else if (name == "local_mem")
            info.local_mem_bytes = value;
        else if (name == "max_work_group_size")
            info.max_work_group_size = value;
        else
            throw Error(ErrorKind::InvalidArgument,
                        "REDUCELAB_DEVICE_LIMITS: unknown limit '" + name +
                            "' (max_alloc, global_mem, local_mem, max_work_group_size)");
    }
}

template <cl_device_info Name, typename T>
T query_or(const cl::Device& device, T fallback) {
    T value{};
    return device.getInfo(Name, &value) == CL_SUCCESS ? value : fallback;
}

DeviceInfo describe(const cl::Platform& platform, const cl::Device& device) {
    DeviceInfo info;
    info.platform_name = trim(platform.getInfo<CL_PLATFORM_NAME>());
    info.platform_version = trim(platform.getInfo<CL_PLATFORM_VERSION>());
    info.name = trim(device.getInfo<CL_DEVICE_NAME>());
    info.vendor = trim(device.getInfo<CL_DEVICE_VENDOR>());
    info.type = type_name(device.getInfo<CL_DEVICE_TYPE>());
    info.version = trim(device.getInfo<CL_DEVICE_VERSION>());
    info.driver_version = trim(device.getInfo<CL_DRIVER_VERSION>());
    info.opencl_c_version = trim(device.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
    parse_c_version(info.opencl_c_version, info.opencl_c_major, info.opencl_c_minor);
    info.compute_units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    info.max_clock_mhz = device.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>();
    info.max_work_group_size = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    info.local_mem_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    info.global_mem_bytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
    info.max_alloc_bytes = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
    info.global_mem_cache_bytes = query_or<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cl_ulong>(device, 0);
    // A CPU device's global memory is the host's, behind the host's caches: where the driver
    // reports none (PoCL in a VM whose hwloc sees no cache), the last-level cache stands in, so
    // that "from cache" and the split's calibration sizes have a size to go by.
    if (info.global_mem_cache_bytes == 0 && info.type == "CPU")
        info.global_mem_cache_bytes = host_last_level_cache_bytes();
    info.extensions = split_words(device.getInfo<CL_DEVICE_EXTENSIONS>());
    hide_extensions(info.extensions);
    apply_limits(info);
    info.has_fp64 = info.has_extension("cl_khr_fp64");
    info.has_int64_base_atomics = info.has_extension("cl_khr_int64_base_atomics");
    info.has_int64_extended_atomics = info.has_extension("cl_khr_int64_extended_atomics");
    // OpenCL 3.0 devices report sub-groups and collectives as queries; older ones by extension.
    const bool is_cl3 = info.version.rfind("OpenCL 3.", 0) == 0;
    if (is_cl3) {
        std::vector<cl_name_version> languages;
        if (device.getInfo(CL_DEVICE_OPENCL_C_ALL_VERSIONS, &languages) == CL_SUCCESS)
            for (const cl_name_version& language : languages)
                if (CL_VERSION_MAJOR(language.version) == 3) info.accepts_opencl_c_3 = true;
    }
    const cl_uint max_sub_groups =
        is_cl3 ? query_or<CL_DEVICE_MAX_NUM_SUB_GROUPS, cl_uint>(device, 0) : 0;
    info.has_subgroups = info.has_extension("cl_khr_subgroups") || max_sub_groups > 0;
    info.has_work_group_collectives =
        is_cl3 ? query_or<CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, cl_bool>(device,
                                                                                      CL_FALSE) != 0
               : info.opencl_c_major >= 2;
    const std::string vendor = ascii_lower(info.vendor + " " + info.platform_name);
    info.is_nvidia = vendor.find("nvidia") != std::string::npos;
    return info;
}

}  // namespace

namespace {

// PoCL's kernel cache directory, chosen as PoCL chooses it (pocl_cache.c): $POCL_CACHE_DIR, else
// $XDG_CACHE_HOME/pocl/kcache, else $HOME/.cache/pocl/kcache. The variable that decided it is
// returned too, for the message.
std::pair<std::string, std::string> pocl_cache_dir() {
    if (const char* dir = std::getenv("POCL_CACHE_DIR"); dir && *dir)
        return {dir, "POCL_CACHE_DIR"};
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return {std::string(xdg) + "/pocl/kcache", "XDG_CACHE_HOME"};
    if (const char* home = std::getenv("HOME"); home && *home)
        return {std::string(home) + "/.cache/pocl/kcache", "HOME"};
    return {"", "HOME"};
}

// Whether `dir` is, or can be made, a directory this process can write: its nearest existing
// ancestor must be a writable directory.
bool can_create_directory(const std::filesystem::path& dir) {
    std::error_code ec;
    for (std::filesystem::path p = dir; !p.empty(); p = p.parent_path()) {
        if (std::filesystem::exists(p, ec))
            return std::filesystem::is_directory(p, ec) && ::access(p.c_str(), W_OK | X_OK) == 0;
        if (p == p.parent_path()) break;
    }
    return false;
}

bool is_pocl(const cl::Platform& platform) {
    try {
        return platform.getInfo<CL_PLATFORM_NAME>().find("Portable Computing Language") !=
               std::string::npos;
    } catch (const cl::Error&) {
        return false;
    }
}

// Why PoCL could not keep its kernel cache, or empty when it can: the folder is made if missing
// (as PoCL would) and a file is created in it and removed. Checked before any build, because
// PoCL itself either hides its devices (a folder it cannot create) or lists them and fails every
// build with an empty log (a file, or a folder it cannot write, such as /proc).
std::string pocl_cache_problem() {
    const auto [cache, variable] = pocl_cache_dir();
    if (cache.empty()) return "PoCL needs a kernel cache directory; set HOME or POCL_CACHE_DIR";
    const std::string fix =
        "; make $" + variable + " a writable directory or set POCL_CACHE_DIR to one";
    const std::string where = cache + " (from $" + variable + ")";
    std::error_code ec;
    std::filesystem::create_directories(cache, ec);
    if (!std::filesystem::is_directory(cache))
        return "PoCL cannot create its kernel cache " + where + ": " +
               (ec ? ec.message() : std::string("a file is in the way")) + fix;
    std::string probe = cache + "/.reducelab-probe-XXXXXX";
    const int fd = ::mkstemp(probe.data());
    if (fd < 0)
        return "PoCL cannot write to its kernel cache " + where + ": " + std::strerror(errno) + fix;
    ::close(fd);
    ::unlink(probe.c_str());
    return {};
}

// Platforms that list no device: not a missing driver. PoCL, the usual case, hides its devices
// when it cannot create its kernel cache (an unwritable or non-directory HOME).
std::string no_device_message(const std::vector<cl::Platform>& platforms) {
    std::string names;
    bool pocl = false;
    for (const cl::Platform& platform : platforms) {
        std::string name;
        try {
            name = trim(platform.getInfo<CL_PLATFORM_NAME>());
        } catch (const cl::Error&) {
            name = "(unnamed)";
        }
        pocl = pocl || name.find("Portable Computing Language") != std::string::npos;
        names += (names.empty() ? "" : ", ") + name;
    }
    std::string message = std::to_string(platforms.size()) + " OpenCL platform(s) found (" + names +
                          ") but none lists a device";
    if (pocl) {
        const auto [cache, variable] = pocl_cache_dir();
        if (cache.empty())
            return message + ": PoCL needs a kernel cache directory; set HOME or POCL_CACHE_DIR";
        if (!can_create_directory(cache))
            return message + ": PoCL cannot create its kernel cache " + cache + " (from $" +
                   variable + "); make $" + variable +
                   " a writable directory or set POCL_CACHE_DIR to one";
        return message +
               ": PoCL lists no device it supports (check POCL_DEVICES and the "
               "PoCL build, e.g. 'clinfo')";
    }
    return message +
           ": the driver sees no device of its kind (check the device is present, "
           "powered and that this user may use it, e.g. 'clinfo')";
}

}  // namespace

namespace {

// The environment is edited once, before main starts threads: setenv may move environ while
// another thread reads it (the GUI thread's getenv in QBackingStore crashed with SIGSEGV while
// list_devices ran on the engine's worker thread).
void prepare_opencl_environment_once() {
    static std::once_flag once;
    std::call_once(once, [] {
        // PoCL aborts the process (an assertion in pocl_cache.c) on an empty POCL_CACHE_DIR;
        // empty means unset, as for XDG_CACHE_HOME, so PoCL falls back to its default cache.
        if (const char* dir = std::getenv("POCL_CACHE_DIR"); dir && !*dir)
            ::unsetenv("POCL_CACHE_DIR");
        // PoCL builds work-groups of one or two work-items by full replication, which in PoCL
        // 6.0 leaves the storage of sub-group and work-group collectives unresolved: the
        // kernel's library fails to load ("undefined symbol: __pocl_work_group_alloca") and
        // PoCL aborts the process. A threshold of 0 gives every local size PoCL's work-item
        // loops, as it gives them to every larger one; read when a kernel is compiled, and a
        // user's own value is kept.
        ::setenv("POCL_FULL_REPLICATION_THRESHOLD", "0", 0);
    });
}

// Runs while the program loads, single-threaded, in every program that links list_devices.
[[maybe_unused]] const bool opencl_environment_prepared = (prepare_opencl_environment_once(), true);

}  // namespace

std::vector<DeviceInfo> list_devices() {
    prepare_opencl_environment_once();
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error& e) {
        // The ICD loader reports "no platform" as CL_PLATFORM_NOT_FOUND_KHR (-1001).
        throw Error(
            ErrorKind::NoPlatform,
            "no OpenCL platform found (" + cl_error_name(e.err()) +
                "): install an OpenCL driver, e.g. 'apt install pocl-opencl-icd' for the CPU",
            "clGetPlatformIDs", e.err());
    }
    // PoCL's devices are of no use without a kernel cache: skipped, and named as the reason when
    // no other platform has a device (exit 5, as for a cache PoCL cannot create).
    std::string pocl_problem;
    if (std::ranges::any_of(platforms, is_pocl)) pocl_problem = pocl_cache_problem();
    std::vector<DeviceInfo> devices;
    for (std::size_t p = 0; p < platforms.size(); ++p) {
        if (!pocl_problem.empty() && is_pocl(platforms[p])) continue;
        std::vector<cl::Device> platform_devices;
        try {
            platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &platform_devices);
        } catch (const cl::Error&) {
            continue;  // a platform without devices is not an error while others have some
        }
        for (std::size_t d = 0; d < platform_devices.size(); ++d) {
            DeviceInfo info = detail::cl_call("describing an OpenCL device", [&] {
                return describe(platforms[p], platform_devices[d]);
            });
            info.platform_index = p;
            info.platform_device_index = d;
            info.index = devices.size();
            devices.push_back(std::move(info));
        }
    }
    if (devices.empty() && !pocl_problem.empty())
        throw Error(ErrorKind::NoPlatform,
                    std::to_string(platforms.size()) +
                        " OpenCL platform(s) found but no usable "
                        "device: " +
                        pocl_problem,
                    "clGetDeviceIDs", CL_DEVICE_NOT_FOUND);
    if (devices.empty())
        throw Error(ErrorKind::NoPlatform, no_device_message(platforms), "clGetDeviceIDs",
                    CL_DEVICE_NOT_FOUND);
    return devices;
}

}  // namespace reducelab
