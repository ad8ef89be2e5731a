#!/usr/bin/env bash
# Installs the dependencies, then configures and builds ReduceLab with a CMake preset
# (default: release). Usage: scripts/build.sh [preset] [-DVAR=VALUE ...]
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
shift || true
bash scripts/install-deps.sh
# ccache (installed by install-deps.sh) makes a rebuild after a small change, or a second build
# folder of the same preset, compile only what changed.
if command -v ccache >/dev/null && [ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
cmake --preset "$preset" "$@"
cmake --build --preset "$preset" --parallel "$(nproc)"
