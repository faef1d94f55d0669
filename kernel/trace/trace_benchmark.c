// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoint benchmark (CONFIG_TRACEPOINT_BENCHMARK): while
 * benchmark:benchmark_event is enabled, a kernel thread, event_benchmark,
 * fires it in a loop and times each firing with trace_clock_local().
 * Each record carries, as text, what the firings before it measured:
 *
 *	START					the first firing
 *	first=N [COLD CACHED]			the time of the first, cold one
 *	last=N first=N max=N min=N avg=N std=N std^2=N
 *
 * and its delta field is the time of the firing just before (0 until
 * the second has been timed). The first firing is kept out of the
 * statistics; the others are summed (and
 * their squares), so the mean and the standard deviation cost two
 * additions per firing. The sums start again before they could
 * overflow. Disabling the event stops the thread and forgets it all.
 *
 * Nothing is fired while tracing is off (tracing_on 0).
 *
 * The thread never sleeps while enabled, but lets others run at each
 * firing (and reports a quiescent state to RCU tasks, which would
 * otherwise wait for it forever).
 */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/trace_clock.h>

#define CREATE_TRACE_POINTS
#include "trace_benchmark.h"

/* restart the sums after this many firings: squares of ~1s stay in u64 */
#define BM_SAMPLES_MAX	SZ_1M

/* what the thread measured; only the thread touches it while it runs */
struct bm_stats {
	char	text[BENCHMARK_EVENT_STRLEN];
	u64	first;		/* the cold firing */
	u64	last;		/* the firing before this one */
	u64	min, max;
	u64	sum, sum_sq;	/* over n firings, the first excluded */
	u32	n;
};

static struct bm_stats bm = { .text = "START" };
static struct task_struct *bm_thread;
/* the thread cannot start before the scheduler and kthreadd run */
static bool bm_can_start;

/* The text the next firing records, from the samples so far. */
static void bm_describe(struct bm_stats *s)
{
	u64 mean = div_u64(s->sum, s->n);
	/* E[x^2] - E[x]^2, clamped: rounding can make it a hair negative */
	u64 mean_sq = div_u64(s->sum_sq, s->n);
	s64 var = mean_sq > mean * mean ? mean_sq - mean * mean : 0;

	scnprintf(s->text, sizeof(s->text),
		  "last=%llu first=%llu max=%llu min=%llu avg=%u std=%d std^2=%lld",
		  s->last, s->first, s->max, s->min, (unsigned int)mean,
		  (int)int_sqrt64(var), var);
}

/* Fold one firing's time into the statistics. */
static void bm_account(struct bm_stats *s, u64 delta)
{
	if (!s->first) {
		/* the cold one: shown once, never averaged nor "last" */
		s->first = delta ? delta : 1;
		scnprintf(s->text, sizeof(s->text),
			  "first=%llu [COLD CACHED]", s->first);
		return;
	}
	s->last = delta;
	if (s->n == BM_SAMPLES_MAX) {
		s->n = 0;
		s->sum = 0;
		s->sum_sq = 0;
	}
	if (!s->n || delta < s->min)
		s->min = delta;
	if (!s->n || delta > s->max)
		s->max = delta;
	s->n++;
	s->sum += delta;
	s->sum_sq += delta * delta;
	bm_describe(s);
}

static void bm_fire_once(struct bm_stats *s)
{
	unsigned long flags;
	u64 start, stop;

	/* nothing to time while the records would go nowhere */
	if (!trace_benchmark_event_enabled() || !tracing_is_on())
		return;
	/* interrupts off: time the firing, not what interrupts it */
	local_irq_save(flags);
	start = trace_clock_local();
	trace_benchmark_event(s->text, s->last);
	stop = trace_clock_local();
	local_irq_restore(flags);
	bm_account(s, stop - start);
}

static int bm_thread_fn(void *unused)
{
	/* let the enabling write finish before the flood starts */
	msleep(100);
	while (!kthread_should_stop()) {
		bm_fire_once(&bm);
		cond_resched_tasks_rcu_qs();
	}
	return 0;
}

int trace_benchmark_reg(void)
{
	struct task_struct *t;

	if (!bm_can_start) {
		pr_warn("trace benchmark cannot be started via kernel command line\n");
		return -EBUSY;
	}
	t = kthread_run(bm_thread_fn, NULL, "event_benchmark");
	if (IS_ERR(t)) {
		pr_warn("trace benchmark failed to create kernel thread\n");
		return PTR_ERR(t);
	}
	bm_thread = t;
	return 0;
}

void trace_benchmark_unreg(void)
{
	if (!bm_thread)
		return;
	kthread_stop(bm_thread);
	bm_thread = NULL;
	/* the next enabling starts from START again */
	memset(&bm, 0, sizeof(bm));
	strscpy(bm.text, "START", sizeof(bm.text));
}

static int __init trace_benchmark_init(void)
{
	bm_can_start = true;
	return 0;
}
early_initcall(trace_benchmark_init);
