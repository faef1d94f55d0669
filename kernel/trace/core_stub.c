// SPDX-License-Identifier: GPL-2.0
/*
 * TEMPORARY: stand-ins for the tracing core, until it is written.
 *
 * Every symbol of the tracing core that code outside it links against is
 * defined here, doing nothing: tracing is never on, nothing is recorded,
 * registrations fail where the caller can tell. The core replaces this
 * file as a whole; it must define (and export, where this file does)
 * everything below, and set up the ring buffers' CPU hotplug state as
 * early_trace_init() does here.
 */

#include <linux/cpuhotplug.h>
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/sysctl.h>
#include <linux/trace.h>
#include <linux/trace_seq.h>

/* Boot (init/main.c). */
void __init early_trace_init(void)
{
	/*
	 * Every ring buffer (the startup test's, the benchmark's) adds
	 * itself to this state, so that CPUs coming up get their pages.
	 */
	if (cpuhp_setup_state_multi(CPUHP_TRACE_RB_PREPARE, "trace/RB:prepare",
				    trace_rb_cpu_prepare, NULL) < 0)
		pr_err("tracing: no CPU hotplug state for ring buffers\n");
}

void __init trace_init(void)
{
}

void ftrace_boot_snapshot(void)
{
}

/* Panic, oops and WARN (kernel/panic.c, lib/bug.c, kernel/sysctl.c...). */
enum ftrace_dump_mode ftrace_dump_on_oops;
int __disable_trace_on_warning;
int tracepoint_printk;

void disable_trace_on_warning(void)
{
}

int tracepoint_printk_sysctl(struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	return proc_dointvec(table, write, buffer, lenp, ppos);
}

void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
}
EXPORT_SYMBOL_GPL(ftrace_dump);

/* Switching tracing on and off (linux/kernel.h). */
void tracing_on(void)
{
}
EXPORT_SYMBOL_GPL(tracing_on);

void tracing_off(void)
{
}
EXPORT_SYMBOL_GPL(tracing_off);

int tracing_is_on(void)
{
	return 0;
}
EXPORT_SYMBOL_GPL(tracing_is_on);

void tracing_start(void)
{
}

void tracing_stop(void)
{
}

void tracing_snapshot(void)
{
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

void tracing_snapshot_alloc(void)
{
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/* trace_printk() and friends (linux/kernel.h). */
int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	return 0;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	return 0;
}
EXPORT_SYMBOL_GPL(__trace_printk);

int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	return 0;
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	return 0;
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

int __trace_bputs(unsigned long ip, const char *str)
{
	return 0;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

int __trace_puts(unsigned long ip, const char *str, int size)
{
	return 0;
}
EXPORT_SYMBOL_GPL(__trace_puts);

void trace_dump_stack(int skip)
{
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

void trace_printk_init_buffers(void)
{
}
EXPORT_SYMBOL_GPL(trace_printk_init_buffers);

/* Trace exports and trace arrays (linux/trace.h). */
int register_ftrace_export(struct trace_export *export)
{
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(register_ftrace_export);

int unregister_ftrace_export(struct trace_export *export)
{
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_export);

struct trace_array *trace_array_get_by_name(const char *name)
{
	return NULL;
}
EXPORT_SYMBOL_GPL(trace_array_get_by_name);

void trace_array_put(struct trace_array *tr)
{
}
EXPORT_SYMBOL_GPL(trace_array_put);

int trace_array_destroy(struct trace_array *tr)
{
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(trace_array_destroy);

int trace_array_init_printk(struct trace_array *tr)
{
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);

int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	return 0;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	return 0;
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

/* trace_seq, used by ring_buffer.c (linux/trace_seq.h). */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

void trace_seq_puts(struct trace_seq *s, const char *str)
{
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
}
EXPORT_SYMBOL_GPL(trace_seq_putc);
