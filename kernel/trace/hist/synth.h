/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic events: what synth_event.c keeps of each, and what the
 * histogram code will call to use and fire them.
 *
 * A synthetic event is a trace event with no place in the kernel's code:
 * a user defines it by its fields (synthetic_events, or "s:" lines of
 * dynamic_events), and something else supplies its values, a hist
 * trigger's action or kernel code through linux/trace_events.h's
 * synth_event_trace() family.
 *
 * Its record, as upstream's (tools read its format file, and the layout
 * is what the format says):
 *
 *	struct trace_entry	the common fields
 *	u64 slot[nslots]	the fixed part: each field starts a slot;
 *				a number fills its first size bytes, a
 *				char[N] string (N bytes, NUL included)
 *				takes SYNTH_STR_MAX bytes (32 slots)
 *				whatever N, a dynamic field
 *				(char[], long[]) one slot whose first
 *				4 bytes are its data_loc, (length << 16)
 *				| offset from the record's start
 *	dynamic data		the dynamic fields' bytes, in field order
 *
 * Limits, upstream's, since scripts and ftracetest rely on where they
 * fail:
 *   SYNTH_FIELDS_MAX	fields of one event; "Too many fields" past it
 *   SYNTH_STR_MAX	bytes of a char[N] field's slot, so the largest N,
 *			NUL included (MAX_FILTER_STR_VAL, a multiple of 8)
 *   SYNTH_STACK_MAX	entries of a long[] (stack trace) field
 * and ours:
 *   SYNTH_RECORD_MAX	the most a record takes; dynamic strings are cut
 *			to fit it, so that a record always fits a page of
 *			the ring buffer with room for `trace`'s line head
 */
#ifndef _KERNEL_TRACE_HIST_SYNTH_H
#define _KERNEL_TRACE_HIST_SYNTH_H

#include "../probes/dynevent.h"

#define SYNTH_SYSTEM		"synthetic"
#define SYNTH_FIELDS_MAX	64
#define SYNTH_STR_MAX		256
#define SYNTH_STACK_MAX		16
#define SYNTH_RECORD_MAX	(PAGE_SIZE - 512)

enum synth_kind {
	SYNTH_NUM,		/* an integer of 1, 2, 4 or 8 bytes */
	SYNTH_STR,		/* char[N]: a string in its slots */
	SYNTH_DYN_STR,		/* char[]: a string in the dynamic data */
	SYNTH_STACK,		/* long[]: return addresses, 0-ended */
};

struct synth_field {
	char		*type;		/* as listed: "u64", "char[16]" */
	char		*name;
	unsigned int	size;		/* the format's size */
	unsigned int	slot;		/* its first u64 in the fixed part */
	u8		kind;		/* enum synth_kind */
	bool		is_signed;
	bool		is_gfp;		/* gfp_t: shown with its flags */
};

/*
 * Lifetime: made and removed under event_mutex. Who fires it holds it
 * (users, or a reference on its file through trace_get_event_file());
 * its memory goes after an RCU grace period, which firing (preemption
 * off) ends within. Its files (se->files' trace_event_file) go at once
 * with the event: a user stops firing and waits for a grace period
 * (synchronize_rcu()) before it drops users.
 */
struct synth_event {
	struct dyn_event		dyn;
	char				*name;
	struct module			*mod;	/* its maker, pinned while enabled */
	int				nfields;
	struct synth_field		*fields;
	unsigned int			nslots;	/* u64s of the fixed part */
	bool				dynamic; /* has char[] or long[] fields */
	int				users;	/* [E] hist actions using it */
	struct list_head		files;	/* [E], RCU: where enabled */
	struct trace_event_class	class;
	struct trace_event_call		call;
	struct trace_event_functions	funcs;
	struct rcu_head			rcu;
};

/* The event of that name, or NULL. [E] */
struct synth_event *synth_event_find(const char *name);

/*
 * Record vals (one a field, in field order; a string or stack is its
 * address) in every instance where se is enabled. Any context, with
 * preemption off.
 */
void synth_event_fire(struct synth_event *se, const u64 *vals);

#endif /* _KERNEL_TRACE_HIST_SYNTH_H */
