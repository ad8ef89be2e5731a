// reducelab-cli: the headless front end over the engine (no Qt).
#include <iostream>

#include "cli.h"

int main(int argc, char** argv) {
    // Commands with user kernels (REDUCELAB_KERNEL_OVERRIDE_DIR) run in a child of this program.
    return reducelab::cli::run_cli(argc, argv, std::cout, std::cerr, "/proc/self/exe");
}
