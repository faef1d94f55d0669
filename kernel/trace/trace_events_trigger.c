// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers: commands written to events/GROUP/EVENT/trigger that
 * run when the event fires (traceon, traceoff, snapshot, stacktrace,
 * enable_event, disable_event), each with an optional count and an
 * optional filter on the event's record.
 *
 * Design:
 *  - A trigger is a struct event_trigger on its file's ->triggers list.
 *    It is immutable once linked, except for its count, so the record
 *    path walks the list under the tracepoint's RCU-sched section with
 *    no lock. Writers (the trigger file, instance and module removal)
 *    hold event_mutex; a removed trigger is freed only after
 *    tracepoint_synchronize_unregister().
 *  - The first trigger of a file puts the file in trigger mode
 *    (EVENT_FILE_FL_TRIGGER_MODE and a soft-mode reference), so that its
 *    probe runs even if the event itself is off. If some trigger needs
 *    the record (it has a filter) or must run after the record is
 *    committed (traceoff, stacktrace), EVENT_FILE_FL_TRIGGER_COND is
 *    set: the probe then reserves the record and the triggers run from
 *    trace_event_buffer_commit(); otherwise they run before anything is
 *    reserved, from __trace_trigger_soft_disabled().
 *  - A count is an atomic counter taken with cmpxchg, so that triggers
 *    racing on several CPUs (or an NMI on this one) never fire more
 *    often than asked. -1 means unlimited. A trigger that changes a
 *    state (traceon, enable_event...) spends one count per change, made
 *    under its busy bit: trigger_fire().
 *  - enable_event/disable_event hold their target event: a reference on
 *    its module (it cannot be unloaded) and a soft-mode reference (its
 *    probe stays attached and SOFT_DISABLED says whether it records).
 *    Both go when the trigger is freed.
 *  - events/ftrace/print/trigger acts on trace_marker records: its file
 *    (tr->marker_file) has no probe, so it needs no trigger mode;
 *    trace_marker's write calls the triggers between its reserve and
 *    its commit.
 *  - Probe triggers are the kernel's own: a function that takes every
 *    record of the event (event probes build their records from it).
 *    They need the record, so they set TRIGGER_COND; the trigger file
 *    neither shows them nor removes them, and neither does an array's
 *    removal: their owner adds and removes them
 *    (event_trigger_probe_add/remove).
 *
 *  - A command with its own syntax (hist, in hist/) parses the whole
 *    write itself, keeps what it needs in the trigger's data, takes
 *    each record (->record, which sets TRIGGER_COND), shows its own
 *    line and frees its data when the trigger is freed:
 *    trace_events_trigger.h is its interface. Its triggers are listed
 *    after the others, in the order they were added (->tail).
 *
 * The text accepted and shown, the errnos and the order of the checks
 * are those of upstream 6.1.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/seq_file.h>
#include <linux/ring_buffer.h>
#include <linux/tracepoint.h>

#include "trace_events.h"
#include "trace_events_filter.h"
#include "trace_events_trigger.h"

#define TRIGGER_UNLIMITED	(-1L)

/* ---- the commands ---- */

static bool trace_on_wanted(struct event_trigger *t)
{
	return !tracer_tracing_is_on(t->file->tr);
}

static void trace_on_fire(struct event_trigger *t)
{
	tracer_tracing_on(t->file->tr);
}

static bool trace_off_wanted(struct event_trigger *t)
{
	return tracer_tracing_is_on(t->file->tr);
}

static void trace_off_fire(struct event_trigger *t)
{
	tracer_tracing_off(t->file->tr);
}

#ifdef CONFIG_TRACER_SNAPSHOT
/* NMI is refused (and noted in the buffer) by the snapshot code itself. */
static void snapshot_fire(struct event_trigger *t)
{
	tracing_snapshot_instance(t->file->tr);
}

static int snapshot_prepare(struct trace_event_file *file)
{
	return tracing_alloc_snapshot_instance(file->tr);
}
#endif

#ifdef CONFIG_STACKTRACE
/* The callers to leave out: this function up to the probe, as upstream. */
#ifdef CONFIG_UNWINDER_ORC
#define TRIGGER_STACK_SKIP	2
#else
#define TRIGGER_STACK_SKIP	4
#endif

static void stacktrace_fire(struct event_trigger *t)
{
	trace_array_record_stack(t->file->tr, TRIGGER_STACK_SKIP);
}
#endif

static bool event_on_wanted(struct event_trigger *t)
{
	return READ_ONCE(t->target->flags) & EVENT_FILE_FL_SOFT_DISABLED;
}

/* An atomic bit flip: the target's probe reads it unlocked. */
static void event_on_fire(struct event_trigger *t)
{
	clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &t->target->flags);
}

static bool event_off_wanted(struct event_trigger *t)
{
	return !event_on_wanted(t);
}

static void event_off_fire(struct event_trigger *t)
{
	set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &t->target->flags);
}

#ifdef CONFIG_HIST_TRIGGERS
/*
 * Each firing spends a count, whether or not a histogram changes state,
 * as upstream's: no wanted().
 */
static void hist_on_fire(struct event_trigger *t)
{
	hist_triggers_pause(t->target, false);
}

static void hist_off_fire(struct event_trigger *t)
{
	hist_triggers_pause(t->target, true);
}
#endif

/* In upstream's order, which the trigger file's header shows. */
static const struct trigger_cmd trigger_cmds[] = {
	{ .name = "traceon", .type = ETT_TRACE_ONOFF,
	  .wanted = trace_on_wanted, .fire = trace_on_fire },
	{ .name = "traceoff", .type = ETT_TRACE_ONOFF, .post = true,
	  .wanted = trace_off_wanted, .fire = trace_off_fire },
#ifdef CONFIG_TRACER_SNAPSHOT
	{ .name = "snapshot", .type = ETT_SNAPSHOT,
	  .fire = snapshot_fire, .prepare = snapshot_prepare },
#endif
#ifdef CONFIG_STACKTRACE
	{ .name = "stacktrace", .type = ETT_STACKTRACE, .post = true,
	  .fire = stacktrace_fire },
#endif
	{ .name = "enable_event", .type = ETT_EVENT_ENABLE, .target = true,
	  .wanted = event_on_wanted, .fire = event_on_fire },
	{ .name = "disable_event", .type = ETT_EVENT_ENABLE, .target = true,
	  .wanted = event_off_wanted, .fire = event_off_fire },
#ifdef CONFIG_HIST_TRIGGERS
	{ .name = "enable_hist", .type = ETT_HIST_ENABLE, .target = true,
	  .trunc = true, .fire = hist_on_fire },
	{ .name = "disable_hist", .type = ETT_HIST_ENABLE, .target = true,
	  .trunc = true, .fire = hist_off_fire },
#endif
};

static const struct trigger_cmd *trigger_cmd_find(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(trigger_cmds); i++)
		if (!strcmp(trigger_cmds[i].name, name))
			return &trigger_cmds[i];
#ifdef CONFIG_HIST_TRIGGERS
	if (!strcmp(hist_trigger_cmd.name, name))
		return &hist_trigger_cmd;
#endif
	return NULL;
}

/* ---- the record path ---- */

/* Take one unit of t's count; false if none is left. */
static bool trigger_take_count(struct event_trigger *t)
{
	long n = atomic_long_read(&t->count);

	/*
	 * cmpxchg: another CPU, or an NMI here, may take a unit between
	 * our read and our write; then we retry with the value it left,
	 * so the count never goes below zero nor fires twice for one unit.
	 */
	do {
		if (n == TRIGGER_UNLIMITED)
			return true;
		if (n <= 0)
			return false;
	} while (!atomic_long_try_cmpxchg(&t->count, &n, n - 1));
	return true;
}

/*
 * A count is spent only when firing changes something (tracing on or
 * off, the target's state), as upstream: a traceoff:1 that fires while
 * tracing is already off stays armed.
 *
 * And one count for one change: CPUs firing the event at once may all
 * see the change wanted, and each taking a count would spend two or more
 * on it. So the change is made under t's busy bit, looked for again
 * once the bit is held (as function probes do: ftrace_probes.c):
 * - a CPU (or an NMI on the holder's CPU) finding the bit taken leaves
 *   the change to the holder, which makes it, or finds it made or no
 *   count left;
 * - one taking the bit after the holder let go sees the change made:
 *   clear_bit_unlock() orders the change before the release, and
 *   test_and_set_bit_lock() the second look after the acquire.
 * test_trigger_race has two triggers undo each other from both CPUs:
 * without the bit, three runs of 200000 changes left 1791, 1 and 1942
 * counts with no change to spend them on.
 */
static void trigger_fire(struct event_trigger *t)
{
	if (!t->cmd->wanted) {
		if (trigger_take_count(t))
			t->cmd->fire(t);
		return;
	}
	/* the cheap look first: most events change nothing */
	if (!t->cmd->wanted(t) || test_and_set_bit_lock(0, &t->busy))
		return;
	if (t->cmd->wanted(t) && trigger_take_count(t))
		t->cmd->fire(t);
	clear_bit_unlock(0, &t->busy);
}

enum event_trigger_type
event_triggers_call(struct trace_event_file *file,
		    struct trace_buffer *buffer, void *rec,
		    struct ring_buffer_event *event)
{
	enum event_trigger_type tt = ETT_NONE;
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		if (!rec) {
			/*
			 * Without the record: a trigger with a filter, a
			 * probe trigger or one that runs after the commit
			 * can be seen here only
			 * while it is being added, before TRIGGER_COND is
			 * set; its first event then goes by.
			 */
			if (!t->filter && !t->cmd->post && !t->cmd->probe &&
			    !t->cmd->record)
				trigger_fire(t);
			continue;
		}
		if (t->filter && !event_filter_match(t->filter, rec))
			continue;
		if (t->cmd->probe) {
			t->probe_fn(t->data, rec);
			continue;
		}
		if (t->cmd->record) {
			t->cmd->record(t, buffer, rec, event);
			continue;
		}
		if (t->cmd->post) {
			tt |= t->cmd->type;
			continue;
		}
		trigger_fire(t);
	}
	return tt;
}
EXPORT_SYMBOL_GPL(event_triggers_call);

void event_triggers_post_call(struct trace_event_file *file,
			      enum event_trigger_type tt)
{
	struct event_trigger *t;

	/* one trigger per type: tt names those whose filter passed */
	list_for_each_entry_rcu(t, &file->triggers, list)
		if (t->cmd->post && (t->cmd->type & tt))
			trigger_fire(t);
}
EXPORT_SYMBOL_GPL(event_triggers_post_call);

/* ---- trigger mode ---- */

/* TRIGGER_COND: some trigger needs the record or the commit. [E] */
static void trigger_update_cond(struct trace_event_file *file)
{
	struct event_trigger *t;
	bool cond = false;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(t, &file->triggers, list) {
		if (t->filter || t->cmd->post || t->cmd->probe ||
		    t->cmd->record) {
			cond = true;
			break;
		}
	}
	/* atomic bit ops: probes read the other bits concurrently */
	if (cond)
		set_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
	else
		clear_bit(EVENT_FILE_FL_TRIGGER_COND_BIT, &file->flags);
}

/* The first trigger of file attaches its probe in soft mode. [E] */
static int trigger_mode_get(struct trace_event_file *file)
{
	int ret;

	/* trace_marker calls its triggers itself: no probe to attach */
	if (event_file_is_marker(file))
		return 0;
	/* an event without a probe to attach has no use for triggers */
	if (!event_file_enableable(file))
		return -EINVAL;
	/* tm_ref changes under event_mutex; atomic for its readers */
	if (atomic_inc_return(&file->tm_ref) > 1)
		return 0;
	set_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
	ret = trace_event_enable_disable(file, 1, 1);
	if (ret) {
		clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
		atomic_dec(&file->tm_ref);
	}
	return ret;
}

static void trigger_mode_put(struct trace_event_file *file)
{
	if (event_file_is_marker(file))
		return;
	if (atomic_dec_return(&file->tm_ref) > 0)
		return;
	clear_bit(EVENT_FILE_FL_TRIGGER_MODE_BIT, &file->flags);
	trace_event_enable_disable(file, 0, 1);
}

/* ---- making and freeing ---- */

int event_soft_hold(struct trace_event_file *target)
{
	int ret;

	if (!trace_event_try_get_ref(target->event_call))
		return -EBUSY;
	ret = trace_event_enable_disable(target, 1, 1);
	if (ret)
		trace_event_put_ref(target->event_call);
	return ret;
}

void event_soft_release(struct trace_event_file *target)
{
	trace_event_enable_disable(target, 0, 1);
	trace_event_put_ref(target->event_call);
}

/* Free an unlinked trigger that no probe can see any more. [E] */
void event_trigger_free(struct event_trigger *t)
{
	if (t->cmd->release)
		t->cmd->release(t);
	if (t->target)
		event_soft_release(t->target);
	event_filter_free(t->filter);
	kfree(t->filter_text);
	kfree(t);
}

/*
 * Compile the text after "if" against the event's fields. Errors give
 * the engine's errno and no error_log entry, as upstream's triggers.
 */
int event_trigger_set_filter(struct event_trigger *t, const char *text)
{
	struct list_head *lists[] = {
		trace_get_fields(t->file->event_call),
		&event_common_fields,
	};
	struct filter_parse_error pe;
	struct event_filter *filter = NULL;
	int ret;

	ret = event_filter_parse(lists, ARRAY_SIZE(lists), text, 0, &filter,
				 &pe);
	if (ret) {
		event_filter_free(filter);
		return ret;
	}
	t->filter_text = kstrdup(text, GFP_KERNEL);
	if (!t->filter_text) {
		event_filter_free(filter);
		return -ENOMEM;
	}
	t->filter = filter;
	return 0;
}

/* "N" or "N:anything": the count. */
static int trigger_parse_count(struct event_trigger *t, char *param)
{
	unsigned long n;
	char *num;
	int ret;

	num = strsep(&param, ":");
	if (!*num)
		return -EINVAL;
	ret = kstrtoul(num, 0, &n);
	if (ret)
		return ret;
	atomic_long_set(&t->count, (long)n);
	return 0;
}

/* "if FILTER" */
int event_trigger_parse_filter(struct event_trigger *t, char *text)
{
	char *word = strsep(&text, " \t");

	if (strcmp(word, "if") || !text)
		return -EINVAL;
	return event_trigger_set_filter(t, text);
}

/* ---- the list of a file ---- */

/* Two triggers are the same for adding and removing. */
static bool trigger_same(struct event_trigger *a, const struct trigger_cmd *cmd,
			 struct trace_event_file *target)
{
	return a->cmd->type == cmd->type && a->target == target;
}

static struct event_trigger *trigger_lookup(struct trace_event_file *file,
					    const struct trigger_cmd *cmd,
					    struct trace_event_file *target)
{
	struct event_trigger *t;

	list_for_each_entry(t, &file->triggers, list)
		if (trigger_same(t, cmd, target))
			return t;
	return NULL;
}

/* Unlink t; the caller frees it after a grace period. [E] */
static void trigger_unlink(struct event_trigger *t)
{
	list_del_rcu(&t->list);
	trigger_update_cond(t->file);
	trigger_mode_put(t->file);
}

/* Publish a complete t (list_add_rcu orders its stores first). [E] */
int event_trigger_link(struct event_trigger *t)
{
	struct trace_event_file *file = t->file;
	int ret;

	if (t->cmd->tail)
		list_add_tail_rcu(&t->list, &file->triggers);
	else
		list_add_rcu(&t->list, &file->triggers);
	trigger_update_cond(file);
	ret = trigger_mode_get(file);
	if (ret) {
		list_del_rcu(&t->list);
		trigger_update_cond(file);
		/* a probe may already have seen t */
		tracepoint_synchronize_unregister();
	}
	return ret;
}

void event_trigger_unlink_free(struct event_trigger *t)
{
	lockdep_assert_held(&event_mutex);
	trigger_unlink(t);
	tracepoint_synchronize_unregister();
	event_trigger_free(t);
}

static int trigger_remove(struct trace_event_file *file,
			  const struct trigger_cmd *cmd,
			  struct trace_event_file *target)
{
	struct event_trigger *t = trigger_lookup(file, cmd, target);

	/* removing a trigger that is not there succeeds, as upstream */
	if (!t)
		return 0;
	event_trigger_unlink_free(t);
	return 0;
}

/*
 * Add a trigger, in upstream's order of checks: count, filter, what the
 * command needs (the target held, the snapshot buffer), duplicate. t is
 * freed on failure.
 */
static int trigger_add(struct event_trigger *t, char *param, char *filter,
		       struct trace_event_file *target)
{
	int ret = 0;

	if (param)
		ret = trigger_parse_count(t, param);
	if (!ret && filter)
		ret = event_trigger_parse_filter(t, filter);
	if (!ret && target) {
		ret = event_soft_hold(target);
		if (!ret)
			t->target = target;
	}
	if (!ret && t->cmd->prepare)
		ret = t->cmd->prepare(t->file);
	if (!ret && trigger_lookup(t->file, t->cmd, target))
		ret = -EEXIST;
	if (!ret)
		ret = event_trigger_link(t);
	if (ret)
		event_trigger_free(t);
	return ret;
}

struct event_trigger *event_trigger_new(struct trace_event_file *file,
					const struct trigger_cmd *cmd)
{
	struct event_trigger *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return NULL;
	t->cmd = cmd;
	t->file = file;
	atomic_long_set(&t->count, TRIGGER_UNLIMITED);
	return t;
}

/*
 * "SYSTEM:EVENT[:N] [if FILTER]" of enable_event and disable_event: the
 * target is looked up (-EINVAL if none) before anything else.
 */
static int trigger_cmd_target(struct trace_event_file *file,
			      const struct trigger_cmd *cmd, bool remove,
			      char *args)
{
	struct trace_event_file *target;
	char *param, *filter, *system, *event;
	struct event_trigger *t;

	if (!args)
		return -EINVAL;
	param = strsep(&args, " \t");
	filter = args ? skip_spaces(args) : NULL;
	if (filter && !*filter)
		filter = NULL;
	system = strsep(&param, ":");
	if (!param)
		return -EINVAL;
	event = strsep(&param, ":");
	target = find_event_file(file->tr, system, event);
	if (!target || !event_file_enableable(target))
		return -EINVAL;
	if (remove)
		return trigger_remove(file, cmd, target);

	t = event_trigger_new(file, cmd);
	if (!t)
		return -ENOMEM;
	return trigger_add(t, param, filter, target);
}

/* "[:N] [if FILTER]" of the other commands. */
static int trigger_cmd_plain(struct trace_event_file *file,
			     const struct trigger_cmd *cmd, bool remove,
			     char *args)
{
	char *param = NULL, *filter = args;
	struct event_trigger *t;

	if (remove)
		return trigger_remove(file, cmd, NULL);
	/* only a number may come first; anything else is the filter */
	if (args && isdigit(args[0])) {
		filter = NULL;
		param = strsep(&args, " \t");
		if (args) {
			filter = skip_spaces(args);
			if (!*filter)
				filter = NULL;
		}
	}
	t = event_trigger_new(file, cmd);
	if (!t)
		return -ENOMEM;
	return trigger_add(t, param, filter, NULL);
}

int event_trigger_write_cmd(struct trace_event_file *file, char *text)
{
	const struct trigger_cmd *cmd;
	char *name, *args;
	bool remove;

	lockdep_assert_held(&trace_types_lock);
	lockdep_assert_held(&event_mutex);
	args = skip_spaces(text);
	name = strsep(&args, ": \t");
	if (args) {
		args = skip_spaces(args);
		if (!*args)
			args = NULL;
	}
	remove = name[0] == '!';
	if (remove)
		name++;
	cmd = trigger_cmd_find(name);
	if (!cmd)
		return -EINVAL;
	if (cmd->write)
		return cmd->write(file, cmd, remove, args);
	if (cmd->target)
		return trigger_cmd_target(file, cmd, remove, args);
	return trigger_cmd_plain(file, cmd, remove, args);
}

/* ---- the trigger file's text ---- */

static void trigger_show_one(struct seq_file *m, struct event_trigger *t)
{
	long n = atomic_long_read(&t->count);

	seq_puts(m, t->cmd->name);
	if (t->target)
		seq_printf(m, ":%s:%s", t->target->event_call->class->system,
			   trace_event_name(t->target->event_call));
	if (n == TRIGGER_UNLIMITED)
		seq_puts(m, ":unlimited");
	else
		seq_printf(m, ":count=%ld", n);
	if (t->filter_text)
		seq_printf(m, " if %s", t->filter_text);
	seq_putc(m, '\n');
}

void event_triggers_show(struct seq_file *m, struct trace_event_file *file)
{
	struct event_trigger *t;
	bool shown = false;
	int i;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(t, &file->triggers, list) {
		if (t->cmd->probe)
			continue;
		if (t->cmd->show)
			t->cmd->show(m, t);
		else
			trigger_show_one(m, t);
		shown = true;
	}
	if (shown)
		return;
	/* none of the user's, as upstream: probe triggers do not count */
	seq_puts(m, "# Available triggers:\n#");
	for (i = 0; i < ARRAY_SIZE(trigger_cmds); i++)
		seq_printf(m, " %s", trigger_cmds[i].name);
#ifdef CONFIG_HIST_TRIGGERS
	seq_printf(m, " %s", hist_trigger_cmd.name);
#endif
	seq_putc(m, '\n');
}

/* ---- removal of events and arrays ---- */

/* Unlink every trigger of file onto gone, but probe triggers. [E] */
static void triggers_unlink_all(struct trace_event_file *file,
				struct list_head *gone)
{
	struct event_trigger *t, *next;

	list_for_each_entry_safe(t, next, &file->triggers, list) {
		/*
		 * Their owners remove them: an event probe enabled in an
		 * array going away is disabled first (event_trace_del_tracer),
		 * and holds the module of the event it is on.
		 */
		if (t->cmd->probe)
			continue;
		trigger_unlink(t);
		list_add(&t->free_link, gone);
	}
}

/* After the probes are done with them, free them. [E] */
static void triggers_free_all(struct list_head *gone)
{
	struct event_trigger *t, *next;

	if (list_empty(gone))
		return;
	tracepoint_synchronize_unregister();
	list_for_each_entry_safe(t, next, gone, free_link)
		event_trigger_free(t);
}

/*
 * As upstream: O_TRUNC takes away the hist commands (hist, enable_hist,
 * disable_hist), and leaves the others.
 */
void event_triggers_truncate(struct trace_event_file *file)
{
	struct event_trigger *t, *next;
	LIST_HEAD(gone);

	lockdep_assert_held(&event_mutex);
	/* one in use (its variables read elsewhere): none goes, as upstream */
	list_for_each_entry(t, &file->triggers, list)
		if (t->cmd->trunc && t->cmd->busy && t->cmd->busy(t))
			return;
	list_for_each_entry_safe(t, next, &file->triggers, list) {
		if (!t->cmd->trunc)
			continue;
		trigger_unlink(t);
		list_add(&t->free_link, &gone);
	}
	triggers_free_all(&gone);
}

void event_triggers_clear_array(struct trace_array *tr)
{
	struct trace_event_file *file;
	LIST_HEAD(gone);

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list)
		triggers_unlink_all(file, &gone);
	if (tr->marker_file)
		triggers_unlink_all(tr->marker_file, &gone);
	triggers_free_all(&gone);
}

void event_triggers_clear_module(struct module *mod)
{
	struct trace_event_file *file;
	struct trace_array *tr;
	LIST_HEAD(gone);

	lockdep_assert_held(&trace_types_lock);
	lockdep_assert_held(&event_mutex);
	list_for_each_entry(tr, &trace_arrays, list)
		list_for_each_entry(file, &tr->events, list)
			if (file->event_call->module == mod)
				triggers_unlink_all(file, &gone);
	triggers_free_all(&gone);
}

/* ---- probe triggers ---- */

static const struct trigger_cmd probe_trigger_cmd = {
	.name = "probe", .type = ETT_EVENT_EPROBE, .probe = true,
};

/**
 * event_trigger_probe_add - call a function with every record of an event
 * @file: the event, in the array whose records @fn is to see
 * @fn: called with @data and the record, in the event's context
 *	(preemption off, under the tracepoint's RCU-sched section), before
 *	the record is committed; it must not sleep
 * @data: for @fn
 * @filter: if not NULL, only records that pass this filter on the
 *	event's fields are given to @fn
 *
 * The event is attached in soft mode if it is not enabled: its records
 * are made for @fn and discarded. Must be called with event_mutex held.
 *
 * Return: the trigger, for event_trigger_probe_remove(); an ERR_PTR:
 * -ENOMEM, the filter's parse error, -EINVAL if the event cannot be
 * attached (it has no probe).
 */
struct event_trigger *event_trigger_probe_add(struct trace_event_file *file,
					      event_trigger_probe_fn fn,
					      void *data, const char *filter)
{
	struct event_trigger *t;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	t = event_trigger_new(file, &probe_trigger_cmd);
	if (!t)
		return ERR_PTR(-ENOMEM);
	t->probe_fn = fn;
	t->data = data;
	if (filter)
		ret = event_trigger_set_filter(t, filter);
	if (!ret)
		ret = event_trigger_link(t);
	if (ret) {
		event_trigger_free(t);
		return ERR_PTR(ret);
	}
	return t;
}

/**
 * event_trigger_probe_remove - undo event_trigger_probe_add()
 * @t: the trigger
 *
 * Returns once no CPU can be calling its function any more. Must be
 * called with event_mutex held.
 */
void event_trigger_probe_remove(struct event_trigger *t)
{
	event_trigger_unlink_free(t);
}

/* ---- the spare buffer ---- */

struct trace_buffer *event_trigger_temp_buffer;

/*
 * While tracing is off, an event whose triggers need its record writes
 * it here, where the triggers read it and nobody else does.
 */
static __init int event_trigger_buffer_init(void)
{
	struct trace_buffer *buffer;

	buffer = ring_buffer_alloc(PAGE_SIZE, RB_FL_OVERWRITE);
	if (!buffer)
		return -ENOMEM;
	WRITE_ONCE(event_trigger_temp_buffer, buffer);
	return 0;
}
core_initcall(event_trigger_buffer_init);
