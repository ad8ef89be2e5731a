#!/usr/bin/env bash
# On the GPU machine (PoCL's CPU device = 0, the H200 = 1): each device alone and the split over
# both, balanced and even, float32 sum, 2^20 .. 2^28 elements, input resident and with upload.
# Usage: bench/scripts/multi_device_h200.sh CLI OUT_DIR   (then commit OUT_DIR/multi_device.json
# as bench/results/h200/multi_device.json; multi_device_chart.py charts it)
set -uo pipefail
DEVICES="${DEVICES:-0 1}" MIN_EXP=20 MAX_EXP=28 bash "$(dirname "$0")/multi_device_split.sh" "$@"
