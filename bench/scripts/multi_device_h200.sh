#!/usr/bin/env bash
# On the GPU machine (PoCL's CPU device = 0, the H200 = 1): each device alone and the split over
# both, balanced and even, float32 sum, 2^20 .. 2^28 elements, input resident and with upload.
# Usage: bench/scripts/multi_device_h200.sh CLI OUT_DIR   (then commit OUT_DIR/multi_device.json
# as bench/results/h200/multi_device.json; multi_device_chart.py charts it)
set -uo pipefail
DEVICES="${DEVICES:-0 1}" MIN_EXP=20 MAX_EXP=28 bash "$(dirname "$0")/multi_device_split.sh" "$@"
status=$?
# The node level on one machine: two MPI ranks (rank 0 on device 0, rank 1 on device 1), where
# the CLI was built with -DREDUCELAB_MPI=ON and mpirun exists; skipped otherwise.
if command -v mpirun > /dev/null && "$1" run --mpi --n 1 2>&1 | grep -qv "built without MPI"; then
  for n in 20 24 28; do
    mpirun --allow-run-as-root --oversubscribe -n 2 "$1" run --mpi --json --type float32 \
      --fill random --n "2^$n" --repeat 10 --warmup 2 > "$2/mpi-2ranks-2p$n.json" || status=1
  done
else
  echo "run --mpi skipped: no mpirun, or a CLI built without -DREDUCELAB_MPI=ON"
fi
exit "$status"
