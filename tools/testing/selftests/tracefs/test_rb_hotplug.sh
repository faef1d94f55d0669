#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CPU hotplug and the ring buffer. Booted with maxcpus=1 (make check does
# that in a boot of its own), cpu1 has no buffer until it comes up: its
# buffer is allocated by the hotplug, at the size the others have then.
# Booted with both CPUs, cpu1 goes down and up and keeps recording.
. "$TESTDIR/lib.sh"

c=/sys/devices/system/cpu/cpu1/online
[ -w "$c" ] || skip "cpu1 cannot be hotplugged"
reset_tracing
size0=$(buffer_kb)
if [ "$(cat "$c")" = 0 ]; then
	echo "cpu1 is offline since boot: its buffer comes with the hotplug"
	echo 0 >"$T/tracing_on"
	echo 512 >"$T/buffer_size_kb" || fail "resize with cpu1 offline"
	echo 1 >"$T/tracing_on"
else
	taskset -c 1 sh -c "echo hotplug-before >$T/trace_marker"
	echo 0 >"$c" || fail "offline cpu1"
	grep -q hotplug-before "$T/trace" || fail "cpu1's records went with it"
fi
echo 1 >"$c" || fail "online cpu1"
[ "$(cat "$c")" = 1 ] || fail "cpu1 did not come up"

i=0
while [ $i -lt 2000 ]; do
	echo "hotplug-marker-$i" >"$T/trace_marker"
	i=$((i + 1))
done &
taskset -c 1 sh -c "i=0; while [ \$i -lt 2000 ]; do echo hotplug-cpu1-\$i >$T/trace_marker; i=\$((i + 1)); done"
wait
n=$(grep -c 'hotplug-cpu1-' "$T/per_cpu/cpu1/trace")
echo "cpu1: $n of 2000 records in per_cpu/cpu1/trace"
[ "$n" -gt 0 ] || fail "cpu1 recorded nothing after coming up"
grep 'hotplug-cpu1-' "$T/per_cpu/cpu1/trace" | grep -qv '\[001\]' &&
	fail "per_cpu/cpu1/trace shows another CPU's records"
bytes=$(dd if="$T/per_cpu/cpu1/trace_pipe_raw" bs=4096 count=4 iflag=nonblock 2>/dev/null | wc -c)
echo "cpu1: $bytes bytes from trace_pipe_raw"
[ "$bytes" -ge 4096 ] || fail "no pages from cpu1's trace_pipe_raw"
sed 's/^/    /' "$T/per_cpu/cpu1/stats"
echo "$size0" >"$T/buffer_size_kb"
reset_tracing
