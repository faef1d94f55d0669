// SPDX-License-Identifier: GPL-2.0
/*
 * The shims' code: allocation with injected failures, preemption points
 * (see kshim.h).
 */
#include <sched.h>
#include "kshim.h"

int shim_warnings;
long shim_alloc_budget = -1;
long shim_allocs;

void *shim_malloc(size_t n, bool zero)
{
	if (shim_alloc_budget >= 0 && shim_allocs++ >= shim_alloc_budget)
		return NULL;
	/* as kvmalloc(): nothing above INT_MAX; 0 bytes is still a pointer */
	if (n > INT_MAX)
		return NULL;
	return zero ? calloc(1, n ?: 1) : malloc(n ?: 1);
}

#ifdef SHIM_PREEMPT
__thread bool shim_preempt_on;

/* One point in 16 yields, one in 16 spins up to 255 rounds. */
void shim_preempt_point(void)
{
	static __thread u32 x;
	unsigned int n;

	if (!x)		/* a seed of each thread's own */
		x = (u32)(uintptr_t)&x | 1;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	if (x % 16 == 0) {
		sched_yield();
	} else if (x % 16 == 1) {
		for (n = (x >> 8) % 256; n; n--)
			__asm__ __volatile__("" ::: "memory");
	}
}
#endif
