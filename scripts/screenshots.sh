#!/usr/bin/env bash
# Regenerates docs/screenshot-*.png from the real window under a virtual X server (Xvfb), on the
# default OpenCL device: the main window, the step view, the tuning chart and presentation mode,
# the lesson in English, 简体中文 and 繁體中文, the Determinism & accuracy and Split across devices
# windows, all at 1280x720 (a classroom projector; set
# SIZE=1920x1080 for another). Each PNG is reduced with optipng when it is installed.
# Usage: [SIZE=1280x720] scripts/screenshots.sh [build-dir]   (default: build/gui)
# Exit status: 0 when every screenshot was written, 1 otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build/gui}"
size="${SIZE:-1280x720}"
cmake --build "$build" --target reducelab_screenshots reducelab_lesson_screenshots \
  reducelab_window_screenshots
display=":${REDUCELAB_XVFB_DISPLAY:-99}"
# The screen is larger than the window so that nothing clips it.
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp &
xvfb=$!
trap 'kill "$xvfb"' EXIT
sleep 1
DISPLAY="$display" QT_QPA_PLATFORM=xcb "$build/tests/ui/reducelab_screenshots" "$root/docs" "$size"
DISPLAY="$display" QT_QPA_PLATFORM=xcb "$build/tests/ui/reducelab_lesson_screenshots" "$root/docs" \
  "$size"
# The split window wants two devices: PoCL gives two CPU devices with this.
DISPLAY="$display" QT_QPA_PLATFORM=xcb POCL_DEVICES="pthread pthread" \
  "$build/tests/ui/reducelab_window_screenshots" "$root/docs" "$size"
if command -v optipng > /dev/null; then
  optipng -quiet -o2 "$root"/docs/screenshot-*.png
fi
ls -l "$root"/docs/screenshot-*.png
