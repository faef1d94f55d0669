#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Assemble the source tree of one flavor under out/FLAVOR/src: the base,
# minus what MANIFEST says the flavor replaces, plus our files there.
#
# Updates are incremental: a file whose content is unchanged keeps its
# mtime, so the kernel build redoes only what really changed. A file that
# changes, or comes back from the base when MANIFEST drops a path, gets a
# fresh mtime, so nothing stale survives in the build directory.
# Usage: tree.sh FLAVOR
set -eu
. "$(dirname "$0")/common.sh"
. "$HARNESS/manifest.sh"

flavor=${1:?usage: tree.sh FLAVOR}
check_flavor "$flavor"
[ -f "$BASE/Makefile" ] || die "no base tree; run harness/deps.sh"
# One assembly of a flavor's tree at a time: make check builds the
# flavor for two arches at once.
mkdir -p "$OUT"
exec 9>"$OUT/.tree-$flavor.lock"
flock 9
manifest_check

src=$(flavor_src "$flavor")
state=$OUT/$flavor/overlay.state
# The base's files are hard links, not copies (2 s instead of 17 s for
# its 1.5 GB): a kernel build with O= writes nothing in its source tree,
# and this script never writes a file in place (it removes a file before
# it copies another there). So an edit made by hand in out/FLAVOR/src
# must do the same, or it changes the base and every flavor.
if [ ! -f "$src/Makefile" ]; then
	say "linking the base into $src"
	rm -rf "$src" "$state"
	mkdir -p "$(dirname "$src")"
	cp -al "$BASE" "$src.tmp"
	mv "$src.tmp" "$src"
fi

# The desired state: "O path" for each file of ours copied in, "R path" for
# each base file removed.
want=$(mktemp)
trap 'rm -f "$want"' EXIT
if [ "$flavor" != upstream ]; then
	paths=$(manifest_paths "$flavor")
	if [ -n "$paths" ]; then
		# shellcheck disable=SC2086
		our_files $paths | sed 's/^/O /' >"$want.o"
		# shellcheck disable=SC2086
		(cd "$BASE" && for p in $paths; do
			[ -e "$p" ] && find "$p" \( -type f -o -type l \) -print
		done) | sort -u | sed 's/^/R /' >"$want.r"
		# A base file we also have is overlaid, not removed.
		awk 'NR == FNR { ours[$2] = 1; next } !($2 in ours)' \
			"$want.o" "$want.r" | cat "$want.o" - >"$want"
		rm -f "$want.o" "$want.r"
	fi
fi

# Undo what the last run did and this one does not: restore base files.
if [ -f "$state" ]; then
	awk '{ print $2 }' "$want" | sort >"$want.paths"
	awk '{ print $2 }' "$state" | sort | comm -23 - "$want.paths" |
		while read -r f; do
			rm -f "$src/$f"
			if [ -e "$BASE/$f" ] || [ -L "$BASE/$f" ]; then
				mkdir -p "$(dirname "$src/$f")"
				cp -P "$BASE/$f" "$src/$f"
			fi
		done
	rm -f "$want.paths"
fi

changed=0
while read -r op f; do
	case $op in
	R)
		rm -f "$src/$f"
		;;
	O)
		if ! cmp -s "$ROOT/$f" "$src/$f"; then
			rm -f "$src/$f"
			mkdir -p "$(dirname "$src/$f")"
			cp "$ROOT/$f" "$src/$f"
			changed=$((changed + 1))
		fi
		;;
	esac
done <"$want"
# Directories the base had under replaced paths and that are now empty.
grep '^R ' "$want" | awk '{ print $2 }' | while read -r f; do
	d=$(dirname "$src/$f")
	rmdir -p --ignore-fail-on-non-empty "$d" 2>/dev/null || true
done
mv "$want" "$state"
trap - EXIT
say "tree $flavor: $(grep -c '^O' "$state" || true) files ours, $(grep -c '^R' "$state" || true) removed, $changed updated"
