/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NMI entry and exit hooks of the tracers that measure what interrupts
 * running code: hwlat (hardware latencies) and osnoise. nmi_enter() and
 * nmi_exit() call them; each tracer sets its flag while it runs.
 */

#ifndef _LINUX_FTRACE_IRQ_H
#define _LINUX_FTRACE_IRQ_H

#include <linux/compiler.h>
#include <linux/types.h>

#ifdef CONFIG_HWLAT_TRACER
extern bool trace_hwlat_callback_enabled;
void trace_hwlat_callback(bool enter);
#endif

#ifdef CONFIG_OSNOISE_TRACER
extern bool trace_osnoise_callback_enabled;
void trace_osnoise_callback(bool enter);
#endif

/* Runs in NMI context, from noinstr code: must inline to nothing when off. */
static __always_inline void ftrace_nmi_hooks(bool enter)
{
#ifdef CONFIG_HWLAT_TRACER
	if (trace_hwlat_callback_enabled)
		trace_hwlat_callback(enter);
#endif
#ifdef CONFIG_OSNOISE_TRACER
	if (trace_osnoise_callback_enabled)
		trace_osnoise_callback(enter);
#endif
}

static __always_inline void ftrace_nmi_enter(void)
{
	ftrace_nmi_hooks(true);
}

static __always_inline void ftrace_nmi_exit(void)
{
	ftrace_nmi_hooks(false);
}

#endif /* _LINUX_FTRACE_IRQ_H */
