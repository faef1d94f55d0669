#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad input to every control file of events/, with upstream 6.1's
# errnos, and nothing changed by a refused write: the enable files of
# events/, of a group and of an event; the filters of a group and of an
# event; the trigger file; the pid files; set_event; options/event-fork;
# and the read-only files (format, id, header_page, header_event,
# available_events), which refuse writes even from root. Good input
# still works afterwards. The commands' own syntax is tested further in
# test_events_{set_event,filter,pid,trigger}.sh.
. "$TESTDIR/lib.sh"

ev=$T/events/sched/sched_switch
[ -d "$ev" ] || fail "no events/sched/sched_switch"
cleanup() {
	echo 0 >"$T/events/enable"
	: >"$T/set_event_pid"
	: >"$T/set_event_notrace_pid"
	echo 0 >"$ev/filter"
	echo 0 >"$T/events/sched/filter"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"

# bad TEXT ERROR FILE...: writing TEXT to each FILE fails with ERROR
bad() {
	text=$1 err=$2
	shift 2
	for f in "$@"; do
		expect_err "$f" "$text" "$err"
	done
}

# ---- the enable files: "0" or "1" only ----
enables="$T/events/enable $T/events/sched/enable $ev/enable"
bad 2 "Invalid argument" $enables
bad abc "Invalid argument" $enables
bad -1 "Invalid argument" $enables
bad 0x1 "Invalid argument" $enables
bad "1 1" "Invalid argument" $enables
bad 99999999999999999999 "Numerical result out of range" $enables
for f in $enables; do
	[ "$(cat "$f")" = 0 ] || fail "${f#"$T"/} reads '$(cat "$f")' after bad writes"
done
grep -q . "$T/set_event" && fail "bad writes enabled events: $(head -3 "$T/set_event")"
expect_err "$ev/enable" 1 ok
[ "$(cat "$ev/enable")" = 1 ] || fail "enable does not read 1 after writing 1"
expect_err "$ev/enable" 0 ok

# ---- filters ----
# A group's filter goes to each of its events, and an event that cannot
# take it shows the error in its own filter file: the group's write
# itself succeeds whenever the group has events, as upstream.
filters="$T/events/sched/filter $ev/filter"
bad "no_such_field == 1" "Invalid argument" "$ev/filter"
bad "prev_pid ==" "Invalid argument" "$ev/filter"
# an unclosed parenthesis: upstream's count of parentheses returns its
# own code (-2), which reaches user space as ENOENT
bad "((prev_pid == 1)" "No such file or directory" "$ev/filter"
bad "prev_pid == 1 &&" "Invalid argument" "$ev/filter"
bad "prev_pid == abc" "Invalid argument" "$ev/filter"
bad "prev_pid =! 1" "Invalid argument" "$ev/filter"
bad "prev_pid ==" ok "$T/events/sched/filter"
grep -q '^parse_error: ' "$ev/filter" ||
	fail "a bad group filter left no error in sched_switch's: $(cat "$ev/filter")"
expect_err "$T/events/sched/filter" 0 ok
# a filter longer than a page
long=$(printf 'prev_pid == 1 || %.0s' $(seq 1 300))
bad "${long}prev_pid == 2" "Invalid argument" $filters
# a refused filter filters nothing: the event still records
expect_err "$ev/filter" 0 ok
echo 1 >"$ev/enable"
sleep 1
echo 0 >"$ev/enable"
grep -q ' sched_switch: ' "$T/trace" || fail "no sched_switch record after bad filters"
expect_err "$ev/filter" "prev_pid == 0" ok
[ "$(cat "$ev/filter")" = "prev_pid == 0" ] || fail "filter reads '$(cat "$ev/filter")'"
expect_err "$ev/filter" 0 ok
[ "$(cat "$ev/filter")" = none ] || fail "filter reads '$(cat "$ev/filter")' after 0"

# ---- the trigger file (its commands: test_events_trigger.sh) ----
bad "no_such_command" "Invalid argument" "$ev/trigger"
bad "traceon:x" "Invalid argument" "$ev/trigger"
grep -q '^# Available triggers:' "$ev/trigger" || fail "a bad trigger was added: $(cat "$ev/trigger")"

# ---- the pid files ----
pids="$T/set_event_pid $T/set_event_notrace_pid"
bad abc "Invalid argument" $pids
bad "12 x" "Invalid argument" $pids
bad -5 "Invalid argument" $pids
for f in $pids; do
	grep -q . "$f" && fail "${f#"$T"/} lists '$(cat "$f")' after bad writes"
done
expect_err "$T/set_event_pid" "$$" ok
[ "$(cat "$T/set_event_pid")" = "$$" ] || fail "set_event_pid reads '$(cat "$T/set_event_pid")'"
: >"$T/set_event_pid"

# ---- set_event (its syntax: test_events_set_event.sh) ----
bad "sched:no_such_event" "Invalid argument" "$T/set_event"
grep -q . "$T/set_event" && fail "set_event lists '$(cat "$T/set_event")'"

# ---- options/event-fork ----
fork=$T/options/event-fork
bad 2 "Invalid argument" "$fork"
bad abc "Invalid argument" "$fork"
[ "$(cat "$fork")" = 0 ] || fail "event-fork reads '$(cat "$fork")' after bad writes"

# ---- read-only files: no write method, even for root ----
bad 1 "Invalid argument" "$ev/format" "$ev/id" "$T/available_events" \
	"$T/events/header_page" "$T/events/header_event"
grep -q '^name: sched_switch$' "$ev/format" || fail "format changed"
exit 0
