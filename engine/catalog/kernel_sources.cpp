// Lookup of embedded kernel sources, and the on-disk override for teaching and testing.
#include "reducelab/kernel_sources.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

#include "catalog/kernel_includes.h"
#include "reducelab/error.h"

namespace reducelab {
namespace {

std::string file_kind(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

// Closes the descriptor on every path out.
struct FileDescriptor {
    int fd;
    ~FileDescriptor() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

// The override file's text, or nothing when there is no file of that name. The file is opened
// without blocking (a FIFO would wait for a writer) and checked with fstat before anything is
// read: a FIFO, a device (also behind a symlink, such as one to /dev/zero), or a file above
// kMaxKernelOverrideBytes is refused with Error(Io) naming the file and the reason.
std::optional<std::string> detail::read_kernel_file(const std::filesystem::path& path) {
    const std::string name = path.string();
    FileDescriptor file{::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
    if (file.fd < 0) {
        const int error = errno;
        struct stat link {};
        if (error == ENOENT && ::lstat(name.c_str(), &link) != 0) return std::nullopt;
        throw Error(ErrorKind::Io, name + ": cannot open the kernel override (" +
                                       (error == ENOENT ? "a symlink to nothing"
                                                        : std::string(std::strerror(error))) +
                                       ")");
    }
    struct stat info {};
    if (::fstat(file.fd, &info) != 0)
        throw Error(ErrorKind::Io,
                    name + ": cannot read the kernel override (" + std::strerror(errno) + ")");
    if (!S_ISREG(info.st_mode))
        throw Error(ErrorKind::Io, name + ": the kernel override is " + file_kind(info.st_mode) +
                                       "; only regular files are read");
    const auto too_big = [&] {
        return Error(ErrorKind::Io, name + ": the kernel override is larger than the " +
                                        std::to_string(kMaxKernelOverrideBytes / 1024) +
                                        " KiB limit for kernel files");
    };
    if (static_cast<std::uint64_t>(info.st_size) > kMaxKernelOverrideBytes) throw too_big();
    std::string text;
    char buffer[65536];
    for (;;) {
        const ssize_t got = ::read(file.fd, buffer, sizeof buffer);
        if (got == 0) break;
        if (got < 0) {
            if (errno == EINTR) continue;
            throw Error(ErrorKind::Io,
                        name + ": cannot read the kernel override (" + std::strerror(errno) + ")");
        }
        text.append(buffer, static_cast<std::size_t>(got));
        if (text.size() > kMaxKernelOverrideBytes) throw too_big();  // it grew while read
    }
    return text;
}

std::string_view kernel_source(std::string_view file) {
    for (const auto& source : embedded_kernel_sources())
        if (source.file == file) return source.text;
    throw Error(ErrorKind::InvalidArgument,
                "no embedded kernel file named '" + std::string(file) + "'");
}

std::string kernel_text(std::string_view file) {
    const char* dir = std::getenv("REDUCELAB_KERNEL_OVERRIDE_DIR");
    if (dir && *dir) {
        namespace fs = std::filesystem;
        std::error_code ec;
        if (!fs::is_directory(dir, ec))
            throw Error(ErrorKind::Io, std::string("REDUCELAB_KERNEL_OVERRIDE_DIR=") + dir +
                                           " is not a directory");
        const fs::path path = fs::path(dir) / std::string(file);
        // Its includes stay inside the folder, checked before anything is built.
        if (std::optional<std::string> text = detail::read_kernel_file(path))
            return detail::confine_includes(*text, path, dir);
    }
    return std::string(kernel_source(file));
}

std::string program_source(std::string_view file) {
    std::string text = kernel_text("common.cl");
    text += "\n#line 1 \"";
    text += file;
    text += "\"\n";
    text += kernel_text(file);
    return text;
}

}  // namespace reducelab
