#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Per-CPU record disable through tracing_cpumask: a CPU taken out of the
# mask records nothing (its buffer keeps what it had), the others go on,
# and putting it back enables it again. tracing_on=0 stops every CPU.
. "$TESTDIR/lib.sh"

[ "$(nproc)" -ge 2 ] || skip "needs two CPUs"
command -v taskset >/dev/null || fail "no taskset in the guest"
reset_tracing
mask0=$(cat "$T/tracing_cpumask")
# A refused write (the CPU is off) is expected; its error is not news.
mark() { taskset -c "$1" sh -c "echo $2 >$T/trace_marker" 2>/dev/null; }
has() { grep -q "$1" "$T/trace"; }

mark 1 cpumask-before
echo 1 >"$T/tracing_cpumask" || fail "write tracing_cpumask 1"
mark 1 cpumask-off-1
mark 0 cpumask-on-0
echo "$mask0" >"$T/tracing_cpumask" || fail "restore tracing_cpumask"
mark 1 cpumask-back-1
echo 0 >"$T/tracing_on"
mark 0 cpumask-traceoff-0
mark 1 cpumask-traceoff-1
echo 1 >"$T/tracing_on"

has cpumask-before || fail "cpu1's record from before the mask is gone"
has cpumask-off-1 && fail "cpu1 recorded while out of tracing_cpumask"
has cpumask-on-0 || fail "cpu0 stopped recording"
has cpumask-back-1 || fail "cpu1 did not record again after the mask was restored"
has cpumask-traceoff && fail "a CPU recorded with tracing_on 0"
grep cpumask- "$T/trace" | sed 's/^ */    /'
reset_tracing
