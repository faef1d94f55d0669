/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hist triggers: what the files of hist/ share.
 *
 *	tracing_map.c	the lock-free map the histograms count in
 *	hist_field.c	a key, value or variable: its text parsed against
 *			the event's fields, and its value read from a record
 *	hist_var.c	expressions, variables, and references to the
 *			variables of other events' histograms
 *	hist_action.c	onmatch().trace(): synthetic events fired from
 *			histograms
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
 *   HIST_VARS_MAX	variables of one histogram
 *   HIST_SUBEXPR_MAX	operators in one expression
 *   HIST_ACTIONS_MAX	actions of one histogram
 * and ours:
 *   HIST_REFS_MAX	references of one histogram to other histograms'
 *			variables: each is one variable's read, so as many
 *			as its expressions and action parameters may have
 *   HIST_STRS_MAX	string variables of one histogram: each keeps a
 *			HIST_STR_MAX copy in every element, which the map
 *			bounds (TRACING_MAP_PRIV_SIZE_MAX)
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
#define HIST_VARS_MAX		16
#define HIST_SUBEXPR_MAX	3
#define HIST_ACTIONS_MAX	8
#define HIST_REFS_MAX		(2 * HIST_VARS_MAX)
/*
 * Histograms one histogram may make on other events to keep their
 * fields for its onmatch() parameters: upstream's limit, one per
 * parameter of a synthetic event.
 */
#define HIST_FIELD_HISTS_MAX	64
#define HIST_STRS_MAX		((TRACING_MAP_PRIV_SIZE_MAX - TASK_COMM_LEN - \
				  HIST_ACTIONS_MAX * sizeof(u64)) / HIST_STR_MAX)

/* What a field reads. */
enum hist_kind {
	HK_HITCOUNT,		/* 1 per record */
	HK_NUM,			/* an integer field of the record */
	HK_STR,			/* a string field of the record */
	HK_CPU,			/* common_cpu, the CPU recording */
	HK_TIMESTAMP,		/* common_timestamp, the record's stamp */
	HK_CONST,		/* a number written in the trigger */
	HK_STACK,		/* stacktrace: the kernel stack */
	HK_EXPR,		/* an operator on one or two fields */
	HK_VAR_REF,		/* another histogram's variable, read by key */
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

/* The modifiers a value, and a variable, may not have. */
#define HF_NOT_VAL	(HF_LOG2 | HF_BUCKET | HF_SYM | HF_SYM_OFFSET | \
			 HF_SYSCALL)
#define HF_NOT_VAR	(HF_GRAPH | HF_PERCENT | HF_BUCKET | HF_LOG2)

struct hist_field {
	enum hist_kind			kind;
	unsigned int			mods;	/* HF_* */
	/*
	 * HK_NUM, HK_STR: the event's field, read by the record path of
	 * the trigger that parsed it only; what the field's name and type
	 * are is copied (fname, ftype), for what outlives that event (a
	 * named histogram shown or matched after its first event went).
	 */
	struct ftrace_event_field	*field;
	char				*fname, *ftype;
	int				fsize, fsigned;
	unsigned int			size;	/* bytes it takes in the key */
	unsigned int			offset;	/* where, in the key */
	bool				is_signed;
	unsigned long			buckets; /* HF_BUCKET */
	u64				constant; /* HK_CONST */
	/* a stamp in microseconds (or an expression on one) */
	bool				usecs;
	/* the C type a synthetic event's field must have to take it */
	const char			*type;
	unsigned int			tsize;	/* and its size */
	/* HK_EXPR: '+', '-', '*', '/' or 'u' (unary minus), on operands */
	char				op;
	struct hist_field		*operands[2];
	/* HK_EXPR, HK_VAR_REF: the text the trigger's line shows */
	char				*text;
	unsigned int			ref;	/* HK_VAR_REF: its slot */
};

/* A variable: a value kept per entry, set by each record of the key. */
struct hist_var {
	char			*name;
	char			*text;	/* what it was set to, as written */
	struct hist_field	*expr;
	int			str;	/* a string: its copy's index, else -1 */
};

/*
 * A read of another histogram's variable: the entry of the same key in
 * that histogram, if it has the variable set. once: the read unsets it
 * (the variable is an operand of an expression), as upstream's.
 */
struct hist_ref {
	struct hist_data	*hd;	/* held: its ref_users */
	struct trace_event_file	*file;	/* its event, held in soft mode */
	unsigned int		var;
	bool			once;
};

struct hist_action;

/*
 * A histogram made for an onmatch() parameter that names a field of
 * another event: on that event, with the keys and filter of the
 * histogram there ours matches, it keeps the field in the variable
 * synthetic_FIELD, which ours reads by key. Ours made it, so ours
 * removes it when it goes (hist_field_hists_drop()).
 */
struct hist_field_hist {
	struct list_head	link;	/* in the maker's field_hists */
	struct trace_event_file	*file;
	char			*cmd;	/* "keys=...:synthetic_F=F[ if ...]" */
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
	struct hist_var		vars[HIST_VARS_MAX];
	unsigned int		n_vars;
	struct hist_ref		refs[HIST_REFS_MAX];
	unsigned int		n_refs;
	/* [E] the histograms holding a reference to one of our variables */
	int			ref_users;
	/* the largest key size among the referenced histograms */
	unsigned int		ref_key_size;
	struct list_head	field_hists;	/* [E] those we made */
	unsigned int		n_field_hists;
	struct hist_action	*actions[HIST_ACTIONS_MAX];
	unsigned int		n_actions;
	struct hist_sort	sort[HIST_SORT_MAX];
	unsigned int		n_sort;
	unsigned int		bits;
	bool			execname; /* its elements keep a comm */
	unsigned int		n_strs;	/* ... and copies of strings */
	bool			track;	/* ... and tracked values */
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
	struct hist_data	*hd;	/* the histogram being made */
	unsigned int		n_sub;	/* operators of the expression so far */
	unsigned int		depth;	/* local variables being expanded */
	bool			key;	/* parsing a key */
	bool			remove;	/* for "!hist": names may be taken */
	bool			quiet;	/* a try: errors are not logged */
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
	HE_DUPLICATE_VAR,
	HE_VAR_NOT_UNIQUE,
	HE_MALFORMED_ASSIGNMENT,
	HE_TOO_MANY_SUBEXPR,
	HE_TIMESTAMP_MISMATCH,
	HE_VAR_NOT_FOUND,
	HE_INVALID_REF_KEY,
	HE_INVALID_STR_OPERAND,
	HE_EXPECT_NUMBER,
	HE_UNARY_MINUS_SUBEXPR,
	HE_DIVISION_BY_ZERO,
	HE_SYNTH_EVENT_NOT_FOUND,
	HE_SYNTH_TYPE_MISMATCH,
	HE_SYNTH_COUNT_MISMATCH,
	HE_TOO_MANY_PARAMS,
	HE_PARAM_NOT_FOUND,
	HE_INVALID_PARAM,
	HE_ACTION_NOT_FOUND,
	HE_ACTION_MISMATCH,
	HE_NO_CLOSING_PAREN,
	HE_SUBSYS_NOT_FOUND,
	HE_INVALID_SUBSYS_EVENT,
	HE_FIELD_VAR_PARSE_FAIL,
	HE_ONX_NOT_VAR,
	HE_ONX_VAR_NOT_FOUND,
	HE_FIELD_VAR_CREATE_FAIL,
	HE_NO_SAVE_PARAMS,
	HE_TOO_MANY_SAVE_ACTIONS,
	HE_TOO_MANY_FIELD_VARS,
	HE_EVENT_FILE_NOT_FOUND,
	HE_HIST_NOT_FOUND,
	HE_HIST_CREATE_FAIL,
	HE_SYNTH_VAR_NOT_FOUND,
};

/* Log err at the first place word appears in the command (0 if NULL). */
void hist_err(struct hist_parse *p, enum hist_err err, const char *word);

/*
 * One operand as written: a field, common_cpu, common_timestamp, a
 * number or (keys) stacktrace, each with at most one modifier. Returns
 * the field or an ERR_PTR, having logged the error.
 */
struct hist_field *hist_atom_parse(struct hist_parse *p, const char *text);
void hist_field_free(struct hist_field *f);
/* The name it is shown and sorted by: "" for stacktrace. */
const char *hist_field_name(const struct hist_field *f);
/*
 * Its text in the trigger's line: name and modifier, "=N" of buckets,
 * "$VAR" of a reference, an expression's operands and operators.
 */
void hist_field_print(struct seq_file *m, const struct hist_field *f);
/* The same into buf (HIST_STR_MAX bytes): NULL if it does not fit. */
char *hist_field_text(const struct hist_field *f);
/* Same fields, same types: for named histograms and duplicates. */
bool hist_field_same(const struct hist_field *a, const struct hist_field *b);

/*
 * What the record path reads a field from: the record, where it was
 * reserved, and the array whose event it is (for its clock); the
 * values read from other histograms' variables, by slot.
 */
struct hist_rec {
	const struct hist_data		*hd;
	struct trace_array		*tr;
	struct trace_buffer		*buffer;
	void				*rec;
	struct ring_buffer_event	*event;
	u64				refs[HIST_REFS_MAX];
};

/* A number's value in the record, modifiers applied (not a string). */
u64 hist_field_value(const struct hist_rec *r, const struct hist_field *f);
/* Write f's part of the key at key + f->offset (zeroed by the caller). */
void hist_field_key(const struct hist_rec *r, const struct hist_field *f,
		    void *key);

/* a OP b, OP one of + - * / (a division by 0 is -1, as upstream's) */
u64 hist_op(char op, u64 a, u64 b);
/* The address of a string field's text in the record. */
const char *hist_field_str(const struct hist_field *f, void *rec);
/* Copy a string field's text from the record into buf, NUL-ended. */
void hist_field_copy_str(const struct hist_field *f, void *rec, char *buf,
			 size_t size);

/* ---- hist_var.c ---- */

/*
 * Parse a key, value or variable's value as written: an expression of
 * operands and operators, or a reference to a variable (a local one
 * stands for what it was set to). key: no reference to another
 * histogram may be in it. Returns the field or an ERR_PTR, logged.
 */
struct hist_field *hist_field_parse(struct hist_parse *p, const char *text,
				    bool key);
/* The variables of p->hd, from its NAME=VALUE attributes. */
int hist_vars_parse(struct hist_parse *p, char **assign, unsigned int n);
/* The index of p->hd's variable of that name, or -1. */
int hist_var_find(const struct hist_data *hd, const char *name);
/*
 * A reference to the variable name of another histogram (sys and event
 * NULL: the onmatch() events', else the one histogram of the array that
 * has it), added to p->hd's references; the field, or an ERR_PTR:
 * -ENOENT (not logged: the caller says what was not found), or another
 * error, logged. once: the read unsets it.
 */
struct hist_field *hist_ref_parse(struct hist_parse *p, const char *sys,
				  const char *event, const char *name,
				  bool once);
/* Drop p->hd's references: their histograms and events. [E] */
void hist_refs_put(struct hist_data *hd);
/*
 * For an onmatch() parameter FIELD of the event SYS.EVENT: a reference
 * to its variable synthetic_FIELD, made by a new histogram there unless
 * one already keeps it. The field or an ERR_PTR, logged. [E]
 */
struct hist_field *hist_field_var_ref(struct hist_parse *p, const char *sys,
				      const char *event, const char *field);
/* Remove the histograms hd made for its parameters. [E] */
void hist_field_hists_drop(struct hist_data *hd);
/*
 * Read the referenced variables for the entry of key: false if one is
 * missing (the record then counts for nothing, as upstream's).
 */
bool hist_refs_read(struct hist_rec *r, const void *key);
/* Whether another histogram reads hd's variables: it cannot go. [E] */
static inline bool hist_data_busy(const struct hist_data *hd)
{
	return hd->ref_users > 0;
}

/* ---- hist_action.c ---- */

/*
 * Parse "onmatch(SYS.EVENT).ACTION(PARAMS)", "onmax($VAR).save(...)"
 * or "onchange($VAR).save(...)" into p->hd.
 */
int hist_action_parse(struct hist_parse *p, char *text);
/* Resolve the actions' events and parameters, once the fields are. */
int hist_actions_create(struct hist_parse *p);
/* Give back the array's conditional snapshot, if an action holds it. [E] */
void hist_actions_detach(struct hist_data *hd);
void hist_actions_free(struct hist_data *hd);
/* Run the actions after a record updated elt; vars: its variables. */
void hist_actions_run(struct hist_rec *r, struct tracing_map_elt *elt,
		      const u64 *vars);
/* What they keep of an entry (onmax's "max:" and saved values). */
void hist_actions_show(struct seq_file *m, const struct hist_data *hd,
		       const struct tracing_map_elt *elt);
/* After the entries: what triggered a snapshot() action's snapshot. */
void hist_actions_show_snapshot(struct seq_file *m, const struct hist_data *hd);
/* Their part of the trigger's line (":onmatch(...)..."). */
void hist_actions_print(struct seq_file *m, const struct hist_data *hd);
/* Same actions: for duplicates. */
bool hist_actions_same(const struct hist_data *a, const struct hist_data *b);
/* The events named by onmatch(): where variables are looked for first. */
bool hist_action_match_event(const struct hist_data *hd, unsigned int i,
			     const char **sys, const char **event);

/* ---- hist_trigger.c ---- */

/* Drop a count of hd; the last frees it (and what it holds). [E] */
void hist_data_put(struct hist_data *hd);
/*
 * Write "[!]hist:" followed by text (which is left intact) to file's
 * trigger, as a user's write would: 0 or the errno. [E]
 */
int hist_command(struct trace_event_file *file, bool remove,
		 const char *text);

/*
 * Per element, when a histogram has an execname (key or variable),
 * string variables or onmax()/onchange() actions: the comm of the task
 * that made the element; each action's tracked value; then HIST_STR_MAX
 * bytes a string variable (the variable holds the address of its copy
 * here) or a value save() keeps.
 */
struct hist_elt_priv {
	char		comm[TASK_COMM_LEN];
	atomic64_t	track[HIST_ACTIONS_MAX];
	char		strs[][HIST_STR_MAX];
};

/*
 * The event file of an array by its names, trace_marker's
 * (ftrace.print) included, which is on no list of the array. [E]
 */
struct trace_event_file *hist_find_file(struct trace_array *tr,
					const char *sys, const char *event);

/* ---- hist_show.c ---- */

/* The trigger's line, as the trigger and hist files show it. */
void hist_trigger_print(struct seq_file *m, struct event_trigger *t);
/* An entry's keys as its line in the hist file shows them, "{ ... }". */
void hist_print_keys(struct seq_file *m, const struct hist_data *hd,
		     const struct tracing_map_elt *elt);

#endif /* _KERNEL_TRACE_HIST_HIST_H */
