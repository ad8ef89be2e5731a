#!/usr/bin/env bash
# One command from a fresh clone to the whole test suite: installs, builds and runs
#   1. every CTest suite of the `release` preset on the default OpenCL device (PoCL on a machine
#      without a GPU), Oclgrind race checks included, with MPI (run --mpi under mpirun);
#   2. the suites again under AddressSanitizer + UndefinedBehaviorSanitizer (`dev-asan` preset:
#      every suite but the kernel-catalog matrix (and the recipe test's matrix on its new row),
#      the Oclgrind race checks and the soak, which exercise kernels, not host memory, and would
#      take CI past its time budget; see docs/testing.md);
#   3. the libFuzzer targets for a bounded time each (`fuzz` preset, clang).
# Every stage runs even when an earlier one fails; the exit status is non-zero if any failed.
# REDUCELAB_TEST_STAGES="release asan fuzz" (the default) picks stages.
set -uo pipefail
cd "$(dirname "$0")/.."
stages="${REDUCELAB_TEST_STAGES:-release asan fuzz}"
failed=()

stage() {  # name preset [-DVAR=VALUE ...]
  local name="$1" preset="$2" start=$SECONDS
  shift 2
  echo "=== test.sh: ${name}: build and test (preset ${preset})"
  # -Werror here (CI and developers), not in the user's build (scripts/start.sh).
  if bash scripts/build.sh "$preset" -DREDUCELAB_WERROR=ON "$@" && ctest --preset "$preset" --parallel 2; then
    echo "=== test.sh: ${name}: passed in $((SECONDS - start)) s"
  else
    echo "=== test.sh: ${name}: FAILED after $((SECONDS - start)) s"
    failed+=("$name")
  fi
}

for s in $stages; do
  case "$s" in
    # run --mpi and its mpirun tests (issue 16) are built in the release stage
    release) stage release release -DREDUCELAB_MPI=ON ;;
    asan) stage "sanitizers (ASan + UBSan)" dev-asan ;;
    fuzz) stage fuzzing fuzz ;;
    *) echo "test.sh: unknown stage '$s' (release, asan, fuzz)" >&2; exit 2 ;;
  esac
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "=== test.sh: FAILED: ${failed[*]} (total $SECONDS s)"
  exit 1
fi
echo "=== test.sh: all stages passed (total $SECONDS s)"
