#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The stack tracer: /proc/sys/kernel/stack_tracer_enabled starts and
# stops it; stack_trace shows the deepest stack since stack_max_size was
# last set, one line per frame whose depths and sizes add up, starting at
# a traced function; stack_max_size reads that depth and takes a number
# (bad input: EINVAL, ERANGE); stack_trace_filter limits the functions
# measured, as set_ftrace_filter does (bad words: EINVAL, and an
# error_log entry on ours).
. "$TESTDIR/lib.sh"

S=/proc/sys/kernel/stack_tracer_enabled
M=$T/stack_max_size
ST=$T/stack_trace
F=$T/stack_trace_filter
[ -e "$ST" ] || fail "no stack_trace"
for f in "$S" "$M" "$F"; do
	[ -e "$f" ] || fail "no $f"
done
cleanup() {
	echo 0 >"$S"
	echo >"$F"
	echo 0 >"$M"
	echo >"$T/error_log"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$S"
echo >"$F"
echo >"$T/error_log"
[ "$(cat "$S")" = 0 ] || fail "$S reads '$(cat "$S")' with the tracer off"

# workload: system calls through a few layers, forks, file reads.
workload() {
	ls -R /sys/kernel/tracing/events >/dev/null 2>&1
	cat /proc/version /proc/self/status >/dev/null
	(echo forked) >/dev/null
	read -r l </proc/version
	echo "$l" >/dev/null
}

# check_trace: stack_trace is the header with the entry count, the
# dashes, then that many frames "N) DEPTH SIZE LOCATION", N from 0,
# depths falling, each size the difference to the next depth (the last
# one's its depth), the first depth the one stack_max_size reads, and
# the first location a function of available_filter_functions.
# Sets nframes and top (the first function).
check_trace() {
	cat "$ST" >/tmp/fn-stack
	h=$(sed -n 1p /tmp/fn-stack)
	nframes=$(echo "$h" | sed -n 's/^        Depth    Size   Location    (\([0-9]*\) entries)$/\1/p')
	[ -n "$nframes" ] || fail "stack_trace header: '$h'"
	[ "$(sed -n 2p /tmp/fn-stack)" = "        -----    ----   --------" ] ||
		fail "stack_trace second line: '$(sed -n 2p /tmp/fn-stack)'"
	[ "$nframes" -gt 3 ] || fail "only $nframes frames in stack_trace"
	grep -v '^#' /tmp/fn-stack | tail -n +3 >/tmp/fn-frames
	[ "$(wc -l </tmp/fn-frames)" = "$nframes" ] ||
		fail "stack_trace says $nframes entries and has $(wc -l </tmp/fn-frames) lines"
	awk -v max="$(cat "$M")" '
	{
		if ($0 !~ /^ *[0-9]+\) +[0-9]+ +[0-9]+   [^ ]+( \[[^]]+\])?$/) {
			print "bad line: " $0; exit 1
		}
		i = $1; sub(/\)/, "", i)
		if (i != NR - 1) { print "line " NR " numbered " i; exit 1 }
		d[NR] = $2; s[NR] = $3
	}
	END {
		if (d[1] != max) { print "first depth " d[1] ", stack_max_size " max; exit 1 }
		for (k = 1; k < NR; k++) {
			if (d[k] <= d[k + 1]) { print "depth " d[k] " then " d[k + 1]; exit 1 }
			if (s[k] != d[k] - d[k + 1]) { print "frame " k - 1 " size " s[k] " != " d[k] " - " d[k + 1]; exit 1 }
		}
		if (s[NR] != d[NR]) { print "last size " s[NR] ", depth " d[NR]; exit 1 }
	}' /tmp/fn-frames >/tmp/fn-why || fail "stack_trace: $(cat /tmp/fn-why)"
	top=$(sed -n '1s/.*   \([^ +]*\).*/\1/p' /tmp/fn-frames)
	grep -q "^$top\$" /tmp/fn-avail ||
		fail "the innermost frame, '$top', is not a traceable function"
}
cut -d' ' -f1 "$T/available_filter_functions" >/tmp/fn-avail
# enabled: the functions of enabled_functions with their counts (upstream
# adds its trampoline or the list function after them).
enabled() {
	awk '{ printf "%s %s ", $1, $2 }' "$T/enabled_functions"
}

# Off, with the maximum cleared: the header and the "disabled" note.
echo 0 >"$M" || fail "$M refused 0"
[ "$(cat "$M")" = 0 ] || fail "$M reads '$(cat "$M")' after 0"
grep -q "^#  Stack tracer disabled$" "$ST" || fail "no 'disabled' note in stack_trace while off"
workload
[ "$(cat "$M")" = 0 ] || fail "the maximum moved to $(cat "$M") while the tracer was off"
echo "off: stack_trace says disabled, nothing is measured"

# On: a maximum, and its stack.
echo 1 >"$S" || fail "$S refused 1"
[ "$(cat "$S")" = 1 ] || fail "$S reads '$(cat "$S")' after 1"
workload
echo 0 >"$S"
max=$(cat "$M")
[ "$max" -gt 500 ] && [ "$max" -lt 65536 ] || fail "stack_max_size is $max after a workload"
grep -q "Stack tracer disabled" "$ST" && fail "the 'disabled' note with a maximum of $max"
check_trace
echo "on: maximum $max bytes, $nframes frames, innermost $top"
workload
[ "$(cat "$M")" = "$max" ] || fail "the maximum moved from $max to $(cat "$M") once off"

# Set high, nothing is deeper: the maximum and the stack stay.
cp /tmp/fn-frames /tmp/fn-frames0
echo 60000 >"$M"
echo 1 >"$S"
workload
echo 0 >"$S"
[ "$(cat "$M")" = 60000 ] || fail "stack_max_size 60000 became $(cat "$M")"
grep -v '^#' "$ST" | tail -n +3 | cmp -s - /tmp/fn-frames0 ||
	fail "stack_trace changed with no deeper stack"
echo "a maximum set by hand holds"

# Bad numbers.
expect_err "$M" "abc" "Invalid argument"
expect_err "$M" "-1" "Invalid argument"
expect_err "$M" "99999999999999999999999" "Numerical result out of range"
[ "$(cat "$M")" = 60000 ] || fail "a refused write changed $M to '$(cat "$M")'"
expect_err "$S" "abc" "Invalid argument"
[ "$(cat "$S")" = 0 ] || fail "a refused write changed $S to '$(cat "$S")'"
echo "bad numbers refused, values unchanged"

# The filter: only vfs_read is measured, so the deepest stack starts there.
[ "$(cat "$F")" = "#### all functions enabled ####" ] || fail "an empty stack_trace_filter reads '$(cat "$F")'"
echo '*lock*' >"$F"
n=$(wc -l <"$F")
[ "$n" -gt 10 ] && [ "$n" = "$(grep -c lock "$F")" ] || fail "'*lock*' gave $n functions, $(grep -c lock "$F") with lock"
echo vfs_read >"$F"
[ "$(cat "$F")" = vfs_read ] || fail "stack_trace_filter reads '$(cat "$F")'"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions is not empty while off"
echo 0 >"$M"
echo 1 >"$S"
en=$(enabled)
workload
echo 0 >"$S"
[ "$en" = "vfs_read (1) " ] || fail "enabled_functions reads '$en' with the filter"
check_trace
[ "$top" = vfs_read ] || fail "filtered to vfs_read, the stack starts at $top"
echo "filtered: $nframes frames from vfs_read, $(cat "$M") bytes"

# Bad words: EINVAL; ours logs them and keeps the filter.
for w in nosuchfunction_xyz '!nosuchfunction_xyz' 'vfs_read:nosuchcommand'; do
	echo >"$T/error_log"
	expect_err "$F" "$w
" "Invalid argument"
	if [ "$flavor" = ours ]; then
		grep -q "stack_trace_filter: error:" "$T/error_log" ||
			fail "no error_log entry for '$w'"
		[ "$(cat "$F")" = vfs_read ] || fail "'$w' changed the filter to '$(cat "$F")'"
	fi
	echo vfs_read >"$F"
done
echo "bad filter words refused"

# With the function tracer: both want vfs_read, each still works.
echo vfs_read >"$T/set_ftrace_filter"
echo function >"$T/current_tracer"
echo 1 >"$S"
en=$(enabled)
workload
echo 0 >"$S"
echo 0 >"$T/tracing_on"
got=$(grep -v '^#' "$T/trace" | sed 's/.*: \([^ ]*\) <-.*/\1/' | sort -u | tr '\n' ' ')
echo nop >"$T/current_tracer"
echo >"$T/set_ftrace_filter"
[ "$en" = "vfs_read (2) " ] || fail "enabled_functions reads '$en' with both"
[ "$got" = "vfs_read " ] || fail "the function tracer traced '$got' beside the stack tracer"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions is not empty when both are off"
echo "beside the function tracer"
dmesg | grep -q "giving up on function tracing" &&
	fail "the kernel gave up on function tracing: $(dmesg | grep -m1 'giving up')"
rm -f /tmp/fn-avail /tmp/fn-stack /tmp/fn-frames /tmp/fn-frames0 /tmp/fn-why
exit 0
