#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What the function_graph tracer costs, flavor ours side by side with
# upstream, x86-64 guests with one TCG thread. The two kernels boot in
# turn (upstream, ours), RUNS times, so that a change in the host's load
# hits both alike. In each guest harness/guest/bench-fgraph-guest.sh times
# the getppid() loop of harness/guest/fn-syscalls.c (built here, as for
# bench-fn.sh):
#
#   off      ns per syscall, nop tracer
#   one      ns per traced call: function_graph filtered to the syscall's
#            function (set_ftrace_filter), the extra time per syscall
#   all      ns per record with function_graph on every function: the
#            extra time per syscall over the records written per syscall
#   all-call the same per traced call (two records a call: entry, return)
#   records  records written per syscall with every function traced (a
#            loop's less a one-syscall process's: its start and exit)
#   exec-records  the records of that one-syscall process
#   enable   ms for "echo function_graph > current_tracer", every function
#   disable  ms for "echo nop > current_tracer" from there
# and, with function_graph filtered to the one function as for "one":
#   one-records  records per syscall (2)
#   one-enable, one-disable  ms to start and stop it: the part of enable
#            and disable that does not grow with the call sites
#
# upstream's reference config has the irqsoff and preempt tracers
# (trace_hardirqs_on/off() on every interrupt enable and disable, out of
# line preempt_count_add/sub()), so its "off" is above ours and so is
# whatever the graph tracer's own work calls; bench-fn.sh says more.
#
# Builds nothing: it boots the kernels in out/upstream/build-x86_64 and
# out/ours/build-x86_64 as they are (harness/build.sh FLAVOR x86_64 makes
# them). Each boot's kernel checksum is kept, and a kernel that changed
# between runs is reported.
#
# Each figure is the median of the run medians (a run's median is over its
# BENCH_REPS loops); the last column is ours/upstream. The exit status is
# nonzero only when a kernel is missing or a guest or a figure failed.
# Results: stdout and out/logs/bench-fgraph.txt; each guest's run
# directory is out/runs/x86_64-FLAVOR-bench-fgraph-N.
# Environment: RUNS (3), BENCH_N (syscalls a loop, 20000), BENCH_REPS
# (loops a figure, 3), ACCEL (tcg,thread=single).
# Usage: bench-fgraph.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$HARNESS/bench-lib.sh"

arch=x86_64
bench_settings 20000 3
kernels="upstream ours"
figures="off one all all-call records enable disable"
extras="one-records one-enable one-disable exec-records"

arch_setup "$arch"
bench_kernels_have FUNCTION_GRAPH_TRACER "function_graph tracer"

bench_start bench-fgraph
# rows: kernel run figure value (value: the median of a guest's loops)
rows=$work/rows
say "function_graph benchmark: $runs runs, $n syscalls x $reps loops a figure, $arch, accel $ACCEL"
bench_runs bench-fgraph "$HARNESS/guest/bench-fgraph-guest.sh" "$figures" "$extras"

summary() {
	echo "# function_graph tracer costs, upstream and ours, $arch guests (-smp 2), accel $ACCEL"
	echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), host $(nproc) CPUs, commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
	echo "# $runs runs of each kernel in turn; $n getppid() a loop, $reps loops a figure; ${secs}s"
	echo "# function: $(grep -h -m1 'bench-fgraph: function' "$work/guest-ours-1.log" | cut -d' ' -f3)"
	bench_images
	echo
	# shellcheck disable=SC2086
	bench_table $figures $extras
	echo
	echo "# off: ns per syscall; one: ns per traced call (one function);"
	echo "# all: ns per record, all-call: ns per call (2 records), every function;"
	echo "# records, one-records: records per syscall; enable, disable: ms"
	echo "# with every function, one-enable, one-disable: ms with one."
	echo
	echo "# every guest's medians (kernel run figure value):"
	sort -k1,1 -k3,3 -k2,2n "$rows" | sed 's/^/# /'
}
echo
summary | tee "$results"
echo "(results: $results)"
