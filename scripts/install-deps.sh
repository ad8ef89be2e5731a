#!/usr/bin/env bash
# Installs every package ReduceLab needs to build, test and run, picked by release from
# /etc/os-release: Debian 13 (trixie) and Debian 12 (bookworm), and Ubuntu 24.04 for the
# headless build of GPU machines. Idempotent.
#   REDUCELAB_DEPS_PRINT=1 bash scripts/install-deps.sh   prints the list and installs nothing
set -euo pipefail

. /etc/os-release
release="${ID:-unknown}-${VERSION_ID:-unknown}"

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  # Qt's own translations (qtbase_zh_CN.qm ...): the standard dialog buttons in the GUI's language
  qt6-translations-l10n
  libqcustomplot-dev libgl-dev
  # ICU's word segmentation, so that Chinese text wraps between words
  libicu-dev
  opencl-clhpp-headers opencl-c-headers ocl-icd-opencl-dev pocl-opencl-icd clinfo
  libgtest-dev libgmock-dev nlohmann-json3-dev libcli11-dev libfmt-dev
  clang
  xvfb xauth fonts-noto-cjk
  python3 python3-numpy python3-jsonschema
  # packaging (cmake/Packaging.cmake): man pages, PNG icons, the desktop and AppStream checks
  help2man librsvg2-bin desktop-file-utils appstream shared-mime-info file dpkg-dev
  libgif-dev chromium libtbb-dev
  # run --mpi (REDUCELAB_MPI, on in CI's release stage)
  openmpi-bin libopenmpi-dev
)
# What differs by release: clang's runtime (LeakSanitizer and libFuzzer for the fuzz preset)
# follows each release's clang, and Oclgrind is not packaged in Debian 13, where its race-check
# suites report themselves skipped (README, Install).
case "$release" in
  # clang-format-14: scripts/check-format.sh (CI) lays the tree out with Debian 12's version
  debian-12) packages+=(libclang-rt-14-dev oclgrind clang-format-14) ;;
  debian-13) packages+=(libclang-rt-19-dev) ;;
  ubuntu-24.04) packages+=(libclang-rt-18-dev oclgrind) ;;
  *)
    echo "install-deps: ${PRETTY_NAME:-this system} is not one ReduceLab is tested on" \
      "(Debian 13, Debian 12, Ubuntu 24.04); installing Debian 12's list without Oclgrind and" \
      "clang's runtime" >&2
    ;;
esac

if [ "${REDUCELAB_DEPS_PRINT:-0}" = 1 ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages for $release already installed"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "install-deps ($release): installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
