// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise tracer: how much of a CPU the rest of the system takes
 * from a thread that wants all of it.
 *
 * Measuring. On each CPU of osnoise/cpus a kernel thread, "osnoise/N",
 * reads the clock (trace_clock_local()) in a tight loop for runtime_us,
 * then sleeps for the rest of period_us. Two reads further apart than
 * the threshold (tracing_thresh, 5 us when it is 0) mean that something
 * else ran in between: the gap is a noise sample (event
 * sample_threshold). At the end of each period the thread records a
 * TRACE_OSNOISE entry in every array that runs the tracer: the sum of
 * the gaps, the longest, and what interrupted it meanwhile.
 *
 * Explaining. While a CPU samples, hooks on the NMI path, the interrupt
 * tracepoints (irq_handler_entry/exit and the architecture's vectors),
 * softirq_entry/exit and sched_switch open and close a window per level
 * of interruption: NMI, irq, softirq and thread (any task other than the
 * sampler). Each opening is counted and bumps the CPU's sequence number,
 * so the sampler tells a gap that something explains from one nothing
 * does: the latter is counted as hardware noise (an SMI, a hypervisor
 * taking the CPU). Each closing traces the window's own duration
 * (nmi_noise, irq_noise, softirq_noise, thread_noise): the time since it
 * opened, less the time of the windows that nested in it, which every
 * closing adds to the "nested" sum of the lower windows still open.
 *
 * Why no locks. A window belongs to one CPU and only that CPU touches
 * it, from code that nests strictly (thread < softirq < irq < NMI): a
 * higher level always ends before the level it interrupted resumes.
 * Two hazards remain, each handled where it happens:
 *  - a higher level that comes between two reads of a lower level's
 *    code (the time, then the nested sum): every opening bumps the
 *    sequence before anything else, and those readers read again when
 *    the sequence moved (osn_stamp(), osn_close());
 *  - two levels adding to the same nested sum: it is a local64_t, whose
 *    add is one instruction against this CPU's interrupts.
 * On architectures whose sched_clock() is not NMI-safe
 * (GENERIC_SCHED_CLOCK), NMIs are counted but not timed.
 *
 * Control. Arrays that run the tracer are on osn_arrays (under
 * trace_types_lock, read under RCU by the samplers). The first one hooks
 * the events and starts the threads, the last one stops them. With
 * NO_OSNOISE_WORKLOAD no thread runs: the CPUs of osnoise/cpus account
 * every interruption all the time, as events only. The files are in
 * trace_osnoise_fs.c.
 *
 * The timerlat tracer (TIMERLAT_TRACER) shares all of this but the
 * sampler. Its thread, "timerlat/N" (SCHED_FIFO 95, so that only
 * real-time work delays it), arms a pinned hard hrtimer for the next
 * multiple of timerlat_period_us and sleeps. The timer's handler traces
 * how late it runs (a TRACE_TIMERLAT entry, context irq) and wakes the
 * thread, which traces how late it runs in turn (context thread), both
 * against the same due time. The windows stay open for the whole run;
 * softirq and thread noise is traced only between the timer and the
 * thread's run, as what delayed the thread: the handler restarts the
 * lower windows then, so that they count from the timer on. Only one of
 * the two tracers runs at a time, in any number of arrays.
 */

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <asm/local64.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>
#include <linux/workqueue.h>
#include <uapi/linux/sched/types.h>

#include "trace.h"
#include "trace_osnoise.h"

#include <trace/events/irq.h>
#include <trace/events/sched.h>

#define CREATE_TRACE_POINTS
#include <trace/events/osnoise.h>

/* The threshold when tracing_thresh is 0, in ns. */
#define OSN_DEFAULT_THRESH	5000

struct osnoise_settings osnoise_set = {
	.period_us	= USEC_PER_SEC,
	.runtime_us	= USEC_PER_SEC,
	.options	= OSN_OPT_DEFAULT_SET,
#ifdef CONFIG_TIMERLAT_TRACER
	.timerlat_period_us = 1000,
#endif
};

/* serialises the writers of osnoise_set and the start and stop of threads */
DEFINE_MUTEX(osnoise_lock);

/* One level of interruption on one CPU. */
struct osn_window {
	u64		arrival;	/* when it opened */
	local64_t	nested;		/* time of the windows nested in it */
	unsigned int	count;		/* openings, ever */
	bool		open;
};

#ifdef CONFIG_TIMERLAT_TRACER
/*
 * The stack of the code a timerlat timer interrupted, kept for the
 * thread to trace when print_stack asks for it: as deep as upstream's
 * (256 calls, 2 KiB a CPU). A deeper stack is cut there: its
 * outermost calls are lost.
 */
#define TLAT_STACK_MAX		256

/* The priority of the timerlat threads (SCHED_FIFO), as upstream's. */
#define TLAT_PRIO		95

/* One CPU's timerlat activations: its thread and its timer only. */
struct tlat_cpu {
	struct hrtimer		timer;
	struct task_struct	*task;		/* the thread, set by itself */
	u64			due;		/* CLOCK_MONOTONIC ns */
	unsigned int		seq;		/* activations */
	bool			fired;		/* since the timer was armed */
	bool			delayed;	/* fired, thread not yet run */
	unsigned int		nr_calls;
	unsigned long		calls[TLAT_STACK_MAX];
};
#endif

struct osn_cpu {
	local_t			seq;		/* bumped as any window opens */
	bool			sampling;	/* the hooks account only then */
	pid_t			pid;		/* the sampler: not noise */
	struct task_struct	*thread;	/* [osnoise_lock, hotplug] */
	struct osn_window	nmi, irq, softirq, task;
#ifdef CONFIG_TIMERLAT_TRACER
	struct tlat_cpu		tlat;
#endif
};

static DEFINE_PER_CPU(struct osn_cpu, osn_cpu);

/* The arrays running the tracer. */
struct osn_array {
	struct list_head	node;
	struct trace_array	*tr;
	struct rcu_head		rcu;
};

static LIST_HEAD(osn_arrays);
static bool osn_tainted;	/* a duration came out negative */

/* Which tracer the arrays of osn_arrays run [trace_types_lock]. */
enum osn_kind {
	OSN_NOISE,
	OSN_TIMERLAT,
};

static enum osn_kind osn_kind;

static inline bool osn_timerlat(void)
{
	return IS_ENABLED(CONFIG_TIMERLAT_TRACER) &&
	       READ_ONCE(osn_kind) == OSN_TIMERLAT;
}

/*
 * Whether the closing of a softirq or thread window is traced: always
 * for osnoise; for timerlat, only while it delays the thread.
 */
static inline bool osn_delay_traced(struct osn_cpu *c)
{
#ifdef CONFIG_TIMERLAT_TRACER
	if (osn_timerlat())
		return READ_ONCE(c->tlat.delayed);
#endif
	return true;
}

bool trace_osnoise_callback_enabled;

static inline u64 osn_now(void)
{
	return trace_clock_local();
}

/* ---- windows ---- */

/*
 * Open w, from the level that owns it. The sequence moves first, so
 * that lower-level code caught between two of its reads takes them
 * again, and so that the sampler sees an explained gap. w->open is set before the time is taken: a
 * higher level that comes after that adds its time to w->nested; one
 * that comes while we take the time moves the sequence, and we take it
 * again with a zero sum.
 */
static void osn_open(struct osn_cpu *c, struct osn_window *w)
{
	long seq;

	local_inc(&c->seq);
	w->count++;
	WRITE_ONCE(w->open, true);
	do {
		seq = local_read(&c->seq);
		barrier();
		local64_set(&w->nested, 0);
		w->arrival = osn_now();
		barrier();
	} while (seq != local_read(&c->seq));
}

/*
 * Close w and return its own duration. The time and the nested sum are
 * read with no opening between them (a higher level that opened in
 * between would be in the sum but not yet in the time, or the other
 * way around). One that comes after both reads is not ours: it adds
 * to a sum we no longer read.
 */
static s64 osn_close(struct osn_cpu *c, struct osn_window *w)
{
	u64 now, start, nested;
	long seq;
	s64 d;

	/*
	 * The arrival is read in the loop too: timerlat's handler moves it
	 * (tlat_restart()), after a bump of the sequence.
	 */
	do {
		seq = local_read(&c->seq);
		barrier();
		now = osn_now();
		start = w->arrival;
		nested = local64_read(&w->nested);
		barrier();
	} while (seq != local_read(&c->seq));
	WRITE_ONCE(w->open, false);

	d = now - start - nested;
	if (d < 0) {
		WRITE_ONCE(osn_tainted, true);
		d = 0;
	}
	return d;
}

/* Take d, a closed window's time, out of the lower windows still open. */
static void osn_nested(struct osn_window *below[], int n, s64 d)
{
	int i;

	for (i = 0; i < n; i++)
		if (READ_ONCE(below[i]->open))
			local64_add(d, &below[i]->nested);
}

void trace_osnoise_callback(bool enter)
{
	struct osn_cpu *c = this_cpu_ptr(&osn_cpu);
	struct osn_window *below[] = { &c->irq, &c->softirq, &c->task };
	s64 d;

	if (!READ_ONCE(c->sampling))
		return;
	if (IS_ENABLED(CONFIG_GENERIC_SCHED_CLOCK)) {
		/* sched_clock() may be mid-update: count only */
		if (enter) {
			local_inc(&c->seq);
			c->nmi.count++;
		}
		return;
	}
	if (enter) {
		osn_open(c, &c->nmi);
		return;
	}
	if (!c->nmi.open)
		return;
	d = osn_close(c, &c->nmi);
	trace_nmi_noise(c->nmi.arrival, d);
	osn_nested(below, ARRAY_SIZE(below), d);
}

void osnoise_trace_irq_entry(int id)
{
	struct osn_cpu *c = this_cpu_ptr(&osn_cpu);

	if (READ_ONCE(c->sampling))
		osn_open(c, &c->irq);
}

void osnoise_trace_irq_exit(int id, const char *desc)
{
	struct osn_cpu *c = this_cpu_ptr(&osn_cpu);
	struct osn_window *below[] = { &c->softirq, &c->task };
	s64 d;

	if (!READ_ONCE(c->sampling) || !c->irq.open)
		return;
	d = osn_close(c, &c->irq);
	trace_irq_noise(id, desc, c->irq.arrival, d);
	osn_nested(below, ARRAY_SIZE(below), d);
}

static void osn_irq_entry(void *data, int irq, struct irqaction *action)
{
	osnoise_trace_irq_entry(irq);
}

static void osn_irq_exit(void *data, int irq, struct irqaction *action,
			 int ret)
{
	osnoise_trace_irq_exit(irq, action->name);
}

int __weak osnoise_arch_register(void)
{
	return 0;
}

void __weak osnoise_arch_unregister(void)
{
}

#ifndef CONFIG_PREEMPT_RT
static void osn_softirq_entry(void *data, unsigned int vec)
{
	struct osn_cpu *c = this_cpu_ptr(&osn_cpu);

	if (READ_ONCE(c->sampling))
		osn_open(c, &c->softirq);
}

static void osn_softirq_exit(void *data, unsigned int vec)
{
	struct osn_cpu *c = this_cpu_ptr(&osn_cpu);
	struct osn_window *below[] = { &c->task };
	s64 d;

	if (!READ_ONCE(c->sampling) || !c->softirq.open)
		return;
	d = osn_close(c, &c->softirq);
	if (osn_delay_traced(c))
		trace_softirq_noise(vec, c->softirq.arrival, d);
	osn_nested(below, ARRAY_SIZE(below), d);
}
#endif

/*
 * Any task but the sampler is noise while it runs; with
 * NO_OSNOISE_WORKLOAD there is no sampler and every task is.
 */
static bool osn_is_noise(struct osn_cpu *c, struct task_struct *t)
{
	return !c->pid || t->pid != c->pid;
}

static void osn_sched_switch(void *data, bool preempt,
			     struct task_struct *prev,
			     struct task_struct *next,
			     unsigned int prev_state)
{
	struct osn_cpu *c = this_cpu_ptr(&osn_cpu);
	s64 d;

	if (!READ_ONCE(c->sampling))
		return;
	if (c->task.open && osn_is_noise(c, prev)) {
		d = osn_close(c, &c->task);
		if (osn_delay_traced(c))
			trace_thread_noise(prev, c->task.arrival, d);
	}
	if (osn_is_noise(c, next))
		osn_open(c, &c->task);
}

/* Forget every window of c; its hooks are idle (c->sampling is off). */
static void osn_forget(struct osn_cpu *c)
{
	struct osn_window *all[] = { &c->nmi, &c->irq, &c->softirq, &c->task };
	int i;

	for (i = 0; i < ARRAY_SIZE(all); i++)
		WRITE_ONCE(all[i]->open, false);
}

static void osn_unhook(void)
{
	unregister_trace_sched_switch(osn_sched_switch, NULL);
#ifndef CONFIG_PREEMPT_RT
	unregister_trace_softirq_exit(osn_softirq_exit, NULL);
	unregister_trace_softirq_entry(osn_softirq_entry, NULL);
#endif
	osnoise_arch_unregister();
	unregister_trace_irq_handler_exit(osn_irq_exit, NULL);
	unregister_trace_irq_handler_entry(osn_irq_entry, NULL);
}

static int osn_hook(void)
{
	int ret;

	/* unregistering what was not registered is harmless */
	ret = register_trace_irq_handler_entry(osn_irq_entry, NULL);
	if (!ret)
		ret = register_trace_irq_handler_exit(osn_irq_exit, NULL);
	if (!ret)
		ret = osnoise_arch_register();
#ifndef CONFIG_PREEMPT_RT
	if (!ret)
		ret = register_trace_softirq_entry(osn_softirq_entry, NULL);
	if (!ret)
		ret = register_trace_softirq_exit(osn_softirq_exit, NULL);
#endif
	if (!ret)
		ret = register_trace_sched_switch(osn_sched_switch, NULL);
	if (ret) {
		osn_unhook();
		tracepoint_synchronize_unregister();
	}
	return ret;
}

/* ---- what the samplers write ---- */

/* A TRACE_PRINT line in every array running the tracer. */
static void osn_note_all(const char *text)
{
	struct ring_buffer_event *event;
	struct print_entry *entry;
	struct osn_array *a;
	size_t len = strlen(text);

	rcu_read_lock();
	list_for_each_entry_rcu(a, &osn_arrays, node) {
		event = trace_buffer_lock_reserve(trace_array_buffer(a->tr),
						  TRACE_PRINT,
						  sizeof(*entry) + len + 1,
						  tracing_gen_ctx());
		if (!event)
			continue;
		entry = ring_buffer_event_data(event);
		entry->ip = _THIS_IP_;
		memcpy(entry->buf, text, len + 1);
		trace_buffer_commit_nostack(a->tr, trace_array_buffer(a->tr),
					    event);
	}
	rcu_read_unlock();
}

/* A stop condition hit: say so, then stop recording (or panic). */
static void osn_stop_tracing(void)
{
	struct osn_array *a;
	char text[40];
	int cpu = raw_smp_processor_id();

	snprintf(text, sizeof(text), "stop tracing hit on cpu %d\n", cpu);
	osn_note_all(text);
	if (test_bit(OSN_OPT_PANIC_ON_STOP, &osnoise_set.options))
		panic("osnoise: tracer hit stop condition on CPU %d\n", cpu);
	rcu_read_lock();
	list_for_each_entry_rcu(a, &osn_arrays, node)
		tracer_tracing_off(a->tr);
	rcu_read_unlock();
}

struct osn_counts {
	unsigned int nmi, irq, softirq, task;
};

static void osn_counts(struct osn_cpu *c, struct osn_counts *n)
{
	n->nmi = READ_ONCE(c->nmi.count);
	n->irq = READ_ONCE(c->irq.count);
	n->softirq = READ_ONCE(c->softirq.count);
	n->task = READ_ONCE(c->task.count);
}

/* Raise a's tracing_max_latency to ns, if its tracing is on. */
static void osn_raise_max(struct osn_array *a, u64 ns)
{
	unsigned long old, seen;

	if (!tracer_tracing_is_on(a->tr))
		return;
	/* the samplers of other CPUs may raise it at the same time */
	old = READ_ONCE(a->tr->max_latency);
	while (ns > old) {
		seen = cmpxchg(&a->tr->max_latency, old, ns);
		if (seen == old)
			break;
		old = seen;
	}
}

/* One period's summary, in every array running the tracer. */
static void osn_record(const struct osnoise_entry *sum, u64 longest_ns)
{
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct osnoise_entry *e;
	struct osn_array *a;

	rcu_read_lock();
	list_for_each_entry_rcu(a, &osn_arrays, node) {
		buffer = trace_array_buffer(a->tr);
		event = trace_buffer_lock_reserve(buffer, TRACE_OSNOISE,
						  sizeof(*e),
						  tracing_gen_ctx());
		if (event) {
			e = ring_buffer_event_data(event);
			e->noise = sum->noise;
			e->runtime = sum->runtime;
			e->max_sample = sum->max_sample;
			e->hw_count = sum->hw_count;
			e->nmi_count = sum->nmi_count;
			e->irq_count = sum->irq_count;
			e->softirq_count = sum->softirq_count;
			e->thread_count = sum->thread_count;
			trace_buffer_commit_nostack(a->tr, buffer, event);
		}
		osn_raise_max(a, longest_ns);
	}
	rcu_read_unlock();
}

/*
 * Read the clock and the sequence as a pair: no window opened between
 * the two, so the windows that opened before the stamp are all counted
 * in the sequence it returns.
 */
static long osn_stamp(struct osn_cpu *c, u64 *t)
{
	long seq;

	do {
		seq = local_read(&c->seq);
		barrier();
		*t = osn_now();
		barrier();
	} while (seq != local_read(&c->seq));
	return seq;
}

/* ---- the sampler ---- */

static void osn_sample(struct osn_cpu *c)
{
	unsigned long opts = READ_ONCE(osnoise_set.options);
	bool irqs_off = opts & BIT(OSN_OPT_IRQ_DISABLE);
	bool preempt_off = !irqs_off && (opts & BIT(OSN_OPT_PREEMPT_DISABLE));
	u64 runtime = READ_ONCE(osnoise_set.runtime_us) * NSEC_PER_USEC;
	u64 stop_one, stop_sum;
	u64 thresh = READ_ONCE(tracing_thresh) ?: OSN_DEFAULT_THRESH;
	u64 start, prev, now, elapsed, sum = 0, longest = 0;
	struct osnoise_entry e = { };
	struct osn_counts before, after;
	unsigned int hw = 0, why;
	long prev_seq, seq;
	s64 gap;

	/* we are the running task: no window of this CPU is open */
	local_irq_disable();
	osn_forget(c);
	local_irq_enable();
	osn_counts(c, &before);

	if (irqs_off)
		local_irq_disable();
	if (preempt_off)
		preempt_disable();
	WRITE_ONCE(c->sampling, true);
	barrier();

	prev_seq = osn_stamp(c, &prev);
	start = prev;
	do {
		seq = osn_stamp(c, &now);
		gap = now - prev;
		elapsed = now - start;
		if (gap < 0) {
			/* the clock went back: nothing to measure here */
			WRITE_ONCE(osn_tainted, true);
		} else if (gap >= thresh) {
			why = seq - prev_seq;
			sum += gap;
			longest = max_t(u64, longest, gap);
			if (!why)
				hw++;
			trace_sample_threshold(prev, gap, why);
			/*
			 * Read at each gap, not once a period: a stop file
			 * set back to 0 after a stop must not stop the
			 * recording again later in the same period.
			 */
			stop_one = READ_ONCE(osnoise_set.stop_single_us);
			if (stop_one && gap > stop_one * NSEC_PER_USEC)
				osn_stop_tracing();
		}
		prev = now;
		prev_seq = seq;

		/*
		 * A CPU that does not schedule for a whole runtime holds up
		 * RCU's grace periods: report a quiescent state now and then.
		 */
		if (IS_ENABLED(CONFIG_PREEMPT_RCU) || irqs_off || preempt_off) {
			if (!irqs_off)
				local_irq_disable();
			rcu_momentary_eqs();
			if (!irqs_off)
				local_irq_enable();
		}
		if (!irqs_off && !preempt_off)
			cond_resched();
	} while (elapsed < runtime && !kthread_should_stop());

	barrier();
	WRITE_ONCE(c->sampling, false);
	barrier();
	if (preempt_off)
		preempt_enable();
	if (irqs_off)
		local_irq_enable();

	osn_counts(c, &after);
	e.noise = div_u64(sum, NSEC_PER_USEC);
	e.runtime = div_u64(elapsed, NSEC_PER_USEC);
	e.max_sample = div_u64(longest, NSEC_PER_USEC);
	e.hw_count = hw;
	e.nmi_count = after.nmi - before.nmi;
	e.irq_count = after.irq - before.irq;
	e.softirq_count = after.softirq - before.softirq;
	e.thread_count = after.task - before.task;
	osn_record(&e, longest);

	stop_sum = READ_ONCE(osnoise_set.stop_total_us);
	if (stop_sum && e.noise > stop_sum)
		osn_stop_tracing();
}

/* Sleep for the rest of the period. */
static void osn_rest(void)
{
	u64 period = READ_ONCE(osnoise_set.period_us);
	u64 runtime = READ_ONCE(osnoise_set.runtime_us);
	ktime_t until;

	if (runtime >= period) {
		/* no sleep at all: still let synchronize_rcu_tasks() end */
		cond_resched_tasks_rcu_qs();
		return;
	}
	until = ktime_add_us(ktime_get(), period - runtime);
	set_current_state(TASK_INTERRUPTIBLE);
	/* kthread_stop() wakes us early */
	while (schedule_hrtimeout_range(&until, 0, HRTIMER_MODE_ABS)) {
		if (kthread_should_stop())
			break;
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
}

static int osn_thread(void *arg)
{
	struct osn_cpu *c = arg;

	WRITE_ONCE(c->pid, current->pid);
	while (!kthread_should_stop()) {
		osn_sample(c);
		osn_rest();
	}
	return 0;
}

/* ---- timerlat ---- */

#ifdef CONFIG_TIMERLAT_TRACER
enum { TLAT_IRQ, TLAT_THREAD };	/* timerlat_entry.context */

static inline u64 tlat_now(struct tlat_cpu *t)
{
	return ktime_to_ns(hrtimer_cb_get_time(&t->timer));
}

/* One latency, in every array running the tracer. */
static void tlat_record(unsigned int seq, int context, u64 late)
{
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct timerlat_entry *e;
	struct osn_array *a;

	rcu_read_lock();
	list_for_each_entry_rcu(a, &osn_arrays, node) {
		buffer = trace_array_buffer(a->tr);
		event = trace_buffer_lock_reserve(buffer, TRACE_TIMERLAT,
						  sizeof(*e),
						  tracing_gen_ctx());
		if (!event)
			continue;
		e = ring_buffer_event_data(event);
		e->seqnum = seq;
		e->context = context;
		e->timer_latency = late;
		trace_buffer_commit_nostack(a->tr, buffer, event);
	}
	rcu_read_unlock();
}

static void tlat_raise_max(u64 late)
{
	struct osn_array *a;

	rcu_read_lock();
	list_for_each_entry_rcu(a, &osn_arrays, node)
		osn_raise_max(a, late);
	rcu_read_unlock();
}

/*
 * The stack the handler kept, as a TRACE_STACK entry in every array,
 * if print_stack is set and late (ns) reaches it. The handler wrote it
 * before it woke us, and writes again only once we re-arm the timer.
 */
static void tlat_trace_stack(struct tlat_cpu *t, u64 late)
{
	u64 limit = READ_ONCE(osnoise_set.print_stack_us);
	size_t size = t->nr_calls * sizeof(unsigned long);
	size_t len = offsetof(struct stack_entry, caller) + size;
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct stack_entry *e;
	struct osn_array *a;

	if (!limit || !t->nr_calls || div_u64(late, NSEC_PER_USEC) < limit)
		return;
	rcu_read_lock();
	list_for_each_entry_rcu(a, &osn_arrays, node) {
		buffer = trace_array_buffer(a->tr);
		event = trace_buffer_lock_reserve(buffer, TRACE_STACK, len,
						  tracing_gen_ctx());
		if (!event)
			continue;
		e = ring_buffer_event_data(event);
		e->size = t->nr_calls;
		/* caller[] is declared shorter than the entry reserved */
		memcpy((void *)e + offsetof(struct stack_entry, caller),
		       t->calls, size);
		trace_buffer_commit_nostack(a->tr, buffer, event);
	}
	rcu_read_unlock();
}

/*
 * The timer came: from now until the thread runs, softirq and thread
 * noise delays it. An open softirq or thread window starts again at the
 * interrupt's arrival (the interrupt's own time comes off it as the irq
 * window closes), so that it counts only what delays the thread. The
 * code of those windows cannot run while we do, but may be between two
 * of its reads: the bump of the sequence makes it read again.
 */
static void tlat_restart(struct osn_cpu *c)
{
	struct osn_window *lower[] = { &c->softirq, &c->task };
	u64 from = c->irq.open ? c->irq.arrival : osn_now();
	int i;

	local_inc(&c->seq);
	for (i = 0; i < ARRAY_SIZE(lower); i++) {
		if (!lower[i]->open)
			continue;
		lower[i]->arrival = from;
		local64_set(&lower[i]->nested, 0);
	}
	WRITE_ONCE(c->tlat.delayed, true);
}

static enum hrtimer_restart tlat_fire(struct hrtimer *timer)
{
	struct tlat_cpu *t = container_of(timer, struct tlat_cpu, timer);
	struct osn_cpu *c = container_of(t, struct osn_cpu, tlat);
	u64 stop = READ_ONCE(osnoise_set.stop_single_us);
	u64 stack = READ_ONCE(osnoise_set.print_stack_us);
	u64 late = tlat_now(t) - t->due;

	tlat_restart(c);
	t->seq++;
	tlat_record(t->seq, TLAT_IRQ, late);
	t->nr_calls = 0;
#ifdef CONFIG_STACKTRACE
	if (stack)
		t->nr_calls = stack_trace_save(t->calls, TLAT_STACK_MAX, 0);
#endif
	if (stop && div_u64(late, NSEC_PER_USEC) >= stop) {
		/* the thread may never run to trace it: do it here */
		if (stack && stop <= stack)
			tlat_trace_stack(t, late);
		/* before the stop: a stopped array keeps its maximum */
		tlat_raise_max(late);
		osn_stop_tracing();
	}
	/* the thread tests fired after it sets its state: no lost wakeup */
	WRITE_ONCE(t->fired, true);
	wake_up_process(t->task);
	return HRTIMER_NORESTART;
}

/*
 * Arm the timer for the next due time of the period's grid (skipping
 * those already past) and sleep until it fires. False: stop.
 */
static bool tlat_wait(struct tlat_cpu *t)
{
	u64 period = READ_ONCE(osnoise_set.timerlat_period_us) * NSEC_PER_USEC;
	u64 now = tlat_now(t);

	t->due += period;
	if (t->due <= now)
		t->due += (div64_u64(now - t->due, period) + 1) * period;
	WRITE_ONCE(t->fired, false);
	set_current_state(TASK_INTERRUPTIBLE);
	hrtimer_start(&t->timer, ns_to_ktime(t->due),
		      HRTIMER_MODE_ABS_PINNED_HARD);
	while (!READ_ONCE(t->fired) && !kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	return READ_ONCE(t->fired) && !kthread_should_stop();
}

static int tlat_thread(void *arg)
{
	struct sched_param sp = { .sched_priority = TLAT_PRIO };
	struct osn_cpu *c = arg;
	struct tlat_cpu *t = &c->tlat;
	u64 late, stop;

	sched_setscheduler_nocheck(current, SCHED_FIFO, &sp);
	hrtimer_init(&t->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_HARD);
	t->timer.function = tlat_fire;
	t->task = current;
	t->seq = 0;
	t->nr_calls = 0;
	WRITE_ONCE(t->delayed, false);
	WRITE_ONCE(c->pid, current->pid);
	/* we are the running task: no window of this CPU is open */
	local_irq_disable();
	osn_forget(c);
	local_irq_enable();
	WRITE_ONCE(c->sampling, true);

	t->due = tlat_now(t);
	while (tlat_wait(t)) {
		late = tlat_now(t) - t->due;
		tlat_record(t->seq, TLAT_THREAD, late);
		tlat_raise_max(late);
		tlat_trace_stack(t, late);
		WRITE_ONCE(t->delayed, false);
		stop = READ_ONCE(osnoise_set.stop_total_us);
		if (stop && div_u64(late, NSEC_PER_USEC) >= stop)
			osn_stop_tracing();
	}
	hrtimer_cancel(&t->timer);
	WRITE_ONCE(t->delayed, false);
	return 0;
}
#else
static int tlat_thread(void *arg)
{
	return 0;
}
#endif /* CONFIG_TIMERLAT_TRACER */

/* ---- threads: under trace_types_lock and cpus_read_lock(), or hotplug ---- */

static int osn_start_cpu(unsigned int cpu)
{
	struct osn_cpu *c = per_cpu_ptr(&osn_cpu, cpu);
	int (*fn)(void *) = osn_thread;
	const char *name = "osnoise/%u";
	struct task_struct *t;

	if (c->thread || READ_ONCE(c->sampling))
		return 0;
	if (osn_timerlat()) {
		/* timerlat always runs its threads */
		fn = tlat_thread;
		name = "timerlat/%u";
	} else if (!test_bit(OSN_OPT_WORKLOAD, &osnoise_set.options)) {
		/* its hooks are idle: sampling was off since they last ran */
		osn_forget(c);
		WRITE_ONCE(c->pid, 0);
		barrier();
		WRITE_ONCE(c->sampling, true);
		return 0;
	}
	t = kthread_run_on_cpu(fn, c, cpu, name);
	if (IS_ERR(t)) {
		pr_err("osnoise: no sampling thread on CPU %u\n", cpu);
		return PTR_ERR(t);
	}
	c->thread = t;
	return 0;
}

static void osn_stop_cpu(unsigned int cpu)
{
	struct osn_cpu *c = per_cpu_ptr(&osn_cpu, cpu);

	if (c->thread) {
		kthread_stop(c->thread);
		c->thread = NULL;
	}
	WRITE_ONCE(c->sampling, false);
	WRITE_ONCE(c->pid, 0);
}

static void osn_stop_threads(void)
{
	unsigned int cpu;

	cpus_read_lock();
	mutex_lock(&osnoise_lock);
	for_each_online_cpu(cpu)
		osn_stop_cpu(cpu);
	mutex_unlock(&osnoise_lock);
	cpus_read_unlock();
	/* hooks that saw sampling on have returned before windows are reset */
	synchronize_rcu();
}

static int osn_start_threads(void)
{
	unsigned int cpu;
	int ret = 0;

	cpus_read_lock();
	mutex_lock(&osnoise_lock);
	for_each_cpu_and(cpu, &osnoise_set.cpus, cpu_online_mask) {
		ret = osn_start_cpu(cpu);
		if (ret)
			break;
	}
	mutex_unlock(&osnoise_lock);
	cpus_read_unlock();
	if (ret)
		osn_stop_threads();
	return ret;
}

bool osnoise_pause(void)
{
	bool running;

	mutex_lock(&trace_types_lock);
	running = !list_empty(&osn_arrays);
	if (running)
		osn_stop_threads();
	return running;
}

void osnoise_resume(bool was_running)
{
	if (was_running && osn_start_threads())
		pr_err("osnoise: the sampling threads did not restart\n");
	mutex_unlock(&trace_types_lock);
}

/* ---- CPU hotplug ---- */

struct osn_online {
	struct work_struct	work;
	unsigned int		cpu;
};

static DEFINE_PER_CPU(struct osn_online, osn_online);

/* A CPU came up: start its thread, from a worker (trace_types_lock). */
static void osn_online_work(struct work_struct *work)
{
	struct osn_online *o = container_of(work, struct osn_online, work);

	mutex_lock(&trace_types_lock);
	cpus_read_lock();
	mutex_lock(&osnoise_lock);
	if (!list_empty(&osn_arrays) && cpu_online(o->cpu) &&
	    cpumask_test_cpu(o->cpu, &osnoise_set.cpus))
		osn_start_cpu(o->cpu);
	mutex_unlock(&osnoise_lock);
	cpus_read_unlock();
	mutex_unlock(&trace_types_lock);
}

static int osn_cpu_online(unsigned int cpu)
{
	schedule_work_on(cpu, &per_cpu(osn_online, cpu).work);
	return 0;
}

/* With the hotplug lock held for writing: no start or stop runs. */
static int osn_cpu_offline(unsigned int cpu)
{
	osn_stop_cpu(cpu);
	return 0;
}

/* ---- the tracer ---- */

static int osn_array_add(struct trace_array *tr, enum osn_kind kind)
{
	struct osn_array *a;
	bool first = list_empty(&osn_arrays);
	int ret;

	/* the threads and hooks serve one of the two tracers at a time */
	if (!first && osn_kind != kind)
		return -EBUSY;
	list_for_each_entry(a, &osn_arrays, node)
		if (a->tr == tr)
			return 0;
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	a->tr = tr;
	if (first) {
		/* nothing reads it yet: the hooks and threads start below */
		WRITE_ONCE(osn_kind, kind);
		ret = osn_hook();
		if (ret) {
			kfree(a);
			return ret;
		}
		WRITE_ONCE(trace_osnoise_callback_enabled, true);
	}
	/* samplers read the list under RCU */
	list_add_tail_rcu(&a->node, &osn_arrays);
	if (first) {
		ret = osn_start_threads();
		if (ret) {
			list_del_rcu(&a->node);
			WRITE_ONCE(trace_osnoise_callback_enabled, false);
			osn_unhook();
			tracepoint_synchronize_unregister();
			kfree_rcu(a, rcu);
			return ret;
		}
	}
	return 0;
}

static void osn_array_del(struct trace_array *tr)
{
	struct osn_array *a, *found = NULL;

	list_for_each_entry(a, &osn_arrays, node)
		if (a->tr == tr)
			found = a;
	if (!found)
		return;
	if (list_is_singular(&osn_arrays)) {
		/* the threads write into the array until they stop */
		osn_stop_threads();
		WRITE_ONCE(trace_osnoise_callback_enabled, false);
		osn_unhook();
		tracepoint_synchronize_unregister();
	}
	list_del_rcu(&found->node);
	kfree_rcu(found, rcu);
}

static int osn_tracer_init(struct trace_array *tr)
{
	WRITE_ONCE(tr->max_latency, 0);
	return osn_array_add(tr, OSN_NOISE);
}

static void osn_tracer_reset(struct trace_array *tr)
{
	osn_array_del(tr);
}

static void osn_tracer_start(struct trace_array *tr)
{
	if (osn_array_add(tr, OSN_NOISE))
		pr_err("osnoise: could not start\n");
}

static void osn_tracer_stop(struct trace_array *tr)
{
	osn_array_del(tr);
}

static void osn_print_header(struct seq_file *s)
{
	if (READ_ONCE(osn_tainted))
		seq_puts(s, "# osnoise is tainted!\n");
	/* the text is the ABI: tools skip it by its shape */
	seq_puts(s, "#                                _-----=> irqs-off\n");
	seq_puts(s, "#                               / _----=> need-resched\n");
	seq_puts(s, "#                              | / _---=> hardirq/softirq\n");
	seq_puts(s, "#                              || / _--=> preempt-depth\n");
	seq_puts(s, "#                              ||| / _-=> migrate-disable     ");
	seq_puts(s, "                    MAX\n");
	seq_puts(s, "#                              |||| /     delay               ");
	seq_puts(s, "                    SINGLE      Interference counters:\n");
	seq_puts(s, "#                              |||||               RUNTIME   ");
	seq_puts(s, "   NOISE  %% OF CPU  NOISE    +-----------------------------+\n");
	seq_puts(s, "#           TASK-PID      CPU# |||||   TIMESTAMP    IN US    ");
	seq_puts(s, "   IN US  AVAILABLE  IN US     HW    NMI    IRQ   SIRQ THREAD\n");
	seq_puts(s, "#              | |         |   |||||      |           |      ");
	seq_puts(s, "       |    |            |      |      |      |      |      |\n");
}

static struct tracer osnoise_tracer __read_mostly = {
	.name		= "osnoise",
	.init		= osn_tracer_init,
	.reset		= osn_tracer_reset,
	.start		= osn_tracer_start,
	.stop		= osn_tracer_stop,
	.print_header	= osn_print_header,
	.allow_instances = true,
};

/* ---- printing TRACE_OSNOISE ---- */

static enum print_line_t osn_entry_trace(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct osnoise_entry *e = (struct osnoise_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;
	u64 avail = 0, whole;
	u32 frac;

	/* the share of the runtime left to the sampler, to 1e-5 percent */
	if (e->runtime)
		avail = div64_u64((e->runtime - min(e->noise, e->runtime)) *
				  10000000ULL, e->runtime);
	whole = div_u64_rem(avail, 100000, &frac);
	trace_seq_printf(s, "%llu %10llu %3llu.%05u %7llu", e->runtime,
			 e->noise, whole, frac, e->max_sample);
	trace_seq_printf(s, " %6u %6u %6u %6u %6u\n", e->hw_count,
			 e->nmi_count, e->irq_count, e->softirq_count,
			 e->thread_count);
	return trace_handle_return(s);
}

static enum print_line_t osn_entry_raw(struct trace_iterator *iter,
				       int flags, struct trace_event *event)
{
	struct osnoise_entry *e = (struct osnoise_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%lld %llu %llu %u %u %u %u %u\n",
			 e->runtime, e->noise, e->max_sample, e->hw_count,
			 e->nmi_count, e->irq_count, e->softirq_count,
			 e->thread_count);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions osn_entry_funcs = {
	.trace	= osn_entry_trace,
	.raw	= osn_entry_raw,
};

static struct trace_event osn_entry_event = {
	.type	= TRACE_OSNOISE,
	.funcs	= &osn_entry_funcs,
};

#ifdef CONFIG_TIMERLAT_TRACER
static int tlat_tracer_init(struct trace_array *tr)
{
	WRITE_ONCE(tr->max_latency, 0);
	return osn_array_add(tr, OSN_TIMERLAT);
}

static void tlat_tracer_start(struct trace_array *tr)
{
	if (osn_array_add(tr, OSN_TIMERLAT))
		pr_err("timerlat: could not start\n");
}

static void tlat_print_header(struct seq_file *s)
{
	/* the text is the ABI: tools skip it by its shape */
	seq_puts(s, "#                                _-----=> irqs-off\n");
	seq_puts(s, "#                               / _----=> need-resched\n");
	seq_puts(s, "#                              | / _---=> hardirq/softirq\n");
	seq_puts(s, "#                              || / _--=> preempt-depth\n");
	seq_puts(s, "#                              ||| / _-=> migrate-disable\n");
	seq_puts(s, "#                              |||| /     delay\n");
	seq_puts(s, "#                              |||||            ACTIVATION\n");
	seq_puts(s, "#           TASK-PID      CPU# |||||   TIMESTAMP   ID      ");
	seq_puts(s, "      CONTEXT                 LATENCY\n");
	seq_puts(s, "#              | |         |   |||||      |         |      ");
	seq_puts(s, "            |                       |\n");
}

static struct tracer timerlat_tracer __read_mostly = {
	.name		= "timerlat",
	.init		= tlat_tracer_init,
	.reset		= osn_tracer_reset,
	.start		= tlat_tracer_start,
	.stop		= osn_tracer_stop,
	.print_header	= tlat_print_header,
	.allow_instances = true,
};

static enum print_line_t tlat_entry_trace(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct timerlat_entry *e = (struct timerlat_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "#%-5u context %6s timer_latency %9llu ns\n",
			 e->seqnum, e->context ? "thread" : "irq",
			 e->timer_latency);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t tlat_entry_raw(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct timerlat_entry *e = (struct timerlat_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%u %d %llu\n", e->seqnum, e->context,
			 e->timer_latency);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions tlat_entry_funcs = {
	.trace	= tlat_entry_trace,
	.raw	= tlat_entry_raw,
};

static struct trace_event tlat_entry_event = {
	.type	= TRACE_TIMERLAT,
	.funcs	= &tlat_entry_funcs,
};

static __init int timerlat_init(void)
{
	if (!register_trace_event(&tlat_entry_event))
		pr_warn("timerlat: no printer for its entries\n");
	return register_tracer(&timerlat_tracer);
}
#else
static inline int timerlat_init(void)
{
	return 0;
}
#endif /* CONFIG_TIMERLAT_TRACER */

static __init int osnoise_init(void)
{
	unsigned int cpu;
	int ret;

	cpumask_copy(&osnoise_set.cpus, cpu_possible_mask);
	for_each_possible_cpu(cpu) {
		INIT_WORK(&per_cpu(osn_online, cpu).work, osn_online_work);
		per_cpu(osn_online, cpu).cpu = cpu;
	}
	if (!register_trace_event(&osn_entry_event))
		pr_warn("osnoise: no printer for its entries\n");
	ret = register_tracer(&osnoise_tracer);
	if (ret)
		return ret;
	ret = timerlat_init();
	if (ret)
		pr_warn("timerlat: not registered (%d)\n", ret);
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN,
					"trace/osnoise:online",
					osn_cpu_online, osn_cpu_offline);
	if (ret < 0)
		pr_warn("osnoise: CPUs that come up later get no thread\n");
	return osnoise_create_files();
}
late_initcall(osnoise_init);
