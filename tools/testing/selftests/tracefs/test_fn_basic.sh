#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The function tracer: "func <-parent" records of a workload's syscalls,
# nothing once it is switched off again, func_stack_trace stacks that
# start at the traced function, instances tracing on their own, and
# switching tracers from two processes at once. On a kernel built with
# FTRACE_STARTUP_TEST (has_selftests), the tracer's boot self-test passed.
. "$TESTDIR/lib.sh"

if ! grep -qw function "$T/available_tracers"; then
	fail "no function tracer in available_tracers"
fi

if has_selftests; then
	# and every other tracer's (the latency tracers')
	line=$(selftests_passed function) || fail "${line#FAIL: }"
	echo "boot self-test: $line"
fi

I=$T/instances/fn-basic-$$
size0=$(buffer_kb)
cleanup() {
	if [ -d "$I" ]; then
		echo nop >"$I/current_tracer"
		rmdir "$I"
	fi
	echo 0 >"$T/options/func_stack_trace"
	echo "$size0" >"$T/buffer_size_kb"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 1 >"$T/options/overwrite"
# Small buffers: reading 'trace' while every function is traced is slow
# under emulation, and the tracer only stops being called at nop, which
# empties the buffer.
echo 128 >"$T/buffer_size_kb"

# One line of the default format (lib.sh).
line=$FN_RECORD

echo function >"$T/current_tracer" || fail "cannot set the function tracer"
ls / >/dev/null
echo 0 >"$T/tracing_on"
# Switching to nop empties the buffer (as upstream): read it first.
grep -v '^#' "$T/trace" >/tmp/fn-basic.txt
echo nop >"$T/current_tracer"
n=$(wc -l </tmp/fn-basic.txt)
bad=$(grep -cvE "$line" /tmp/fn-basic.txt)
echo "function: $n records, $bad not in the function format"
[ "$n" -gt 1000 ] || fail "only $n records in 'trace' under the function tracer"
[ "$bad" = 0 ] || { grep -vE "$line" /tmp/fn-basic.txt | head -5; fail "$bad lines are not 'func <-parent' records"; }
# The write() that turned tracing off is the newest record of its CPU,
# so it is there however much the buffer wrapped. A syscall runs with
# interrupts on and preemption enabled: the flags must say so, whatever
# the tracer itself disabled to record it. (ksys_write is called from
# do_syscall_64 on x86-64, from __arm64_sys_write on arm64.)
grep -E "^ *sh-$$ .*: ksys_write <-[a-z0-9_]+\$" /tmp/fn-basic.txt >/tmp/fn-write.txt ||
	fail "this shell's write() syscall (ksys_write) is not in the trace"
grep -qE '\] \.\.\.\.\. ' /tmp/fn-write.txt ||
	fail "flags of the write() syscall are not '.....': $(tail -n 1 /tmp/fn-write.txt)"
echo "this shell's write() is there ($(sed -n '$s/.*: //p' /tmp/fn-write.txt)), flags '.....'"

# Off again: no function records at all.
echo 1 >"$T/tracing_on"
: >"$T/trace"
ls / >/dev/null
sleep 0.2
n=$(grep -cE "$line" "$T/trace")
[ "$n" = 0 ] || fail "$n function records after switching to nop"
echo "after switching to nop: no function records"

# func_stack_trace: each record is followed by its stack, whose first
# frame is the traced function itself. Upstream shows the address of its
# trampoline before it, and now and then (2 in 1461 stacks, from the
# idle loop) its own callback too: on other flavors those frames are
# passed over. Records of the CPUs interleave in
# 'trace', so a stack is matched with the last record of its CPU.
echo 1 >"$T/options/func_stack_trace"
echo function >"$T/current_tracer"
sleep 0.2
echo 0 >"$T/tracing_on"
internal='^$'
[ "$flavor" = ours ] ||
	internal='^(0x[0-9a-f]+|function_stack_trace_call|ftrace_[a-z_]+|arch_ftrace_ops_list_func)$'
awk -v internal="$internal" '
	/^#/ { next }
	/^ => / && $2 ~ internal { next }
	/^ => / {
		if (want != "") {
			if ($2 == want) good++
			else if (bad++ < 3) print "stack of " want " starts at " $2
		}
		want = ""; next
	}
	{ match($0, /\[[0-9]+\]/); cpu = substr($0, RSTART, RLENGTH) }
	/: <stack trace>$/ { want = fn[cpu]; stacks++; next }
	{ want = ""; sub(/.*: /, ""); fn[cpu] = $1 }
	END { print stacks + 0, good + 0, bad + 0 }
' "$T/trace" >/tmp/fn-basic.txt
echo nop >"$T/current_tracer"
echo 0 >"$T/options/func_stack_trace"
cat /tmp/fn-basic.txt
set -- $(tail -n 1 /tmp/fn-basic.txt)
[ "$1" -gt 10 ] || fail "only $1 stacks with func_stack_trace"
[ "$3" = 0 ] || fail "$3 of $1 stacks do not start at the traced function"
echo "func_stack_trace: $1 stacks, each starting at the traced function"
echo 1 >"$T/tracing_on"

# An instance traces on its own, the top level staying nop; then both.
mkdir "$I" || fail "cannot make an instance"
echo 1 >"$I/options/overwrite"
echo 128 >"$I/buffer_size_kb"
echo function >"$I/current_tracer" || fail "the instance refuses the function tracer"
ls / >/dev/null
echo 0 >"$I/tracing_on"
n=$(grep -cE "$line" "$I/trace")
top=$(grep -cE "$line" "$T/trace")
echo nop >"$I/current_tracer"
echo 1 >"$I/tracing_on"
[ "$n" -gt 100 ] || fail "only $n records in the instance"
[ "$top" = 0 ] || fail "$top function records in the top level, whose tracer is nop"
echo "instance alone: $n records, none at the top level"
echo function >"$I/current_tracer"
echo function >"$T/current_tracer"
ls / >/dev/null
echo 0 >"$T/tracing_on"
echo 0 >"$I/tracing_on"
n=$(grep -cE "$line" "$I/trace")
top=$(grep -cE "$line" "$T/trace")
echo nop >"$T/current_tracer"
echo nop >"$I/current_tracer"
echo 1 >"$T/tracing_on"
echo 1 >"$I/tracing_on"
[ "$n" -gt 100 ] && [ "$top" -gt 100 ] ||
	fail "both tracing: $n records in the instance, $top at the top level"
echo "both tracing: $n records in the instance, $top at the top level"

# Two processes switching tracers, one on each array, for 5 s.
flip() {
	end=$(($(date +%s) + 5))
	while [ "$(date +%s)" -lt "$end" ]; do
		echo function >"$1/current_tracer" || exit 1
		echo nop >"$1/current_tracer" || exit 1
	done
}
flip "$T" & p1=$!
flip "$I" & p2=$!
wait $p1 || fail "switching the top level failed"
wait $p2 || fail "switching the instance failed"
echo "two processes switched function/nop for 5 s"
dmesg | grep -q "giving up on function tracing" &&
	fail "the kernel gave up on function tracing: $(dmesg | grep -m1 'giving up')"
rm -f /tmp/fn-basic.txt /tmp/fn-write.txt
exit 0
