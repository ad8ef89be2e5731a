// The engine's own sources reach an Engine's device runtime here (Engine befriends EngineAccess),
// so that the public engine.h names no OpenCL-facing type.
#pragma once

#include "launch/runtime.h"
#include "reducelab/engine.h"

namespace reducelab {

struct EngineAccess {
    static detail::DeviceRuntime& runtime(Engine& engine);
};

}  // namespace reducelab
