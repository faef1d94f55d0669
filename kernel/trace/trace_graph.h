/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function_graph tracer's pieces and what they share:
 *
 *	fgraph.c		the per-task stacks of diverted returns,
 *				register_ftrace_graph() (any user)
 *	trace_functions_graph.c	the tracer: its callbacks write
 *				TRACE_GRAPH_ENT/RET records; its options;
 *				set_graph_function, set_graph_notrace,
 *				max_graph_depth
 *	trace_graph_output.c	how the records read in `trace` and
 *				`trace_pipe` (the "CPU DURATION FUNCTION
 *				CALLS" layout), for this tracer and for the
 *				latency tracers' display-graph option
 */
#ifndef _KERNEL_TRACE_TRACE_GRAPH_H
#define _KERNEL_TRACE_TRACE_GRAPH_H

#include <linux/ftrace.h>
#include "trace.h"

/* TRACE_GRAPH_ENT, "funcgraph_entry" (binary ABI) */
struct ftrace_graph_ent_entry {
	struct trace_entry		ent;
	struct ftrace_graph_ent		graph_ent;
} __packed;

/* TRACE_GRAPH_RET, "funcgraph_exit" (binary ABI) */
struct ftrace_graph_ret_entry {
	struct trace_entry		ent;
	struct ftrace_graph_ret		ret;
} __packed;

/*
 * The tracer's options (options/NAME, upstream's names): bits of
 * graph_flags.val. Default on: CPU, OVERHEAD, DURATION, IRQS,
 * SLEEP_TIME, GRAPH_TIME.
 */
enum {
	TRACE_GRAPH_PRINT_OVERRUN	= BIT(0),	/* funcgraph-overrun */
	TRACE_GRAPH_PRINT_CPU		= BIT(1),	/* funcgraph-cpu */
	TRACE_GRAPH_PRINT_OVERHEAD	= BIT(2),	/* funcgraph-overhead */
	TRACE_GRAPH_PRINT_PROC		= BIT(3),	/* funcgraph-proc */
	TRACE_GRAPH_PRINT_DURATION	= BIT(4),	/* funcgraph-duration */
	TRACE_GRAPH_PRINT_ABS_TIME	= BIT(5),	/* funcgraph-abstime */
	TRACE_GRAPH_PRINT_IRQS		= BIT(6),	/* funcgraph-irqs */
	TRACE_GRAPH_PRINT_TAIL		= BIT(7),	/* funcgraph-tail */
	TRACE_GRAPH_SLEEP_TIME		= BIT(8),	/* sleep-time */
	TRACE_GRAPH_GRAPH_TIME		= BIT(9),	/* graph-time */
	/*
	 * Not options: set by the latency tracers in the flags they pass
	 * to the printers, for their own layout (the latency format's
	 * context columns before each line).
	 */
	TRACE_GRAPH_PRINT_LATENCY	= BIT(30),
	/*
	 * The "REL TIME" column: microseconds since the buffer's start
	 * (time_start), as upstream's latency tracers show with
	 * display-graph (their flags: CPU, PROC, REL_TIME, DURATION).
	 */
	TRACE_GRAPH_PRINT_REL_TIME	= BIT(29),
};

/* trace_functions_graph.c: the options' current values */
extern struct tracer_flags graph_flags;
/*
 * What the function profiler reads of them: graph-time (a function's
 * time includes its callees'; trace_functions_graph.c) and sleep-time
 * (the time a task was scheduled out counts; fgraph.c applies it).
 */
extern bool fgraph_graph_time;
extern bool fgraph_sleep_time;

/*
 * Write one TRACE_GRAPH_ENT or TRACE_GRAPH_RET record into tr's live
 * buffer (the function_graph tracer's, and the latency tracers' with
 * display-graph). The entry's returns 0 if nothing was written (buffer
 * off or full), so the caller need not divert the return. The caller
 * keeps tr's per-CPU data->disabled raised around them.
 */
int graph_record_entry(struct trace_array *tr, struct ftrace_graph_ent *trace,
		       unsigned int trace_ctx);
void graph_record_return(struct trace_array *tr, struct ftrace_graph_ret *trace,
			 unsigned int trace_ctx);

/*
 * Where a callback moves the task's depth (fgraph.c), from which
 * whatever nests on the task (an interrupt, an NMI) gets its own: one
 * more. fgraph.c counts a call after the entry callback took it and
 * uncounts it after the return callback; a callback that writes the
 * call's records counts or uncounts it itself at its record, with its
 * per-CPU data->disabled held from the one to the other (so that what
 * nests in between records nothing), and the function_graph tracer with
 * interrupts off too: whatever nests is before both or after both.
 * fgraph_depth_in(trace->depth) counts an entry taken;
 * fgraph_depth_out(trace->depth) uncounts a return, or an entry counted
 * and then refused.
 */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static __always_inline void fgraph_depth_in(int depth)
{
	current->curr_ret_depth = depth;
}

static __always_inline void fgraph_depth_out(int depth)
{
	current->curr_ret_depth = depth - 1;
}
#endif

/* ---- trace_graph_output.c ---- */

/*
 * A reader opens or closes `trace`/`trace_pipe` of an array whose tracer
 * prints with print_graph_function_flags(): the per-reader, per-CPU
 * state of the printer (last pid seen, depth, pending entry...) lives in
 * iter->private. open may fail to allocate: the printer then prints each
 * record on its own (no leaf merging), never crashes.
 */
void graph_trace_open(struct trace_iterator *iter);
void graph_trace_close(struct trace_iterator *iter);

/*
 * Print the record at iter->ent (TRACE_GRAPH_ENT, TRACE_GRAPH_RET, or any
 * other entry, e.g. trace_printk's, which becomes a comment line), with
 * flags the TRACE_GRAPH_* bits above. The function_graph tracer's
 * print_line passes graph_flags.val.
 */
enum print_line_t print_graph_function_flags(struct trace_iterator *iter,
					     u32 flags);
/* The "# CPU  DURATION  FUNCTION CALLS" header for flags. */
void print_graph_headers_flags(struct seq_file *s, u32 flags);

/*
 * A duration in ns as the DURATION column shows it, in microseconds:
 * "12.345 us " padded to at least 12 characters (fewer decimals past 4
 * digits, none past 6). The function profiler prints its times with it.
 */
void trace_print_graph_duration(unsigned long long duration,
				struct trace_seq *s);

/* The printers of the two entry types, registered at boot. */
__init int init_graph_output(void);

#endif /* _KERNEL_TRACE_TRACE_GRAPH_H */
