// reducelab-cli: the headless front end over the engine (no Qt).
#include <iostream>

#include "cli.h"

int main(int argc, char** argv) {
    return reducelab::cli::run_cli(argc, argv, std::cout, std::cerr);
}
