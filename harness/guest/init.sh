#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# PID 1 of a test guest, on both arches (POSIX sh: busybox runs it on arm64).
# The root is read-only 9p; the second 9p share "out" is the run directory:
# it holds cmd.sh, which this runs, and receives the results:
#   output  what cmd.sh printed (batch mode),
#   status  its exit status,
#   dmesg   the kernel log at the end, whatever the console log level.
# Then the guest powers off.
exec </dev/console >/dev/console 2>&1
PATH=/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOME=/tmp
export PATH HOME

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs dev /dev 2>/dev/null
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts 2>/dev/null
for d in /tmp /run /dev/shm /var/tmp /root; do
	mount -t tmpfs tmpfs "$d" 2>/dev/null
done
mount -t tracefs nodev /sys/kernel/tracing
mount -t debugfs nodev /sys/kernel/debug
mkdir -p /tmp/out
if ! mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 out /tmp/out; then
	echo "HARNESS: cannot mount the run directory"
	echo o >/proc/sysrq-trigger
fi
# Loadable modules of this kernel come with the run directory: bound
# in place, not copied.
if [ -d /tmp/out/modules/lib/modules ]; then
	mount -o bind /tmp/out/modules/lib/modules /lib/modules
fi
hostname guest 2>/dev/null
# Loopback up: some tests ping 127.0.0.1 to make scheduler events.
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null

echo "HARNESS: guest up: $(uname -r) $(uname -m) cpus=$(grep -c ^processor /proc/cpuinfo)"
cd /tmp
if [ "${HARNESS_MODE:-batch}" = interactive ]; then
	sh /tmp/out/cmd.sh
	status=$?
else
	# The status goes through a file: a pipeline's status is tee's.
	(sh /tmp/out/cmd.sh; echo $? >/tmp/status) 2>&1 | tee /tmp/out/output
	status=$(cat /tmp/status 2>/dev/null || echo 255)
fi
dmesg >/tmp/out/dmesg 2>/dev/null
echo "$status" >/tmp/out/status
sync
echo "HARNESS: guest exit $status"
# Power off synchronously (the reboot syscall does not return). The sysrq
# fallback is asynchronous: init must not exit meanwhile, or the kernel
# panics ("Attempted to kill init") while 9p is already gone, so it waits
# in a loop that survives its commands failing.
busybox poweroff -f 2>/dev/null || poweroff -f 2>/dev/null
echo o >/proc/sysrq-trigger
while :; do sleep 1 2>/dev/null || :; done
