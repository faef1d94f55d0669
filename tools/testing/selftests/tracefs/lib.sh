# SPDX-License-Identifier: GPL-2.0
# Helpers for the tests: sourced by each test_*.sh as ". $TESTDIR/lib.sh".

T=/sys/kernel/tracing
KSFT_SKIP=4

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit $KSFT_SKIP; }

# The flavor and arch the harness booted (passed on the kernel command line).
flavor=${HARNESS_FLAVOR:-unknown}
arch=${HARNESS_ARCH:-$(uname -m)}

# reset_tracing: a known state between tests.
reset_tracing() {
	echo 0 >"$T/tracing_on"
	echo nop >"$T/current_tracer"
	: >"$T/trace"
	echo 1 >"$T/tracing_on"
}
