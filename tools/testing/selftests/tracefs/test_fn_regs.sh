#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ftrace_ops that want every register or change ip, and kprobes on
# function entries through them (x86-64; harness/modules/regs; on arm64
# ours refuses such ops, which the module checks instead): the
# module's own checks at load pass (pt_regs as upstream fills them, a
# changed register or ip reaches the function, a second ops that
# changes ip on one function is refused, kprobes on entries go through
# ftrace); enabled_functions marks its held function " R I"; the
# function tracer on the same functions (two ops on one site) traces
# them while the redirect and the kprobe go on; unloading it leaves no
# enabled site and no kernel report.
. "$TESTDIR/lib.sh"

[ -e "$T/enabled_functions" ] || fail "no enabled_functions"
mod=/tmp/out/modules/harness_regs.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/regs is built with the kernel)"
M=harness_regs
if [ "$arch" != x86_64 ]; then
	# Ours on arm64 saves the argument registers only: the module checks
	# that such ops are refused, and that one asking for every register
	# only if supported is traced with the arguments.
	[ "$flavor" = ours ] || skip "upstream's arm64 saves every register"
	grep -q "^$M " /proc/modules && rmmod $M
	lines=$(dmesg | wc -l)
	insmod $mod ||
		fail "insmod $M: $(dmesg | tail -n +$((lines + 1)) | grep -m3 "$M")"
	rmmod $M || fail "rmmod $M"
	r=$(kernel_reports "$lines")
	[ -z "$r" ] || fail "the kernel complained: $r"
	echo "$arch: ops needing every register or changing ip refused, if-supported traced"
	exit 0
fi
P=/sys/module/$M/parameters
F=$T/set_ftrace_filter
cleanup() {
	echo nop >"$T/current_tracer"
	grep -q "^$M " /proc/modules && rmmod $M
	echo >"$F"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo >"$F"
grep -q "^$M " /proc/modules && rmmod $M
lines=$(dmesg | wc -l)

# Upstream 6.1 oopses registering an IPMODIFY ops that never had a
# filter (a NULL func_hash); ours refuses it with -EINVAL.
unfiltered=1
[ "$flavor" = ours ] || unfiltered=0
insmod $mod hold=1 unfiltered=$unfiltered ||
	fail "insmod $M: $(dmesg | tail -n +$((lines + 1)) | grep -m3 "$M")"
echo "the module's checks passed"
call() {
	echo "$1" >$P/call || fail "cannot call harness_regs_target($1)"
	cat $P/result
}
en() { grep "^$1 \[$M\] " "$T/enabled_functions"; }

r=$(call 7)
[ "$r" = 700 ] || fail "harness_regs_target(7) returned $r, not 700 through the redirect"
[ "$(cat $P/kprobe_hits)" = 1 ] ||
	fail "the kprobe on harness_regs_other fired $(cat $P/kprobe_hits) times, not 1"
e=$(en harness_regs_target)
case $e in
"harness_regs_target [$M] (1) R I"*) ;;
*) fail "enabled_functions: '$e'" ;;
esac
e=$(en harness_regs_other)
case $e in
"harness_regs_other [$M] (1) R  "*) ;;
*) fail "enabled_functions: '$e'" ;;
esac
echo "enabled_functions: $(en harness_regs_target | tr '\t' ' ')"

# The function tracer on both: two ops on each site.
echo "harness_regs_target harness_regs_other" >"$F" || fail "cannot filter"
echo function >"$T/current_tracer" || fail "cannot start the function tracer"
r=$(call 3)
[ "$r" = 300 ] || fail "with the function tracer: harness_regs_target(3) returned $r"
[ "$(cat $P/kprobe_hits)" = 2 ] ||
	fail "with the function tracer: the kprobe fired $(cat $P/kprobe_hits) times, not 2"
case $(en harness_regs_target) in
"harness_regs_target [$M] (2) R I"*) ;;
*) fail "enabled_functions with the tracer: '$(en harness_regs_target)'" ;;
esac
for f in harness_regs_target harness_regs_other; do
	grep -q " $f <-" "$T/trace" || fail "no $f line in the trace: $(grep -c . "$T/trace") lines"
done
echo "traced alongside: $(grep -c ' harness_regs_[a-z]* <-' "$T/trace") lines"
echo nop >"$T/current_tracer"
echo >"$F"

rmmod $M || fail "rmmod $M"
[ -z "$(grep "\[$M\]" "$T/enabled_functions")" ] ||
	fail "enabled_functions still lists $M"
r=$(kernel_reports "$lines")
[ -z "$r" ] || fail "the kernel complained: $r"
echo "unloaded clean"
