#!/usr/bin/env bash
# The .deb as a user gets it: builds it with CPack from a configured and built tree, checks its
# control fields and contents, then runs the installed programs from a directory outside the
# source tree: `reducelab-cli run --preset seed-000` must verify, the GUI must stay up
# offscreen for a few seconds.
#   check_package.sh BUILD_DIR            unpack with dpkg-deb -x into a temporary prefix (no root)
#   check_package.sh BUILD_DIR --install  apt-get install ./reducelab_*.deb, run from /usr/bin (CI, root)
set -euo pipefail
build_dir="$(cd "${1:?usage: check_package.sh BUILD_DIR [--install]}" && pwd)"
mode="${2:-unpack}"
source_dir="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/reducelab-package.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "check_package: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check_package: ok: $*"; }

# 1. Build the package (into the scratch directory: the build tree is left as it was).
start=$SECONDS
cpack --config "$build_dir/CPackConfig.cmake" -G DEB -B "$work/cpack" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log" >&2; echo "check_package: FAIL: cpack" >&2; exit 1; }
deb="$(ls "$work"/cpack/reducelab_*.deb)"
echo "check_package: built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) in $((SECONDS - start)) s"

# 2. Control fields: shlibdeps found the libraries, the ICD loader and PoCL are named.
field() { dpkg-deb -f "$deb" "$1"; }
depends="$(field Depends)"
for needed in ocl-icd-libopencl1 libqt6widgets6 libc6; do
    [[ "$depends" == *"$needed"* ]] && pass "Depends names $needed" || fail "Depends lacks $needed: $depends"
done
[[ "$(field Recommends)" == *pocl-opencl-icd* ]] && pass "Recommends pocl-opencl-icd" ||
    fail "Recommends: $(field Recommends)"
[[ "$(field Recommends)" == *qt6-translations-l10n* ]] && pass "Recommends qt6-translations-l10n" ||
    fail "Recommends: $(field Recommends)"
version="$(field Version)"
# The version names the release it was built on (cmake/Packaging.cmake, from /etc/os-release).
os_id="$(. /etc/os-release && echo "${ID:-}")"
os_version="$(. /etc/os-release && echo "${VERSION_ID:-}")"
case "$os_id:$os_version" in
    debian:[0-9]*) suffix="~deb$os_version" ;;
    ubuntu:[0-9]*.[0-9]*) suffix="~ubuntu$os_version" ;;
    *) suffix="" ;;
esac
upstream="${version%%~*}"
[ "$version" = "$upstream$suffix" ] && pass "Version $version names this release ($os_id $os_version)" ||
    fail "Version $version, expected $upstream$suffix on $os_id $os_version"
[ "$(basename "$deb")" = "reducelab_${version}_$(dpkg --print-architecture).deb" ] &&
    pass "file name $(basename "$deb")" || fail "file name $(basename "$deb") for version $version"

# 3. Contents: the programs and the desktop integration in the standard places.
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/contents"
for path in /usr/bin/reducelab /usr/bin/reducelab-cli /usr/bin/reducelab-render \
    /usr/share/doc/reducelab/copyright /usr/share/man/man1/reducelab-render.1.gz \
    /usr/share/applications/io.github.reducelab.ReduceLab.desktop \
    /usr/share/metainfo/io.github.reducelab.ReduceLab.metainfo.xml \
    /usr/share/mime/packages/io.github.reducelab.ReduceLab.xml \
    /usr/share/icons/hicolor/scalable/apps/io.github.reducelab.ReduceLab.svg \
    /usr/share/icons/hicolor/48x48/apps/io.github.reducelab.ReduceLab.png \
    /usr/share/icons/hicolor/256x256/apps/io.github.reducelab.ReduceLab.png \
    /usr/share/man/man1/reducelab-cli.1.gz /usr/share/man/man1/reducelab.1.gz \
    /usr/share/bash-completion/completions/reducelab-cli; do
    grep -qx "$path" "$work/contents" && pass "ships $path" || fail "missing $path"
done

# 4. Nothing refers to the source or build tree (kernels, tuning files, translations embedded).
dpkg-deb -x "$deb" "$work/root"
if grep -rlF -e "$source_dir/" -e "$build_dir/" "$work/root" >"$work/tree-refs"; then
    fail "files naming the source or build tree: $(tr '\n' ' ' <"$work/tree-refs")"
else
    pass "no file names $source_dir or $build_dir"
fi

if [ "$mode" = --install ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >"$work/apt.log" 2>&1 ||
        { cat "$work/apt.log" >&2; fail "apt-get install $deb"; exit 1; }
    pass "apt-get install $(basename "$deb")"
    prefix=/usr
else
    prefix="$work/root/usr"
fi
cli="$prefix/bin/reducelab-cli"
gui="$prefix/bin/reducelab"
render="$prefix/bin/reducelab-render"

# 4b. The licence: copyright-format 1.0, the project's files GPL-3.0-or-later, every licence
# named has its text, and every library the programs link (but the C/C++ runtime) is listed.
linked=()
for program in "$cli" "$gui" "$render"; do
    while read -r lib; do
        case "$(basename "$lib")" in libc.so* | libm.so* | libstdc++.so* | libgcc_s.so* | ld-linux*) ;;
            *) linked+=("$(readlink -f "$lib")") ;;
        esac
    done < <(readelf -d "$program" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' |
        while read -r needed; do ldd "$program" | awk -v n="$needed" '$1 == n {print $3}'; done)
done
if python3 "$source_dir/tests/package/check_copyright.py" "$prefix/share/doc/reducelab/copyright" \
    --project-license GPL-3.0-or-later --covers "${linked[@]}" >"$work/copyright.log" 2>&1; then
    pass "copyright is copyright-format 1.0, GPL-3.0-or-later, lists ${#linked[@]} linked libraries"
else
    fail "copyright: $(tr '\n' ' ' <"$work/copyright.log")"
fi

# 5. The installed programs, from outside the source tree.
mkdir -p "$work/elsewhere" && cd "$work/elsewhere"
cli_version="$("$cli" --version)"
[ "$(head -1 <<<"$cli_version")" = "reducelab-cli $upstream" ] && pass "reducelab-cli --version: $upstream" ||
    fail "reducelab-cli --version: '$cli_version', package $version"
grep -q "^License GPL-3.0-or-later: " <<<"$cli_version" && pass "reducelab-cli --version states the licence" ||
    fail "reducelab-cli --version states no licence: $cli_version"
if out="$("$cli" run --preset seed-000 2>&1)" && [[ "$out" == *verified* ]]; then
    pass "reducelab-cli run --preset seed-000: $(head -1 <<<"$out"), verified"
else
    fail "reducelab-cli run --preset seed-000: $out"
fi
# --version needs no display (ssh, help2man in the build).
gui_version="$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$gui" --version 2>/dev/null)" || true
[ "$(head -1 <<<"$gui_version")" = "ReduceLab $upstream" ] && pass "reducelab --version: $upstream" ||
    fail "reducelab --version: '$gui_version'"
grep -q "^License GPL-3.0-or-later: " <<<"$gui_version" && pass "reducelab --version states the licence" ||
    fail "reducelab --version states no licence: $gui_version"
# reducelab-render draws a chart of a results file the packaged CLI writes, offscreen.
if "$cli" bench --suite sizes --types float32 --ops sum --sizes 4096,16384 --variants contiguous \
        --repeat 2 --warmup 0 --no-ceiling --out sizes.json >"$work/bench.log" 2>&1 &&
    "$render" sizes sizes.json --type float32 --op sum --out sizes.png >"$work/render.log" 2>&1 &&
    [ "$(head -c 8 sizes.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
    pass "reducelab-render drew a PNG of a bench results file"
else
    cat "$work/bench.log" "$work/render.log" >&2
    fail "reducelab-render did not draw sizes.png"
fi
status=0
QT_QPA_PLATFORM=offscreen timeout 5 "$gui" >"$work/gui.log" 2>&1 || status=$?
if [ "$status" -eq 124 ]; then
    pass "reducelab ran offscreen for 5 s"
else
    cat "$work/gui.log" >&2
    fail "reducelab offscreen ended with status $status within 5 s"
fi
man_page="$prefix/share/man/man1/reducelab-cli.1.gz"
for section in NAME SYNOPSIS "EXIT STATUS"; do
    zcat "$man_page" | grep -q "^\.SH \"\?$section" && pass "reducelab-cli(1) has $section" ||
        fail "reducelab-cli(1) lacks $section"
done
bash -c "source '$prefix/share/bash-completion/completions/reducelab-cli' && complete -p reducelab-cli" \
    >/dev/null && pass "the bash completion loads" || fail "the bash completion does not load"

if [ "$failures" -gt 0 ]; then
    echo "check_package: $failures check(s) failed" >&2
    exit 1
fi
echo "check_package: the package passed ($mode, $((SECONDS - start)) s)"
