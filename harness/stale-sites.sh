#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Does a rewritten call site go on calling its old target? Boots FLAVOR
# on ARCH BOOTS times and runs test_fn_sysctl ROUNDS times in each, with
# both CPUs busy: with /proc/sys/kernel/ftrace_enabled at 0 every site is
# a nop, so any function record means some CPU still ran an old call.
#
# Usage: stale-sites.sh [FLAVOR [ARCH]]   (default: upstream arm64)
# Environment: BOOTS (3), ROUNDS (25), ACCEL (tcg: multi-threaded TCG;
# tcg,thread=single for one TCG thread).
#
# Why: under multi-threaded TCG, upstream's own arm64 kernel fails this
# (stop 19: 9 of 9 boots), and passed it in 2 of 2 boots with one TCG
# thread. Upstream keeps ftrace_caller calling the tracer while
# ftrace_enabled is 0, so a stale call records; ours points ftrace_caller
# at a stub then, which hides stale calls to it (but not to a per-ops
# trampoline, which is how stop 16's arm64 trampolines met the same
# artifact in test_fn_sysctl). Prints one line per boot and the count of
# failed boots; exits 1 if any failed.
HARNESS=$(cd "$(dirname "$0")" && pwd)
flavor=${1:-upstream}
arch=${2:-arm64}
failed=0
for i in $(seq 1 "${BOOTS:-3}"); do
	out=$(GUEST_APPEND="ROUNDS=${ROUNDS:-25}" "$HARNESS/guest.sh" -a "$arch" \
		-f "$flavor" -n "stale-sites$i" -t 900 \
		"$HARNESS/guest/stale-sites-guest.sh" 2>&1)
	rc=$?
	line=$(echo "$out" | grep -m1 -E "STALE-SITES:|FAIL:" | cut -c1-160)
	echo "boot $i (${ACCEL:-tcg}): rc=$rc ${line:-no result}"
	[ $rc = 0 ] || failed=$((failed + 1))
done
echo "$failed of ${BOOTS:-3} boots of $flavor/$arch failed"
[ $failed = 0 ]
