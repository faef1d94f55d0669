// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer's pid filter: set_ftrace_pid and
 * set_ftrace_notrace_pid in every array, and options/function-fork.
 * An array's function tracer records a task only if its pid is in
 * set_ftrace_pid (when that is not empty) and not in
 * set_ftrace_notrace_pid. Reading, writing and fork following of the
 * lists are trace_pid.c's, shared with set_event_pid.
 *
 * Design: the hot path pays one per-CPU load and one compare.
 *  - Looking current up in two bitmaps on every traced call would cost
 *    two lookups per call. The answer only changes when another task
 *    runs, so it is computed at each context switch: while either list
 *    is set, a probe on sched_switch writes the CPU's slot
 *    (tr->array_buffer.data->fn_pid): -1 if the incoming task is left
 *    out, else its pid + 1. With no list the slot is 0.
 *  - The callbacks of trace_functions.c call ftrace_pid_skip(), which
 *    records when the slot is 0 or equals current->pid + 1. Keeping the
 *    pid, not a flag, matters because sched_switch fires before the
 *    switch: the outgoing task still runs a few functions with the
 *    slot already set for the incoming one, and they must not be taken
 *    for its functions. (Upstream does the same.)
 *  - The check sits in the tracer's callbacks rather than in the list
 *    function, behind an ops flag such as upstream's FTRACE_OPS_FL_PID:
 *    it then holds however the callback is reached (a per-ops
 *    trampoline later), costs the other ops nothing, and the ops need
 *    not be registered again when a list changes. Only the function
 *    tracer follows these files in 6.1.
 *  - The idle tasks all have pid 0: "0" in set_ftrace_pid follows the
 *    idle task of every CPU, and any other list leaves them out, as
 *    upstream.
 *  - function-fork: while a list is set, probes on sched_process_fork
 *    and sched_process_free are attached too; with the option on, a
 *    listed task's child joins the list (both lists, as upstream) and
 *    an exiting task leaves it.
 *
 * Locking: fn_pid_mutex serialises the list changes and the probes'
 * attachment. The lists are read under RCU-sched by the probes only
 * and freed after tracepoint_synchronize_unregister(). A CPU's slot is
 * written by that CPU only (its switch probe, or the IPI that a list
 * change sends), both with interrupts off, so they never interleave;
 * when the last list goes, the probes are detached and waited for
 * before every slot is set back to 0 from here.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/smp.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>

#include "ftrace_pid.h"
#include "trace_pid.h"

static DEFINE_MUTEX(fn_pid_mutex);

static struct trace_pid_list __rcu **fn_pid_slot(struct trace_array *tr,
						 int type)
{
	return type == TRACE_PIDS ? &tr->fn_pids : &tr->fn_no_pids;
}

static bool fn_pid_any(struct trace_array *tr)
{
	return rcu_access_pointer(tr->fn_pids) ||
	       rcu_access_pointer(tr->fn_no_pids);
}

/* This CPU's slot, for task coming to run. */
static void fn_pid_set_cpu(struct trace_array *tr, struct task_struct *task,
			   struct trace_pid_list *pids,
			   struct trace_pid_list *no_pids)
{
	int fn_pid = FN_PID_NONE;

	if (!trace_pid_ignored(pids, no_pids, task))
		fn_pid = task->pid + 1;
	this_cpu_write(tr->array_buffer.data->fn_pid, fn_pid);
}

static void fn_pid_switch_probe(void *data, bool preempt,
				struct task_struct *prev,
				struct task_struct *next,
				unsigned int prev_state)
{
	struct trace_array *tr = data;

	fn_pid_set_cpu(tr, next, rcu_dereference_sched(tr->fn_pids),
		       rcu_dereference_sched(tr->fn_no_pids));
}

static void fn_pid_fork_probe(void *data, struct task_struct *self,
			      struct task_struct *child)
{
	struct trace_array *tr = data;

	if (!trace_opt(tr, TRACE_OPT_FUNC_FORK))
		return;
	trace_pid_filter_fork(&tr->fn_pids, &tr->fn_no_pids, self, child);
}

static void fn_pid_free_probe(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (!trace_opt(tr, TRACE_OPT_FUNC_FORK))
		return;
	trace_pid_filter_exit(&tr->fn_pids, &tr->fn_no_pids, task);
}

static void fn_pid_probes_off(struct trace_array *tr)
{
	unregister_trace_sched_switch(fn_pid_switch_probe, tr);
	unregister_trace_sched_process_fork(fn_pid_fork_probe, tr);
	unregister_trace_sched_process_free(fn_pid_free_probe, tr);
}

/*
 * Attach the probes, or none of them: on failure only those attached
 * are detached (detaching a probe that is not there WARNs).
 */
static int fn_pid_probes_on(struct trace_array *tr)
{
	int ret;

	ret = register_trace_sched_switch(fn_pid_switch_probe, tr);
	if (ret)
		return ret;
	ret = register_trace_sched_process_fork(fn_pid_fork_probe, tr);
	if (ret)
		goto no_fork;
	ret = register_trace_sched_process_free(fn_pid_free_probe, tr);
	if (ret)
		goto no_free;
	return 0;
no_free:
	unregister_trace_sched_process_fork(fn_pid_fork_probe, tr);
no_fork:
	unregister_trace_sched_switch(fn_pid_switch_probe, tr);
	tracepoint_synchronize_unregister();
	return ret;
}

/* The IPI of a change: the running tasks had their switch already. */
static void fn_pid_update_cpu(void *data)
{
	struct trace_array *tr = data;

	/* on_each_cpu() from a holder of fn_pid_mutex */
	fn_pid_set_cpu(tr, current,
		       rcu_dereference_protected(tr->fn_pids, true),
		       rcu_dereference_protected(tr->fn_no_pids, true));
}

static int fn_pid_set(struct trace_array *tr, int type,
		      struct trace_pid_list *list)
{
	struct trace_pid_list __rcu **slot = fn_pid_slot(tr, type);
	struct trace_pid_list *old;
	bool had = fn_pid_any(tr), waited = false;
	int cpu, ret;

	lockdep_assert_held(&fn_pid_mutex);
	old = rcu_dereference_protected(*slot, lockdep_is_held(&fn_pid_mutex));
	if (!list && !old)
		return 0;
	if (list && !had) {
		/* attached before the list shows: no switch is missed */
		ret = fn_pid_probes_on(tr);
		if (ret) {
			trace_pid_list_free(list);
			return ret;
		}
	}
	/* probes see the old list or the new one, both whole */
	rcu_assign_pointer(*slot, list);
	if (fn_pid_any(tr)) {
		/* the tasks running now: no switch has set their slot */
		on_each_cpu(fn_pid_update_cpu, tr, 1);
	} else {
		fn_pid_probes_off(tr);
		/* no probe writes a slot after this */
		tracepoint_synchronize_unregister();
		waited = true;
		for_each_possible_cpu(cpu)
			WRITE_ONCE(per_cpu_ptr(tr->array_buffer.data,
					       cpu)->fn_pid, FN_PID_ALL);
	}
	if (old) {
		if (!waited)
			tracepoint_synchronize_unregister();
		trace_pid_list_free(old);
	}
	return 0;
}

static struct trace_pid_list *fn_pid_get(struct trace_array *tr, int type)
{
	return rcu_dereference_protected(*fn_pid_slot(tr, type),
					 lockdep_is_held(&fn_pid_mutex));
}

/* Upstream reads "no pid" from an empty list, and grows no buffer. */
static const struct trace_pid_file_ops fn_pid_ops = {
	.lock		= &fn_pid_mutex,
	.get		= fn_pid_get,
	.set		= fn_pid_set,
	.empty		= "no pid",
};

static int fn_pid_open(struct inode *inode, struct file *filp)
{
	return trace_pid_file_open(inode, filp, &fn_pid_ops, TRACE_PIDS);
}

static int fn_no_pid_open(struct inode *inode, struct file *filp)
{
	return trace_pid_file_open(inode, filp, &fn_pid_ops, TRACE_NO_PIDS);
}

static const struct file_operations fn_pid_fops = {
	.open		= fn_pid_open,
	.read		= seq_read,
	.write		= trace_pid_file_write,
	.llseek		= seq_lseek,
	.release	= trace_pid_file_release,
};

static const struct file_operations fn_no_pid_fops = {
	.open		= fn_no_pid_open,
	.read		= seq_read,
	.write		= trace_pid_file_write,
	.llseek		= seq_lseek,
	.release	= trace_pid_file_release,
};

void ftrace_pid_create_files(struct trace_array *tr, struct dentry *d)
{
	trace_create_file("set_ftrace_pid", TRACE_MODE_WRITE, d, tr,
			  &fn_pid_fops);
	trace_create_file("set_ftrace_notrace_pid", TRACE_MODE_WRITE, d, tr,
			  &fn_no_pid_fops);
}

void ftrace_pid_free(struct trace_array *tr)
{
	mutex_lock(&fn_pid_mutex);
	fn_pid_set(tr, TRACE_PIDS, NULL);
	fn_pid_set(tr, TRACE_NO_PIDS, NULL);
	mutex_unlock(&fn_pid_mutex);
}
