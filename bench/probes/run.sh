#!/usr/bin/env bash
# Builds and runs one probe: bench/probes/run.sh PROBE [PLATFORM_SUBSTRING [ARGS...]]
# (PROBE: result_paths, latency_paths, latency_queues, host_result, read_behind, enqueue_cost,
# upload_paths or cpu_latency; see each .c file's header). The probe runs on the first OpenCL
# platform whose name contains PLATFORM_SUBSTRING (default NVIDIA).
# Needs a C compiler and the OpenCL headers and loader ($OPENCL_CFLAGS adds -I/-L flags).
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 PROBE [PLATFORM_SUBSTRING [ARGS...]]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
probe="$1"
shift
if [ ! -f "$here/$probe.c" ]; then
  echo "$0: no probe named '$probe' in $here" >&2
  exit 2
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -O2 -Wall -Wextra -o "$out/$probe" "$here/$probe.c" ${OPENCL_CFLAGS:-} -lOpenCL
"$out/$probe" "${1:-NVIDIA}" "${@:2}"
