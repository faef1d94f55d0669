#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# saved_cmdlines, saved_cmdlines_size and saved_tgids as in upstream 6.1.
# Comms are saved at sched_switch once something started cmdline
# recording: events, a tracer, or trace_printk - loading a module that uses
# trace_printk() starts it for good, so this test loads harness_tprintk.
# Then a marker writer that sleeps gets a "PID COMM" line in
# saved_cmdlines and its comm in trace. saved_cmdlines_size takes 1..32768
# (else EINVAL) and reads back the count the page-order allocation holds
# (128 -> 6552, 6553 -> 19659, 32768 -> 45874 with 4 KB pages); a resize
# forgets the saved comms. saved_tgids: "PID TGID" lines, filled only
# while an event records with options/record-tgid (a marker alone leaves
# "(-------)" in trace). A task that renames itself gets its new comm
# saved with its next record.
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
. "$TESTDIR/lib.sh"

mod=/tmp/out/modules/harness_tprintk.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/tprintk is built with the kernel)"
loaded=
ev=$T/events/sched/sched_switch/enable
[ -f "$ev" ] || fail "no events/sched/sched_switch/enable"
cleanup() {
	echo 0 >"$ev"
	echo 0 >"$T/options/record-tgid"
	echo 128 >"$T/saved_cmdlines_size"
	[ -n "$loaded" ] && rmmod harness_tprintk
	reset_tracing
}
trap cleanup EXIT
reset_tracing

m=$(stat -c '%n:%a' "$T/saved_cmdlines" "$T/saved_cmdlines_size" "$T/saved_tgids" | tr '\n' ' ')
[ "$m" = "$T/saved_cmdlines:440 $T/saved_cmdlines_size:640 $T/saved_tgids:440 " ] || fail "modes: $m"

# saved_cmdlines_size
get() { v=; IFS= read -r v <"$1"; }
get "$T/saved_cmdlines_size"
[ "$v" = 6552 ] || fail "saved_cmdlines_size reads $v, want 6552 (the default 128, rounded)"
for w in 1:6552 6552:6552 6553:19659 19660:45874 32768:45874 128:6552; do
	echo "${w%:*}" >"$T/saved_cmdlines_size" || fail "saved_cmdlines_size refused ${w%:*}"
	get "$T/saved_cmdlines_size"
	[ "$v" = "${w#*:}" ] || fail "saved_cmdlines_size reads $v after ${w%:*}, want ${w#*:}"
done
for bad in 0 32769 abc; do
	expect_err "$T/saved_cmdlines_size" "$bad" "Invalid argument"
done
get "$T/saved_cmdlines_size"
[ "$v" = 6552 ] || fail "a refused value changed saved_cmdlines_size to $v"

# Start cmdline recording.
if ! grep -q '^harness_tprintk ' /proc/modules; then
	insmod $mod || fail "insmod $mod"
	loaded=1
fi
reset_tracing

# writer TEXT: a marker from a new sh that then sleeps (a sched_switch
# on the CPU of the fresh record: it is pinned); prints its pid.
writer() {
	taskset -c 0 sh -c 'echo $$; echo "$1" >"$2"; sleep 0.3; true' sh "$1" "$T/trace_marker"
	sleep 0.2
}
pid() { case $1 in '' | *[!0-9]*) fail "a marker write failed: $1" ;; esac; }
# line TEXT: the record of the marker TEXT into $l.
line() {
	while IFS= read -r l; do case $l in *"tracing_mark_write: $1") return ;; esac; done <"$T/trace"
	fail "no record of the marker $1"
}
# saved FILE PID: PID's line in FILE (saved_cmdlines, saved_tgids) into $sv.
saved() {
	sv=
	while IFS= read -r x; do case $x in "$2 "*) sv=$x ;; esac; done <"$1"
}

p=$(writer "cmdlines-on-$$")
pid "$p"
saved "$T/saved_cmdlines" "$p"
[ "$sv" = "$p sh" ] || fail "saved_cmdlines has '$sv' for $p, want '$p sh'"
line "cmdlines-on-$$"
case $l in "$(printf '%16s-%-7d [' sh "$p")"*) ;; *) fail "the record of $p does not show sh-$p: $l" ;; esac
while IFS= read -r x; do
	case $x in [0-9]*" "?*) case ${x%% *} in *[!0-9]*) fail "saved_cmdlines line '$x'" ;; esac ;;
	*) fail "saved_cmdlines line '$x' is not 'PID COMM'" ;; esac
done <"$T/saved_cmdlines"
echo "saved: $sv"

# A rename is saved with the task's next record (or switch): a new sh
# renames itself and writes a marker twice. The second name differs from
# the first only in its last eight bytes.
out=$(taskset -c 0 sh -c '
	for n in cmdlinetest-one cmdlinetest-two; do
		printf %s "$n" >/proc/$$/comm
		echo "$1-$n" >"$2/trace_marker"
		sleep 0.3
		grep "^$$ " "$2/saved_cmdlines" || echo "$$ (none)"
	done' sh "cmdlines-rename-$$" "$T" | tr '\n' ' ')
case $out in
"$(printf '%d cmdlinetest-one %d cmdlinetest-two ' "${out%% *}" "${out%% *}")") ;;
*) fail "renamed writer: saved_cmdlines had '$out', want its pid with cmdlinetest-one, then cmdlinetest-two" ;;
esac
echo "renamed: $out"

# A resize starts an empty list.
echo 6553 >"$T/saved_cmdlines_size"
saved "$T/saved_cmdlines" "$p"
[ -z "$sv" ] || fail "resizing saved_cmdlines_size kept the saved '$sv'"
echo 128 >"$T/saved_cmdlines_size"

# saved_tgids: "PID TGID" lines.
while IFS= read -r x; do
	a=${x%% *}
	b=${x#* }
	[ "$a" != "$x" ] || fail "saved_tgids line '$x' is not 'PID TGID'"
	case $a:$b in *[!0-9:]* | :* | *:) fail "saved_tgids line '$x' is not 'PID TGID'" ;; esac
done <"$T/saved_tgids"
echo 1 >"$T/options/record-tgid"
r=$(writer "cmdlines-tgid0-$$")
pid "$r"
saved "$T/saved_tgids" "$r"
[ -z "$sv" ] || fail "a marker alone saved the tgid of $r: $sv"
line "cmdlines-tgid0-$$"
case $l in *"-$(printf '%-7d' "$r") (-------) ["*) ;; *) fail "the record of $r does not show (-------): $l" ;; esac
echo 1 >"$ev"
r=$(writer "cmdlines-tgid-$$")
echo 0 >"$ev"
pid "$r"
saved "$T/saved_tgids" "$r"
[ "$sv" = "$r $r" ] || fail "saved_tgids has '$sv' for $r, want '$r $r'"
line "cmdlines-tgid-$$"
case $l in *"-$(printf '%-7d (%7d)' "$r" "$r") ["*) ;; *) fail "the record of $r does not show its tgid: $l" ;; esac
echo "saved tgid: $sv"
echo 0 >"$T/options/record-tgid"
