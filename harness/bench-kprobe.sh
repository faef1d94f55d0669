#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What kprobe events cost, flavor ours side by side with upstream, x86-64
# guests with one TCG thread. The two kernels boot in turn (upstream,
# ours), RUNS times, so that a change in the host's load hits both
# alike. In each guest harness/guest/bench-kprobe-guest.sh times
# harness/guest/fn-syscalls.c's getppid() loop with kprobe events on the
# syscall's function:
#
#   off          ns per getppid(), the probes defined, none enabled
#   kprobe       ns per call more than off: a probe on the function's
#                entry (through ftrace), no argument
#   kprobe-args  the same, a register argument and $comm (a string)
#   kprobe-int3  the same, the probe past the entry (a breakpoint or
#                kprobes' optimised jump)
#   kretprobe    the same, a return probe with $retval
#   define, enable, disable, remove
#                ms for 1000 probes on the function: one write of 1000
#                definitions, their group enabled, disabled, removed
#
# kprobes itself (the breakpoint, the single-step, the ftrace handler,
# the rethook) is upstream's in both kernels: the per-hit differences
# are the handlers', the records' and the ring buffer's.
#
# Then each kernel boots once more under the instruction counter
# (harness/qemu-plugin/insn-count.c; fn-syscalls.c brackets its loop
# with the marker NOPs): the kernel instructions per call, "insns-off",
# and the extra ones per hit, "insns-kprobe", "insns-kprobe-args",
# "insns-kprobe-int3", "insns-kretprobe" (the median over 3 loops of each
# loop's count less the off loop's before it).
#
# Guarded: ours/upstream of the counted extras (of the timed per-hit ones
# with INSN=0) is at most 1. Builds nothing: it boots the kernels in
# out/upstream/build-x86_64 and out/ours/build-x86_64 as they are
# (harness/build.sh FLAVOR x86_64 makes them).
#
# Each figure is the median of the run medians (a run's median is over its
# BENCH_REPS loops); the last column is ours/upstream. The exit status is
# nonzero when a kernel is missing, a guest or a figure failed, or a
# guarded ratio is above 1.
# Results: stdout and out/logs/bench-kprobe.txt; each guest's run
# directory is out/runs/x86_64-FLAVOR-bench-kprobe-N.
# Environment: RUNS (3), BENCH_N (calls a loop, 20000), BENCH_REPS
# (loops a figure, 3), ACCEL (tcg,thread=single), INSN (1: count too; 0:
# do not; only: count only), INSN_N (calls a counted loop, 5000).
# Usage: bench-kprobe.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$HARNESS/bench-lib.sh"

arch=x86_64
bench_settings 20000 3
kernels="upstream ours"
hits="kprobe kprobe-args kprobe-int3 kretprobe"
figures="off $hits define enable disable remove"
guarded=$hits
bench_insn_settings 5000
[ "$insn" = 0 ] || guarded="insns-kprobe insns-kprobe-args insns-kprobe-int3 insns-kretprobe"

arch_setup "$arch"
bench_kernels_have KPROBE_EVENTS "kprobe events"

bench_start bench-kprobe
bench_insn_plugin
# rows: kernel run figure value (value: the median of a guest's loops)
rows=$work/rows
[ "$insn" = only ] && runs=0
say "kprobe events benchmark: $runs runs, $n calls x $reps loops a figure, $arch, accel $ACCEL"
bench_runs bench-kprobe "$HARNESS/guest/bench-kprobe-guest.sh" "$figures" ""

# insn_counts KERNEL: boot it once under the counter, 3 loops a mode, no
# registrations; rows "KERNEL 0 FIGURE VALUE" added to $rows. The guest's
# loops come in its order: the warm-up, then 3 times off, kprobe,
# kprobe-args, kprobe-int3, kretprobe.
insn_counts() {
	local k=$1
	bench_insn_boot "$k" bench-kprobe-insn "BENCH_N=$insn_n BENCH_REPS=3 BENCH_REG=0" \
		"$HARNESS/guest/bench-kprobe-guest.sh" 15
	# field 7: the kernel's instructions; a loop is INSN_N calls
	awk -v n="$insn_n" -v k="$k" "$AWK_MED3"'
	{ v[(NR - 1) % 5, int((NR - 1) / 5)] = $7 / n }
	END {
		split("off kprobe kprobe-args kprobe-int3 kretprobe", name, " ")
		printf "%s 0 insns-off %.1f\n", k, med(v[0, 0], v[0, 1], v[0, 2])
		for (m = 1; m <= 4; m++)
			printf "%s 0 insns-%s %.1f\n", k, name[m + 1],
				med(v[m, 0] - v[0, 0], v[m, 1] - v[0, 1], v[m, 2] - v[0, 2])
	}' "$work/counts" >>"$rows"
	echo "$k, counted: $(awk -v k="$k" '$1 == k && $2 == 0 { printf "%s %s  ", $3, $4 }' "$rows")"
}
counted=
if [ "$insn" != 0 ]; then
	say "instruction counts: $insn_n calls x 3 loops, one boot a kernel"
	for k in $kernels; do
		insn_counts "$k"
	done
	counted="insns-off insns-kprobe insns-kprobe-args insns-kprobe-int3 insns-kretprobe"
fi

summary() {
	echo "# kprobe events' costs, upstream and ours, $arch guests (-smp 2), accel $ACCEL"
	echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), host $(nproc) CPUs, commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
	echo "# $runs runs of each kernel in turn; $n calls a loop, $reps loops a figure; ${secs:-0}s"
	bench_images
	echo
	[ "$runs" = 0 ] && figures=
	# shellcheck disable=SC2086
	bench_table $figures $counted
	echo
	echo "# off: ns per getppid(); kprobe*, kretprobe: ns per call more than off;"
	echo "# define, enable, disable, remove: ms for 1000 probes; insns-*: kernel"
	echo "# instructions per call (off) or more than off; guarded: ours/upstream"
	echo "# <= 1 for $guarded"
	echo
	echo "# every guest's medians (kernel run figure value):"
	sort -k1,1 -k3,3 -k2,2n "$rows" | sed 's/^/# /'
}
echo
summary | tee "$results"
echo "(results: $results)"
bench_guard
