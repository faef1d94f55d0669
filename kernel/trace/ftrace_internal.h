/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the files of the function tracer:
 *
 *  ftrace_records.c  the table of call sites (struct dyn_ftrace)
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

/* The table of call sites the build leaves in init data. */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

extern struct mutex ftrace_lock;

/* ---- ftrace_records.c ---- */

/* rec->flags: the site's text was freed with init memory. */
#define REC_DEAD	BIT(0)
/* rec->flags: the site calls the trampoline (else it is the nop). */
#define REC_ON		BIT(1)

/* The kernel's sites, sorted by ip; dead ones stay in place. */
extern struct dyn_ftrace *ftrace_recs;
extern unsigned long ftrace_nr_recs;

/* The first live record from rec on, or NULL. */
static inline struct dyn_ftrace *ftrace_rec_live(struct dyn_ftrace *rec)
{
	for (; rec < ftrace_recs + ftrace_nr_recs; rec++) {
		if (!(READ_ONCE(rec->flags) & REC_DEAD))
			return rec;
	}
	return NULL;
}

#define for_each_live_rec(rec)						\
	for (rec = ftrace_rec_live(ftrace_recs); rec;			\
	     rec = ftrace_rec_live(rec + 1))

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

/* A set of call-site addresses, sorted; never changed once published. */
struct ftrace_ip_set {
	unsigned long	nr;
	unsigned long	ips[];
};

/* Serialises edits of every ops' sets; taken before ftrace_lock. */
extern struct mutex ftrace_filter_lock;

bool ftrace_ip_set_has(const struct ftrace_ip_set *set, unsigned long ip);
void ftrace_ip_set_free(struct ftrace_ip_set *set);
/* A private copy of ops' filter or notrace set (empty if none). */
struct ftrace_ip_set *ftrace_filter_copy(struct ftrace_ops *ops, bool exclude);
/* Apply one word ("glob", "!glob", "N") to a private set. */
int ftrace_filter_apply_word(struct ftrace_ip_set **setp, char *word);
/* Publish a private set (consumed) as ops' filter or notrace set. */
int ftrace_filter_install(struct ftrace_ops *ops, bool exclude,
			  struct ftrace_ip_set *set);

/*
 * Whether ops wants the function at ip. Lock-free: the list function
 * calls it with preemption disabled, the sets being freed only after
 * synchronize_rcu_tasks_rude().
 */
static __always_inline bool ftrace_ops_wants(struct ftrace_ops *ops,
					     unsigned long ip)
{
	struct ftrace_ip_set *set;

	if (ops->flags & FTRACE_OPS_FL_STUB)
		return false;
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

/* ---- ftrace_update.c ---- */

/* The trampoline a wanted site calls. */
#define FTRACE_ADDR	((unsigned long)ftrace_caller)

/*
 * Bring ftrace_call and every site in line with ftrace_ops_list. Under
 * ftrace_lock; -ENODEV once ftrace_disabled is set, which a site holding
 * unexpected bytes sets.
 */
int ftrace_update_sites(void);

/* The op argument ftrace_caller passes; its callbacks ignore it. */
extern struct ftrace_ops *function_trace_op;

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
