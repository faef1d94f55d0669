// SPDX-License-Identifier: GPL-2.0
/*
 * The trace event behind probes.
 *
 * Lifetime: a probe event is made with its first probe and added to the
 * events of every instance (events/GROUP/EVENT/); more probes with the
 * same arguments (name, type, array size) may join it. Each probe has
 * its own fetch programs; the event keeps its own copy of the
 * arguments' shape, from which its fields, print_fmt and text come, so
 * that any probe may go first. The event goes with its last probe,
 * unless it is in use (probe_event_busy()): then the probe stays.
 *
 * Handlers find the instances to record to on ev->files, an RCU list:
 * an instance is added when the event is enabled there and removed,
 * then freed after a grace period, when it is disabled. The core frees
 * an event file only after tracepoint_synchronize_unregister(), which
 * waits for every handler too (they run with preemption off).
 */
#include <linux/slab.h>
#include <linux/rculist.h>

#include "probes.h"

/* The event GROUP/NAME among probe events. [E] */
struct probe_event *probe_event_find(const char *group, const char *name)
{
	struct dyn_event *d;

	list_for_each_entry(d, &dyn_events, list) {
		struct probe *p = container_of(d, struct probe, dyn);

		if (!d->type->probe || !p->event)
			continue;
		if (!strcmp(p->event->group, group) &&
		    !strcmp(p->event->name, name))
			return p->event;
	}
	return NULL;
}

/* Is there any event GROUP/NAME, of any kind? [E] */
static bool event_name_taken(const char *group, const char *name)
{
	struct trace_event_call *call;

	list_for_each_entry(call, &event_calls, list) {
		const char *sys = call->class ? call->class->system : NULL;

		if (sys && !strcmp(sys, group) &&
		    !strcmp(trace_event_name(call), name))
			return true;
	}
	return false;
}

bool probe_event_busy(struct probe_event *ev)
{
	return (ev->flags & (PE_TRACE | PE_PERF)) ||
	       trace_event_dyn_busy(&ev->call);
}

static enum print_line_t probe_event_print_line(struct trace_iterator *iter,
						int flags,
						struct trace_event *event)
{
	struct probe_event *ev = container_of(event, struct probe_event,
					      call.event);

	return ev->ops->print(iter, ev);
}

static int probe_event_define_fields(struct trace_event_call *call)
{
	return call_to_probe_event(call)->ops->define_fields(call);
}

static struct trace_event_fields probe_event_fields[] = {
	{ .type = TRACE_FUNCTION_TYPE,
	  .define_fields = probe_event_define_fields },
	{}
};

static void probe_event_free(struct probe_event *ev)
{
	struct ftrace_event_field *field, *next;
	int i;

	if (!ev)
		return;
	/* fields a failed registration left (a removal frees its own) */
	list_for_each_entry_safe(field, next, &ev->class.fields, link) {
		list_del(&field->link);
		kfree(field);
	}
	for (i = 0; i < ev->nargs; i++)
		probe_arg_free(&ev->args[i]);
	kfree(ev->args);
	kfree(ev->call.print_fmt);
	kfree(ev->group);
	kfree(ev->name);
	kfree(ev);
}

/* The event's copy of p's argument shapes, with their field types. */
static int probe_event_copy_shape(struct probe_event *ev, struct probe *p)
{
	int i;

	ev->args = kcalloc(p->nargs, sizeof(*ev->args), GFP_KERNEL);
	if (p->nargs && !ev->args)
		return -ENOMEM;
	ev->nargs = p->nargs;
	for (i = 0; i < p->nargs; i++) {
		struct probe_arg *a = &ev->args[i], *src = &p->args[i];

		a->type = src->type;
		a->count = src->count;
		a->offset = src->offset;
		a->name = kstrdup(src->name, GFP_KERNEL);
		if (src->count)
			a->ftype = kasprintf(GFP_KERNEL, "%s[%u]",
					     src->type->field, src->count);
		else
			a->ftype = kstrdup(src->type->field, GFP_KERNEL);
		if (!a->name || !a->ftype)
			return -ENOMEM;
		ev->fixed = max(ev->fixed, src->offset + src->type->size *
				(src->count ?: 1));
	}
	ev->strings = probe_args_have_strings(p->args, p->nargs);
	return 0;
}

static struct probe_event *probe_event_new(struct probe *p, const char *group,
					   const char *name, unsigned int flags,
					   const struct probe_event_ops *ops,
					   unsigned int base)
{
	struct probe_event *ev;
	struct trace_event_call *call;

	ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	if (!ev)
		return NULL;
	INIT_LIST_HEAD(&ev->probes);
	INIT_LIST_HEAD(&ev->files);
	INIT_LIST_HEAD(&ev->perf_tasks);
	/* probe_event_free() walks it, whatever failed */
	INIT_LIST_HEAD(&ev->class.fields);
	ev->ops = ops;
	ev->flags = flags & PE_RETURN;
	ev->base = base;
	ev->group = kstrdup(group, GFP_KERNEL);
	ev->name = kstrdup(name, GFP_KERNEL);
	if (!ev->group || !ev->name || probe_event_copy_shape(ev, p))
		goto fail;

	ev->class.system = ev->group;
	ev->class.reg = probe_event_reg;
	ev->class.fields_array = probe_event_fields;

	call = &ev->call;
	call->class = &ev->class;
	call->name = ev->name;
	call->flags = TRACE_EVENT_FL_DYNAMIC | ops->call_flags;
	ev->funcs.trace = probe_event_print_line;
	call->event.funcs = &ev->funcs;
	call->print_fmt = probe_args_print_fmt(ev->args, ev->nargs,
					       ops->fmt_head(ev),
					       ops->fmt_head_args(ev));
	if (!call->print_fmt)
		goto fail;
	return ev;
fail:
	probe_event_free(ev);
	return NULL;
}

/*
 * The first mismatching argument of p against ev (1-based), or 0 if p
 * has ev's shape.
 */
static int probe_event_shape_diff(struct probe_event *ev, struct probe *p)
{
	int i;

	for (i = 0; i < min(ev->nargs, p->nargs); i++)
		if (!probe_arg_same_shape(&ev->args[i], &p->args[i]))
			return i + 1;
	if (ev->nargs != p->nargs)
		return min(ev->nargs, p->nargs) + 1;
	return 0;
}

/* Does the event already have a probe exactly like p? */
static bool probe_event_has_twin(struct probe_event *ev, struct probe *p)
{
	struct probe *q;
	int i;

	list_for_each_entry(q, &ev->probes, sibling) {
		if (!ev->ops->same_place(q, p))
			continue;
		for (i = 0; i < p->nargs; i++)
			if (strcmp(q->args[i].text, p->args[i].text))
				break;
		if (i == p->nargs)
			return true;
	}
	return false;
}

int probe_event_attach(struct probe *p, const char *group, const char *name,
		       unsigned int flags, const struct probe_event_ops *ops,
		       unsigned int base, struct probe_cmd *cmd)
{
	struct probe_event *ev = probe_event_find(group, name);
	int ret, diff;

	if (ev && ops->single && ev->ops == ops) {
		/* as upstream's: another event probe of that name exists */
		cmd->word = 0;
		probe_err(cmd, 0, PERR_EVENT_EXIST);
		return -EEXIST;
	}
	if (ev) {
		/* the name is another kind of probe's, as upstream says */
		if (ev->ops != ops) {
			cmd->word = 0;
			probe_err(cmd, 0, PERR_EVENT_EXIST);
			return -EEXIST;
		}
		if ((ev->flags & PE_RETURN) != (flags & PE_RETURN)) {
			cmd->word = 0;
			probe_err(cmd, 0, PERR_DIFF_PROBE_TYPE);
			return -EEXIST;
		}
		diff = probe_event_shape_diff(ev, p);
		if (diff) {
			cmd->word = diff + 1;
			probe_err(cmd, 0, PERR_DIFF_ARG_TYPE);
			return -EEXIST;
		}
		if (probe_event_has_twin(ev, p)) {
			cmd->word = 0;
			probe_err(cmd, 0, PERR_SAME_PROBE);
			return -EEXIST;
		}
		p->event = ev;
		/* a joining probe is armed like its siblings */
		ret = ops->arm_one(p, ev->flags & (PE_TRACE | PE_PERF));
		if (ret) {
			p->event = NULL;
			return ret;
		}
		mutex_lock(&probe_siblings_mutex);
		list_add_tail(&p->sibling, &ev->probes);
		mutex_unlock(&probe_siblings_mutex);
		return 0;
	}

	if (event_name_taken(group, name)) {
		cmd->word = 0;
		probe_err(cmd, 0, PERR_EVENT_EXIST);
		return -EEXIST;
	}
	ev = probe_event_new(p, group, name, flags, ops, base);
	if (!ev)
		return -ENOMEM;
	if (!register_trace_event(&ev->call.event)) {
		probe_event_free(ev);
		return -ENODEV;
	}
	ret = trace_event_add_dyn(&ev->call);
	if (ret) {
		unregister_trace_event(&ev->call.event);
		probe_event_free(ev);
		return ret;
	}
	p->event = ev;
	list_add_tail(&p->sibling, &ev->probes);
	return 0;
}

struct probe_event *probe_event_new_local(struct probe *p, const char *group,
					  const char *name,
					  unsigned int flags,
					  const struct probe_event_ops *ops,
					  unsigned int base)
{
	struct probe_event *ev;

	ev = probe_event_new(p, group, name, flags, ops, base);
	if (!ev)
		return NULL;
	/* a type id for its records: perf's samples carry it */
	if (!register_trace_event(&ev->call.event)) {
		probe_event_free(ev);
		return NULL;
	}
	p->event = ev;
	list_add_tail(&p->sibling, &ev->probes);
	return ev;
}

void probe_event_free_local(struct probe_event *ev)
{
	unregister_trace_event(&ev->call.event);
	probe_event_free(ev);
}

/*
 * Taken, inside event_mutex, to add a probe to an event others may be
 * using or to take one off it, and alone by who reads an event's probes
 * from where event_mutex may not be taken: BPF's attach, under perf's
 * context mutex, which the CPU hotplug lock is taken outside of, while
 * arming probes takes that lock inside event_mutex. Nothing is taken
 * inside it but leaf locks.
 */
DEFINE_MUTEX(probe_siblings_mutex);

bool probe_detach_busy(struct probe *p)
{
	struct probe_event *ev = p->event;

	return ev && list_is_singular(&ev->probes) && probe_event_busy(ev);
}

int probe_event_detach(struct probe *p)
{
	struct probe_event *ev = p->event;
	int ret;

	if (!ev)
		return 0;
	if (probe_detach_busy(p))
		return -EBUSY;
	if (!list_is_singular(&ev->probes)) {
		/* the siblings keep the event; p stops first */
		p->event->ops->arm_one(p, 0);
		mutex_lock(&probe_siblings_mutex);
		list_del(&p->sibling);
		mutex_unlock(&probe_siblings_mutex);
		p->event = NULL;
		return 0;
	}
	ret = trace_event_remove_dyn(&ev->call);
	if (ret)
		return ret;
	list_del(&p->sibling);
	p->event = NULL;
	probe_event_free(ev);
	return 0;
}

/* Arm or disarm every probe of the event for the PE_* bits in want. */
static int probe_event_arm_all(struct probe_event *ev, unsigned int want)
{
	struct probe *p;
	int ret;

	list_for_each_entry(p, &ev->probes, sibling) {
		ret = ev->ops->arm_one(p, want);
		if (ret)
			goto undo;
	}
	return 0;
undo:
	list_for_each_entry_continue_reverse(p, &ev->probes, sibling)
		ev->ops->arm_one(p, ev->flags & (PE_TRACE | PE_PERF));
	return ret;
}

/* Start or stop the per-instance recording of every probe (file_on). */
static int probe_event_files_on(struct probe_event *ev,
				struct trace_event_file *file)
{
	struct probe *p;
	int ret;

	if (!ev->ops->file_on)
		return 0;
	list_for_each_entry(p, &ev->probes, sibling) {
		ret = ev->ops->file_on(p, file);
		if (ret)
			goto undo;
	}
	return 0;
undo:
	list_for_each_entry_continue_reverse(p, &ev->probes, sibling)
		ev->ops->file_off(p, file);
	return ret;
}

static void probe_event_files_off(struct probe_event *ev,
				  struct trace_event_file *file)
{
	struct probe *p;

	if (!ev->ops->file_off)
		return;
	list_for_each_entry(p, &ev->probes, sibling)
		ev->ops->file_off(p, file);
}

static int probe_event_enable(struct probe_event *ev,
			      struct trace_event_file *file)
{
	struct probe_file_link *link = NULL;
	unsigned int bit = file ? PE_TRACE : PE_PERF;
	int ret;

	if (file) {
		link = kmalloc(sizeof(*link), GFP_KERNEL);
		if (!link)
			return -ENOMEM;
		link->file = file;
	}
	if (!(ev->flags & bit)) {
		ret = probe_event_arm_all(ev, (ev->flags & (PE_TRACE |
						PE_PERF)) | bit);
		if (ret) {
			kfree(link);
			return ret;
		}
	}
	if (file) {
		ret = probe_event_files_on(ev, file);
		if (ret) {
			if (!(ev->flags & bit))
				probe_event_arm_all(ev, ev->flags &
						    (PE_TRACE | PE_PERF));
			kfree(link);
			return ret;
		}
	}
	WRITE_ONCE(ev->flags, ev->flags | bit);
	/* published: a handler may record to file from here on */
	if (link)
		list_add_tail_rcu(&link->list, &ev->files);
	return 0;
}

static void probe_event_disable(struct probe_event *ev,
				struct trace_event_file *file)
{
	struct probe_file_link *link;

	if (file) {
		probe_event_files_off(ev, file);
		list_for_each_entry(link, &ev->files, list) {
			if (link->file != file)
				continue;
			/* handlers still walking past it finish first */
			list_del_rcu(&link->list);
			kfree_rcu(link, rcu);
			break;
		}
		if (!list_empty(&ev->files))
			return;
		WRITE_ONCE(ev->flags, ev->flags & ~PE_TRACE);
	} else {
		WRITE_ONCE(ev->flags, ev->flags & ~PE_PERF);
	}
	probe_event_arm_all(ev, ev->flags & (PE_TRACE | PE_PERF));
}

/*
 * The event core calls this with event_mutex held; perf (under its
 * perf_trace_mutex) without: then it is taken here.
 */
int probe_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct probe_event *ev = call_to_probe_event(call);
	int ret;

	switch (type) {
	case TRACE_REG_REGISTER:
		lockdep_assert_held(&event_mutex);
		return probe_event_enable(ev, data);
	case TRACE_REG_UNREGISTER:
		lockdep_assert_held(&event_mutex);
		probe_event_disable(ev, data);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		mutex_lock(&event_mutex);
		ret = probe_event_enable(ev, NULL);
		mutex_unlock(&event_mutex);
		return ret;
	case TRACE_REG_PERF_UNREGISTER:
		mutex_lock(&event_mutex);
		probe_event_disable(ev, NULL);
		mutex_unlock(&event_mutex);
		return 0;
	case TRACE_REG_PERF_OPEN:
		return ev->ops->perf_open ? ev->ops->perf_open(ev, data) : 0;
	case TRACE_REG_PERF_CLOSE:
		if (ev->ops->perf_close)
			ev->ops->perf_close(ev, data);
		return 0;
#endif
	default:
		/* perf's add and del need nothing of ours */
		return 0;
	}
}

int probe_define_fields(struct trace_event_call *call)
{
	struct probe_event *ev = call_to_probe_event(call);
	int ret;

	if (ev->flags & PE_RETURN) {
		ret = trace_define_field(call, "unsigned long", "__probe_func",
					 offsetof(struct probe_ret_head, func),
					 sizeof(long), 0, FILTER_OTHER);
		if (!ret)
			ret = trace_define_field(call, "unsigned long",
						 "__probe_ret_ip",
						 offsetof(struct probe_ret_head,
							  ret_ip),
						 sizeof(long), 0, FILTER_OTHER);
	} else {
		ret = trace_define_field(call, "unsigned long", "__probe_ip",
					 offsetof(struct probe_head, ip),
					 sizeof(long), 0, FILTER_OTHER);
	}
	if (ret)
		return ret;
	return probe_args_define_fields(call, ev->args, ev->nargs, ev->base);
}

const char *probe_fmt_head(struct probe_event *ev)
{
	return ev->flags & PE_RETURN ? "(%lx <- %lx)" : "(%lx)";
}

const char *probe_fmt_head_args(struct probe_event *ev)
{
	return ev->flags & PE_RETURN ?
		", REC->__probe_func, REC->__probe_ret_ip" :
		", REC->__probe_ip";
}

void probe_show_args(struct seq_file *m, struct probe *p)
{
	int i;

	for (i = 0; i < p->nargs; i++)
		seq_printf(m, " %s=%s", p->args[i].name, p->args[i].text);
}

bool probe_match_args(struct probe *p, int argc, const char **argv)
{
	int i;

	if (argc > p->nargs)
		return false;
	for (i = 0; i < argc; i++) {
		const char *a = argv[i], *eq = strchr(a, '=');
		size_t nlen = strlen(p->args[i].name);

		/* "NAME=TEXT", or TEXT alone for an unnamed argument */
		if (eq) {
			if (eq - a != nlen || strncmp(a, p->args[i].name, nlen))
				return false;
			a = eq + 1;
		}
		if (strcmp(a, p->args[i].text))
			return false;
	}
	return true;
}
