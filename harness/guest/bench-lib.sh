#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Shared by the guest commands of the tracing benchmarks (bench-fn-guest.sh,
# bench-fgraph-guest.sh, bench-wakeup-guest.sh), POSIX sh:
# harness/bench-lib.sh's bench_boot puts it above each, below the line of
# BENCH_* variables. Definitions only; the command defines fail() and
# checks its workload and T itself.
T=/sys/kernel/tracing
# The workload, harness/guest/fn-syscalls.c, built by the host.
W=/tmp/out/fn/fn-syscalls
# On CPU 0 (taskset, when there is one): a migration would count twice.
pin=
command -v taskset >/dev/null && pin="taskset 1"
ns() { # ns per getppid(), one loop of BENCH_N
	$pin "$W" "$BENCH_N" || fail "the workload failed"
}
# written: the records the buffer took (kept and overwritten), all CPUs.
written() {
	cat "$T"/per_cpu/cpu*/stats |
		awk '/^entries:|^overrun:/ { n += $2 } END { print n + 0 }'
}
ms_now() {
	echo $(($(date +%s%N) / 1000000))
}
# The wakeup workload, harness/guest/wake-pingpong.c: ns per wakeup.
WP=/tmp/out/fn/wake-pingpong
