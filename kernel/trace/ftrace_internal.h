/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the files of the function tracer:
 *
 *  ftrace_records.c  the tables of call sites (struct dyn_ftrace)
 *  ftrace_module.c   the tables of modules, as they come and go
 *  ftrace_ops.c      the registered ftrace_ops and the list function
 *  ftrace_update.c   bringing every site in line with the ops
 *
 * Locking: ftrace_lock (a mutex) guards the ops list, each record's
 * flags and every patching pass; the arch takes text_mutex inside it for
 * the pass. The hot path (a site calling the list function) takes no
 * lock: it reads the ops list under preempt_disable_notrace() with
 * rcu_dereference_raw(), and an ops leaving the list is waited out with
 * synchronize_rcu_tasks_rude(), which also covers CPUs on which RCU is
 * not watching (idle, entry code).
 */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>

/* The table of call sites the build leaves in init data. */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

extern struct mutex ftrace_lock;

/* ---- ftrace_records.c ---- */

/* rec->flags: the site's text was freed with init memory. */
#define REC_DEAD	BIT(0)
/* rec->flags: the site calls the trampoline (else it is the nop). */
#define REC_ON		BIT(1)
/* rec->flags: a module's site, not patched before the module is live. */
#define REC_DISABLED	BIT(2)
/*
 * rec->flags: while REC_ON, the site calls ftrace_regs_caller: an ops
 * that wants it needs every register (FTRACE_OPS_FL_SAVE_REGS or
 * FTRACE_OPS_FL_IPMODIFY). Never with a trampoline's slot.
 */
#define REC_REGS	BIT(3)
/*
 * rec->flags: while REC_ON, the site calls a direct ops' trampoline
 * (ftrace_direct.c) itself, the only ops that wants it. The trampoline's
 * distance from the site, a signed 32-bit number, is kept in the top half
 * of the flags (REC_DIRECT_DISP): x86-64's call reaches no farther, and
 * the record, like a slot's, still says what the site calls after the
 * ops has left the list, without growing.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
#define REC_DIRECT		BIT(4)
#define REC_DIRECT_SHIFT	32
#define REC_DIRECT_DISP		(~0UL << REC_DIRECT_SHIFT)
#else
#define REC_DIRECT		0UL
#define REC_DIRECT_DISP		0UL
#endif
/* A record no pass, filter or listing looks at. */
#define REC_NOT_LIVE	(REC_DEAD | REC_DISABLED)
/*
 * rec->flags: while REC_ON, the trampoline the site calls: 0 for
 * ftrace_caller, else a slot of ftrace_tramp.c's table (why a slot and
 * not a pointer: see there).
 */
#define REC_TRAMP_SHIFT	8
#define REC_TRAMP_BITS	8
#define REC_TRAMP_MASK	(((1UL << REC_TRAMP_BITS) - 1) << REC_TRAMP_SHIFT)
#define FTRACE_TRAMP_SLOTS	BIT(REC_TRAMP_BITS)

static inline unsigned int rec_tramp_slot(unsigned long flags)
{
	return (flags & REC_TRAMP_MASK) >> REC_TRAMP_SHIFT;
}

/*
 * The sites of the kernel or of one module, sorted by ip; dead ones
 * stay in place. The groups form a list, the kernel's first and each
 * module's appended as it loads: an RCU list, changed under ftrace_lock,
 * whose removed groups are freed after synchronize_rcu(). So a walk is
 * safe under ftrace_lock or under rcu_read_lock().
 */
struct ftrace_rec_group {
	struct list_head	list;
	struct module		*mod;		/* NULL: the kernel's */
	unsigned long		nr;
	struct dyn_ftrace	*recs;
};

/* Records in every group, live or not. [ftrace_lock] */
extern unsigned long ftrace_nr_recs;

/*
 * The live record after rec (the first one for NULL), in group order,
 * or NULL. Under ftrace_lock or rcu_read_lock().
 */
struct dyn_ftrace *ftrace_rec_next_live(struct dyn_ftrace *rec);

/* The record in slot idx of the whole walk, live or not, or NULL. */
struct dyn_ftrace *ftrace_rec_slot(unsigned long idx);

/* The group of mod's sites, or NULL. Under ftrace_lock or RCU. */
struct ftrace_rec_group *ftrace_rec_group_of(struct module *mod);

/* The live record whose ip is exactly ip, or NULL. Same locking. */
struct dyn_ftrace *ftrace_rec_find(unsigned long ip);

/*
 * Set and clear flags of mod's records (NULL: the kernel's) in
 * [start, end); returns the group, or NULL if mod has none. [ftrace_lock]
 */
struct ftrace_rec_group *ftrace_rec_group_mark(struct module *mod,
					       unsigned long start,
					       unsigned long end,
					       unsigned long set,
					       unsigned long clear);

/* Whether ip is one of grp's sites, live or not. */
bool ftrace_rec_group_has(struct ftrace_rec_group *grp, unsigned long ip);

/* For dyn_ftrace_total_info: live records, pages and groups. */
void ftrace_rec_stats(unsigned long *live, unsigned long *pages,
		      unsigned long *groups);

/* Fill grp->recs from count __mcount_loc entries: the number kept. */
unsigned long ftrace_rec_fill(struct ftrace_rec_group *grp,
			      unsigned long *locs, unsigned long count);
/* Add grp to the walk, or take it out. [ftrace_lock] */
void ftrace_rec_group_add(struct ftrace_rec_group *grp);
void ftrace_rec_group_del(struct ftrace_rec_group *grp);

#define for_each_live_rec(rec)						\
	for (rec = ftrace_rec_next_live(NULL); rec;			\
	     rec = ftrace_rec_next_live(rec))

/*
 * Make a site as the compiler left it into the inert hook, while its
 * text is still writable. arm64 brings its own (asm/ftrace.h: the first
 * of its two nops becomes mov x9, x30); elsewhere the site calls
 * MCOUNT_ADDR, which becomes the nop.
 */
#ifndef ftrace_init_nop
static inline int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	return ftrace_make_nop(mod, rec, MCOUNT_ADDR);
}
#endif

/* ---- ftrace_ops.c ---- */

/* Registered ops, newest first, NULL-terminated. [ftrace_lock] to write. */
extern struct ftrace_ops __rcu *ftrace_ops_list;
/* Set for good after a site held unexpected bytes: nothing patches. */
extern bool ftrace_disabled;

/* ---- ftrace_filter.c ---- */

/*
 * A set of call-site addresses, sorted; never changed once published.
 * rcu: for freeing a replaced set with call_rcu_tasks_rude().
 */
struct ftrace_ip_set {
	struct rcu_head	rcu;
	unsigned long	nr;
	/*
	 * Empty, yet a filter still: its functions all went (a module
	 * unloaded), and it traces none until written with truncation.
	 * Edits of a copy keep it, as upstream's hash keeps the entries
	 * of gone sites (zeroed) until it is reset.
	 */
	bool		emptied;
	unsigned long	ips[];
};

/* Serialises edits of every ops' sets; taken before ftrace_lock. */
extern struct mutex ftrace_filter_lock;

struct ftrace_ip_set *ftrace_ip_set_alloc(unsigned long nr);
bool ftrace_ip_set_has(const struct ftrace_ip_set *set, unsigned long ip);
void ftrace_ip_set_free(struct ftrace_ip_set *set);
/* A private copy of ops' filter or notrace set (empty if none). */
struct ftrace_ip_set *ftrace_filter_copy(struct ftrace_ops *ops, bool exclude);
/* The sites a glob (or a line number) selects, in a new set. */
struct ftrace_ip_set *ftrace_match_sites(const char *glob);
/* Apply one word ("glob", "!glob", "N") to a private set. */
int ftrace_filter_apply_word(struct ftrace_ip_set **setp, char *word);
/* Publish a private set (consumed) as ops' filter or notrace set. */
int ftrace_filter_install(struct ftrace_ops *ops, bool exclude,
			  struct ftrace_ip_set *set);

/*
 * set_ftrace_filter/notrace words, which may name a module
 * ("glob:mod:NAME"): those of a module not loaded yet are kept, per ops,
 * and applied when it loads (ftrace_filter_mod_loaded()).
 */
int ftrace_filter_file_word(struct ftrace_ops *ops, bool exclude,
			    struct ftrace_ip_set **setp, char *word);
/* ">" on a filter file: forget the kept words of ops' set. */
void ftrace_filter_mod_clear(struct ftrace_ops *ops, bool exclude);
/* How many kept words ops' set has (if any, the set means "only those"). */
unsigned long ftrace_filter_mod_count(struct ftrace_ops *ops, bool exclude);
/* Show the idx-th kept word of ops' set as a line. */
void ftrace_filter_mod_show(struct seq_file *m, struct ftrace_ops *ops,
			    bool exclude, unsigned long idx);
/* A module went live: apply the words kept for it. */
void ftrace_filter_mod_loaded(struct module *mod);
/* A group's sites (those in [start, end)) went: drop them from sets. */
void ftrace_filter_forget(struct ftrace_rec_group *grp, unsigned long start,
			  unsigned long end);

/*
 * Whether ops wants the function at ip, by its own sets or by those of
 * the ops it follows (ops->sets_of). Lock-free: the list function
 * calls it with preemption disabled, the sets being freed only after
 * synchronize_rcu_tasks_rude().
 */
static __always_inline bool ftrace_ops_wants(struct ftrace_ops *ops,
					     unsigned long ip)
{
	struct ftrace_ip_set *set;

	if (ops->flags & FTRACE_OPS_FL_STUB)
		return false;
	if (ops->sets_of)
		ops = ops->sets_of;
	set = rcu_dereference_raw(ops->filter_ips);
	if (set && !ftrace_ip_set_has(set, ip))
		return false;
	set = rcu_dereference_raw(ops->notrace_ips);
	return !set || !ftrace_ip_set_has(set, ip);
}

/*
 * The list function, which calls every registered ops that wants ip;
 * the linker script makes ftrace_ops_list_func an alias of it.
 */
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op,
			       struct ftrace_regs *fregs);

/* ---- ftrace_probes.c: the commands of set_ftrace_filter ---- */

struct trace_array;
struct seq_file;

/* Whether a word is a command ("glob:cmd..."), not a set's word. */
bool ftrace_probe_word_is_cmd(const char *word);
/* Apply a command word; errors are logged under loc. */
int ftrace_probe_word(struct trace_array *tr, const char *loc, char *word,
		      bool exclude);
/* The n-th probe of tr (NULL past the last), and its line. */
void *ftrace_probe_at(struct trace_array *tr, loff_t n);
void ftrace_probe_show(struct seq_file *m, void *v);
/* A group's sites (those in [start, end)) went: drop their probes. */
void ftrace_probes_forget(struct ftrace_rec_group *grp, unsigned long start,
			  unsigned long end);

/* ---- ftrace_kallsyms.c: names kallsyms no longer has ---- */

/* A module's init text [start, end) goes: keep its functions' names. */
void ftrace_init_names_keep(struct module *mod, struct ftrace_rec_group *grp,
			    unsigned long start, unsigned long end);
/* The module goes: forget them. */
void ftrace_init_names_drop(struct module *mod);

/* ---- ftrace_tramp.c: trampolines of single ops ---- */

/*
 * For kallsyms, from any context: the trampoline in use that holds addr
 * (its start and size), and the start of the n-th one in use.
 */
bool ftrace_tramp_of(unsigned long addr, unsigned long *start,
		     unsigned long *size);
bool ftrace_tramp_nth(unsigned int n, unsigned long *start);

/*
 * At register, before the ops is linked: give it a trampoline if the
 * arch makes them and a slot is free (ops->tramp_slot, else 0).
 * [ftrace_lock]
 */
void ftrace_tramp_attach(struct ftrace_ops *ops);
/*
 * After the pass that took ops off the sites (moved: it succeeded), or
 * failed to: hide ops' trampoline from the lookups. Returns the slot to
 * free with ftrace_tramp_free() once synchronize_rcu_tasks_rude() and
 * synchronize_rcu_tasks() have run, or 0 if there is none to free (for a
 * failed pass the trampoline is kept, calling the stub). [ftrace_lock]
 */
unsigned int ftrace_tramp_detach(struct ftrace_ops *ops, bool moved);
/* Free a detached slot's code. Takes ftrace_lock. */
void ftrace_tramp_free(unsigned int slot);
/*
 * Or have it freed in the background, after an RCU-tasks grace period,
 * if the unregister of ops need not wait for that: true if so (the
 * caller then neither waits nor frees). [ftrace_lock]
 */
bool ftrace_tramp_free_later(struct ftrace_ops *ops, unsigned int slot);
/*
 * fgraph.c: whether ops is the one that diverts returns, whose calls
 * after unregister divert nothing its old user sees.
 */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
bool fgraph_late_calls_harmless(const struct ftrace_ops *ops);
#else
static inline bool fgraph_late_calls_harmless(const struct ftrace_ops *ops)
{
	return false;
}
#endif
/* The code of a slot in use. [ftrace_lock] */
unsigned long ftrace_tramp_addr(unsigned int slot);
/* A slot's ops (NULL once detached) and what it calls. [ftrace_lock] */
struct ftrace_ops *ftrace_tramp_ops(unsigned int slot, ftrace_func_t *entry);

/* ---- ftrace_direct.c ---- */

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * Before an ops that may change ip registers (or widens its filter):
 * ask the owners of the direct ops it would share functions with
 * (FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER); after it has gone, tell
 * them (DISABLE). Both take and drop ftrace_direct_lock around the
 * question; the caller holds no lock of the core's.
 */
void ftrace_direct_lock_acquire(void);
void ftrace_direct_lock_release(void);
int ftrace_direct_ipmodify_prepare(struct ftrace_ops *ops);
void ftrace_direct_ipmodify_done(struct ftrace_ops *ops);
#else
static inline void ftrace_direct_lock_acquire(void) { }
static inline void ftrace_direct_lock_release(void) { }
static inline int ftrace_direct_ipmodify_prepare(struct ftrace_ops *ops)
{
	return 0;
}

static inline void ftrace_direct_ipmodify_done(struct ftrace_ops *ops) { }
#endif

/* ---- ftrace_update.c ---- */

/* The flags of ops whose callbacks need ftrace_regs_caller. */
#define FTRACE_OPS_FL_REGS_CALLER					\
	(FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY)

/*
 * An FTRACE_OPS_FL_IPMODIFY ops may change where a function goes on, and
 * an FTRACE_OPS_FL_DIRECT one sends it to its trampoline, so no two of
 * one kind may want the same function: 0 if ops, with filter and skip as
 * its filter and notrace sets, would share none with another registered
 * one of its kind; -EBUSY if it would; -EINVAL if filter means every
 * function (NULL) or skip is a set. A direct ops that would share a
 * function with an IPMODIFY one asks its owner (ops_func,
 * FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF) and fails with its answer,
 * -EBUSY without one. An IPMODIFY ops does not look at direct ones: the
 * owners of those it shares functions with agreed when it registered
 * (ftrace_direct_ipmodify_prepare()); a later change of its filter asks
 * no one, as upstream's. 0 for any other ops. At registration and at
 * each change of a registered ops' sets. [ftrace_lock]
 */
int ftrace_ipmodify_check(struct ftrace_ops *ops,
			  const struct ftrace_ip_set *filter,
			  const struct ftrace_ip_set *skip);

/*
 * Bring ftrace_call and every site in line with ftrace_ops_list. Under
 * ftrace_lock; -ENODEV once ftrace_disabled is set, which a site holding
 * unexpected bytes sets.
 */
int ftrace_update_sites(void);

/* The op argument ftrace_caller passes; its callbacks ignore it. */
extern struct ftrace_ops *function_trace_op;

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
