#!/usr/bin/env bash
# One command from a fresh clone to the whole test suite: installs, builds (release) and runs
# every CTest suite on the default OpenCL device (PoCL on a machine without a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh release
ctest --preset release --parallel 2
