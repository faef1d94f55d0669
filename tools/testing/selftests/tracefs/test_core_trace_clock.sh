#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace_clock as in upstream 6.1: one line listing the clocks, the current
# one in [brackets] - "local global counter uptime perf mono mono_raw boot
# tai", plus "x86-tsc" on x86-64. The default is local, or global when the
# kernel logged 'Unstable clock detected, switching default tracing clock
# to "global"' (x86 without a stable sched clock). Selecting a clock
# clears the buffer; record time stamps then come from it: the
# nanosecond clocks print "%5lu.%06lu" seconds, counter/uptime/x86-tsc a
# bare "%12llu" count (counter: the number of clock reads; uptime: jiffies
# in 1/100 s since boot), and so do per_cpu stats. Unknown names: EINVAL.
. "$TESTDIR/lib.sh"

case $arch in
x86_64) want="local global counter uptime perf mono mono_raw boot tai x86-tsc" ;;
arm64) want="local global counter uptime perf mono mono_raw boot tai" ;;
*) fail "no clock list for arch $arch" ;;
esac
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
if dmesg | grep -q 'Unstable clock detected, switching default tracing clock to "global"'; then
	default=global
else
	default=local
fi
cleanup() {
	echo "$default" >"$T/trace_clock"
	reset_tracing
}
trap cleanup EXIT
reset_tracing

get() { v=; IFS= read -r v <"$1"; }
# current: the selected clock into $cur, the list without brackets into $names.
current() {
	get "$T/trace_clock"
	cur=${v#*[}
	cur=${cur%%]*}
	names=
	for w in $v; do
		case $w in "["*"]") w=${w#[} w=${w%]} ;; esac
		names="$names${names:+ }$w"
	done
}
lines=0
while IFS= read -r l; do lines=$((lines + 1)); done <"$T/trace_clock"
[ $lines = 1 ] || fail "trace_clock is not one line"
current
[ "$names" = "$want" ] || fail "trace_clock lists '$v', want '$want'"
case $v in *"["*"["* | *"]"*"]"*) fail "more than one clock in brackets: $v" ;; esac
[ "$cur" = "$default" ] || fail "the default clock is $cur, want $default"
echo "trace_clock: $v"

# up: the uptime in whole seconds into $u.
up() { get /proc/uptime; u=${v%%.*}; }
for c in $want; do
	echo "clock-before-$$" >"$T/trace_marker"
	echo "$c" >"$T/trace_clock" || fail "trace_clock refused $c"
	current
	[ "$cur" = "$c" ] || fail "selected $c, trace_clock says $v"
	[ "$names" = "$want" ] || fail "the list changed: $names"
	taskset -c 0 sh -c 'for i in 1 2 3; do echo "clock-$1-$i-$2" >"$3"; done' sh "$c" $$ "$T/trace_marker"
	t1= t2= t3= line1= n=0
	while IFS= read -r l; do
		case $l in
		*": tracing_mark_write: clock-before-$$") fail "selecting $c did not clear the buffer" ;;
		*": tracing_mark_write: clock-$c-"[123]"-$$")
			n=$((n + 1))
			t=${l%%": tracing_mark_write:"*}
			t=${t##* }
			eval "t$n=\$t"
			[ $n = 1 ] && line1=$l
			;;
		esac
	done <"$T/trace"
	[ $n = 3 ] || fail "$c: $n of the 3 markers in trace"
	oldest= now=
	while IFS= read -r l; do
		case $l in
		"oldest event ts: "*) oldest=${l##* } ;;
		"now ts: "*) now=${l##* } ;;
		esac
	done <"$T/per_cpu/cpu0/stats"
	up
	echo "$c: $t1 $t2 $t3 (stats: oldest $oldest, now $now; uptime $u s)"
	case $c in
	counter | uptime | x86-tsc)
		for t in "$t1" "$t2" "$t3" "$oldest" "$now"; do
			case $t in '' | *[!0-9]*) fail "$c: '$t' is not a bare count" ;; esac
		done
		# the record's field is " %12llu"
		f=${line1%%": tracing_mark_write:"*}
		f=${f%"$t1"}
		f=${f##*[!\ ]}
		[ $((${#f} + ${#t1})) -ge 13 ] || fail "$c: the time stamp is not ' %12llu': $line1"
		[ "$t1" -le "$t2" ] && [ "$t2" -le "$t3" ] || fail "$c: $t1 $t2 $t3 go back"
		;;
	*)
		for t in "$t1" "$t2" "$t3" "$oldest" "$now"; do
			case $t in
			[0-9]*.[0-9][0-9][0-9][0-9][0-9][0-9]) ;;
			*) fail "$c: '$t' is not seconds.micros" ;;
			esac
			case ${t%.*} in *[!0-9]*) fail "$c: '$t' is not seconds.micros" ;; esac
		done
		[ "${t1%.*}" -le "${t3%.*}" ] || fail "$c: $t1 ... $t3 go back"
		;;
	esac
	# near BASE VALUE [SLACK]: VALUE is within SLACK (5 s + 10 %: TCG
	# guests' clocks drift) of BASE.
	near() {
		d=${3:-$((5 + $1 / 10))}
		[ $(($2 - $1)) -le $d ] && [ $(($1 - $2)) -le $d ]
	}
	case $c in
	counter)
		[ "$t1" -lt "$t2" ] && [ "$t2" -lt "$t3" ] || fail "counter: $t1 $t2 $t3 do not increase"
		[ $((t3 - t1)) -lt 1000 ] || fail "counter: $t1 .. $t3 is no small count"
		;;
	uptime)
		near $u $((t1 / 100)) || fail "uptime: $t1 is not ~100 * $u s"
		;;
	x86-tsc)
		[ "$t1" -gt 1000000 ] || fail "x86-tsc: $t1 is not a cycle count"
		;;
	tai)
		w=$(date +%s)
		near $w ${t1%.*} 60 || fail "tai: $t1 is not near the wall clock $w"
		;;
	*)
		near $u ${t1%.*} || fail "$c: $t1 is not near the uptime $u s"
		;;
	esac
done

# Names: exact, white space around them ignored.
for bad in no_such_clock LOCAL "local global" "[local]"; do
	expect_err "$T/trace_clock" "$bad" "Invalid argument"
done
[ "$arch" = x86_64 ] || expect_err "$T/trace_clock" x86-tsc "Invalid argument"
printf '  global  ' >"$T/trace_clock" || fail "'  global  ' refused"
current
[ "$cur" = global ] || fail "'  global  ' did not select global"
printf 'local\n' >"$T/trace_clock" || fail "'local\\n' refused"
current
[ "$cur" = local ] || fail "'local\\n' did not select local"
