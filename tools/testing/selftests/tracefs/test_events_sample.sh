#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The base tree's samples/trace_events module (trace-events-sample), a
# real user of the TRACE_EVENT macros: loaded, its eight events of group
# sample-trace appear; enabled, its thread's records print as its
# TP_printk()s say, the _CONDITION events only when their condition
# holds, and the _FN event's reg/unreg callbacks start and stop its
# second thread; unloaded, the group is gone.
. "$TESTDIR/lib.sh"

MOD=trace-events-sample
E=$T/events/sample-trace
EVENTS="foo_bar foo_bar_with_cond foo_bar_with_fn foo_rel_loc
foo_with_template_cond foo_with_template_fn foo_with_template_print
foo_with_template_simple"
cleanup() {
	[ -d "$E" ] && echo 0 >"$E/enable"
	rmmod $MOD 2>/dev/null
	reset_tracing
	rm -f /tmp/sample.trace
}
trap cleanup EXIT
reset_tracing

[ -d "$E" ] && fail "sample-trace is there before the module"
modprobe $MOD || fail "modprobe $MOD"
for e in $EVENTS; do
	for f in enable filter format id trigger; do
		[ -f "$E/$e/$f" ] || fail "no events/sample-trace/$e/$f"
	done
	grep -qx "sample-trace:$e" "$T/available_events" ||
		fail "no sample-trace:$e in available_events"
done
[ "$(ls "$E" | grep -Evc '^(enable|filter)$')" = 8 ] ||
	fail "sample-trace has: $(ls "$E" | tr '\n' ' ')"

# comm_of NAME: the threads called NAME
comm_of() { cat /proc/[0-9]*/comm 2>/dev/null | grep -cx "$1"; }
[ "$(comm_of event-sample-fn)" = 0 ] || fail "event-sample-fn runs before foo_bar_with_fn is enabled"
echo 1 >"$E/enable" || fail "enable sample-trace"
# the thread records once a second, from 0
sleep 3.5
[ "$(comm_of event-sample-fn)" = 1 ] || fail "enabling foo_bar_with_fn did not start event-sample-fn"
# The thread started counting at modprobe: if the checks above took
# over a second (a loaded machine), round 0 came before the enable, and
# foo_bar_with_cond waits for round 10, foo_with_template_cond for
# round 8. Both are waited for: the system's enable turns its events on
# one at a time, so a round that runs meanwhile records some of them
# (round 0 once had foo_bar_with_cond, not foo_with_template_cond).
i=0
while { ! grep -q ': foo_bar_with_cond: ' "$T/trace" ||
	! grep -q ': foo_with_template_cond: ' "$T/trace"; } && [ $i -lt 30 ]; do
	sleep 0.5
	i=$((i + 1))
done
echo 0 >"$E/enable"
cat "$T/trace" >/tmp/sample.trace

# want EVENT ERE: the event recorded at least once; each of its lines
# matches ERE after "EVENT: "
want() {
	n=$(grep -c ": $1: " /tmp/sample.trace)
	[ "$n" -gt 0 ] || fail "no $1 record: $(grep -v '^#' /tmp/sample.trace | head -n 3)"
	bad=$(grep ": $1: " /tmp/sample.trace | sed "s/.*: $1: //" | grep -vE "^$2\$" | head -n 1)
	[ -z "$bad" ] || fail "$1 printed '$bad'"
}
want foo_with_template_simple 'foo HELLO [0-9]+'
want foo_with_template_print 'bar I have to be different [0-9]+'
want foo_rel_loc 'foo_rel_loc Hello __rel_loc, [0-9]+, 00000000,deadbeef, [0-9a-f,]+'
want foo_bar_with_fn 'foo Look at me [0-9]+'
want foo_with_template_fn 'foo Look at me too [0-9]+'
# (the sample's __string_len() and, on upstream 6.1, its __vstring()
# print stray bytes: only the fields before them are checked)
want foo_bar 'foo hello [0-9]+ .*'
# conditions: foo_bar_with_cond when the count is a multiple of 10,
# foo_with_template_cond of 8; round 0 has both (rounds 8 and 10 when
# the enable came after round 0)
want foo_bar_with_cond 'foo Some times print [0-9]*0'
want foo_with_template_cond 'foo prints other times [0-9]+'
grep ': foo_with_template_cond: ' /tmp/sample.trace | awk '$NF % 8 { exit 1 }' ||
	fail "foo_with_template_cond recorded a count that is not a multiple of 8"
n=$(grep -c ': foo_with_template_simple: ' /tmp/sample.trace)
[ "$n" -ge 2 ] || fail "the thread recorded $n rounds in 3.5 s"

# disabling foo_bar_with_fn stopped its thread
i=0
while [ "$(comm_of event-sample-fn)" != 0 ]; do
	i=$((i + 1))
	[ $i -le 30 ] || fail "event-sample-fn still runs 3 s after foo_bar_with_fn was disabled"
	sleep 0.1
done
rmmod $MOD || fail "rmmod $MOD"
[ -d "$E" ] && fail "events/sample-trace stays after rmmod"
grep -q '^sample-trace:' "$T/available_events" && fail "sample-trace events stay in available_events after rmmod"
echo "$n rounds of the sample's thread, every event as printed by its TP_printk"
exit 0
