#!/usr/bin/env bash
# Takes docs/screenshot-*.png of the real window under a virtual X server (Xvfb), on the default
# OpenCL device. Usage: scripts/screenshots.sh [build-dir]   (default: build/gui)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build/gui}"
cmake --build "$build" --target reducelab_screenshots reducelab_lesson_screenshots
display=":${REDUCELAB_XVFB_DISPLAY:-99}"
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp &
xvfb=$!
trap 'kill "$xvfb"' EXIT
sleep 1
DISPLAY="$display" QT_QPA_PLATFORM=xcb "$build/tests/ui/reducelab_screenshots" "$root/docs"
DISPLAY="$display" QT_QPA_PLATFORM=xcb "$build/tests/ui/reducelab_lesson_screenshots" "$root/docs"
