#!/usr/bin/env bash
# Does a process's latency mode on the H200 follow the CPU core it runs on? best and the CUB
# peer, float32 sum 2^16, latency (300 runs after 20 warm-ups), one process per core pinned with
# taskset, every core in turn, twice over. Prints the machine's CPU and NUMA layout first.
# Usage: bench/scripts/latency_cores_h200.sh REDUCELAB_CLI CUB_REDUCE [DEVICE (default 1)]
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 REDUCELAB_CLI CUB_REDUCE [DEVICE]" >&2
  exit 2
fi
cli="$1"; cub="$2"; device="${3:-1}"
lscpu | grep -E "^CPU\(s\)|NUMA|Model name|Socket|Thread"
nvidia-smi topo -m 2>/dev/null | head -5
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT
best() {
  taskset -c "$1" "$cli" --device "$device" run --variant best --type float32 --op sum --n 65536 \
    --fill random --seed 2026 --timing latency --repeat 300 --warmup 20 --json 2>/dev/null |
    python3 -c "import json,sys; p=json.load(sys.stdin); print(round(p['median_us'],1), end=' ')"
}
cub() {
  taskset -c "$1" "$cub" --types float32 --ops sum --sizes 2^16 --timing latency --repeat 300 \
    --warmup 20 --out "$scratch" > /dev/null 2>&1
  python3 -c "import json; p=json.load(open('$scratch'))['points'][0]; print(round(p['median_us'],1), end=' ')"
}
for pass in 1 2; do
  for core in $(seq 0 $(($(nproc) - 1))); do
    echo -n "pass $pass core $core: best "; best "$core"; echo -n " cub "; cub "$core"; echo
  done
done
