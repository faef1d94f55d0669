/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space stand-ins for the kernel interfaces kernel/trace/ring_buffer.c
 * uses. Every shim/linux/X.h and shim/asm/X.h includes this one file.
 *
 * The mapping (README has the long version):
 *  - a CPU is a thread: shim_cpu is its number, -1 in other threads;
 *  - interrupts are signals: shim_ctx_level is the interrupt_context_level()
 *    the signal handlers maintain; irqs off is the thread-local flag
 *    shim_irqs_off, which the "irq" handler honours by leaving its work
 *    pending until local_irq_restore(); the "NMI" signal ignores it;
 *  - preemption cannot happen to a CPU (nobody else runs its code), so
 *    preempt_disable() only counts; RCU grace periods come from quiescent
 *    states the CPU threads report (shim_rcu_qs()).
 */
#ifndef _TOOLS_RB_KSHIM_H
#define _TOOLS_RB_KSHIM_H

/* The basics the three tests' shims share: */
#include "../../lib/kshim-common.h"
#include <pthread.h>

/* ------------------------------------------------------------------ types */

typedef uint64_t u64;
typedef int64_t s64;
typedef unsigned int gfp_t;
typedef unsigned int __poll_t;

#undef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#define noinline		__attribute__((__noinline__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __noreturn		__attribute__((__noreturn__))
#define __init
#define __must_check
#define __acquires(x)
#define __releases(x)
#define __acquire(x)		((void)0)
#define __release(x)		((void)0)
#define barrier()		__asm__ __volatile__("" : : : "memory")
#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

#define EXPORT_SYMBOL_GPL(sym)	extern __typeof__(sym) sym
#define EXPORT_SYMBOL(sym)	extern __typeof__(sym) sym

#define BIT(n)			(1UL << (n))
#define BITS_PER_LONG		(8 * (int)sizeof(long))
#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")

/*
 * IS_ENABLED(CONFIG_X): 1 when the test defines CONFIG_X as 1 (-D makes
 * it so), else 0. An empty-or-1 macro expands to a marker that adds an
 * argument, which moves the 1 into second place.
 */
#define SHIM_MARK_1			x,
#define shim_second(a, b, ...)		b
#define shim_pick(marked)		shim_second(marked 1, 0, 0)
#define shim_defined(val)		shim_pick(SHIM_MARK_##val)
#define IS_ENABLED(CONFIG_option)	shim_defined(CONFIG_option)
#define ALIGN(x, a)		(((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define is_signed_type(t)	(((t)(-1)) < (t)1)

/* ------------------------------------------------- per-thread "CPU" state */

#define SHIM_MAX_CPUS	64

extern __thread int shim_cpu;			/* -1: not a CPU thread */
/* Changed by this thread's signal handlers too: READ_ONCE/WRITE_ONCE. */
extern __thread int shim_ctx_level;		/* 0 task 1 softirq 2 irq 3 NMI */
extern __thread int shim_irqs_off;
extern __thread int shim_irq_pending;
extern __thread int shim_preempt;
extern int shim_nr_cpus;
extern int nr_cpu_ids;
/* Runs the deferred "irq" in the current thread; set by the harness. */
extern void (*shim_irq_replay)(void);

#define signal_barrier()	__atomic_signal_fence(__ATOMIC_SEQ_CST)

static __always_inline int raw_smp_processor_id(void) { return shim_cpu; }
#define smp_processor_id()	raw_smp_processor_id()

static __always_inline int interrupt_context_level(void)
{
	return READ_ONCE(shim_ctx_level);
}

#define in_nmi()		(READ_ONCE(shim_ctx_level) == 3)
#define in_hardirq()		(READ_ONCE(shim_ctx_level) == 2)
#define in_irq()		in_hardirq()
#define in_softirq()		(READ_ONCE(shim_ctx_level) == 1)
#define in_task()		(READ_ONCE(shim_ctx_level) == 0)
#define in_interrupt()		(READ_ONCE(shim_ctx_level) != 0)

/* Nobody else runs a CPU's code, so preemption only needs counting. */
#define preempt_disable()		do { shim_preempt++; barrier(); } while (0)
#define preempt_enable()		do { barrier(); shim_preempt--; } while (0)
#define preempt_disable_notrace()	preempt_disable()
#define preempt_enable_notrace()	preempt_enable()

/*
 * irqs off: the "irq" signal handler sees the flag and leaves the
 * interrupt pending; turning irqs back on delivers it here, as hardware
 * would. A signal fence (compiler-only) suffices: the handler runs on
 * this same thread.
 */
static __always_inline unsigned long shim_irq_save(void)
{
	unsigned long flags = READ_ONCE(shim_irqs_off);

	WRITE_ONCE(shim_irqs_off, 1);
	signal_barrier();
	return flags;
}

static __always_inline void shim_irq_restore(unsigned long flags)
{
	signal_barrier();
	WRITE_ONCE(shim_irqs_off, flags);
	signal_barrier();
	if (!flags && unlikely(READ_ONCE(shim_irq_pending)) && shim_irq_replay)
		shim_irq_replay();
}

/*
 * CONFIG_TRACE_IRQFLAGS: the traced forms tell the irq tracers when irqs
 * go off (trace_hardirqs_off()); a test may set the hook to see when the
 * code under test calls them. The raw forms never do.
 */
extern void (*shim_hardirqs_off_hook)(void);

static __always_inline unsigned long shim_irq_save_traced(void)
{
	unsigned long flags = shim_irq_save();

	if (!flags && shim_hardirqs_off_hook)
		shim_hardirqs_off_hook();
	return flags;
}

#define raw_local_irq_save(flags)	do { (flags) = shim_irq_save(); } while (0)
#define raw_local_irq_restore(flags)	shim_irq_restore(flags)
#define local_irq_save(flags)		do { (flags) = shim_irq_save_traced(); } while (0)
#define local_irq_restore(flags)	shim_irq_restore(flags)
#define local_irq_disable()		((void)shim_irq_save())
#define local_irq_enable()		shim_irq_restore(0)
#define irqs_disabled()			(READ_ONCE(shim_irqs_off) != 0)

/* ---------------------------------------------------------- barriers etc */

/*
 * The kernel's barriers as C11 fences, what each orders noted on its line
 * (READ_ONCE() and WRITE_ONCE() are at the top: the inlines above use them).
 */
#define smp_mb()	__atomic_thread_fence(__ATOMIC_SEQ_CST) /* all prior before all later */
#define smp_rmb()	__atomic_thread_fence(__ATOMIC_ACQUIRE) /* prior loads before all later */
#define smp_wmb()	__atomic_thread_fence(__ATOMIC_RELEASE) /* all prior before later stores */

/*
 * A spinning CPU thread may be waiting for one the host has descheduled
 * (in the kernel the other side would have irqs off and could not be):
 * give it the processor rather than burn the spin budget of the caller.
 */
void shim_cpu_relax(void);
#define cpu_relax()	shim_cpu_relax()

/* ----------------------------------------------------------- atomic_t */

typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;

/* Kernel rules: plain RMWs are unordered, value-returning ones are full. */
#define atomic_read(v)		__atomic_load_n(&(v)->counter, __ATOMIC_RELAXED)
#define atomic_set(v, i)	__atomic_store_n(&(v)->counter, (i), __ATOMIC_RELAXED)
#define atomic_inc(v)		((void)__atomic_fetch_add(&(v)->counter, 1, __ATOMIC_RELAXED))
#define atomic_dec(v)		((void)__atomic_fetch_sub(&(v)->counter, 1, __ATOMIC_RELAXED))
#define atomic_add(i, v)	((void)__atomic_fetch_add(&(v)->counter, (i), __ATOMIC_RELAXED))
#define atomic_sub(i, v)	((void)__atomic_fetch_sub(&(v)->counter, (i), __ATOMIC_RELAXED))
#define atomic_inc_return(v)	__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_dec_return(v)	__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_xchg(v, i)	__atomic_exchange_n(&(v)->counter, (i), __ATOMIC_SEQ_CST)
#define atomic_cmpxchg(v, o, n)	cmpxchg(&(v)->counter, (o), (n))

/* Fully ordered, returns the old value, like the kernel's. */
#define cmpxchg(ptr, o, n) ({						\
	__typeof__(*(ptr)) __old = (o);					\
	__atomic_compare_exchange_n((ptr), &__old, (n), false,		\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
	__old;								\
})
#define xchg(ptr, v)	__atomic_exchange_n((ptr), (v), __ATOMIC_SEQ_CST)

/* ------------------------------------------------------------ list etc */

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define hlist_entry(ptr, type, member)	container_of(ptr, type, member)

/* ------------------------------------------------------------- memory */

#ifndef SHIM_PAGE_SHIFT
#define SHIM_PAGE_SHIFT	12
#endif
#define PAGE_SHIFT	SHIM_PAGE_SHIFT
#define PAGE_SIZE	BIT(PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))

#define GFP_KERNEL		0x1u
#define GFP_ATOMIC		0x2u
#define __GFP_NORETRY		0x10u
#define __GFP_RETRY_MAYFAIL	0x20u
#define __GFP_NOWARN		0x40u
#define __GFP_ZERO		0x80u
#define gfpflags_allow_blocking(gfp)	(((gfp) & GFP_KERNEL) != 0)

/* A struct page is the page itself: page_address() is the identity. */
struct page;

/*
 * Allocation failures on demand: with shim_alloc_budget >= 0, that many
 * more allocations succeed and the rest fail. -1 (the default): never.
 */
extern long shim_alloc_budget;

static inline bool shim_alloc_ok(void)
{
	if (shim_alloc_budget < 0)
		return true;
	if (!shim_alloc_budget)
		return false;
	shim_alloc_budget--;
	return true;
}

static inline void *kmalloc(size_t size, gfp_t gfp)
{
	return shim_alloc_ok() ? malloc(size ? size : 1) : NULL;
}

static inline void *kzalloc(size_t size, gfp_t gfp)
{
	return shim_alloc_ok() ? calloc(1, size ? size : 1) : NULL;
}

static inline void *kcalloc(size_t n, size_t size, gfp_t gfp)
{
	return shim_alloc_ok() ? calloc(n ? n : 1, size ? size : 1) : NULL;
}

#define kzalloc_node(size, gfp, node)	kzalloc(size, gfp)
#define kfree(p)			free((void *)(p))

static inline struct page *alloc_pages_node(int node, gfp_t gfp, unsigned int order)
{
	if (!shim_alloc_ok())
		return NULL;
	return aligned_alloc(PAGE_SIZE, PAGE_SIZE << order);
}

static inline void *page_address(struct page *page)
{
	return (void *)page;
}

static inline void free_page(unsigned long addr)
{
	free((void *)addr);
}

static inline long si_mem_available(void)
{
	return 1L << 20;	/* pages: 4 GB is plenty for a test */
}

/* ------------------------------------------------------------- cpumask */

struct cpumask {
	unsigned long bits[1];
};

typedef struct cpumask cpumask_var_t[1];

static inline bool zalloc_cpumask_var(cpumask_var_t *mask, gfp_t gfp)
{
	memset(*mask, 0, sizeof(**mask));
	return true;
}

static inline void free_cpumask_var(struct cpumask *mask) { }

static inline bool cpumask_test_cpu(int cpu, const struct cpumask *mask)
{
	if (cpu < 0 || cpu >= SHIM_MAX_CPUS)
		return false;
	return (__atomic_load_n(&mask->bits[0], __ATOMIC_RELAXED) >> cpu) & 1;
}

static inline void cpumask_set_cpu(int cpu, struct cpumask *mask)
{
	__atomic_fetch_or(&mask->bits[0], 1UL << cpu, __ATOMIC_RELAXED);
}

#define for_each_cpu(cpu, mask)						\
	for ((cpu) = 0; (cpu) < SHIM_MAX_CPUS; (cpu)++)			\
		if (cpumask_test_cpu((cpu), (mask)))
#define for_each_online_cpu(cpu)					\
	for ((cpu) = 0; (cpu) < shim_nr_cpus; (cpu)++)
#define cpu_online(cpu)		((cpu) >= 0 && (cpu) < shim_nr_cpus)
#define num_online_cpus()	((unsigned int)shim_nr_cpus)
#define cpu_to_node(cpu)	0

static inline void cpus_read_lock(void) { }
static inline void cpus_read_unlock(void) { }

enum cpuhp_state { CPUHP_TRACE_RB_PREPARE = 1 };

static inline int cpuhp_state_add_instance_nocalls_cpuslocked(enum cpuhp_state s,
							      struct hlist_node *n)
{
	return 0;
}

static inline int cpuhp_state_remove_instance(enum cpuhp_state s,
					      struct hlist_node *n)
{
	return 0;
}

/* -------------------------------------------------------------- locks */

struct lock_class_key { char dummy; };
#define lockdep_set_class(lock, key)	do { (void)(key); } while (0)

typedef struct { int locked; } raw_spinlock_t;

#define raw_spin_lock_init(l)	__atomic_store_n(&(l)->locked, 0, __ATOMIC_RELAXED)

static inline bool raw_spin_trylock(raw_spinlock_t *l)
{
	return !__atomic_load_n(&l->locked, __ATOMIC_RELAXED) &&
	       !__atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE);
}

static inline void raw_spin_lock(raw_spinlock_t *l)
{
	while (!raw_spin_trylock(l))
		cpu_relax();
}

static inline void raw_spin_unlock(raw_spinlock_t *l)
{
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

#define raw_spin_lock_irqsave(l, flags) \
	do { local_irq_save(flags); raw_spin_lock(l); } while (0)
#define raw_spin_unlock_irqrestore(l, flags) \
	do { raw_spin_unlock(l); local_irq_restore(flags); } while (0)
#define raw_spin_lock_irq(l)	do { local_irq_disable(); raw_spin_lock(l); } while (0)
#define raw_spin_unlock_irq(l)	do { raw_spin_unlock(l); local_irq_enable(); } while (0)

struct mutex { pthread_mutex_t m; };
#define mutex_init(x)	pthread_mutex_init(&(x)->m, NULL)
#define mutex_lock(x)	pthread_mutex_lock(&(x)->m)
#define mutex_unlock(x)	pthread_mutex_unlock(&(x)->m)
#define mutex_trylock(x)	(pthread_mutex_trylock(&(x)->m) == 0)

/* ---------------------------------------------------------------- RCU */

/* Waits until every CPU thread has reported a quiescent state or idles. */
void synchronize_rcu(void);
extern unsigned long shim_grace_periods;	/* synchronize_rcu() calls */
/* CPU threads: call outside any preempt-off region, in task context. */
void shim_rcu_qs(void);
void shim_rcu_idle_enter(void);
void shim_rcu_idle_exit(void);

/* ---------------------------------------------------- waits, irq_work */

typedef struct { int seq; } wait_queue_head_t;

void init_waitqueue_head(wait_queue_head_t *wq);
void wake_up_all(wait_queue_head_t *wq);
/* Sleeps until @wq is woken or a short timeout passes; returns 1 on timeout. */
int shim_wait(wait_queue_head_t *wq, int seq);
extern unsigned long shim_wait_timeouts;

#define wait_event_interruptible(wq, cond) ({				\
	int __ret = 0;							\
	for (;;) {							\
		int __seq = __atomic_load_n(&(wq).seq, __ATOMIC_ACQUIRE); \
		if (cond)						\
			break;						\
		shim_wait(&(wq), __seq);				\
	}								\
	__ret;								\
})

struct file;
typedef struct { int dummy; } poll_table;
#define poll_wait(filp, wq, pt)	do { (void)(filp); (void)(wq); (void)(pt); } while (0)
#define EPOLLIN		0x001u
#define EPOLLERR	0x008u
#define EPOLLRDNORM	0x040u

/*
 * irq_work runs its function at once: wake_up_all() is a futex syscall,
 * which is fine in any context here, signal handlers included.
 */
struct irq_work {
	void (*func)(struct irq_work *work);
	int pending;
};

static inline void init_irq_work(struct irq_work *w, void (*func)(struct irq_work *))
{
	w->func = func;
	w->pending = 0;
}

static inline bool irq_work_queue(struct irq_work *w)
{
	w->func(w);
	return true;
}

static inline void irq_work_sync(struct irq_work *w) { }

/* ------------------------------------------------------ clock, printing */

u64 trace_clock_local(void);

extern unsigned long shim_pr_err_count;
__printf(1, 2) void shim_printk(const char *fmt, ...);
#define pr_err(fmt, ...) \
	do { __atomic_fetch_add(&shim_pr_err_count, 1, __ATOMIC_RELAXED); \
	     shim_printk(fmt, ##__VA_ARGS__); } while (0)
#define pr_warn(fmt, ...)	pr_err(fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...)	shim_printk(fmt, ##__VA_ARGS__)

struct trace_seq {
	char buffer[PAGE_SIZE];
	unsigned int len;
	bool full;
};

void trace_seq_init(struct trace_seq *s);
void trace_seq_puts(struct trace_seq *s, const char *str);
void trace_seq_putc(struct trace_seq *s, unsigned char c);
__printf(2, 3) void trace_seq_printf(struct trace_seq *s, const char *fmt, ...);
static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full;
}

struct seq_file;

#endif /* _TOOLS_RB_KSHIM_H */
