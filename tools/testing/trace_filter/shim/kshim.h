/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space stand-ins for what kernel/trace/trace_events_filter.c takes
 * from the kernel (and lib/glob.c, compiled unchanged from the base
 * source). Every shim/linux/X.h and shim/asm/X.h includes this one file,
 * except linux/trace_events.h, which has the field descriptor.
 *
 * Knobs the test turns: the CPU, the interrupt context level and the
 * current task's comm; which pointer values fault; an allocation that
 * fails after N successful ones. WARN_ON()s are counted and must stay 0.
 */
#ifndef _TOOLS_TF_KSHIM_H
#define _TOOLS_TF_KSHIM_H

/* The basics the three tests' shims share: */
#include "../../lib/kshim-common.h"

typedef int8_t s8;
typedef int16_t s16;
typedef unsigned long long u64;
typedef long long s64;

#define __percpu
#define __pure			__attribute__((__pure__))
#define __aligned(x)		__attribute__((aligned(x)))
#define fallthrough		__attribute__((__fallthrough__))
#define SHIM_NO_EXPORT(sym)	_Static_assert(1, #sym)
#define EXPORT_SYMBOL		SHIM_NO_EXPORT
#define EXPORT_SYMBOL_GPL	SHIM_NO_EXPORT
#define MODULE_DESCRIPTION(x)	_Static_assert(1, x)
#define MODULE_LICENSE(x)	_Static_assert(1, x)
#define READ_ONCE(x)		(*(volatile __typeof__(x) *)&(x))
#define struct_size(p, member, n)	\
	(sizeof(*(p)) + (size_t)(n) * sizeof((p)->member[0]))
#define cmpxchg(ptr, old, new)	__sync_val_compare_and_swap(ptr, old, new)

/* the cast drops the pointee's const */
#define get_unaligned(ptr) ({					\
	__typeof__((__typeof__(*(ptr)))0) __v;			\
	memcpy(&__v, (ptr), sizeof(__v));			\
	__v;							\
})

/* ctype as lib/ctype.c classifies (Latin-1 included), not the C library's */
bool shim_isspace(int c);
bool shim_isdigit(int c);
bool shim_isalnum(int c);
#define isspace(c)	shim_isspace((unsigned char)(c))
#define isdigit(c)	shim_isdigit((unsigned char)(c))
#define isalnum(c)	shim_isalnum((unsigned char)(c))

/* lib/kstrtox.c's rules */
int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoll(const char *s, unsigned int base, long long *res);

/* allocation; shim_alloc_budget >= 0: that many succeed, then all fail */
#define GFP_KERNEL	0
extern long shim_alloc_budget;
extern long shim_allocs;
void *shim_malloc(size_t n, bool zero);
#define kmalloc(n, gfp)		shim_malloc(n, false)
#define kzalloc(n, gfp)		shim_malloc(n, true)
#define kcalloc(n, sz, gfp)	shim_malloc((size_t)(n) * (sz), true)
#define kfree(p)		free((void *)(p))
char *kstrdup(const char *s, int gfp);
char *kmemdup_nul(const char *s, size_t len, int gfp);
__printf(2, 3) char *kasprintf(int gfp, const char *fmt, ...);

/* per-CPU data: one CPU */
#define alloc_percpu(type)	((type *)shim_malloc(sizeof(type), true))
#define free_percpu(p)		free(p)
#define this_cpu_ptr(p)		(p)
extern int shim_cpu;
extern int shim_ctx_level;
#define raw_smp_processor_id()	shim_cpu
#define interrupt_context_level()	shim_ctx_level

/* the current task */
#define TASK_COMM_LEN	16
struct task_struct {
	char	comm[TASK_COMM_LEN];
};

extern struct task_struct shim_task;
#define current		(&shim_task)

/*
 * Fault-safe string copies: a pointer into shim_bad_page[] faults;
 * anything else is read (the test only passes good strings otherwise).
 */
extern char shim_bad_page[64];
long strncpy_from_kernel_nofault(char *dst, const void *src, long count);
long strncpy_from_user_nofault(char *dst, const void __user *src, long count);
extern int shim_user_copies;

/* lib/glob.c */
bool __pure glob_match(char const *pat, char const *str);
bool __pure glob_match_len(char const *pat, char const *str, size_t len);

#endif
