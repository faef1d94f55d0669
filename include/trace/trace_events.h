/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events from the TRACE_EVENT() declarations of a trace header.
 *
 * Included by include/trace/define_trace.h, in the one unit that defines
 * CREATE_TRACE_POINTS, after the header's tracepoints are defined and
 * with TRACE_INCLUDE_HEADER naming the header. The header is then read
 * five more times, each time with the forms (TRACE_EVENT(), the field
 * forms of TP_STRUCT__entry(), the helpers of TP_fast_assign() and
 * TP_printk()) meaning something else; each pass emits one kind of
 * definition for every event of the header:
 *
 *  1. struct trace_event_raw_<call>: the record (stages/record.h), and the
 *     declarations of event_class_<class> and event_<call>; the
 *     TRACE_DEFINE_ENUM()/SIZEOF() maps; TRACE_EVENT_FLAGS()/PERF_PERM().
 *  2. struct trace_event_data_offsets_<call> (stages/offsets.h), and
 *     trace_raw_output_<call>(), the printer of the "trace" file.
 *  3. trace_event_get_offsets_<call>(): sizes and places the dynamic
 *     fields of a record for given arguments (stages/sizes.h).
 *  4. The probes attached to the tracepoint: trace_event_raw_event_<class>
 *     records into a trace instance, perf_trace_<class> (include/trace/
 *     perf.h) into perf (stages/assign.h).
 *  5. The descriptors (stages/describe.h): the field table, the
 *     "print fmt" text, event_class_<class>, event_<call> and its pointer
 *     in section _ftrace_events, which the core (or the module loader)
 *     walks to create the events.
 *
 * A DECLARE_EVENT_CLASS() gets the record, the printer, the probes and
 * the field table; each DEFINE_EVENT() gets an event_<call> that shares
 * them; a DEFINE_EVENT_PRINT() also gets a printer and print fmt of its
 * own. TRACE_EVENT() is a class and one event of the same name.
 *
 * The names of the generated symbols and structures, the record layout
 * and all the text (type strings, print fmt) are upstream's: tools and
 * other kernel code depend on them.
 */

#include <linux/trace_events.h>
#include <linux/bitops.h>
#include <linux/stddef.h>
#include <linux/stringify.h>
#include <trace/perf.h>

/* A name for the system in C identifiers, when TRACE_SYSTEM is not one. */
#ifndef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR TRACE_SYSTEM
#endif

#define __te_paste_(a, b)	a##b
#define __te_paste(a, b)	__te_paste_(a, b)

/* The system's name, shared by the classes and the eval maps below. */
#define __TE_SYSTEM_NAME	__te_paste(__te_system_, TRACE_SYSTEM_VAR)
static const char __TE_SYSTEM_NAME[] = __stringify(TRACE_SYSTEM);

/*
 * The forms every pass treats alike: conditions, registration callbacks
 * and the _NOP forms do not matter to an event.
 */
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign),		\
			    PARAMS(print))				\
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct,	\
			      assign, print)				\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print,	\
		       reg, unreg)					\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, reg, unreg)				\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))

#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)

#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)

/* Bare tracepoints were defined by the first reading; nothing more. */
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)

#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)

/* ------------------------------------------------------------------ */
/* Pass 1: the records.                                                */
/* ------------------------------------------------------------------ */

#include "stages/record.h"

/*
 * An eval map tells the core to replace a symbol by its value in the
 * print fmt of the system's events. The map itself is freed after boot
 * (the core copies it); the section holds pointers to the maps.
 */
#define __TE_EVAL_MAP(var, string, value)				\
	static struct trace_eval_map __used __initdata			\
	__te_paste(var, TRACE_SYSTEM_VAR) = {				\
		.system		= __TE_SYSTEM_NAME,			\
		.eval_string	= string,				\
		.eval_value	= value,				\
	};								\
	static struct trace_eval_map __used				\
	__section("_ftrace_eval_map") *					\
	__te_paste(var##_ptr_, TRACE_SYSTEM_VAR) =			\
		&__te_paste(var, TRACE_SYSTEM_VAR)

#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)						\
	__TE_EVAL_MAP(__te_eval_##a##_, #a, a)

#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)						\
	__TE_EVAL_MAP(__te_sizeof_##a##_, "sizeof(" #a ")", sizeof(a))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	struct trace_event_raw_##call {					\
		struct trace_entry	ent;				\
		tstruct							\
		char			__data[];			\
	};								\
	static struct trace_event_class event_class_##call;

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, call, proto, args)			\
	static struct trace_event_call event_##call;

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, call, proto, args, print)		\
	DEFINE_EVENT(template, call, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(call, value)	__TRACE_EVENT_FLAGS(call, value)

#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(call, expr...)				\
	__TRACE_EVENT_PERF_PERM(call, expr)

#include TRACE_INCLUDE_HEADER

/* From here on, these are done. */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(call, value)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(call, expr...)

/* ------------------------------------------------------------------ */
/* Pass 2: where the dynamic fields go; the "trace" file's printers.   */
/* ------------------------------------------------------------------ */

#include "stages/offsets.h"

/*
 * The printer of an event: the core's prep prints "NAME: " (and resets
 * @p, the scratch seq of the __print_*() helpers), then the TP_printk()
 * format with its arguments, one line.
 */
#define __TE_OUTPUT(call, record, print)				\
static notrace enum print_line_t					\
trace_raw_output_##call(struct trace_iterator *iter, int flags,		\
			struct trace_event *trace_event)		\
{									\
	struct trace_seq __maybe_unused *p = &iter->tmp_seq;		\
	struct trace_event_raw_##record __maybe_unused *field =		\
		(void *)iter->ent;					\
	int ret;							\
									\
	ret = trace_raw_output_prep(iter, trace_event);			\
	if (ret != TRACE_TYPE_HANDLED)					\
		return ret;						\
	trace_event_printf(iter, print);				\
	return trace_handle_return(&iter->seq);				\
}									\
static struct trace_event_functions trace_event_type_funcs_##call = {	\
	.trace	= trace_raw_output_##call,				\
};

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	struct trace_event_data_offsets_##call {			\
		tstruct							\
	};								\
	__TE_OUTPUT(call, call, PARAMS(print))

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, call, proto, args)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, call, proto, args, print)		\
	__TE_OUTPUT(call, template, PARAMS(print))

#include TRACE_INCLUDE_HEADER

/* ------------------------------------------------------------------ */
/* Pass 3: sizing the dynamic fields.                                  */
/* ------------------------------------------------------------------ */

#include "stages/sizes.h"

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
static inline notrace int trace_event_get_offsets_##call(		\
	struct trace_event_data_offsets_##call *__data_offsets, proto)	\
{									\
	struct trace_event_raw_##call __maybe_unused *entry;		\
	int __maybe_unused __item_length;				\
	int __data_size = 0;						\
									\
	tstruct								\
	return __data_size;						\
}

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, call, proto, args, print)

#include TRACE_INCLUDE_HEADER

/* ------------------------------------------------------------------ */
/* Pass 4: the probes.                                                 */
/* ------------------------------------------------------------------ */

#include "stages/assign.h"

/*
 * The tracing probe, attached with the event's trace_event_file as data
 * (one attachment per instance the event is enabled in). Triggers that
 * need no record and soft-disabling are decided before anything is
 * reserved; the commit runs the filter and the other triggers.
 */
#define __TE_TRACE_PROBE(call, proto, args, tstruct, assign)		\
static notrace void trace_event_raw_event_##call(void *__data, proto)	\
{									\
	struct trace_event_file *trace_file = __data;			\
	struct trace_event_data_offsets_##call __maybe_unused __data_offsets; \
	struct task_struct __maybe_unused *__task;			\
	struct trace_event_raw_##call *entry;				\
	struct trace_event_buffer fbuffer;				\
	u64 __maybe_unused __count;					\
	unsigned long rec_size;						\
									\
	if (trace_trigger_soft_disabled(trace_file))			\
		return;							\
	rec_size = sizeof(*entry) +					\
		trace_event_get_offsets_##call(&__data_offsets, args);	\
	entry = trace_event_buffer_reserve(&fbuffer, trace_file,	\
					   rec_size);			\
	if (unlikely(!entry))						\
		return;	/* not recording, or no room */			\
	/* the location words first: assign may use __get_str() & co */	\
	tstruct								\
	{ assign; }							\
	trace_event_buffer_commit(&fbuffer);				\
}

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	__TE_TRACE_PROBE(call, PARAMS(proto), PARAMS(args),		\
			 PARAMS(tstruct), PARAMS(assign))		\
	__TE_PERF_PROBE(call, PARAMS(proto), PARAMS(args),		\
			PARAMS(tstruct), PARAMS(assign))

#include TRACE_INCLUDE_HEADER

/* ------------------------------------------------------------------ */
/* Pass 5: the descriptors.                                            */
/* ------------------------------------------------------------------ */

#include "stages/describe.h"

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
static struct trace_event_fields trace_event_fields_##call[] = {	\
	tstruct								\
	{}								\
};									\
static char print_fmt_##call[] = print;					\
static struct trace_event_class __used event_class_##call = {		\
	.system		= __TE_SYSTEM_NAME,				\
	.fields_array	= trace_event_fields_##call,			\
	.fields		= LIST_HEAD_INIT(event_class_##call.fields),	\
	.raw_init	= trace_event_raw_init,				\
	.probe		= trace_event_raw_event_##call,			\
	.reg		= trace_event_reg,				\
	__TE_PERF_CLASS_INIT(call)					\
};

/*
 * An event: its descriptor, and a pointer to it in _ftrace_events (the
 * section holds pointers, whose size the linker does not pad). The
 * unused inline checks at build time that the class's probes fit the
 * tracepoint.
 */
#define __TE_EVENT(template, call, printer, fmt)			\
static struct trace_event_call __used event_##call = {		\
	.class		= &event_class_##template,			\
	.tp		= &__tracepoint_##call,				\
	.event.funcs	= &trace_event_type_funcs_##printer,		\
	.print_fmt	= fmt,						\
	.flags		= TRACE_EVENT_FL_TRACEPOINT,			\
};									\
static struct trace_event_call __used __section("_ftrace_events") *	\
	__event_##call = &event_##call;					\
static inline void __te_check_probes_##call(void)			\
{									\
	check_trace_callback_type_##call(trace_event_raw_event_##template); \
	__TE_PERF_CHECK(template, call);				\
}

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, call, proto, args)			\
	__TE_EVENT(template, call, template, print_fmt_##template)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, call, proto, args, print)		\
	static char print_fmt_##call[] = print;				\
	__TE_EVENT(template, call, call, print_fmt_##call)

#include TRACE_INCLUDE_HEADER

/*
 * Give back the forms linux/tracepoint.h defines, for the next trace
 * header this unit reads: its own definitions of these must not clash.
 */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(x)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(x)
#undef TRACE_EVENT_FLAGS
#undef TRACE_EVENT_PERF_PERM
#undef TRACE_SYSTEM_VAR
