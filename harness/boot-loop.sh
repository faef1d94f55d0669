#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot a kernel again and again, WORKERS guests at a time, until one
# fails or BOOTS boots have come up: for hangs too rare to meet in one
# boot. Each guest only boots (the tracer self-tests run then, in the
# kernels that have them) and powers off.
#
# Usage: boot-loop.sh FLAVOR [VARIANT]   (x86-64; VARIANT "" or selftest)
# Environment: BOOTS (40), WORKERS (2: two guests of two CPUs on the
# project's two cores, as loaded as make check's), ACCEL (tcg: multi-
# threaded), APPEND (more kernel parameters), TIMEOUT (s, 180).
# Prints one line per boot; a failed boot's report, its run directory
# kept as out/runs/boot-loop-fail-FLAVOR-N, including hang.txt (where
# the CPUs were, from QEMU's monitor); exits 1 if a boot failed.
#
# Why: ours x86-64 (then built with the self-tests in every kernel) hung
# silently at boot, in the function tracer's boot self-test, three times
# in make check's multi-threaded boots by stop 21, never when chased.
# Variant selftest has them (FTRACE_STARTUP_TEST): boot-loop.sh upstream
# selftest and boot-loop.sh ours selftest compare the two.
set -u
HARNESS=$(cd "$(dirname "$0")" && pwd)
. "$HARNESS/common.sh"
flavor=${1:?usage: boot-loop.sh FLAVOR [VARIANT]}
variant=${2:-}
boots=${BOOTS:-40}
workers=${WORKERS:-2}
tag=$flavor${variant:+-$variant}
state=$OUT/boot-loop-$tag
rm -rf "$state"
mkdir -p "$state"
echo 0 >"$state/next"
script=$state/boot.sh
printf '#!/bin/sh\necho booted\n' >"$script"

# take: the next boot's number, or nothing when done or stopped.
take() {
	local n
	(
		flock 9
		n=$(cat "$state/next")
		[ ! -e "$state/stop" ] && [ "$n" -lt "$boots" ] || exit 1
		echo $((n + 1)) >"$state/next"
		echo $((n + 1))
	) 9>"$state/lock"
}

worker() {
	local w=$1 n out rc
	while n=$(take); do
		rc=0
		out=$(GUEST_APPEND="${APPEND:-}" "$HARNESS/guest.sh" -f "$flavor" \
			-v "$variant" -n "boot-loop-$tag-$w" -t "${TIMEOUT:-180}" \
			"$script" 2>&1) || rc=$?
		if [ $rc = 0 ]; then
			echo "boot $n: ok"
			continue
		fi
		touch "$state/stop"
		echo "boot $n: FAILED (exit $rc)"
		echo "$out" | sed 's/^/  /'
		rm -rf "$OUT/runs/boot-loop-fail-$tag-$n"
		cp -r "$OUT/runs/x86_64-$flavor${variant:+-$variant}-boot-loop-$tag-$w" \
			"$OUT/runs/boot-loop-fail-$tag-$n"
	done
}

for w in $(seq 1 "$workers"); do
	worker "$w" &
done
wait
n=$(cat "$state/next")
if [ -e "$state/stop" ]; then
	echo "$tag: a boot failed, after $n started (${ACCEL:-tcg})"
	exit 1
fi
echo "$tag: $n boots, all came up (${ACCEL:-tcg})"
