/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing framework's API for modules: copies of the trace output
 * sent elsewhere (trace exports), and trace instances of their own (trace
 * arrays) to print into.
 */

#ifndef _LINUX_TRACE_H
#define _LINUX_TRACE_H

#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/instruction_pointer.h>
#include <linux/string.h>
#include <linux/types.h>

/* What a trace export receives: which kinds of records are copied to it. */
#define TRACE_EXPORT_FUNCTION	BIT(0)	/* function tracer entries */
#define TRACE_EXPORT_EVENT	BIT(1)	/* trace events */
#define TRACE_EXPORT_MARKER	BIT(2)	/* writes to trace_marker */

/**
 * struct trace_export - a destination for copies of trace records
 * @next: the framework's list of exports
 * @write: called with each record of a kind in @flags, as it is written
 *	   to the top-level trace buffer: the record and its size in bytes
 * @flags: TRACE_EXPORT_* kinds this export wants
 */
struct trace_export {
	struct trace_export __rcu	*next;
	void (*write)(struct trace_export *export, const void *entry,
		      unsigned int size);
	int flags;
};

struct trace_array;

#ifdef CONFIG_TRACING

int register_ftrace_export(struct trace_export *export);
int unregister_ftrace_export(struct trace_export *export);

/*
 * Trace arrays: trace_array_get_by_name() finds the instance of that name
 * or creates it (it shows up in instances/), taking a reference that
 * trace_array_put() drops; trace_array_destroy() removes an instance the
 * module created. trace_array_init_printk() prepares an instance for
 * trace_array_printk() and trace_array_puts(), which write into it.
 */
struct trace_array *trace_array_get_by_name(const char *name);
void trace_array_put(struct trace_array *tr);
int trace_array_destroy(struct trace_array *tr);
int trace_array_init_printk(struct trace_array *tr);
__printf(3, 4)
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...);
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size);

/**
 * trace_array_puts - write a string into a trace instance
 * @tr: the instance
 * @str: the string
 *
 * Return: the number of bytes written, or -1 if @str is NULL.
 */
#define trace_array_puts(tr, str)					\
	({								\
		const char *__str = (str);				\
									\
		__str ? __trace_array_puts(tr, _THIS_IP_, __str,	\
					   strlen(__str)) : -1;		\
	})

/* Allocate trace_printk()'s buffers now instead of at its first use. */
void trace_printk_init_buffers(void);

/* The architecture's interrupt tracepoints, for the osnoise tracer. */
int osnoise_arch_register(void);
void osnoise_arch_unregister(void);
void osnoise_trace_irq_entry(int id);
void osnoise_trace_irq_exit(int id, const char *desc);

#else /* !CONFIG_TRACING */

static inline int register_ftrace_export(struct trace_export *export)
{
	return -EINVAL;
}

static inline int unregister_ftrace_export(struct trace_export *export)
{
	return 0;
}

static inline struct trace_array *trace_array_get_by_name(const char *name)
{
	return NULL;
}

static inline void trace_array_put(struct trace_array *tr) { }

static inline int trace_array_destroy(struct trace_array *tr)
{
	return 0;
}

static inline int trace_array_init_printk(struct trace_array *tr)
{
	return -EINVAL;
}

static inline __printf(3, 4)
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	return 0;
}

static inline void trace_printk_init_buffers(void) { }

#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_H */
