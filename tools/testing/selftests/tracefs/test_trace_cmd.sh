#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace-cmd records sched_switch events through trace_pipe_raw and its
# report decodes every one of them.
. "$TESTDIR/lib.sh"

command -v trace-cmd >/dev/null || fail "no trace-cmd in the guest"
[ -d "$T/events/sched/sched_switch" ] || fail "no sched_switch event"
cd /tmp || exit 1
trace-cmd record -q -o /tmp/smoke.dat -e sched:sched_switch sleep 1 ||
	fail "trace-cmd record failed"
trace-cmd report -i /tmp/smoke.dat >/tmp/smoke.txt 2>&1 ||
	fail "trace-cmd report failed: $(tail -n 3 /tmp/smoke.txt)"
n=$(grep -c 'sched_switch:' /tmp/smoke.txt)
echo "$n sched_switch records decoded"
[ "$n" -gt 0 ] || fail "no sched_switch records: $(head -n 5 /tmp/smoke.txt)"
grep -q 'FAILED TO PARSE' /tmp/smoke.txt && fail "report has unparsed records"
# The raw report prints every field by name from the format file.
trace-cmd report -R -i /tmp/smoke.dat >/tmp/smoke-raw.txt 2>&1 ||
	fail "trace-cmd report -R failed: $(tail -n 3 /tmp/smoke-raw.txt)"
for field in prev_comm prev_pid prev_prio prev_state next_comm next_pid next_prio; do
	grep -q "sched_switch:.* $field=" /tmp/smoke-raw.txt ||
		fail "raw records lack $field: $(grep -m1 sched_switch: /tmp/smoke-raw.txt)"
done
rm -f /tmp/smoke.dat /tmp/smoke.txt /tmp/smoke-raw.txt
