#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The events of two flavors must be the same for tools: the same
# available_events and byte-identical format files, ID numbers aside.
# Groups of features ours does not have may be left out, by name, and the
# run says so: GROUPS_SKIPPED (none by default) lists them.
# Usage: compare-events.sh [FLAVOR_A [FLAVOR_B [ARCH]]] (ours upstream x86_64)
# RECORD=FILE: boot A alone and keep its raw output in FILE, no diff
# (make check-reference records upstream's side so). RAW_B=FILE: B's raw
# output is FILE, as recorded, and B is not booted (make check).
set -eu
. "$(dirname "$0")/common.sh"
a=${1:-ours} b=${2:-upstream} arch=${3:-x86_64}
skipped=${GROUPS_SKIPPED-}
dir=$OUT/compare-events
mkdir -p "$dir"
# drop the skipped groups' lines and sections
filter() {
	awk -v skip=" $skipped " '
		/^=== / { sec = $2; keep = 1
			if (sec != "available_events") {
				split(sec, p, "/"); if (index(skip, " " p[2] " ")) keep = 0
			}
			if (keep) print; next }
		keep == 0 { next }
		sec == "available_events" { split($0, p, ":"); if (index(skip, " " p[1] " ")) next }
		{ print }'
}
boot() {
	if [ "$1" = "$b" ] && [ -n "${RAW_B:-}" ]; then
		cp "$RAW_B" "$dir/$1.raw"
		return
	fi
	[ -n "${NOBOOT:-}" ] && [ -f "$dir/$1.raw" ] && return
	"$HARNESS/guest.sh" -a "$arch" -f "$1" -n compare-events -t 300 \
		"$HARNESS/compare/events-tree.sh" >"$dir/$1.raw" 2>&1 ||
		die "the guest run of $1 failed (log: $dir/$1.raw)"
}
if [ -n "${RECORD:-}" ]; then
	boot "$a"
	cp "$dir/$a.raw" "$RECORD"
	exit 0
fi
for f in "$a" "$b"; do
	boot "$f"
	grep -v '^== guest' "$dir/$f.raw" | filter >"$dir/$f.txt"
done
if ! diff -u "$dir/$b.txt" "$dir/$a.txt" >"$dir/diff"; then
	head -80 "$dir/diff"
	die "the events of $a differ from $b (diff: $dir/diff)"
fi
n=$(grep -c '^=== events/' "$dir/$a.txt")
echo "$n format files and available_events: $a matches $b${skipped:+ (groups not compared: $skipped)}"
