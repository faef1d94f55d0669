// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: events made from the records of another event.
 *
 *	e[:[GRP/][EVENT]] SYSTEM.EVENT [ARGS] [if FILTER]
 *
 * (SYSTEM/EVENT is taken too.) Each time the event it is on records, an
 * event probe records what its arguments compute from that record:
 * $FIELD is one of the record's fields, and the rest of the language of
 * probe arguments applies to it (dereferences, strings, types). FILTER,
 * on the event's fields, chooses the records. The group is "eprobes"
 * and the name the event's, unless given. Kprobe, uprobe and event probe
 * events cannot be probed, nor internal events.
 *
 * Lifetime: the probe holds a reference on its event (the module stays,
 * a dynamic event cannot be removed) from its definition to its
 * removal. Enabled in an instance, it puts a probe trigger on its
 * event's file there (a hook, struct eprobe_hook); disabled there, it
 * takes it off, and event_trigger_probe_remove() returns once no CPU
 * runs it. An instance going away disables its event probes before
 * anything else (event_trace_del_tracer()).
 *
 * Recording: the trigger runs while the event's record is reserved and
 * not yet committed, in the same ring buffer; the probe's record is
 * written nested in it (ring_buffer_nest_start()), after it in the
 * buffer. Its strings are measured first and the record is reserved at
 * its full size, then filled in place: nothing per CPU is needed, so a
 * probe interrupted by another (the event fires in an interrupt) needs
 * no care.
 *
 * perf: an event probe records in instances only. Opening one with
 * perf_event_open() is refused (EOPNOTSUPP) where upstream's succeeds
 * and never counts.
 */
#include <linux/slab.h>
#include <linux/ring_buffer.h>

#include "probes.h"
#include "../trace_events_filter.h"

#define EPROBE_GROUP		"eprobes"

/*
 * The most a record's strings take: as kprobe events', what is left of
 * a page once `trace` has room for the line's head and the other
 * arguments; longer strings are cut.
 */
#define EPROBE_RECORD_MAX	(PAGE_SIZE - 512)

struct eprobe {
	struct probe		p;
	struct trace_event_call	*target;	/* a reference held */
	char			*tsystem;
	char			*tevent;
	char			*filter;	/* on target's fields, or NULL */
	struct list_head	hooks;		/* [E] its struct eprobe_hook */
};

/* The probe enabled in one instance: its trigger there. */
struct eprobe_hook {
	struct list_head	list;		/* [E] on ep->hooks */
	struct eprobe		*ep;
	struct trace_event_file	*file;		/* the probe's own event */
	struct event_trigger	*trigger;	/* on the target's file */
};

static struct dyn_event_type eprobe_type;
static const struct probe_event_ops eprobe_ops;

static struct eprobe *to_ep(struct dyn_event *d)
{
	return container_of(d, struct eprobe, p.dyn);
}

static struct eprobe *probe_to_ep(struct probe *p)
{
	return container_of(p, struct eprobe, p);
}

/* ---- recording ---- */

/* The probe trigger's function: rec is the target's record. */
static void eprobe_fire(void *data, void *rec)
{
	struct eprobe_hook *h = data;
	struct eprobe *ep = h->ep;
	struct probe_event *ev = ep->p.event;
	struct trace_event_file *file = h->file;
	struct trace_event_buffer fbuf;
	struct trace_buffer *buffer;
	unsigned int room = 0, used;
	void *entry;

	if (trace_trigger_soft_disabled(file))
		return;
	if (ev->strings)
		room = probe_args_measure(ep->p.args, ep->p.nargs, NULL, rec,
					  EPROBE_RECORD_MAX - ev->base -
					  ev->fixed);
	/*
	 * The target's record, reserved in this buffer, holds this CPU's
	 * context bit: ours nests in it. The buffer is read once, so that
	 * start and end are on the same one across a snapshot swap.
	 */
	buffer = trace_array_buffer(file->tr);
	if (!buffer)
		return;
	ring_buffer_nest_start(buffer);
	entry = trace_event_buffer_reserve(&fbuf, file,
					   ev->base + ev->fixed + room);
	if (entry) {
		used = probe_args_store(ep->p.args, ep->p.nargs, NULL, rec,
					entry, ev->base, ev->fixed, room);
		/* strings shorter than measured: the slack is zeroed */
		memset(entry + ev->base + ev->fixed + used, 0, room - used);
		trace_event_buffer_commit(&fbuf);
	}
	ring_buffer_nest_end(buffer);
}

/* ---- enabling: one hook an instance ---- */

static int eprobe_file_on(struct probe *p, struct trace_event_file *file)
{
	struct eprobe *ep = probe_to_ep(p);
	struct trace_event_file *target;
	struct eprobe_hook *h;
	int ret;

	target = find_event_file(file->tr, ep->tsystem, ep->tevent);
	if (!target)
		return -ENOENT;
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	h->ep = ep;
	h->file = file;
	/* complete before the trigger publishes it */
	h->trigger = event_trigger_probe_add(target, eprobe_fire, h,
					     ep->filter);
	if (IS_ERR(h->trigger)) {
		ret = PTR_ERR(h->trigger);
		kfree(h);
		return ret;
	}
	list_add(&h->list, &ep->hooks);
	return 0;
}

static void eprobe_file_off(struct probe *p, struct trace_event_file *file)
{
	struct eprobe *ep = probe_to_ep(p);
	struct eprobe_hook *h;

	list_for_each_entry(h, &ep->hooks, list) {
		if (h->file != file)
			continue;
		list_del(&h->list);
		/* returns once no CPU runs eprobe_fire() with h */
		event_trigger_probe_remove(h->trigger);
		kfree(h);
		return;
	}
}

/* Nothing to arm: the hooks record. perf would get nothing: refused. */
static int eprobe_arm_one(struct probe *p, unsigned int want)
{
	return want & PE_PERF ? -EOPNOTSUPP : 0;
}

/* ---- making and freeing ---- */

static void eprobe_free(struct eprobe *ep)
{
	int i;

	for (i = 0; i < ep->p.nargs; i++)
		probe_arg_free(&ep->p.args[i]);
	kfree(ep->p.args);
	if (ep->target)
		trace_event_put_ref(ep->target);
	kfree(ep->tsystem);
	kfree(ep->tevent);
	kfree(ep->filter);
	kfree(ep);
}

/*
 * The event to probe, with a reference: any but probe events and the
 * internal ones (not enabled through their enable file). [E]
 */
static struct trace_event_call *eprobe_find_target(const char *system,
						   const char *event)
{
	struct trace_event_call *call;

	list_for_each_entry(call, &event_calls, list) {
		if (call->flags & (TRACE_EVENT_FL_IGNORE_ENABLE |
				   TRACE_EVENT_FL_UKPROBE |
				   TRACE_EVENT_FL_EPROBE))
			continue;
		if (!call->class->system || strcmp(call->class->system, system) ||
		    strcmp(trace_event_name(call), event))
			continue;
		return trace_event_try_get_ref(call) ? call : NULL;
	}
	return NULL;
}

/* SYSTEM.EVENT or SYSTEM/EVENT: both named, neither too long. */
static int eprobe_split_target(const char *text, char *system, char *event)
{
	const char *sep = strpbrk(text, "/.");
	size_t slen = sep ? sep - text : 0;

	if (!sep || !slen || !sep[1] || slen >= PROBE_NAME_MAX ||
	    strlen(sep + 1) >= PROBE_NAME_MAX)
		return -EINVAL;
	memcpy(system, text, slen);
	system[slen] = '\0';
	strcpy(event, sep + 1);
	return 0;
}

/*
 * The words after "if", joined by spaces, checked against the target's
 * fields; a parse error is logged as a filter file's is, and is EINVAL
 * (upstream's), where a filter file gets EPERM for some.
 */
static int eprobe_set_filter(struct eprobe *ep, int argc, const char **argv)
{
	struct list_head *lists[] = {
		trace_get_fields(ep->target),
		&event_common_fields,
	};
	struct filter_parse_error pe;
	struct event_filter *filter = NULL;
	size_t len = 0;
	char *p;
	int i, ret;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	ep->filter = kmalloc(len, GFP_KERNEL);
	if (!ep->filter)
		return -ENOMEM;
	p = ep->filter;
	for (i = 0; i < argc; i++)
		p += sprintf(p, "%s%s", i ? " " : "", argv[i]);
	ret = event_filter_parse(lists, ARRAY_SIZE(lists), ep->filter, 0,
				 &filter, &pe);
	event_filter_free(filter);
	if (!ret || ret == -ENOMEM)
		return ret;
	tracing_log_err(NULL, "event filter parse error", ep->filter,
			event_filter_errors, pe.err_index, pe.pos);
	/* a definition's error, whatever a filter file would have got */
	return -EINVAL;
}

static int eprobe_create(int argc, const char **argv)
{
	struct probe_cmd cmd = { .subsys = "event_probe", .argc = argc,
				 .argv = argv };
	char group[PROBE_NAME_MAX] = EPROBE_GROUP, event[PROBE_NAME_MAX] = "";
	char tsystem[PROBE_NAME_MAX], tevent[PROBE_NAME_MAX];
	int i, nargs, filter_at = 0, ret;
	unsigned int size = 0;
	struct eprobe *ep;

	if (argv[0][0] != 'e' || (argv[0][1] && argv[0][1] != ':') ||
	    argc < 2)
		return -ECANCELED;

	/* the names, then the event, then the filter, then the args */
	if (argv[0][1] == ':') {
		ret = probe_parse_names(&cmd, argv[0] + 2, 2, group, event);
		if (ret)
			return ret;
	}
	cmd.word = 1;
	if (eprobe_split_target(argv[1], tsystem, tevent)) {
		probe_err(&cmd, 0, PERR_NO_EVENT_INFO);
		return -EINVAL;
	}
	if (!event[0])
		strcpy(event, tevent);
	nargs = argc - 2;
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "if")) {
			filter_at = i + 1;
			nargs = i - 2;
			break;
		}
	}

	ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	if (!ep)
		return -ENOMEM;
	INIT_LIST_HEAD(&ep->p.dyn.list);
	INIT_LIST_HEAD(&ep->p.sibling);
	INIT_LIST_HEAD(&ep->hooks);
	ep->tsystem = kstrdup(tsystem, GFP_KERNEL);
	ep->tevent = kstrdup(tevent, GFP_KERNEL);
	ep->p.args = kcalloc(max(nargs, 1), sizeof(*ep->p.args), GFP_KERNEL);
	if (!ep->tsystem || !ep->tevent || !ep->p.args) {
		ret = -ENOMEM;
		goto free;
	}

	mutex_lock(&event_mutex);
	ep->target = eprobe_find_target(tsystem, tevent);
	mutex_unlock(&event_mutex);
	if (!ep->target) {
		probe_err(&cmd, 0, PERR_BAD_ATTACH_EVENT);
		ret = -ENODEV;
		goto free;
	}
	/* the reference keeps the fields the filter and args look at */
	if (filter_at) {
		if (filter_at == argc) {
			/* the caret goes past "if" and a space */
			cmd.word = argc;
			probe_err(&cmd, 1, PERR_NO_EP_FILTER);
			ret = -EINVAL;
			goto free;
		}
		ret = eprobe_set_filter(ep, argc - filter_at, argv + filter_at);
		if (ret)
			goto free;
	}
	cmd.fields = trace_get_fields(ep->target);
	for (i = 0; i < nargs && i < PROBE_MAX_ARGS; i++) {
		cmd.word = i + 2;
		ep->p.nargs++;
		ret = probe_arg_parse(&cmd, ep->p.args, i, argv[i + 2],
				      PROBE_KERNEL | PROBE_EVENT, &size);
		if (!ret)
			ret = probe_arg_resolve(&ep->p.args[i]);
		if (ret)
			goto free;
	}

	probe_lock();
	ret = probe_event_attach(&ep->p, group, event, 0, &eprobe_ops,
				 sizeof(struct trace_entry), &cmd);
	if (!ret)
		dyn_event_add(&ep->p.dyn, &eprobe_type);
	probe_unlock();
	if (!ret)
		return 0;
free:
	eprobe_free(ep);
	return ret;
}

/* ---- the dynamic event type ---- */

static int eprobe_show(struct seq_file *m, struct dyn_event *d)
{
	struct eprobe *ep = to_ep(d);

	/* without the filter, as upstream's */
	seq_putc(m, 'e');
	probe_show_names(m, &ep->p);
	seq_printf(m, " %s.%s", ep->tsystem, ep->tevent);
	probe_show_args(m, &ep->p);
	seq_putc(m, '\n');
	return 0;
}

static bool eprobe_busy(struct dyn_event *d)
{
	return probe_event_busy(to_ep(d)->p.event);
}

static int eprobe_release(struct dyn_event *d)
{
	struct eprobe *ep = to_ep(d);
	int ret;

	/* -EBUSY while enabled or in use; it has no sibling to stay */
	ret = probe_event_detach(&ep->p);
	if (ret)
		return ret;
	dyn_event_del(d);
	eprobe_free(ep);
	return 0;
}

/* "-:[GRP/]EVENT [SYSTEM.EVENT [ARGS]]" (or SYSTEM/EVENT) */
static bool eprobe_match(const char *group, const char *event, int argc,
			 const char **argv, struct dyn_event *d)
{
	struct eprobe *ep = to_ep(d);
	char tsystem[PROBE_NAME_MAX], tevent[PROBE_NAME_MAX];

	if ((event[0] && strcmp(ep->p.event->name, event)) ||
	    (group && strcmp(ep->p.event->group, group)))
		return false;
	if (!argc)
		return true;
	if (eprobe_split_target(argv[0], tsystem, tevent) ||
	    strcmp(tsystem, ep->tsystem) || strcmp(tevent, ep->tevent))
		return false;
	return probe_match_args(&ep->p, argc - 1, argv + 1);
}

static struct dyn_event_type eprobe_type = {
	.name		= "eprobe",
	.probe		= true,
	.create		= eprobe_create,
	.show		= eprobe_show,
	.busy		= eprobe_busy,
	.release	= eprobe_release,
	.match		= eprobe_match,
};

/* ---- the event's side ---- */

static bool eprobe_same_place(struct probe *a, struct probe *b)
{
	return probe_to_ep(a)->target == probe_to_ep(b)->target;
}

static enum print_line_t eprobe_print(struct trace_iterator *iter,
				      struct probe_event *ev)
{
	struct eprobe *ep = list_first_entry(&ev->probes, struct eprobe,
					     p.sibling);
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "%s: (%s.%s)", ev->name, ep->tsystem, ep->tevent);
	probe_args_print(s, ev->args, ev->nargs, iter->ent, ev->base);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static int eprobe_define_fields(struct trace_event_call *call)
{
	struct probe_event *ev = call_to_probe_event(call);

	return probe_args_define_fields(call, ev->args, ev->nargs, ev->base);
}

static const char *eprobe_fmt_head(struct probe_event *ev)
{
	return "";
}

static const struct probe_event_ops eprobe_ops = {
	.call_flags	= TRACE_EVENT_FL_EPROBE,
	.arm_one	= eprobe_arm_one,
	.same_place	= eprobe_same_place,
	.print		= eprobe_print,
	.define_fields	= eprobe_define_fields,
	.fmt_head	= eprobe_fmt_head,
	.fmt_head_args	= eprobe_fmt_head,
	.file_on	= eprobe_file_on,
	.file_off	= eprobe_file_off,
	.single		= true,
};

/* Before any initcall that may define events (boot-time dynamic events). */
static __init int eprobe_events_init(void)
{
	return dyn_event_register_type(&eprobe_type);
}
core_initcall(eprobe_events_init);
