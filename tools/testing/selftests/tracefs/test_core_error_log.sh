#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# error_log as in upstream 6.1 (640, in the top directory and in each
# instance). Opening it with O_TRUNC (echo "" >, echo " " >, : >) clears
# it; any write is accepted and, without O_TRUNC, changes nothing. Each
# error is
#	[%5llu.%06u] LOCATION: error: TEXT
#	  Command: COMMAND
#	<11 + position spaces>^
# and only the last 8 are kept. The core itself logs nothing: the
# entries come from an event filter that does not parse (every flavor),
# and from kprobe_events (every flavor of make check's configs).
. "$TESTDIR/lib.sh"

inst=$T/instances/core_errlog_$$
cleanup() {
	[ -d "$inst" ] && rmdir "$inst"
	: >"$T/error_log"
}
trap cleanup EXIT
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
# slurp FILE: FILE into $s, its number of lines into $n.
slurp() { s= n=0; while IFS= read -r l; do s="$s$l
" n=$((n + 1)); done <"$1"; }
e=$T/error_log
: >"$e" || fail "cannot truncate error_log"
slurp "$e"
[ $n = 0 ] || fail "error_log is not empty after ': >': $s"
expect_err "$e" "anything" ok
printf ' ' >>"$e" || fail "error_log refused an appended ' '"
slurp "$e"
[ $n = 0 ] || fail "writes made error_log non-empty: $s"
mkdir "$inst" || fail "mkdir $inst"
m=$(stat -c %a "$e" "$inst/error_log" | tr '\n' ' ')
[ "$m" = "640 640 " ] || fail "modes of error_log and the instance's: $m"
slurp "$inst/error_log"
[ $n = 0 ] || fail "a new instance's error_log is not empty: $s"
: >"$inst/error_log" || fail "cannot truncate the instance's error_log"
rmdir "$inst" || fail "rmdir $inst"

# The producers: each one's file, a failing command for error N, the
# first line of its entry and the caret's column (11 + the position
# upstream gives).
filt=$T/events/sched/sched_switch/filter
[ -f "$filt" ] || fail "no events/sched/sched_switch/filter"
producers=filter
if [ -f "$T/kprobe_events" ]; then
	producers="$producers kprobe"
else
	echo "no kprobe_events on $flavor: its errors not checked"
fi
cleanup() {
	[ -d "$inst" ] && rmdir "$inst"
	echo 0 >"$filt"
	: >"$T/error_log"
}
# error N: a write of command N that fails.
error() { printf '%s' "$(cmd "$1")" >"$pfile" 2>/dev/null && fail "$pfile took '$(cmd "$1")'"; }
for producer in $producers; do
	case $producer in
	kprobe)
		pfile=$T/kprobe_events
		cmd() { echo "p:core_errlog_$1 no_such_symbol_$$"; }
		what="trace_kprobe: error: Invalid probed address or symbol"
		col=31
		;;
	filter)
		pfile=$filt
		cmd() { echo "core_errlog_$1 == 1"; }
		what="event filter parse error: error: Field not found"
		# upstream points at the operator after the unknown field
		col=29
		;;
	esac
	: >"$e"
	error probe
	slurp "$e"
	[ $n = 3 ] || fail "one error is not 3 lines: $s"
	{ IFS= read -r l1; IFS= read -r l2; IFS= read -r l3; } <"$e"
	# "[%5llu.%06u] "
	sec=${l1%%.*}
	us=${l1#*.}
	us=${us%%]*}
	case $l1 in
	"["*[0-9].[0-9][0-9][0-9][0-9][0-9][0-9]"] $what") ;;
	*) fail "line 1: '$l1'" ;;
	esac
	d=${sec##*[ []}
	case $d in '' | *[!0-9]*) fail "line 1: '$l1'" ;; esac
	[ ${#sec} -ge 6 ] && [ ${#us} = 6 ] || fail "line 1 does not start with '[%5llu.%06u]': '$l1'"
	[ "$l2" = "  Command: $(cmd probe)" ] || fail "line 2: '$l2'"
	# the caret under the symbol (kprobe) or the operator after the field
	caret=$(printf "%${col}s^" "")
	[ "$l3" = "$caret" ] || fail "line 3: '$l3', want '$caret'"
	printf '%s' "$s" | sed 's/^/    /'
	# Appending, or writing without O_TRUNC, keeps it.
	echo "x" >>"$e"
	expect_err "$e" " " ok
	slurp "$e"
	[ $n = 3 ] || fail "a write without O_TRUNC changed error_log"
	# O_TRUNC clears, whatever is written.
	for how in empty space colon; do
		error probe
		slurp "$e"
		[ $n -ge 3 ] || fail "no entry to clear"
		case $how in
		empty) echo "" >"$e" ;;
		space) echo " " >"$e" ;;
		colon) : >"$e" ;;
		esac
		slurp "$e"
		[ $n = 0 ] || fail "error_log not cleared by the '$how' write: $s"
	done
	# Only the last 8 errors are kept, oldest first.
	i=0
	while [ $i -lt 10 ]; do
		error $i
		i=$((i + 1))
	done
	kept=
	while IFS= read -r l; do
		case $l in
		"  Command: "*core_errlog_*)
			l=${l#*core_errlog_}
			kept="$kept${l%% *}"
			;;
		esac
	done <"$e"
	[ "$kept" = 23456789 ] || fail "the errors kept of 10: $kept, want the last 8 (23456789)"
	: >"$e"
	echo "$producer: an entry's three lines, O_TRUNC clears, the last 8 kept"
done
