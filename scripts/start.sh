#!/usr/bin/env bash
# One command from a fresh clone to the running GUI: installs, builds (release), starts
# ReduceLab on the default OpenCL device. Extra arguments go to the program.
# A build/release already configured (by an earlier start.sh or by scripts/test.sh) is brought
# up to date as it is, not configured again, so nothing already compiled is compiled twice.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f build/release/CMakeCache.txt ]; then
  bash scripts/install-deps.sh
  if command -v ccache >/dev/null && [ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]; then
    export CMAKE_CXX_COMPILER_LAUNCHER=ccache
  fi
  cmake --build build/release --parallel "$(nproc)"
else
  bash scripts/build.sh release
fi
exec ./build/release/app/reducelab "$@"
