#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The ring_buffer_benchmark module: its first report (10 s of 10-byte
# writes, the consumer reading by events) must show writes, reads, no
# corrupt record ("ERROR!"), and exact accounting: every successful write
# is in the buffer, read, or overrun (Total == Hit).
. "$TESTDIR/lib.sh"

# (harness/configs/tracing.config builds it, for every flavor)
zcat /proc/config.gz | grep -q '^CONFIG_RING_BUFFER_BENCHMARK=m' ||
	fail "CONFIG_RING_BUFFER_BENCHMARK is not a module"
reset_tracing
raw=/tmp/rb-bench.txt
cat "$T/trace_pipe" >"$raw" &
reader=$!
# Whatever happens, leave no reader or module behind for the next test.
trap 'kill "$reader" 2>/dev/null; rmmod ring_buffer_benchmark 2>/dev/null' EXIT
modprobe ring_buffer_benchmark || fail "modprobe ring_buffer_benchmark"
i=0
while ! grep -q 'Sleeping for 10 secs\|ERROR!' "$raw"; do
	i=$((i + 1))
	[ $i -le 90 ] || break
	sleep 1
done
rmmod ring_buffer_benchmark || fail "rmmod ring_buffer_benchmark"
sleep 1
kill "$reader"
wait "$reader" 2>/dev/null

report=$(sed -n 's/^.*[0-9]\.[0-9]*: [A-Za-z0-9_.]*: //p' "$raw")
printf '%s\n' "$report" | grep -v 'Starting\|End ring' | sed 's/^/    /'
printf '%s\n' "$report" | grep -q 'ERROR!' && fail "the benchmark saw a corrupt record"
printf '%s\n' "$report" | grep -q 'Sleeping for 10 secs' || fail "no report after ${i}s"

value() { printf '%s\n' "$report" | sed -n "s/^$1: *\([0-9]*\).*/\1/p" | head -n 1; }
hit=$(value Hit)
total=$(value Total)
read=$(value Read)
[ -n "$hit" ] && [ "$hit" -gt 0 ] || fail "no successful writes (Hit: '$hit')"
[ -n "$read" ] && [ "$read" -gt 0 ] || fail "the consumer read nothing (Read: '$read')"
printf '%s\n' "$report" | grep -q '^Read: .*(by events)' || fail "first round did not read by events"
[ "$total" = "$hit" ] || fail "accounting: Total (entries+overruns+read) $total != Hit $hit"
printf '%s\n' "$report" | grep -q '^[0-9][0-9]* ns per entry$' || fail "no 'ns per entry' line"
reset_tracing
