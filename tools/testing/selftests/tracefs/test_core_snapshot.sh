#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# snapshot as in upstream 6.1. Reading it while empty prints the help
# (allocated or freed), byte for byte. "1" allocates the snapshot buffer
# if needed and swaps it with the live one: the records move to snapshot
# and the live buffer goes on with what the snapshot buffer held (empty
# the first time, the previous snapshot after that). "0" frees it, "2"
# (any other number) empties it; non-numbers are EINVAL. Per CPU,
# per_cpu/cpuN/snapshot "1" swaps that CPU's buffer only, "0" is EINVAL;
# per_cpu/cpuN/snapshot_raw gives the snapshot's pages. An instance has
# its own snapshot.
. "$TESTDIR/lib.sh"

inst=$T/instances/core_snap_$$
cleanup() {
	echo 0 >"$T/snapshot"
	[ -d "$inst" ] && rmdir "$inst"
	reset_tracing
	rm -f /tmp/core-snap.raw
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/snapshot"
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
nl='
'
get() { v=; IFS= read -r v <"$1"; }
get /sys/devices/system/cpu/online
case $v in *[,-]*) ;; *) skip "needs two online CPUs" ;; esac
c1=${v##*[,-]}
# slurp FILE: FILE into $s.
slurp() { s=; while IFS= read -r l; do s=$s$l$nl; done <"$1"; }

help() { # help allocated|freed [percpu]
	printf '# tracer: nop\n#\n#\n# * Snapshot is %s *\n#\n# Snapshot commands:\n' "$1"
	if [ -z "${2:-}" ]; then
		printf '%s\n' \
			"# echo 0 > snapshot : Clears and frees snapshot buffer" \
			"# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated." \
			"#                      Takes a snapshot of the main buffer." \
			"# echo 2 > snapshot : Clears snapshot buffer (but does not allocate or free)" \
			"#                      (Doesn't have to be '2' works with any number that" \
			"#                       is not a '0' or '1')"
	else
		printf '%s\n' \
			"# echo 0 > snapshot : Invalid for per_cpu snapshot file." \
			"# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated." \
			"#                      Takes a snapshot of the main buffer for this cpu." \
			"# echo 2 > snapshot : Clears this cpu's snapshot buffer (but does not allocate)" \
			"#                      (Doesn't have to be '2' works with any number that" \
			"#                       is not a '0' or '1')"
	fi
}
# same WHAT FILE WANT: FILE reads WANT.
same() {
	slurp "$2"
	[ "$s" = "$3" ] && return
	printf -- '--- want\n%s--- got\n%s' "$3" "$s"
	fail "$1 differs from upstream's"
}
has() {
	while IFS= read -r l; do case $l in *"tracing_mark_write: $2") return 0 ;; esac; done <"$T/$1"
	return 1
}
# records FILE: its records into $n.
records() { n=0; while IFS= read -r l; do case $l in "#"*) ;; *) n=$((n + 1)) ;; esac; done <"$T/$1"; }
mark() { taskset -c "$1" sh -c 'echo "$1" >"$2"' sh "$2" "$T/trace_marker" || fail "marker on cpu$1"; }

[ "$(stat -c %a "$T/snapshot")" = 640 ] || fail "mode of snapshot: $(stat -c %a "$T/snapshot")"
same "snapshot when freed" "$T/snapshot" "$(help freed)$nl"

# The first snapshot: the records move over, the live buffer is empty.
mark 0 "snap-one-$$"
echo 1 >"$T/snapshot" || fail "snapshot refused 1"
has snapshot "snap-one-$$" || fail "the record is not in the snapshot"
has trace "snap-one-$$" && fail "the record is still in the live buffer after the snapshot"
h=
while IFS= read -r l; do case $l in "# entries-in-buffer/entries-written: "*) h=${l#*: } ;; esac; done <"$T/snapshot"
case $h in "1/1   #P:"*) ;; *) fail "the snapshot's header counts '$h', want 1/1" ;; esac
records snapshot
[ $n = 1 ] || fail "the snapshot has $n records, want 1"
# Tracing goes on in the live buffer only.
mark 0 "snap-two-$$"
has trace "snap-two-$$" || fail "no record in the live buffer after the snapshot"
has snapshot "snap-two-$$" && fail "a record after the snapshot went into it"
# A second snapshot swaps again: the live buffer gets the first snapshot.
echo 1 >"$T/snapshot" || fail "snapshot refused 1"
has snapshot "snap-two-$$" || fail "the second snapshot lacks the record"
has snapshot "snap-one-$$" && fail "the second snapshot still has the first one's record"
has trace "snap-one-$$" || fail "after the second snapshot the live buffer does not hold the first snapshot"
has trace "snap-two-$$" && fail "the record is still in the live buffer after the second snapshot"

# 2 (or any other number) empties it, keeping it allocated; 0 frees.
for w in 2 3 17; do
	echo "snap-clear-$w-$$" >"$T/trace_marker"
	echo 1 >"$T/snapshot" || fail "snapshot refused 1"
	has snapshot "snap-clear-$w-$$" || fail "no snapshot before '$w'"
	echo $w >"$T/snapshot" || fail "snapshot refused $w"
	same "snapshot after '$w'" "$T/snapshot" "$(help allocated)$nl"
done
for bad in abc -1 1x; do
	expect_err "$T/snapshot" "$bad" "Invalid argument"
done
echo 0 >"$T/snapshot" || fail "snapshot refused 0"
same "snapshot after '0'" "$T/snapshot" "$(help freed)$nl"
# 2 with no snapshot buffer does not allocate one.
echo 2 >"$T/snapshot" || fail "snapshot refused 2"
same "snapshot after '2' while freed" "$T/snapshot" "$(help freed)$nl"

# Per CPU: swap only cpu$c1.
: >"$T/trace"
mark 0 "snap-cpu0-$$"
mark "$c1" "snap-cpu$c1-$$"
pc=$T/per_cpu/cpu$c1/snapshot
expect_err "$pc" 0 "Invalid argument"
expect_err "$pc" abc "Invalid argument"
echo 1 >"$pc" || fail "per_cpu/cpu$c1/snapshot refused 1"
has snapshot "snap-cpu$c1-$$" || fail "cpu$c1's record is not in the snapshot"
has snapshot "snap-cpu0-$$" && fail "cpu0's record went into cpu$c1's snapshot"
has trace "snap-cpu0-$$" || fail "cpu0's record left the live buffer"
has trace "snap-cpu$c1-$$" && fail "cpu$c1's record is still live after its snapshot"
has "per_cpu/cpu$c1/snapshot" "snap-cpu$c1-$$" || fail "per_cpu/cpu$c1/snapshot lacks its record"
same "per_cpu/cpu0/snapshot when empty" "$T/per_cpu/cpu0/snapshot" "$(help allocated percpu)$nl"
# snapshot_raw: the snapshot's pages.
timeout 5 dd if="$T/per_cpu/cpu$c1/snapshot_raw" of=/tmp/core-snap.raw bs=4096 count=1 2>/dev/null
[ "$(wc -c </tmp/core-snap.raw)" = 4096 ] || fail "snapshot_raw gave $(wc -c </tmp/core-snap.raw) bytes"
grep -q "snap-cpu$c1-$$" /tmp/core-snap.raw || fail "the record is not in cpu$c1's snapshot_raw page"
echo 2 >"$pc" || fail "per_cpu/cpu$c1/snapshot refused 2"
same "per_cpu/cpu$c1/snapshot after '2'" "$pc" "$(help allocated percpu)$nl"
echo 0 >"$T/snapshot"

# An instance's snapshot is its own.
mkdir "$inst" || fail "mkdir $inst"
echo "snap-inst-$$" >"$inst/trace_marker"
echo "snap-top-$$" >"$T/trace_marker"
echo 1 >"$inst/snapshot" || fail "the instance's snapshot refused 1"
has "instances/${inst##*/}/snapshot" "snap-inst-$$" || fail "the instance's snapshot lacks its record"
has "instances/${inst##*/}/snapshot" "snap-top-$$" && fail "the instance's snapshot has the top record"
has trace "snap-top-$$" || fail "the instance's snapshot took the top record"
same "snapshot after the instance's snapshot" "$T/snapshot" "$(help freed)$nl"
echo 0 >"$inst/snapshot" || fail "the instance's snapshot refused 0"
rmdir "$inst" || fail "rmdir $inst"
