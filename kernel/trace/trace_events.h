/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event machinery's internal interface, shared by trace_events.c
 * (the registry of events, enabling, the record path, pid filtering)
 * and trace_events_fs.c (the events/ tree and the event control files).
 *
 * Objects:
 *  - struct trace_event_call (include/linux/trace_events.h): one event,
 *    made by the TRACE_EVENT() macros in the kernel image or a module.
 *    Every registered call is on event_calls.
 *  - struct trace_event_file: one event in one trace array; its
 *    directory, filter and enable state there. tr->events lists them.
 *  - struct event_subsystem: one group name (TRACE_SYSTEM), shared by
 *    every array; it keeps the group filter's text.
 *  - struct trace_subsystem_dir: one group in one array (events/GROUP/).
 *
 * Locking: event_mutex serialises every change of the lists above, of
 * a file's enable state and filter, of the pid lists and of the
 * i_private of the event files' inodes. It nests inside
 * trace_types_lock: whoever needs both takes trace_types_lock first.
 * The record path takes no lock: it runs inside the tracepoint's
 * RCU-sched section, and everything it reads (file, filter, pid lists)
 * is freed only after tracepoint_synchronize_unregister().
 *
 * Lifetime of a file: it is freed when its last reference goes. The
 * registry holds one; each open control file holds one. When the event
 * goes (module unload, instance removal) the file is marked
 * EVENT_FILE_FL_FREED and its inodes forget it, so open files see
 * -ENODEV and never touch the event itself, which may be gone.
 */
#ifndef _KERNEL_TRACE_TRACE_EVENTS_H
#define _KERNEL_TRACE_TRACE_EVENTS_H

#include <linux/trace_events.h>
#include <linux/mutex.h>
#include <linux/list.h>

#include "trace.h"
#include "trace_pid.h"

struct trace_seq;

extern struct mutex event_mutex;
/* The kernel's events and eval maps (include/asm-generic/vmlinux.lds.h) */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];
/* Every registered trace_event_call, [E] (event_mutex). */
extern struct list_head event_calls;
/* The common fields (common_type...) every record starts with. */
extern struct list_head event_common_fields;

/*
 * The system of an event whose header defines no TRACE_SYSTEM: such an
 * event sits in events/ itself, and set_event names it without group.
 */
#define EVENT_NO_SYSTEM	"TRACE_SYSTEM"

/* The tracefs files of one event directory, forgotten on removal. */
enum event_file_entry {
	EV_ENTRY_ENABLE,
	EV_ENTRY_ID,
	EV_ENTRY_FILTER,
	EV_ENTRY_TRIGGER,
	EV_ENTRY_FORMAT,
	EV_ENTRY_HIST,
	EV_ENTRY_NR,
};

/*
 * The core's wrapper of a trace_event_file: the tracefs files made for
 * it, whose i_private must be cleared when the event goes.
 */
struct event_file_node {
	struct trace_event_file	file;
	struct dentry		*entries[EV_ENTRY_NR];
};

static inline struct event_file_node *
event_file_node(struct trace_event_file *file)
{
	return container_of(file, struct event_file_node, file);
}

/* A group name, shared by the arrays that have events of it. */
struct event_subsystem {
	struct list_head	list;
	const char		*name;
	int			ref;		/* [E] dirs using it */
};

/* The tracefs files of events/GROUP/. */
enum subsystem_dir_entry {
	SYS_ENTRY_FILTER,
	SYS_ENTRY_ENABLE,
	SYS_ENTRY_NR,
};

/* A group in one array: events/GROUP/. */
struct trace_subsystem_dir {
	struct list_head	list;		/* in tr->systems */
	struct event_subsystem	*subsystem;
	struct trace_array	*tr;
	struct dentry		*entry;
	struct dentry		*entries[SYS_ENTRY_NR];
	int			ref;		/* [E] registry + open files */
	int			nr_events;	/* [E] 0: going away */
};

/* ---- pid filtering (trace_events.c; lists: trace_pid.h) ---- */

/* Replace tr's list of kind type (TRACE_PIDS or TRACE_NO_PIDS). [E] */
void event_set_pid_list(struct trace_array *tr, int type,
			struct trace_pid_list *list);
/* Forget tr's lists of the kinds in type. [E] */
void event_clear_pid_lists(struct trace_array *tr, int type);

/* ---- enabling (trace_events.c) ---- */

/* Enable or disable one file; soft: on behalf of a trigger. [E] */
int trace_event_enable_disable(struct trace_event_file *file, int enable,
			       int soft_disable);
/*
 * Enable or disable the files of tr that match: any argument may be
 * NULL (all). match: an event or a group name; sub: a group; event: an
 * event name. -EINVAL if nothing matched. [E]
 */
int __ftrace_set_clr_event_nolock(struct trace_array *tr, const char *match,
				  const char *sub, const char *event, int set);
int __ftrace_set_clr_event(struct trace_array *tr, const char *match,
			   const char *sub, const char *event, int set);
/*
 * Pin an event (its module cannot go) and keep its probe attached in
 * soft mode, for a trigger or a function command that switches it
 * (trace_events_trigger.c); and let it go. [E]
 */
int event_soft_hold(struct trace_event_file *file);
void event_soft_release(struct trace_event_file *file);
/* Whether the file can be enabled through its files and set_event. */
bool event_file_enableable(struct trace_event_file *file);

/* ---- files (trace_events.c) ---- */

void event_file_get(struct trace_event_file *file);
void event_file_put(struct trace_event_file *file);
/* The file of system:event in tr, or NULL. [E] */
struct trace_event_file *find_event_file(struct trace_array *tr,
					 const char *system,
					 const char *event);

/* ---- filters (trace_events.c) ---- */

/*
 * Set (text) or clear (text "0") the filter of one file; errors are
 * logged in tr's error_log. [E]
 */
int event_file_set_filter(struct trace_event_file *file, char *text);
/* The same for every file of a group; "0" clears them all. [E] */
int event_subsystem_set_filter(struct trace_subsystem_dir *dir, char *text);
/* What reading the filter file shows. [E] */
void event_file_print_filter(struct trace_event_file *file,
			     struct trace_seq *s);
void event_subsystem_print_filter(struct trace_subsystem_dir *dir,
				  struct trace_seq *s);
/* Drop a removed file's filter (after the probes are gone). [E] */
void event_file_free_filter(struct trace_event_file *file);

/* ---- tracefs (trace_events_fs.c) ---- */

/* set_event, set_event_pid... and events/enable of an array. [E] */
int event_create_toplevel_files(struct trace_array *tr,
				struct dentry *d_events);
/* Forget tr in the inodes of those files (tr is going away). [E] */
void event_remove_toplevel_files(struct trace_array *tr);
/* available_events, at the top level. */
void event_create_available_events(void);

/* events/GROUP/EVENT/ for one file, and the group dir if new. [E] */
int event_create_dir(struct trace_event_file *file);
/* Remove the file's directory, forget its inodes, drop the group. [E] */
void event_remove_dir(struct trace_event_file *file);
/* The group a file belongs to in its array; [E] */
void event_put_subsystem_dir(struct trace_subsystem_dir *dir);

/* ---- triggers (trace_events_trigger.c) ---- */

/*
 * The file of trace_marker's triggers (trace_events.c): it has no
 * probe, and is on no list of its array (tr->marker_file).
 */
bool event_file_is_marker(const struct trace_event_file *file);
/* its events/ftrace/print/trigger, in dir (trace_events_fs.c); [E] */
int event_create_marker_trigger(struct trace_event_file *file,
				struct dentry *dir);
void event_remove_marker_trigger(struct trace_event_file *file);

struct seq_file;
struct module;

/*
 * Run one write of a trigger file (trailing white space removed): add
 * "CMD[:ARGS] [if FILTER]" or remove "!CMD[:ARGS]". Returns 0 or
 * upstream's errno. [L][E]
 */
int event_trigger_write_cmd(struct trace_event_file *file, char *text);
/* Opening the trigger file with O_TRUNC: remove the hist triggers. [E] */
void event_triggers_truncate(struct trace_event_file *file);
/* What reading the trigger file shows. [E] */
void event_triggers_show(struct seq_file *m, struct trace_event_file *file);
/* Remove every trigger of tr's files (tr is going away). [E] */
void event_triggers_clear_array(struct trace_array *tr);

#ifdef CONFIG_HIST_TRIGGERS
/* What events/GROUP/EVENT/hist shows: file's histograms (hist/). [E] */
void hist_show_file(struct seq_file *m, struct trace_event_file *file);
#endif

/*
 * Probe triggers: the kernel's own use of an event's records (event
 * probes). Not listed in the trigger file, not removed by its commands
 * nor by event_triggers_clear_array(): their owner adds and removes them.
 */
struct event_trigger;
typedef void (*event_trigger_probe_fn)(void *data, void *rec);

struct event_trigger *event_trigger_probe_add(struct trace_event_file *file,
					      event_trigger_probe_fn fn,
					      void *data, const char *filter);
void event_trigger_probe_remove(struct event_trigger *t);
/* Remove the triggers on mod's events in every array (unload). [L][E] */
void event_triggers_clear_module(struct module *mod);
/*
 * Where the record of an event whose triggers need it goes while the
 * array's buffer refuses it (tracing off): read by the triggers only.
 */
extern struct trace_buffer *event_trigger_temp_buffer;

/* ---- perf (trace_event_perf.c) ---- */

#ifdef CONFIG_PERF_EVENTS
/* trace_event_reg()'s TRACE_REG_PERF_* cases */
int trace_event_perf_reg(struct trace_event_call *call, enum trace_reg type,
			 void *data);
/* Attach a perf event to a call it holds, or one made for it alone. */
int perf_trace_attach_call(struct trace_event_call *call,
			   struct perf_event *p_event);
void perf_trace_detach_call(struct perf_event *p_event);
#endif

/*
 * Add or remove a dynamic event's call (kernel/trace/probes): -EBUSY if
 * it is enabled or referenced anywhere. [L][E] The remover has made sure
 * that none of the call's probes can still be running (its kprobes
 * unregistered, its probe triggers removed): the files go at once.
 */
int trace_event_add_dyn(struct trace_event_call *call);
int trace_event_remove_dyn(struct trace_event_call *call);

/* The event whose type is id, with a reference on its module; or NULL. */
struct trace_event_call *trace_event_call_by_id(int id);
void trace_event_call_put(struct trace_event_call *call);

#endif /* _KERNEL_TRACE_TRACE_EVENTS_H */
