#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Function tracing from the command line. make check boots with
#   ftrace=function ftrace_filter=vfs_read,vfs_write ftrace_notrace=vfs_write
#   HARNESS_FNBOOT=1
# and runs this test alone: the function tracer runs from boot with
# those sets, so the buffer holds vfs_read records and nothing else.
. "$TESTDIR/lib.sh"

[ "${HARNESS_FNBOOT:-}" = 1 ] ||
	skip "not booted with the function tracing parameters (make check does that)"
for p in ftrace=function ftrace_filter=vfs_read,vfs_write ftrace_notrace=vfs_write; do
	grep -qw -- "$p" /proc/cmdline || fail "$p is not on the command line"
done
trap reset_tracing EXIT

[ "$(cat "$T/current_tracer")" = function ] || fail "current_tracer: $(cat "$T/current_tracer")"
[ "$(cat "$T/set_ftrace_filter" | tr '\n' ' ')" = "vfs_read vfs_write " ] ||
	fail "set_ftrace_filter: $(cat "$T/set_ftrace_filter" | tr '\n' ' ')"
[ "$(cat "$T/set_ftrace_notrace")" = vfs_write ] ||
	fail "set_ftrace_notrace: $(cat "$T/set_ftrace_notrace" | tr '\n' ' ')"
en=$(cut -f1 "$T/enabled_functions" | tr -s ' ')
[ "$en" = "vfs_read (1) " ] || fail "enabled_functions: '$en'"
cat /proc/version >/dev/null
echo 0 >"$T/tracing_on"
got=$(grep -v '^#' "$T/trace" | sed 's/.*: \([^ ]*\) <-.*/\1/' | sort | uniq -c | tr -s ' ')
echo 1 >"$T/tracing_on"
case $got in
" "[0-9]*" vfs_read") ;;
*) fail "the trace since boot holds: $got" ;;
esac
echo "since boot: $got records"
# A tracer started at boot turns the tracer self-tests off, on a kernel
# built with them.
selftests_disabled_by "running a tracer"
