#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Event triggers as in upstream 6.1, on sched_switch (which fires while
# we sleep): traceon, traceoff, snapshot, stacktrace, enable_event and
# disable_event, unlimited, with a count, with a filter; "!" removes one.
# The trigger file lists the available commands while it has no trigger
# (the hist ones included), else
# one line per trigger, newest first: "traceoff:count=3 if prev_pid == 0".
# Errnos: EINVAL for an unknown command, a bad count, filter or target;
# EEXIST for a second trigger of a kind (traceon and traceoff are one
# kind); removing a missing trigger succeeds. An instance's triggers act
# on the instance, and rmdir of an instance with triggers works.
# enable_event holds the module of its target; a module goes with the
# triggers on its events. events/ftrace/print/trigger acts on
# trace_marker writes.
. "$TESTDIR/lib.sh"

ev=$T/events/sched/sched_switch
wk=$T/events/sched/sched_wakeup
tf=$ev/trigger
inst=$T/instances/ev_trig_$$
[ -f "$tf" ] || fail "no events/sched/sched_switch/trigger"
[ -f "$T/options/stacktrace" ] || fail "no options/stacktrace"
[ -f "$T/snapshot" ] || fail "no snapshot"
cleanup() {
	for t in traceon traceoff snapshot stacktrace \
		enable_event:sched:sched_wakeup disable_event:sched:sched_wakeup \
		enable_event:evtest:evtest_fixed; do
		echo "!$t" >>"$tf"
	done 2>/dev/null
	for t in traceoff snapshot stacktrace enable_event:sched:sched_wakeup; do
		echo "!$t" >>"$T/events/ftrace/print/trigger"
	done 2>/dev/null
	for t in traceoff traceon snapshot; do
		echo "!$t" >>"$T/events/sched/sched_process_fork/trigger"
	done 2>/dev/null
	grep -q '^harness_evtest ' /proc/modules && rmmod harness_evtest
	echo 0 >"$T/events/enable"
	[ -d "$inst" ] && rmdir "$inst"
	[ -f "$T/snapshot" ] && echo 0 >"$T/snapshot"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"

# fire: let sched_switch happen a few times
fire() { sleep 1; }
on() { cat "$T/tracing_on"; }
trig() { cat "$tf"; }
want() { # want TEXT: the trigger file reads TEXT
	[ "$(trig)" = "$1" ] || fail "trigger reads '$(trig)', want '$1'"
}

# ---- the header ----
[ -f "$ev/hist" ] || fail "no events/sched/sched_switch/hist"
cmds="traceon traceoff snapshot stacktrace enable_event disable_event"
cmds="$cmds enable_hist disable_hist hist"
header="# Available triggers:
# $cmds"
want "$header"

# ---- traceoff / traceon ----
echo traceoff >"$tf" || fail "traceoff refused"
want "traceoff:unlimited"
fire
[ "$(on)" = 0 ] || fail "traceoff did not stop tracing"
echo '!traceoff' >>"$tf" || fail "!traceoff refused"
want "$header"
echo 1 >"$T/tracing_on"
fire
[ "$(on)" = 1 ] || fail "tracing stopped after !traceoff"

echo 0 >"$T/tracing_on"
echo traceon >"$tf" || fail "traceon refused"
fire
[ "$(on)" = 1 ] || fail "traceon did not start tracing"
echo '!traceon' >>"$tf"

# Counts, on sched_process_fork filtered on our pid: only our forks
# fire it, one at a time (sched_switch fires on both CPUs at once, and
# two CPUs may both see tracing on and both spend a unit, upstream too).
# A count is spent only when the trigger changes something: while
# tracing is off, traceoff:2 keeps its count.
pf=$T/events/sched/sched_process_fork/trigger
pwant() { # pwant TEXT: sched_process_fork's trigger file reads TEXT
	[ "$(cat "$pf")" = "$1" ] || fail "fork trigger reads '$(cat "$pf")', want '$1'"
}
echo 0 >"$T/tracing_on"
echo "traceoff:2 if parent_pid == $$" >"$pf" || fail "traceoff:2 refused"
( : )
pwant "traceoff:count=2 if parent_pid == $$"
echo 1 >"$T/tracing_on"
( : )
[ "$(on)" = 0 ] || fail "traceoff:2 did not stop tracing"
pwant "traceoff:count=1 if parent_pid == $$"
echo 1 >"$T/tracing_on"
( : )
pwant "traceoff:count=0 if parent_pid == $$"
echo 1 >"$T/tracing_on"
( : )
[ "$(on)" = 1 ] || fail "traceoff:count=0 stopped tracing"
echo '!traceoff' >>"$pf"
echo 'traceoff:3' >"$pf" || fail "traceoff:3 refused"
( : )
[ "$(on)" = 0 ] || fail "traceoff:3 did not fire"
pwant "traceoff:count=2"
echo '!traceoff' >>"$pf"
echo 1 >"$T/tracing_on"

# filters: one that never matches, one that does
echo 'traceoff if prev_pid == 999999' >"$tf" || fail "filtered traceoff refused"
want "traceoff:unlimited if prev_pid == 999999"
fire
[ "$(on)" = 1 ] || fail "traceoff fired although its filter never matches"
echo '!traceoff' >>"$tf"
echo 'traceoff if prev_pid == 0' >"$tf" || fail "traceoff if prev_pid == 0 refused"
fire
[ "$(on)" = 0 ] || fail "traceoff if prev_pid == 0 did not fire"
want "traceoff:unlimited if prev_pid == 0"
echo '!traceoff' >>"$tf"
# a filtered traceon sees its records while tracing is off
echo 'traceon if prev_pid == 0' >"$tf" || fail "filtered traceon refused"
fire
[ "$(on)" = 1 ] || fail "traceon if prev_pid == 0 did not start tracing"
echo '!traceon' >>"$tf"

# ---- errnos ----
expect_err "$tf" 'no_such_cmd' "Invalid argument"
expect_err "$tf" 'traceon:abc' "Invalid argument"
expect_err "$tf" 'traceon:5 junk' "Invalid argument"
expect_err "$tf" 'traceon if' "Invalid argument"
expect_err "$tf" 'traceon if no_such_field == 1' "Invalid argument"
expect_err "$tf" 'traceon:99999999999999999999999' "Numerical result out of range"
expect_err "$tf" 'enable_event' "Invalid argument"
expect_err "$tf" 'enable_event:sched' "Invalid argument"
expect_err "$tf" 'enable_event:sched:no_such_event' "Invalid argument"
expect_err "$tf" '!enable_event:sched:no_such_event' "Invalid argument"
expect_err "$tf" '!traceon' "ok"
expect_err "$tf" '!snapshot' "ok"
want "$header"
expect_err "$tf" 'traceon' "ok"
expect_err "$tf" 'traceon:3' "File exists"
expect_err "$tf" 'traceoff' "File exists"
expect_err "$tf" 'enable_event:sched:sched_wakeup' "ok"
expect_err "$tf" 'enable_event:sched:sched_wakeup:2' "File exists"
expect_err "$tf" 'disable_event:sched:sched_wakeup' "File exists"
want "enable_event:sched:sched_wakeup:unlimited
traceon:unlimited"
expect_err "$tf" '!traceoff' "ok"
expect_err "$tf" '!disable_event:sched:sched_wakeup' "ok"
want "$header"
# the target stays as the trigger left it, out of soft mode
case $(cat "$wk/enable") in 0|1) ;; *) fail "sched_wakeup enable reads '$(cat "$wk/enable")' after removal" ;; esac
echo 0 >"$wk/enable"

# ---- enable_event / disable_event ----
echo 'enable_event:sched:sched_wakeup:1' >"$tf" || fail "enable_event refused"
# still off while it waits, with the probe attached (soft mode)
case $(cat "$wk/enable") in 0\*|1\*) ;; *) fail "target reads '$(cat "$wk/enable")'" ;; esac
: >"$T/trace"
fire
[ "$(cat "$wk/enable")" = "1*" ] || fail "enable_event: target reads '$(cat "$wk/enable")'"
want "enable_event:sched:sched_wakeup:count=0"
grep -q ' sched_wakeup: ' "$T/trace" || fail "enable_event: no sched_wakeup record"
grep -q ' sched_switch: ' "$T/trace" && fail "the triggering event recorded although off"
echo '!enable_event:sched:sched_wakeup' >>"$tf"
echo 0 >"$wk/enable"

echo 1 >"$wk/enable"
echo 'disable_event:sched:sched_wakeup if prev_pid == 0' >"$tf" || fail "disable_event refused"
want "disable_event:sched:sched_wakeup:unlimited if prev_pid == 0"
# (it may have fired already)
case $(cat "$wk/enable") in 0\*|1\*) ;; *) fail "disable_event: target reads '$(cat "$wk/enable")' before" ;; esac
fire
[ "$(cat "$wk/enable")" = "0*" ] || fail "disable_event: target reads '$(cat "$wk/enable")'"
echo '!disable_event:sched:sched_wakeup' >>"$tf"
[ "$(cat "$wk/enable")" = 0 ] || fail "after removal the target reads '$(cat "$wk/enable")'"

# ---- stacktrace ----
: >"$T/trace"
echo 'stacktrace:1' >"$tf" || fail "stacktrace refused"
fire
want "stacktrace:count=0"
grep -q '<stack trace>' "$T/trace" || fail "stacktrace: no stack in the trace"
grep -q '^ => ' "$T/trace" || fail "stacktrace: no caller lines"
echo '!stacktrace' >>"$tf"

# ---- snapshot ----
# On sched_process_fork filtered on our pid, as the counts above: on
# sched_switch both CPUs may spend the one unit at once (upstream's
# counts are not atomic), and a second swap would put the records back.
: >"$T/trace"
echo trig_snap_marker >"$T/trace_marker"
echo "snapshot:1 if parent_pid == $$" >"$pf" || fail "snapshot refused"
( : )
pwant "snapshot:count=0 if parent_pid == $$"
grep -q trig_snap_marker "$T/snapshot" ||
	fail "snapshot: the marker is not in snapshot (tracing_on $(on); trace: $(grep -v '^#' "$T/trace" | head -n 3 | cut -c1-100); snapshot: $(grep -v '^#' "$T/snapshot" | head -n 3 | cut -c1-100); $(grep -c . "$T/snapshot") lines)"
grep -q trig_snap_marker "$T/trace" && fail "snapshot: the marker is still in trace"
# newest first
echo traceon >"$pf"
pwant "traceon:unlimited
snapshot:count=0 if parent_pid == $$"
echo '!snapshot' >>"$pf"
echo '!traceon' >>"$pf"
echo 0 >"$T/snapshot"

# ---- trace_marker's triggers: events/ftrace/print/trigger ----
# They act on each write to trace_marker, between its reserve and its
# commit: a snapshot swaps the buffers before the record is committed,
# so the record lands in what becomes the snapshot; traceoff and
# stacktrace act after the record.
mt=$T/events/ftrace/print/trigger
mwant() { # mwant TEXT: the print trigger file reads TEXT
	[ "$(cat "$mt")" = "$1" ] || fail "print trigger reads '$(cat "$mt")', want '$1'"
}
mark() { echo "$1" >"$T/trace_marker"; }
[ -f "$mt" ] || fail "no events/ftrace/print/trigger"
mwant "$header"
: >"$T/trace"
echo traceoff >"$mt" || fail "print traceoff refused"
mwant "traceoff:unlimited"
mark trig_mk_before
[ "$(on)" = 0 ] || fail "a trace_marker write did not fire traceoff"
grep -q trig_mk_before "$T/trace" || fail "the record that fired traceoff is lost"
echo '!traceoff' >>"$mt"
mwant "$header"
echo 1 >"$T/tracing_on"
# the writer of the marker is this shell (echo is built in)
echo "traceoff if common_pid == 1" >"$mt" || fail "filtered print trigger refused"
mark trig_mk_nomatch
[ "$(on)" = 1 ] || fail "print traceoff fired although its filter does not match"
echo '!traceoff' >>"$mt"
echo "traceoff if common_pid == $$" >"$mt" || fail "filtered print trigger refused"
mark trig_mk_match
[ "$(on)" = 0 ] || fail "print traceoff if common_pid == $$ did not fire"
echo '!traceoff' >>"$mt"
echo 1 >"$T/tracing_on"
expect_err "$mt" 'enable_event:sched:no_such_event' "Invalid argument"
expect_err "$mt" 'traceoff if no_such_field == 1' "Invalid argument"
echo 'enable_event:sched:sched_wakeup:1' >"$mt" || fail "print enable_event refused"
mark trig_mk_enable
[ "$(cat "$wk/enable")" = "1*" ] || fail "print enable_event: target reads '$(cat "$wk/enable")'"
echo '!enable_event:sched:sched_wakeup' >>"$mt"
echo 0 >"$wk/enable"
: >"$T/trace"
echo 'stacktrace:1' >"$mt" || fail "print stacktrace refused"
mark trig_mk_stack
mwant "stacktrace:count=0"
grep -A1 trig_mk_stack "$T/trace" | grep -q '<stack trace>' ||
	fail "print stacktrace: no stack after the marker"
echo '!stacktrace' >>"$mt"
: >"$T/trace"
echo snapshot >"$mt" || fail "print snapshot refused"
mark trig_mk_one
mark trig_mk_two
echo '!snapshot' >>"$mt"
# one: taken into the snapshot, then swapped back into trace
grep -q trig_mk_one "$T/trace" || fail "print snapshot: first marker not in trace"
grep -q trig_mk_two "$T/trace" && fail "print snapshot: second marker in trace"
grep -q trig_mk_two "$T/snapshot" || fail "print snapshot: second marker not in snapshot"
grep -q trig_mk_one "$T/snapshot" && fail "print snapshot: first marker in snapshot"
echo 0 >"$T/snapshot"

# ---- an instance ----
mkdir "$inst" || fail "mkdir $inst"
itf=$inst/events/sched/sched_switch/trigger
[ "$(cat "$itf")" = "$header" ] || fail "instance trigger reads '$(cat "$itf")'"
echo 'stacktrace:1' >"$itf" || fail "instance stacktrace refused"
: >"$T/trace"
fire
[ "$(cat "$itf")" = "stacktrace:count=0" ] ||
	fail "instance stacktrace reads '$(cat "$itf")'"
grep -q '<stack trace>' "$inst/trace" ||
	fail "instance stacktrace: no stack in the instance's trace"
grep -q '<stack trace>' "$T/trace" &&
	fail "instance stacktrace: a stack in the top level's trace"
echo '!stacktrace' >>"$itf"
imt=$inst/events/ftrace/print/trigger
echo traceoff >"$imt" || fail "instance print traceoff refused"
echo trig_mk_inst >"$inst/trace_marker"
[ "$(cat "$inst/tracing_on")" = 0 ] || fail "instance print traceoff did not stop the instance"
[ "$(on)" = 1 ] || fail "instance print traceoff stopped the top level"
mwant "$header"
echo 1 >"$inst/tracing_on"
echo traceoff >"$itf" || fail "instance traceoff refused"
echo 'enable_event:sched:sched_wakeup' >"$itf" || fail "instance enable_event refused"
[ "$(trig)" = "$header" ] || fail "the instance's trigger shows in the top level"
fire
[ "$(cat "$inst/tracing_on")" = 0 ] || fail "instance traceoff did not stop the instance"
[ "$(on)" = 1 ] || fail "instance traceoff stopped the top level"
[ "$(cat "$inst/events/sched/sched_wakeup/enable")" = "1*" ] ||
	fail "instance enable_event: target reads '$(cat "$inst/events/sched/sched_wakeup/enable")'"
[ "$(cat "$wk/enable")" = 0 ] || fail "instance enable_event enabled the top level's event"
rmdir "$inst" || fail "rmdir of an instance with triggers failed"
fire

# ---- a module's events ----
mod=/tmp/out/modules/harness_evtest.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/evtest is built with the kernel)"
grep -q '^harness_evtest ' /proc/modules && rmmod harness_evtest
insmod $mod || fail "insmod $mod"
mtf=$T/events/evtest/evtest_fixed/trigger
# a trigger aiming at a module's event holds the module
echo 'enable_event:evtest:evtest_fixed' >"$tf" || fail "enable_event on a module event refused"
rmmod harness_evtest 2>/dev/null && fail "rmmod succeeded while a trigger aims at its event"
echo '!enable_event:evtest:evtest_fixed' >>"$tf"
# triggers on a module's event go with it, and what they hold is given
# back. Ours only: upstream leaks them, leaves the module's tracepoint
# with its probe (a WARN at unload) and the target in soft mode.
if [ "$flavor" = ours ]; then
	echo traceoff >"$mtf" || fail "a trigger on a module event refused"
	echo 'enable_event:sched:sched_wakeup' >>"$mtf" ||
		fail "enable_event on a module event refused"
	echo 7 >/sys/module/harness_evtest/parameters/fire
	[ "$(on)" = 0 ] || fail "traceoff on a module event did not fire"
	[ "$(cat "$wk/enable")" = "1*" ] || fail "enable_event on a module event did not fire"
fi
rmmod harness_evtest || fail "rmmod with triggers on its events failed"
echo 1 >"$T/tracing_on"
if [ "$flavor" = ours ]; then
	[ "$(cat "$wk/enable")" = 1 ] || fail "after rmmod the target reads '$(cat "$wk/enable")'"
fi
echo 0 >"$wk/enable"
fire
exit 0
