// SPDX-License-Identifier: GPL-2.0
/*
 * The runtime power management tracepoints (trace/events/rpm.h), fired
 * by drivers/base/power/runtime.c and by modules.
 */

#include <linux/module.h>

#define CREATE_TRACE_POINTS
#include <trace/events/rpm.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_suspend);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_return_int);
