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
# Paths below the source folder are hashed relative to it (and the build folder not at all), so a
# fresh clone of the same commit, CI's included, reuses what another clone compiled.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
cmake --preset "$preset" "$@"
cmake --build --preset "$preset" --parallel "$(nproc)"
