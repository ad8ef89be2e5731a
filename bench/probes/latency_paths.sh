#!/usr/bin/env bash
# Builds and runs latency_paths.c (see its header) on the first OpenCL platform whose name
# contains $1 (default NVIDIA), with a kernel reducing $2 floats (default 256).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -O2 -Wall -Wextra -o "$out/latency_paths" "$here/latency_paths.c" ${OPENCL_CFLAGS:-} -lOpenCL
"$out/latency_paths" "${1:-NVIDIA}" "${2:-256}"
