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
# entries come from kprobe_events here (a later issue in flavor ours).
. "$TESTDIR/lib.sh"

gaps=
gap() {
	[ "$flavor" = ours ] || fail "$1"
	echo "not checked: $1"
	gaps="$gaps; $1"
}
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

if [ ! -f "$T/kprobe_events" ]; then
	gap "error_log entries (their format, the 8 kept, clearing; no kprobe_events to make errors)"
	skip "all else passed; not checked on ours:${gaps#;}"
fi
# error CMD: a kprobe_events write that fails.
error() { printf '%s' "$1" >"$T/kprobe_events" 2>/dev/null && fail "kprobe_events took '$1'"; }
error "p:core_errlog_probe no_such_symbol_$$"
slurp "$e"
[ $n = 3 ] || fail "one error is not 3 lines: $s"
{ IFS= read -r l1; IFS= read -r l2; IFS= read -r l3; } <"$e"
# "[%5llu.%06u] "
sec=${l1%%.*}
us=${l1#*.}
us=${us%%]*}
case $l1 in
"["*[0-9].[0-9][0-9][0-9][0-9][0-9][0-9]"] trace_kprobe: error: Invalid probed address or symbol") ;;
*) fail "line 1: '$l1'" ;;
esac
d=${sec##*[ []}
case $d in '' | *[!0-9]*) fail "line 1: '$l1'" ;; esac
[ ${#sec} -ge 6 ] && [ ${#us} = 6 ] || fail "line 1 does not start with '[%5llu.%06u]': '$l1'"
[ "$l2" = "  Command: p:core_errlog_probe no_such_symbol_$$" ] || fail "line 2: '$l2'"
# the caret under the symbol: 11 + 20 spaces
[ "$l3" = "                               ^" ] || fail "line 3: '$l3'"
printf '%s' "$s" | sed 's/^/    /'
# Appending, or writing without O_TRUNC, keeps it.
echo "x" >>"$e"
expect_err "$e" " " ok
slurp "$e"
[ $n = 3 ] || fail "a write without O_TRUNC changed error_log"
# O_TRUNC clears, whatever is written.
for how in empty space colon; do
	error "p:core_errlog_probe no_such_symbol_$$"
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
	error "p:core_errlog_$i no_such_symbol_$$"
	i=$((i + 1))
done
kept=
while IFS= read -r l; do
	case $l in
	"  Command: p:core_errlog_"*)
		l=${l#*core_errlog_}
		kept="$kept${l%% *}"
		;;
	esac
done <"$e"
[ "$kept" = 23456789 ] || fail "the errors kept of 10: $kept, want the last 8 (23456789)"
: >"$e"
[ -z "$gaps" ] || skip "all else passed; not checked on ours:${gaps#;}"
