#!/usr/bin/env bash
# Builds and runs latency_queues.c (see its header) on the first OpenCL platform whose name
# contains $1 (default NVIDIA).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -O2 -Wall -Wextra -o "$out/latency_queues" "$here/latency_queues.c" ${OPENCL_CFLAGS:-} -lOpenCL
"$out/latency_queues" "${1:-NVIDIA}"
