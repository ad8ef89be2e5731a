// reducelab-cli: the headless front end over the engine (no Qt).
#include <csignal>
#include <exception>
#include <iostream>
#include <new>

#include "cli.h"
#include "printable.h"
#include "reducelab/memory_limits.h"
#include "standard_output.h"

int main(int argc, char** argv) {
    // Memory for the unwinding and the one error line when an allocation fails.
    reducelab::keep_out_of_memory_reserve();
    // Past a file-size limit, write() fails with EFBIG and the error names the file (exit 6),
    // instead of SIGXFSZ ending the process with a half-written file.
    std::signal(SIGXFSZ, SIG_IGN);
    // A reader that went away (`reducelab-cli trace | head`) is a write error, exit 6 with one
    // line, not a silent death by SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    reducelab::cli::DescriptorOutput standard_output(1);
    std::ostream out(&standard_output);
    // run_cli reports its commands' failures; this catches what escapes it (the parser's own
    // allocations), so that no exception ends the process with SIGABRT.
    int code = reducelab::cli::kDeviceFailure;
    try {
        // Commands with user kernels (REDUCELAB_KERNEL_OVERRIDE_DIR) run in a child of this
        // program.
        code = reducelab::cli::run_cli(argc, argv, out, std::cerr, "/proc/self/exe");
    } catch (const std::bad_alloc&) {
        reducelab::cli::print_error(std::cerr, reducelab::cli::out_of_memory_message());
    } catch (const std::exception& e) {
        reducelab::cli::print_error(std::cerr, e.what());
    }
    return reducelab::cli::close_standard_output(code, out, std::cerr);
}
