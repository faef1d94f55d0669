#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command of harness/bench-hist.sh (POSIX sh): what hist triggers
# cost per sched event. harness/guest/wake-pingpong.c ("fair": nice 5 and
# nice 0) hands a byte back and forth between two processes on CPU 0,
# BENCH_N round trips, each two wakeups (sched_waking) and two switches
# (sched_switch). Prints "bench-hist: MODE VALUE" lines, BENCH_REPS of
# each:
#   off         ns per wakeup, no event enabled, no trigger
#   event       ns per wakeup more than off: sched_switch enabled,
#               recording into the buffer
#   hist        ns per wakeup more than event (the event loop of the same
#               round): sched_switch enabled and a hist trigger keyed on
#               next_pid on it
#   wakeup-lat  ns per wakeup more than off: the wakeup latency of every
#               wakeup into a synthetic event and its histogram (a
#               timestamp saved per pid at sched_waking, matched at
#               sched_switch), no event enabled
# Each traced mode checks what it counted before it is taken down (the
# records written; a histogram's "Hits:" above BENCH_N and the workload's
# pid among its entries), so that a trigger that counted nothing cannot
# look cheap, then that it is gone. A mode's figure is its loop minus the
# baseline's loop taken just before it in the same round.
# bench-hist.sh puts BENCH_N and BENCH_REPS above this, then
# harness/guest/bench-lib.sh (T, WP, written).
: "${BENCH_N:=5000}" "${BENCH_REPS:=3}"
P=bench-hist
SW=$T/events/sched/sched_switch
WK=$T/events/sched/sched_waking
SY=$T/events/synthetic/wakeup_latency
# The wakeup-latency example's four definitions (the synthetic event and
# its three triggers); written as they are, the '$' not for the shell.
# shellcheck disable=SC2016
{
	LAT_EVENT='wakeup_latency u64 lat; pid_t pid; int prio'
	LAT_WAKING='hist:keys=pid:ts0=common_timestamp.usecs'
	LAT_SWITCH='hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).wakeup_latency($wakeup_lat,next_pid,next_prio)'
	LAT_HIST='hist:keys=pid,prio,lat:sort=pid,lat'
}
HIST='hist:keys=next_pid'
OUTF=/tmp/bench-hist.out

fail() {
	echo "$P: FAIL: $*"
	[ -r "$T/error_log" ] && sed "s/^/$P: error_log: /" "$T/error_log" | tail -n 10
	exit 1
}

[ -x "$WP" ] || fail "no workload binary $WP"
[ -e "$T/trace" ] || fail "no tracefs at $T"
[ -e "$T/synthetic_events" ] || fail "no synthetic_events (CONFIG_SYNTH_EVENTS)"
grep -q hist "$SW/trigger" || fail "no hist trigger (CONFIG_HIST_TRIGGERS): $(cat "$SW/trigger")"

# loop: one loop of BENCH_N round trips; sets v (ns per wakeup) and wp
# (the pid of the workload's parent, the one whose loop is timed)
loop() {
	"$WP" "$BENCH_N" fair >"$OUTF" &
	wp=$!
	wait "$wp" || fail "the workload failed"
	v=$(cat "$OUTF")
	[ -n "$v" ] || fail "the workload printed nothing"
}
# minus A B: A - B, one decimal
minus() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a - b }'
}
# hits FILE: the histogram's total of hits ("Hits:" under "Totals:")
hits() {
	awk '$1 == "Hits:" { n = $2 } END { print n + 0 }' "$1"
}
# pid_hits FILE KEY PID: the hitcount of the entry whose KEY field is PID
# ("{ KEY: PID ... } hitcount: N"), summed over entries (more keys), 0
# for none
pid_hits() {
	awk -v k="$2:" -v p="$3" '
	$1 == "{" {
		for (i = 2; i < NF; i++)
			if ($i == k) {
				x = $(i + 1)
				sub(/,$/, "", x)
				if (x == p)
					for (j = i; j < NF; j++)
						if ($j == "hitcount:")
							n += $(j + 1)
			}
	}
	END { print n + 0 }' "$1"
}
# no_hist FILE: FILE, a trigger file, lists no hist trigger
no_hist() {
	! grep -q '^hist:' "$1"
}
# add LINE FILE: append LINE to FILE (a trigger or synthetic_events)
add() {
	echo "$1" >>"$2" || fail "cannot write '$1' to $2"
}

# event BASE: one loop with sched_switch enabled, printed minus BASE; sets
# ev, the loop's own figure
event() {
	: >"$T/trace"
	echo 1 >"$SW/enable" || fail "cannot enable sched_switch"
	loop
	echo 0 >"$SW/enable"
	w=$(written)
	[ "$w" -gt "$BENCH_N" ] || fail "event: $w records written for $BENCH_N round trips"
	ev=$v
	echo "$P: event $(minus "$v" "$1")"
}

# hist BASE: one loop with sched_switch enabled and the hist trigger on
# it, printed minus BASE (the event loop just before)
hist() {
	: >"$T/trace"
	echo 1 >"$SW/enable" || fail "cannot enable sched_switch"
	add "$HIST" "$SW/trigger"
	loop
	h=$(hits "$SW/hist")
	ph=$(pid_hits "$SW/hist" next_pid "$wp")
	if [ "$h" -le "$BENCH_N" ] || [ "$ph" -lt "$BENCH_N" ]; then
		head -n 40 "$SW/hist" | sed "s/^/$P: hist: /"
		fail "hist: Hits $h, the workload (pid $wp) $ph, for $BENCH_N round trips"
	fi
	echo "$P: checked hist: Hits $h, the workload (pid $wp) $ph"
	add "!$HIST" "$SW/trigger"
	echo 0 >"$SW/enable"
	no_hist "$SW/trigger" || fail "hist: the trigger is still there: $(cat "$SW/trigger")"
	echo "$P: hist $(minus "$v" "$1")"
}

# wakeup_lat BASE: one loop with the wakeup-latency histogram set up, no
# event enabled, printed minus BASE
wakeup_lat() {
	add "$LAT_EVENT" "$T/synthetic_events"
	add "$LAT_WAKING" "$WK/trigger"
	add "$LAT_SWITCH" "$SW/trigger"
	add "$LAT_HIST" "$SY/trigger"
	loop
	h=$(hits "$SY/hist")
	ph=$(pid_hits "$SY/hist" pid "$wp")
	if [ "$h" -le "$BENCH_N" ] || [ "$ph" -lt 1 ]; then
		head -n 40 "$SY/hist" | sed "s/^/$P: wakeup-lat: /"
		fail "wakeup-lat: Hits $h, the workload (pid $wp) $ph, for $BENCH_N round trips"
	fi
	echo "$P: checked wakeup-lat: Hits $h, the workload (pid $wp) $ph"
	add "!$LAT_HIST" "$SY/trigger"
	add "!$LAT_SWITCH" "$SW/trigger"
	add "!$LAT_WAKING" "$WK/trigger"
	add "!wakeup_latency" "$T/synthetic_events"
	for f in "$SW/trigger" "$WK/trigger"; do
		no_hist "$f" || fail "wakeup-lat: a trigger is still there: $(cat "$f")"
	done
	if grep -q wakeup_latency "$T/synthetic_events" || [ -e "$SY" ]; then
		fail "wakeup-lat: the synthetic event is still there"
	fi
	echo "$P: wakeup-lat $(minus "$v" "$1")"
}

# The shell, and so the workload, on CPU 0 from the start (as in
# bench-wakeup-guest.sh: the workload's own move there would wake a
# migration thread).
command -v taskset >/dev/null && taskset -p 1 $$ >/dev/null
echo nop >"$T/current_tracer"
echo 0 >"$T/events/enable"
loop	# warm up
for _ in $(seq "$BENCH_REPS"); do
	loop
	off=$v
	echo "$P: off $off"
	event "$off"
	hist "$ev"
	wakeup_lat "$off"
done
rm -f "$OUTF"
echo "$P: done"
