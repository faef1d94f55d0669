#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What hist triggers cost per sched event, flavor ours side by side with
# upstream, x86-64 guests with one TCG thread. The two kernels boot in
# turn (upstream, ours), RUNS times, so that a change in the host's load
# hits both alike. In each guest harness/guest/bench-hist-guest.sh times
# harness/guest/wake-pingpong.c ("fair"), two processes handing a byte
# back and forth on one CPU, each round trip two wakeups and two
# switches (built here, as for bench-wakeup.sh):
#
#   off         ns per wakeup, no event enabled
#   event       ns per wakeup more than off, sched_switch enabled (its
#               records into the buffer)
#   hist        ns per wakeup more than event: sched_switch enabled and
#               the trigger 'hist:keys=next_pid' on it
#   wakeup-lat  ns per wakeup more than off: the wakeup-latency example
#               of Documentation/trace/histogram.rst (a timestamp kept per
#               pid at sched_waking, the latency at sched_switch into the
#               synthetic event wakeup_latency and its histogram), no
#               event enabled, every wakeup counted
#
# Each histogram is checked before it is removed: its hits above BENCH_N,
# the workload's pid among its keys (a trigger that counted nothing
# cannot look cheap).
#
# Then each kernel boots once more under the instruction counter
# (harness/qemu-plugin/insn-count.c; wake-pingpong.c brackets its loop
# with the marker NOPs), which the host's load does not move: the kernel
# instructions per wakeup of the same modes, "insns-off", and the extra
# ones "insns-event", "insns-hist", "insns-wakeup-lat" (the median over 3
# loops of each loop's count less its baseline's loop before it).
#
# Guarded: ours/upstream of the counted hist and wakeup-lat (of the timed
# ones with INSN=0) is at most 1, ours no more costly than upstream.
# Builds nothing: it boots the kernels in out/upstream/build-x86_64 and
# out/ours/build-x86_64 as they are (harness/build.sh FLAVOR x86_64 makes
# them), which need CONFIG_HIST_TRIGGERS and CONFIG_SYNTH_EVENTS.
#
# Each figure is the median of the run medians (a run's median is over its
# BENCH_REPS loops); the last column is ours/upstream. The exit status is
# nonzero when a kernel is missing, a guest or a figure failed, or a
# guarded ratio is above 1.
# Results: stdout and out/logs/bench-hist.txt; each guest's run
# directory is out/runs/x86_64-FLAVOR-bench-hist-N.
# Environment: RUNS (3), BENCH_N (round trips a loop, 5000), BENCH_REPS
# (loops a figure, 3), ACCEL (tcg,thread=single), INSN (1: count too; 0:
# do not; only: count only), INSN_N (round trips a counted loop, 2000).
# Usage: bench-hist.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$HARNESS/bench-lib.sh"

arch=x86_64
bench_settings 5000 3
kernels="upstream ours"
figures="off event hist wakeup-lat"
guarded="hist wakeup-lat"
bench_insn_settings 2000
[ "$insn" = 0 ] || guarded="insns-hist insns-wakeup-lat"

arch_setup "$arch"
bench_kernels_have HIST_TRIGGERS "hist triggers"
bench_kernels_have SYNTH_EVENTS "synthetic events"

bench_start bench-hist
bench_insn_plugin
# rows: kernel run figure value (value: the median of a guest's loops)
rows=$work/rows
[ "$insn" = only ] && runs=0
say "hist triggers benchmark: $runs runs, $n round trips x $reps loops a figure, $arch, accel $ACCEL"
bench_runs bench-hist "$HARNESS/guest/bench-hist-guest.sh" "$figures" ""

# insn_counts KERNEL: boot it once under the counter, 3 loops a mode;
# rows "KERNEL 0 FIGURE VALUE" added to $rows. The guest's loops come in
# its order: the warm-up, then 3 times off, event, hist, wakeup-lat.
insn_counts() {
	local k=$1
	bench_insn_boot "$k" bench-hist-insn "BENCH_N=$insn_n BENCH_REPS=3" \
		"$HARNESS/guest/bench-hist-guest.sh" 12
	# field 7: the kernel's instructions; a loop is 2 * INSN_N wakeups.
	# A mode's baseline: off for event and wakeup-lat, event for hist.
	awk -v n="$insn_n" -v k="$k" "$AWK_MED3"'
	{ v[(NR - 1) % 4, int((NR - 1) / 4)] = $7 / (2 * n) }
	END {
		split("off event hist wakeup-lat", name, " ")
		base[2] = 0; base[3] = 1; base[4] = 0
		printf "%s 0 insns-off %.1f\n", k, med(v[0, 0], v[0, 1], v[0, 2])
		for (m = 1; m <= 3; m++)
			printf "%s 0 insns-%s %.1f\n", k, name[m + 1],
				med(v[m, 0] - v[base[m + 1], 0], v[m, 1] - v[base[m + 1], 1],
				    v[m, 2] - v[base[m + 1], 2])
	}' "$work/counts" >>"$rows"
	echo "$k, counted: $(awk -v k="$k" '$1 == k && $2 == 0 { printf "%s %s  ", $3, $4 }' "$rows")"
}
counted=
if [ "$insn" != 0 ]; then
	say "instruction counts: $insn_n round trips x 3 loops, one boot a kernel"
	for k in $kernels; do
		insn_counts "$k"
	done
	counted="insns-off insns-event insns-hist insns-wakeup-lat"
fi

summary() {
	echo "# hist triggers' costs per sched event, upstream and ours, $arch guests (-smp 2), accel $ACCEL"
	echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), host $(nproc) CPUs, commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
	echo "# $runs runs of each kernel in turn; $n round trips a loop, $reps loops a figure; ${secs}s"
	bench_images
	echo
	[ "$runs" = 0 ] && figures=
	# shellcheck disable=SC2086
	bench_table $figures $counted
	echo
	echo "# off: ns per wakeup (a round trip is two wakeups and two switches);"
	echo "# event, wakeup-lat: ns per wakeup more than off; hist: more than event"
	echo "# (its trigger's own cost); insns-*: the same in kernel instructions;"
	echo "# guarded: ours/upstream <= 1 for $guarded"
	echo
	echo "# every guest's medians (kernel run figure value):"
	sort -k1,1 -k3,3 -k2,2n "$rows" | sed 's/^/# /'
}
echo
summary | tee "$results"
echo "(results: $results)"
bench_guard
