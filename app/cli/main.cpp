// reducelab-cli: the headless front end over the engine (no Qt).
#include <csignal>
#include <iostream>

#include "cli.h"

int main(int argc, char** argv) {
    // Past a file-size limit, write() fails with EFBIG and the error names the file (exit 6),
    // instead of SIGXFSZ ending the process with a half-written file.
    std::signal(SIGXFSZ, SIG_IGN);
    // Commands with user kernels (REDUCELAB_KERNEL_OVERRIDE_DIR) run in a child of this program.
    return reducelab::cli::run_cli(argc, argv, std::cout, std::cerr, "/proc/self/exe");
}
