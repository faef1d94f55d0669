#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# events/sched/{sched_wakeup,sched_process_exec}/format: the text of
# upstream 6.1 on this arch (events_formats.<uname -m>.txt, the ID masked)
# byte for byte: a fixed-size array (char comm[16]), a __string's
# "__data_loc char[]", offsets after the common fields, signedness, and
# the print fmt with REC-> and __get_str() as written; and an eval map
# (TRACE_DEFINE_ENUM) applied to a print fmt.
. "$TESTDIR/lib.sh"

ref=$TESTDIR/events_formats.$(uname -m).txt
[ -f "$ref" ] || fail "no reference $ref"
[ -d "$T/events/sched" ] || fail "no events/sched"
exp=/tmp/events-formats.exp got=/tmp/events-formats.got
trap 'rm -f $exp $got' EXIT
for e in $(sed -n 's/^== //p' "$ref"); do
	sed -n "/^== $e\$/,/^== /p" "$ref" | sed '1d;/^== /d' >"$exp"
	f=$T/events/sched/$e/format
	[ -f "$f" ] || fail "no events/sched/$e/format"
	sed 's/^ID: [0-9][0-9]*$/ID: N/' "$f" >"$got"
	cmp -s "$exp" "$got" || {
		diff "$exp" "$got" | head -20
		fail "events/sched/$e/format differs from upstream's"
	}
done

# TRACE_DEFINE_ENUM(): the enum names in a print fmt become their values
# (irq.h's HI_SOFTIRQ...), as upstream's eval maps make them.
f=$T/events/irq/softirq_entry/format
[ -f "$f" ] || fail "no events/irq/softirq_entry/format"
grep -q '^print fmt: "vec=%u \[action=%s\]", REC->vec, __print_symbolic(REC->vec, { 0, "HI" }, { 1, "TIMER" }, ' "$f" ||
	fail "softirq_entry's print fmt: $(tail -1 "$f")"
grep -q '_SOFTIRQ' "$f" && fail "an enum name is left in softirq_entry's format"
exit 0
