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
# Then the document's onmax($wakeup_lat).save(...) example, also
# verbatim: every entry of sched_switch's histogram shows its largest
# latency and the fields saved with it, as upstream's lines; and the
# errors of onmax()/onchange()/save() with error_log's texts and carets.
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

# cyclictest: a process of that name sleeps 10 ms WAKEUPS times; its pid
cyclictest() {
	python3 -c '
import ctypes, os, sys, time
ctypes.CDLL(None).prctl(15, b"cyclictest", 0, 0, 0)
print(os.getpid()); sys.stdout.flush()
for i in range(int(sys.argv[1])):
	time.sleep(0.01)
' "$wakeups"
}

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
pid=$(cyclictest) || fail "the cyclictest stand-in failed"
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

# ---- onmax().save() ----
wk_trig='hist:keys=pid:ts0=common_timestamp.usecs if comm=="cyclictest"'
sw_trig='hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmax($wakeup_lat).save(next_comm,prev_pid,prev_prio,prev_comm) if next_comm=="cyclictest"'
echo "$wk_trig" >>"$WK/trigger" || fail "sched_waking's onmax-example trigger was refused"
echo "$sw_trig" >>"$SW/trigger" || fail "sched_switch's onmax() trigger was refused"
want_line "$SW/trigger" 'hist:keys=next_pid:vals=hitcount:wakeup_lat=common_timestamp.usecs-$ts0:sort=hitcount:size=2048:clock=global:onmax($wakeup_lat).save(next_comm,prev_pid,prev_prio,prev_comm) if next_comm=="cyclictest" [active]'
pid=$(cyclictest) || fail "the cyclictest stand-in failed"
# each entry: its line, then a tab and max with the saved fields, each
# as wide as upstream's (a comm in 32 columns, a number in 10): 151
awk -v pid="$pid" '
	/^[{]/ {
		if ($0 !~ "^[{] next_pid: +" pid " [}] hitcount: +[0-9]+$")
			{ print "FAIL: " $0; exit 1 }
		n++; getline
		if ($0 !~ /^\tmax: +[0-9]+  next_comm: cyclictest +prev_pid: +[0-9]+  prev_prio: +[0-9]+  prev_comm: [^ ]+ +$/)
			{ print "FAIL: " $0; exit 1 }
		if (length($0) != 151)
			{ print "FAIL: width " length($0) ": " $0; exit 1 }
	}
	END { if (n != 1) { print "FAIL: " n " entries"; exit 1 } }' "$SW/hist" ||
	fail "sched_switch's onmax() hist: $(cat "$SW/hist")"
echo "!$sw_trig" >>"$SW/trigger" || fail "could not remove the onmax() trigger"
echo "!$wk_trig" >>"$WK/trigger" || fail "could not remove the onmax-example trigger"

# ---- errors ----
# (carets as upstream's: at the first place the word is in the command,
# so onmax(x)'s is under next_pid's x)
: >"$T/error_log"
sw=hist:sched:sched_switch
errs="hist:keys=next_pid:onmax(x).save(prev_pid)|$sw|For onmax(x) or onchange(x), x must be a variable|12|Invalid argument
hist:keys=next_pid:onmax(\$nope).save(prev_pid)|$sw|Couldn't find onmax or onchange variable|26|Invalid argument
hist:keys=next_pid:x=next_prio:onmax(\$x).save|$sw|No action found|0|Invalid argument
hist:keys=next_pid:x=next_prio:onmax(\$x).save(prev_pid):onchange(\$x).save(prev_pid)|$sw|Can't have more than one save() action per hist|0|File exists
hist:keys=next_pid:x=next_prio:onmatch(sched.sched_waking).save(prev_pid)|$sw|Handler doesn't support action|59|Invalid argument"
# (a here-document, not a pipe: fail must end the test, not a subshell)
while IFS='|' read -r cmd loc msg pos errno; do
	: >"$T/error_log"
	got=$(write_err "$SW/trigger" "$cmd")
	[ "$got" = "$errno" ] || fail "'$cmd': got '$got', want '$errno'"
	want=$(printf '%s: error: %s\n  Command: %s\n%*s^' "$loc" "$msg" "$cmd" $((11 + pos)) '')
	got=$(sed 's/^\[ *[0-9.]*\] //' "$T/error_log")
	[ "$got" = "$want" ] || fail "error_log after '$cmd': '$got', want '$want'"
done <<EOF
$errs
EOF
# a save() of no such field: three entries, as upstream's
: >"$T/error_log"
cmd='hist:keys=next_pid:x=next_prio:onmax($x).save(bogus)'
expect_err "$SW/trigger" "$cmd" "Invalid argument"
got=$(sed -n 's/^\[ *[0-9.]*\] [^ ]* error: //p' "$T/error_log" | tr '\n' '|')
[ "$got" = "Couldn't find field|Couldn't parse field variable|Couldn't create field variable|" ] ||
	fail "error_log after '$cmd': $(cat "$T/error_log")"
: >"$T/error_log"
head -1 "$SW/trigger" | grep -q '^# Available triggers:' ||
	fail "sched_switch/trigger still has: $(cat "$SW/trigger")"
echo "onmax().save() and its errors as upstream's"
