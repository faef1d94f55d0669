#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command of harness/bench-fn.sh (POSIX sh). Prints one line per
# figure, "bench-fn: MODE VALUE", BENCH_REPS times each:
#   off    ns per getppid() with no tracer (the nop tracer)
#   one    ns per traced call: the function tracer with set_ftrace_filter
#          holding only the getppid syscall's own function (one traced
#          call per syscall), minus "off"
#   two    the same with the same filter in an instance as well: two ops
#          on one site
#   all    ns per traced call with every function traced: the extra time
#          per syscall divided by the records written per syscall
#   calls  records written per syscall with every function traced
#   enable, disable
#          ms that "echo function > current_tracer" (every function) and
#          "echo nop > current_tracer" take
# With BENCH_MODES=off only the first (a kernel without function tracing).
# bench-fn.sh puts BENCH_N, BENCH_REPS and BENCH_MODES above this, then
# harness/guest/bench-lib.sh (T, W: the workload binary, ns, written,
# ms_now).
: "${BENCH_N:=100000}" "${BENCH_REPS:=5}" "${BENCH_MODES:=all}"
I=$T/instances/bench-fn

fail() {
	echo "bench-fn: FAIL: $*"
	exit 1
}

[ -x "$W" ] || fail "no workload binary $W"
[ -e "$T/trace" ] || fail "no tracefs at $T"

ns >/dev/null	# warm up
for _ in $(seq "$BENCH_REPS"); do
	echo "bench-fn: off $(ns)"
done
[ "$BENCH_MODES" = off ] && exit 0

[ -e "$T/set_ftrace_filter" ] || fail "no function tracing"
fn=$(grep -m1 -x '__[a-z0-9]*_sys_getppid' "$T/available_filter_functions")
[ -n "$fn" ] || fail "no getppid syscall function in available_filter_functions"
echo "bench-fn: function $fn"

echo "$fn" >"$T/set_ftrace_filter" || fail "cannot filter $fn"
echo function >"$T/current_tracer"
for _ in $(seq "$BENCH_REPS"); do
	echo "bench-fn: one-raw $(ns)"
done
mkdir "$I" || fail "cannot make an instance"
echo "$fn" >"$I/set_ftrace_filter"
echo function >"$I/current_tracer"
for _ in $(seq "$BENCH_REPS"); do
	echo "bench-fn: two-raw $(ns)"
done
echo nop >"$I/current_tracer"
rmdir "$I"
echo nop >"$T/current_tracer"
echo >"$T/set_ftrace_filter"

for _ in $(seq "$BENCH_REPS"); do
	t0=$(ms_now)
	echo function >"$T/current_tracer"
	t1=$(ms_now)
	echo "bench-fn: enable $((t1 - t0))"
	: >"$T/trace"
	w0=$(written)
	t=$(ns)
	w1=$(written)
	echo "bench-fn: all-raw $t"
	echo "bench-fn: calls $(awk -v a="$w0" -v b="$w1" -v n="$BENCH_N" \
		'BEGIN { printf "%.2f", (b - a) / n }')"
	t0=$(ms_now)
	echo nop >"$T/current_tracer"
	t1=$(ms_now)
	echo "bench-fn: disable $((t1 - t0))"
done
echo "bench-fn: done"
