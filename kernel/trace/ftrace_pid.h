/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function tracer's pid filter (ftrace_pid.c): set_ftrace_pid,
 * set_ftrace_notrace_pid and options/function-fork of each array, and
 * the check its callbacks make on every traced call.
 */
#ifndef _KERNEL_TRACE_FTRACE_PID_H
#define _KERNEL_TRACE_FTRACE_PID_H

#include <linux/percpu.h>
#include <linux/sched.h>

#include "trace.h"

/* trace_array_cpu.fn_pid: no filter, or the running task is left out. */
#define FN_PID_ALL	0
#define FN_PID_NONE	(-1)

/*
 * Whether tr's function tracer must leave the running task out. The
 * CPU's slot was set at the last switch for the task that then came in
 * (pid + 1), so a task that runs on after the switch probe but before
 * the switch itself is not taken for the next one. Preemption is off.
 */
static __always_inline bool ftrace_pid_skip(struct trace_array *tr)
{
	int fn_pid = this_cpu_read(tr->array_buffer.data->fn_pid);

	return fn_pid != FN_PID_ALL && fn_pid != current->pid + 1;
}

/* set_ftrace_pid and set_ftrace_notrace_pid in an array's directory */
void ftrace_pid_create_files(struct trace_array *tr, struct dentry *d);
/* an array goes: detach the probes, free the lists */
void ftrace_pid_free(struct trace_array *tr);

#endif /* _KERNEL_TRACE_FTRACE_PID_H */
