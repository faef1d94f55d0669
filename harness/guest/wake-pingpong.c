// SPDX-License-Identifier: GPL-2.0
/*
 * The workload of harness/bench-wakeup.sh: two processes on CPU 0 hand a
 * byte back and forth over two pipes, N round trips. Each handover wakes
 * the other process and switches to it, so a round trip is two wakeups
 * and two switches. Prints the ns per wakeup.
 *
 * The child (the one woken by the parent's write) runs at a higher
 * priority than the parent, so that the wakeup tracers follow each of
 * its wakeups and none of the parent's: with "fair" the parent runs at
 * nice 5 and the child at nice 0 (wakeup follows the child); with "fifo"
 * the parent is SCHED_FIFO 10 and the child SCHED_FIFO 20 (wakeup_rt
 * follows it too).
 *
 * On x86-64 the parent's loop sits between the two marker NOPs of the
 * instruction counter (harness/qemu-plugin/insn-count.c): both processes
 * run on CPU 0, so the count is every instruction of the round trips.
 * Without the plugin the markers are plain NOPs.
 *
 * Usage: wake-pingpong N fair|fifo
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int set_prio(int fifo, int high)
{
	struct sched_param sp = { .sched_priority = high ? 20 : 10 };

	if (fifo)
		return sched_setscheduler(0, SCHED_FIFO, &sp);
	return setpriority(PRIO_PROCESS, 0, high ? 0 : 5);
}

int main(int argc, char **argv)
{
	long n = argc == 3 ? atol(argv[1]) : 0;
	int fifo = argc == 3 && !strcmp(argv[2], "fifo");
	struct timespec t0, t1;
	int ab[2], ba[2], st;
	cpu_set_t one;
	char c = 0;
	pid_t pid;
	long i;
	double ns;

	if (n < 1 || (!fifo && strcmp(argv[2], "fair"))) {
		fprintf(stderr, "usage: wake-pingpong N fair|fifo\n");
		return 2;
	}
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	if (sched_setaffinity(0, sizeof(one), &one) || pipe(ab) || pipe(ba)) {
		perror("wake-pingpong: setup");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("wake-pingpong: fork");
		return 1;
	}
	if (!pid) {
		if (set_prio(fifo, 1))
			_exit(3);
		for (i = 0; i < n; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(4);
		_exit(0);
	}
	if (set_prio(fifo, 0)) {
		perror("wake-pingpong: priority");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
#ifdef __x86_64__
	asm volatile("nopl 0x31424e46(%%rax)" ::: "memory");	/* start */
#endif
	for (i = 0; i < n; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1) {
			perror("wake-pingpong: pipe");
			return 1;
		}
#ifdef __x86_64__
	asm volatile("nopl 0x32424e46(%%rax)" ::: "memory");	/* stop */
#endif
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "wake-pingpong: the child failed (%#x)\n", st);
		return 1;
	}
	ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
	printf("%.1f\n", ns / (2.0 * n));
	return 0;
}
