// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF programs of trace events: kprobe, uprobe, syscall and
 * tracepoint events run the programs of their trace_event_call's
 * prog_array from their perf side (trace_call_bpf()). A program gets
 * there through a perf event on the event (PERF_EVENT_IOC_SET_BPF, or
 * a bpf_link on the perf event): kernel/events calls
 * perf_event_attach_bpf_prog() and, when the perf event goes,
 * perf_event_detach_bpf_prog().
 *
 * Lifetimes. The perf event holds the trace event (perf's open made it
 * busy, so it cannot be removed) and one reference on its program,
 * which event->prog records; detaching drops it. The array is
 * copy-on-write: attach and detach build a new one under
 * event_progs_mutex, publish it with rcu_assign_pointer() and free the
 * old one after the readers of both RCU flavours that run programs
 * (RCU for trace_call_bpf(), RCU tasks trace for the sleepable uprobe
 * programs) are done. When no memory is left for a copy, detaching
 * replaces the program in place with a dummy that returns 1
 * (bpf_prog_array_delete_safe()), so a detach never fails.
 *
 * Limits. An event takes at most BPF_EVENT_MAX_PROGS programs (-E2BIG
 * beyond): every hit runs all of them, so the bound is that of one
 * hook's work, and it is what PERF_EVENT_IOC_QUERY_BPF may be asked
 * for. A CPU runs the programs of one event at a time (the per-CPU
 * bpf_prog_active, which kernel/bpf also reads): a hook hit from within
 * a program, or from code a program interrupted, runs none and keeps
 * no record for perf.
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <linux/filter.h>
#include <linux/perf_event.h>
#include <linux/rcupdate_trace.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/trace_events.h>
#include <linux/uaccess.h>

#include "bpf_events.h"

#define BPF_EVENT_MAX_PROGS	64

/* [P] every change of a trace event's prog_array and of event->prog */
static DEFINE_MUTEX(event_progs_mutex);

static struct bpf_prog_array *event_progs(struct trace_event_call *call)
{
	return rcu_dereference_protected(call->prog_array,
					 lockdep_is_held(&event_progs_mutex));
}

/**
 * trace_call_bpf - run the BPF programs of a trace event
 * @call: the event, whose bpf_prog_array_valid() was seen true
 * @ctx: the programs' context (see bpf_events.h)
 *
 * Called by the events' perf sides with preemption off.
 *
 * Return: 0 if a program asked to drop the hit (the caller then keeps
 * no record for perf) or none could run on this CPU now; else nonzero.
 */
unsigned int trace_call_bpf(struct trace_event_call *call, void *ctx)
{
	unsigned int ret = 0;

	cant_sleep();
	/*
	 * A second entry on this CPU is a hook hit from within a program
	 * or from code one interrupted (an NMI...): running programs there
	 * could recurse without end or tear a map update, so the hit is
	 * dropped. The counter is only this CPU's, and preemption is off.
	 */
	if (unlikely(__this_cpu_inc_return(bpf_prog_active) != 1))
		goto out;
	/*
	 * The caller's peek at prog_array was not under RCU: the array is
	 * read again here, and may be gone (nothing runs) or newer.
	 */
	rcu_read_lock();
	ret = bpf_prog_run_array(rcu_dereference(call->prog_array), ctx,
				 bpf_prog_run);
	rcu_read_unlock();
out:
	__this_cpu_dec(bpf_prog_active);
	return ret;
}

/* Publish @next as @call's array and free @prev once nobody runs it. */
static void event_progs_publish(struct trace_event_call *call,
				struct bpf_prog_array *prev,
				struct bpf_prog_array *next)
{
	rcu_assign_pointer(call->prog_array, next);
	/* waits for RCU and RCU tasks trace readers of prev */
	bpf_prog_array_free_sleepable(prev);
}

/**
 * perf_event_attach_bpf_prog - add a program to a perf event's trace event
 * @event: a perf event on a kprobe, uprobe, syscall or tracepoint event
 * @prog: the program; its reference becomes the perf event's
 * @bpf_cookie: what bpf_get_attach_cookie() returns to @prog there
 *
 * A program that may override a probed function's return
 * (bpf_override_return()) goes only on a kprobe event that allows it.
 *
 * Return: 0; -EEXIST if @event has a program already, -EINVAL for an
 * override where none is allowed, -E2BIG when the event has
 * BPF_EVENT_MAX_PROGS programs, -ENOMEM.
 */
int perf_event_attach_bpf_prog(struct perf_event *event,
			       struct bpf_prog *prog, u64 bpf_cookie)
{
	struct trace_event_call *call = event->tp_event;
	struct bpf_prog_array *prev, *next;
	int ret;

	if (prog->kprobe_override &&
	    (!(call->flags & TRACE_EVENT_FL_KPROBE) ||
	     !kprobe_event_can_override(call)))
		return -EINVAL;

	mutex_lock(&event_progs_mutex);
	ret = -EEXIST;
	if (event->prog)
		goto unlock;
	prev = event_progs(call);
	ret = -E2BIG;
	if (prev && bpf_prog_array_length(prev) >= BPF_EVENT_MAX_PROGS)
		goto unlock;
	ret = bpf_prog_array_copy(prev, NULL, prog, bpf_cookie, &next);
	if (ret)
		goto unlock;
	/* before the program can run: bpf_get_attach_cookie() of a pe */
	event->bpf_cookie = bpf_cookie;
	event->prog = prog;
	event_progs_publish(call, prev, next);
unlock:
	mutex_unlock(&event_progs_mutex);
	return ret;
}

/**
 * perf_event_detach_bpf_prog - take a perf event's program off its event
 * @event: the perf event; nothing happens if it has no program
 *
 * Returns once the program runs nowhere, and drops the perf event's
 * reference on it.
 */
void perf_event_detach_bpf_prog(struct perf_event *event)
{
	struct trace_event_call *call = event->tp_event;
	struct bpf_prog_array *prev, *next;

	mutex_lock(&event_progs_mutex);
	if (!event->prog)
		goto unlock;
	prev = event_progs(call);
	if (prev) {
		if (bpf_prog_array_copy(prev, event->prog, NULL, 0, &next))
			/* no memory: a dummy takes its place in prev */
			bpf_prog_array_delete_safe(prev, event->prog);
		else
			event_progs_publish(call, prev, next);
	}
	/*
	 * In the delete_safe case prev still exists, and a sleepable
	 * uprobe hook may still be running the program from it; a program
	 * that is not sleepable is freed through plain RCU, so its last
	 * runner from a tasks-trace reader must be waited for here.
	 */
	synchronize_rcu_tasks_trace();
	bpf_prog_put(event->prog);
	event->prog = NULL;
unlock:
	mutex_unlock(&event_progs_mutex);
}

/**
 * perf_event_query_prog_array - PERF_EVENT_IOC_QUERY_BPF
 * @event: a perf event of the tracepoint PMU
 * @info: the user's struct perf_event_query_bpf: ids_len in, prog_cnt
 *	and up to ids_len ids out
 *
 * Return: 0; -EPERM without perfmon rights, -EINVAL for another PMU's
 * event, -E2BIG for more than BPF_EVENT_MAX_PROGS ids, -ENOSPC when
 * ids_len is short (prog_cnt and the first ids_len ids are still
 * written), -EFAULT, -ENOMEM.
 */
int perf_event_query_prog_array(struct perf_event *event, void __user *info)
{
	struct perf_event_query_bpf __user *uq = info;
	u32 want, count = 0, *ids;
	int ret;

	if (!perfmon_capable())
		return -EPERM;
	if (event->attr.type != PERF_TYPE_TRACEPOINT)
		return -EINVAL;
	if (get_user(want, &uq->ids_len))
		return -EFAULT;
	if (want > BPF_EVENT_MAX_PROGS)
		return -E2BIG;
	/* want == 0 asks for the count alone: ZERO_SIZE_PTR is fine */
	ids = kcalloc(want, sizeof(*ids), GFP_USER | __GFP_NOWARN);
	if (!ids)
		return -ENOMEM;
	mutex_lock(&event_progs_mutex);
	ret = bpf_prog_array_copy_info(event_progs(event->tp_event), ids,
				       want, &count);
	mutex_unlock(&event_progs_mutex);
	if (put_user(count, &uq->prog_cnt) ||
	    copy_to_user(uq->ids, ids, want * sizeof(*ids)))
		ret = -EFAULT;
	kfree(ids);
	return ret;
}

/**
 * bpf_get_perf_event_info - what BPF_TASK_FD_QUERY says of a perf event
 * @event: the perf event behind the queried file
 * @prog_id: its program's id
 * @fd_type: BPF_FD_TYPE_TRACEPOINT, _KPROBE, _KRETPROBE, _UPROBE or
 *	_URETPROBE
 * @buf: the tracepoint's name, the probed symbol or the probed file
 * @probe_offset: a probe's offset (0 for a tracepoint)
 * @probe_addr: a kprobe's address when it has no symbol, else 0
 *
 * Return: 0; -ENOENT without a program, -EOPNOTSUPP for a perf event
 * program or an event of another kind, the probe event's error.
 */
int bpf_get_perf_event_info(const struct perf_event *event, u32 *prog_id,
			    u32 *fd_type, const char **buf,
			    u64 *probe_offset, u64 *probe_addr)
{
	struct trace_event_call *call = event->tp_event;
	bool tracefs = event->attr.type == PERF_TYPE_TRACEPOINT;
	struct bpf_prog *prog;
	int ret = 0;

	/* a detach beside this one puts the program: read it under its lock */
	mutex_lock(&event_progs_mutex);
	prog = event->prog;
	if (!prog)
		ret = -ENOENT;
	else if (prog->type == BPF_PROG_TYPE_PERF_EVENT)
		ret = -EOPNOTSUPP;
	else
		*prog_id = prog->aux->id;
	mutex_unlock(&event_progs_mutex);
	if (ret)
		return ret;

	if ((call->flags & TRACE_EVENT_FL_TRACEPOINT) ||
	    is_syscall_trace_event(call)) {
		*fd_type = BPF_FD_TYPE_TRACEPOINT;
		*buf = trace_event_name(call);
		*probe_offset = 0;
		*probe_addr = 0;
		return 0;
	}
#ifdef CONFIG_KPROBE_EVENTS
	if (call->flags & TRACE_EVENT_FL_KPROBE)
		return bpf_get_kprobe_info(event, fd_type, buf, probe_offset,
					   probe_addr, tracefs);
#endif
#ifdef CONFIG_UPROBE_EVENTS
	if (call->flags & TRACE_EVENT_FL_UPROBE)
		return bpf_get_uprobe_info(event, fd_type, buf, probe_offset,
					   probe_addr, tracefs);
#endif
	return -EOPNOTSUPP;
}

/**
 * bpf_kprobe_multi_link_attach - BPF_TRACE_KPROBE_MULTI links
 * @attr: the link's attributes
 * @prog: the program
 *
 * A kprobe_multi link rests on fprobe, which this tracing does not
 * have: refused, as upstream refuses it without CONFIG_FPROBE. Tools
 * fall back to one kprobe per function.
 *
 * Return: -EOPNOTSUPP.
 */
int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}
