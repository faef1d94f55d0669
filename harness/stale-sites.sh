#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Does a vCPU go on running kernel text that was rewritten? Boots FLAVOR
# on ARCH (VARIANT) BOOTS times, and in each rewrites text ROUNDS times
# while both CPUs are busy (harness/guest/stale-sites-guest.sh):
# - WORK=sites (the default): test_fn_sysctl: with
#   /proc/sys/kernel/ftrace_enabled at 0 every site is a nop, so any
#   function record means some CPU still ran an old call;
# - WORK=keys: hot events enabled and disabled, which flips the static
#   keys and static calls of __schedule() and the interrupt paths (the
#   kernel's own text_poke_bp(), not the tracing subsystem's patching).
#
# Usage: stale-sites.sh [FLAVOR [ARCH [VARIANT]]]
#        (default: upstream arm64, no variant)
# Environment: WORK, BOOTS (3), ROUNDS (25; try 600 with WORK=keys),
# TIMEOUT (seconds a boot, 900), ACCEL (tcg: multi-threaded TCG;
# tcg,thread=single for one TCG thread).
#
# Why: under multi-threaded TCG, upstream's own arm64 kernel fails
# WORK=sites (stop 19: 9 of 9 boots), and passed it in 2 of 2 boots with
# one TCG thread. Upstream keeps ftrace_caller calling the tracer while
# ftrace_enabled is 0, so a stale call records; ours points ftrace_caller
# at a stub then, which hides stale calls to it (but not to a per-ops
# trampoline, which is how stop 16's arm64 trampolines met the same
# artifact in test_fn_sysctl). On x86-64 with Debian's config, WORK=keys
# hangs within two minutes, on upstream's kernel (VARIANT distro-full)
# as on ours (distro): a vCPU in __schedule(), interrupts off, traps for
# ever on an int3 at the sched_switch key's site whose memory holds the
# finished nop, and the other waits in text_poke_bp_batch() to patch the
# next site; the hang report's EMULATOR line names the vCPU. Prints one
# line per boot and the count of failed boots; exits 1 if any failed.
HARNESS=$(cd "$(dirname "$0")" && pwd)
flavor=${1:-upstream}
arch=${2:-arm64}
variant=${3:-}
failed=0
for i in $(seq 1 "${BOOTS:-3}"); do
	out=$(GUEST_APPEND="WORK=${WORK:-sites} ROUNDS=${ROUNDS:-25}" "$HARNESS/guest.sh" \
		-a "$arch" -f "$flavor" ${variant:+-v "$variant"} -n "stale-sites$i" \
		-t "${TIMEOUT:-900}" "$HARNESS/guest/stale-sites-guest.sh" 2>&1)
	rc=$?
	line=$(echo "$out" | grep -m1 -E "STALE-SITES:|EMULATOR:|FAIL:" | cut -c1-200)
	echo "boot $i (${ACCEL:-tcg}): rc=$rc ${line:-no result}"
	[ $rc = 0 ] || failed=$((failed + 1))
done
echo "$failed of ${BOOTS:-3} boots of $flavor/$arch${variant:+/$variant} failed"
[ $failed = 0 ]
