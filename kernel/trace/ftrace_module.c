// SPDX-License-Identifier: GPL-2.0
/*
 * The call sites of modules, as modules come and go.
 *
 * The module loader calls, in this order:
 *
 *  ftrace_module_init()    while the module is not formed yet and its
 *	text is still writable: its __mcount_loc table becomes a group of
 *	records (ftrace_records.c), the sites are made nops, and the group
 *	joins the walk with every record REC_DISABLED, which the passes,
 *	the filters and the listings skip.
 *  ftrace_module_enable()  once its text is read-only, before any of it
 *	runs: the records lose REC_DISABLED and one pass turns on the
 *	sites the registered ops want; then the set_ftrace_filter words
 *	kept for the module ("glob:mod:NAME" written before it loaded) are
 *	applied.
 *  ftrace_free_mem()       (ftrace_records.c) its init text goes; the
 *	names of its init functions are kept (ftrace_kallsyms.c).
 *  ftrace_release_mod()    it is unloaded, or failed to load: the group
 *	leaves the walk, so no pass touches that text again, its addresses
 *	leave the filter sets (a later module may get the same text), and
 *	the group is freed once no RCU reader can hold it.
 *
 * A site left calling the trampoline in text that goes away is not
 * unpatched: nothing calls into the module any more (its exit ran), and
 * no pass looks at it after the group left the walk.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "ftrace_internal.h"

void ftrace_module_init(struct module *mod)
{
	struct ftrace_rec_group *grp;
	unsigned long count = mod->num_ftrace_callsites;

	if (!count || ftrace_disabled)
		return;
	grp = kvzalloc(sizeof(*grp) + count * sizeof(*grp->recs), GFP_KERNEL);
	if (!grp) {
		pr_warn("no memory for the %lu call sites of %s: not traced\n",
			count, mod->name);
		return;
	}
	grp->mod = mod;
	grp->recs = (struct dyn_ftrace *)(grp + 1);
	/* No lock: nothing else sees this text before the group is added. */
	if (!ftrace_rec_fill(grp, mod->ftrace_callsites, count)) {
		kvfree(grp);
		return;
	}
	mutex_lock(&ftrace_lock);
	ftrace_rec_group_add(grp);
	mutex_unlock(&ftrace_lock);
}

void ftrace_module_enable(struct module *mod)
{
	struct ftrace_rec_group *grp;

	mutex_lock(&ftrace_lock);
	grp = ftrace_rec_group_mark(mod, 0, ULONG_MAX, 0, REC_DISABLED);
	if (grp && rcu_access_pointer(ftrace_ops_list))
		ftrace_update_sites();
	mutex_unlock(&ftrace_lock);

	if (grp)
		ftrace_filter_mod_loaded(mod);
}

void ftrace_release_mod(struct module *mod)
{
	struct ftrace_rec_group *grp;

	mutex_lock(&ftrace_lock);
	grp = ftrace_rec_group_of(mod);
	if (grp)
		ftrace_rec_group_del(grp);
	mutex_unlock(&ftrace_lock);
	if (!grp)
		return;

	ftrace_filter_forget(grp, 0, ULONG_MAX);
	ftrace_init_names_drop(mod);
	/* Readers of the walk under rcu_read_lock() are out of grp. */
	synchronize_rcu();
	kvfree(grp);
}
