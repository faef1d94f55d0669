/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The perf probe of each event class, for the "tracepoint" PMU: included
 * by include/trace/trace_events.h, whose pass 4 expands __TE_PERF_PROBE()
 * next to the tracing probe, with the same field forms (stages/assign.h).
 *
 * perf_trace_<class>(call, args...) runs when a perf event on one of the
 * class's events is enabled (the tracepoint's data is then the struct
 * trace_event_call). It does what the tracing probe does, into perf's
 * per-CPU, per-context scratch buffer instead of a ring buffer, and hands
 * the record to the perf events listening on this CPU (or to the task
 * named by __perf_task()), counting __perf_count() (1 by default).
 *
 * With BPF programs on the event (CONFIG_BPF_EVENTS), the record is made
 * even when no perf event listens on this CPU: kernel/events' submit
 * step runs the programs on it first (with the registers' address in
 * its first 8 bytes, where tracepoint programs find them), and drops it
 * if one says so or nobody listens.
 */
#ifndef _TRACE_PERF_H
#define _TRACE_PERF_H

#ifdef CONFIG_PERF_EVENTS

/*
 * perf stores a raw sample as a u32 size then the data, and wants the
 * whole to end on a u64 boundary: the record is sized to make it so.
 */
#define __te_perf_size(rec_size)					\
	(ALIGN((rec_size) + sizeof(u32), sizeof(u64)) - sizeof(u32))

#define __TE_PERF_PROBE(call, proto, args, tstruct, assign)		\
static notrace void perf_trace_##call(void *__data, proto)		\
{									\
	struct trace_event_call *event_call = __data;			\
	struct trace_event_data_offsets_##call __maybe_unused __data_offsets; \
	struct trace_event_raw_##call *entry;				\
	struct task_struct *__task = NULL;				\
	struct hlist_head *head;					\
	struct pt_regs *__regs;						\
	u64 __count = 1;						\
	int __entry_size;						\
	int rctx;							\
									\
	/* evaluates the arguments, and so __perf_count/__perf_task() */ \
	__entry_size = trace_event_get_offsets_##call(&__data_offsets,	\
						      args);		\
	__entry_size = __te_perf_size(sizeof(*entry) + __entry_size);	\
									\
	head = this_cpu_ptr(event_call->perf_events);			\
	if (hlist_empty(head) && !__task &&				\
	    !bpf_prog_array_valid(event_call))				\
		return;							\
									\
	entry = perf_trace_buf_alloc(__entry_size, &__regs, &rctx);	\
	if (!entry)							\
		return;							\
	perf_fetch_caller_regs(__regs);					\
									\
	tstruct								\
	{ assign; }							\
									\
	perf_trace_run_bpf_submit(entry, __entry_size, rctx, event_call, \
				  __count, __regs, head, __task);	\
}

/* The class's .perf_probe, and the check of its type against @call's. */
#define __TE_PERF_CLASS_INIT(call)	.perf_probe = perf_trace_##call,
#define __TE_PERF_CHECK(template, call)					\
	check_trace_callback_type_##call(perf_trace_##template)

#else /* !CONFIG_PERF_EVENTS */

#define __TE_PERF_PROBE(call, proto, args, tstruct, assign)
#define __TE_PERF_CLASS_INIT(call)
#define __TE_PERF_CHECK(template, call)

#endif /* CONFIG_PERF_EVENTS */

#endif /* _TRACE_PERF_H */
