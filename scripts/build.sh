#!/usr/bin/env bash
# Installs the dependencies, then configures and builds ReduceLab with a CMake preset
# (default: release). Usage: scripts/build.sh [preset] [-DVAR=VALUE ...]
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
shift || true
bash scripts/install-deps.sh
cmake --preset "$preset" "$@"
cmake --build --preset "$preset" --parallel "$(nproc)"
