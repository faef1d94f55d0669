// SPDX-License-Identifier: GPL-2.0
/*
 * The parts the latency tracers share (trace_latency.h): the options
 * they force, their marks, the hooking of the functions they record,
 * and their readers with options/display-graph. Built with any of them.
 */

#include <linux/ftrace.h>
#include <linux/trace_clock.h>

#include "trace_graph.h"
#include "trace_latency.h"

void lat_force_opts(struct trace_array *tr, struct lat_saved_opts *saved)
{
	saved->overwrite = trace_opt(tr, TRACE_OPT_OVERWRITE);
	saved->latfmt = trace_opt(tr, TRACE_OPT_LATENCY_FMT);
	set_tracer_flag(tr, TRACE_OPT_OVERWRITE, 1);
	set_tracer_flag(tr, TRACE_OPT_LATENCY_FMT, 1);
	WRITE_ONCE(tr->max_latency, 0);
	tracing_reset_online_cpus(&tr->max_buffer);
}

void lat_restore_opts(struct trace_array *tr,
		      const struct lat_saved_opts *saved)
{
	set_tracer_flag(tr, TRACE_OPT_LATENCY_FMT, saved->latfmt);
	set_tracer_flag(tr, TRACE_OPT_OVERWRITE, saved->overwrite);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static bool lat_graph_mark(struct trace_array *tr, unsigned long ip,
			   unsigned int ctx)
{
	struct ftrace_graph_ent call = { .func = ip };
	struct ftrace_graph_ret ret = { .func = ip };

	if (!graph_record_entry(tr, &call, ctx))
		return false;
	/* a leaf: it returns at the time it is entered */
	ret.calltime = trace_clock_local();
	ret.rettime = ret.calltime;
	graph_record_return(tr, &ret, ctx);
	return true;
}
#endif

void lat_record_mark(struct trace_array *tr, bool graph, unsigned long ip,
		     unsigned long parent, unsigned int ctx)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (graph) {
		lat_graph_mark(tr, ip, ctx);
		return;
	}
#endif
	trace_function_record(tr, ip, parent, ctx);
}

#ifdef CONFIG_FUNCTION_TRACER
int lat_hook_functions(const struct lat_hooks *h, bool graph)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (graph)
		return register_ftrace_graph(h->gops);
#endif
	return register_ftrace_function(h->ops);
}

void lat_unhook_functions(const struct lat_hooks *h, bool graph)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (graph) {
		unregister_ftrace_graph(h->gops);
		return;
	}
#endif
	/* fails only if not registered: it is not, either way */
	unregister_ftrace_function(h->ops);
}
#endif /* CONFIG_FUNCTION_TRACER */

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static bool lat_shows_graph(struct trace_iterator *iter)
{
	return iter && iter->tr && trace_opt(iter->tr, TRACE_OPT_DISPLAY_GRAPH);
}

void lat_reader_open(struct trace_iterator *iter)
{
	if (lat_shows_graph(iter))
		graph_trace_open(iter);
}

/* Frees the printer's state if open made one (whatever the option now). */
void lat_reader_close(struct trace_iterator *iter)
{
	graph_trace_close(iter);
}

enum print_line_t lat_print_line_cols(struct trace_iterator *iter, u32 cols)
{
	if (!lat_shows_graph(iter))
		return TRACE_TYPE_UNHANDLED;
	return print_graph_function_flags(iter, cols);
}

void lat_print_header_cols(struct seq_file *m, u32 cols)
{
	struct trace_iterator *iter = m->private;

	if (lat_shows_graph(iter))
		print_graph_headers_flags(m, cols);
	else
		trace_default_header(m, iter);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
