#!/usr/bin/env bash
# The bandwidth ceiling's spread on each device: `reducelab-cli bench ladder` on one small rung
# with the ceiling measured RUNS times (fresh buffers each run), so the results JSON keeps every
# sample (ceiling.copy_samples_gbps, ceiling.read_samples_gbps); prints median and 10th/90th
# percentile per device.
# Usage: [RUNS=9] bench/scripts/ceiling_spread.sh CLI OUT_DIR [DEVICE...]   (default devices: 0 1)
set -euo pipefail
cli="$1"; out="$2"; shift 2
devices=("${@:-0 1}")
mkdir -p "$out"
for device in ${devices[@]}; do
  file="$out/ceiling-device$device.json"
  "$cli" --device "$device" bench --suite ladder --variants contiguous --sizes 2^20 --repeat 5 --warmup 1 \
    --ceiling-runs "${RUNS:-9}" --out "$file"
  python3 - "$file" <<'PY'
import json, math, sys
c = json.load(open(sys.argv[1]))["ceiling"]
for kind in ("copy", "read"):
    s = sorted(c[kind + "_samples_gbps"])
    # Linear interpolation between the closest ranks, as the engine's percentile (NumPy's default).
    def rank(q):
        x = q * (len(s) - 1); lo = math.floor(x); hi = min(lo + 1, len(s) - 1)
        return s[lo] + (x - lo) * (s[hi] - s[lo])
    print(f"{sys.argv[1]}: {kind} ceiling {c[kind + '_gbps']:.1f} GB/s "
          f"({rank(0.1):.1f}-{rank(0.9):.1f}, {c['runs']} runs, {len(s)} samples)")
PY
done
