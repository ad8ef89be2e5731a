#!/usr/bin/env bash
# Building the headless CLI and the CUB peer on a GPU machine that has a compiler, CMake and
# CUDA but no package registry (the lent H200: Ubuntu 24.04, nothing installs there).
#
#   bench/scripts/gpu_machine.sh fetch DIR   on a Debian 12 machine with apt: downloads the
#                                            Debian packages the build needs (headers, oneTBB,
#                                            giflib) and unpacks them under DIR/root
#   . bench/scripts/gpu_machine.sh build DIR on the GPU machine, sourced: configures and builds
#                                            reducelab-cli and cub-reduce in /tmp/reducelab-gpu
#                                            and exports CLI, CUB and LD_LIBRARY_PATH (Debian's
#                                            oneTBB and giflib, which the machine lacks)
#
# REDUCELAB_GPU_CMAKE_ARGS adds configure options (for example -DREDUCELAB_WERROR=ON, to check
# that the headless build is warning-clean on that machine's compiler).
# DIR travels with the working tree: keep it git-ignored and name it in the device tool's
# `carry` (about 7 MiB). Then, for example: bench/scripts/timing_h200.sh "$CLI" "$CUB" OUT.
packages=(opencl-clhpp-headers opencl-c-headers nlohmann-json3-dev libcli11-dev libfmt-dev libfmt9
  libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5 libgif-dev libgif7)

gpu_fetch() {
    local dir=$1
    mkdir -p "$dir/root" || return 1
    (cd "$dir" && apt-get download "${packages[@]}") || return 1
    local deb
    for deb in "$dir"/*.deb; do dpkg -x "$deb" "$dir/root" || return 1; done
    echo "gpu_machine: ${#packages[@]} packages unpacked under $dir/root"
}

gpu_build() {
    local dir source build=/tmp/reducelab-gpu
    dir=$(cd "$1" && pwd) || return 1
    source=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    local usr="$dir/root/usr"
    [ -d "$usr/include/CL" ] || { echo "gpu_machine: no headers under $usr: run fetch first" >&2; return 1; }
    # The loader is there as libOpenCL.so.1 only (no development link).
    local loader
    loader=$(ls /usr/lib/x86_64-linux-gnu/libOpenCL.so* 2>/dev/null | head -1)
    [ -n "$loader" ] || { echo "gpu_machine: no libOpenCL.so on this machine" >&2; return 1; }
    mkdir -p "$build/lib" && ln -sf "$loader" "$build/lib/libOpenCL.so"
    local nvcc=/usr/local/cuda/bin/nvcc
    [ -x "$nvcc" ] || nvcc=$(command -v nvcc)
    cmake -S "$source" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$usr" \
        -DOpenCL_INCLUDE_DIR="$usr/include" -DOpenCL_LIBRARY="$build/lib/libOpenCL.so" \
        -DREDUCELAB_BUILD_GUI=OFF -DREDUCELAB_BUILD_TESTS=OFF -DREDUCELAB_BUILD_CUB=ON \
        ${REDUCELAB_GPU_CMAKE_ARGS:-} \
        ${nvcc:+-DCMAKE_CUDA_COMPILER="$nvcc"} >"$build/configure.log" 2>&1 ||
        { tail -30 "$build/configure.log" >&2; return 1; }
    cmake --build "$build" -j "$(nproc)" --target reducelab-cli cub-reduce >"$build/build.log" 2>&1 ||
        { grep -iE 'error' "$build/build.log" | head -30 >&2; return 1; }
    export LD_LIBRARY_PATH="$usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export CLI="$build/app/reducelab-cli" CUB="$build/bench/cub/cub-reduce"
    echo "gpu_machine: built $CLI and $CUB"
}

case "${1:-}" in
    fetch) [ $# -eq 2 ] && gpu_fetch "$2" ;;
    build) [ $# -eq 2 ] && gpu_build "$2" ;;
    *) echo "usage: $0 fetch DIR | . $0 build DIR" >&2; false ;;
esac
