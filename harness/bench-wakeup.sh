#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What the wakeup tracers cost per wakeup, flavor ours side by side with
# upstream, x86-64 guests with one TCG thread. The two kernels boot in
# turn (upstream, ours), RUNS times, so that a change in the host's load
# hits both alike. In each guest harness/guest/bench-wakeup-guest.sh
# times harness/guest/wake-pingpong.c, two processes handing a byte back
# and forth on one CPU (built here, as for bench-fn.sh):
#
#   off        ns per wakeup, nop tracer
#   off-rt     the same, the processes SCHED_FIFO
#   wakeup     ns per wakeup more than off, the wakeup tracer with
#              options/function-trace off: its own cost (it follows every
#              other wakeup, the higher-priority process's)
#   wakeup_rt  the same for wakeup_rt, more than off-rt
#   wakeup-fn  wakeup with function-trace on, its default: the functions
#              run while the woken task waits are traced too
#
# Then each kernel boots once more under the instruction counter
# (harness/qemu-plugin/insn-count.c; wake-pingpong.c brackets its loop
# with the marker NOPs), which the host's load does not move: the kernel
# instructions per wakeup of the same modes, "insns-off", "insns-off-rt",
# and the extra ones "insns-wakeup", "insns-wakeup_rt", "insns-wakeup-fn"
# (the median over 3 loops of each loop's count less the baseline's loop
# before it).
#
# Guarded: ours/upstream of the counted extras (of the timed ones with
# INSN=0) is at most 1, ours no more costly than upstream. Builds nothing: it
# boots the kernels in out/upstream/build-x86_64 and out/ours/build-x86_64
# as they are (harness/build.sh FLAVOR x86_64 makes them).
#
# Each figure is the median of the run medians (a run's median is over its
# BENCH_REPS loops); the last column is ours/upstream. The exit status is
# nonzero when a kernel is missing, a guest or a figure failed, or a
# guarded ratio is above 1.
# Results: stdout and out/logs/bench-wakeup.txt; each guest's run
# directory is out/runs/x86_64-FLAVOR-bench-wakeup-N.
# Environment: RUNS (3), BENCH_N (round trips a loop, 5000), BENCH_REPS
# (loops a figure, 3), ACCEL (tcg,thread=single), INSN (1: count too; 0:
# do not; only: count only), INSN_N (round trips a counted loop, 2000).
# Usage: bench-wakeup.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$HARNESS/bench-lib.sh"

arch=x86_64
bench_settings 5000 3
kernels="upstream ours"
figures="off off-rt wakeup wakeup_rt wakeup-fn"
guarded="wakeup wakeup_rt wakeup-fn"
bench_insn_settings 2000
[ "$insn" = 0 ] || guarded="insns-wakeup insns-wakeup_rt insns-wakeup-fn"

arch_setup "$arch"
bench_kernels_have SCHED_TRACER "wakeup tracers"

bench_start bench-wakeup
bench_insn_plugin
# rows: kernel run figure value (value: the median of a guest's loops)
rows=$work/rows
[ "$insn" = only ] && runs=0
say "wakeup tracers benchmark: $runs runs, $n round trips x $reps loops a figure, $arch, accel $ACCEL"
bench_runs bench-wakeup "$HARNESS/guest/bench-wakeup-guest.sh" "$figures" ""

# insn_counts KERNEL: boot it once under the counter, 3 loops a mode;
# rows "KERNEL 0 FIGURE VALUE" added to $rows. The guest's loops come in
# its order: the warm-up, then 3 times off, off-rt, wakeup, wakeup_rt,
# wakeup-fn.
insn_counts() {
	local k=$1
	bench_insn_boot "$k" bench-wakeup-insn "BENCH_N=$insn_n BENCH_REPS=3" \
		"$HARNESS/guest/bench-wakeup-guest.sh" 15
	# field 7: the kernel's instructions; a loop is 2 * INSN_N wakeups
	awk -v n="$insn_n" -v k="$k" "$AWK_MED3"'
	{ v[(NR - 1) % 5, int((NR - 1) / 5)] = $7 / (2 * n) }
	END {
		split("off off-rt wakeup wakeup_rt wakeup-fn", name, " ")
		base[2] = 0; base[3] = 0; base[4] = 1; base[5] = 0
		printf "%s 0 insns-off %.1f\n", k, med(v[0, 0], v[0, 1], v[0, 2])
		printf "%s 0 insns-off-rt %.1f\n", k, med(v[1, 0], v[1, 1], v[1, 2])
		for (m = 2; m <= 4; m++)
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
	counted="insns-off insns-off-rt insns-wakeup insns-wakeup_rt insns-wakeup-fn"
fi

summary() {
	local f up ours r
	echo "# wakeup tracers' costs, upstream and ours, $arch guests (-smp 2), accel $ACCEL"
	echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), host $(nproc) CPUs, commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
	echo "# $runs runs of each kernel in turn; $n round trips a loop, $reps loops a figure; ${secs}s"
	bench_images
	echo
	printf '%-16s %12s %12s %14s\n' figure upstream ours ours/upstream
	[ "$runs" = 0 ] && figures=
	for f in $figures $counted; do
		up=$(fig upstream "$f") || die "no upstream figure $f"
		ours=$(fig ours "$f") || die "no ours figure $f"
		printf '%-16s %12s %12s %14s\n' "$f" "$up" "$ours" "$(ratio "$ours" "$up")"
	done
	echo
	echo "# off, off-rt: ns per wakeup; wakeup, wakeup_rt, wakeup-fn: ns per"
	echo "# wakeup more than off (off-rt for wakeup_rt); insns-*: the same in"
	echo "# kernel instructions; guarded: ours/upstream <= 1 for $guarded"
	echo
	echo "# every guest's medians (kernel run figure value):"
	sort -k1,1 -k3,3 -k2,2n "$rows" | sed 's/^/# /'
}
echo
summary | tee "$results"
echo "(results: $results)"
bench_guard
