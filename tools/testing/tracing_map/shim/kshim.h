/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space stand-ins for what kernel/trace/hist/tracing_map.c takes
 * from the kernel, and lib/sort.c with it (compiled unchanged from the
 * base source, as are include/linux/jhash.h and the unaligned helpers it
 * includes). Every shim/linux/X.h includes this one file.
 *
 * The atomics are GCC's __atomic builtins with the kernel's orderings
 * (tools/memory-model): value-returning read-modify-writes (cmpxchg(),
 * test_and_clear_bit(), ...) are fully ordered, the others (atomic64_inc(),
 * set_bit(), ...) and the _relaxed forms are unordered, READ_ONCE() and
 * WRITE_ONCE() are relaxed atomic accesses, so that ThreadSanitizer sees
 * the orderings the kernel code asks for and no more.
 *
 * Knobs the test turns: an allocation that fails after N successful
 * ones. WARN_ON()s are counted and must stay 0.
 */
#ifndef _TOOLS_TM_KSHIM_H
#define _TOOLS_TM_KSHIM_H

/* The basics the tests' shims share: */
#include "../../lib/kshim-common.h"

typedef unsigned long long u64;
typedef long long s64;

#define __packed		__attribute__((__packed__))
#define fallthrough		__attribute__((__fallthrough__))
/* (__always_inline and __attribute_const__ are the C library's) */
#define __must_check		__attribute__((__warn_unused_result__))
#define SHIM_NO_EXPORT(sym)	_Static_assert(1, #sym)
#define EXPORT_SYMBOL		SHIM_NO_EXPORT
#define EXPORT_SYMBOL_GPL	SHIM_NO_EXPORT

#define ALIGN(x, a)		(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))

/* linux/types.h: lib/sort.c's callbacks */
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef int (*cmp_func_t)(const void *a, const void *b);
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);
typedef void (*swap_func_t)(void *a, void *b, int size);

/* ------------------------------------------------------------ interrupts */

/*
 * With SHIM_PREEMPT, every shared access below is followed by a
 * preemption point: in a thread that turned shim_preempt_on, now and
 * then it yields the CPU or spins a little, as an interrupt would take
 * it. Two threads then meet between a load and the step that acts on it
 * even on a machine with one free CPU.
 */
#ifdef SHIM_PREEMPT
extern __thread bool shim_preempt_on;
void shim_preempt_point(void);
#define shim_preempt()		(shim_preempt_on ? shim_preempt_point() : (void)0)
#else
#define shim_preempt()		((void)0)
#endif

/* ------------------------------------------------------------ ordering */

#define READ_ONCE(x) ({							\
	__typeof__(x) __v = __atomic_load_n(&(x), __ATOMIC_RELAXED);	\
	shim_preempt();							\
	__v;								\
})
#define WRITE_ONCE(x, v) ({						\
	__atomic_store_n(&(x), (v), __ATOMIC_RELAXED);			\
	shim_preempt();							\
})
#define smp_load_acquire(p) ({						\
	__typeof__(*(p)) __v = __atomic_load_n(p, __ATOMIC_ACQUIRE);	\
	shim_preempt();							\
	__v;								\
})
#define smp_store_release(p, v) ({					\
	shim_preempt();							\
	__atomic_store_n(p, (v), __ATOMIC_RELEASE);			\
	shim_preempt();							\
})
#define smp_mb()		__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_mb__before_atomic()	smp_mb()
#define smp_mb__after_atomic()	smp_mb()

/* fully ordered; returns the old value, as the kernel's */
#define cmpxchg(ptr, old, new) ({					\
	__typeof__(*(ptr)) __old = (old);				\
	__atomic_compare_exchange_n(ptr, &__old, (new), false,		\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);\
	shim_preempt();							\
	__old;								\
})

/* ------------------------------------------------------------ atomics */

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	s64 counter;
} atomic64_t;

#define ATOMIC_INIT(i)		{ (i) }

static inline int atomic_read(const atomic_t *v)
{
	int i = __atomic_load_n(&v->counter, __ATOMIC_RELAXED);

	shim_preempt();
	return i;
}

static inline void atomic_set(atomic_t *v, int i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELAXED);
}

static inline int atomic_fetch_inc_relaxed(atomic_t *v)
{
	int i = __atomic_fetch_add(&v->counter, 1, __ATOMIC_RELAXED);

	shim_preempt();
	return i;
}

static inline int atomic_fetch_inc(atomic_t *v)
{
	return __atomic_fetch_add(&v->counter, 1, __ATOMIC_SEQ_CST);
}

static inline s64 atomic64_read(const atomic64_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);
}

static inline void atomic64_set(atomic64_t *v, s64 i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_RELAXED);
}

static inline void atomic64_add(s64 i, atomic64_t *v)
{
	__atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}

static inline void atomic64_inc(atomic64_t *v)
{
	atomic64_add(1, v);
}

/* ------------------------------------------------------------ bitops */

#define BITS_PER_LONG		(8 * (int)sizeof(long))
#define BITS_TO_LONGS(n)	DIV_ROUND_UP(n, BITS_PER_LONG)
#define SHIM_BIT_WORD(nr, a)	(&((unsigned long *)(a))[(nr) / BITS_PER_LONG])
#define SHIM_BIT_MASK(nr)	(1UL << ((nr) % BITS_PER_LONG))

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

static inline void set_bit(long nr, unsigned long *addr)
{
	__atomic_fetch_or(SHIM_BIT_WORD(nr, addr), SHIM_BIT_MASK(nr),
			  __ATOMIC_RELAXED);
}

static inline void clear_bit(long nr, unsigned long *addr)
{
	__atomic_fetch_and(SHIM_BIT_WORD(nr, addr), ~SHIM_BIT_MASK(nr),
			   __ATOMIC_RELAXED);
}

static inline bool test_and_clear_bit(long nr, unsigned long *addr)
{
	return __atomic_fetch_and(SHIM_BIT_WORD(nr, addr), ~SHIM_BIT_MASK(nr),
				  __ATOMIC_SEQ_CST) & SHIM_BIT_MASK(nr);
}

static inline bool test_bit(long nr, const unsigned long *addr)
{
	return __atomic_load_n(SHIM_BIT_WORD(nr, addr), __ATOMIC_RELAXED) &
	       SHIM_BIT_MASK(nr);
}

static inline bool test_bit_acquire(long nr, const unsigned long *addr)
{
	return __atomic_load_n(SHIM_BIT_WORD(nr, addr), __ATOMIC_ACQUIRE) &
	       SHIM_BIT_MASK(nr);
}

/* ------------------------------------------------------------ errors */

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR(ptr);
}

/* ------------------------------------------------------------ sizes */

static inline size_t size_add(size_t a, size_t b)
{
	size_t r;

	return __builtin_add_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline size_t size_mul(size_t a, size_t b)
{
	size_t r;

	return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}

#define array_size(a, b)	size_mul(a, b)

/* ------------------------------------------------------------ allocation */

/* shim_alloc_budget >= 0: that many allocations succeed, then all fail */
#define GFP_KERNEL		0x1u
#define __GFP_NOWARN		0x2u
#define __GFP_RETRY_MAYFAIL	0x4u
extern long shim_alloc_budget;
extern long shim_allocs;
void *shim_malloc(size_t n, bool zero);
#define kzalloc(n, gfp)		shim_malloc(n, true)
#define kvzalloc(n, gfp)	shim_malloc(n, true)
#define kvcalloc(n, sz, gfp)	shim_malloc(size_mul(n, sz), true)
#define kvmalloc_array(n, sz, gfp)	shim_malloc(size_mul(n, sz), false)
#define kfree(p)		free((void *)(p))
#define kvfree(p)		free((void *)(p))

#endif
