/* SPDX-License-Identifier: GPL-2.0 */
/*
 * local_t: a counter that only its own CPU modifies, from any context of
 * that CPU, while other CPUs may read it.
 *
 * What it needs: each operation atomic against interrupts of the owning
 * CPU (signals on the owning thread), and single-copy atomic loads for
 * readers elsewhere. Two implementations:
 *
 *  default		GCC __atomic builtins, relaxed (lock-prefixed on
 *			x86): more than needed, but plainly correct in the C
 *			memory model, and what the stress test uses.
 *  SHIM_LOCAL_CPU	x86-64 only: one unlocked instruction per operation
 *			(inc, xadd, cmpxchg without LOCK), the kernel's own
 *			x86 semantics: an instruction is never split by a
 *			signal, and aligned stores are single-copy atomic
 *			for readers on other CPUs.
 *
 * Neither orders memory: ring_buffer.c places its own barriers.
 */
#ifndef _TOOLS_RB_ASM_LOCAL_H
#define _TOOLS_RB_ASM_LOCAL_H

#include "../kshim.h"

typedef struct { long a; } local_t;

#define LOCAL_INIT(i)	{ (i) }

static __always_inline long local_read(const local_t *l)
{
	return __atomic_load_n(&l->a, __ATOMIC_RELAXED);
}

static __always_inline void local_set(local_t *l, long i)
{
	__atomic_store_n(&l->a, i, __ATOMIC_RELAXED);
}

#if defined(SHIM_LOCAL_CPU) && defined(__x86_64__)

static __always_inline void local_add(long i, local_t *l)
{
	__asm__ __volatile__("addq %1, %0" : "+m" (l->a) : "er" (i));
}

static __always_inline void local_sub(long i, local_t *l)
{
	__asm__ __volatile__("subq %1, %0" : "+m" (l->a) : "er" (i));
}

static __always_inline long local_add_return(long i, local_t *l)
{
	long old = i;

	__asm__ __volatile__("xaddq %0, %1" : "+r" (old), "+m" (l->a) : : "memory");
	return old + i;
}

static __always_inline long local_cmpxchg(local_t *l, long old, long new)
{
	long prev;

	__asm__ __volatile__("cmpxchgq %2, %1"
			     : "=a" (prev), "+m" (l->a)
			     : "r" (new), "0" (old)
			     : "memory");
	return prev;
}

#else

static __always_inline void local_add(long i, local_t *l)
{
	__atomic_fetch_add(&l->a, i, __ATOMIC_RELAXED);
}

static __always_inline void local_sub(long i, local_t *l)
{
	__atomic_fetch_sub(&l->a, i, __ATOMIC_RELAXED);
}

static __always_inline long local_add_return(long i, local_t *l)
{
	return __atomic_add_fetch(&l->a, i, __ATOMIC_RELAXED);
}

static __always_inline long local_cmpxchg(local_t *l, long old, long new)
{
	__atomic_compare_exchange_n(&l->a, &old, new, false,
				    __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	return old;
}

#endif

#define local_inc(l)		local_add(1, l)
#define local_dec(l)		local_sub(1, l)
#define local_inc_return(l)	local_add_return(1, l)
#define local_dec_return(l)	local_add_return(-1, l)

#endif /* _TOOLS_RB_ASM_LOCAL_H */
