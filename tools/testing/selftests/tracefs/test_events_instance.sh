#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Events in an instance as in upstream 6.1: the instance has its own
# set_event, events/ tree and enable state; its records go to its own
# buffer only; an open event file keeps rmdir from removing it (EBUSY);
# rmdir with events enabled works and they stop.
. "$TESTDIR/lib.sh"

inst=$T/instances/ev_inst_$$
cleanup() {
	exec 3<&- 2>/dev/null
	[ -d "$inst" ] && { echo 0 >"$inst/events/enable"; rmdir "$inst"; }
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"
mkdir "$inst" || fail "mkdir $inst"
for f in set_event set_event_pid set_event_notrace_pid events/enable \
	events/sched/enable events/sched/sched_switch/enable \
	events/sched/sched_switch/format; do
	[ -f "$inst/$f" ] || fail "the instance has no $f"
done
[ ! -f "$inst/available_events" ] || fail "an instance has available_events"
echo sched:sched_switch >"$inst/set_event" || fail "instance set_event refused"
[ "$(cat "$inst/events/sched/sched_switch/enable")" = 1 ] || fail "instance event not on"
[ "$(cat "$T/events/sched/sched_switch/enable")" = 0 ] || fail "the top level's event went on too"
sleep 1
grep -q ' sched_switch: ' "$inst/trace" || fail "no record in the instance"
grep -q ' sched_switch: ' "$T/trace" && fail "instance records in the top level"
exec 3<"$inst/events/sched/sched_switch/enable"
rmdir "$inst" 2>/dev/null && fail "rmdir with an event file open succeeded"
exec 3<&-
rmdir "$inst" || fail "rmdir with events enabled failed"
[ ! -d "$inst" ] || fail "the instance is still there"
