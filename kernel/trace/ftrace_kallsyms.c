// SPDX-License-Identifier: GPL-2.0
/*
 * Names that kallsyms itself no longer has, or never had, for text that
 * function tracing knows: kallsyms asks here (ftrace_mod_address_lookup()
 * and ftrace_mod_get_kallsym(), in /proc/kallsyms) after the kernel,
 * the modules and BPF.
 *
 *  - A module's init functions. Their text is freed once the module's
 *    init returned, and with it their kallsyms entries; but the records
 *    of a trace taken while the module loaded still hold their addresses.
 *    Their names are kept, as upstream keeps them, from the moment the
 *    init text goes (ftrace_free_mem(), while kallsyms still has them)
 *    until the module is unloaded, so those records print a name. Only
 *    functions with a call site are kept: the ones a trace can show.
 *  - The trampolines of single ops (ftrace_tramp.c).
 *
 * Readers take no lock (kallsyms runs in any context, NMI included):
 * the tables are published with RCU and freed after a grace period;
 * a table never changes once published.
 */

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_internal.h"

struct init_name {
	unsigned long	ip;
	unsigned long	size;
	const char	*name;		/* in the table's string space */
};

/* One module's init functions, sorted by address; then their names. */
struct init_names {
	struct list_head	list;
	struct rcu_head		rcu;
	struct module		*mod;
	unsigned long		nr;
	struct init_name	f[];
};

static LIST_HEAD(init_names_list);
/* Serialises additions and removals; readers walk the list under RCU. */
static DEFINE_MUTEX(init_names_lock);

void ftrace_init_names_keep(struct module *mod, struct ftrace_rec_group *grp,
			    unsigned long start, unsigned long end)
{
	char name[KSYM_NAME_LEN], *modname, *str;
	unsigned long i, nr = 0, len = 0, size, off;
	struct init_names *t;

	/* Sized in a first pass: the sites, then their names' lengths. */
	for (i = 0; i < grp->nr; i++) {
		unsigned long ip = grp->recs[i].ip;

		if (ip < start || ip >= end ||
		    !kallsyms_lookup(ip, &size, &off, &modname, name))
			continue;
		nr++;
		len += strlen(name) + 1;
	}
	if (!nr)
		return;
	t = kvmalloc(struct_size(t, f, nr) + len, GFP_KERNEL);
	if (!t) {
		pr_warn("ftrace: no memory for the names of %s's init functions\n",
			mod->name);
		return;
	}
	t->mod = mod;
	t->nr = 0;
	str = (char *)&t->f[nr];
	/* The records are sorted by address, and so is the table. */
	for (i = 0; i < grp->nr && t->nr < nr; i++) {
		unsigned long ip = grp->recs[i].ip;

		if (ip < start || ip >= end ||
		    !kallsyms_lookup(ip, &size, &off, &modname, name))
			continue;
		/* the function's start: a site sits near it, past a bti/nop */
		t->f[t->nr].ip = ip - off;
		t->f[t->nr].size = size;
		t->f[t->nr].name = str;
		strscpy(str, name, len);
		len -= strlen(str) + 1;
		str += strlen(str) + 1;
		t->nr++;
	}
	mutex_lock(&init_names_lock);
	list_add_tail_rcu(&t->list, &init_names_list);
	mutex_unlock(&init_names_lock);
}

void ftrace_init_names_drop(struct module *mod)
{
	struct init_names *t, *n;

	mutex_lock(&init_names_lock);
	list_for_each_entry_safe(t, n, &init_names_list, list) {
		if (t->mod != mod)
			continue;
		list_del_rcu(&t->list);
		kvfree_rcu(t, rcu);
	}
	mutex_unlock(&init_names_lock);
}

/* The kept function holding addr, or NULL. Under rcu_read_lock(). */
static struct init_name *init_name_of(unsigned long addr,
				      struct init_names **tp)
{
	struct init_names *t;

	list_for_each_entry_rcu(t, &init_names_list, list) {
		unsigned long lo = 0, hi = t->nr;

		while (lo < hi) {
			unsigned long mid = lo + (hi - lo) / 2;
			struct init_name *f = &t->f[mid];

			if (addr < f->ip) {
				hi = mid;
			} else if (addr - f->ip >= f->size) {
				lo = mid + 1;
			} else {
				*tp = t;
				return f;
			}
		}
	}
	return NULL;
}

const char *ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
				      unsigned long *off, char **modname,
				      const unsigned char **modbuildid,
				      char *sym)
{
	static char tramp_mod[] = FTRACE_TRAMP_MOD;
	unsigned long start, len;
	struct init_names *t;
	struct init_name *f;
	char *mod = NULL;

	rcu_read_lock();
	f = init_name_of(addr, &t);
	if (f) {
		start = f->ip;
		len = f->size;
		/* the module is loaded: its name lives as long as the table */
		mod = t->mod->name;
		strscpy(sym, f->name, KSYM_NAME_LEN);
	}
	rcu_read_unlock();
	if (!mod && ftrace_tramp_of(addr, &start, &len)) {
		mod = tramp_mod;
		strscpy(sym, FTRACE_TRAMP_SYM, KSYM_NAME_LEN);
	}
	if (!mod)
		return NULL;
	if (size)
		*size = len;
	if (off)
		*off = addr - start;
	if (modname)
		*modname = mod;
	if (modbuildid)
		*modbuildid = NULL;
	return sym;
}

int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported)
{
	struct init_names *t;
	bool found = false;

	rcu_read_lock();
	list_for_each_entry_rcu(t, &init_names_list, list) {
		if (symnum >= t->nr) {
			symnum -= t->nr;
			continue;
		}
		*value = t->f[symnum].ip;
		strscpy(name, t->f[symnum].name, KSYM_NAME_LEN);
		strscpy(module_name, t->mod->name, MODULE_NAME_LEN);
		found = true;
		break;
	}
	rcu_read_unlock();
	if (!found) {
		/* past the init functions: the trampolines */
		if (!ftrace_tramp_nth(symnum, value))
			return -ERANGE;
		strscpy(name, FTRACE_TRAMP_SYM, KSYM_NAME_LEN);
		strscpy(module_name, FTRACE_TRAMP_MOD, MODULE_NAME_LEN);
	}
	*type = 't';
	*exported = 0;
	return 0;
}
