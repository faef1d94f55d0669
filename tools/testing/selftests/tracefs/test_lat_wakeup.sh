#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The wakeup latency tracers wakeup, wakeup_rt and wakeup_dl, as in
# upstream 6.1. A task of a real-time policy (SCHED_FIFO 50: prio 49),
# or of SCHED_DEADLINE, blocks opening a FIFO; this
# (normal) shell wakes it by opening the other end. The tracer keeps a
# wait: tracing_max_latency above 0, and `trace` shows it in the latency
# format: the header's task is the woken one (its policy and priority),
# a wakeup record "  + [cpu] PID:PRIO:R" of it and a switch record "==>
# [cpu] PID:PRIO:R" to it, and the stacks. With tracing_thresh each wait
# at least that long is kept (so the last one is this test's); one of
# 100 s keeps none. wakeup_rt and wakeup keep the real-time task's
# wait, wakeup_dl keeps none of it. With options/function-trace the
# functions run meanwhile are recorded; with options/display-graph the
# kept wait reads as function_graph's output. options/raw prints a
# wakeup as "PID PRIO + CPU PID PRIO R". The tracers force overwrite
# and latency-format on while they run and restore both after (overwrite
# off before, off after); one
# array at a time runs one (EBUSY for the next). Switching them from
# several processes while tasks are woken, `trace` is read and a reader
# blocks on trace_pipe leaves no kernel report.
. "$TESTDIR/lib.sh"

inst=$T/instances/wk_$$
fifo=/tmp/wk.fifo
d=
cleanup() {
	stop_loops
	echo 1 >"$T/options/function-trace"
	echo 0 >"$T/options/display-graph"
	echo 0 >"$T/options/raw"
	echo 0 >"$T/tracing_thresh"
	echo 0 >"$T/tracing_max_latency"
	[ -d "$inst" ] && rmdir "$inst"
	reset_tracing
	rm -f /tmp/wk.trace "$fifo"
}
trap cleanup EXIT
dmesg0=$(dmesg | wc -l)
reset_tracing
for t in wakeup wakeup_rt wakeup_dl; do
	grep -qw $t "$T/available_tracers" || fail "no $t in available_tracers"
done
command -v python3 >/dev/null || fail "no python3 in the guest"
rm -f "$fifo"
mkfifo "$fifo" || fail "mkfifo $fifo"

get() { v=; IFS= read -r v <"$1"; }

# sched POLICY ARGS... -- CMD...: become CMD, run with POLICY: "fifo
# PRIO", or "dl RUNTIME DEADLINE PERIOD" (ns), set by python3 (the arm64
# guest's busybox has no chrt, and no chrt sets SCHED_DEADLINE there).
# It execs: call it in a subshell or in the background, whose pid then
# is CMD's.
sched() {
	exec python3 -c '
import ctypes, os, platform, struct, sys
a = sys.argv[1:]
cmd = a[a.index("--") + 1:]
if a[0] == "fifo":
    os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(int(a[1])))
else:
    # sched_setattr(2): struct sched_attr of 48 bytes, SCHED_DEADLINE 6
    nr = {"x86_64": 314, "aarch64": 274}[platform.machine()]
    attr = struct.pack("IIQiIQQQ", 48, 6, 0, 0, 0,
                       int(a[1]), int(a[2]), int(a[3]))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(nr, 0, attr, 0):
        sys.exit("sched_setattr: " + os.strerror(ctypes.get_errno()))
os.execvp(cmd[0], cmd)
' "$@"
}

# woken POLICY...: a task of sched's POLICY blocks opening $fifo for
# reading until this shell opens it for writing; then it turns tracing
# off at once (so that with tracing_thresh the last wait kept is its
# own, not that of a kernel thread woken after it) and exits; its pid
# is in $pid. (It opens the FIFO itself, after its policy is set.)
woken() {
	sched "$@" -- sh -c "read x <$fifo; echo 0 >$T/tracing_on" &
	pid=$!
	_n=0
	# blocked in the open: asleep, and already the shell it runs
	until [ "$(cut -d' ' -f3 /proc/$pid/stat 2>/dev/null)" = S ] &&
		grep -q '^Name:.sh$' /proc/$pid/status 2>/dev/null; do
		_n=$((_n + 1))
		[ $_n -lt 600 ] || fail "the $* task never blocked on $fifo"
		sleep 0.05
	done
	echo x >"$fifo"
	wait $pid || fail "the $* task failed"
}

# kept TRACER: tracing off, the kept trace in /tmp/wk.trace, its
# latency in $max (us, from tracing_max_latency).
kept() {
	echo 0 >"$T/tracing_on"
	cat "$T/trace" >/tmp/wk.trace
	get "$T/tracing_max_latency"
	max=$v
	echo 1 >"$T/tracing_on"
}

# hdr ERE: the kept trace has a line matching it.
hdr() {
	grep -q -E "$1" /tmp/wk.trace ||
		fail "$t: no '$1' in: $(head -16 /tmp/wk.trace)"
}

# check_wait TRACER POLICY RTPRIO [PID PRIO]: the kept trace is a wait of
# a task whose policy (1 FIFO, 2 RR, 6 DEADLINE) and rt_prio match the
# EREs POLICY and RTPRIO, in the latency format, and its latency is
# tracing_max_latency's; with PID, it is that task's, at prio PRIO.
check_wait() {
	t=$1
	[ "$max" -gt 0 ] 2>/dev/null || fail "$t: tracing_max_latency is '$max'"
	hdr "^# $t latency trace v1\.1\.5 on "
	hdr "^# latency: $max us, #[0-9]+/[0-9]+, CPU#[0-9]+ \| \(M:"
	task=$(sed -n 's/^#    | task: .*-\([0-9][0-9]*\) (uid:[0-9]* nice:[-0-9]* policy:\([0-9]*\) rt_prio:\([0-9]*\))$/\1 \2 \3/p' /tmp/wk.trace)
	[ -n "$task" ] || fail "$t: no task line in: $(head -16 /tmp/wk.trace)"
	set -- $task "$@"
	echo "$2 $3" | grep -q -E "^($5) ($6)$" ||
		fail "$t: the task is $task (pid policy rt_prio), want policy $5 rt_prio $6: $(grep -m1 '^#    | task:' /tmp/wk.trace)"
	[ -z "${7:-}" ] || [ "$1" = "$7" ] ||
		fail "$t: the kept wait is pid $1's, not the woken task's ($7)"
	prio=${8:-[0-9]+}
	hdr "  \+ \[[0-9][0-9][0-9]\] +$1: *$prio:R "
	hdr "==> \[[0-9][0-9][0-9]\] +$1: *$prio:R "
	hdr "<stack trace>"
}

# The options a tracer forces come back as they were: overwrite off.
echo 0 >"$T/options/overwrite"
echo wakeup >"$T/current_tracer" || fail "current_tracer wakeup"
get "$T/options/overwrite"
[ "$v" = 1 ] || fail "wakeup: overwrite is $v, not forced on"
echo nop >"$T/current_tracer"
get "$T/options/overwrite"
[ "$v" = 0 ] || fail "overwrite is $v after wakeup, was 0 before"
echo 1 >"$T/options/overwrite"

# The real-time task's wait, with function-trace off (marks only).
echo 0 >"$T/options/function-trace"
for t in wakeup_rt wakeup; do
	echo 0 >"$T/tracing_max_latency"
	echo $t >"$T/current_tracer" || fail "current_tracer $t"
	get "$T/options/latency-format"
	[ "$v" = 1 ] || fail "$t: latency-format is $v"
	expect_err "$T/options/overwrite" 0 "Invalid argument"
	# the largest wait: a real-time task's (wakeup: perhaps a
	# high-priority kworker's, woken by a normal task)
	woken fifo 50
	kept
	if [ $t = wakeup_rt ]; then
		check_wait $t '1|2|6' '[0-9]+'
	else
		check_wait $t '[0-9]+' '[0-9]+'
	fi
	# each wait of 1 us or more: the last one is this test's, unless
	# (wakeup follows every task) another task's wakeup came between
	# its end and tracing off: then again, up to 20 times (under a
	# loaded host, upstream's wakeup kept another task's wait five
	# times in a row)
	echo 1 >"$T/tracing_thresh"
	try=0
	while [ $try -lt 20 ]; do
		try=$((try + 1))
		woken fifo 50
		kept
		grep -q "^#    | task: .*-$pid (" /tmp/wk.trace && break
	done
	echo 0 >"$T/tracing_thresh"
	check_wait $t 1 50 $pid 49
	echo "$t: the FIFO task's wait, $max us"
done
echo nop >"$T/current_tracer"

# wakeup_dl keeps no real-time task's wait.
t=wakeup_dl
echo 0 >"$T/tracing_max_latency"
echo $t >"$T/current_tracer" || fail "current_tracer $t"
woken fifo 50
kept
[ "$max" = 0 ] || fail "$t kept a wait of $max us: $(grep -m2 -E '\+ \[|==>' /tmp/wk.trace)"
# A deadline task's: 5 ms of every 10 ms.
echo 1 >"$T/tracing_thresh"
woken dl 5000000 10000000 10000000
kept
echo 0 >"$T/tracing_thresh"
check_wait $t 6 0 $pid
echo "$t: the deadline task's wait, $max us"
echo nop >"$T/current_tracer"

# tracing_thresh of 100 s: no wait kept.
echo 0 >"$T/tracing_max_latency"
echo 100000000 >"$T/tracing_thresh"
echo wakeup_rt >"$T/current_tracer" || fail "current_tracer wakeup_rt"
woken fifo 50
kept
echo 0 >"$T/tracing_thresh"
[ "$max" = 0 ] || fail "tracing_thresh 100 s: a wait of $max us kept"

# function-trace: the functions of the wait, beyond the two marks.
t=wakeup_rt
echo 0 >"$T/tracing_max_latency"
echo 1 >"$T/tracing_thresh"
echo 1 >"$T/options/function-trace"
woken fifo 50
kept
check_wait $t 1 50 $pid 49
n=$(grep -c -E ' : [A-Za-z_][A-Za-z0-9_.]* <-[A-Za-z_]' /tmp/wk.trace)
[ "$n" -gt 2 ] || fail "function-trace: $n function records: $(head -30 /tmp/wk.trace)"
echo "function-trace: $n function records in the wait"
# display-graph, set while the tracer runs: function_graph's output.
echo 1 >"$T/options/display-graph" || fail "display-graph on"
woken fifo 50
kept
hdr "DURATION"
hdr "\|  +[A-Za-z_][A-Za-z0-9_.]*\(\)( \{|;)$"
echo "display-graph: $(grep -c -E '\(\)( \{|;)$' /tmp/wk.trace) calls in the wait"
echo 0 >"$T/options/display-graph"
echo 0 >"$T/options/function-trace"
# options/raw: the wakeup record's raw form. tracing_thresh is still
# 1 us, where each wait over it replaces the kept one: a kernel thread
# of a real-time policy (migration/N) woken after the task, before
# tracing stops, is kept instead. Such a round is tried again.
tries=0
while :; do
	woken fifo 50
	echo 0 >"$T/tracing_on"
	echo 1 >"$T/options/raw"
	cat "$T/trace" >/tmp/wk.trace
	echo 0 >"$T/options/raw"
	echo 1 >"$T/tracing_on"
	grep -q -E "(^| )[0-9]+ [0-9]+ \+ [0-9]+ $pid 49 R$" /tmp/wk.trace && break
	tries=$((tries + 1))
	[ $tries -lt 5 ] || break
done
echo 0 >"$T/tracing_thresh"
hdr "(^| )[0-9]+ [0-9]+ \+ [0-9]+ $pid 49 R$"
echo nop >"$T/current_tracer"
echo "raw: the wakeup of $pid as 'PID PRIO + CPU $pid 49 R'"

# One array at a time. (Only ours is held to it: upstream's irqsoff
# tracers hang on it, test_lat_tracers.)
mkdir "$inst" || fail "mkdir $inst"
grep -qw wakeup "$inst/available_tracers" ||
	fail "no wakeup in an instance's available_tracers"
if [ "$flavor" = ours ]; then
	echo wakeup >"$inst/current_tracer" || fail "an instance refused wakeup"
	expect_err "$T/current_tracer" wakeup_rt "Device or resource busy"
	echo nop >"$inst/current_tracer"
	echo wakeup_dl >"$T/current_tracer" || fail "wakeup_dl after the instance's"
	expect_err "$inst/current_tracer" wakeup "Device or resource busy"
	echo nop >"$T/current_tracer"
else
	echo "not checked on $flavor: one wakeup tracer at a time"
fi

# Switching from several processes, tasks woken, a reader.
d=/tmp/wk.loops
stop=$d/stop
pids=
mkdir -p $d
switch() {
	for x in wakeup wakeup_rt wakeup_dl nop; do
		busy_ok "$T/current_tracer" $x || return 1
	done
}
other() { busy_ok "$inst/current_tracer" wakeup_rt && echo nop >"$inst/current_tracer"; }
wake() { (sched fifo 50 -- sh -c 'sleep 0.01'); }
reader() { cat "$T/trace" "$T/tracing_max_latency" >/dev/null; }
# A reader blocked on trace_pipe while waits are kept: each keep wakes
# it from inside the scheduler, which must not wake it there and then.
pipe() {
	timeout 2 cat "$T/trace_pipe" >/dev/null
	_rc=$?
	# timed out: 124 (coreutils), 143 (busybox: SIGTERM)
	[ $_rc = 124 ] || [ $_rc = 143 ] || [ $_rc = 0 ]
}
graph() {
	echo 1 >"$T/options/display-graph" && sleep 1 &&
		echo 0 >"$T/options/display-graph"
}
loop switch switch
loop other other
loop wake wake
loop reader reader
loop pipe pipe
loop graph graph
sleep "${LAT_STRESS_SECS:-10}"
: >"$stop"
wait $pids
pids=
check_loops "switching" switch other wake reader pipe graph
rm -rf $d
rmdir "$inst"

echo nop >"$T/current_tracer"
get "$T/options/latency-format"
[ "$v" = 0 ] || fail "latency-format stays $v after nop"
get "$T/options/overwrite"
[ "$v" = 1 ] || fail "overwrite is $v after nop"
reports=$(kernel_reports "$dmesg0")
[ -z "$reports" ] || fail "kernel reports: $reports"
exit 0
