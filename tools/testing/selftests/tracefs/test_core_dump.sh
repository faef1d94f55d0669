#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ftrace_dump(), as sysrq-z calls it: the buffer goes to the console
# between "Dumping ftrace buffer:" and a rule line, each marker once, and
# the dump consumes it and leaves tracing off (upstream's behaviour).
. "$TESTDIR/lib.sh"

[ -w /proc/sysrq-trigger ] || fail "no /proc/sysrq-trigger"
trap 'echo 1 >"$T/tracing_on"; reset_tracing' EXIT
reset_tracing
for i in 1 2 3; do
	echo "dump-marker-$$-$i" >"$T/trace_marker"
done
# the kernel log after this point (not cleared: other tests read it)
since() { dmesg | tail -n +$(($1 + 1)); }
n0=$(dmesg | wc -l)
echo z >/proc/sysrq-trigger
d=$(since "$n0")
echo "$d" | grep -q 'Dumping ftrace buffer:' || fail "no dump header in dmesg: $(echo "$d" | tail -n 3)"
n=$(echo "$d" | grep -c "tracing_mark_write: dump-marker-$$-")
[ "$n" = 3 ] || fail "$n of 3 markers in the dump: $(echo "$d" | tail -n 5)"
echo "$d" | grep -q -- '---------------------------------' || fail "no rule line in the dump"
# in order
echo "$d" | grep "dump-marker-$$-" | sed 's/.*-//' | tr -d '\n' | grep -qx 123 ||
	fail "markers out of order in the dump"
[ "$(cat "$T/tracing_on")" = 0 ] || fail "tracing still on after the dump"
grep -q "dump-marker-$$" "$T/trace" && fail "the dump did not consume the buffer"
# an empty buffer says so
echo 1 >"$T/tracing_on"
: >"$T/trace"
n0=$(dmesg | wc -l)
echo z >/proc/sysrq-trigger
since "$n0" | grep -q '(ftrace buffer empty)' || fail "empty dump: $(since "$n0" | tail -n 3)"
echo "ftrace_dump: 3 markers dumped in order, buffer consumed, tracing off"
