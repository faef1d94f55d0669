// SPDX-License-Identifier: GPL-2.0
/*
 * The hwlat tracer's NMI callback, which include/linux/ftrace_irq.h
 * calls while trace_hwlat_callback_enabled is set: never, as yet.
 */
#include <linux/types.h>
#include <linux/ftrace_irq.h>

bool trace_hwlat_callback_enabled;

void trace_hwlat_callback(bool enter)
{
}
