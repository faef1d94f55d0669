// SPDX-License-Identifier: GPL-2.0
/*
 * The wakeup latency tracers: wakeup, wakeup_rt and wakeup_dl.
 *
 * Each times how long a woken task waits to run: from its wakeup (the
 * sched_wakeup and sched_wakeup_new tracepoints) to the context switch
 * that runs it (sched_switch). One task is followed at a time, the one
 * that matters most among those woken since the last one ran:
 *
 *   wakeup     a deadline task, or a task of a higher priority (a
 *              lower prio value) than both the followed one and the
 *              task that woke it;
 *   wakeup_rt  the same, among real-time and deadline tasks only;
 *   wakeup_dl  deadline tasks only.
 *
 * A deadline task, once followed, is followed until it runs. The
 * longest wait seen (or, with tracing_thresh, each wait at least that
 * long) is kept: the live buffer is swapped whole with the spare one
 * (update_max_tr()), which `trace` shows with the latency header (the
 * woken task as "task:"), and tracing_max_latency has the wait.
 *
 * What a kept wait's trace holds: at the wakeup, a wakeup record
 * ("pid:prio:state   + [cpu] pid:prio:state comm", the waker then the
 * woken), its stack and a mark (a function record of the waker's
 * caller); with options/function-trace, the functions run on the CPU
 * the woken task is queued on (followed through sched_migrate_task)
 * until it runs; at the switch, a mark, a context switch record
 * ("==>") and the stack. Records older than the wakeup are hidden by
 * time (max_buffer.time_start is the wakeup's time).
 *
 * options/display-graph: as for the irqsoff tracers (trace_irqsoff.c,
 * with what they share in trace_latency.c), the functions go through
 * the graph hook, marks are calls that return at once, and `trace`
 * prints as function_graph's, with upstream's columns for this tracer.
 *
 * One array at a time runs one of these tracers (EBUSY for another),
 * as upstream.
 *
 * Concurrency. The followed task and what goes with it (struct
 * wk_follow) change only under wk_lock, an arch spinlock taken with
 * interrupts off: the probes run inside the scheduler with a runqueue
 * locked, where lockdep and its hooks must stay out. A probe's first
 * test reads wk.task without the lock, as a hint; one that passes tests
 * again under it. A per-CPU data->disabled, as in the other tracers,
 * keeps what the probes' own recording runs (an interrupt, a nested
 * probe) from recording in the middle.
 *
 * The function callbacks read wk.task and wk.cpu without the lock: at
 * the edges of a wait one may record a function on the CPU the task
 * just left, which the reader hides by time or which shows as what it
 * is, a function that ran then and there.
 *
 * The followed task is pinned (get_task_struct()) while followed. The
 * switch probe lets it go at any switch in or out of it, even with
 * tracing off (a task woken while it still ran, between
 * set_current_state() and schedule(), is never switched in: its wait
 * ends, unrecorded, when it leaves the CPU). So a followed task has not
 * left a CPU since its wakeup and cannot have exited: the probes'
 * put_task_struct() is never the last. Only the tracer's start and
 * reset, in process context, may drop the last reference, and do so
 * outside the lock.
 *
 * The tracer turning off and on: wk_on (the probes record only while
 * it is set) with a grace period where the hooks must be gone, as in
 * trace_irqsoff.c: the probes and callbacks run with preemption off.
 */

#include <linux/ftrace.h>
#include <linux/sched.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <linux/sched/task.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_graph.h"
#include "trace_latency.h"

enum wk_mode {
	WK_ALL,		/* wakeup */
	WK_RT,		/* wakeup_rt */
	WK_DL,		/* wakeup_dl */
};

/* The followed task. [wk_lock] */
struct wk_follow {
	struct task_struct	*task;	/* pinned; NULL: none followed */
	int			cpu;	/* its CPU at the wakeup */
	int			now_cpu; /* the CPU it is queued on now */
	int			prio;	/* its prio then; INT_MAX if none */
	bool			dl;	/* a deadline task: kept until it runs */
};

static struct wk_follow wk = { .prio = INT_MAX };
static arch_spinlock_t wk_lock = __ARCH_SPIN_LOCK_UNLOCKED;

/* The array of the current wakeup tracer (set before any probe). */
static struct trace_array *wk_tr;
/* Which tracer it is. [L] */
static enum wk_mode wk_mode;
/* The probes record (tracing on). */
static bool wk_on;
/* A wakeup tracer is some array's current tracer. [L] */
static bool wk_busy;
/* display-graph: functions through the graph hook. [L], read by hooks */
static bool wk_graph;
/* What init changed in the array's options, to restore on reset. */
static struct lat_saved_opts wk_saved_opts;

static __always_inline u64 wk_now(struct trace_array *tr)
{
	return ring_buffer_time_stamp(tr->array_buffer.buffer);
}

/* ---- the records ---- */

/* One side of a TRACE_CTX or TRACE_WAKE record: the task t. */
static void wk_side(struct task_struct *t, unsigned int *pid,
		    unsigned char *prio, unsigned char *state)
{
	*state = task_state_index(t);
	*prio = t->prio;	/* a deadline task's -1 is stored as 255 */
	*pid = t->pid;
}

/* A TRACE_CTX or TRACE_WAKE record: from prev (or the waker) to next. */
static void wk_record_ctx(struct trace_array *tr, int type,
			  struct task_struct *prev, struct task_struct *next,
			  unsigned int ctx)
{
	struct ring_buffer_event *event;
	struct ctx_switch_entry *entry;
	struct trace_buffer *buffer;

	buffer = trace_array_buffer(tr);
	event = trace_buffer_lock_reserve(buffer, type, sizeof(*entry), ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	wk_side(prev, &entry->prev_pid, &entry->prev_prio, &entry->prev_state);
	wk_side(next, &entry->next_pid, &entry->next_prio, &entry->next_state);
	entry->next_cpu = task_cpu(next);
	trace_buffer_unlock_commit(tr, buffer, event, ctx);
}

static void wk_mark(struct trace_array *tr, unsigned long ip,
		    unsigned long parent, unsigned int ctx)
{
	lat_record_mark(tr, READ_ONCE(wk_graph), ip, parent, ctx);
}

/* Forget the followed task; returns it, for the caller to put. [wk_lock] */
static struct task_struct *wk_forget(void)
{
	struct task_struct *task = wk.task;

	WRITE_ONCE(wk.task, NULL);
	wk.cpu = -1;
	WRITE_ONCE(wk.now_cpu, -1);
	wk.prio = INT_MAX;
	wk.dl = false;
	return task;
}

/* ---- the probes ---- */

/* Whether the tracer would follow p, woken by current, instead. */
static bool wk_wants(struct task_struct *p, enum wk_mode mode)
{
	if (wk.dl)
		return false;
	if (dl_task(p))
		return true;
	if (mode == WK_DL || (mode == WK_RT && !rt_task(p)))
		return false;
	return p->prio < wk.prio && p->prio < current->prio;
}

static void wk_probe_wakeup(void *ignore, struct task_struct *p)
{
	struct trace_array *tr = READ_ONCE(wk_tr);
	struct task_struct *old = NULL;
	struct trace_array_cpu *data;
	enum wk_mode mode = READ_ONCE(wk_mode);
	unsigned long flags;
	unsigned int ctx;
	int cpu;

	if (!READ_ONCE(wk_on) || !tr)
		return;
	trace_save_cmdline(p);
	trace_save_cmdline(current);
	/* a hint, unlocked: tested again below */
	if (!wk_wants(p, mode))
		return;

	local_irq_save(flags);
	cpu = raw_smp_processor_id();
	data = per_cpu_ptr(tr->array_buffer.data, cpu);
	if (atomic_inc_return(&data->disabled) != 1)
		goto out;
	ctx = tracing_gen_ctx_flags(flags);
	arch_spin_lock(&wk_lock);
	if (!READ_ONCE(wk_on) || !wk_wants(p, mode))
		goto unlock;
	/* p has not run since its wakeup: this is never the last put */
	old = wk_forget();
	wk.cpu = task_cpu(p);
	WRITE_ONCE(wk.now_cpu, wk.cpu);
	wk.prio = p->prio;
	wk.dl = dl_task(p);
	per_cpu_ptr(tr->array_buffer.data, wk.cpu)->preempt_timestamp =
		wk_now(tr);
	/* the callbacks test wk.task last: now_cpu is set before it */
	smp_wmb();
	WRITE_ONCE(wk.task, get_task_struct(p));

	wk_record_ctx(tr, TRACE_WAKE, current, p, ctx);
	trace_array_record_stack(tr, 2);
	wk_mark(tr, CALLER_ADDR1, CALLER_ADDR2, ctx);
unlock:
	arch_spin_unlock(&wk_lock);
out:
	atomic_dec(&data->disabled);
	local_irq_restore(flags);
	if (old)
		put_task_struct(old);
}

/* Whether a wait of delta ns is kept (tracing_thresh or a maximum). */
static bool wk_worth(struct trace_array *tr, u64 delta)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > READ_ONCE(tr->max_latency);
}

static void wk_probe_switch(void *ignore, bool preempt,
			    struct task_struct *prev, struct task_struct *next,
			    unsigned int prev_state)
{
	struct trace_array *tr = READ_ONCE(wk_tr);
	struct task_struct *done = NULL;
	struct trace_array_cpu *data;
	unsigned long flags;
	unsigned int ctx;
	u64 delta;
	int cpu;

	struct task_struct *task;

	if (!tr)
		return;
	trace_save_cmdline(prev);
	/* the hint; with tracing off too, so that the task is let go */
	task = READ_ONCE(wk.task);
	if (task != next && task != prev)
		return;

	local_irq_save(flags);
	cpu = raw_smp_processor_id();
	data = per_cpu_ptr(tr->array_buffer.data, cpu);
	atomic_inc(&data->disabled);
	ctx = tracing_gen_ctx_flags(flags);
	arch_spin_lock(&wk_lock);
	if (wk.task != next && wk.task != prev)
		goto unlock;
	/* switched out: woken while it ran, it never waited */
	if (wk.task == prev || !READ_ONCE(wk_on) ||
	    atomic_read(&data->disabled) != 1)
		goto forget;

	wk_mark(tr, CALLER_ADDR0, CALLER_ADDR1, ctx);
	wk_record_ctx(tr, TRACE_CTX, prev, next, ctx);
	trace_array_record_stack(tr, 2);
	delta = wk_now(tr) -
		per_cpu_ptr(tr->array_buffer.data, wk.cpu)->preempt_timestamp;
	/* the local clocks of two CPUs: the waker's may be ahead */
	if ((s64)delta > 0 && wk_worth(tr, delta)) {
		WRITE_ONCE(tr->max_latency, delta);
		update_max_tr(tr, next, wk.cpu, NULL);
	}
forget:
	/* it runs, or ran: this reference is not its last */
	done = wk_forget();
unlock:
	arch_spin_unlock(&wk_lock);
	atomic_dec(&data->disabled);
	local_irq_restore(flags);
	if (done)
		put_task_struct(done);
}

/* The followed task moves to another CPU's queue before it runs. */
static void wk_probe_migrate(void *ignore, struct task_struct *p, int cpu)
{
	unsigned long flags;

	if (READ_ONCE(wk.task) != p)
		return;
	local_irq_save(flags);
	arch_spin_lock(&wk_lock);
	if (wk.task == p)
		WRITE_ONCE(wk.now_cpu, cpu);
	arch_spin_unlock(&wk_lock);
	local_irq_restore(flags);
}

/* Forget the followed task, from process context (it may be the last put). */
static void wk_reset_follow(void)
{
	struct task_struct *task;
	unsigned long flags;

	local_irq_save(flags);
	arch_spin_lock(&wk_lock);
	task = wk_forget();
	arch_spin_unlock(&wk_lock);
	local_irq_restore(flags);
	if (task)
		put_task_struct(task);
}

/* ---- the functions a wait runs (options/function-trace) ---- */

#ifdef CONFIG_FUNCTION_TRACER
/* An ops records the functions of a wait. [L] */
static bool wk_fn_on;

/*
 * The array a function callback records into: the running one, while a
 * task is followed and this CPU is the one it is queued on; NULL else.
 * Preemption is off.
 */
static struct trace_array *wk_fn_array(void)
{
	if (!READ_ONCE(wk.task))
		return NULL;
	/* pairs with the wakeup probe's smp_wmb(): now_cpu is the task's */
	smp_rmb();
	if (READ_ONCE(wk.now_cpu) != raw_smp_processor_id() ||
	    !READ_ONCE(wk_on))
		return NULL;
	return READ_ONCE(wk_tr);
}

/*
 * Its trampoline calls it directly, without the core's guard
 * (FTRACE_OPS_FL_RECURSION), whose wrapper costs some 60 instructions a
 * call: a wait runs hundreds of functions (make bench-wakeup). Most
 * calls come while no task is followed, and return at the first test,
 * made with preemption perhaps on (a hint: wk_fn_array() tests again).
 * The recursion lock disables preemption; data->disabled keeps out what
 * the record itself calls.
 */
static void wk_fn_call(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array_cpu *data;
	struct trace_array *tr;
	int bit;

	if (!READ_ONCE(wk.task))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	tr = wk_fn_array();
	if (tr) {
		data = this_cpu_ptr(tr->array_buffer.data);
		if (atomic_inc_return(&data->disabled) == 1)
			trace_function_record(tr, ip, parent_ip,
					      tracing_gen_ctx_dec());
		atomic_dec(&data->disabled);
	}
	ftrace_test_recursion_unlock(bit);
}

static struct ftrace_ops wk_fn_ops = {
	.func	= wk_fn_call,
};

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static int wk_graph_entry(struct ftrace_graph_ent *trace)
{
	struct trace_array *tr = wk_fn_array();
	struct trace_array_cpu *data;
	int ret = 0;

	if (!tr || !READ_ONCE(wk_graph))
		return 0;
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1) {
		/* counted as recorded (trace_graph.h), as trace_irqsoff.c */
		fgraph_depth_in(trace->depth);
		ret = graph_record_entry(tr, trace, tracing_gen_ctx());
		if (!ret)
			fgraph_depth_out(trace->depth);
	}
	atomic_dec(&data->disabled);
	return ret;
}

/* From the traced code, perhaps preemptible, perhaps after the wait. */
static void wk_graph_return(struct ftrace_graph_ret *trace)
{
	unsigned int ctx = tracing_gen_ctx();
	struct trace_array_cpu *data;
	struct trace_array *tr;

	preempt_disable_notrace();
	tr = READ_ONCE(wk_graph) ? READ_ONCE(wk_tr) : NULL;
	/*
	 * The return of an entry recorded: recorded whether or not the
	 * wait is still on, so that the call is closed. A return diverted
	 * before a restart is in the emptied buffer's past: the reader
	 * finds no entry for it and shows it as a lone close.
	 */
	if (tr) {
		data = this_cpu_ptr(tr->array_buffer.data);
		if (atomic_inc_return(&data->disabled) == 1) {
			fgraph_depth_out(trace->depth);
			graph_record_return(tr, trace, ctx);
		}
		atomic_dec(&data->disabled);
	}
	preempt_enable_notrace();
}

static struct fgraph_ops wk_graph_ops = {
	.entryfunc	= wk_graph_entry,
	.retfunc	= wk_graph_return,
};
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

static const struct lat_hooks wk_hooks = {
	.ops	= &wk_fn_ops,
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	.gops	= &wk_graph_ops,
#endif
};

static int wk_fn_hook(struct trace_array *tr, bool graph)
{
	return lat_hook_functions(&wk_hooks, graph);
}

static void wk_fn_unhook(bool graph)
{
	lat_unhook_functions(&wk_hooks, graph);
}

static int wk_fn_set(struct trace_array *tr, bool on)
{
	int ret;

	if (on == wk_fn_on)
		return 0;
	if (on) {
		ret = wk_fn_hook(tr, wk_graph);
		if (ret)
			return ret;
	} else {
		wk_fn_unhook(wk_graph);
	}
	wk_fn_on = on;
	return 0;
}
#else
static int wk_fn_set(struct trace_array *tr, bool on)
{
	return 0;
}
#endif /* CONFIG_FUNCTION_TRACER */

/* ---- the tracers ---- */

static void wk_unregister_probes(void)
{
	unregister_trace_sched_migrate_task(wk_probe_migrate, NULL);
	unregister_trace_sched_switch(wk_probe_switch, NULL);
	unregister_trace_sched_wakeup_new(wk_probe_wakeup, NULL);
	unregister_trace_sched_wakeup(wk_probe_wakeup, NULL);
	tracepoint_synchronize_unregister();
}

static int wk_register_probes(void)
{
	int ret;

	ret = register_trace_sched_wakeup(wk_probe_wakeup, NULL);
	if (!ret)
		ret = register_trace_sched_wakeup_new(wk_probe_wakeup, NULL);
	if (!ret)
		ret = register_trace_sched_switch(wk_probe_switch, NULL);
	if (!ret)
		ret = register_trace_sched_migrate_task(wk_probe_migrate, NULL);
	/* unregistering one that is not registered only returns an error */
	if (ret)
		wk_unregister_probes();
	return ret;
}

/*
 * Recording on: a fresh start, as upstream (the live buffer emptied).
 * wk_on may still be set (tracing_off() from the kernel does not stop
 * the tracer): cleared first, and after a grace period no probe is
 * swapping the buffer that is being emptied.
 */
static void wk_start(struct trace_array *tr)
{
	if (READ_ONCE(wk_on)) {
		WRITE_ONCE(wk_on, false);
		synchronize_rcu();
	}
	wk_reset_follow();
	tracing_reset_online_cpus(&tr->array_buffer);
	WRITE_ONCE(wk_on, true);
}

static void wk_stop(struct trace_array *tr)
{
	WRITE_ONCE(wk_on, false);
}

static int wk_init(struct trace_array *tr, enum wk_mode mode)
{
	int ret;

	if (wk_busy)
		return -EBUSY;
	lat_force_opts(tr, &wk_saved_opts);

	wk_mode = mode;
	WRITE_ONCE(wk_graph, IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
		   trace_opt(tr, TRACE_OPT_DISPLAY_GRAPH));
	WRITE_ONCE(wk_tr, tr);
	ret = wk_register_probes();
	if (ret)
		goto fail;
	ret = wk_fn_set(tr, trace_opt(tr, TRACE_OPT_FUNCTION));
	if (ret) {
		wk_unregister_probes();
		goto fail;
	}
	wk_busy = true;
	if (tracer_tracing_is_on(tr))
		wk_start(tr);
	return 0;
fail:
	WRITE_ONCE(wk_tr, NULL);
	lat_restore_opts(tr, &wk_saved_opts);
	return ret;
}

static void wk_reset(struct trace_array *tr)
{
	WRITE_ONCE(wk_on, false);
	wk_fn_set(tr, false);
	WRITE_ONCE(wk_tr, NULL);
	/*
	 * After it no probe runs, and no graph return that read the array
	 * is still in it (preemption off): the followed task is ours to let
	 * go, and the array may go.
	 */
	wk_unregister_probes();
	wk_reset_follow();
	WRITE_ONCE(wk_graph, false);
	lat_restore_opts(tr, &wk_saved_opts);
	wk_busy = false;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * display-graph changed while the tracer is current: stop, swap the
 * functions' hook if they are recorded, empty the live buffer (its
 * records are of the other form) and zero tracing_max_latency, as
 * upstream, and start again. On failure (EBUSY: another user has the
 * graph hook) the mode is unchanged; the wait in progress is forgotten
 * and, if the tracer runs, the live buffer emptied by the restart.
 */
static int wk_graph_set(struct trace_array *tr, bool on)
{
	bool running = READ_ONCE(wk_on);
	int ret = 0;

	if (on == wk_graph)
		return 0;
	WRITE_ONCE(wk_on, false);
	if (wk_fn_on) {
		ret = wk_fn_hook(tr, on);
		if (ret)
			goto out;
		wk_fn_unhook(!on);
	}
	/* the probes ran with preemption off: none still marks */
	synchronize_rcu();
	WRITE_ONCE(wk_graph, on);
	WRITE_ONCE(tr->max_latency, 0);
	tracing_reset_online_cpus(&tr->array_buffer);
out:
	if (running)
		wk_start(tr);
	else
		wk_reset_follow();
	return ret;
}
#else
static int wk_graph_set(struct trace_array *tr, bool on)
{
	return -EINVAL;
}
#endif

/*
 * function-trace and display-graph may change while running; overwrite
 * may not go off. The core turns any refusal into EINVAL.
 */
static int wk_flag_changed(struct trace_array *tr, u64 mask, int set)
{
	if (mask & TRACE_FL(FUNCTION))
		return wk_fn_set(tr, set);
	if (mask & TRACE_FL(DISPLAY_GRAPH))
		return wk_graph_set(tr, set);
	return trace_keep_overwrite(tr->current_trace, mask, set);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* Readers with display-graph: upstream's columns for these tracers. */
#define WK_GRAPH_COLUMNS	(TRACE_GRAPH_PRINT_PROC |		\
				 TRACE_GRAPH_PRINT_CPU |		\
				 TRACE_GRAPH_PRINT_REL_TIME |		\
				 TRACE_GRAPH_PRINT_DURATION |		\
				 TRACE_GRAPH_PRINT_OVERHEAD |		\
				 TRACE_GRAPH_PRINT_IRQS)

static enum print_line_t wk_print_line(struct trace_iterator *iter)
{
	return lat_print_line_cols(iter, WK_GRAPH_COLUMNS);
}

static void wk_print_header(struct seq_file *m)
{
	lat_print_header_cols(m, WK_GRAPH_COLUMNS);
}

#define WK_READERS							\
	.open		= lat_reader_open,				\
	.close		= lat_reader_close,				\
	.print_line	= wk_print_line,				\
	.print_header	= wk_print_header,
#else
#define WK_READERS
#endif

#ifdef CONFIG_FTRACE_STARTUP_TEST
#define WK_SELFTEST	.selftest = trace_selftest_startup_wakeup,
#else
#define WK_SELFTEST
#endif

#define WK_TRACER(id, tname, mode)					\
static int id##_init(struct trace_array *tr)				\
{									\
	return wk_init(tr, mode);					\
}									\
static struct tracer id##_tracer __read_mostly = {			\
	.name		= tname,					\
	.init		= id##_init,					\
	.reset		= wk_reset,					\
	.start		= wk_start,					\
	.stop		= wk_stop,					\
	.flag_changed	= wk_flag_changed,				\
	.print_max	= true,						\
	.use_max_tr	= true,						\
	.allow_instances = true,					\
	WK_READERS							\
	WK_SELFTEST							\
}

WK_TRACER(wakeup, "wakeup", WK_ALL);
WK_TRACER(wakeup_rt, "wakeup_rt", WK_RT);
WK_TRACER(wakeup_dl, "wakeup_dl", WK_DL);

static __init int init_wakeup_tracers(void)
{
	register_tracer(&wakeup_tracer);
	register_tracer(&wakeup_rt_tracer);
	register_tracer(&wakeup_dl_tracer);
	return 0;
}
core_initcall(init_wakeup_tracers);
