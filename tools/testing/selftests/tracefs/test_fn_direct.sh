#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Direct calls (x86-64; arm64 has none in 6.1, ours as upstream's, which
# the test checks there): the checks of harness/modules/direct at load
# pass (the ip and _multi APIs
# and their errors, sharing a function with an ops that changes ip
# through ops_func, no call lost while the trampoline is modified under a
# caller, alone and beside another ops); enabled_functions marks its
# held function " D" with "direct-->" its trampoline; the function and
# function_graph tracers trace that function while its direct call goes
# on; the samples/ftrace modules run: the two trampolines of
# ftrace-direct-modify and of ftrace-direct-multi-modify both print as
# they are switched, ftrace-direct-multi's on two functions, and
# ftrace-direct-too's on each page fault; unloading leaves no enabled
# site and no kernel report.
. "$TESTDIR/lib.sh"

# Elsewhere (arm64) the kernel must not offer the API: without
# DYNAMIC_FTRACE_WITH_DIRECT_CALLS its functions are inline stubs, so
# none of them is a symbol.
if [ "$arch" != x86_64 ]; then
	s=$(grep -E ' (register|unregister|modify)_ftrace_direct(_multi)?$' /proc/kallsyms)
	[ -z "$s" ] || fail "$arch offers direct calls, which 6.1 does not: $s"
	grep -q ' ftrace_set_filter$' /proc/kallsyms ||
		fail "no ftrace_set_filter in /proc/kallsyms: cannot tell"
	echo "$arch: no direct call API, as upstream 6.1"
	exit 0
fi
[ -e "$T/enabled_functions" ] || fail "no enabled_functions"
mod=/tmp/out/modules/harness_direct.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/direct is built with the kernel)"
M=harness_direct
P=/sys/module/$M/parameters
F=$T/set_ftrace_filter
SAMPLES="ftrace-direct ftrace-direct-too ftrace-direct-modify ftrace-direct-multi ftrace-direct-multi-modify"
unload() { grep -q "^$(echo "$1" | tr - _) " /proc/modules && rmmod "$1"; }
cleanup() {
	echo nop >"$T/current_tracer"
	unload $M
	for s in $SAMPLES; do unload $s; done
	echo >"$F"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo >"$F"
cleanup
lines=$(dmesg | wc -l)

# Upstream 6.1 WARNs on an unregister with the wrong trampoline; ours
# refuses it with -EINVAL, which ours=1 checks.
o=0
[ "$flavor" = ours ] && o=1
insmod $mod hold=1 ours=$o ||
	fail "insmod $M: $(dmesg | tail -n +$((lines + 1)) | grep -m3 "$M")"
dmesg | tail -n +$((lines + 1)) | grep "$M: .*none lost" | sed 's/^\[[^]]*\] //'
echo "the module's checks passed"

call() {
	echo "$1" >$P/call || fail "cannot call harness_direct_target($1)"
	cat $P/result
}
# call N WANT: the function returns WANT and its call entered tramp_a.
check_call() {
	before=$(cat $P/hits_a)
	r=$(call "$1")
	[ "$r" = "$2" ] || fail "$3: harness_direct_target($1) returned $r, not $2"
	after=$(cat $P/hits_a)
	[ "$after" = $((before + 1)) ] ||
		fail "$3: the call entered the trampoline $((after - before)) times, not once"
}
en() { grep -A1 "^harness_direct_target \[$M\] " "$T/enabled_functions"; }

check_call 7 8 "the direct call alone"
e=$(en)
case $e in
"harness_direct_target [$M] (1) R   D"*) ;;
*) fail "enabled_functions: '$e'" ;;
esac
echo "$e" | grep -q "direct-->harness_direct_tramp_a" ||
	fail "enabled_functions has no 'direct-->harness_direct_tramp_a': '$e'"
echo "enabled_functions: $(echo "$e" | tr '\t\n' '  ')"

# A tracer on the same function: two ops on its site.
for t in function function_graph; do
	grep -qw $t "$T/available_tracers" || fail "no $t tracer"
	echo harness_direct_target >"$F" || fail "cannot filter"
	echo >"$T/trace"
	echo $t >"$T/current_tracer" || fail "cannot start $t"
	check_call 3 4 "with $t"
	e=$(en)
	case $e in
	"harness_direct_target [$M] (2) R   D"*) ;;
	*) fail "with $t, enabled_functions: '$e'" ;;
	esac
	# Read before the switch to nop, which clears the buffer.
	grep -q "harness_direct_target" "$T/trace" ||
		fail "$t did not trace harness_direct_target: $(grep -v '^#' "$T/trace" | head -3)"
	echo nop >"$T/current_tracer"
	echo "$t traced it while the direct call went on"
	echo >"$F"
done
check_call 9 10 "after the tracers"

rmmod $M || fail "rmmod $M"
! grep -q "\[$M\]" "$T/enabled_functions" ||
	fail "enabled_functions still lists the module: $(grep "\[$M\]" "$T/enabled_functions")"

# The sample modules (built with the kernel: CONFIG_SAMPLE_FTRACE_DIRECT*).
modprobe -n ftrace-direct 2>/dev/null || fail "no samples/ftrace direct modules"
# sample SECONDS PATTERN...: load it, let it run, and find each pattern
# in the trace.
sample() {
	s=$1 secs=$2
	shift 2
	echo >"$T/trace"
	modprobe $s || fail "modprobe $s"
	sleep "$secs"
	# Page faults, wakeups and scheduling for the samples' functions.
	ls / >/dev/null
	for p in "$@"; do
		grep -q "$p" "$T/trace" || {
			rmmod $s
			fail "$s: no '$p' in the trace: $(grep -v '^#' "$T/trace" | head -3)"
		}
	done
	rmmod $s || fail "rmmod $s"
	echo "$s: $(grep -c -v '^#' "$T/trace") lines"
}
sample ftrace-direct 1 "my_direct_func: waking up"
sample ftrace-direct-too 1 "handle mm fault vma="
sample ftrace-direct-modify 5 "my direct func1" "my direct func2"
sample ftrace-direct-multi 1 "my_direct_func: ip "
sample ftrace-direct-multi-modify 5 "my direct func1 ip" "my direct func2 ip"

e=$(grep " D" "$T/enabled_functions")
[ -z "$e" ] || fail "direct calls left in enabled_functions: $e"
r=$(kernel_reports "$lines")
[ -z "$r" ] || fail "the kernel complained: $r"
