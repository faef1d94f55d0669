// SPDX-License-Identifier: GPL-2.0
/*
 * The table of function call sites: where the entry hooks are.
 *
 * The build leaves one address per hook in the __mcount_loc section of
 * the image (from gcc's -mrecord-mcount on x86-64, and from the
 * __patchable_function_entries sections of -fpatchable-function-entry=2
 * on arm64, which the linker script gathers there). That section sits
 * in init data and goes away with it, so ftrace_init() copies it, very
 * early in boot, into a table of struct dyn_ftrace kept sorted by
 * address. The link normally sorts the section already
 * (BUILDTIME_MCOUNT_SORT); the copy checks the order in one pass and
 * sorts only if it must.
 *
 * Lookups are binary searches. The kernel's table never moves and its
 * addresses never change once boot has built it. When init memory is
 * freed, the sites inside it are marked dead rather than removed, which
 * keeps the order (and a concurrent search) intact; their slots stay
 * allocated, a few thousand entries.
 *
 * Each module has a table (a group) of its own, built the same way by
 * ftrace_module.c when it loads and dropped when it goes. The groups
 * form an RCU list: writers hold ftrace_lock, a removed group is freed
 * after synchronize_rcu(), so the walkers (for_each_live_rec, the
 * lookups) run under ftrace_lock or rcu_read_lock().
 *
 * The compiler emits the hooks as calls to __fentry__ (x86-64 cannot use
 * -mnop-mcount, see the Kconfig), so the copy also has the arch turn
 * each into a nop while the text is still writable; a site the arch
 * does not recognise stays out of the table. On arm64 the hook is two
 * nops: the arch makes the first one mov x9, x30, and a record's ip is
 * the second one (ftrace_call_adjust()), the one that is patched.
 *
 * Each record's flags say whether its site is live and what it calls;
 * ftrace_update.c changes them, under ftrace_lock, as it patches. The
 * tables also answer ftrace_location() and ftrace_text_reserved(),
 * which kprobes uses to stay off the sites.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sort.h>
#include <asm/sections.h>

#include "ftrace_internal.h"

/* The kernel's sites, the first group. */
static struct ftrace_rec_group kernel_grp;
/* Every group: the kernel's, then each module's in load order. */
static LIST_HEAD(rec_groups);
unsigned long ftrace_nr_recs;

#define for_each_group(grp)						\
	list_for_each_entry_rcu(grp, &rec_groups, list,			\
				lockdep_is_held(&ftrace_lock))

static int rec_cmp(const void *a, const void *b)
{
	const struct dyn_ftrace *x = a, *y = b;

	if (x->ip == y->ip)
		return 0;
	return x->ip < y->ip ? -1 : 1;
}

/* The first live record of grp from index i on, or NULL. */
static struct dyn_ftrace *grp_live_from(struct ftrace_rec_group *grp,
					unsigned long i)
{
	for (; i < grp->nr; i++) {
		if (!(READ_ONCE(grp->recs[i].flags) & REC_NOT_LIVE))
			return &grp->recs[i];
	}
	return NULL;
}

struct dyn_ftrace *ftrace_rec_next_live(struct dyn_ftrace *rec)
{
	struct ftrace_rec_group *grp;
	bool after = !rec;

	/*
	 * Find rec's group (a handful: the kernel and its modules), go on
	 * in it, then in the groups after it.
	 */
	for_each_group(grp) {
		struct dyn_ftrace *next;

		if (!after) {
			if (rec < grp->recs || rec >= grp->recs + grp->nr)
				continue;
			after = true;
			next = grp_live_from(grp, rec - grp->recs + 1);
		} else {
			next = grp_live_from(grp, 0);
		}
		if (next)
			return next;
	}
	return NULL;
}

struct dyn_ftrace *ftrace_rec_slot(unsigned long idx)
{
	struct ftrace_rec_group *grp;

	for_each_group(grp) {
		if (idx < grp->nr)
			return &grp->recs[idx];
		idx -= grp->nr;
	}
	return NULL;
}

struct ftrace_rec_group *ftrace_rec_group_of(struct module *mod)
{
	struct ftrace_rec_group *grp;

	for_each_group(grp) {
		if (grp->mod == mod)
			return grp;
	}
	return NULL;
}

void ftrace_rec_stats(unsigned long *live, unsigned long *pages,
		      unsigned long *groups)
{
	struct ftrace_rec_group *grp;
	struct dyn_ftrace *rec;
	unsigned long n = 0;

	*pages = 0;
	*groups = 0;
	for_each_group(grp) {
		*groups += 1;
		*pages += DIV_ROUND_UP(grp->nr * sizeof(*rec), PAGE_SIZE);
	}
	for_each_live_rec(rec)
		n++;
	*live = n;
}

/* The index in grp of the first site whose hook ends at or after addr. */
static unsigned long grp_first_from(struct ftrace_rec_group *grp,
				    unsigned long addr)
{
	unsigned long lo = 0, hi = grp->nr;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (grp->recs[mid].ip + MCOUNT_INSN_SIZE - 1 < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct dyn_ftrace *ftrace_rec_find(unsigned long ip)
{
	struct ftrace_rec_group *grp;

	for_each_group(grp) {
		struct dyn_ftrace *rec;

		rec = grp_live_from(grp, grp_first_from(grp, ip));
		if (rec && rec->ip == ip)
			return rec;
	}
	return NULL;
}

bool ftrace_rec_group_has(struct ftrace_rec_group *grp, unsigned long ip)
{
	unsigned long i = grp_first_from(grp, ip);

	return i < grp->nr && grp->recs[i].ip == ip;
}

/*
 * The lowest site overlapping [start, end]. Also for readers outside
 * ftrace_lock (kprobes): RCU keeps a module's group until they are out.
 */
unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	struct ftrace_rec_group *grp;
	unsigned long found = 0;

	if (start > end)
		return 0;
	rcu_read_lock();
	list_for_each_entry_rcu(grp, &rec_groups, list) {
		struct dyn_ftrace *rec;

		rec = grp_live_from(grp, grp_first_from(grp, start));
		if (rec && rec->ip <= end && (!found || rec->ip < found))
			found = rec->ip;
	}
	rcu_read_unlock();
	return found;
}

unsigned long ftrace_location(unsigned long ip)
{
	unsigned long size, offset;
	unsigned long loc;

	loc = ftrace_location_range(ip, ip);
	if (loc)
		return loc;

	/*
	 * The start of a function whose hook is not its first instruction
	 * (an endbr64 comes first with IBT): the hook inside it.
	 */
	if (!kallsyms_lookup_size_offset(ip, &size, &offset) || offset || !size)
		return 0;
	return ftrace_location_range(ip, ip + size - 1);
}

int ftrace_text_reserved(const void *start, const void *end)
{
	return ftrace_location_range((unsigned long)start,
				     (unsigned long)end) != 0;
}

struct ftrace_rec_group *ftrace_rec_group_mark(struct module *mod,
					       unsigned long start,
					       unsigned long end,
					       unsigned long set,
					       unsigned long clear)
{
	struct ftrace_rec_group *grp;
	unsigned long i;

	lockdep_assert_held(&ftrace_lock);
	grp = ftrace_rec_group_of(mod);
	if (!grp)
		return NULL;
	for (i = grp_first_from(grp, start); i < grp->nr; i++) {
		struct dyn_ftrace *rec = &grp->recs[i];

		if (rec->ip >= end)
			break;
		/*
		 * Lock-free readers (available_filter_functions under RCU)
		 * see the flags before or after: one word each.
		 */
		WRITE_ONCE(rec->flags, (rec->flags | set) & ~clear);
	}
	return grp;
}

void ftrace_free_mem(struct module *mod, void *start_ptr, void *end_ptr)
{
	unsigned long start = (unsigned long)start_ptr;
	unsigned long end = (unsigned long)end_ptr;
	struct ftrace_rec_group *grp;

	/*
	 * Under ftrace_lock, no pass is running: none will touch these
	 * sites again, whatever they hold when the text goes.
	 */
	mutex_lock(&ftrace_lock);
	grp = ftrace_rec_group_mark(mod, start, end, REC_DEAD, 0);
	mutex_unlock(&ftrace_lock);

	/*
	 * A module's init text may be reused by a later module: its
	 * addresses must leave every filter set. The kernel's init memory
	 * never holds text again.
	 */
	if (grp && mod) {
		ftrace_init_names_keep(mod, grp, start, end);
		ftrace_filter_forget(grp, start, end);
	}
}

void __init ftrace_free_init_mem(void)
{
	ftrace_boot_snapshot();
	ftrace_free_mem(NULL, __init_begin, __init_end);
}

/*
 * Copy a table of __mcount_loc entries into grp->recs (room for count),
 * sorted, each site made a nop unless the compiler did. Returns the
 * number kept.
 */
unsigned long ftrace_rec_fill(struct ftrace_rec_group *grp,
			      unsigned long *locs, unsigned long count)
{
	unsigned long i, n = 0;
	bool sorted = true;

	for (i = 0; i < count; i++) {
		unsigned long ip = ftrace_call_adjust(locs[i]);

		/* Entries of functions the link discarded are 0. */
		if (!ip)
			continue;
		if (n && ip <= grp->recs[n - 1].ip)
			sorted = false;
		grp->recs[n].ip = ip;
		grp->recs[n++].flags = grp->mod ? REC_DISABLED : 0;
	}
	if (!sorted) {
		if (!grp->mod && IS_ENABLED(CONFIG_BUILDTIME_MCOUNT_SORT))
			pr_warn("__mcount_loc is not sorted, sorting at boot\n");
		sort(grp->recs, n, sizeof(*grp->recs), rec_cmp, NULL);
	}
	/*
	 * Unless the compiler made them nops, the sites call MCOUNT_ADDR
	 * (arm64: lack the mov x9, x30): make them inert hooks while the
	 * text is still writable (boot, or a module not formed yet). A
	 * site that fails is left out of the
	 * table (the arch said why).
	 */
	if (ftrace_need_init_nop()) {
		unsigned long kept = 0;

		for (i = 0; i < n; i++) {
			if (ftrace_init_nop(grp->mod, &grp->recs[i]))
				continue;
			grp->recs[kept++] = grp->recs[i];
		}
		if (kept != n)
			pr_warn("%lu call sites left as they were\n", n - kept);
		n = kept;
	}
	grp->nr = n;
	return n;
}

/* Make grp (filled) part of the walk. */
void ftrace_rec_group_add(struct ftrace_rec_group *grp)
{
	lockdep_assert_held(&ftrace_lock);
	list_add_tail_rcu(&grp->list, &rec_groups);
	ftrace_nr_recs += grp->nr;
}

/* Take grp out of the walk; free it only after synchronize_rcu(). */
void ftrace_rec_group_del(struct ftrace_rec_group *grp)
{
	lockdep_assert_held(&ftrace_lock);
	list_del_rcu(&grp->list);
	ftrace_nr_recs -= grp->nr;
}

void __init ftrace_init(void)
{
	unsigned long count = __stop_mcount_loc - __start_mcount_loc;
	unsigned long n;

	if (!count)
		return;
	kernel_grp.recs = kvcalloc(count, sizeof(*kernel_grp.recs), GFP_KERNEL);
	if (!kernel_grp.recs) {
		pr_err("no memory for %lu call sites\n", count);
		return;
	}
	n = ftrace_rec_fill(&kernel_grp, __start_mcount_loc, count);
	mutex_lock(&ftrace_lock);
	ftrace_rec_group_add(&kernel_grp);
	mutex_unlock(&ftrace_lock);
	pr_info("%lu call sites recorded (%lu entries in __mcount_loc)\n",
		n, count);
}
