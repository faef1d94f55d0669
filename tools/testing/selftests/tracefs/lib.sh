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

# write_err FILE TEXT: write TEXT (no newline added) to FILE in one write()
# and print the error text of the errno the write got ("Invalid argument"),
# or "ok" if it succeeded. dd reports its write's errno as the end of its
# first line ("dd: error writing 'FILE': Invalid argument") in both GNU
# coreutils and busybox, unlike the shells' echo builtins.
write_err() {
	out=$(printf '%s' "$2" | dd of="$1" bs=65536 conv=notrunc 2>&1 >/dev/null) &&
		{ echo ok; return; }
	printf '%s\n' "$out" | sed -n '1s/.*: //p'
}

# expect_err FILE TEXT ERROR: writing TEXT to FILE fails with ERROR (or
# succeeds, for ERROR "ok").
expect_err() {
	got=$(write_err "$1" "$2")
	[ "$got" = "$3" ] || fail "write '$2' to ${1#"$T"/}: got '$got', want '$3'"
}
