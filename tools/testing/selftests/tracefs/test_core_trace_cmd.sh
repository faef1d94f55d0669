#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace-cmd against the core alone (no events needed): `trace-cmd show`
# prints `trace`; `trace-cmd record -p nop` of trace_marker writes, then
# `trace-cmd report`, shows each marker once, in order, with its writer's
# comm and a time stamp inside the time of the recording; `trace-cmd
# extract` takes what the buffer holds.
. "$TESTDIR/lib.sh"

command -v trace-cmd >/dev/null || fail "no trace-cmd in the guest"
d=/tmp/core-trace-cmd.$$
mkdir -p $d
clock0=$(sed 's/.*\[\(.*\)\].*/\1/' "$T/trace_clock")
trap 'rm -rf $d; echo "$clock0" >"$T/trace_clock"; reset_tracing' EXIT
reset_tracing
up() { cut -d' ' -f1 /proc/uptime; }

# show
echo "show-marker-$$" >"$T/trace_marker"
trace-cmd show >$d/show 2>&1 || fail "trace-cmd show: $(tail -n 2 $d/show)"
grep -q '^# tracer: nop' $d/show || fail "trace-cmd show: no header"
grep -q "tracing_mark_write: show-marker-$$\$" $d/show ||
	fail "trace-cmd show: no marker"

# record and report. The clock is local (sched_clock, seconds since
# boot), so the stamps must fall within the uptime around the run.
echo local >"$T/trace_clock"
t0=$(up)
(cd $d && trace-cmd record -p nop -o $d/rec.dat sh -c \
	"for i in 1 2 3; do echo rec-marker-$$-\$i >$T/trace_marker; done") \
	>$d/rec.log 2>&1 || fail "trace-cmd record: $(tail -n 3 $d/rec.log)"
t1=$(up)
trace-cmd report -i $d/rec.dat >$d/report 2>&1 ||
	fail "trace-cmd report: $(tail -n 3 $d/report)"
grep -q 'FAILED TO PARSE' $d/report && fail "report: $(grep -m1 'FAILED TO PARSE' $d/report)"
[ "$(grep -c "tracing_mark_write: rec-marker-$$-" $d/report)" = 3 ] ||
	fail "report has $(grep -c "rec-marker-$$-" $d/report) of 3 markers: $(tail -n 5 $d/report)"
grep "rec-marker-$$-" $d/report | awk -v t0="$t0" -v t1="$t1" -v f="$flavor" '
	{
		comm = $1; sub(/-[0-9]+$/, "", comm)
		# upstream names a marker writer only if an event saved it
		if (comm != "sh" && !(f != "ours" && comm == "<...>")) {
			print "comm " comm ": " $0; bad = 1
		}
		for (i = 1; i <= NF; i++)
			if ($i ~ /^[0-9]+\.[0-9]+:$/) { ts = $i + 0; break }
		if (ts < t0 - 1 || ts > t1 + 1) {
			print "time " ts " outside " t0 ".." t1 ": " $0; bad = 1
		}
		if (ts < last) { print "time went back: " $0; bad = 1 }
		last = ts
		n = split($NF, w, "-")
		if (w[n] != NR) { print "order: " $0; bad = 1 }
	}
	END { exit bad }' >$d/bad || fail "report: $(cat $d/bad)"

# extract: what is in the buffer now
reset_tracing
echo "extract-marker-$$" >"$T/trace_marker"
(cd $d && trace-cmd extract -o $d/ext.dat) >$d/ext.log 2>&1 ||
	fail "trace-cmd extract: $(tail -n 3 $d/ext.log)"
trace-cmd report -i $d/ext.dat >$d/ext.report 2>&1 ||
	fail "report of extract: $(tail -n 3 $d/ext.report)"
grep -q "tracing_mark_write: extract-marker-$$\$" $d/ext.report ||
	fail "extract lost the marker: $(tail -n 3 $d/ext.report)"
echo "trace-cmd: show, record/report (3 markers), extract"
