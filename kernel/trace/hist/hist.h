/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hist triggers: what the files of hist/ share.
 *
 *	tracing_map.c	the lock-free map the histograms count in
 *	hist_field.c	a key or value: its text parsed against the
 *			event's fields, and its value read from a record
 *	hist_trigger.c	the "hist" trigger command: its attributes, adding,
 *			removing, pause/cont/clear, named histograms, and
 *			the record path
 *	hist_show.c	the hist file and the trigger's line
 *	synth_event.c	synthetic events (synth.h)
 *
 * A histogram (struct hist_data) is a map and the fields that make its
 * keys and sums. It belongs to one trigger, or, with name=, to every
 * trigger of that name (hist_data.ref counts them). A trigger (struct
 * hist_trigger, the event_trigger's data) adds its own pause state.
 *
 * Limits, upstream's, since scripts and ftracetest rely on where they
 * fail:
 *   HIST_KEYS_MAX	keys of one histogram
 *   HIST_VALS_MAX	its sums, hitcount included
 *   HIST_SORT_MAX	sort= fields
 *   HIST_KEY_SIZE_MAX	bytes of a whole key: one string and a stack
 *   HIST_STACK_DEPTH	return addresses of a stacktrace key
 *   HIST_ASSIGN_MAX	NAME=VALUE attributes of one trigger
 */
#ifndef _KERNEL_TRACE_HIST_HIST_H
#define _KERNEL_TRACE_HIST_HIST_H

#include <linux/list.h>
#include "../trace.h"
#include "../trace_events.h"
#include "../trace_events_trigger.h"
#include "tracing_map.h"

#define HIST_KEYS_MAX		3
#define HIST_VALS_MAX		3
#define HIST_SORT_MAX		2
#define HIST_STR_MAX		MAX_FILTER_STR_VAL
#define HIST_STACK_DEPTH	16
#define HIST_KEY_SIZE_MAX	(HIST_STR_MAX + \
				 HIST_STACK_DEPTH * sizeof(unsigned long))
#define HIST_ASSIGN_MAX		16

/* What a field reads. */
enum hist_kind {
	HK_HITCOUNT,		/* 1 per record */
	HK_NUM,			/* an integer field of the record */
	HK_STR,			/* a string field of the record */
	HK_CPU,			/* common_cpu, the CPU recording */
	HK_TIMESTAMP,		/* common_timestamp, the record's stamp */
	HK_CONST,		/* a number written in the trigger */
	HK_STACK,		/* stacktrace: the kernel stack */
};

/* Modifiers: at most one per field, written as .NAME after it. */
enum {
	HF_HEX		= BIT(0),
	HF_SYM		= BIT(1),
	HF_SYM_OFFSET	= BIT(2),
	HF_EXECNAME	= BIT(3),
	HF_SYSCALL	= BIT(4),
	HF_LOG2		= BIT(5),
	HF_BUCKET	= BIT(6),
	HF_USECS	= BIT(7),
	HF_PERCENT	= BIT(8),
	HF_GRAPH	= BIT(9),
};

struct hist_field {
	enum hist_kind			kind;
	unsigned int			mods;	/* HF_* */
	struct ftrace_event_field	*field;	/* HK_NUM, HK_STR */
	unsigned int			size;	/* bytes it takes in the key */
	unsigned int			offset;	/* where, in the key */
	bool				is_signed;
	unsigned long			buckets; /* HF_BUCKET */
	u64				constant; /* HK_CONST */
};

struct hist_sort {
	bool		key;		/* a key field, else a sum */
	unsigned int	idx;		/* in keys[] or vals[] */
	bool		descending;
};

struct hist_data {
	int			ref;	/* [E] the triggers using it */
	struct tracing_map	*map;
	struct hist_field	*keys[HIST_KEYS_MAX];
	struct hist_field	*vals[HIST_VALS_MAX];	/* [0]: hitcount */
	unsigned int		n_keys, n_vals;
	unsigned int		key_size;
	struct hist_sort	sort[HIST_SORT_MAX];
	unsigned int		n_sort;
	unsigned int		bits;
	bool			execname; /* its elements keep a comm */
	bool			timestamps; /* it reads common_timestamp */
	bool			usecs;	/* ... in microseconds */
	char			*clock;
	/* set while the map is emptied: writers keep off it */
	bool			clearing;
};

struct hist_trigger {
	struct hist_data	*hd;
	/*
	 * A trigger that joined a named histogram of another event reads
	 * its records with its own fields (their offsets may differ) into
	 * the shared map: own holds them. NULL: hd's are its own.
	 */
	struct hist_data	*own;
	char			*name;	/* "name=NAME", or NULL */
	struct list_head	named;	/* [E] in the named list */
	bool			paused;	/* read by the record path */
};

/* ---- hist_field.c ---- */

/*
 * Errors of a trigger being parsed go to error_log as upstream's: the
 * command written ("hist:" and what followed) and the place.
 */
struct hist_parse {
	struct trace_array	*tr;
	struct trace_event_file	*file;
	const char		*cmd;	/* "hist:ARGS" */
	const char		*loc;	/* "hist:SYSTEM:EVENT" */
};

enum hist_err {
	HE_NAMED_MISMATCH,
	HE_TRIGGER_EEXIST,
	HE_TRIGGER_ENOENT_CLEAR,
	HE_SET_CLOCK_FAIL,
	HE_BAD_FIELD_MODIFIER,
	HE_FIELD_NOT_FOUND,
	HE_EMPTY_ASSIGNMENT,
	HE_INVALID_SORT_MODIFIER,
	HE_EMPTY_SORT_FIELD,
	HE_TOO_MANY_SORT_FIELDS,
	HE_INVALID_SORT_FIELD,
	HE_TOO_MANY_VARS,
};

/* Log err at the first place word appears in the command (0 if NULL). */
void hist_err(struct hist_parse *p, enum hist_err err, const char *word);

/*
 * Parse one key (key true) or value as written: a field, common_cpu,
 * common_timestamp, a number or (keys) stacktrace, each with at most one
 * modifier. Returns the field or an ERR_PTR, having logged the error.
 */
struct hist_field *hist_field_parse(struct hist_parse *p, const char *text,
				    bool key);
void hist_field_free(struct hist_field *f);
/* The name it is shown and sorted by: "" for stacktrace. */
const char *hist_field_name(const struct hist_field *f);
/* Its text in the trigger's line: name, modifier, "=N" of buckets. */
void hist_field_print(struct seq_file *m, const struct hist_field *f);
/* Same fields, same types: for named histograms and duplicates. */
bool hist_field_same(const struct hist_field *a, const struct hist_field *b);

/*
 * What the record path reads a field from: the record, where it was
 * reserved, and the array whose event it is (for its clock).
 */
struct hist_rec {
	const struct hist_data		*hd;
	struct trace_array		*tr;
	struct trace_buffer		*buffer;
	void				*rec;
	struct ring_buffer_event	*event;
};

/* A number's value in the record, modifiers applied (not a string). */
u64 hist_field_value(const struct hist_rec *r, const struct hist_field *f);
/* Write f's part of the key at key + f->offset (zeroed by the caller). */
void hist_field_key(const struct hist_rec *r, const struct hist_field *f,
		    void *key);

/* ---- hist_trigger.c ---- */

/* Per element, when a histogram has an execname key. */
struct hist_elt_priv {
	char	comm[TASK_COMM_LEN];
};

/* ---- hist_show.c ---- */

/* The trigger's line, as the trigger and hist files show it. */
void hist_trigger_print(struct seq_file *m, struct event_trigger *t);

#endif /* _KERNEL_TRACE_HIST_HIST_H */
