#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The tracing core's boot parameters. make check boots a kernel with
#   ftrace=nop trace_buf_size=2M trace_options=nooverwrite,record-tgid
#   trace_clock=global alloc_snapshot ftrace_dump_on_oops traceoff_on_warning
#   tp_printk HARNESS_BOOTPARAMS=1
# and runs this test alone; in other boots it has nothing to check.
. "$TESTDIR/lib.sh"

[ "${HARNESS_BOOTPARAMS:-}" = 1 ] ||
	skip "not booted with the boot parameters (make check does that)"
for p in ftrace=nop trace_buf_size=2M trace_clock=global alloc_snapshot \
	ftrace_dump_on_oops traceoff_on_warning tp_printk; do
	grep -qw -- "$p" /proc/cmdline || fail "$p is not on the command line"
done

# ftrace= starts a tracer at boot, so the buffers are full size from
# the start (no "(expanded: N)"), and trace_buf_size= gives that size,
# rounded to whole ring buffer pages.
grep -qx nop "$T/current_tracer" || fail "current_tracer: $(cat "$T/current_tracer")"
kb=$(cat "$T/buffer_size_kb")
case $kb in
*expanded*) fail "buffer not expanded at boot: $kb" ;;
esac
[ "$kb" -ge 2000 ] && [ "$kb" -le 2100 ] ||
	fail "trace_buf_size=2M gave buffer_size_kb $kb"

# trace_options=
[ "$(cat "$T/options/overwrite")" = 0 ] || fail "overwrite still on"
[ "$(cat "$T/options/record-tgid")" = 1 ] || fail "record-tgid not on"
grep -qx nooverwrite "$T/trace_options" || fail "trace_options lacks nooverwrite"

# trace_clock=
grep -q '\[global\]' "$T/trace_clock" || fail "trace_clock: $(cat "$T/trace_clock")"

# alloc_snapshot: the spare buffer exists, so `snapshot` shows a trace
# header rather than the "Snapshot is freed" help.
grep -q 'Snapshot is freed' "$T/snapshot" && fail "alloc_snapshot: snapshot not allocated"
grep -q '^# tracer:' "$T/snapshot" || fail "snapshot has no trace header"

# The sysctls reflect the switches.
[ "$(cat /proc/sys/kernel/ftrace_dump_on_oops)" = 1 ] ||
	fail "ftrace_dump_on_oops sysctl: $(cat /proc/sys/kernel/ftrace_dump_on_oops)"
[ "$(cat /proc/sys/kernel/traceoff_on_warning)" = 1 ] ||
	fail "traceoff_on_warning sysctl: $(cat /proc/sys/kernel/traceoff_on_warning)"
[ "$(cat /proc/sys/kernel/tracepoint_printk)" = 1 ] ||
	fail "tracepoint_printk sysctl: $(cat /proc/sys/kernel/tracepoint_printk)"

# Undo what could affect a later boot's tests (none here, but be tidy).
echo 0 >/proc/sys/kernel/tracepoint_printk
echo 1 >"$T/options/overwrite"
echo 0 >"$T/options/record-tgid"
echo local >"$T/trace_clock"
echo 0 >"$T/snapshot"
exit 0
