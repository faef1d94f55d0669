#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A counted function probe spends one count for each change it makes,
# however many CPUs run its function at once. Two probes on one function
# undo each other (traceon:N and traceoff:N; enable_event:S:E:N and
# disable_event:S:E:N) while harness_fntest's kthreads call it on every
# CPU, so each call wants a change and the CPUs race for it. With one
# count per change the state goes round N times and ends where it
# started, both counts 0; a count spent twice for one change leaves the
# other probe's count above 0 and the state flipped (ours before the fix
# in ftrace_probes.c: ftracetest's func_event_triggers failed once in
# make check on it). Upstream misses too: its event probes decrement
# their counts unlocked, and its traceon/traceoff probes let a CPU that
# saw the old state change it again after the other probe undid it, for
# no count (a run left traceoff 224 counts and tracing off). So on
# flavors other than ours the outcomes are shown, and a miss skips.
# Runs in the multi-threaded suite: under one TCG thread the CPUs never
# run at once. The probes' call site is patched only while the kthreads
# are stopped (see harness_fntest.c).
. "$TESTDIR/lib.sh"

mod=/tmp/out/modules/harness_fntest.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/fntest is built with the kernel)"
[ -e "$T/set_ftrace_filter" ] || fail "no set_ftrace_filter"
M=harness_fntest
F=$T/set_ftrace_filter
FN=harness_fntest_beta
EV=$T/events/sched/sched_switch/enable
SPIN=/sys/module/$M/parameters/spin
N=20000
cleanup() {
	[ -e $SPIN ] && echo 0 >$SPIN
	for c in traceon traceoff enable_event:sched:sched_switch \
		disable_event:sched:sched_switch; do
		echo "!$FN:$c:0" >>"$F"
	done 2>/dev/null
	grep -q "^$M " /proc/modules && rmmod $M
	echo 0 >"$EV"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
grep -q "^$M " /proc/modules || insmod $mod || fail "insmod $mod"
[ "$(nproc)" -ge 2 ] || fail "$(nproc) CPU online: the race needs two"

# count CMD: what is left of the count of $FN's CMD probe.
count() {
	grep "^$FN \[$M\]:$1:count=" "$F" | sed 's/.*:count=//'
}
# spin A B STATE-FILE: run $FN on every CPU until the counts of probes A
# and B are spent or still (race_wait); then stop.
counts() {
	echo "$(count "$ca") $(count "$cb")"
}
spin() {
	ca=$1 cb=$2
	echo 1 >$SPIN || fail "cannot start $M's kthreads"
	race_wait counts
	echo 0 >$SPIN
	left=$(counts)
	state=$(cat "$3")
}

# traceoff:N and traceon:N, from tracing on.
echo "$FN:traceoff:$N" >"$F" || fail "$FN:traceoff:$N was refused"
echo "$FN:traceon:$N" >>"$F" || fail "$FN:traceon:$N was refused"
[ "$(count traceoff) $(count traceon)" = "$N $N" ] ||
	fail "the probes read '$(grep ":" "$F" | tr '\n' '|')'"
echo 1 >"$T/tracing_on"
spin traceoff traceon "$T/tracing_on"
echo "!$FN:traceoff:0" >>"$F"
echo "!$FN:traceon:0" >>"$F"
# (":0": upstream removes a counted probe only with a count)
! grep -q "^$FN" "$F" || fail "probes left: $(grep "^$FN" "$F" | tr '\n' '|')"
echo 1 >"$T/tracing_on"
race_judge "traceoff and traceon" $N "$left" "$state" 1

# enable_event and disable_event of sched_switch, from disabled (soft
# mode: "0*"). The event records meanwhile; that is not looked at.
echo 0 >"$EV"
echo "$FN:enable_event:sched:sched_switch:$N" >"$F" ||
	fail "$FN:enable_event:sched:sched_switch:$N was refused"
echo "$FN:disable_event:sched:sched_switch:$N" >>"$F" ||
	fail "$FN:disable_event:sched:sched_switch:$N was refused"
[ "$(cat "$EV")" = "0*" ] || fail "with the probes, the event is '$(cat "$EV")'"
spin enable_event:sched:sched_switch disable_event:sched:sched_switch "$EV"
echo "!$FN:enable_event:sched:sched_switch:0" >>"$F"
echo "!$FN:disable_event:sched:sched_switch:0" >>"$F"
! grep -q "^$FN" "$F" || fail "probes left: $(grep "^$FN" "$F" | tr '\n' '|')"
race_judge "enable_event and disable_event" $N "$left" "$state" "0*"
race_end
