#!/usr/bin/env bash
# One command from a fresh clone to the running GUI: installs, builds (release), starts
# ReduceLab on the default OpenCL device. Extra arguments go to the program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh release
exec ./build/release/app/reducelab "$@"
