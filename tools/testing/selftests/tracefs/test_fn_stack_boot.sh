#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The stack tracer from the command line. make check boots with
#   stacktrace stacktrace_filter=vfs_read,vfs_write HARNESS_STACKBOOT=1
# and runs this test alone: the stack tracer runs from boot, measuring
# those two functions only.
. "$TESTDIR/lib.sh"

[ "${HARNESS_STACKBOOT:-}" = 1 ] ||
	skip "not booted with the stack tracer parameters (make check does that)"
for p in stacktrace stacktrace_filter=vfs_read,vfs_write; do
	grep -qw -- "$p" /proc/cmdline || fail "$p is not on the command line"
done
S=/proc/sys/kernel/stack_tracer_enabled
trap 'echo 0 >"$S"; echo >"$T/stack_trace_filter"; echo 0 >"$T/stack_max_size"' EXIT

[ "$(cat "$S")" = 1 ] || fail "$S reads '$(cat "$S")'"
[ "$(cat "$T/stack_trace_filter" | tr '\n' ' ')" = "vfs_read vfs_write " ] ||
	fail "stack_trace_filter: $(cat "$T/stack_trace_filter" | tr '\n' ' ')"
en=$(awk '{ printf "%s %s ", $1, $2 }' "$T/enabled_functions")
[ "$en" = "vfs_read (1) vfs_write (1) " ] || fail "enabled_functions: '$en'"
read -r l </proc/version
echo "$l" >/dev/null
max=$(cat "$T/stack_max_size")
[ "$max" -gt 0 ] || fail "stack_max_size is $max"
top=$(sed -n '3s/.*   \([^ +]*\).*/\1/p' "$T/stack_trace")
case $top in
vfs_read | vfs_write) ;;
*) fail "the deepest stack starts at '$top'" ;;
esac
echo 0 >"$S"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions is not empty once off"
echo "since boot: $max bytes, from $top"
