// Atomic, checked file writes (POSIX): mkstemp beside the target, write, fsync, close, rename.
#include "reducelab/safe_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <string>
#include <system_error>

#include "reducelab/error.h"

namespace reducelab {
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, const std::string& what, int err) {
    throw Error(ErrorKind::Io, path.string() + ": " + what + ": " +
                                   std::error_code(err, std::generic_category()).message());
}

// Where the bytes go, and how.
struct Target {
    fs::path path;        // the file to replace (a symlink's target), or to write directly
    bool direct = false;  // a device, FIFO, /proc or /dev entry: cannot be renamed over
    bool exists = false;
    struct stat info {};
};

bool under_dev_or_proc(const fs::path& path) {
    std::error_code ec;
    const std::string p = fs::absolute(path, ec).lexically_normal().string();
    return !ec && (p.starts_with("/dev/") || p.starts_with("/proc/"));
}

Target resolve(const fs::path& path) {
    if (path.empty()) throw Error(ErrorKind::InvalidArgument, "an output path is empty");
    Target t;
    t.path = path;
    // /dev/stdout is a link through /proc to whatever fd 1 is: write to it, never replace it.
    t.direct = under_dev_or_proc(path);
    if (::stat(path.c_str(), &t.info) == 0) {
        t.exists = true;
        if (S_ISDIR(t.info.st_mode))
            throw Error(ErrorKind::Io, path.string() + ": is a folder, not a file");
        if (!S_ISREG(t.info.st_mode)) t.direct = true;
        struct stat link {};
        if (!t.direct && ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
            // Replace the file the link points to and keep the link.
            std::error_code ec;
            const fs::path resolved = fs::canonical(path, ec);
            if (!ec) t.path = resolved;
        }
    } else if (errno == ENOENT) {
        struct stat link {};
        // A dangling symlink: writing through it creates its target, as a plain open would.
        if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) t.direct = true;
    } else {
        fail(path, "cannot use the path", errno);
    }
    return t;
}

void write_all(int fd, std::string_view data, const fs::path& path) {
    while (!data.empty()) {
        const std::size_t chunk = std::min<std::size_t>(data.size(), std::size_t{1} << 30);
        const ssize_t written = ::write(fd, data.data(), chunk);
        if (written < 0) {
            if (errno == EINTR) continue;
            fail(path, "cannot write the file", errno);
        }
        if (written == 0) fail(path, "cannot write the file", ENOSPC);
        data.remove_prefix(static_cast<std::size_t>(written));
    }
}

// fsync where it means something; pipes and character devices answer EINVAL.
void sync(int fd, const fs::path& path) {
    if (::fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP && errno != EROFS)
        fail(path, "cannot write the file (fsync)", errno);
}

void close_checked(int fd, const fs::path& path) {
    // Linux closes the descriptor even when close reports an error: never retry.
    if (::close(fd) != 0 && errno != EINTR) fail(path, "cannot write the file (close)", errno);
}

void write_directly(const fs::path& path, const FileProducer& produce) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) fail(path, "cannot open the file for writing", errno);
    try {
        produce([&](std::string_view chunk) { write_all(fd, chunk, path); });
        sync(fd, path);
    } catch (...) {
        ::close(fd);
        throw;
    }
    close_checked(fd, path);
}

// The process's umask without changing it (umask(2) would race with other threads).
mode_t current_umask() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("Umask:")) {
            try {
                return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8) & 0777);
            } catch (const std::exception&) {
                break;
            }
        }
    return 022;
}

fs::path folder_of(const fs::path& path) {
    return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

// A unique temporary file in `folder` (the name kept short enough for NAME_MAX); returns its fd.
int make_temporary(const fs::path& folder, const fs::path& target, std::string& name) {
    std::string base = target.filename().string().substr(0, 200);
    name = (folder / ("." + base + ".tmp-XXXXXX")).string();
    return ::mkostemp(name.data(), O_CLOEXEC);
}

void replace_atomically(const Target& t, const fs::path& shown, const FileProducer& produce) {
    const fs::path folder = folder_of(t.path);
    std::string temporary;
    const int fd = make_temporary(folder, t.path, temporary);
    if (fd < 0) fail(shown, "cannot create a temporary file in " + folder.string(), errno);
    bool open = true;
    try {
        // Keep the old file's permissions (and owner, where allowed); new files get 0666 & ~umask.
        const mode_t mode = t.exists ? (t.info.st_mode & 07777) : (0666 & ~current_umask());
        if (::fchmod(fd, mode) != 0 && errno != EPERM && errno != ENOTSUP)
            fail(shown, "cannot set the permissions of the temporary file", errno);
        if (t.exists && (t.info.st_uid != ::geteuid() || t.info.st_gid != ::getegid())) {
            [[maybe_unused]] const int ignored = ::fchown(fd, t.info.st_uid, t.info.st_gid);
        }
        produce([&](std::string_view chunk) { write_all(fd, chunk, shown); });
        sync(fd, shown);
        open = false;
        close_checked(fd, shown);
        if (::rename(temporary.c_str(), t.path.c_str()) != 0)
            fail(shown, "cannot replace the file", errno);
    } catch (...) {
        if (open) ::close(fd);
        ::unlink(temporary.c_str());
        throw;
    }
    // Make the rename itself durable; a folder that cannot be synced loses nothing we can fix.
    const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        [[maybe_unused]] const int ignored = ::fsync(dir);
        ::close(dir);
    }
}

}  // namespace

void write_file_safely(const fs::path& path, const FileProducer& produce) {
    const Target t = resolve(path);
    if (t.direct) {
        write_directly(path, produce);
        return;
    }
    // A read-only file stays read-only: refuse as a plain open would, although rename could.
    if (t.exists && ::access(t.path.c_str(), W_OK) != 0) fail(path, "cannot write the file", errno);
    replace_atomically(t, path, produce);
}

void write_file_safely(const fs::path& path, std::string_view contents) {
    write_file_safely(path, [contents](const ChunkWriter& write) { write(contents); });
}

void check_writable(const fs::path& path) {
    const Target t = resolve(path);
    if (t.exists) {
        if (::access(path.c_str(), W_OK) != 0) fail(path, "cannot write the file", errno);
        if (t.direct) return;
    } else if (t.direct) {
        return;
    }
    const fs::path folder = folder_of(t.path);
    struct stat info {};
    if (::stat(folder.c_str(), &info) != 0)
        fail(path, "cannot use the folder " + folder.string(), errno);
    if (!S_ISDIR(info.st_mode)) fail(path, folder.string() + " is not a folder", ENOTDIR);
    // Try what the write will do (root ignores permission bits; a read-only mount does not).
    std::string temporary;
    const int fd = make_temporary(folder, t.path, temporary);
    if (fd < 0) fail(path, "cannot create a file in " + folder.string(), errno);
    ::close(fd);
    ::unlink(temporary.c_str());
}

namespace {

// Absolute, normalised, with symlinks resolved, also a last link whose target does not exist yet
// (writing through it creates that target).
fs::path resolved_path(const fs::path& path, std::error_code& ec) {
    fs::path p = fs::absolute(path, ec);
    std::error_code missing;  // not a symlink, or nothing there: weakly_canonical does the rest
    for (int hops = 0; !ec && hops < 40 && fs::is_symlink(p, missing); ++hops) {
        const fs::path target = fs::read_symlink(p, ec);
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    return ec ? p : fs::weakly_canonical(p, ec);
}

}  // namespace

bool same_file_path(const fs::path& a, const fs::path& b) {
    std::error_code ea, eb;
    const fs::path ca = resolved_path(a, ea);
    const fs::path cb = resolved_path(b, eb);
    if (!ea && !eb && ca == cb) return true;
    std::error_code ec;
    return fs::equivalent(a, b, ec) && !ec;
}

}  // namespace reducelab
