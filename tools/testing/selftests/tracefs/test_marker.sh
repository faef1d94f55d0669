#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A line written to trace_marker comes back out of trace and trace_pipe.
. "$TESTDIR/lib.sh"

reset_tracing
word="harness-marker-$$"
echo "$word" >"$T/trace_marker" || fail "write to trace_marker failed"
grep -q "tracing_mark_write: $word\$" "$T/trace" ||
	fail "marker not in trace: $(tail -n 3 "$T/trace")"
# trace_pipe consumes: the marker comes out once, then the buffer is empty.
# (head, not the shell's read: busybox's read loses the line. GNU head
# complains that it cannot seek back on trace_pipe; that is harmless.)
line=$(timeout 5 head -n 1 "$T/trace_pipe" 2>/dev/null)
case $line in
*"tracing_mark_write: $word") ;;
*) fail "marker not in trace_pipe: '$line'" ;;
esac
grep -q "$word" "$T/trace" && fail "trace_pipe did not consume the marker"
reset_tracing
