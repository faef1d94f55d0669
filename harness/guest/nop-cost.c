// SPDX-License-Identifier: GPL-2.0
/*
 * What one 5-byte NOP (0f 1f 44 00 00, an idle ftrace call site on
 * x86-64) costs in this guest: a loop of 16 NOPs an iteration timed
 * against the same loop empty, and against 16 one-cycle adds for scale.
 * For harness/bench-fn.sh, which explains with it the NOP-only part of
 * "compiled in but off". Prints "nop5 NS" and "add NS", ns per
 * instruction, the median of 5 tries each.
 * Usage: nop-cost N (iterations a try)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TRIES 5

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static double loop_empty(long n)
{
	double t = now_ns();
	long i;

	for (i = 0; i < n; i++)
		asm volatile("" ::: "memory");
	return now_ns() - t;
}

static double loop_nop5(long n)
{
	double t = now_ns();
	long i;

	for (i = 0; i < n; i++)
		asm volatile(".rept 16\n\t.byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n\t.endr"
			     ::: "memory");
	return now_ns() - t;
}

static double loop_add(long n)
{
	double t = now_ns();
	long i;

	for (i = 0; i < n; i++)
		asm volatile(".rept 16\n\taddq $1, %%rax\n\t.endr"
			     ::: "rax", "cc", "memory");
	return now_ns() - t;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	double nop[TRIES], add[TRIES], base;
	long n;
	int i;

	if (argc != 2 || atol(argv[1]) <= 0) {
		fprintf(stderr, "usage: %s N\n", argv[0]);
		return 2;
	}
	n = atol(argv[1]);
	for (i = 0; i < TRIES; i++) {
		base = loop_empty(n);
		nop[i] = (loop_nop5(n) - base) / n / 16;
		add[i] = (loop_add(n) - base) / n / 16;
	}
	qsort(nop, TRIES, sizeof(nop[0]), cmp);
	qsort(add, TRIES, sizeof(add[0]), cmp);
	printf("nop5 %.3f\nadd %.3f\n", nop[TRIES / 2], add[TRIES / 2]);
	return 0;
}
