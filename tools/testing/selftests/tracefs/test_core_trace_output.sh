#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The text of `trace` as upstream 6.1 prints it with the nop tracer: the
# header byte for byte (with the entry counts and the online CPUs), in its
# four forms (irq-info and record-tgid on and off); each marker's line
# "%16s-%-7d [%03d] <5 flags> %5lu.%06lu: tracing_mark_write: TEXT", where
# the comm is "<...>" until the pid's comm has been saved; and clearing:
# opening trace with O_TRUNC empties the buffer, appending does not.
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
. "$TESTDIR/lib.sh"

cleanup() {
	echo 1 >"$T/options/irq-info"
	echo 0 >"$T/options/record-tgid"
	reset_tracing
}
trap cleanup EXIT
reset_tracing

nl='
'
get() { v=; IFS= read -r v <"$1"; }
# slurp FILE [N]: the first N (all) lines of FILE into $s, each ending in
# a newline; the other lines (not starting with '#') into $recs.
slurp() {
	s= recs= k=0 nrec=0
	while IFS= read -r l; do
		k=$((k + 1))
		[ -z "${2:-}" ] || [ $k -le "$2" ] && s=$s$l$nl
		case $l in "#"*) ;; *) recs=$recs$l$nl nrec=$((nrec + 1)) ;; esac
	done <"$1"
}
# same WHAT WANT: $s is WANT.
same() {
	[ "$s" = "$2" ] && return
	printf -- '--- want\n%s--- got\n%s' "$2" "$s"
	fail "$1 differs from upstream's"
}
# rec N: the Nth record of $recs into $r.
rec() {
	r= k=0
	while IFS= read -r x; do
		k=$((k + 1))
		[ $k = "$1" ] && r=$x && return
	done <<EOF
$recs
EOF
}

online=0
get /sys/devices/system/cpu/online
ifs=$IFS IFS=,
for range in $v; do
	online=$((online + ${range#*-} - ${range%-*} + 1))
done
IFS=$ifs
last=${v##*[,-]}

# header ENTRIES WRITTEN [TGID]: the header with irq-info on.
header() {
	printf '# tracer: nop\n#\n'
	printf '# entries-in-buffer/entries-written: %s/%s   #P:%s\n#\n' "$1" "$2" "$online"
	if [ -z "${3:-}" ]; then
		printf '%s\n' \
			"#                                _-----=> irqs-off/BH-disabled" \
			"#                               / _----=> need-resched" \
			"#                              | / _---=> hardirq/softirq" \
			"#                              || / _--=> preempt-depth" \
			"#                              ||| / _-=> migrate-disable" \
			"#                              |||| /     delay" \
			"#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION" \
			"#              | |         |   |||||     |         |"
	else
		printf '%s\n' \
			"#                                          _-----=> irqs-off/BH-disabled" \
			"#                                         / _----=> need-resched" \
			"#                                        | / _---=> hardirq/softirq" \
			"#                                        || / _--=> preempt-depth" \
			"#                                        ||| / _-=> migrate-disable" \
			"#                                        |||| /     delay" \
			"#           TASK-PID       TGID    CPU#  |||||  TIMESTAMP  FUNCTION" \
			"#              | |           |       |   |||||     |         |"
	fi
}

# The empty buffer: the header alone, counting 0/0.
slurp "$T/trace"
same "the header of the empty buffer" "$(header 0 0)$nl"

# mark CPU TEXT: TEXT from a new process on CPU; its pid into $p.
mark() {
	p=$(taskset -c "$1" sh -c 'echo $$; echo "$1" >"$2"' sh "$2" "$T/trace_marker")
	case $p in '' | *[!0-9]*) fail "marker '$2' on cpu$1: $p" ;; esac
}
# check_line LINE PID CPU TEXT [TGID]: LINE is the record of the marker
# TEXT written by PID on CPU, in the current format (with TGID: the
# record-tgid format). The comm is "<...>" or the one saved for PID.
check_line() {
	l=$1
	c16=${l%"${l#????????????????}"}
	comm=${c16##* }
	saved=
	while IFS= read -r sl; do
		case $sl in "$2 "*) saved=${sl#* } ;; esac
	done <"$T/saved_cmdlines"
	[ "$comm" = "<...>" ] || [ "$comm" = "$saved" ] ||
		fail "comm '$comm' is neither <...> nor the saved comm '$saved' of pid $2: '$l'"
	pre=$(printf '%16s-%-7d ' "$comm" "$2")
	case $l in "$pre"*) ;; *) fail "record does not start with '$pre' (%16s-%-7d ): '$l'" ;; esac
	rest=${l#"$pre"}
	if [ -n "${5:-}" ]; then
		# (-------) until something saves the tgid of the pid
		t=$(printf '(%7d) ' "$5")
		case $rest in
		"$t"* | "(-------) "*) rest=${rest#(*) } ;;
		*) fail "no '$t' or '(-------) ' tgid field after the pid: '$l'" ;;
		esac
	fi
	c=$(printf '[%03d] ' "$3")
	case $rest in "$c"*) ;; *) fail "no '$c' after the pid: '$l'" ;; esac
	rest=${rest#"$c"}
	get "$T/options/irq-info"
	if [ "$v" = 1 ]; then
		case $rest in
		[.dDbX][.nNp][.zZhHs][.0-9a-f][.0-9a-f]" "*) rest=${rest#?????} ;;
		*) fail "no irqs-off/need-resched/hardirq/preempt/migrate flags: '$l'" ;;
		esac
	fi
	# " %5lu.%06lu: "
	case $rest in *": tracing_mark_write: $4") ;; *) fail "text of '$l' is not '$4'" ;; esac
	ts=${rest%": tracing_mark_write: $4"}
	sec=${ts%.*} us=${ts#*.} d=${ts%.*}
	d=${d##* }
	case $d:$us in
	*[!0-9]*:* | *:*[!0-9]* | :* | *:) fail "time stamp '$ts' of '$l'" ;;
	esac
	[ ${#sec} -ge 6 ] && [ ${#us} = 6 ] && [ "${sec% *}" != "$sec" ] ||
		fail "time stamp '$ts' is not ' %5lu.%06lu': '$l'"
}

# Three markers, one per line, counted in the header.
mark "$last" "output-one-$$"
p1=$p
mark 0 "output-two-$$"
p2=$p
mark "$last" "output-three-$$"
p3=$p
slurp "$T/trace" 12
same "the header after three markers" "$(header 3 3)$nl"
[ $nrec = 3 ] || fail "3 markers gave these records: $recs"
rec 1
check_line "$r" "$p1" "$last" "output-one-$$"
rec 2
check_line "$r" "$p2" 0 "output-two-$$"
rec 3
check_line "$r" "$p3" "$last" "output-three-$$"
printf '%s' "$recs" | sed 's/^/    /'

# irq-info off: no flags column, and the shorter header.
echo 0 >"$T/options/irq-info"
slurp "$T/trace" 6
same "the header with irq-info off" "$(printf '# tracer: nop\n#\n# entries-in-buffer/entries-written: 3/3   #P:%s\n#\n' "$online")
#           TASK-PID     CPU#     TIMESTAMP  FUNCTION
#              | |         |         |         |$nl"
rec 1
check_line "$r" "$p1" "$last" "output-one-$$"

# record-tgid on: the TGID column; a tgid nobody saved shows as (-------).
echo 1 >"$T/options/record-tgid"
slurp "$T/trace" 6
same "the header with irq-info off and record-tgid on" "$(printf '# tracer: nop\n#\n# entries-in-buffer/entries-written: 3/3   #P:%s\n#\n' "$online")
#           TASK-PID       TGID    CPU#     TIMESTAMP  FUNCTION
#              | |           |       |         |         |$nl"
rec 2
check_line "$r" "$p2" 0 "output-two-$$" "$p2"
echo 1 >"$T/options/irq-info"
slurp "$T/trace" 12
same "the header with record-tgid on" "$(header 3 3 tgid)$nl"
rec 3
check_line "$r" "$p3" "$last" "output-three-$$" "$p3"
echo 0 >"$T/options/record-tgid"

# Appending to trace (no O_TRUNC) is accepted and clears nothing.
echo x >>"$T/trace" || fail "appending to trace failed"
expect_err "$T/trace" "anything" ok
slurp "$T/trace"
[ $nrec = 3 ] || fail "a write without O_TRUNC changed the records"
# `: > trace` (O_TRUNC) clears every CPU, and the counts restart.
: >"$T/trace"
slurp "$T/trace"
same "trace after ': > trace'" "$(header 0 0)$nl"
# So does `echo > trace`.
mark 0 "output-four-$$"
mark "$last" "output-five-$$"
slurp "$T/trace" 12
same "the header after two more markers" "$(header 2 2)$nl"
echo >"$T/trace"
slurp "$T/trace"
same "trace after 'echo > trace'" "$(header 0 0)$nl"
