/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dynevent.c's interface: the types of dynamic event (kprobe, uprobe,
 * eprobe here; synthetic in ../hist) plug into dynamic_events through
 * it.
 */
#ifndef _KERNEL_TRACE_DYNEVENT_H
#define _KERNEL_TRACE_DYNEVENT_H

#include <linux/trace_events.h>
#include <linux/seq_file.h>
#include <linux/list.h>

#include "../trace.h"
#include "../trace_events.h"

struct dyn_event;

/*
 * A type of dynamic event (kprobe, uprobe, eprobe, synthetic). Its
 * callbacks run under event_mutex, except create(), which takes it.
 *  create()	one definition line; -ECANCELED: not of this type
 *  create_line()	instead of create(), for a type whose errors point
 *		into the line as written (synthetic): the line itself,
 *		leading blanks skipped
 *  show()	its line as dynamic_events lists it
 *  busy()	whether it cannot be removed now (enabled, in use)
 *  release()	remove it (unregister and free); -EBUSY if in use
 *  release_many()	optional: remove n of them at once, all or none
 *		(-EBUSY if one is in use), as release() would each
 *  match()	whether "-:[GROUP/]EVENT [ARGS]" names it; group may be
 *		NULL (any), event "" (any of the group), argc 0 (any
 *		of its probes)
 */
struct dyn_event_type {
	struct list_head	list;
	const char		*name;
	bool			probe;		/* its events are struct probe */
	int	(*create)(int argc, const char **argv);
	int	(*create_line)(const char *line);
	int	(*show)(struct seq_file *m, struct dyn_event *ev);
	bool	(*busy)(struct dyn_event *ev);
	int	(*release)(struct dyn_event *ev);
	int	(*release_many)(struct dyn_event **evs, int n);
	bool	(*match)(const char *group, const char *event, int argc,
			 const char **argv, struct dyn_event *ev);
};

/* What every dynamic event starts with: its place on dyn_events. */
struct dyn_event {
	struct list_head	list;		/* [E] on dyn_events */
	struct dyn_event_type	*type;
};

/* Every dynamic event, in the order they were made. [E] */
extern struct list_head dyn_events;

/* C identifier rules, as upstream's names (events, groups, fields). */
bool dyn_event_name_ok(const char *name);
/* An empty command of type in buf, which run will run (the gen APIs). */
void dyn_event_cmd_setup(struct dynevent_cmd *cmd, char *buf, int maxlen,
			 enum dynevent_type type, dynevent_create_fn_t run);

int dyn_event_register_type(struct dyn_event_type *type);
void dyn_event_add(struct dyn_event *ev, struct dyn_event_type *type);
void dyn_event_del(struct dyn_event *ev);

/*
 * Run each line of a write to a definition file: type NULL is
 * dynamic_events (every type); else only that type's lines are taken.
 */
ssize_t dyn_event_write_lines(const char __user *ubuf, size_t count,
			      loff_t *ppos, struct dyn_event_type *type);
/*
 * The same for a file of another syntax (synthetic_events): run(line,
 * arg) for each line, its comment cut; the first error ends the write.
 */
ssize_t dyn_event_write_each(const char __user *ubuf, size_t count,
			     loff_t *ppos, int (*run)(char *line, void *arg),
			     void *arg);
/* Run one line of type's file (kernel callers: dynevent_create()). */
int dyn_event_run_cmd(const char *text, size_t len,
		      struct dyn_event_type *type);
/* Remove every event of type (NULL: all); -EBUSY if one is in use. */
int dyn_event_release_all(struct dyn_event_type *type);
/*
 * The operations of a definition file (dynamic_events, kprobe_events...):
 * its tracefs data is the type whose lines it takes, NULL for all.
 */
extern const struct file_operations dyn_event_file_fops;
/* Open for seq_file listing of type's events (NULL: all). */
int dyn_event_open(struct inode *inode, struct file *file,
		   struct dyn_event_type *type,
		   int (*show)(struct seq_file *m, void *v));

/* Lock order of tracing: trace_types_lock, then event_mutex. */
static inline void probe_lock(void)
{
	mutex_lock(&trace_types_lock);
	mutex_lock(&event_mutex);
}

static inline void probe_unlock(void)
{
	mutex_unlock(&event_mutex);
	mutex_unlock(&trace_types_lock);
}

#endif /* _KERNEL_TRACE_DYNEVENT_H */
