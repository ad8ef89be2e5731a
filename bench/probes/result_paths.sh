#!/usr/bin/env bash
# Builds and runs result_paths.c (see its header) on the first OpenCL platform whose name
# contains $1 (default NVIDIA). Needs a C compiler and the OpenCL headers and loader.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -O2 -Wall -Wextra -o "$out/result_paths" "$here/result_paths.c" ${OPENCL_CFLAGS:-} -lOpenCL
"$out/result_paths" "${1:-NVIDIA}"
