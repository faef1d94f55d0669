#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# In the guest (a boot of variant blk, with the virtio disk /dev/vda):
# blktrace(8) on vda, then the blk tracer, each through the same fixed
# workload of direct I/O (4 KiB and 64 KiB writes, 4 KiB reads, known
# sectors) and a scheduler switch (two messages from the block layer),
# with blkparse(1) for blktrace's and a note through its msg file, for
# harness/compare-blktrace.sh to compare between flavors.
# Checked here, each a failure ("BLKTRACE FAIL: ..." and exit 1):
# blktrace, blkparse and the workload succeed; blktrace reports no
# record dropped; the tracer lost none (per-CPU overruns 0).
# Printed for the comparison:
#   === blkparse  "SECTOR+BLOCKS RWBS: ACTIONS" for each I/O of the
#                 workload, the actions (Q, G, I, D, C...) in the order
#                 blkparse gives them
#   === tracer    the same from the blk tracer's trace
#   === notes     "blkparse N" and "tracer N": the messages' lines in each
#                 (blkparse: the two switches and the note; the tracer:
#                 the switches)
#   === kinds     "ACTION RWBS" of every record, sorted, once each
d=/tmp/blkcmp
dev=vda
T=/sys/kernel/tracing
mkdir -p $d
cd $d || exit 1
bad() {
	echo "BLKTRACE FAIL: $*"
	exit 1
}
[ -b /dev/$dev ] || bad "no /dev/$dev"
wr() { dd if=/dev/zero of=/dev/$dev bs="$3" seek="$1" count="$2" oflag=direct 2>/dev/null || bad "dd write"; }
rd() { dd if=/dev/$dev of=/dev/null bs="$3" skip="$1" count="$2" iflag=direct 2>/dev/null || bad "dd read"; }

# workload: 4 KiB writes at sectors 800..824, reads at 1600..1608, a
# 64 KiB write at 4096, a 4 KiB write at 8192 and its read back; then the
# queue's scheduler (none: the disk has a queue a vCPU) switched to
# mq-deadline and back, which the block layer notes as messages ("elv
# switch: mq-deadline", "elv switch: none")
workload() {
	wr 100 4 4096
	rd 200 2 4096
	wr 32 1 65536
	wr 1024 1 4096
	rd 1024 1 4096
	sched=/sys/block/$dev/queue/scheduler
	grep -q '\[none\]' $sched || bad "the scheduler is not none: $(cat $sched)"
	echo mq-deadline >$sched
	echo none >$sched
}

# blktrace alone (upstream's blk tracer, when on, takes a blktrace
# session's records for itself), with a note through its msg file
echo nop >$T/current_tracer
blktrace -d /dev/$dev -o bt >bt.log 2>&1 &
bt=$!
i=0
while [ ! -e /sys/kernel/debug/block/$dev/trace0 ]; do
	i=$((i + 1))
	[ $i -lt 100 ] || bad "blktrace set no session up in 10 s"
	sleep 0.1
done
sleep 1
workload
echo "compare note" >/sys/kernel/debug/block/$dev/msg
sleep 1
kill -INT $bt
wait $bt
cat bt.log >&2
grep -q 'dropped 0' bt.log || bad "blktrace dropped records: $(grep -i dropped bt.log)"
blkparse -q -i bt -f '%a %d %S %n [%C]\n' >parsed.txt 2>parse.err || bad "blkparse: $(cat parse.err)"

# the blk tracer alone, on the session sysfs sets up
echo 0 >$T/tracing_on
echo blk >$T/current_tracer || bad "no blk tracer"
: >$T/trace
echo 1 >/sys/block/$dev/trace/enable || bad "trace/enable"
echo 1 >$T/tracing_on
workload
echo 0 >$T/tracing_on
echo 0 >/sys/block/$dev/trace/enable
cat $T/trace >trace.txt
echo nop >$T/current_tracer
for f in $T/per_cpu/cpu*/stats; do
	grep -q '^overrun: 0$' "$f" || bad "the tracer overran: $f"
done

# ios: "SECTOR+BLOCKS RWBS: ACTIONS" for the workload's sectors, from
# lines "ACT RWBS SECTOR BLOCKS ..." on stdin
ios() {
	awk '
		$3 ~ /^(800|808|816|824|1600|1608|4096|8192)$/ && $4 > 0 {
			k = $3 "+" $4 " " $2
			if (!(k in seen)) { seen[k] = 1; keys[n++] = k }
			acts[k] = acts[k] " " $1
		}
		END { for (i = 0; i < n; i++) print keys[i] ":" acts[keys[i]] }' | sort
}
echo "=== blkparse"
ios <parsed.txt
echo "=== tracer"
# "MAJ,MIN ACT RWBS SECTOR + N [...]" after the context's "SECS.USECS:"
awk '{
	for (i = 1; i + 6 <= NF; i++)
		if ($i ~ /^[0-9]+\.[0-9]+:$/) { print $(i + 2), $(i + 3), $(i + 4), $(i + 6); next }
}' trace.txt | ios
echo "=== notes"
echo "blkparse $(grep -c 'compare note\|elv switch' parsed.txt)"
echo "tracer $(grep -c 'elv switch' trace.txt)"
echo "=== kinds"
awk 'NF >= 2 && $1 ~ /^[A-Za-z]+$/ && $1 != "Input" { print $1, $2 }' parsed.txt | sort -u
echo "=== counts"
echo "blkparse lines: $(wc -l <parsed.txt), trace lines: $(grep -vc '^#' trace.txt)"
