// SPDX-License-Identifier: GPL-2.0
/*
 * Trace exports: other code (the STM ftrace source, for one) registers a
 * struct trace_export to get a copy of each record of the kinds it asks
 * for as it is written (markers: of any trace array, as upstream).
 *
 * The list is walked by writers in any context, so it is RCU: exports are
 * pushed at the head under a mutex and unlinked under it, and
 * unregistering waits for a grace period before the caller may free its
 * export. A static key per kind keeps the cost at a patched-out branch
 * while nobody listens.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/jump_label.h>

#include "trace.h"

static DEFINE_MUTEX(exports_lock);
static struct trace_export __rcu *exports;

/* A link of the list, read by its writer (exports_lock held). */
#define exports_deref(p) \
	rcu_dereference_protected(p, lockdep_is_held(&exports_lock))

DEFINE_STATIC_KEY_FALSE(trace_marker_exports_enabled);
DEFINE_STATIC_KEY_FALSE(trace_event_exports_enabled);

/* The kinds written: markers and events (function records are not). */
static void kinds_changed(struct trace_export *export, bool added)
{
	if (export->flags & TRACE_EXPORT_MARKER) {
		if (added)
			static_branch_inc(&trace_marker_exports_enabled);
		else
			static_branch_dec(&trace_marker_exports_enabled);
	}
	if (export->flags & TRACE_EXPORT_EVENT) {
		if (added)
			static_branch_inc(&trace_event_exports_enabled);
		else
			static_branch_dec(&trace_event_exports_enabled);
	}
}

int register_ftrace_export(struct trace_export *export)
{
	if (!export || !export->write)
		return -EINVAL;

	mutex_lock(&exports_lock);
	RCU_INIT_POINTER(export->next, exports_deref(exports));
	/* publish: the next pointer is set before writers can see it */
	rcu_assign_pointer(exports, export);
	kinds_changed(export, true);
	mutex_unlock(&exports_lock);
	return 0;
}
EXPORT_SYMBOL_GPL(register_ftrace_export);

int unregister_ftrace_export(struct trace_export *export)
{
	struct trace_export __rcu **link = &exports;
	struct trace_export *e;
	int ret = -ENOENT;

	mutex_lock(&exports_lock);
	while ((e = exports_deref(*link))) {
		if (e == export) {
			/* writers already past this link keep a valid next */
			rcu_assign_pointer(*link, exports_deref(e->next));
			kinds_changed(export, false);
			ret = 0;
			break;
		}
		link = &e->next;
	}
	mutex_unlock(&exports_lock);
	if (!ret)
		synchronize_rcu();	/* no writer still calls it */
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_export);

/* Hand a record being written to every export of that kind. */
void trace_export_record(struct ring_buffer_event *event, int kind)
{
	struct trace_export *e;

	preempt_disable_notrace();
	for (e = rcu_dereference_raw(exports); e;
	     e = rcu_dereference_raw(e->next))
		if (e->flags & kind)
			e->write(e, ring_buffer_event_data(event),
				 ring_buffer_event_length(event));
	preempt_enable_notrace();
}
