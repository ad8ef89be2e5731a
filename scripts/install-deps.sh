#!/usr/bin/env bash
# Installs every Debian 12 package ReduceLab needs to build, test and run. Idempotent.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libqcustomplot-dev libgl-dev
  opencl-clhpp-headers opencl-c-headers ocl-icd-opencl-dev pocl-opencl-icd clinfo
  libgtest-dev libgmock-dev nlohmann-json3-dev libcli11-dev
  oclgrind
  clang libclang-rt-14-dev
  xvfb xauth fonts-noto-cjk
  python3 python3-numpy
  # packaging (cmake/Packaging.cmake): man pages, PNG icons, the desktop and AppStream checks
  help2man librsvg2-bin desktop-file-utils appstream shared-mime-info file dpkg-dev
  libgif-dev chromium libtbb-dev
  # run --mpi (REDUCELAB_MPI, on in CI's release stage)
  openmpi-bin libopenmpi-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
