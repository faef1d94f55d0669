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
# and print the error text the kernel's errno maps to ("Invalid argument"),
# or "ok" if the write succeeded. dd reports the errno of its write in
# both GNU coreutils and busybox, unlike the shells' echo builtins.
write_err() {
	out=$(printf '%s' "$2" | dd of="$1" bs=65536 conv=notrunc 2>&1 >/dev/null) &&
		{ echo ok; return; }
	case $out in
	*"Invalid argument"*) echo "Invalid argument" ;;
	*"Device or resource busy"*) echo "Device or resource busy" ;;
	*"No such file or directory"*) echo "No such file or directory" ;;
	*"No space left on device"*) echo "No space left on device" ;;
	*"Permission denied"*) echo "Permission denied" ;;
	*"Bad address"*) echo "Bad address" ;;
	*"Operation not permitted"*) echo "Operation not permitted" ;;
	*"Out of memory"* | *"Cannot allocate memory"*) echo "Cannot allocate memory" ;;
	*) echo "unrecognised: $out" ;;
	esac
}

# expect_err FILE TEXT ERROR: writing TEXT to FILE fails with ERROR (or
# succeeds, for ERROR "ok").
expect_err() {
	got=$(write_err "$1" "$2")
	[ "$got" = "$3" ] || fail "write '$2' to ${1#"$T"/}: got '$got', want '$3'"
}
