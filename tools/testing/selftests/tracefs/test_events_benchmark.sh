#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# benchmark:benchmark_event (CONFIG_TRACEPOINT_BENCHMARK): enabling it
# starts the kernel thread event_benchmark, which fires it in a loop and
# times each firing. The records read "START", then "first=N [COLD
# CACHED]" (delta 0: the cold firing is no "last"), then "last=L first=N
# max=.. min=.. avg=.. std=.. std^2=.." with delta L, min <= last <= max
# and avg <= max. On ours also min <= avg: upstream divides the sum of
# the timed firings by their number plus one (the cold firing), so its
# average can fall below the minimum.
# Disabling stops the thread; enabling again starts from START.
. "$TESTDIR/lib.sh"

ev=$T/events/benchmark/benchmark_event
[ -d "$ev" ] || fail "no events/benchmark/benchmark_event"
cleanup() {
	echo 0 >"$ev/enable"
	echo 1 >"$T/options/overwrite"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
# keep the oldest records: the thread floods the buffer
echo 0 >"$T/options/overwrite"

thread_runs() { grep -qx event_benchmark /proc/[0-9]*/comm 2>/dev/null; }

run_once() {
	: >"$T/trace"
	echo 1 >"$ev/enable" || fail "enabling benchmark_event failed"
	sleep 1
	thread_runs || fail "no event_benchmark thread while enabled"
	echo 0 >"$ev/enable"
	sleep 1
	thread_runs && fail "event_benchmark still runs after disabling"
	grep ' benchmark_event: ' "$T/trace" | sed 's/.* benchmark_event: //' |
		head -n 50 >/tmp/bm.$$
	n=$(wc -l </tmp/bm.$$)
	[ "$n" -ge 3 ] || fail "only $n benchmark_event records"
	[ "$(sed -n 1p /tmp/bm.$$)" = "START delta=0" ] ||
		fail "first record: '$(sed -n 1p /tmp/bm.$$)'"
	sed -n 2p /tmp/bm.$$ | grep -Eq '^first=[0-9]+ \[COLD CACHED\] delta=0$' ||
		fail "second record: '$(sed -n 2p /tmp/bm.$$)'"
	sed -n '3,$p' /tmp/bm.$$ | awk -v ours=$([ "$flavor" = ours ] && echo 1) '
		{
			if (split($0, w, " ") != 8) { bad = $0; exit }
			for (i = 1; i <= 8; i++) { split(w[i], kv, "="); v[kv[1]] = kv[2] }
			if (v["last"] != v["delta"] || v["min"] > v["last"] ||
			    v["last"] > v["max"] || v["avg"] > v["max"] ||
			    (ours && v["min"] > v["avg"]) || v["std"] < 0) {
				bad = $0; exit
			}
		}
		END { if (bad != "") { print "bad record: " bad; exit 1 } }' ||
		fail "$(sed -n '3,$p' /tmp/bm.$$ | head -3)"
	rm -f /tmp/bm.$$
	echo "$n records checked"
}
run_once
# again: the statistics start over
run_once
exit 0
