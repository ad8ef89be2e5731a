#!/usr/bin/env bash
# Tries ReduceLab as a newcomer on a fresh Debian 12 or 13 would: builds a minimal chroot with
# debootstrap (the mirror is taken from this machine's own apt sources), clones the current
# commit into it and runs the README's two commands there, then builds the release's .deb,
# installs it with apt-get and runs the installed programs (tests/package/check_package.sh).
#
#   sudo bash scripts/test-in-debian.sh 12|13
#
# Needs root and debootstrap. The chroot is kept in build/chroot/debian-N (a second run reuses
# it; REDUCELAB_CHROOT_FRESH=1 starts again from nothing), its compiler cache in
# build/chroot/ccache-N. REDUCELAB_TEST_STAGES is passed to scripts/test.sh inside
# (default there: release asan fuzz). Exit status: that of the first step that failed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"

case "${1:-}" in
  12) suite=bookworm ;;
  13) suite=trixie ;;
  *) echo "usage: $0 12|13" >&2; exit 2 ;;
esac
release="$1"
[ "$(id -u)" -eq 0 ] || { echo "test-in-debian: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "test-in-debian: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }

# The first Debian mirror of this machine's apt sources (deb822 .sources files or sources.list),
# the security archive left out: the chroot reaches the same registry the machine does.
mirror_of_this_machine() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }' "$f"
  done
  if [ -r /etc/apt/sources.list ]; then
    awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } }' \
      /etc/apt/sources.list
  fi
}
mirror="$(mirror_of_this_machine | grep -v -- '-security' | head -n 1)"
[ -n "$mirror" ] || { echo "test-in-debian: no Debian mirror found in /etc/apt/sources*" >&2; exit 2; }

root="$repo/build/chroot/debian-$release"
cache="$repo/build/chroot/ccache-$release"
mkdir -p "$repo/build/chroot" "$cache"
[ "${REDUCELAB_CHROOT_FRESH:-0}" = 1 ] && rm -rf --one-file-system "$root"

mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
bind() {  # source target
  mkdir -p "$2"
  mount --bind "$1" "$2"
  mounted+=("$2")
}

if [ ! -x "$root/usr/bin/apt-get" ] || [ ! -e "$root/.reducelab-bootstrapped" ]; then
  echo "=== test-in-debian: debootstrap $suite into $root"
  rm -rf --one-file-system "$root"
  debootstrap --variant=minbase --include=ca-certificates,git,sudo "$suite" "$root" "$mirror"
  printf 'deb %s %s main\ndeb %s %s-updates main\n' "$mirror" "$suite" "$mirror" "$suite" \
    >"$root/etc/apt/sources.list"
  touch "$root/.reducelab-bootstrapped"
fi

mkdir -p "$root/proc" "$root/sys" "$root/dev"
mount -t proc proc "$root/proc"; mounted+=("$root/proc")
bind /sys "$root/sys"
bind /dev "$root/dev"
mkdir -p "$root/dev/shm"
mount -t tmpfs shm "$root/dev/shm"; mounted+=("$root/dev/shm")
bind "$cache" "$root/root/.cache/ccache"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# A fresh clone of the current commit, as a newcomer's `git clone` gives.
rm -rf --one-file-system "$root/src/reducelab"
mkdir -p "$root/src"
git clone -q --no-local "$repo" "$root/src/reducelab"
git -C "$root/src/reducelab" checkout -q "$(git rev-parse HEAD)"

inside() {  # command...
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    TERM=dumb CI="${CI:-}" ${REDUCELAB_TEST_STAGES:+REDUCELAB_TEST_STAGES="$REDUCELAB_TEST_STAGES"} \
    /bin/bash -c "cd /src/reducelab && $*"
}

echo "=== test-in-debian $release: $(inside '. /etc/os-release; echo "$PRETTY_NAME"')"
start=$SECONDS
# The README's two commands, the test first: start.sh then reuses its build. start.sh ends by
# starting the GUI: with no display here it is asked for its version, which still loads Qt and
# every library the GUI links.
echo "=== test-in-debian $release: bash scripts/test.sh"
inside 'bash scripts/test.sh'
echo "=== test-in-debian $release: bash scripts/start.sh --version"
inside 'QT_QPA_PLATFORM=offscreen bash scripts/start.sh --version'
echo "=== test-in-debian $release: the release's package, installed with apt-get"
inside 'bash tests/package/check_package.sh build/release --install'
echo "=== test-in-debian $release: passed in $((SECONDS - start)) s"
