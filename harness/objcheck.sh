#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Compile single objects of flavor ours, in a private build directory, so
# that a file can be checked while it is not yet in a Makefile and while
# someone else builds the whole kernel.
# Usage: objcheck.sh [-a ARCH] [-w] NAME kernel/trace/foo.o...
#   NAME picks the build directory (out/ours/build-ARCH-objNAME);
#   -w adds W=1.
set -eu
renice -n 10 $$ >/dev/null
. "$(dirname "$0")/common.sh"
arch=x86_64 w=
while getopts a:w o; do
	case $o in
	a) arch=$OPTARG ;;
	w) w=W=1 ;;
	*) die "usage: objcheck.sh [-a ARCH] [-w] NAME OBJ..." ;;
	esac
done
shift $((OPTIND - 1))
name=${1:?usage: objcheck.sh [-a ARCH] [-w] NAME OBJ...}
shift
variant=obj$name
"$HARNESS/tree.sh" ours >/dev/null
bdir=$(build_dir ours "$arch" "$variant")
main=$(build_dir ours "$arch" "")
mkdir -p "$bdir"
if ! cmp -s "$main/.config" "$bdir/.config.main" 2>/dev/null; then
	[ -f "$main/.config" ] || die "build ours/$arch once first (make build)"
	cp "$main/.config" "$bdir/.config"
	cp "$main/.config" "$bdir/.config.main"
	kmake ours "$arch" "$variant" olddefconfig >/dev/null
fi
# shellcheck disable=SC2086
kmake ours "$arch" "$variant" $w "$@" 2>&1 |
	grep -v '^make\|^  \(CALL\|DESCEND\|CHK\|UPD\|GEN\|SYNC\|HOSTCC\|HOSTLD\|WRAP\)'
rc=${PIPESTATUS[0]}
[ "$rc" != 0 ] || check_local_exports "$arch" "$bdir" || rc=1
exit "$rc"
