// SPDX-License-Identifier: GPL-2.0
/*
 * Which functions an ftrace_ops wants: its filter and notrace sets.
 *
 * A set is an immutable sorted array of call-site addresses (struct
 * ftrace_ip_set). An ops with no filter set (or an empty one) wants
 * every function; one in its notrace set it never wants. The list
 * function looks an ip up with a binary search, under
 * preempt_disable_notrace() and without a lock, so a set is never
 * changed in place: an edit builds a new set, publishes it with
 * rcu_assign_pointer(), brings the sites in line, waits for every walk
 * that could still read the old set (synchronize_rcu_tasks_rude(), as
 * for unregistering an ops) and only then frees it.
 *
 * Edits come from set_ftrace_filter and set_ftrace_notrace (one glob a
 * word; ftrace_tracefs.c) and from the kernel API below. A word is:
 *   glob      every function whose name matches (*, ? and [...]);
 *   !glob     remove those from the set;
 *   N         the N-th line of available_filter_functions (from 1).
 * A word that matches nothing is -EINVAL, and nothing of it is applied.
 *
 * Locking: ftrace_filter_lock serialises edits and is taken before
 * ftrace_lock, which guards the published sets of registered ops.
 */

#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/rcupdate_wait.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "ftrace_internal.h"

/* Serialises the edits of every ops' sets; outside ftrace_lock. */
DEFINE_MUTEX(ftrace_filter_lock);

static int ftrace_ip_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static struct ftrace_ip_set *ip_set_alloc(unsigned long nr)
{
	struct ftrace_ip_set *set;

	set = kvmalloc(struct_size(set, ips, nr), GFP_KERNEL);
	if (set)
		set->nr = 0;
	return set;
}

void ftrace_ip_set_free(struct ftrace_ip_set *set)
{
	kvfree(set);
}

bool ftrace_ip_set_has(const struct ftrace_ip_set *set, unsigned long ip)
{
	unsigned long lo = 0, hi = set->nr;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (set->ips[mid] == ip)
			return true;
		if (set->ips[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/*
 * a + b (add) or a - b (!add), both sorted: a new sorted set. a may be
 * NULL (empty).
 */
static struct ftrace_ip_set *ip_set_merge(const struct ftrace_ip_set *a,
					  const struct ftrace_ip_set *b,
					  bool add)
{
	unsigned long na = a ? a->nr : 0, i = 0, j = 0;
	struct ftrace_ip_set *out;

	out = ip_set_alloc(na + (add ? b->nr : 0));
	if (!out)
		return NULL;
	while (i < na || (add && j < b->nr)) {
		unsigned long x;

		if (i < na && (j >= b->nr || a->ips[i] < b->ips[j])) {
			x = a->ips[i++];
		} else if (i < na && a->ips[i] == b->ips[j]) {
			x = a->ips[i++];
			j++;
			if (!add)
				continue;
		} else {
			x = b->ips[j++];
			if (!add)
				continue;
		}
		out->ips[out->nr++] = x;
	}
	return out;
}

/* The name of the function whose site rec is, in buf; NULL if none. */
static const char *rec_name(struct dyn_ftrace *rec, char *buf)
{
	unsigned long size, offset;
	char *modname;

	return kallsyms_lookup(rec->ip, &size, &offset, &modname, buf);
}

/*
 * The sites one word selects (without its '!'), sorted, in a new set:
 * an empty set if none does. Under ftrace_filter_lock; the table of
 * sites does not change under it (no module code yet).
 */
static struct ftrace_ip_set *word_match(const char *word)
{
	char name[KSYM_NAME_LEN];
	struct ftrace_ip_set *set;
	struct dyn_ftrace *rec;
	unsigned long index = 0;
	bool by_index = false;

	if (isdigit(word[0])) {
		if (kstrtoul(word, 10, &index))
			return ERR_PTR(-EINVAL);
		by_index = true;
	}

	set = ip_set_alloc(ftrace_nr_recs);
	if (!set)
		return ERR_PTR(-ENOMEM);
	for_each_live_rec(rec) {
		const char *fn;

		if (by_index) {
			if (--index)
				continue;
			set->ips[set->nr++] = rec->ip;
			break;
		}
		fn = rec_name(rec, name);
		if (fn && glob_match(word, fn))
			set->ips[set->nr++] = rec->ip;
	}
	return set;
}

/* The sites a glob (or a line number) selects, in a new set. */
struct ftrace_ip_set *ftrace_match_sites(const char *glob)
{
	return word_match(glob);
}

/*
 * Apply one word to *setp (replaced by a new set on success).
 * -EINVAL if it selects no function. Commands (func:cmd) are not words
 * of a set: ftrace_probes.c takes them.
 */
int ftrace_filter_apply_word(struct ftrace_ip_set **setp, char *word)
{
	struct ftrace_ip_set *match, *next;
	bool remove = false;

	if (word[0] == '!') {
		remove = true;
		word++;
	}
	/* TODO(issue 6, step 4): :mod:. */
	if (!*word || strchr(word, ':'))
		return -EINVAL;

	match = word_match(word);
	if (IS_ERR(match))
		return PTR_ERR(match);
	if (!match->nr) {
		ftrace_ip_set_free(match);
		return -EINVAL;
	}
	next = ip_set_merge(*setp, match, !remove);
	ftrace_ip_set_free(match);
	if (!next)
		return -ENOMEM;
	ftrace_ip_set_free(*setp);
	*setp = next;
	return 0;
}

/* A private copy of the set ops has now (an empty one if none). */
struct ftrace_ip_set *ftrace_filter_copy(struct ftrace_ops *ops, bool exclude)
{
	struct ftrace_ip_set *cur, *copy;

	lockdep_assert_held(&ftrace_filter_lock);
	cur = rcu_dereference_protected(exclude ? ops->notrace_ips : ops->filter_ips,
					lockdep_is_held(&ftrace_filter_lock));
	copy = ip_set_alloc(cur ? cur->nr : 0);
	if (copy && cur) {
		memcpy(copy->ips, cur->ips, cur->nr * sizeof(cur->ips[0]));
		copy->nr = cur->nr;
	}
	return copy;
}

/* Whether a registered ops reads the sets of ops. [ftrace_lock] */
static bool sets_in_use(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;

	for (op = rcu_dereference_protected(ftrace_ops_list,
					    lockdep_is_held(&ftrace_lock));
	     op; op = rcu_dereference_protected(op->next,
					    lockdep_is_held(&ftrace_lock))) {
		if (op == ops || op->sets_of == ops)
			return true;
	}
	return false;
}

/*
 * Make set (consumed) the filter or notrace set of ops, and bring the
 * sites in line if ops, or an ops following its sets, is registered. An
 * empty set is stored as none.
 */
int ftrace_filter_install(struct ftrace_ops *ops, bool exclude,
			  struct ftrace_ip_set *set)
{
	struct ftrace_ip_set __rcu **slot = exclude ? &ops->notrace_ips :
						      &ops->filter_ips;
	struct ftrace_ip_set *old;
	int ret = 0;

	lockdep_assert_held(&ftrace_filter_lock);
	if (set && !set->nr) {
		ftrace_ip_set_free(set);
		set = NULL;
	}

	mutex_lock(&ftrace_lock);
	old = rcu_dereference_protected(*slot, lockdep_is_held(&ftrace_lock));
	/*
	 * Publish first: a site still on for a function the ops no
	 * longer wants reaches the list function, which asks the new set
	 * and skips the ops; a site turned on below finds the new set.
	 */
	rcu_assign_pointer(*slot, set);
	if (sets_in_use(ops))
		ret = ftrace_update_sites();
	mutex_unlock(&ftrace_lock);

	if (old) {
		/* No walk of the list still reads the old set. */
		synchronize_rcu_tasks_rude();
		ftrace_ip_set_free(old);
	}
	return ret;
}

/* ---- the kernel API ---- */

/*
 * Apply the words of buf (len bytes; not NUL-terminated) to ops' set,
 * which starts empty with reset.
 */
static int set_regex(struct ftrace_ops *ops, bool exclude,
		     unsigned char *buf, int len, int reset)
{
	struct ftrace_ip_set *set;
	char *text, *p, *word;
	int ret = 0;

	/* (NULL, 0, 1) just clears the set */
	text = buf ? kmemdup_nul(buf, len, GFP_KERNEL) : kzalloc(1, GFP_KERNEL);
	if (!text)
		return -ENOMEM;

	mutex_lock(&ftrace_filter_lock);
	set = reset ? ip_set_alloc(0) : ftrace_filter_copy(ops, exclude);
	if (!set) {
		ret = -ENOMEM;
		goto out;
	}
	p = text;
	while ((word = strsep(&p, " \t\n"))) {
		if (!*word)
			continue;
		ret = ftrace_filter_apply_word(&set, word);
		if (ret)
			break;
	}
	if (ret)
		ftrace_ip_set_free(set);
	else
		ret = ftrace_filter_install(ops, exclude, set);
out:
	mutex_unlock(&ftrace_filter_lock);
	kfree(text);
	return ret;
}

int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset)
{
	return set_regex(ops, false, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset)
{
	return set_regex(ops, true, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/*
 * Add (or with remove, take out) the functions at ips to ops' filter,
 * which starts empty with reset. Each ip must be a call site, or the
 * start of a function that has one: -ENOENT otherwise.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	struct ftrace_ip_set *set, *sites, *next;
	unsigned int i;
	int ret = 0;

	sites = ip_set_alloc(cnt);
	if (!sites)
		return -ENOMEM;
	for (i = 0; i < cnt; i++) {
		unsigned long site = ftrace_location(ips[i]);

		if (!site) {
			ftrace_ip_set_free(sites);
			return -ENOENT;
		}
		sites->ips[sites->nr++] = site;
	}
	sort(sites->ips, sites->nr, sizeof(sites->ips[0]), ftrace_ip_cmp,
	     NULL);

	mutex_lock(&ftrace_filter_lock);
	set = reset ? ip_set_alloc(0) : ftrace_filter_copy(ops, false);
	next = set ? ip_set_merge(set, sites, !remove) : NULL;
	ftrace_ip_set_free(set);
	if (next)
		ret = ftrace_filter_install(ops, false, next);
	else
		ret = -ENOMEM;
	mutex_unlock(&ftrace_filter_lock);
	ftrace_ip_set_free(sites);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/*
 * Drop both sets of an ops that is not registered (its owner is about
 * to free it).
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	/* Still registered: the list function may read them. */
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return;
	ftrace_ip_set_free(rcu_dereference_protected(ops->filter_ips, true));
	ftrace_ip_set_free(rcu_dereference_protected(ops->notrace_ips, true));
	RCU_INIT_POINTER(ops->filter_ips, NULL);
	RCU_INIT_POINTER(ops->notrace_ips, NULL);
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);
