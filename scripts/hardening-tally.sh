#!/usr/bin/env bash
# The bad-input catalogue's tally, by category, as the README's Testing section states it:
# every case of the CLI catalogue (tests/hardening/cli_bad_inputs_test.cpp, listed without running
# it: REDUCELAB_CATALOGUE_LIST=1) and of the engine's (tests/hardening/bad_inputs_test.cpp, run:
# it needs the device), the exit-code contract's edges (cli_contract_test.cpp) and the memory
# bounds (memory_test.cpp), both run, plus the files of the numpy differential corpus.
# Usage: bash scripts/hardening-tally.sh [BUILD_DIR]   (default build/release; build the
# hardening_* tests first)
set -euo pipefail
build=${1:-build/release}
here=$(cd "$(dirname "$0")/.." && pwd)
cases=$(
  {
    REDUCELAB_CATALOGUE_LIST=1 "$build/tests/hardening/hardening_cli_test" \
      --gtest_filter='CliBadInputs.*' --gtest_brief=1 ||
      echo "hardening-tally: listing the CLI catalogue failed" >&2
    "$build/tests/hardening/hardening_engine_test" --gtest_filter='BadInputs.*' --gtest_brief=1 ||
      echo "hardening-tally: an engine catalogue case failed (counted all the same)" >&2
    # The contract's edges and the memory bounds (run: they need the device and the CLI).
    for suite in hardening_cli_contract_test hardening_memory_test; do
      "$build/tests/hardening/$suite" --gtest_brief=1 ||
        echo "hardening-tally: a case of $suite failed (counted all the same)" >&2
    done
  } | sed -n 's/^catalogue case \([A-Za-z]*\):.*/\1/p'
)
echo "$cases" | sort | uniq -c | sort -rn
echo "$(echo "$cases" | wc -l) hostile cases in the catalogue, each with its exit code (CLI) or error kind (engine) and message checked"
corpus=$(python3 -B -c "import sys; sys.path.insert(0, '$here/tests/npy_parity'); import make_npy_corpus; print(len(make_npy_corpus.cases()))")
echo "$corpus .npy files in the numpy differential corpus (npy_parity_test)"
