#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Events of a module (harness/modules/evtest) as upstream 6.1 has them:
# they appear in events/ and available_events when it loads, record
# when enabled, and vanish when it unloads, even while enabled and while
# their files are open: those then fail with ENODEV. The trace is
# emptied, as upstream empties it when a used module event goes.
. "$TESTDIR/lib.sh"

mod=/tmp/out/modules/harness_evtest.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/evtest is built with the kernel)"
E=$T/events/evtest
loaded=
cleanup() {
	exec 3<&- 4<&- 2>/dev/null
	[ -n "$loaded" ] && { echo 0 >"$T/events/enable"; rmmod harness_evtest; }
	reset_tracing
}
trap cleanup EXIT
reset_tracing
grep -q '^harness_evtest ' /proc/modules && rmmod harness_evtest
[ ! -d "$E" ] || fail "events/evtest exists before the module"

insmod $mod || fail "insmod $mod"
loaded=1
[ -d "$E/evtest_fixed" ] || fail "no events/evtest/evtest_fixed after insmod"
grep -qx 'evtest:evtest_fixed' "$T/available_events" || fail "available_events lacks evtest:evtest_fixed"
[ -d "$E/evtest_nop" ] && fail "a TRACE_EVENT_NOP has a directory"
echo 1 >"$E/evtest_fixed/enable" || fail "cannot enable evtest_fixed"
echo 7 >/sys/module/harness_evtest/parameters/fire || fail "cannot fire"
grep -q ' evtest_fixed: ' "$T/trace" || fail "no evtest_fixed record"
grep -c ' evtest_' "$T/trace" | sed 's/^/records: /'

exec 3<"$E/evtest_fixed/enable" 4<"$E/evtest_fixed/format"
rmmod harness_evtest || fail "rmmod with events enabled and files open"
loaded=
[ ! -d "$E" ] || fail "events/evtest is still there after rmmod"
grep -q '^evtest:' "$T/available_events" && fail "available_events still lists evtest events"
grep -q ' evtest_' "$T/trace" && fail "the module's records are still in the trace"
if [ "$flavor" = ours ]; then
	cat <&3 >/dev/null 2>&1 && fail "reading an open enable file of a gone event succeeded"
	cat <&4 >/dev/null 2>&1 && fail "reading an open format file of a gone event succeeded"
else
	# Upstream 6.1 oopses here: reading the format file reaches the
	# freed event (f_show; seen on rb, which runs upstream's events).
	echo "not read on $flavor: the open files of a gone event (upstream 6.1 oopses in f_show)"
fi
exec 3<&- 4<&-

insmod $mod || fail "insmod again"
loaded=1
[ "$(cat "$E/evtest_fixed/enable")" = 0 ] || fail "a reloaded event starts enabled"
rmmod harness_evtest || fail "rmmod again"
loaded=
