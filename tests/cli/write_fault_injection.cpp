// Test-only write faults for the fault-injecting CLI (reducelab_cli_write_faults): this file
// defines write() itself, so every write in the process reaches it first. With
// REDUCELAB_WRITE_FAULT=<text> set, a write to a file whose path contains <text> puts half of its
// bytes down and then fails with ENOSPC, as a disk that fills up mid-file does; every other write
// goes to the kernel unchanged. Root ignores permissions, so this is how the tests make a write
// fail for real.
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

namespace {

bool armed_for(int fd) {
    static const char* text = std::getenv("REDUCELAB_WRITE_FAULT");
    if (!text || !*text) return false;
    char target[4096];
    const std::string link = "/proc/self/fd/" + std::to_string(fd);
    const ssize_t length = ::readlink(link.c_str(), target, sizeof target - 1);
    if (length <= 0) return false;
    return std::string(target, static_cast<std::size_t>(length)).find(text) != std::string::npos;
}

}  // namespace

extern "C" ssize_t write(int fd, const void* data, size_t size) {
    if (fd > 2 && size > 0 && armed_for(fd)) {
        const long half = ::syscall(SYS_write, fd, data, size / 2);
        if (half > 0 && static_cast<size_t>(half) < size) return half;
        errno = ENOSPC;
        return -1;
    }
    return ::syscall(SYS_write, fd, data, size);
}
