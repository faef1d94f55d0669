/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the latency tracers share (trace_latency.c): the irqsoff tracers
 * (trace_irqsoff.c) and the wakeup tracers (trace_wakeup.c). Each keeps
 * its own state and its own callbacks; these are the parts that do not
 * depend on what is timed.
 */
#ifndef _TRACE_LATENCY_H
#define _TRACE_LATENCY_H

#include "trace.h"

struct ftrace_ops;
struct fgraph_ops;

/*
 * The options a latency tracer forces on while it is current, and
 * gives back as they were: overwrite (a full buffer must lose old
 * records, not the latency's) and latency-format. lat_force_opts()
 * also zeroes tracing_max_latency and empties the spare buffer. [L]
 */
struct lat_saved_opts {
	bool	overwrite;
	bool	latfmt;
};

void lat_force_opts(struct trace_array *tr, struct lat_saved_opts *saved);
void lat_restore_opts(struct trace_array *tr,
		      const struct lat_saved_opts *saved);

/*
 * A mark of a tracer at ip, called from parent: a TRACE_FN record, or
 * with graph (display-graph) a call of ip that returns as it is
 * entered. The caller holds its per-CPU data->disabled raised.
 */
void lat_record_mark(struct trace_array *tr, bool graph, unsigned long ip,
		     unsigned long parent, unsigned int ctx);

/*
 * The hooks through which a tracer records the functions it times:
 * ops, or with display-graph gops (the graph hook, one user at a
 * time: EBUSY while another has it). lat_hook_functions() returns
 * what registering returned; after lat_unhook_functions() no CPU is in
 * the entry callback any more.
 */
struct lat_hooks {
	struct ftrace_ops	*ops;
	struct fgraph_ops	*gops;
};

int lat_hook_functions(const struct lat_hooks *h, bool graph);
void lat_unhook_functions(const struct lat_hooks *h, bool graph);

/*
 * The readers: with display-graph (read at each line, as upstream)
 * the records print as function_graph's, in the columns a tracer
 * passes (TRACE_GRAPH_PRINT_*), and the header is function_graph's;
 * else the default ones.
 */
void lat_reader_open(struct trace_iterator *iter);
void lat_reader_close(struct trace_iterator *iter);
enum print_line_t lat_print_line_cols(struct trace_iterator *iter, u32 cols);
void lat_print_header_cols(struct seq_file *m, u32 cols);

#endif /* _TRACE_LATENCY_H */
