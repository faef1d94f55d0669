// SPDX-License-Identifier: GPL-2.0
/*
 * Trace events as perf events: the "tracepoint" PMU's side in tracing.
 *
 * perf_event_open(2) with attr.type PERF_TYPE_TRACEPOINT names an event
 * by its id (events/GROUP/EVENT/id) in attr.config. kernel/events/core.c
 * drives such a perf event through the functions below:
 *	perf_trace_init()	when it is created: find the event, check
 *				the caller may have its records, attach;
 *	perf_trace_add/del()	when it is scheduled on or off a CPU: put it
 *				on or take it off that CPU's list of the event;
 *	perf_trace_destroy()	when it is freed: detach.
 * The event's perf probe (class->perf_probe, made by include/trace/perf.h)
 * sits on the tracepoint while at least one perf event uses the event. On
 * each hit it sees whether this CPU's list (call->perf_events) is empty;
 * if not, it builds the record in a scratch buffer from
 * perf_trace_buf_alloc() and passes it to perf_trace_run_bpf_submit(),
 * which gives it to each perf event on the list.
 *
 * State, changed only under perf_trace_mutex (our own: the event core
 * never takes it; the reg() of a dynamic event takes event_mutex inside
 * it, which fixes their order):
 *  - call->perf_refcount, the perf events attached to a call. The first
 *    one allocates the call's per-CPU lists and registers the probe; the
 *    last one unregisters it and frees the lists.
 *  - perf_trace_calls, the calls with a non-zero perf_refcount. While it
 *    is non-zero, the scratch buffers exist: one per CPU for each of
 *    perf's recursion contexts (task, softirq, hardirq, NMI), so that a
 *    probe interrupting another one on the same CPU writes elsewhere.
 * Lists and buffers are freed only after tracepoint_synchronize_unregister()
 * has waited for the probes that might still use them.
 *
 * The records are the event's record as the tracing ring buffer holds it
 * (struct trace_entry first), so tools decode them with the format file.
 * A perf sample puts a u32 size before them; the probe sizes the record
 * so that the two end on a u64 boundary and this file clears the bytes
 * of padding, which would otherwise carry an older record's data.
 *
 * Filters set with PERF_EVENT_IOC_SET_FILTER use the event filter engine
 * (trace_events_filter.h) on the call's fields, without error_log.
 */
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/module.h>

#include "trace_events.h"
#include "trace_events_filter.h"

static DEFINE_MUTEX(perf_trace_mutex);

/* [P]: calls with perf users; the scratch buffers exist while non-zero */
static unsigned int perf_trace_calls;

/*
 * The scratch buffers, per recursion context, [P] to change. A probe
 * reads its entry with READ_ONCE(): see perf_trace_buf_alloc().
 */
static void __percpu *perf_trace_bufs[PERF_NR_CONTEXTS];

/*
 * One scratch buffer: PERF_MAX_TRACE_SIZE bytes aligned for u64, so that
 * a probe may store any field of its record in place.
 */
struct perf_trace_buf {
	u64 words[PERF_MAX_TRACE_SIZE / sizeof(u64)];
};

/*
 * Free the scratch buffers. [P], and no probe can be running: none was
 * registered yet, or all were and tracepoint_synchronize_unregister()
 * has waited for them.
 */
static void perf_trace_free_bufs(void)
{
	void __percpu *buf;
	int i;

	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		buf = perf_trace_bufs[i];
		/* pairs with the probes' READ_ONCE(), for the next users */
		WRITE_ONCE(perf_trace_bufs[i], NULL);
		free_percpu(buf);
	}
}

static int perf_trace_alloc_bufs(void)
{
	void __percpu *buf;
	int i;

	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		buf = alloc_percpu(struct perf_trace_buf);
		if (!buf) {
			perf_trace_free_bufs();
			return -ENOMEM;
		}
		/*
		 * No probe runs yet: the first one is registered after
		 * this. One that still reads NULL on another CPU drops its
		 * record (perf_trace_buf_alloc()).
		 */
		WRITE_ONCE(perf_trace_bufs[i], buf);
	}
	return 0;
}

/*
 * May the opener of p_event have the records of call? The event's own
 * rule (TRACE_EVENT_PERF_PERM) first; then raw records (the sample's
 * PERF_SAMPLE_RAW) need tracepoint privileges unless the event says any
 * task may see its own (TRACE_EVENT_FL_CAP_ANY). Counting needs none.
 * Inherited children were checked as their parent, at perf_event_open()
 * time: this runs in the opener's context only for a parent.
 */
static int perf_trace_check_perm(struct trace_event_call *call,
				 struct perf_event *p_event)
{
	int ret;

	if (call->perf_perm) {
		ret = call->perf_perm(call, p_event);
		if (ret)
			return ret;
	}
	if (p_event->parent)
		return 0;
	if (!(p_event->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;
	if (p_event->attach_state == PERF_ATTACH_TASK &&
	    (call->flags & TRACE_EVENT_FL_CAP_ANY))
		return 0;
	return perf_allow_tracepoint(&p_event->attr);
}

/* Per-CPU list heads of the perf events of one call, all empty. */
static struct hlist_head __percpu *perf_trace_alloc_lists(void)
{
	struct hlist_head __percpu *lists;
	int cpu;

	lists = alloc_percpu(struct hlist_head);
	if (!lists)
		return NULL;
	for_each_possible_cpu(cpu)
		INIT_HLIST_HEAD(per_cpu_ptr(lists, cpu));
	return lists;
}

/*
 * The first perf user of call: the lists, the buffers if no other call
 * has them in use, then the probe. [P]
 */
static int perf_trace_first_user(struct trace_event_call *call)
{
	struct hlist_head __percpu *lists;
	int ret;

	lists = perf_trace_alloc_lists();
	if (!lists)
		return -ENOMEM;
	if (!perf_trace_calls) {
		ret = perf_trace_alloc_bufs();
		if (ret)
			goto free_lists;
	}
	/* set before the probe is registered, which publishes it */
	call->perf_events = lists;
	ret = call->class->reg(call, TRACE_REG_PERF_REGISTER, NULL);
	if (ret)
		goto free_all;
	perf_trace_calls++;
	return 0;

free_all:
	/* the probe never ran: nothing to wait for */
	call->perf_events = NULL;
	if (!perf_trace_calls)
		perf_trace_free_bufs();
free_lists:
	free_percpu(lists);
	return ret;
}

/* The last perf user of call is gone: undo perf_trace_first_user(). [P] */
static void perf_trace_last_user(struct trace_event_call *call)
{
	struct hlist_head __percpu *lists = call->perf_events;

	call->class->reg(call, TRACE_REG_PERF_UNREGISTER, NULL);
	/*
	 * A probe that still runs, armed for an instance too, may have
	 * seen the perf flag set before the unregister: it finds no lists
	 * from here on, and one that found them is done after the wait
	 * (probes look at the lists with preemption off).
	 */
	WRITE_ONCE(call->perf_events, NULL);
	/* probes still running may use the lists and buffers: wait */
	tracepoint_synchronize_unregister();
	free_percpu(lists);
	if (!--perf_trace_calls)
		perf_trace_free_bufs();
}

static int perf_trace_get(struct trace_event_call *call)
{
	int ret;

	if (!call->perf_refcount) {
		ret = perf_trace_first_user(call);
		if (ret)
			return ret;
	}
	call->perf_refcount++;
	return 0;
}

static void perf_trace_put(struct trace_event_call *call)
{
	if (!--call->perf_refcount)
		perf_trace_last_user(call);
}

/* Attach p_event to call, which the caller holds a reference on. [P] */
static int perf_trace_attach(struct trace_event_call *call,
			     struct perf_event *p_event)
{
	int ret;

	ret = perf_trace_check_perm(call, p_event);
	if (ret)
		return ret;
	ret = perf_trace_get(call);
	if (ret)
		return ret;
	p_event->tp_event = call;
	ret = call->class->reg(call, TRACE_REG_PERF_OPEN, p_event);
	if (ret) {
		perf_trace_put(call);
		p_event->tp_event = NULL;
	}
	return ret;
}

/**
 * perf_trace_attach_call - attach a perf event to a call
 * @call: the call, which outlives @p_event's use of it: a registered
 *	event @p_event holds a reference on, or one made for @p_event alone
 *	(the kprobe PMU's)
 * @p_event: the perf event
 *
 * Return: 0, or the error of the permission check or of attaching.
 */
int perf_trace_attach_call(struct trace_event_call *call,
			   struct perf_event *p_event)
{
	int ret;

	mutex_lock(&perf_trace_mutex);
	ret = perf_trace_attach(call, p_event);
	mutex_unlock(&perf_trace_mutex);
	return ret;
}

/**
 * perf_trace_detach_call - undo perf_trace_attach_call()
 * @p_event: the perf event, off every CPU's list by now
 *
 * When it was the call's last perf event, no probe uses the call's
 * lists any more on return.
 */
void perf_trace_detach_call(struct perf_event *p_event)
{
	struct trace_event_call *call = p_event->tp_event;

	mutex_lock(&perf_trace_mutex);
	call->class->reg(call, TRACE_REG_PERF_CLOSE, p_event);
	perf_trace_put(call);
	mutex_unlock(&perf_trace_mutex);
}

/**
 * perf_trace_init - attach a new perf event to the trace event it names
 * @p_event: the perf event; attr.config is the trace event's id
 *
 * Return: 0, -EINVAL if no event has that id (or it cannot be used by
 * perf), or the error of the permission check or of attaching.
 */
int perf_trace_init(struct perf_event *p_event)
{
	u64 id = p_event->attr.config;
	struct trace_event_call *call;
	int ret;

	/* ids are entry types: anything wider names no event */
	if (!id || id > TRACE_EVENT_TYPE_MAX)
		return -EINVAL;
	call = trace_event_call_by_id(id);
	if (!call)
		return -EINVAL;
	if (!call->class || !call->class->reg) {
		trace_event_call_put(call);
		return -EINVAL;
	}

	ret = perf_trace_attach_call(call, p_event);
	/* on success the reference is p_event's until perf_trace_destroy() */
	if (ret)
		trace_event_call_put(call);
	return ret;
}

/**
 * perf_trace_destroy - detach a perf event that perf_trace_init() attached
 * @p_event: the perf event, off every CPU's list by now
 */
void perf_trace_destroy(struct perf_event *p_event)
{
	struct trace_event_call *call = p_event->tp_event;

	perf_trace_detach_call(p_event);
	trace_event_call_put(call);
}

/**
 * perf_trace_add - the PMU's add(): schedule a perf event on this CPU
 * @p_event: the perf event
 * @flags: PERF_EF_START to start it counting at once
 *
 * Runs on the CPU being added to, with interrupts off (perf's context
 * lock), so it never races with perf_trace_del() on this CPU's list.
 *
 * Return: 0, or -EINVAL if the event has no lists (never attached).
 */
int perf_trace_add(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;
	struct hw_perf_event *hwc = &p_event->hw;
	struct hlist_head __percpu *lists;

	if (!(flags & PERF_EF_START))
		hwc->state = PERF_HES_STOPPED;
	if (is_sampling_event(p_event)) {
		hwc->last_period = hwc->sample_period;
		perf_swevent_set_period(p_event);
	}

	/* a class may queue its perf events itself: it then says 1 */
	if (call->class->reg(call, TRACE_REG_PERF_ADD, p_event))
		return 0;

	lists = call->perf_events;
	if (WARN_ON_ONCE(!lists))
		return -EINVAL;
	/*
	 * A probe on this CPU, maybe an NMI interrupting us, may be walking
	 * the list: hlist_add_head_rcu() links the node only once its own
	 * pointers are set, so the walker sees the list with or without it.
	 */
	hlist_add_head_rcu(&p_event->hlist_entry, this_cpu_ptr(lists));
	return 0;
}

/**
 * perf_trace_del - the PMU's del(): take a perf event off this CPU
 * @p_event: the perf event
 * @flags: unused
 */
void perf_trace_del(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;

	if (call->class->reg(call, TRACE_REG_PERF_DEL, p_event))
		return;
	/*
	 * A probe walking the list may stand on this node: hlist_del_rcu()
	 * keeps its next pointer, and perf frees the event only after an
	 * RCU grace period, which that probe's section (preemption off)
	 * holds back.
	 */
	hlist_del_rcu(&p_event->hlist_entry);
}

/**
 * perf_trace_buf_alloc - the scratch buffer a perf probe records into
 * @size: the record's size, padding included (at most PERF_MAX_TRACE_SIZE)
 * @regs: if not NULL, set to this context's pt_regs scratch for the probe
 * @rctxp: set to the recursion context, for perf_trace_run_bpf_submit()
 *
 * Takes perf's recursion context: a probe of the same context already
 * running on this CPU (a tracepoint hit from within perf) makes this
 * fail. Each context has its own buffer, so probes nesting from task to
 * softirq to hardirq to NMI never share one.
 *
 * Return: the buffer, its last 8 bytes cleared, or NULL (record nothing).
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	void __percpu *bufs;
	char *buf;
	int rctx;

	BUILD_BUG_ON(PERF_MAX_TRACE_SIZE % sizeof(u64));

	if (unlikely(size <= 0 || size > PERF_MAX_TRACE_SIZE)) {
		pr_warn_once("perf trace buffer too small: %d bytes wanted, %d available\n",
			     size, PERF_MAX_TRACE_SIZE);
		return NULL;
	}

	rctx = perf_swevent_get_recursion_context();
	if (rctx < 0)
		return NULL;
	/*
	 * A probe that has just been registered on another CPU may find
	 * the buffer pointer not yet visible here (weakly ordered CPUs):
	 * it then drops this one record. The pointer cannot go stale under
	 * us: buffers are freed only after the probes are unregistered and
	 * tracepoint_synchronize_unregister() has waited for this one.
	 */
	bufs = READ_ONCE(perf_trace_bufs[rctx]);
	if (unlikely(!bufs)) {
		perf_swevent_put_recursion_context(rctx);
		return NULL;
	}
	*rctxp = rctx;
	if (regs)
		*regs = this_cpu_ptr(&__perf_regs[rctx]);

	buf = this_cpu_ptr(bufs);
	/* the alignment padding at the end is not written by the probe */
	memset(buf + max_t(int, size - (int)sizeof(u64), 0), 0, sizeof(u64));
	return buf;
}
EXPORT_SYMBOL_GPL(perf_trace_buf_alloc);
NOKPROBE_SYMBOL(perf_trace_buf_alloc);

/**
 * perf_trace_buf_update - fill in a perf record's struct trace_entry
 * @record: the record, from perf_trace_buf_alloc()
 * @type: the event's id
 */
void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}

NOKPROBE_SYMBOL(perf_trace_buf_update);

/**
 * trace_event_perf_reg - trace_event_reg()'s TRACE_REG_PERF_* cases
 * @call: the event
 * @type: what to do
 * @data: the perf event (OPEN, CLOSE, ADD, DEL), else NULL
 *
 * Registers and unregisters the class's perf probe on the event's
 * tracepoint, with the call as its data. An event without a tracepoint
 * or without a perf probe has nothing to register: perf may open it but
 * it never fires. The other steps need nothing for a tracepoint.
 *
 * Return: 0 or the tracepoint's error for REGISTER; 0 for ADD and DEL
 * (perf_trace_add/del() queue the event); -EINVAL for anything else.
 */
int trace_event_perf_reg(struct trace_event_call *call, enum trace_reg type,
			 void *data)
{
	void *probe = call->class->perf_probe;
	bool on_tp = (call->flags & TRACE_EVENT_FL_TRACEPOINT) && call->tp;

	switch (type) {
	case TRACE_REG_PERF_REGISTER:
		if (!on_tp || !probe)
			return 0;
		return tracepoint_probe_register(call->tp, probe, call);
	case TRACE_REG_PERF_UNREGISTER:
		if (on_tp && probe)
			tracepoint_probe_unregister(call->tp, probe, call);
		return 0;
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
	default:
		return -EINVAL;
	}
}

/**
 * ftrace_profile_set_filter - PERF_EVENT_IOC_SET_FILTER of a trace event
 * @event: the perf event (a parent: children use their parent's filter)
 * @event_id: the event's id (unused: @event knows its event)
 * @filter_str: the filter's text, as for an event's filter file
 *
 * Called by perf without its context mutex. A perf event takes one
 * filter in its life; the text "0" is not special here.
 *
 * Return: 0, -EINVAL (not a trace event, or a bad filter), -EEXIST (it
 * has a filter already), -ENOMEM.
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	struct trace_event_call *call = event->tp_event;
	struct event_filter *filter = NULL;
	struct filter_parse_error pe;
	struct list_head *lists[2];
	int ret;

	if (!call)
		return -EINVAL;
	/* the lookup order of the filter files: the event's own first */
	lists[0] = trace_get_fields(call);
	lists[1] = &event_common_fields;

	mutex_lock(&perf_trace_mutex);
	if (event->filter) {
		ret = -EEXIST;
		goto out;
	}
	ret = event_filter_parse(lists, ARRAY_SIZE(lists), filter_str, 0,
				 &filter, &pe);
	if (ret) {
		/* perf has no error_log: the error report goes */
		event_filter_free(filter);
		goto out;
	}
	/*
	 * Probes read event->filter without a lock while the event runs:
	 * publish the filter only once it is fully built. Their read and
	 * the filter's use are ordered by the address dependency.
	 */
	smp_store_release(&event->filter, filter);
out:
	mutex_unlock(&perf_trace_mutex);
	return ret;
}

/**
 * ftrace_profile_free_filter - free a perf event's filter
 * @event: the perf event, being freed (from an RCU callback: no probe
 *	can see it any more)
 */
void ftrace_profile_free_filter(struct perf_event *event)
{
	struct event_filter *filter = event->filter;

	event->filter = NULL;
	if (filter)
		event_filter_free(filter);
}

/**
 * filter_match_preds - does a record pass a perf event's filter?
 * @filter: the filter
 * @rec: the record
 *
 * kernel/events/core.c's name for the filter engine's match.
 *
 * Return: 1 if the record passes, else 0.
 */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	return event_filter_match(filter, rec);
}
EXPORT_SYMBOL_GPL(filter_match_preds);
