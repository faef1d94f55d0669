#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The function_graph tracer, as in upstream 6.1, on every function: its
# trace has upstream's header ("# tracer: function_graph", the CPU and
# DURATION columns), and records of the three kinds, "f() {" with no
# duration, "f();" and "}" with one, nested by two spaces a level: on
# each CPU, in each task's run, a call closes at its own depth and what
# it calls sits deeper. trace_pipe gives the same kinds of lines. Only
# the top-level array may run it (an instance gets EINVAL). Switching
# function_graph, function and nop again and again under a workload
# (every function, or those of set_ftrace_filter) leaves both tracers
# working and no kernel report.
. "$TESTDIR/lib.sh"
export LC_ALL=C

need_fgraph
# With FTRACE_STARTUP_TEST, the tracer's boot self-test ran and passed.
if has_selftests; then
	line=$(dmesg | grep -m1 'Testing tracer function_graph:') ||
		fail "no boot self-test of function_graph in the log"
	case $line in *PASSED) ;; *) fail "the boot self-test: $line" ;; esac
	echo "boot self-test: $line"
fi
d=
kb=$(buffer_kb)
cleanup() {
	stop_loops
	[ -d "$T/instances/fg_$$" ] && rmdir "$T/instances/fg_$$"
	echo >"$T/set_ftrace_filter"
	reset_tracing
	echo "$kb" >"$T/buffer_size_kb"
	rm -f /tmp/fg.trace /tmp/fg.pipe /tmp/fg-avail
}
trap cleanup EXIT
dmesg0=$(dmesg | wc -l)
reset_tracing
echo >"$T/set_ftrace_filter"

# Only the top level: an instance neither lists it nor takes it.
mkdir "$T/instances/fg_$$" || fail "mkdir an instance"
grep -qw function_graph "$T/instances/fg_$$/available_tracers" &&
	fail "an instance lists function_graph: $(cat "$T/instances/fg_$$/available_tracers")"
expect_err "$T/instances/fg_$$/current_tracer" function_graph "Invalid argument"
[ "$(cat "$T/instances/fg_$$/current_tracer")" = nop ] ||
	fail "the instance's tracer is $(cat "$T/instances/fg_$$/current_tracer") after EINVAL"
rmdir "$T/instances/fg_$$"
echo "an instance: not listed, EINVAL"

# One cat: its fork, exec and exit alone overwrite the small buffer many
# times over (each cat takes some 3 s on arm64's debug kernel under TCG).
workload() {
	cat /proc/self/stat >/dev/null
}

# Every function, a small buffer (the trace is read whole; the first
# part of each CPU's calls is overwritten).
echo 256 >"$T/buffer_size_kb"
t0=$(date +%s)
echo function_graph >"$T/current_tracer" || fail "current_tracer function_graph"
# (read builtins: a cat's fork under the tracer takes seconds; the file
# must be that line alone.)
{ IFS= read -r cur && [ "$cur" = function_graph ] &&
	! IFS= read -r more && [ -z "$more" ]; } <"$T/current_tracer" ||
	fail "current_tracer reads '$(cat "$T/current_tracer")'"
workload
echo 0 >"$T/tracing_on"
cat "$T/trace" >/tmp/fg.trace
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
echo "function_graph on every function: $(($(date +%s) - t0)) s, $(wc -l </tmp/fg.trace) lines"

[ "$(sed -n 1p /tmp/fg.trace)" = "# tracer: function_graph" ] ||
	fail "first line: '$(sed -n 1p /tmp/fg.trace)'"
[ "$(sed -n 2p /tmp/fg.trace)" = "#" ] || fail "second line: '$(sed -n 2p /tmp/fg.trace)'"
h1='# CPU  DURATION                  FUNCTION CALLS'
h2='# |     |   |                     |   |   |   |'
[ "$(sed -n 3p /tmp/fg.trace)" = "$h1" ] || fail "header: '$(sed -n 3p /tmp/fg.trace)', want '$h1'"
[ "$(sed -n 4p /tmp/fg.trace)" = "$h2" ] || fail "header: '$(sed -n 4p /tmp/fg.trace)', want '$h2'"

# Each record has the CPU column, " N) ", and the duration column: blank
# on an open, the overhead mark and the time on a leaf and a close.
awk "$FG_PARSE"'
	function bad(why) { print why ": line " NR ": " $0; exit 1 }
	NR <= 5 { next }
	{ fg_parse($0) }
	fg_kind == "bad" { bad("unparsed") }
	fg_kind == "open" || fg_kind == "leaf" || fg_kind == "close" || fg_kind == "comment" {
		if (fg_cpu < 0) bad("no CPU column")
		if (fg_abs >= 0 || fg_pid >= 0) bad("a column of an option that is off")
	}
	fg_kind == "open" && fg_dur >= 0 { bad("an open with a duration") }
	(fg_kind == "leaf" || fg_kind == "close") && fg_dur < 0 { bad("no duration") }
' /tmp/fg.trace || fail "the trace's records"
r=$(fg_nesting /tmp/fg.trace) || fail "nesting: $r"
set -- $r
[ "$1" -gt 100 ] && [ "$2" -gt 100 ] && [ "$3" -gt 100 ] ||
	fail "opens, leaves, closes: $1 $2 $3 (unmatched closes: $4)"
[ "$4" -lt "$3" ] || fail "all $3 closes are unmatched"
echo "records: $1 opens, $2 leaves, $3 closes ($4 began before the trace), nested"
# The tracer records none of its own calls. With PROVE_RCU, an
# rcu_dereference_sched() in its entry path calls the traced
# rcu_read_lock_sched_held(), which recursion lets through once: one
# such leaf before every record, over half the lines of this trace on
# arm64's debug kernel, where the kernel's own calls make about 1 in 100.
own=$(grep -c ' rcu_read_lock_sched_held();$' /tmp/fg.trace)
[ "$own" -lt $((($1 + $2) / 5)) ] ||
	fail "$own of $(($1 + $2)) entries are rcu_read_lock_sched_held(): the tracer records its own calls"
echo "rcu_read_lock_sched_held(): $own of $(($1 + $2)) entries, none the tracer's"

# trace_pipe: the header is the trace's alone; records of the same kinds.
# (The shell's read builtin reads a byte at a time: a vfs_read a byte.)
echo vfs_read >"$T/set_ftrace_filter"
echo function_graph >"$T/current_tracer"
read -r l </proc/version
timeout 20 head -n 5 "$T/trace_pipe" >/tmp/fg.pipe 2>/dev/null
echo nop >"$T/current_tracer"
echo >"$T/set_ftrace_filter"
grep -q '^#' /tmp/fg.pipe && fail "trace_pipe has header lines: $(grep '^#' /tmp/fg.pipe | head -3)"
awk "$FG_PARSE"'{ fg_parse($0) } fg_kind == "bad" { print; exit 1 }
	fg_kind == "leaf" && fg_name == "vfs_read" { n++ }
	END { if (!n) { print "no vfs_read();"; exit 1 } }' /tmp/fg.pipe ||
	fail "trace_pipe with set_ftrace_filter vfs_read: $(head -5 /tmp/fg.pipe)"
echo "trace_pipe: vfs_read(); records"

# Switching under a workload: a reader of /proc files, and the switches
# from another process; then each tracer works.
d=/tmp/fg.$$
stop=$d/stop
pids=
mkdir -p $d
reads() { cat /proc/self/stat /proc/version >/dev/null; }
switch() {
	for x in function_graph function nop; do
		echo $x >"$T/current_tracer" || return 1
	done
}
loop reads reads
# Round 2 patches every function (17 s a round on upstream under one
# TCG thread), the others the functions with "read" in their names.
t0=$(date +%s)
for i in 1 2 3; do
	case $i in
	2) echo >"$T/set_ftrace_filter" ;;
	*) echo '*read*' >"$T/set_ftrace_filter" ;;
	esac
	switch || fail "round $i: a switch failed"
done
secs=$(($(date +%s) - t0))
echo >"$T/set_ftrace_filter"
: >"$stop"
wait $pids
pids=
check_loops "3 rounds of function_graph, function, nop (${secs} s)" reads
rm -rf $d

echo vfs_read >"$T/set_ftrace_filter"
echo function >"$T/current_tracer"
read -r l </proc/version
echo 0 >"$T/tracing_on"
grep -q -E "$FN_RECORD" "$T/trace" || fail "the function tracer after the switches: $(tail -3 "$T/trace")"
grep -q ' vfs_read <-' "$T/trace" || fail "no vfs_read in the function trace after the switches"
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
echo function_graph >"$T/current_tracer"
read -r l </proc/version
echo 0 >"$T/tracing_on"
grep -q '|  vfs_read();$' "$T/trace" ||
	fail "function_graph after the switches: $(tail -3 "$T/trace")"
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
[ -z "$(cat "$T/enabled_functions")" ] ||
	fail "enabled_functions at nop: $(head -3 "$T/enabled_functions")"
echo "after the switches: function and function_graph trace vfs_read"
reports=$(kernel_reports "$dmesg0")
[ -z "$reports" ] || fail "kernel reports: $reports"
exit 0
