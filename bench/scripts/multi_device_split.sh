#!/usr/bin/env bash
# The split over devices against input size: `reducelab-cli run --devices ... --json` for each
# device alone and for the split over all of them (balanced and even), float32 sum of a random
# input, sizes 2^MIN_EXP .. 2^MAX_EXP; each JSON has both cases (input resident, and with its
# upload). Writes one JSON per run to OUT_DIR and OUT_DIR/multi_device.json with them all;
# bench/scripts/multi_device_chart.py charts it and finds the crossover.
# Usage: [DEVICES="0 1"] [MIN_EXP=20] [MAX_EXP=28] [REPEAT=10] multi_device_split.sh CLI OUT_DIR
set -uo pipefail
cli="$1"
out="$2"
mkdir -p "$out"
devices=(${DEVICES:-0 1})
all="$(IFS=,; echo "${devices[*]}")"
repeat="${REPEAT:-10}"
failed=0
runs=()
one() {  # name args...
  local name="$1"; shift
  if "$cli" run --json --type float32 --op sum --fill random --repeat "$repeat" --warmup 2 "$@" \
      > "$out/$name.json" 2> "$out/$name.err"; then
    rm -f "$out/$name.err"
    runs+=("$out/$name.json")
    echo "$name: verified"
  else
    echo "$name: FAILED ($(head -c 300 "$out/$name.err"))"
    rm -f "$out/$name.json"
    failed=1
  fi
}
for ((e = ${MIN_EXP:-20}; e <= ${MAX_EXP:-28}; e++)); do
  for d in "${devices[@]}"; do one "device$d-2p$e" --devices "$d" --n "2^$e"; done
  one "split-balanced-2p$e" --devices "$all" --split balanced --n "2^$e"
  one "split-even-2p$e" --devices "$all" --split even --n "2^$e"
done
{
  printf '{\n"kind": "reducelab multi-device split",\n"command": "bench/scripts/multi_device_split.sh",\n'
  printf '"date": "%s",\n"runs": [\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  sep=""
  for f in "${runs[@]}"; do printf '%s' "$sep"; cat "$f"; sep=","; done
  printf ']\n}\n'
} > "$out/multi_device.json"
echo "wrote $out/multi_device.json (${#runs[@]} runs)"
exit "$failed"
