// SPDX-License-Identifier: GPL-2.0
/*
 * The "function_graph" tracer: a record when a traced function is
 * entered (TRACE_GRAPH_ENT) and one when it returns (TRACE_GRAPH_RET,
 * with the entry and return times), which trace_graph_output.c prints
 * as an indented call graph with durations.
 *
 * It records into the top level only (as upstream's), through
 * register_ftrace_graph() (fgraph.c); the top level's set_ftrace_filter
 * and set_ftrace_notrace choose the functions hooked, set_ftrace_pid
 * the tasks. On top of those:
 *  set_graph_function  if not empty, a function is recorded only inside
 *                      (at or below) one of these;
 *  set_graph_notrace   these functions and everything they call are
 *                      not recorded;
 *  max_graph_depth     if not 0, only calls less deep than this are;
 *  tracing_thresh      if not 0, only returns of calls that took at
 *                      least this long are recorded, and no entries.
 * Both sets are edited with the code of set_ftrace_filter (globs, `!`,
 * `>`/`>>`; a word matching nothing is EINVAL and an error_log entry);
 * they are the filter and the notrace set of graph_sets, an ops that is
 * never registered.
 *
 * State of the running task, in current->trace_recursion (only the
 * task touches it; an interrupt on the task sees it too, as it should:
 * what an interrupt runs inside a set_graph_function function is inside
 * it), in the bits above the recursion guards:
 *  GRAPH_IN_FILTER  inside a set_graph_function function entered at
 *                   depth GRAPH_DEPTH: the calls deeper than it are in
 *                   its section;
 *  GRAPH_FILTER_IRQ that function was entered in a hard interrupt: with
 *                   funcgraph-irqs off, the interrupt is traced anyway;
 *  GRAPH_IN_NOTRACE inside a set_graph_notrace function: no entry is
 *                   diverted until it returns, so the next return seen
 *                   is its own.
 *
 * An interrupt (or NMI) nests on the task at any point of our callbacks
 * and reads both that state and the task's depth (fgraph.c), which
 * must agree: a call seen counted in the depth while its mark is not
 * yet set (or no longer) would put the interrupt in the wrong tree, or
 * at a depth whose call is not in the trace. So each callback changes
 * the depth itself (fgraph_depth_in() and fgraph_depth_out()) at the
 * point where it records the call and sets or clears its mark, with
 * interrupts off and the per-CPU data->disabled held, which keeps an NMI
 * arriving in between from recording anything (see graph_entry() and
 * graph_return()). An interrupt before that point finds the call not
 * yet entered (beside it) or still running (one level inside it), and
 * one after finds the reverse; both agree with the trace.
 */

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/trace_recursion.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_graph.h"
#include "ftrace_internal.h"
#include "ftrace_pid.h"

enum {
	GRAPH_IN_FILTER		= TRACE_RECURSION_FLAGS,
	GRAPH_FILTER_IRQ,
	GRAPH_IN_NOTRACE,
	GRAPH_DEPTH_SHIFT,
};

#define GRAPH_DEPTH_MASK	(0xffUL << GRAPH_DEPTH_SHIFT)
/* the depth byte fits in current->trace_recursion on every arch */
static_assert(GRAPH_DEPTH_SHIFT + 8 <= BITS_PER_LONG);

static struct tracer_opt graph_opts[] = {
	{ "funcgraph-overrun",	TRACE_GRAPH_PRINT_OVERRUN },
	{ "funcgraph-cpu",	TRACE_GRAPH_PRINT_CPU },
	{ "funcgraph-overhead",	TRACE_GRAPH_PRINT_OVERHEAD },
	{ "funcgraph-proc",	TRACE_GRAPH_PRINT_PROC },
	{ "funcgraph-duration",	TRACE_GRAPH_PRINT_DURATION },
	{ "funcgraph-abstime",	TRACE_GRAPH_PRINT_ABS_TIME },
	{ "funcgraph-irqs",	TRACE_GRAPH_PRINT_IRQS },
	{ "funcgraph-tail",	TRACE_GRAPH_PRINT_TAIL },
	{ "sleep-time",		TRACE_GRAPH_SLEEP_TIME },
#ifdef CONFIG_FUNCTION_PROFILER
	{ "graph-time",		TRACE_GRAPH_GRAPH_TIME },
#endif
	{ }
};

struct tracer_flags graph_flags = {
	.val	= TRACE_GRAPH_PRINT_CPU | TRACE_GRAPH_PRINT_OVERHEAD |
		  TRACE_GRAPH_PRINT_DURATION | TRACE_GRAPH_PRINT_IRQS |
		  TRACE_GRAPH_SLEEP_TIME | TRACE_GRAPH_GRAPH_TIME,
	.opts	= graph_opts,
};

/* graph-time: the profiler's times include the callees' (on) */
bool fgraph_graph_time = true;

/* The array recorded into while the tracer runs; NULL otherwise. */
static struct trace_array *graph_array;
/* funcgraph-irqs off: what runs in hard interrupts is not recorded. */
static bool graph_skip_irqs;
/* max_graph_depth: 0, or calls at this depth or deeper are left out */
static int graph_max_depth;
/* set_graph_function (filter_ips) and set_graph_notrace (notrace_ips) */
static struct ftrace_ops graph_sets;

/*
 * Whether ip is in the set at *slot; *empty says whether it has none.
 * Called for every function entry, with preemption off (fgraph.c's
 * recursion guard), which is the read side of the set's sched-RCU. Not
 * rcu_dereference_sched(): under PROVE_RCU that calls
 * rcu_read_lock_sched_held(), a traced function, which the guard lets
 * through once, so every record would come after one of its own.
 */
static bool graph_set_has(struct ftrace_ip_set __rcu **slot,
			  unsigned long ip, bool *empty)
{
	struct ftrace_ip_set *set;

	set = rcu_dereference_protected(*slot, !preemptible());

	*empty = !set || (!set->nr && !set->emptied);
	return set && ftrace_ip_set_has(set, ip);
}

static unsigned int graph_filter_depth(void)
{
	return (current->trace_recursion & GRAPH_DEPTH_MASK) >>
		GRAPH_DEPTH_SHIFT;
}

enum graph_pass {
	GRAPH_OUT,		/* not inside a set_graph_function function */
	GRAPH_ALL,		/* set_graph_function is empty: all is in */
	GRAPH_IN,		/* inside the section of one of its functions */
	GRAPH_OPENS,		/* this call is one, and starts a section */
};

/*
 * set_graph_function: where this entry stands. Nothing changes here: a
 * call that opens a section marks it (graph_filter_open()) once it is
 * recorded, and its return ends it.
 *
 * A section holds the calls deeper than its function. A call no deeper
 * while the mark is set is outside: either the function is returning
 * (an NMI between graph_return()'s uncount and its unmark: interrupts
 * are off there, and with data->disabled held the NMI records nothing
 * anyway), or its return came back to no callback (the tracer had
 * stopped) and left the mark behind. Taken for inside, such a call
 * would be recorded at the function's own depth, and its return would
 * end the section.
 */
static enum graph_pass graph_filter_pass(struct ftrace_graph_ent *trace)
{
	bool empty;

	if (trace_recursion_test(GRAPH_IN_FILTER) &&
	    trace->depth > graph_filter_depth())
		return GRAPH_IN;
	if (!graph_set_has(&graph_sets.filter_ips, trace->func, &empty))
		return empty ? GRAPH_ALL : GRAPH_OUT;
	return GRAPH_OPENS;
}

/*
 * The call that opens a section is counted and recorded: mark it, depth
 * and all, in one store. What nests on the task between our load and
 * store leaves trace_recursion as it found it (each guard it takes it
 * releases, a section it opens it ends), so the store loses nothing.
 */
static void graph_filter_open(struct ftrace_graph_ent *trace)
{
	unsigned long rec = current->trace_recursion;

	rec &= ~(GRAPH_DEPTH_MASK | BIT(GRAPH_FILTER_IRQ));
	rec |= ((unsigned long)trace->depth << GRAPH_DEPTH_SHIFT) &
	       GRAPH_DEPTH_MASK;
	if (in_hardirq())
		rec |= BIT(GRAPH_FILTER_IRQ);
	current->trace_recursion = rec | BIT(GRAPH_IN_FILTER);
}

/* A return: the set_graph_function section ends with its function. */
static void graph_filter_finish(struct ftrace_graph_ret *trace)
{
	if (trace_recursion_test(GRAPH_IN_FILTER) &&
	    trace->depth == graph_filter_depth()) {
		trace_recursion_clear(GRAPH_IN_FILTER);
		trace_recursion_clear(GRAPH_FILTER_IRQ);
	}
}

/*
 * funcgraph-irqs off: a hard interrupt is left out, unless it opens a
 * section or is inside one it opened.
 */
static bool graph_irq_skipped(enum graph_pass pass)
{
	if (!READ_ONCE(graph_skip_irqs) || !in_hardirq())
		return false;
	return pass == GRAPH_ALL ||
	       (pass == GRAPH_IN && !trace_recursion_test(GRAPH_FILTER_IRQ));
}

/* One graph record: a trace_entry, then the packed payload (ABI). */
static bool graph_record(struct trace_array *tr, int type, const void *payload,
			 size_t size, unsigned int trace_ctx)
{
	struct trace_buffer *buffer = trace_array_buffer(tr);
	struct ring_buffer_event *event;
	struct trace_entry *ent;

	event = trace_buffer_lock_reserve(buffer, type, sizeof(*ent) + size,
					  trace_ctx);
	if (!event)
		return false;
	ent = ring_buffer_event_data(event);
	memcpy(ent + 1, payload, size);
	trace_buffer_commit_nostack(tr, buffer, event);
	return true;
}

int graph_record_entry(struct trace_array *tr, struct ftrace_graph_ent *trace,
		       unsigned int trace_ctx)
{
	BUILD_BUG_ON(offsetof(struct ftrace_graph_ent_entry, graph_ent) !=
		     sizeof(struct trace_entry));
	return graph_record(tr, TRACE_GRAPH_ENT, trace, sizeof(*trace),
			    trace_ctx);
}

void graph_record_return(struct trace_array *tr, struct ftrace_graph_ret *trace,
			 unsigned int trace_ctx)
{
	BUILD_BUG_ON(offsetof(struct ftrace_graph_ret_entry, ret) !=
		     sizeof(struct trace_entry));
	graph_record(tr, TRACE_GRAPH_RET, trace, sizeof(*trace), trace_ctx);
}

/*
 * The entry callback: nonzero to have the return diverted. It runs under
 * ftrace_graph_hook()'s recursion guard (preemption off), called from
 * the list function or a trampoline.
 */
static int graph_entry(struct ftrace_graph_ent *trace)
{
	struct trace_array *tr = READ_ONCE(graph_array);
	struct trace_array_cpu *data;
	unsigned int trace_ctx;
	enum graph_pass pass;
	unsigned long flags;
	int max_depth;
	bool empty;
	int ret = 0;

	/* Inside a set_graph_notrace function: nothing until it returns. */
	if (trace_recursion_test(GRAPH_IN_NOTRACE))
		return 0;
	if (graph_set_has(&graph_sets.notrace_ips, trace->func, &empty)) {
		/*
		 * Its return clears the mark: it must be diverted. Marked
		 * before fgraph.c counts it (after we return): an interrupt
		 * before the mark nests beside it (traced at its depth,
		 * where it is not), one after the mark is inside it, not
		 * traced.
		 */
		trace_recursion_set(GRAPH_IN_NOTRACE);
		return 1;
	}
	if (!tr || ftrace_pid_skip(tr))
		return 0;
	pass = graph_filter_pass(trace);
	if (pass == GRAPH_OUT)
		return 0;
	max_depth = READ_ONCE(graph_max_depth);
	if ((max_depth && trace->depth >= max_depth) ||
	    graph_irq_skipped(pass))
		return 0;

	/*
	 * Counted, recorded and (opening a section) marked at once, for
	 * what nests on us: an interrupt waits, an NMI is not recorded
	 * (data->disabled) and so diverts nothing. One before finds the
	 * call not entered: beside it, and not in its section.
	 */
	local_irq_save(flags);
	data = this_cpu_ptr(tr->array_buffer.data);
	if (atomic_inc_return(&data->disabled) == 1) {
		fgraph_depth_in(trace->depth);
		if (READ_ONCE(tracing_thresh)) {
			/* tracing_thresh: only returns are recorded. */
			ret = 1;
		} else {
			/*
			 * The preemption depth includes the hook's guard
			 * (and the list function's), as upstream's entry
			 * records do.
			 */
			trace_ctx = tracing_gen_ctx_flags(flags);
			ret = graph_record_entry(tr, trace, trace_ctx);
		}
		if (!ret)
			fgraph_depth_out(trace->depth);
		else if (pass == GRAPH_OPENS)
			graph_filter_open(trace);
	}
	atomic_dec(&data->disabled);
	local_irq_restore(flags);
	return ret;
}

/*
 * The return callback: from return_to_handler, in the traced context.
 * Until it uncounts the call, an interrupt nests inside it; after, beside
 * it, with the call's marks gone and its return recorded: interrupts are
 * off from the one to the others.
 */
static void graph_return(struct ftrace_graph_ret *trace)
{
	struct trace_array *tr = READ_ONCE(graph_array);
	unsigned long thresh = READ_ONCE(tracing_thresh);
	struct trace_array_cpu *data = NULL;
	unsigned long flags;
	bool held = false;

	local_irq_save(flags);
	if (trace_recursion_test(GRAPH_IN_NOTRACE)) {
		/*
		 * Uncounted before unmarked: an NMI in between is at the
		 * call's own depth, still inside it, and not traced.
		 * Unmarked first, it would be traced one level deeper than
		 * a call the trace does not have.
		 */
		fgraph_depth_out(trace->depth);
		barrier();
		trace_recursion_clear(GRAPH_IN_NOTRACE);
		goto out;
	}
	if (tr) {
		data = this_cpu_ptr(tr->array_buffer.data);
		held = atomic_inc_return(&data->disabled) == 1;
	}
	/*
	 * Uncounted before the section ends: an NMI in between is at the
	 * function's own depth, which graph_filter_pass() holds outside.
	 * (Held, an NMI records nothing anyway.)
	 */
	fgraph_depth_out(trace->depth);
	graph_filter_finish(trace);
	if (held && !(thresh && trace->rettime - trace->calltime < thresh))
		graph_record_return(tr, trace, tracing_gen_ctx_flags(flags));
	if (data)
		atomic_dec(&data->disabled);
out:
	local_irq_restore(flags);
}

static struct fgraph_ops graph_ops = {
	.entryfunc	= graph_entry,
	.retfunc	= graph_return,
};

/*
 * The calls that the patching passes of register and unregister make
 * themselves are not recorded (graph_array is NULL then), as the
 * function tracer does not record them (its fn_on): a pass over every
 * site would otherwise push and record each of its own calls, which
 * made stopping the tracer take up to twice upstream's time.
 */
static int graph_trace_init(struct trace_array *tr)
{
	int ret;

	WRITE_ONCE(graph_skip_irqs,
		   !(graph_flags.val & TRACE_GRAPH_PRINT_IRQS));
	ret = register_ftrace_graph(&graph_ops);
	if (!ret)
		WRITE_ONCE(graph_array, tr);
	return ret;
}

static void graph_trace_reset(struct trace_array *tr)
{
	/*
	 * From here the callbacks record nothing; returns diverted before
	 * come back unrecorded, to graph_return() and, once unregister
	 * returns, to the stub.
	 */
	WRITE_ONCE(graph_array, NULL);
	/* When this returns no CPU is in graph_entry() any more. */
	unregister_ftrace_graph(&graph_ops);
}

static int graph_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			  int set)
{
	switch (bit) {
	case TRACE_GRAPH_PRINT_IRQS:
		WRITE_ONCE(graph_skip_irqs, !set);
		break;
	case TRACE_GRAPH_SLEEP_TIME:
		WRITE_ONCE(fgraph_sleep_time, !!set);
		break;
	case TRACE_GRAPH_GRAPH_TIME:
		WRITE_ONCE(fgraph_graph_time, !!set);
		break;
	}
	return 0;
}

static enum print_line_t graph_print_line(struct trace_iterator *iter)
{
	return print_graph_function_flags(iter, graph_flags.val);
}

static void graph_print_header(struct seq_file *s)
{
	print_graph_headers_flags(s, graph_flags.val);
}

static struct tracer graph_trace = {
	.name		= "function_graph",
	.init		= graph_trace_init,
	.reset		= graph_trace_reset,
	.flags		= &graph_flags,
	.set_flag	= graph_set_flag,
	.open		= graph_trace_open,
	.close		= graph_trace_close,
	.pipe_open	= graph_trace_open,
	.pipe_close	= graph_trace_close,
	.print_line	= graph_print_line,
	.print_header	= graph_print_header,
#ifdef CONFIG_FTRACE_STARTUP_TEST
	.selftest	= trace_selftest_startup_function_graph,
#endif
};

/* max_graph_depth: a number, 0 for no limit */
static ssize_t max_depth_read(struct file *file, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	char buf[16];
	int n = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(graph_max_depth));

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

static ssize_t max_depth_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = trace_get_user_ulong(ubuf, cnt, &val);
	if (ret)
		return ret;
	if (val > INT_MAX)
		return -EINVAL;
	WRITE_ONCE(graph_max_depth, val);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations max_depth_fops = {
	.open		= tracing_open_generic,
	.read		= max_depth_read,
	.write		= max_depth_write,
	.llseek		= generic_file_llseek,
};

static __init int graph_tracefs_init(void)
{
	if (tracing_init_dentry())
		return 0;
	trace_create_file("max_graph_depth", TRACE_MODE_WRITE, NULL, NULL,
			  &max_depth_fops);
	ftrace_create_ops_filter_file("set_graph_function", &graph_sets);
	ftrace_create_ops_notrace_file("set_graph_notrace", &graph_sets);
	return 0;
}
device_initcall(graph_tracefs_init);

static __init int init_graph_trace(void)
{
	int ret = init_graph_output();

	if (ret)
		return ret;
	return register_tracer(&graph_trace);
}
core_initcall(init_graph_trace);
