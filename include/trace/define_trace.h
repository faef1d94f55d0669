/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instantiate the tracepoints of a trace header.
 *
 * A trace header (include/trace/events/foo.h) declares its tracepoints with
 * TRACE_EVENT() and friends and ends by including this file. In the one
 * compilation unit that defines CREATE_TRACE_POINTS before including the
 * header, this file turns every declaration into a definition of the
 * tracepoint (DEFINE_TRACE*, from linux/tracepoint.h) and reads the header
 * a second time. Everywhere else it does nothing.
 *
 * The header may set, before including this file:
 *   TRACE_SYSTEM	the system; the header is TRACE_SYSTEM.h by default
 *   TRACE_INCLUDE_FILE	the header's name without ".h", if not TRACE_SYSTEM
 *   TRACE_INCLUDE_PATH	the header's directory, relative to this file (or
 *			absolute, for modules built out of tree), if it is
 *			not include/trace/events
 *
 * With CONFIG_EVENT_TRACING, the header is then read again by
 * include/trace/trace_events.h, which makes a trace event of each
 * TRACE_EVENT() (its record, probes, printer and descriptors, and the
 * perf probes of include/trace/perf.h). With CONFIG_BPF_EVENTS it is read
 * once more by include/trace/bpf_probe.h, which gives every tracepoint of
 * the header, bare ones included, its raw tracepoint entry for BPF
 * programs and its btf_trace_<name> type.
 */

#ifdef CREATE_TRACE_POINTS

/* The second reading of the header must not come back here. */
#undef CREATE_TRACE_POINTS

#include <linux/stringify.h>

/* The forms that name a tracepoint define it... */
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

/* ... bare tracepoints too, declared without an event ... */
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

/* ... with the (un)registration callbacks of the _FN forms ... */
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, \
			    reg, unreg) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))

/* ... but a class defines nothing, nor do the _NOP forms. */
#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)

#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)

#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)

/* Past the header's include guard, for the second reading. */
#define TRACE_HEADER_MULTI_READ

#ifndef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE TRACE_SYSTEM
#define __DEFINE_TRACE_OWN_FILE
#endif

/* The header, for this reading and those of trace_events.h. */
#ifdef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_HEADER __stringify(TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE.h)
#else
#define TRACE_INCLUDE_HEADER __stringify(trace/events/TRACE_INCLUDE_FILE.h)
#endif

#include TRACE_INCLUDE_HEADER

#if defined(CONFIG_EVENT_TRACING) && defined(TRACEPOINTS_ENABLED)
#include <trace/trace_events.h>
#endif

#if defined(CONFIG_BPF_EVENTS) && defined(TRACEPOINTS_ENABLED)
#include <trace/bpf_probe.h>
#endif

#undef TRACE_INCLUDE_HEADER
#undef TRACE_HEADER_MULTI_READ

/*
 * Drop the defining forms: the next trace header this unit includes gets
 * the declaring ones from linux/tracepoint.h again.
 */
#undef TRACE_EVENT
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef TRACE_EVENT_NOP
#undef DEFINE_EVENT
#undef DEFINE_EVENT_FN
#undef DEFINE_EVENT_PRINT
#undef DEFINE_EVENT_CONDITION
#undef DEFINE_EVENT_NOP
#undef DECLARE_EVENT_CLASS
#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION

/* And the file name if this file chose it, not if the header did. */
#ifdef __DEFINE_TRACE_OWN_FILE
#undef TRACE_INCLUDE_FILE
#undef __DEFINE_TRACE_OWN_FILE
#endif

/* The unit may go on to instantiate another header's tracepoints. */
#define CREATE_TRACE_POINTS

#endif /* CREATE_TRACE_POINTS */
