#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tracefs is mounted at /sys/kernel/tracing, and the old debugfs path
# /sys/kernel/debug/tracing still leads to it.
. "$TESTDIR/lib.sh"

grep -q '^[^ ]* /sys/kernel/tracing tracefs ' /proc/mounts ||
	fail "no tracefs at /sys/kernel/tracing: $(grep tracing /proc/mounts)"
[ -f "$T/trace" ] || fail "$T/trace is missing"
# The debugfs path automounts tracefs on first access.
[ -f /sys/kernel/debug/tracing/trace ] ||
	fail "/sys/kernel/debug/tracing/trace is missing"
grep -q ' /sys/kernel/debug/tracing tracefs ' /proc/mounts ||
	fail "/sys/kernel/debug/tracing is not a tracefs mount"
