#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install what the harness needs on Debian 12, and unpack the base kernel.
# As root it installs; otherwise it prints the exact commands to run.
# Usage: deps.sh [host|arm64]   (arm64: also the arm64 packages' index)
set -eu
. "$(dirname "$0")/common.sh"

PKGS="make gcc libc6-dev git rsync xz-utils flex bison bc libelf-dev libssl-dev
cpio kmod ccache sparse dwarves spin quilt python3 perl
qemu-system-x86 qemu-system-arm gcc-aarch64-linux-gnu
busybox-static trace-cmd rtla blktrace iputils-ping iproute2 devscripts
linux-perf bpftrace bpftool"
# The x86-64 guest runs the host's userland: ping, ip and checkbashisms
# (devscripts) are there for upstream's ftracetest, perf (linux-perf)
# for test_fn_kprobe's perf probe, bpftrace and bpftool for the BPF
# tests.

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
		grep -q 'install ok installed' || missing="$missing $p"
done
src_ok=
dpkg-query -W -f='${Status}\n' $BASE_PKG 2>/dev/null |
	grep -q 'install ok installed' && src_ok=1

want_arm64=
if [ "${1:-host}" = arm64 ] &&
   ! dpkg --print-foreign-architectures | grep -qx arm64; then
	want_arm64=1
fi

if [ -n "$missing" ] || [ -z "$src_ok" ] || [ -n "$want_arm64" ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "The harness needs packages it cannot install as $(id -un). Run as root:" >&2
		[ -n "$want_arm64" ] && echo "  dpkg --add-architecture arm64" >&2
		echo "  apt-get update" >&2
		echo "  apt-get install -y --no-install-recommends$missing $BASE_PKG" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	[ -n "$want_arm64" ] && dpkg --add-architecture arm64
	say "apt-get update"
	apt-get update -qq
	if [ -n "$missing" ]; then
		say "installing:$missing"
		apt-get install -y -qq --no-install-recommends $missing >/dev/null
	fi
	if [ -z "$src_ok" ]; then
		# The version the project was measured on, else the newest 6.1.y.
		apt-get install -y -qq --no-install-recommends \
			"$BASE_PKG=$BASE_PREFERRED" >/dev/null 2>&1 ||
			apt-get install -y -qq --no-install-recommends $BASE_PKG >/dev/null
	fi
fi

# The x86-64 guest's root is the host's, read-only: the guest mounts a
# tmpfs on /lib/modules to install the kernel's modules, so the directory
# must exist (a container image may lack it; a Debian install has it).
if [ ! -d /lib/modules ]; then
	[ "$(id -u)" = 0 ] || die "/lib/modules is missing; as root: mkdir /lib/modules"
	mkdir -p /lib/modules
fi

ver=$(dpkg-query -W -f='${Version}' $BASE_PKG)
[ "$ver" = "$BASE_PREFERRED" ] ||
	say "note: base is $BASE_PKG $ver, not the preferred $BASE_PREFERRED"

# Unpack the base once; the stamp names the package version it came from.
stamp=$OUT/base/.unpacked
if [ "$(cat "$stamp" 2>/dev/null)" != "$ver" ]; then
	say "unpacking $BASE_PKG $ver into $OUT/base"
	rm -rf "$OUT/base"
	mkdir -p "$OUT/base"
	tar -C "$OUT/base" -xf "$BASE_TARBALL"
	[ -f "$BASE/Makefile" ] || die "$BASE_TARBALL did not unpack to $BASE"
	echo "$ver" >"$stamp"
fi
