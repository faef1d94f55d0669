#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A counted event trigger spends one count for each change it makes,
# however many CPUs fire its event at once: the event-trigger twin of
# test_probe_race. Two processes make system calls on both CPUs while
# raw_syscalls:sys_enter's trigger undoes what sys_exit's does (traceoff:N
# and traceon:N; disable_event:S:E:N and enable_event:S:E:N), so nearly
# every event wants a change and the CPUs race for it. With one count per
# change both counts end at 0 and the state where it started; a count
# spent twice for one change leaves the other trigger's count above 0.
# On flavors other than ours the outcomes are shown, and a miss skips
# (upstream's event triggers decrement their counts unlocked).
# Runs in the multi-threaded suite: under one TCG thread the CPUs never
# run at once.
. "$TESTDIR/lib.sh"

EN=$T/events/raw_syscalls/sys_enter/trigger
EX=$T/events/raw_syscalls/sys_exit/trigger
[ -f "$EN" ] && [ -f "$EX" ] || fail "no raw_syscalls trigger files"
EV=$T/events/sched/sched_switch/enable
N=200000
d=/tmp/trigger-race.$$
stop=$d/stop
pids=
cleanup() {
	: >"$stop" 2>/dev/null
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	rm -rf "$d"
	for f in "$EN" "$EX"; do
		for c in traceon traceoff enable_event:sched:sched_switch \
			disable_event:sched:sched_switch; do
			echo "!$c" >>"$f"
		done 2>/dev/null
	done
	echo 0 >"$EV"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
mkdir -p "$d"
[ "$(nproc)" -ge 2 ] || fail "$(nproc) CPU online: the race needs two"

# count FILE CMD: what is left of the count of FILE's CMD trigger.
count() {
	sed -n "s/^$2:count=\([0-9]*\).*/\1/p" "$1"
}
counts() {
	echo "$(count $ca) $(count $cb)"
}
# race A B STATE-FILE: make system calls on every CPU until the counts
# A and B (each "FILE CMD") are spent or still (race_wait); then stop.
race() {
	ca=$1 cb=$2
	rm -f "$stop"
	pids=
	for i in 1 2; do
		(while [ ! -e "$stop" ]; do
			dd if=/dev/zero of=/dev/null bs=1 count=5000 2>/dev/null
		done) &
		pids="$pids $!"
	done
	race_wait counts
	: >"$stop"
	wait $pids
	pids=
	left=$(counts)
	state=$(cat "$3")
}

# traceoff:N on sys_enter, traceon:N on sys_exit, from tracing on. No
# write to tracing_on once they are set: it would be a change no count
# paid for.
[ "$(cat "$T/tracing_on")" = 1 ] || fail "tracing is off before the triggers"
echo "traceoff:$N" >"$EN" || fail "traceoff:$N was refused"
echo "traceon:$N" >"$EX" || fail "traceon:$N was refused"
# (this shell's own system calls fire them too: counts are below N)
[ -n "$(count "$EN" traceoff)" ] && [ -n "$(count "$EX" traceon)" ] ||
	fail "the triggers read '$(cat "$EN")' and '$(cat "$EX")'"
race "$EN traceoff" "$EX traceon" "$T/tracing_on"
echo "!traceoff" >>"$EN"
echo "!traceon" >>"$EX"
echo 1 >"$T/tracing_on"
race_judge "traceoff and traceon" $N "$left" "$state" 1

# disable_event:N on sys_enter, enable_event:N on sys_exit, of
# sched_switch, from enabled (soft mode: "1*"); the same holds for the
# event's enable file.
echo 1 >"$EV"
echo "disable_event:sched:sched_switch:$N" >"$EN" ||
	fail "disable_event:sched:sched_switch:$N was refused"
echo "enable_event:sched:sched_switch:$N" >"$EX" ||
	fail "enable_event:sched:sched_switch:$N was refused"
case $(cat "$EV") in
'0*' | '1*') ;;
*) fail "with the triggers, the event is '$(cat "$EV")', not in soft mode" ;;
esac
race "$EN disable_event:sched:sched_switch" "$EX enable_event:sched:sched_switch" "$EV"
echo "!disable_event:sched:sched_switch" >>"$EN"
echo "!enable_event:sched:sched_switch" >>"$EX"
race_judge "disable_event and enable_event" $N "$left" "$state" "1*"
race_end
