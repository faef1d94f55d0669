// SPDX-License-Identifier: GPL-2.0
/*
 * The error_report tracepoint, fired when a memory error detector (KASAN,
 * KFENCE) has printed a report, so that tools can collect the reports.
 */

#include <linux/module.h>

#define CREATE_TRACE_POINTS
#include <trace/events/error_report.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);
