#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# blktrace(8) and blkparse(1) must see the same I/O on two flavors. Each
# boots its kernel of variant blk with a virtio disk and runs
# harness/compare/blktrace.sh: blktrace on the disk, then the blk tracer,
# each through the same workload of direct I/O of known sectors and a
# scheduler switch, which the block layer notes as two messages, with
# blkparse for blktrace's records and a note through its msg file. In
# the guest: nothing dropped or overrun, every command succeeds. Here,
# between the flavors:
# - for each I/O of the workload, the actions blkparse shows (queue, get
#   request, insert, issue, complete...) in order, with the rwbs, must be
#   identical, and the message must be there once;
# - the same from the blk tracer's text, and its two messages;
# - the three messages in blkparse's output, on A (ours). Upstream gives
#   a message the root cgroup's id, and Debian 12's blkparse (1.2) drops
#   every note with an id: none shows there; B's count is printed. The
#   README lists the difference.
# - the kinds of record ("ACTION RWBS") blkparse shows must be the same
#   set.
# Record counts are printed, not compared (plugs and unplugs vary).
# Usage: compare-blktrace.sh [FLAVOR_A [FLAVOR_B [ARCH]]] (ours upstream x86_64)
# RECORD=FILE: boot A alone and keep its raw output in FILE, no diff
# (make check-reference records upstream's side so). RAW_B=FILE: B's raw
# output is FILE, as recorded, and B is not booted (make check).
set -eu
export LC_ALL=C
. "$(dirname "$0")/common.sh"
a=${1:-ours} b=${2:-upstream} arch=${3:-x86_64}
dir=$OUT/compare-blktrace
mkdir -p "$dir"
# section NAME FILE: the lines of one "=== NAME" section of the output
section() { awk -v s="=== $1" '/^=== / { on = ($0 == s); next } on' "$2"; }
for f in "$a" "$b"; do
	if [ "$f" = "$b" ] && [ -n "${RAW_B:-}" ]; then
		cp "$RAW_B" "$dir/$f.raw"
	else
		s=$(date +%s)
		if ! "$HARNESS/guest.sh" -a "$arch" -f "$f" -v blk \
			-n compare-blktrace -t 300 "$HARNESS/compare/blktrace.sh" \
			>"$dir/$f.raw" 2>&1; then
			grep -E '^(BLKTRACE|HARNESS) FAIL' "$dir/$f.raw" | head -20 || true
			die "blktrace on $f failed (log: $dir/$f.raw)"
		fi
		echo "$f: guest run $(($(date +%s) - s)) s, $(section counts "$dir/$f.raw")"
	fi
	grep -E '^BLKTRACE FAIL' "$dir/$f.raw" && die "blktrace on $f failed (log: $dir/$f.raw)"
	if [ -n "${RECORD:-}" ]; then
		cp "$dir/$f.raw" "$RECORD"
		exit 0
	fi
	for s in blkparse tracer notes kinds; do
		section $s "$dir/$f.raw" >"$dir/$f.$s"
	done
	grep -qx 'tracer 2' "$dir/$f.notes" ||
		die "$f: the blk tracer did not show the two messages (log: $dir/$f.raw)"
	[ "$(grep -c ':' "$dir/$f.blkparse")" -ge 8 ] ||
		die "$f: blkparse showed fewer than the workload's 8 I/Os (log: $dir/$f.raw)"
done
for s in blkparse tracer kinds; do
	if ! diff -u "$dir/$b.$s" "$dir/$a.$s" >"$dir/$s.diff"; then
		head -40 "$dir/$s.diff"
		die "$s differs: $a from $b (diff: $dir/$s.diff)"
	fi
done
grep -qx 'blkparse 3' "$dir/$a.notes" ||
	die "$a: blkparse did not show the three messages (log: $dir/$a.raw)"
echo "messages in blkparse: $a $(sed -n 's/^blkparse //p' "$dir/$a.notes"), $b $(sed -n 's/^blkparse //p' "$dir/$b.notes") (upstream's carries a cgroup id, which blkparse 1.2 drops)"
echo "blktrace: the workload's $(grep -c ':' "$dir/$a.blkparse") I/Os with the same actions in blkparse and in the blk tracer, and the same $(wc -l <"$dir/$a.kinds") kinds of record: $a matches $b"
