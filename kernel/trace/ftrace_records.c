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
 * Lookups are binary searches. The table never moves and its addresses
 * never change once boot has built it, so readers take no lock. When
 * init memory is freed, the sites inside it are marked dead rather than
 * removed, which keeps the order (and a concurrent search) intact; their
 * slots stay allocated, a few thousand entries.
 *
 * The compiler emits the hooks as calls to __fentry__ (x86-64 cannot use
 * -mnop-mcount, see the Kconfig), so the copy also has the arch turn
 * each into a nop while the kernel's text is still writable; a site the
 * arch does not recognise stays out of the table. On arm64 the hook is
 * two nops: the arch makes the first one mov x9, x30, and a record's ip
 * is the second one (ftrace_call_adjust()), the one that is patched.
 *
 * Each record's flags say whether its site is live and what it calls;
 * ftrace_update.c changes them, under ftrace_lock, as it patches. The
 * table also answers ftrace_location() and ftrace_text_reserved(),
 * which kprobes uses to stay off the sites. Modules have no table yet
 * (issue 6, step 4): their hooks stay calls to __fentry__, which returns
 * at once.
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

struct dyn_ftrace *ftrace_recs;
unsigned long ftrace_nr_recs;

static int rec_cmp(const void *a, const void *b)
{
	const struct dyn_ftrace *x = a, *y = b;

	if (x->ip == y->ip)
		return 0;
	return x->ip < y->ip ? -1 : 1;
}

/* The first live site whose hook ends at or after addr, or NULL. */
static struct dyn_ftrace *rec_first_from(unsigned long addr)
{
	unsigned long lo = 0, hi = ftrace_nr_recs;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (ftrace_recs[mid].ip + MCOUNT_INSN_SIZE - 1 < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < ftrace_nr_recs; lo++) {
		if (!(READ_ONCE(ftrace_recs[lo].flags) & REC_DEAD))
			return &ftrace_recs[lo];
	}
	return NULL;
}

unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	struct dyn_ftrace *rec;

	if (start > end)
		return 0;
	rec = rec_first_from(start);
	if (!rec || rec->ip > end)
		return 0;
	return rec->ip;
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

void ftrace_free_mem(struct module *mod, void *start_ptr, void *end_ptr)
{
	unsigned long start = (unsigned long)start_ptr;
	unsigned long end = (unsigned long)end_ptr;
	struct dyn_ftrace *rec;

	/* TODO(issue 6, step 4): module init text. */
	if (mod || !ftrace_recs)
		return;

	/*
	 * Under ftrace_lock, no pass is running: none will touch these
	 * sites again, whatever they hold when the text goes.
	 */
	mutex_lock(&ftrace_lock);
	for_each_live_rec(rec) {
		if (rec->ip >= start && rec->ip < end)
			WRITE_ONCE(rec->flags, rec->flags | REC_DEAD);
	}
	mutex_unlock(&ftrace_lock);
}

void __init ftrace_free_init_mem(void)
{
	ftrace_boot_snapshot();
	ftrace_free_mem(NULL, __init_begin, __init_end);
}

/*
 * TODO(issue 6, step 4): a table per module. Until then a module's
 * sites stay the compiler's nops and ftrace_location() knows none of
 * them.
 */
void ftrace_module_init(struct module *mod) { }
void ftrace_module_enable(struct module *mod) { }
void ftrace_release_mod(struct module *mod) { }

void __init ftrace_init(void)
{
	unsigned long count = __stop_mcount_loc - __start_mcount_loc;
	unsigned long *loc;
	unsigned long n = 0;
	bool sorted = true;

	if (!count)
		return;
	ftrace_recs = kvcalloc(count, sizeof(*ftrace_recs), GFP_KERNEL);
	if (!ftrace_recs) {
		pr_err("no memory for %lu call sites\n", count);
		return;
	}

	for (loc = __start_mcount_loc; loc < __stop_mcount_loc; loc++) {
		unsigned long ip = ftrace_call_adjust(*loc);

		/* Entries of functions the link discarded are 0. */
		if (!ip)
			continue;
		if (n && ip <= ftrace_recs[n - 1].ip)
			sorted = false;
		ftrace_recs[n++].ip = ip;
	}
	if (!sorted) {
		if (IS_ENABLED(CONFIG_BUILDTIME_MCOUNT_SORT))
			pr_warn("__mcount_loc is not sorted, sorting at boot\n");
		sort(ftrace_recs, n, sizeof(*ftrace_recs), rec_cmp, NULL);
	}
	/*
	 * Unless the compiler made them nops, the sites call MCOUNT_ADDR
	 * (arm64: lack the mov x9, x30): make them inert hooks while the
	 * text is still writable. A site that fails is left out of the
	 * table (the arch said why).
	 */
	if (ftrace_need_init_nop()) {
		unsigned long i, kept = 0;

		for (i = 0; i < n; i++) {
			if (ftrace_init_nop(NULL, &ftrace_recs[i]))
				continue;
			ftrace_recs[kept++] = ftrace_recs[i];
		}
		if (kept != n)
			pr_warn("%lu call sites left as they were\n", n - kept);
		n = kept;
	}
	ftrace_nr_recs = n;
	pr_info("%lu call sites recorded (%lu entries in __mcount_loc)\n",
		n, count);
}
