// SPDX-License-Identifier: GPL-2.0
/*
 * The latency tracers: irqsoff, preemptoff and preemptirqsoff.
 *
 * Each times "sections" on every CPU: irqsoff the stretches with hard
 * interrupts disabled, preemptoff those with preemption disabled, and
 * preemptirqsoff those where either is. A section begins at the hook of
 * the first disabling (trace_preemptirq.c calls tracer_hardirqs_off() and
 * tracer_preempt_off()) and ends at the hook of the enabling that leaves
 * the CPU with neither counted state. The longest section seen (or,
 * with tracing_thresh, each section longer than it) is kept: its CPU's
 * pages of the live buffer are swapped into the spare buffer, which is
 * what `trace` shows for these tracers, with the latency header.
 *
 * What a kept section's trace holds: a function entry where it began
 * ("disabler <-its caller"), with options/function-trace the functions
 * it ran (an ftrace_ops records calls only inside sections), a function
 * entry where it ended, and the stack there. Records before the
 * section's start are on the same pages; the reader hides them by time
 * (max_buffer.time_start, which update_max_tr_single() sets to the
 * section's start).
 *
 * One array at a time (the top level or an instance) runs one of these
 * tracers, as upstream: another gets EBUSY. The idle loop and printk's
 * console output end the section in progress and begin a new one after
 * (stop_critical_timings() and start_critical_timings()), so sleeping in
 * idle is not a latency.
 *
 * Concurrency. Every hook runs on its own CPU with interrupts or
 * preemption disabled, so the per-CPU state needs no atomics. Nesting
 * (an interrupt, or the hooks that the recording code's own
 * irq/preempt toggling runs) is stopped by the array's per-CPU
 * data->disabled: a hook that finds it raised does nothing. New maxima
 * from two CPUs are serialised by lat_max_lock, which re-checks the
 * maximum. The tracer turning off or on meets hooks in flight through
 * lat_gen: a section is timed only if it began in the current
 * generation, so a section begun before a restart is never measured
 * against the new one's state.
 */

#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

#include "trace.h"

enum {
	LAT_IRQS	= BIT(0),	/* hard interrupts off is a section */
	LAT_PREEMPT	= BIT(1),	/* preemption off is a section */
};

/* The array of the running tracer; NULL while none runs or it is off. */
static struct trace_array *lat_tr;
/* What the current tracer counts (LAT_*); set before lat_tr. */
static unsigned int lat_mode;
/* Bumped at each start: sections of an earlier run are not timed. */
static unsigned long lat_gen;
/* The generation this CPU's open section began in, or 0. */
static DEFINE_PER_CPU(unsigned long, lat_open);
/* A latency tracer is the current tracer of some array. [L] */
static bool lat_busy;
/* What init changed in the array's options, to restore on reset. */
static bool lat_saved_overwrite, lat_saved_latfmt;

static DEFINE_RAW_SPINLOCK(lat_max_lock);

/* Whether interrupts off, preemption off, count now on this CPU. */
static __always_inline bool lat_irqs_count(unsigned int mode)
{
	return (mode & LAT_IRQS) && irqs_disabled();
}

static __always_inline bool lat_preempt_count(unsigned int mode)
{
	return (mode & LAT_PREEMPT) && preempt_count();
}

static __always_inline u64 lat_now(struct trace_array *tr)
{
	return ring_buffer_time_stamp(tr->array_buffer.buffer);
}

/*
 * Begin a section on this CPU, disabled at ip, called from parent.
 * Interrupts or preemption are off (the state that began it).
 */
static void lat_begin(unsigned long ip, unsigned long parent)
{
	struct trace_array *tr = READ_ONCE(lat_tr);
	struct trace_array_cpu *data;
	unsigned long gen;
	int cpu;

	if (!tr || in_nmi())
		return;
	/* read after lat_tr: a restart bumps the generation first */
	smp_rmb();
	gen = READ_ONCE(lat_gen);
	cpu = raw_smp_processor_id();
	if (this_cpu_read(lat_open) == gen ||
	    !cpumask_test_cpu(cpu, tr->tracing_cpumask))
		return;
	data = per_cpu_ptr(tr->array_buffer.data, cpu);
	/* one hook at a time per CPU: nested ones (interrupts, ours) skip */
	if (atomic_inc_return(&data->disabled) == 1) {
		data->critical_start = parent ? parent : ip;
		data->preempt_timestamp = lat_now(tr);
		trace_function_record(tr, ip, parent, tracing_gen_ctx());
		/* open only now: the recording's own hooks saw none open */
		this_cpu_write(lat_open, gen);
	}
	atomic_dec(&data->disabled);
}

/* Whether a section of delta ns is kept (tracing_thresh or a maximum). */
static bool lat_worth(struct trace_array *tr, u64 delta)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > READ_ONCE(tr->max_latency);
}

/*
 * End this CPU's open section at ip (called from parent); keep it if
 * it is worth it. by: an address in the hook that ended it, which the
 * closing record names, as upstream's does.
 */
static void lat_end(unsigned long ip, unsigned long parent, unsigned long by)
{
	struct trace_array_cpu *data = NULL;
	struct trace_array *tr;
	unsigned long flags, gen;
	unsigned int ctx;
	u64 delta;
	int cpu;

	if (!this_cpu_read(lat_open) || in_nmi())
		return;
	/*
	 * Interrupts off until the end (a preempt section may end with them
	 * on): an interrupt between closing the section and raising
	 * data->disabled would open a section of its own and overwrite this
	 * one's start. The irqs-off hook local_irq_save() runs finds the
	 * section still open and does nothing. The swap needs them off too.
	 */
	local_irq_save(flags);
	gen = this_cpu_read(lat_open);
	/* closed first: the hooks the code below runs find none open */
	this_cpu_write(lat_open, 0);
	tr = READ_ONCE(lat_tr);
	smp_rmb();		/* pairs with lat_start(), as in lat_begin() */
	if (!gen || !tr || gen != READ_ONCE(lat_gen))
		goto out;
	cpu = raw_smp_processor_id();
	data = per_cpu_ptr(tr->array_buffer.data, cpu);
	if (atomic_inc_return(&data->disabled) != 1)
		goto out;
	/* the context the section ended in, not our interrupts-off */
	ctx = tracing_gen_ctx_flags(flags);
	trace_function_record(tr, ip, parent, ctx);
	delta = lat_now(tr) - data->preempt_timestamp;
	if (!lat_worth(tr, delta))
		goto out_closed;

	raw_spin_lock(&lat_max_lock);
	/* another CPU may have kept a longer one since the test above */
	if (lat_worth(tr, delta)) {
		if (!parent)
			parent = ip;
		trace_function_record(tr, by, parent, ctx);
		trace_array_record_stack(tr, 3);
		data->critical_end = parent;
		WRITE_ONCE(tr->max_latency, delta);
		update_max_tr_single(tr, current, cpu);
	}
	raw_spin_unlock(&lat_max_lock);
out_closed:
	/* as upstream: a closed section has no start in the live data */
	data->critical_start = 0;
out:
	if (data)
		atomic_dec(&data->disabled);
	local_irq_restore(flags);
}

/* ---- the hooks ---- */

/*
 * From trace_preemptirq.c, at each reported transition, and never in
 * NMI context. ip disabled or enabled, parent called ip.
 */
void tracer_hardirqs_off(unsigned long ip, unsigned long parent)
{
	if (READ_ONCE(lat_mode) & LAT_IRQS)
		lat_begin(ip, parent);
}

void tracer_preempt_off(unsigned long ip, unsigned long parent)
{
	if (READ_ONCE(lat_mode) & LAT_PREEMPT)
		lat_begin(ip, parent);
}

/*
 * The state @bit (LAT_IRQS or LAT_PREEMPT) goes back on: the section
 * ends unless the other state is still off and counted. @by: the hook.
 */
static __always_inline void lat_state_on(unsigned int bit, unsigned long ip,
					 unsigned long parent, unsigned long by)
{
	unsigned int mode = READ_ONCE(lat_mode);
	bool other = bit == LAT_IRQS ? lat_preempt_count(mode) :
				       lat_irqs_count(mode);

	if ((mode & bit) && !other)
		lat_end(ip, parent, by);
}

void tracer_hardirqs_on(unsigned long ip, unsigned long parent)
{
	lat_state_on(LAT_IRQS, ip, parent, _THIS_IP_);
}

void tracer_preempt_on(unsigned long ip, unsigned long parent)
{
	lat_state_on(LAT_PREEMPT, ip, parent, _THIS_IP_);
}

NOKPROBE_SYMBOL(tracer_hardirqs_off);
NOKPROBE_SYMBOL(tracer_hardirqs_on);
NOKPROBE_SYMBOL(tracer_preempt_off);
NOKPROBE_SYMBOL(tracer_preempt_on);

/* The idle loop and the console: what follows is not a latency. */
void stop_critical_timings(void)
{
	lat_end(CALLER_ADDR0, CALLER_ADDR1, _THIS_IP_);
}
EXPORT_SYMBOL_GPL(stop_critical_timings);
NOKPROBE_SYMBOL(stop_critical_timings);

void start_critical_timings(void)
{
	unsigned int mode = READ_ONCE(lat_mode);

	if (lat_irqs_count(mode) || lat_preempt_count(mode))
		lat_begin(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL_GPL(start_critical_timings);
NOKPROBE_SYMBOL(start_critical_timings);

/* ---- the functions a section runs (options/function-trace) ---- */

#ifdef CONFIG_FUNCTION_TRACER
static void lat_fn_call(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct trace_array_cpu *data;
	unsigned long gen;

	/* the core's guard (FTRACE_OPS_FL_RECURSION) disabled preemption */
	gen = this_cpu_read(lat_open);
	if (!gen || gen != READ_ONCE(lat_gen))
		return;
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1)
		trace_function_record(tr, ip, parent_ip, tracing_gen_ctx_dec());
	atomic_dec(&data->disabled);
}

static struct ftrace_ops lat_fn_ops = {
	.func	= lat_fn_call,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

static bool lat_fn_on;

static int lat_fn_set(struct trace_array *tr, bool on)
{
	int ret = 0;

	if (on == lat_fn_on)
		return 0;
	if (on) {
		lat_fn_ops.private = tr;
		ret = register_ftrace_function(&lat_fn_ops);
	} else {
		ret = unregister_ftrace_function(&lat_fn_ops);
	}
	if (!ret)
		lat_fn_on = on;
	return ret;
}
#else
static int lat_fn_set(struct trace_array *tr, bool on)
{
	return 0;
}
#endif

/* ---- the tracers ---- */

static void lat_start(struct trace_array *tr, unsigned int mode)
{
	WRITE_ONCE(lat_gen, lat_gen + 1);
	WRITE_ONCE(lat_mode, mode);
	/* the new generation and mode are seen by whoever sees lat_tr */
	smp_wmb();
	WRITE_ONCE(lat_tr, tr);
}

static void lat_stop(void)
{
	WRITE_ONCE(lat_tr, NULL);
	WRITE_ONCE(lat_mode, 0);
}

/* Give back the options lat_init() forced. */
static void lat_restore_opts(struct trace_array *tr)
{
	set_tracer_flag(tr, TRACE_OPT_LATENCY_FMT, lat_saved_latfmt);
	set_tracer_flag(tr, TRACE_OPT_OVERWRITE, lat_saved_overwrite);
}

static int lat_init(struct trace_array *tr, unsigned int mode)
{
	int ret;

	if (lat_busy)
		return -EBUSY;
	lat_saved_overwrite = trace_opt(tr, TRACE_OPT_OVERWRITE);
	lat_saved_latfmt = trace_opt(tr, TRACE_OPT_LATENCY_FMT);
	/* a full buffer must lose old records, not the section's */
	set_tracer_flag(tr, TRACE_OPT_OVERWRITE, 1);
	set_tracer_flag(tr, TRACE_OPT_LATENCY_FMT, 1);
	WRITE_ONCE(tr->max_latency, 0);
	tracing_reset_online_cpus(&tr->max_buffer);

	ret = lat_fn_set(tr, trace_opt(tr, TRACE_OPT_FUNCTION));
	if (ret) {
		lat_restore_opts(tr);
		return ret;
	}
	lat_busy = true;
	if (tracer_tracing_is_on(tr))
		lat_start(tr, mode);
	return 0;
}

static void lat_reset(struct trace_array *tr)
{
	int cpu;

	lat_stop();
	lat_fn_set(tr, false);
	/*
	 * No section is open any more: the latency header of `trace` under
	 * the next tracer shows no "started at". The hooks run with
	 * interrupts or preemption off: after a grace period none still
	 * writes the field.
	 */
	synchronize_rcu();
	for_each_possible_cpu(cpu)
		per_cpu_ptr(tr->array_buffer.data, cpu)->critical_start = 0;
	lat_restore_opts(tr);
	lat_busy = false;
}

static void lat_tracer_stop(struct trace_array *tr)
{
	lat_stop();
}

/* function-trace may change while running; overwrite may not go off */
static int lat_flag_changed(struct trace_array *tr, u64 mask, int set)
{
	if (mask & TRACE_FL(FUNCTION))
		return lat_fn_set(tr, set);
	return trace_keep_overwrite(tr->current_trace, mask, set);
}

#ifdef CONFIG_FTRACE_STARTUP_TEST
#define LAT_SELFTEST	.selftest = trace_selftest_startup_latency,
#else
#define LAT_SELFTEST
#endif

/* The tracer named tname, which times the sections of mode (LAT_*). */
#define LAT_TRACER(id, tname, mode)					\
static const unsigned int id##_mode = (mode);				\
static int id##_init(struct trace_array *tr)				\
{									\
	return lat_init(tr, id##_mode);					\
}									\
static void id##_start(struct trace_array *tr)				\
{									\
	lat_start(tr, id##_mode);					\
}									\
static struct tracer id##_tracer __read_mostly = {			\
	.name		= tname,					\
	.init		= id##_init,					\
	.reset		= lat_reset,					\
	.start		= id##_start,					\
	.stop		= lat_tracer_stop,				\
	.flag_changed	= lat_flag_changed,				\
	.print_max	= true,						\
	.use_max_tr	= true,						\
	.allow_instances = true,					\
	LAT_SELFTEST							\
}

#ifdef CONFIG_IRQSOFF_TRACER
LAT_TRACER(irqsoff, "irqsoff", LAT_IRQS);
#endif
#ifdef CONFIG_PREEMPT_TRACER
LAT_TRACER(preemptoff, "preemptoff", LAT_PREEMPT);
#endif
#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
LAT_TRACER(preemptirqsoff, "preemptirqsoff", LAT_IRQS | LAT_PREEMPT);
#endif

static struct tracer *lat_tracers[] __initdata = {
#ifdef CONFIG_IRQSOFF_TRACER
	&irqsoff_tracer,
#endif
#ifdef CONFIG_PREEMPT_TRACER
	&preemptoff_tracer,
#endif
#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
	&preemptirqsoff_tracer,
#endif
};

static __init int init_lat_tracers(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(lat_tracers); i++)
		register_tracer(lat_tracers[i]);
	return 0;
}
core_initcall(init_lat_tracers);
