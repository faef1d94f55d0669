// SPDX-License-Identifier: GPL-2.0
/*
 * The workload of harness/bench-fn.sh: getppid() N times, then the mean
 * nanoseconds per call on stdout. getppid is about the cheapest system
 * call there is, so the time tracing adds to it stands out.
 * The loop sits between the two marker NOPs of the instruction counter
 * (harness/qemu-plugin/insn-count.c): under that QEMU plugin the same
 * run also gives the guest instructions the loop took, host load or not.
 * Without the plugin the markers are plain NOPs.
 * Usage: fn-syscalls N
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	struct timespec a, b;
	long n, i;
	double ns;

	if (argc != 2 || (n = atol(argv[1])) <= 0) {
		fprintf(stderr, "usage: %s N\n", argv[0]);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	asm volatile("nopl 0x31424e46(%%rax)" ::: "memory");	/* start */
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	asm volatile("nopl 0x32424e46(%%rax)" ::: "memory");	/* stop */
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	printf("%.1f\n", ns / n);
	return 0;
}
