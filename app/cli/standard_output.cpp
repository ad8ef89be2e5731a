// Standard output written and closed with every error checked: `run --json | head -c1` or
// `--help > /dev/full` is exit 6 naming the reason, never a silent loss or death by SIGPIPE.
#include "standard_output.h"

#include <unistd.h>

#include <cerrno>
#include <ostream>
#include <system_error>

#include "cli.h"
#include "printable.h"

namespace reducelab::cli {

bool DescriptorOutput::drain() {
    const char* data = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && error_ == 0) {
        const ssize_t written = ::write(fd_, data, left);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            error_ = written < 0 ? errno : ENOSPC;
            break;
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());  // what failed is dropped
    return error_ == 0;
}

DescriptorOutput::int_type DescriptorOutput::overflow(int_type c) {
    if (!drain()) return traits_type::eof();
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
    return c;
}

int DescriptorOutput::sync() {
    return drain() ? 0 : -1;
}

std::string write_failure_reason(const std::ostream& out) {
    const auto* descriptor = dynamic_cast<const DescriptorOutput*>(out.rdbuf());
    const int reason = descriptor && descriptor->error() ? descriptor->error() : errno;
    return reason ? std::error_code(reason, std::generic_category()).message() : std::string();
}

int close_standard_output(int code, std::ostream& out, std::ostream& err) {
    errno = 0;
    std::string reason;
    if (!out.flush()) {
        reason = write_failure_reason(out);
        if (reason.empty()) reason = "cannot write";
    } else if (::close(STDOUT_FILENO) != 0 && errno != EBADF) {
        reason = std::error_code(errno, std::generic_category()).message();
    }
    if (reason.empty()) return code;
    print_error(err, "writing standard output: " + reason);
    return kIoError;
}

}  // namespace reducelab::cli
