#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CONFIG_RING_BUFFER_STARTUP_TEST ran at boot and passed: ours prints
# "Ring buffer startup test: PASSED" (upstream's "Ring buffer PASSED!").
. "$TESTDIR/lib.sh"

# (harness/configs/tracing.config sets it, for every flavor)
zcat /proc/config.gz | grep -q '^CONFIG_RING_BUFFER_STARTUP_TEST=y' ||
	fail "CONFIG_RING_BUFFER_STARTUP_TEST is not set"
log=$(dmesg)
case $flavor in
upstream) want='Ring buffer PASSED!' ;;
*) want='Ring buffer startup test: PASSED' ;;
esac
printf '%s\n' "$log" | grep 'Ring buffer startup test: CPU' | sed 's/^\[[ 0-9.]*\] //'
printf '%s\n' "$log" | grep -q 'Ring buffer startup test: FAILED' &&
	fail "$(printf '%s\n' "$log" | grep 'Ring buffer startup test')"
printf '%s\n' "$log" | grep -qF "$want" || fail "no '$want' in dmesg"
