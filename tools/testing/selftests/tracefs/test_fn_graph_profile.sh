#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The function profiler where the kernel has function_graph, as in
# upstream 6.1: trace_stat/functionN has the Time, Avg and s^2 columns;
# the profiler and the function_graph tracer are both fgraph users and
# only one may run (the other gets EBUSY, the tracer is left at nop);
# a function's time is its wall time from call to return, sleep included
# unless options/sleep-time is 0, and its callees' time included unless
# options/graph-time is 0. (sleep 1 runs on CPU 0 alone: upstream adds a
# call's time on the CPU it returns on, to that CPU's entry alone.)
. "$TESTDIR/lib.sh"
export LC_ALL=C

need_fgraph
P=$T/function_profile_enabled
cleanup() {
	echo 0 >"$P"
	echo 1 >"$T/options/sleep-time"
	echo 1 >"$T/options/graph-time"
	echo >"$T/set_ftrace_filter"
	reset_tracing
	rm -f /tmp/fg-avail
}
trap cleanup EXIT
reset_tracing
echo 0 >"$P"

h1='  Function                               Hit    Time            Avg             s^2'
h2='  --------                               ---    ----            ---             ---'
[ "$(sed -n 1p "$T/trace_stat/function0")" = "$h1" ] || fail "header: '$(sed -n 1p "$T/trace_stat/function0")'"
[ "$(sed -n 2p "$T/trace_stat/function0")" = "$h2" ] || fail "header: '$(sed -n 2p "$T/trace_stat/function0")'"
echo "trace_stat/function0: the Time, Avg and s^2 columns"

# One fgraph user at a time.
echo function_graph >"$T/current_tracer"
expect_err "$P" 1 "Device or resource busy"
[ "$(cat "$P")" = 0 ] || fail "function_profile_enabled reads '$(cat "$P")' after EBUSY"
echo nop >"$T/current_tracer"
echo 1 >"$P" || fail "the profiler after function_graph"
expect_err "$T/current_tracer" function_graph "Device or resource busy"
[ "$(cat "$T/current_tracer")" = nop ] || fail "current_tracer reads '$(cat "$T/current_tracer")' after EBUSY"
echo function >"$T/current_tracer" || fail "the function tracer beside the profiler"
echo nop >"$T/current_tracer"
echo 0 >"$P"
echo function_graph >"$T/current_tracer" || fail "function_graph after the profiler"
echo nop >"$T/current_tracer"
echo "the profiler and function_graph: EBUSY for the second"

fl=$(fg_filter hrtimer_nanosleep do_nanosleep)
[ "$fl" = "hrtimer_nanosleep do_nanosleep" ] || fail "hrtimer_nanosleep and do_nanosleep are not both traceable: $fl"
command -v taskset >/dev/null || fail "no taskset in the guest"
on0="taskset 1"
# profile: the profile of sleep 1 (on CPU 0); $F_hits, $F_time and
# $F_avg of each function F of the filter, over every CPU (us).
profile() {
	hrtimer_nanosleep_hits=0 hrtimer_nanosleep_time=0 hrtimer_nanosleep_avg=0
	do_nanosleep_hits=0 do_nanosleep_time=0 do_nanosleep_avg=0
	echo 1 >"$P"
	$on0 sleep 1
	echo 0 >"$P"
	eval "$(awk 'FNR > 2 && NF >= 8 {
			h[$1] += $2; t[$1] += $3; if ($4 != "us" || $6 != "us" || $8 != "us") bad = bad " " $1
			a[$1] = $5
		}
		END {
			for (f in h) printf "%s_hits=%d %s_time=%d %s_avg=%d\n", f, h[f], f, t[f], f, a[f]
			if (bad != "") printf "fail \"not in us:%s\"\n", bad
		}' "$T"/trace_stat/function*)"
}
profile
# shellcheck disable=SC2154
{
	[ "$hrtimer_nanosleep_hits" -ge 1 ] || fail "hrtimer_nanosleep: $hrtimer_nanosleep_hits hits"
	[ "$hrtimer_nanosleep_time" -ge 500000 ] ||
		fail "sleep 1: hrtimer_nanosleep took $hrtimer_nanosleep_time us: $(cat "$T"/trace_stat/function*)"
	[ "$hrtimer_nanosleep_hits" != 1 ] || [ "$hrtimer_nanosleep_avg" = "$hrtimer_nanosleep_time" ] ||
		fail "one call: Avg $hrtimer_nanosleep_avg, Time $hrtimer_nanosleep_time"
	echo "sleep 1: hrtimer_nanosleep $hrtimer_nanosleep_hits hits, $hrtimer_nanosleep_time us"
	[ "$do_nanosleep_time" -ge 500000 ] || fail "sleep 1: do_nanosleep took $do_nanosleep_time us"
	# graph-time 0: hrtimer_nanosleep's own time, without do_nanosleep's.
	echo 0 >"$T/options/graph-time"
	profile
	echo 1 >"$T/options/graph-time"
	[ "$do_nanosleep_time" -ge 500000 ] || fail "graph-time 0: do_nanosleep took $do_nanosleep_time us"
	[ "$hrtimer_nanosleep_time" -lt 200000 ] ||
		fail "graph-time 0: hrtimer_nanosleep took $hrtimer_nanosleep_time us with do_nanosleep's $do_nanosleep_time"
	echo "graph-time 0: hrtimer_nanosleep $hrtimer_nanosleep_time us, do_nanosleep $do_nanosleep_time us"
	# sleep-time 0: the time asleep is not counted.
	echo 0 >"$T/options/sleep-time"
	profile
	echo 1 >"$T/options/sleep-time"
	[ "$hrtimer_nanosleep_hits" -ge 1 ] || fail "sleep-time 0: hrtimer_nanosleep: $hrtimer_nanosleep_hits hits"
	[ "$hrtimer_nanosleep_time" -lt 200000 ] ||
		fail "sleep-time 0: hrtimer_nanosleep took $hrtimer_nanosleep_time us of sleep 1"
	echo "sleep-time 0: hrtimer_nanosleep $hrtimer_nanosleep_time us"
}
exit 0
