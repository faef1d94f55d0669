#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The osnoise tracer, as in upstream 6.1: its osnoise/ files (defaults,
# bounds, bad input), a thread "osnoise/N" per CPU of osnoise/cpus that
# writes a line per period (runtime, noise, % of the CPU left, longest
# gap, counts of hw/nmi/irq/softirq/thread interruptions) and raises
# tracing_max_latency, the osnoise events that explain the noise, the stop
# conditions, NO_OSNOISE_WORKLOAD (events only, no thread), a change of
# cpus while it runs, an instance running it beside the top level, and
# loops that switch it, its cpus and options (and cpu1's hotplug).
. "$TESTDIR/lib.sh"

THREADS=osnoise/

O=$T/osnoise
inst=$T/instances/osn_$$
d=
cleanup() {
	stop_loops
	c1=/sys/devices/system/cpu/cpu1/online
	[ -w $c1 ] && [ "$(cat $c1)" = 0 ] && echo 1 >$c1
	echo 0 >"$T/events/osnoise/enable" 2>/dev/null
	[ -d "$inst" ] && { echo nop >"$inst/current_tracer"; rmdir "$inst"; }
	reset_tracing
	echo DEFAULTS >"$O/options" 2>/dev/null
	echo 1000000 >"$O/period_us" 2>/dev/null
	echo 1000000 >"$O/runtime_us" 2>/dev/null
	echo 0 >"$O/stop_tracing_us" 2>/dev/null
	echo 0 >"$O/stop_tracing_total_us" 2>/dev/null
	cat /sys/devices/system/cpu/possible >"$O/cpus" 2>/dev/null
	echo 0 >"$T/tracing_max_latency"
	rm -f /tmp/osn.trace
}
trap cleanup EXIT
dmesg0=$(dmesg | wc -l)
reset_tracing

grep -qw osnoise "$T/available_tracers" || fail "no osnoise in available_tracers"
[ -d "$O" ] || fail "no osnoise/ directory"
for f in period_us runtime_us stop_tracing_us stop_tracing_total_us cpus options; do
	[ -f "$O/$f" ] || fail "no osnoise/$f"
	[ "$(stat -c %a "$O/$f")" = 640 ] || fail "osnoise/$f: mode $(stat -c %a "$O/$f")"
done

# defaults
[ "$(cat "$O/period_us")" = 1000000 ] || fail "period_us: $(cat "$O/period_us")"
[ "$(cat "$O/runtime_us")" = 1000000 ] || fail "runtime_us: $(cat "$O/runtime_us")"
[ "$(cat "$O/stop_tracing_us")" = 0 ] || fail "stop_tracing_us: $(cat "$O/stop_tracing_us")"
[ "$(cat "$O/stop_tracing_total_us")" = 0 ] || fail "stop_tracing_total_us not 0"
possible=$(cat /sys/devices/system/cpu/possible)
[ "$(cat "$O/cpus")" = "$possible" ] || fail "cpus: '$(cat "$O/cpus")', want '$possible'"
DEFAULTS="DEFAULTS OSNOISE_WORKLOAD NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE "
[ "$(cat "$O/options")" = "$DEFAULTS" ] || fail "options: '$(cat "$O/options")'"

# bad input changes nothing
expect_err "$O/runtime_us" 1000001 "Invalid argument"
expect_err "$O/period_us" 999999 "Invalid argument"
expect_err "$O/period_us" abc "Invalid argument"
expect_err "$O/stop_tracing_us" -1 "Invalid argument"
expect_err "$O/options" BOGUS "Invalid argument"
expect_err "$O/options" NO_DEFAULTS "Invalid argument"
expect_err "$O/cpus" x "Invalid argument"
# (upstream 6.1 parses the cpus text without ending it: ours only)
[ "$flavor" = ours ] && expect_err "$O/cpus" 4096 "Numerical result out of range"
[ "$(cat "$O/runtime_us")" = 1000000 ] || fail "a refused write changed runtime_us"
[ "$(cat "$O/period_us")" = 1000000 ] || fail "a refused write changed period_us"
[ "$(cat "$O/cpus")" = "$possible" ] || fail "a refused write changed cpus"
[ "$(cat "$O/options")" = "$DEFAULTS" ] || fail "a refused write changed options"
# the bounds follow each other: runtime first, then the period
echo 20000 >"$O/runtime_us" || fail "runtime_us 20000"
echo 100000 >"$O/period_us" || fail "period_us 100000"
expect_err "$O/runtime_us" 100001 "Invalid argument"
expect_err "$O/period_us" 19999 "Invalid argument"
expect_err "$O/options" NO_OSNOISE_WORKLOAD ok
[ "$(cat "$O/options")" = "NO_DEFAULTS NO_OSNOISE_WORKLOAD NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE " ] ||
	fail "options after NO_OSNOISE_WORKLOAD: '$(cat "$O/options")'"
expect_err "$O/options" DEFAULTS ok
[ "$(cat "$O/options")" = "$DEFAULTS" ] || fail "DEFAULTS did not restore: '$(cat "$O/options")'"

online=$(cat /sys/devices/system/cpu/online)
all=$(for c in $(seq 0 $(($(nproc) - 1))); do printf 'osnoise/%s ' $c; done)
[ "$online" = "0-$(($(nproc) - 1))" ] || [ "$online" = 0 ] ||
	skip "online CPUs $online: not a simple range"
[ -z "$(threads)" ] || fail "osnoise threads before the tracer: $(threads)"

# SAMPLE: a period's line: context, then runtime, noise, % available,
# max single noise, and the five counters. (Upstream 6.1 saves no comm
# with the periods: its threads show as <...> until an event saves it.)
SAMPLE='^ *(osnoise/[0-9]+|<\.\.\.>)-[0-9]+ +\[[0-9][0-9][0-9]\] [^ ]+ +[0-9]+\.[0-9]+: +[0-9]+ +[0-9]+ +[0-9]+\.[0-9][0-9][0-9][0-9][0-9] +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$'
# check_samples FILE WHAT: every line of the periods is sane; prints the
# CPUs that wrote some and, last, the longest single noise
check_samples() {
	grep -E "$SAMPLE" "$1" | sed 's/.*: *//' | awk -v what="$2" '
	{
		# runtime noise avail max hw nmi irq sirq thread
		if ($1 < 20000) { print "FAIL: " what ": runtime " $1 " < 20000: " $0; bad = 1 }
		if ($2 > $1) { print "FAIL: " what ": noise " $2 " > runtime " $1; bad = 1 }
		if ($3 > 100) { print "FAIL: " what ": " $3 "% available"; bad = 1 }
		if ($4 > $2) { print "FAIL: " what ": max single " $4 " > noise " $2; bad = 1 }
		avail = 100 * ($1 - $2) / $1
		if ($3 < avail - 0.01 || $3 > avail + 0.01) {
			print "FAIL: " what ": " $3 "% available, " avail " computed"; bad = 1
		}
		if ($4 > max) max = $4
	}
	END { if (!bad) print "max", max + 0 }' >/tmp/osn.check
	if grep -q FAIL /tmp/osn.check || ! grep -q '^max ' /tmp/osn.check; then
		echo "$2: $(head -n 3 /tmp/osn.check)"
		exit 1
	fi
	grep -E "$SAMPLE" "$1" | sed 's/.*\[\(...\)\].*/\1/' | sort -u | tr '\n' ' '
	sed -n 's/^max //p' /tmp/osn.check
}

echo 0 >"$T/tracing_max_latency"
echo osnoise >"$T/current_tracer" || fail "echo osnoise > current_tracer"
want_threads "$all" "osnoise started"
sleep 1.5
echo 0 >"$T/tracing_on"
cat "$T/trace" >/tmp/osn.trace
grep -q '^# tracer: osnoise' /tmp/osn.trace || fail "no '# tracer: osnoise' header"
grep -qxF '#              | |         |   |||||      |           |             |    |            |      |      |      |      |      |' /tmp/osn.trace ||
	fail "no osnoise column header: $(head -n 12 /tmp/osn.trace)"
grep -q 'RUNTIME      NOISE  %% OF CPU  NOISE' /tmp/osn.trace ||
	fail "no 'RUNTIME NOISE %% OF CPU' header line"
out=$(check_samples /tmp/osn.trace "all CPUs") || fail "$out"
cpus=${out% *} max=${out##* }
want=$(for c in $(seq 0 $(($(nproc) - 1))); do printf '%03d ' $c; done)
[ "$cpus " = "$want" ] || fail "periods from CPUs '$cpus', want '$want': $(grep -vc '^#' /tmp/osn.trace) lines"
n=$(grep -cE "$SAMPLE" /tmp/osn.trace)
[ "$n" -ge "$((3 * $(nproc)))" ] || fail "$n periods in 1.5 s of 0.1 s periods"
lat=$(cat "$T/tracing_max_latency")
[ "$lat" -gt 0 ] && [ "$lat" -le "$max" ] ||
	fail "tracing_max_latency $lat, the longest single noise $max"
echo "$n periods, longest noise $max us, tracing_max_latency $lat"

# the events explain the noise
: >"$T/trace"
echo 1 >"$T/events/osnoise/enable" || fail "enable events/osnoise"
echo 1 >"$T/tracing_on"
sleep 1
echo 0 >"$T/tracing_on"
cat "$T/trace" >/tmp/osn.trace
echo 0 >"$T/events/osnoise/enable"
grep -qE 'sample_threshold: start [0-9]+\.[0-9]{9} duration [0-9]+ ns interference [0-9]+$' /tmp/osn.trace ||
	fail "no sample_threshold event: $(grep -v '^#' /tmp/osn.trace | head -n 3)"
grep -qE 'irq_noise: .*:[0-9]+ start [0-9]+\.[0-9]{9} duration [0-9]+ ns$' /tmp/osn.trace ||
	fail "no irq_noise event: $(grep -v '^#' /tmp/osn.trace | head -n 3)"
grep -qE "$SAMPLE" /tmp/osn.trace || fail "no periods among the events"

# a change of cpus restarts the threads where it says
: >"$T/trace"
echo 1 >"$T/tracing_on"
echo 0 >"$O/cpus" || fail "cpus 0 while running"
want_threads "osnoise/0 " "cpus 0"
sleep 0.5
: >"$T/trace"
sleep 1
out=$(check_samples "$T/trace" "cpus 0") || fail "$out"
[ "${out% *}" = 000 ] || fail "cpus 0: periods from CPUs '${out% *}'"
echo "$possible" >"$O/cpus"
want_threads "$all" "cpus back to all"

# a single noise over stop_tracing_us stops the recording (1 us: any)
stops stop_tracing_us
: >"$T/trace"
echo 1000000 >"$O/stop_tracing_total_us"
echo 1 >"$T/tracing_on"
sleep 1
[ "$(cat "$T/tracing_on")" = 1 ] || fail "stop_tracing_total_us 1000000 stopped the recording"
stops stop_tracing_total_us

# NO_OSNOISE_WORKLOAD: no thread, the events still come
: >"$T/trace"
echo NO_OSNOISE_WORKLOAD >"$O/options" || fail "NO_OSNOISE_WORKLOAD while running"
want_threads "" "NO_OSNOISE_WORKLOAD"
echo 1 >"$T/events/osnoise/thread_noise/enable"
echo 1 >"$T/tracing_on"
sleep 1
echo 0 >"$T/tracing_on"
echo 0 >"$T/events/osnoise/thread_noise/enable"
grep -qE 'thread_noise: +[^ ]+:[0-9]+ start [0-9]+\.[0-9]{9} duration [0-9]+ ns$' "$T/trace" ||
	fail "NO_OSNOISE_WORKLOAD: no thread_noise event: $(grep -v '^#' "$T/trace" | head -n 3)"
grep -qE "$SAMPLE" "$T/trace" && fail "NO_OSNOISE_WORKLOAD: a period was recorded"
echo DEFAULTS >"$O/options"
echo 1 >"$T/tracing_on"
want_threads "$all" "DEFAULTS"

# an instance beside the top level: both get the periods
mkdir "$inst" || fail "mkdir $inst"
echo osnoise >"$inst/current_tracer" || fail "osnoise in an instance"
: >"$T/trace"
sleep 1
grep -qE "$SAMPLE" "$inst/trace" || fail "no periods in the instance"
grep -qE "$SAMPLE" "$T/trace" || fail "no periods at the top level beside the instance"
echo nop >"$T/current_tracer"
want_threads "$all" "the instance alone"
# removing the instance that still runs it stops the threads
rmdir "$inst" || fail "rmdir $inst while it runs osnoise"
want_threads "" "the instance removed"

# OSN_STRESS_SECS (default 5) of loops: one switches the tracer on and
# off, one changes cpus, one options; on ours, one takes cpu1 down and
# up (both arches' configs have CPU hotplug). Every write succeeds, and
# at the end, with nop, no thread is left.
d=/tmp/osn.$$
stop=$d/stop
pids=
mkdir -p $d
echo 1 >"$T/tracing_on"
onoff() { echo osnoise >"$T/current_tracer" && echo nop >"$T/current_tracer"; }
setcpus() { echo 0 >"$O/cpus" && echo "$possible" >"$O/cpus"; }
setopts() {
	echo NO_OSNOISE_WORKLOAD >"$O/options" && echo DEFAULTS >"$O/options"
}
hotplug() {
	echo 0 >$c1 && echo 1 >$c1
}
c1=/sys/devices/system/cpu/cpu1/online
hp=
if [ "$flavor" = ours ]; then
	[ -w $c1 ] && [ "$(cat $c1)" = 1 ] || fail "cpu1 cannot be taken down"
	hp=1
fi
loop onoff onoff
loop setcpus setcpus
loop setopts setopts
names="onoff setcpus setopts"
if [ -n "$hp" ]; then
	loop hotplug hotplug
	names="$names hotplug"
fi
# shellcheck disable=SC2086
end_loops "${OSN_STRESS_SECS:-5}" $names
rm -rf $d
d=
echo nop >"$T/current_tracer"
want_threads "" "nop after the loops"
echo osnoise >"$T/current_tracer" || fail "osnoise after the loops"
want_threads "$all" "osnoise after the loops"
echo nop >"$T/current_tracer"
want_threads "" "nop at the end"
reports=$(kernel_reports "$dmesg0")
[ -z "$reports" ] || fail "kernel reports: $reports"
echo ok
