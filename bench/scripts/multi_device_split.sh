#!/usr/bin/env bash
# The split over devices against input size: `reducelab-cli run --devices ... --json` for each
# device alone and for the split over all of them (each of SPLITS: balanced, even, force and
# end-to-end unless told), sum of a random input of TYPE (float32 unless told), sizes 2^MIN_EXP .. 2^MAX_EXP (or the
# exponents listed in EXPS); each JSON has both cases (input resident, and with its upload) and
# the planner's prediction. A device alone that cannot hold the whole input (exit 4) is recorded
# as not fitting, not as a failure: the split still runs. Writes one JSON per run to OUT_DIR and OUT_DIR/multi_device.json with them all;
# bench/scripts/multi_device_chart.py charts it and finds the crossover.
# Usage: [DEVICES="0 1"] [TYPE=int32] [MIN_EXP=20] [MAX_EXP=28 | EXPS="24 28 30"] [SPLITS="balanced even"]
#        [REPEAT=10] multi_device_split.sh CLI OUT_DIR
set -uo pipefail
cli="$1"
out="$2"
mkdir -p "$out"
devices=(${DEVICES:-0 1})
all="$(IFS=,; echo "${devices[*]}")"
repeat="${REPEAT:-10}"
splits=(${SPLITS:-balanced even force end-to-end})
exps=(${EXPS:-$(seq "${MIN_EXP:-20}" "${MAX_EXP:-28}")})
failed=0
runs=()
one() {  # name args...
  local name="$1"; shift
  "$cli" run --json --type "${TYPE:-float32}" --op sum --fill random --repeat "$repeat" --warmup 2 "$@" \
      > "$out/$name.json" 2> "$out/$name.err"
  local status=$?
  if [ "$status" -eq 0 ]; then
    rm -f "$out/$name.err"
    runs+=("$out/$name.json")
    echo "$name: verified"
  elif [ "$status" -eq 4 ] && [ "${name#device}" != "$name" ]; then
    echo "$name: does not fit that device alone ($(head -c 300 "$out/$name.err"))"
    rm -f "$out/$name.json"
  else
    echo "$name: FAILED ($(head -c 300 "$out/$name.err"))"
    rm -f "$out/$name.json"
    failed=1
  fi
}
for e in "${exps[@]}"; do
  for d in "${devices[@]}"; do one "device$d-2p$e" --devices "$d" --n "2^$e"; done
  for s in "${splits[@]}"; do one "split-$s-2p$e" --devices "$all" --split "$s" --n "2^$e"; done
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
