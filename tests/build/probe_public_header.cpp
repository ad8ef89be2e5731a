// Compiles: the engine's public API, path-qualified (tests/CMakeLists.txt builds it on demand).
#include "reducelab/engine.h"

int probe_public_header() {
    return static_cast<int>(sizeof(reducelab::RunRequest));
}
