#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /proc/sys/kernel/ftrace_enabled: 0 stops every function record while
# the function tracer stays current (no site calls the trampoline any
# more), any other value brings them back; the tracer can be started
# while it is 0; a value that is not a number is refused.
. "$TESTDIR/lib.sh"

S=/proc/sys/kernel/ftrace_enabled
if [ ! -e "$S" ]; then
	fail "no $S"
fi
cleanup() {
	echo 1 >"$S"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 128 >"$T/buffer_size_kb"
[ "$(cat "$S")" = 1 ] || fail "$S reads '$(cat "$S")' at boot"

line='^ *[^ ].*-[0-9]+ +\[[0-9]{3}\] [^ ]{5} +[0-9]+\.[0-9]{6}: [A-Za-z_][A-Za-z0-9_.]* <-'
# records: the function records of a short workload.
records() {
	echo 1 >"$T/tracing_on"
	: >"$T/trace"
	ls / >/dev/null
	echo 0 >"$T/tracing_on"
	n=$(grep -cE "$line" "$T/trace")
	echo 1 >"$T/tracing_on"
}

echo function >"$T/current_tracer"
records
[ "$n" -gt 100 ] || fail "only $n function records with ftrace_enabled=1"
echo 0 >"$S" || fail "$S refused 0"
records
[ "$n" = 0 ] || fail "$n function records with ftrace_enabled=0: $(grep -m4 -E "$line" "$T/trace")"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions is not empty with ftrace_enabled=0"
[ "$(cat "$T/current_tracer")" = function ] || fail "the tracer changed with ftrace_enabled=0"
echo 2 >"$S" || fail "$S refused 2"
[ "$(cat "$S")" = 2 ] || fail "$S reads '$(cat "$S")' after 2"
records
[ "$n" -gt 100 ] || fail "only $n function records with ftrace_enabled=2"
echo "ftrace_enabled 1, 0, 2: records, none, records"

# Started while it is 0: nothing until it is set again.
echo nop >"$T/current_tracer"
echo 0 >"$S"
echo function >"$T/current_tracer" || fail "cannot start the function tracer with ftrace_enabled=0"
records
[ "$n" = 0 ] || fail "$n function records from a tracer started with ftrace_enabled=0: $(grep -m4 -E "$line" "$T/trace")"
echo 1 >"$S"
records
[ "$n" -gt 100 ] || fail "only $n function records once ftrace_enabled is 1 again"
echo nop >"$T/current_tracer"
echo "a tracer started with ftrace_enabled=0 records once it is 1"

expect_err "$S" "abc" "Invalid argument"
[ "$(cat "$S")" = 1 ] || fail "a refused write changed $S to '$(cat "$S")'"
echo "bad input refused, value unchanged"
