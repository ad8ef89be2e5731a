#!/usr/bin/env bash
# Verdict audit on one device: every safe catalog variant x float type x arithmetic op x finish
# x fill x size through `reducelab-cli run --json`, counting verdicts (a correct kernel must
# verify: a "not verified" here is a false alarm), then the deliberately wrong ones (the racy
# variants, and broken copies of `contiguous` through REDUCELAB_KERNEL_OVERRIDE_DIR: zero
# result, off-by-one bound, one element in 4096 dropped), which must not verify wherever they
# are wrong. Writes one JSON line per run to $OUT_FILE (default verdicts.jsonl) and a summary.
# Usage: [VARIANTS="..."] [FILLS="..."] bench/scripts/verdict_audit.sh CLI DEVICE [SIZES...]
set -uo pipefail
cli="$1"; device="$2"; shift 2
sizes=("${@:-1000 1048576 16777229}")
out="${OUT_FILE:-verdicts.jsonl}"
: > "$out"
kernels_dir="$(cd "$(dirname "$0")/../../kernels" && pwd)"
run() {  # label args...
  local label="$1"; shift
  local json rc
  json=$("$cli" --device "$device" run --json "$@" 2>/tmp/verdict_err); rc=$?
  printf '{"label":"%s","args":"%s","exit":%d,"result":%s}\n' "$label" "$*" "$rc" \
    "${json:-null}" >> "$out"
  echo "$rc"
}
declare -A tally
variants="${VARIANTS:-contiguous first-add unroll-last unrolled grid-stride vector subgroup warp-shuffle work-group-builtin atomic single-pass best}"
for variant in $variants; do
  for type in float32 float64; do
    for op in sum mean dot product; do
      for finish in host kernel atomic; do
        for fill in ${FILLS:-random randint ones}; do
          for n in ${sizes[@]}; do
            [ "$op" = product ] && [ "$fill" != ones ] && continue  # random products over/underflow
            rc=$(run correct --variant "$variant" --type "$type" --op "$op" --finish "$finish" \
                 --fill "$fill" --n "$n")
            tally["correct exit $rc"]=$(( ${tally["correct exit $rc"]:-0} + 1 ))
          done
        done
      done
    done
  done
done
for variant in unroll-last-racy atomic-zeroing-racy; do
  for type in float32 float64; do
    for fill in random ones; do
      for n in ${sizes[@]}; do
        rc=$(run "racy $variant" --variant "$variant" --type "$type" --fill "$fill" --n "$n")
        tally["racy $variant exit $rc"]=$(( ${tally["racy $variant exit $rc"]:-0} + 1 ))
      done
    done
  done
done
broken=$(mktemp -d)
make_broken() {  # name sed-expression
  mkdir -p "$broken/$1"; sed "$2" "$kernels_dir/contiguous.cl" > "$broken/$1/contiguous.cl"
}
make_broken zero 's/store_group_result(out, scratch\[0\])/store_group_result(out, IDENTITY)/'
make_broken off-by-one 's/i < n ? load_item/i + 1 < n ? load_item/'
make_broken drop-4096 's/i < n ? load_item/(i < n \&\& (i % 4096) != 4095) ? load_item/'
for bug in zero off-by-one drop-4096; do
  for type in float32 float64; do
    for fill in random ones; do
      for n in ${sizes[@]}; do
        rc=$(REDUCELAB_KERNEL_OVERRIDE_DIR="$broken/$bug" run "broken $bug" --variant contiguous \
             --type "$type" --fill "$fill" --n "$n")
        tally["broken $bug exit $rc"]=$(( ${tally["broken $bug exit $rc"]:-0} + 1 ))
      done
    done
  done
done
for k in "${!tally[@]}"; do echo "$k: ${tally[$k]}"; done | sort
