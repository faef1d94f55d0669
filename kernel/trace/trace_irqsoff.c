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
 * With options/display-graph (CONFIG_FUNCTION_GRAPH_TRACER) the same
 * trace reads as function_graph's: the functions go through the graph
 * hook (register_ftrace_graph(): a record at entry and one at return,
 * the return diverted only when the entry was recorded), each mark is a
 * call that returns at once (an entry and a return of its ip: a leaf),
 * and `trace` prints with trace_graph_output.c, with upstream's columns
 * for these tracers (REL TIME, CPU, TASK/PID, the latency ones,
 * DURATION). function-trace still decides whether functions are
 * recorded at all. Either option may change while the tracer runs; a
 * change of display-graph empties the live buffer and zeroes
 * tracing_max_latency, as upstream. The graph hook has one user at a
 * time: while another holds it (the function profiler, function_graph),
 * setting the option, or the tracer with it set, fails (EBUSY; the
 * options files say EINVAL, as for any refusal).
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
 *
 * The graph callbacks record only into a section of the current
 * generation open on their CPU, in graph mode, into lat_tr read after
 * that check's start (smp_rmb() as in lat_begin(): an array set later
 * comes with a newer generation). The entry one runs with preemption off
 * (fgraph's guard); the return one in the traced code, which may be
 * preemptible, and may even run after unregister_ftrace_graph() (it was
 * preempted in fgraph before the stub replaced it): it disables
 * preemption for the check and the record, so a section, or an array of
 * an earlier run, cannot change under it. The mode (lat_graph) and the
 * ops change only with the tracer stopped: lat_tr NULL, then a grace
 * period, after which no hook that saw the array is still running (all
 * run with interrupts or preemption off), then a new generation, so no
 * open section is current and none can open: nothing records while the
 * ops are swapped and the buffer emptied. A hook never sees one mode at
 * its start and the other at its end.
 */

#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

#include "trace.h"
#include "trace_graph.h"
#include "trace_latency.h"

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
static struct lat_saved_opts lat_saved_opts;
/* The running tracer's LAT_* (lat_mode is 0 while it is stopped). [L] */
static unsigned int lat_run_mode;
/*
 * display-graph: functions through the graph hook, marks as graph
 * records. [L]; hooks and callbacks READ_ONCE() it.
 */
static bool lat_graph;

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

/* A mark of the section at ip, called from parent; data->disabled is up. */
static void lat_mark(struct trace_array *tr, unsigned long ip,
		     unsigned long parent, unsigned int ctx)
{
	lat_record_mark(tr, READ_ONCE(lat_graph), ip, parent, ctx);
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
		lat_mark(tr, ip, parent, tracing_gen_ctx());
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
	lat_mark(tr, ip, parent, ctx);
	delta = lat_now(tr) - data->preempt_timestamp;
	if (!lat_worth(tr, delta))
		goto out_closed;

	raw_spin_lock(&lat_max_lock);
	/* another CPU may have kept a longer one since the test above */
	if (lat_worth(tr, delta)) {
		if (!parent)
			parent = ip;
		lat_mark(tr, by, parent, ctx);
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

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The array a graph callback records into: the running one, if this
 * CPU has a section of the current generation open and the tracer is
 * in graph mode; else NULL. Preemption is off.
 */
static struct trace_array *lat_graph_array(void)
{
	unsigned long gen = this_cpu_read(lat_open);
	struct trace_array *tr;

	if (!gen || !READ_ONCE(lat_graph))
		return NULL;
	tr = READ_ONCE(lat_tr);
	/* as lat_begin(): an array set after the check has a newer gen */
	smp_rmb();
	if (!tr || gen != READ_ONCE(lat_gen))
		return NULL;
	return tr;
}

/* Entered: recorded, and the return diverted, only inside a section. */
static int lat_graph_entry(struct ftrace_graph_ent *trace)
{
	struct trace_array *tr = lat_graph_array();
	struct trace_array_cpu *data;
	int ret = 0;

	if (!tr)
		return 0;
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1) {
		/*
		 * Counted in the task's depth as it is recorded: what nests
		 * on us meanwhile records nothing (data->disabled), what
		 * nests before is beside the call, after inside it.
		 */
		fgraph_depth_in(trace->depth);
		/*
		 * With the preemption fgraph's guard disabled, as upstream
		 * shows it (its irqsoff entries read "d..1." in a "d...."
		 * section); the function_graph tracer takes it off.
		 */
		ret = graph_record_entry(tr, trace, tracing_gen_ctx());
		if (!ret)
			fgraph_depth_out(trace->depth);
	}
	atomic_dec(&data->disabled);
	return ret;
}

/* Returned: from the traced code, perhaps preemptible. */
static void lat_graph_return(struct ftrace_graph_ret *trace)
{
	struct trace_array_cpu *data;
	struct trace_array *tr;
	unsigned int ctx;

	/* the traced code's context, as upstream's (nothing disabled it) */
	ctx = tracing_gen_ctx();
	/* notrace: no preempt-off section of the preemptoff tracer */
	preempt_disable_notrace();
	tr = lat_graph_array();
	if (tr) {
		data = this_cpu_ptr(tr->array_buffer.data);
		if (atomic_inc_return(&data->disabled) == 1) {
			/* uncounted as recorded: as at the entry */
			fgraph_depth_out(trace->depth);
			graph_record_return(tr, trace, ctx);
		}
		atomic_dec(&data->disabled);
	}
	preempt_enable_notrace();
}

static struct fgraph_ops lat_graph_ops = {
	.entryfunc	= lat_graph_entry,
	.retfunc	= lat_graph_return,
};
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/* Whether an ops records the functions sections run. [L] */
static bool lat_fn_on;

/* The functions: through the graph hook if graph, else lat_fn_ops. */
static const struct lat_hooks lat_hooks = {
	.ops	= &lat_fn_ops,
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	.gops	= &lat_graph_ops,
#endif
};

static int lat_fn_hook(struct trace_array *tr, bool graph)
{
	lat_fn_ops.private = tr;
	return lat_hook_functions(&lat_hooks, graph);
}

static void lat_fn_unhook(bool graph)
{
	lat_unhook_functions(&lat_hooks, graph);
}

static int lat_fn_set(struct trace_array *tr, bool on)
{
	int ret;

	if (on == lat_fn_on)
		return 0;
	if (on) {
		ret = lat_fn_hook(tr, lat_graph);
		if (ret)
			return ret;
	} else {
		lat_fn_unhook(lat_graph);
	}
	lat_fn_on = on;
	return 0;
}
#else
static int lat_fn_set(struct trace_array *tr, bool on)
{
	return 0;
}
#endif /* CONFIG_FUNCTION_TRACER */

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

static int lat_init(struct trace_array *tr, unsigned int mode)
{
	int ret;

	if (lat_busy)
		return -EBUSY;
	lat_force_opts(tr, &lat_saved_opts);

	lat_run_mode = mode;
	WRITE_ONCE(lat_graph, IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
		   trace_opt(tr, TRACE_OPT_DISPLAY_GRAPH));
	ret = lat_fn_set(tr, trace_opt(tr, TRACE_OPT_FUNCTION));
	if (ret) {
		lat_restore_opts(tr, &lat_saved_opts);
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
	WRITE_ONCE(lat_graph, false);
	/*
	 * No section is open any more: the latency header of `trace` under
	 * the next tracer shows no "started at". The hooks run with
	 * interrupts or preemption off: after a grace period none still
	 * writes the field.
	 */
	synchronize_rcu();
	for_each_possible_cpu(cpu)
		per_cpu_ptr(tr->array_buffer.data, cpu)->critical_start = 0;
	lat_restore_opts(tr, &lat_saved_opts);
	lat_busy = false;
}

static void lat_tracer_stop(struct trace_array *tr)
{
	lat_stop();
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * display-graph changed while the tracer is current: stop it, swap the
 * functions' hook if they are recorded, empty the live buffer (its
 * records are of the other form) and zero tracing_max_latency, as
 * upstream, and start again. On failure (EBUSY: another user has the
 * graph hook) nothing changed but the sections in progress: not timed.
 */
static int lat_graph_set(struct trace_array *tr, bool on)
{
	bool running = READ_ONCE(lat_tr);
	int ret = 0;

	if (on == lat_graph)
		return 0;
	lat_stop();
	/* no hook that saw the array still runs (the top comment) */
	synchronize_rcu();
	/* no open section is current: nothing records until the restart */
	WRITE_ONCE(lat_gen, lat_gen + 1);
	if (lat_fn_on) {
		ret = lat_fn_hook(tr, on);
		if (ret)
			goto out;
		lat_fn_unhook(!on);
	}
	WRITE_ONCE(lat_graph, on);
	WRITE_ONCE(tr->max_latency, 0);
	tracing_reset_online_cpus(&tr->array_buffer);
out:
	if (running)
		lat_start(tr, lat_run_mode);
	return ret;
}
#else
static int lat_graph_set(struct trace_array *tr, bool on)
{
	return -EINVAL;
}
#endif

/*
 * function-trace and display-graph may change while running; overwrite
 * may not go off. The core turns any refusal into EINVAL.
 */
static int lat_flag_changed(struct trace_array *tr, u64 mask, int set)
{
	if (mask & TRACE_FL(FUNCTION))
		return lat_fn_set(tr, set);
	if (mask & TRACE_FL(DISPLAY_GRAPH))
		return lat_graph_set(tr, set);
	return trace_keep_overwrite(tr->current_trace, mask, set);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Readers: with display-graph the records print as function_graph's,
 * with upstream's columns for these tracers (the latency ones come with
 * latency-format, which the tracers set); the option is read at each
 * line, as upstream.
 */
#define LAT_GRAPH_COLUMNS	(TRACE_GRAPH_PRINT_CPU |		\
				 TRACE_GRAPH_PRINT_PROC |		\
				 TRACE_GRAPH_PRINT_REL_TIME |		\
				 TRACE_GRAPH_PRINT_DURATION)

static enum print_line_t lat_print_line(struct trace_iterator *iter)
{
	return lat_print_line_cols(iter, LAT_GRAPH_COLUMNS);
}

static void lat_print_header(struct seq_file *m)
{
	lat_print_header_cols(m, LAT_GRAPH_COLUMNS);
}

#define LAT_READERS							\
	.open		= lat_reader_open,				\
	.close		= lat_reader_close,				\
	.print_line	= lat_print_line,				\
	.print_header	= lat_print_header,
#else
#define LAT_READERS
#endif

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
	LAT_READERS							\
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
