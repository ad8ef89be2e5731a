#!/usr/bin/env bash
# Issue 19 on the H200: `best` against CUB by the three timing methods (kernel, sustained,
# latency), float32 and int32 sum at 2^10 ... 2^30 (every even power of two), medians of 50
# after 5 warm-up runs, 20 calls per sustained run; sustained and latency six more times per
# side in alternating processes up to 2^26; the latency alternative (mapped result) beside the
# read path up to 2^26; and `best` at 2^28 for the other operations and types, kernel timing,
# beside the measured read ceiling (with the matching CUB calls by all three methods). Every
# file is a results JSON the programs wrote; `reducelab-cli report FILE --compare CUB_FILE`
# tabulates.
# Usage: bench/scripts/timing_h200.sh REDUCELAB_CLI CUB_REDUCE OUT_DIR [DEVICE (default 1)]
# TIMING_PARTS="sums ops" (the default) runs both halves; "sums" or "ops" re-runs one of them
# (the ops half in about 4 minutes) after a change that touches only its figures.
# (On the lent H200, `. bench/scripts/gpu_machine.sh build DIR` builds both and sets $CLI, $CUB.)
# Runs in about 8 minutes on the H200 (405 s and 524 s on 2026-12-02; budget: under 9).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 REDUCELAB_CLI CUB_REDUCE OUT_DIR [DEVICE]" >&2
  exit 2
fi
cli="$1"; cub="$2"; out="$3"; device="${4:-1}"
mkdir -p "$out"
sizes="2^10,2^12,2^14,2^16,2^18,2^20,2^22,2^24,2^26,2^28,2^30"
small_sizes="2^10,2^12,2^14,2^16,2^18,2^20,2^22,2^24,2^26"  # where launch and wait costs show
methods="kernel,sustained,latency"
common=(--repeat 50 --warmup 5 --batch 20)
start=$SECONDS
step() { echo "[$((SECONDS - start)) s] $*" >&2; }
parts=" ${TIMING_PARTS:-sums ops} "
part() { [[ $parts == *" $1 "* ]]; }

# 1. Sum, float32 and int32, all sizes, all three methods: best (read path), best (mapped
#    result path) and CUB, in that order. bench fills random with seed 2026, as cub-reduce.
if part sums; then
step "best, read path"
"$cli" --device "$device" bench --suite sizes --variants best --types float32,int32 --ops sum \
  --sizes "$sizes" --timing "$methods" "${common[@]}" --out "$out/timing-best.json" --progress
step "best, mapped result path"
"$cli" --device "$device" bench --suite sizes --variants best --types float32,int32 --ops sum \
  --sizes "$small_sizes" --timing sustained,latency --result-path mapped "${common[@]}" --no-ceiling \
  --out "$out/timing-best-mapped.json"
step "CUB"
"$cub" --types float32,int32 --ops sum --sizes "$sizes" --timing "$methods" "${common[@]}" \
  --out "$out/timing-cub.json"

# 1b. Sustained time and latency six more times per side up to 2^26, the programs alternating
#     (CUB first in even rounds, best first in odd ones), each run its own process: on the H200
#     one process's latency sits in one mode for its whole life, and the next process may land
#     ~5 us higher or lower, for both programs, whatever core it runs on (bench/results/h200/
#     probes/latency_queues.txt and latency_cores.txt); sustained calls at small n, bound by the
#     host's cost of an enqueue, move between ~5.5 and ~7 us the same way (bench/results/h200/
#     args/). So a point's median needs several processes: timing_table.py pools the seven runs'
#     samples per side.
best_rounds() {
  "$cli" --device "$device" bench --suite sizes --variants best --types float32,int32 --ops sum \
    --sizes "$small_sizes" --timing sustained,latency "${common[@]}" --no-ceiling --out "$1"
}
cub_rounds() {
  "$cub" --types float32,int32 --ops sum --sizes "$small_sizes" --timing sustained,latency \
    "${common[@]}" --out "$1"
}
for round in 2 3 4 5 6 7; do
  if [ $((round % 2)) -eq 0 ]; then
    step "sustained and latency, round $round (CUB, best)"
    cub_rounds "$out/rounds-cub-$round.json"
    best_rounds "$out/rounds-best-$round.json"
  else
    step "sustained and latency, round $round (best, CUB)"
    best_rounds "$out/rounds-best-$round.json"
    cub_rounds "$out/rounds-cub-$round.json"
  fi
done
fi

# 2. Every other operation and type at 2^28, kernel timing, against the read ceiling that each
#    file records (bench measures it first); CUB's matching calls by all three methods.
if part ops; then
step "best at 2^28: 32-bit operations"
"$cli" --device "$device" bench --suite sizes --variants best --types int32 \
  --ops min,max,argmin,argmax,product,and,or,xor,dot --sizes 2^28 --timing kernel \
  "${common[@]}" --out "$out/ops-best-int32.json"
"$cli" --device "$device" bench --suite sizes --variants best --types float32 \
  --ops min,max,argmin,argmax,product,dot --sizes 2^28 --timing kernel "${common[@]}" \
  --out "$out/ops-best-float32.json"
step "best at 2^28: 64-bit sums"
"$cli" --device "$device" bench --suite sizes --variants best --types int64,uint64,float64 \
  --ops sum --sizes 2^28 --timing kernel "${common[@]}" --out "$out/ops-best-64bit.json"
step "best at 2^28: the operations CUB has, all three methods"
"$cli" --device "$device" bench --suite sizes --variants best --types float32,int32 \
  --ops min,max,argmin,argmax,dot --sizes 2^28 --timing "$methods" "${common[@]}" --no-ceiling \
  --out "$out/ops-best-methods.json"
"$cli" --device "$device" bench --suite sizes --variants best --types int64,uint64,float64 \
  --ops sum --sizes 2^28 --timing sustained,latency "${common[@]}" --no-ceiling \
  --out "$out/ops-best-64bit-methods.json"
step "CUB at 2^28"
"$cub" --types float32,int32 --ops min,max,argmin,argmax,dot --sizes 2^28 --timing "$methods" \
  "${common[@]}" --out "$out/ops-cub.json"
"$cub" --types int64,uint64,float64 --ops sum --sizes 2^28 --timing "$methods" "${common[@]}" \
  --out "$out/ops-cub-64bit.json"
fi

step "tables"
{
  if part sums; then
    python3 "$(dirname "$0")/timing_table.py" "$out/timing-best.json" "$out"/rounds-best-*.json \
      --vs "$out/timing-cub.json" "$out"/rounds-cub-*.json
    "$cli" report "$out/timing-best.json" --compare "$out/timing-cub.json"
    "$cli" report "$out/timing-best-mapped.json" --compare "$out/timing-cub.json"
  fi
  if part ops; then
    "$cli" report "$out/ops-best-methods.json" --compare "$out/ops-cub.json"
    "$cli" report "$out/ops-best-64bit-methods.json" --compare "$out/ops-cub-64bit.json"
    "$cli" report "$out/ops-best-int32.json" "$out/ops-best-float32.json" "$out/ops-best-64bit.json"
  fi
} > "$out/tables.md"
step "done: $out"
