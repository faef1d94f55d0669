#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The hwlat tracer, as in upstream 6.1: its hwlat_detector/ files
# (width, window, mode: defaults, bounds, bad input), the threads each
# mode runs ("hwlatd" in round-robin and none, "hwlatd/N" in per-cpu),
# the windows it records (the text line, byte for byte, and the raw one;
# counts, gaps over the threshold, wall times), tracing_max_latency,
# tracing_thresh (10 us while it runs from 0, the old value back after),
# a change of mode while it runs, one array at a time (EBUSY), how long
# a stop takes, a per-cpu thread following its CPU's hotplug, and loops
# that switch it from several processes with no kernel report. Under
# QEMU's TCG the host takes the vCPUs' threads now and then, so windows
# with gaps come quickly with a small width.
. "$TESTDIR/lib.sh"

H=$T/hwlat_detector
inst=$T/instances/hwl_$$
c1=/sys/devices/system/cpu/cpu1/online
d=
cleanup() {
	stop_loops
	[ -w $c1 ] && [ "$(cat $c1)" = 0 ] && echo 1 >$c1
	[ -d "$inst" ] && { echo nop >"$inst/current_tracer"; rmdir "$inst"; }
	echo 0 >"$T/options/raw"
	echo "$cpumask0" >"$T/tracing_cpumask"
	reset_tracing
	echo round-robin >"$H/mode" 2>/dev/null
	echo 1000000 >"$H/window" 2>/dev/null
	echo 500000 >"$H/width" 2>/dev/null
	# the next run from 0 takes 10 us again: a run ending with it
	echo 10 >"$T/tracing_thresh"
	echo hwlat >"$T/current_tracer" 2>/dev/null
	echo nop >"$T/current_tracer"
	echo 0 >"$T/tracing_thresh"
	echo 0 >"$T/tracing_max_latency"
	rm -f /tmp/hwl.trace /tmp/hwl.raw /tmp/hwl.text /tmp/hwl.check
}

grep -qw hwlat "$T/available_tracers" || fail "no hwlat in available_tracers"
cpumask0=$(cat "$T/tracing_cpumask")
trap cleanup EXIT
dmesg0=$(dmesg | wc -l)
reset_tracing
command -v python3 >/dev/null || fail "no python3 in the guest"

[ -d "$H" ] || fail "no hwlat_detector/ directory"
[ "$(stat -c %a "$H")" = 750 ] || fail "hwlat_detector: mode $(stat -c %a "$H")"
for f in width window mode; do
	[ -f "$H/$f" ] || fail "no hwlat_detector/$f"
	[ "$(stat -c %a "$H/$f")" = 640 ] || fail "hwlat_detector/$f: mode $(stat -c %a "$H/$f")"
done

# defaults
[ "$(cat "$H/width")" = 500000 ] || fail "width: $(cat "$H/width")"
[ "$(cat "$H/window")" = 1000000 ] || fail "window: $(cat "$H/window")"
RR="none [round-robin] per-cpu"
[ "$(cat "$H/mode")" = "$RR" ] || fail "mode: '$(cat "$H/mode")'"
[ "$(cat "$T/tracing_thresh")" = 0 ] || fail "tracing_thresh $(cat "$T/tracing_thresh") before the test"

# bad input changes nothing
expect_err "$H/width" abc "Invalid argument"
expect_err "$H/width" -1 "Invalid argument"
expect_err "$H/width" 1000001 "Invalid argument"
expect_err "$H/window" 499999 "Invalid argument"
expect_err "$H/window" " " "Invalid argument"
expect_err "$H/window" 99999999999999999999 "Numerical result out of range"
expect_err "$H/mode" bogus "Invalid argument"
expect_err "$H/mode" "
" "Invalid argument"
expect_err "$H/mode" "round-robin per-cpu" "Invalid argument"
expect_err "$H/mode" "$(printf '%080d' 0)" "Invalid argument"
[ "$(cat "$H/width")" = 500000 ] || fail "a refused write changed width: $(cat "$H/width")"
[ "$(cat "$H/window")" = 1000000 ] || fail "a refused write changed window: $(cat "$H/window")"
[ "$(cat "$H/mode")" = "$RR" ] || fail "a refused write changed mode: '$(cat "$H/mode")'"
# the bounds follow each other; width may equal window
expect_err "$H/width" 1000000 ok
expect_err "$H/window" 999999 "Invalid argument"
expect_err "$H/width" 10000 ok
expect_err "$H/window" 20000 ok
expect_err "$H/width" 20001 "Invalid argument"
expect_err "$H/window" 9999 "Invalid argument"
for m in none per-cpu round-robin; do
	expect_err "$H/mode" "$m
" ok
	want=
	for x in none round-robin per-cpu; do
		[ $x = $m ] && x="[$x]"
		want="$want${want:+ }$x"
	done
	[ "$(cat "$H/mode")" = "$want" ] || fail "mode after '$m': '$(cat "$H/mode")', want '$want'"
done

# the hwlatd threads; want_threads LIST WHAT: within 5 s, exactly LIST
THREADS=hwlatd
online=$(cat /sys/devices/system/cpu/online)
ncpu=$(nproc)
[ "$online" = "0-$((ncpu - 1))" ] || [ "$online" = 0 ] ||
	skip "online CPUs $online: not a simple range"
percpu=$(for c in $(seq 0 $((ncpu - 1))); do printf 'hwlatd/%s ' $c; done)
allcpus=$(for c in $(seq 0 $((ncpu - 1))); do printf '%03d ' $c; done)
[ -z "$(threads)" ] || fail "hwlatd threads before the tracer: $(threads)"

# REC: a window's line: the context, then upstream's text
REC='^ *[^ ].*-[0-9]+ +\[[0-9][0-9][0-9]\] [^ ]+ +[0-9]+\.[0-9]+: #[0-9]+ +inner/outer\(us\): +[0-9]+/[0-9]+ +ts:[0-9]+\.[0-9]{9} count:[0-9]+( nmi-total:[0-9]+)?( nmi-count:[0-9]+)?$'
# check_recs FILE WHAT T0 T1 THRESH: every line of FILE that is not a
# comment is a window; each is printed as upstream's format prints its
# fields, has a gap over THRESH us and a count, and its wall time is
# between T0 and T1 (s). Prints the number of windows, their CPUs and
# the longest gap.
check_recs() {
	python3 - "$@" <<'EOF' >/tmp/hwl.check
import re, sys
path, what, t0, t1, thresh = sys.argv[1:]
rec = re.compile(r'^ *\S.*-\d+ +\[(\d{3})\] \S+ +\d+\.\d+: (#(\d+) +inner/outer\(us\): +(\d+)/(\d+) +ts:(\d+)\.(\d{9}) count:(\d+)(?: nmi-total:(\d+))?(?: nmi-count:(\d+))?)$')
n, cpus, longest, seqs = 0, set(), 0, []
for line in open(path):
    line = line.rstrip('\n')
    if line.startswith('#') or not line:
        continue
    m = rec.match(line)
    if not m:
        sys.exit("%s: not a window: '%s'" % (what, line))
    cpu, text, seq, inner, outer, sec, nsec, count, ntot, ncnt = m.groups()
    seq, inner, outer, count = int(seq), int(inner), int(outer), int(count)
    want = "#%-5u inner/outer(us): %4u/%-5u ts:%s.%s count:%d" % (
        seq, inner, outer, sec, nsec, count)
    if ncnt is not None:
        if ntot is not None:
            want += " nmi-total:%s" % ntot
        want += " nmi-count:%s" % ncnt
    elif ntot is not None:
        sys.exit("%s: nmi-total without nmi-count: '%s'" % (what, line))
    if text != want:
        sys.exit("%s: '%s', upstream's format gives '%s'" % (what, text, want))
    if max(inner, outer) <= int(thresh):
        sys.exit("%s: no gap over %s us: '%s'" % (what, thresh, line))
    if count < 1:
        sys.exit("%s: count 0: '%s'" % (what, line))
    if not int(t0) - 1 <= int(sec) <= int(t1) + 1:
        sys.exit("%s: ts %s not within %s..%s: '%s'" % (what, sec, t0, t1, line))
    n += 1
    cpus.add(cpu)
    longest = max(longest, inner, outer)
    seqs.append(seq)
if len(set(seqs)) != len(seqs):
    sys.exit("%s: a seqnum twice: %s" % (what, sorted(seqs)[:20]))
print(n, ",".join(sorted(cpus)), longest, min(seqs or [0]), max(seqs or [0]))
EOF
}
# run MODE WHAT SECS: record SECS s of windows in MODE from a clean
# start; leaves the windows in /tmp/hwl.trace and sets n, cpus, longest,
# first and last (seqnums)
run() {
	echo nop >"$T/current_tracer"
	echo 1 >"$T/tracing_on"
	echo "$1" >"$H/mode" || fail "mode $1"
	: >"$T/trace"
	echo 0 >"$T/tracing_max_latency"
	_t0=$(date +%s)
	echo hwlat >"$T/current_tracer" || fail "$2: echo hwlat > current_tracer"
	sleep "$3"
	echo 0 >"$T/tracing_on"
	_t1=$(date +%s)
	cat "$T/trace" >/tmp/hwl.trace
	grep -q '^# tracer: hwlat' /tmp/hwl.trace || fail "$2: no '# tracer: hwlat' header"
	check_recs /tmp/hwl.trace "$2" "$_t0" "$_t1" "$(cat "$T/tracing_thresh")" ||
		fail "$(cat /tmp/hwl.check)"
	read -r n cpus longest first last </tmp/hwl.check
	[ "$n" -gt 0 ] || fail "$2: no window in $3 s"
}

# tracing_thresh: 0 means 10 us while it runs, and 0 comes back after
echo hwlat >"$T/current_tracer" || fail "echo hwlat > current_tracer"
[ "$(cat "$T/tracing_thresh")" = 10 ] || fail "tracing_thresh $(cat "$T/tracing_thresh") under hwlat, want 10"
want_threads "hwlatd " "round-robin"
echo nop >"$T/current_tracer"
[ "$(cat "$T/tracing_thresh")" = 0 ] || fail "tracing_thresh $(cat "$T/tracing_thresh") after hwlat, want 0"
want_threads "" "nop"
# a value set before is kept; one set while it runs is the next run's 0
echo 3 >"$T/tracing_thresh"
echo hwlat >"$T/current_tracer"
[ "$(cat "$T/tracing_thresh")" = 3 ] || fail "tracing_thresh 3 became $(cat "$T/tracing_thresh") under hwlat"
echo nop >"$T/current_tracer"
[ "$(cat "$T/tracing_thresh")" = 3 ] || fail "tracing_thresh 3 became $(cat "$T/tracing_thresh") after hwlat"
echo 0 >"$T/tracing_thresh"
echo hwlat >"$T/current_tracer"
echo 1 >"$T/tracing_thresh"
echo nop >"$T/current_tracer"
[ "$(cat "$T/tracing_thresh")" = 0 ] || fail "tracing_thresh $(cat "$T/tracing_thresh") after hwlat, want 0"
echo hwlat >"$T/current_tracer"
[ "$(cat "$T/tracing_thresh")" = 1 ] || fail "tracing_thresh $(cat "$T/tracing_thresh"), want the last run's 1"
echo nop >"$T/current_tracer"
# tracing_on off and on stops and starts the thread
echo hwlat >"$T/current_tracer"
want_threads "hwlatd " "hwlat"
echo 0 >"$T/tracing_on"
want_threads "" "tracing_on 0"
echo 1 >"$T/tracing_on"
want_threads "hwlatd " "tracing_on 1"
echo nop >"$T/current_tracer"
want_threads "" "nop"

# windows in each mode (tracing_thresh 1: a gap of 2 us counts)
for m in round-robin per-cpu none; do
	run $m "$m" 3
	[ "$first" = 1 ] || fail "$m: the first seqnum is $first"
	case $m in
	per-cpu) [ "$cpus" = "$(echo $allcpus | tr ' ' ',')" ] ||
		fail "$m: windows from CPUs $cpus, want $allcpus" ;;
	round-robin) [ "$ncpu" = 1 ] || [ "$cpus" != "${cpus#*,}" ] ||
		fail "$m: windows from CPU $cpus alone" ;;
	esac
	lat=$(cat "$T/tracing_max_latency")
	# upstream 6.1 keeps the latency in us where the file reads ns
	if [ "$flavor" = ours ]; then
		[ "$lat" = "$longest" ] || fail "$m: tracing_max_latency $lat, the longest gap traced $longest"
	else
		[ "$lat" -ge $((longest / 1000)) ] || fail "$m: tracing_max_latency $lat, the longest gap traced $longest"
	fi
	echo "$m: $n windows in 3 s from CPUs $cpus, seqnums $first-$last, longest gap $longest us, tracing_max_latency $lat"
done
[ "$(cat "$T/tracing_thresh")" = 1 ] || fail "tracing_thresh $(cat "$T/tracing_thresh") under hwlat, want 1"

# the raw form has the same windows: inner outer sec nsec seqnum
sed -n 's/.*: #\([0-9]*\) *inner\/outer(us): *\([0-9]*\)\/\([0-9]*\) *ts:\([0-9]*\)\.\([0-9]*\) .*/\2 \3 \4 \5 \1/p' /tmp/hwl.trace |
	sort >/tmp/hwl.text
echo 1 >"$T/options/raw"
grep -v -e '^#' -e '^$' "$T/trace" >/tmp/hwl.raw
echo 0 >"$T/options/raw"
RAW='^[0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]{9} [0-9]+$'
grep -vqE "$RAW" /tmp/hwl.raw &&
	fail "a raw line not as 'pid cpu ts inner outer sec nsec seqnum': $(grep -vE "$RAW" /tmp/hwl.raw | head -n 2)"
cut -d' ' -f4- /tmp/hwl.raw | sort | cmp -s - /tmp/hwl.text ||
	fail "raw and text differ: $(cut -d' ' -f4- /tmp/hwl.raw | sort | diff - /tmp/hwl.text | head -n 4)"
echo "raw: $(wc -l </tmp/hwl.raw) windows as in the text"

# a change of mode while it runs takes the threads with it
echo 1 >"$T/tracing_on"
echo round-robin >"$H/mode"
want_threads "hwlatd " "round-robin while running"
echo per-cpu >"$H/mode" || fail "per-cpu while running"
want_threads "$percpu" "per-cpu while running"
expect_err "$H/mode" bogus "Invalid argument"
[ "$(threads)" = "$percpu" ] || fail "a refused mode changed the threads: $(threads)"
: >"$T/trace"
sleep 1
grep -qE "$REC" "$T/trace" || fail "no window after the switch to per-cpu"
echo none >"$H/mode" || fail "none while running"
want_threads "hwlatd " "none while running"

# one array at a time
mkdir "$inst" || fail "mkdir $inst"
expect_err "$inst/current_tracer" hwlat "Device or resource busy"
[ "$(cat "$inst/current_tracer")" = nop ] || fail "instance: $(cat "$inst/current_tracer") after EBUSY"
echo nop >"$T/current_tracer"
want_threads "" "nop at the top level"
echo hwlat >"$inst/current_tracer" || fail "hwlat in an instance"
expect_err "$T/current_tracer" hwlat "Device or resource busy"
want_threads "hwlatd " "hwlat in an instance"
sleep 1
grep -qE "$REC" "$inst/trace" || fail "no window in the instance"
grep -qE "$REC" "$T/trace" && fail "a window at the top level beside the instance"
[ "$(cat "$T/tracing_thresh")" = 1 ] || fail "tracing_thresh $(cat "$T/tracing_thresh") under the instance's hwlat"
# removing the instance that runs it stops the thread
rmdir "$inst" || fail "rmdir $inst while it runs hwlat"
want_threads "" "the instance removed"
[ "$(cat "$T/tracing_thresh")" = 0 ] || fail "tracing_thresh $(cat "$T/tracing_thresh") after the instance went"

# a stop while the thread samples (width = window = 1 s: interrupts off
# but for 1 ms a second), the longest of five at other points of the
# window: ours ends the window at once, upstream's finishes it and
# sleeps out the rest, up to 1 s (and then some, under TCG). The thread
# runs on cpu1 alone (tracing_cpumask), the timing process on cpu0: a
# task on the sampling CPU waits for the width to end.
if [ "$ncpu" -ge 2 ]; then
	echo 1000000 >"$H/window"
	echo 1000000 >"$H/width" || fail "width 1000000"
	echo round-robin >"$H/mode"
	echo 2 >"$T/tracing_cpumask" || fail "tracing_cpumask 2"
	worst=$(python3 - "$T" <<'EOF'
import glob, os, sys, time
T = sys.argv[1]
os.sched_setaffinity(0, {0})
def set_tracer(name):
    with open(T + "/current_tracer", "w") as f:
        f.write(name)
def hwlatd_on_cpu1():
    for p in glob.glob("/proc/[0-9]*"):
        try:
            if open(p + "/comm").read().strip() == "hwlatd":
                return open(p + "/stat").read().split()[38] == "1"
        except OSError:
            pass
    return False
worst = 0
for i in range(5):
    set_tracer("hwlat")
    for _ in range(50):
        if hwlatd_on_cpu1():
            break
        time.sleep(0.1)
    else:
        sys.exit("no hwlatd on cpu1 in 5 s")
    time.sleep(0.1 + 0.17 * i)
    a = time.monotonic()
    set_tracer("nop")
    worst = max(worst, time.monotonic() - a)
print(int(worst * 1000))
EOF
) || fail "the stop timing: $worst"
	echo "$cpumask0" >"$T/tracing_cpumask"
	[ -z "$(threads)" ] || fail "a thread left after nop: $(threads)"
	bound=3000
	[ "$flavor" = ours ] && bound=300
	[ "$worst" -le $bound ] || fail "a stop took $worst ms, more than $bound ms"
	echo "stop: at most $worst ms (of five)"
fi

# per-cpu threads follow CPU hotplug
if [ "$ncpu" -ge 2 ] && [ -w $c1 ]; then
	echo 10000 >"$H/width" || fail "width 10000"
	echo 20000 >"$H/window" || fail "window 20000"
	echo per-cpu >"$H/mode"
	echo hwlat >"$T/current_tracer"
	want_threads "$percpu" "per-cpu before hotplug"
	echo 0 >$c1 || fail "cpu1 offline"
	want_threads "$(echo "$percpu" | sed 's|hwlatd/1 ||')" "cpu1 offline"
	echo 1 >$c1 || fail "cpu1 online"
	want_threads "$percpu" "cpu1 back online"
	echo nop >"$T/current_tracer"
	want_threads "" "nop after hotplug"
fi

# HWL_STRESS_SECS (default 5) of loops: two processes switch the top
# level between hwlat and nop, one an instance (EBUSY while the top level
# has it), one the mode, one tracing_on; on ours one takes cpu1 down and
# up. Every write succeeds or gets EBUSY; at the end, with nop, no
# thread is left and the kernel reported nothing.
echo 10000 >"$H/width" || fail "width 10000"
echo 20000 >"$H/window" || fail "window 20000"
mkdir "$inst" || fail "mkdir $inst"
d=/tmp/hwl.$$
stop=$d/stop
pids=
mkdir -p $d
toplevel() { busy_ok "$T/current_tracer" hwlat && busy_ok "$T/current_tracer" nop; }
instance() { busy_ok "$inst/current_tracer" hwlat && busy_ok "$inst/current_tracer" nop; }
modes() {
	echo per-cpu >"$H/mode" && echo none >"$H/mode" && echo round-robin >"$H/mode"
}
onoff() { echo 0 >"$T/tracing_on" && echo 1 >"$T/tracing_on"; }
hotplug() { echo 0 >$c1 && echo 1 >$c1; }
loop top1 toplevel
loop top2 toplevel
loop instance instance
loop modes modes
loop onoff onoff
names="top1 top2 instance modes onoff"
if [ "$flavor" = ours ] && [ -w $c1 ]; then
	loop hotplug hotplug
	names="$names hotplug"
fi
# shellcheck disable=SC2086
end_loops "${HWL_STRESS_SECS:-5}" $names
rm -rf $d
d=
echo nop >"$inst/current_tracer"
rmdir "$inst"
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
want_threads "" "nop after the loops"
[ "$(cat "$T/tracing_thresh")" = 0 ] || fail "tracing_thresh $(cat "$T/tracing_thresh") after the loops"
echo round-robin >"$H/mode"
run round-robin "after the loops" 1
reports=$(kernel_reports "$dmesg0")
[ -z "$reports" ] || fail "kernel reports: $reports"
echo ok
