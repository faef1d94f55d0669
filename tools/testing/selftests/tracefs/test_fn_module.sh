#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Function tracing of a module (harness/modules/fntest) as upstream 6.1
# has it: its functions appear in available_filter_functions with
# " [harness_fntest]" while it is loaded, and get traced; the ':mod:'
# words of set_ftrace_filter and set_ftrace_notrace select them, and one
# written before the module loads is kept, listed as written, and applied
# when it loads; its init function keeps its name in traces and
# /proc/kallsyms after its text is freed; unloading it while it is
# traced (filtered or not) is clean, empties a filter that named only
# it, drops the probes on its functions, and tracing goes on; its sites
# call the ops' trampoline like the kernel's; and loading and unloading
# it in a loop while another process switches the tracer leaves the
# kernel well.
. "$TESTDIR/lib.sh"

[ -e "$T/set_ftrace_filter" ] || fail "no set_ftrace_filter"
mod=/tmp/out/modules/harness_fntest.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/fntest is built with the kernel)"
M=harness_fntest
F=$T/set_ftrace_filter
N=$T/set_ftrace_notrace
A=$T/available_filter_functions
switcher=
cleanup() {
	[ -n "$switcher" ] && kill "$switcher" 2>/dev/null && wait "$switcher"
	echo nop >"$T/current_tracer"
	grep -q "^$M " /proc/modules && rmmod $M
	echo >"$F"
	echo >"$N"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo >"$F"
echo >"$N"
grep -q "^$M " /proc/modules && rmmod $M
grep -q "\[$M\]" "$A" && fail "available_filter_functions lists $M before it loads"
fire() { echo "$1" >/sys/module/$M/parameters/fire || fail "cannot fire $M"; }
# traced: the functions of the trace, one each, sorted, on a line.
# Recording stops meanwhile: reading the trace calls vfs_read.
traced() {
	echo 0 >"$T/tracing_on"
	grep -v '^#' "$T/trace" | sed 's/.*: \([^ ]*\) <-.*/\1/' | sort -u | tr '\n' ' '
	echo 1 >"$T/tracing_on"
}
count_total() { set -- $(cat "$T/dyn_ftrace_total_info"); echo "$1"; }

# Loaded: listed with the module's name, and counted.
n0=$(wc -l <"$A")
insmod $mod || fail "insmod $mod"
grep -qx "harness_fntest_alpha \[$M\]" "$A" || fail "available_filter_functions lacks harness_fntest_alpha [$M]"
grep -qx "harness_fntest_beta \[$M\]" "$A" || fail "available_filter_functions lacks harness_fntest_beta [$M]"
nmod=$(grep -c " \[$M\]\$" "$A")
n1=$(wc -l <"$A")
[ "$n1" = $((n0 + nmod)) ] || fail "available_filter_functions went from $n0 to $n1 lines for $nmod functions of $M"
[ "$(count_total)" = "$n1" ] || fail "dyn_ftrace_total_info counts $(count_total), available_filter_functions $n1"
echo "$M: $nmod functions listed with [$M]"

# glob:mod:NAME selects the module's functions that match, '!' removes.
echo "harness_fntest_*:mod:$M" >"$F" || fail "'harness_fntest_*:mod:$M' was refused"
[ "$(sort "$F" | tr '\n' ' ')" = "harness_fntest_alpha [$M] harness_fntest_beta [$M] " ] ||
	fail "'harness_fntest_*:mod:$M' gave '$(cat "$F")'"
echo function >"$T/current_tracer"
fire 3
got=$(traced)
en=$(sort "$T/enabled_functions" | sed 's/).*/)/' | tr '\n' ' ')
[ "$got" = "harness_fntest_alpha harness_fntest_beta " ] || fail "the trace has '$got'"
[ "$en" = "harness_fntest_alpha [$M] (1) harness_fntest_beta [$M] (1) " ] ||
	fail "enabled_functions reads '$en'"
# One ops wants them: a module's sites call its trampoline, as kernel
# sites do (x86-64; arm64 only in ours, as in test_fn_tramp.sh). On
# arm64 a site calls it only within a bl's reach (128 MiB); a module
# placed further (RANDOMIZE_MODULE_REGION_FULL, with module PLTs) calls
# ftrace_caller through its PLT, and its sites claim no trampoline. The
# trampolines' pool (ftrace_tramp_pool) spans 2 KiB.
if [ "$arch" = x86_64 ] || [ "$flavor" = ours ]; then
	sym() { grep -m1 " $1\$\| $1	" /proc/kallsyms | cut -d' ' -f1; }
	dist() { _d=$((0x$1 - 0x$2)); [ $_d -ge 0 ] || _d=$((-_d)); echo $_d; }
	far=$((128 << 20))
	pool=$(sym ftrace_tramp_pool)
	for f in alpha beta; do
		line=$(grep "^harness_fntest_$f \[$M\] (1)" "$T/enabled_functions")
		case $line in
		*"tramp: 0x"*)
			[ "$arch" = arm64 ] || continue
			t=${line##*tramp: 0x} t=${t%% *}
			[ "$(dist "$(sym harness_fntest_$f)" "$t")" -lt $far ] ||
				fail "$f calls a trampoline out of a bl's reach: $line"
			;;
		*)
			[ "$arch" = arm64 ] && [ -n "$pool" ] &&
				[ "$(dist "$(sym harness_fntest_$f)" "$pool")" -ge $((far - 2048)) ] ||
				fail "$f does not call a trampoline: $line"
			echo "harness_fntest_$f is out of a bl's reach of the trampolines: it calls ftrace_caller"
			;;
		esac
	done
fi
echo "!harness_fntest_beta:mod:$M" >>"$F" || fail "'!harness_fntest_beta:mod:$M' was refused"
[ "$(cat "$F")" = "harness_fntest_alpha [$M]" ] || fail "after '!...beta:mod:' the filter is '$(cat "$F")'"
: >"$T/trace"
fire 2
got=$(traced)
[ "$got" = "harness_fntest_alpha " ] || fail "with alpha alone the trace has '$got'"
echo "*:mod:$M" >"$F"
[ "$(wc -l <"$F")" = "$nmod" ] || fail "'*:mod:$M' selected $(wc -l <"$F") functions, not $nmod"
grep -v " \[$M\]\$" "$F" && fail "'*:mod:$M' selected functions of others"
echo ":mod:$M" >"$F"
[ "$(wc -l <"$F")" = "$nmod" ] || fail "':mod:$M' selected $(wc -l <"$F") functions, not $nmod"
expect_err "$F" "nosuchfunction_xyz:mod:$M
" "Invalid argument"
echo "harness_fntest_*:mod:$M" >"$F"
echo "harness_fntest_alpha:mod:$M" >"$N"
[ "$(cat "$N")" = "harness_fntest_alpha [$M]" ] || fail "the notrace set is '$(cat "$N")'"
: >"$T/trace"
fire 2
got=$(traced)
[ "$got" = "harness_fntest_beta " ] || fail "with alpha in notrace the trace has '$got'"
echo >"$N"
echo "glob:mod:, '!glob:mod:', *:mod:, :mod: and notrace select the module's functions"

# Unloading while its functions are traced through the filter: the filter
# is left empty, and traces nothing, also after an append to it; tracing
# goes on.
echo "harness_fntest_*:mod:$M" >"$F"
fire 1
rmmod $M || fail "rmmod while traced through the filter"
grep -q "\[$M\]" "$A" && fail "available_filter_functions still lists $M"
[ "$(wc -l <"$A")" = "$n0" ] || fail "available_filter_functions has $(wc -l <"$A") lines after rmmod, not $n0"
[ "$(count_total)" = "$n0" ] || fail "dyn_ftrace_total_info counts $(count_total) after rmmod, not $n0"
[ "$(wc -l <"$F")" = 0 ] || fail "after rmmod the filter reads '$(cat "$F")'"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions after rmmod: '$(head -3 "$T/enabled_functions")'"
# (so it stays through an edit that appends nothing)
echo >>"$F"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions after rmmod and an append: '$(head -3 "$T/enabled_functions")'"
echo vfs_read >"$F"
: >"$T/trace"
read -r l </proc/version
got=$(traced)
[ "$got" = "vfs_read " ] || fail "after rmmod, tracing vfs_read gave '$got'"
echo "rmmod while traced: the filter is emptied, tracing goes on"

# A :mod: word for a module not loaded is kept and listed, applied when
# it loads; '!' forgets it. Sets a module's unloading emptied read as
# empty (upstream keeps their stale entries and lists none), and trace
# nothing.
echo 'non_exist_func:mod:non_exist_module' >"$F" || fail "a word for a module not loaded was refused"
[ "$(cat "$F")" = "non_exist_func:mod:non_exist_module" ] || fail "the kept word reads '$(cat "$F")'"
echo '!non_exist_func:mod:non_exist_module' >>"$F" || fail "'!' of a kept word was refused"
[ "$(cat "$F")" = "#### all functions enabled ####" ] || fail "after '!' of the kept word the filter reads '$(cat "$F")'"
expect_err "$F" '!non_exist_func:mod:non_exist_module
' "Invalid argument"
echo "harness_fntest_a*:mod:$M" >"$F"
echo "harness_fntest_b*:mod:$M" >>"$N"
[ "$(cat "$F")" = "harness_fntest_a*:mod:$M" ] || fail "the kept word reads '$(cat "$F")'"
[ "$(cat "$N")" = "#### no functions disabled ####
harness_fntest_b*:mod:$M" ] || fail "the kept notrace word reads '$(cat "$N")'"
: >"$T/trace"
read -r l </proc/version
[ -z "$(traced)" ] || fail "a filter with only a kept word traced '$(traced)'"
insmod $mod || fail "insmod again"
[ "$(cat "$F")" = "harness_fntest_alpha [$M]" ] || fail "after insmod the filter reads '$(cat "$F")'"
[ "$(cat "$N")" = "harness_fntest_beta [$M]" ] || fail "after insmod the notrace set reads '$(cat "$N")'"
fire 2
got=$(traced)
[ "$got" = "harness_fntest_alpha " ] || fail "the kept words traced '$got'"
rmmod $M || fail "rmmod again"
[ "$(wc -l <"$F")" = 0 ] || fail "after rmmod the filter reads '$(cat "$F")'"
[ "$(wc -l <"$N")" = 0 ] || fail "after rmmod the notrace set reads '$(cat "$N")'"
echo >"$N"
echo "kept :mod: words: listed, applied at load, emptied at unload"

# The module's init function, traced while the module loads, keeps its
# name once its text is freed, as upstream: the trace prints it, and
# /proc/kallsyms lists it until rmmod.
echo "*:mod:$M" >"$F"
echo function >"$T/current_tracer"
: >"$T/trace"
insmod $mod || fail "insmod for the init function"
echo 0 >"$T/tracing_on"
grep -q " harness_fntest_init <-" "$T/trace" ||
	fail "the trace of insmod lacks harness_fntest_init: $(grep -v '^#' "$T/trace" | head -5)"
echo 1 >"$T/tracing_on"
grep -q " [tT] harness_fntest_init	\[$M\]" /proc/kallsyms ||
	fail "/proc/kallsyms lacks the freed harness_fntest_init"
rmmod $M || fail "rmmod after the init function"
grep -q " harness_fntest_init	" /proc/kallsyms && fail "/proc/kallsyms keeps harness_fntest_init after rmmod"
echo nop >"$T/current_tracer"
echo >"$F"
echo "the freed init function keeps its name until rmmod"

# Probes (set_ftrace_filter commands) on a module's function. On ours
# they go with the module: none is listed after rmmod, an event one
# releases its event's soft mode, and the function loaded again (most
# likely at the same address) has none. Upstream keeps them: listed by
# bare addresses, the event held, and back on the functions of the
# module loaded again at that address; there they are removed first.
E=$T/events/sched/sched_switch/enable
insmod $mod || fail "insmod for the probes"
echo "harness_fntest_alpha:traceoff" >>"$F" || fail "a traceoff probe on the module was refused"
echo "harness_fntest_beta:enable_event:sched:sched_switch" >>"$F" ||
	fail "an enable_event probe on the module was refused"
grep -qx "harness_fntest_alpha \[$M\]:traceoff:unlimited" "$F" || fail "the traceoff probe is not listed: $(cat "$F")"
[ "$(cat "$E")" = "0*" ] || fail "sched_switch/enable reads '$(cat "$E")' with an enable_event probe, not 0*"
if [ "$flavor" != ours ]; then
	echo '!harness_fntest_alpha:traceoff' >>"$F"
	echo '!harness_fntest_beta:enable_event:sched:sched_switch' >>"$F"
fi
rmmod $M || fail "rmmod with probes"
grep -q ":traceoff\|:enable_event" "$F" && fail "after rmmod set_ftrace_filter lists $(grep ':' "$F" | tr '\n' ' ')"
[ "$(cat "$E")" = 0 ] || fail "after rmmod sched_switch/enable reads '$(cat "$E")', not 0"
insmod $mod || fail "insmod after the probes"
grep -q ":traceoff\|:enable_event" "$F" && fail "after insmod set_ftrace_filter lists $(grep ':' "$F" | tr '\n' ' ')"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions after insmod: '$(head -3 "$T/enabled_functions")'"
fire 2
[ "$(cat "$T/tracing_on")" = 1 ] || fail "a probe of the unloaded module fired on the new one"
rmmod $M || fail "rmmod after the probes"
echo "probes on a module's functions: none left after rmmod"

# Unloading while every function is traced. (A buffer that holds the
# calls: one left small by another test would have overwritten them
# before the check.)
echo >"$F"
echo nop >"$T/current_tracer"
[ "$(cut -d' ' -f1 "$T/buffer_size_kb")" -ge 1024 ] ||
	echo 1024 >"$T/buffer_size_kb"
insmod $mod || fail "insmod a third time"
echo function >"$T/current_tracer"
grep -q "^harness_fntest_beta \[$M\] (1)" "$T/enabled_functions" ||
	fail "tracing everything, enabled_functions lacks the module: $(grep "\[$M\]" "$T/enabled_functions")"
fire 100
echo 0 >"$T/tracing_on"
grep -q ' harness_fntest_beta <-' "$T/trace" ||
	fail "tracing everything missed the module: $(grep -v '^#' "$T/trace" | wc -l) records, $(grep -c harness_fntest "$T/trace") of it, last: $(tail -n 1 "$T/trace")"
echo 1 >"$T/tracing_on"
rmmod $M || fail "rmmod while every function is traced"
: >"$T/trace"
read -r l </proc/version
echo 0 >"$T/tracing_on"
grep -q ' vfs_read <-' "$T/trace" || fail "tracing everything stopped after rmmod"
echo 1 >"$T/tracing_on"
echo nop >"$T/current_tracer"
echo "rmmod while everything is traced: tracing goes on"

# Load and unload in a loop while another process switches the tracer.
# Each load and unload waits for the pass over every site the switcher
# is in: a round took 20-45 s on x86-64 under TCG. Two rounds put each
# of the module's ftrace steps beside a pass twice.
rounds=${FN_MODULE_ROUNDS:-2}
(
	while :; do
		echo function >"$T/current_tracer"
		echo nop >"$T/current_tracer"
	done
) 2>/dev/null &
switcher=$!
i=0
while [ $i -lt "$rounds" ]; do
	insmod $mod || fail "insmod, round $i"
	fire 5
	rmmod $M || fail "rmmod, round $i"
	i=$((i + 1))
done
{ kill "$switcher"; wait "$switcher"; } 2>/dev/null
switcher=
echo nop >"$T/current_tracer"
grep -q "\[$M\]" "$A" && fail "available_filter_functions lists $M after the loop"
[ "$(count_total)" = "$n0" ] || fail "dyn_ftrace_total_info counts $(count_total) after the loop, not $n0"
echo function >"$T/current_tracer"
read -r l </proc/version
echo 0 >"$T/tracing_on"
grep -q ' vfs_read <-' "$T/trace" || fail "the function tracer traces nothing after the loop"
echo 1 >"$T/tracing_on"
echo nop >"$T/current_tracer"
dmesg | grep -q "giving up on function tracing" &&
	fail "the kernel gave up on function tracing: $(dmesg | grep -m1 'giving up')"
echo "$rounds rounds of insmod/rmmod while the tracer switched"
exit 0
