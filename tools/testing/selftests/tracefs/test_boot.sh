#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The guest booted the kernel we built, on the arch we asked for, with SMP.
. "$TESTDIR/lib.sh"

case $arch:$(uname -m) in
x86_64:x86_64 | arm64:aarch64) ;;
*) fail "asked for $arch, running on $(uname -m)" ;;
esac
echo "kernel $(uname -r) on $(uname -m)"
case $(uname -r) in 6.1.*) ;; *) fail "not a 6.1 kernel: $(uname -r)" ;; esac
cpus=$(grep -c '^processor' /proc/cpuinfo)
[ "$cpus" = 2 ] || fail "expected 2 CPUs, found $cpus"
zcat /proc/config.gz | grep -q '^CONFIG_FTRACE=y' ||
	fail "CONFIG_FTRACE is not set in /proc/config.gz"
