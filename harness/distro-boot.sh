#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot a distribution-shaped kernel (harness/distro-build.sh) and run the
# main suite in it: make distro-build's boot. Prints the TAP lines of
# the tests that failed or skipped, and the counts.
# Usage: distro-boot.sh FLAVOR ARCH [full]
set -eu
. "$(dirname "$0")/common.sh"
. "$HARNESS/distro.sh"
. "$HARNESS/boots.sh"

usage="usage: distro-boot.sh FLAVOR ARCH [full]"
flavor=${1:?$usage}
arch=${2:?$usage}
mode=${3:-}
case $mode in "" | full) ;; *) die "$usage" ;; esac
variant=distro${mode:+-$mode}
bdir=$(build_dir "$flavor" "$arch" "$variant")
[ -f "$bdir/.config" ] || die "no $bdir: run harness/distro-build.sh $flavor $arch $mode"
distro_boot_env "$arch" "$bdir/.config" "$SUITE_SKIP"
[ -z "$DISTRO_LEFT" ] || echo "left out, for an option this config has off: $DISTRO_LEFT"
out=$OUT/logs/distro-boot-$flavor-$arch-$variant.tap
rc=0
QEMU_ARGS=$DISTRO_QEMU_ARGS GUEST_APPEND="HARNESS_SKIP=$DISTRO_SKIP" \
	"$HARNESS/guest.sh" -a "$arch" -f "$flavor" \
	-v "$variant" -n suite -t 1800 "$HARNESS/selftest/suite.sh" >"$out" 2>&1 || rc=$?
grep -E '^not ok |^ok .*# SKIP|^HARNESS FAIL' "$out" || true
p=$(grep -c '^ok ' "$out" || true)
f=$(grep -c '^not ok ' "$out" || true)
echo "$flavor/$arch/$variant: $p passed, $f failed (guest exit $rc; $out)"
[ "$rc" = 0 ] && [ "$f" = 0 ] && [ "$p" != 0 ]
