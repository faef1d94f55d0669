/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel basics that the user-space tests' shims (tools/testing/
 * {ring_buffer,trace_seq,trace_filter}/shim) all stand in for the same
 * way: the C library headers they build on, the fixed-size types, the
 * compiler annotations, likely(), min()/max(), ARRAY_SIZE(),
 * container_of(), ERR_PTR() and a WARN_ON() that counts.
 *
 * Each test's shim/kshim.h includes this first and adds what is its own,
 * including what the tests do differently: u64's C type, READ_ONCE(),
 * EXPORT_SYMBOL(), printk(), allocation, ...
 */
#ifndef _TOOLS_TESTING_KSHIM_COMMON_H
#define _TOOLS_TESTING_KSHIM_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <errno.h>
#include <limits.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef int32_t s32;

#define __user
#define notrace
#define SHIM_PRINTF_ARGS(a, b)	__format__(__printf__, a, b)
#define __printf(a, b)		__attribute__((SHIM_PRINTF_ARGS(a, b)))
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)

#define ARRAY_SIZE(arr)		(sizeof(arr) / sizeof((arr)[0]))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define min(a, b)	\
	({ __typeof__(a) __a = (a); __typeof__(b) __b = (b); __a < __b ? __a : __b; })
#define max(a, b)	\
	({ __typeof__(a) __a = (a); __typeof__(b) __b = (b); __a > __b ? __a : __b; })
#define min_t(t, a, b)	({ t __a = (a); t __b = (b); __a < __b ? __a : __b; })
#define max_t(t, a, b)	({ t __a = (a); t __b = (b); __a > __b ? __a : __b; })

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define MAX_ERRNO	4095
static inline void *ERR_PTR(long error) { return (void *)error; }
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
static inline bool IS_ERR(const void *ptr)
{
	return (unsigned long)ptr >= (unsigned long)-MAX_ERRNO;
}

/* Counted in shim_warnings (defined by the shim.c of a test that uses it). */
extern int shim_warnings;

#define WARN_ON(cond) ({						\
	bool __w = !!(cond);						\
	if (__w) {							\
		shim_warnings++;					\
		fprintf(stderr, "WARN_ON(%s) at %s:%d\n", #cond,	\
			__FILE__, __LINE__);				\
	}								\
	__w;								\
})

#endif /* _TOOLS_TESTING_KSHIM_COMMON_H */
