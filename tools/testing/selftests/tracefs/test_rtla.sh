#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rtla, the real-time analysis tool of 6.1 (Debian's rtla package), on
# the osnoise and timerlat tracers: "timerlat top" and "timerlat hist"
# summaries with a row per CPU whose numbers hold together, "timerlat
# top -a" stopping at its threshold and saving the trace with the
# stack, and "osnoise top". rtla runs them in an instance of its own,
# which it removes, and puts the osnoise/ settings back: the test checks
# that too. ("rtla osnoise hist" needs histogram triggers: not here.)
. "$TESTDIR/lib.sh"

command -v rtla >/dev/null || fail "no rtla in the guest"
O=$T/osnoise
out=/tmp/rtla.$$
cleanup() {
	reset_tracing
	rm -rf "$out"
}
trap cleanup EXIT
dmesg0=$(dmesg | wc -l)
reset_tracing
mkdir -p "$out"
ncpu=$(nproc)
settings() {
	for f in cpus period_us runtime_us stop_tracing_us stop_tracing_total_us \
		timerlat_period_us print_stack; do
		printf '%s=%s ' "$f" "$(cat "$O/$f")"
	done
	printf 'tracing_thresh=%s instances=%s' "$(cat "$T/tracing_thresh")" \
		"$(ls "$T/instances" | tr '\n' ,)"
}
before=$(settings)
# left_clean WHAT: rtla left no thread, instance or setting behind
left_clean() {
	[ "$(settings)" = "$before" ] ||
		fail "$1: settings '$(settings)', before '$before'"
	cat /proc/[0-9]*/comm 2>/dev/null | grep -qE '^(timerlat|osnoise)/' &&
		fail "$1: threads left: $(cat /proc/[0-9]*/comm | grep -E '^(timerlat|osnoise)/' | tr '\n' ' ')"
	[ "$(cat "$T/current_tracer")" = nop ] || fail "$1: current_tracer $(cat "$T/current_tracer")"
}

# timerlat top: "CPU #COUNT | irq cur min avg max | thread cur min avg max"
rtla timerlat top -q -d 3 >"$out/top" 2>"$out/top.err" ||
	fail "rtla timerlat top: exit $?: $(tail -n 3 "$out/top.err")"
grep -q 'Timer Latency' "$out/top" || fail "timerlat top: no title: $(head -n 3 "$out/top")"
grep -q 'CPU COUNT      |      cur       min       avg       max |      cur       min       avg       max' "$out/top" ||
	fail "timerlat top: no column header: $(head -n 4 "$out/top")"
grep -E '^ *[0-9]+ #[0-9]+ +\|( +[0-9]+){4} \|( +[0-9]+){4}$' "$out/top" | tr -d '#|' |
	awk -v ncpu="$ncpu" '
	{
		# cpu count icur imin iavg imax tcur tmin tavg tmax
		rows++
		if ($2 < 100) { print "cpu " $1 ": " $2 " activations in 3 s"; bad = 1 }
		if (!($4 <= $5 && $5 <= $6)) { print "cpu " $1 ": irq min/avg/max " $4 "/" $5 "/" $6; bad = 1 }
		if (!($8 <= $9 && $9 <= $10)) { print "cpu " $1 ": thread min/avg/max " $8 "/" $9 "/" $10; bad = 1 }
		if ($8 < $4 || $10 < $6) { print "cpu " $1 ": thread " $8 "-" $10 " before irq " $4 "-" $6; bad = 1 }
	}
	END { if (rows != ncpu) { print rows + 0 " rows for " ncpu " CPUs"; bad = 1 } exit bad }' \
	>"$out/check" || fail "timerlat top: $(head -n 3 "$out/check"): $(cat "$out/top")"
left_clean "timerlat top"
echo "timerlat top: $(grep -E '^ *[0-9]+ #' "$out/top" | tr -s ' ' | tr '\n' ';')"

# timerlat hist: the count/min/max rows have an irq and a thread column
# per CPU
rtla timerlat hist -d 2 >"$out/hist" 2>"$out/hist.err" ||
	fail "rtla timerlat hist: exit $?: $(tail -n 3 "$out/hist.err")"
hdr=$(for c in $(seq 0 $((ncpu - 1))); do printf '   IRQ-%03d   Thr-%03d' "$c" "$c"; done)
grep -qxF "Index$hdr" "$out/hist" || fail "timerlat hist: no 'Index$hdr' header: $(head -n 4 "$out/hist")"
for row in count min max; do
	line=$(grep "^$row:" "$out/hist") || fail "timerlat hist: no $row: row"
	set -- ${line#*:}
	[ $# = $((2 * ncpu)) ] || fail "timerlat hist: $row: $# columns: $line"
done
set -- $(grep '^count:' "$out/hist" | sed 's/^count://')
for n; do
	[ "$n" -ge 100 ] || fail "timerlat hist: a count of $n in 2 s: $(grep '^count:' "$out/hist")"
done
left_clean "timerlat hist"

# timerlat top -a 1: stops at the first latency over 1 us and saves the
# trace, with the stack of the interrupted code
(cd "$out" && rtla timerlat top -q -a 1 -d 20 >"$out/auto" 2>"$out/auto.err") ||
	fail "rtla timerlat top -a: exit $?: $(tail -n 3 "$out/auto.err")"
grep -q 'rtla timerlat hit stop tracing' "$out/auto" ||
	fail "timerlat top -a 1 did not stop: $(tail -n 3 "$out/auto")"
[ -s "$out/timerlat_trace.txt" ] || fail "timerlat top -a: no timerlat_trace.txt: $(cat "$out/auto")"
grep -qE '#[0-9]+ +context +(irq|thread) timer_latency +[0-9]+ ns$' "$out/timerlat_trace.txt" ||
	fail "timerlat top -a: no records in the saved trace: $(tail -n 5 "$out/timerlat_trace.txt")"
grep -q '<stack trace>' "$out/timerlat_trace.txt" ||
	fail "timerlat top -a: no stack in the saved trace: $(tail -n 5 "$out/timerlat_trace.txt")"
left_clean "timerlat top -a"

# osnoise top, with 0.1 s periods of 50 ms: "CPU #PERIODS RUNTIME NOISE
# %AVAIL MAXNOISE MAXSINGLE HW NMI IRQ SIRQ THREAD"
rtla osnoise top -q -d 3 -p 100000 -r 50000 >"$out/osn" 2>"$out/osn.err" ||
	fail "rtla osnoise top: exit $?: $(tail -n 3 "$out/osn.err")"
grep -q 'Operating System Noise' "$out/osn" || fail "osnoise top: no title"
grep -E '^ *[0-9]+ #[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+\.[0-9]+( +[0-9]+){7}$' "$out/osn" | tr -d '#' |
	awk -v ncpu="$ncpu" '
	{
		rows++
		if ($2 < 5) { print "cpu " $1 ": " $2 " periods in 3 s"; bad = 1 }
		if ($3 < $2 * 45000) { print "cpu " $1 ": runtime " $3 " for " $2 " periods"; bad = 1 }
		if ($4 > $3) { print "cpu " $1 ": noise " $4 " > runtime " $3; bad = 1 }
		if ($7 > $6) { print "cpu " $1 ": max single " $7 " > max noise " $6; bad = 1 }
	}
	END { if (rows != ncpu) { print rows + 0 " rows for " ncpu " CPUs"; bad = 1 } exit bad }' \
	>"$out/check" || fail "osnoise top: $(head -n 3 "$out/check"): $(cat "$out/osn")"
left_clean "osnoise top"
echo "osnoise top: $(grep -E '^ *[0-9]+ #' "$out/osn" | tr -s ' ' | tr '\n' ';')"

reports=$(kernel_reports "$dmesg0")
[ -z "$reports" ] || fail "kernel reports: $reports"
echo ok
