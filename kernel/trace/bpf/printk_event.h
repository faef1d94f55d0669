/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_trace:bpf_trace_printk, the event bpf_trace_printk() and
 * bpf_trace_vprintk() write their text into (printk.c). Its system,
 * name, field and output are what tools expect: they read the lines
 * "bpf_trace_printk: <text>" from trace_pipe, and the event's format.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM bpf_trace

#if !defined(_TRACE_BPF_PRINTK_EVENT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_BPF_PRINTK_EVENT_H

#include <linux/tracepoint.h>

TRACE_EVENT(bpf_trace_printk,
	TP_PROTO(const char *bpf_string),
	TP_ARGS(bpf_string),
	TP_STRUCT__entry(
		__string(bpf_string, bpf_string)
	),
	TP_fast_assign(
		__assign_str(bpf_string, bpf_string);
	),
	TP_printk("%s", __get_str(bpf_string))
);

#endif /* _TRACE_BPF_PRINTK_EVENT_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk_event
#include <trace/define_trace.h>
