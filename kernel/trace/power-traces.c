// SPDX-License-Identifier: GPL-2.0
/*
 * The power management tracepoints (trace/events/power.h) live here, so
 * that they exist whatever power code is built; the idle loop, cpufreq
 * and suspend fire them.
 */

#include <linux/module.h>

#define CREATE_TRACE_POINTS
#include <trace/events/power.h>

/* Those that modules (cpufreq and cpuidle drivers) fire. */
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
