// SPDX-License-Identifier: GPL-2.0
/*
 * Run-time half of the shims: CPU-thread state, RCU grace periods, the
 * trace clock, wait queues and printing.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <time.h>
#include <unistd.h>
#include <linux/futex.h>
#include <sys/syscall.h>

#include "kshim.h"

__thread int shim_cpu = -1;
__thread int shim_ctx_level;
__thread int shim_irqs_off;
__thread int shim_irq_pending;
__thread int shim_preempt;
int shim_nr_cpus = 1;
int nr_cpu_ids = SHIM_MAX_CPUS;
void (*shim_irq_replay)(void);
unsigned long shim_pr_err_count;
unsigned long shim_wait_timeouts;
long shim_alloc_budget = -1;

void shim_cpu_relax(void)
{
#if defined(__x86_64__)
	__builtin_ia32_pause();
#endif
	sched_yield();
}

/* ---------------------------------------------------------------- RCU */

/*
 * A grace period ends when each CPU thread has passed a quiescent state
 * (shim_rcu_qs(): counter bump then full fence, always outside any
 * preempt-off region and in task context, so no writer of that CPU, at
 * any interrupt level, is mid-record) or is idle (parked, outside the
 * ring buffer). Pairing: the updater stores (e.g. record_disabled), full
 * fence, then reads the counter; the CPU bumps the counter, full fence,
 * then later reads the updater's store. Either the updater sees the bump
 * or the CPU's next writer sees the store.
 */
static struct shim_rcu_cpu {
	unsigned long gen;
	int idle;
} __aligned(64) shim_rcu[SHIM_MAX_CPUS];

static __attribute__((constructor)) void shim_rcu_init(void)
{
	int i;

	for (i = 0; i < SHIM_MAX_CPUS; i++)
		shim_rcu[i].idle = 1;
}

void shim_rcu_qs(void)
{
	struct shim_rcu_cpu *r = &shim_rcu[shim_cpu];

	if (shim_preempt || READ_ONCE(shim_ctx_level) || READ_ONCE(shim_irqs_off)) {
		fprintf(stderr, "shim: quiescent state reported inside a critical section\n");
		abort();
	}
	__atomic_store_n(&r->gen, r->gen + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void shim_rcu_idle_enter(void)
{
	__atomic_store_n(&shim_rcu[shim_cpu].idle, 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void shim_rcu_idle_exit(void)
{
	__atomic_store_n(&shim_rcu[shim_cpu].idle, 0, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

unsigned long shim_grace_periods;
void (*shim_hardirqs_off_hook)(void);

void synchronize_rcu(void)
{
	struct timespec ts = { 0, 20000 };
	unsigned long gen;
	int cpu;

	__atomic_fetch_add(&shim_grace_periods, 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (cpu = 0; cpu < shim_nr_cpus; cpu++) {
		if (cpu == shim_cpu)
			continue;
		gen = __atomic_load_n(&shim_rcu[cpu].gen, __ATOMIC_RELAXED);
		while (!__atomic_load_n(&shim_rcu[cpu].idle, __ATOMIC_RELAXED) &&
		       __atomic_load_n(&shim_rcu[cpu].gen, __ATOMIC_RELAXED) == gen)
			nanosleep(&ts, NULL);
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* -------------------------------------------------------------- clock */

/*
 * trace_clock_local(): the TSC scaled to nanoseconds (like sched_clock),
 * calibrated once against CLOCK_MONOTONIC. No syscall, no vDSO call: one
 * rdtsc and a multiply. The TSC is invariant and synchronised across the
 * host's CPUs (constant_tsc, nonstop_tsc), so it is monotonic per thread
 * and close across threads. Without x86 it falls back to CLOCK_MONOTONIC.
 */
static u64 shim_tsc_base, shim_ns_base, shim_tsc_mult;

static u64 shim_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

#if defined(__x86_64__)
static __attribute__((constructor)) void shim_clock_init(void)
{
	struct timespec d = { 0, 20 * 1000 * 1000 };
	u64 t0, n0, t1, n1;

	n0 = shim_mono_ns();
	t0 = __builtin_ia32_rdtsc();
	nanosleep(&d, NULL);
	n1 = shim_mono_ns();
	t1 = __builtin_ia32_rdtsc();
	shim_tsc_mult = ((__uint128_t)(n1 - n0) << 32) / (t1 - t0);
	shim_tsc_base = t1;
	shim_ns_base = n1;
}

u64 trace_clock_local(void)
{
	u64 d = __builtin_ia32_rdtsc() - shim_tsc_base;

	return shim_ns_base + (u64)(((__uint128_t)d * shim_tsc_mult) >> 32);
}
#else
u64 trace_clock_local(void)
{
	return shim_mono_ns();
}
#endif

/* -------------------------------------------------------- wait queues */

void init_waitqueue_head(wait_queue_head_t *wq)
{
	wq->seq = 0;
}

void wake_up_all(wait_queue_head_t *wq)
{
	__atomic_fetch_add(&wq->seq, 1, __ATOMIC_SEQ_CST);
	syscall(SYS_futex, &wq->seq, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

int shim_wait(wait_queue_head_t *wq, int seq)
{
	struct timespec to = { 0, 10 * 1000 * 1000 };
	long ret;

	ret = syscall(SYS_futex, &wq->seq, FUTEX_WAIT_PRIVATE, seq, &to, NULL, 0);
	if (ret && errno == ETIMEDOUT) {
		__atomic_fetch_add(&shim_wait_timeouts, 1, __ATOMIC_RELAXED);
		return 1;
	}
	return 0;
}

/* ----------------------------------------------------------- printing */

/* Straight to fd 2: callers may be signal handlers ("irq", "NMI"). */
void shim_printk(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	if (n > 0 && write(2, buf, n) < 0)
		return;
}

void trace_seq_init(struct trace_seq *s)
{
	s->len = 0;
	s->full = false;
	s->buffer[0] = 0;
}

static void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list ap)
{
	size_t room = sizeof(s->buffer) - s->len;
	int n;

	if (s->full)
		return;
	n = vsnprintf(s->buffer + s->len, room, fmt, ap);
	if (n < 0 || (size_t)n >= room) {
		s->buffer[s->len] = 0;
		s->full = true;
		return;
	}
	s->len += n;
}

void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
}

void trace_seq_puts(struct trace_seq *s, const char *str)
{
	trace_seq_printf(s, "%s", str);
}

void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	trace_seq_printf(s, "%c", c);
}
