// Must not compile: an OpenCL-facing header private to the engine, included from outside it as
// ui/ or app/ would (tests/CMakeLists.txt expects the compiler to say the file is not found).
#include "launch/runtime.h"

int probe_private_header() {
    return 0;
}
