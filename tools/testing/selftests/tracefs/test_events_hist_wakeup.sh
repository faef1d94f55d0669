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
# Then the document's onmax($wakeup_lat).snapshot() example. Then field
# variables: onmatch() parameters that are sched_waking's
# fields, kept for sched_switch by histograms made on sched_waking,
# which go with the trigger that made them.
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
		: >"$SW/trigger"
		: >"$WK/trigger"
		echo '!wakeup_fv' >>"$S"
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

# ---- field variables ----
# A parameter that is a field of the onmatch() event, plain (prio: not
# a field of sched_switch) or qualified (sched.sched_waking.pid): a
# histogram keeping it as synthetic_FIELD is made on sched_waking with
# the keys and filter of the one there, and goes with ours, by "!" or
# by O_TRUNC of sched_switch's trigger file.
echo 'wakeup_fv u64 lat; pid_t pid; int prio; pid_t wpid' >>"$S" ||
	fail "could not define wakeup_fv"
sw_trig='hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_fv($wakeup_lat,next_pid,prio,sched.sched_waking.pid) if next_comm=="cyclictest"'
fv_prio='hist:keys=pid:vals=hitcount:synthetic_prio=prio:sort=hitcount:size=2048 if comm=="cyclictest" [active]'
fv_pid='hist:keys=pid:vals=hitcount:synthetic_pid=pid:sort=hitcount:size=2048 if comm=="cyclictest" [active]'
wk_line='hist:keys=pid:vals=hitcount:ts0=common_timestamp.usecs:sort=hitcount:size=2048:clock=global if comm=="cyclictest" [active]'
echo "$wk_trig" >>"$WK/trigger" || fail "sched_waking's field-variable trigger was refused"
echo "$sw_trig" >>"$SW/trigger" || fail "a trigger with field variables was refused"
want_line "$WK/trigger" "$wk_line
$fv_prio
$fv_pid"
grep -qxF "# trigger info: $fv_prio" "$WK/hist" ||
	fail "sched_waking's hist has no synthetic_prio: $(cat "$WK/hist")"
# what the variable holds is busy while ours reads it
expect_err "$WK/trigger" '!hist:keys=pid:synthetic_prio=prio if comm=="cyclictest"' "Device or resource busy"
echo 1 >"$T/events/synthetic/wakeup_fv/enable" || fail "could not enable wakeup_fv"
pid=$(cyclictest) || fail "the cyclictest stand-in failed"
echo 0 >"$T/events/synthetic/wakeup_fv/enable"
n=$(grep -c "wakeup_fv: lat=[0-9]* pid=$pid prio=120 wpid=$pid\$" "$T/trace")
all=$(grep -c "wakeup_fv:" "$T/trace")
[ "$n" -ge "$((wakeups / 2))" ] && [ "$n" = "$all" ] ||
	fail "$n of $all wakeup_fv records with pid $pid, prio 120, wpid $pid, for $wakeups sleeps: $(grep wakeup_fv: "$T/trace" | head -5)"
echo "!$sw_trig" >>"$SW/trigger" || fail "could not remove the field-variable trigger"
want_line "$WK/trigger" "$wk_line"
echo "$sw_trig" >>"$SW/trigger" || fail "the field-variable trigger was refused again"
want_line "$WK/trigger" "$wk_line
$fv_prio
$fv_pid"
: >"$SW/trigger"
want_line "$WK/trigger" "$wk_line"
# Two makers of the same field variable share its histogram, and the
# last to go removes it (ours only: upstream warns and leaves it when the
# first maker goes)
if [ "$flavor" = ours ]; then
	sw_trig2='hist:keys=next_pid:lat2=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_fv($lat2,next_pid,prio,sched.sched_waking.pid) if next_comm=="cyclictest"'
	echo "$sw_trig" >>"$SW/trigger" || fail "the field-variable trigger was refused a third time"
	echo "$sw_trig2" >>"$SW/trigger" || fail "a second maker of the field variables was refused"
	want_line "$WK/trigger" "$wk_line
$fv_prio
$fv_pid"
	echo "!$sw_trig" >>"$SW/trigger" || fail "could not remove the first maker"
	want_line "$WK/trigger" "$wk_line
$fv_prio
$fv_pid"
	echo "!$sw_trig2" >>"$SW/trigger" || fail "could not remove the second maker"
	want_line "$WK/trigger" "$wk_line"
	# A named histogram made in an instance, with field variables
	# there, joined from the top level: the instance goes first, then
	# the joiner (what the maker held in the instance went with it).
	I=$T/instances/hist_fv_$$
	mkdir "$I" || fail "could not make an instance"
	nm_trig='hist:name=fv_named:keys=next_pid:lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_fv($lat,next_pid,prio,sched.sched_waking.pid)'
	echo 'hist:keys=pid:ts0=common_timestamp.usecs' >>"$I/events/sched/sched_waking/trigger" ||
		fail "the instance's sched_waking trigger was refused"
	echo "$nm_trig" >>"$I/events/sched/sched_switch/trigger" ||
		fail "the instance's named field-variable trigger was refused"
	[ "$(grep -c synthetic_ "$I/events/sched/sched_waking/trigger")" = 2 ] ||
		fail "the instance's sched_waking: $(cat "$I/events/sched/sched_waking/trigger")"
	echo "$nm_trig" >>"$SW/trigger" || fail "joining the instance's named histogram was refused"
	pid=$(cyclictest) || fail "the cyclictest stand-in failed"
	rmdir "$I" || fail "could not remove the instance"
	echo "!$nm_trig" >>"$SW/trigger" || fail "could not remove the joiner"
	want_line "$WK/trigger" "$wk_line"
fi
# a field of neither event: refused, and the histogram made for the
# parameter before it is gone with the trigger that failed
: >"$T/error_log"
expect_err "$SW/trigger" 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_fv($wakeup_lat,pid,bogus,pid)' "Invalid argument"
tail -3 "$T/error_log" | grep -q "error: Couldn't create histogram for field\$" ||
	fail "error_log after a bogus field variable: $(cat "$T/error_log")"
want_line "$WK/trigger" "$wk_line"
echo "!$wk_trig" >>"$WK/trigger" || fail "could not remove sched_waking's field-variable trigger"
echo '!wakeup_fv' >>"$S" || fail "could not remove wakeup_fv"
echo "field variables: $n records with sched_waking's prio and pid"

# ---- onmax().snapshot() ----
# The document's example (2.2.3), verbatim: at each new largest latency
# over all entries the buffer is snapshot; the hist file says which
# value and key took it, and the snapshot holds the sched_switch record
# that did. Meanwhile the spare buffer is the action's: writes of the
# snapshot file, and a second snapshot action, are EBUSY. Without
# CONFIG_TRACER_SNAPSHOT the action is ENODEV, as upstream's.
sw_trig='hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmax($wakeup_lat).save(next_prio,next_comm,prev_pid,prev_prio,prev_comm):onmax($wakeup_lat).snapshot() if next_comm=="cyclictest"'
echo "$wk_trig" >>"$WK/trigger" || fail "sched_waking's snapshot-example trigger was refused"
if [ ! -e "$T/snapshot" ]; then
	expect_err "$SW/trigger" "$sw_trig" "No such device"
	echo "!$wk_trig" >>"$WK/trigger"
	echo "snapshot(): ENODEV without CONFIG_TRACER_SNAPSHOT"
else
	echo "$sw_trig" >>"$SW/trigger" || fail "the onmax().snapshot() trigger was refused"
	want_line "$SW/trigger" 'hist:keys=next_pid:vals=hitcount:wakeup_lat=common_timestamp.usecs-$ts0:sort=hitcount:size=2048:clock=global:onmax($wakeup_lat).save(next_prio,next_comm,prev_pid,prev_prio,prev_comm):onmax($wakeup_lat).snapshot() if next_comm=="cyclictest" [active]'
	expect_err "$T/snapshot" 1 "Device or resource busy"
	expect_err "$WK/trigger" 'hist:keys=pid:x=prio:onchange($x).snapshot()' "Device or resource busy"
	echo 1 >"$SW/enable"
	pid=$(cyclictest) || fail "the cyclictest stand-in failed"
	echo 0 >"$SW/enable"
	# the one entry's max is the largest over all: the snapshot's
	awk -v pid="$pid" '
		/^[{]/ { n++; getline; split($0, w, " "); max = w[2]; nmax++; next }
		/^\tmax:/ { nmax++ }
		/^Snapshot taken \(see tracing\/snapshot\)\.  Details:$/ { getline; snap = $0; ns++ }
		END {
			want = "\ttriggering value { onmax($wakeup_lat) }: " sprintf("%10d", max) \
				"\ttriggered by event with key: { next_pid: " sprintf("%10d", pid) " }"
			if (n != 1 || nmax != 1 || ns != 1 || snap != want)
				{ print "FAIL: " n " entries, " nmax " max lines, " ns " snapshot notes: " snap; exit 1 }
		}' "$SW/hist" || fail "sched_switch's onmax().snapshot() hist: $(cat "$SW/hist")"
	grep -q "sched_switch: .* next_comm=cyclictest next_pid=$pid " "$T/snapshot" ||
		fail "the snapshot has no switch to $pid: $(grep -v '^#' "$T/snapshot" | tail -5)"
	echo "!$sw_trig" >>"$SW/trigger" || fail "could not remove the onmax().snapshot() trigger"
	echo "!$wk_trig" >>"$WK/trigger" || fail "could not remove the snapshot-example trigger"
	# the spare buffer is free again
	echo 1 >"$T/snapshot" || fail "a snapshot after the action went was refused"
	echo 0 >"$T/snapshot"
	echo "onmax().snapshot(): a snapshot at the largest latency, as upstream's"
fi

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
