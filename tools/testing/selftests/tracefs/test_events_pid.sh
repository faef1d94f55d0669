#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# set_event_pid and set_event_notrace_pid as in upstream 6.1: they read
# back the pids in order, ">" replaces and ">>" adds, an empty write
# clears, writes of any size are taken; a bad number is EINVAL, a pid beyond PID_MAX_LIMIT is EPERM
# (upstream's -1). With set_event_pid, only the listed tasks record
# (fork records come from the parent), and their children join only with
# options/event-fork; set_event_notrace_pid drops the listed tasks.
. "$TESTDIR/lib.sh"

P=$T/set_event_pid N=$T/set_event_notrace_pid
[ -f "$P" ] || fail "no set_event_pid"
cleanup() {
	echo 0 >"$T/events/enable"
	echo >"$P"
	echo >"$N"
	echo 0 >"$T/options/event-fork"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/options/event-fork"

echo 300 >"$P" || fail "300 refused"
echo 200 100 >>"$P" || fail ">> '200 100' refused"
[ "$(tr '\n' ' ' <"$P")" = "100 200 300 " ] || fail "set_event_pid reads '$(tr '\n' ' ' <"$P")'"
echo 7 >"$P"
[ "$(cat "$P")" = 7 ] || fail "> did not replace: '$(cat "$P")'"
echo >"$P"
[ -z "$(cat "$P")" ] || fail "an empty write left '$(cat "$P")'"
for f in "$P" "$N"; do
	expect_err "$f" abc "Invalid argument"
	expect_err "$f" "12 x" "Invalid argument"
	# beyond what a pid list holds (2^30); below it, upstream takes any
	expect_err "$f" 2000000000 "Operation not permitted"
done
[ -z "$(cat "$P")" ] || fail "bad writes changed set_event_pid: '$(cat "$P")'"
# 200 pids in one write (words across the kernel's read chunks), then a
# megabyte of blanks appended in one write: the list stays
i=0 s=
while [ $i -lt 200 ]; do s="$s $((i + 1000))"; i=$((i + 1)); done
expect_err "$P" "$s" ok
[ "$(grep -c . "$P")" = 200 ] || fail "200 pids written, $(grep -c . "$P") read back"
head -c 1048576 /dev/zero | tr '\0' ' ' | dd of="$P" bs=1048576 conv=notrunc 2>/dev/null ||
	fail "a megabyte of blanks refused"
[ "$(grep -c . "$P")" = 200 ] || fail "blanks appended changed the list"
echo >"$P"

# fork and exec of a child of this shell
run() {
	: >"$T/trace"
	echo 1 >"$T/events/sched/sched_process_fork/enable"
	echo 1 >"$T/events/sched/sched_process_exec/enable"
	cat /dev/null
	echo 0 >"$T/events/sched/sched_process_exec/enable"
	echo 0 >"$T/events/sched/sched_process_fork/enable"
	fork=$(grep -c " sched_process_fork: comm=.* pid=$$ " "$T/trace")
	exec=$(grep -c ' sched_process_exec: filename=' "$T/trace")
}
echo $$ >"$P"
run
[ "$fork" -gt 0 ] || fail "no fork record of the listed shell"
[ "$exec" = 0 ] || fail "the child's exec recorded without event-fork"
echo 1 >"$T/options/event-fork"
run
[ "$exec" -gt 0 ] || {
	grep ' sched_process_' "$T/trace" | head
	fail "the child's exec not recorded with event-fork"
}
echo 0 >"$T/options/event-fork"
echo >"$P"
echo $$ >"$N"
run
[ "$fork" = 0 ] || fail "a fork record of a notrace pid"
[ "$exec" -gt 0 ] || fail "set_event_notrace_pid dropped an unlisted child"
echo >"$N"
run
[ "$fork" -gt 0 ] && [ "$exec" -gt 0 ] || fail "records missing with no pid list"
