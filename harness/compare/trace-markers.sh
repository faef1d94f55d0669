#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# In the guest: the same trace_marker writes, then `trace` in each text
# format, for harness/compare-trace.sh to compare between flavors.
T=/sys/kernel/tracing
reset() {
	echo 0 >$T/tracing_on
	echo nop >$T/current_tracer
	: >$T/trace
	echo 1 >$T/tracing_on
}
write_markers() {
	# one CPU, one shell: the same comm and CPU in every flavor
	taskset -c 0 sh -c '
		echo "plain marker" >'$T'/trace_marker
		printf "no newline" >'$T'/trace_marker
		printf "two\nlines\n" >'$T'/trace_marker
		printf "tab\there" >'$T'/trace_marker
		printf "%s" "" >'$T'/trace_marker
		head -c 1500 /dev/zero | tr "\0" x >'$T'/trace_marker
		printf "\001\002\003\004raw-payload" >'$T'/trace_marker_raw
	'
}
section() { echo "=== $*"; }
reset
write_markers
section default
cat $T/trace
for opt in latency-format raw hex; do
	echo 1 >$T/options/$opt
	section "$opt"
	cat $T/trace
	echo 0 >$T/options/$opt
done
for opt in context-info print-parent irq-info; do
	echo 0 >$T/options/$opt
	section "no$opt"
	cat $T/trace
	echo 1 >$T/options/$opt
done
echo 1 >$T/options/record-tgid
section record-tgid
cat $T/trace
echo 0 >$T/options/record-tgid
section per_cpu/cpu0/trace
cat $T/per_cpu/cpu0/trace
section trace_pipe
timeout 3 cat $T/trace_pipe
section "trace after trace_pipe"
cat $T/trace
reset
