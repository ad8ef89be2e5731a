// Standard output as reducelab-cli writes it: straight to file descriptor 1, keeping the reason
// of the first failed write (a closed pipe, a full disk), so that the exit can name it.
#pragma once

#include <array>
#include <iosfwd>
#include <streambuf>
#include <string>

namespace reducelab::cli {

// A buffered stream buffer over a file descriptor. After the first failed write it drops what
// follows (the stream goes bad) and error() keeps that write's errno.
class DescriptorOutput : public std::streambuf {
  public:
    explicit DescriptorOutput(int fd) : fd_(fd) {
        setp(buffer_.data(), buffer_.data() + buffer_.size());
    }
    ~DescriptorOutput() override { drain(); }
    DescriptorOutput(const DescriptorOutput&) = delete;
    DescriptorOutput& operator=(const DescriptorOutput&) = delete;

    int error() const { return error_; }

  protected:
    int_type overflow(int_type c) override;
    int sync() override;

  private:
    bool drain();
    int fd_;
    int error_ = 0;
    std::array<char, 1 << 16> buffer_{};
};

// "Broken pipe", "No space left on device": why writing to `out` failed (the descriptor's saved
// reason, else errno), empty when not known.
std::string write_failure_reason(const std::ostream& out);

// At exit, as GNU coreutils' close_stdout: flushes `out`, closes descriptor 1 and checks both.
// Returns `code`, or kIoError (6) after one line on `err` when standard output could not be
// written ("reducelab-cli: error: writing standard output: Broken pipe").
int close_standard_output(int code, std::ostream& out, std::ostream& err);

}  // namespace reducelab::cli
