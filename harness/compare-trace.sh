#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The `trace` text of two flavors for the same trace_marker writes must
# match line for line once what legitimately differs between two boots
# is masked: timestamps, pids (and tgids), the CPU count, and the comm
# of a marker's writer, which upstream knows only if an event (such as
# sched_switch) happened to save it and prints as "<...>" otherwise,
# while ours saves it with the marker (record-cmd); the latency format's
# delay marks (which depend on the time between writes); the address of
# tracing_mark_write in raw output; the bytes a raw marker's record has
# beyond its payload (ring buffer padding: stale in upstream). A
# timestamp takes the spaces before it with it: its column is padded to
# the seconds' digits, so a boot that writes its markers before second
# 10 (or after 99) would otherwise differ by a space.
# Usage: compare-trace.sh [FLAVOR_A [FLAVOR_B [ARCH]]] (ours upstream x86_64)
# RECORD=FILE: boot A alone and keep its raw output in FILE, no diff
# (make check-reference records upstream's side so). RAW_B=FILE: B's raw
# output is FILE, as recorded, and B is not booted (make check).
set -eu
. "$(dirname "$0")/common.sh"
a=${1:-ours} b=${2:-upstream} arch=${3:-x86_64}
dir=$OUT/compare
mkdir -p "$dir"
mask() {
	sed -E -e 's/ *[0-9]+\.[0-9]{6}/ TS/g' \
		-e 's/^( *)[^ ]+-[0-9]+( +)(\(|\[|[0-9])/\1COMM-PID\2\3/' \
		-e 's/\( *[0-9]+\)/(TGID)/' \
		-e 's/#P:[0-9]+/#P:N/' \
		-e 's/^[0-9]+ [0-9]+ [0-9]+ /PID CPU TS /' \
		-e 's/ [0-9]+us.?: / TSus: /' \
		-e 's/^[0-9a-f]{8} [0-9a-f]{8} [0-9a-f]{16} /PID CPU TS /' \
		-e 's/# ffffffff[0-9a-f]{8} /# ADDR /' \
		-e 's/(buf:( [0-9a-f]{2}){11})( [0-9a-f]{2})*$/\1 PADDING/' "$1" |
		sed -E 's/^ *COMM-PID/COMM-PID/'
}
boot() {
	if [ "$1" = "$b" ] && [ -n "${RAW_B:-}" ]; then
		cp "$RAW_B" "$dir/$1.raw"
		return
	fi
	[ -n "${NOBOOT:-}" ] && [ -f "$dir/$1.raw" ] && return
	"$HARNESS/guest.sh" -a "$arch" -f "$1" -n compare -t 300 \
		"$HARNESS/compare/trace-markers.sh" >"$dir/$1.raw" 2>&1 ||
		die "the guest run of $1 failed (log: $dir/$1.raw)"
}
if [ -n "${RECORD:-}" ]; then
	boot "$a"
	cp "$dir/$a.raw" "$RECORD"
	exit 0
fi
for f in "$a" "$b"; do
	boot "$f"
	grep -v '^== guest' "$dir/$f.raw" | mask /dev/stdin >"$dir/$f.txt"
done
if ! diff -u "$dir/$b.txt" "$dir/$a.txt" >"$dir/diff"; then
	head -60 "$dir/diff"
	die "the trace text of $a differs from $b (diff: $dir/diff)"
fi
echo "$(grep -c . "$dir/$a.txt") lines of trace text: $a matches $b"
