#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Per-ops trampolines (x86-64; arm64 in ours): a function that exactly one ops wants is
# called through that ops' own trampoline, which enabled_functions shows
# after a tab ("tramp: ADDR (callback) ->entry"); one that two ops want
# goes through the list function, with no trampoline; each buffer gets
# exactly the calls its filter asks for, whichever way they come; and
# ops coming and going while the functions run (trampolines made and
# freed) leaves no warning and tracing intact; /proc/kallsyms names the
# trampolines; a long walk of trace does not hold up freeing one; and
# (ours) SIGKILL ends such a walk.
. "$TESTDIR/lib.sh"

[ -e "$T/enabled_functions" ] || fail "no enabled_functions"
# Upstream 6.1 has per-ops trampolines on x86-64 only: on arm64 its
# sites all call ftrace_caller. Ours has them on both.
[ "$arch" = x86_64 ] || [ "$flavor" = ours ] ||
	skip "no per-ops trampolines in $flavor on $arch"

F=$T/set_ftrace_filter
I=$T/instances/fn-tramp-$$
size0=$(buffer_kb)
cleanup() {
	[ -n "$loop" ] && kill "$loop" 2>/dev/null && wait "$loop"
	if [ -d "$I" ]; then
		echo nop >"$I/current_tracer"
		echo >"$I/set_ftrace_filter"
		rmdir "$I"
	fi
	echo >"$F"
	echo "$size0" >"$T/buffer_size_kb"
	reset_tracing
}
loop=
trap cleanup EXIT
reset_tracing
echo >"$F"
echo 1024 >"$T/buffer_size_kb"
mkdir "$I" || fail "cannot make an instance"
echo 1024 >"$I/buffer_size_kb"
dmesg_lines=$(dmesg | wc -l)

# workload: 20 read()s and write()s by this shell itself.
workload() {
	i=0
	while [ $i -lt 20 ]; do
		read -r l </proc/version
		echo "$l" >/dev/null
		i=$((i + 1))
	done
}

# en FUNC: FUNC's line of enabled_functions.
en() {
	grep "^$1 " "$T/enabled_functions"
}

# traced FILE: the functions of FILE's records, sorted, one per line.
traced() {
	grep -v '^#' "$1" | sed 's/.*: \([^ ]*\) <-.*/\1/' | sort -u | tr '\n' ' '
}

# calls FILE FUNC: how many records of FUNC FILE holds.
calls() {
	grep -c ": $2 <-" "$1"
}

stop() {
	echo 0 >"$T/tracing_on"
	echo 0 >"$I/tracing_on"
}
start() {
	: >"$T/trace"
	: >"$I/trace"
	echo 1 >"$T/tracing_on"
	echo 1 >"$I/tracing_on"
}

# One ops, one function: its trampoline.
echo vfs_read >"$F"
echo function >"$T/current_tracer"
start
workload
stop
line=$(en vfs_read) || fail "vfs_read is not in enabled_functions"
echo "one ops: $line"
case $line in
"vfs_read (1)"*"	tramp: "*" ->"*) ;;
*) fail "vfs_read with one ops: '$line', not a trampoline" ;;
esac
n=$(calls "$T/trace" vfs_read)
[ "$n" -ge 20 ] || fail "$n calls of vfs_read traced through the trampoline, not 20 or more"
[ "$(traced "$T/trace")" = "vfs_read " ] || fail "the trace has '$(traced "$T/trace")'"
echo "a function one ops wants calls its trampoline: $n calls traced"

# The same function in an instance: two ops, the list function.
echo vfs_read >"$I/set_ftrace_filter"
echo function >"$I/current_tracer"
start
workload
stop
line=$(en vfs_read)
echo "two ops: $line"
case $line in
*tramp:*) fail "vfs_read with two ops calls a trampoline: '$line'" ;;
"vfs_read (2)"*) ;;
*) fail "vfs_read with two ops: '$line'" ;;
esac
top=$(calls "$T/trace" vfs_read)
inst=$(calls "$I/trace" vfs_read)
[ "$top" -ge 20 ] && [ "$inst" -ge 20 ] ||
	fail "shared vfs_read: $top calls at the top level, $inst in the instance"
echo "a function two ops want goes through the list function: $top and $inst calls"

# Disjoint filters: each site calls its own ops' trampoline.
echo vfs_write >"$I/set_ftrace_filter"
start
workload
stop
r=$(en vfs_read)
w=$(en vfs_write)
echo "disjoint: $r / $w"
case $r in "vfs_read (1)"*"	tramp: "*) ;; *) fail "top level's vfs_read: '$r'" ;; esac
case $w in "vfs_write (1)"*"	tramp: "*) ;; *) fail "instance's vfs_write: '$w'" ;; esac
tr_r=${r#*tramp: } tr_r=${tr_r%% *}
tr_w=${w#*tramp: } tr_w=${tr_w%% *}
[ "$tr_r" != "$tr_w" ] || fail "both sites call the same trampoline $tr_r"
[ "$(traced "$T/trace")" = "vfs_read " ] || fail "the top level traced '$(traced "$T/trace")'"
[ "$(traced "$I/trace")" = "vfs_write " ] || fail "the instance traced '$(traced "$I/trace")'"
echo "disjoint filters: two trampolines, each buffer only its function"

# /proc/kallsyms names each trampoline as upstream does.
for a in "$tr_r" "$tr_w"; do
	grep -q "^${a#0x} t ftrace_trampoline	\[__builtin__ftrace\]\$" /proc/kallsyms ||
		fail "/proc/kallsyms lacks trampoline $a: $(grep ' ftrace_trampoline	' /proc/kallsyms)"
done
echo "/proc/kallsyms: $(grep -c 'ftrace_trampoline	\[__builtin__ftrace\]' /proc/kallsyms) trampolines"

# The instance's ops comes and goes (a trampoline made and freed each
# time, vfs_read moving between the top level's trampoline and the list
# function) while the top level traces vfs_read and vfs_write.
echo 'vfs_read vfs_write' >"$F"
echo vfs_read >"$I/set_ftrace_filter"
echo nop >"$I/current_tracer"
start
(
	i=0
	while [ $i -lt 30 ]; do
		echo function >"$I/current_tracer"
		echo nop >"$I/current_tracer"
		echo nop >"$T/current_tracer"
		echo function >"$T/current_tracer"
		i=$((i + 1))
	done
) &
loop=$!
while kill -0 "$loop" 2>/dev/null; do
	workload
done
wait "$loop" || fail "the register loop failed"
loop=
start
workload
stop
dmesg | tail -n +"$((dmesg_lines + 1))" >/tmp/fn-tramp-dmesg
grep -qE "giving up on function tracing|WARNING|BUG|Oops|stale|int3" /tmp/fn-tramp-dmesg &&
	fail "the kernel complained: $(grep -m3 -E 'giving up|WARNING|BUG|Oops|stale|int3' /tmp/fn-tramp-dmesg)"
r=$(en vfs_read)
case $r in "vfs_read (1)"*"	tramp: "*) ;; *) fail "after the loop, vfs_read: '$r'" ;; esac
top=$(calls "$T/trace" vfs_read)
w=$(calls "$T/trace" vfs_write)
[ "$top" -ge 20 ] && [ "$w" -ge 20 ] ||
	fail "after the loop: $top vfs_read and $w vfs_write calls traced"
echo "30 registrations and removals under load: no complaint, tracing intact"

echo nop >"$T/current_tracer"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions is not empty at nop"
# (Upstream keeps the top level's trampoline for its next use.) Ours
# frees it in the background, after an RCU-tasks grace period: the
# switch to nop does not wait for that.
if [ "$flavor" = ours ]; then
	i=0
	while grep -q " ftrace_trampoline	" /proc/kallsyms; do
		i=$((i + 1))
		[ $i -le 100 ] ||
			fail "10 s after nop /proc/kallsyms still has $(grep ' ftrace_trampoline	' /proc/kallsyms)"
		sleep 0.1
	done
	echo "the top level's trampoline freed within $((i / 10)).$((i % 10)) s of nop"
fi

# A long walk of trace does not hold up the RCU-tasks grace period that
# freeing a trampoline waits for. A seek far past the end renders every
# record in one lseek(); meanwhile the instance makes and frees a
# trampoline, which must end while the walk goes on. (Ours reports
# quiescent states between records; upstream's walk holds a preempted
# reader in the kernel until it ends, so there only the times are told.)
# The buffer is filled with some 500000 records of every function, a
# short workload at a time (five finds of every event directory wrote 30
# million records, for 1.2 million kept, in over two minutes on arm64's
# debug kernel).
echo 16384 >"$T/buffer_size_kb"
echo >"$F"
echo 1 >"$T/tracing_on"
echo function >"$T/current_tracer"
i=0
while [ "$(stats_sum entries)" -lt 500000 ]; do
	i=$((i + 1))
	[ $i -le 200 ] || break
	find /sys/kernel/tracing/events/sched >/dev/null
done
echo 0 >"$T/tracing_on"
n=$(awk '/^# entries-in-buffer/ { print $3; exit }' "$T/trace")
[ "${n%/*}" -gt 400000 ] || fail "the buffer holds $n records, not enough for a long walk"
dd if="$T/trace" of=/dev/null bs=1 skip=4000000000 count=1 2>/dev/null &
rd=$!
sleep 2
t0=$(date +%s)
echo vfs_read >"$I/set_ftrace_filter"
echo function >"$I/current_tracer"
echo nop >"$I/current_tracer"
t1=$(date +%s)
kill -0 $rd 2>/dev/null && busy=1 || busy=0
# Ours ends a walk when its task is killed (upstream's runs to the
# end, a minute and more under TCG): the seek stops at the next record.
[ "$flavor" = ours ] && kill -9 $rd 2>/dev/null
wait $rd
t2=$(date +%s)
msg="a trampoline made and freed in $((t1 - t0)) s, during a walk of $n records"
if [ "$flavor" = ours ]; then
	[ $busy = 1 ] || fail "the walk had ended when the switch did: $msg"
	[ $((t2 - t1)) -le 5 ] ||
		fail "the walk went on $((t2 - t1)) s after SIGKILL: $msg"
	msg="$msg; killed then, it ended within $((t2 - t1)) s"
else
	msg="$msg, which took $((t2 - t0 + 2)) s"
fi
echo "$msg"
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
