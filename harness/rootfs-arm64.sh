#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the arm64 guest's root directory out/rootfs-arm64 from Debian arm64
# packages: busybox-static for the basics, plus bash, trace-cmd, rtla and
# blktrace, and for the first three the
# libraries they need, and python3 (the interpreter and its standard
# library: the tests make system calls through it: splice, perf_event_open
# with ctypes, O_NONBLOCK reads). QEMU shares it read-only as the guest's
# 9p root.
# Usage: rootfs-arm64.sh
set -eu
. "$(dirname "$0")/common.sh"

rootfs=$OUT/rootfs-arm64
# One builder at a time; the others wait and find it built.
mkdir -p "$OUT"
exec 9>"$OUT/.rootfs-arm64.lock"
flock 9
want="busybox-static bash trace-cmd rtla libtinfo6"
# python3, as these packages alone, not their dependency closure (which
# brings OpenSSL, Kerberos, sqlite, Berkeley DB, readline...): the
# standard library's extension modules that need a library left out are
# removed below (_ssl, _hashlib, _sqlite3, readline...), the tests import
# none of them. ctypes needs libffi8.
python="python3.11-minimal libpython3.11-minimal libpython3.11-stdlib libffi8 libexpat1 zlib1g"
# blktrace and blkparse (test_blk), as packages alone too: the package
# depends on python3 for its btt helpers, which the test does not run.
python="$python blktrace libaio1"
# A change to this script or to the guest's init rebuilds the root.
stamp="$want $python $(cat "$0" "$HARNESS/guest/init.sh" | sha256sum)"
[ "$(cat "$rootfs/.stamp" 2>/dev/null)" = "$stamp" ] && exit 0

"$HARNESS/deps.sh" arm64
say "building the arm64 root in $rootfs"
dl=$OUT/debs-arm64
rm -rf "$rootfs" "$dl"
mkdir -p "$rootfs" "$dl"
# The dependency closure without pre-depends: those pull dpkg and its
# tools, which a test guest does not run.
fetch() {
	local pkgs
	# shellcheck disable=SC2086
	pkgs=$(apt-cache depends --recurse --no-recommends --no-suggests \
		--no-conflicts --no-breaks --no-replaces --no-enhances \
		--no-pre-depends $(printf '%s:arm64 ' $want) 2>/dev/null |
		grep -E '^[a-z0-9][^ ]*:arm64$' | sort -u)
	[ -n "$pkgs" ] || return 1
	# shellcheck disable=SC2046,SC2086
	(cd "$dl" && apt-get download -qq -o APT::Sandbox::User=root $pkgs \
		$(printf '%s:arm64 ' $python))
}
# A missing or stale arm64 index is refreshed once.
if ! fetch; then
	[ "$(id -u)" = 0 ] || die "no arm64 packages; as root: apt-get update"
	apt-get update -qq
	fetch || die "cannot download the arm64 packages"
fi
for deb in "$dl"/*.deb; do
	dpkg-deb -x "$deb" "$rootfs"
done

# Debian's merged /usr: /bin, /sbin and /lib are links into /usr.
for d in bin sbin lib; do
	if [ -d "$rootfs/$d" ] && [ ! -L "$rootfs/$d" ]; then
		mkdir -p "$rootfs/usr/$d"
		cp -a "$rootfs/$d/." "$rootfs/usr/$d/"
		rm -rf "${rootfs:?}/$d"
	fi
	[ -e "$rootfs/$d" ] || ln -s "usr/$d" "$rootfs/$d"
done
# busybox provides every other command; real bash and trace-cmd win. The
# host's busybox-static is the same version, so its applet list is ours.
mkdir -p "$rootfs/usr/local/bin"
for app in $(busybox --list); do
	for d in usr/bin usr/sbin; do [ -e "$rootfs/$d/$app" ] && continue 2; done
	ln -s /usr/bin/busybox "$rootfs/usr/local/bin/$app"
done
ln -sf busybox "$rootfs/usr/bin/sh"
ln -sf python3.11 "$rootfs/usr/bin/python3"
# python3's extension modules whose libraries are not in the root go.
dynload=$rootfs/usr/lib/python3.11/lib-dynload
for so in "$dynload"/*.so; do
	for lib in $(aarch64-linux-gnu-readelf -d "$so" |
		sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
		[ -n "$(find "$rootfs/usr/lib" -name "$lib" -print -quit)" ] && continue
		rm "$so"
		break
	done
done
for m in ctypes mmap; do
	[ -n "$(find "$dynload" -name "_$m.*.so" -o -name "$m.*.so")" ] ||
		die "arm64 root: python3 lost its $m module"
done
# Its bytecode, compiled here: the guest cannot write __pycache__ into the
# read-only root, and would compile every module it imports at each run
# (seconds under TCG). Bytecode is the same on every arch; a host python
# of another version than the root's writes files the guest ignores.
py=$(command -v /usr/bin/python3.11 python3.11 | head -n 1)
if [ -n "$py" ]; then
	"$py" -m compileall -q -j 0 -s "$rootfs" -p / "$rootfs/usr/lib/python3.11" >/dev/null ||
		die "cannot compile the arm64 root's python3 modules"
fi
# usr/lib/modules: the mount point for the kernel's modules (init.sh).
mkdir -p "$rootfs"/{proc,sys,dev,tmp,run,mnt,root,etc,var/tmp,usr/lib/modules}
echo "root:x:0:0:root:/root:/bin/sh" >"$rootfs/etc/passwd"
echo "root:x:0:" >"$rootfs/etc/group"
cp "$HARNESS/guest/init.sh" "$rootfs/init"
chmod +x "$rootfs/init"

# Every shared library an executable asks for must be in the root.
missing=$(find "$rootfs/usr/bin" "$rootfs/usr/lib" -type f \
	\( -perm -u+x -o -name '*.so*' \) 2>/dev/null |
	xargs -r aarch64-linux-gnu-readelf -d 2>/dev/null |
	sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u |
	while read -r lib; do
		[ -n "$(find "$rootfs/usr/lib" -name "$lib" -print -quit)" ] || echo "$lib"
	done)
[ -z "$missing" ] || die "arm64 root lacks libraries: $missing"
echo "$stamp" >"$rootfs/.stamp"
say "arm64 root: $(find "$rootfs" -type f | wc -l) files, $(du -sh "$rootfs" | cut -f1)"
