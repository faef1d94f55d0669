/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trigger commands defined outside trace_events_trigger.c (the hist
 * triggers of hist/): what a command is, what a trigger holds, and the
 * steps a command with its own syntax takes to add and remove its
 * triggers. The design of the trigger list is at the top of
 * trace_events_trigger.c; everything here runs under event_mutex ([E]).
 */
#ifndef _KERNEL_TRACE_TRACE_EVENTS_TRIGGER_H
#define _KERNEL_TRACE_TRACE_EVENTS_TRIGGER_H

#include "trace_events.h"

struct event_trigger;
struct event_filter;
struct seq_file;

/* What a command does; trace_events_trigger.c's table lists them all. */
struct trigger_cmd {
	const char		*name;
	enum event_trigger_type	type;	/* duplicates share a type */
	bool			post;	/* runs after the commit */
	bool			target;	/* takes SYSTEM:EVENT */
	bool			probe;	/* a probe trigger: not the user's */
	bool			tail;	/* listed after the others, in order */
	bool			trunc;	/* O_TRUNC of the trigger file removes */
	/* whether t may not be removed now (O_TRUNC then removes none) */
	bool			(*busy)(struct event_trigger *t);
	/* whether firing now would change something (NULL: always) */
	bool			(*wanted)(struct event_trigger *t);
	void			(*fire)(struct event_trigger *t);
	/* before linking: what the command needs; [L][E] */
	int			(*prepare)(struct trace_event_file *file);
	/*
	 * A command with its own syntax: the whole write after the name
	 * ("!" stripped into remove, args NULL if none). [L][E]
	 */
	int			(*write)(struct trace_event_file *file,
					 const struct trigger_cmd *cmd,
					 bool remove, char *args);
	/*
	 * Takes every record that passes the filter, in the event's
	 * context, before the commit (so TRIGGER_COND is set for it),
	 * with the buffer and the ring buffer event it was reserved in.
	 */
	void			(*record)(struct event_trigger *t,
					  struct trace_buffer *buffer, void *rec,
					  struct ring_buffer_event *event);
	/* its line in the trigger file, with the "\n"; [E] */
	void			(*show)(struct seq_file *m,
					struct event_trigger *t);
	/* frees what data holds, once no CPU can see t; [E] */
	void			(*release)(struct event_trigger *t);
};

struct event_trigger {
	struct list_head		list;	/* in file->triggers, RCU */
	/*
	 * On the remover's list of triggers to free: not list, which
	 * probes may still be walking until the grace period ends.
	 */
	struct list_head		free_link;
	const struct trigger_cmd	*cmd;
	struct trace_event_file		*file;	/* the event it sits on */
	struct trace_event_file		*target; /* enable/disable_event */
	struct event_filter		*filter; /* set before linking */
	char				*filter_text;
	atomic_long_t			count;	/* -1: unlimited */
	unsigned long			busy;	/* bit 0: a CPU is changing */
	event_trigger_probe_fn		probe_fn; /* a probe trigger's */
	void				*data;	/* the probe's, the command's */
};

/* A new trigger of cmd on file, not linked; NULL if out of memory. */
struct event_trigger *event_trigger_new(struct trace_event_file *file,
					const struct trigger_cmd *cmd);
/* Compile the text after "if" (errors: the engine's errno). */
int event_trigger_set_filter(struct event_trigger *t, const char *text);
/* "if FILTER": the word "if" and a filter after it, else -EINVAL. */
int event_trigger_parse_filter(struct event_trigger *t, char *text);
/* Put t on its file's list, the file in trigger mode; 0 or errno. [E] */
int event_trigger_link(struct event_trigger *t);
/*
 * Take t off its list, wait until no CPU can be running it, free it
 * (the command's release included). [E]
 */
void event_trigger_unlink_free(struct event_trigger *t);
/* Free a trigger that was never linked, or is off its list and unseen. */
void event_trigger_free(struct event_trigger *t);

#ifdef CONFIG_HIST_TRIGGERS
/* hist/hist_trigger.c */
extern const struct trigger_cmd hist_trigger_cmd;
/* enable_hist, disable_hist: (un)pause the target's histograms */
void hist_triggers_pause(struct trace_event_file *file, bool pause);
#endif

#endif /* _KERNEL_TRACE_TRACE_EVENTS_TRIGGER_H */
