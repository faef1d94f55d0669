#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Everything at once for a while: marker writers on every CPU, a
# trace_pipe reader, `trace` readers, and writers of the control files
# (buffer size, clock, options, snapshot, tracing_on, cmdline map size,
# instances made and removed). The kernel must neither crash nor WARN
# (the runner fails the boot on either), every control write must get
# success or one of the errnos it may legitimately get, and afterwards
# tracing works as before.
. "$TESTDIR/lib.sh"

secs=${STRESS_SECONDS:-12}
d=/tmp/core-stress.$$
mkdir -p $d
stop=$d/stop
ncpu=$(grep -c '^processor' /proc/cpuinfo)
pids=
cleanup() {
	: >$stop
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	for i in $T/instances/stress-*; do [ -d "$i" ] && rmdir "$i"; done
	echo 1 >"$T/tracing_on"
	echo 0 >"$T/snapshot" 2>/dev/null
	echo "$clock0" >"$T/trace_clock"
	echo 0 >"$T/options/latency-format"
	echo 0 >"$T/options/raw"
	echo 1 >"$T/options/overwrite"
	reset_tracing
	rm -rf $d
}
trap cleanup EXIT
reset_tracing
size0=$(buffer_kb)
# the clock in use, to give back (later tests check the default)
clock0=$(sed 's/.*\[\(.*\)\].*/\1/' "$T/trace_clock")

# A write that may be refused only with one of the given errnos.
try_write() { # FILE TEXT ERRNO-TEXT...
	f=$1 text=$2
	shift 2
	got=$(write_err "$f" "$text")
	[ "$got" = ok ] && return 0
	for e in "$@"; do [ "$got" = "$e" ] && return 0; done
	echo "write '$text' to $f: $got" >&2
	return 1
}

c=0
while [ $c -lt "$ncpu" ]; do
	# markers get EBADF while tracing is off or the buffer refuses
	loop marker$c taskset -c $c sh -c "
		i=0
		while [ \$i -lt 50 ]; do
			echo stress-\$i >$T/trace_marker 2>/dev/null
			i=\$((i + 1))
		done"
	c=$((c + 1))
done
loop pipe sh -c "timeout 2 cat $T/trace_pipe >/dev/null"
# (timeout's exit status 124 is the normal end of a blocked read)
loop trace sh -c "cat $T/trace >/dev/null"
# upstream's ring buffer refuses some resizes that race with readers
# (ENOMEM); ours must not
busy="Device or resource busy"
[ "$flavor" = ours ] || busy="$busy|Cannot allocate memory"
resize() {
	got=$(write_err "$T/buffer_size_kb" "$1")
	case "|ok|$busy|" in
	*"|$got|"*) return 0 ;;
	esac
	echo "write '$1' to buffer_size_kb: $got" >&2
	return 1
}
loop size resize 64
loop size2 resize "$size0"
loop clock sh -c "for k in global counter local; do echo \$k >$T/trace_clock || exit 1; done"
loop opts sh -c "for o in latency-format raw hex overwrite; do
	echo 1 >$T/options/\$o && echo 0 >$T/options/\$o || exit 1; done; echo 1 >$T/options/overwrite"
loop snap sh -c "echo 1 >$T/snapshot && echo 2 >$T/snapshot && echo 0 >$T/snapshot"
loop onoff sh -c "echo 0 >$T/tracing_on && echo 1 >$T/tracing_on"
loop cmdlines sh -c "echo 256 >$T/saved_cmdlines_size && echo 128 >$T/saved_cmdlines_size"
loop inst sh -c "mkdir $T/instances/stress-a && echo in >$T/instances/stress-a/trace_marker &&
	cat $T/instances/stress-a/trace >/dev/null && rmdir $T/instances/stress-a"
sleep "$secs"
: >$stop
wait
pids=

# timeout's 124 is how the pipe loop ends each round; not a failure
grep -v '^pipe failed$' $d/failures 2>/dev/null >$d/real
[ -s $d/real ] && fail "$(sort $d/real | uniq -c | tr '\n' ' '): $(cat $d/*.err | head -n 5)"
for n in trace size clock opts snap onoff cmdlines inst; do
	[ "$(cat $d/$n.count 2>/dev/null)" -gt 0 ] || fail "$n never ran"
done
echo "rounds: $(for f in $d/*.count; do printf '%s=%s ' "$(basename "$f" .count)" "$(cat "$f")"; done)"

# tracing works as before
reset_tracing
echo "$size0" >"$T/buffer_size_kb" || fail "restore the buffer size"
echo "stress-after-$$" >"$T/trace_marker" || fail "marker after the stress"
grep -q "tracing_mark_write: stress-after-$$\$" "$T/trace" || fail "marker after the stress not in trace"
[ -z "$(ls -d $T/instances/stress-* 2>/dev/null)" ] || fail "an instance was left behind"
