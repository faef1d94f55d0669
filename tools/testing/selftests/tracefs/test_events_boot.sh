#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace_event= and tp_printk at boot, as upstream 6.1. A boot with
#   trace_event=initcall:initcall_finish,sched:sched_process_exec
#   tp_printk HARNESS_EVENTBOOT=1
# runs this test alone: the events are on from early boot (tp_printk
# copied the records of the early initcalls to the kernel log), the
# buffer was made full size, trace has the records, and no tracer
# self-test ran. In other boots
# it has nothing to check.
. "$TESTDIR/lib.sh"

[ "${HARNESS_EVENTBOOT:-}" = 1 ] ||
	skip "not booted with trace_event= (HARNESS_EVENTBOOT=1)"
grep -qw 'trace_event=initcall:initcall_finish,sched:sched_process_exec' /proc/cmdline ||
	fail "trace_event= is not on the command line"
for e in initcall/initcall_finish sched/sched_process_exec; do
	[ "$(cat "$T/events/$e/enable")" = 1 ] || fail "events/$e is not enabled"
done
[ "$(sort "$T/set_event" | tr '\n' ' ')" = "initcall:initcall_finish sched:sched_process_exec " ] ||
	fail "set_event: $(tr '\n' ' ' <"$T/set_event")"
case $(cat "$T/buffer_size_kb") in
*expanded*) fail "trace_event= did not expand the buffer: $(cat "$T/buffer_size_kb")" ;;
esac
# The trace keeps what came after the last reset: on a machine whose
# sched_clock is unstable (QEMU), the switch to the global clock at
# late_initcall_sync empties it, upstream's too. tp_printk's copies in
# the kernel log show the early records.
grep -q ' initcall_finish: func=[^ ]* ret=' "$T/trace" || fail "no initcall_finish record in trace"
grep -qw tp_printk /proc/cmdline || fail "tp_printk is not on the command line"
n=$(dmesg | grep -c 'initcall_finish: func=[^ ]* ret=')
[ "$n" -gt 10 ] || fail "only $n initcall_finish records in the kernel log: not enabled early"
echo "$n initcall_finish records in the kernel log"
# Events on from boot turn the tracer self-tests off, as upstream's do
# (they would reset the buffer under them), on a kernel built with them.
selftests_disabled_by "running event tracing"
echo 0 >"$T/events/enable"
