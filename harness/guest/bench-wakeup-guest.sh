#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command of harness/bench-wakeup.sh (POSIX sh): what the wakeup
# tracers cost per wakeup. harness/guest/wake-pingpong.c hands a byte
# back and forth between two processes on CPU 0, BENCH_N round trips (two
# wakeups each), the one woken by the other's write at the higher
# priority, so that the tracer follows every other wakeup. Prints
# "bench-wakeup: MODE VALUE" lines, BENCH_REPS of each:
#   off        ns per wakeup, nop tracer (nice 5 and nice 0)
#   off-rt     the same with SCHED_FIFO 10 and 20
#   wakeup     ns per wakeup more than off: the wakeup tracer, with
#              options/function-trace off (the tracer's own cost)
#   wakeup_rt  ns per wakeup more than off-rt: wakeup_rt, the same way
#   wakeup-fn  ns per wakeup more than off: wakeup with function-trace on
#              (its default: every function run while a woken task
#              waits is traced)
# Each traced mode checks that the tracer followed a wakeup (a maximum
# and its latency header), so that a tracer that followed nothing cannot
# look cheap. The figures of a mode are against the median of
# this guest's loops of its baseline, taken in turn with it.
# bench-wakeup.sh puts BENCH_N and BENCH_REPS above this, then
# harness/guest/bench-lib.sh (T, WP).
: "${BENCH_N:=5000}" "${BENCH_REPS:=3}"
P=bench-wakeup

fail() {
	echo "$P: FAIL: $*"
	exit 1
}

[ -x "$WP" ] || fail "no workload binary $WP"
[ -e "$T/trace" ] || fail "no tracefs at $T"
for t in wakeup wakeup_rt; do
	grep -qw "$t" "$T/available_tracers" || fail "no $t tracer"
done
# loop MODE: ns per wakeup, one loop of BENCH_N round trips
loop() {
	"$WP" "$BENCH_N" "$1" || fail "the workload failed ($1)"
}
# traced NAME TRACER MODE FUNCTION-TRACE BASE: one traced loop, printed
# as NAME, less BASE
traced() {
	echo "$4" >"$T/options/function-trace" || fail "options/function-trace $4"
	echo 0 >"$T/tracing_max_latency"
	echo "$2" >"$T/current_tracer" || fail "current_tracer $2"
	v=$(loop "$3")
	# (the longest wait may be another task's: a kworker's, a migration
	# thread's)
	[ "$(cat "$T/tracing_max_latency")" -gt 0 ] && grep -q '^#    | task: ' "$T/trace" ||
		fail "$2 followed no wakeup: $(head -n 20 "$T/trace")"
	echo nop >"$T/current_tracer"
	echo "$P: $1 $(awk -v v="$v" -v b="$5" 'BEGIN { printf "%.1f", v - b }')"
}

# The shell, and so the workload, on CPU 0 from the start: the workload's
# own move there would wake a migration thread (SCHED_FIFO 99), whose
# wait the tracers would follow instead.
command -v taskset >/dev/null && taskset -p 1 $$ >/dev/null
echo nop >"$T/current_tracer"
loop fair >/dev/null	# warm up
for _ in $(seq "$BENCH_REPS"); do
	off=$(loop fair)
	off_rt=$(loop fifo)
	echo "$P: off $off"
	echo "$P: off-rt $off_rt"
	traced wakeup wakeup fair 0 "$off"
	traced wakeup_rt wakeup_rt fifo 0 "$off_rt"
	traced wakeup-fn wakeup fair 1 "$off"
done
echo 1 >"$T/options/function-trace"
echo "$P: done"
