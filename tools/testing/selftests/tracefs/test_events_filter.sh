#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Event filters as in upstream 6.1: a number and a string predicate on
# sched_switch keep only matching records; the filter file reads back
# the text, or "none"; "0" clears it. A bad filter fails with EINVAL,
# logs "event filter parse error" with its command and caret in
# error_log, and the filter file shows the error. A group's filter goes
# to each of its events; the group file then reads the default text.
. "$TESTDIR/lib.sh"

ev=$T/events/sched/sched_switch
[ -f "$ev/filter" ] || fail "no events/sched/sched_switch/filter"
cleanup() {
	echo 0 >"$T/events/enable"
	echo 0 >"$T/events/sched/filter"
	: >"$T/error_log"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
: >"$T/error_log"

record() {
	: >"$T/trace"
	echo 1 >"$ev/enable"
	sleep 1
	echo 0 >"$ev/enable"
}
echo 'prev_pid == 0' >"$ev/filter" || fail "'prev_pid == 0' refused"
[ "$(cat "$ev/filter")" = 'prev_pid == 0' ] || fail "filter reads '$(cat "$ev/filter")'"
record
n=$(grep -c ' sched_switch: ' "$T/trace")
[ "$n" -gt 0 ] || fail "no record with prev_pid == 0"
grep ' sched_switch: ' "$T/trace" | grep -v ' prev_pid=0 ' && fail "a record with prev_pid != 0 passed"

echo 'next_comm ~ "swapper*" || next_comm == "no_such_comm"' >"$ev/filter" ||
	fail "string filter refused"
record
[ "$(grep -c ' sched_switch: ' "$T/trace")" -gt 0 ] || fail "no record to swapper"
grep ' sched_switch: ' "$T/trace" | grep -v ' next_comm=swapper' && fail "a record to another task passed"

echo 0 >"$ev/filter"
[ "$(cat "$ev/filter")" = none ] || fail "filter after '0' reads '$(cat "$ev/filter")'"

expect_err "$ev/filter" 'no_such_field == 1' "Invalid argument"
[ "$(head -1 "$ev/filter")" = 'no_such_field == 1' ] || fail "a bad filter reads '$(cat "$ev/filter")'"
grep -q '^parse_error: Field not found$' "$ev/filter" || fail "a bad filter reads '$(cat "$ev/filter")'"
l1=$(sed -n 1p "$T/error_log") l2=$(sed -n 2p "$T/error_log") l3=$(sed -n 3p "$T/error_log")
case $l1 in *"] event filter parse error: error: Field not found") ;; *) fail "error_log line 1: '$l1'" ;; esac
[ "$l2" = "  Command: no_such_field == 1" ] || fail "error_log line 2: '$l2'"
# the caret after the field name: 11 + 14 spaces (upstream counts
# positions from 1 here)
[ "$l3" = "                         ^" ] || fail "error_log line 3: '$l3'"
# a bad filter is not applied: everything records
record
[ "$(grep -c ' sched_switch: ' "$T/trace")" -gt 0 ] || fail "a failed filter filters"
expect_err "$ev/filter" 'prev_pid ==' "Invalid argument"
expect_err "$ev/filter" 'prev_pid == abc' "Invalid argument"
expect_err "$ev/filter" 'prev_comm > 1' "Invalid argument"
echo 0 >"$ev/filter"

echo 'common_pid != 0' >"$T/events/sched/filter" || fail "group filter refused"
[ "$(head -1 "$T/events/sched/filter")" = "### global filter ###" ] ||
	fail "group filter reads '$(cat "$T/events/sched/filter")'"
[ "$(cat "$ev/filter")" = 'common_pid != 0' ] || fail "the group filter did not reach sched_switch"
[ "$(cat "$T/events/sched/sched_wakeup/filter")" = 'common_pid != 0' ] || fail "the group filter did not reach sched_wakeup"
echo 0 >"$T/events/sched/filter"
[ "$(cat "$ev/filter")" = none ] || fail "group '0' left sched_switch's filter"
