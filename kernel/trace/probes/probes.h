/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dynamic events and probe events: the parts, and what they share.
 *
 *   dynevent.c		dynamic_events: the one file where every type of
 *			event made at run time is added, listed and
 *			removed, and the registry of those types
 *   args_parse.c	the fetch-argument language of probe events
 *			(NAME=FETCHARG:TYPE) compiled into a fetch program,
 *			and the parse errors of every probe type, with
 *			upstream's texts and caret positions
 *   args_fetch.c	running a fetch program when a probe hits: the
 *			record's fixed part and its strings; printing the
 *			record, its fields and its print_fmt
 *   probe_event.c	the trace event behind a probe: its call and
 *			class, the instances it is enabled in, the probes
 *			sharing it (multiprobe), its record and output
 *   kprobe_event.c	kprobe_events, kprobe_profile and the kprobe and
 *			kretprobe handlers; the perf "kprobe" PMU's events;
 *			kprobe events made by kernel code (dynevent_cmd)
 *   uprobe_event.c	uprobe_events, uprobe_profile and the uprobe and
 *			uretprobe handlers; the perf "uprobe" PMU's events
 *   eprobe_event.c	event probes: events made from the records of
 *			another event, through a probe trigger on it
 *
 * Locking: event_mutex (trace_events.h) serialises every change: the
 * list of dynamic events, a probe event's probes, its enabling. Whoever
 * also needs trace_types_lock (adding or removing a trace event) takes
 * it first, as everywhere in tracing: probe_lock() takes both. The
 * handlers take no lock: they run with preemption off (kprobes, the
 * rethook) and read what they use under RCU; what they read is freed
 * after a grace period.
 */
#ifndef _KERNEL_TRACE_PROBES_H
#define _KERNEL_TRACE_PROBES_H

#include <linux/trace_events.h>
#include <linux/seq_file.h>
#include <linux/list.h>

#include "../trace.h"
#include "../trace_events.h"

#include "dynevent.h"

/* ---- args_parse.c: the language and its errors ---- */

/*
 * The limits of a definition, upstream's (scripts and ftracetest rely
 * on where they fail):
 *  PROBE_MAX_ARGS	arguments of one probe
 *  PROBE_MAX_ARGSTR	length of one fetch argument's text
 *  PROBE_MAX_ARRAY	elements of an array argument
 *  PROBE_MAX_ARGNAME	length of an argument's name
 *  PROBE_MAX_STRING	bytes of one string argument, NUL included
 *  PROBE_MAX_FIXED	bytes of a record's fixed part (strings excluded)
 *  PROBE_MAX_STEPS	steps of one fetch program: a source counts one,
 *			@ADDR two, each dereference one, a final step for
 *			values kept in registers one; "Dereference is too
 *			much nested" past that
 */
#define PROBE_MAX_ARGS		128
#define PROBE_MAX_ARGSTR	63
#define PROBE_MAX_ARRAY		64
#define PROBE_MAX_ARGNAME	32
#define PROBE_MAX_STRING	PATH_MAX
#define PROBE_MAX_FIXED		3072
#define PROBE_MAX_STEPS		15
#define PROBE_NAME_MAX		64	/* group and event names, NUL included */
#define KRETPROBE_MAXACTIVE_MAX	4096

/* The parse errors; args_parse.c has their texts (upstream's). */
enum probe_err {
	PERR_FILE_NOT_FOUND,
	PERR_NO_REGULAR_FILE,
	PERR_BAD_REFCNT,
	PERR_REFCNT_OPEN_BRACE,
	PERR_BAD_REFCNT_SUFFIX,
	PERR_BAD_UPROBE_OFFS,
	PERR_MAXACT_NO_KPROBE,
	PERR_BAD_MAXACT,
	PERR_MAXACT_TOO_BIG,
	PERR_BAD_PROBE_ADDR,
	PERR_NON_UNIQ_SYMBOL,
	PERR_BAD_RETPROBE,
	PERR_BAD_ADDR_SUFFIX,
	PERR_NO_GROUP_NAME,
	PERR_GROUP_TOO_LONG,
	PERR_BAD_GROUP_NAME,
	PERR_NO_EVENT_NAME,
	PERR_EVENT_TOO_LONG,
	PERR_BAD_EVENT_NAME,
	PERR_EVENT_EXIST,
	PERR_RETVAL_ON_PROBE,
	PERR_BAD_STACK_NUM,
	PERR_BAD_ARG_NUM,
	PERR_BAD_VAR,
	PERR_BAD_REG_NAME,
	PERR_BAD_MEM_ADDR,
	PERR_BAD_IMM,
	PERR_IMMSTR_NO_CLOSE,
	PERR_FILE_ON_KPROBE,
	PERR_BAD_FILE_OFFS,
	PERR_SYM_ON_UPROBE,
	PERR_TOO_MANY_OPS,
	PERR_DEREF_NEED_BRACE,
	PERR_BAD_DEREF_OFFS,
	PERR_DEREF_OPEN_BRACE,
	PERR_COMM_CANT_DEREF,
	PERR_BAD_FETCH_ARG,
	PERR_ARRAY_NO_CLOSE,
	PERR_BAD_ARRAY_SUFFIX,
	PERR_BAD_ARRAY_NUM,
	PERR_ARRAY_TOO_BIG,
	PERR_BAD_TYPE,
	PERR_BAD_STRING,
	PERR_BAD_SYMSTRING,
	PERR_BAD_BITFIELD,
	PERR_ARG_NAME_TOO_LONG,
	PERR_NO_ARG_NAME,
	PERR_BAD_ARG_NAME,
	PERR_USED_ARG_NAME,
	PERR_ARG_TOO_LONG,
	PERR_NO_ARG_BODY,
	PERR_BAD_INSN_BNDRY,
	PERR_FAIL_REG_PROBE,
	PERR_DIFF_PROBE_TYPE,
	PERR_DIFF_ARG_TYPE,
	PERR_SAME_PROBE,
	PERR_NO_EVENT_INFO,
	PERR_BAD_ATTACH_EVENT,
	PERR_BAD_ATTACH_ARG,
	PERR_NO_EP_FILTER,
	PERR_EVENT_TOO_BIG,
	PERR_NR
};

/*
 * The command being parsed, for its error_log entries: the words of the
 * line (its argv) and the word being looked at. An error's caret is at
 * an offset into that word; the logged command is the words joined by
 * single spaces.
 */
struct probe_cmd {
	const char	*subsys;	/* "trace_kprobe"... */
	int		argc;
	const char	**argv;
	int		word;
	/* an event probe's: the fields of the event it is on */
	struct list_head *fields;
};

void probe_err(struct probe_cmd *cmd, int offset, enum probe_err err);

/* What a definition may use: the parse differs per probe type. */
#define PROBE_KERNEL	BIT(0)	/* kernel addresses, symbols, registers */
#define PROBE_RETURN	BIT(1)	/* a return probe: $retval */
#define PROBE_FENTRY	BIT(2)	/* at a function's entry: $argN */
#define PROBE_USER	BIT(3)	/* a uprobe: @+OFFS, no symbols */
#define PROBE_EVENT	BIT(4)	/* an event probe: $FIELD, no registers */

/* The types of a fetched value, as its field and its text show it. */
enum probe_type_kind {
	PT_UNSIGNED,	/* uN */
	PT_SIGNED,	/* sN */
	PT_HEX,		/* xN */
	PT_SYMBOL,	/* an address, shown as symbol+offset */
	PT_STRING,	/* string, ustring, symstr: a __data_loc char[] */
};

struct probe_argtype {
	const char	*name;		/* as written: "u8", "string"... */
	const char	*field;		/* the format file's type */
	const char	*fmt;		/* print_fmt's conversion */
	u8		size;		/* bytes in the fixed part */
	u8		kind;		/* enum probe_type_kind */
};

/* How the last step stores what the program computed. */
enum probe_store {
	PS_VALUE,	/* the value itself, cut to the type's size */
	PS_MEM,		/* size bytes at the address computed */
	PS_UMEM,	/* the same in user memory */
	PS_STRING,	/* a NUL-ended string at the address */
	PS_USTRING,	/* the same in user memory */
	PS_SYMSTR,	/* the value's symbol+offset, as text */
	PS_COMM,	/* the current task's comm */
	PS_IMMSTR,	/* a string written in the definition */
};

/* What a step of a fetch program does to the value so far. */
enum probe_op {
	OP_REG,		/* regs_get_register(param) */
	OP_STACK,	/* the param-th long of the stack */
	OP_STACKP,	/* the stack pointer */
	OP_RETVAL,	/* the return value */
	OP_ARG,		/* the function's param-th argument */
	OP_IMM,		/* value: a number, @ADDR, a resolved @SYM */
	OP_FOFFS,	/* a uprobe's file offset: value */
	OP_COMM,	/* the task's comm (a string source) */
	OP_IMMSTR,	/* a string of the definition */
	OP_DEREF,	/* load the long at value + offset */
	OP_FIELD,	/* a field of the event's record: param its offset */
};

/*
 * How OP_FIELD reads its field (its value): the field's size, whether
 * it is signed, or for a string field where the string is; the value is
 * then the string's address, as for @ADDR.
 */
#define PROBE_FIELD_SIZE	0xffff
#define PROBE_FIELD_SIGNED	BIT(16)
#define PROBE_FIELD_LOC		BIT(17)	/* __data_loc char[] */
#define PROBE_FIELD_RELLOC	BIT(18)	/* __rel_loc char[] */
#define PROBE_FIELD_ARRAY	BIT(19)	/* char[N] */

/* One step of a fetch program. */
struct probe_step {
	u8	op;		/* enum probe_op (args_parse.c) */
	u8	user;		/* a dereference of user memory */
	u16	param;		/* register offset, stack slot, $argN - 1 */
	long	value;		/* an immediate, a dereference's offset */
};

/* One argument: its name, its text, its type and its program. */
struct probe_arg {
	char			*name;
	char			*text;		/* FETCHARG[:TYPE] as written */
	char			*ftype;		/* an event's field type */
	const struct probe_argtype	*type;
	char			*symbol;	/* @SYM[+-OFF]: resolved later */
	char			*immstr;	/* \"TEXT" */
	unsigned int		count;		/* array elements, 0: none */
	unsigned int		offset;		/* in the record's args */
	u8			store;		/* enum probe_store */
	u8			nsteps;
	/* the last dereference is the store's address: steps[nsteps] */
	bool			dropped;
	/* reads may fault pages in: a uprobe's, whose handler may sleep */
	bool			fault;
	u8			bf_lshift, bf_rshift; /* a bitfield: shifts */
	bool			bitfield;
	struct probe_step	steps[PROBE_MAX_STEPS];
};

/*
 * Parse argument i ("[NAME=]FETCHARG[:TYPE]") of a probe whose earlier
 * arguments are args[0..i-1]; *size is the record's args size so far,
 * grown by this argument. Errors are logged against cmd's current word.
 */
int probe_arg_parse(struct probe_cmd *cmd, struct probe_arg *args, int i,
		    const char *text, unsigned int flags, unsigned int *size);
void probe_arg_free(struct probe_arg *arg);
/* Resolve @SYM arguments (again: a module may have come). */
int probe_arg_resolve(struct probe_arg *arg);
/* Same name, type and count: may two probes share an event's record? */
bool probe_arg_same_shape(const struct probe_arg *a, const struct probe_arg *b);
/* Group/event names: parse "[GRP/][EVENT]" at cmd's word, offset off. */
int probe_parse_names(struct probe_cmd *cmd, const char *text, int off,
		      char *group, char *event);

/* ---- args_fetch.c: the running side ---- */

struct pt_regs;

/*
 * Fetch every argument into rec's args (at rec + base) and their
 * strings after the fixed part (at rec + base + fixed, at most room
 * bytes), from regs, and for an event probe from the record event; for
 * a uprobe, event is an unsigned long: the address its file's offset 0
 * is loaded at, for @+OFFS.
 * Returns the bytes of strings stored. Runs in the probe's context: no
 * sleeping, faults are caught; but args that may fault (a uprobe's) are
 * run where the task may sleep.
 */
int probe_args_store(struct probe_arg *args, int nargs, struct pt_regs *regs,
		     const void *event, void *rec, unsigned int base,
		     unsigned int fixed, unsigned int room);
/*
 * The bytes of strings probe_args_store() would store now, at most
 * room: for a record reserved at its size, built in place.
 */
unsigned int probe_args_measure(struct probe_arg *args, int nargs,
				struct pt_regs *regs, const void *event,
				unsigned int room);
/* Whether any argument has a string, whose length varies. */
bool probe_args_have_strings(struct probe_arg *args, int nargs);

/* " NAME=VALUE" for each argument of a record (at rec + base). */
void probe_args_print(struct trace_seq *s, struct probe_arg *args, int nargs,
		      void *rec, unsigned int base);
/* The fields of the args, after the probe's own ones. */
int probe_args_define_fields(struct trace_event_call *call,
			     struct probe_arg *args, int nargs,
			     unsigned int base);
/* print_fmt: head is "(%lx)" or similar, head_args its arguments. */
char *probe_args_print_fmt(struct probe_arg *args, int nargs,
			   const char *head, const char *head_args);

/* ---- probe_event.c ---- */

/*
 * A probe event: one trace event (GROUP/EVENT) that one or more probes
 * record to (a multiprobe event has several, with the same arguments).
 */
struct probe_event {
	struct trace_event_call		call;
	struct trace_event_class	class;
	struct trace_event_functions	funcs;
	char				*group;
	char				*name;
	struct list_head		probes;		/* [E] its probes */
	/* [E] for writers, [RCU] for handlers: the instances it is on */
	struct list_head		files;
	unsigned int			flags;		/* [E] PE_* */
	unsigned int			base;		/* where args start */
	unsigned int			fixed;		/* args' fixed bytes */
	bool				strings;	/* some arg is one */
	int				nargs;
	struct probe_arg		*args;		/* shapes only */
	const struct probe_event_ops	*ops;
	/*
	 * For the ops' perf hooks (uprobe_event.c): perf's events on it
	 * that watch one task each, [RCU] for handlers, and how many
	 * watch every task.
	 */
	struct list_head		perf_tasks;
	unsigned int			perf_anywhere;
};

#define PE_TRACE	BIT(0)	/* enabled in some instance */
#define PE_PERF		BIT(1)	/* used by perf */
#define PE_RETURN	BIT(2)	/* a return probe's event */

struct probe;
struct perf_event;

/* What a probe type does for the events it makes. [E] */
struct probe_event_ops {
	int		call_flags;	/* TRACE_EVENT_FL_KPROBE... */
	/* arm or disarm one probe: want is the PE_TRACE|PE_PERF wanted */
	int	(*arm_one)(struct probe *p, unsigned int want);
	/* do two probes probe the same place? */
	bool	(*same_place)(struct probe *a, struct probe *b);
	/* the record's text */
	enum print_line_t (*print)(struct trace_iterator *iter,
				   struct probe_event *ev);
	int	(*define_fields)(struct trace_event_call *call);
	/* print_fmt's head: "(%lx)" and ", REC->__probe_ip"... */
	const char *(*fmt_head)(struct probe_event *ev);
	const char *(*fmt_head_args)(struct probe_event *ev);
	/*
	 * Optional, for probes that record per instance (event probes):
	 * start or stop p's recording to file, as its event is enabled or
	 * disabled there.
	 */
	int	(*file_on)(struct probe *p, struct trace_event_file *file);
	void	(*file_off)(struct probe *p, struct trace_event_file *file);
	/*
	 * Optional: perf's event pe starts or stops using the event (the
	 * events core's TRACE_REG_PERF_OPEN and _CLOSE).
	 */
	int	(*perf_open)(struct probe_event *ev, struct perf_event *pe);
	void	(*perf_close)(struct probe_event *ev, struct perf_event *pe);
	bool		single;		/* no multiprobe: one probe an event */
};

/*
 * One probe of a probe event: a kprobe, a uprobe. Its type embeds it.
 * Its args have the event's shape; their texts may differ (multiprobe).
 */
struct probe {
	struct dyn_event	dyn;
	struct probe_event	*event;
	struct list_head	sibling;	/* [E] on event->probes */
	int			nargs;
	struct probe_arg	*args;
};

/* An instance the event is enabled in: handlers walk these. */
struct probe_file_link {
	struct list_head		list;
	struct trace_event_file		*file;
	struct rcu_head			rcu;
};

/*
 * Find the event GROUP/NAME, or make it with p's shape (not yet added
 * to the events). Errors as upstream: EEXIST for a name used by another
 * kind of event, and the multiprobe checks against existing probes.
 */
int probe_event_attach(struct probe *p, const char *group, const char *name,
		       unsigned int flags, const struct probe_event_ops *ops,
		       unsigned int base, struct probe_cmd *cmd);
/*
 * An event for p alone, in no registry (the kprobe PMU's perf events):
 * it has a type id and is freed by probe_event_free_local() once p is
 * unregistered.
 */
struct probe_event *probe_event_new_local(struct probe *p, const char *group,
					  const char *name,
					  unsigned int flags,
					  const struct probe_event_ops *ops,
					  unsigned int base);
void probe_event_free_local(struct probe_event *ev);
/*
 * Take p off its event; the event goes with its last probe, or the last
 * probe stays (-EBUSY) while the event is in use: probe_detach_busy().
 * [L][E] p's handlers must have stopped (trace_event_remove_dyn()).
 */
bool probe_detach_busy(struct probe *p);
/* [S] guards event->probes of a live event (probe_event.c says why) */
extern struct mutex probe_siblings_mutex;
int probe_event_detach(struct probe *p);
struct probe_event *probe_event_find(const char *group, const char *name);
bool probe_event_busy(struct probe_event *ev);
/* The class's reg(): instances and perf. [E] */
int probe_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data);

static inline struct probe_event *call_to_probe_event(struct trace_event_call *call)
{
	return container_of(call, struct probe_event, call);
}

/* The name as dynamic_events and kprobe_events show it: GROUP/EVENT. */
static inline void probe_show_names(struct seq_file *m, struct probe *p)
{
	seq_printf(m, ":%s/%s", p->event->group, p->event->name);
}

/*
 * The head of a kprobe's or uprobe's record, before its arguments
 * (upstream's layout): the address probed; for a return probe, the
 * function's and the one it returns to.
 */
struct probe_head {
	struct trace_entry	ent;
	unsigned long		ip;
};

struct probe_ret_head {
	struct trace_entry	ent;
	unsigned long		func;
	unsigned long		ret_ip;
};

/* Their fields (__probe_ip, or __probe_func and __probe_ret_ip), args'. */
int probe_define_fields(struct trace_event_call *call);
/* Their print_fmt's head: "(%lx)", or "(%lx <- %lx)", and its args. */
const char *probe_fmt_head(struct probe_event *ev);
const char *probe_fmt_head_args(struct probe_event *ev);

void probe_show_args(struct seq_file *m, struct probe *p);
/* Whether argv (argc words) are p's args, as "-:EVENT ARGS" names them */
bool probe_match_args(struct probe *p, int argc, const char **argv);

#endif /* _KERNEL_TRACE_PROBES_H */
