#!/usr/bin/env bash
# Checks that every tracked C++ file is laid out by the repository's .clang-format (a few seconds).
# clang-format's layout changes between major versions, so the check uses the one of Debian 12
# (clang-format-14, installed by install-deps.sh there) and says it skipped where that is absent.
#   bash scripts/check-format.sh          check, listing the files that differ
#   bash scripts/check-format.sh --fix    rewrite them in place
set -uo pipefail
cd "$(dirname "$0")/.."
tool=clang-format-14
if ! command -v "$tool" >/dev/null; then
  echo "check-format: skipped: $tool (Debian 12's clang-format) is not installed"
  exit 0
fi
mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.c' ':!:tests/fuzz/corpus/*')
if [ "${1:-}" = --fix ]; then
  "$tool" -i "${files[@]}"
  echo "check-format: formatted ${#files[@]} files"
  exit 0
fi
# One process for all files; each file that differs is named in a "file:line:col: error" line.
mapfile -t differ < <("$tool" --dry-run --Werror "${files[@]}" 2>&1 |
  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u)
if [ ${#differ[@]} -gt 0 ]; then
  echo "check-format: ${#differ[@]} of ${#files[@]} files differ from .clang-format" \
    "(bash scripts/check-format.sh --fix):"
  printf '  %s\n' "${differ[@]}"
  exit 1
fi
echo "check-format: all ${#files[@]} C++ files match .clang-format"
