#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Trace events, the basics as in upstream 6.1: the control files and
# their modes, enabling sched_switch (records appear in trace, with the
# event's name), enable reading 0, 1 and X for an event, its group and
# events/enable, the id file against the format's ID, the trigger file
# with no trigger, and bad writes to the enable files.
. "$TESTDIR/lib.sh"

[ -f "$T/set_event" ] || fail "no set_event"
cleanup() {
	echo 0 >"$T/events/enable"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"

ev=$T/events/sched/sched_switch
for f in set_event:640 available_events:440 set_event_pid:640 \
	set_event_notrace_pid:640 events/enable:640 events/sched/enable:640 \
	events/sched/filter:640 events/sched/sched_switch/enable:640 \
	events/sched/sched_switch/filter:640 \
	events/sched/sched_switch/trigger:640 \
	events/sched/sched_switch/format:440 events/sched/sched_switch/id:440; do
	m=$(stat -c %a "$T/${f%:*}") || fail "no ${f%:*}"
	[ "$m" = "${f#*:}" ] || fail "mode of ${f%:*}: $m, want ${f#*:}"
done

rd() { cat "$1" || fail "cannot read ${1#"$T"/}"; }
[ "$(rd "$ev/enable")" = 0 ] || fail "sched_switch enable reads $(rd "$ev/enable") when off"
[ "$(rd "$T/events/sched/enable")" = 0 ] || fail "events/sched/enable is not 0 with all off"
[ "$(rd "$T/events/enable")" = 0 ] || fail "events/enable is not 0 with all off"
[ -z "$(rd "$T/set_event")" ] || fail "set_event is not empty with all off"

echo 1 >"$ev/enable" || fail "cannot enable sched_switch"
[ "$(rd "$ev/enable")" = 1 ] || fail "sched_switch enable reads $(rd "$ev/enable") when on"
[ "$(rd "$T/events/sched/enable")" = X ] || fail "events/sched/enable is not X with one on"
[ "$(rd "$T/events/enable")" = X ] || fail "events/enable is not X with one on"
[ "$(rd "$T/set_event")" = "sched:sched_switch" ] || fail "set_event: $(rd "$T/set_event")"
sleep 1
echo 0 >"$ev/enable"
n=$(grep -c ' sched_switch: prev_comm=.* prev_pid=[0-9]* prev_prio=[0-9]* prev_state=.* ==> next_comm=.* next_pid=[0-9]* next_prio=[0-9]*$' "$T/trace")
[ "$n" -gt 0 ] || { head -20 "$T/trace"; fail "no sched_switch record in trace"; }
echo "$n sched_switch records"
[ "$(rd "$ev/enable")" = 0 ] || fail "sched_switch still on after echo 0"
: >"$T/trace"
sleep 1
grep -q ' sched_switch: ' "$T/trace" && fail "sched_switch records after disabling"

echo 1 >"$T/events/sched/enable" || fail "cannot enable the sched group"
[ "$(rd "$T/events/sched/enable")" = 1 ] || fail "events/sched/enable is not 1 after echo 1"
[ "$(rd "$ev/enable")" = 1 ] || fail "group enable left sched_switch off"
echo 0 >"$T/events/sched/enable"
[ "$(rd "$T/events/sched/enable")" = 0 ] || fail "events/sched/enable is not 0 after echo 0"

# id is the ID line of format, and the type of the records
id=$(rd "$ev/id")
fid=$(sed -n 's/^ID: //p' "$ev/format")
[ "$id" = "$fid" ] || fail "id $id, format says ID: $fid"
head -3 "$ev/format" | tr '\n' '|' | grep -q '^name: sched_switch|ID: [0-9]*|format:|$' ||
	fail "format starts with: $(head -3 "$ev/format")"
[ "$(head -1 "$ev/trigger")" = "# Available triggers:" ] || fail "trigger reads: $(rd "$ev/trigger")"
[ "$(rd "$ev/filter")" = none ] || fail "filter reads: $(rd "$ev/filter")"

for f in "$ev/enable" "$T/events/sched/enable" "$T/events/enable"; do
	expect_err "$f" 2 "Invalid argument"
	expect_err "$f" abc "Invalid argument"
	expect_err "$f" "-1" "Invalid argument"
done
[ "$(rd "$T/events/enable")" = 0 ] || fail "bad writes changed events/enable"
