#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The function profiler: function_profile_enabled takes a number (bad
# input: EINVAL or ERANGE, nothing changes); trace_stat/functionN exists
# for each possible CPU with upstream's header (Function Hit Time Avg
# s^2: every flavor has function_graph); the hits of a
# function called K times add up to at least K, stop moving when the
# profiler is off and start again from 0 when it is turned back on; the
# files are sorted; the profiler follows the top-level set_ftrace_filter
# and set_ftrace_notrace, and runs alongside the function tracer;
# set_ftrace_pid does not limit it.
. "$TESTDIR/lib.sh"

P=$T/function_profile_enabled
[ -e "$P" ] || fail "no function_profile_enabled"
need_fgraph
sp=
cleanup() {
	echo 0 >"$P"
	[ -n "$sp" ] && kill "$sp" 2>/dev/null
	echo >"$T/set_ftrace_pid"
	echo >"$T/set_ftrace_filter"
	echo >"$T/set_ftrace_notrace"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$P"
echo >"$T/set_ftrace_filter"
echo >"$T/set_ftrace_notrace"

# The function the workload calls: once per open and read of
# /proc/version, which nothing else in the guest reads.
fn=version_proc_show
grep -qx "$fn" "$T/available_filter_functions" || fail "$fn is not traceable"
K=200
workload() {
	i=0
	while [ $i -lt $K ]; do
		read -r l </proc/version
		i=$((i + 1))
	done
}
# hits FUNC: its hits over every CPU's file.
hits() {
	awk -v f="$1" 'FNR > 2 && $1 == f { s += $2 } END { print s + 0 }' \
		"$T"/trace_stat/function*
}

# One file per possible CPU, function0 to functionN-1, and no more.
ncpu=0
for r in $(tr ',' ' ' </sys/devices/system/cpu/possible); do
	ncpu=$((ncpu + ${r#*-} - ${r%-*} + 1))
done
nfiles=$(ls "$T/trace_stat" | grep -c '^function[0-9]*$')
[ "$nfiles" = "$ncpu" ] || fail "$nfiles trace_stat/function files for $ncpu possible CPUs"
c=0
while [ $c -lt "$ncpu" ]; do
	[ -f "$T/trace_stat/function$c" ] || fail "no trace_stat/function$c"
	c=$((c + 1))
done
echo "trace_stat/function0..$((ncpu - 1))"

# Bad input: as upstream, kstrtoul's errors; the profiler stays off.
[ "$(cat "$P")" = 0 ] || fail "function_profile_enabled reads '$(cat "$P")', not 0"
expect_err "$P" "abc" "Invalid argument"
expect_err "$P" "-1" "Invalid argument"
expect_err "$P" "1x" "Invalid argument"
expect_err "$P" "99999999999999999999999" "Numerical result out of range"
[ "$(cat "$P")" = 0 ] || fail "bad input turned the profiler on"
echo "bad input: EINVAL, ERANGE"

# The header: upstream prints the times with function_graph (without it,
# "Function Hit" alone).
h1='  Function                               Hit    Time            Avg             s^2'
h2='  --------                               ---    ----            ---             ---'
graph=1

# On: the workload's K calls are counted, on whichever CPUs ran it.
echo 1 >"$P"
[ "$(cat "$P")" = 1 ] || fail "function_profile_enabled reads '$(cat "$P")' after 1"
workload
n1=$(hits $fn)
[ "$n1" -ge $K ] || fail "$fn: $n1 hits after $K calls"
[ "$n1" -le $((K * 2)) ] || fail "$fn: $n1 hits after $K calls"
workload
n2=$(hits $fn)
[ $((n2 - n1)) -ge $K ] || fail "$fn: $((n2 - n1)) more hits after $K more calls"
echo "on: $fn $n1 hits after $K calls, $n2 after $((2 * K))"

# Off: the counts stay as they are.
echo 0 >"$P"
[ "$(cat "$P")" = 0 ] || fail "function_profile_enabled reads '$(cat "$P")' after 0"

# Every file: the header, then "name count" lines, sorted (by hits, or
# by time with function_graph), each count at least 1. Checked with
# the profiler off: a file is sorted when opened, printed when read.
for f in "$T"/trace_stat/function*; do
	[ "$(sed -n 1p "$f")" = "$h1" ] || fail "${f#"$T"/} header: '$(sed -n 1p "$f")'"
	[ "$(sed -n 2p "$f")" = "$h2" ] || fail "${f#"$T"/} second line: '$(sed -n 2p "$f")'"
	awk -v g=$graph 'FNR > 2 {
		if ($2 !~ /^[0-9]+$/ || $2 < 1) { print "bad hits: " $0; exit 1 }
		k = g ? $3 : $2
		if (FNR > 3 && k > last + 0) { print "not sorted: " $0; exit 1 }
		last = k
	}' "$f" || fail "${f#"$T"/}"
done
total=$(awk 'FNR > 2' "$T"/trace_stat/function* | wc -l)
[ "$total" -gt 100 ] || fail "only $total profiled functions over all CPUs"
echo "files: header, $total entries, sorted"

n3=$(hits $fn)
workload
[ "$(hits $fn)" = "$n3" ] || fail "$fn: $n3 hits, then $(hits $fn) with the profiler off"
# Writing 0 again, or 1 while on, changes nothing; 2 is on (nonzero).
echo 0 >"$P"
[ "$(hits $fn)" = "$n3" ] || fail "writing 0 again changed the counts"

# On again: a fresh profile.
echo 2 >"$P"
[ "$(cat "$P")" = 1 ] || fail "function_profile_enabled reads '$(cat "$P")' after 2"
n4=$(hits $fn)
[ "$n4" -lt $K ] || fail "$fn: $n4 hits right after turning the profiler on again"
workload
n5=$(hits $fn)
[ "$n5" -ge $K ] && [ "$n5" -le $((K * 2)) ] || fail "$fn: $n5 hits in a fresh profile after $K calls"
echo 1 >"$P"
[ "$(hits $fn)" -ge "$n5" ] || fail "writing 1 while on cleared the counts"
echo 0 >"$P"
echo "off: counts frozen at $n3; on again: $n4, then $n5 after $K calls"

# set_ftrace_filter: only the filtered function is profiled.
echo $fn >"$T/set_ftrace_filter"
echo 1 >"$P"
workload
n6=$(hits $fn)
[ "$n6" -ge $K ] || fail "filter $fn: $n6 hits after $K calls"
others=$(awk -v f=$fn 'FNR > 2 && $1 != f' "$T"/trace_stat/function* | head -3)
[ -z "$others" ] || fail "filter $fn: also profiled '$others'"
# A filter written while the profiler is on (and the function tracer
# off) applies at once.
echo vfs_read >"$T/set_ftrace_filter"
workload
[ "$(hits $fn)" = "$n6" ] || fail "filter changed to vfs_read: $fn went from $n6 to $(hits $fn) hits"
[ "$(hits vfs_read)" -ge $K ] || fail "filter changed to vfs_read: $(hits vfs_read) hits after $K reads"
# So does a notrace set: everything but the function is profiled.
echo >"$T/set_ftrace_filter"
echo $fn >"$T/set_ftrace_notrace"
n7=$(hits vfs_read)
workload
[ "$(hits $fn)" = "$n6" ] || fail "notrace $fn: $fn went from $n6 to $(hits $fn) hits"
[ "$(hits vfs_read)" -ge $((n7 + K)) ] || fail "notrace $fn: vfs_read went from $n7 to $(hits vfs_read) hits"
echo 0 >"$P"
echo >"$T/set_ftrace_notrace"
echo "set_ftrace_filter $fn: $fn alone, $n6 hits; then vfs_read alone; set_ftrace_notrace $fn: all but $fn"

# Alongside the function tracer (upstream's func_profiler.tc): both see
# the calls, and turning the profiler off leaves the tracer running.
# The filter keeps the trace small enough to hold the whole workload.
echo $fn >"$T/set_ftrace_filter"
echo function >"$T/current_tracer"
echo 1 >"$P"
workload
[ "$(hits $fn)" -ge $K ] || fail "with the function tracer: $(hits $fn) hits"
echo 0 >"$P"
: >"$T/trace"
workload
grep -q " $fn <-" "$T/trace" || fail "the function tracer stopped with the profiler"
echo nop >"$T/current_tracer"
echo "with the function tracer: both count"

# set_ftrace_pid is the function tracer's: the profiler counts every
# task's calls, with no tracer or with the function tracer limited to
# another task, as upstream's.
sleep 1000 &
sp=$!
echo $sp >"$T/set_ftrace_pid" || fail "set_ftrace_pid $sp was refused"
for tracer in nop function; do
	echo $tracer >"$T/current_tracer"
	echo 1 >"$P"
	workload
	echo 0 >"$P"
	[ "$(hits $fn)" -ge $K ] || fail "set_ftrace_pid $sp, tracer $tracer: $(hits $fn) hits after $K calls"
done
echo nop >"$T/current_tracer"
echo >"$T/set_ftrace_pid"
kill $sp
sp=
echo "set_ftrace_pid limits the function tracer, not the profiler"
echo "PASS"
