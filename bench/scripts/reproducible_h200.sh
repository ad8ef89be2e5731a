#!/usr/bin/env bash
# The price of reproducibility on the H200: reproducible (correctly rounded, same bits
# everywhere) against best, kahan and pairwise, float32 and float64 sums of the random fill at
# 2^20, 2^24 and 2^28 elements, each `reducelab-cli run --json` (median of REPEAT timed runs
# after WARMUP) written to OUT_DIR/<variant>-<type>-2p<k>.json, and a table of GB/s and
# reproducible's share of best on stdout. Issue 15's target: >= 90 % of best for float32 at 2^28.
# Usage: [DEVICE=1] [REPEAT=50] [WARMUP=5] bench/scripts/reproducible_h200.sh CLI OUT_DIR
# (CLI: e.g. build/h200/app/reducelab-cli; device 1 is the H200 on the lab machine.)
set -uo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 CLI OUT_DIR" >&2
  exit 2
fi
cli="$1"
out="$2"
device="${DEVICE:-1}"
repeat="${REPEAT:-50}"
warmup="${WARMUP:-5}"
mkdir -p "$out" || exit 2
status=0
for type in float32 float64; do
  for k in 20 24 28; do
    for variant in best reproducible kahan pairwise; do
      file="$out/$variant-$type-2p$k.json"
      if ! "$cli" run --device "$device" --variant "$variant" --type "$type" --fill random \
          --n "2^$k" --repeat "$repeat" --warmup "$warmup" --json > "$file" \
          2> "$out/$variant-$type-2p$k.err"; then
        echo "FAILED: $variant $type 2^$k (see $out/$variant-$type-2p$k.err)" >&2
        status=1
      fi
      [ -s "$out/$variant-$type-2p$k.err" ] || rm -f "$out/$variant-$type-2p$k.err"
    done
  done
done
python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
def load(v, t, k):
    try:
        with open(os.path.join(out, f"{v}-{t}-2p{k}.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None
print(f"{'type':8} {'n':5} {'best':>9} {'reproducible':>13} {'kahan':>9} {'pairwise':>9} {'repr/best':>10} verified")
for t in ("float32", "float64"):
    for k in (20, 24, 28):
        runs = {v: load(v, t, k) for v in ("best", "reproducible", "kahan", "pairwise")}
        gbps = {v: (r or {}).get("gbps") for v, r in runs.items()}
        cell = lambda v: f"{gbps[v]:9.1f}" if gbps[v] else f"{'-':>9}"
        share = (f"{100 * gbps['reproducible'] / gbps['best']:9.1f}%"
                 if gbps["reproducible"] and gbps["best"] else f"{'-':>10}")
        ok = all((r or {}).get("verified") for r in runs.values())
        print(f"{t:8} 2^{k:<3} {cell('best')} {cell('reproducible'):>13} {cell('kahan')} "
              f"{cell('pairwise')} {share} {ok}")
PY
exit $status
