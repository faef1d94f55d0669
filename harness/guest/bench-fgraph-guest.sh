#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command of harness/bench-fgraph.sh (POSIX sh): what the
# function_graph tracer costs. Prints "bench-fgraph: MODE VALUE" lines,
# BENCH_REPS of each:
#   off          ns per getppid() with the nop tracer
#   one          ns per traced call: function_graph with set_ftrace_filter
#                holding only the getppid syscall's own function, minus off
#   one-records  records written per syscall in that mode (2: an entry and
#                a return)
#   one-enable, one-disable
#                ms for "echo function_graph > current_tracer" and "echo nop
#                > current_tracer" in that mode: with one call site to
#                patch, the fixed part of enable and disable
#   all          ns per record with function_graph on every function: the
#                extra time per syscall over the records written per syscall
#   all-call     the same per traced call: every call writes an entry and a
#                return record (leaves too; the output merges them only when
#                it is read), so a call is two records
#   records      records written per syscall with every function traced:
#                those of a loop of BENCH_N less those of a loop of 1 (the
#                process's start and exit, thousands of calls; the median
#                of 3), over BENCH_N - 1
#   exec-records records of that one-syscall process
#   enable       ms for "echo function_graph > current_tracer" (every
#                function)
#   disable      ms for "echo nop > current_tracer" from there
# "minus off" and "extra" are against the median of this guest's off loops.
# bench-fgraph.sh puts BENCH_N and BENCH_REPS above this, then
# harness/guest/bench-lib.sh (T, W: the workload binary, ns, written,
# ms_now).
: "${BENCH_N:=20000}" "${BENCH_REPS:=3}"
P=bench-fgraph
[ "$BENCH_N" -gt 1 ] || { echo "$P: FAIL: BENCH_N must be 2 or more"; exit 1; }

fail() {
	echo "$P: FAIL: $*"
	exit 1
}

[ -x "$W" ] || fail "no workload binary $W"
[ -e "$T/trace" ] || fail "no tracefs at $T"
grep -qw function_graph "$T/available_tracers" || fail "no function_graph tracer"
[ -e "$T/set_ftrace_filter" ] || fail "no set_ftrace_filter"
# switch TRACER MODE: current_tracer set to TRACER, "MODE MS" printed.
switch() {
	t0=$(ms_now)
	echo "$1" >"$T/current_tracer" || fail "cannot set current_tracer to $1"
	t1=$(ms_now)
	echo "$P: $2 $((t1 - t0))"
}
# timed_loop: "NS RECORDS-PER-SYSCALL EXEC-RECORDS" of one loop, the
# buffer emptied first; the records of a process that makes one syscall
# (EXEC-RECORDS, the median of 3) are subtracted.
timed_loop() {
	: >"$T/trace"
	base=
	for _ in 1 2 3; do
		w0=$(written)
		$pin "$W" 1 >/dev/null || fail "the workload failed"
		w1=$(written)
		base="$base $((w1 - w0))"
	done
	base=$(printf '%s\n' $base | sort -n | sed -n 2p)
	w0=$(written)
	t=$(ns)
	w1=$(written)
	echo "$t $(awk -v a="$w0" -v b="$w1" -v c="$base" -v n="$BENCH_N" \
		'BEGIN { printf "%.2f", (b - a - c) / (n - 1) }') $base"
}

echo nop >"$T/current_tracer"
echo >"$T/set_ftrace_filter"
ns >/dev/null	# warm up
offs=
for _ in $(seq "$BENCH_REPS"); do
	v=$(ns)
	echo "$P: off $v"
	offs="$offs $v"
done
off=$(printf '%s\n' $offs | sort -n |
	awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]
		else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }')

fn=$(grep -m1 -x '__[a-z0-9]*_sys_getppid' "$T/available_filter_functions")
[ -n "$fn" ] || fail "no getppid syscall function in available_filter_functions"
echo "$P: function $fn"

echo "$fn" >"$T/set_ftrace_filter" || fail "cannot filter $fn"
for _ in $(seq "$BENCH_REPS"); do
	switch function_graph one-enable
	set -- $(timed_loop)
	[ "$#" = 3 ] || fail "a timed loop: $*"
	echo "$P: one $(awk -v t="$1" -v o="$off" 'BEGIN { printf "%.1f", t - o }')"
	echo "$P: one-records $2"
	switch nop one-disable
done
echo >"$T/set_ftrace_filter"

for _ in $(seq "$BENCH_REPS"); do
	switch function_graph enable
	set -- $(timed_loop)
	[ "$#" = 3 ] || fail "a timed loop: $*"
	echo "$P: exec-records $3"
	awk -v t="$1" -v o="$off" -v r="$2" -v p="$P" 'BEGIN {
		if (r <= 0) exit 1
		printf "%s: all %.1f\n", p, (t - o) / r
		printf "%s: all-call %.1f\n", p, (t - o) / (r / 2)
		printf "%s: records %s\n", p, r }' ||
		fail "$2 records per syscall: a loop of $BENCH_N wrote no more than a process of 1 (BENCH_N too small?)"
	switch nop disable
done
echo "$P: done"
