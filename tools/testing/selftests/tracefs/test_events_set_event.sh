#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# set_event as in upstream 6.1: "GROUP:EVENT", "GROUP:*", "GROUP:",
# ":EVENT", "*:EVENT", "EVENT" and "GROUP" alone, "!" to disable, ">"
# (O_TRUNC) disables everything first, ">>" appends; several words in
# one write; reading lists the enabled events as GROUP:EVENT. Unknown
# names fail with EINVAL. available_events lists every event.
. "$TESTDIR/lib.sh"

[ -f "$T/set_event" ] || fail "no set_event"
cleanup() {
	echo 0 >"$T/events/enable"
	reset_tracing
}
trap cleanup EXIT
echo 0 >"$T/tracing_on"
echo 0 >"$T/events/enable"
S=$T/set_event

grep -qx 'sched:sched_switch' "$T/available_events" || fail "available_events lacks sched:sched_switch"
grep -q '^ftrace:' "$T/available_events" && fail "available_events lists the ftrace entries"
nsched=$(grep -c '^sched:' "$T/available_events")

got() { tr '\n' ' ' <"$S"; }
want() {
	g=$(got)
	[ "$g" = "$1" ] || fail "after '$2': set_event is '$g', want '$1'"
}
echo sched:sched_switch >"$S" || fail "sched:sched_switch refused"
want "sched:sched_switch " "sched:sched_switch"
echo sched:sched_wakeup >>"$S" || fail ">> sched:sched_wakeup refused"
[ "$(grep -c . "$S")" = 2 ] || fail "append did not keep sched_switch: $(got)"
echo sched:sched_wakeup >"$S"
want "sched:sched_wakeup " "> sched:sched_wakeup"
echo '!sched:sched_wakeup' >>"$S" || fail "'!sched:sched_wakeup' refused"
want "" "!sched:sched_wakeup"
for w in 'sched:*' 'sched:' sched; do
	echo "$w" >"$S" || fail "'$w' refused"
	[ "$(grep -c '^sched:' "$S")" = "$nsched" ] || fail "'$w' enabled $(grep -c . "$S") of $nsched sched events"
	[ "$(grep -vc '^sched:' "$S")" = 0 ] || fail "'$w' enabled events of other groups"
	[ "$(cat "$T/events/sched/enable")" = 1 ] || fail "after '$w', events/sched/enable is not 1"
done
echo '!sched:sched_switch' >>"$S"
grep -qx 'sched:sched_switch' "$S" && fail "'!sched:sched_switch' left it on"
[ "$(cat "$T/events/sched/enable")" = X ] || fail "events/sched/enable is not X"
for w in ':sched_waking' '*:sched_waking' sched_waking; do
	echo "$w" >"$S" || fail "'$w' refused"
	want "sched:sched_waking " "$w"
done
printf 'sched:sched_switch sched:sched_wakeup\n' >"$S" || fail "two words refused"
[ "$(grep -c . "$S")" = 2 ] || fail "two words in one write: $(got)"
echo >"$S"
want "" "echo > set_event"
echo '*:*' >"$S" || fail "'*:*' refused"
[ "$(grep -c . "$S")" = "$(grep -c . "$T/available_events")" ] ||
	fail "'*:*' enabled $(grep -c . "$S") of $(grep -c . "$T/available_events") events"
[ "$(cat "$T/events/enable")" = 1 ] || fail "events/enable is not 1 after '*:*'"
echo '!*:*' >>"$S"
want "" "!*:*"

expect_err "$S" "no_such_event_$$" "Invalid argument"
expect_err "$S" "sched:no_such_event" "Invalid argument"
expect_err "$S" "no_such_group:sched_switch" "Invalid argument"
expect_err "$S" "!no_such_event_$$" "Invalid argument"
long=$(printf '%0200d' 0)
expect_err "$S" "$long" "Invalid argument"
want "" "bad writes"
