#!/usr/bin/env bash
# Determinism audit: `reducelab-cli determinism --json` for the variants that differ in how they
# add floats (trees, grid-stride, atomics, one launch, compensated, pairwise) on every device
# named in DEVICES (default "gpu cpu": the GPU and PoCL on the host CPU), at the default launch
# shapes, with the random and the adversarial `cancel` fill, plus an integer control.
# Writes one JSON report per case to OUT_DIR (default determinism/) and a tally on stdout.
# Usage: [DEVICES="gpu cpu"] [RUNS=8] bench/scripts/determinism_audit.sh CLI [OUT_DIR]
set -uo pipefail
cli="$1"
out="${2:-determinism}"
mkdir -p "$out"
devices="$(echo ${DEVICES:-gpu cpu} | tr ' ' ',')"
runs="${RUNS:-8}"
case_() {  # name args...
  local name="$1"; shift
  "$cli" determinism --json --devices "$devices" --runs "$runs" "$@" > "$out/$name.json" \
    2> "$out/$name.err"
  local rc=$?
  local class
  class=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("class","?"))' \
    "$out/$name.json" 2>/dev/null || echo "no report")
  printf '%-40s exit %d  %s\n' "$name" "$rc" "$class"
  [ -s "$out/$name.err" ] || rm -f "$out/$name.err"
}
for variant in contiguous grid-stride vector atomic single-pass best kahan reproducible \
    pairwise; do
  case_ "$variant-float32-random-2p24" --variant "$variant" --type float32 --fill random --n 2^24
done
for variant in grid-stride best kahan pairwise reproducible; do
  case_ "$variant-float32-cancel-2p20" --variant "$variant" --type float32 --fill cancel --n 2^20
  case_ "$variant-float64-cancel-2p20" --variant "$variant" --type float64 --fill cancel --n 2^20
done
case_ "best-int32-random-2p24" --variant best --type int32 --fill random --n 2^24
