#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The commands of set_ftrace_filter (function probes): traceon/traceoff
# with and without a count, stacktrace, dump, cpudump, enable_event and
# disable_event act when their function runs, read back in upstream's
# form after the filter's functions, survive '>' and go with '!'; bad
# commands fail with an errno (and, on ours, an error_log entry); an
# instance's probes act on the instance and go with it.
. "$TESTDIR/lib.sh"

[ -e "$T/set_ftrace_filter" ] || fail "no set_ftrace_filter"
F=$T/set_ftrace_filter
I=$T/instances/fn-cmd-$$
EV=$T/events/sched/sched_switch/enable
# The probed function: only reading /proc/version runs it.
FN=version_proc_show
cleanup() {
	[ -d "$I" ] && rmdir "$I"
	for c in traceon traceoff stacktrace dump cpudump \
		enable_event:sched:sched_switch disable_event:sched:sched_switch; do
		echo "!$FN:$c" >>"$F"
	done 2>/dev/null
	echo >"$F"
	echo 0 >"$EV"
	echo >"$T/error_log"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo >"$F"
echo >"$T/error_log"

grep -qx "$FN" "$T/available_filter_functions" ||
	fail "$FN is not in available_filter_functions"
workload() {
	read -r l </proc/version
}
# lines FILE: FILE's lines joined with '|'.
lines() {
	tr '\n' '|' <"$1"
}
# probes: the probe lines of set_ftrace_filter, joined with '|'.
probes() {
	grep ':' "$F" | tr '\n' '|'
}

# traceoff and traceon, read back after the filter's functions, by cat
# and by one-byte reads alike.
echo "$FN:traceoff" >"$F" || fail "$FN:traceoff was refused"
want="#### all functions enabled ####|$FN:traceoff:unlimited|"
[ "$(lines "$F")" = "$want" ] || fail "set_ftrace_filter reads '$(lines "$F")', not '$want'"
echo vfs_write >"$F"
want="vfs_write|$FN:traceoff:unlimited|"
[ "$(lines "$F")" = "$want" ] || fail "'>' vfs_write: set_ftrace_filter reads '$(lines "$F")'"
[ "$(dd if="$F" bs=1 2>/dev/null | tr '\n' '|')" = "$want" ] ||
	fail "read a byte at a time, set_ftrace_filter is '$(dd if="$F" bs=1 2>/dev/null | tr '\n' '|')'"
echo >"$F"
[ "$(cat "$T/tracing_on")" = 1 ] || fail "traceoff fired before its function ran"
workload
[ "$(cat "$T/tracing_on")" = 0 ] || fail "traceoff did not stop tracing"
echo "!$FN:traceoff" >>"$F" || fail "!$FN:traceoff was refused"
[ -z "$(probes)" ] || fail "'!' left '$(probes)'"
echo 1 >"$T/tracing_on"
workload
[ "$(cat "$T/tracing_on")" = 1 ] || fail "a removed traceoff still fired"
echo "$FN:traceon" >"$F"
echo 0 >"$T/tracing_on"
workload
[ "$(cat "$T/tracing_on")" = 1 ] || fail "traceon did not start tracing"
echo "!$FN:traceon" >>"$F"
echo "traceon and traceoff act, read back, and go"

# A count is spent only when the probe changes something.
echo "$FN:traceoff:2" >"$F"
[ "$(probes)" = "$FN:traceoff:count=2|" ] || fail "traceoff:2 reads '$(probes)'"
workload
workload
[ "$(cat "$T/tracing_on")" = 0 ] || fail "traceoff:2 did not fire"
[ "$(probes)" = "$FN:traceoff:count=1|" ] || fail "a hit that changed nothing spent a count: '$(probes)'"
echo 1 >"$T/tracing_on"
workload
[ "$(cat "$T/tracing_on")" = 0 ] || fail "traceoff:2 did not fire twice"
echo 1 >"$T/tracing_on"
workload
[ "$(cat "$T/tracing_on")" = 1 ] || fail "traceoff:2 fired a third time"
[ "$(probes)" = "$FN:traceoff:count=0|" ] || fail "after two: '$(probes)'"
# A line read back (with its count) removes the probe.
echo "!$(probes | tr -d '|')" >>"$F" || fail "the line read back did not remove the probe"
[ -z "$(probes)" ] || fail "'!' with count left '$(probes)'"
echo "counts"

# stacktrace:2 records two stacks for three calls.
: >"$T/trace"
echo "$FN:stacktrace:2" >"$F"
workload
workload
workload
n=$(grep -c '<stack trace>' "$T/trace")
[ "$n" = 2 ] || fail "stacktrace:2 recorded $n stacks"
first=$(grep -m1 -A1 '<stack trace>' "$T/trace" | sed -n '2s/^ *=> //p')
echo "a stack starts at '$first'"
# Ours starts the stack at the probed function.
[ "$flavor" != ours ] || [ "${first%%+*}" = "$FN" ] ||
	fail "the stack starts at '$first', not at $FN"
[ "$(probes)" = "$FN:stacktrace:count=0|" ] || fail "stacktrace:2 reads '$(probes)'"
# (upstream needs a count to remove a counted probe)
echo "!$FN:stacktrace:0" >>"$F"
echo "stacktrace"

# dump and cpudump print the buffer to the console once each. (Upstream
# 6.1 gives cpudump no count: it dumps at every call and reads back as
# "unlimited", though its code says "Only dump once"; ours dumps once.)
dumps() {
	dmesg | grep -c 'Dumping ftrace buffer'
}
for c in dump cpudump; do
	once=1 left=":count=1" spent=":count=0"
	if [ "$c" = cpudump ] && [ "$flavor" != ours ]; then
		once=2 left=":unlimited" spent=":unlimited"
	fi
	: >"$T/trace"
	echo 1 >"$T/tracing_on"
	echo "fn-cmd-$c-$$" >"$T/trace_marker"
	d0=$(dumps)
	echo "$FN:$c" >"$F"
	[ "$(probes)" = "$FN:$c$left|" ] || fail "$c reads '$(probes)'"
	workload
	workload
	d1=$(dumps)
	[ "$d1" = $((d0 + once)) ] || fail "$c dumped $((d1 - d0)) times for two calls"
	# (cpudump prints only the buffer of the CPU the call ran on,
	# which need not be the one the marker went to)
	[ "$c" = cpudump ] || dmesg | grep -q "fn-cmd-$c-$$" ||
		fail "$c did not dump the marker"
	[ "$(probes)" = "$FN:$c$spent|" ] || fail "$c reads '$(probes)' after it dumped"
	echo "!$FN:$c${left#:unlimited}" >>"$F"
	[ -z "$(probes)" ] || fail "'!$FN:$c' left '$(probes)'"
done
echo 1 >"$T/tracing_on"
echo "dump and cpudump"

# enable_event and disable_event switch the event in soft mode.
echo 0 >"$EV"
echo "$FN:enable_event:sched:sched_switch" >"$F"
[ "$(probes)" = "$FN:enable_event:sched:sched_switch:unlimited|" ] ||
	fail "enable_event reads '$(probes)'"
[ "$(cat "$EV")" = "0*" ] || fail "before its function, the event is '$(cat "$EV")'"
workload
[ "$(cat "$EV")" = "1*" ] || fail "enable_event left the event '$(cat "$EV")'"
sleep 0.1
grep -q 'sched_switch:' "$T/trace" || fail "no sched_switch recorded after enable_event"
echo 0 >"$EV"
[ "$(cat "$EV")" = "0*" ] || fail "'0' in soft mode gave '$(cat "$EV")'"
workload
[ "$(cat "$EV")" = "1*" ] || fail "enable_event did not fire again"
echo "!$FN:enable_event:sched:sched_switch" >>"$F"
# Leaving soft mode keeps the state the probe left (as upstream).
[ "$(cat "$EV")" = 1 ] || fail "after the probe went, the event is '$(cat "$EV")'"
echo "$FN:disable_event:sched:sched_switch:1" >"$F"
workload
[ "$(cat "$EV")" = "0*" ] || fail "disable_event left the event '$(cat "$EV")'"
echo 1 >"$EV"
workload
[ "$(cat "$EV")" = "1*" ] || fail "disable_event:1 fired twice"
[ "$(probes)" = "$FN:disable_event:sched:sched_switch:count=0|" ] ||
	fail "disable_event:1 reads '$(probes)'"
echo "!$FN:disable_event:sched:sched_switch:0" >>"$F"
[ "$(cat "$EV")" = 1 ] || fail "after disable_event went, the event is '$(cat "$EV")'"
echo 0 >"$EV"
[ -z "$(probes)" ] || fail "probes left: '$(probes)'"
echo "enable_event and disable_event"

# Many functions at once, and '!glob' of some of them.
grep 'lock' "$T/available_filter_functions" | cut -d' ' -f1 | sort -u >/tmp/fn-cmd-want
echo '*lock*:traceoff' >"$F" || fail "'*lock*:traceoff' was refused"
grep ':' "$F" | cut -d' ' -f1 | cut -d: -f1 | sort -u >/tmp/fn-cmd-got
cmp -s /tmp/fn-cmd-got /tmp/fn-cmd-want ||
	fail "'*lock*:traceoff' probed $(wc -l </tmp/fn-cmd-got) functions, not $(wc -l </tmp/fn-cmd-want)"
echo '!*spin*:traceoff' >>"$F"
grep -q 'spin.*:traceoff' "$F" && fail "'!*spin*:traceoff' left spin functions"
echo '!*:traceoff' >>"$F"
[ -z "$(probes)" ] || fail "'!*:traceoff' left $(probes | tr '|' '\n' | wc -l) probes"
echo 1 >"$T/tracing_on"
rm -f /tmp/fn-cmd-want /tmp/fn-cmd-got
echo "$(wc -l <"$T/available_filter_functions") functions: globs of probes"

# Bad commands fail with EINVAL (ours logs each).
nl='
'
for w in "$FN:nosuchcommand" "$FN:traceoff:abc" "$FN:traceoff:-1" \
	"$FN:enable_event:sched" "$FN:enable_event:sched:nosuchevent" \
	"nosuchfunction_xyz:traceoff" "$FN:dump:5"; do
	# (upstream ignores dump's count)
	[ "$flavor" != ours ] && [ "$w" = "$FN:dump:5" ] && continue
	echo >"$T/error_log"
	expect_err "$F" "$w$nl" "Invalid argument"
	[ "$flavor" != ours ] || grep -q "set_ftrace_filter: error:" "$T/error_log" ||
		fail "no error_log entry for '$w'"
done
[ -z "$(probes)" ] || fail "bad commands left '$(probes)'"
expect_err "$T/set_ftrace_notrace" "$FN:traceoff$nl" "Invalid argument"
expect_err "$F" "!$FN:traceoff$nl" "No such device"
echo "$FN:traceoff" >"$F"
expect_err "$F" "$FN:traceoff$nl" "Invalid argument"
expect_err "$F" "!$FN:traceon$nl" "No such device"
echo "!$FN:traceoff" >>"$F"
echo 1 >"$T/tracing_on"
echo "bad commands"

# An instance's probes act on the instance and go with it.
mkdir "$I" || fail "cannot make an instance"
echo "$FN:traceoff" >"$I/set_ftrace_filter"
echo "$FN:enable_event:sched:sched_switch" >>"$I/set_ftrace_filter"
[ -z "$(probes)" ] || fail "the instance's probe shows at the top level: '$(probes)'"
workload
[ "$(cat "$I/tracing_on")" = 0 ] || fail "the instance's traceoff did not fire"
[ "$(cat "$T/tracing_on")" = 1 ] || fail "the instance's traceoff stopped the top level"
[ "$(cat "$I/events/sched/sched_switch/enable")" = "1*" ] ||
	fail "the instance's enable_event left its event '$(cat "$I/events/sched/sched_switch/enable")'"
[ "$(cat "$EV")" = 0 ] || fail "the instance's enable_event changed the top level's event"
rmdir "$I" || fail "cannot remove an instance with probes"
workload
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions after rmdir: '$(cat "$T/enabled_functions")'"
echo "an instance's probes"
exit 0
