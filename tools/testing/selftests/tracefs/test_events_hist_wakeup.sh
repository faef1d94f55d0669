#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The wakeup-latency example of Documentation/trace/histogram.rst
# (2.2.3, onmatch().trace()), its lines written as the document gives
# them: a variable saved at sched_waking, a synthetic event fired at
# sched_switch, a histogram of it. The "cyclictest" is a python3 process
# that names itself so and sleeps 10 ms at a time, WAKEUPS times.
# Checked:
# - each trigger reads back as upstream's shows it;
# - every entry of each histogram is of that process (the filters), at
#   prio 120, with a latency in microseconds, and the Totals agree with
#   the entries; the synthetic event's records in `trace` are as many as
#   its histogram's hits, with the same pid;
# - the variables tie the three together: removing the sched_waking
#   trigger while sched_switch's reads its variables is EBUSY, and so is
#   removing the synthetic event while an action fires it; in the right
#   order everything goes.
# Passes on upstream too.
. "$TESTDIR/lib.sh"
export LC_ALL=C

S=$T/synthetic_events
WK=$T/events/sched/sched_waking
SW=$T/events/sched/sched_switch
WL=$T/events/synthetic/wakeup_latency
[ -e "$S" ] && [ -e "$WK/hist" ] ||
	fail "no synthetic_events or sched_waking/hist (CONFIG_HIST_TRIGGERS)"
command -v python3 >/dev/null || fail "no python3 in the guest"
wakeups=${WAKEUPS:-40}
wk_trig='hist:keys=$saved_pid:saved_pid=pid:ts0=common_timestamp.usecs if comm=="cyclictest"'
sw_trig='hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_latency($wakeup_lat,$saved_pid,next_prio) if next_comm=="cyclictest"'
wl_trig='hist:keys=pid,prio,lat:sort=pid,lat'
cleanup() {
	{
		[ ! -e "$WL/enable" ] || echo 0 >"$WL/enable"
		[ ! -e "$WL/trigger" ] || echo "!$wl_trig" >>"$WL/trigger"
		echo "!$sw_trig" >>"$SW/trigger"
		echo "!$wk_trig" >>"$WK/trigger"
		echo '!wakeup_latency' >>"$S"
	} 2>/dev/null
	reset_tracing
}
trap cleanup EXIT
reset_tracing

# the document's lines
echo 'wakeup_latency u64 lat; pid_t pid; int prio' >>"$S" ||
	fail "could not define wakeup_latency"
echo "$wk_trig" >>"$WK/trigger" || fail "sched_waking's trigger was refused"
echo "$sw_trig" >>"$SW/trigger" || fail "sched_switch's trigger was refused"
echo "$wl_trig" >>"$WL/trigger" || fail "wakeup_latency's trigger was refused"

# how each reads back
want_line() { # FILE LINE
	[ "$(grep -v '^#' "$1")" = "$2" ] ||
		fail "${1#"$T"/} reads '$(cat "$1")', not '$2'"
}
want_line "$WK/trigger" 'hist:keys=pid:vals=hitcount:saved_pid=pid,ts0=common_timestamp.usecs:sort=hitcount:size=2048:clock=global if comm=="cyclictest" [active]'
want_line "$SW/trigger" 'hist:keys=next_pid:vals=hitcount:wakeup_lat=common_timestamp.usecs-$ts0:sort=hitcount:size=2048:clock=global:onmatch(sched.sched_waking).wakeup_latency($wakeup_lat,$saved_pid,next_prio) if next_comm=="cyclictest" [active]'
want_line "$WL/trigger" 'hist:keys=pid,prio,lat:vals=hitcount:sort=pid,lat:size=2048 [active]'

echo 1 >"$WL/enable" || fail "could not enable wakeup_latency"
pid=$(python3 -c '
import ctypes, os, sys, time
ctypes.CDLL(None).prctl(15, b"cyclictest", 0, 0, 0)
print(os.getpid()); sys.stdout.flush()
for i in range(int(sys.argv[1])):
	time.sleep(0.01)
' "$wakeups") || fail "the cyclictest stand-in failed"
echo 0 >"$WL/enable"

# hist_check FILE KEYRE: every entry matches KEYRE; prints the Hits
# (braces in brackets: busybox awk takes "\{" for an interval)
hist_check() {
	awk -v re="$2" -v f="${1#"$T"/}" '
		/^[{]/ {
			if ($0 !~ re) { print "FAIL: " f ": " $0; bad = 1 }
			n++; sum += $NF
		}
		/^    Hits:/ { hits = $2 }
		/^    Entries:/ { entries = $2 }
		END {
			if (!bad && (n != entries || sum != hits || n == 0))
				{ print "FAIL: " f ": " n " entries, " sum " hits, Totals " entries " " hits; bad = 1 }
			if (!bad) print hits
		}' "$1"
}
h=$(hist_check "$WK/hist" "^[{] pid: +$pid [}] hitcount: +[0-9]+$")
case $h in ''|FAIL*) fail "sched_waking's hist: $h: $(cat "$WK/hist")" ;; esac
[ "$h" -ge "$wakeups" ] || fail "sched_waking's hist counts $h wakeups of $wakeups sleeps"
h=$(hist_check "$SW/hist" "^[{] next_pid: +$pid [}] hitcount: +[0-9]+$")
case $h in ''|FAIL*) fail "sched_switch's hist: $h: $(cat "$SW/hist")" ;; esac
[ "$h" -ge "$((wakeups / 2))" ] ||
	fail "sched_switch's hist matched $h of $wakeups wakeups: $(cat "$SW/hist")"
lat=$(hist_check "$WL/hist" "^[{] pid: +$pid, prio: +120, lat: +[0-9]+ [}] hitcount: +[0-9]+$")
case $lat in ''|FAIL*) fail "wakeup_latency's hist: $lat: $(cat "$WL/hist")" ;; esac
# one synthetic event a match
[ "$lat" = "$h" ] || fail "wakeup_latency counted $lat, sched_switch's matches $h"
n=$(grep -c "wakeup_latency: lat=[0-9]* pid=$pid prio=120\$" "$T/trace")
[ "$n" = "$lat" ] || fail "$n wakeup_latency records in trace, $lat in its hist"
# latencies in microseconds: under a second each, and sorted by lat
awk '/^[{]/ { l = $6; sub(/ *[}].*/, "", l)
	if (l + 0 > 1000000) { print "FAIL: " $0; exit 1 }
	if (l + 0 < prev) { print "FAIL: not sorted: " $0; exit 1 }
	prev = l + 0 }' "$WL/hist" || fail "wakeup_latency's hist: $(cat "$WL/hist")"

# what holds what
expect_err "$WK/trigger" "!$wk_trig" "Device or resource busy"
expect_err "$S" '!wakeup_latency' "Device or resource busy"
echo "!$wl_trig" >>"$WL/trigger" || fail "could not remove wakeup_latency's trigger"
echo "!$sw_trig" >>"$SW/trigger" || fail "could not remove sched_switch's trigger"
echo "!$wk_trig" >>"$WK/trigger" || fail "could not remove sched_waking's trigger"
echo '!wakeup_latency' >>"$S" || fail "could not remove wakeup_latency"
for f in "$WK/trigger" "$SW/trigger"; do
	head -1 "$f" | grep -q '^# Available triggers:' ||
		fail "${f#"$T"/} still has: $(cat "$f")"
done
[ ! -e "$WL" ] || fail "events/synthetic/wakeup_latency is still there"
echo "wakeup latencies: $lat of $wakeups sleeps matched, one synthetic event each"
