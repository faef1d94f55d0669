#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command of harness/bench-kprobe.sh (POSIX sh): what kprobe events
# cost per hit, and what 1000 of them cost to define, enable, disable
# and remove. The workload is harness/guest/fn-syscalls.c's getppid()
# loop, the probes on the syscall's function. Prints "bench-kprobe: MODE
# VALUE" lines, BENCH_REPS of each:
#   off          ns per getppid(), the probes defined, none enabled
#   kprobe       ns per getppid() more than off: p on the function's
#                entry (an ftrace site: kprobes goes through ftrace)
#   kprobe-args  the same with an argument from a register and $comm
#                (a string: the record's length is measured per hit)
#   kprobe-int3  the same with the probe at the function's second
#                instruction (a breakpoint, or kprobes' jump if
#                optimised), no argument
#   kretprobe    the same, r with $retval (entry and return handlers)
# and once (a single sample: they take seconds), with BENCH_REG=1 (the
# default):
#   define       ms to define 1000 probes on the function (one write of
#                1000 lines): parse, symbol checks, events, directories
#   enable       ms to enable the 1000 (their group's enable file)
#   disable      ms to disable them
#   remove       ms to remove them (-:GROUP/)
# Each traced loop checks that the buffer took a record a call, so that a
# probe that recorded nothing cannot look cheap. The figures of a mode
# are against the median of this guest's off loops, taken in turn.
# bench-kprobe.sh puts BENCH_N, BENCH_REPS and BENCH_REG above this,
# then harness/guest/bench-lib.sh (T, W, ns, written, ms_now).
: "${BENCH_N:=20000}" "${BENCH_REPS:=3}" "${BENCH_REG:=1}"
P=bench-kprobe

fail() {
	echo "$P: FAIL: $*"
	exit 1
}

[ -x "$W" ] || fail "no workload binary $W"
[ -e "$T/kprobe_events" ] || fail "no kprobe_events at $T"
case $(uname -m) in
x86_64) fn=__x64_sys_getppid reg=%di ;;
aarch64) fn=__arm64_sys_getppid reg=%x0 ;;
*) fail "no syscall function known for $(uname -m)" ;;
esac
K=$T/events/bk
echo nop >"$T/current_tracer"
echo 0 >"$T/events/enable"
: >"$T/kprobe_events" || fail "could not clear kprobe_events"
# The second instruction: its offset from the disassembly is not at hand
# in the guest; the first instruction of a 6.1 syscall function is the
# 5-byte ftrace site (x86-64) or the 4-byte nop pair's first (arm64).
case $(uname -m) in
x86_64) int3=$fn+5 ;;
*) int3=$fn+8 ;;
esac
{
	echo "p:bk/entry $fn"
	echo "p:bk/args $fn a=$reg:x64 c=\$comm"
	echo "p:bk/int3 $int3"
	echo "r:bk/ret $fn ret=\$retval:s64"
} >>"$T/kprobe_events" || fail "the probes were refused: $(tail -n 3 "$T/error_log")"

# traced NAME EVENT BASE: one loop with EVENT enabled, printed as NAME
# less BASE; the buffer must have taken BENCH_N records or more
traced() {
	: >"$T/trace"
	w0=$(written)
	echo 1 >"$K/$2/enable" || fail "could not enable $2"
	v=$(ns)
	echo 0 >"$K/$2/enable"
	w=$(($(written) - w0))
	[ "$w" -ge "$BENCH_N" ] || fail "$2 recorded $w records for $BENCH_N calls"
	echo "$P: $1 $(awk -v v="$v" -v b="$3" 'BEGIN { printf "%.1f", v - b }')"
}

ns >/dev/null	# warm up
for _ in $(seq "$BENCH_REPS"); do
	off=$(ns)
	echo "$P: off $off"
	traced kprobe entry "$off"
	traced kprobe-args args "$off"
	traced kprobe-int3 int3 "$off"
	traced kretprobe ret "$off"
done

if [ "$BENCH_REG" = 1 ]; then
	lines=/tmp/bench-kprobe-lines
	i=0
	while [ $i -lt 1000 ]; do
		echo "p:bkn/p$i $fn"
		i=$((i + 1))
	done >"$lines"
	t0=$(ms_now)
	cat "$lines" >>"$T/kprobe_events" || fail "1000 probes were refused: $(tail -n 3 "$T/error_log")"
	t1=$(ms_now)
	[ "$(ls "$T/events/bkn" | grep -c '^p[0-9]')" = 1000 ] || fail "not 1000 events in events/bkn"
	t1b=$(ms_now)
	echo 1 >"$T/events/bkn/enable" || fail "could not enable the 1000"
	t2=$(ms_now)
	echo 0 >"$T/events/bkn/enable" || fail "could not disable the 1000"
	t3=$(ms_now)
	echo '-:bkn/' >>"$T/kprobe_events" || fail "could not remove the 1000"
	t4=$(ms_now)
	[ ! -d "$T/events/bkn" ] || fail "events/bkn stayed"
	echo "$P: define $((t1 - t0))"
	echo "$P: enable $((t2 - t1b))"
	echo "$P: disable $((t3 - t2))"
	echo "$P: remove $((t4 - t3))"
fi
: >"$T/kprobe_events"
echo "$P: done"
