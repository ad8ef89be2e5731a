#!/usr/bin/env bash
# Local sizes 512 and 1024 on NVIDIA (issue 14, item 6): the driver reports
# CL_KERNEL_WORK_GROUP_SIZE = 256 for every kernel; the engine now derives the real limit from
# ptxas's register count (-cl-nv-verbose). This runs `run --json` and `trace --json` at local sizes
# 256, 512 and 1024 for several variants, and a small `tune` over 256..1024, on DEVICE (default 1,
# the H200 beside PoCL), and writes one JSON per case plus summary.json (exit code, verified,
# value, local size used, the trace's max_local_size) into OUT_DIR.
# Usage: [DEVICE=1] bench/scripts/nvidia_local_sizes.sh CLI OUT_DIR
# Exit status: 0 when every case ran (racy variants may give wrong sums), 1 when a case failed,
# 2 for bad arguments.
set -uo pipefail
if [ $# -ne 2 ] || [ ! -x "$1" ]; then
  echo "usage: [DEVICE=1] $0 PATH/TO/reducelab-cli OUT_DIR" >&2
  exit 2
fi
cli="$1"
out="$2"
device="${DEVICE:-1}"
mkdir -p "$out" || exit 2
"$cli" devices --json > "$out/devices.json" 2> "$out/devices.err"
failed=0
cases=()
case_() {  # name command args...
  local name="$1"; shift
  "$cli" --device "$device" "$@" > "$out/$name.json" 2> "$out/$name.err"
  local rc=$?
  [ -s "$out/$name.err" ] || rm -f "$out/$name.err"
  cases+=("$name:$rc")
  [ "$rc" -eq 0 ] || failed=1
  printf '%-44s exit %d\n' "$name" "$rc"
}
for local in 256 512 1024; do
  for variant in interleaved contiguous first-add unroll-last unroll-last-racy grid-stride \
      vector atomic atomic-zeroing-racy best; do
    case_ "run-$variant-l$local" run --variant "$variant" --type int32 --fill ones --n 2^24 \
      --local-size "$local" --repeat 5 --warmup 1 --json
  done
  for variant in interleaved contiguous first-add; do
    case_ "trace-$variant-l$local" trace --variant "$variant" --local-size "$local" --fill ramp --json
  done
done
# Auto-tuning considers 512 and 1024 (the tuning file lands in OUT_DIR).
case_ "tune-256-1024" tune --types float32 --ops sum --sizes 2^22 --local-sizes 256,512,1024 \
  --repeat 3 --out "$out/tuning.json"
python3 - "$out" "${cases[@]}" <<'PY'
import json, os, sys
out, cases = sys.argv[1], sys.argv[2:]
summary = []
for entry in cases:
    name, rc = entry.rsplit(":", 1)
    row = {"case": name, "exit": int(rc)}
    try:
        with open(os.path.join(out, name + ".json")) as f:
            doc = json.load(f)
        if isinstance(doc, dict):
            for key in ("verified", "local_size", "max_local_size", "value_text",
                        "reference_text", "gbps", "total_ms"):
                if key in doc:
                    row[key] = doc[key]
            if "total_us" in doc:  # results version 2: microseconds
                row["total_ms"] = doc["total_us"] / 1000.0
            launched = doc.get("launched")
            if isinstance(launched, dict):  # run --json: the launch actually made
                row["local_size"] = launched.get("local_size")
                row["build_options"] = launched.get("build_options")
    except (OSError, ValueError):
        row["json"] = "none"
    summary.append(row)
with open(os.path.join(out, "summary.json"), "w") as f:
    json.dump(summary, f, indent=1)
print(f"{sum(r['exit'] == 0 for r in summary)}/{len(summary)} cases ran; summary in {out}/summary.json")
PY
exit "$failed"
