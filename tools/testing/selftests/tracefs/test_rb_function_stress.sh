#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The function tracer on every function for 10 s with both CPUs busy and a
# reader draining each CPU's trace_pipe_raw: the kernel must stay quiet
# (the harness fails the run on any WARN/BUG/lockdep report), the readers
# must get pages, and the per-CPU stats must account for what was written.
. "$TESTDIR/lib.sh"

grep -qw function "$T/available_tracers" || fail "no function tracer in available_tracers"
reset_tracing
echo 1 >"$T/options/overwrite"
echo function >"$T/current_tracer"

busy() { i=0; while [ $i -lt 100000000 ]; do i=$((i + 1)); done; }
busy & b1=$!
busy & b2=$!
for cpu in 0 1; do
	dd if="$T/per_cpu/cpu$cpu/trace_pipe_raw" of=/tmp/raw$cpu bs=4096 \
		2>/dev/null &
	eval r$cpu=\$!
done
sleep 10
# The readers first: the tracer cannot change while trace_pipe_raw is open.
kill "$r0" "$r1" 2>/dev/null
wait "$r0" "$r1" 2>/dev/null
# Then the busy loops, before every site is written back: under
# single-threaded TCG, ours on arm64 (which writes the sites without
# stop_machine()) took 167 s to turn the function tracer off beside one
# such loop, 1 s beside none: about 5.6 ms a site, near the busy vCPU's
# tick, as if QEMU ran that vCPU on until its next interrupt after each
# write. The tracer on a few functions (vfs_*) took 1.3 s beside it.
kill $b1 $b2 2>/dev/null
wait $b1 $b2 2>/dev/null
echo nop >"$T/current_tracer" || fail "could not switch back to nop"

for cpu in 0 1; do
	bytes=$(wc -c </tmp/raw$cpu)
	echo "cpu$cpu: $bytes bytes from trace_pipe_raw"
	sed 's/^/    /' "$T/per_cpu/cpu$cpu/stats"
	[ "$bytes" -gt 0 ] || fail "cpu$cpu: trace_pipe_raw gave nothing"
	[ $((bytes % 4096)) = 0 ] || fail "cpu$cpu: $bytes is not whole pages"
done
rm -f /tmp/raw0 /tmp/raw1
reset_tracing
