#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command of harness/bench-rb.sh (POSIX sh): load upstream's
# ring_buffer_benchmark module, collect its first BENCH_REPORTS reports
# (the consumer reads by events on the first 10 s run, by pages on the
# next), unload it. The module reports with trace_printk, into the top
# trace buffer; a background reader of trace_pipe copies that to
# /tmp/out/bench-trace.txt (the run directory), which the host parses.
# Reading trace_pipe, unlike opening "trace", does not pause tracing, so
# no report line can be dropped by our polling.
# bench-rb.sh puts BENCH_WAIT (seconds) and BENCH_REPORTS above this.
: "${BENCH_WAIT:=120}" "${BENCH_REPORTS:=2}"
T=/sys/kernel/tracing
raw=/tmp/out/bench-trace.txt

fail() {
	echo "bench-rb: FAIL: $*"
	[ -z "${reader:-}" ] || kill "$reader" 2>/dev/null
	exit 1
}

[ -e "$T/trace_pipe" ] || fail "no tracefs at $T"
echo 1 >"$T/tracing_on"
echo >"$T/trace"
cat "$T/trace_pipe" >"$raw" &
reader=$!

start=$(date +%s)
modprobe ring_buffer_benchmark || fail "modprobe ring_buffer_benchmark failed"
echo "bench-rb: module loaded; waiting for $BENCH_REPORTS reports (at most ${BENCH_WAIT}s)"

# A report ends with "Sleeping for 10 secs" (the producer prints it after
# the last figure). "ERROR!" means the module saw a corrupt buffer.
while :; do
	n=$(grep -c 'Sleeping for 10 secs' "$raw")
	[ "$n" -ge "$BENCH_REPORTS" ] && break
	grep -q 'ERROR!' "$raw" && break
	if [ $(($(date +%s) - start)) -ge "$BENCH_WAIT" ]; then
		rmmod ring_buffer_benchmark
		fail "only $n of $BENCH_REPORTS benchmark reports after ${BENCH_WAIT}s (trace: $raw)"
	fi
	sleep 2
done
echo "bench-rb: $n reports after $(($(date +%s) - start))s"
rmmod ring_buffer_benchmark || fail "rmmod ring_buffer_benchmark failed"
# Let the reader drain what is left, then stop it.
sleep 1
kill "$reader" 2>/dev/null
wait "$reader" 2>/dev/null
reader=
grep -q 'ERROR!' "$raw" && fail "the benchmark reported ERROR! (a corrupt event)"

# The reports, without the trace's task/CPU/timestamp prefix.
sed -n 's/^.*[0-9]\.[0-9]*: [A-Za-z0-9_.]*: //p' "$raw" |
	grep -E '^(Time|Overruns|Read|Entries|Total|Missed|Hit|Running|[0-9]+ ns per entry|Sleeping)' |
	sed 's/^/bench-rb: /'
exit 0
