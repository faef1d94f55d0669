#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Function tracing under load (issue 6's stress points). Phase 1, for
# FN_STRESS_SECS (30) s: the function tracer on every function, both CPUs
# busy with syscalls (dd, one byte at a time) and a shell loop, a reader
# on trace_pipe counting what it gets, and meanwhile harness_fntest
# loaded, fired and unloaded in a loop, traced by the top level (every
# function) and by an instance whose filter names it with ':mod:'.
# Phase 2, for FN_STRESS_FLIP_SECS (5) s: two processes turn function
# tracing on and off at once (current_tracer of the top level and of an
# instance, set_ftrace_filter and set_ftrace_notrace writes).
# The reader must get "func <-parent" records and nothing else but LOST
# markers, which must account for the buffer's overruns; the instance
# must trace the module's functions and nothing else; every write must
# succeed; afterwards no function is left enabled and tracing works as
# before; and the kernel log has no WARN, BUG, lockdep, KASAN or UBSAN
# report (the harness fails the whole run on those too, with the debug
# config: harness/check.sh DEBUG=1).
. "$TESTDIR/lib.sh"

[ -e "$T/set_ftrace_filter" ] || fail "no set_ftrace_filter"
secs=${FN_STRESS_SECS:-30}
flip_secs=${FN_STRESS_FLIP_SECS:-5}
mod=/tmp/out/modules/harness_fntest.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/fntest is built with the kernel)"
M=harness_fntest
I=$T/instances/fn-stress
d=/tmp/fn-stress.$$
stop=$d/stop
pids=
mkdir -p $d
size0=$(buffer_kb)
cleanup() {
	: >"$stop"
	[ -f $d/cat.pid ] && kill "$(cat $d/cat.pid)" 2>/dev/null
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	if [ -d "$I" ]; then
		echo nop >"$I/current_tracer"
		rmdir "$I"
	fi
	echo nop >"$T/current_tracer"
	grep -q "^$M " /proc/modules && rmmod $M
	echo >"$T/set_ftrace_filter"
	echo >"$T/set_ftrace_notrace"
	echo "$size0" >"$T/buffer_size_kb"
	reset_tracing
	rm -rf $d
}
trap cleanup EXIT
reset_tracing
grep -q "^$M " /proc/modules && rmmod $M
echo >"$T/set_ftrace_filter"
echo >"$T/set_ftrace_notrace"
total0=$(cut -d' ' -f1 "$T/dyn_ftrace_total_info")
dmesg0=$(dmesg | wc -l)

# Phase 1. The instance traces the module through its filter (written
# while the module is loaded: a ':mod:' word kept for a module not
# loaded is applied at its next load only).
mkdir "$I" || fail "cannot make an instance"
insmod $mod || fail "insmod $mod"
echo "harness_fntest_*:mod:$M" >"$I/set_ftrace_filter" || fail "the instance refuses the ':mod:' filter"
echo function >"$I/current_tracer" || fail "the instance refuses the function tracer"
rmmod $M || fail "rmmod $M"
# The top level's buffer is overwritten faster than it is read: lost
# events are part of what is checked. A small one: at the end the
# reader drains what it holds, every function still traced (256 KB a
# CPU, some 18000 records, took 33 s on arm64's debug kernel).
echo 1 >"$T/options/overwrite"
echo 64 >"$T/buffer_size_kb"
echo function >"$T/current_tracer" || fail "cannot set the function tracer"
# The reader is opened after the tracer is set: the tracer cannot change
# while trace_pipe is open. It ends at EOF, which trace_pipe gives once
# tracing is off and the buffer drained. Records of the module read
# after it went (or called from its freed init function) show addresses
# for names, and so do the parents of the kernel functions its code
# called ("mutex_lock <-0xffffffffa0007274" from its exit, read after
# rmmod: a make check run of 955ce21): they are counted as its records. (The pattern goes through
# the environment: busybox awk would take the backslashes of -v for
# escapes.)
(
	cat "$T/trace_pipe" &
	echo $! >$d/cat.pid
	wait
) | FN_RECORD=$FN_RECORD awk -v out=$d/bad '
	BEGIN { rec = ENVIRON["FN_RECORD"] }
	/ tracing_mark_write: fn-stress-wake$/ { next }
	/^CPU:[0-9]+ \[LOST [0-9]+ EVENTS\]$/ { markers++; lost += $3; next }
	/^CPU:[0-9]+ \[LOST EVENTS\]$/ { markers++; unknown++; next }
	$0 ~ rec { recs++; if (/ harness_fntest_[a-z]+ <-/) modrecs++; next }
	/: (harness_fntest_[a-z]+|0x[0-9a-f]+) <-(0x[0-9a-f]+|[A-Za-z0-9_.]+)$/ { recs++; modrecs++; next }
	/: [A-Za-z_][A-Za-z0-9_.]* <-0x[0-9a-f]+$/ { recs++; modrecs++; next }
	{ if (bad++ < 5) print > out }
	END { print recs + 0, markers + 0, lost + 0, unknown + 0, bad + 0, modrecs + 0 }
' >$d/reader &
reader=$!

fire() { echo "$1" >/sys/module/$M/parameters/fire; }
modround() {
	insmod $mod || return 1
	echo "harness_fntest_*:mod:$M" >"$I/set_ftrace_filter" || return 1
	fire 20 || return 1
	rmmod $M
}
for c in 0 1; do
	loop sys$c taskset -c $c sh -c 'dd if=/dev/zero of=/dev/null bs=1 count=2000 2>/dev/null'
	loop spin$c taskset -c $c sh -c 'i=0; while [ $i -lt 2000 ]; do i=$((i + 1)); done'
done
loop mod modround
t0=$(date +%s)
sleep "$secs"
# An end of file while tracing is on would have stopped the reader.
kill -0 "$(cat $d/cat.pid)" 2>/dev/null ||
	fail "the trace_pipe reader ended while tracing was on"
: >"$stop"
wait $pids
pids=
check_loops "phase 1" sys0 sys1 spin0 spin1 mod
# Recording off: the reader drains the buffer, then gets EOF. Should
# it sleep on (upstream on arm64 misses the wakeup of tracing_on 0 at
# times), a marker written with tracing on for a moment wakes it: a
# reader killed could lose the records it holds in flight.
echo 0 >"$T/tracing_on"
echo 0 >"$I/tracing_on"
i=0
while kill -0 "$(cat $d/cat.pid)" 2>/dev/null && [ $i -lt 120 ]; do
	sleep 1
	i=$((i + 1))
	if [ $((i % 10)) = 0 ] &&
		[ "$(stats_sum entries)" = 0 ]; then
		echo 1 >"$T/tracing_on"
		echo fn-stress-wake >"$T/trace_marker"
		echo 0 >"$T/tracing_on"
	fi
done
if kill -0 "$(cat $d/cat.pid)" 2>/dev/null; then
	kill "$(cat $d/cat.pid)"
	fail "the trace_pipe reader did not end within 120 s of tracing off"
fi
wait "$reader"
echo "phase 1: $(($(date +%s) - t0)) s, the reader took ${i} s to drain"
overrun=0
for cpu in 0 1; do
	o=$(sed -n 's/^overrun: //p' "$T/per_cpu/cpu$cpu/stats")
	echo "cpu$cpu stats: $(tr '\n' ' ' <"$T/per_cpu/cpu$cpu/stats")"
	overrun=$((overrun + o))
done
read_events=$(stats_sum "read events")
set -- $(cat $d/reader)
[ $# = 6 ] || fail "the reader's count is '$(cat $d/reader)'"
echo "trace_pipe: $1 records ($6 of $M), $2 LOST markers for $3 events (+$4 uncounted), $5 other lines; overrun $overrun, read events $read_events"
[ "$5" = 0 ] || fail "$5 lines of trace_pipe are neither records nor LOST markers: $(cat $d/bad)"
[ "$1" -gt 1000 ] || fail "only $1 records from trace_pipe in $secs s"
# Every overwritten event is reported to the reader once: the events the
# markers count (those that do not say how many aside) make up the overrun.
if [ "$overrun" -gt 0 ]; then
	[ "$2" -gt 0 ] || fail "$overrun events overwritten and no LOST marker in trace_pipe"
fi
[ "$4" != 0 ] || [ "$3" = "$overrun" ] ||
	fail "the LOST markers count $3 events, the per-CPU overrun is $overrun"
[ "$4" = 0 ] || [ "$3" -le "$overrun" ] ||
	fail "the LOST markers count $3 events, more than the per-CPU overrun $overrun"
# Every record consumed reached the reader: a record taken from the
# buffer and not delivered would take the LOST count before it along.
# (busybox cat copies with sendfile, so this checks splice as well.)
[ "$1" = "$read_events" ] ||
	fail "the reader got $1 records, the per-CPU read events are $read_events"
# The instance: the module's functions, each round, and nothing else.
# The module is gone when its records are read: they show as addresses
# (so upstream prints them), called from the module itself or, for its
# init function (traced once the ':mod:' filter is applied at a load),
# from do_one_initcall. Calls from the init function show its address
# once its text is freed.
modrec=': (harness_fntest_[a-z]+ <-([a-z_]+|0x[0-9a-f]+)|0x[0-9a-f]+ <-(0x[0-9a-f]+|do_one_initcall))$'
grep -v '^#' "$I/trace" >$d/inst
n=$(grep -cE "$modrec" $d/inst)
other=$(grep -cvE "$modrec" $d/inst)
echo "instance: $n records of $M's functions, $other others"
[ "$other" = 0 ] || fail "the instance, filtered on $M, traced $(grep -vE "$modrec" $d/inst | sed 's/.*: //' | sort | uniq -c | sort -rn | head -n 5)"
[ "$n" -gt 0 ] || fail "the instance traced none of $M's functions"
echo nop >"$T/current_tracer" || fail "cannot switch the top level back to nop"
echo nop >"$I/current_tracer" || fail "cannot switch the instance back to nop"
echo 1 >"$T/tracing_on"
echo 1 >"$I/tracing_on"

# Phase 2: two processes, each switching function tracing on and off
# and rewriting the filters the other one's tracers use. The filters
# never go empty (every function, whose patching takes seconds under
# emulation): more rounds.
echo 'vfs_*' >"$T/set_ftrace_filter"
echo 'ksys_*' >"$I/set_ftrace_filter"
one() {
	echo 'vfs_*' >"$T/set_ftrace_filter" &&
		echo function >"$T/current_tracer" &&
		echo 'ksys_*' >>"$T/set_ftrace_filter" &&
		echo function >"$I/current_tracer" &&
		echo nop >"$T/current_tracer" &&
		echo nop >"$I/current_tracer"
}
two() {
	echo function >"$I/current_tracer" &&
		echo 'ksys_*' >"$I/set_ftrace_filter" &&
		echo '!vfs_read' >>"$T/set_ftrace_filter" &&
		echo 'schedule' >"$T/set_ftrace_notrace" &&
		echo function >"$T/current_tracer" &&
		echo 'vfs_write' >"$I/set_ftrace_filter" &&
		echo nop >"$I/current_tracer" &&
		echo >"$T/set_ftrace_notrace" &&
		echo nop >"$T/current_tracer"
}
loop one one
loop two two
loop sys0 sh -c 'dd if=/dev/zero of=/dev/null bs=1 count=2000 2>/dev/null'
t0=$(date +%s)
sleep "$flip_secs"
: >"$stop"
wait $pids
pids=
check_loops "phase 2 ($(($(date +%s) - t0)) s)" one two sys0

# A sane state: nop everywhere, no function left enabled, the buffers
# readable, the module's functions gone, and function tracing as before.
for a in "$T" "$I"; do
	echo nop >"$a/current_tracer" || fail "cannot set nop in $a"
	echo >"$a/set_ftrace_filter"
	[ "$(cat "$a/current_tracer")" = nop ] || fail "$a/current_tracer reads $(cat "$a/current_tracer")"
	cat "$a/trace" >/dev/null || fail "cannot read $a/trace"
done
echo >"$T/set_ftrace_notrace"
[ -z "$(cat "$T/enabled_functions")" ] ||
	fail "functions left enabled: $(head -n 3 "$T/enabled_functions")"
total=$(cut -d' ' -f1 "$T/dyn_ftrace_total_info")
[ "$total" = "$total0" ] || fail "dyn_ftrace_total_info counts $total, $total0 before"
rmdir "$I" || fail "cannot remove the instance"
: >"$T/trace"
echo vfs_read >"$T/set_ftrace_filter"
echo function >"$T/current_tracer" || fail "cannot set the function tracer after the stress"
read -r l </proc/version
echo 0 >"$T/tracing_on"
grep -qE ': vfs_read <-' "$T/trace" || fail "tracing vfs_read after the stress gave nothing"
echo 1 >"$T/tracing_on"
echo nop >"$T/current_tracer"
echo "after the stress: nop, nothing enabled, tracing works"

# The kernel's own word (the harness checks the whole log as well).
reports=$(kernel_reports "$dmesg0")
[ -z "$reports" ] || fail "kernel reports: $reports"
exit 0
